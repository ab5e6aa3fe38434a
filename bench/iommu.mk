# IOMMU benchmark figures for `make bench` (docs/benchmarks.md): IOTLB hit
# latency, Sv39 walk latency with and without page-walk-cache hits, hit
# throughput, at the default HBM latency (20 cycles) and at 100 cycles.
# Needs sim/iommu_tb/iommu_tb.mk (target iommu-bench).
bench: iommu-bench

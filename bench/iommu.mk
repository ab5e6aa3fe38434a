# IOMMU benchmark figures for `make bench` (docs/benchmarks.md): IOTLB hit
# latency, Sv39 walk latency with and without page-walk-cache hits, hit
# throughput, at the default HBM latency (20 cycles) and at 100 cycles.
# Needs sim/iommu_tb/iommu_tb.mk (target iommu-bench, IOMMU_RTL_SRCS).
#
# iommu-synth: the IOMMU's resource count, LUTs and FFs of uvs_iommu with its
# default parameters from Yosys `synth_xilinx -flatten -top uvs_iommu`
# (bench/iommu_synth.py; part of `make bench`, not of `make test`; about 4
# minutes). Debian's Yosys 0.23 cannot parse this SystemVerilog (imports in
# packages, `return`, packed arrays of structs), so Yosys 0.55 is taken from
# the npm package @yowasp/yosys (WebAssembly, run with Node), installed by npm
# into $(BUILD)/tools/ on first use (never committed). Outputs:
# $(BUILD)/iommu_synth/ (sources as rewritten for Yosys, yosys.log, stat.txt).
IOMMU_YOWASP_VER := 0.55.944
IOMMU_YOWASP_DIR := $(BUILD)/tools/yowasp-yosys
IOMMU_YOWASP     := $(IOMMU_YOWASP_DIR)/node_modules/@yowasp/yosys/gen/bundle.js
IOMMU_SYNTH_DIR  := $(BUILD)/iommu_synth

.PHONY: iommu-synth
$(IOMMU_YOWASP):
	@command -v node >/dev/null && command -v npm >/dev/null || \
	  { echo "iommu-synth: needs node and npm (Debian packages nodejs, npm)" >&2; exit 1; }
	@mkdir -p $(IOMMU_YOWASP_DIR)
	cd $(IOMMU_YOWASP_DIR) && npm install --prefix . --no-audit --no-fund --silent @yowasp/yosys@$(IOMMU_YOWASP_VER)
	@test -f $@ || { echo "iommu-synth: npm did not install @yowasp/yosys" >&2; exit 1; }

iommu-synth: $(IOMMU_YOWASP) $(IOMMU_RTL_SRCS) bench/iommu_synth.py bench/synth_report.py
	python3 bench/iommu_synth.py $(IOMMU_YOWASP) $(IOMMU_SYNTH_DIR) $(IOMMU_RTL_SRCS)

bench: iommu-bench iommu-synth

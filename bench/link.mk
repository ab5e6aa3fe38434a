# Host link benchmark (included by the top Makefile / bench.mk):
#   make bench-link   DMA throughput host<->HBM vs the configured link bandwidth,
#                     MMIO round trip, transport wall-clock cost (bench/link/).
LINKBENCH := $(BUILD)/bench/linkbench

$(LINKBENCH): bench/link/linkbench.c $(BUILD)/host/libuvmsoc.a $(ABI_H)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $< $(BUILD)/host/libuvmsoc.a -lelf -lfdt -o $@

.PHONY: bench-link
bench-link: $(SIM) $(LINKBENCH)
	bench/link/run.sh $(SIM) $(LINKBENCH)

bench: bench-link

# make bench: benchmarks; results recorded in docs/benchmarks.md.
BENCH_BUILD := $(BUILD)/bench
BENCH_CPU_SRCS := bench/cpu/start.S bench/cpu/cpubound.c

# CPU-bound program, one ELF per hart count (1 = base, 5 = c4).
$(BENCH_BUILD)/cpubound-%h.elf: $(BENCH_CPU_SRCS) bench/cpu/link.ld $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) --specs=picolibc.specs -DBENCH_HARTS=$* -Wl,--no-warn-rwx-segments -nostdlib -nostartfiles -T bench/cpu/link.ld $(BENCH_CPU_SRCS) -o $@

# Config c4mt: hart 0 launches 4 x 16 hardware threads (bench/mt/cpubound_mt.c).
BENCH_MT_SRCS := bench/mt/start.S bench/mt/cpubound_mt.c
$(BENCH_BUILD)/cpubound-mt.elf: $(BENCH_MT_SRCS) bench/cpu/link.ld $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) --specs=picolibc.specs -Wl,--no-warn-rwx-segments -nostdlib -nostartfiles -T bench/cpu/link.ld $(BENCH_MT_SRCS) -o $@

.PHONY: bench bench-programs
bench-programs: $(BENCH_BUILD)/cpubound-1h.elf $(BENCH_BUILD)/cpubound-5h.elf $(BENCH_BUILD)/cpubound-mt.elf

bench: deps bench-programs
	$(MAKE) CONFIG=base sim
	$(MAKE) CONFIG=c4 sim
	bench/sim_speed.sh 1 $(BUILD)/base/uvmsoc-sim $(BENCH_BUILD)/cpubound-1h.elf \
	                   5 $(BUILD)/c4/uvmsoc-sim $(BENCH_BUILD)/cpubound-5h.elf
	$(MAKE) CONFIG=c4mt sim
	@echo "4 multithreaded harts x 16 threads (c4mt) against 4 single-thread harts (c4):"
	bench/sim_speed.sh 5 $(BUILD)/c4/uvmsoc-sim $(BENCH_BUILD)/cpubound-5h.elf \
	                   1+4x16 $(BUILD)/c4mt/uvmsoc-sim $(BENCH_BUILD)/cpubound-mt.elf

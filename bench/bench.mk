# make bench: benchmarks; results recorded in docs/benchmarks.md.
BENCH_BUILD := $(BUILD)/bench
BENCH_CPU_SRCS := bench/cpu/start.S bench/cpu/cpubound.c

# CPU-bound program, one ELF per hart count (1 = base, 5 = c4).
$(BENCH_BUILD)/cpubound-%h.elf: $(BENCH_CPU_SRCS) bench/cpu/link.ld $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) --specs=picolibc.specs -DBENCH_HARTS=$* -Wl,--no-warn-rwx-segments -nostdlib -nostartfiles -T bench/cpu/link.ld $(BENCH_CPU_SRCS) -o $@

.PHONY: bench bench-programs
bench-programs: $(BENCH_BUILD)/cpubound-1h.elf $(BENCH_BUILD)/cpubound-5h.elf

bench: deps bench-programs
	$(MAKE) CONFIG=base sim
	$(MAKE) CONFIG=c4 sim
	bench/sim_speed.sh 1 $(BUILD)/base/uvmsoc-sim $(BENCH_BUILD)/cpubound-1h.elf \
	                   5 $(BUILD)/c4/uvmsoc-sim $(BENCH_BUILD)/cpubound-5h.elf

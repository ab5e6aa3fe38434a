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
	$(MAKE) bench-uvm

# Unified memory (issue 5): the main job on a UVM_BENCH_SIZE input with HBM a
# quarter of it (at least 4 MiB) and with HBM twice it, in one run
# (bench/uvm.sh). The issue's 64 MiB takes hours in simulation today (crc32c
# is about 7 device cycles a byte, the co-simulated device runs at 0.1-0.5
# MHz), so the default is 8 MiB, about 10 minutes per run on the shared
# 2-core machine: make bench-uvm UVM_BENCH_SIZE=67108864 for the full size.
UVM_BENCH_SIZE ?= 8388608
.PHONY: bench-uvm
bench-uvm: deps sim-c4 $(FIRMWARE_ELF) $(KERNEL_ELFS) host
	bench/uvm.sh $(HOST_CLI) $(SIM_C4) $(UVM_BENCH_SIZE) $(BENCH_BUILD)

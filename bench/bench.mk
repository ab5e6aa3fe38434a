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
	$(MAKE) bench-mt-faults
	$(MAKE) bench-uvm
	$(MAKE) bench-workloads
	$(MAKE) bench-hostcost
	$(MAKE) bench-sweep

# Faults in flight on c4mt (issue 6): the 64-thread page-request storm of
# tests/mtsoc (max and mean outstanding page requests) and 1,024 threads each
# faulting on its own managed page through the host fault service (faults,
# batches, mean faults per host batch).
.PHONY: bench-mt-faults
bench-mt-faults: deps sim-c4mt mtsoc-tests $(FIRMWARE_ELF) $(KERNEL_ELFS) host
	$(BUILD)/c4mt/uvmsoc-sim --max-cycles 20000000 $(BUILD)/tests/mtsoc/mtsoc.elf | grep '^mtsoc: storm:'
	$(HOST_CLI) --sim $(BUILD)/c4mt/uvmsoc-sim run --kernel storm --managed --policy ondemand --grid 16x64 --size 4M \
	  | awk '/^  faults /{f=$$2} /^  batches /{b=$$2} /^  fault-to-replay /{l=$$2} \
	         END{printf "1024-thread storm: %d faults in %d host batches = %.1f faults per batch; fault-to-replay %d cycles mean\n", f, b, f/b, l}'

# Unified memory (issue 5): the main job on a UVM_BENCH_SIZE input with HBM a
# quarter of it (4x oversubscribed) and with HBM twice it, in one run
# (bench/uvm.sh). The issue's size, 64 MiB with 16 MiB and 128 MiB of HBM,
# is the default: about 430 M device cycles a run, 20 minutes each on this
# 2-core machine; make bench-uvm UVM_BENCH_SIZE=8388608 takes 5 minutes.
UVM_BENCH_SIZE ?= 67108864
.PHONY: bench-uvm
bench-uvm: deps sim-c4 $(FIRMWARE_ELF) $(KERNEL_ELFS) host
	bench/uvm.sh $(HOST_CLI) $(SIM_C4) $(UVM_BENCH_SIZE) $(BENCH_BUILD)

# Workloads of issue 13 (bench/workloads.sh): resident stream, managed stream
# that fits and 4x oversubscribed, Zipf gather over a table 4x HBM; bandwidth
# over the whole kernel as % of the HBM and link models. WL_VARIANT load|tile
# picks the kernels' variant; WL_BENCH_SIZE the stream's bytes (and the table's).
WL_BENCH_SIZE ?= 4194304
WL_VARIANT ?= load
.PHONY: bench-workloads
bench-workloads: deps sim-c4 $(FIRMWARE_ELF) $(KERNEL_ELFS) host
	bench/workloads.sh $(HOST_CLI) $(SIM_C4) $(WL_BENCH_SIZE) $(WL_VARIANT)

# Host fault-service cost (issue 14 item 4; bench/hostcost/hostcost.c): fault
# batches fed natively to host/lib/uvm_fault.c with no-op device operations;
# a sweep of batch sizes (synthetic random 4 KiB faults) and the least-squares
# cost per batch and per page that set UVM_HOST_COST_*_NS (uvm_fault.h); then
# the fault records of a real run (a 4x oversubscribed Zipf gather's access
# trace, HOSTCOST_TRACE_SIZE of table) replayed as recorded batches; and the
# trace replayer's speed on 10^7 accesses (LRU, CLOCK, MIN).
HOSTCOST_BIN := $(BENCH_BUILD)/hostcost
HOSTCOST_TRACE_SIZE ?= 256K
$(HOSTCOST_BIN): bench/hostcost/hostcost.c $(HOST_LIB) $(HOST_LIB_HDRS) $(HOST_ABI_H)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -Ihost/lib -Iinclude/lib $< $(HOST_LIB) $(HOST_LDLIBS) $(COMMON_LDLIBS) -o $@
.PHONY: bench-hostcost
bench-hostcost: deps $(HOSTCOST_BIN) sim-c4 $(FIRMWARE_ELF) $(KERNEL_ELFS) host
	$(HOSTCOST_BIN)
	$(HOSTCOST_BIN) --replay-speed 10000000
	@d=$$(mktemp -d) && trap 'rm -rf $$d' EXIT && \
	  $(HOST_CLI) --sim $(SIM_C4) run --kernel gather --managed --policy 4k --size $(HOSTCOST_TRACE_SIZE) \
	    --trace $$d/gather.trace > $$d/run.log && \
	  $(HOSTCOST_BIN) --trace $$d/gather.trace --policy 4k --frames \
	    $$(sed -nE 's/^managed memory \(HBM .*, ([0-9]+) frames\):$$/\1/p' $$d/run.log)

# Migration policies (issue 14, bench/policies.sh, docs/policies.md): crc32c,
# stream and the Zipf gather under adaptive, uvm-baseline and ondemand at
# POLICY_RATIO x oversubscription (working set POLICY_BENCH_SIZE bytes), plus
# the fitting runs of the scans. POLICY_BENCH_EXTRA adds workloads ("LABEL|args"
# lines, e.g. the graphs branch's BFS).
POLICY_BENCH_SIZE ?= 3145728
POLICY_RATIO ?= 1.5
.PHONY: bench-policies
bench-policies: deps sim-c4 $(FIRMWARE_ELF) $(KERNEL_ELFS) host
	bench/policies.sh $(HOST_CLI) $(SIM_C4) $(POLICY_BENCH_SIZE) $(POLICY_RATIO)

# Oversubscription sweep (issue 14 item 5, bench/sweep.sh): crc32c, strided,
# Zipf gather, bfs and pagerank (Kronecker graph) x adaptive, uvm-baseline,
# ondemand x managed bytes / HBM 0.5 1.0 1.5 2.0 3.0, one `uvmsoc run
# --oversub` job each under GNU parallel (SWEEP_HOSTS=FILE: its sshloginfile);
# sweep.csv, sweep.md and gnuplot PNGs in build/bench/sweep/. Short by
# default (small sizes, a few minutes of CPU); SWEEP=full the large one.
# GNU parallel and gnuplot: scripts/setup-deps.sh bench (not needed by make test).
.PHONY: bench-sweep
bench-sweep: deps sim-c4 $(FIRMWARE_ELF) $(KERNEL_ELFS) host
	scripts/setup-deps.sh bench
	bench/sweep.sh $(HOST_CLI) $(SIM_C4) $(BENCH_BUILD)/sweep

# tests/tests.mk - the ISA tests (tests/isa/) and the project's `make test`.
#
# make isa-tests  builds $(BUILD)/tests/isa/<name>.elf (+ <name>.dump, an
#                 objdump listing) from every tests/isa/<name>.S, each linked
#                 with the framework tests/isa/lib/ (crt.S, link.ld);
#                 -march=rv64ima, except rv64c-*.S: rv64imac (they test C).
# make test       builds every prerequisite (simulators for CONFIG=base, c4,
#                 c4mt, fsm and c4fsm, firmware, ISA tests, unit tests, the
#                 IOMMU testbenches: everything that more than one test would
#                 otherwise build on demand, so that parallel tests never run a
#                 binary another is relinking) and runs all manifests
#                 tests/*.tests with tests/run.sh (TEST_JOBS at a time, default
#                 the CPUs); the last line of its output is the runner's
#                 "N passed, N failed".
#                 TESTS="tests/a.tests tests/b.tests" runs only those manifests.
# make soak       the same prerequisites; runs tests/soak/*.tests (long suites).

ISA_DIR     := tests/isa
ISA_OUT     := $(BUILD)/tests/isa
ISA_SRCS    := $(wildcard $(ISA_DIR)/*.S)
ISA_ELFS    := $(patsubst $(ISA_DIR)/%.S,$(ISA_OUT)/%.elf,$(ISA_SRCS))
ISA_LIB     := $(ISA_DIR)/lib/crt.S $(ISA_DIR)/lib/uvs_test.h $(ISA_DIR)/lib/link.ld
ISA_ARCH     = $(RV_ARCH)
ISA_ARCH_C  := -misa-spec=2.2 -march=rv64imac -mabi=lp64 -mcmodel=medany
ISA_CFLAGS  := -nostdlib -nostartfiles -static -g \
               -I$(ISA_DIR)/lib -Iinclude -I$(GEN_INC) \
               -T $(ISA_DIR)/lib/link.ld -Wl,--no-warn-rwx-segments

# Simulators of the 5-hart configuration and of the reference-core
# configurations fsm and c4fsm (tests/fsm.tests), built by recursive makes.
SIM_C4     := $(BUILD)/c4/uvmsoc-sim
SIM_FSM    := $(BUILD)/fsm/uvmsoc-sim
SIM_C4FSM  := $(BUILD)/c4fsm/uvmsoc-sim
TESTS  ?= $(sort $(wildcard tests/*.tests))

.PHONY: isa-tests test sim-c4 sim-fsm sim-c4fsm sim-c1
isa-tests: $(ISA_ELFS) $(ISA_OUT)/htif-sw32-fail.elf $(ISA_OUT)/csr-hpm-width40.elf

$(ISA_OUT)/%.elf: $(ISA_DIR)/%.S $(ISA_LIB) $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) $(ISA_ARCH) $(ISA_CFLAGS) $(ISA_DIR)/lib/crt.S $< -o $@
	$(RV_OBJDUMP) -d $@ > $(@:.elf=.dump)

# The C-extension tests (rv64c-*.S) are assembled, with crt.S, for rv64imac.
$(ISA_OUT)/rv64c-%.elf: ISA_ARCH = $(ISA_ARCH_C)

# The failing variant of htif-sw32 (ends with a 32-bit store of 11).
$(ISA_OUT)/htif-sw32-fail.elf: $(ISA_DIR)/htif-sw32.S $(ISA_LIB) $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) $(ISA_ARCH) $(ISA_CFLAGS) -DHTIF_FAIL $(ISA_DIR)/lib/crt.S $< -o $@

# csr-hpm-width for 4 counters of 40 bits (the icicle-kit board's BOARD_HPM_COUNT and BOARD_HPM_WIDTH).
$(ISA_OUT)/csr-hpm-width40.elf: $(ISA_DIR)/csr-hpm-width.S $(ISA_LIB) $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) $(ISA_ARCH) $(ISA_CFLAGS) -DHPM_WIDTH=40 -DHPM_COUNT=4 $(ISA_DIR)/lib/crt.S $< -o $@

sim-c4:
	$(MAKE) CONFIG=c4 BUILD=$(BUILD) sim
sim-fsm:
	$(MAKE) CONFIG=fsm BUILD=$(BUILD) sim
sim-c4fsm:
	$(MAKE) CONFIG=c4fsm BUILD=$(BUILD) sim
# One compute hart: the multi-context fault storm of `make soak` (tests/soak/storm_contexts.sh).
sim-c1:
	$(MAKE) CONFIG=c1 BUILD=$(BUILD) sim

# The firmware's test DTBs and host unit tests (tests/firmware.tests).
include tests/firmware/firmware_tests.mk
# The kernels' test DTBs, CRC-32C unit test and entry-less kernel (tests/kernels.tests, tests/grid.tests).
include tests/kernels/kernels_tests.mk
# The IOMMU-in-the-SoC test program (tests/iommu_soc.tests).
include tests/iommu_soc/iommu_soc.mk
# The tile-engine SoC test program (tests/tile_soc.tests).
include tests/tile_soc/tile_soc.mk
# The multithreaded-hart launch test and the c4mt simulator (tests/mtsoc.tests).
include tests/mtsoc/mtsoc.mk
# The differential test against QEMU (tests/difftest.tests).
include tests/difftest/difftest.mk
# OpenSBI 1.1 booted with an S-mode payload (tests/opensbi.tests).
include tests/opensbi/opensbi.mk

TEST_PREREQS := sim sim-trace sim-c4 firmware isa-tests sim-unit-tests firmware-tests model-unit-tests host \
                host-unit-tests-build iommu-soc-tests tile-soc-tests mt-tb mt-tb-tests \
                sim-c4mt mtsoc-tests opensbi-tests sim-fsm sim-c4fsm fuzz-build \
                iommu-tb iommu-tb-ids1 iommu-tb-san uvm-unit-tests
TEST_ENV = SIM=$(SIM) SIM_C4=$(SIM_C4) SIM_FSM=$(SIM_FSM) SIM_C4FSM=$(SIM_C4FSM) \
           BUILD=$(BUILD) FIRMWARE_ELF=$(FIRMWARE_ELF)
test: $(TEST_PREREQS)
	@$(TEST_ENV) tests/run.sh $(BUILD)/tests/logs $(TESTS)

# make soak: the long suites (tests/soak/*.tests), kept out of `make test`'s
# 30 minutes: the reference core through the whole OpenSBI chain, ...
# SOAK_TESTS="tests/soak/a.tests" runs only those manifests. Each soak test
# may take up to SOAK_TIMEOUT seconds (default 12 hours: the 10^6-fault
# multi-context storm of tests/soak/storm.tests simulates about 10G device
# cycles on the one-compute-hart simulator c1).
SOAK_TESTS ?= $(sort $(wildcard tests/soak/*.tests))
SOAK_TIMEOUT ?= 43200
.PHONY: soak
soak: $(TEST_PREREQS) sim-c1
	@$(TEST_ENV) TEST_TIMEOUT=$(SOAK_TIMEOUT) tests/run.sh $(BUILD)/tests/soak-logs $(SOAK_TESTS)

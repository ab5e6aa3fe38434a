# Tests of the simulator (included from sim/sim.mk); outputs in $(SIM_TDIR).
#
#   sim-unit-tests   cmocka tests of sim/*.c, built plain ($(SIM_TDIR)/test_*)
#                    and with ASan/UBSan ($(SIM_TDIR)/san/test_*), plus the
#                    RISC-V test programs ($(SIM_TDIR)/*.elf)
# SIM_TEST_DEPS lists everything tests/sim.tests needs besides $(SIM).

SIM_TDIR    := $(BUILD)/tests/sim
SIM_UNITS   := test_mem test_elf test_dtb test_dtb_devices test_htif test_misc test_memsys test_inject test_walkcache
SIM_PROGS   := spin pass fail5 even uart loop mmio fault amo-h1 amo-h5
SIM_TEST_BINS := $(addprefix $(SIM_TDIR)/,$(SIM_UNITS)) \
                 $(addprefix $(SIM_TDIR)/san/,$(SIM_UNITS))
SIM_TEST_ELFS := $(patsubst %,$(SIM_TDIR)/%.elf,$(SIM_PROGS))
SIM_TEST_DEPS := $(SIM_TEST_BINS) $(SIM_TEST_ELFS)

sim-unit-tests: $(SIM_TEST_DEPS)

# Each unit test links the simulator's parts archive (sim/sim.mk SIM_PARTS).
SIM_UT_LIBS      := -lcmocka -lelf -lfdt
SIM_UT_CFLAGS    := $(HOST_CFLAGS) -Isim

$(SIM_TDIR)/test_%: tests/sim/test_%.c $(SIM_PARTS_LIB) $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(SIM_UT_CFLAGS) $< $(SIM_PARTS_LIB) -o $@ $(SIM_UT_LIBS)
$(SIM_TDIR)/san/test_%: tests/sim/test_%.c $(SIM_PARTS_LIB_SAN) $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(SIM_UT_CFLAGS) $(SAN_FLAGS) $< $(SIM_PARTS_LIB_SAN) -o $@ $(SIM_UT_LIBS)

# RISC-V test programs: variants of tests/sim/tohost.S and tests/sim/amo.S.
SIM_RV_LDFLAGS := -nostdlib -nostartfiles -static -Wl,-T,tests/sim/link.ld -Wl,--no-warn-rwx-segments
SIM_PROG_DEFS_spin  := -DSPIN
SIM_PROG_DEFS_pass  := -DTOHOST_VALUE=1
SIM_PROG_DEFS_fail5 := -DTOHOST_VALUE=11
SIM_PROG_DEFS_even  := -DTOHOST_VALUE=2
SIM_PROG_DEFS_uart  := -DTOHOST_VALUE=1 -DUART_MSG
SIM_PROG_DEFS_loop  := -DTOHOST_VALUE=1 -DLOOPS=5000000
$(SIM_TDIR)/amo-h%.elf: tests/sim/amo.S tests/sim/link.ld | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(RV_CC) $(RV_ARCH) -DNHARTS=$* $(SIM_RV_LDFLAGS) $< -o $@
$(SIM_TDIR)/mmio.elf $(SIM_TDIR)/fault.elf: $(SIM_TDIR)/%.elf: tests/sim/%.S tests/sim/link.ld $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(RV_CC) $(RV_ARCH) -I$(GEN_INC) $(SIM_RV_LDFLAGS) $< -o $@
$(SIM_TDIR)/%.elf: tests/sim/tohost.S tests/sim/link.ld $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(RV_CC) $(RV_ARCH) -I$(GEN_INC) $(SIM_PROG_DEFS_$*) $(SIM_RV_LDFLAGS) $< -o $@

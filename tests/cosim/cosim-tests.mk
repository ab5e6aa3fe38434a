# Co-simulation tests (tests/cosim.tests; included from sim/sim.mk).
#
#   cosim-tests   builds $(COSIM_TDIR)/cosim_probe (checks through the real
#                 transport, linked with libuvmsoc), the test firmware
#                 fw_echo.elf (serves host commands from the device side),
#                 hbm_lat.elf (HBM from a hart), and the host CLI they drive.

COSIM_TDIR     := $(BUILD)/tests/cosim
COSIM_HOST_LIB := $(BUILD)/host/libuvmsoc.a
COSIM_RV_FLAGS := $(RV_ARCH) -std=c11 -O2 -Wall -Wextra -Werror -ffreestanding -nostdlib -nostartfiles -static \
                  -Iinclude -I$(GEN_INC) -Wl,-T,tests/sim/link.ld -Wl,--no-warn-rwx-segments
COSIM_DEPS     := $(COSIM_TDIR)/cosim_probe $(COSIM_TDIR)/fw_echo.elf $(COSIM_TDIR)/hbm_lat.elf \
                  $(BUILD)/host/uvmsoc

.PHONY: cosim-tests
cosim-tests: $(COSIM_DEPS)

$(COSIM_TDIR)/cosim_probe: tests/cosim/cosim_probe.c $(COSIM_HOST_LIB) $(ABI_H)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $< $(COSIM_HOST_LIB) -lelf -lfdt -o $@
$(COSIM_TDIR)/fw_echo.elf: tests/cosim/fw_start.S tests/cosim/fw_echo.c tests/sim/link.ld $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(RV_CC) $(COSIM_RV_FLAGS) tests/cosim/fw_start.S tests/cosim/fw_echo.c -lgcc -o $@
$(COSIM_TDIR)/hbm_lat.elf: tests/cosim/hbm_lat.S tests/sim/link.ld $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(RV_CC) $(COSIM_RV_FLAGS) -DHBM_LAT=150 -DHBM_BYTES=0x100000 $< -o $@

# cmocka unit tests of sim/dma_exec.c, sim/link.c, sim/mem.c (HBM), plain and
# ASan/UBSan, against the simulator's parts archive (sim/sim.mk SIM_PARTS).
COSIM_DEPS    += $(COSIM_TDIR)/test_dma_exec $(COSIM_TDIR)/san/test_dma_exec
cosim-tests: $(COSIM_TDIR)/test_dma_exec $(COSIM_TDIR)/san/test_dma_exec
$(COSIM_TDIR)/test_dma_exec: tests/cosim/test_dma_exec.c $(SIM_PARTS_LIB) $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -Isim $< $(SIM_PARTS_LIB) -o $@ -lcmocka
$(COSIM_TDIR)/san/test_dma_exec: tests/cosim/test_dma_exec.c $(SIM_PARTS_LIB_SAN) $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -Isim $< $(SIM_PARTS_LIB_SAN) -o $@ -lcmocka

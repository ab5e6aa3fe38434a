# Thread-launch test of the multithreaded compute harts (tests/mtsoc/, run by
# tests/mtsoc.tests on config c4mt). Included from tests/tests.mk.
#   make mtsoc-tests   builds $(BUILD)/tests/mtsoc/mtsoc.elf (+ .dump) and the
#                      negative controls mtsoc-skip-resume.elf, mtsoc-skip-map.elf,
#                      mtsoc-storm-fail.elf
#   make sim-c4mt      builds $(SIM_C4MT) (config c4mt)
MTSOC_DIR  := tests/mtsoc
MTSOC_OUT  := $(BUILD)/tests/mtsoc
MTSOC_ELFS := $(MTSOC_OUT)/mtsoc.elf $(MTSOC_OUT)/mtsoc-skip-resume.elf $(MTSOC_OUT)/mtsoc-skip-map.elf \
              $(MTSOC_OUT)/mtsoc-storm-fail.elf
MTSOC_SRCS := $(MTSOC_DIR)/start.S $(MTSOC_DIR)/mtsoc.c $(MTSOC_DIR)/kernel.c $(MTSOC_DIR)/uva.c
MTSOC_DEPS := $(MTSOC_SRCS) $(MTSOC_DIR)/mtsoc.h tests/soclib/console.h $(MTSOC_DIR)/link.ld $(MTSOC_DIR)/mtsoc.mk $(ABI_H)
MTSOC_CC    = $(RV_CC) $(RV_CFLAGS) --specs=picolibc.specs -nostdlib -nostartfiles -static \
              -Wl,--no-warn-rwx-segments -T $(MTSOC_DIR)/link.ld
SIM_C4MT   := $(BUILD)/c4mt/uvmsoc-sim

.PHONY: mtsoc-tests sim-c4mt
mtsoc-tests: $(MTSOC_ELFS)

sim-c4mt:
	$(MAKE) CONFIG=c4mt BUILD=$(BUILD) sim

$(MTSOC_OUT)/mtsoc.elf: $(MTSOC_DEPS)
	@mkdir -p $(@D)
	$(MTSOC_CC) $(MTSOC_SRCS) -o $@
	$(RV_OBJDUMP) -d $@ > $(@:.elf=.dump)
$(MTSOC_OUT)/mtsoc-skip-resume.elf: $(MTSOC_DEPS)
	@mkdir -p $(@D)
	$(MTSOC_CC) -DSKIP_RESUME $(MTSOC_SRCS) -o $@
$(MTSOC_OUT)/mtsoc-skip-map.elf: $(MTSOC_DEPS)
	@mkdir -p $(@D)
	$(MTSOC_CC) -DSKIP_MAP $(MTSOC_SRCS) -o $@
$(MTSOC_OUT)/mtsoc-storm-fail.elf: $(MTSOC_DEPS)
	@mkdir -p $(@D)
	$(MTSOC_CC) -DSTORM_FAIL $(MTSOC_SRCS) -o $@

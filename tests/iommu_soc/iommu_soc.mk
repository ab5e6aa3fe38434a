# IOMMU-in-the-SoC test program (tests/iommu_soc/, run by tests/iommu_soc.tests
# on config c4 with --hbm). Included from tests/tests.mk.
#   make iommu-soc-tests   builds $(BUILD)/tests/iommu_soc/iommu_soc.elf (+ .dump)
#                          and the negative controls iommu_soc-skip-replay.elf,
#                          iommu_soc-skip-iotinval.elf
IOMMU_SOC_DIR  := tests/iommu_soc
IOMMU_SOC_OUT  := $(BUILD)/tests/iommu_soc
IOMMU_SOC_ELFS := $(IOMMU_SOC_OUT)/iommu_soc.elf $(IOMMU_SOC_OUT)/iommu_soc-skip-replay.elf \
                  $(IOMMU_SOC_OUT)/iommu_soc-skip-iotinval.elf
IOMMU_SOC_SRCS := $(IOMMU_SOC_DIR)/start.S $(IOMMU_SOC_DIR)/iommu_soc.c $(IOMMU_SOC_DIR)/compute.c
IOMMU_SOC_DEPS := $(IOMMU_SOC_SRCS) $(IOMMU_SOC_DIR)/iommu_soc.h $(IOMMU_SOC_DIR)/link.ld \
                  $(IOMMU_SOC_DIR)/iommu_soc.mk tests/soclib/console.h tests/soclib/report.h tests/soclib/iommu.h $(ABI_H)
IOMMU_SOC_CC    = $(RV_CC) $(RV_CFLAGS) --specs=picolibc.specs -nostdlib -nostartfiles -static \
                  -Wl,--no-warn-rwx-segments -T $(IOMMU_SOC_DIR)/link.ld

.PHONY: iommu-soc-tests
iommu-soc-tests: $(IOMMU_SOC_ELFS)

$(IOMMU_SOC_OUT)/iommu_soc.elf: $(IOMMU_SOC_DEPS)
	@mkdir -p $(@D)
	$(IOMMU_SOC_CC) $(IOMMU_SOC_SRCS) -o $@
	$(RV_OBJDUMP) -d $@ > $(@:.elf=.dump)
$(IOMMU_SOC_OUT)/iommu_soc-skip-replay.elf: $(IOMMU_SOC_DEPS)
	@mkdir -p $(@D)
	$(IOMMU_SOC_CC) -DSKIP_REPLAY $(IOMMU_SOC_SRCS) -o $@
$(IOMMU_SOC_OUT)/iommu_soc-skip-iotinval.elf: $(IOMMU_SOC_DEPS)
	@mkdir -p $(@D)
	$(IOMMU_SOC_CC) -DSKIP_IOTINVAL $(IOMMU_SOC_SRCS) -o $@

# Tile-engine SoC test program (tests/tile_soc/, run by tests/tile_soc.tests
# on configs c4 and c4mt with --hbm). Included from tests/tests.mk.
#   make tile-soc-tests   builds $(BUILD)/tests/tile_soc/tile_soc.elf (+ .dump)
TILE_SOC_DIR  := tests/tile_soc
TILE_SOC_OUT  := $(BUILD)/tests/tile_soc
TILE_SOC_SRCS := $(TILE_SOC_DIR)/start.S $(TILE_SOC_DIR)/tile_soc.c $(TILE_SOC_DIR)/compute.c
TILE_SOC_DEPS := $(TILE_SOC_SRCS) $(TILE_SOC_DIR)/tile_soc.h $(TILE_SOC_DIR)/link.ld \
                 $(TILE_SOC_DIR)/tile_soc.mk tests/soclib/console.h tests/soclib/report.h tests/soclib/iommu.h $(ABI_H)

.PHONY: tile-soc-tests
tile-soc-tests: $(TILE_SOC_OUT)/tile_soc.elf

$(TILE_SOC_OUT)/tile_soc.elf: $(TILE_SOC_DEPS)
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) --specs=picolibc.specs -nostdlib -nostartfiles -static \
		-Wl,--no-warn-rwx-segments -T $(TILE_SOC_DIR)/link.ld $(TILE_SOC_SRCS) -o $@
	$(RV_OBJDUMP) -d $@ > $(@:.elf=.dump)

# uvmsoc IOMMU reference model (sim/model/), included by the top Makefile:
# the model's sources as archives (plain, ASan/UBSan, libFuzzer) that its
# tests (tests/iommu/iommu_tests.mk: model-unit-tests, model-abi-check) and
# the fuzz harness tests/fuzz/fuzz_iommu_model.c (tests/fuzz/fuzz.mk) link.
MODEL_SRCS  := $(wildcard sim/model/*.c)
MODEL_HDRS  := $(wildcard sim/model/*.h) include/uvmsoc/iommu_structs.h
MODEL_GENH  := $(GEN_INC)/uvmsoc/iommu_regs.h $(GEN_INC)/uvmsoc/iommu_pt.h $(GEN_INC)/uvmsoc/iommu_rec.h

MODEL_LIB          := $(BUILD)/sim-parts/libiommumodel.a
MODEL_LIB_SAN      := $(BUILD)/sim-parts/san/libiommumodel.a
MODEL_LIB_FUZZ     := $(BUILD)/sim-parts/fuzz/libiommumodel.a
MODEL_LIB_CFLAGS     = $(HOST_CFLAGS) -Isim/model -Iinclude/lib
MODEL_LIB_CFLAGS_SAN = $(MODEL_LIB_CFLAGS) -O1 $(SAN_FLAGS)
MODEL_CFLAGS_FUZZ    = $(FUZZ_CFLAGS) -Isim/model -Iinclude/lib
$(eval $(call PARTS_ARCHIVE,$(MODEL_LIB),$(MODEL_SRCS),$(BUILD)/sim-parts/model-obj,HOST_CC,MODEL_LIB_CFLAGS))
$(eval $(call PARTS_ARCHIVE,$(MODEL_LIB_SAN),$(MODEL_SRCS),$(BUILD)/sim-parts/san/model-obj,HOST_CC,MODEL_LIB_CFLAGS_SAN))
$(eval $(call PARTS_ARCHIVE,$(MODEL_LIB_FUZZ),$(MODEL_SRCS),$(BUILD)/sim-parts/fuzz/model-obj,FUZZ_CC,MODEL_CFLAGS_FUZZ))

# uvmsoc IOMMU reference model (sim/model/) and its tests (tests/iommu/).
# Included by the top Makefile. Targets:
#   model-unit-tests  cmocka tests, plain and ASan/UBSan, in $(BUILD)/tests/iommu/
#   (the model's libFuzzer harness is tests/fuzz/fuzz_iommu_model.c: make fuzz, tests/fuzz/fuzz.mk)
#   model-abi-check   C-vs-SV dump programs for every include/uvmsoc/*.def
MODEL_DIR   := $(BUILD)/tests/iommu
MODEL_SRCS  := $(wildcard sim/model/*.c)
MODEL_HDRS  := $(wildcard sim/model/*.h) include/uvmsoc/iommu_structs.h
MODEL_GENH  := $(GEN_INC)/uvmsoc/iommu_regs.h $(GEN_INC)/uvmsoc/iommu_pt.h $(GEN_INC)/uvmsoc/iommu_rec.h
MODEL_TESTS := test_walk test_rec test_queue test_model
MODEL_CFLAGS := $(HOST_CFLAGS) -Isim/model -Iinclude/lib -Itests/iommu
MODEL_TEST_SRCS = tests/iommu/$(1).c tests/iommu/tmem.c $(MODEL_SRCS)
MODEL_BINS  := $(foreach t,$(MODEL_TESTS),$(MODEL_DIR)/$(t) $(MODEL_DIR)/$(t)-san)

# The model built for libFuzzer, as an archive that tests/fuzz links.
MODEL_LIB_FUZZ     := $(BUILD)/sim-parts/fuzz/libiommumodel.a
MODEL_CFLAGS_FUZZ   = $(FUZZ_CFLAGS) -Isim/model -Iinclude/lib
$(eval $(call PARTS_ARCHIVE,$(MODEL_LIB_FUZZ),$(MODEL_SRCS),$(BUILD)/sim-parts/fuzz/model-obj,FUZZ_CC,MODEL_CFLAGS_FUZZ))

.PHONY: model-unit-tests model-abi-check
model-unit-tests: $(MODEL_BINS)

$(MODEL_DIR)/test_%: tests/iommu/test_%.c tests/iommu/tmem.c tests/iommu/tmem.h $(MODEL_SRCS) $(MODEL_HDRS) $(MODEL_GENH) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(HOST_CC) $(MODEL_CFLAGS) $(filter %.c,$^) $(COMMON_LIB) $(COMMON_LDLIBS) -lcmocka -o $@

$(MODEL_DIR)/test_%-san: tests/iommu/test_%.c tests/iommu/tmem.c tests/iommu/tmem.h $(MODEL_SRCS) $(MODEL_HDRS) $(MODEL_GENH) $(COMMON_LIB_SAN)
	@mkdir -p $(@D)
	$(HOST_CC) $(MODEL_CFLAGS) -O1 $(SAN_FLAGS) $(filter %.c,$^) $(COMMON_LIB_SAN) $(COMMON_LDLIBS) -lcmocka -o $@

# ABI agreement: one C program and one SV program per run print every constant.
MODEL_ABI_DEFS := $(notdir $(basename $(wildcard include/uvmsoc/*.def)))
model-abi-check: $(foreach n,$(MODEL_ABI_DEFS),$(MODEL_DIR)/abi/dump-c-$(n) $(MODEL_DIR)/abi/dump-sv-$(n).svh)
$(MODEL_DIR)/abi/dump-c-%: tests/iommu/abi_dump.c include/uvmsoc/%.def $(GEN_INC)/uvmsoc/%.h
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -DDEF_FILE='"uvmsoc/$*.def"' -DDEF_NAME=$* -DDUMP_C \
	  -include $(GEN_INC)/uvmsoc/$*.h $< -o $@
$(MODEL_DIR)/abi/dump-sv-%.svh: tests/iommu/abi_dump.c include/uvmsoc/%.def $(GEN_RTL)/uvs_%_pkg.sv
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -DDEF_FILE='"uvmsoc/$*.def"' -DDEF_NAME=$* $< -o $(@D)/gen-sv-$*
	$(@D)/gen-sv-$* > $@

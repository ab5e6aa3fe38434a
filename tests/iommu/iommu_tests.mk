# The IOMMU reference model's tests (included from the top Makefile after
# sim/model/model.mk, whose archives they link). Targets:
#   model-unit-tests  cmocka tests, plain and ASan/UBSan, in $(BUILD)/tests/iommu/
#   model-abi-check   C-vs-SV dump programs for every include/uvmsoc/*.def
MODEL_DIR    := $(BUILD)/tests/iommu
MODEL_TESTS  := test_walk test_rec test_queue test_model
MODEL_CFLAGS := $(HOST_CFLAGS) -Isim/model -Iinclude/lib -Itests/iommu
MODEL_BINS   := $(foreach t,$(MODEL_TESTS),$(MODEL_DIR)/$(t) $(MODEL_DIR)/$(t)-san)

.PHONY: model-unit-tests model-abi-check
model-unit-tests: $(MODEL_BINS)

$(MODEL_DIR)/test_%: tests/iommu/test_%.c tests/iommu/tmem.c tests/iommu/tmem.h $(MODEL_LIB) $(MODEL_HDRS) $(MODEL_GENH) $(COMMON_LIB)
	@mkdir -p $(@D)
	$(HOST_CC) $(MODEL_CFLAGS) $(filter %.c,$^) $(MODEL_LIB) $(COMMON_LIB) $(COMMON_LDLIBS) -lcmocka -o $@

$(MODEL_DIR)/test_%-san: tests/iommu/test_%.c tests/iommu/tmem.c tests/iommu/tmem.h $(MODEL_LIB_SAN) $(MODEL_HDRS) $(MODEL_GENH) $(COMMON_LIB_SAN)
	@mkdir -p $(@D)
	$(HOST_CC) $(MODEL_CFLAGS) -O1 $(SAN_FLAGS) $(filter %.c,$^) $(MODEL_LIB_SAN) $(COMMON_LIB_SAN) $(COMMON_LDLIBS) -lcmocka -o $@

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

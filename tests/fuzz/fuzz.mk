# libFuzzer harnesses (tests/fuzz/, issue 18 item 4): clang-14 with
# -fsanitize=fuzzer,address,undefined (Debian clang-14 + libclang-rt-14-dev,
# scripts/setup-deps.sh). One binary per parser, each run from its committed
# seed corpus tests/fuzz/corpus/<target>/ (read-only: new inputs go to a
# temporary directory) for a fixed number of executions with a fixed seed.
#   fuzz-build   build every harness into $(BUILD)/fuzz/
#   fuzz         FUZZ_RUNS (1,000,000) executions each; figures table in
#                $(BUILD)/fuzz/figures.md (docs/reliability.md records them)
# make test runs the short version (tests/fuzz.tests: 20,000 executions each).
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_RUNS    ?= 1000000
FUZZ_SEED    ?= 1
FUZZ_TARGETS := cosim_msg fault_ring fw_cmd fault_batch elf dtb iommu_model broker_msg
# (FUZZ_CC, FUZZ_CFLAGS: the top Makefile)
FUZZ_BINS    := $(addprefix $(FUZZ_DIR)/fuzz_,$(FUZZ_TARGETS))

# what each harness links (the code under test, as its folder's archive) and
# its include flags, beside its tests/fuzz/fuzz_<target>.c
FUZZ_COMMON_LIB      := $(BUILD)/fuzz/common/libuvscommon.a
FUZZ_LIB_cosim_msg   := $(FUZZ_COMMON_LIB)
FUZZ_LIB_broker_msg  := $(FUZZ_COMMON_LIB)
FUZZ_INC_broker_msg  := -Iinclude/lib
FUZZ_LIB_fault_ring  := $(HOST_PARTS_LIB_FUZZ)
FUZZ_INC_fault_ring  := -Ihost/lib
FUZZ_LIB_fw_cmd      := $(FW_PARTS_LIB_FUZZ)
FUZZ_INC_fw_cmd      := -Ifirmware
FUZZ_LIB_fault_batch := $(FW_PARTS_LIB_FUZZ) $(FUZZ_COMMON_LIB)
FUZZ_INC_fault_batch := -Ifirmware -Iinclude/lib
FUZZ_LIB_elf         := $(SIM_PARTS_LIB_FUZZ)
FUZZ_INC_elf         := -Isim
FUZZ_LDLIBS_elf      := -lelf
FUZZ_LIB_dtb         := $(SIM_PARTS_LIB_FUZZ)
FUZZ_INC_dtb         := -Isim
FUZZ_LDLIBS_dtb      := -lfdt
FUZZ_LIB_iommu_model := $(MODEL_LIB_FUZZ) $(FUZZ_COMMON_LIB)
FUZZ_INC_iommu_model := -Isim/model -Iinclude/lib
FUZZ_COMMON_CFLAGS    = $(FUZZ_CFLAGS) -Iinclude/lib
$(eval $(call PARTS_ARCHIVE,$(FUZZ_COMMON_LIB),$(COMMON_SRCS),$(BUILD)/fuzz/common/obj,FUZZ_CC,FUZZ_COMMON_CFLAGS))

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZ_BINS)

define FUZZ_RULE
$(FUZZ_DIR)/fuzz_$(1): tests/fuzz/fuzz_$(1).c $(FUZZ_LIB_$(1)) $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $$(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_INC_$(1)) $$< $(FUZZ_LIB_$(1)) $(FUZZ_LDLIBS_$(1)) -o $$@
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call FUZZ_RULE,$(t))))

fuzz: $(FUZZ_BINS)
	FUZZ_DIR=$(FUZZ_DIR) FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_SEED=$(FUZZ_SEED) tests/fuzz/run.sh $(FUZZ_TARGETS)

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
FUZZ_CC      := clang-14
FUZZ_CFLAGS  := -std=c11 -D_GNU_SOURCE -g -O1 -Wall -Wextra -Werror -Iinclude -I$(GEN_INC) \
                -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_BINS    := $(addprefix $(FUZZ_DIR)/fuzz_,$(FUZZ_TARGETS))

# sources and flags of each harness, beside its tests/fuzz/fuzz_<target>.c
FUZZ_SRC_cosim_msg   := include/lib/cosim_msg.c
FUZZ_SRC_broker_msg  := include/lib/broker_msg.c
FUZZ_INC_broker_msg  := -Iinclude/lib
FUZZ_SRC_fault_ring  := host/lib/uvm_fault.c host/lib/uvm_thrash.c host/lib/uvm_policy.c host/lib/uvm_readmostly.c
FUZZ_INC_fault_ring  := -Ihost/lib
FUZZ_SRC_fw_cmd      := firmware/cmd.c
FUZZ_INC_fw_cmd      := -Ifirmware
FUZZ_SRC_fault_batch := firmware/faultfwd.c include/lib/iommu_rec.c
FUZZ_INC_fault_batch := -Ifirmware -Iinclude/lib
FUZZ_SRC_elf         := sim/elf_load.c sim/mem.c
FUZZ_INC_elf         := -Isim
FUZZ_LIB_elf         := -lelf
FUZZ_SRC_dtb         := sim/dtb.c
FUZZ_INC_dtb         := -Isim
FUZZ_LIB_dtb         := -lfdt
FUZZ_SRC_iommu_model := $(wildcard sim/model/*.c) include/lib/iommu_rec.c
FUZZ_INC_iommu_model := -Isim/model -Iinclude/lib

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZ_BINS)

define FUZZ_RULE
$(FUZZ_DIR)/fuzz_$(1): tests/fuzz/fuzz_$(1).c $(FUZZ_SRC_$(1)) $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $$(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_INC_$(1)) $$(filter %.c,$$^) $(FUZZ_LIB_$(1)) -o $$@
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call FUZZ_RULE,$(t))))

fuzz: $(FUZZ_BINS)
	FUZZ_DIR=$(FUZZ_DIR) FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_SEED=$(FUZZ_SEED) tests/fuzz/run.sh $(FUZZ_TARGETS)

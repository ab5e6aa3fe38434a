# tests/difftest/difftest.mk - differential test of the core against QEMU
# (included by tests/tests.mk; tests/difftest/README.md).
#
# make difftest-tools  builds the generator $(DT_GEN) (also under ASan/UBSan)
#                      and the harness objects under $(DT_OUT) (a
#                      prerequisite of `make test`)
# make difftest-long   runs DIFFTEST_SEEDS (FIRST:COUNT) programs of
#                      DIFFTEST_COUNT instructions against the core
# DIFFTEST_RVC=1       (default; 0 leaves them out) compressed forms in the `make test` run (and in
#                      difftest-long): the core has the C extension

DT_DIR  := tests/difftest
DT_OUT  := $(BUILD)/difftest
DT_GEN  := $(DT_OUT)/difftest-gen
DT_GEN_SRCS := $(addprefix $(DT_DIR)/,main.c prog.c ops.c mem.c flow.c rvc.c probe.c cov.c)
DT_GEN_SAN := $(DT_OUT)/difftest-gen-san
DT_OBJS := $(addprefix $(DT_OUT)/,harness_bare.o harness_linux.o dump.o dump-perturb.o)
DT_RV_FLAGS := $(RV_ARCH) -I$(DT_DIR)

DIFFTEST_SEEDS ?= 1000:1000
DIFFTEST_COUNT ?= 5000
DIFFTEST_RVC   ?= 1

.PHONY: difftest-tools difftest-long
difftest-tools: $(DT_GEN) $(DT_GEN_SAN) $(DT_OBJS)

$(DT_GEN): $(DT_GEN_SRCS) $(DT_DIR)/gen.h $(DT_DIR)/difftest.h | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -I$(DT_DIR) $(DT_GEN_SRCS) -o $@

# The generator under ASan/UBSan (tests/difftest.tests: difftest-gen-san).
$(DT_GEN_SAN): $(DT_GEN_SRCS) $(DT_DIR)/gen.h $(DT_DIR)/difftest.h | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -I$(DT_DIR) $(DT_GEN_SRCS) -o $@

$(DT_OUT)/%.o: $(DT_DIR)/%.S $(DT_DIR)/difftest.h | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(RV_CC) $(DT_RV_FLAGS) -c $< -o $@

$(DT_OUT)/dump.o: $(DT_DIR)/dump.c $(DT_DIR)/difftest.h | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) -ffreestanding -fno-builtin -I$(DT_DIR) -c $< -o $@

# Negative test: the same dump with bit 0 of x5 flipped.
$(DT_OUT)/dump-perturb.o: $(DT_DIR)/dump.c $(DT_DIR)/difftest.h | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(RV_CC) $(RV_CFLAGS) -ffreestanding -fno-builtin -I$(DT_DIR) -DDT_PERTURB_REG=5 -c $< -o $@

difftest-long: sim difftest-tools
	BUILD=$(BUILD) $(DT_DIR)/run.sh --sim $(SIM) --seeds $(DIFFTEST_SEEDS) --count $(DIFFTEST_COUNT) \
	  $(if $(filter 1,$(DIFFTEST_RVC)),--rvc) --out $(DT_OUT)/long

test: difftest-tools
test: export DIFFTEST_RVC := $(DIFFTEST_RVC)

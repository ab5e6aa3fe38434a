# uvmsoc IOMMU RTL (rtl/iommu/) and its standalone Verilator testbench
# (sim/iommu_tb/). Included by the top Makefile. Targets:
#   iommu-lint   verilator --lint-only -Wall of rtl/iommu/ (top uvs_iommu)
#   iommu-tb     build $(IOMMU_TB): the testbench binary
#   iommu-tb-san the same with the C parts (testbench, model) under ASan/UBSan
#   iommu-test   run the directed tests and the differential test (100,000 requests)
#   iommu-test-long  the differential test with IOMMU_TB_LONG requests on 4 seeds
#   iommu-bench  print the IOMMU benchmark figures (see --bench)
#   iommu-tb-ids1  the testbench of the untagged IOMMU (IDS = 1, as in configs base/c4)
#                  in $(BUILD)/iommu_tb-ids1
# Variables: IOMMU_TB_PORTS (requester ports, default 4), IOMMU_TB_IDS (request ids per
#            port, default 4: up to 16 requests parked at once), IOMMU_TB_SEED,
#            IOMMU_TB_LONG (default 2,000,000), IOMMU_TB_DIR (build directory).
IOMMU_TB_PORTS ?= 4
IOMMU_TB_IDS   ?= 4
IOMMU_TB_SEED  ?= 1
IOMMU_TB_LONG  ?= 2000000
IOMMU_TB_DIR   ?= $(BUILD)/iommu_tb
IOMMU_TB       := $(IOMMU_TB_DIR)/uvs-iommu-tb
IOMMU_TB_VOBJ  := $(IOMMU_TB_DIR)/obj
IOMMU_TB_COBJ  := $(IOMMU_TB_DIR)/c
IOMMU_RTL_PKGS := $(GEN_RTL)/uvs_bus_pkg.sv $(GEN_RTL)/uvs_iommu_pt_pkg.sv $(GEN_RTL)/uvs_iommu_rec_pkg.sv \
                  $(GEN_RTL)/uvs_iommu_regs_pkg.sv
IOMMU_RTL_SRCS := $(IOMMU_RTL_PKGS) rtl/iommu/uvs_iommu_pkg.sv \
                  $(sort $(filter-out %_pkg.sv,$(wildcard rtl/iommu/*.sv)))
IOMMU_TB_PARAMS := -GNUM_PORTS=$(IOMMU_TB_PORTS) -GIDS=$(IOMMU_TB_IDS)
IOMMU_TB_CSRCS := $(sort $(wildcard sim/iommu_tb/*.c)) $(wildcard sim/model/*.c)
IOMMU_TB_COBJS := $(patsubst %.c,$(IOMMU_TB_COBJ)/%.o,$(notdir $(IOMMU_TB_CSRCS)))
IOMMU_TB_CFLAGS := $(HOST_CFLAGS) -MMD -MP -Isim/model -Iinclude/lib -Isim/iommu_tb -DTB_PORTS=$(IOMMU_TB_PORTS) -DTB_IDS=$(IOMMU_TB_IDS)
IOMMU_TB_LIB   := $(IOMMU_TB_COBJ)/libiommutb.a
IOMMU_TB_VMK   := $(IOMMU_TB_VOBJ)/Vuvs_iommu.mk

.PHONY: iommu-lint iommu-tb iommu-tb-san iommu-tb-ids1 iommu-test iommu-test-long iommu-bench
iommu-lint: $(IOMMU_RTL_PKGS) $(RTL_LINT_VLT) | $(SETUP_STAMP)
	verilator --lint-only -Wall $(IOMMU_TB_PARAMS) --top-module uvs_iommu $(RTL_LINT_VLT) $(IOMMU_RTL_SRCS)
	verilator --lint-only -Wall -GNUM_PORTS=$(IOMMU_TB_PORTS) -GIDS=1 --top-module uvs_iommu $(RTL_LINT_VLT) $(IOMMU_RTL_SRCS)

iommu-tb-ids1:
	$(MAKE) -s IOMMU_TB_IDS=1 IOMMU_TB_DIR=$(BUILD)/iommu_tb-ids1 iommu-tb

iommu-tb: $(IOMMU_TB)

$(IOMMU_TB_COBJ)/%.o: sim/iommu_tb/%.c $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(IOMMU_TB_CFLAGS) -c $< -o $@
$(IOMMU_TB_COBJ)/%.o: sim/model/%.c $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(IOMMU_TB_CFLAGS) -c $< -o $@
$(IOMMU_TB_LIB): $(IOMMU_TB_COBJS)
	rm -f $@
	ar rcs $@ $^

$(IOMMU_TB_VMK): $(IOMMU_RTL_SRCS) $(RTL_LINT_VLT) sim/iommu_tb/main.cpp sim/iommu_tb/tb_hw.h sim/iommu_tb/iommu_tb.mk | $(SETUP_STAMP)
	@mkdir -p $(IOMMU_TB_VOBJ)
	verilator --cc --exe -O3 --x-assign fast --x-initial fast $(IOMMU_TB_PARAMS) \
	  --top-module uvs_iommu -Mdir $(IOMMU_TB_VOBJ) -o ../uvs-iommu-tb \
	  -CFLAGS "-O2 -I$(abspath sim/iommu_tb) -DTB_PORTS=$(IOMMU_TB_PORTS) -DTB_IDS=$(IOMMU_TB_IDS)" \
	  -LDFLAGS "$(abspath $(IOMMU_TB_LIB)) $(abspath $(COMMON_LIB)) $(COMMON_LDLIBS)" \
	  $(RTL_LINT_VLT) $(IOMMU_RTL_SRCS) $(abspath sim/iommu_tb/main.cpp)
	@touch $@

$(IOMMU_TB): $(IOMMU_TB_VMK) $(IOMMU_TB_LIB) $(COMMON_LIB)
	rm -f $@
	+$(call vmake_quiet,$(IOMMU_TB_VOBJ),-f Vuvs_iommu.mk -j$(JOBS) OPT_FAST=-O3 OPT_GLOBAL=-O2 ../uvs-iommu-tb)
	@touch $@

iommu-test: $(IOMMU_TB)
	$(IOMMU_TB) --test all
	$(IOMMU_TB) --random --requests 100000 --seed $(IOMMU_TB_SEED) --hbm-latency 6 --jitter

iommu-test-long: $(IOMMU_TB)
	for s in 1 2 3 4; do $(IOMMU_TB) --random --requests $(IOMMU_TB_LONG) --seed $$s --hbm-latency $$((s * 7)) --jitter || exit 1; done

iommu-bench: $(IOMMU_TB)
	$(IOMMU_TB) --bench
	$(IOMMU_TB) --bench --hbm-latency 100 --dn-latency 1

# Sanitized variant: C objects with ASan/UBSan, Verilator's C++ linked with them.
IOMMU_TBS      := $(IOMMU_TB_DIR)-san/uvs-iommu-tb
IOMMU_TBS_VOBJ := $(IOMMU_TB_DIR)-san/obj
IOMMU_TBS_COBJ := $(IOMMU_TB_DIR)-san/c
IOMMU_TBS_COBJS := $(patsubst %.c,$(IOMMU_TBS_COBJ)/%.o,$(notdir $(IOMMU_TB_CSRCS)))
IOMMU_TBS_LIB  := $(IOMMU_TBS_COBJ)/libiommutb.a
IOMMU_TBS_VMK  := $(IOMMU_TBS_VOBJ)/Vuvs_iommu.mk
iommu-tb-san: $(IOMMU_TBS)
$(IOMMU_TBS_COBJ)/%.o: sim/iommu_tb/%.c $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(IOMMU_TB_CFLAGS) -O1 $(SAN_FLAGS) -c $< -o $@
$(IOMMU_TBS_COBJ)/%.o: sim/model/%.c $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(IOMMU_TB_CFLAGS) -O1 $(SAN_FLAGS) -c $< -o $@
$(IOMMU_TBS_LIB): $(IOMMU_TBS_COBJS)
	rm -f $@
	ar rcs $@ $^
$(IOMMU_TBS_VMK): $(IOMMU_RTL_SRCS) $(RTL_LINT_VLT) sim/iommu_tb/main.cpp sim/iommu_tb/tb_hw.h sim/iommu_tb/iommu_tb.mk | $(SETUP_STAMP)
	@mkdir -p $(IOMMU_TBS_VOBJ)
	verilator --cc --exe -O3 --x-assign fast --x-initial fast $(IOMMU_TB_PARAMS) \
	  --top-module uvs_iommu -Mdir $(IOMMU_TBS_VOBJ) -o ../uvs-iommu-tb \
	  -CFLAGS "-O1 $(SAN_FLAGS) -I$(abspath sim/iommu_tb) -DTB_PORTS=$(IOMMU_TB_PORTS) -DTB_IDS=$(IOMMU_TB_IDS)" \
	  -LDFLAGS "$(SAN_FLAGS) $(abspath $(IOMMU_TBS_LIB)) $(abspath $(COMMON_LIB_SAN)) $(COMMON_LDLIBS)" \
	  $(RTL_LINT_VLT) $(IOMMU_RTL_SRCS) $(abspath sim/iommu_tb/main.cpp)
	@touch $@
$(IOMMU_TBS): $(IOMMU_TBS_VMK) $(IOMMU_TBS_LIB) $(COMMON_LIB_SAN)
	rm -f $@
	+$(call vmake_quiet,$(IOMMU_TBS_VOBJ),-f Vuvs_iommu.mk -j$(JOBS) ../uvs-iommu-tb)
	@touch $@

-include $(IOMMU_TB_COBJS:.o=.d) $(IOMMU_TBS_COBJS:.o=.d)

# The IOMMU is linted on its own until it sits in the SoC.
lint: iommu-lint

# Mutation check (tests/iommu/mutate.sh): known-bad edits of the invalidation logic, each verilated
# into its own temporary directory under $(BUILD) (C++ -O0) and run on the differential test; fails
# if the unmutated RTL fails or any mutant survives. MUT_RUNS / MUT_ONLY pass through.
.PHONY: iommu-mutate
iommu-mutate: $(IOMMU_TB_LIB) $(COMMON_LIB) $(IOMMU_RTL_PKGS) $(RTL_LINT_VLT) | $(SETUP_STAMP)
	MUT_SRCS="$(IOMMU_RTL_SRCS)" MUT_VLT="$(RTL_LINT_VLT)" \
	  MUT_LIB="$(abspath $(IOMMU_TB_LIB)) $(abspath $(COMMON_LIB)) $(COMMON_LDLIBS)" \
	  MUT_PARAMS="$(IOMMU_TB_PARAMS)" MUT_DEFS="-DTB_PORTS=$(IOMMU_TB_PORTS) -DTB_IDS=$(IOMMU_TB_IDS)" \
	  MUT_DIR="$(BUILD)" tests/iommu/mutate.sh

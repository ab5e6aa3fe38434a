# uvmsoc-sim: the Verilator simulator of configuration $(CONFIG)
# (docs/architecture.md, "Simulator"). Included from the top Makefile.
#
#   make sim              build $(SIM), verilated without FST tracing
#   make sim-trace        build its traced sibling $(SIM_TRACE) (--trace-fst
#                         given to $(SIM) re-executes it; sim/trace_exec.h)
#   make sim-unit-tests   build the cmocka tests of sim/*.c, plain and with
#                         ASan/UBSan, and the RISC-V test programs, under
#                         $(BUILD)/tests/sim/ (tests/sim.tests runs them)
#
# Speed: Verilator -O3 and the generated C++ at OPT_FAST=-O3 OPT_GLOBAL=-O2
# (see shared toolchain notes). The default simulator has no FST tracing:
# a model verilated with --trace-fst marks trace activity in every
# evaluation function, about 15 % of the CPU time even with tracing off
# (docs/benchmarks.md "Simulation speed, session 5"); waveforms come from the
# traced sibling, a second verilation into sim-obj-trace built on demand.

SIM        := $(CFG_BUILD)/uvmsoc-sim
SIM_TRACE  := $(CFG_BUILD)/uvmsoc-sim-trace
SIM_VOBJ   := $(CFG_BUILD)/sim-obj
SIM_TVOBJ  := $(CFG_BUILD)/sim-obj-trace
SIM_TVMK   := $(SIM_TVOBJ)/V$(RTL_TOP).mk
SIM_COBJ   := $(CFG_BUILD)/sim-c
SIM_DTB    := $(CFG_BUILD)/uvmsoc.dtb
SIM_HARTS  := $(shell echo $$((1 + $(CFG_COMPUTE_HARTS))))
SIM_VMK    := $(SIM_VOBJ)/V$(RTL_TOP).mk
SIM_DPI_H  := $(SIM_VOBJ)/V$(RTL_TOP)__Dpi.h
SIM_C_SRCS := $(sort $(wildcard sim/*.c))
SIM_C_OBJS := $(patsubst sim/%.c,$(SIM_COBJ)/%.o,$(SIM_C_SRCS))
SIM_LIB    := $(SIM_COBJ)/libuvsim.a
SIM_BLOB   := $(SIM_COBJ)/dtb_blob.o
SIM_DEFS   := -DUVS_NUM_HARTS=$(SIM_HARTS) -DUVS_SRAM_KIB=$(CFG_SRAM_KIB) -DUVS_CLOCK_MHZ=$(CFG_CLOCK_MHZ) \
              $(if $(CFG_SPAD_KIB),-DUVS_SPAD_KIB=$(CFG_SPAD_KIB))
SIM_CFLAGS := $(HOST_CFLAGS) -MMD -MP $(SIM_DEFS) -Iinclude/lib
# The co-simulation message codec, the shared-memory rings and the access
# trace's codec come from the shared library (include/lib/lib.mk).
SIM_LIBS   := $(abspath $(COMMON_LIB)) $(COMMON_LDLIBS) -lelf -lfdt

SIM_VFLAGS := --cc --exe -O3 --x-assign fast --x-initial fast \
              --top-module $(RTL_TOP) $(RTL_PARAMS) \
              -CFLAGS "-O2 -I$(abspath sim) -I$(abspath include) -I$(abspath $(GEN_INC)) $(SIM_DEFS)" \
              -LDFLAGS "$(abspath $(SIM_LIB)) $(abspath $(SIM_BLOB)) $(SIM_LIBS)"

.PHONY: sim sim-trace sim-unit-tests
sim: $(SIM)
sim-trace: $(SIM_TRACE)

# Board DTS -> DTB (cpp for #include, then dtc).
$(SIM_DTB): $(CFG_DTS) $(wildcard boards/sim/*.dtsi) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	cpp -nostdinc -undef -x assembler-with-cpp -P -I boards/sim $< | dtc -q -I dts -O dtb -o $@ -

# Verilate the RTL: C++ model sources and its makefile.
$(SIM_VMK) $(SIM_DPI_H) &: $(RTL_SRCS) $(RTL_INCS) sim/main.cpp sim/sim.mk rtl/rtl.mk | $(SETUP_STAMP)
	@mkdir -p $(SIM_VOBJ)
	verilator $(SIM_VFLAGS) $(RTL_INCFLAGS) -Mdir $(SIM_VOBJ) -o ../uvmsoc-sim $(RTL_SRCS) $(abspath sim/main.cpp)
	@touch $(SIM_VMK) $(SIM_DPI_H)
$(SIM_TVMK): $(RTL_SRCS) $(RTL_INCS) sim/main.cpp sim/sim.mk rtl/rtl.mk | $(SETUP_STAMP)
	@mkdir -p $(SIM_TVOBJ)
	verilator $(SIM_VFLAGS) $(RTL_INCFLAGS) --trace-fst -Mdir $(SIM_TVOBJ) -o ../uvmsoc-sim-trace \
	  $(RTL_SRCS) $(abspath sim/main.cpp)
	@touch $@

# C modules; dpi.c is compiled against the generated DPI prototypes.
$(SIM_COBJ)/%.o: sim/%.c $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(SIM_CFLAGS) -c $< -o $@
$(SIM_COBJ)/dpi.o: sim/dpi.c $(SIM_DPI_H) $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(SIM_CFLAGS) -I"$$(verilator --getenv VERILATOR_ROOT)/include/vltstd" \
	  -include $(SIM_DPI_H) -c $< -o $@
$(SIM_LIB): $(SIM_C_OBJS)
	rm -f $@
	ar rcs $@ $^
$(SIM_BLOB): sim/dtb_blob.S $(SIM_DTB)
	@mkdir -p $(@D)
	$(HOST_CC) -c -DUVS_DTB_FILE='"$(SIM_DTB)"' $< -o $@

# make PGO=1 sim (opt-in): profile-guided compile of the model. The model
# is compiled with -fprofile-generate, runs PGO_TRAIN (default the firmware's
# boot, the management hart's work in `make run`) for PGO_CYCLES cycles (it
# may end by then, 0, or hit --max-cycles, 124; other exits fail), and
# is compiled again with the profile: about twice the compile time, a faster
# simulator (docs/benchmarks.md "Simulation speed, session 5"). The profile
# is generated under $(CFG_BUILD)/pgo, never committed. The stamp
# sim-opt.<mode> rebuilds the model's objects when PGO changes.
PGO        ?= 0
PGO_TRAIN  ?= $(FIRMWARE_ELF)
PGO_CYCLES ?= 3000000
SIM_PGO_DIR := $(abspath $(CFG_BUILD)/pgo)
SIM_OPTMODE := $(CFG_BUILD)/sim-opt.$(if $(filter 1,$(PGO)),pgo,plain)
SIM_MODEL_O = $(SIM_VOBJ)/V$(RTL_TOP)*.o $(SIM_VOBJ)/main.o
$(CFG_BUILD)/sim-opt.pgo $(CFG_BUILD)/sim-opt.plain:
	@mkdir -p $(@D)
	rm -f $(CFG_BUILD)/sim-opt.* $(SIM_MODEL_O)
	@touch $@

# The Verilator makefile does not know the C library: relink by removing $@.
$(SIM): $(SIM_VMK) $(SIM_LIB) $(SIM_BLOB) $(COMMON_LIB) $(SIM_OPTMODE)
	rm -f $@
ifeq ($(PGO),1)
	$(MAKE) -s $(PGO_TRAIN)
	rm -rf $(SIM_PGO_DIR) && rm -f $(SIM_MODEL_O)
	+$(call vmake_quiet,$(SIM_VOBJ),-f V$(RTL_TOP).mk -j$(JOBS) OPT_GLOBAL=-O2 \
	  OPT_FAST="-O3 -fprofile-generate=$(SIM_PGO_DIR)" USER_LDFLAGS=-fprofile-generate=$(SIM_PGO_DIR) ../uvmsoc-sim)
	@$@ --max-cycles $(PGO_CYCLES) $(PGO_TRAIN) >/dev/null 2>&1; rc=$$?; \
	  [ $$rc -eq 0 ] || [ $$rc -eq 124 ] || \
	  { echo "PGO: training run '$@ $(PGO_TRAIN)' failed with exit $$rc" >&2; exit 1; }
	rm -f $@ $(SIM_MODEL_O)
	+$(call vmake_quiet,$(SIM_VOBJ),-f V$(RTL_TOP).mk -j$(JOBS) OPT_GLOBAL=-O2 \
	  OPT_FAST="-O3 -fprofile-use=$(SIM_PGO_DIR) -fprofile-partial-training -Wno-missing-profile" ../uvmsoc-sim)
else
	+$(call vmake_quiet,$(SIM_VOBJ),-f V$(RTL_TOP).mk -j$(JOBS) OPT_GLOBAL=-O2 OPT_FAST=-O3 ../uvmsoc-sim)
endif
	@touch $@
$(SIM_TRACE): $(SIM_TVMK) $(SIM_LIB) $(SIM_BLOB) $(COMMON_LIB)
	rm -f $@
	+$(call vmake_quiet,$(SIM_TVOBJ),-f V$(RTL_TOP).mk -j$(JOBS) OPT_FAST=-O3 OPT_GLOBAL=-O2 ../uvmsoc-sim-trace)
	@touch $@

-include $(SIM_C_OBJS:.o=.d)

# The simulator's C parts that tests/ and the fuzz harnesses exercise, as host
# archives (plain, ASan/UBSan, libFuzzer; no configuration defines): the unit
# tests link these instead of compiling sim/ sources.
SIM_PARTS          := sim/mem.c sim/elf_load.c sim/dtb.c sim/htif.c sim/memsys.c sim/link.c \
                      sim/bootrom.c sim/retire_log.c sim/options.c sim/stats.c sim/inject.c \
                      sim/walkcache.c sim/dma_exec.c sim/dma_burst.c sim/dma_slave.c
SIM_PARTS_DIR      := $(BUILD)/sim-parts
SIM_PARTS_LIB      := $(SIM_PARTS_DIR)/libsimparts.a
SIM_PARTS_LIB_SAN  := $(SIM_PARTS_DIR)/san/libsimparts.a
SIM_PARTS_LIB_FUZZ := $(SIM_PARTS_DIR)/fuzz/libsimparts.a
SIM_PARTS_CFLAGS      = $(HOST_CFLAGS) -Isim -Iinclude/lib
SIM_PARTS_CFLAGS_SAN  = $(SIM_PARTS_CFLAGS) $(SAN_FLAGS)
SIM_PARTS_CFLAGS_FUZZ = $(FUZZ_CFLAGS) -Isim -Iinclude/lib
$(eval $(call PARTS_ARCHIVE,$(SIM_PARTS_LIB),$(SIM_PARTS),$(SIM_PARTS_DIR)/obj,HOST_CC,SIM_PARTS_CFLAGS))
$(eval $(call PARTS_ARCHIVE,$(SIM_PARTS_LIB_SAN),$(SIM_PARTS),$(SIM_PARTS_DIR)/san/obj,HOST_CC,SIM_PARTS_CFLAGS_SAN))
$(eval $(call PARTS_ARCHIVE,$(SIM_PARTS_LIB_FUZZ),$(SIM_PARTS),$(SIM_PARTS_DIR)/fuzz/obj,FUZZ_CC,SIM_PARTS_CFLAGS_FUZZ))

# The boot ROM's code as an SV package for the boards' ROM
# (boards/common/uvs_axi_bootrom.sv): the same image the loader writes here.
BOOTROM_PKG := $(GEN_RTL)/uvs_bootrom_pkg.sv
$(GEN)/bootrom-gen: sim/bootrom_gen.c sim/bootrom.c sim/bootrom.h $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -Isim sim/bootrom_gen.c sim/bootrom.c -o $@
$(BOOTROM_PKG): $(GEN)/bootrom-gen
	@mkdir -p $(@D)
	$< > $@

include tests/sim/sim-tests.mk
# options.c uses the link model's defaults and parser.
SIM_UT_test_misc += sim/link.c
include tests/cosim/cosim-tests.mk
# `make test` builds sim-unit-tests: bring the co-simulation tests along.
sim-unit-tests: cosim-tests

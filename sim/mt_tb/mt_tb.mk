# mt_tb.mk: the standalone testbench of the multithreaded compute hart
# uvs_mt_core (sim/mt_tb/README.md), its test programs and its speed bench.
# Included from the top Makefile (uses BUILD, HOST_CC, HOST_CFLAGS, GEN_INC,
# GEN_RTL, ABI_H, ABI_SV, RV_CC, RV_ARCH, RV_OBJDUMP, SETUP_STAMP, JOBS);
# until then: make -f Makefile -f sim/mt_tb/mt_tb.mk <target>.
#
#   make mt-tb        the models $(MT_TB_OUT)/<variant>/mt-tb:
#                       mt16   4 x uvs_mt_core, 16 threads each
#                       mt1    4 x uvs_mt_core, THREADS = 1
#                       ref    4 x uvs_core (reference, one thread each)
#                       mt16c1, refc1: one core (speed comparison)
#   make mt-tb-tests  the programs of tests/mt/ and the reused ISA tests
#   make mt-tb-lint   verilator --lint-only -Wall of uvs_mt_core (THREADS
#                     16, 4, 1) and of the testbench top
#   make mt-bench     simulated MHz and IPC, multithreaded against single
#   tests/mt.tests    runs on these outputs (tests/run.sh)
#
# Speed: Verilator -O3, generated C++ at OPT_FAST=-O3 OPT_GLOBAL=-O2 (the
# simulator's settings, sim/sim.mk).

MT_TB_DIR   := sim/mt_tb
MT_TB_OUT   := $(BUILD)/mt_tb
MT_TB_VARIANTS := mt16 mt1 ref mt16c1 refc1
# parameters: cores threads ref
MT_TB_P_mt16   := 4 16 0
MT_TB_P_mt1    := 4 1 0
MT_TB_P_ref    := 4 1 1
MT_TB_P_mt16c1 := 1 16 0
MT_TB_P_refc1  := 1 1 1

MT_TB_RTL := $(GEN_RTL)/uvs_bus_pkg.sv $(GEN_RTL)/uvs_memmap_pkg.sv $(GEN_RTL)/uvs_mt_pkg.sv \
             $(GEN_RTL)/uvs_hpm_pkg.sv \
             rtl/core/uvs_arch_pkg.sv rtl/core/uvs_decode.sv rtl/core/uvs_rvc.sv rtl/core/uvs_alu.sv \
             rtl/core/uvs_lsu.sv rtl/core/uvs_muldiv.sv rtl/core/uvs_regfile.sv \
             rtl/core/uvs_csr.sv rtl/core/uvs_retire.sv rtl/core/uvs_core.sv \
             rtl/core/uvs_mt_rr.sv rtl/core/uvs_mt_regfile.sv rtl/core/uvs_mt_csr.sv \
             rtl/core/uvs_mt_core.sv $(MT_TB_DIR)/mt_tb_top.sv
MT_TB_CSRCS := $(MT_TB_DIR)/mt_tb.c $(MT_TB_DIR)/mt_opts.c $(MT_TB_DIR)/mt_launch.c \
               $(MT_TB_DIR)/mt_mem.c $(MT_TB_DIR)/mt_elf.c
MT_TB_HDRS  := $(wildcard $(MT_TB_DIR)/*.h)
MT_TB_VLT   := $(MT_TB_OUT)/mt_tb.vlt
MT_TB_VROOT  = $(shell verilator --getenv VERILATOR_ROOT)

.PHONY: mt-tb mt-tb-tests mt-tb-lint mt-bench
mt-tb: $(foreach v,$(MT_TB_VARIANTS),$(MT_TB_OUT)/$(v)/mt-tb)

# Lint waivers of the testbench only: the top instantiates uvs_core or
# uvs_mt_core, so some uvs_arch_pkg constants stay unused in one variant;
# the top's DPI `int` outputs are wider than the fields they fill.
$(MT_TB_VLT): $(MT_TB_DIR)/mt_tb.mk
	@mkdir -p $(@D)
	printf '%s\n' '`verilator_config' \
	  'lint_off -rule UNUSEDPARAM -file "*/gen/rtl/uvs_*_pkg.sv"' \
	  'lint_off -rule UNUSEDPARAM -file "*rtl/core/uvs_arch_pkg.sv"' \
	  'lint_off -rule UNUSEDSIGNAL -file "*sim/mt_tb/mt_tb_top.sv"' > $@

# $(call mt_tb_rules,VARIANT): verilate, compile the C library, link.
define mt_tb_rules
$(MT_TB_OUT)/$(1)/obj/Vmt_tb_top.mk $(MT_TB_OUT)/$(1)/obj/Vmt_tb_top__Dpi.h &: $(MT_TB_RTL) $(MT_TB_DIR)/main.cpp $(MT_TB_DIR)/mt_tb.mk $(MT_TB_VLT) | $(SETUP_STAMP)
	@mkdir -p $(MT_TB_OUT)/$(1)/obj
	verilator --cc --exe -O3 --x-assign fast --x-initial fast -Wno-fatal \
	  --top-module mt_tb_top -GNCORES=$(word 1,$(MT_TB_P_$(1))) -GTHREADS=$(word 2,$(MT_TB_P_$(1))) \
	  -GREF=$(word 3,$(MT_TB_P_$(1))) -Mdir $(MT_TB_OUT)/$(1)/obj -o ../mt-tb \
	  -CFLAGS "-O2 -I$(abspath $(MT_TB_DIR)) -DMT_TB_CORES=$(word 1,$(MT_TB_P_$(1))) -DMT_TB_THREADS=$(word 2,$(MT_TB_P_$(1))) -DMT_TB_REF=$(word 3,$(MT_TB_P_$(1)))" \
	  -LDFLAGS "$(abspath $(MT_TB_OUT)/$(1)/libmttb.a)" \
	  $(MT_TB_VLT) $(MT_TB_RTL) $(abspath $(MT_TB_DIR)/main.cpp)
	@touch $(MT_TB_OUT)/$(1)/obj/Vmt_tb_top.mk $(MT_TB_OUT)/$(1)/obj/Vmt_tb_top__Dpi.h
$(MT_TB_OUT)/$(1)/libmttb.a: $(MT_TB_CSRCS) $(MT_TB_HDRS) $(MT_TB_OUT)/$(1)/obj/Vmt_tb_top__Dpi.h $(ABI_H)
	@mkdir -p $(MT_TB_OUT)/$(1)/c
	cd $(MT_TB_OUT)/$(1)/c && for f in $(abspath $(MT_TB_CSRCS)); do \
	  $(HOST_CC) $(filter-out -I%,$(HOST_CFLAGS)) -I$(abspath include) -I$(abspath $(GEN_INC)) \
	    -I$$(MT_TB_VROOT)/include/vltstd -include $(abspath $(MT_TB_OUT)/$(1)/obj/Vmt_tb_top__Dpi.h) \
	    -c $$$$f || exit 1; done
	rm -f $$@ && ar rcs $$@ $(MT_TB_OUT)/$(1)/c/*.o
$(MT_TB_OUT)/$(1)/mt-tb: $(MT_TB_OUT)/$(1)/obj/Vmt_tb_top.mk $(MT_TB_OUT)/$(1)/libmttb.a
	rm -f $$@
	+$$(call vmake_quiet,$(MT_TB_OUT)/$(1)/obj,-f Vmt_tb_top.mk -j$(JOBS) OPT_FAST=-O3 OPT_GLOBAL=-O2 ../mt-tb)
	@touch $$@
endef
$(foreach v,$(MT_TB_VARIANTS),$(eval $(call mt_tb_rules,$(v))))

mt-tb-lint: $(MT_TB_RTL) $(MT_TB_VLT) | $(SETUP_STAMP)
	for t in 16 4 1; do \
	  verilator --lint-only -Wall -GTHREADS=$$t --top-module uvs_mt_core $(MT_TB_VLT) $(MT_TB_RTL) || exit 1; done
	verilator --lint-only -Wall -GNCORES=2 --top-module mt_tb_top $(MT_TB_VLT) $(MT_TB_RTL)
	verilator --lint-only -Wall -GREF=1 --top-module mt_tb_top $(MT_TB_VLT) $(MT_TB_RTL)

# ---- test programs (bare-metal, U mode, one ELF each) ----
MT_T_DIR    := tests/mt
MT_T_OUT    := $(MT_TB_OUT)/tests
MT_T_LIB    := $(MT_T_DIR)/lib/mt_test.h $(MT_T_DIR)/lib/link.ld
MT_T_FLAGS  := $(RV_ARCH) -nostdlib -nostartfiles -static -g -I$(MT_T_DIR)/lib -Iinclude -I$(GEN_INC) \
               -T $(MT_T_DIR)/lib/link.ld -Wl,--no-warn-rwx-segments
MT_T_SRCS   := $(wildcard $(MT_T_DIR)/*.S)
# ISA test programs reused unchanged (their checks, this crt: exit by ECALL).
MT_T_ISA    := rv64i-alu rv64i-imm rv64i-shift rv64i-word rv64i-upper rv64i-branch rv64i-jump \
               rv64i-load rv64i-store zifencei rv64m-mul rv64m-div rv64a-amo rv64a-lrsc
MT_T_ELFS   := $(patsubst $(MT_T_DIR)/%.S,$(MT_T_OUT)/%.elf,$(MT_T_SRCS)) \
               $(MT_T_OUT)/mt-hist-racy.elf \
               $(foreach n,$(MT_T_ISA),$(MT_T_OUT)/isa-$(n).elf)
mt-tb-tests: $(MT_T_ELFS)

$(MT_T_OUT)/%.elf: $(MT_T_DIR)/%.S $(MT_T_DIR)/lib/crt.S $(MT_T_LIB) $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) $(MT_T_FLAGS) $(MT_T_DIR)/lib/crt.S $< -o $@
	$(RV_OBJDUMP) -d $@ > $(@:.elf=.dump)
# Negative control: the histogram with a plain load/add/store instead of an AMO.
$(MT_T_OUT)/mt-hist-racy.elf: $(MT_T_DIR)/mt-hist.S $(MT_T_DIR)/lib/crt.S $(MT_T_LIB) $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) $(MT_T_FLAGS) -DRACY $(MT_T_DIR)/lib/crt.S $< -o $@
$(MT_T_OUT)/isa-%.elf: tests/isa/%.S $(MT_T_DIR)/lib/crt-isa.S $(MT_T_LIB) tests/isa/lib/uvs_test.h $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) $(MT_T_FLAGS) -Itests/isa/lib $(MT_T_DIR)/lib/crt-isa.S $< -o $@

# ---- speed bench (bench/mt/mt_speed.sh) ----
MT_B_OUT := $(MT_TB_OUT)/bench
$(MT_B_OUT)/mt-bench.elf: $(MT_T_DIR)/mt-bench.S $(MT_T_DIR)/lib/crt.S $(MT_T_LIB) $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) $(MT_T_FLAGS) -DITERS=40000 $(MT_T_DIR)/lib/crt.S $< -o $@
$(MT_B_OUT)/mt-bench-long.elf: $(MT_T_DIR)/mt-bench.S $(MT_T_DIR)/lib/crt.S $(MT_T_LIB) $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) $(MT_T_FLAGS) -DITERS=600000 $(MT_T_DIR)/lib/crt.S $< -o $@
mt-bench: mt-tb $(MT_B_OUT)/mt-bench.elf $(MT_B_OUT)/mt-bench-long.elf
	bench/mt/mt_speed.sh $(BUILD) 3

# make bench also measures the multithreaded core (issue 6).
bench: mt-bench

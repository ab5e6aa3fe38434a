# plic_tb.mk: the standalone testbench of the PLIC uvs_plic (sim/plic_tb/
# main.cpp: edge-gateway checks and a random run against a reference model).
# Included from the top Makefile (uses BUILD, GEN_RTL, GEN_INC, ABI_H,
# SETUP_STAMP, JOBS).
#
#   make plic-tb   the models $(PLIC_TB_OUT)/<variant>/plic-tb:
#                    soc   the SoC's PLIC: 5 sources, 2 contexts, source 3 edge
#                    wide  40 sources (two enable words), 3 contexts,
#                          sources 3 and 33 edge
#   tests/plic.tests runs them (tests/run.sh)

PLIC_TB_DIR := sim/plic_tb
PLIC_TB_OUT := $(BUILD)/plic_tb
PLIC_TB_VARIANTS := soc wide
# parameters: sources contexts edge-mask-low-32 edge-mask-high-32
PLIC_TB_P_soc  := 5 2 0x8 0x0
PLIC_TB_P_wide := 40 3 0x8 0x2
PLIC_TB_RTL := $(GEN_RTL)/uvs_plic_pkg.sv rtl/soc/uvs_clk_gate.sv rtl/soc/uvs_plic.sv

.PHONY: plic-tb
plic-tb: $(foreach v,$(PLIC_TB_VARIANTS),$(PLIC_TB_OUT)/$(v)/plic-tb)
test: plic-tb

# $(call plic_tb_rules,VARIANT): verilate and build one model.
define plic_tb_rules
$(PLIC_TB_OUT)/$(1)/plic-tb: $(PLIC_TB_RTL) $(PLIC_TB_DIR)/main.cpp $(PLIC_TB_DIR)/plic_tb.mk $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(PLIC_TB_OUT)/$(1)/obj
	verilator --cc --exe -O3 -Wall -Wno-UNUSEDPARAM --top-module uvs_plic \
	  -GNSRC=$(word 1,$(PLIC_TB_P_$(1))) -GNCTX=$(word 2,$(PLIC_TB_P_$(1))) \
	  -GEDGE="1024'h$(patsubst 0x%,%,$(word 4,$(PLIC_TB_P_$(1))))$(shell printf '%08x' $(word 3,$(PLIC_TB_P_$(1))))" \
	  -Mdir $(PLIC_TB_OUT)/$(1)/obj -o ../plic-tb \
	  -CFLAGS "-O2 -I$(abspath $(GEN_INC)) -DPLIC_TB_NSRC=$(word 1,$(PLIC_TB_P_$(1))) -DPLIC_TB_NCTX=$(word 2,$(PLIC_TB_P_$(1))) -DPLIC_TB_EDGE_LO=$(word 3,$(PLIC_TB_P_$(1))) -DPLIC_TB_EDGE_HI=$(word 4,$(PLIC_TB_P_$(1)))" \
	  $(PLIC_TB_RTL) $(abspath $(PLIC_TB_DIR)/main.cpp)
	+$$(call vmake_quiet,$(PLIC_TB_OUT)/$(1)/obj,-f Vuvs_plic.mk -j$(JOBS) ../plic-tb)
endef
$(foreach v,$(PLIC_TB_VARIANTS),$(eval $(call plic_tb_rules,$(v))))

# RTL sources and lint (included from the top Makefile).
#
# RTL_PKGS       generated ABI packages $(GEN_RTL)/uvs_<name>_pkg.sv
# RTL_CORE_SRCS  rtl/core/*.sv, package files (*_pkg.sv) first
# RTL_IOMMU_SRCS rtl/iommu/*.sv (the IOMMU instantiated by the SoC), package files first
# RTL_SOC_SRCS   rtl/soc/*.sv, package files first: the synthesizable SoC
#                core uvs_soc_core (no memory, console or trace DPI)
# RTL_SIM_SRCS   rtl/sim/*.sv: the simulation top uvs_soc around the core
#                (AXI memory models and trace hooks calling DPI)
# RTL_SRCS       all of the above in compile order; top module $(RTL_TOP)
# RTL_INCS       included files (rtl/soc/*.svh: the AXI port-list macros),
#                found through RTL_INCFLAGS
# RTL_PARAMS     top parameters of the configuration (harts, mtime divider,
#                MT_THREADS when the configuration sets CFG_COMPUTE_THREADS,
#                PIPE=1 when it sets CFG_CORE := pipe; CFG_CORE := fsm or
#                unset keeps uvs_core; SPAD_BYTES from CFG_SPAD_KIB)
#
# `make lint`: verilator --lint-only -Wall over everything, must be clean.
# The only waiver, generated in $(RTL_LINT_VLT), is UNUSEDPARAM inside the
# generated ABI packages: they carry every constant of the ABI, and each
# block uses only some.

RTL_TOP       := uvs_soc
RTL_PKGS      := $(ABI_SV)
RTL_CORE_SRCS := $(sort $(wildcard rtl/core/*_pkg.sv)) \
                 $(sort $(filter-out %_pkg.sv,$(wildcard rtl/core/*.sv)))
RTL_SOC_SRCS  := $(sort $(wildcard rtl/soc/*_pkg.sv)) \
                 $(sort $(filter-out %_pkg.sv,$(wildcard rtl/soc/*.sv)))
RTL_IOMMU_SRCS := $(sort $(wildcard rtl/iommu/*_pkg.sv)) \
                  $(sort $(filter-out %_pkg.sv,$(wildcard rtl/iommu/*.sv)))
RTL_SIM_SRCS  := $(sort $(wildcard rtl/sim/*.sv))
RTL_SRCS      := $(RTL_PKGS) $(RTL_CORE_SRCS) $(RTL_IOMMU_SRCS) $(RTL_SOC_SRCS) $(RTL_SIM_SRCS)
RTL_INCS      := $(wildcard rtl/soc/*.svh)
RTL_INCFLAGS  := -I$(abspath rtl/soc)
RTL_PARAMS    := -GNUM_HARTS=$$((1 + $(CFG_COMPUTE_HARTS))) -GMTIME_DIV=$(CFG_MTIME_DIV) \
                 $(if $(CFG_COMPUTE_THREADS),-GMT_THREADS=$(CFG_COMPUTE_THREADS)) \
                 $(if $(filter pipe,$(CFG_CORE)),-GPIPE=1) \
                 $(if $(CFG_SPAD_KIB),-GSPAD_BYTES=$$(($(CFG_SPAD_KIB) * 1024)))
ifneq ($(filter-out pipe fsm,$(CFG_CORE)),)
$(error CFG_CORE must be pipe or fsm, not '$(CFG_CORE)')
endif
RTL_LINT_VLT  := $(GEN_RTL)/lint.vlt

$(RTL_LINT_VLT): rtl/rtl.mk
	@mkdir -p $(@D)
	printf '%s\n' '`verilator_config' \
	  'lint_off -rule UNUSEDPARAM -file "*/gen/rtl/uvs_*_pkg.sv"' > $@

lint: $(RTL_PKGS) $(RTL_LINT_VLT) | $(SETUP_STAMP)
	verilator --lint-only -Wall $(RTL_INCFLAGS) $(RTL_PARAMS) --top-module $(RTL_TOP) $(RTL_LINT_VLT) $(RTL_SRCS)

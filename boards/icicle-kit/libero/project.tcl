# Libero SoC batch flow of the Icicle Kit build (boards/flow.sh bitstream runs
#   libero SCRIPT:project.tcl "SCRIPT_ARGS:BOARDDIR OUTDIR PART SRC.sv..."
# ). Written from Microchip's public documentation: the Libero SoC Tcl
# Command Reference Guide, the PolarFire SoC MSS Configurator user guide,
# the PolarFire SoC Icicle Kit user guide (board: MPFS250T-FCVG484E,
# LPDDR4 behind the MSS, 50 MHz fabric reference clock) and the handbooks of
# PF_CCC, CORERESET_PF and CoreAXI4Interconnect. Not run here (no Libero on
# the development machine): docs/boards.md says what was and was not verified.
#
# Needs ICICLE_REFDESIGN: a checkout of Microchip's Icicle Kit reference
# design (github.com/polarfire-soc/icicle-kit-reference-design), whose MSS
# configuration (FIC0 enabled, LPDDR4) and board I/O constraints this flow
# uses rather than restating them: the MSS pins are fixed by the kit.
#
# Steps: project for the part; the MSS component from the reference design's
# MSS configuration; the core's RTL and the board top (SystemVerilog); the
# fabric shell SmartDesign (shell_sd.tcl); the root SmartDesign uvs_icicle
# with the MSS and uvs_top_icicle, FIC0 and the interrupts connected;
# constraints; synthesis, place and route, the programming job
# OUTDIR/uvmsoc-icicle-kit.job (FlashPro Express) and timing reports.
if {[llength $argv] < 4} {
  puts stderr "usage: project.tcl BOARDDIR OUTDIR PART SRC.sv..."
  exit 2
}
set boarddir [lindex $argv 0]
set outdir   [lindex $argv 1]
set part     [lindex $argv 2]
set srcs     [lrange $argv 3 end]
if {![info exists ::env(ICICLE_REFDESIGN)] || ![file isdirectory $::env(ICICLE_REFDESIGN)]} {
  puts stderr "ICICLE_REFDESIGN must name a checkout of polarfire-soc/icicle-kit-reference-design"
  exit 2
}
set ref $::env(ICICLE_REFDESIGN)

new_project -location [file join $outdir libero] -name uvmsoc_icicle -hdl VERILOG \
  -family PolarFireSoC -die MPFS250T -package FCVG484 -speed STD -die_voltage 1.05 -part_range EXT

# MSS: generated from the reference design's configuration by the MSS
# configurator (pfsoc_mss), then imported as a component.
set mss_cfg [lindex [glob -nocomplain [file join $ref script_support *MSS*.cfg]] 0]
if {$mss_cfg eq ""} { puts stderr "no MSS configuration (*MSS*.cfg) under $ref/script_support"; exit 2 }
exec pfsoc_mss -GENERATE -CONFIGURATION_FILE:$mss_cfg -OUTPUT_DIR:[file join $outdir mss]
import_mss_component -file [lindex [glob [file join $outdir mss *.cxz]] 0]
set mss [file rootname [file tail [lindex [glob [file join $outdir mss *.cxz]] 0]]]

# RTL (include directories boards/common and rtl/soc for the core hookup and port macros).
create_links -hdl_source $srcs
create_links -hdl_source [file join $boarddir rtl uvs_top_icicle.sv]
create_links -hdl_source [file join $boarddir rtl uvs_icicle_fic0_map.sv]
set_option -verilog_mode SYSTEM_VERILOG
set_option -include_paths [list [file normalize [file join $boarddir .. common]] \
  [file normalize [file join $boarddir .. .. rtl soc]]]
build_design_hierarchy

source [file join $boarddir libero shell_sd.tcl]
uvs_icicle_create_shell $boarddir

# Root SmartDesign: the MSS and the fabric top (MSS pads promoted to the top).
create_smartdesign -sd_name uvs_icicle
sd_instantiate_component -sd_name uvs_icicle -component_name $mss -instance_name MSS
sd_instantiate_hdl_module -sd_name uvs_icicle -hdl_module_name uvs_top_icicle -hdl_file [file join $boarddir rtl uvs_top_icicle.sv] -instance_name FABRIC
auto_promote_pad_pins -promote_all 1
sd_connect_pins -sd_name uvs_icicle -pin_names {FABRIC:FIC_0_ACLK MSS:FIC_0_ACLK}
sd_connect_pins -sd_name uvs_icicle -pin_names {MSS:MSS_RESET_N_M2F FABRIC:MSS_RESET_N_M2F}
# Interrupt lines 0..7 to MSS_INT_F2M[7:0]; the overlay (uvmsoc-overlay.dtso)
# names line 0's PLIC source.
sd_connect_pins -sd_name uvs_icicle -pin_names {FABRIC:MSS_INT_F2M MSS:MSS_INT_F2M[7:0]}
# FIC0: the fabric's master to the MSS target (DDR), the MSS initiator to BAR0.
sd_connect_pins -sd_name uvs_icicle -pin_names {FABRIC:fic0_tgt_axi MSS:FIC_0_AXI4_TARGET}
sd_connect_pins -sd_name uvs_icicle -pin_names {FABRIC:fic0_ini_axi MSS:FIC_0_AXI4_INITIATOR}
sd_create_scalar_port -sd_name uvs_icicle -port_name REF_CLK_50MHz -port_direction IN
sd_connect_pins -sd_name uvs_icicle -pin_names {REF_CLK_50MHz FABRIC:REF_CLK_50MHz}
save_smartdesign -sd_name uvs_icicle
generate_component -component_name uvs_icicle
set_root -module {uvs_icicle::work}

# Constraints: the reference design's I/O constraints (MSS and board pins),
# then ours (the fabric clock pin and the timing of the core clock).
foreach pdc [glob -nocomplain [file join $ref script_support constraints *.pdc]] {
  create_links -io_pdc $pdc
}
create_links -io_pdc [file join $boarddir constraints icicle.pdc]
create_links -sdc [file join $boarddir constraints icicle.sdc]
organize_tool_files -tool PLACEROUTE -file [file join $boarddir constraints icicle.pdc] -module uvs_icicle::work -input_type constraint
organize_tool_files -tool SYNTHESIZE -file [file join $boarddir constraints icicle.sdc] -module uvs_icicle::work -input_type constraint
derive_constraints_sdc

run_tool -name SYNTHESIZE
run_tool -name PLACEROUTE
run_tool -name VERIFYTIMING
run_tool -name GENERATEPROGRAMMINGDATA
export_prog_job -job_file_name uvmsoc-icicle-kit -export_dir $outdir -bitstream_file_type TRUSTED_FACTORY \
  -bitstream_file_components {FABRIC SNVM}
save_project

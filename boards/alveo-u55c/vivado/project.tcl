# Vivado batch flow of the Alveo U55C build (boards/flow.sh bitstream runs it:
#   vivado -mode batch -source project.tcl -tclargs BOARDDIR OUTDIR PART SRC.sv...
# ). Written from AMD's public documentation: UG835 (Tcl command reference),
# UG994 (IP integrator), UG1469 (Alveo U55C user guide: part, clocks, pins),
# UG908 (programming). Not run here (no Vivado on the development machine):
# docs/boards.md says what was and was not verified.
#
# Steps: project for the part; the core's RTL, the board top and its
# helpers (SystemVerilog); the vendor shell block design (shell_bd.tcl,
# instantiated by the top as module uvs_u55c_shell); constraints; synthesis,
# implementation, bitstream OUTDIR/uvmsoc-alveo-u55c.bit, and utilization and
# timing reports next to it.
if {[llength $argv] < 4} {
  puts stderr "usage: project.tcl BOARDDIR OUTDIR PART SRC.sv..."
  exit 2
}
set boarddir [lindex $argv 0]
set outdir   [lindex $argv 1]
set part     [lindex $argv 2]
set srcs     [lrange $argv 3 end]

create_project -force uvmsoc_u55c [file join $outdir vivado] -part $part
# The card's board files (Vivado's board store, xilinx.com:au55c) are not
# needed: every pin is in constraints/u55c.xdc.

add_files -norecurse -fileset sources_1 $srcs
add_files -norecurse -fileset sources_1 [file join $boarddir rtl uvs_top_u55c.sv]
set_property file_type SystemVerilog [get_files -filter {FILE_TYPE == Verilog || FILE_TYPE == SystemVerilog} *.sv]
set_property include_dirs [list [file normalize [file join $boarddir .. common]] \
  [file normalize [file join $boarddir .. .. rtl soc]]] [current_fileset]
set_property top uvs_top_u55c [current_fileset]

# The vendor shell (XDMA, HBM, SmartConnect, clocking): block design
# uvs_u55c_shell; its generated top module has the ports of ip/uvs_u55c_shell.sv.
source [file join $boarddir vivado shell_bd.tcl]
uvs_u55c_create_shell
generate_target all [get_files uvs_u55c_shell.bd]

add_files -norecurse -fileset constrs_1 [file join $boarddir constraints u55c.xdc]

launch_runs synth_1 -jobs 8
wait_on_run synth_1
if {[get_property PROGRESS [get_runs synth_1]] ne "100%"} { puts stderr "synthesis failed"; exit 1 }
launch_runs impl_1 -to_step write_bitstream -jobs 8
wait_on_run impl_1
if {[get_property PROGRESS [get_runs impl_1]] ne "100%"} { puts stderr "implementation failed"; exit 1 }

open_run impl_1
report_utilization -file [file join $outdir utilization.txt]
report_timing_summary -file [file join $outdir timing.txt]
set bit [lindex [glob -directory [get_property DIRECTORY [get_runs impl_1]] *.bit] 0]
file copy -force $bit [file join $outdir uvmsoc-alveo-u55c.bit]

# Programs the U55C over JTAG with Vivado's hardware manager (UG908,
# "Programming the FPGA"): boards/flow.sh flash uses it when openFPGALoader is
# not installed.  vivado -mode batch -source program.tcl -tclargs FILE.bit
# The card's JTAG is reached through the Alveo programming cable (UG1377) or
# the USB-JTAG of the card's maintenance connector (UG1469); the FPGA
# configuration is volatile: a host reboot or PCIe reset reloads the card's
# flash image (UG1469 "Configuration"), so the host must rescan the PCIe bus
# after programming (echo 1 > /sys/bus/pci/rescan).
if {[llength $argv] != 1} { puts stderr "usage: program.tcl FILE.bit"; exit 2 }
set bit [lindex $argv 0]
open_hw_manager
connect_hw_server
open_hw_target
set dev [lindex [get_hw_devices xcu55c*] 0]
if {$dev eq ""} { puts stderr "no xcu55c device on the JTAG chain"; exit 1 }
current_hw_device $dev
set_property PROGRAM.FILE $bit $dev
program_hw_devices $dev
close_hw_manager

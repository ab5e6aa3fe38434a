# Alveo U55C constraints of uvs_top_u55c (part xcu55c-fsvh2892-2L-e). Pins and
# I/O standards from UG1469 (Alveo U55C user guide, "Clocks", "PCIe",
# "HBM_CATTRIP" and its XDC pin tables); configuration from UG1469
# "Configuration" (quad SPI flash, 1.8 V bank) and UG570. Not run here.

# Configuration: SPIx4 flash at 85 MHz (the card's flash and fallback image).
set_property CONFIG_VOLTAGE 1.8 [current_design]
set_property CFGBVS GND [current_design]
set_property CONFIG_MODE SPIx4 [current_design]
set_property BITSTREAM.CONFIG.SPI_BUSWIDTH 4 [current_design]
set_property BITSTREAM.CONFIG.CONFIGRATE 85.0 [current_design]
set_property BITSTREAM.CONFIG.CONFIGFALLBACK ENABLE [current_design]
set_property BITSTREAM.GENERAL.COMPRESS TRUE [current_design]

# SYSCLK2: 100 MHz LVDS, bank 68.
set_property PACKAGE_PIN BK10 [get_ports sysclk2_clk_p]
set_property IOSTANDARD LVDS [get_ports {sysclk2_clk_p sysclk2_clk_n}]
create_clock -period 10.000 -name sysclk2 [get_ports sysclk2_clk_p]

# PCIe: reference clock 0 (GTY quad 227, 100 MHz) and PERST#, bank 65.
set_property PACKAGE_PIN AL15 [get_ports pcie_refclk_clk_p]
set_property PACKAGE_PIN AL14 [get_ports pcie_refclk_clk_n]
create_clock -period 10.000 -name pcie_refclk [get_ports pcie_refclk_clk_p]
set_property PACKAGE_PIN BF41 [get_ports pcie_perstn]
set_property IOSTANDARD LVCMOS18 [get_ports pcie_perstn]
set_false_path -from [get_ports pcie_perstn]
# The 16 lanes are placed by the XDMA IP (pcie_blk_locn X1Y0, quad 227..224).

# HBM_CATTRIP: must be driven (low while the stacks are cool), bank 65.
set_property PACKAGE_PIN BE45 [get_ports hbm_cattrip]
set_property IOSTANDARD LVCMOS18 [get_ports hbm_cattrip]
set_property PULLDOWN TRUE [get_ports hbm_cattrip]

# Clock domains: core_clk (clk_wiz), the XDMA's axi_aclk and the PCIe
# reference are asynchronous; the block design's clock converters cross them.
set_clock_groups -asynchronous \
  -group [get_clocks -include_generated_clocks sysclk2] \
  -group [get_clocks -include_generated_clocks pcie_refclk]

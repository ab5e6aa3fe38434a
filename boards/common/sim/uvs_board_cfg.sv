// uvs_board_cfg (co-simulation): the twin of boards/common/uvs_board_cfg.sv
// (same parameters and ports) that boards/boards.mk builds into a board's
// co-simulation instead. As in the simulation top rtl/sim/uvs_soc.sv, the
// straps come from the simulator's options and the boot port goes to the C
// loader (rtl/sim/uvs_sim_straps.sv), which gives back the boot ROM's data
// words for the board's ROM (uvs_axi_bootrom). The board's constants
// (parameters) are not used: the simulator's options keep working.
// The board's ROM serves the BOOTROM region, so the C ROM's code words are
// zeroed after reset and after each boot-ROM write (uvs_dpi_bootrom_poison):
// a fetch that still reached the C memory there would fail, which makes
// every board co-simulation a test of uvs_axi_bootrom.
module uvs_board_cfg #(
  /* verilator lint_off UNUSEDPARAM */
  parameter logic [63:0] BOOT_ENTRY   = 64'h0,
  parameter logic [63:0] SRAM_SIZE    = 64'h0,
  parameter logic [63:0] HBM_SIZE     = 64'h0,
  parameter logic [63:0] CAPS         = 64'h0,
  parameter logic [31:0] CLOCK_KHZ    = 32'd0,
  parameter logic [31:0] LINK_LATENCY = 32'd0,
  parameter logic [31:0] LINK_BW      = 32'd0,
  parameter logic [31:0] LINK_MPS     = 32'd0,
  parameter logic [31:0] HBM_LATENCY  = 32'd0,
  parameter logic [31:0] HBM_BW       = 32'd0
  /* verilator lint_on UNUSEDPARAM */
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        boot_valid_i,
  input  logic [63:0] boot_entry_i,
  input  logic [63:0] boot_dtb_i,
  input  logic [63:0] boot_mentry_i,
  output logic        cfg_host_link_o,
  output logic [63:0] cfg_boot_entry_o,
  output logic [63:0] cfg_sram_size_o,
  output logic [63:0] cfg_hbm_size_o,
  output logic [63:0] cfg_caps_o,
  output logic [31:0] cfg_clock_khz_o,
  output logic [31:0] cfg_link_latency_o,
  output logic [31:0] cfg_link_bw_o,
  output logic [31:0] cfg_link_mps_o,
  output logic [31:0] cfg_hbm_latency_o,
  output logic [31:0] cfg_hbm_bw_o,
  output logic [63:0] rom_entry_o,
  output logic [63:0] rom_dtb_o,
  output logic [63:0] rom_mentry_o
);
  import "DPI-C" function void uvs_dpi_bootrom_poison();

  uvs_sim_straps u_straps (.*);

  // The cycle after reset and after a boot-ROM write (the loader rebuilds
  // its ROM in that write's cycle).
  logic poison_q;
  always_ff @(posedge clk_i) begin
    poison_q <= !rst_ni || boot_valid_i;
    if (rst_ni && poison_q) uvs_dpi_bootrom_poison();
  end
endmodule

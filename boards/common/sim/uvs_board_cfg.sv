// uvs_board_cfg (co-simulation): the twin of boards/common/uvs_board_cfg.sv
// (same parameters and ports) that boards/boards.mk builds into a board's
// co-simulation instead. As the simulation top rtl/sim/uvs_soc.sv does, the
// straps come from the simulator (uvs_dpi_hostif_config, sim/dpi.c: its
// options, memory sizes and link model) while rst_ni is low, and the boot
// port goes to the C loader (uvs_dpi_boot). The board's constants
// (parameters) are not used: the simulator's options keep working.
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
  output logic [31:0] cfg_hbm_bw_o
);
  import "DPI-C" function void uvs_dpi_hostif_config(
      output byte host_link, output longint boot_entry,
      output longint sram_size, output longint hbm_size, output longint caps,
      output int clock_khz, output int link_latency, output int link_bw,
      output int link_mps, output int hbm_latency, output int hbm_bw);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin : l_config
      byte    link;
      longint entry, sram, hbm, caps;
      int     khz, lat, bw, mps, hlat, hbw;
      uvs_dpi_hostif_config(link, entry, sram, hbm, caps, khz, lat, bw, mps, hlat, hbw);
      cfg_host_link_o    <= link != 0;
      cfg_boot_entry_o   <= entry;
      cfg_sram_size_o    <= sram;
      cfg_hbm_size_o     <= hbm;
      cfg_caps_o         <= caps;
      cfg_clock_khz_o    <= khz;
      cfg_link_latency_o <= lat;
      cfg_link_bw_o      <= bw;
      cfg_link_mps_o     <= mps;
      cfg_hbm_latency_o  <= hlat;
      cfg_hbm_bw_o       <= hbw;
    end
  end

  import "DPI-C" function void uvs_dpi_boot(input longint entry, input longint dtb,
                                            input longint mentry);
  always_ff @(posedge clk_i) begin
    if (boot_valid_i) uvs_dpi_boot(boot_entry_i, boot_dtb_i, boot_mentry_i);
  end
endmodule

// uvs_board_cfg (board): the SoC core's configuration straps and the sink of
// its boot-ROM write port on an FPGA board (docs/boards.md, "Core hookup").
// The straps (uvs_soc_core cfg_*_i, sampled while rst_ni is low) are the
// board's constants, parameters set from the localparams of the board top;
// the boot port (boot_*_i, the core's boot_*_o: BOOT_ENTRY, BOOT_DTB and
// BOOT_MENTRY when the host releases the harts) sets the data words of the
// board's boot ROM (rom_*_o, to uvs_axi_bootrom), held until the next
// release; before the first one they are BOOT_ENTRY, 0 and 0 (the harts are
// held until the host releases them). Its co-simulation twin,
// boards/common/sim/uvs_board_cfg.sv (same ports), reads the straps and the
// ROM words from the simulator instead.
module uvs_board_cfg #(
  parameter logic [63:0] BOOT_ENTRY   = 64'h0,  // BOOT_ENTRY reset value (address)
  parameter logic [63:0] SRAM_SIZE    = 64'h0,  // populated SRAM, bytes
  parameter logic [63:0] HBM_SIZE     = 64'h0,  // populated HBM, bytes (0: none)
  parameter logic [63:0] CAPS         = 64'h0,  // hostif.def HOSTIF_CAP_* bits
  parameter logic [31:0] CLOCK_KHZ    = 32'd0,  // core clock, kHz
  parameter logic [31:0] LINK_LATENCY = 32'd0,  // one-way host link latency, core cycles
  parameter logic [31:0] LINK_BW      = 32'd0,  // host link bytes per core cycle, 16.16
  parameter logic [31:0] LINK_MPS     = 32'd0,  // largest link payload, bytes
  parameter logic [31:0] HBM_LATENCY  = 32'd0,  // HBM latency, core cycles
  parameter logic [31:0] HBM_BW       = 32'd0   // HBM bytes per core cycle, 16.16
) (
  input  logic        clk_i,
  input  logic        rst_ni,           // synchronous, active low
  input  logic        boot_valid_i,     // the host released the harts: boot_*_i are the ROM words
  input  logic [63:0] boot_entry_i,
  input  logic [63:0] boot_dtb_i,
  input  logic [63:0] boot_mentry_i,
  output logic        cfg_host_link_o,  // 1: a host drives BAR0
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
  output logic [63:0] rom_entry_o,      // boot ROM word BOOTROM_ENTRY_OFF (address)
  output logic [63:0] rom_dtb_o,        // boot ROM word BOOTROM_DTB_OFF (address)
  output logic [63:0] rom_mentry_o      // boot ROM word BOOTROM_MENTRY_OFF (address, 0 = none)
);
  assign cfg_host_link_o    = 1'b1;  // the board's host (PCIe or MSS) always owns BAR0
  assign cfg_boot_entry_o   = BOOT_ENTRY;
  assign cfg_sram_size_o    = SRAM_SIZE;
  assign cfg_hbm_size_o     = HBM_SIZE;
  assign cfg_caps_o         = CAPS;
  assign cfg_clock_khz_o    = CLOCK_KHZ;
  assign cfg_link_latency_o = LINK_LATENCY;
  assign cfg_link_bw_o      = LINK_BW;
  assign cfg_link_mps_o     = LINK_MPS;
  assign cfg_hbm_latency_o  = HBM_LATENCY;
  assign cfg_hbm_bw_o       = HBM_BW;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rom_entry_o  <= BOOT_ENTRY;
      rom_dtb_o    <= '0;
      rom_mentry_o <= '0;
    end else if (boot_valid_i) begin
      rom_entry_o  <= boot_entry_i;
      rom_dtb_o    <= boot_dtb_i;
      rom_mentry_o <= boot_mentry_i;
    end
  end
endmodule

// uvs_sim_straps: the simulator's side of the core's configuration straps
// and boot-ROM write port, shared by the simulation top (uvs_soc) and the
// board co-simulation tops (boards/common/sim/uvs_board_cfg.sv).
//   - Straps (host link attached, BOOT_ENTRY reset value, SRAM and HBM sizes
//     in bytes, capabilities, clock in kHz, link and HBM models: latency in
//     cycles, bandwidth, max payload size; sim/dpi.c uvs_dpi_hostif_config)
//     are read from the simulator's options in every cycle with rst_ni = 0
//     and held after; the core samples them in the same reset cycles (reset
//     lasts at least two).
//   - A boot-ROM write (boot_valid_i) hands the entries and the DTB address
//     to the C loader (uvs_dpi_boot, sim/sim.c uvs_sim_boot).
//   - rom_*_o: the data words of the C loader's boot ROM (entry, DTB address,
//     M-mode entry; the loader substitutes its DTB and --sbi entry for 0),
//     read in reset and after each boot-ROM write, for a board's own ROM
//     (boards/common/uvs_axi_bootrom.sv) in co-simulation.
module uvs_sim_straps (
  input  logic        clk_i,
  input  logic        rst_ni,             // synchronous, active low
  input  logic        boot_valid_i,       // boot-ROM write this cycle
  input  logic [63:0] boot_entry_i,       // S/U payload entry (byte address)
  input  logic [63:0] boot_dtb_i,         // DTB address (byte address)
  input  logic [63:0] boot_mentry_i,      // M-mode entry (byte address)
  output logic        cfg_host_link_o,
  output logic [63:0] cfg_boot_entry_o,
  output logic [63:0] cfg_sram_size_o,    // bytes
  output logic [63:0] cfg_hbm_size_o,     // bytes
  output logic [63:0] cfg_caps_o,
  output logic [31:0] cfg_clock_khz_o,
  output logic [31:0] cfg_link_latency_o, // cycles
  output logic [31:0] cfg_link_bw_o,
  output logic [31:0] cfg_link_mps_o,     // bytes
  output logic [31:0] cfg_hbm_latency_o,  // cycles
  output logic [31:0] cfg_hbm_bw_o,
  output logic [63:0] rom_entry_o,        // boot ROM word BOOTROM_ENTRY_OFF
  output logic [63:0] rom_dtb_o,          // boot ROM word BOOTROM_DTB_OFF
  output logic [63:0] rom_mentry_o        // boot ROM word BOOTROM_MENTRY_OFF
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
  import "DPI-C" function void uvs_dpi_bootrom_words(output longint entry, output longint dtb,
                                                     output longint mentry);
  always_ff @(posedge clk_i) begin
    if (!rst_ni || boot_valid_i) begin : l_boot
      longint e, d, m;
      if (rst_ni) uvs_dpi_boot(boot_entry_i, boot_dtb_i, boot_mentry_i);
      uvs_dpi_bootrom_words(e, d, m);
      rom_entry_o  <= e;
      rom_dtb_o    <= d;
      rom_mentry_o <= m;
    end
  end
endmodule

// uvs_soc: the simulation top (docs/architecture.md, "SoC boundary (AXI)"):
// the synthesizable SoC core uvs_soc_core and, around its standard
// interfaces, the simulator's models, the only place below the C++ harness
// (sim/main.cpp) where memory, console and trace DPI are called:
//   - one AXI4 slave memory model (uvs_axi_mem_model, sim/mem.c and
//     sim/memsys.c behind it) per memory master of the core: port
//     2 * hart + (0 fetch, 1 data) on clk_i, and the IOMMU's memory master
//     (memmap.def MEM_PORT_IOMMU) on the core's iommu_aclk_o;
//   - one AXI4 slave model per data master of the DMA engine
//     (uvs_axi_dma_model, sim/dma_slave.c behind it): host memory on
//     dma_h_axi, SRAM and HBM on dma_d_axi, 128-byte beats, timed per burst
//     on the memory system, on the core's dma_aclk_o; the fault injection
//     dma-error (sim/inject.h) hooks the engine's descriptor starts here;
//   - two such slave models per tile engine (memory and the hart's
//     scratchpad, 64-byte beats; sim/tile.c configures them), and the
//     engines' beats to the access trace and profile (uvs_dpi_tile_beat);
//   - the UART's transmit byte stream to stdout (uvs_dpi_uart_tx), the MSI
//     vector output to the host link model (uvs_dpi_msi);
//   - the retire trace of the single-thread harts (uvs_retire_hook, while
//     trace_retired_i = 1) and the access trace of translated accesses
//     (uvs_dpi_xlat_access, sim/trace_rec.h).
// Ports and parameters are those the harness has always driven.
`include "uvs_axi_ports.svh"

module uvs_soc #(
  parameter int NUM_HARTS = 1,   // 1 management + N compute harts, 1..32
  parameter int MTIME_DIV = 100, // clock cycles per mtime tick, >= 1
  parameter int MT_THREADS = 0,  // 0: compute harts are uvs_core; else threads per uvs_mt_core
  parameter int PIPE = 0,        // core of the single-thread harts: 1 uvs_pipe_core, 0 uvs_core
  parameter int DMA_BEAT_BYTES = 128, // the DMA engine's data width (sim/dma_burst.c calibrated at 128)
  parameter int SPAD_BYTES = 262144,   // scratchpad bytes per compute hart (sim/sim.c UVS_SPAD_KIB)
  parameter int TILE_BEAT_BYTES = 64   // the tile engines' data width (issue 13: one 64-byte beat per cycle)
) (
  input  logic        clk_i,
  input  logic        rst_ni,           // synchronous, active low
  input  logic        trace_retired_i,  // 1: call uvs_dpi_retire per retirement
  output logic [63:0] cycle_o,          // clock cycles since reset
  output logic [63:0] retired_o         // instructions retired since reset, all harts
);
  import uvs_memmap_pkg::UVS_MEM_PORT_IOMMU;

  logic                                mem_aresetn, iommu_aclk, iommu_aresetn;
  `UVS_AXI4_WIRES(mem_axi, [2*NUM_HARTS-1:0])
  `UVS_AXI4_WIRES(iommu_axi, )
  logic                                dma_aclk, dma_aresetn;
  `UVS_AXI4W_WIRES(dma_h_axi, DMA_BEAT_BYTES)
  `UVS_AXI4W_WIRES(dma_d_axi, DMA_BEAT_BYTES)
  localparam int NTILE = (NUM_HARTS > 1) ? NUM_HARTS - 1 : 1;
  `UVS_AXI4WD_WIRES(tile_m_axi, TILE_BEAT_BYTES, [NTILE-1:0])
  `UVS_AXI4WD_WIRES(tile_s_axi, TILE_BEAT_BYTES, [NTILE-1:0])
  logic [NUM_HARTS-1:0]                t_valid;
  logic [NUM_HARTS-1:0][63:0]          t_va, t_pa;
  logic [NUM_HARTS-1:0][2:0]           t_flags;
  `UVS_AXIL_WIRES(bar0_axil)
  logic                                uart_tx_valid;
  logic [7:0]                          uart_tx_data;
  logic [31:0]                         msi;
  // straps of the core (uvs_sim_straps), BAR0 master model outputs,
  // boot-ROM write port
  logic                                cfg_link_q;
  logic [63:0]                         cfg_entry_q, cfg_sram_q, cfg_hbm_q, cfg_caps_q;
  logic [31:0]                         cfg_khz_q, cfg_lat_q, cfg_bw_q, cfg_mps_q, cfg_hlat_q, cfg_hbw_q;
  logic [63:0]                         perf_h2d, perf_d2h, perf_hbm;
  logic                                mgmt_halt, boot_valid;
  logic [31:0]                         mgmt_exit;
  logic [63:0]                         boot_entry, boot_dtb, boot_mentry;
  logic [NUM_HARTS-1:0]                rv_valid, x_valid;
  logic [NUM_HARTS-1:0][63:0]          rv_pc, rv_wdata, x_va, x_pa;
  logic [NUM_HARTS-1:0][31:0]          rv_insn;
  logic [NUM_HARTS-1:0][4:0]           rv_rd;
  logic [NUM_HARTS-1:0][7:0]           x_id;
  logic [NUM_HARTS-1:0][1:0]           x_flags;

  uvs_soc_core #(
    .NUM_HARTS (NUM_HARTS),
    .MTIME_DIV (MTIME_DIV),
    .MT_THREADS(MT_THREADS),
    .PIPE      (PIPE),
    .DMA_BEAT_BYTES (DMA_BEAT_BYTES),
    .SPAD_BYTES (SPAD_BYTES),
    .TILE_BEAT_BYTES (TILE_BEAT_BYTES)
  ) u_core (
    .clk_i,
    .rst_ni,
    .cycle_o,
    .retired_o,
    .mem_aresetn_o   (mem_aresetn),
    `UVS_AXI4_M_CONNECT(mem_axi, mem_axi),
    .iommu_aclk_o    (iommu_aclk),
    .iommu_aresetn_o (iommu_aresetn),
    `UVS_AXI4_M_CONNECT(iommu_axi, iommu_axi),
    .dma_aclk_o      (dma_aclk),
    .dma_aresetn_o   (dma_aresetn),
    `UVS_AXI4W_M_CONNECT(dma_h_axi, dma_h_axi),
    `UVS_AXI4W_M_CONNECT(dma_d_axi, dma_d_axi),
    `UVS_AXI4W_M_CONNECT(tile_m_axi, tile_m_axi),
    `UVS_AXI4W_M_CONNECT(tile_s_axi, tile_s_axi),
    `UVS_AXIL_CONNECT(s_axil, bar0_axil),
    .cfg_host_link_i    (cfg_link_q),
    .cfg_boot_entry_i   (cfg_entry_q),
    .cfg_sram_size_i    (cfg_sram_q),
    .cfg_hbm_size_i     (cfg_hbm_q),
    .cfg_caps_i         (cfg_caps_q),
    .cfg_clock_khz_i    (cfg_khz_q),
    .cfg_link_latency_i (cfg_lat_q),
    .cfg_link_bw_i      (cfg_bw_q),
    .cfg_link_mps_i     (cfg_mps_q),
    .cfg_hbm_latency_i  (cfg_hlat_q),
    .cfg_hbm_bw_i       (cfg_hbw_q),
    .perf_link_h2d_i    (perf_h2d),
    .perf_link_d2h_i    (perf_d2h),
    .perf_hbm_i         (perf_hbm),
    .mgmt_halt_i        (mgmt_halt),
    .mgmt_exit_i        (mgmt_exit),
    .boot_valid_o       (boot_valid),
    .boot_entry_o       (boot_entry),
    .boot_dtb_o         (boot_dtb),
    .boot_mentry_o      (boot_mentry),
    .uart_tx_valid_o (uart_tx_valid),
    .uart_tx_data_o  (uart_tx_data),
    .msi_o           (msi),
    .rvfi_valid_o    (rv_valid),
    .rvfi_pc_o       (rv_pc),
    .rvfi_insn_o     (rv_insn),
    .rvfi_rd_o       (rv_rd),
    .rvfi_wdata_o    (rv_wdata),
    .xlat_valid_o    (x_valid),
    .xlat_id_o       (x_id),
    .xlat_va_o       (x_va),
    .xlat_pa_o       (x_pa),
    .xlat_flags_o    (x_flags),
    .tile_trc_valid_o (t_valid),
    .tile_trc_va_o    (t_va),
    .tile_trc_pa_o    (t_pa),
    .tile_trc_flags_o (t_flags)
  );

  for (genvar p = 0; p < 2 * NUM_HARTS; p++) begin : g_mem
    uvs_axi_mem_model #(.PORT(p)) u_mem (
      .clk_i,
      .rst_ni (mem_aresetn),
      `UVS_AXI4_S_CONNECT(s_axi, mem_axi, [p])
    );
  end

  uvs_axi_mem_model #(.PORT(int'(UVS_MEM_PORT_IOMMU))) u_iommu_mem (
    .clk_i  (iommu_aclk),
    .rst_ni (iommu_aresetn),
    `UVS_AXI4_S_CONNECT(s_axi, iommu_axi, )
  );

  // (dma_aclk already runs only while the engine is in use or has bursts
  // outstanding, which covers every cycle these models act in: GATE = 0)
  /* verilator lint_off UNUSEDSIGNAL */
  logic [1:0] dma_model_act;
  /* verilator lint_on UNUSEDSIGNAL */
  uvs_axi_dma_model #(.BEAT_BYTES(DMA_BEAT_BYTES), .PORT(1), .GATE(0)) u_dma_host (
    .clk_i  (dma_aclk),
    .rst_ni (dma_aresetn),
    .act_o  (dma_model_act[1]),
    `UVS_AXI4W_S_CONNECT(s_axi, dma_h_axi)
  );
  uvs_axi_dma_model #(.BEAT_BYTES(DMA_BEAT_BYTES), .PORT(0), .GATE(0)) u_dma_dev (
    .clk_i  (dma_aclk),
    .rst_ni (dma_aresetn),
    .act_o  (dma_model_act[0]),
    `UVS_AXI4W_S_CONNECT(s_axi, dma_d_axi)
  );
  // The tile engines' masters: memory and scratchpad (uvs_axi_dma_model
  // ports 2 + 2k and 3 + 2k), and their beats to the access trace and the
  // tile profile (uvs_dpi_tile_beat, sim/tile.c).
  import "DPI-C" function void uvs_dpi_tile_beat(input int hart, input longint va, input longint pa,
                                                 input byte we, input byte xlat);
  // All tile models on one clock, running in the cycles where any of them
  // acts (one gate: fewer clock domains for Verilator than one per model).
  logic [2*NTILE-1:0] tile_model_act;
  logic               tile_model_clk;
  uvs_clk_gate #(.IDLE(1)) u_tile_model_cg (
    .clk_i,
    .act_i (tile_model_act != '0),
    .clk_o (tile_model_clk)
  );
  for (genvar k = 0; k < NTILE; k++) begin : g_tile
    uvs_axi_dma_model #(.BEAT_BYTES(TILE_BEAT_BYTES), .PORT(2 + 2 * k), .GATE(0)) u_tile_mem (
      .clk_i  (tile_model_clk),
      .rst_ni (mem_aresetn),
      .act_o  (tile_model_act[2 * k]),
      `UVS_AXI4W_S_CONNECT_X(s_axi, tile_m_axi, [k])
    );
    uvs_axi_dma_model #(.BEAT_BYTES(TILE_BEAT_BYTES), .PORT(3 + 2 * k), .GATE(0)) u_tile_spad (
      .clk_i  (tile_model_clk),
      .rst_ni (mem_aresetn),
      .act_o  (tile_model_act[2 * k + 1]),
      `UVS_AXI4W_S_CONNECT_X(s_axi, tile_s_axi, [k])
    );
  end
  always_ff @(posedge clk_i) begin
    for (int h = 1; h < NUM_HARTS; h++)
      if (t_valid[h])
        uvs_dpi_tile_beat(h, t_va[h], t_pa[h], {7'd0, t_flags[h][2]}, {6'd0, t_flags[h][1:0]});
  end

  // Fault injection (dma-error): each descriptor the engine starts.
  import "DPI-C" function void uvs_dpi_dma_desc(input int chan, input longint desc_addr, input int index);
  always_ff @(posedge dma_aclk) begin
    if (dma_aresetn && u_core.u_dma.start)
      uvs_dpi_dma_desc(int'(u_core.u_dma.gc), u_core.u_dma.u_xfer.desc_addr_i, u_core.u_dma.u_xfer.index_i);
  end

  // Straps and boot-ROM write port: the simulator's options and C loader.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [63:0] rom_words [3];
  /* verilator lint_on UNUSEDSIGNAL */
  uvs_sim_straps u_straps (
    .clk_i,
    .rst_ni,
    .boot_valid_i       (boot_valid),
    .boot_entry_i       (boot_entry),
    .boot_dtb_i         (boot_dtb),
    .boot_mentry_i      (boot_mentry),
    .cfg_host_link_o    (cfg_link_q),
    .cfg_boot_entry_o   (cfg_entry_q),
    .cfg_sram_size_o    (cfg_sram_q),
    .cfg_hbm_size_o     (cfg_hbm_q),
    .cfg_caps_o         (cfg_caps_q),
    .cfg_clock_khz_o    (cfg_khz_q),
    .cfg_link_latency_o (cfg_lat_q),
    .cfg_link_bw_o      (cfg_bw_q),
    .cfg_link_mps_o     (cfg_mps_q),
    .cfg_hbm_latency_o  (cfg_hlat_q),
    .cfg_hbm_bw_o       (cfg_hbw_q),
    .rom_entry_o        (rom_words[0]),  // the C memory serves the ROM here
    .rom_dtb_o          (rom_words[1]),
    .rom_mentry_o       (rom_words[2])
  );

  // BAR0: the host link model's AXI4-Lite master.
  uvs_axil_host_model u_bar0 (
    .clk_i,
    .rst_ni,
    .enable_i        (cfg_link_q),
    `UVS_AXIL_M_CONNECT(m_axil, bar0_axil),
    .mgmt_halt_o     (mgmt_halt),
    .mgmt_exit_o     (mgmt_exit),
    .perf_link_h2d_o (perf_h2d),
    .perf_link_d2h_o (perf_d2h),
    .perf_hbm_o      (perf_hbm)
  );

  // Hands one transmitted byte to the harness (stdout).
  import "DPI-C" function void uvs_dpi_uart_tx(input byte c);
  always_ff @(posedge clk_i) begin
    if (uart_tx_valid) uvs_dpi_uart_tx(uart_tx_data);
  end

  // MSI vectors raised this cycle: to the host link model.
  import "DPI-C" function void uvs_dpi_msi(input int vectors);
  always_ff @(posedge clk_i) begin
    if (msi != 32'd0) uvs_dpi_msi(msi);
  end

  // One translated access of a compute hart (sim/trace_rec.h).
  import "DPI-C" function void uvs_dpi_xlat_access(input int hart, input int id, input longint va,
                                                   input longint pa, input byte flags);
  for (genvar h = 1; h < NUM_HARTS; h++) begin : g_acc_trace
    always_ff @(posedge clk_i) begin
      if (x_valid[h])
        uvs_dpi_xlat_access(h, int'(x_id[h]), x_va[h], x_pa[h], {6'd0, x_flags[h]});
    end
  end

  // Retire trace of the single-thread harts (multithreaded ones count only).
  for (genvar h = 0; h < NUM_HARTS; h++) begin : g_retire
    if (MT_THREADS == 0 || h == 0) begin : g_st
      uvs_retire_hook #(.HART(h)) u_retire (
        .clk_i,
        .enable_i   (trace_retired_i),
        .cycle_i    (cycle_o),
        .valid_i    (rv_valid[h]),
        .trap_i     (1'b0),  // rvfi_valid_o counts retirements only
        .pc_i       (rv_pc[h]),
        .insn_i     (rv_insn[h]),
        .rd_i       (rv_rd[h]),
        .rd_wdata_i (rv_wdata[h])
      );
    end else begin : g_mt
      /* verilator lint_off UNUSEDSIGNAL */
      logic unused;
      assign unused = rv_valid[h] | (|rv_pc[h]) | (|rv_insn[h]) | (|rv_rd[h]) | (|rv_wdata[h]);
      /* verilator lint_on UNUSEDSIGNAL */
    end
  end
  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_x;
  assign unused_x = x_valid[0] | (|x_id[0]) | (|x_va[0]) | (|x_pa[0]) | (|x_flags[0]);
  /* verilator lint_on UNUSEDSIGNAL */
endmodule

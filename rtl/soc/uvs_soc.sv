// uvs_soc: the uvmsoc SoC top (docs/architecture.md): NUM_HARTS harts
// (hart 0 = management hart, harts 1.. = compute harts), each with its
// instruction and data ports (architecture.md, "On-chip bus") wired to
//   - its own pair of DPI memory ports (BOOTROM + SRAM + HBM, sim/mem.c), so
//     harts never serialize on memory; fetches outside memory get err from C;
//   - for data: the shared MMIO bus (CLINT, UART0, and with host_blocks_i the
//     host interface uvs_hostif and the DMA engine uvs_dma) through a
//     round-robin arbiter, or an error responder for unmapped/reserved regions.
// The host link's BAR0 port (uvs_host_port, fed by the simulator's link
// model through DPI) is the arbiter's last requester: BAR0 + HOSTIF_DMA_OFF
// .. +0xff goes to DMA channel 0, the rest of BAR0 to uvs_hostif. MSIs go to
// the link model through DPI (uvs_hostif). Whether a host link is attached
// (host_blocks) comes from the simulator at reset (uvs_dpi_hostif_config).
// Interrupts: CLINT msip/mtimecmp per hart; UART irq, or-ed with the host
// interface's doorbell interrupt, to hart 0's irq_external_i. With a host
// link the harts are held in reset while HOSTIF_MGMT_CTRL.HOLD is set
// or after the management hart halted (mgmt_halt_i); DEV_RESET resets harts,
// CLINT, UART and DMA. Retired instructions are counted (retired_o) and,
// while trace_retired_i = 1, reported to the harness (uvs_dpi_retire).
module uvs_soc #(
  parameter int NUM_HARTS = 1,   // 1 management + N compute harts, 1..32
  parameter int MTIME_DIV = 100  // clock cycles per mtime tick, >= 1
) (
  input  logic        clk_i,
  input  logic        rst_ni,           // synchronous, active low
  input  logic        trace_retired_i,  // 1: call uvs_dpi_retire per retirement
  output logic [63:0] cycle_o,          // clock cycles since reset
  output logic [63:0] retired_o         // instructions retired since reset, all harts
);
  import uvs_memmap_pkg::*;
  import uvs_soc_pkg::*;
  import uvs_hostif_pkg::*;
  import uvs_dma_pkg::UVS_DMA_CHANNELS;
  import uvs_dma_pkg::UVS_DMA_CHAN_HOST;

  localparam int DMA_NCH  = int'(UVS_DMA_CHANNELS);
  localparam int DMA_HOST = int'(UVS_DMA_CHAN_HOST);

  // ---- hart ports ----
  logic [NUM_HARTS-1:0]       i_req, i_gnt, i_rvalid, i_err;
  logic [NUM_HARTS-1:0][63:0] i_addr, i_rdata;
  logic [NUM_HARTS-1:0]       d_req, d_gnt, d_we, d_rvalid, d_err;
  logic [NUM_HARTS-1:0][63:0] d_addr, d_wdata, d_rdata;
  logic [NUM_HARTS-1:0][7:0]  d_be;
  logic [NUM_HARTS-1:0][3:0]  d_amo;
  // data port -> memory
  logic [NUM_HARTS-1:0]       dm_req, dm_gnt, dm_rvalid, dm_err;
  logic [NUM_HARTS-1:0][63:0] dm_rdata;
  // data port -> MMIO arbiter
  logic [NUM_HARTS-1:0]       mm_req, mm_gnt, mm_rvalid;
  logic [63:0]                mm_rdata;
  logic                       mm_err;
  // resets: harts (HOLD, halt, DEV_RESET) and devices (DEV_RESET)
  logic                       hold, dev_reset, core_rst_n, dev_rst_n, irq_host, host_blocks;
  logic                       hostif_dev_reset;
  assign dev_reset = host_blocks && hostif_dev_reset;
  // Registered so that no top-level input feeds combinational logic (which
  // would make the simulator re-evaluate it on every clock edge); the harts
  // and devices leave reset one cycle after rst_ni.
  always_ff @(posedge clk_i) begin
    core_rst_n <= rst_ni && !(host_blocks && hold) && !dev_reset;
    dev_rst_n  <= rst_ni && !dev_reset;
  end
  // retire ports
  logic [NUM_HARTS-1:0]       rv_valid, rv_trap;
  logic [NUM_HARTS-1:0][63:0] rv_pc, rv_wdata;
  logic [NUM_HARTS-1:0][31:0] rv_insn;
  logic [NUM_HARTS-1:0][4:0]  rv_rd;
  // interrupts and time
  logic [NUM_HARTS-1:0]       irq_sw, irq_tmr;
  logic                       irq_uart;
  logic [63:0]                mtime;

  logic [63:0] cycle_q, retired_q;
  assign cycle_o   = cycle_q;
  assign retired_o = retired_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cycle_q   <= '0;
      retired_q <= '0;
    end else begin
      cycle_q   <= cycle_q + 64'd1;
      retired_q <= retired_q + 64'($countones(rv_valid & ~rv_trap));
    end
  end

  for (genvar h = 0; h < NUM_HARTS; h++) begin : g_hart
    logic [31:0] insn;

    uvs_core #(.HART_ID(h)) u_core (
      .clk_i,
      .rst_ni          (core_rst_n),
      .imem_req_o      (i_req[h]),
      .imem_gnt_i      (i_gnt[h]),
      .imem_addr_o     (i_addr[h]),
      .imem_rvalid_i   (i_rvalid[h]),
      .imem_rdata_i    (insn),
      .imem_err_i      (i_err[h]),
      .dmem_req_o      (d_req[h]),
      .dmem_gnt_i      (d_gnt[h]),
      .dmem_addr_o     (d_addr[h]),
      .dmem_we_o       (d_we[h]),
      .dmem_be_o       (d_be[h]),
      .dmem_wdata_o    (d_wdata[h]),
      .dmem_amo_o      (d_amo[h]),
      .dmem_rvalid_i   (d_rvalid[h]),
      .dmem_rdata_i    (d_rdata[h]),
      .dmem_err_i      (d_err[h]),
      .irq_software_i  (irq_sw[h]),
      .irq_timer_i     (irq_tmr[h]),
      .irq_external_i  (h == 0 ? (irq_uart || (host_blocks && irq_host)) : 1'b0),
      .mtime_i         (mtime),
      .rvfi_valid_o    (rv_valid[h]),
      .rvfi_pc_o       (rv_pc[h]),
      .rvfi_insn_o     (rv_insn[h]),
      .rvfi_rd_o       (rv_rd[h]),
      .rvfi_rd_wdata_o (rv_wdata[h]),
      .rvfi_trap_o     (rv_trap[h])
    );
    assign insn = i_rdata[h][31:0];

    // Instruction port: straight to its memory port (C answers err outside
    // BOOTROM/SRAM, so fetching from MMIO is an instruction access fault).
    uvs_mem_port #(.PORT(2 * h)) u_imem (
      .clk_i,
      .rst_ni   (core_rst_n),
      .req_i    (i_req[h]),
      .gnt_o    (i_gnt[h]),
      .addr_i   (i_addr[h]),
      .we_i     (1'b0),
      .be_i     (8'h00),
      .wdata_i  (64'd0),
      .amo_i    (4'd0),
      .rvalid_o (i_rvalid[h]),
      .rdata_o  (i_rdata[h]),
      .err_o    (i_err[h])
    );

    uvs_bus_demux u_ddemux (
      .clk_i,
      .rst_ni        (core_rst_n),
      .req_i         (d_req[h]),
      .gnt_o         (d_gnt[h]),
      .addr_i        (d_addr[h]),
      .amo_i         (d_amo[h]),
      .host_blocks_i (host_blocks),
      .rvalid_o      (d_rvalid[h]),
      .rdata_o       (d_rdata[h]),
      .err_o         (d_err[h]),
      .mem_req_o     (dm_req[h]),
      .mem_gnt_i     (dm_gnt[h]),
      .mem_rvalid_i  (dm_rvalid[h]),
      .mem_rdata_i   (dm_rdata[h]),
      .mem_err_i     (dm_err[h]),
      .mmio_req_o    (mm_req[h]),
      .mmio_gnt_i    (mm_gnt[h]),
      .mmio_rvalid_i (mm_rvalid[h]),
      .mmio_rdata_i  (mm_rdata),
      .mmio_err_i    (mm_err)
    );

    uvs_mem_port #(.PORT(2 * h + 1)) u_dmem (
      .clk_i,
      .rst_ni   (core_rst_n),
      .req_i    (dm_req[h]),
      .gnt_o    (dm_gnt[h]),
      .addr_i   (d_addr[h]),
      .we_i     (d_we[h]),
      .be_i     (d_be[h]),
      .wdata_i  (d_wdata[h]),
      .amo_i    (d_amo[h]),
      .rvalid_o (dm_rvalid[h]),
      .rdata_o  (dm_rdata[h]),
      .err_o    (dm_err[h])
    );

    uvs_retire_hook #(.HART(h)) u_retire (
      .clk_i,
      .enable_i   (trace_retired_i),
      .cycle_i    (cycle_q),
      .valid_i    (rv_valid[h]),
      .trap_i     (rv_trap[h]),
      .pc_i       (rv_pc[h]),
      .insn_i     (rv_insn[h]),
      .rd_i       (rv_rd[h]),
      .rd_wdata_i (rv_wdata[h])
    );
  end

  // ---- shared MMIO bus: CLINT, UART0, HOSTIF, DMA; requesters: harts + host ----
  localparam int NREQ = NUM_HARTS + 1;
  localparam int AW   = $clog2(NREQ);
  logic [NREQ-1:0]        a_req, a_gnt, a_we, a_rvalid;
  logic [NREQ-1:0][63:0]  a_addr, a_wdata;
  logic [NREQ-1:0][7:0]   a_be;
  logic [63:0]            host_addr;
  logic                   m_req, m_we, m_host;
  logic [AW-1:0]          m_src;
  logic [63:0]            m_addr, m_wdata, m_rdata;
  logic [63:0]            clint_rdata, uart_rdata, hostif_rdata, dma_rdata;
  logic [7:0]             m_be;
  mmio_tgt_e              m_tgt, m_tgt_q;
  logic [DMA_NCH-1:0]     dma_done, dma_error;
  logic [31:0]            host_causes;
  logic                   host_req, host_we, mgmt_halt;
  logic [15:0]            host_off;
  logic [7:0]             host_be;
  logic [63:0]            host_wdata;
  logic [31:0]            fw_exit;

  uvs_host_port u_host_port (
    .clk_i       (clk_i),
    .rst_ni,
    .enable_i    (host_blocks),
    .req_o       (host_req),
    .addr_o      (host_off),
    .we_o        (host_we),
    .be_o        (host_be),
    .wdata_o     (host_wdata),
    .gnt_i       (a_gnt[NUM_HARTS]),
    .rvalid_i    (a_rvalid[NUM_HARTS]),
    .rdata_i     (mm_rdata),
    .mgmt_halt_o (mgmt_halt),
    .fw_exit_o   (fw_exit)
  );

  // BAR0 offset -> bus address: the DMA channel window, else the HOSTIF block.
  assign host_addr = (host_off[15:8] == 8'(UVS_HOSTIF_DMA_OFF >> 8))
                     ? UVS_DMA_BASE + 64'(host_off[7:0])
                     : UVS_HOSTIF_BASE + 64'(host_off);
  assign a_req      = {host_req, mm_req};
  assign a_addr     = {host_addr, d_addr};
  assign a_we       = {host_we, d_we};
  assign a_be       = {host_be, d_be};
  assign a_wdata    = {host_wdata, d_wdata};
  assign mm_gnt     = a_gnt[NUM_HARTS-1:0];
  assign mm_rvalid  = a_rvalid[NUM_HARTS-1:0];

  uvs_mmio_arb #(.N(NREQ), .IW(AW)) u_mmio_arb (
    .clk_i, .rst_ni,
    .req_i     (a_req),
    .gnt_o     (a_gnt),
    .addr_i    (a_addr),
    .we_i      (a_we),
    .be_i      (a_be),
    .wdata_i   (a_wdata),
    .rvalid_o  (a_rvalid),
    .rdata_o   (mm_rdata),
    .err_o     (mm_err),
    .m_req_o   (m_req),
    .m_src_o   (m_src),
    .m_addr_o  (m_addr),
    .m_we_o    (m_we),
    .m_be_o    (m_be),
    .m_wdata_o (m_wdata),
    .m_rdata_i (m_rdata),
    .m_err_i   (1'b0)
  );
  assign m_host = (int'(m_src) == NUM_HARTS);
  assign m_tgt  = mmio_target(m_addr);

  // Which target answers next cycle.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) m_tgt_q <= MT_CLINT;
    else if (m_req) m_tgt_q <= m_tgt;
  end
  always_comb begin
    unique case (m_tgt_q)
      MT_CLINT:  m_rdata = clint_rdata;
      MT_HOSTIF: m_rdata = hostif_rdata;
      MT_DMA:    m_rdata = dma_rdata;
      default:   m_rdata = uart_rdata;
    endcase
  end

  uvs_clint #(.NUM_HARTS(NUM_HARTS), .MTIME_DIV(MTIME_DIV)) u_clint (
    .clk_i,
    .rst_ni         (dev_rst_n),
    .req_i          (m_req && m_tgt == MT_CLINT),
    .addr_i         (m_addr[15:3]),
    .we_i           (m_we),
    .be_i           (m_be),
    .wdata_i        (m_wdata),
    .rdata_o        (clint_rdata),
    .mtime_o        (mtime),
    .irq_software_o (irq_sw),
    .irq_timer_o    (irq_tmr)
  );

  uvs_uart u_uart0 (
    .clk_i,
    .rst_ni  (dev_rst_n),
    .req_i   (m_req && m_tgt == MT_UART),
    .we_i    (m_we),
    .be_i    (m_be),
    .wdata_i (m_wdata),
    .rdata_o (uart_rdata),
    .irq_o   (irq_uart)
  );

  assign host_causes = (dma_done[DMA_HOST] ? 32'(UVS_HOSTIF_INT_DMA_DONE) : 32'd0) |
                       (dma_error[DMA_HOST] ? 32'(UVS_HOSTIF_INT_DMA_ERROR) : 32'd0);

  uvs_hostif #(.NUM_HARTS(NUM_HARTS)) u_hostif (
    .clk_i, .rst_ni,
    .req_i        (m_req && m_tgt == MT_HOSTIF),
    .host_i       (m_host),
    .addr_i       (m_addr[15:3]),
    .we_i         (m_we),
    .be_i         (m_be),
    .wdata_i      (m_wdata),
    .rdata_o      (hostif_rdata),
    .cause_i      (host_causes),
    .mgmt_halt_i  (mgmt_halt),
    .fw_exit_i    (fw_exit),
    .enable_o     (host_blocks),
    .hold_o       (hold),
    .dev_reset_o  (hostif_dev_reset),
    .irq_o        (irq_host)
  );

  uvs_dma #(.NCH(DMA_NCH)) u_dma (
    .clk_i   (clk_i),
    .rst_ni  (dev_rst_n),
    .req_i   (m_req && m_tgt == MT_DMA),
    .addr_i  (m_addr[15:3]),
    .we_i    (m_we),
    .be_i    (m_be),
    .wdata_i (m_wdata),
    .rdata_o (dma_rdata),
    .done_o  (dma_done),
    .error_o (dma_error)
  );

  // Elaboration-time parameter checks.
  if (NUM_HARTS < 1 || NUM_HARTS > int'(UVS_MAX_HARTS))
    $error("uvs_soc: NUM_HARTS must be 1..UVS_MAX_HARTS");
  if (MTIME_DIV < 1)
    $error("uvs_soc: MTIME_DIV must be >= 1");
endmodule

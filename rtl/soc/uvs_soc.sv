// uvs_soc: the uvmsoc SoC top (docs/architecture.md): NUM_HARTS harts
// (hart 0 = management hart, harts 1.. = compute harts), each with its
// instruction and data ports (architecture.md, "On-chip bus") wired to
//   - its own pair of DPI memory ports (BOOTROM + SRAM, sim/mem.c), so harts
//     never serialize on memory; fetches outside memory get err from C;
//   - for data: the shared MMIO bus (CLINT, UART0) through a round-robin
//     arbiter, or an error responder for unmapped/reserved regions.
// Interrupts: CLINT msip/mtimecmp per hart; UART irq to hart 0's
// irq_external_i. Retired instructions are counted (retired_o) and, while
// trace_retired_i = 1, reported to the harness (uvs_dpi_retire).
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
      .clk_i, .rst_ni,
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
      .irq_external_i  (h == 0 ? irq_uart : 1'b0),
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
      .clk_i, .rst_ni,
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
      .clk_i, .rst_ni,
      .req_i         (d_req[h]),
      .gnt_o         (d_gnt[h]),
      .addr_i        (d_addr[h]),
      .amo_i         (d_amo[h]),
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
      .clk_i, .rst_ni,
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

  // ---- shared MMIO bus: CLINT and UART0 ----
  logic        m_req, m_we, m_clint_q;
  logic [63:0] m_addr, m_wdata, clint_rdata, uart_rdata;
  logic [7:0]  m_be;

  uvs_mmio_arb #(.N(NUM_HARTS)) u_mmio_arb (
    .clk_i, .rst_ni,
    .req_i     (mm_req),
    .gnt_o     (mm_gnt),
    .addr_i    (d_addr),
    .we_i      (d_we),
    .be_i      (d_be),
    .wdata_i   (d_wdata),
    .rvalid_o  (mm_rvalid),
    .rdata_o   (mm_rdata),
    .err_o     (mm_err),
    .m_req_o   (m_req),
    .m_addr_o  (m_addr),
    .m_we_o    (m_we),
    .m_be_o    (m_be),
    .m_wdata_o (m_wdata),
    .m_rdata_i (m_clint_q ? clint_rdata : uart_rdata),
    .m_err_i   (1'b0)
  );

  // Which target answers next cycle.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) m_clint_q <= 1'b0;
    else if (m_req) m_clint_q <= is_clint(m_addr);
  end

  uvs_clint #(.NUM_HARTS(NUM_HARTS), .MTIME_DIV(MTIME_DIV)) u_clint (
    .clk_i, .rst_ni,
    .req_i          (m_req && is_clint(m_addr)),
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
    .clk_i, .rst_ni,
    .req_i   (m_req && !is_clint(m_addr)),
    .we_i    (m_we),
    .be_i    (m_be),
    .wdata_i (m_wdata),
    .rdata_o (uart_rdata),
    .irq_o   (irq_uart)
  );

  // Elaboration-time parameter checks.
  if (NUM_HARTS < 1 || NUM_HARTS > int'(UVS_MAX_HARTS))
    $error("uvs_soc: NUM_HARTS must be 1..UVS_MAX_HARTS");
  if (MTIME_DIV < 1)
    $error("uvs_soc: MTIME_DIV must be >= 1");
endmodule

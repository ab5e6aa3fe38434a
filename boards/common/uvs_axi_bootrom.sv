// uvs_axi_bootrom: the boot ROM of a board (docs/boards.md, "Boot ROM"), in
// front of the shell's memory on each of the core's N AXI4 memory masters.
// A transaction in the BOOTROM region (memmap.def: the reset vector of every
// hart) is answered here; every other one passes through unchanged.
//
// Contents (docs/architecture.md, "Boot flow" step 2): the code words of
// uvs_bootrom_pkg (generated from sim/bootrom.c, the image the simulator's
// loader writes, so both ROMs run the same instructions) and the three data
// words entry_i, dtb_i and mentry_i at BOOTROM_ENTRY_OFF, _DTB_OFF and
// _MENTRY_OFF (the board's uvs_board_cfg holds them: BOOT_ENTRY, BOOT_DTB
// and BOOT_MENTRY as the host wrote them when it released the harts). The
// rest of the 4 KiB reads zero.
//
// Answers as the simulator's memory model gives them for its ROM (sim/mem.c):
// a read or fetch gets the aligned 8-byte word (RRESP OKAY); a write, an
// exclusive access (LR/SC) or an atomic (AWATOP) is a bus error (SLVERR; an
// atomic that returns data, AWATOP[5] = 1, gets R and B in the same cycle).
// A ROM transaction is taken only while nothing this port sent on is
// unanswered, and answered the next cycle, so answers stay in the order the
// port accepted them (AXI same-ID ordering; uvs_axi_mport relies on it);
// consecutive ROM reads are taken one a cycle.
//
// Assumptions (those of the core's masters, uvs_axi_mport): single-beat
// transactions (AxLEN = 0), a write's W presented with its AW, RREADY and
// BREADY always high. A read's word offset is registered and its word read
// at the answer (the data words hold between host releases, when the harts
// are in reset); the answer's valid bits reset.
`include "uvs_axi_ports.svh"

module uvs_axi_bootrom #(
  parameter int N = 1  // memory masters (2 x harts: fetch and data port each)
) (
  input  logic        clk_i,
  input  logic        rst_ni,    // synchronous, active low: the masters' reset (mem_aresetn)
  input  logic [63:0] entry_i,   // word at BOOTROM_ENTRY_OFF: every hart's entry
  input  logic [63:0] dtb_i,     // word at BOOTROM_DTB_OFF: the DTB address (a1)
  input  logic [63:0] mentry_i,  // word at BOOTROM_MENTRY_OFF: hart 0's M-mode entry, 0 = none
  `UVS_AXI4_S_PORTS(s_axi, [N-1:0]),  // from the core (uvs_soc_core mem_axi)
  `UVS_AXI4_M_PORTS(m_axi, [N-1:0])   // to the shell's memory
);
  localparam int         IDW     = uvs_axi_pkg::IDW;
  localparam logic [1:0] OKAY    = uvs_axi_pkg::RESP_OKAY;
  localparam logic [1:0] SLVERR  = uvs_axi_pkg::RESP_SLVERR;
  localparam int         NCODE   = uvs_bootrom_pkg::UVS_BOOTROM_CODE_WORDS;
  localparam logic [63:0] ROM_BASE = uvs_memmap_pkg::UVS_BOOTROM_BASE;
  localparam logic [63:0] ROM_SIZE = uvs_memmap_pkg::UVS_BOOTROM_SIZE;

  // The 8-byte word at ROM byte offset off.
  function automatic logic [63:0] rom_word(logic [11:3] off, logic [63:0] entry, logic [63:0] dtb,
                                           logic [63:0] mentry);
    if (64'({off, 3'b000}) == uvs_memmap_pkg::UVS_BOOTROM_ENTRY_OFF)  return entry;
    if (64'({off, 3'b000}) == uvs_memmap_pkg::UVS_BOOTROM_DTB_OFF)    return dtb;
    if (64'({off, 3'b000}) == uvs_memmap_pkg::UVS_BOOTROM_MENTRY_OFF) return mentry;
    if (int'(off) < NCODE) return uvs_bootrom_pkg::UVS_BOOTROM_CODE[int'(off) * 64 +: 64];
    return 64'd0;
  endfunction

  function automatic logic in_rom(logic [63:0] addr);
    return (addr & ~(ROM_SIZE - 64'd1)) == ROM_BASE;
  endfunction

  for (genvar p = 0; p < N; p++) begin : g_port
    logic           rom_ar, rom_aw, take_ar, take_aw, fwd_ans;
    logic [3:0]     out_q;  // passed on, not yet answered (single-beat: at most a few)
    logic           rv_q, bv_q;
    logic [IDW-1:0] id_q;
    logic [11:3]    off_q;     // the read's word offset: its data is read at the answer
    logic           err_q;     // the answer is SLVERR (no data)

    assign rom_ar  = s_axi_arvalid_i[p] && in_rom(s_axi_araddr_i[p]);
    assign rom_aw  = s_axi_awvalid_i[p] && in_rom(s_axi_awaddr_i[p]);
    assign take_ar = rom_ar && out_q == 4'd0;
    assign take_aw = rom_aw && s_axi_wvalid_i[p] && out_q == 4'd0;

    // Pass-through: everything not in the ROM region.
    `UVS_AXI4_PASS_ATTRS(m_axi, s_axi, [p])
    assign m_axi_awvalid_o[p] = s_axi_awvalid_i[p] && !rom_aw;
    assign m_axi_awaddr_o[p]  = s_axi_awaddr_i[p];
    assign m_axi_wvalid_o[p]  = s_axi_wvalid_i[p] && !rom_aw;
    assign m_axi_arvalid_o[p] = s_axi_arvalid_i[p] && !rom_ar;
    assign m_axi_araddr_o[p]  = s_axi_araddr_i[p];

    assign s_axi_arready_o[p] = rom_ar ? take_ar : m_axi_arready_i[p];
    assign s_axi_awready_o[p] = rom_aw ? take_aw : m_axi_awready_i[p];
    assign s_axi_wready_o[p]  = rom_aw ? take_aw : m_axi_wready_i[p];

    // Answers: the ROM's (registered) or the shell's; never both in a cycle,
    // since a ROM transaction is taken only with nothing outstanding.
    assign s_axi_rvalid_o[p] = rv_q || m_axi_rvalid_i[p];
    assign s_axi_rid_o[p]    = rv_q ? id_q : m_axi_rid_i[p];
    assign s_axi_rdata_o[p]  = !rv_q ? m_axi_rdata_i[p] :
                               err_q ? 64'd0 : rom_word(off_q, entry_i, dtb_i, mentry_i);
    assign s_axi_rresp_o[p]  = rv_q ? (err_q ? SLVERR : OKAY) : m_axi_rresp_i[p];
    assign s_axi_rlast_o[p]  = rv_q || m_axi_rlast_i[p];
    assign s_axi_bvalid_o[p] = bv_q || m_axi_bvalid_i[p];
    assign s_axi_bid_o[p]    = bv_q ? id_q : m_axi_bid_i[p];
    assign s_axi_bresp_o[p]  = bv_q ? SLVERR : m_axi_bresp_i[p];

    // A transaction passed on is answered by R or by B, or by both in one
    // cycle for an atomic (uvs_axi_mem_model's contract).
    assign fwd_ans = (m_axi_rvalid_i[p] && m_axi_rlast_i[p]) || m_axi_bvalid_i[p];

    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        out_q <= '0;
        rv_q  <= 1'b0;
        bv_q  <= 1'b0;
      end else begin
        out_q <= out_q + 4'(m_axi_arvalid_o[p] && m_axi_arready_i[p])
                       + 4'(m_axi_awvalid_o[p] && m_axi_awready_i[p]) - 4'(fwd_ans);
        rv_q  <= take_ar || (take_aw && s_axi_awatop_i[p][5]);
        bv_q  <= take_aw;
      end
      if (take_ar) begin
        id_q  <= s_axi_arid_i[p];
        off_q <= s_axi_araddr_i[p][11:3];
        err_q <= s_axi_arlock_i[p];
      end else if (take_aw) begin
        id_q  <= s_axi_awid_i[p];
        err_q <= 1'b1;
      end
    end
  end
endmodule

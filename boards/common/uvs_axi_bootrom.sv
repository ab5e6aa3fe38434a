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
// port accepted them (AXI same-ID ordering; uvs_axi_mport relies on it).
// The ports share one ROM read: only the port holding the token (a
// register) may have a ROM transaction taken in a cycle; the token passes
// to the next port presenting one (round robin), so a port waits at most
// N cycles, and a port's readies depend on no other port's valids (no
// combinational path between the core's masters). The ROM word, the
// answer's id and its error flag are then computed and held once, not per
// port (an FPGA's LUTs: issue 15). Only the harts' boot touches the ROM.
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

  localparam int         PW      = (N > 1) ? $clog2(N) : 1;

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

  // ---- the shared ROM read: one transaction taken a cycle, answered the next ----
  logic [N-1:0]   want;                 // presents a ROM transaction it may have taken
  logic [N-1:0]   take_ar, take_aw;     // taken this cycle (at most one port: the token's)
  logic [N-1:0]   rv_q, bv_q;           // the port's answer is this cycle's
  logic [PW-1:0]  tok_q;                // the port that may have one taken this cycle
  logic           pick;
  logic [PW-1:0]  pick_p;
  logic [IDW-1:0] id_q;                 // the answer's id
  logic [11:3]    off_q;                // the read's word offset: its data is read at the answer
  logic           err_q;                // the answer is SLVERR (no data)
  logic [63:0]    rom_q;                // the answer's data (0 for SLVERR)

  uvs_rr_pick #(.N(N)) u_pick (.req_i(want), .last_i(tok_q), .valid_o(pick), .idx_o(pick_p));
  assign rom_q = err_q ? 64'd0 : rom_word(off_q, entry_i, dtb_i, mentry_i);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rv_q   <= '0;
      bv_q   <= '0;
      tok_q  <= '0;
    end else begin
      for (int p = 0; p < N; p++) begin
        rv_q[p] <= take_ar[p] || (take_aw[p] && s_axi_awatop_i[p][5]);
        bv_q[p] <= take_aw[p];
      end
      if (pick) tok_q <= pick_p;  // the next port presenting one after the token's, else its own
    end
    for (int p = 0; p < N; p++) begin
      if (take_ar[p]) begin
        id_q  <= s_axi_arid_i[p];
        off_q <= s_axi_araddr_i[p][11:3];
        err_q <= s_axi_arlock_i[p];
      end else if (take_aw[p]) begin
        id_q  <= s_axi_awid_i[p];
        err_q <= 1'b1;
      end
    end
  end

  for (genvar p = 0; p < N; p++) begin : g_port
    logic           rom_ar, rom_aw, fwd_ans, mine;
    logic [3:0]     out_q;  // passed on, not yet answered (single-beat: at most a few)

    assign rom_ar  = s_axi_arvalid_i[p] && in_rom(s_axi_araddr_i[p]);
    assign rom_aw  = s_axi_awvalid_i[p] && in_rom(s_axi_awaddr_i[p]);
    // a read first when both are presented
    assign want[p] = (rom_ar || (rom_aw && s_axi_wvalid_i[p])) && out_q == 4'd0;
    assign mine    = want[p] && tok_q == PW'(p);
    assign take_ar[p] = mine && rom_ar;
    assign take_aw[p] = mine && !rom_ar;

    // Pass-through: everything not in the ROM region.
    `UVS_AXI4_PASS_ATTRS(m_axi, s_axi, [p])
    assign m_axi_awvalid_o[p] = s_axi_awvalid_i[p] && !rom_aw;
    assign m_axi_awaddr_o[p]  = s_axi_awaddr_i[p];
    assign m_axi_wvalid_o[p]  = s_axi_wvalid_i[p] && !rom_aw;
    assign m_axi_arvalid_o[p] = s_axi_arvalid_i[p] && !rom_ar;
    assign m_axi_araddr_o[p]  = s_axi_araddr_i[p];

    assign s_axi_arready_o[p] = rom_ar ? take_ar[p] : m_axi_arready_i[p];
    assign s_axi_awready_o[p] = rom_aw ? take_aw[p] : m_axi_awready_i[p];
    assign s_axi_wready_o[p]  = rom_aw ? take_aw[p] : m_axi_wready_i[p];

    // Answers: the ROM's (registered) or the shell's; never both in a cycle,
    // since a ROM transaction is taken only with nothing outstanding.
    assign s_axi_rvalid_o[p] = rv_q[p] || m_axi_rvalid_i[p];
    assign s_axi_rid_o[p]    = rv_q[p] ? id_q : m_axi_rid_i[p];
    assign s_axi_rdata_o[p]  = rv_q[p] ? rom_q : m_axi_rdata_i[p];
    assign s_axi_rresp_o[p]  = rv_q[p] ? (err_q ? SLVERR : OKAY) : m_axi_rresp_i[p];
    assign s_axi_rlast_o[p]  = rv_q[p] || m_axi_rlast_i[p];
    assign s_axi_bvalid_o[p] = bv_q[p] || m_axi_bvalid_i[p];
    assign s_axi_bid_o[p]    = bv_q[p] ? id_q : m_axi_bid_i[p];
    assign s_axi_bresp_o[p]  = bv_q[p] ? SLVERR : m_axi_bresp_i[p];

    // A transaction passed on is answered by R or by B, or by both in one
    // cycle for an atomic (uvs_axi_mem_model's contract).
    assign fwd_ans = (m_axi_rvalid_i[p] && m_axi_rlast_i[p]) || m_axi_bvalid_i[p];

    always_ff @(posedge clk_i) begin
      if (!rst_ni) out_q <= '0;
      else out_q <= out_q + 4'(m_axi_arvalid_o[p] && m_axi_arready_i[p])
                          + 4'(m_axi_awvalid_o[p] && m_axi_awready_i[p]) - 4'(fwd_ans);
    end
  end
endmodule

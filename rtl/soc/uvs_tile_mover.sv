// uvs_tile_mover: the data path of a tile engine (uvs_tile; docs/architecture.md
// "Tile engines"): moves the engine's beats between memory and the hart's
// scratchpad through two AXI4 masters of BEAT_BYTES of data (a block: BEAT_BYTES
// bytes, aligned), one ID each (answers in order, ARM IHI 0022 A6), every
// beat's transaction a single beat (AxLEN 0, AxSIZE log2 BEAT_BYTES) on a
// block address with byte strobes:
//   mem_axi  memory (SRAM, HBM, the host window): a beat's physical address;
//   spad_axi the scratchpad (memmap.def SPAD: SPAD_BASE + HART *
//            TILE_SPAD_STRIDE + offset), also for the engine's control
//            accesses: a read of a whole 64-byte block (descriptor, gather
//            indices: an INCR burst of 64 / BEAT_BYTES beats), a write of
//            a descriptor's output words (ERR_VA, STATUS, TICKET: bytes
//            TILE_DESC_ERR_VA..63 of its block, an INCR burst of the beats
//            holding them: 3 at 8 bytes, 1 at 32 or 64).
// A beat (iss_*: at most BEAT_BYTES, 8-byte aligned offsets and length,
// tile.def TILE_ALIGN, within one block of memory) takes a ring entry (OUT
// entries, the engine's beats in flight) and
//   COPY_IN:  reads its memory block -> writes one or two scratchpad blocks;
//   COPY_OUT: reads one or two scratchpad blocks -> writes its memory block.
// Read data is rotated by whole 8-byte words into the entry's buffer at the
// lanes of its destination (so the rotator is a BEAT_BYTES / 8 : 1 word
// multiplexer; none at 8 bytes), then
// the writes go out in ring order. A beat is done when its writes were
// answered; a read answered with an error skips its writes. Beats retire in
// issue order (ret_valid_o while the oldest is done, with its error).
// Reads and writes of different beats are not ordered against each other
// (as for the kernel: a tile that reads the scratchpad bytes an earlier tile
// writes must wait for that tile's completion).
// The control port (ctl_*) reads one scratchpad block or writes the output
// words of one, one access at a time (ctl_req_i while none is in flight);
// its answer comes on ctl_rvalid_o. The write data are only those words
// (not the block), so the burst's data register is 3 words, not 8.
// Readiness (iss_rdy_o) depends on registers only.
`include "uvs_axi_ports.svh"

module uvs_tile_mover #(
  parameter int HART = 1,         // hart id: its scratchpad's address
  parameter int OUT  = 32,        // beats in flight, a power of two
  parameter int BEAT_BYTES = 64,  // data width of both masters: 8, 16, 32 or 64 bytes
  // a control write's bytes: CW_OFF..63 of the block (tile.def: ERR_VA, STATUS, TICKET)
  localparam int CW_OFF = int'(uvs_tile_pkg::UVS_TILE_DESC_ERR_VA)
) (
  input  logic          clk_i,
  input  logic          rst_ni,        // synchronous, active low
  // beats, in issue order
  input  logic          iss_valid_i,
  input  logic          iss_we_i,      // 1: COPY_OUT (scratchpad -> memory)
  input  logic [63:0]   iss_pa_i,      // byte address in memory, 8-byte aligned
  input  logic [19:0]   iss_sp_i,      // scratchpad byte offset, 8-byte aligned
  input  logic [6:0]    iss_len_i,     // bytes, 8..BEAT_BYTES, a multiple of 8, within iss_pa_i's block
  output logic          iss_rdy_o,     // a beat may issue this cycle
  output logic          ret_valid_o,   // the oldest beat is done (retired this cycle)
  output logic          ret_err_o,     // ... and an access of it got an error response
  // control: one scratchpad block access at a time
  input  logic          ctl_req_i,
  output logic          ctl_gnt_o,
  input  logic          ctl_we_i,
  input  logic [19:6]   ctl_blk_i,     // block (64-byte) offset in the scratchpad
  input  logic [8*(64-CW_OFF)-1:0] ctl_wdata_i,  // a write's bytes CW_OFF..63 of the block
  input  logic [63-CW_OFF:0]       ctl_wstrb_i,  // ... their byte enables
  output logic          ctl_rvalid_o,  // answer (read data, or the write's response)
  output logic [511:0]  ctl_rdata_o,
  output logic          ctl_err_o,
  output logic          busy_o,        // beats, control access or transactions outstanding
  `UVS_AXI4W_M_PORTS(mem_axi, BEAT_BYTES),
  `UVS_AXI4W_M_PORTS(spad_axi, BEAT_BYTES)
);
  localparam int NL = BEAT_BYTES / 8;  // 8-byte word lanes of a beat
  localparam int BO = $clog2(BEAT_BYTES);  // block offset bits
  localparam int MB = 64 - BO;         // memory block number bits
  localparam int SB = 20 - BO;         // scratchpad block number bits
  localparam int CL = 64 / BEAT_BYTES; // beats of a control read's burst
  localparam int DW = 8 * BEAT_BYTES;  // data bits
  localparam int CWB = CW_OFF & ~(BEAT_BYTES - 1);  // byte offset of a control write's first beat
  localparam int CWL = (64 - CWB) / BEAT_BYTES;     // beats of a control write's burst
  localparam int CWD = 8 * (64 - CWB);              // its data bits
  localparam int CWR = (CWL > 1) ? CWD - DW : DW;   // bits after its first beat (none: unused)
  localparam int OW = $clog2(OUT);
  localparam int SQ = 2 * OUT;         // scratchpad writes awaiting their responses
  localparam int SW = $clog2(SQ);
  localparam logic [63:0] SP_BASE = uvs_memmap_pkg::UVS_SPAD_BASE +
                                    64'(HART) * uvs_tile_pkg::UVS_TILE_SPAD_STRIDE;

  // ---- ring of beats ----
  // Per-entry state is in arrays without reset whose names end in "ram"
  // (the synthesis scripts keep them as memories: those with one write port
  // map to distributed RAM, the others to flip-flops with a write decoder
  // per port): what a beat's issue writes once (its word offsets, read at
  // the write stage and by its read answers; its write-stage fields) and the
  // counters its answers update.
  logic [9:0]      eo_ram [OUT];             // first word in the source / destination block, words (1..8)
  logic [MB+2:0]   ew_ram [OUT];             // destination's first block (address), COPY_OUT, two reads, two writes
  logic            eerr_ram [OUT];           // an access got an error response
  logic [1:0]      erg_ram [OUT];            // reads answered
  logic [1:0]      ews_ram [OUT];            // writes sent
  logic [1:0]      ebg_ram [OUT];            // writes answered
  logic [OW-1:0]   head, wp, tail;
  logic [OW:0]     n, wn;                    // entries; entries not past the write stage
  // the write stage's entry (at wp)
  logic [MB-1:0]   wp_blk;
  logic            wp_we, wp_two_r, wp_two_w;
  logic [2:0]      wp_do;
  logic [3:0]      wp_nw;

  // ---- read queues: address and owner, sent (AR) then answered (R) in order ----
  logic [MB-1:0]   mqb_ram [OUT];            // block, read at mq_s
  logic [OW-1:0]   mqi_ram [OUT];            // owner, read at mq_r
  logic [OW:0]     mq_w, mq_s, mq_r;
  // COPY_OUT beats' scratchpad reads: one entry per beat (at most OUT, as
  // ring entries), its one or two blocks sent and answered in turn (s_k,
  // r_k: the second block's turn); a control read (one at a time) goes
  // between them at position ctl_at: sent when sq_s reached it, answered
  // when sq_r did (answers in order)
  logic [SB-1:0]   sqb_ram [OUT];            // first block, read at sq_s
  logic [OW:0]     sqi_ram [OUT];            // owner, two blocks; read at sq_s and sq_r
  logic [OW:0]     sq_w, sq_s, sq_r, ctl_at;
  logic            s_k, r_k;
  logic            cr_ar, cr_v;              // the control read is waiting for its AR; was sent
  logic [SB-1:0]   cr_blk;
  // ---- write responses awaited, in order ----
  logic [OW-1:0]   mbi_ram [OUT];
  logic [OW:0]     mb_w, mb_r;
  logic [OW:0]     sbi_ram [SQ];             // owner, and whether a control write
  logic [SW:0]     sb_w, sb_r;
  // ---- write channels: AW and W offered together ----
  logic            maw_v, mw_v, saw_v, sw_v;
  logic [MB-1:0]   maw_blk;
  logic [SB-1:0]   saw_blk;
  logic            saw_ctl;                  // the scratchpad AW is a control write's burst
  logic [DW-1:0]   mw_data, sw_data;
  logic [NL*8-1:0] mw_strb, sw_strb;
  logic            ctl_busy;                 // a control access in flight
  // a control burst's further beats: write data and strobes still to send
  // (shifted out one beat at a time), W beats left; read beats answered
  logic [CWD-1:0]  cw_full;                  // a control write's burst: its data, at the lanes
  logic [CWD/8-1:0] cw_fstrb;
  logic [CWR-1:0]  cw_data;
  logic [CWR/8-1:0] cw_strb;
  logic [6:0]      cw_n, cr_n;
  assign cw_full  = CWD'(ctl_wdata_i) << (8 * (CW_OFF - CWB));
  assign cw_fstrb = (CWD / 8)'(ctl_wstrb_i) << (CW_OFF - CWB);

  // room: a ring entry (the read queues hold at most one entry per ring
  // entry, its beat's, so they cannot overflow)
  assign iss_rdy_o = n < (OW + 1)'(OUT);
  assign busy_o = n != '0 || ctl_busy || maw_v || mw_v || saw_v || sw_v;

  // ---- AXI request channels ----
  logic          ar_ctl;   // the scratchpad AR offered is the control read's
  logic          ss_two;   // the beat at sq_s reads two blocks
  assign ss_two = sqi_ram[sq_s[OW-1:0]][0];
  assign ar_ctl = cr_ar && sq_s == ctl_at;
  assign mem_axi_arvalid_o  = mq_s != mq_w;
  assign mem_axi_araddr_o   = {mqb_ram[mq_s[OW-1:0]], BO'(0)};
  assign spad_axi_arvalid_o = ar_ctl || sq_s != sq_w;
  assign spad_axi_araddr_o  = SP_BASE + {44'd0, ar_ctl ? cr_blk : sqb_ram[sq_s[OW-1:0]] + SB'(s_k), BO'(0)};
  assign spad_axi_arlen_o   = ar_ctl ? 8'(CL - 1) : 8'd0;
  assign mem_axi_awvalid_o  = maw_v;
  assign mem_axi_awaddr_o   = {maw_blk, BO'(0)};
  assign mem_axi_wvalid_o   = mw_v;
  assign mem_axi_wdata_o    = mw_data;
  assign mem_axi_wstrb_o    = mw_strb;
  assign spad_axi_awvalid_o = saw_v;
  assign spad_axi_awaddr_o  = SP_BASE + {44'd0, saw_blk, BO'(0)};
  assign spad_axi_awlen_o   = saw_ctl ? 8'(CWL - 1) : 8'd0;
  assign spad_axi_wvalid_o  = sw_v;
  assign spad_axi_wdata_o   = sw_data;
  assign spad_axi_wstrb_o   = sw_strb;
  assign spad_axi_wlast_o   = cw_n == '0;
  assign {mem_axi_arlen_o, mem_axi_awlen_o} = '0;
  assign {mem_axi_arsize_o, mem_axi_awsize_o} = {3'(BO), 3'(BO)};
  assign {spad_axi_arsize_o, spad_axi_awsize_o} = {3'(BO), 3'(BO)};
  assign {mem_axi_arburst_o, mem_axi_awburst_o} = {2'd1, 2'd1};
  assign {spad_axi_arburst_o, spad_axi_awburst_o} = {2'd1, 2'd1};
  assign {mem_axi_arcache_o, mem_axi_awcache_o} = {4'b0011, 4'b0011};  // normal, bufferable
  assign {spad_axi_arcache_o, spad_axi_awcache_o} = {4'b0011, 4'b0011};
  assign {mem_axi_arprot_o, mem_axi_awprot_o} = {3'b000, 3'b000};
  assign {spad_axi_arprot_o, spad_axi_awprot_o} = {3'b000, 3'b000};
  assign mem_axi_wlast_o = 1'b1;
  assign {mem_axi_bready_o, mem_axi_rready_o, spad_axi_bready_o, spad_axi_rready_o} = 4'b1111;

  // ---- retire ----
  // The oldest beat is done once the write stage passed it (its reads are
  // in; its writes sent, or skipped after a read error) and every write it
  // sent was answered: nothing of it is outstanding when its entry is reused.
  logic done_h;
  assign done_h      = n != wn && ebg_ram[head] == ews_ram[head];
  assign ret_valid_o = done_h;
  assign ret_err_o   = eerr_ram[head];

  // ---- control port ----
  logic ctl_rd_ok, ctl_wr_ok;
  logic m_free, s_free;  // a write channel can take a new AW + W this cycle
  assign m_free    = (!maw_v || mem_axi_awready_i) && (!mw_v || mem_axi_wready_i);
  assign s_free    = (!saw_v || spad_axi_awready_i) && (!sw_v || (spad_axi_wready_i && cw_n == '0));
  assign ctl_rd_ok = !ctl_we_i;
  assign ctl_wr_ok = ctl_we_i && s_free && sb_w - sb_r < (SW + 1)'(SQ);
  assign ctl_gnt_o = ctl_req_i && !ctl_busy && (ctl_rd_ok || ctl_wr_ok);

  // ---- write stage: the entry at wp once its reads are in ----
  logic        w_ready, w_skip, w_go, w_last;
  logic [MB-1:0] w_blk;
  logic [NL*8-1:0] w_strb;
  assign {wp_blk, wp_we, wp_two_r, wp_two_w} = ew_ram[wp];
  assign w_ready = wn != '0 && erg_ram[wp] == (wp_two_r ? 2'd2 : 2'd1);
  assign w_skip  = w_ready && eerr_ram[wp];
  assign w_last  = ews_ram[wp] == (wp_two_w ? 2'd1 : 2'd0);
  assign w_blk   = wp_blk + MB'(ews_ram[wp]);
  assign w_go    = w_ready && !eerr_ram[wp] &&
                   (wp_we ? (m_free && mb_w - mb_r < (OW + 1)'(OUT))
                             : (s_free && !ctl_gnt_o && sb_w - sb_r < (SW + 1)'(SQ)));
  // strobes: destination words y = NL * block + m in [do, do + nw)
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2:0] wp_so;  // the write stage needs the destination's words only
  /* verilator lint_on UNUSEDSIGNAL */
  assign {wp_so, wp_do, wp_nw} = eo_ram[wp];
  always_comb begin
    for (int m = 0; m < NL; m++) begin : l_strb
      logic [4:0] y, lo, hi;
      y  = (ews_ram[wp][0] ? 5'(NL) : 5'd0) + 5'(m);
      lo = 5'(wp_do);
      hi = 5'(wp_do) + 5'(wp_nw);
      w_strb[8*m +: 8] = (y >= lo && y < hi) ? 8'hff : 8'h00;
    end
  end

  // ---- read answers: rotate into the owner's buffer ----
  // Source word x = NL k + j goes to destination lane (j + do - so) mod NL:
  // block k's words, rotated up by do - so, with the lanes whose source word
  // is one of the beat's (rot_mask). Word offsets (so, do) are < NL and
  // lengths (nw) <= NL in 3 and 4 bits.
  function automatic logic [DW-1:0] rot_data(input logic [DW-1:0] d, input logic [2:0] sh);
    logic [DW-1:0] r;
    for (int m = 0; m < NL; m++) begin
      logic [2:0] j;
      j = (3'(m) - sh) & 3'(NL - 1);
      r[64*m +: 64] = d[64*j +: 64];
    end
    return r;
  endfunction
  function automatic logic [NL-1:0] rot_mask(input logic k, input logic [2:0] so, input logic [2:0] dof,
                                             input logic [3:0] nw);
    logic [NL-1:0] mk;
    for (int m = 0; m < NL; m++) begin
      logic [2:0] j;
      logic [4:0] x;
      j = (3'(m) - dof + so) & 3'(NL - 1);  // source lane feeding destination lane m
      x = (k ? 5'(NL) : 5'd0) + 5'(j);
      mk[m] = x >= 5'(so) && x < 5'(so) + 5'(nw);
    end
    return mk;
  endfunction

  // The beats' data, at their destination lanes: one RAM per source (memory
  // answers fill COPY_IN beats, scratchpad answers COPY_OUT beats), one
  // OUT x 64-bit RAM per 8-byte word lane (a write enable each), read by the
  // write stage at wp (distributed RAM: LUT RAM, PolarFire uSRAM).
  logic [OW-1:0]  mr_i, sr_i;   // owners of this cycle's read answers
  logic [NL-1:0]  mr_mk, sr_mk;
  logic [DW-1:0]  mr_d, sr_d, w_data;
  logic           sr_data;      // a scratchpad answer for a beat (not control)
  logic [2:0]     mr_so, mr_do, sr_so, sr_do;
  logic [3:0]     mr_nw, sr_nw;
  assign mr_i    = mqi_ram[mq_r[OW-1:0]];
  logic           sr_ctl, sr_two; // the answer is for control; the beat reads two blocks
  logic           cr_last;        // ... the control read's last beat
  assign cr_last = cr_n == 7'(CL - 1);
  assign sr_ctl  = cr_v && sq_r == ctl_at;
  assign {sr_i, sr_two} = sqi_ram[sq_r[OW-1:0]];
  assign {mr_so, mr_do, mr_nw} = eo_ram[mr_i];
  assign {sr_so, sr_do, sr_nw} = eo_ram[sr_i];
  assign mr_mk   = mem_axi_rvalid_i ? rot_mask(1'b0, mr_so, mr_do, mr_nw) : '0;
  assign sr_data = spad_axi_rvalid_i && !sr_ctl;
  assign sr_mk   = sr_data ? rot_mask(r_k, sr_so, sr_do, sr_nw) : '0;
  assign mr_d    = rot_data(mem_axi_rdata_i, mr_do - mr_so);
  assign sr_d    = rot_data(spad_axi_rdata_i, sr_do - sr_so);
  for (genvar m = 0; m < NL; m++) begin : g_lane
    // names ending in "ram": bench/iommu_synth.py keeps them unpacked memories for Yosys
    logic [63:0] in_ram [OUT];
    logic [63:0] out_ram [OUT];
    always_ff @(posedge clk_i) begin
      if (mr_mk[m]) in_ram[mr_i]  <= mr_d[64*m +: 64];
      if (sr_mk[m]) out_ram[sr_i] <= sr_d[64*m +: 64];
    end
    assign w_data[64*m +: 64] = wp_we ? out_ram[wp] : in_ram[wp];
  end

  // ---- the memories' writes: a beat's issue; its memory read (COPY_IN);
  // the write stage's and control's writes awaiting their responses ----
  logic [2:0] iss_so, iss_do;
  logic [3:0] iss_nw;
  logic       sb_put;            // a scratchpad write sent: control, or a beat's
  assign iss_nw = iss_len_i[6:3];
  assign iss_so = (iss_we_i ? iss_sp_i[5:3] : iss_pa_i[5:3]) & 3'(NL - 1);
  assign iss_do = (iss_we_i ? iss_pa_i[5:3] : iss_sp_i[5:3]) & 3'(NL - 1);
  assign sb_put = (ctl_gnt_o && ctl_we_i) || (w_go && !wp_we);
  logic sq_put;  // a COPY_OUT beat's scratchpad reads queued
  assign sq_put = iss_valid_i && iss_we_i;
  // the owners of the oldest awaited write responses
  logic [OW-1:0] mb_h, sb_h;
  logic          sb_h_ctl;
  assign mb_h             = mbi_ram[mb_r[OW-1:0]];
  assign {sb_h, sb_h_ctl} = sbi_ram[sb_r[SW-1:0]];
  always_ff @(posedge clk_i) begin
    if (iss_valid_i) begin
      eo_ram[tail] <= {iss_so, iss_do, iss_nw};
      ew_ram[tail] <= iss_we_i ? {iss_pa_i[63:BO], 1'b1, 4'(iss_so) + iss_nw > 4'(NL), 1'b0}
                               : {SP_BASE[63:BO] + MB'(iss_sp_i[19:BO]), 1'b0, 1'b0, 4'(iss_do) + iss_nw > 4'(NL)};
      if (!iss_we_i) begin
        mqb_ram[mq_w[OW-1:0]] <= iss_pa_i[63:BO];
        mqi_ram[mq_w[OW-1:0]] <= tail;
      end
    end
    if (sq_put) begin
      sqb_ram[sq_w[OW-1:0]] <= iss_sp_i[19:BO];
      sqi_ram[sq_w[OW-1:0]] <= {tail, 4'(iss_so) + iss_nw > 4'(NL)};
    end
    if (w_go && wp_we) mbi_ram[mb_w[OW-1:0]] <= wp;
    if (sb_put) sbi_ram[sb_w[SW-1:0]] <= ctl_gnt_o ? {OW'(0), 1'b1} : {wp, 1'b0};
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head <= '0; wp <= '0; tail <= '0; n <= '0; wn <= '0;
      mq_w <= '0; mq_s <= '0; mq_r <= '0;
      sq_w <= '0; sq_s <= '0; sq_r <= '0; s_k <= 1'b0; r_k <= 1'b0; cr_ar <= 1'b0; cr_v <= 1'b0;
      mb_w <= '0; mb_r <= '0; sb_w <= '0; sb_r <= '0;
      maw_v <= 1'b0; mw_v <= 1'b0; saw_v <= 1'b0; sw_v <= 1'b0;
      ctl_busy <= 1'b0; ctl_rvalid_o <= 1'b0; ctl_err_o <= 1'b0;
      cw_n <= '0; cr_n <= '0; saw_ctl <= 1'b0;
    end else begin
      ctl_rvalid_o <= 1'b0;

      // -- issue (scratchpad reads of a COPY_OUT beat: below) --
      if (iss_valid_i) begin
        if (!iss_we_i) mq_w <= mq_w + (OW + 1)'(1);
        tail <= tail + OW'(1);
      end

      // -- AW / W accepted (a new pair may load in the same cycle, below) --
      if (mem_axi_awready_i)  maw_v <= 1'b0;
      if (mem_axi_wready_i)   mw_v  <= 1'b0;
      if (spad_axi_awready_i) saw_v <= 1'b0;
      if (spad_axi_wready_i)  sw_v  <= 1'b0;
      // a control write burst's next beat
      if (sw_v && spad_axi_wready_i && cw_n != '0) begin
        sw_v    <= 1'b1;
        sw_data <= cw_data[DW-1:0];
        sw_strb <= cw_strb[NL*8-1:0];
        cw_data <= CWR'(cw_data >> DW);
        cw_strb <= (CWR / 8)'(cw_strb >> (NL * 8));
        cw_n    <= cw_n - 7'd1;
      end

      // -- control requests --
      if (ctl_gnt_o) begin
        ctl_busy <= 1'b1;
        if (ctl_we_i) begin
          saw_v   <= 1'b1;
          sw_v    <= 1'b1;
          saw_blk <= (SB'(ctl_blk_i) << (6 - BO)) | SB'(CWB / BEAT_BYTES);
          saw_ctl <= 1'b1;
          sw_data <= cw_full[DW-1:0];
          sw_strb <= cw_fstrb[NL*8-1:0];
          cw_data <= CWR'(cw_full >> DW);
          cw_strb <= (CWR / 8)'(cw_fstrb >> (NL * 8));
          cw_n    <= 7'(CWL - 1);
        end
      end

      // -- scratchpad reads queued: a COPY_OUT beat's, then a control read
      // after it --
      if (sq_put) sq_w <= sq_w + (OW + 1)'(1);
      if (ctl_gnt_o && !ctl_we_i) begin
        cr_ar  <= 1'b1;
        cr_blk <= SB'(ctl_blk_i) << (6 - BO);
        ctl_at <= sq_w + (OW + 1)'(sq_put);
      end

      // -- AR accepted --
      if (mem_axi_arvalid_o && mem_axi_arready_i) mq_s <= mq_s + (OW + 1)'(1);
      if (spad_axi_arvalid_o && spad_axi_arready_i) begin
        if (ar_ctl) begin
          cr_ar <= 1'b0;
          cr_v  <= 1'b1;
        end else if (ss_two && !s_k) begin
          s_k <= 1'b1;
        end else begin
          s_k  <= 1'b0;
          sq_s <= sq_s + (OW + 1)'(1);
        end
      end

      // -- write stage --
      if (w_skip) begin
        wp <= wp + OW'(1);
      end else if (w_go) begin
        if (wp_we) begin
          maw_v   <= 1'b1;
          mw_v    <= 1'b1;
          maw_blk <= w_blk;
          mw_data <= w_data;
          mw_strb <= w_strb;
          mb_w <= mb_w + (OW + 1)'(1);
        end else begin
          saw_v   <= 1'b1;
          sw_v    <= 1'b1;
          saw_blk <= SB'(w_blk - SP_BASE[63:BO]);
          saw_ctl <= 1'b0;
          sw_data <= w_data;
          sw_strb <= w_strb;
        end
        if (w_last) wp <= wp + OW'(1);
      end

      // -- read answers (the beats' counters: below) --
      if (mem_axi_rvalid_i) mq_r <= mq_r + (OW + 1)'(1);
      // a control read's beats fill ctl_rdata_o from the top (beat k ends at
      // bytes 8 NL k..), answered with the last one
      if (spad_axi_rvalid_i) begin
        if (sr_ctl) begin
          ctl_rdata_o <= 512'({spad_axi_rdata_i, ctl_rdata_o} >> DW);
          ctl_err_o   <= (cr_n != '0 && ctl_err_o) || spad_axi_rresp_i != 2'b00;
          cr_n        <= cr_last ? '0 : cr_n + 7'd1;
          if (cr_last) begin
            ctl_rvalid_o <= 1'b1;
            ctl_busy     <= 1'b0;
            cr_v         <= 1'b0;
          end
        end else if (sr_two && !r_k) begin
          r_k <= 1'b1;
        end else begin
          r_k  <= 1'b0;
          sq_r <= sq_r + (OW + 1)'(1);
        end
      end

      // -- write answers --
      if (sb_put) sb_w <= sb_w + (SW + 1)'(1);
      if (mem_axi_bvalid_i) mb_r <= mb_r + (OW + 1)'(1);
      if (spad_axi_bvalid_i) begin
        if (sb_h_ctl) begin
          ctl_rvalid_o <= 1'b1;
          ctl_err_o    <= spad_axi_bresp_i != 2'b00;
          ctl_busy     <= 1'b0;
        end
        sb_r <= sb_r + (SW + 1)'(1);
      end

      // -- per-beat counters: cleared at issue; reads in, writes sent and
      // answered, errors (a beat's reads and writes go to one side each,
      // so at most one answer of each kind reaches an entry in a cycle) --
      if (iss_valid_i) begin
        eerr_ram[tail] <= 1'b0;
        erg_ram[tail]  <= '0;
        ews_ram[tail]  <= '0;
        ebg_ram[tail]  <= '0;
      end
      if (w_go) ews_ram[wp] <= ews_ram[wp] + 2'd1;
      if (mem_axi_rvalid_i) begin
        erg_ram[mr_i] <= erg_ram[mr_i] + 2'd1;
        if (mem_axi_rresp_i != 2'b00) eerr_ram[mr_i] <= 1'b1;
      end
      if (sr_data) begin
        erg_ram[sr_i] <= erg_ram[sr_i] + 2'd1;
        if (spad_axi_rresp_i != 2'b00) eerr_ram[sr_i] <= 1'b1;
      end
      if (mem_axi_bvalid_i) begin
        ebg_ram[mb_h] <= ebg_ram[mb_h] + 2'd1;
        if (mem_axi_bresp_i != 2'b00) eerr_ram[mb_h] <= 1'b1;
      end
      if (spad_axi_bvalid_i && !sb_h_ctl) begin
        ebg_ram[sb_h] <= ebg_ram[sb_h] + 2'd1;
        if (spad_axi_bresp_i != 2'b00) eerr_ram[sb_h] <= 1'b1;
      end

      // -- retire --
      if (done_h) head <= head + OW'(1);
      n  <= n + (OW + 1)'(iss_valid_i) - (OW + 1)'(done_h);
      wn <= wn + (OW + 1)'(iss_valid_i) - (OW + 1)'(w_skip || (w_go && w_last));
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic unused;
  assign unused = ^{mem_axi_rlast_i, spad_axi_rlast_i, iss_pa_i[2:0], iss_sp_i[2:0], iss_len_i[2:0]};
  /* verilator lint_on UNUSEDSIGNAL */
endmodule

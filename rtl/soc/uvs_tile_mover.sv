// uvs_tile_mover: the data path of a tile engine (uvs_tile; docs/architecture.md
// "Tile engines"): moves the engine's beats between memory and the hart's
// scratchpad through two AXI4 masters of 64-byte data, one ID each (answers
// in order, ARM IHI 0022 A6), every transaction a single 64-byte beat
// (AxLEN 0, AxSIZE 6) on a 64-byte aligned address with byte strobes:
//   mem_axi  memory (SRAM, HBM, the host window): a beat's physical address;
//   spad_axi the scratchpad (memmap.def SPAD: SPAD_BASE + HART *
//            TILE_SPAD_STRIDE + offset), also for the engine's control
//            accesses (descriptor read, TICKET, gather indices, STATUS).
// A beat (iss_*: at most 64 bytes, 8-byte aligned offsets and length, tile.def
// TILE_ALIGN, within one 64-byte block of memory) takes a ring entry (OUT
// entries, the engine's beats in flight) and
//   COPY_IN:  reads its memory block -> writes one or two scratchpad blocks;
//   COPY_OUT: reads one or two scratchpad blocks -> writes its memory block.
// Read data is rotated by whole 8-byte words into the entry's buffer at the
// lanes of its destination (so the rotator is an 8:1 word multiplexer), then
// the writes go out in ring order. A beat is done when its writes were
// answered; a read answered with an error skips its writes. Beats retire in
// issue order (ret_valid_o while the oldest is done, with its error).
// Reads and writes of different beats are not ordered against each other
// (as for the kernel: a tile that reads the scratchpad bytes an earlier tile
// writes must wait for that tile's completion).
// The control port (ctl_*) reads or writes one scratchpad block at a time
// (ctl_req_i while none is in flight); its answer comes on ctl_rvalid_o.
// Readiness (iss_rdy_in_o / iss_rdy_out_o) depends on registers only.
`include "uvs_axi_ports.svh"

module uvs_tile_mover #(
  parameter int HART = 1,  // hart id: its scratchpad's address
  parameter int OUT  = 32  // beats in flight, a power of two
) (
  input  logic          clk_i,
  input  logic          rst_ni,        // synchronous, active low
  // beats, in issue order
  input  logic          iss_valid_i,
  input  logic          iss_we_i,      // 1: COPY_OUT (scratchpad -> memory)
  input  logic [63:0]   iss_pa_i,      // byte address in memory, 8-byte aligned
  input  logic [19:0]   iss_sp_i,      // scratchpad byte offset, 8-byte aligned
  input  logic [6:0]    iss_len_i,     // bytes, 8..64, a multiple of 8, within iss_pa_i's 64-byte block
  output logic          iss_rdy_in_o,  // a COPY_IN beat may issue this cycle
  output logic          iss_rdy_out_o, // a COPY_OUT beat may issue this cycle
  output logic          ret_valid_o,   // the oldest beat is done (retired this cycle)
  output logic          ret_err_o,     // ... and an access of it got an error response
  // control: one scratchpad block access at a time
  input  logic          ctl_req_i,
  output logic          ctl_gnt_o,
  input  logic          ctl_we_i,
  input  logic [19:6]   ctl_blk_i,     // block (64-byte) offset in the scratchpad
  input  logic [511:0]  ctl_wdata_i,
  input  logic [63:0]   ctl_wstrb_i,
  output logic          ctl_rvalid_o,  // answer (read data, or the write's response)
  output logic [511:0]  ctl_rdata_o,
  output logic          ctl_err_o,
  output logic          busy_o,        // beats, control access or transactions outstanding
  `UVS_AXI4W_M_PORTS(mem_axi, 64),
  `UVS_AXI4W_M_PORTS(spad_axi, 64)
);
  localparam int OW = $clog2(OUT);
  localparam int SQ = 2 * OUT;         // scratchpad reads queued or outstanding
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
  logic [60:0]     ew_ram [OUT];             // destination's first block (address), COPY_OUT, two reads, two writes
  logic            eerr_ram [OUT];           // an access got an error response
  logic [1:0]      erg_ram [OUT];            // reads answered
  logic [1:0]      ews_ram [OUT];            // writes sent
  logic [1:0]      ebg_ram [OUT];            // writes answered
  logic [OW-1:0]   head, wp, tail;
  logic [OW:0]     n, wn;                    // entries; entries not past the write stage
  // the write stage's entry (at wp)
  logic [63:6]     wp_blk;
  logic            wp_we, wp_two_r, wp_two_w;
  logic [2:0]      wp_do;
  logic [3:0]      wp_nw;

  // ---- read queues: address and owner, sent (AR) then answered (R) in order ----
  logic [63:6]     mqb_ram [OUT];            // address, read at mq_s
  logic [OW-1:0]   mqi_ram [OUT];            // owner, read at mq_r
  logic [OW:0]     mq_w, mq_s, mq_r;
  logic [19:6]     sqb_ram [SQ];             // block, read at sq_s (up to three pushed a cycle)
  logic [OW+1:0]   sqi_ram [SQ];             // owner, control read, the beat's second block; read at sq_r
  logic [SW:0]     sq_w, sq_s, sq_r;
  // ---- write responses awaited, in order ----
  logic [OW-1:0]   mbi_ram [OUT];
  logic [OW:0]     mb_w, mb_r;
  logic [OW:0]     sbi_ram [SQ];             // owner, and whether a control write
  logic [SW:0]     sb_w, sb_r;
  // ---- write channels: AW and W offered together ----
  logic            maw_v, mw_v, saw_v, sw_v;
  logic [63:6]     maw_blk;
  logic [19:6]     saw_blk;
  logic [511:0]    mw_data, sw_data;
  logic [63:0]     mw_strb, sw_strb;
  logic            ctl_busy;                 // a control access in flight

  logic [OW:0] mq_fill;
  logic [SW:0] sq_fill;
  assign mq_fill = mq_w - mq_r;
  assign sq_fill = sq_w - sq_r;
  // room: a ring entry, and queue room (a scratchpad read slot kept for control)
  assign iss_rdy_in_o  = n < (OW + 1)'(OUT) && mq_fill < (OW + 1)'(OUT);
  assign iss_rdy_out_o = n < (OW + 1)'(OUT) && sq_fill + (SW + 1)'(3) <= (SW + 1)'(SQ);
  assign busy_o = n != '0 || ctl_busy || sq_fill != '0 || maw_v || mw_v || saw_v || sw_v;

  // ---- AXI request channels ----
  assign mem_axi_arvalid_o  = mq_s != mq_w;
  assign mem_axi_araddr_o   = {mqb_ram[mq_s[OW-1:0]], 6'd0};
  assign spad_axi_arvalid_o = sq_s != sq_w;
  assign spad_axi_araddr_o  = SP_BASE + {44'd0, sqb_ram[sq_s[SW-1:0]], 6'd0};
  assign mem_axi_awvalid_o  = maw_v;
  assign mem_axi_awaddr_o   = {maw_blk, 6'd0};
  assign mem_axi_wvalid_o   = mw_v;
  assign mem_axi_wdata_o    = mw_data;
  assign mem_axi_wstrb_o    = mw_strb;
  assign spad_axi_awvalid_o = saw_v;
  assign spad_axi_awaddr_o  = SP_BASE + {44'd0, saw_blk, 6'd0};
  assign spad_axi_wvalid_o  = sw_v;
  assign spad_axi_wdata_o   = sw_data;
  assign spad_axi_wstrb_o   = sw_strb;
  assign {mem_axi_arlen_o, mem_axi_awlen_o, spad_axi_arlen_o, spad_axi_awlen_o} = '0;
  assign {mem_axi_arsize_o, mem_axi_awsize_o} = {3'd6, 3'd6};
  assign {spad_axi_arsize_o, spad_axi_awsize_o} = {3'd6, 3'd6};
  assign {mem_axi_arburst_o, mem_axi_awburst_o} = {2'd1, 2'd1};
  assign {spad_axi_arburst_o, spad_axi_awburst_o} = {2'd1, 2'd1};
  assign {mem_axi_arcache_o, mem_axi_awcache_o} = {4'b0011, 4'b0011};  // normal, bufferable
  assign {spad_axi_arcache_o, spad_axi_awcache_o} = {4'b0011, 4'b0011};
  assign {mem_axi_arprot_o, mem_axi_awprot_o} = {3'b000, 3'b000};
  assign {spad_axi_arprot_o, spad_axi_awprot_o} = {3'b000, 3'b000};
  assign {mem_axi_wlast_o, spad_axi_wlast_o} = 2'b11;
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
  assign s_free    = (!saw_v || spad_axi_awready_i) && (!sw_v || spad_axi_wready_i);
  assign ctl_rd_ok = !ctl_we_i && sq_fill < (SW + 1)'(SQ);
  assign ctl_wr_ok = ctl_we_i && s_free && sb_w - sb_r < (SW + 1)'(SQ);
  assign ctl_gnt_o = ctl_req_i && !ctl_busy && (ctl_rd_ok || ctl_wr_ok);

  // ---- write stage: the entry at wp once its reads are in ----
  logic        w_ready, w_skip, w_go, w_last;
  logic [63:6] w_blk;
  logic [63:0] w_strb;
  assign {wp_blk, wp_we, wp_two_r, wp_two_w} = ew_ram[wp];
  assign w_ready = wn != '0 && erg_ram[wp] == (wp_two_r ? 2'd2 : 2'd1);
  assign w_skip  = w_ready && eerr_ram[wp];
  assign w_last  = ews_ram[wp] == (wp_two_w ? 2'd1 : 2'd0);
  assign w_blk   = wp_blk + 58'(ews_ram[wp]);
  assign w_go    = w_ready && !eerr_ram[wp] &&
                   (wp_we ? (m_free && mb_w - mb_r < (OW + 1)'(OUT))
                             : (s_free && !ctl_gnt_o && sb_w - sb_r < (SW + 1)'(SQ)));
  // strobes: destination words y = 8 * block + m in [do, do + nw)
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2:0] wp_so;  // the write stage needs the destination's words only
  /* verilator lint_on UNUSEDSIGNAL */
  assign {wp_so, wp_do, wp_nw} = eo_ram[wp];
  always_comb begin
    for (int m = 0; m < 8; m++) begin : l_strb
      logic [4:0] y, lo, hi;
      y  = (ews_ram[wp][0] ? 5'd8 : 5'd0) + 5'(m);
      lo = 5'(wp_do);
      hi = 5'(wp_do) + 5'(wp_nw);
      w_strb[8*m +: 8] = (y >= lo && y < hi) ? 8'hff : 8'h00;
    end
  end

  // ---- read answers: rotate into the owner's buffer ----
  // Source word x = 8k + j goes to destination lane (j + do - so) mod 8:
  // block k's words, rotated up by do - so, with the lanes whose source word
  // is one of the beat's (rot_mask).
  function automatic logic [511:0] rot_data(input logic [511:0] d, input logic [2:0] sh);
    logic [511:0] r;
    for (int m = 0; m < 8; m++) begin
      logic [2:0] j;
      j = 3'(m) - sh;
      r[64*m +: 64] = d[64*j +: 64];
    end
    return r;
  endfunction
  function automatic logic [7:0] rot_mask(input logic k, input logic [2:0] so, input logic [2:0] dof,
                                          input logic [3:0] nw);
    logic [7:0] mk;
    for (int m = 0; m < 8; m++) begin
      logic [2:0] j;
      logic [4:0] x;
      j = 3'(m) - dof + so;  // source lane feeding destination lane m
      x = (k ? 5'd8 : 5'd0) + 5'(j);
      mk[m] = x >= 5'(so) && x < 5'(so) + 5'(nw);
    end
    return mk;
  endfunction

  // The beats' data, at their destination lanes: one RAM per source (memory
  // answers fill COPY_IN beats, scratchpad answers COPY_OUT beats), one
  // 32 x 64-bit RAM per 8-byte word lane (a write enable each), read by the
  // write stage at wp (distributed RAM: LUT RAM, PolarFire uSRAM).
  logic [OW-1:0]  mr_i, sr_i;   // owners of this cycle's read answers
  logic [7:0]     mr_mk, sr_mk;
  logic [511:0]   mr_d, sr_d, w_data;
  logic           sr_data;      // a scratchpad answer for a beat (not control)
  logic [2:0]     mr_so, mr_do, sr_so, sr_do;
  logic [3:0]     mr_nw, sr_nw;
  assign mr_i    = mqi_ram[mq_r[OW-1:0]];
  logic           sr_ctl, sr_k; // the answer is for control; for the beat's second block
  assign {sr_i, sr_ctl, sr_k} = sqi_ram[sq_r[SW-1:0]];
  assign {mr_so, mr_do, mr_nw} = eo_ram[mr_i];
  assign {sr_so, sr_do, sr_nw} = eo_ram[sr_i];
  assign mr_mk   = mem_axi_rvalid_i ? rot_mask(1'b0, mr_so, mr_do, mr_nw) : 8'd0;
  assign sr_data = spad_axi_rvalid_i && !sr_ctl;
  assign sr_mk   = sr_data ? rot_mask(sr_k, sr_so, sr_do, sr_nw) : 8'd0;
  assign mr_d    = rot_data(mem_axi_rdata_i, mr_do - mr_so);
  assign sr_d    = rot_data(spad_axi_rdata_i, sr_do - sr_so);
  for (genvar m = 0; m < 8; m++) begin : g_lane
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
  assign iss_so = iss_we_i ? iss_sp_i[5:3] : iss_pa_i[5:3];
  assign iss_do = iss_we_i ? iss_pa_i[5:3] : iss_sp_i[5:3];
  assign sb_put = (ctl_gnt_o && ctl_we_i) || (w_go && !wp_we);
  // scratchpad reads queued this cycle: the COPY_OUT beat's blocks, then a control read
  logic [1:0] sq_nb, sq_n;
  assign sq_nb = !(iss_valid_i && iss_we_i) ? 2'd0 : 4'(iss_so) + iss_nw > 4'd8 ? 2'd2 : 2'd1;
  assign sq_n  = sq_nb + 2'(ctl_gnt_o && !ctl_we_i);
  // the owners of the oldest awaited write responses
  logic [OW-1:0] mb_h, sb_h;
  logic          sb_h_ctl;
  assign mb_h             = mbi_ram[mb_r[OW-1:0]];
  assign {sb_h, sb_h_ctl} = sbi_ram[sb_r[SW-1:0]];
  always_ff @(posedge clk_i) begin
    if (iss_valid_i) begin
      eo_ram[tail] <= {iss_so, iss_do, iss_nw};
      ew_ram[tail] <= iss_we_i ? {iss_pa_i[63:6], 1'b1, 4'(iss_so) + iss_nw > 4'd8, 1'b0}
                               : {SP_BASE[63:6] + 58'(iss_sp_i[19:6]), 1'b0, 1'b0, 4'(iss_do) + iss_nw > 4'd8};
      if (!iss_we_i) begin
        mqb_ram[mq_w[OW-1:0]] <= iss_pa_i[63:6];
        mqi_ram[mq_w[OW-1:0]] <= tail;
      end
    end
    if (w_go && wp_we) mbi_ram[mb_w[OW-1:0]] <= wp;
    if (sb_put) sbi_ram[sb_w[SW-1:0]] <= ctl_gnt_o ? {OW'(0), 1'b1} : {wp, 1'b0};
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head <= '0; wp <= '0; tail <= '0; n <= '0; wn <= '0;
      mq_w <= '0; mq_s <= '0; mq_r <= '0;
      sq_w <= '0; sq_s <= '0; sq_r <= '0;
      mb_w <= '0; mb_r <= '0; sb_w <= '0; sb_r <= '0;
      maw_v <= 1'b0; mw_v <= 1'b0; saw_v <= 1'b0; sw_v <= 1'b0;
      ctl_busy <= 1'b0; ctl_rvalid_o <= 1'b0; ctl_err_o <= 1'b0;
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

      // -- control requests --
      if (ctl_gnt_o) begin
        ctl_busy <= 1'b1;
        if (ctl_we_i) begin
          saw_v   <= 1'b1;
          sw_v    <= 1'b1;
          saw_blk <= ctl_blk_i;
          sw_data <= ctl_wdata_i;
          sw_strb <= ctl_wstrb_i;
        end
      end

      // -- scratchpad reads queued: a COPY_OUT beat's one or two blocks,
      // then a control read (the k-th of the cycle at sq_w + k) --
      for (int k = 0; k < 3; k++) begin
        logic [SW-1:0] at;
        at = sq_w[SW-1:0] + SW'(k);
        if (2'(k) < sq_n) begin
          if (2'(k) < sq_nb) begin
            sqb_ram[at] <= iss_sp_i[19:6] + 14'(k);
            sqi_ram[at] <= {tail, 1'b0, k == 1};
          end else begin
            sqb_ram[at] <= ctl_blk_i;
            sqi_ram[at] <= {OW'(0), 1'b1, 1'b0};
          end
        end
      end
      sq_w <= sq_w + (SW + 1)'(sq_n);

      // -- AR accepted --
      if (mem_axi_arvalid_o && mem_axi_arready_i)   mq_s <= mq_s + (OW + 1)'(1);
      if (spad_axi_arvalid_o && spad_axi_arready_i) sq_s <= sq_s + (SW + 1)'(1);

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
          saw_blk <= 14'(w_blk - SP_BASE[63:6]);
          sw_data <= w_data;
          sw_strb <= w_strb;
        end
        if (w_last) wp <= wp + OW'(1);
      end

      // -- read answers (the beats' counters: below) --
      if (mem_axi_rvalid_i) mq_r <= mq_r + (OW + 1)'(1);
      if (spad_axi_rvalid_i) begin
        if (sr_ctl) begin
          ctl_rvalid_o <= 1'b1;
          ctl_rdata_o  <= spad_axi_rdata_i;
          ctl_err_o    <= spad_axi_rresp_i != 2'b00;
          ctl_busy     <= 1'b0;
        end
        sq_r <= sq_r + (SW + 1)'(1);
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

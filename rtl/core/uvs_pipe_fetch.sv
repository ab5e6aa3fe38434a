// uvs_pipe_fetch: fetch stage of uvs_pipe_core: next-PC prediction, the
// instruction port (docs/architecture.md "On-chip bus"), the fetch queue
// and the aligner that cuts instructions out of the queued words for the
// decode stage (IALIGN = 16, unprivileged spec ch. 1.5 and 16).
//
// The fetch address register fpc is the block pc of the next request (2-byte
// aligned; the port answers the aligned 8-byte word holding it). At the
// grant the next fetch address becomes the BTB's target if it predicts a
// taken instruction in this block (uvs_pipe_btb), else the next word, so
// the address never depends combinationally on a fetch response. One
// request is in flight at a time (bus contract); a new one is issued in the
// cycle the previous response arrives. A request is issued only if the
// queue has room for its response without counting this cycle's pop.
// Queue entry: {block pc, the whole 8-byte word, predicted next block pc,
// predicted taken and its offset, bus error}.
// Aligner: the instruction at the head's current offset (the block pc's,
// then advancing by each instruction's length): 16-bit if its low bits are
// not 11, else 32-bit; a 32-bit one at offset 6 straddles into the next
// entry (the next word: it waits for it). Its predicted next pc is the
// block's predicted next pc if it is the predicted-taken instruction or
// the last one of the word, else pc + length. A straddling instruction in
// a block predicted taken (its upper half was not fetched) refetches from
// its pc without prediction (resync). A bus error on the head entry ends
// the word (the instruction traps); on the straddled half it is reported
// with err_hi_o (xtval = that half's address, sec. 3.1.16).
// redirect_i (from the execute or commit stage) empties the queue and
// marks the request in flight stale (its response is dropped); the next
// request goes to redirect_pc_i. A request waiting for its grant is held
// (bus contract: stable until gnt); then the redirect waits for the grant.
// halt_i stops new requests (WFI); a held request still completes.
// The queue's pc, word, predicted next pc and offset are memories (one
// write port at the tail, asynchronous reads at the head and the next
// entry; names ending in "ram"), with the synthesis attribute ram_style =
// RAM_STYLE: "auto" leaves them to the tool (flip-flops or LUT-RAM),
// "block" puts them in PolarFire's uSRAM (no LUT-RAM there: flip-flops
// with a 3-way read multiplexer per bit cost about 1,200 LUTs a hart; issue 15).
module uvs_pipe_fetch
  import uvs_arch_pkg::*;
#(
  parameter int DEPTH = 3,  // fetch queue entries, >= 2
  /* verilator lint_off UNUSEDPARAM */  // read by synthesis tools only (an attribute)
  parameter RAM_STYLE = "auto"  // the queue memories' ram_style: "auto" or "block" (above)
  /* verilator lint_on UNUSEDPARAM */
) (
  input  logic        clk_i,
  input  logic        rst_ni,          // synchronous, active low
  // instruction port
  output logic        imem_req_o,
  input  logic        imem_gnt_i,
  output logic [63:0] imem_addr_o,
  input  logic        imem_rvalid_i,
  input  logic [63:0] imem_rdata_i,    // the aligned 8-byte word holding the request address
  input  logic        imem_err_i,
  // control
  input  logic        redirect_i,      // flush and fetch from redirect_pc_i
  input  logic [63:0] redirect_pc_i,
  input  logic        halt_i,          // issue no new request
  // fetch queue head (the decode stage's instruction)
  output logic        valid_o,         // an entry is there
  output logic [63:0] pc_o,            // its pc
  output logic [31:0] insn_o,          // the instruction at pc: original bits (16-bit: zero-extended)
  output logic        err_o,           // its fetch got a bus error (instruction access fault)
  output logic        err_hi_o,        // ... on the upper half of a straddling instruction
  output logic [63:0] pred_npc_o,      // the next pc fetch predicted after it
  output logic [63:0] block_pc_o,      // the block pc it was fetched with (BTB key)
  output logic        word_used_o,     // the decode stage used up a fetched word (hpm event)
  output logic        mem_wait_o,      // a request waits for its grant or its response
  input  logic        pop_i,           // the decode stage takes the head
  // predictor training (execute stage)
  input  logic        btb_upd_i,
  input  logic [63:0] btb_pc_i,        // block pc
  input  logic [1:0]  btb_off_i,       // offset pc[2:1] of the instruction
  input  logic        btb_cf_i,
  input  logic        btb_taken_i,
  input  logic        btb_off_seq_i,
  input  logic [63:0] btb_target_i
);
  localparam int CW = $clog2(DEPTH + 1);
  localparam int PW = $clog2(DEPTH);

  // queue entries: pc, fetched word, predicted next pc, bus error
  (* ram_style = RAM_STYLE *) logic [63:0] fq_pc_ram   [DEPTH];
  (* ram_style = RAM_STYLE *) logic [63:0] fq_word_ram [DEPTH];
  (* ram_style = RAM_STYLE *) logic [63:0] fq_npc_ram  [DEPTH];
  (* ram_style = RAM_STYLE *) logic [1:0]  fq_off_ram  [DEPTH];  // offset of the instruction predicted taken
  logic [DEPTH-1:0]   fq_err_q, fq_tk_q;
  logic [PW-1:0]      head_q, tail_q;
  logic [CW-1:0]      count_q;

  logic [63:0] fpc_q;       // address of the next (or held) request
  logic        outst_q;     // a granted request awaits its response
  logic        hold_q;      // last cycle's request was not granted: repeat it
  logic        stale_q;     // the request in flight belongs to a flushed path
  logic        rpend_q;     // a redirect waits for the held request's grant
  logic [63:0] rpc_q;       // its target
  logic [63:0] inf_pc_q;    // pc and prediction of the request in flight
  logic [63:0] inf_npc_q;
  logic        inf_tk_q;
  logic [1:0]  inf_off_q;
  logic        nopred_q;    // the next issued request ignores the BTB (resync)

  logic        btb_hit, btb_taken, new_req, issue, push, flush, pop_entry;
  logic [1:0]  btb_off;
  logic [63:0] btb_target, pred_npc, flush_pc;

  // aligner
  logic        mid_q;       // the head's current offset is off_q, not its block pc's
  logic [1:0]  aoff_q;
  logic [PW-1:0] head2;
  logic [1:0]  aoff;
  logic [63:0] hword;
  logic [31:0] ahi;         // the word from the current offset on
  logic [15:0] p0;
  logic        is32, straddle, hit_taken, end_word, resync, herr;
  logic [2:0]  aend;        // offset after the instruction (parcels)

  uvs_pipe_btb u_btb (
    .clk_i, .rst_ni,
    .pc_i(fpc_q), .taken_o(btb_hit), .off_o(btb_off), .target_o(btb_target),
    .upd_i(btb_upd_i), .upd_pc_i(btb_pc_i), .upd_off_i(btb_off_i), .upd_cf_i(btb_cf_i),
    .upd_taken_i(btb_taken_i), .upd_off_seq_i(btb_off_seq_i), .upd_target_i(btb_target_i)
  );

  // a taken prediction must lie at or after the block pc in its word
  assign btb_taken = btb_hit && !nopred_q && (btb_off >= fpc_q[2:1]);
  assign pred_npc  = btb_taken ? btb_target : {fpc_q[63:3] + 61'd1, 3'b000};

  assign new_req = !halt_i && (!outst_q || imem_rvalid_i) &&
                   ({1'b0, count_q} + {{CW{1'b0}}, outst_q} < (CW + 1)'(DEPTH));
  assign imem_req_o  = hold_q | new_req;
  assign imem_addr_o = fpc_q;
  assign issue       = imem_req_o & imem_gnt_i;
  assign push        = imem_rvalid_i & !stale_q & !flush;

  function automatic logic [PW-1:0] next_slot(input logic [PW-1:0] i);
    return (i == PW'(DEPTH - 1)) ? '0 : i + PW'(1);
  endfunction

  // ---- aligner over the head entry (and the next one for a straddle)
  assign head2    = next_slot(head_q);
  assign aoff     = mid_q ? aoff_q : fq_pc_ram[head_q][2:1];
  assign hword    = fq_word_ram[head_q];
  assign herr     = fq_err_q[head_q];
  assign ahi      = 32'(hword >> {aoff, 4'b0000});
  assign p0       = ahi[15:0];
  assign is32     = (p0[1:0] == 2'b11);
  assign straddle = is32 && (aoff == 2'b11) && !herr;
  assign aend     = {1'b0, aoff} + (is32 ? 3'd2 : 3'd1);
  assign hit_taken = fq_tk_q[head_q] && (fq_off_ram[head_q] == aoff) && !straddle;
  assign end_word = herr || aend[2];
  assign resync   = (count_q != '0) && straddle && fq_tk_q[head_q];

  assign valid_o    = (count_q != '0) && !resync && (!straddle || count_q >= CW'(2));
  assign pc_o       = {fq_pc_ram[head_q][63:3], aoff, 1'b0};
  assign insn_o     = !is32 ? {16'd0, p0} : (straddle ? {fq_word_ram[head2][15:0], p0} : ahi[31:0]);
  assign err_o      = herr || (straddle && fq_err_q[head2]);
  assign err_hi_o   = !herr && straddle && fq_err_q[head2];
  assign pred_npc_o = (hit_taken || (end_word && !straddle)) ? fq_npc_ram[head_q]
                                                             : pc_o + (is32 ? 64'd4 : 64'd2);
  assign block_pc_o = fq_pc_ram[head_q];
  // Entry data are written on every response of the current path, flush or
  // not (a flushed queue ignores them: count and tail restart), so that the
  // execute stage's redirect gates only the queue pointers, not the write
  // enables of its entries (the core's longest path).
  always_ff @(posedge clk_i) begin
    if (imem_rvalid_i && !stale_q) begin
      fq_pc_ram[tail_q]   <= inf_pc_q;
      fq_word_ram[tail_q] <= imem_rdata_i;
      fq_npc_ram[tail_q]  <= inf_npc_q;
      fq_err_q[tail_q]  <= imem_err_i;
      fq_tk_q[tail_q]   <= inf_tk_q;
      fq_off_ram[tail_q]  <= inf_off_q;
    end
  end

  // the head entry is used up: taken, or its word consumed (a straddling
  // instruction also takes the next entry's first parcel: mid_q, offset 1)
  assign pop_entry = pop_i && (hit_taken || end_word);
  assign word_used_o = pop_entry;
  assign mem_wait_o  = (imem_req_o && !imem_gnt_i) || (outst_q && !imem_rvalid_i);
  // a resync is a local redirect to the straddling instruction's pc
  assign flush     = redirect_i || resync;
  assign flush_pc  = redirect_i ? redirect_pc_i : pc_o;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q    <= '0;
      tail_q    <= '0;
      count_q   <= '0;
      fpc_q     <= uvs_memmap_pkg::UVS_RESET_PC;
      outst_q   <= 1'b0;
      hold_q    <= 1'b0;
      stale_q   <= 1'b0;
      rpend_q   <= 1'b0;
      rpc_q     <= '0;
      inf_pc_q  <= '0;
      inf_npc_q <= '0;
      inf_tk_q  <= 1'b0;
      inf_off_q <= '0;
      nopred_q  <= 1'b0;
      mid_q     <= 1'b0;
      aoff_q    <= '0;
    end else begin
      hold_q <= imem_req_o & !imem_gnt_i;
      // in-flight request bookkeeping
      if (issue) begin
        outst_q   <= 1'b1;
        inf_pc_q  <= fpc_q;
        inf_npc_q <= pred_npc;
        inf_tk_q  <= btb_taken;
        inf_off_q <= btb_off;
        // stale: redirected in this cycle, or while it was held (rpend_q);
        // never because the previous request was (a request presented in
        // the cycle a stale response arrives and granted later is on the
        // new path: keeping stale_q there dropped every later response)
        stale_q   <= flush | rpend_q;
      end else begin
        if (imem_rvalid_i) outst_q <= 1'b0;
        if (flush) stale_q <= 1'b1;
      end
      if (flush) nopred_q <= !redirect_i;
      else if (issue && !rpend_q) nopred_q <= 1'b0;
      // next fetch address
      if (flush) begin
        if (imem_req_o && !imem_gnt_i) begin
          rpend_q <= 1'b1;
          rpc_q   <= flush_pc;
        end else begin
          rpend_q <= 1'b0;
          fpc_q   <= flush_pc;
        end
      end else if (issue) begin
        fpc_q   <= rpend_q ? rpc_q : pred_npc;
        rpend_q <= 1'b0;
      end
      // queue
      if (flush) begin
        head_q  <= '0;
        tail_q  <= '0;
        count_q <= '0;
        mid_q   <= 1'b0;
      end else begin
        if (push) tail_q <= next_slot(tail_q);
        if (pop_entry) head_q <= next_slot(head_q);
        if (pop_i) begin
          mid_q  <= !pop_entry || straddle;
          aoff_q <= straddle ? 2'b01 : aend[1:0];
        end
        count_q <= count_q + CW'(push) - CW'(pop_entry);
      end
    end
  end
endmodule

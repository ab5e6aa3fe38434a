// uvs_pipe_fetch: fetch stage of uvs_pipe_core: next-PC prediction, the
// instruction port (docs/architecture.md "On-chip bus") and the fetch
// queue that feeds the decode stage.
//
// The fetch address register fpc is the pc of the next request; the request
// carries it unchanged (the port answers the aligned 8-byte word holding it).
// At the grant the next fetch address becomes the BTB's prediction for fpc
// (uvs_pipe_btb: target if predicted taken, else fpc + 4), so the address
// never depends combinationally on a fetch response. One request is in
// flight at a time (bus contract); a new one is issued in the cycle the
// previous response arrives, so a 1-cycle memory delivers one instruction
// per cycle. A request is issued only if the queue has room for its
// response without counting this cycle's pop (DEPTH = 3 keeps that rate).
// Queue entry: {pc, the whole 8-byte word, predicted next pc, bus error};
// the decode stage takes the instruction at pc[2] (C extension: an aligner
// over these words takes 2-byte parcels, and a 32-bit instruction that
// straddles two words takes the next entry's low half).
// redirect_i (from the execute or commit stage) empties the queue and
// marks the request in flight stale (its response is dropped); the next
// request goes to redirect_pc_i. A request waiting for its grant is held
// (bus contract: stable until gnt); then the redirect waits for the grant.
// halt_i stops new requests (WFI); a held request still completes.
module uvs_pipe_fetch
  import uvs_arch_pkg::*;
#(
  parameter int DEPTH = 3  // fetch queue entries, >= 2
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
  output logic [31:0] insn_o,          // the 32-bit instruction at pc
  output logic        err_o,           // its fetch got a bus error (instruction access fault)
  output logic [63:0] pred_npc_o,      // the next pc fetch predicted after it
  input  logic        pop_i,           // the decode stage takes the head
  // predictor training (execute stage)
  input  logic        btb_upd_i,
  input  logic [63:0] btb_pc_i,
  input  logic        btb_cf_i,
  input  logic        btb_taken_i,
  input  logic [63:0] btb_target_i
);
  localparam int CW = $clog2(DEPTH + 1);
  localparam int PW = $clog2(DEPTH);

  // queue entries: pc, fetched word, predicted next pc, bus error
  logic [63:0]        fq_pc_q   [DEPTH];
  logic [63:0]        fq_word_q [DEPTH];
  logic [63:0]        fq_npc_q  [DEPTH];
  logic [DEPTH-1:0]   fq_err_q;
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

  logic        btb_taken, new_req, issue, push;
  logic [63:0] btb_target, pred_npc;

  uvs_pipe_btb u_btb (
    .clk_i, .rst_ni,
    .pc_i(fpc_q), .taken_o(btb_taken), .target_o(btb_target),
    .upd_i(btb_upd_i), .upd_pc_i(btb_pc_i), .upd_cf_i(btb_cf_i),
    .upd_taken_i(btb_taken_i), .upd_target_i(btb_target_i)
  );

  assign pred_npc = btb_taken ? btb_target : fpc_q + 64'd4;

  assign new_req = !halt_i && (!outst_q || imem_rvalid_i) &&
                   ({1'b0, count_q} + {{CW{1'b0}}, outst_q} < (CW + 1)'(DEPTH));
  assign imem_req_o  = hold_q | new_req;
  assign imem_addr_o = fpc_q;
  assign issue       = imem_req_o & imem_gnt_i;
  assign push        = imem_rvalid_i & !stale_q & !redirect_i;

  assign valid_o    = (count_q != '0);
  assign pc_o       = fq_pc_q[head_q];
  assign insn_o     = pc_o[2] ? fq_word_q[head_q][63:32] : fq_word_q[head_q][31:0];
  assign err_o      = fq_err_q[head_q];
  assign pred_npc_o = fq_npc_q[head_q];

  function automatic logic [PW-1:0] next_slot(input logic [PW-1:0] i);
    return (i == PW'(DEPTH - 1)) ? '0 : i + PW'(1);
  endfunction

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
    end else begin
      hold_q <= imem_req_o & !imem_gnt_i;
      // in-flight request bookkeeping
      if (issue) begin
        outst_q   <= 1'b1;
        inf_pc_q  <= fpc_q;
        inf_npc_q <= pred_npc;
        stale_q   <= redirect_i | rpend_q | (hold_q & stale_q);
      end else begin
        if (imem_rvalid_i) outst_q <= 1'b0;
        if (redirect_i) stale_q <= 1'b1;
      end
      // next fetch address
      if (redirect_i) begin
        if (imem_req_o && !imem_gnt_i) begin
          rpend_q <= 1'b1;
          rpc_q   <= redirect_pc_i;
        end else begin
          rpend_q <= 1'b0;
          fpc_q   <= redirect_pc_i;
        end
      end else if (issue) begin
        fpc_q   <= rpend_q ? rpc_q : pred_npc;
        rpend_q <= 1'b0;
      end
      // queue
      if (redirect_i) begin
        head_q  <= '0;
        tail_q  <= '0;
        count_q <= '0;
      end else begin
        if (push) begin
          fq_pc_q[tail_q]   <= inf_pc_q;
          fq_word_q[tail_q] <= imem_rdata_i;
          fq_npc_q[tail_q]  <= inf_npc_q;
          fq_err_q[tail_q]  <= imem_err_i;
          tail_q       <= next_slot(tail_q);
        end
        if (pop_i) head_q <= next_slot(head_q);
        count_q <= count_q + CW'(push) - CW'(pop_i);
      end
    end
  end
endmodule

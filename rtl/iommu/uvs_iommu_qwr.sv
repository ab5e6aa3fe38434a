// uvs_iommu_qwr: writes one record at the tail of the fault queue (32 B,
// RISC-V IOMMU spec v1.0 3.2) or of the page-request queue (16 B, spec 3.3)
// as the C model's uvs_iommu_queue_produce does:
//  - in the cycle of start_i (combinationally) it refuses the record when
//    the queue is off, has MF or OF set, or is full (tail == head - 1); a
//    full queue also gets OF set (set_of pulse). Nothing is written then.
//    refused_full_o tells a refusal for lack of room (full or OF, queue on,
//    MF clear): the walker then holds the requester (RETRY) rather than
//    dropping the record (uvmsoc deviation from spec 3.2/5.16, README).
//  - otherwise it writes the record's doublewords at base + tail * size
//    through its memory client, then pulses done_o; on a bus error it stops,
//    pulses set_mf and done_o with err_o (no tail change); on success it
//    pulses tail_inc (the register block advances the tail, sets fip/pip).
// sel_pq_i picks the queue for the whole operation (latched at start).
module uvs_iommu_qwr (
  input  logic        clk_i,
  input  logic        rst_ni,  // synchronous, active low
  input  logic        start_i,
  input  logic        sel_pq_i,   // 0 fault queue, 1 page-request queue
  input  logic [63:0] rec_i [4],  // record doublewords (page request: 0, 1)
  output logic        refused_o,  // with start_i: not written
  output logic        refused_full_o,  // with refused_o: for lack of room (OF set or full; on, MF clear)
  output logic        done_o,     // pulse: write finished
  output logic        err_o,      // with done_o: memory fault
  // queue state (uvs_iommu_regs): base PPN, LOG2SZ-1, head, tail, csr bits
  input  logic [43:0] fq_ppn_i,
  input  logic [4:0]  fq_log2szm1_i,
  input  logic [31:0] fq_head_i,
  input  logic [31:0] fq_tail_i,
  input  logic        fq_on_i,
  input  logic        fq_mf_i,
  input  logic        fq_of_i,
  input  logic [43:0] pq_ppn_i,
  input  logic [4:0]  pq_log2szm1_i,
  input  logic [31:0] pq_head_i,
  input  logic [31:0] pq_tail_i,
  input  logic        pq_on_i,
  input  logic        pq_mf_i,
  input  logic        pq_of_i,
  // register updates (pulses)
  output logic        fq_set_of_o,
  output logic        fq_set_mf_o,
  output logic        fq_tail_inc_o,
  output logic        pq_set_of_o,
  output logic        pq_set_mf_o,
  output logic        pq_tail_inc_o,
  // memory client
  output logic        m_req_o,
  input  logic        m_gnt_i,
  output logic [63:0] m_addr_o,
  output logic        m_we_o,
  output logic [7:0]  m_be_o,
  output logic [63:0] m_wdata_o,
  output logic [3:0]  m_amo_o,
  input  logic        m_rvalid_i,
  input  logic        m_err_i
);
  typedef enum logic [1:0] {IDLE, WR, WAIT} state_e;
  state_e      state_q;
  logic        pq_q;
  logic [63:0] addr_q;
  logic [63:0] rec_q [4];
  logic [1:0]  idx_q;

  // Selected queue, before the start is latched.
  logic [43:0] ppn;
  logic [4:0]  lsz;
  logic [31:0] head, tail;
  logic        on, mf, of, full;
  logic [32:0] mask;
  always_comb begin
    ppn  = sel_pq_i ? pq_ppn_i : fq_ppn_i;
    lsz  = sel_pq_i ? pq_log2szm1_i : fq_log2szm1_i;
    head = sel_pq_i ? pq_head_i : fq_head_i;
    tail = sel_pq_i ? pq_tail_i : fq_tail_i;
    on   = sel_pq_i ? pq_on_i : fq_on_i;
    mf   = sel_pq_i ? pq_mf_i : fq_mf_i;
    of   = sel_pq_i ? pq_of_i : fq_of_i;
    mask = (33'd2 << lsz) - 33'd1;
    full = ((({1'b0, tail} + 33'd1) & mask) == {1'b0, head});
  end

  logic take;
  assign take      = start_i && state_q == IDLE;
  assign refused_o = take && (!on || mf || of || full);
  assign refused_full_o = refused_o && on && !mf && (of || full);

  logic [1:0] last;
  assign last = pq_q ? 2'd1 : 2'd3;

  assign m_req_o   = state_q == WR;
  assign m_addr_o  = addr_q + {59'd0, idx_q, 3'd0};
  assign m_we_o    = 1'b1;
  assign m_be_o    = 8'hff;
  assign m_wdata_o = rec_q[idx_q];
  assign m_amo_o   = '0;

  logic fin;
  assign fin    = state_q == WAIT && m_rvalid_i && (m_err_i || idx_q == last);
  assign done_o = fin;
  assign err_o  = fin && m_err_i;

  assign fq_set_of_o   = refused_o && !sel_pq_i && on && !mf && !of && full;
  assign pq_set_of_o   = refused_o && sel_pq_i && on && !mf && !of && full;
  assign fq_set_mf_o   = fin && m_err_i && !pq_q;
  assign pq_set_mf_o   = fin && m_err_i && pq_q;
  assign fq_tail_inc_o = fin && !m_err_i && !pq_q;
  assign pq_tail_inc_o = fin && !m_err_i && pq_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= IDLE;
      pq_q    <= 1'b0;
      addr_q  <= '0;
      idx_q   <= '0;
      for (int i = 0; i < 4; i++) rec_q[i] <= '0;
    end else begin
      case (state_q)
        IDLE: if (take && !refused_o) begin
          state_q <= WR;
          pq_q    <= sel_pq_i;
          idx_q   <= '0;
          addr_q  <= {8'd0, ppn, 12'd0} + ({32'd0, tail} << (sel_pq_i ? 4 : 5));
          for (int i = 0; i < 4; i++) rec_q[i] <= rec_i[i];
        end
        WR: if (m_gnt_i) state_q <= WAIT;
        WAIT: if (m_rvalid_i) begin
          if (fin) state_q <= IDLE;
          else begin
            idx_q   <= idx_q + 2'd1;
            state_q <= WR;
          end
        end
        default: state_q <= IDLE;
      endcase
    end
  end
endmodule

// uvs_plic: platform-level interrupt controller, compatible "riscv,plic0" /
// "sifive,plic-1.0.0" (RISC-V PLIC specification v1.0.0; register layout in
// include/uvmsoc/plic.def, docs/architecture.md "PLIC").
//   - NSRC sources (ids 1..NSRC) and NCTX contexts; PRIO_BITS-bit priorities
//     and thresholds (WARL: the upper bits of a write are dropped);
//     priority 0 never interrupts.
//   - Gateways (spec "Interrupt Gateways"): a level-triggered source is
//     pending while its line is high and it is not claimed; an
//     edge-triggered one (EDGE[id] = 1) becomes pending on a rising edge of
//     its line and remembers one further edge while it is claimed. A claim
//     takes the source out of the pending set until its completion.
//   - Claim (read of a context's claim register): the id of the pending
//     source enabled for that context whose priority is above the context's
//     threshold, highest priority first, lowest id on a tie; 0 if none (no
//     side effect). Complete (write of an id): re-arms that source's gateway
//     if it is enabled for the context, else is ignored (spec "Interrupt
//     Completion").
//   - irq_o[c] = context c has a claimable source, registered (one cycle
//     after the state that causes it).
//   - Clock gating (uvs_clk_gate): the state changes only with a bus
//     access or a line that differs from its sample, and irq_o / rdata_o
//     settle one cycle later, so the registers' clock runs only in those
//     cycles and two more; nothing visible changes (the simulation model
//     then skips the PLIC in most cycles).
//   - Bus: always ready, rdata_o/err_o one cycle after req_i. Each 4-byte
//     half of the 8-byte word whose byte enables are all set accesses its
//     register; a half with some but not all byte enables set, or a
//     reserved offset (an absent source or context, any gap), makes the
//     whole access an error (err_o, no side effect); the pending words are
//     read-only (writes ignored).
module uvs_plic #(
  parameter int              NSRC      = 5,    // sources, ids 1..NSRC (1..1023)
  parameter int              NCTX      = 2,    // contexts (1..15872)
  parameter int              PRIO_BITS = 3,    // bits of a priority / threshold (1..32)
  parameter logic [1023:0]   EDGE      = '0    // bit id = 1: source id is edge-triggered
) (
  input  logic             clk_i,
  input  logic             rst_ni,    // synchronous, active low
  input  logic [NSRC:1]    src_i,     // interrupt lines, bit id = source id (high = request)
  // shared MMIO bus target port
  input  logic             req_i,     // access this cycle (always ready)
  input  logic [25:3]      addr_i,    // 8-byte word offset in the PLIC region
  input  logic             we_i,
  input  logic [7:0]       be_i,
  input  logic [63:0]      wdata_i,
  output logic [63:0]      rdata_o,   // one cycle after req_i
  output logic             err_o,     // one cycle after req_i: reserved offset or partial register
  output logic [NCTX-1:0]  irq_o      // per context: a claimable source (registered)
);
  import uvs_plic_pkg::*;

  localparam int NW = (NSRC + 32) / 32;  // 32-bit words of a pending / enable array (ids 0..NSRC)
  localparam int IW = $clog2(NSRC + 1);  // bits of a source id
  localparam int CW = (NCTX > 1) ? $clog2(NCTX) : 1;
  localparam int EW = $clog2(NW * 32);   // bits of an index into a pending / enable array
  localparam logic [25:0] PEND_OFF = 26'(UVS_PLIC_PENDING_OFF);
  localparam logic [25:0] EN_OFF   = 26'(UVS_PLIC_ENABLE_OFF);
  localparam logic [25:0] CTX_OFF  = 26'(UVS_PLIC_CONTEXT_OFF);
  localparam int          EN_SHIFT  = $clog2(int'(UVS_PLIC_ENABLE_STRIDE));
  localparam int          CTX_SHIFT = $clog2(int'(UVS_PLIC_CONTEXT_STRIDE));

  // The sources that exist, as a bit vector over ids 0..NW*32-1.
  function automatic logic [NW*32-1:0] src_mask();
    logic [NW*32-1:0] m;
    m = '0;
    for (int i = 1; i <= NSRC; i++) m[i] = 1'b1;
    return m;
  endfunction
  localparam logic [NW*32-1:0] SRC_MASK = src_mask();

  // ---- state ----
  logic [NSRC:1][PRIO_BITS-1:0] prio_q;
  logic [NCTX-1:0][NW*32-1:0]   en_q;      // bits 0 and > NSRC stay 0
  logic [NCTX-1:0][PRIO_BITS-1:0] thr_q;
  logic [NSRC:1]                line_q;    // sampled lines
  logic [NSRC:1]                epend_q;   // edge sources: pending
  logic [NSRC:1]                eheld_q;   // edge sources: an edge seen while claimed
  logic [NSRC:1]                claimed_q; // claimed, not yet completed
  logic [NCTX-1:0]              irq_q;
  logic [63:0]                  rdata_q;
  logic                         err_q;

  // ---- pending set and per-context claim candidate ----
  logic [NW*32-1:0]             pend;      // pending bits as read at PENDING_OFF
  logic [NCTX-1:0][IW-1:0]      best;      // claim result per context (0: none)

  always_comb begin
    pend = '0;
    for (int i = 1; i <= NSRC; i++)
      pend[i] = EDGE[i] ? epend_q[i] : (line_q[i] && !claimed_q[i]);
  end

  // Highest priority above the threshold, lowest id on a tie (strict > while
  // scanning ids upwards keeps the lowest).
  always_comb begin
    for (int c = 0; c < NCTX; c++) begin
      logic [PRIO_BITS-1:0] bp;
      bp      = thr_q[c];
      best[c] = '0;
      for (int i = 1; i <= NSRC; i++) begin
        if (pend[i] && en_q[c][i] && prio_q[i] > bp) begin
          bp      = prio_q[i];
          best[c] = IW'(i);
        end
      end
    end
  end

  // ---- address decode of one 32-bit register (offset off, byte address) ----
  typedef enum logic [2:0] {
    R_NONE, R_PRIO, R_PEND, R_EN, R_THR, R_CLAIM
  } reg_e;

  function automatic reg_e reg_kind(logic [25:0] off);
    logic [25:0] en_rel, ctx_rel;
    en_rel  = off - EN_OFF;
    ctx_rel = off - CTX_OFF;
    if (off < PEND_OFF)
      return (off[11:2] != 10'd0 && int'(off[11:2]) <= NSRC) ? R_PRIO : R_NONE;
    if (off < EN_OFF)
      return (off < PEND_OFF + 26'(4 * NW)) ? R_PEND : R_NONE;
    if (off < CTX_OFF)
      return (int'(32'(en_rel) >> EN_SHIFT) < NCTX && int'(off[EN_SHIFT-1:2]) < NW)
             ? R_EN : R_NONE;
    if (int'(32'(ctx_rel) >> CTX_SHIFT) >= NCTX) return R_NONE;
    if (off[CTX_SHIFT-1:2] == 10'(UVS_PLIC_THRESHOLD_OFF >> 2)) return R_THR;
    if (off[CTX_SHIFT-1:2] == 10'(UVS_PLIC_CLAIM_OFF >> 2)) return R_CLAIM;
    return R_NONE;
  endfunction

  // Context of an enable (R_EN) or threshold/claim (R_THR, R_CLAIM) offset.
  function automatic logic [CW-1:0] ctx_of(logic [25:0] off, reg_e k);
    logic [25:0] en_rel, ctx_rel;
    en_rel  = off - EN_OFF;
    ctx_rel = off - CTX_OFF;
    return (k == R_EN) ? CW'(en_rel >> EN_SHIFT) : CW'(ctx_rel >> CTX_SHIFT);
  endfunction

  logic [1:0][25:0]  h_off;   // byte offset of each half's register
  logic [1:0]        h_on;    // half accessed (all four byte enables)
  logic [1:0]        h_bad;   // half partly enabled, or reserved
  reg_e [1:0]        h_kind;
  logic [1:0][CW-1:0] h_ctx;
  logic              acc_err;

  // (decoded only with a request: the simulation model skips it otherwise)
  always_comb begin
    h_off = '0; h_on = '0; h_kind = {R_NONE, R_NONE}; h_ctx = '0; h_bad = '0;
    if (req_i) begin
      for (int h = 0; h < 2; h++) begin
        h_off[h]  = {addr_i, h[0], 2'b00};
        h_on[h]   = be_i[4*h +: 4] == 4'hf;
        h_kind[h] = reg_kind(h_off[h]);
        h_ctx[h]  = ctx_of(h_off[h], h_kind[h]);
        h_bad[h]  = (be_i[4*h +: 4] != 4'h0 && !h_on[h]) || (h_on[h] && h_kind[h] == R_NONE);
      end
    end
    acc_err = (|h_bad) || be_i == 8'h00;
  end

  // Read data of the register of half h.
  function automatic logic [31:0] rd32(int h);
    logic [31:0] w;
    int          wi;
    w  = '0;
    wi = int'(h_off[h][6:2]);
    unique case (h_kind[h])
      R_PRIO:  w = 32'(prio_q[h_off[h][11:2]]);
      R_PEND:  w = pend[32 * wi +: 32];
      R_EN:    w = en_q[h_ctx[h]][32 * wi +: 32];
      R_THR:   w = 32'(thr_q[h_ctx[h]]);
      R_CLAIM: w = 32'(best[h_ctx[h]]);
      default: w = '0;
    endcase
    return w;
  endfunction

  assign rdata_o = rdata_q;
  assign err_o   = err_q;
  assign irq_o   = irq_q;

  logic gclk;
  uvs_clk_gate #(.IDLE(2)) u_cg (
    .clk_i,
    .act_i (req_i || src_i != line_q || !rst_ni),
    .clk_o (gclk)
  );

  always_ff @(posedge gclk) begin
    if (!rst_ni) begin
      prio_q    <= '0;
      en_q      <= '0;
      thr_q     <= '0;
      line_q    <= '0;
      epend_q   <= '0;
      eheld_q   <= '0;
      claimed_q <= '0;
      irq_q     <= '0;
      rdata_q   <= '0;
      err_q     <= 1'b0;
    end else begin
      logic [NSRC:1] claim_now, done_now;
      claim_now = '0;
      done_now  = '0;
      line_q <= src_i;
      for (int c = 0; c < NCTX; c++) irq_q[c] <= best[c] != '0;

      // ---- bus access ----
      rdata_q <= '0;
      err_q   <= req_i && acc_err;
      if (req_i && !acc_err) begin
        for (int h = 0; h < 2; h++) begin
          if (h_on[h] && !we_i) begin
            rdata_q[32 * h +: 32] <= rd32(h);
            if (h_kind[h] == R_CLAIM && best[h_ctx[h]] != '0)
              claim_now[best[h_ctx[h]]] = 1'b1;
          end
          if (h_on[h] && we_i) begin
            logic [31:0] wd;
            wd = wdata_i[32 * h +: 32];
            unique case (h_kind[h])
              R_PRIO: prio_q[h_off[h][11:2]] <= wd[PRIO_BITS-1:0];
              R_EN:   en_q[h_ctx[h]][32 * int'(h_off[h][6:2]) +: 32] <=
                          wd & SRC_MASK[32 * int'(h_off[h][6:2]) +: 32];
              R_THR:  thr_q[h_ctx[h]] <= wd[PRIO_BITS-1:0];
              R_CLAIM:
                if (wd != 32'd0 && wd <= 32'(NSRC) && en_q[h_ctx[h]][EW'(wd[IW-1:0])])
                  done_now[wd[IW-1:0]] = 1'b1;
              default: ;  // R_PEND: read-only
            endcase
          end
        end
      end

      // ---- gateways ----
      for (int i = 1; i <= NSRC; i++) begin
        logic rise;
        rise = src_i[i] && !line_q[i];
        if (claim_now[i]) begin
          claimed_q[i] <= 1'b1;
        end else if (done_now[i]) begin
          claimed_q[i] <= 1'b0;
        end
        if (EDGE[i]) begin
          if (claim_now[i]) begin
            epend_q[i] <= 1'b0;
            eheld_q[i] <= rise;
          end else if (claimed_q[i] && !done_now[i]) begin
            eheld_q[i] <= eheld_q[i] || rise;
          end else begin
            // not claimed (or completed now): a held or new edge is pending
            epend_q[i] <= epend_q[i] || eheld_q[i] || rise;
            eheld_q[i] <= 1'b0;
          end
        end
      end
    end
  end

  // Elaboration-time parameter checks.
  if (NSRC < 1 || NSRC > 1023) $error("uvs_plic: NSRC must be 1..1023");
  if (NCTX < 1 || NCTX > 15872) $error("uvs_plic: NCTX must be 1..15872");
  if (PRIO_BITS < 1 || PRIO_BITS > 32) $error("uvs_plic: PRIO_BITS must be 1..32");
endmodule

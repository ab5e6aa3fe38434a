// uvs_iommu_regs: the IOMMU register block (RISC-V IOMMU spec v1.0 chapter
// 5; offsets and fields in include/uvmsoc/iommu_regs.def) as an MMIO target
// with the on-chip bus protocol (docs/architecture.md "On-chip bus"): every
// request granted at once, response one cycle later.
//
// Accesses: 4 bytes (be 0x0f or 0xf0) or 8 bytes (be 0xff) at offsets below
// UVS_IOMMU_REGS_SIZE (the offset is addr[15:0]; the interconnect decodes
// the 64-KiB window). A 4-byte access may touch either half of an 8-byte
// register. err = 1 for other byte enables, an AMO, an offset at or past
// 0x1000, or an 8-byte access over 4-byte registers (the C model's -EINVAL).
// Unimplemented offsets read 0 and ignore writes.
//
// Write side effects are the model's (sim/model/iommu_model_regs.c):
// capabilities and fctl read-only (fctl.WSI = 1: capabilities.IGS = WSI);
// ddtp.iommu_mode WARL (Off, Bare, 1LVL, 2LVL, 3LVL; others keep the old
// mode), ddtp.busy 0; queue bases writable only while the queue is off
// (xqen = xqon = 0) and the software-owned index masked to the new size;
// cqt/fqh/pqh keep LOG2SZ bits; xqcsr: xqen/xie read-write, error bits
// RW1C, xqen 0->1 zeroes the IOMMU-owned index (cqh/fqt/pqt) and the error
// bits and sets xqon, xqen = 0 clears xqon; ipsr RW1C; icvec 16 bits.
// A queue that is on with a base not naturally aligned to its size
// (2^LOG2SZ x 16 or 32 bytes above 4 KiB, spec 5.6/5.9/5.12, where the
// spec leaves its addresses UNSPECIFIED) has xqmf set -- from the xqen
// write that turns it on, and again after any clear -- so its memory is
// never accessed; software turns it off and writes a correct base.
// Hardware events of a cycle apply before a software write of that cycle.
// ipsr: cip while cqcsr.cie and an error or fence_w_ip bit; fip/pip on a
// new record when xie, and while xie and MF or OF (spec 5.18). irq_o is the
// OR of ipsr (wire-signaled interrupt).
module uvs_iommu_regs
  import uvs_iommu_regs_pkg::*;
  import uvs_bus_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,  // synchronous, active low
  // MMIO target
  input  logic        req_i,
  output logic        gnt_o,
  /* verilator lint_off UNUSEDSIGNAL */  // only the offset in the 64-KiB window is decoded
  input  logic [63:0] addr_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic        we_i,
  input  logic [7:0]  be_i,
  input  logic [63:0] wdata_i,
  input  logic [3:0]  amo_i,
  output logic        rvalid_o,
  output logic [63:0] rdata_o,
  output logic        err_o,
  // state for the IOMMU blocks
  output logic [3:0]  ddtp_mode_o,
  output logic [43:0] ddtp_ppn_o,
  output logic        fctl_wsi_o,
  output logic [43:0] cq_ppn_o,
  output logic [31:0] cq_head_o,
  output logic [31:0] cq_tail_o,
  output logic        cq_on_o,
  output logic        cq_stop_o,  // cqmf | cmd_to | cmd_ill
  output logic [43:0] fq_ppn_o,
  output logic [4:0]  fq_log2szm1_o,
  output logic [31:0] fq_head_o,
  output logic [31:0] fq_tail_o,
  output logic        fq_on_o,
  output logic        fq_mf_o,
  output logic        fq_of_o,
  output logic [43:0] pq_ppn_o,
  output logic [4:0]  pq_log2szm1_o,
  output logic [31:0] pq_head_o,
  output logic [31:0] pq_tail_o,
  output logic        pq_on_o,
  output logic        pq_mf_o,
  output logic        pq_of_o,
  // hardware events (pulses)
  input  logic        cq_head_inc_i,
  input  logic        cq_set_cqmf_i,
  input  logic        cq_set_cmd_ill_i,
  input  logic        cq_set_fence_w_ip_i,
  input  logic        fq_tail_inc_i,
  input  logic        fq_set_mf_i,
  input  logic        fq_set_of_i,
  input  logic        pq_tail_inc_i,
  input  logic        pq_set_mf_i,
  input  logic        pq_set_of_i,
  output logic        irq_o
);
  // One queue's registers.
  typedef struct packed {
    logic [4:0]  log2szm1;
    logic [43:0] ppn;
    logic [31:0] head;
    logic [31:0] tail;
    logic        en, ie, mf, of, cmd_to, cmd_ill, fence_w_ip, on;
  } queue_t;

  queue_t      cq_q, fq_q, pq_q, cq_d, fq_d, pq_d;
  logic [3:0]  mode_q, mode_d;
  logic [43:0] dppn_q, dppn_d;
  logic [3:0]  ipsr_q, ipsr_d;  // cip, fip, pmip, pip in bits 0..3
  logic [15:0] icvec_q, icvec_d;
  // Per queue (cq, fq, pq in bits 0..2): its base is misaligned. The base
  // changes only by an xqb write, so this is computed once there, with one
  // alignment check shared by the three registers (a check per queue every
  // cycle cost three 44-bit variable masks: issue 15).
  logic [2:0]  mis_q, mis_d;

  localparam logic [31:0] FCTL = UVS_IOMMU_FCTL_WSI_MASK[31:0];

  function automatic logic [31:0] idx_mask(logic [4:0] l);
    idx_mask = 32'(((33'd2 << l) - 33'd1));
  endfunction

  // True when a queue base (ppn, log2szm1) is not aligned to the queue's
  // size of 2^(LOG2SZ-1 + 1 + rlog2) bytes (rlog2: log2 of the record size).
  function automatic logic misaligned(logic [43:0] ppn, logic [4:0] log2szm1, logic [2:0] rlog2);
    logic [5:0]  bytes_log2;
    logic [43:0] mask;
    bytes_log2 = {1'b0, log2szm1} + 6'd1 + {3'd0, rlog2};
    mask       = (bytes_log2 > 6'd12) ? ((44'd1 << (bytes_log2 - 6'd12)) - 44'd1) : 44'd0;
    misaligned = (ppn & mask) != 44'd0;
  endfunction

  // Register images of a queue (each uses some of the queue's fields).
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [63:0] qb_val(queue_t q);
    qb_val = {10'd0, q.ppn, 5'd0, q.log2szm1};
  endfunction
  function automatic logic [31:0] cqcsr_val(queue_t q);
    cqcsr_val = {15'd0, q.on, 4'd0, q.fence_w_ip, q.cmd_ill, q.cmd_to, q.mf, 6'd0, q.ie, q.en};
  endfunction
  function automatic logic [31:0] qcsr_val(queue_t q);
    qcsr_val = {15'd0, q.on, 6'd0, q.of, q.mf, 6'd0, q.ie, q.en};
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // Register size at an offset: 8, 4 or 0 (none).
  function automatic logic [3:0] reg_size(logic [15:0] off);
    case (off)
      UVS_IOMMU_CAPABILITIES_OFF[15:0], UVS_IOMMU_DDTP_OFF[15:0], UVS_IOMMU_CQB_OFF[15:0],
      UVS_IOMMU_FQB_OFF[15:0], UVS_IOMMU_PQB_OFF[15:0], UVS_IOMMU_ICVEC_OFF[15:0]: reg_size = 4'd8;
      UVS_IOMMU_FCTL_OFF[15:0], UVS_IOMMU_CQH_OFF[15:0], UVS_IOMMU_CQT_OFF[15:0],
      UVS_IOMMU_FQH_OFF[15:0], UVS_IOMMU_FQT_OFF[15:0], UVS_IOMMU_PQH_OFF[15:0],
      UVS_IOMMU_PQT_OFF[15:0], UVS_IOMMU_CQCSR_OFF[15:0], UVS_IOMMU_FQCSR_OFF[15:0],
      UVS_IOMMU_PQCSR_OFF[15:0], UVS_IOMMU_IPSR_OFF[15:0]: reg_size = 4'd4;
      default: reg_size = 4'd0;
    endcase
  endfunction

  // Value of the register at offset off (0 if none).
  function automatic logic [63:0] get(logic [15:0] off);
    case (off)
      UVS_IOMMU_CAPABILITIES_OFF[15:0]: get = UVS_IOMMU_CAPS_UVMSOC;
      UVS_IOMMU_FCTL_OFF[15:0]:  get = {32'd0, FCTL};
      UVS_IOMMU_DDTP_OFF[15:0]:  get = {10'd0, dppn_q, 6'd0, mode_q};
      UVS_IOMMU_CQB_OFF[15:0]:   get = qb_val(cq_q);
      UVS_IOMMU_CQH_OFF[15:0]:   get = {32'd0, cq_q.head};
      UVS_IOMMU_CQT_OFF[15:0]:   get = {32'd0, cq_q.tail};
      UVS_IOMMU_FQB_OFF[15:0]:   get = qb_val(fq_q);
      UVS_IOMMU_FQH_OFF[15:0]:   get = {32'd0, fq_q.head};
      UVS_IOMMU_FQT_OFF[15:0]:   get = {32'd0, fq_q.tail};
      UVS_IOMMU_PQB_OFF[15:0]:   get = qb_val(pq_q);
      UVS_IOMMU_PQH_OFF[15:0]:   get = {32'd0, pq_q.head};
      UVS_IOMMU_PQT_OFF[15:0]:   get = {32'd0, pq_q.tail};
      UVS_IOMMU_CQCSR_OFF[15:0]: get = {32'd0, cqcsr_val(cq_q)};
      UVS_IOMMU_FQCSR_OFF[15:0]: get = {32'd0, qcsr_val(fq_q)};
      UVS_IOMMU_PQCSR_OFF[15:0]: get = {32'd0, qcsr_val(pq_q)};
      UVS_IOMMU_IPSR_OFF[15:0]:  get = {60'd0, ipsr_q};
      UVS_IOMMU_ICVEC_OFF[15:0]: get = {48'd0, icvec_q};
      default: get = 64'd0;
    endcase
  endfunction

  // ---- decode the access (model: locate) ----
  logic        acc, bad, hit8, half_hi, is4;
  logic [15:0] woff;   // offset of the aligned word
  logic [15:0] off;    // offset of the access
  logic [15:0] reg_off;  // register holding it
  always_comb begin
    woff    = {addr_i[15:3], 3'b000};
    is4     = be_i == 8'h0f || be_i == 8'hf0;
    off     = woff + ((be_i == 8'hf0) ? 16'd4 : 16'd0);
    bad     = !(is4 || be_i == 8'hff) || amo_i != UVS_AMO_NONE[3:0] || off >= UVS_IOMMU_REGS_SIZE[15:0];
    hit8    = 1'b0;
    half_hi = 1'b0;
    reg_off = off;
    if (!is4) begin
      if (reg_size(off) == 4'd8) hit8 = 1'b1;
      else if (reg_size(off) == 4'd4 || reg_size(off + 16'd4) == 4'd4) bad = 1'b1;
    end else if (reg_size(off) == 4'd0 && off >= 16'd4 && reg_size(off - 16'd4) == 4'd8) begin
      half_hi = 1'b1;
      reg_off = off - 16'd4;
    end
    acc = req_i && !bad;
  end

  // Read data: the aligned word with the register (or half) in its lanes.
  logic [63:0] rval;
  always_comb begin
    rval = get(reg_off);
    if (!is4) rval = hit8 ? rval : 64'd0;
    else if (half_hi) rval = {rval[63:32], 32'd0};
    else if (be_i == 8'hf0) rval = {rval[31:0], 32'd0};
    else rval = {32'd0, rval[31:0]};
  end

  // Value written to the register at reg_off (a half merges with the rest).
  logic [63:0] wval;
  always_comb begin
    logic [63:0] cur;
    cur  = get(reg_off);
    wval = (be_i == 8'hf0) ? {32'd0, wdata_i[63:32]} : wdata_i;
    if (is4 && half_hi) wval = {wdata_i[63:32], cur[31:0]};
    else if (is4 && reg_size(reg_off) == 4'd8) wval = {cur[63:32], wdata_i[31:0]};
  end

  // xqb write: only while off; masks the software-owned index. (Writes use
  // only the fields of the register written.)
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic queue_t write_qb(queue_t q, logic [63:0] v, logic sw_is_tail);
    queue_t n;
    n = q;
    if (!q.en && !q.on) begin
      n.log2szm1 = v[4:0];
      n.ppn      = v[53:10];
      if (sw_is_tail) n.tail = q.tail & idx_mask(v[4:0]);
      else            n.head = q.head & idx_mask(v[4:0]);
    end
    write_qb = n;
  endfunction

  // xqcsr write (model: write_qcsr); is_cq selects the IOMMU-owned index.
  function automatic queue_t write_qcsr(queue_t q, logic [31:0] v, logic is_cq);
    queue_t n;
    logic   en_v;
    n    = q;
    en_v = v[0];
    n.en = en_v;
    n.ie = v[1];
    if (v[8]) n.mf = 1'b0;
    if (is_cq) begin
      if (v[9])  n.cmd_to = 1'b0;
      if (v[10]) n.cmd_ill = 1'b0;
      if (v[11]) n.fence_w_ip = 1'b0;
    end else if (v[9]) begin
      n.of = 1'b0;
    end
    if (en_v && !q.en) begin
      if (is_cq) n.head = '0;
      else       n.tail = '0;
      n.mf = 1'b0; n.of = 1'b0; n.cmd_to = 1'b0; n.cmd_ill = 1'b0; n.fence_w_ip = 1'b0;
      n.on = 1'b1;
    end else if (!en_v) begin
      n.on = 1'b0;
    end
    write_qcsr = n;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  logic wr;
  assign wr = acc && we_i;

  // The written base's alignment for the xqb register at reg_off (fq records are 32 bytes, cq and pq 16).
  logic wmis;
  assign wmis = misaligned(wval[53:10], wval[4:0], (reg_off == UVS_IOMMU_FQB_OFF[15:0]) ? 3'd5 : 3'd4);

  always_comb begin
    cq_d    = cq_q;
    fq_d    = fq_q;
    pq_d    = pq_q;
    mode_d  = mode_q;
    dppn_d  = dppn_q;
    ipsr_d  = ipsr_q;
    icvec_d = icvec_q;
    mis_d   = mis_q;
    // hardware events
    if (cq_head_inc_i) cq_d.head = (cq_q.head + 32'd1) & idx_mask(cq_q.log2szm1);
    if (cq_set_cqmf_i) cq_d.mf = 1'b1;
    if (cq_set_cmd_ill_i) cq_d.cmd_ill = 1'b1;
    if (cq_set_fence_w_ip_i) cq_d.fence_w_ip = 1'b1;
    if (fq_tail_inc_i) begin
      fq_d.tail = (fq_q.tail + 32'd1) & idx_mask(fq_q.log2szm1);
      if (fq_q.ie) ipsr_d[1] = 1'b1;
    end
    if (fq_set_mf_i) fq_d.mf = 1'b1;
    if (fq_set_of_i) fq_d.of = 1'b1;
    if (pq_tail_inc_i) begin
      pq_d.tail = (pq_q.tail + 32'd1) & idx_mask(pq_q.log2szm1);
      if (pq_q.ie) ipsr_d[3] = 1'b1;
    end
    if (pq_set_mf_i) pq_d.mf = 1'b1;
    if (pq_set_of_i) pq_d.of = 1'b1;
    // software write
    if (wr && (!is4 ? hit8 : (reg_size(reg_off) != 4'd0))) begin
      case (reg_off)
        UVS_IOMMU_DDTP_OFF[15:0]: begin
          if (wval[3:0] <= UVS_IOMMU_DDTP_MODE_3LVL[3:0]) mode_d = wval[3:0];
          dppn_d = wval[53:10];
        end
        UVS_IOMMU_CQB_OFF[15:0]: begin
          cq_d = write_qb(cq_d, wval, 1'b1);
          if (!cq_q.en && !cq_q.on) mis_d[0] = wmis;
        end
        UVS_IOMMU_FQB_OFF[15:0]: begin
          fq_d = write_qb(fq_d, wval, 1'b0);
          if (!fq_q.en && !fq_q.on) mis_d[1] = wmis;
        end
        UVS_IOMMU_PQB_OFF[15:0]: begin
          pq_d = write_qb(pq_d, wval, 1'b0);
          if (!pq_q.en && !pq_q.on) mis_d[2] = wmis;
        end
        UVS_IOMMU_CQT_OFF[15:0]: cq_d.tail = wval[31:0] & idx_mask(cq_d.log2szm1);
        UVS_IOMMU_FQH_OFF[15:0]: fq_d.head = wval[31:0] & idx_mask(fq_d.log2szm1);
        UVS_IOMMU_PQH_OFF[15:0]: pq_d.head = wval[31:0] & idx_mask(pq_d.log2szm1);
        UVS_IOMMU_CQCSR_OFF[15:0]: cq_d = write_qcsr(cq_d, wval[31:0], 1'b1);
        UVS_IOMMU_FQCSR_OFF[15:0]: fq_d = write_qcsr(fq_d, wval[31:0], 1'b0);
        UVS_IOMMU_PQCSR_OFF[15:0]: pq_d = write_qcsr(pq_d, wval[31:0], 1'b0);
        UVS_IOMMU_IPSR_OFF[15:0]: ipsr_d = ipsr_d & ~wval[3:0];
        UVS_IOMMU_ICVEC_OFF[15:0]: icvec_d = wval[15:0];
        default: ;  // capabilities, fctl, cqh, fqt, pqt: read-only
      endcase
    end
    // misaligned queue bases: memory fault while on
    if (cq_d.on && mis_d[0]) cq_d.mf = 1'b1;
    if (fq_d.on && mis_d[1]) fq_d.mf = 1'b1;
    if (pq_d.on && mis_d[2]) pq_d.mf = 1'b1;
    // level conditions (spec 5.18)
    if (cq_d.ie && (cq_d.mf || cq_d.cmd_to || cq_d.cmd_ill || cq_d.fence_w_ip)) ipsr_d[0] = 1'b1;
    if (fq_d.ie && (fq_d.mf || fq_d.of)) ipsr_d[1] = 1'b1;
    if (pq_d.ie && (pq_d.mf || pq_d.of)) ipsr_d[3] = 1'b1;
  end

  logic        rvalid_q, err_q;
  logic [63:0] rdata_q;
  assign gnt_o    = req_i;
  assign rvalid_o = rvalid_q;
  assign rdata_o  = rdata_q;
  assign err_o    = err_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cq_q     <= '0;
      fq_q     <= '0;
      pq_q     <= '0;
      mode_q   <= UVS_IOMMU_DDTP_MODE_OFF[3:0];
      dppn_q   <= '0;
      ipsr_q   <= '0;
      icvec_q  <= '0;
      mis_q    <= '0;
      rvalid_q <= 1'b0;
      rdata_q  <= '0;
      err_q    <= 1'b0;
    end else begin
      cq_q     <= cq_d;
      fq_q     <= fq_d;
      pq_q     <= pq_d;
      mode_q   <= mode_d;
      dppn_q   <= dppn_d;
      ipsr_q   <= ipsr_d;
      icvec_q  <= icvec_d;
      mis_q    <= mis_d;
      rvalid_q <= req_i;
      rdata_q  <= (acc && !we_i) ? rval : 64'd0;
      err_q    <= req_i && bad;
    end
  end

  assign ddtp_mode_o   = mode_q;
  assign ddtp_ppn_o    = dppn_q;
  assign fctl_wsi_o    = FCTL[UVS_IOMMU_FCTL_WSI_SHIFT[4:0]];
  assign cq_ppn_o      = cq_q.ppn;
  assign cq_head_o     = cq_q.head;
  assign cq_tail_o     = cq_q.tail;
  assign cq_on_o       = cq_q.on;
  assign cq_stop_o     = cq_q.mf || cq_q.cmd_to || cq_q.cmd_ill;
  assign fq_ppn_o      = fq_q.ppn;
  assign fq_log2szm1_o = fq_q.log2szm1;
  assign fq_head_o     = fq_q.head;
  assign fq_tail_o     = fq_q.tail;
  assign fq_on_o       = fq_q.on;
  assign fq_mf_o       = fq_q.mf;
  assign fq_of_o       = fq_q.of;
  assign pq_ppn_o      = pq_q.ppn;
  assign pq_log2szm1_o = pq_q.log2szm1;
  assign pq_head_o     = pq_q.head;
  assign pq_tail_o     = pq_q.tail;
  assign pq_on_o       = pq_q.on;
  assign pq_mf_o       = pq_q.mf;
  assign pq_of_o       = pq_q.of;
  assign irq_o         = |ipsr_q;
endmodule

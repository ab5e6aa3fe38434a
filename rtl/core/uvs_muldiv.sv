// uvs_muldiv: RV64M multiply/divide unit (unprivileged spec 20191213 ch. 7).
//
// start_i (one cycle) latches the operation; done_o pulses when result_o is
// valid (result_o holds until the next start).
//   MUL, MULH, MULHSU, MULHU, MULW: done 1 cycle after start (the product is
//     computed at the clock edge, only when a multiply starts).
//   DIV[U][W], REM[U][W]: radix-4 restoring division, 2 quotient bits per
//     cycle: done 33 cycles after start (64-bit) or 17 (W forms).
//   Division by zero: done 1 cycle after start, quotient = all ones,
//     remainder = dividend (sec. 7.2 table 7.1); signed overflow
//     (-2^(XLEN-1) / -1) falls out of the algorithm (quotient = dividend,
//     remainder 0).
// op_i is the funct3 of the OP/OP-32 encoding with funct7 = 1.
module uvs_muldiv (
  input  logic        clk_i,
  input  logic        rst_ni,    // synchronous, active low
  input  logic        start_i,   // begin an operation (ignored while busy)
  input  logic [2:0]  op_i,      // 000 mul 001 mulh 010 mulhsu 011 mulhu 100 div 101 divu 110 rem 111 remu
  input  logic        word_i,    // *W form: 32-bit operands, sign-extended 32-bit result
  input  logic [63:0] a_i,       // rs1
  input  logic [63:0] b_i,       // rs2
  output logic        done_o,    // result_o valid this cycle
  output logic [63:0] result_o
);
  logic        busy_q, done_q, direct_q, neg_q, rem_sel_q, word_q;
  logic [4:0]  count_q;
  logic [63:0] res_q, rem_q, quo_q, div_q;

  // Sign-extend a 32-bit value to 64 bits.
  function automatic logic [63:0] sext32(input logic [31:0] v);
    return {{32{v[31]}}, v[31:0]};
  endfunction

  // Product for the multiply operations (only evaluated when one starts):
  // one 65 x 65-bit signed product serves every form. Each operand is
  // extended by its sign bit if the operation takes it signed (MULH: both,
  // MULHSU: rs1) and by 0 otherwise; the product's bits 127:64 are then
  // the high half of MULH, MULHSU and MULHU, its bits 63:0 MUL's and its
  // bits 31:0 MULW's (the low bits do not depend on the signedness). An
  // FPGA builds one multiplier instead of three and two subtractors
  // (issue 15).
  function automatic logic [63:0] mul_result(input logic [1:0] op, input logic word,
                                             input logic [63:0] a, input logic [63:0] b);
    logic signed [64:0]  as, bs;
    logic signed [127:0] p;
    as = {op != 2'b11 && a[63], a};   // MULH, MULHSU: rs1 signed
    bs = {op == 2'b01 && b[63], b};   // MULH: rs2 signed
    p = as * bs;             // signed: both operands sign-extend to 128 bits
    if (word) return sext32(p[31:0]);
    if (op == 2'b00) return p[63:0];
    return p[127:64];
  endfunction

  // Two restoring-division steps: shift the next dividend bit into the
  // partial remainder, subtract the divisor if it fits, shift the quotient
  // bit into quo. Returns {remainder, quo}. "Fits" is the subtraction's own
  // borrow (one carry chain a step; a separate t >= d compare was a second,
  // LUT-mapped chain: the hart's longest path on PolarFire, issue 15).
  function automatic logic [127:0] div_step2(input logic [63:0] rem, input logic [63:0] quo,
                                             input logic [63:0] d);
    logic [64:0] t;
    logic [65:0] diff;  // {borrow, t - d}
    for (int i = 0; i < 2; i++) begin
      t = {rem, quo[63]};
      quo = {quo[62:0], 1'b0};
      diff = {1'b0, t} - {2'b00, d};
      if (!diff[65]) begin
        t = diff[64:0];
        quo[0] = 1'b1;
      end
      rem = t[63:0];
    end
    return {rem, quo};
  endfunction

  logic        div_signed, a_neg, b_neg;
  logic [63:0] a_ext, b_ext, a_abs, b_abs, fix;

  assign div_signed = !op_i[0];
  assign a_ext = word_i ? (div_signed ? sext32(a_i[31:0]) : {32'd0, a_i[31:0]}) : a_i;
  assign b_ext = word_i ? (div_signed ? sext32(b_i[31:0]) : {32'd0, b_i[31:0]}) : b_i;
  assign a_neg = div_signed & a_ext[63];
  assign b_neg = div_signed & b_ext[63];
  assign a_abs = a_neg ? -a_ext : a_ext;
  assign b_abs = b_neg ? -b_ext : b_ext;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
    end else begin
      done_q <= 1'b0;
      if (start_i && !busy_q) begin
        word_q <= word_i;
        if (!op_i[2]) begin
          res_q    <= mul_result(op_i[1:0], word_i, a_i, b_i);
          direct_q <= 1'b1;
          done_q   <= 1'b1;
        end else if (b_ext == 64'd0) begin
          res_q    <= op_i[1] ? (word_i ? sext32(a_i[31:0]) : a_i) : '1;
          direct_q <= 1'b1;
          done_q   <= 1'b1;
        end else begin
          busy_q    <= 1'b1;
          direct_q  <= 1'b0;
          count_q   <= word_i ? 5'd16 : 5'd0;  // 0 = 32 double steps
          rem_q     <= '0;
          quo_q     <= word_i ? {a_abs[31:0], 32'd0} : a_abs;
          div_q     <= b_abs;
          rem_sel_q <= op_i[1];
          neg_q     <= op_i[1] ? a_neg : (a_neg ^ b_neg);
        end
      end else if (busy_q) begin
        {rem_q, quo_q} <= div_step2(rem_q, quo_q, div_q);
        count_q <= count_q - 5'd1;
        if (count_q == 5'd1) begin
          busy_q <= 1'b0;
          done_q <= 1'b1;
        end
      end
    end
  end

  // Division result: select, restore the sign, narrow for *W.
  always_comb begin
    fix = rem_sel_q ? rem_q : quo_q;
    if (neg_q) fix = -fix;
    if (word_q) fix = sext32(fix[31:0]);
  end

  assign done_o   = done_q;
  assign result_o = direct_q ? res_q : fix;
endmodule

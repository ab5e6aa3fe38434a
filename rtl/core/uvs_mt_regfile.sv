// uvs_mt_regfile: integer registers of every hardware thread of a
// uvs_mt_core: one array of NT x 32 x 64 bits indexed {thread, register}
// (x0 of every thread reads as zero; unprivileged spec 20191213 sec. 2.1).
//
// Read ports: a and b (the issuing thread's rs1/rs2), c (control read of
// any thread's register). Write ports: w0 (issue stage), w1 (data-port
// response), w2 (multiply/divide result); they never address the same
// thread in one cycle (a thread is in exactly one of these stages).
// init_i (a START of the launcher) sets every register of thread
// init_tid_i: a0 (x10), a1 (x11), sp (x2) from the inputs, all others 0.
// Zeroing is done by a per-thread written-mask (a register whose bit is
// clear reads 0), so a START writes three entries, not 32.
// One flat array keeps the Verilator model small and fast whatever NT.
module uvs_mt_regfile #(
  parameter int TW = 4,                 // thread index width
  localparam int NT = 1 << TW           // thread slots
) (
  input  logic          clk_i,
  input  logic [TW-1:0] rd_tid_i,       // thread of read ports a and b
  input  logic [4:0]    raddr_a_i,
  output logic [63:0]   rdata_a_o,
  input  logic [4:0]    raddr_b_i,
  output logic [63:0]   rdata_b_o,
  input  logic [TW-1:0] rc_tid_i,       // read port c (control)
  input  logic [4:0]    raddr_c_i,
  output logic [63:0]   rdata_c_o,
  input  logic          we0_i,          // write port 0: issue stage
  input  logic [TW-1:0] wtid0_i,
  input  logic [4:0]    waddr0_i,
  input  logic [63:0]   wdata0_i,
  input  logic          we1_i,          // write port 1: data response
  input  logic [TW-1:0] wtid1_i,
  input  logic [4:0]    waddr1_i,
  input  logic [63:0]   wdata1_i,
  input  logic          we2_i,          // write port 2: multiply/divide
  input  logic [TW-1:0] wtid2_i,
  input  logic [4:0]    waddr2_i,
  input  logic [63:0]   wdata2_i,
  input  logic          init_i,         // initialise thread init_tid_i's registers
  input  logic [TW-1:0] init_tid_i,
  input  logic [63:0]   init_a0_i,
  input  logic [63:0]   init_a1_i,
  input  logic [63:0]   init_sp_i
);
  localparam logic [31:0] INIT_SET = 32'h0000_0c04;  // x2, x10, x11

  logic [63:0] regs [NT * 32];
  logic [31:0] written [NT];  // bit r: x[r] of the thread holds a value (x0: never)

  assign rdata_a_o = written[rd_tid_i][raddr_a_i] ? regs[{rd_tid_i, raddr_a_i}] : 64'd0;
  assign rdata_b_o = written[rd_tid_i][raddr_b_i] ? regs[{rd_tid_i, raddr_b_i}] : 64'd0;
  assign rdata_c_o = written[rc_tid_i][raddr_c_i] ? regs[{rc_tid_i, raddr_c_i}] : 64'd0;

  always_ff @(posedge clk_i) begin
    if (we0_i && waddr0_i != 5'd0) begin
      regs[{wtid0_i, waddr0_i}]    <= wdata0_i;
      written[wtid0_i][waddr0_i]   <= 1'b1;
    end
    if (we1_i && waddr1_i != 5'd0) begin
      regs[{wtid1_i, waddr1_i}]    <= wdata1_i;
      written[wtid1_i][waddr1_i]   <= 1'b1;
    end
    if (we2_i && waddr2_i != 5'd0) begin
      regs[{wtid2_i, waddr2_i}]    <= wdata2_i;
      written[wtid2_i][waddr2_i]   <= 1'b1;
    end
    if (init_i) begin
      written[init_tid_i]          <= INIT_SET;
      regs[{init_tid_i, 5'd2}]     <= init_sp_i;
      regs[{init_tid_i, 5'd10}]    <= init_a0_i;
      regs[{init_tid_i, 5'd11}]    <= init_a1_i;
    end
  end
endmodule

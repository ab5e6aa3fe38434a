// uvs_mt_ctl: the thread-control MMIO block of one multithreaded compute
// hart (include/uvmsoc/mt.def MT_REG_*, docs/architecture.md
// "Multithreaded compute harts"): staging registers for the uvs_mt_core
// control port, an operation register that applies MT_CTL_* to the
// selected thread, and read-back of the selected thread's state, trap
// record, registers and the event / running masks. Like the CLINT it is
// always ready and answers one cycle after the request; accesses are
// 8-byte (byte enables other than 0xff are treated as 0xff). irq_o is the
// core's event interrupt gated by MT_REG_IRQEN bit 0.
module uvs_mt_ctl #(
  parameter int TW = 4,        // thread index width of the core
  parameter int NT = 1 << TW   // thread slots
) (
  input  logic              clk_i,
  input  logic              rst_ni,     // synchronous, active low
  input  logic              req_i,      // access to this hart's block this cycle
  input  logic [11:3]       addr_i,     // 8-byte word offset in the block
  input  logic              we_i,
  input  logic [63:0]       wdata_i,
  output logic [63:0]       rdata_o,    // one cycle after req_i, else 0
  // to the core's control port
  output logic [2:0]        op_o,
  output logic [TW-1:0]     tid_o,
  output logic [63:0]       pc_o,
  output logic [63:0]       a0_o,
  output logic [63:0]       a1_o,
  output logic [63:0]       sp_o,
  output logic [31:0]       tidx_o,
  output logic [31:0]       bidx_o,
  output logic [31:0]       ntid_o,
  output logic [31:0]       nbid_o,
  input  logic              ok_i,
  output logic [4:0]        rreg_o,     // register read by MT_REG_X0 + 8 r
  input  logic [1:0]        state_i,
  input  logic [5:0]        cause_i,
  input  logic [63:0]       epc_i,
  input  logic [63:0]       tval_i,
  input  logic [63:0]       xreg_i,
  input  logic [63:0]       instret_i,
  input  logic [31:0]       rtidx_i,
  input  logic [31:0]       rbidx_i,
  input  logic [NT-1:0]     running_i,
  input  logic [NT-1:0]     event_i,
  input  logic              core_irq_i,
  output logic              irq_o
);
  import uvs_mt_pkg::*;

  localparam logic [11:3] R_TSEL    = UVS_MT_REG_TSEL[11:3];
  localparam logic [11:3] R_OP      = UVS_MT_REG_OP[11:3];
  localparam logic [11:3] R_PC      = UVS_MT_REG_PC[11:3];
  localparam logic [11:3] R_A0      = UVS_MT_REG_A0[11:3];
  localparam logic [11:3] R_A1      = UVS_MT_REG_A1[11:3];
  localparam logic [11:3] R_SP      = UVS_MT_REG_SP[11:3];
  localparam logic [11:3] R_TID     = UVS_MT_REG_TID[11:3];
  localparam logic [11:3] R_BID     = UVS_MT_REG_BID[11:3];
  localparam logic [11:3] R_NTID    = UVS_MT_REG_NTID[11:3];
  localparam logic [11:3] R_NBID    = UVS_MT_REG_NBID[11:3];
  localparam logic [11:3] R_STATE   = UVS_MT_REG_STATE[11:3];
  localparam logic [11:3] R_CAUSE   = UVS_MT_REG_CAUSE[11:3];
  localparam logic [11:3] R_EPC     = UVS_MT_REG_EPC[11:3];
  localparam logic [11:3] R_TVAL    = UVS_MT_REG_TVAL[11:3];
  localparam logic [11:3] R_EVENT   = UVS_MT_REG_EVENT[11:3];
  localparam logic [11:3] R_RUNNING = UVS_MT_REG_RUNNING[11:3];
  localparam logic [11:3] R_IRQEN   = UVS_MT_REG_IRQEN[11:3];
  localparam logic [11:3] R_INSTRET = UVS_MT_REG_INSTRET[11:3];
  localparam logic [11:3] R_BIDX    = UVS_MT_REG_BIDX[11:3];

  logic [TW-1:0] tsel_q;
  logic [63:0]   pc_q, a0_q, a1_q, sp_q, rdata_q;
  logic [31:0]   tidx_q, bidx_q, ntid_q, nbid_q;
  logic          ok_q, irqen_q;
  logic [63:0]   rd;
  logic          wr;

  assign wr      = req_i && we_i;
  assign op_o    = (wr && addr_i == R_OP) ? wdata_i[2:0] : 3'd0;
  assign tid_o   = tsel_q;
  assign pc_o    = pc_q;
  assign a0_o    = a0_q;
  assign a1_o    = a1_q;
  assign sp_o    = sp_q;
  assign tidx_o  = tidx_q;
  assign bidx_o  = bidx_q;
  assign ntid_o  = ntid_q;
  assign nbid_o  = nbid_q;
  assign rreg_o  = addr_i[7:3];
  assign rdata_o = rdata_q;
  assign irq_o   = irqen_q && core_irq_i;

  always_comb begin
    rd = '0;
    if (addr_i[11:8] == 4'h1) rd = xreg_i;  // MT_REG_X0 + 8 r
    else begin
      unique case (addr_i)
        R_TSEL:    rd = 64'(tsel_q);
        R_OP:      rd = {63'd0, ok_q};
        R_PC:      rd = pc_q;
        R_A0:      rd = a0_q;
        R_A1:      rd = a1_q;
        R_SP:      rd = sp_q;
        R_TID:     rd = 64'(tidx_q);
        R_BID:     rd = 64'(bidx_q);
        R_NTID:    rd = 64'(ntid_q);
        R_NBID:    rd = 64'(nbid_q);
        R_STATE:   rd = 64'(state_i);
        R_CAUSE:   rd = 64'(cause_i);
        R_EPC:     rd = epc_i;
        R_TVAL:    rd = tval_i;
        R_EVENT:   rd = 64'(event_i);
        R_RUNNING: rd = 64'(running_i);
        R_IRQEN:   rd = {63'd0, irqen_q};
        R_INSTRET: rd = instret_i;
        R_BIDX:    rd = {rbidx_i, rtidx_i};
        default:   rd = '0;
      endcase
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      tsel_q  <= '0;
      pc_q    <= '0;
      a0_q    <= '0;
      a1_q    <= '0;
      sp_q    <= '0;
      tidx_q  <= '0;
      bidx_q  <= '0;
      ntid_q  <= '0;
      nbid_q  <= '0;
      ok_q    <= 1'b0;
      irqen_q <= 1'b0;
      rdata_q <= '0;
    end else begin
      rdata_q <= (req_i && !we_i) ? rd : 64'd0;
      if (wr) begin
        unique case (addr_i)
          R_TSEL:  tsel_q  <= wdata_i[TW-1:0];
          R_OP:    ok_q    <= ok_i;
          R_PC:    pc_q    <= wdata_i;
          R_A0:    a0_q    <= wdata_i;
          R_A1:    a1_q    <= wdata_i;
          R_SP:    sp_q    <= wdata_i;
          R_TID:   tidx_q  <= wdata_i[31:0];
          R_BID:   bidx_q  <= wdata_i[31:0];
          R_NTID:  ntid_q  <= wdata_i[31:0];
          R_NBID:  nbid_q  <= wdata_i[31:0];
          R_IRQEN: irqen_q <= wdata_i[0];
          default: ;
        endcase
      end
    end
  end
endmodule

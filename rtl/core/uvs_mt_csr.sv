// uvs_mt_csr: the user-mode CSRs of the threads of a uvs_mt_core (compute
// threads run in U mode only; docs/architecture.md "Multithreaded compute
// harts"). Zicntr (unprivileged spec 20191213 ch. 10): cycle (per hart,
// counts every clock), time (= mtime_i), instret (per thread, instructions
// retired since the thread's START). Custom read-only user CSRs
// (include/uvmsoc/mt.def, range 0xCC0..0xCFF of privileged spec v1.12
// table 2.1): uvs.tid, uvs.bid, uvs.ntid, uvs.nbid (set by START),
// uvs.hwtid (the slot), uvs.nhwt (THREADS), uvs.hartid (HART_ID).
// Every one is read-only: a write (CSRRW[I], CSRRS/C[I] with a non-zero
// source) and any other address raise illegal_o. Unlike uvs_core the
// counters need no mcounteren bit: there is no M mode on compute threads.
module uvs_mt_csr
  import uvs_arch_pkg::*;
#(
  parameter int HART_ID = 1,            // uvs.hartid
  parameter int THREADS = 16,           // uvs.nhwt
  parameter int TW = 4,                 // thread index width
  localparam int NT = 1 << TW
) (
  input  logic          clk_i,          // the core's clock (gated while the core sleeps)
  input  logic          clk_free_i,     // the SoC clock, never gated: cycle counts on it
  input  logic          rst_ni,         // synchronous, active low
  // CSR instruction of the issuing thread
  input  logic [TW-1:0] tid_i,
  input  logic [11:0]   addr_i,
  input  logic          write_i,        // the instruction writes the CSR
  output logic [63:0]   rdata_o,
  output logic          illegal_o,
  input  logic [63:0]   mtime_i,
  // instret increments: up to three threads retire per cycle
  input  logic [2:0]    ret_i,
  input  logic [2:0][TW-1:0] ret_tid_i,
  // START: index CSRs of thread init_tid_i, its instret cleared
  input  logic          init_i,
  input  logic [TW-1:0] init_tid_i,
  input  logic [31:0]   init_tidx_i,
  input  logic [31:0]   init_bidx_i,
  input  logic [31:0]   init_ntid_i,
  input  logic [31:0]   init_nbid_i,
  // control read of thread rtid_i
  input  logic [TW-1:0] rtid_i,
  output logic [63:0]   rinstret_o,
  output logic [31:0]   rtidx_o,
  output logic [31:0]   rbidx_o
);
  localparam logic [11:0] CSR_TID    = uvs_mt_pkg::UVS_MT_CSR_TID[11:0];
  localparam logic [11:0] CSR_BID    = uvs_mt_pkg::UVS_MT_CSR_BID[11:0];
  localparam logic [11:0] CSR_NTID   = uvs_mt_pkg::UVS_MT_CSR_NTID[11:0];
  localparam logic [11:0] CSR_NBID   = uvs_mt_pkg::UVS_MT_CSR_NBID[11:0];
  localparam logic [11:0] CSR_HWTID  = uvs_mt_pkg::UVS_MT_CSR_HWTID[11:0];
  localparam logic [11:0] CSR_NHWT   = uvs_mt_pkg::UVS_MT_CSR_NHWT[11:0];
  localparam logic [11:0] CSR_HARTID = uvs_mt_pkg::UVS_MT_CSR_HARTID[11:0];

  logic [63:0] cycle_q;
  logic [63:0] instret_q [NT];
  logic [31:0] tidx_q [NT];
  logic [31:0] bidx_q [NT];
  logic [31:0] ntid_q [NT];
  logic [31:0] nbid_q [NT];
  logic        exists;

  always_comb begin
    exists  = 1'b1;
    rdata_o = 64'd0;
    case (addr_i)
      CSR_CYCLE:   rdata_o = cycle_q;
      CSR_TIME:    rdata_o = mtime_i;
      CSR_INSTRET: rdata_o = instret_q[tid_i];
      CSR_TID:     rdata_o = {32'd0, tidx_q[tid_i]};
      CSR_BID:     rdata_o = {32'd0, bidx_q[tid_i]};
      CSR_NTID:    rdata_o = {32'd0, ntid_q[tid_i]};
      CSR_NBID:    rdata_o = {32'd0, nbid_q[tid_i]};
      CSR_HWTID:   rdata_o = 64'(tid_i);
      CSR_NHWT:    rdata_o = 64'(THREADS);
      CSR_HARTID:  rdata_o = 64'(HART_ID);
      default:     exists  = 1'b0;
    endcase
  end
  assign illegal_o = !exists || write_i;

  assign rinstret_o = instret_q[rtid_i];
  assign rtidx_o    = tidx_q[rtid_i];
  assign rbidx_o    = bidx_q[rtid_i];

  // cycle counts every SoC clock cycle, also those in which uvs_mt_hart
  // gates the core's clock while it sleeps.
  always_ff @(posedge clk_free_i) begin
    if (!rst_ni) cycle_q <= 64'd0;
    else         cycle_q <= cycle_q + 64'd1;
  end

  always_ff @(posedge clk_i) begin
    for (int l = 0; l < 3; l++) begin
      if (ret_i[l]) instret_q[ret_tid_i[l]] <= instret_q[ret_tid_i[l]] + 64'd1;
    end
    if (init_i) begin
      instret_q[init_tid_i] <= 64'd0;
      tidx_q[init_tid_i]    <= init_tidx_i;
      bidx_q[init_tid_i]    <= init_bidx_i;
      ntid_q[init_tid_i]    <= init_ntid_i;
      nbid_q[init_tid_i]    <= init_nbid_i;
    end
  end
endmodule

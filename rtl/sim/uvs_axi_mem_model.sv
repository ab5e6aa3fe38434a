// uvs_axi_mem_model: simulation-only AXI4 slave in front of the C memory
// model (sim/mem.c: BOOTROM, SRAM, HBM, host window, LR/SC reservations per
// (PORT, AxID)) and memory system (sim/memsys.c: HBM and host-link timing),
// one per memory port of the SoC core (docs/architecture.md, "SoC boundary
// (AXI)"); it is the only place memory DPI is called. One transaction is
// taken per cycle (AR, or AW and W together; AR first), performed at the
// handshake through uvs_dpi_mem_id, and answered after the latency that call
// returns: the next cycle for BOOTROM and SRAM (pipelined: a transaction
// every cycle), after the memory system's latency for HBM and the host
// window, during which nothing else is taken (answers stay in order). This
// is the timing of the DPI ports it replaces. Answers: R for reads and
// atomics (RRESP EXOKAY for an exclusive read), B for writes and atomics
// (an atomic's R and B in the same cycle; BRESP EXOKAY for a stored
// exclusive write), SLVERR for a bus error or an AWATOP the SoC does not
// use (AtomicStore, AtomicCompare). With ATOMICS = 0 it is a memory
// without atomics (a board shell's: docs/boards.md, "Atomics"): any AWATOP
// other than none and any exclusive access (ARLOCK, AWLOCK) gets SLVERR and
// no access. The readies depend on the model's state only (never on the
// master's valids, so that no combinational loop runs through the master).
// Assumptions of this model, checked each cycle:
// the master presents one request a cycle (AR, or AW with W) and keeps
// RREADY and BREADY high (uvs_axi_mport does both).
module uvs_axi_mem_model #(
  parameter int PORT    = 0,  // C memory port: 2 * hart + (0 fetch, 1 data), or memmap.def MEM_PORT_IOMMU
  parameter bit ATOMICS = 1   // 1: executes atomics and LR/SC; 0: answers them SLVERR
) (
  input  logic             clk_i,
  input  logic             rst_ni,  // synchronous, active low
  // AXI4 slave (uvs_axi_pkg)
  input  logic s_axi_awvalid_i,
  input  logic [uvs_axi_pkg::IDW-1:0] s_axi_awid_i,
  input  logic [63:0] s_axi_awaddr_i,
  input  logic [7:0] s_axi_awlen_i,
  input  logic [2:0] s_axi_awsize_i,
  input  logic [1:0] s_axi_awburst_i,
  input  logic s_axi_awlock_i,
  input  logic [3:0] s_axi_awcache_i,
  input  logic [2:0] s_axi_awprot_i,
  input  logic [5:0] s_axi_awatop_i,
  output logic s_axi_awready_o,
  input  logic s_axi_wvalid_i,
  input  logic [63:0] s_axi_wdata_i,
  input  logic [7:0] s_axi_wstrb_i,
  input  logic s_axi_wlast_i,
  output logic s_axi_wready_o,
  output logic s_axi_bvalid_o,
  output logic [uvs_axi_pkg::IDW-1:0] s_axi_bid_o,
  output logic [1:0] s_axi_bresp_o,
  input  logic s_axi_bready_i,
  input  logic s_axi_arvalid_i,
  input  logic [uvs_axi_pkg::IDW-1:0] s_axi_arid_i,
  input  logic [63:0] s_axi_araddr_i,
  input  logic [7:0] s_axi_arlen_i,
  input  logic [2:0] s_axi_arsize_i,
  input  logic [1:0] s_axi_arburst_i,
  input  logic s_axi_arlock_i,
  input  logic [3:0] s_axi_arcache_i,
  input  logic [2:0] s_axi_arprot_i,
  output logic s_axi_arready_o,
  output logic s_axi_rvalid_o,
  output logic [uvs_axi_pkg::IDW-1:0] s_axi_rid_o,
  output logic [63:0] s_axi_rdata_o,
  output logic [1:0] s_axi_rresp_o,
  output logic s_axi_rlast_o,
  input  logic s_axi_rready_i
);
  import uvs_axi_pkg::*;
  import uvs_bus_pkg::*;

  // Returns 0, or 1 for a bus error; performs the access on the C side;
  // lat = cycles from the handshake to the answer, 1..65535.
  import "DPI-C" function int uvs_dpi_mem_id(input int port, input int id, input longint addr,
                                             input byte we, input byte be,
                                             input longint wdata, input byte amo,
                                             output longint rdata, output int lat);

  logic          rv_q, bv_q;    // answer on R / on B (registered)
  logic [IDW-1:0] id_q;
  logic [63:0]    rdata_q;
  logic [1:0]     rresp_q, bresp_q;
  logic [15:0]    wait_q;        // cycles left until the pending answer
  logic          busy_q;        // an answer is pending (not yet valid)
  logic          take;

  assign take = !busy_q;

  assign s_axi_arready_o = take;
  assign s_axi_awready_o = take;
  assign s_axi_wready_o  = take;
  assign s_axi_rvalid_o  = rv_q && !busy_q;
  assign s_axi_rid_o     = id_q;
  assign s_axi_rdata_o   = rdata_q;
  assign s_axi_rresp_o   = rresp_q;
  assign s_axi_rlast_o   = 1'b1;
  assign s_axi_bvalid_o  = bv_q && !busy_q;
  assign s_axi_bid_o     = id_q;
  assign s_axi_bresp_o   = bresp_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rv_q    <= 1'b0;
      bv_q    <= 1'b0;
      id_q    <= '0;
      rdata_q <= '0;
      rresp_q <= RESP_OKAY;
      bresp_q <= RESP_OKAY;
      busy_q  <= 1'b0;
      wait_q  <= '0;
    end else if (busy_q) begin
      busy_q <= (wait_q != 16'd1);
      wait_q <= wait_q - 16'd1;
    end else begin
      if ((s_axi_rvalid_o && !s_axi_rready_i) || (s_axi_bvalid_o && !s_axi_bready_i))
        $error("uvs_axi_mem_model %0d: RREADY/BREADY low at an answer", PORT);
      if (s_axi_arvalid_i && (s_axi_awvalid_i || s_axi_wvalid_i))
        $error("uvs_axi_mem_model %0d: AR and AW/W in the same cycle", PORT);
      if (s_axi_awvalid_i != s_axi_wvalid_i)
        $error("uvs_axi_mem_model %0d: AW without W or W without AW", PORT);
      rv_q <= 1'b0;
      bv_q <= 1'b0;
      if (s_axi_arvalid_i || (s_axi_awvalid_i && s_axi_wvalid_i)) begin : l_access
        longint     rdata;
        int         status, lat;
        logic      rd, ok_atop;
        logic [3:0] amo;
        logic [7:0] be;
        logic [63:0] wdata;
        rd      = s_axi_arvalid_i;
        ok_atop = rd || s_axi_awatop_i == ATOP_NONE || s_axi_awatop_i == ATOP_SWAP ||
                  s_axi_awatop_i[5:3] == ATOP_LOAD[5:3];
        if (!ATOMICS)
          ok_atop = rd ? !s_axi_arlock_i : (s_axi_awatop_i == ATOP_NONE && !s_axi_awlock_i);
        amo     = rd ? (s_axi_arlock_i ? UVS_AMO_LR[3:0] : UVS_AMO_NONE[3:0])
                     : amo_of(s_axi_awatop_i, s_axi_awlock_i);
        be      = rd ? be_of(s_axi_arsize_i, s_axi_araddr_i[2:0]) : s_axi_wstrb_i;
        wdata   = (amo == UVS_AMO_AND[3:0]) ? ~s_axi_wdata_i : s_axi_wdata_i;
        rdata   = 0;
        lat     = 1;
        status  = 1;
        if (ok_atop)
          status = uvs_dpi_mem_id(PORT, rd ? 32'(s_axi_arid_i) : 32'(s_axi_awid_i),
                                  rd ? s_axi_araddr_i : s_axi_awaddr_i, {7'd0, !rd}, be, wdata,
                                  {4'd0, amo}, rdata, lat);
        id_q    <= rd ? s_axi_arid_i : s_axi_awid_i;
        rdata_q <= rdata;
        rv_q    <= rd || s_axi_awatop_i != ATOP_NONE;
        bv_q    <= !rd;
        rresp_q <= (status != 0) ? RESP_SLVERR : (amo == UVS_AMO_LR[3:0]) ? RESP_EXOKAY : RESP_OKAY;
        bresp_q <= (status != 0) ? RESP_SLVERR
                 : (amo == UVS_AMO_SC[3:0] && rdata == 0) ? RESP_EXOKAY : RESP_OKAY;
        if (lat > 1) begin
          busy_q <= 1'b1;
          wait_q <= 16'(lat - 1);
        end
      end
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic unused;
  assign unused = (|s_axi_awlen_i) | (|s_axi_awsize_i) | (|s_axi_awburst_i) | (|s_axi_awcache_i) | (|s_axi_awprot_i) |
                  s_axi_wlast_i | (|s_axi_arlen_i) | (|s_axi_arburst_i) | (|s_axi_arcache_i) |
                  (|s_axi_arprot_i);
  /* verilator lint_on UNUSEDSIGNAL */
endmodule

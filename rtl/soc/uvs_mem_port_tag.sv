// uvs_mem_port_tag: a tagged bus port into the C memory model (a
// multithreaded hart's ports; uvs_mem_port is its untagged form)
// (docs/architecture.md, "Tagged bus"): the access is performed at the
// grant through uvs_dpi_mem_id (LR/SC reservation per (PORT, id)), the
// response carries the request's id in rid_o. BOOTROM/SRAM: one request a
// cycle, each answered the next cycle (pipelined, so several ids are in
// flight at once). HBM and host windows: answered after the latency the
// DPI call returns, which the C memory system (sim/memsys.h) computes per
// access from the shared channels' bandwidth and latency (HBM; the host link
// in the access's direction for host-window reads, posted writes and AMOs),
// so a hart's load competes with the tile engines, the DMA engine and the
// other ports; the port grants nothing else meanwhile, so responses stay in request
// order (a per-id reorder buffer for overlapping HBM accesses is left for
// later).
module uvs_mem_port_tag #(
  parameter int PORT = 0,  // DPI port number: 2 * hart + (0 fetch, 1 data)
  parameter int IW   = 4   // id width (clog2 of the hart's threads)
) (
  input  logic          clk_i,
  input  logic          rst_ni,   // synchronous, active low
  input  logic          req_i,
  output logic          gnt_o,
  input  logic [63:0]   addr_i,   // byte address
  input  logic [IW-1:0] id_i,     // requester (thread) of the request
  input  logic          we_i,
  input  logic [7:0]    be_i,     // byte enables in the aligned 8-byte word
  input  logic [63:0]   wdata_i,
  input  logic [3:0]    amo_i,    // UVS_AMO_* (uvs_bus_pkg)
  output logic          idle_o,   // no HBM response pending (next grant answers in order)
  output logic          rvalid_o,
  output logic [IW-1:0] rid_o,    // id of the request answered
  output logic [63:0]   rdata_o,  // aligned word; fetch: instruction in [31:0]
  output logic          err_o     // bus error (access fault)
);
  // Returns 0, or 1 for a bus error; performs the access on the C side;
  // lat = cycles from grant to response, 1..65535.
  import "DPI-C" function int uvs_dpi_mem_id(input int port, input int id, input longint addr,
                                             input byte we, input byte be,
                                             input longint wdata, input byte amo,
                                             output longint rdata, output int lat);

  logic          rvalid_q;
  logic [IW-1:0] rid_q;
  logic [63:0]   rdata_q;
  logic          err_q;
  logic [15:0]   wait_q;   // cycles left until the pending HBM response
  logic          busy_q;   // an HBM response is pending

  assign gnt_o    = req_i && !busy_q;
  assign idle_o   = !busy_q;
  assign rvalid_o = rvalid_q;
  assign rid_o    = rid_q;
  assign rdata_o  = rdata_q;
  assign err_o    = err_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rvalid_q <= 1'b0;
      rid_q    <= '0;
      rdata_q  <= '0;
      err_q    <= 1'b0;
      busy_q   <= 1'b0;
      wait_q   <= '0;
    end else if (busy_q) begin
      rvalid_q <= (wait_q == 16'd1);
      busy_q   <= (wait_q != 16'd1);
      wait_q   <= wait_q - 16'd1;
    end else begin
      rvalid_q <= 1'b0;
      if (req_i) begin : l_access
        longint rdata;
        int     status;
        int     lat;
        status = uvs_dpi_mem_id(PORT, int'(id_i), addr_i, {7'd0, we_i}, be_i, wdata_i,
                                {4'd0, amo_i}, rdata, lat);
        rid_q   <= id_i;
        rdata_q <= rdata;
        err_q   <= (status != 0);
        if (lat > 1) begin
          busy_q <= 1'b1;
          wait_q <= 16'(lat - 1);
        end else begin
          rvalid_q <= 1'b1;
        end
      end
    end
  end
endmodule

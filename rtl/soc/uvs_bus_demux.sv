// uvs_bus_demux: routes one hart's data port (docs/architecture.md, "On-chip
// bus") by address to the memory port (AXI master), the shared MMIO arbiter, its
// own error responder (unmapped and reserved regions, atomics to MMIO) or,
// with UVA = 1 (a compute hart), its IOMMU requester port for addresses of
// the unified virtual range (memmap.def UVA). With UVA = 0 the uva_* port
// is unused (uva_req_o stays 0; tie its inputs to 0).
// Request fields (addr, we, be, wdata, amo) go to every target unchanged;
// only req is steered. With one outstanding request per port, at most one
// target answers in a cycle, so the responses are simply OR-ed together.
// With MT = 1 (a configuration with multithreaded compute harts) the
// thread-control region (mt.def MT_CTL_*) is MMIO.
module uvs_bus_demux #(
  parameter bit UVA = 1'b0, // 1: unified-range addresses go to the uva_* port
  parameter bit MT  = 1'b0  // 1: the thread-control region is mapped (MMIO)
) (
  input  logic        clk_i,
  input  logic        rst_ni,        // synchronous, active low
  // from the hart
  input  logic        req_i,
  output logic        gnt_o,
  input  logic [63:0] addr_i,        // byte address, decoded here
  input  logic [3:0]  amo_i,         // UVS_AMO_*; atomics only to memory
  input  logic        host_blocks_i, // 1: HOSTIF and DMA regions are mapped
  output logic        rvalid_o,
  output logic [63:0] rdata_o,
  output logic        err_o,
  // to the memory port (AXI master)
  output logic        mem_req_o,
  input  logic        mem_gnt_i,
  input  logic        mem_rvalid_i,
  input  logic [63:0] mem_rdata_i,
  input  logic        mem_err_i,
  // to the MMIO arbiter
  output logic        mmio_req_o,
  input  logic        mmio_gnt_i,
  input  logic        mmio_rvalid_i,
  input  logic [63:0] mmio_rdata_i,
  input  logic        mmio_err_i,
  // to the IOMMU requester port (UVA = 1)
  output logic        uva_req_o,
  input  logic        uva_gnt_i,
  input  logic        uva_rvalid_i,
  input  logic [63:0] uva_rdata_i,
  input  logic        uva_err_i
);
  import uvs_soc_pkg::*;
  import uvs_bus_pkg::UVS_AMO_NONE;

  target_e     tgt;
  logic        err_req, err_gnt, err_rvalid, err_err;
  logic [63:0] err_rdata;

  assign tgt        = decode(addr_i, amo_i != UVS_AMO_NONE[3:0], host_blocks_i, UVA, MT);
  assign mem_req_o  = req_i && (tgt == TGT_MEM);
  assign mmio_req_o = req_i && (tgt == TGT_MMIO);
  assign err_req    = req_i && (tgt == TGT_ERR);
  assign uva_req_o  = req_i && (tgt == TGT_UVA);

  always_comb begin
    unique case (tgt)
      TGT_MEM:  gnt_o = mem_gnt_i;
      TGT_MMIO: gnt_o = mmio_gnt_i;
      TGT_UVA:  gnt_o = uva_gnt_i;
      default:  gnt_o = err_gnt;
    endcase
  end

  if (UVA) begin : g_uva
    assign rvalid_o = mem_rvalid_i | mmio_rvalid_i | err_rvalid | uva_rvalid_i;
    assign rdata_o  = (mem_rvalid_i ? mem_rdata_i : 64'd0) |
                      (mmio_rvalid_i ? mmio_rdata_i : 64'd0) |
                      (err_rvalid ? err_rdata : 64'd0) |
                      (uva_rvalid_i ? uva_rdata_i : 64'd0);
    assign err_o    = (mem_rvalid_i & mem_err_i) | (mmio_rvalid_i & mmio_err_i) |
                      err_err | (uva_rvalid_i & uva_err_i);
  end else begin : g_no_uva
    // uva_gnt_i is unused too (decode never selects TGT_UVA)
    logic unused_uva;
    assign unused_uva = uva_gnt_i | uva_rvalid_i | (|uva_rdata_i) | uva_err_i;
    assign rvalid_o = mem_rvalid_i | mmio_rvalid_i | err_rvalid;
    assign rdata_o  = (mem_rvalid_i ? mem_rdata_i : 64'd0) |
                      (mmio_rvalid_i ? mmio_rdata_i : 64'd0) |
                      (err_rvalid ? err_rdata : 64'd0);
    assign err_o    = (mem_rvalid_i & mem_err_i) | (mmio_rvalid_i & mmio_err_i) |
                      err_err;
  end

  uvs_err_resp u_err (
    .clk_i, .rst_ni,
    .req_i    (err_req),
    .gnt_o    (err_gnt),
    .rvalid_o (err_rvalid),
    .rdata_o  (err_rdata),
    .err_o    (err_err)
  );
endmodule

// uvs_iommu_lutram: a small memory with one write port and NRD asynchronous
// read ports, written so that FPGA synthesis maps it to distributed RAM
// (LUT-RAM) instead of flip-flops with one multiplexer tree per read port.
//
// A LUT-RAM primitive has one write port and a few read ports (Xilinx
// RAM32M/RAM64M: 3 read ports + 1 at the write address; UltraScale+
// RAM32M16/RAM64M8: 7 + 1, UG574 "CLB" distributed RAM). Yosys's
// memory_libmap replicates a memory for more read ports, but for a shallow
// memory with many ports its cost model prefers flip-flops (issue 15: the
// IOTLB's 8-deep arrays with 9 read ports each were mapped to flip-flops,
// 31,707 LUTs on xcup). So the replication is explicit here: the memory is
// held in COPIES = ceil(NRD / RPC) identical copies, all written by the one
// write port; copy c serves read ports c x RPC .. c x RPC + RPC - 1. Copy 0
// also has the read port at the write address (wrd_o, RAM32M's port D), for
// a read-modify check in the same cycle as a possible write. With RPC = 4
// each copy maps to LUT-RAM on 7-series and UltraScale+ (bench/iommu_synth.py).
//
// RAM_STYLE is the Yosys/Vivado ram_style attribute of the copies: "auto"
// leaves the choice to the tool (LUT-RAM on AMD: RAM32M/RAM64M); "block"
// forces the family's RAM blocks, for PolarFire, which has no LUT-RAM: its
// uSRAM (RAM64x12, 64 words x 12 bits) reads asynchronously too (PolarFire
// FPGA Fabric User Guide UG0680, "uSRAM"), while Yosys's cost model maps a
// copy of 8 words to flip-flops and one multiplexer tree per read port
// (issue 15: the IOTLB's tag RAMs, about 11,000 4-input LUTs).
//
// Timing: reads are combinational (rdata_o[i] = the word at raddr_i[i]
// before this cycle's write; packed arrays, so that a parent can connect a
// slice of its own arrays); a write takes effect at the clock edge. No
// reset: contents are undefined until written (the owner keeps valid bits
// in flip-flops).
module uvs_iommu_lutram #(
  parameter int DEPTH = 8,   // words
  parameter int WIDTH = 8,   // bits per word
  parameter int NRD   = 1,   // asynchronous read ports (at least 1)
  parameter int RPC   = 4,   // read ports per copy (at least 1)
  /* verilator lint_off UNUSEDPARAM */  // read by synthesis tools only (an attribute)
  parameter RAM_STYLE = "auto",  // the copies' ram_style: "auto" or "block" (above)
  /* verilator lint_on UNUSEDPARAM */
  localparam int AW = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
  input  logic             clk_i,
  input  logic             we_i,                // write wdata_i at waddr_i at the clock edge
  input  logic [AW-1:0]    waddr_i,
  input  logic [WIDTH-1:0] wdata_i,
  input  logic [NRD-1:0][AW-1:0]    raddr_i,  // read port i's address
  output logic [NRD-1:0][WIDTH-1:0] rdata_o,  // read port i's word
  output logic [WIDTH-1:0] wrd_o                // the word at waddr_i (before the write)
);
  localparam int COPIES = (NRD + RPC - 1) / RPC;

  for (genvar c = 0; c < COPIES; c++) begin : g_copy
    // a name ending in "ram": bench/iommu_synth.py keeps it an unpacked memory for Yosys
    (* ram_style = RAM_STYLE *) logic [WIDTH-1:0] mem_ram [DEPTH];
    always_ff @(posedge clk_i) begin
      if (we_i) mem_ram[waddr_i] <= wdata_i;
    end
    for (genvar i = c * RPC; i < NRD && i < c * RPC + RPC; i++) begin : g_rd
      assign rdata_o[i] = mem_ram[raddr_i[i]];
    end
    if (c == 0) begin : g_wrd
      assign wrd_o = mem_ram[waddr_i];
    end
  end
endmodule

// uvs_shell_axi.svh: port lists and connections of the AXI4 interfaces
// between a board top and its vendor shell (boards/<board>/, the vendor's
// block design around uvs_soc_core). Included by the shells' black-box stubs
// (synthesis), their co-simulation models and the board tops.
//
// Naming: an external AXI4 interface P of a Vivado block design or Libero
// SmartDesign appears on the generated wrapper as one port per signal,
// P_<signal> in lower case (Vivado UG994, "Creating External Interface
// Ports"); the shells' Tcl creates them with these names. Widths are the
// core's (docs/architecture.md, "SoC boundary (AXI)"): ID 6 bits, address
// and data 64 bits; AWATOP travels in AWUSER[5:0] (AXI4 has no AWATOP; the
// shells' interconnects propagate AxUSER, PG247 "USER signals").
`ifndef UVS_SHELL_AXI_SVH
`define UVS_SHELL_AXI_SVH

// Slave-side port list of AXI4 interface P (the shell is the slave).
`define UVS_SHELL_AXI4_S_PORTS(P) \
  input  logic        P``_awvalid, \
  input  logic [5:0]  P``_awid, \
  input  logic [63:0] P``_awaddr, \
  input  logic [7:0]  P``_awlen, \
  input  logic [2:0]  P``_awsize, \
  input  logic [1:0]  P``_awburst, \
  input  logic        P``_awlock, \
  input  logic [3:0]  P``_awcache, \
  input  logic [2:0]  P``_awprot, \
  input  logic [5:0]  P``_awuser, \
  output logic        P``_awready, \
  input  logic        P``_wvalid, \
  input  logic [63:0] P``_wdata, \
  input  logic [7:0]  P``_wstrb, \
  input  logic        P``_wlast, \
  output logic        P``_wready, \
  output logic        P``_bvalid, \
  output logic [5:0]  P``_bid, \
  output logic [1:0]  P``_bresp, \
  input  logic        P``_bready, \
  input  logic        P``_arvalid, \
  input  logic [5:0]  P``_arid, \
  input  logic [63:0] P``_araddr, \
  input  logic [7:0]  P``_arlen, \
  input  logic [2:0]  P``_arsize, \
  input  logic [1:0]  P``_arburst, \
  input  logic        P``_arlock, \
  input  logic [3:0]  P``_arcache, \
  input  logic [2:0]  P``_arprot, \
  output logic        P``_arready, \
  output logic        P``_rvalid, \
  output logic [5:0]  P``_rid, \
  output logic [63:0] P``_rdata, \
  output logic [1:0]  P``_rresp, \
  output logic        P``_rlast, \
  input  logic        P``_rready

// Master-side AXI4-Lite port list of interface P (the shell is the master:
// BAR0 of the host link), the core's BAR0 slave widths (16-bit address:
// 64 KiB BAR0; 64-bit data; rtl/soc/uvs_axi_ports.svh UVS_AXIL_S_PORTS).
`define UVS_SHELL_AXIL_M_PORTS(P) \
  output logic        P``_awvalid, \
  output logic [15:0] P``_awaddr, \
  output logic [2:0]  P``_awprot, \
  input  logic        P``_awready, \
  output logic        P``_wvalid, \
  output logic [63:0] P``_wdata, \
  output logic [7:0]  P``_wstrb, \
  input  logic        P``_wready, \
  input  logic        P``_bvalid, \
  input  logic [1:0]  P``_bresp, \
  output logic        P``_bready, \
  output logic        P``_arvalid, \
  output logic [15:0] P``_araddr, \
  output logic [2:0]  P``_arprot, \
  input  logic        P``_arready, \
  input  logic        P``_rvalid, \
  input  logic [63:0] P``_rdata, \
  input  logic [1:0]  P``_rresp, \
  output logic        P``_rready

// The shell's outputs for the core's memory-system counters and
// management-halt side channel (uvs_soc_core perf_*_i, mgmt_*_i): 0 on a
// board, the host link model in co-simulation.
`define UVS_SHELL_HOST_PORTS \
  output logic [63:0] perf_link_h2d, \
  output logic [63:0] perf_link_d2h, \
  output logic [63:0] perf_hbm, \
  output logic        mgmt_halt, \
  output logic [31:0] mgmt_exit

// Connects them (the board top's signals of the same names).
`define UVS_SHELL_HOST_CONNECT \
  .perf_link_h2d, .perf_link_d2h, .perf_hbm, .mgmt_halt, .mgmt_exit

// Connects shell slave interface P to the core's memory master vectors
// (uvs_soc_core mem_axi_* names without _o/_i, as the board tops declare
// them) at index I.
`define UVS_SHELL_AXI4_S_CONNECT_MEM(P, I) \
  .P``_awvalid(mem_axi_awvalid[I]), .P``_awid(mem_axi_awid[I]), .P``_awaddr(mem_axi_awaddr[I]), \
  .P``_awlen(mem_axi_awlen[I]), .P``_awsize(mem_axi_awsize[I]), .P``_awburst(mem_axi_awburst[I]), \
  .P``_awlock(mem_axi_awlock[I]), .P``_awcache(mem_axi_awcache[I]), .P``_awprot(mem_axi_awprot[I]), \
  .P``_awuser(mem_axi_awatop[I]), .P``_awready(mem_axi_awready[I]), \
  .P``_wvalid(mem_axi_wvalid[I]), .P``_wdata(mem_axi_wdata[I]), .P``_wstrb(mem_axi_wstrb[I]), \
  .P``_wlast(mem_axi_wlast[I]), .P``_wready(mem_axi_wready[I]), \
  .P``_bvalid(mem_axi_bvalid[I]), .P``_bid(mem_axi_bid[I]), .P``_bresp(mem_axi_bresp[I]), \
  .P``_bready(mem_axi_bready[I]), \
  .P``_arvalid(mem_axi_arvalid[I]), .P``_arid(mem_axi_arid[I]), .P``_araddr(mem_axi_araddr[I]), \
  .P``_arlen(mem_axi_arlen[I]), .P``_arsize(mem_axi_arsize[I]), .P``_arburst(mem_axi_arburst[I]), \
  .P``_arlock(mem_axi_arlock[I]), .P``_arcache(mem_axi_arcache[I]), .P``_arprot(mem_axi_arprot[I]), \
  .P``_arready(mem_axi_arready[I]), \
  .P``_rvalid(mem_axi_rvalid[I]), .P``_rid(mem_axi_rid[I]), .P``_rdata(mem_axi_rdata[I]), \
  .P``_rresp(mem_axi_rresp[I]), .P``_rlast(mem_axi_rlast[I]), .P``_rready(mem_axi_rready[I])

// Connects shell slave interface P to the IOMMU's memory master after the
// atomic unit (mem_axi_* at index 2*BOARD_HARTS, uvs_board_core.svh).
`define UVS_SHELL_AXI4_S_CONNECT_IOMMU(P) `UVS_SHELL_AXI4_S_CONNECT_MEM(P, 2*BOARD_HARTS)

// Co-simulation: an AXI4 memory model (rtl/sim/uvs_axi_mem_model.sv, the
// simulator's memory and HBM/DDR timing behind it) on shell interface P,
// as C memory port MEMPORT, clock CLK, reset RSTN. Like the shells'
// memories it executes no atomics (ATOMICS = 0: AWATOP and exclusive
// accesses get SLVERR), so a board run passes only if the atomic unit
// (uvs_axi_atomic) executed them.
`define UVS_SHELL_AXI4_S_MODEL(P, MEMPORT, CLK, RSTN) \
  uvs_axi_mem_model #(.PORT(MEMPORT), .ATOMICS(0)) u_``P ( \
    .clk_i(CLK), .rst_ni(RSTN), \
    .s_axi_awvalid_i(P``_awvalid), .s_axi_awid_i(P``_awid), .s_axi_awaddr_i(P``_awaddr), \
    .s_axi_awlen_i(P``_awlen), .s_axi_awsize_i(P``_awsize), .s_axi_awburst_i(P``_awburst), \
    .s_axi_awlock_i(P``_awlock), .s_axi_awcache_i(P``_awcache), .s_axi_awprot_i(P``_awprot), \
    .s_axi_awatop_i(P``_awuser), .s_axi_awready_o(P``_awready), \
    .s_axi_wvalid_i(P``_wvalid), .s_axi_wdata_i(P``_wdata), .s_axi_wstrb_i(P``_wstrb), \
    .s_axi_wlast_i(P``_wlast), .s_axi_wready_o(P``_wready), \
    .s_axi_bvalid_o(P``_bvalid), .s_axi_bid_o(P``_bid), .s_axi_bresp_o(P``_bresp), \
    .s_axi_bready_i(P``_bready), \
    .s_axi_arvalid_i(P``_arvalid), .s_axi_arid_i(P``_arid), .s_axi_araddr_i(P``_araddr), \
    .s_axi_arlen_i(P``_arlen), .s_axi_arsize_i(P``_arsize), .s_axi_arburst_i(P``_arburst), \
    .s_axi_arlock_i(P``_arlock), .s_axi_arcache_i(P``_arcache), .s_axi_arprot_i(P``_arprot), \
    .s_axi_arready_o(P``_arready), \
    .s_axi_rvalid_o(P``_rvalid), .s_axi_rid_o(P``_rid), .s_axi_rdata_o(P``_rdata), \
    .s_axi_rresp_o(P``_rresp), .s_axi_rlast_o(P``_rlast), .s_axi_rready_i(P``_rready))

// Slave-side port list of AXI4 interface P of B-byte data without IDs,
// locks or user signals (the shell is the slave of one of the core's wide
// data masters: uvs_soc_core dma_h_axi / dma_d_axi, tile_m_axi[k] /
// tile_s_axi[k], UVS_AXI4W_M_PORTS).
`define UVS_SHELL_AXI4W_S_PORTS(P, B) \
  input  logic P``_awvalid, \
  input  logic [63:0] P``_awaddr, \
  input  logic [7:0] P``_awlen, \
  input  logic [2:0] P``_awsize, \
  input  logic [1:0] P``_awburst, \
  input  logic [3:0] P``_awcache, \
  input  logic [2:0] P``_awprot, \
  output logic P``_awready, \
  input  logic P``_wvalid, \
  input  logic [8*(B)-1:0] P``_wdata, \
  input  logic [(B)-1:0] P``_wstrb, \
  input  logic P``_wlast, \
  output logic P``_wready, \
  output logic P``_bvalid, \
  output logic [1:0] P``_bresp, \
  input  logic P``_bready, \
  input  logic P``_arvalid, \
  input  logic [63:0] P``_araddr, \
  input  logic [7:0] P``_arlen, \
  input  logic [2:0] P``_arsize, \
  input  logic [1:0] P``_arburst, \
  input  logic [3:0] P``_arcache, \
  input  logic [2:0] P``_arprot, \
  output logic P``_arready, \
  output logic P``_rvalid, \
  output logic [8*(B)-1:0] P``_rdata, \
  output logic [1:0] P``_rresp, \
  output logic P``_rlast, \
  input  logic P``_rready

// Connects shell slave interface P to the board top's signals S_<signal>
// (uvs_board_core.svh: dma_h_axi, dma_d_axi).
`define UVS_SHELL_AXI4W_S_CONNECT(P, S) \
  .P``_awvalid (S``_awvalid), \
  .P``_awaddr (S``_awaddr), \
  .P``_awlen (S``_awlen), \
  .P``_awsize (S``_awsize), \
  .P``_awburst (S``_awburst), \
  .P``_awcache (S``_awcache), \
  .P``_awprot (S``_awprot), \
  .P``_awready (S``_awready), \
  .P``_wvalid (S``_wvalid), \
  .P``_wdata (S``_wdata), \
  .P``_wstrb (S``_wstrb), \
  .P``_wlast (S``_wlast), \
  .P``_wready (S``_wready), \
  .P``_bvalid (S``_bvalid), \
  .P``_bresp (S``_bresp), \
  .P``_bready (S``_bready), \
  .P``_arvalid (S``_arvalid), \
  .P``_araddr (S``_araddr), \
  .P``_arlen (S``_arlen), \
  .P``_arsize (S``_arsize), \
  .P``_arburst (S``_arburst), \
  .P``_arcache (S``_arcache), \
  .P``_arprot (S``_arprot), \
  .P``_arready (S``_arready), \
  .P``_rvalid (S``_rvalid), \
  .P``_rdata (S``_rdata), \
  .P``_rresp (S``_rresp), \
  .P``_rlast (S``_rlast), \
  .P``_rready (S``_rready)

// The same for element X (such as [k]) of the top's signal arrays
// (uvs_board_core.svh: tile_m_axi, tile_s_axi).
`define UVS_SHELL_AXI4W_S_CONNECT_X(P, S, X) \
  .P``_awvalid (S``_awvalid X), \
  .P``_awaddr (S``_awaddr X), \
  .P``_awlen (S``_awlen X), \
  .P``_awsize (S``_awsize X), \
  .P``_awburst (S``_awburst X), \
  .P``_awcache (S``_awcache X), \
  .P``_awprot (S``_awprot X), \
  .P``_awready (S``_awready X), \
  .P``_wvalid (S``_wvalid X), \
  .P``_wdata (S``_wdata X), \
  .P``_wstrb (S``_wstrb X), \
  .P``_wlast (S``_wlast X), \
  .P``_wready (S``_wready X), \
  .P``_bvalid (S``_bvalid X), \
  .P``_bresp (S``_bresp X), \
  .P``_bready (S``_bready X), \
  .P``_arvalid (S``_arvalid X), \
  .P``_araddr (S``_araddr X), \
  .P``_arlen (S``_arlen X), \
  .P``_arsize (S``_arsize X), \
  .P``_arburst (S``_arburst X), \
  .P``_arcache (S``_arcache X), \
  .P``_arprot (S``_arprot X), \
  .P``_arready (S``_arready X), \
  .P``_rvalid (S``_rvalid X), \
  .P``_rdata (S``_rdata X), \
  .P``_rresp (S``_rresp X), \
  .P``_rlast (S``_rlast X), \
  .P``_rready (S``_rready X)

// Co-simulation: the simulator's slave model of a wide master
// (rtl/sim/uvs_axi_dma_model.sv, sim/dma_slave.c: host memory, SRAM and HBM,
// or a scratchpad, timed on the memory system) on shell interface P of
// NB-byte data, model port PORT_ID (0 the DMA engine's device master, 1 its
// host master, 2 + 2k / 3 + 2k tile engine k's memory / scratchpad master),
// clock CLK, reset RSTN.
`define UVS_SHELL_AXI4W_S_MODEL(P, NB, PORT_ID, CLK, RSTN) \
  /* verilator lint_off UNUSEDSIGNAL */ logic P``_act; /* verilator lint_on UNUSEDSIGNAL */ \
  uvs_axi_dma_model #(.BEAT_BYTES(NB), .PORT(PORT_ID)) u_``P ( \
    .clk_i(CLK), .rst_ni(RSTN), .act_o(P``_act), \
    .s_axi_awvalid_i(P``_awvalid), .s_axi_awaddr_i(P``_awaddr), .s_axi_awlen_i(P``_awlen), \
    .s_axi_awsize_i(P``_awsize), .s_axi_awburst_i(P``_awburst), .s_axi_awcache_i(P``_awcache), \
    .s_axi_awprot_i(P``_awprot), .s_axi_awready_o(P``_awready), .s_axi_wvalid_i(P``_wvalid), \
    .s_axi_wdata_i(P``_wdata), .s_axi_wstrb_i(P``_wstrb), .s_axi_wlast_i(P``_wlast), \
    .s_axi_wready_o(P``_wready), .s_axi_bvalid_o(P``_bvalid), .s_axi_bresp_o(P``_bresp), \
    .s_axi_bready_i(P``_bready), .s_axi_arvalid_i(P``_arvalid), .s_axi_araddr_i(P``_araddr), \
    .s_axi_arlen_i(P``_arlen), .s_axi_arsize_i(P``_arsize), .s_axi_arburst_i(P``_arburst), \
    .s_axi_arcache_i(P``_arcache), .s_axi_arprot_i(P``_arprot), .s_axi_arready_o(P``_arready), \
    .s_axi_rvalid_o(P``_rvalid), .s_axi_rdata_o(P``_rdata), .s_axi_rresp_o(P``_rresp), \
    .s_axi_rlast_o(P``_rlast), .s_axi_rready_i(P``_rready))

// The compute harts' tile engines (uvs_tile_mover, one per compute hart,
// BOARD_HARTS - 1 = 4 on both boards): master k's memory and scratchpad
// interfaces as shell slave interfaces core_tile_m<k>_axi and
// core_tile_s<k>_axi, NB bytes of data (the top's BOARD_TILE_BEAT_BYTES),
// on the core clock and the harts' reset
// (mem_aresetn). Port list, connections to the top's tile_m_axi[k] /
// tile_s_axi[k], and the co-simulation models (model ports 2 + 2k memory,
// 3 + 2k scratchpad).
`define UVS_SHELL_TILE_PORTS(NB) \
  `UVS_SHELL_AXI4W_S_PORTS(core_tile_m0_axi, NB), `UVS_SHELL_AXI4W_S_PORTS(core_tile_s0_axi, NB), \
  `UVS_SHELL_AXI4W_S_PORTS(core_tile_m1_axi, NB), `UVS_SHELL_AXI4W_S_PORTS(core_tile_s1_axi, NB), \
  `UVS_SHELL_AXI4W_S_PORTS(core_tile_m2_axi, NB), `UVS_SHELL_AXI4W_S_PORTS(core_tile_s2_axi, NB), \
  `UVS_SHELL_AXI4W_S_PORTS(core_tile_m3_axi, NB), `UVS_SHELL_AXI4W_S_PORTS(core_tile_s3_axi, NB)

`define UVS_SHELL_TILE_CONNECT \
  `UVS_SHELL_AXI4W_S_CONNECT_X(core_tile_m0_axi, tile_m_axi, [0]), \
  `UVS_SHELL_AXI4W_S_CONNECT_X(core_tile_s0_axi, tile_s_axi, [0]), \
  `UVS_SHELL_AXI4W_S_CONNECT_X(core_tile_m1_axi, tile_m_axi, [1]), \
  `UVS_SHELL_AXI4W_S_CONNECT_X(core_tile_s1_axi, tile_s_axi, [1]), \
  `UVS_SHELL_AXI4W_S_CONNECT_X(core_tile_m2_axi, tile_m_axi, [2]), \
  `UVS_SHELL_AXI4W_S_CONNECT_X(core_tile_s2_axi, tile_s_axi, [2]), \
  `UVS_SHELL_AXI4W_S_CONNECT_X(core_tile_m3_axi, tile_m_axi, [3]), \
  `UVS_SHELL_AXI4W_S_CONNECT_X(core_tile_s3_axi, tile_s_axi, [3])

`define UVS_SHELL_TILE_MODELS(NB, CLK, RSTN) \
  `UVS_SHELL_AXI4W_S_MODEL(core_tile_m0_axi, NB, 2, CLK, RSTN); \
  `UVS_SHELL_AXI4W_S_MODEL(core_tile_s0_axi, NB, 3, CLK, RSTN); \
  `UVS_SHELL_AXI4W_S_MODEL(core_tile_m1_axi, NB, 4, CLK, RSTN); \
  `UVS_SHELL_AXI4W_S_MODEL(core_tile_s1_axi, NB, 5, CLK, RSTN); \
  `UVS_SHELL_AXI4W_S_MODEL(core_tile_m2_axi, NB, 6, CLK, RSTN); \
  `UVS_SHELL_AXI4W_S_MODEL(core_tile_s2_axi, NB, 7, CLK, RSTN); \
  `UVS_SHELL_AXI4W_S_MODEL(core_tile_m3_axi, NB, 8, CLK, RSTN); \
  `UVS_SHELL_AXI4W_S_MODEL(core_tile_s3_axi, NB, 9, CLK, RSTN)

// Master-side AXI4 port list of interface P (the shell is the master), the
// same signals and widths as UVS_SHELL_AXI4_S_PORTS with directions swapped.
`define UVS_SHELL_AXI4_M_PORTS(P) \
  output logic        P``_awvalid, \
  output logic [5:0]  P``_awid, \
  output logic [63:0] P``_awaddr, \
  output logic [7:0]  P``_awlen, \
  output logic [2:0]  P``_awsize, \
  output logic [1:0]  P``_awburst, \
  output logic        P``_awlock, \
  output logic [3:0]  P``_awcache, \
  output logic [2:0]  P``_awprot, \
  output logic [5:0]  P``_awuser, \
  input  logic        P``_awready, \
  output logic        P``_wvalid, \
  output logic [63:0] P``_wdata, \
  output logic [7:0]  P``_wstrb, \
  output logic        P``_wlast, \
  input  logic        P``_wready, \
  input  logic        P``_bvalid, \
  input  logic [5:0]  P``_bid, \
  input  logic [1:0]  P``_bresp, \
  output logic        P``_bready, \
  output logic        P``_arvalid, \
  output logic [5:0]  P``_arid, \
  output logic [63:0] P``_araddr, \
  output logic [7:0]  P``_arlen, \
  output logic [2:0]  P``_arsize, \
  output logic [1:0]  P``_arburst, \
  output logic        P``_arlock, \
  output logic [3:0]  P``_arcache, \
  output logic [2:0]  P``_arprot, \
  input  logic        P``_arready, \
  input  logic        P``_rvalid, \
  input  logic [5:0]  P``_rid, \
  input  logic [63:0] P``_rdata, \
  input  logic [1:0]  P``_rresp, \
  input  logic        P``_rlast, \
  output logic        P``_rready

// Connects every signal of AXI4 interface P to the same-named port of the
// enclosing module (a top passing a shell interface through to its pins).
`define UVS_SHELL_AXI4_PASS(P) \
  .P``_awvalid, .P``_awid, .P``_awaddr, .P``_awlen, .P``_awsize, .P``_awburst, .P``_awlock, \
  .P``_awcache, .P``_awprot, .P``_awuser, .P``_awready, .P``_wvalid, .P``_wdata, .P``_wstrb, \
  .P``_wlast, .P``_wready, .P``_bvalid, .P``_bid, .P``_bresp, .P``_bready, .P``_arvalid, \
  .P``_arid, .P``_araddr, .P``_arlen, .P``_arsize, .P``_arburst, .P``_arlock, .P``_arcache, \
  .P``_arprot, .P``_arready, .P``_rvalid, .P``_rid, .P``_rdata, .P``_rresp, .P``_rlast, .P``_rready

`endif

// uvs_axi_ports.svh: the AXI port lists of the SoC core's boundary in one
// place (docs/architecture.md, "SoC boundary (AXI)"), as macros for the core's
// port list, the signals of a top that instantiates it, and the connections.
// Signal names are AMBA's (ARM IHI 0022): <prefix>_<signal>_o for what the
// core drives, _i for what it receives.
//   UVS_AXI4_M_PORTS(P, D)      AXI4 master port declarations (plus AWATOP),
//                               each signal with the unpacked-to-packed
//                               dimension D in front of its width (D empty:
//                               one port; D = [N-1:0]: N ports)
//   UVS_AXI4_S_PORTS(P, D)      the matching AXI4 slave port declarations
//                               (P_<signal>_i what the slave receives)
//   UVS_AXI4_WIRES(P, D)        the matching signal declarations of a top
//   UVS_AXI4_M_CONNECT(P, S)    .P_<signal>_<dir> (S_<signal>) for every signal
//   UVS_AXI4_M_CONNECT_X(P, S, X) the same with index X (S_<signal>X), X such
//                               as [p] or [n-1:0]: part of a wider vector
//   UVS_AXI4_S_CONNECT(P, S, X) a slave's ports .P_<signal>_<dir> (S_<signal>X),
//                               X an index such as [p] or empty
//   UVS_AXIL_S_PORTS(P)         AXI4-Lite slave ports (BAR0: 16-bit address,
//                               64-bit data)
//   UVS_AXIL_M_PORTS(P)         the matching AXI4-Lite master ports
//   UVS_AXIL_WIRES(P)           the AXI4-Lite signal declarations of a top
//   UVS_AXIL_CONNECT(P, S)      .P_<signal>_<dir> (S_<signal>) of a slave port list
//   UVS_AXIL_M_CONNECT(P, S)    the same for a master port list
//   UVS_AXIL_S_PASS(P)          .P_<signal>_<dir> (implicit: a slave port list
//                               handed down to a submodule of the same names)
//   UVS_AXI4_PASS_ATTRS(M, S, X) inside a module with slave ports S and master
//                               ports M (S_..._i -> M_..._o): the continuous
//                               assignments passing through every master-driven
//                               signal except the valids and addresses (AxID,
//                               AxLEN ... AWATOP, W payload, BREADY, RREADY), X
//                               an index such as [p] or empty
//   UVS_AXI4W_M_PORTS(P, B)     an AXI4 master of B-byte data without IDs,
//                               locks or atomics (the DMA engine's data
//                               masters: one ID, answers in order)
//   UVS_AXI4W_S_PORTS(P, B), UVS_AXI4W_WIRES(P, B) the matching slave ports and
//                               signal declarations
//   UVS_AXI4W_M_CONNECT(P, S), UVS_AXI4W_S_CONNECT(P, S) .P_<signal>_<dir> (S_<signal>)
//                               of a master's / a slave's port list
//   UVS_AXI4W_M_UP(P, Q)        .P_<signal>_<dir> (Q_<signal>_<dir>): a submodule's
//                               master P on its parent's master ports Q
//   UVS_AXI4WD_M_PORTS(P, B, D), UVS_AXI4WD_WIRES(P, B, D) the same with the
//                               dimension D in front of each width (the tile
//                               engines' masters: D = [N-1:0], N masters)
//   UVS_AXI4W_M_UP_X(P, S, X), UVS_AXI4W_S_CONNECT_X(P, S, X) a master's /
//                               slave's ports on element X (such as [k]) of
//                               such arrays
// The AXI4 ID width is uvs_axi_pkg::IDW. No trailing comma: the last
// signal of every list ends without one.
`ifndef UVS_AXI_PORTS_SVH
`define UVS_AXI_PORTS_SVH

`define UVS_AXI4_M_PORTS(P, D) \
  output logic D P``_awvalid_o, \
  output logic D [uvs_axi_pkg::IDW-1:0] P``_awid_o, \
  output logic D [63:0] P``_awaddr_o, \
  output logic D [7:0] P``_awlen_o, \
  output logic D [2:0] P``_awsize_o, \
  output logic D [1:0] P``_awburst_o, \
  output logic D P``_awlock_o, \
  output logic D [3:0] P``_awcache_o, \
  output logic D [2:0] P``_awprot_o, \
  output logic D [5:0] P``_awatop_o, \
  input  logic D P``_awready_i, \
  output logic D P``_wvalid_o, \
  output logic D [63:0] P``_wdata_o, \
  output logic D [7:0] P``_wstrb_o, \
  output logic D P``_wlast_o, \
  input  logic D P``_wready_i, \
  input  logic D P``_bvalid_i, \
  input  logic D [uvs_axi_pkg::IDW-1:0] P``_bid_i, \
  input  logic D [1:0] P``_bresp_i, \
  output logic D P``_bready_o, \
  output logic D P``_arvalid_o, \
  output logic D [uvs_axi_pkg::IDW-1:0] P``_arid_o, \
  output logic D [63:0] P``_araddr_o, \
  output logic D [7:0] P``_arlen_o, \
  output logic D [2:0] P``_arsize_o, \
  output logic D [1:0] P``_arburst_o, \
  output logic D P``_arlock_o, \
  output logic D [3:0] P``_arcache_o, \
  output logic D [2:0] P``_arprot_o, \
  input  logic D P``_arready_i, \
  input  logic D P``_rvalid_i, \
  input  logic D [uvs_axi_pkg::IDW-1:0] P``_rid_i, \
  input  logic D [63:0] P``_rdata_i, \
  input  logic D [1:0] P``_rresp_i, \
  input  logic D P``_rlast_i, \
  output logic D P``_rready_o

`define UVS_AXI4W_M_PORTS(P, B) `UVS_AXI4WD_M_PORTS(P, B, )

`define UVS_AXI4WD_M_PORTS(P, B, D) \
  output logic D P``_awvalid_o, \
  output logic D [63:0] P``_awaddr_o, \
  output logic D [7:0] P``_awlen_o, \
  output logic D [2:0] P``_awsize_o, \
  output logic D [1:0] P``_awburst_o, \
  output logic D [3:0] P``_awcache_o, \
  output logic D [2:0] P``_awprot_o, \
  input  logic D P``_awready_i, \
  output logic D P``_wvalid_o, \
  output logic D [8*(B)-1:0] P``_wdata_o, \
  output logic D [(B)-1:0] P``_wstrb_o, \
  output logic D P``_wlast_o, \
  input  logic D P``_wready_i, \
  input  logic D P``_bvalid_i, \
  input  logic D [1:0] P``_bresp_i, \
  output logic D P``_bready_o, \
  output logic D P``_arvalid_o, \
  output logic D [63:0] P``_araddr_o, \
  output logic D [7:0] P``_arlen_o, \
  output logic D [2:0] P``_arsize_o, \
  output logic D [1:0] P``_arburst_o, \
  output logic D [3:0] P``_arcache_o, \
  output logic D [2:0] P``_arprot_o, \
  input  logic D P``_arready_i, \
  input  logic D P``_rvalid_i, \
  input  logic D [8*(B)-1:0] P``_rdata_i, \
  input  logic D [1:0] P``_rresp_i, \
  input  logic D P``_rlast_i, \
  output logic D P``_rready_o

`define UVS_AXI4W_S_PORTS(P, B) \
  input  logic P``_awvalid_i, \
  input  logic [63:0] P``_awaddr_i, \
  input  logic [7:0] P``_awlen_i, \
  input  logic [2:0] P``_awsize_i, \
  input  logic [1:0] P``_awburst_i, \
  input  logic [3:0] P``_awcache_i, \
  input  logic [2:0] P``_awprot_i, \
  output logic P``_awready_o, \
  input  logic P``_wvalid_i, \
  input  logic [8*(B)-1:0] P``_wdata_i, \
  input  logic [(B)-1:0] P``_wstrb_i, \
  input  logic P``_wlast_i, \
  output logic P``_wready_o, \
  output logic P``_bvalid_o, \
  output logic [1:0] P``_bresp_o, \
  input  logic P``_bready_i, \
  input  logic P``_arvalid_i, \
  input  logic [63:0] P``_araddr_i, \
  input  logic [7:0] P``_arlen_i, \
  input  logic [2:0] P``_arsize_i, \
  input  logic [1:0] P``_arburst_i, \
  input  logic [3:0] P``_arcache_i, \
  input  logic [2:0] P``_arprot_i, \
  output logic P``_arready_o, \
  output logic P``_rvalid_o, \
  output logic [8*(B)-1:0] P``_rdata_o, \
  output logic [1:0] P``_rresp_o, \
  output logic P``_rlast_o, \
  input  logic P``_rready_i

`define UVS_AXI4W_WIRES(P, B) `UVS_AXI4WD_WIRES(P, B, )

`define UVS_AXI4WD_WIRES(P, B, D) \
  logic D P``_awvalid; \
  logic D [63:0] P``_awaddr; \
  logic D [7:0] P``_awlen; \
  logic D [2:0] P``_awsize; \
  logic D [1:0] P``_awburst; \
  logic D [3:0] P``_awcache; \
  logic D [2:0] P``_awprot; \
  logic D P``_awready; \
  logic D P``_wvalid; \
  logic D [8*(B)-1:0] P``_wdata; \
  logic D [(B)-1:0] P``_wstrb; \
  logic D P``_wlast; \
  logic D P``_wready; \
  logic D P``_bvalid; \
  logic D [1:0] P``_bresp; \
  logic D P``_bready; \
  logic D P``_arvalid; \
  logic D [63:0] P``_araddr; \
  logic D [7:0] P``_arlen; \
  logic D [2:0] P``_arsize; \
  logic D [1:0] P``_arburst; \
  logic D [3:0] P``_arcache; \
  logic D [2:0] P``_arprot; \
  logic D P``_arready; \
  logic D P``_rvalid; \
  logic D [8*(B)-1:0] P``_rdata; \
  logic D [1:0] P``_rresp; \
  logic D P``_rlast; \
  logic D P``_rready;

`define UVS_AXI4W_M_CONNECT(P, S) \
  .P``_awvalid_o (S``_awvalid), \
  .P``_awaddr_o (S``_awaddr), \
  .P``_awlen_o (S``_awlen), \
  .P``_awsize_o (S``_awsize), \
  .P``_awburst_o (S``_awburst), \
  .P``_awcache_o (S``_awcache), \
  .P``_awprot_o (S``_awprot), \
  .P``_awready_i (S``_awready), \
  .P``_wvalid_o (S``_wvalid), \
  .P``_wdata_o (S``_wdata), \
  .P``_wstrb_o (S``_wstrb), \
  .P``_wlast_o (S``_wlast), \
  .P``_wready_i (S``_wready), \
  .P``_bvalid_i (S``_bvalid), \
  .P``_bresp_i (S``_bresp), \
  .P``_bready_o (S``_bready), \
  .P``_arvalid_o (S``_arvalid), \
  .P``_araddr_o (S``_araddr), \
  .P``_arlen_o (S``_arlen), \
  .P``_arsize_o (S``_arsize), \
  .P``_arburst_o (S``_arburst), \
  .P``_arcache_o (S``_arcache), \
  .P``_arprot_o (S``_arprot), \
  .P``_arready_i (S``_arready), \
  .P``_rvalid_i (S``_rvalid), \
  .P``_rdata_i (S``_rdata), \
  .P``_rresp_i (S``_rresp), \
  .P``_rlast_i (S``_rlast), \
  .P``_rready_o (S``_rready)

`define UVS_AXI4W_S_CONNECT(P, S) \
  .P``_awvalid_i (S``_awvalid), \
  .P``_awaddr_i (S``_awaddr), \
  .P``_awlen_i (S``_awlen), \
  .P``_awsize_i (S``_awsize), \
  .P``_awburst_i (S``_awburst), \
  .P``_awcache_i (S``_awcache), \
  .P``_awprot_i (S``_awprot), \
  .P``_awready_o (S``_awready), \
  .P``_wvalid_i (S``_wvalid), \
  .P``_wdata_i (S``_wdata), \
  .P``_wstrb_i (S``_wstrb), \
  .P``_wlast_i (S``_wlast), \
  .P``_wready_o (S``_wready), \
  .P``_bvalid_o (S``_bvalid), \
  .P``_bresp_o (S``_bresp), \
  .P``_bready_i (S``_bready), \
  .P``_arvalid_i (S``_arvalid), \
  .P``_araddr_i (S``_araddr), \
  .P``_arlen_i (S``_arlen), \
  .P``_arsize_i (S``_arsize), \
  .P``_arburst_i (S``_arburst), \
  .P``_arcache_i (S``_arcache), \
  .P``_arprot_i (S``_arprot), \
  .P``_arready_o (S``_arready), \
  .P``_rvalid_o (S``_rvalid), \
  .P``_rdata_o (S``_rdata), \
  .P``_rresp_o (S``_rresp), \
  .P``_rlast_o (S``_rlast), \
  .P``_rready_i (S``_rready)

`define UVS_AXI4W_S_CONNECT_X(P, S, X) \
  .P``_awvalid_i (S``_awvalid X), \
  .P``_awaddr_i (S``_awaddr X), \
  .P``_awlen_i (S``_awlen X), \
  .P``_awsize_i (S``_awsize X), \
  .P``_awburst_i (S``_awburst X), \
  .P``_awcache_i (S``_awcache X), \
  .P``_awprot_i (S``_awprot X), \
  .P``_awready_o (S``_awready X), \
  .P``_wvalid_i (S``_wvalid X), \
  .P``_wdata_i (S``_wdata X), \
  .P``_wstrb_i (S``_wstrb X), \
  .P``_wlast_i (S``_wlast X), \
  .P``_wready_o (S``_wready X), \
  .P``_bvalid_o (S``_bvalid X), \
  .P``_bresp_o (S``_bresp X), \
  .P``_bready_i (S``_bready X), \
  .P``_arvalid_i (S``_arvalid X), \
  .P``_araddr_i (S``_araddr X), \
  .P``_arlen_i (S``_arlen X), \
  .P``_arsize_i (S``_arsize X), \
  .P``_arburst_i (S``_arburst X), \
  .P``_arcache_i (S``_arcache X), \
  .P``_arprot_i (S``_arprot X), \
  .P``_arready_o (S``_arready X), \
  .P``_rvalid_o (S``_rvalid X), \
  .P``_rdata_o (S``_rdata X), \
  .P``_rresp_o (S``_rresp X), \
  .P``_rlast_o (S``_rlast X), \
  .P``_rready_i (S``_rready X)

`define UVS_AXI4W_M_UP(P, Q) \
  .P``_awvalid_o (Q``_awvalid_o), \
  .P``_awaddr_o (Q``_awaddr_o), \
  .P``_awlen_o (Q``_awlen_o), \
  .P``_awsize_o (Q``_awsize_o), \
  .P``_awburst_o (Q``_awburst_o), \
  .P``_awcache_o (Q``_awcache_o), \
  .P``_awprot_o (Q``_awprot_o), \
  .P``_awready_i (Q``_awready_i), \
  .P``_wvalid_o (Q``_wvalid_o), \
  .P``_wdata_o (Q``_wdata_o), \
  .P``_wstrb_o (Q``_wstrb_o), \
  .P``_wlast_o (Q``_wlast_o), \
  .P``_wready_i (Q``_wready_i), \
  .P``_bvalid_i (Q``_bvalid_i), \
  .P``_bresp_i (Q``_bresp_i), \
  .P``_bready_o (Q``_bready_o), \
  .P``_arvalid_o (Q``_arvalid_o), \
  .P``_araddr_o (Q``_araddr_o), \
  .P``_arlen_o (Q``_arlen_o), \
  .P``_arsize_o (Q``_arsize_o), \
  .P``_arburst_o (Q``_arburst_o), \
  .P``_arcache_o (Q``_arcache_o), \
  .P``_arprot_o (Q``_arprot_o), \
  .P``_arready_i (Q``_arready_i), \
  .P``_rvalid_i (Q``_rvalid_i), \
  .P``_rdata_i (Q``_rdata_i), \
  .P``_rresp_i (Q``_rresp_i), \
  .P``_rlast_i (Q``_rlast_i), \
  .P``_rready_o (Q``_rready_o)

`define UVS_AXI4W_M_UP_X(P, S, X) \
  .P``_awvalid_o (S``_awvalid_o X), \
  .P``_awaddr_o (S``_awaddr_o X), \
  .P``_awlen_o (S``_awlen_o X), \
  .P``_awsize_o (S``_awsize_o X), \
  .P``_awburst_o (S``_awburst_o X), \
  .P``_awcache_o (S``_awcache_o X), \
  .P``_awprot_o (S``_awprot_o X), \
  .P``_awready_i (S``_awready_i X), \
  .P``_wvalid_o (S``_wvalid_o X), \
  .P``_wdata_o (S``_wdata_o X), \
  .P``_wstrb_o (S``_wstrb_o X), \
  .P``_wlast_o (S``_wlast_o X), \
  .P``_wready_i (S``_wready_i X), \
  .P``_bvalid_i (S``_bvalid_i X), \
  .P``_bresp_i (S``_bresp_i X), \
  .P``_bready_o (S``_bready_o X), \
  .P``_arvalid_o (S``_arvalid_o X), \
  .P``_araddr_o (S``_araddr_o X), \
  .P``_arlen_o (S``_arlen_o X), \
  .P``_arsize_o (S``_arsize_o X), \
  .P``_arburst_o (S``_arburst_o X), \
  .P``_arcache_o (S``_arcache_o X), \
  .P``_arprot_o (S``_arprot_o X), \
  .P``_arready_i (S``_arready_i X), \
  .P``_rvalid_i (S``_rvalid_i X), \
  .P``_rdata_i (S``_rdata_i X), \
  .P``_rresp_i (S``_rresp_i X), \
  .P``_rlast_i (S``_rlast_i X), \
  .P``_rready_o (S``_rready_o X)

`define UVS_AXI4_S_PORTS(P, D) \
  input  logic D P``_awvalid_i, \
  input  logic D [uvs_axi_pkg::IDW-1:0] P``_awid_i, \
  input  logic D [63:0] P``_awaddr_i, \
  input  logic D [7:0] P``_awlen_i, \
  input  logic D [2:0] P``_awsize_i, \
  input  logic D [1:0] P``_awburst_i, \
  input  logic D P``_awlock_i, \
  input  logic D [3:0] P``_awcache_i, \
  input  logic D [2:0] P``_awprot_i, \
  input  logic D [5:0] P``_awatop_i, \
  output logic D P``_awready_o, \
  input  logic D P``_wvalid_i, \
  input  logic D [63:0] P``_wdata_i, \
  input  logic D [7:0] P``_wstrb_i, \
  input  logic D P``_wlast_i, \
  output logic D P``_wready_o, \
  output logic D P``_bvalid_o, \
  output logic D [uvs_axi_pkg::IDW-1:0] P``_bid_o, \
  output logic D [1:0] P``_bresp_o, \
  input  logic D P``_bready_i, \
  input  logic D P``_arvalid_i, \
  input  logic D [uvs_axi_pkg::IDW-1:0] P``_arid_i, \
  input  logic D [63:0] P``_araddr_i, \
  input  logic D [7:0] P``_arlen_i, \
  input  logic D [2:0] P``_arsize_i, \
  input  logic D [1:0] P``_arburst_i, \
  input  logic D P``_arlock_i, \
  input  logic D [3:0] P``_arcache_i, \
  input  logic D [2:0] P``_arprot_i, \
  output logic D P``_arready_o, \
  output logic D P``_rvalid_o, \
  output logic D [uvs_axi_pkg::IDW-1:0] P``_rid_o, \
  output logic D [63:0] P``_rdata_o, \
  output logic D [1:0] P``_rresp_o, \
  output logic D P``_rlast_o, \
  input  logic D P``_rready_i

`define UVS_AXI4_WIRES(P, D) \
  logic D P``_awvalid; \
  logic D [uvs_axi_pkg::IDW-1:0] P``_awid; \
  logic D [63:0] P``_awaddr; \
  logic D [7:0] P``_awlen; \
  logic D [2:0] P``_awsize; \
  logic D [1:0] P``_awburst; \
  logic D P``_awlock; \
  logic D [3:0] P``_awcache; \
  logic D [2:0] P``_awprot; \
  logic D [5:0] P``_awatop; \
  logic D P``_awready; \
  logic D P``_wvalid; \
  logic D [63:0] P``_wdata; \
  logic D [7:0] P``_wstrb; \
  logic D P``_wlast; \
  logic D P``_wready; \
  logic D P``_bvalid; \
  logic D [uvs_axi_pkg::IDW-1:0] P``_bid; \
  logic D [1:0] P``_bresp; \
  logic D P``_bready; \
  logic D P``_arvalid; \
  logic D [uvs_axi_pkg::IDW-1:0] P``_arid; \
  logic D [63:0] P``_araddr; \
  logic D [7:0] P``_arlen; \
  logic D [2:0] P``_arsize; \
  logic D [1:0] P``_arburst; \
  logic D P``_arlock; \
  logic D [3:0] P``_arcache; \
  logic D [2:0] P``_arprot; \
  logic D P``_arready; \
  logic D P``_rvalid; \
  logic D [uvs_axi_pkg::IDW-1:0] P``_rid; \
  logic D [63:0] P``_rdata; \
  logic D [1:0] P``_rresp; \
  logic D P``_rlast; \
  logic D P``_rready;

`define UVS_AXI4_M_CONNECT(P, S) \
  .P``_awvalid_o (S``_awvalid), \
  .P``_awid_o (S``_awid), \
  .P``_awaddr_o (S``_awaddr), \
  .P``_awlen_o (S``_awlen), \
  .P``_awsize_o (S``_awsize), \
  .P``_awburst_o (S``_awburst), \
  .P``_awlock_o (S``_awlock), \
  .P``_awcache_o (S``_awcache), \
  .P``_awprot_o (S``_awprot), \
  .P``_awatop_o (S``_awatop), \
  .P``_awready_i (S``_awready), \
  .P``_wvalid_o (S``_wvalid), \
  .P``_wdata_o (S``_wdata), \
  .P``_wstrb_o (S``_wstrb), \
  .P``_wlast_o (S``_wlast), \
  .P``_wready_i (S``_wready), \
  .P``_bvalid_i (S``_bvalid), \
  .P``_bid_i (S``_bid), \
  .P``_bresp_i (S``_bresp), \
  .P``_bready_o (S``_bready), \
  .P``_arvalid_o (S``_arvalid), \
  .P``_arid_o (S``_arid), \
  .P``_araddr_o (S``_araddr), \
  .P``_arlen_o (S``_arlen), \
  .P``_arsize_o (S``_arsize), \
  .P``_arburst_o (S``_arburst), \
  .P``_arlock_o (S``_arlock), \
  .P``_arcache_o (S``_arcache), \
  .P``_arprot_o (S``_arprot), \
  .P``_arready_i (S``_arready), \
  .P``_rvalid_i (S``_rvalid), \
  .P``_rid_i (S``_rid), \
  .P``_rdata_i (S``_rdata), \
  .P``_rresp_i (S``_rresp), \
  .P``_rlast_i (S``_rlast), \
  .P``_rready_o (S``_rready)

`define UVS_AXI4_M_CONNECT_X(P, S, X) \
  .P``_awvalid_o (S``_awvalid X), \
  .P``_awid_o (S``_awid X), \
  .P``_awaddr_o (S``_awaddr X), \
  .P``_awlen_o (S``_awlen X), \
  .P``_awsize_o (S``_awsize X), \
  .P``_awburst_o (S``_awburst X), \
  .P``_awlock_o (S``_awlock X), \
  .P``_awcache_o (S``_awcache X), \
  .P``_awprot_o (S``_awprot X), \
  .P``_awatop_o (S``_awatop X), \
  .P``_awready_i (S``_awready X), \
  .P``_wvalid_o (S``_wvalid X), \
  .P``_wdata_o (S``_wdata X), \
  .P``_wstrb_o (S``_wstrb X), \
  .P``_wlast_o (S``_wlast X), \
  .P``_wready_i (S``_wready X), \
  .P``_bvalid_i (S``_bvalid X), \
  .P``_bid_i (S``_bid X), \
  .P``_bresp_i (S``_bresp X), \
  .P``_bready_o (S``_bready X), \
  .P``_arvalid_o (S``_arvalid X), \
  .P``_arid_o (S``_arid X), \
  .P``_araddr_o (S``_araddr X), \
  .P``_arlen_o (S``_arlen X), \
  .P``_arsize_o (S``_arsize X), \
  .P``_arburst_o (S``_arburst X), \
  .P``_arlock_o (S``_arlock X), \
  .P``_arcache_o (S``_arcache X), \
  .P``_arprot_o (S``_arprot X), \
  .P``_arready_i (S``_arready X), \
  .P``_rvalid_i (S``_rvalid X), \
  .P``_rid_i (S``_rid X), \
  .P``_rdata_i (S``_rdata X), \
  .P``_rresp_i (S``_rresp X), \
  .P``_rlast_i (S``_rlast X), \
  .P``_rready_o (S``_rready X)

`define UVS_AXI4_S_CONNECT(P, S, X) \
  .P``_awvalid_i (S``_awvalid X), \
  .P``_awid_i (S``_awid X), \
  .P``_awaddr_i (S``_awaddr X), \
  .P``_awlen_i (S``_awlen X), \
  .P``_awsize_i (S``_awsize X), \
  .P``_awburst_i (S``_awburst X), \
  .P``_awlock_i (S``_awlock X), \
  .P``_awcache_i (S``_awcache X), \
  .P``_awprot_i (S``_awprot X), \
  .P``_awatop_i (S``_awatop X), \
  .P``_awready_o (S``_awready X), \
  .P``_wvalid_i (S``_wvalid X), \
  .P``_wdata_i (S``_wdata X), \
  .P``_wstrb_i (S``_wstrb X), \
  .P``_wlast_i (S``_wlast X), \
  .P``_wready_o (S``_wready X), \
  .P``_bvalid_o (S``_bvalid X), \
  .P``_bid_o (S``_bid X), \
  .P``_bresp_o (S``_bresp X), \
  .P``_bready_i (S``_bready X), \
  .P``_arvalid_i (S``_arvalid X), \
  .P``_arid_i (S``_arid X), \
  .P``_araddr_i (S``_araddr X), \
  .P``_arlen_i (S``_arlen X), \
  .P``_arsize_i (S``_arsize X), \
  .P``_arburst_i (S``_arburst X), \
  .P``_arlock_i (S``_arlock X), \
  .P``_arcache_i (S``_arcache X), \
  .P``_arprot_i (S``_arprot X), \
  .P``_arready_o (S``_arready X), \
  .P``_rvalid_o (S``_rvalid X), \
  .P``_rid_o (S``_rid X), \
  .P``_rdata_o (S``_rdata X), \
  .P``_rresp_o (S``_rresp X), \
  .P``_rlast_o (S``_rlast X), \
  .P``_rready_i (S``_rready X)

`define UVS_AXIL_S_PORTS(P) \
  input  logic P``_awvalid_i, \
  input  logic [15:0] P``_awaddr_i, \
  input  logic [2:0] P``_awprot_i, \
  output logic P``_awready_o, \
  input  logic P``_wvalid_i, \
  input  logic [63:0] P``_wdata_i, \
  input  logic [7:0] P``_wstrb_i, \
  output logic P``_wready_o, \
  output logic P``_bvalid_o, \
  output logic [1:0] P``_bresp_o, \
  input  logic P``_bready_i, \
  input  logic P``_arvalid_i, \
  input  logic [15:0] P``_araddr_i, \
  input  logic [2:0] P``_arprot_i, \
  output logic P``_arready_o, \
  output logic P``_rvalid_o, \
  output logic [63:0] P``_rdata_o, \
  output logic [1:0] P``_rresp_o, \
  input  logic P``_rready_i

`define UVS_AXIL_M_PORTS(P) \
  output logic P``_awvalid_o, \
  output logic [15:0] P``_awaddr_o, \
  output logic [2:0] P``_awprot_o, \
  input  logic P``_awready_i, \
  output logic P``_wvalid_o, \
  output logic [63:0] P``_wdata_o, \
  output logic [7:0] P``_wstrb_o, \
  input  logic P``_wready_i, \
  input  logic P``_bvalid_i, \
  input  logic [1:0] P``_bresp_i, \
  output logic P``_bready_o, \
  output logic P``_arvalid_o, \
  output logic [15:0] P``_araddr_o, \
  output logic [2:0] P``_arprot_o, \
  input  logic P``_arready_i, \
  input  logic P``_rvalid_i, \
  input  logic [63:0] P``_rdata_i, \
  input  logic [1:0] P``_rresp_i, \
  output logic P``_rready_o

`define UVS_AXIL_WIRES(P) \
  logic P``_awvalid; \
  logic [15:0] P``_awaddr; \
  logic [2:0] P``_awprot; \
  logic P``_awready; \
  logic P``_wvalid; \
  logic [63:0] P``_wdata; \
  logic [7:0] P``_wstrb; \
  logic P``_wready; \
  logic P``_bvalid; \
  logic [1:0] P``_bresp; \
  logic P``_bready; \
  logic P``_arvalid; \
  logic [15:0] P``_araddr; \
  logic [2:0] P``_arprot; \
  logic P``_arready; \
  logic P``_rvalid; \
  logic [63:0] P``_rdata; \
  logic [1:0] P``_rresp; \
  logic P``_rready;

`define UVS_AXIL_CONNECT(P, S) \
  .P``_awvalid_i (S``_awvalid), \
  .P``_awaddr_i (S``_awaddr), \
  .P``_awprot_i (S``_awprot), \
  .P``_awready_o (S``_awready), \
  .P``_wvalid_i (S``_wvalid), \
  .P``_wdata_i (S``_wdata), \
  .P``_wstrb_i (S``_wstrb), \
  .P``_wready_o (S``_wready), \
  .P``_bvalid_o (S``_bvalid), \
  .P``_bresp_o (S``_bresp), \
  .P``_bready_i (S``_bready), \
  .P``_arvalid_i (S``_arvalid), \
  .P``_araddr_i (S``_araddr), \
  .P``_arprot_i (S``_arprot), \
  .P``_arready_o (S``_arready), \
  .P``_rvalid_o (S``_rvalid), \
  .P``_rdata_o (S``_rdata), \
  .P``_rresp_o (S``_rresp), \
  .P``_rready_i (S``_rready)

`define UVS_AXIL_M_CONNECT(P, S) \
  .P``_awvalid_o (S``_awvalid), \
  .P``_awaddr_o (S``_awaddr), \
  .P``_awprot_o (S``_awprot), \
  .P``_awready_i (S``_awready), \
  .P``_wvalid_o (S``_wvalid), \
  .P``_wdata_o (S``_wdata), \
  .P``_wstrb_o (S``_wstrb), \
  .P``_wready_i (S``_wready), \
  .P``_bvalid_i (S``_bvalid), \
  .P``_bresp_i (S``_bresp), \
  .P``_bready_o (S``_bready), \
  .P``_arvalid_o (S``_arvalid), \
  .P``_araddr_o (S``_araddr), \
  .P``_arprot_o (S``_arprot), \
  .P``_arready_i (S``_arready), \
  .P``_rvalid_i (S``_rvalid), \
  .P``_rdata_i (S``_rdata), \
  .P``_rresp_i (S``_rresp), \
  .P``_rready_o (S``_rready)

`define UVS_AXIL_S_PASS(P) \
  .P``_awvalid_i, \
  .P``_awaddr_i, \
  .P``_awprot_i, \
  .P``_awready_o, \
  .P``_wvalid_i, \
  .P``_wdata_i, \
  .P``_wstrb_i, \
  .P``_wready_o, \
  .P``_bvalid_o, \
  .P``_bresp_o, \
  .P``_bready_i, \
  .P``_arvalid_i, \
  .P``_araddr_i, \
  .P``_arprot_i, \
  .P``_arready_o, \
  .P``_rvalid_o, \
  .P``_rdata_o, \
  .P``_rresp_o, \
  .P``_rready_i

`define UVS_AXI4_PASS_ATTRS(M, S, X) \
  assign M``_awid_o X = S``_awid_i X; \
  assign M``_awlen_o X = S``_awlen_i X; \
  assign M``_awsize_o X = S``_awsize_i X; \
  assign M``_awburst_o X = S``_awburst_i X; \
  assign M``_awlock_o X = S``_awlock_i X; \
  assign M``_awcache_o X = S``_awcache_i X; \
  assign M``_awprot_o X = S``_awprot_i X; \
  assign M``_awatop_o X = S``_awatop_i X; \
  assign M``_wdata_o X = S``_wdata_i X; \
  assign M``_wstrb_o X = S``_wstrb_i X; \
  assign M``_wlast_o X = S``_wlast_i X; \
  assign M``_bready_o X = S``_bready_i X; \
  assign M``_arid_o X = S``_arid_i X; \
  assign M``_arlen_o X = S``_arlen_i X; \
  assign M``_arsize_o X = S``_arsize_i X; \
  assign M``_arburst_o X = S``_arburst_i X; \
  assign M``_arlock_o X = S``_arlock_i X; \
  assign M``_arcache_o X = S``_arcache_i X; \
  assign M``_arprot_o X = S``_arprot_i X; \
  assign M``_rready_o X = S``_rready_i X;

`endif

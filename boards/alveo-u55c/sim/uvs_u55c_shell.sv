// uvs_u55c_shell (co-simulation model): behavioral model of the Alveo U55C
// vendor shell (ip/uvs_u55c_shell.sv has the port list; Vivado builds
// the real one from vivado/shell_bd.tcl), driven by the simulator harness:
//   - clocking and reset: core_clk is the harness clock (sysclk2_clk_p),
//     core_rstn the harness reset (pcie_perstn); no MMCM lock delay;
//   - SmartConnect + HBM controller: every core_m<p>_axi and core_iommu_axi
//     interface ends in the simulator's AXI4 memory model
//     (rtl/sim/uvs_axi_mem_model.sv) as C memory port p (the IOMMU's as
//     memmap.def MEM_PORT_IOMMU): BOOTROM, SRAM, and the HBM with the
//     memory system's HBM timing (sim/memsys.c), plus the host window with
//     the link model's timing (the XDMA AXI bridge's path to host memory).
//     AWUSER carries AWATOP as on the board;
//   - XDMA: its BAR0 master (M_AXI_LITE, bar0_axil) is the simulator's host
//     link model rtl/sim/uvs_axil_host_model.sv, as in the simulation top,
//     which also drives the counter and management-halt outputs (perf_*,
//     mgmt_*); a user interrupt request is acknowledged on the
//     next clock edge and handed to the host link model as that MSI vector
//     (uvs_dpi_msi), as the XDMA sends one MSI per request (PG195).
`include "uvs_axi_ports.svh"
`include "uvs_shell_axi.svh"

module uvs_u55c_shell (
  input  logic        sysclk2_clk_p,
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic        sysclk2_clk_n,
  input  logic        pcie_refclk_clk_p,
  input  logic        pcie_refclk_clk_n,
  input  logic [15:0] pci_exp_rxp,
  input  logic [15:0] pci_exp_rxn,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic        pcie_perstn,
  output logic [15:0] pci_exp_txp,
  output logic [15:0] pci_exp_txn,
  output logic        hbm_cattrip,
  output logic        core_clk,
  output logic        core_rstn,
  output logic        user_lnk_up,
  input  logic        iommu_aclk,
  input  logic        iommu_aresetn,
  input  logic        mem_aresetn,
  input  logic        dma_aclk,
  input  logic        dma_aresetn,
  `UVS_SHELL_AXI4_S_PORTS(core_m00_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m01_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m02_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m03_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m04_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m05_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m06_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m07_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m08_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m09_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_iommu_axi),
  `UVS_SHELL_AXI4W_S_PORTS(core_dma_h_axi, 64),
  `UVS_SHELL_AXI4W_S_PORTS(core_dma_d_axi, 64),
  `UVS_SHELL_TILE_PORTS(64),
  `UVS_SHELL_AXIL_M_PORTS(bar0_axil),
  `UVS_SHELL_HOST_PORTS,
  input  logic [7:0]  usr_irq_req,
  output logic [7:0]  usr_irq_ack
);
  import uvs_memmap_pkg::UVS_MEM_PORT_IOMMU;

  assign core_clk    = sysclk2_clk_p;
  assign core_rstn   = pcie_perstn;
  assign user_lnk_up = pcie_perstn;
  assign hbm_cattrip = 1'b0;
  assign pci_exp_txp = '0;
  assign pci_exp_txn = '0;

  `UVS_SHELL_AXI4_S_MODEL(core_m00_axi, 0, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m01_axi, 1, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m02_axi, 2, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m03_axi, 3, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m04_axi, 4, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m05_axi, 5, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m06_axi, 6, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m07_axi, 7, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m08_axi, 8, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m09_axi, 9, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_iommu_axi, int'(UVS_MEM_PORT_IOMMU), iommu_aclk, iommu_aresetn);
  `UVS_SHELL_AXI4W_S_MODEL(core_dma_h_axi, 64, 1, dma_aclk, dma_aresetn);
  `UVS_SHELL_AXI4W_S_MODEL(core_dma_d_axi, 64, 0, dma_aclk, dma_aresetn);
  `UVS_SHELL_TILE_MODELS(64, core_clk, mem_aresetn);

  // BAR0: the simulator's host link model as the AXI4-Lite master (the
  // simulation top's rtl/sim/uvs_axil_host_model.sv), with the counters and
  // management-halt side channel it yields. It polls always: without a host
  // attached the link model offers no access and reports no halt
  // (uvs_dpi_host_poll, sim/dpi.c), as when the simulation top disables it.
  uvs_axil_host_model u_bar0 (
    .clk_i (core_clk), .rst_ni (core_rstn), .enable_i (1'b1),
    `UVS_AXIL_M_CONNECT(m_axil, bar0_axil),
    .mgmt_halt_o (mgmt_halt), .mgmt_exit_o (mgmt_exit),
    .perf_link_h2d_o (perf_link_h2d), .perf_link_d2h_o (perf_link_d2h), .perf_hbm_o (perf_hbm)
  );

  // User interrupts: one MSI per request, acknowledged the next edge.
  import "DPI-C" function void uvs_dpi_msi(input int vectors);
  logic [7:0] fresh;
  assign fresh = usr_irq_req & ~usr_irq_ack;
  always_ff @(posedge core_clk) begin
    if (!core_rstn) usr_irq_ack <= '0;
    else begin
      usr_irq_ack <= fresh;
      if (fresh != '0) uvs_dpi_msi({24'd0, fresh});
    end
  end
endmodule

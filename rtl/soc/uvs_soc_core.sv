// uvs_soc_core: the synthesizable uvmsoc SoC (docs/architecture.md, "The
// SoC", "SoC boundary (AXI)"; the simulation top uvs_soc in rtl/sim/ drives
// its interfaces with models): NUM_HARTS harts
// (hart 0 = management hart, harts 1.. = compute harts), each with its
// instruction and data ports (architecture.md, "On-chip bus") wired to
//   - its own pair of AXI4 memory masters (uvs_axi_mport; mem_axi_* port
//     2 * hart + 0 fetch / 1 data, toward BOOTROM + SRAM + HBM), so harts
//     never serialize on memory; fetches outside memory get SLVERR;
//   - for data: the shared MMIO bus (CLINT, UART0, and with host_blocks_i the
//     host interface uvs_hostif and the DMA engine uvs_dma) through a
//     round-robin arbiter, or an error responder for unmapped/reserved regions.
// The host link's BAR0 port (uvs_host_port: the AXI4-Lite slave s_axil_*)
// is the arbiter's last requester: BAR0 + HOSTIF_DMA_OFF .. +0xff goes to
// DMA channel 0, the rest of BAR0 to uvs_hostif. MSIs leave as an interrupt
// vector output (msi_o), the boot entries through the boot-ROM write port
// (boot_*_o). Whether a host link is attached (host_blocks) and the values
// BAR0 reports are straps (cfg_*_i, sampled during reset); the memory-system
// counters come in as perf_*_i.
// IOMMU (uvs_iommu, rtl/iommu/README.md): registers at UVS_IOMMU_BASE on the
// MMIO bus; its memory master (device directory, page tables, queues) is
// its own AXI4 master iommu_axi_* on its gated clock iommu_aclk_o (the
// simulation top serves it as memory port UVS_MEM_PORT_IOMMU: own LR/SC
// reservation, HBM latency). A compute hart's (hart >= 1) data access to the unified virtual
// range (memmap.def UVA) goes to IOMMU requester port hart - 1 with
// the hart's device_id (uvs_hartctl HARTCTL_DID, set by the management hart
// per launch; reset UVS_UVA_DID), user privilege and exec = 0 (kernels run in U mode
// and only load/store/AMO there); the translated request continues on the
// hart's own data memory port (uvs_mem_mux). Everything else bypasses the
// IOMMU. With no compute harts, the IOMMU has one requester port, tied off.
// Interrupts: CLINT msip/mtimecmp per hart; the device interrupts (UART,
// host interface, DMA firmware channel, IOMMU, thread-control blocks; ids in
// plic.def PLIC_SRC_*) are sources of the PLIC (uvs_plic at UVS_PLIC_BASE),
// whose context PLIC_CTX_M drives hart 0's irq_external_i (MEIP) and
// context PLIC_CTX_S its irq_s_external_i (SEIP: the firmware as OpenSBI's
// S-mode payload). With a host
// link the harts are held in reset while HOSTIF_MGMT_CTRL.HOLD is set
// or after the management hart halted (tohost seen by mgmt_halt_i, or FW_EXIT); DEV_RESET resets harts,
// CLINT, PLIC, UART and DMA. Without a host link, the host port, host interface
// and DMA engine are clock-gated after reset; with one, the DMA engine's clock
// runs only while it is in use. Retired instructions are counted
// (retired_o) and leave on the rvfi_* side channel (the retire log of the
// simulation top); UART0's transmitted bytes leave as a byte stream.
// Multithreaded compute harts (MT_THREADS > 0, configuration c4mt): every
// compute hart is a uvs_mt_hart (uvs_mt_core with MT_THREADS threads,
// tagged AXI memory masters (AxID = thread), its thread-control block at mt.def MT_CTL_BASE +
// hart * MT_CTL_STRIDE on the MMIO bus, its event interrupt or-ed into PLIC
// source PLIC_SRC_MTCTL); their unified-range accesses use their IOMMU
// requester port tagged with the thread (uvs_iommu IDS = MT_THREADS: up to
// MT_THREADS accesses per hart in flight, each parked access in its own
// park entry); retirements are counted, not traced.
`include "uvs_axi_ports.svh"

module uvs_soc_core #(
  parameter int NUM_HARTS = 1,   // 1 management + N compute harts, 1..32
  parameter int MTIME_DIV = 100, // clock cycles per mtime tick, >= 1
  parameter int MT_THREADS = 0,  // 0: compute harts are uvs_core; else threads per uvs_mt_core
  parameter int PIPE = 0,        // core of the single-thread harts: 1 uvs_pipe_core, 0 uvs_core
  parameter int DMA_BEAT_BYTES = 64, // data width of the DMA engine's masters: 8, 16, 32, 64 or 128 bytes
  parameter int SPAD_BYTES = 262144, // populated scratchpad bytes per compute hart (tile.def), 4 KiB..1 MiB
  parameter int TILE_BEAT_BYTES = 64, // data width of the tile engines' masters: 8, 16, 32 or 64 bytes
  parameter IOMMU_RAM_STYLE = "auto", // ram_style of the IOTLB's RAMs: "auto" (LUT-RAM on AMD), "block" (PolarFire uSRAM)
  parameter int HPM_WIDTH = 64,  // bits of the single-thread harts' mhpmcounter3..10 (uvs_csr), 1..64
  parameter int HPM_COUNT = 8,   // their counters implemented, mhpmcounter3.. (uvs_csr), 1..8
  parameter HART_RAM_STYLE = "auto", // ram_style of the pipelined harts' fetch queues: "auto", "block" (PolarFire uSRAM)
  // tile engines' masters: one per compute hart (element h - 1), one tied off without compute harts
  localparam int NTILE = (NUM_HARTS > 1) ? NUM_HARTS - 1 : 1
) (
  input  logic        clk_i,
  input  logic        rst_ni,           // synchronous, active low
  output logic [63:0] cycle_o,          // clock cycles since reset
  output logic [63:0] retired_o,        // instructions retired since reset, all harts
  // memory: AXI4 masters (uvs_axi_pkg), port 2 * hart + (0 fetch, 1 data),
  // on clk_i, reset by mem_aresetn_o (the harts' reset)
  output logic                                  mem_aresetn_o,
  `UVS_AXI4_M_PORTS(mem_axi, [2*NUM_HARTS-1:0]),
  // the IOMMU's memory master (device directory, page tables, queues): an
  // AXI4 master on the IOMMU's gated clock iommu_aclk_o, reset iommu_aresetn_o
  output logic                                  iommu_aclk_o,
  output logic                                  iommu_aresetn_o,
  `UVS_AXI4_M_PORTS(iommu_axi, ),
  // the DMA engine's data masters (uvs_dma_xfer; DMA_BEAT_BYTES of data, one
  // ID, answers in order): dma_h_axi toward host memory (the PCIe bridge's
  // AXI slave, or a SoC's host port), dma_d_axi toward SRAM and HBM; on the
  // DMA engine's gated clock dma_aclk_o (running while it is in use or
  // bursts are outstanding), reset dma_aresetn_o
  output logic                                  dma_aclk_o,
  output logic                                  dma_aresetn_o,
  `UVS_AXI4W_M_PORTS(dma_h_axi, DMA_BEAT_BYTES),
  `UVS_AXI4W_M_PORTS(dma_d_axi, DMA_BEAT_BYTES),
  // the tile engines' data masters (uvs_tile_mover: TILE_BEAT_BYTES of data,
  // one ID, single-beat transactions but the 64-byte control bursts on
  // tile_s_axi, answered in order), element h - 1 for compute
  // hart h: tile_m_axi toward memory (SRAM, HBM, the host window: a beat's
  // physical address), tile_s_axi toward the hart's scratchpad (memmap.def
  // SPAD); on clk_i, reset by mem_aresetn_o
  `UVS_AXI4WD_M_PORTS(tile_m_axi, TILE_BEAT_BYTES, [NTILE-1:0]),
  `UVS_AXI4WD_M_PORTS(tile_s_axi, TILE_BEAT_BYTES, [NTILE-1:0]),
  // BAR0 (hostif.def; BAR0 + HOSTIF_DMA_OFF: the host DMA channel): an
  // AXI4-Lite slave on clk_i / rst_ni toward the PCIe bridge's BAR master,
  // byte offset in BAR0 on AxADDR, 64-bit data, one access at a time
  // (uvs_host_port)
  `UVS_AXIL_S_PORTS(s_axil),
  // static configuration (straps), sampled while rst_ni = 0: a host link is
  // attached (else BAR0, the host interface and the DMA engine are idle and
  // clock-gated), the reset value of HOSTIF_BOOT_ENTRY, and the values BAR0
  // reports (hostif.def: SRAM_SIZE, HBM_SIZE in bytes, CAP, CLOCK_KHZ,
  // LINK_LATENCY in cycles, LINK_BW, LINK_MPS in bytes, HBM_LATENCY in
  // cycles, HBM_BW)
  input  logic                                  cfg_host_link_i,
  input  logic [63:0]                           cfg_boot_entry_i,
  input  logic [63:0]                           cfg_sram_size_i,
  input  logic [63:0]                           cfg_hbm_size_i,
  input  logic [63:0]                           cfg_caps_i,
  input  logic [31:0]                           cfg_clock_khz_i,
  input  logic [31:0]                           cfg_link_latency_i,
  input  logic [31:0]                           cfg_link_bw_i,
  input  logic [31:0]                           cfg_link_mps_i,
  input  logic [31:0]                           cfg_hbm_latency_i,
  input  logic [31:0]                           cfg_hbm_bw_i,
  // memory-system byte counters of the platform (the PCIe bridge's and the
  // HBM controller's), read through BAR0 HOSTIF_PERF_LINK_H2D/D2H/HBM
  input  logic [63:0]                           perf_link_h2d_i,
  input  logic [63:0]                           perf_link_d2h_i,
  input  logic [63:0]                           perf_hbm_i,
  // the management hart halted outside the core's view (a tohost monitor on
  // the memory side; tie to 0 on a board), one-cycle pulse, and its status
  input  logic                                  mgmt_halt_i,
  input  logic [31:0]                           mgmt_exit_i,
  // boot-ROM write port: in the cycle the host releases the harts
  // (HOSTIF_MGMT_CTRL.HOLD 1 -> 0), the entries the boot ROM jumps to
  // (HOSTIF_BOOT_ENTRY, _DTB, _MENTRY; docs/architecture.md "Boot flow")
  output logic                                  boot_valid_o,
  output logic [63:0]                           boot_entry_o,
  output logic [63:0]                           boot_dtb_o,
  output logic [63:0]                           boot_mentry_o,
  // UART0 transmit byte stream: one byte per cycle with tx_valid_o (THR write)
  output logic                                  uart_tx_valid_o,
  output logic [7:0]                            uart_tx_data_o,
  // MSI vectors raised this cycle by the host interface (bit v: vector v;
  // hostif.def MSI_VECTORS), toward the PCIe bridge's MSI/MSI-X request port
  output logic [31:0]                           msi_o,
  // simulation side channels (left open by a board top): instructions
  // retired (not trapped) per hart this cycle (single-thread harts), and
  // the translated accesses of the compute harts
  output logic [NUM_HARTS-1:0]                  rvfi_valid_o,
  output logic [NUM_HARTS-1:0][63:0]            rvfi_pc_o,
  output logic [NUM_HARTS-1:0][31:0]            rvfi_insn_o,
  output logic [NUM_HARTS-1:0][4:0]             rvfi_rd_o,
  output logic [NUM_HARTS-1:0][63:0]            rvfi_wdata_o,
  output logic [NUM_HARTS-1:0]                  xlat_valid_o,
  output logic [NUM_HARTS-1:0][7:0]             xlat_id_o,
  output logic [NUM_HARTS-1:0][63:0]            xlat_va_o,
  output logic [NUM_HARTS-1:0][63:0]            xlat_pa_o,
  output logic [NUM_HARTS-1:0][1:0]             xlat_flags_o,
  // ... and the beats issued by the tile engines (uvs_tile trc_*): VA, PA,
  // flags bit 2 COPY_OUT, bits 1:0 0 device address / 1 translated / 2
  // translated after a page request
  output logic [NUM_HARTS-1:0]                  tile_trc_valid_o,
  output logic [NUM_HARTS-1:0][63:0]            tile_trc_va_o,
  output logic [NUM_HARTS-1:0][63:0]            tile_trc_pa_o,
  output logic [NUM_HARTS-1:0][2:0]             tile_trc_flags_o
);
  import uvs_memmap_pkg::*;
  import uvs_soc_pkg::*;
  import uvs_hostif_pkg::*;
  import uvs_dma_pkg::UVS_DMA_CHANNELS;
  import uvs_dma_pkg::UVS_DMA_CHAN_HOST;
  import uvs_dma_pkg::UVS_DMA_CHAN_FW;
  import uvs_plic_pkg::*;

  localparam int DMA_NCH  = int'(UVS_DMA_CHANNELS);
  localparam int DMA_HOST = int'(UVS_DMA_CHAN_HOST);
  localparam int DMA_FW   = int'(UVS_DMA_CHAN_FW);
  // IOMMU requester ports: one per compute hart (port h - 1) and one per
  // tile engine (port NCH + h - 1); at least one, tied off.
  localparam int NCH      = NUM_HARTS - 1;
  localparam int NPORT    = (NUM_HARTS > 1) ? 2 * NCH : 1;
  // IOMMU request ids per port: the hardware threads of a multithreaded
  // hart, and at least an engine's translation slots (tile.def TILE_XLAT_IDS).
  localparam int XIDS     = int'(uvs_tile_pkg::UVS_TILE_XLAT_IDS);
  localparam int IIDS     = (NUM_HARTS == 1) ? 1 : (MT_THREADS > XIDS) ? MT_THREADS : XIDS;
  localparam int IIW      = (IIDS > 1) ? $clog2(IIDS) : 1;
  // ports whose requests all carry id 0: the single-thread harts' (untagged)
  localparam logic [NPORT-1:0] IONE_ID = (NUM_HARTS > 1 && MT_THREADS == 0) ? ~({NPORT{1'b1}} << NCH) : '0;
  // the IOMMU's park entries (uvs_iommu NPARK: the same formula of its parameters)
  localparam int INPARK   = NPORT * IIDS - $countones(IONE_ID) * (IIDS - 1);
  // the tile engines' ports (NCH..NPORT-1) carry translation requests only
  localparam logic [NPORT-1:0] INO_DATA = (NUM_HARTS > 1) ? ({NPORT{1'b1}} << NCH) : '0;

  // ---- hart ports ----
  logic [NUM_HARTS-1:0]       i_req, i_gnt, i_rvalid, i_err;
  logic [NUM_HARTS-1:0][63:0] i_addr, i_rdata;
  logic [NUM_HARTS-1:0]       d_req, d_gnt, d_we, d_rvalid, d_err;
  logic [NUM_HARTS-1:0][63:0] d_addr, d_wdata, d_rdata;
  logic [NUM_HARTS-1:0][7:0]  d_be;
  logic [NUM_HARTS-1:0][3:0]  d_amo;
  // data port -> memory
  logic [NUM_HARTS-1:0]       dm_req, dm_gnt, dm_rvalid, dm_err;
  logic [NUM_HARTS-1:0][63:0] dm_rdata;
  // data port -> IOMMU requester port (compute harts)
  logic [NUM_HARTS-1:0]       u_req, u_gnt, u_rvalid, u_err;
  logic [NUM_HARTS-1:0][63:0] u_rdata;
  // IOMMU requester and downstream ports (port p = hart p + 1)
  logic        rq_req [NPORT], rq_gnt [NPORT], rq_we [NPORT], rq_rvalid [NPORT], rq_err [NPORT];
  logic        rq_priv [NPORT], rq_exec [NPORT];
  // Per hart: the SoC events of its performance counters (hpm.def
  // HPM_EV_EXT0..3, set below from the IOMMU's requester port and trace).
  // Multithreaded harts (MT_THREADS > 0, harts 1..) have no hpm port.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [NUM_HARTS-1:0][int'(uvs_hpm_pkg::UVS_HPM_EXT_COUNT)-1:0] hpm_ext;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [63:0] rq_addr [NPORT], rq_wdata [NPORT], rq_rdata [NPORT];
  logic [7:0]  rq_be [NPORT];
  logic [3:0]  rq_amo [NPORT];
  logic [23:0] rq_did [NPORT];
  // per hart: device_id of its unified-range accesses and tile translations
  // (uvs_hartctl, memmap.def HARTCTL_DID), and its write pulse
  logic [NUM_HARTS-1:0][23:0] hart_did;
  logic [NUM_HARTS-1:0]       hart_did_chg;
  logic [IIW-1:0] rq_id [NPORT], rq_rid [NPORT], dn_id [NPORT];
  logic [63:0] dn_va [NPORT];   // IOVA of the downstream request (access trace)
  logic        dn_rpl [NPORT];  // it waited for a page request (access trace)
  logic        dn_req [NPORT], dn_gnt [NPORT], dn_we [NPORT], dn_rvalid [NPORT], dn_err [NPORT];
  logic [63:0] dn_addr [NPORT], dn_wdata [NPORT], dn_rdata [NPORT];
  logic [7:0]  dn_be [NPORT];
  logic [3:0]  dn_amo [NPORT];
  logic        irq_iommu;
  // a hart's MMIO request (hm_*), split into the MMIO arbiter (mm_*) and
  // its own tile engine's registers (tr_*: memmap.def TILE)
  logic [NUM_HARTS-1:0]       hm_req, hm_gnt, hm_rvalid, hm_err, t_sel;
  logic [NUM_HARTS-1:0]       tr_gnt, tr_rvalid, tr_err;
  logic [NUM_HARTS-1:0][63:0] hm_rdata, tr_rdata;
  // data port -> MMIO arbiter
  logic [NUM_HARTS-1:0]       mm_req, mm_gnt, mm_rvalid;
  logic [63:0]                mm_rdata;
  logic                       mm_err;
  // resets: harts (HOLD, halt, DEV_RESET) and devices (DEV_RESET)
  logic                       hold, dev_reset, core_rst_n, dev_rst_n, irq_host, host_blocks;
  logic                       hostif_dev_reset;
  assign dev_reset = host_blocks && hostif_dev_reset;
  // Registered so that no top-level input feeds combinational logic (which
  // would make the simulator re-evaluate it on every clock edge); the harts
  // and devices leave reset one cycle after rst_ni.
  always_ff @(posedge clk_i) begin
    core_rst_n <= rst_ni && !(host_blocks && hold) && !dev_reset;
    dev_rst_n  <= rst_ni && !dev_reset;
  end
  // retire ports
  logic [NUM_HARTS-1:0]       rv_valid, rv_trap;
  logic [NUM_HARTS-1:0][63:0] rv_pc, rv_wdata;
  logic [NUM_HARTS-1:0][31:0] rv_insn;
  logic [NUM_HARTS-1:0][4:0]  rv_rd;
  // interrupts and time
  logic [NUM_HARTS-1:0]       irq_sw, irq_tmr;
  logic                       irq_uart;
  logic [63:0]                mtime;
  // PLIC context outputs: hart 0 M mode (MEIP) and S mode (SEIP)
  logic                       irq_m_external, irq_s_external;

  logic [63:0] cycle_q, retired_q;
  // multithreaded harts: retirements this cycle, thread-control read data, event interrupts
  logic [NUM_HARTS-1:0][1:0]  mt_ret;
  logic [NUM_HARTS-1:0][63:0] mt_ctl_rdata;
  logic [NUM_HARTS-1:0]       mt_irq;
  logic [63:0]                mt_retired, mt_ctl_rd;
  logic                       irq_mt;
  assign cycle_o   = cycle_q;
  assign retired_o = retired_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cycle_q   <= '0;
      retired_q <= '0;
    end else begin
      cycle_q   <= cycle_q + 64'd1;
      retired_q <= retired_q + 64'($countones(rv_valid & ~rv_trap)) + mt_retired;
    end
  end

  for (genvar h = 0; h < NUM_HARTS; h++) begin : g_hart
    if (MT_THREADS == 0 || h == 0) begin : g_st
      uvs_pipe_sel #(.HART_ID(h), .PIPE(PIPE), .HPM_WIDTH(HPM_WIDTH), .HPM_COUNT(HPM_COUNT),
                     .RAM_STYLE(HART_RAM_STYLE)) u_core (
        .clk_i,
        .rst_ni          (core_rst_n),
        .imem_req_o      (i_req[h]),
        .imem_gnt_i      (i_gnt[h]),
        .imem_addr_o     (i_addr[h]),
        .imem_rvalid_i   (i_rvalid[h]),
        .imem_rdata_i    (i_rdata[h]),
        .imem_err_i      (i_err[h]),
        .dmem_req_o      (d_req[h]),
        .dmem_gnt_i      (d_gnt[h]),
        .dmem_addr_o     (d_addr[h]),
        .dmem_we_o       (d_we[h]),
        .dmem_be_o       (d_be[h]),
        .dmem_wdata_o    (d_wdata[h]),
        .dmem_amo_o      (d_amo[h]),
        .dmem_rvalid_i   (d_rvalid[h]),
        .dmem_rdata_i    (d_rdata[h]),
        .dmem_err_i      (d_err[h]),
        .irq_software_i  (irq_sw[h]),
        .irq_timer_i     (irq_tmr[h]),
        .irq_external_i  (h == 0 ? irq_m_external : 1'b0),
        .irq_s_external_i(h == 0 ? irq_s_external : 1'b0),
        .mtime_i         (mtime),
        .hpm_ext_i       (hpm_ext[h]),  // SoC performance events (hpm.def HPM_EV_EXT*)
        .rvfi_valid_o    (rv_valid[h]),
        .rvfi_pc_o       (rv_pc[h]),
        .rvfi_insn_o     (rv_insn[h]),
        .rvfi_rd_o       (rv_rd[h]),
        .rvfi_rd_wdata_o (rv_wdata[h]),
        .rvfi_trap_o     (rv_trap[h])
      );


      // Instruction port: straight to its memory port (C answers err outside
      // BOOTROM/SRAM, so fetching from MMIO is an instruction access fault).
      /* verilator lint_off UNUSEDSIGNAL */
      logic i_idle, i_rid, d_idle, d_rid;  // one requester per port: id 0, in order
      /* verilator lint_on UNUSEDSIGNAL */
      uvs_axi_mport #(.IW(1)) u_imem (
        .clk_i,
        .rst_ni   (core_rst_n),
        .req_i    (i_req[h]),
        .gnt_o    (i_gnt[h]),
        .addr_i   (i_addr[h]),
        .id_i     (1'b0),
        .we_i     (1'b0),
        .be_i     (8'h00),
        .wdata_i  (64'd0),
        .amo_i    (4'd0),
        .idle_o   (i_idle),
        .rvalid_o (i_rvalid[h]),
        .rid_o    (i_rid),
        .rdata_o  (i_rdata[h]),
        .err_o    (i_err[h]),
        .m_axi_awvalid_o (mem_axi_awvalid_o[2 * h]),
        .m_axi_awid_o (mem_axi_awid_o[2 * h]),
        .m_axi_awaddr_o (mem_axi_awaddr_o[2 * h]),
        .m_axi_awlen_o (mem_axi_awlen_o[2 * h]),
        .m_axi_awsize_o (mem_axi_awsize_o[2 * h]),
        .m_axi_awburst_o (mem_axi_awburst_o[2 * h]),
        .m_axi_awlock_o (mem_axi_awlock_o[2 * h]),
        .m_axi_awcache_o (mem_axi_awcache_o[2 * h]),
        .m_axi_awprot_o (mem_axi_awprot_o[2 * h]),
        .m_axi_awatop_o (mem_axi_awatop_o[2 * h]),
        .m_axi_awready_i (mem_axi_awready_i[2 * h]),
        .m_axi_wvalid_o (mem_axi_wvalid_o[2 * h]),
        .m_axi_wdata_o (mem_axi_wdata_o[2 * h]),
        .m_axi_wstrb_o (mem_axi_wstrb_o[2 * h]),
        .m_axi_wlast_o (mem_axi_wlast_o[2 * h]),
        .m_axi_wready_i (mem_axi_wready_i[2 * h]),
        .m_axi_bvalid_i (mem_axi_bvalid_i[2 * h]),
        .m_axi_bid_i (mem_axi_bid_i[2 * h]),
        .m_axi_bresp_i (mem_axi_bresp_i[2 * h]),
        .m_axi_bready_o (mem_axi_bready_o[2 * h]),
        .m_axi_arvalid_o (mem_axi_arvalid_o[2 * h]),
        .m_axi_arid_o (mem_axi_arid_o[2 * h]),
        .m_axi_araddr_o (mem_axi_araddr_o[2 * h]),
        .m_axi_arlen_o (mem_axi_arlen_o[2 * h]),
        .m_axi_arsize_o (mem_axi_arsize_o[2 * h]),
        .m_axi_arburst_o (mem_axi_arburst_o[2 * h]),
        .m_axi_arlock_o (mem_axi_arlock_o[2 * h]),
        .m_axi_arcache_o (mem_axi_arcache_o[2 * h]),
        .m_axi_arprot_o (mem_axi_arprot_o[2 * h]),
        .m_axi_arready_i (mem_axi_arready_i[2 * h]),
        .m_axi_rvalid_i (mem_axi_rvalid_i[2 * h]),
        .m_axi_rid_i (mem_axi_rid_i[2 * h]),
        .m_axi_rdata_i (mem_axi_rdata_i[2 * h]),
        .m_axi_rresp_i (mem_axi_rresp_i[2 * h]),
        .m_axi_rlast_i (mem_axi_rlast_i[2 * h]),
        .m_axi_rready_o (mem_axi_rready_o[2 * h])
      );

      uvs_bus_demux #(.UVA(h >= 1), .MT(MT_THREADS > 0)) u_ddemux (
        .clk_i,
        .rst_ni        (core_rst_n),
        .req_i         (d_req[h]),
        .gnt_o         (d_gnt[h]),
        .addr_i        (d_addr[h]),
        .amo_i         (d_amo[h]),
        .host_blocks_i (host_blocks),
        .rvalid_o      (d_rvalid[h]),
        .rdata_o       (d_rdata[h]),
        .err_o         (d_err[h]),
        .mem_req_o     (dm_req[h]),
        .mem_gnt_i     (dm_gnt[h]),
        .mem_rvalid_i  (dm_rvalid[h]),
        .mem_rdata_i   (dm_rdata[h]),
        .mem_err_i     (dm_err[h]),
        .mmio_req_o    (hm_req[h]),
        .mmio_gnt_i    (hm_gnt[h]),
        .mmio_rvalid_i (hm_rvalid[h]),
        .mmio_rdata_i  (hm_rdata[h]),
        .mmio_err_i    (hm_err[h]),
        .uva_req_o     (u_req[h]),
        .uva_gnt_i     (u_gnt[h]),
        .uva_rvalid_i  (u_rvalid[h]),
        .uva_rdata_i   (u_rdata[h]),
        .uva_err_i     (u_err[h])
      );

      // The data memory port: the hart's direct path, and for a compute hart
      // also its IOMMU downstream port (uvs_mem_mux).
      logic        pm_req, pm_gnt, pm_we, pm_rvalid;
      logic [63:0] pm_addr, pm_wdata;
      logic [7:0]  pm_be;
      logic [3:0]  pm_amo;

      if (h >= 1) begin : g_iommu_path
        assign rq_req[h-1]   = u_req[h];
        assign rq_addr[h-1]  = d_addr[h];
        assign rq_we[h-1]    = d_we[h];
        assign rq_be[h-1]    = d_be[h];
        assign rq_wdata[h-1] = d_wdata[h];
        assign rq_amo[h-1]   = d_amo[h];
        assign rq_did[h-1]   = hart_did[h];
        assign rq_priv[h-1]  = 1'b0;  // user: kernels run in U mode
        assign rq_exec[h-1]  = 1'b0;  // data port only
        assign rq_id[h-1]    = '0;    // untagged hart: one access outstanding
        /* verilator lint_off UNUSEDSIGNAL */
        logic unused_ids;
        assign unused_ids = (|rq_rid[h-1]) | (|dn_id[h-1]);
        /* verilator lint_on UNUSEDSIGNAL */
        assign u_gnt[h]      = rq_gnt[h-1];
        assign u_rvalid[h]   = rq_rvalid[h-1];
        assign u_rdata[h]    = rq_rdata[h-1];
        assign u_err[h]      = rq_err[h-1];
        assign dn_rdata[h-1] = dm_rdata[h];
        assign dn_err[h-1]   = dm_err[h];

        uvs_mem_mux u_mux (
          .clk_i,
          .rst_ni     (core_rst_n),
          .a_req_i    (dm_req[h]),
          .a_gnt_o    (dm_gnt[h]),
          .a_addr_i   (d_addr[h]),
          .a_we_i     (d_we[h]),
          .a_be_i     (d_be[h]),
          .a_wdata_i  (d_wdata[h]),
          .a_amo_i    (d_amo[h]),
          .a_rvalid_o (dm_rvalid[h]),
          .b_req_i    (dn_req[h-1]),
          .b_gnt_o    (dn_gnt[h-1]),
          .b_addr_i   (dn_addr[h-1]),
          .b_we_i     (dn_we[h-1]),
          .b_be_i     (dn_be[h-1]),
          .b_wdata_i  (dn_wdata[h-1]),
          .b_amo_i    (dn_amo[h-1]),
          .b_rvalid_o (dn_rvalid[h-1]),
          .m_req_o    (pm_req),
          .m_gnt_i    (pm_gnt),
          .m_addr_o   (pm_addr),
          .m_we_o     (pm_we),
          .m_be_o     (pm_be),
          .m_wdata_o  (pm_wdata),
          .m_amo_o    (pm_amo),
          .m_rvalid_i (pm_rvalid)
        );
      end else begin : g_direct
        logic unused_uva_req;
        assign unused_uva_req = u_req[h];
        assign u_gnt[h]     = 1'b0;
        assign u_rvalid[h]  = 1'b0;
        assign u_rdata[h]   = '0;
        assign u_err[h]     = 1'b0;
        assign pm_req       = dm_req[h];
        assign dm_gnt[h]    = pm_gnt;
        assign pm_addr      = d_addr[h];
        assign pm_we        = d_we[h];
        assign pm_be        = d_be[h];
        assign pm_wdata     = d_wdata[h];
        assign pm_amo       = d_amo[h];
        assign dm_rvalid[h] = pm_rvalid;
      end

      uvs_axi_mport #(.IW(1)) u_dmem (
        .clk_i,
        .rst_ni   (core_rst_n),
        .req_i    (pm_req),
        .gnt_o    (pm_gnt),
        .addr_i   (pm_addr),
        .id_i     (1'b0),
        .we_i     (pm_we),
        .be_i     (pm_be),
        .wdata_i  (pm_wdata),
        .amo_i    (pm_amo),
        .idle_o   (d_idle),
        .rvalid_o (pm_rvalid),
        .rid_o    (d_rid),
        .rdata_o  (dm_rdata[h]),
        .err_o    (dm_err[h]),
        .m_axi_awvalid_o (mem_axi_awvalid_o[2 * h + 1]),
        .m_axi_awid_o (mem_axi_awid_o[2 * h + 1]),
        .m_axi_awaddr_o (mem_axi_awaddr_o[2 * h + 1]),
        .m_axi_awlen_o (mem_axi_awlen_o[2 * h + 1]),
        .m_axi_awsize_o (mem_axi_awsize_o[2 * h + 1]),
        .m_axi_awburst_o (mem_axi_awburst_o[2 * h + 1]),
        .m_axi_awlock_o (mem_axi_awlock_o[2 * h + 1]),
        .m_axi_awcache_o (mem_axi_awcache_o[2 * h + 1]),
        .m_axi_awprot_o (mem_axi_awprot_o[2 * h + 1]),
        .m_axi_awatop_o (mem_axi_awatop_o[2 * h + 1]),
        .m_axi_awready_i (mem_axi_awready_i[2 * h + 1]),
        .m_axi_wvalid_o (mem_axi_wvalid_o[2 * h + 1]),
        .m_axi_wdata_o (mem_axi_wdata_o[2 * h + 1]),
        .m_axi_wstrb_o (mem_axi_wstrb_o[2 * h + 1]),
        .m_axi_wlast_o (mem_axi_wlast_o[2 * h + 1]),
        .m_axi_wready_i (mem_axi_wready_i[2 * h + 1]),
        .m_axi_bvalid_i (mem_axi_bvalid_i[2 * h + 1]),
        .m_axi_bid_i (mem_axi_bid_i[2 * h + 1]),
        .m_axi_bresp_i (mem_axi_bresp_i[2 * h + 1]),
        .m_axi_bready_o (mem_axi_bready_o[2 * h + 1]),
        .m_axi_arvalid_o (mem_axi_arvalid_o[2 * h + 1]),
        .m_axi_arid_o (mem_axi_arid_o[2 * h + 1]),
        .m_axi_araddr_o (mem_axi_araddr_o[2 * h + 1]),
        .m_axi_arlen_o (mem_axi_arlen_o[2 * h + 1]),
        .m_axi_arsize_o (mem_axi_arsize_o[2 * h + 1]),
        .m_axi_arburst_o (mem_axi_arburst_o[2 * h + 1]),
        .m_axi_arlock_o (mem_axi_arlock_o[2 * h + 1]),
        .m_axi_arcache_o (mem_axi_arcache_o[2 * h + 1]),
        .m_axi_arprot_o (mem_axi_arprot_o[2 * h + 1]),
        .m_axi_arready_i (mem_axi_arready_i[2 * h + 1]),
        .m_axi_rvalid_i (mem_axi_rvalid_i[2 * h + 1]),
        .m_axi_rid_i (mem_axi_rid_i[2 * h + 1]),
        .m_axi_rdata_i (mem_axi_rdata_i[2 * h + 1]),
        .m_axi_rresp_i (mem_axi_rresp_i[2 * h + 1]),
        .m_axi_rlast_i (mem_axi_rlast_i[2 * h + 1]),
        .m_axi_rready_o (mem_axi_rready_o[2 * h + 1])
      );
      assign mt_ret[h]       = 2'd0;
      assign mt_ctl_rdata[h] = 64'd0;
      assign mt_irq[h]       = 1'b0;
    end else begin : g_mt
      // a multithreaded compute hart: UVA through its IOMMU port, tagged
      // with the thread (uvs_mt_hart); no retire trace
      /* verilator lint_off UNUSEDSIGNAL */
      logic unused_mt;
      assign unused_mt = irq_sw[h] | irq_tmr[h] |
                         i_req[h] | i_gnt[h] | i_rvalid[h] | i_err[h] | (|i_addr[h]) |
                         (|i_rdata[h]) | d_req[h] | d_gnt[h] | d_rvalid[h] | d_err[h] |
                         (|d_rdata[h]) | (|d_amo[h]) | dm_req[h] | dm_gnt[h] | dm_rvalid[h] |
                         dm_err[h] | (|dm_rdata[h]) | u_req[h] | u_gnt[h] | u_rvalid[h] |
                         u_err[h] | (|u_rdata[h]) | (|rv_pc[h]) | (|rv_insn[h]) | (|rv_rd[h]) |
                         (|rv_wdata[h]);
      /* verilator lint_on UNUSEDSIGNAL */
      // the single-thread hart's per-hart wires, unused here
      assign {i_req[h], i_gnt[h], i_rvalid[h], i_err[h]} = '0;
      assign {i_addr[h], i_rdata[h]} = '0;
      assign {d_req[h], d_gnt[h], d_rvalid[h], d_err[h], d_rdata[h], d_amo[h]} = '0;
      assign {dm_req[h], dm_gnt[h], dm_rvalid[h], dm_err[h], dm_rdata[h]} = '0;
      assign {u_req[h], u_gnt[h], u_rvalid[h], u_err[h], u_rdata[h]} = '0;
      assign rq_addr[h-1]  = d_addr[h];
      assign rq_we[h-1]    = d_we[h];
      assign rq_be[h-1]    = d_be[h];
      assign rq_wdata[h-1] = d_wdata[h];
      assign rq_did[h-1]   = hart_did[h];
      assign rq_priv[h-1]  = 1'b0;  // user: kernels run in U mode
      assign rq_exec[h-1]  = 1'b0;  // data port only
      assign rv_valid[h]   = 1'b0;
      assign rv_trap[h]    = 1'b0;
      assign rv_pc[h]      = '0;
      assign rv_insn[h]    = '0;
      assign rv_rd[h]      = '0;
      assign rv_wdata[h]   = '0;

      uvs_mt_hart #(.HART_ID(h), .THREADS(MT_THREADS)) u_mt (
        .clk_i,
        .rst_ni        (core_rst_n),
        .m_axi_awvalid_o (mem_axi_awvalid_o[2 * h + 1 : 2 * h]),
        .m_axi_awid_o (mem_axi_awid_o[2 * h + 1 : 2 * h]),
        .m_axi_awaddr_o (mem_axi_awaddr_o[2 * h + 1 : 2 * h]),
        .m_axi_awlen_o (mem_axi_awlen_o[2 * h + 1 : 2 * h]),
        .m_axi_awsize_o (mem_axi_awsize_o[2 * h + 1 : 2 * h]),
        .m_axi_awburst_o (mem_axi_awburst_o[2 * h + 1 : 2 * h]),
        .m_axi_awlock_o (mem_axi_awlock_o[2 * h + 1 : 2 * h]),
        .m_axi_awcache_o (mem_axi_awcache_o[2 * h + 1 : 2 * h]),
        .m_axi_awprot_o (mem_axi_awprot_o[2 * h + 1 : 2 * h]),
        .m_axi_awatop_o (mem_axi_awatop_o[2 * h + 1 : 2 * h]),
        .m_axi_awready_i (mem_axi_awready_i[2 * h + 1 : 2 * h]),
        .m_axi_wvalid_o (mem_axi_wvalid_o[2 * h + 1 : 2 * h]),
        .m_axi_wdata_o (mem_axi_wdata_o[2 * h + 1 : 2 * h]),
        .m_axi_wstrb_o (mem_axi_wstrb_o[2 * h + 1 : 2 * h]),
        .m_axi_wlast_o (mem_axi_wlast_o[2 * h + 1 : 2 * h]),
        .m_axi_wready_i (mem_axi_wready_i[2 * h + 1 : 2 * h]),
        .m_axi_bvalid_i (mem_axi_bvalid_i[2 * h + 1 : 2 * h]),
        .m_axi_bid_i (mem_axi_bid_i[2 * h + 1 : 2 * h]),
        .m_axi_bresp_i (mem_axi_bresp_i[2 * h + 1 : 2 * h]),
        .m_axi_bready_o (mem_axi_bready_o[2 * h + 1 : 2 * h]),
        .m_axi_arvalid_o (mem_axi_arvalid_o[2 * h + 1 : 2 * h]),
        .m_axi_arid_o (mem_axi_arid_o[2 * h + 1 : 2 * h]),
        .m_axi_araddr_o (mem_axi_araddr_o[2 * h + 1 : 2 * h]),
        .m_axi_arlen_o (mem_axi_arlen_o[2 * h + 1 : 2 * h]),
        .m_axi_arsize_o (mem_axi_arsize_o[2 * h + 1 : 2 * h]),
        .m_axi_arburst_o (mem_axi_arburst_o[2 * h + 1 : 2 * h]),
        .m_axi_arlock_o (mem_axi_arlock_o[2 * h + 1 : 2 * h]),
        .m_axi_arcache_o (mem_axi_arcache_o[2 * h + 1 : 2 * h]),
        .m_axi_arprot_o (mem_axi_arprot_o[2 * h + 1 : 2 * h]),
        .m_axi_arready_i (mem_axi_arready_i[2 * h + 1 : 2 * h]),
        .m_axi_rvalid_i (mem_axi_rvalid_i[2 * h + 1 : 2 * h]),
        .m_axi_rid_i (mem_axi_rid_i[2 * h + 1 : 2 * h]),
        .m_axi_rdata_i (mem_axi_rdata_i[2 * h + 1 : 2 * h]),
        .m_axi_rresp_i (mem_axi_rresp_i[2 * h + 1 : 2 * h]),
        .m_axi_rlast_i (mem_axi_rlast_i[2 * h + 1 : 2 * h]),
        .m_axi_rready_o (mem_axi_rready_o[2 * h + 1 : 2 * h]),
        .host_blocks_i (host_blocks),
        .mtime_i       (mtime),
        .mm_req_o      (hm_req[h]),
        .mm_gnt_i      (hm_gnt[h]),
        .d_addr_o      (d_addr[h]),
        .d_we_o        (d_we[h]),
        .d_be_o        (d_be[h]),
        .d_wdata_o     (d_wdata[h]),
        .mm_rvalid_i   (hm_rvalid[h]),
        .mm_rdata_i    (hm_rdata[h]),
        .mm_err_i      (hm_err[h]),
        .d_amo_o       (rq_amo[h-1]),
        .rq_req_o      (rq_req[h-1]),
        .rq_gnt_i      (rq_gnt[h-1]),
        .rq_id_o       (rq_id[h-1]),
        .rq_rvalid_i   (rq_rvalid[h-1]),
        .rq_rid_i      (rq_rid[h-1]),
        .rq_rdata_i    (rq_rdata[h-1]),
        .rq_err_i      (rq_err[h-1]),
        .dn_req_i      (dn_req[h-1]),
        .dn_gnt_o      (dn_gnt[h-1]),
        .dn_addr_i     (dn_addr[h-1]),
        .dn_we_i       (dn_we[h-1]),
        .dn_be_i       (dn_be[h-1]),
        .dn_wdata_i    (dn_wdata[h-1]),
        .dn_amo_i      (dn_amo[h-1]),
        .dn_id_i       (dn_id[h-1]),
        .dn_rvalid_o   (dn_rvalid[h-1]),
        .dn_rdata_o    (dn_rdata[h-1]),
        .dn_err_o      (dn_err[h-1]),
        .ctl_req_i     (m_req && m_tgt == MT_MTCTL && int'(m_addr[15:12]) == h),
        .ctl_addr_i    (m_addr[11:3]),
        .ctl_we_i      (m_we),
        .ctl_wdata_i   (m_wdata),
        .ctl_rdata_o   (mt_ctl_rdata[h]),
        .irq_o         (mt_irq[h]),
        .retired_o     (mt_ret[h])
      );
    end
  end

  if (MT_THREADS > 0) begin : g_mt_sum
    always_comb begin
      mt_retired = '0;
      mt_ctl_rd  = '0;
      for (int h = 0; h < NUM_HARTS; h++) begin
        mt_retired = mt_retired + 64'(mt_ret[h]);
        mt_ctl_rd  = mt_ctl_rd | mt_ctl_rdata[h];
      end
    end
    assign irq_mt = |mt_irq;
  end else begin : g_no_mt
    /* verilator lint_off UNUSEDSIGNAL */
    logic unused_mt;
    assign unused_mt = (|mt_ret) | (|mt_ctl_rdata) | (|mt_irq);
    /* verilator lint_on UNUSEDSIGNAL */
    assign mt_retired = '0;
    assign mt_ctl_rd  = '0;
    assign irq_mt     = 1'b0;
  end

  // ---- tile engines (uvs_tile, tile.def): one per compute hart ----
  // A compute hart's MMIO request to the TILE region goes to its own engine
  // (answered the next cycle like the MMIO bus, err for another hart's
  // block), never to the shared arbiter. The engine's translations use
  // IOMMU requester port NCH + h - 1 (the hart's device_id, user, request id =
  // translation slot); its downstream port is the engine's translation
  // responder.
  // IOFENCE.C waits for every engine's issued beats (tile_fbusy), and the
  // engines issue none while it waits (fence_wait).
  logic [NUM_HARTS-1:0] tile_busy, tile_fbusy;
  logic                 atc_flush;  // IOMMU invalidation pulse (uvs_iommu inv_o)
  logic                 fence_wait; // an IOFENCE.C waits (uvs_iommu fence_wait_o)
  for (genvar h = 0; h < NUM_HARTS; h++) begin : g_tile_route
    assign t_sel[h]     = h >= 1 && in_region(d_addr[h], UVS_TILE_BASE, UVS_TILE_SIZE);
    assign mm_req[h]    = hm_req[h] && !t_sel[h];
    assign hm_gnt[h]    = t_sel[h] ? tr_gnt[h] : mm_gnt[h];
    assign hm_rvalid[h] = mm_rvalid[h] | tr_rvalid[h];
    assign hm_rdata[h]  = tr_rvalid[h] ? tr_rdata[h] : mm_rdata;
    assign hm_err[h]    = tr_rvalid[h] ? tr_err[h] : mm_err;
    if (h == 0) begin : g_none
      assign tr_gnt[h]    = 1'b0;
      assign tile_trc_valid_o[h] = 1'b0;
      assign tile_trc_va_o[h]    = '0;
      assign tile_trc_pa_o[h]    = '0;
      assign tile_trc_flags_o[h] = '0;
      assign tr_rvalid[h] = 1'b0;
      assign tr_rdata[h]  = '0;
      assign tr_err[h]    = 1'b0;
      assign tile_busy[h] = 1'b0;
      assign tile_fbusy[h] = 1'b0;
    end else begin : g_eng
      localparam int P = NCH + h - 1;
      assign rq_be[P]    = 8'hff;
      assign rq_wdata[P] = '0;
      assign rq_amo[P]   = '0;
      assign rq_did[P]   = hart_did[h];  // the hart's context
      assign rq_priv[P]  = 1'b0;  // user, like the kernel's own accesses
      assign rq_exec[P]  = 1'b0;
      /* verilator lint_off UNUSEDSIGNAL */
      logic unused_dn;
      assign unused_dn = dn_we[P] | (|dn_be[P]) | (|dn_wdata[P]) | (|dn_amo[P]) | (|dn_id[P]) |
                         (|dn_va[P]);
      /* verilator lint_on UNUSEDSIGNAL */
      // The engine's clock runs only while it has work (uvs_clk_gate): reset,
      // a register access, descriptors queued or beats/translations in
      // flight, an IOMMU answer or invalidation; so an idle engine costs no
      // simulation time. IDLE = 2 covers the register answer cycle.
      logic tile_clk;
      uvs_clk_gate #(.IDLE(2)) u_tile_cg (
        .clk_i,
        .act_i (!core_rst_n || (hm_req[h] && t_sel[h]) || tile_busy[h] || dn_req[P] ||
                rq_rvalid[P] || atc_flush || hart_did_chg[h]),
        .clk_o (tile_clk)
      );
      uvs_tile #(.HART(h), .NHWT(MT_THREADS > 0 ? MT_THREADS : 1), .IW(IIW),
                 .SPAD_BYTES(SPAD_BYTES), .BEAT_BYTES(TILE_BEAT_BYTES)) u_tile (
        .clk_i        (tile_clk),
        .rst_ni       (core_rst_n),
        .reg_req_i    (hm_req[h] && t_sel[h]),
        .reg_gnt_o    (tr_gnt[h]),
        .reg_addr_i   (d_addr[h][15:3]),
        .reg_we_i     (d_we[h]),
        .reg_wdata_i  (d_wdata[h]),
        .reg_rvalid_o (tr_rvalid[h]),
        .reg_rdata_o  (tr_rdata[h]),
        .reg_err_o    (tr_err[h]),
        .rq_req_o     (rq_req[P]),
        .rq_gnt_i     (rq_gnt[P]),
        .rq_addr_o    (rq_addr[P]),
        .rq_we_o      (rq_we[P]),
        .rq_id_o      (rq_id[P]),
        .rq_rvalid_i  (rq_rvalid[P]),
        .rq_rid_i     (rq_rid[P]),
        .rq_rdata_i   (rq_rdata[P]),
        .rq_err_i     (rq_err[P]),
        .dn_req_i     (dn_req[P]),
        .dn_gnt_o     (dn_gnt[P]),
        .dn_addr_i    (dn_addr[P]),
        .dn_rpl_i     (dn_rpl[P]),
        .dn_rvalid_o  (dn_rvalid[P]),
        .dn_rdata_o   (dn_rdata[P]),
        .dn_err_o     (dn_err[P]),
        .atc_flush_i  (atc_flush || hart_did_chg[h]),  // a new context: drop old translations
        .fence_wait_i (fence_wait),
        .fence_busy_o (tile_fbusy[h]),
        .busy_o       (tile_busy[h]),
        .trc_valid_o  (tile_trc_valid_o[h]),
        .trc_va_o     (tile_trc_va_o[h]),
        .trc_pa_o     (tile_trc_pa_o[h]),
        .trc_we_o     (tile_trc_flags_o[h][2]),
        .trc_xlat_o   (tile_trc_flags_o[h][1:0]),
        `UVS_AXI4W_M_UP_X(mem_axi, tile_m_axi, [h-1]),
        `UVS_AXI4W_M_UP_X(spad_axi, tile_s_axi, [h-1])
      );
    end
  end
  if (NUM_HARTS == 1) begin : g_no_tile
    // no compute hart: the one tile master element is idle
    assign {tile_m_axi_awvalid_o, tile_m_axi_wvalid_o, tile_m_axi_arvalid_o} = '0;
    assign {tile_s_axi_awvalid_o, tile_s_axi_wvalid_o, tile_s_axi_arvalid_o} = '0;
    assign {tile_m_axi_awaddr_o, tile_m_axi_awlen_o, tile_m_axi_awsize_o, tile_m_axi_awburst_o,
            tile_m_axi_awcache_o, tile_m_axi_awprot_o, tile_m_axi_wdata_o, tile_m_axi_wstrb_o,
            tile_m_axi_wlast_o, tile_m_axi_araddr_o, tile_m_axi_arlen_o, tile_m_axi_arsize_o,
            tile_m_axi_arburst_o, tile_m_axi_arcache_o, tile_m_axi_arprot_o} = '0;
    assign {tile_s_axi_awaddr_o, tile_s_axi_awlen_o, tile_s_axi_awsize_o, tile_s_axi_awburst_o,
            tile_s_axi_awcache_o, tile_s_axi_awprot_o, tile_s_axi_wdata_o, tile_s_axi_wstrb_o,
            tile_s_axi_wlast_o, tile_s_axi_araddr_o, tile_s_axi_arlen_o, tile_s_axi_arsize_o,
            tile_s_axi_arburst_o, tile_s_axi_arcache_o, tile_s_axi_arprot_o} = '0;
    assign {tile_m_axi_bready_o, tile_m_axi_rready_o, tile_s_axi_bready_o, tile_s_axi_rready_o} = '1;
    /* verilator lint_off UNUSEDSIGNAL */
    logic unused_tile_axi;
    assign unused_tile_axi = ^{tile_m_axi_awready_i, tile_m_axi_wready_i, tile_m_axi_bvalid_i,
                               tile_m_axi_bresp_i, tile_m_axi_arready_i, tile_m_axi_rvalid_i,
                               tile_m_axi_rdata_i, tile_m_axi_rresp_i, tile_m_axi_rlast_i,
                               tile_s_axi_awready_i, tile_s_axi_wready_i, tile_s_axi_bvalid_i,
                               tile_s_axi_bresp_i, tile_s_axi_arready_i, tile_s_axi_rvalid_i,
                               tile_s_axi_rdata_i, tile_s_axi_rresp_i, tile_s_axi_rlast_i};
    /* verilator lint_on UNUSEDSIGNAL */
  end
  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_tile_busy;
  assign unused_tile_busy = (|tile_busy) | atc_flush;
  logic unused_hart0_did;  // hart 0 never translates
  assign unused_hart0_did = (|hart_did[0]) | hart_did_chg[0];
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- shared MMIO bus: CLINT, UART0, HOSTIF, DMA; requesters: harts + host ----
  localparam int NREQ = NUM_HARTS + 1;
  localparam int AW   = $clog2(NREQ);
  logic [NREQ-1:0]        a_req, a_gnt, a_we, a_rvalid;
  logic [NREQ-1:0][63:0]  a_addr, a_wdata;
  logic [NREQ-1:0][7:0]   a_be;
  logic [63:0]            host_addr;
  logic                   m_req, m_we, m_host;
  logic [AW-1:0]          m_src;
  logic [63:0]            m_addr, m_wdata, m_rdata;
  logic [63:0]            clint_rdata, uart_rdata, hostif_rdata, dma_rdata, iommu_rdata;
  logic [63:0]            plic_rdata, hartctl_rdata;
  logic                   plic_err, hartctl_err;
  logic                   iommu_err, iommu_err_q, irq_iommu_q;
  logic [63:0]            iommu_rdata_q;
  logic [7:0]             m_be;
  mmio_tgt_e              m_tgt, m_tgt_q;
  logic [DMA_NCH-1:0]     dma_done, dma_error;
  logic [31:0]            host_causes;
  logic                   host_req, host_we;
  logic [15:0]            host_off;
  logic [7:0]             host_be;
  logic [63:0]            host_wdata;

  // Without a host link (host_blocks = 0) the host port, host interface and
  // DMA engine are unreachable and idle after reset: their clock stops
  // (uvs_clk_gate), so a run without --host-socket spends no work on them.
  logic host_clk, host_act;
  assign host_act = !rst_ni || !dev_rst_n || host_blocks;
  uvs_clk_gate #(.IDLE(4)) u_host_cg (
    .clk_i,
    .act_i (host_act),
    .clk_o (host_clk)
  );

  uvs_host_port u_host_port (
    .clk_i       (host_clk),
    .rst_ni,
    `UVS_AXIL_S_PASS(s_axil),
    .req_o       (host_req),
    .addr_o      (host_off),
    .we_o        (host_we),
    .be_o        (host_be),
    .wdata_o     (host_wdata),
    .gnt_i       (a_gnt[NUM_HARTS]),
    .rvalid_i    (a_rvalid[NUM_HARTS]),
    .rdata_i     (mm_rdata)
  );

  // BAR0 offset -> bus address: the DMA channel window, else the HOSTIF block.
  assign host_addr = (host_off[15:8] == 8'(UVS_HOSTIF_DMA_OFF >> 8))
                     ? UVS_DMA_BASE + 64'(host_off[7:0])
                     : UVS_HOSTIF_BASE + 64'(host_off);
  assign a_req      = {host_req, mm_req};
  assign a_addr     = {host_addr, d_addr};
  assign a_we       = {host_we, d_we};
  assign a_be       = {host_be, d_be};
  assign a_wdata    = {host_wdata, d_wdata};
  assign mm_gnt     = a_gnt[NUM_HARTS-1:0];
  assign mm_rvalid  = a_rvalid[NUM_HARTS-1:0];

  uvs_mmio_arb #(.N(NREQ), .IW(AW), .SLOW_WAIT(2)) u_mmio_arb (
    .clk_i, .rst_ni,
    .req_i     (a_req),
    .gnt_o     (a_gnt),
    .addr_i    (a_addr),
    .we_i      (a_we),
    .be_i      (a_be),
    .wdata_i   (a_wdata),
    .rvalid_o  (a_rvalid),
    .rdata_o   (mm_rdata),
    .err_o     (mm_err),
    .m_req_o   (m_req),
    .m_src_o   (m_src),
    .m_addr_o  (m_addr),
    .m_we_o    (m_we),
    .m_be_o    (m_be),
    .m_wdata_o (m_wdata),
    .m_slow_i  (m_tgt == MT_IOMMU),
    .m_rdata_i (m_rdata),
    .m_err_i   ((m_tgt_q == MT_IOMMU && iommu_err_q) || (m_tgt_q == MT_PLIC && plic_err) ||
                (m_tgt_q == MT_HARTCTL && hartctl_err))
  );
  assign m_host = (int'(m_src) == NUM_HARTS);
  assign m_tgt  = mmio_target(m_addr);

  // Which target answers next cycle.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) m_tgt_q <= MT_CLINT;
    else if (m_req) m_tgt_q <= m_tgt;
  end
  always_comb begin
    unique case (m_tgt_q)
      MT_CLINT:  m_rdata = clint_rdata;
      MT_HOSTIF: m_rdata = hostif_rdata;
      MT_DMA:    m_rdata = dma_rdata;
      MT_IOMMU:  m_rdata = iommu_rdata_q;
      MT_MTCTL:  m_rdata = mt_ctl_rd;
      MT_PLIC:   m_rdata = plic_rdata;
      MT_HARTCTL: m_rdata = hartctl_rdata;
      default:   m_rdata = uart_rdata;
    endcase
  end

  uvs_clint #(.NUM_HARTS(NUM_HARTS), .MTIME_DIV(MTIME_DIV)) u_clint (
    .clk_i,
    .rst_ni         (dev_rst_n),
    .req_i          (m_req && m_tgt == MT_CLINT),
    .addr_i         (m_addr[15:3]),
    .we_i           (m_we),
    .be_i           (m_be),
    .wdata_i        (m_wdata),
    .rdata_o        (clint_rdata),
    .mtime_o        (mtime),
    .irq_software_o (irq_sw),
    .irq_timer_o    (irq_tmr)
  );

  // ---- per-compute-hart device_id registers (memmap.def HARTCTL) ----
  uvs_hartctl #(.NUM_HARTS(NUM_HARTS)) u_hartctl (
    .clk_i,
    .rst_ni     (dev_rst_n),
    .req_i      (m_req && m_tgt == MT_HARTCTL),
    .src_mgmt_i (m_src == '0),
    .addr_i     (m_addr[11:3]),
    .we_i       (m_we),
    .be_i       (m_be),
    .wdata_i    (m_wdata),
    .rdata_o    (hartctl_rdata),
    .err_o      (hartctl_err),
    .did_o      (hart_did),
    .chg_o      (hart_did_chg)
  );

  uvs_uart u_uart0 (
    .clk_i,
    .rst_ni  (dev_rst_n),
    .tx_valid_o (uart_tx_valid_o),
    .tx_data_o  (uart_tx_data_o),
    .req_i   (m_req && m_tgt == MT_UART),
    .we_i    (m_we),
    .be_i    (m_be),
    .wdata_i (m_wdata),
    .rdata_o (uart_rdata),
    .irq_o   (irq_uart)
  );

  // ---- PLIC: the device interrupts to hart 0 (plic.def) ----
  localparam int PLIC_NSRC = int'(UVS_PLIC_NSOURCES);
  localparam int PLIC_NCTX = int'(UVS_PLIC_NCONTEXTS);
  logic [PLIC_NSRC:1] plic_src;
  logic [PLIC_NCTX-1:0] plic_irq;
  // the host-link blocks' lines are low without a host link (host_blocks = 0)
  assign plic_src[int'(UVS_PLIC_SRC_UART)]   = irq_uart;
  assign plic_src[int'(UVS_PLIC_SRC_HOSTIF)] = host_blocks && irq_host;
  assign plic_src[int'(UVS_PLIC_SRC_DMA)]    = host_blocks &&
                                               (dma_done[DMA_FW] || dma_error[DMA_FW]);
  assign plic_src[int'(UVS_PLIC_SRC_IOMMU)]  = irq_iommu_q;
  assign plic_src[int'(UVS_PLIC_SRC_MTCTL)]  = irq_mt;
  assign irq_m_external = plic_irq[int'(UVS_PLIC_CTX_M)];
  assign irq_s_external = plic_irq[int'(UVS_PLIC_CTX_S)];

  uvs_plic #(
    .NSRC      (PLIC_NSRC),
    .NCTX      (PLIC_NCTX),
    .PRIO_BITS ($clog2(int'(UVS_PLIC_PRIO_MAX) + 1)),
    .EDGE      (1024'(1) << UVS_PLIC_SRC_DMA)  // the DMA engine pulses per event
  ) u_plic (
    .clk_i,
    .rst_ni  (dev_rst_n),
    .src_i   (plic_src),
    .req_i   (m_req && m_tgt == MT_PLIC),
    .addr_i  (m_addr[25:3]),
    .we_i    (m_we),
    .be_i    (m_be),
    .wdata_i (m_wdata),
    .rdata_o (plic_rdata),
    .err_o   (plic_err),
    .irq_o   (plic_irq)
  );

  assign host_causes = (dma_done[DMA_HOST] ? 32'(UVS_HOSTIF_INT_DMA_DONE) : 32'd0) |
                       (dma_error[DMA_HOST] ? 32'(UVS_HOSTIF_INT_DMA_ERROR) : 32'd0);

  uvs_hostif #(.NUM_HARTS(NUM_HARTS)) u_hostif (
    .clk_i        (host_clk),
    .rst_ni,
    .req_i        (m_req && m_tgt == MT_HOSTIF),
    .host_i       (m_host),
    .addr_i       (m_addr[15:3]),
    .we_i         (m_we),
    .be_i         (m_be),
    .wdata_i      (m_wdata),
    .rdata_o      (hostif_rdata),
    .cause_i      (host_causes),
    .mgmt_halt_i,
    .fw_exit_i    (mgmt_exit_i),
    .cfg_host_link_i,
    .cfg_boot_entry_i,
    .cfg_sram_size_i,
    .cfg_hbm_size_i,
    .cfg_caps_i,
    .cfg_clock_khz_i,
    .cfg_link_latency_i,
    .cfg_link_bw_i,
    .cfg_link_mps_i,
    .cfg_hbm_latency_i,
    .cfg_hbm_bw_i,
    .perf_link_h2d_i,
    .perf_link_d2h_i,
    .perf_hbm_i,
    .boot_valid_o,
    .boot_entry_o,
    .boot_dtb_o,
    .boot_mentry_o,
    .enable_o     (host_blocks),
    .hold_o       (hold),
    .dev_reset_o  (hostif_dev_reset),
    .irq_o        (irq_host),
    .msi_o        (msi_o)
  );

  // The DMA engine's clock runs only while it is in use (uvs_clk_gate):
  // reset, a register access, a channel with work or a descriptor running
  // (uvs_dma active_o), a request offered on its masters or bursts
  // outstanding there (a prefetch's or a dropped read-ahead's beats may come
  // while it is idle), and DMA_IDLE cycles after that (the register answer).
  // dma_aclk_o is that clock: the slaves of its masters rest with it. Without
  // a host link nothing reaches the engine, so it rests after reset.
  localparam int DMA_IDLE = 4;
  logic       dma_clk, dma_act, dma_active;
  logic [9:0] dma_rd_out_q [2], dma_wr_out_q [2];  // bursts outstanding on h_axi [1], d_axi [0]
  logic [1:0] dma_ar, dma_r, dma_aw, dma_b, dma_req;
  assign dma_ar  = {dma_h_axi_arvalid_o && dma_h_axi_arready_i, dma_d_axi_arvalid_o && dma_d_axi_arready_i};
  assign dma_r   = {dma_h_axi_rvalid_i && dma_h_axi_rready_o && dma_h_axi_rlast_i,
                    dma_d_axi_rvalid_i && dma_d_axi_rready_o && dma_d_axi_rlast_i};
  assign dma_aw  = {dma_h_axi_awvalid_o && dma_h_axi_awready_i, dma_d_axi_awvalid_o && dma_d_axi_awready_i};
  assign dma_b   = {dma_h_axi_bvalid_i && dma_h_axi_bready_o, dma_d_axi_bvalid_i && dma_d_axi_bready_o};
  assign dma_req = {dma_h_axi_arvalid_o || dma_h_axi_awvalid_o || dma_h_axi_wvalid_o,
                    dma_d_axi_arvalid_o || dma_d_axi_awvalid_o || dma_d_axi_wvalid_o};
  always_ff @(posedge clk_i) begin
    for (int m = 0; m < 2; m++) begin
      if (!dev_rst_n) begin
        dma_rd_out_q[m] <= '0;
        dma_wr_out_q[m] <= '0;
      end else begin
        dma_rd_out_q[m] <= dma_rd_out_q[m] + 10'(dma_ar[m]) - 10'(dma_r[m]);
        dma_wr_out_q[m] <= dma_wr_out_q[m] + 10'(dma_aw[m]) - 10'(dma_b[m]);
      end
    end
  end
  assign dma_act = !rst_ni || !dev_rst_n || (m_req && m_tgt == MT_DMA) || dma_active || dma_req != '0 ||
                   dma_rd_out_q[0] != '0 || dma_rd_out_q[1] != '0 || dma_wr_out_q[0] != '0 || dma_wr_out_q[1] != '0;
  uvs_clk_gate #(.IDLE(DMA_IDLE)) u_dma_cg (
    .clk_i,
    .act_i (dma_act),
    .clk_o (dma_clk)
  );

  uvs_dma #(.NCH(DMA_NCH), .BEAT_BYTES(DMA_BEAT_BYTES)) u_dma (
    .clk_i   (dma_clk),
    .rst_ni  (dev_rst_n),
    .req_i   (m_req && m_tgt == MT_DMA),
    .addr_i  (m_addr[15:3]),
    .we_i    (m_we),
    .be_i    (m_be),
    .wdata_i (m_wdata),
    .rdata_o (dma_rdata),
    .done_o  (dma_done),
    .error_o (dma_error),
    .active_o (dma_active),
    .sram_size_i (cfg_sram_size_i),
    .hbm_size_i  (cfg_hbm_size_i),
    `UVS_AXI4W_M_UP(h_axi, dma_h_axi),
    `UVS_AXI4W_M_UP(d_axi, dma_d_axi)
  );
  assign dma_aclk_o    = dma_clk;
  assign dma_aresetn_o = dev_rst_n;

  // ---- IOMMU: register block on the MMIO bus, memory master on its own port ----
  logic        im_req, im_gnt, im_we, im_rvalid, im_err;
  logic [63:0] im_addr, im_wdata, im_rdata;
  logic [7:0]  im_be;
  logic [3:0]  im_amo;
  // The MMIO arbiter expects the answer two cycles after the request (the
  // register stage, then uvs_iommu_regs grants at once and answers a cycle
  // later), and the trace is for testbenches.
  /* verilator lint_off UNUSEDSIGNAL */
  logic        unused_reg_gnt, unused_reg_rvalid;
  logic        unused_trc_hit [NPORT];
  logic [IIW-1:0] unused_trc_hit_id [NPORT];
  logic [IIW-1:0] unused_trc_walk_id;
  logic [$clog2(INPARK + 1)-1:0] trc_parked;
  logic        trc_walk_valid, unused_trc_cmd, unused_trc_busy;
  logic [(NPORT > 1 ? $clog2(NPORT) : 1)-1:0] trc_walk_port;
  logic [1:0]  trc_walk_status;
  logic [11:0] unused_trc_cause;
  logic [8:0]  unused_trc_prgi;
  /* verilator lint_on UNUSEDSIGNAL */

  if (NUM_HARTS == 1) begin : g_no_compute
    // the one requester port of a configuration without compute harts
    /* verilator lint_off UNUSEDSIGNAL */
    logic unused_port;
    assign unused_port = rq_gnt[0] | rq_rvalid[0] | (|rq_rdata[0]) | rq_err[0] | dn_req[0] |
                         (|dn_addr[0]) | dn_we[0] | (|dn_be[0]) | (|dn_wdata[0]) | (|dn_amo[0]) |
                         (|rq_rid[0]) | (|dn_id[0]) | (|dn_va[0]) | dn_rpl[0];
    /* verilator lint_on UNUSEDSIGNAL */
    assign rq_req[0]    = 1'b0;
    assign rq_addr[0]   = '0;
    assign rq_we[0]     = 1'b0;
    assign rq_be[0]     = '0;
    assign rq_wdata[0]  = '0;
    assign rq_amo[0]    = '0;
    assign rq_did[0]    = 24'(UVS_UVA_DID);
    assign rq_priv[0]   = 1'b0;
    assign rq_exec[0]   = 1'b0;
    assign rq_id[0]     = '0;
    assign dn_gnt[0]    = 1'b0;
    assign dn_rvalid[0] = 1'b0;
    assign dn_rdata[0]  = '0;
    assign dn_err[0]    = 1'b0;
  end

  // The IOMMU's clock runs only while it is in use (uvs_clk_gate): reset, a
  // register access, a requester port with a request or answers
  // outstanding (parked ones included), its memory master with a request or an answer
  // outstanding, or an IOFENCE.C waiting for the tile engines' beats
  // (fence_wait), and IOMMU_IDLE cycles after that for its internal steps.
  localparam int IOMMU_IDLE = 64;
  logic             iommu_clk, iommu_act, im_out_q;
  logic [NPORT-1:0] rq_busy;

  for (genvar p = 0; p < NPORT; p++) begin : g_rq_busy
    logic [IIW:0] rq_out_q;  // requests granted and not yet answered (at most IIDS)
    assign rq_busy[p] = rq_req[p] || rq_out_q != '0;
    always_ff @(posedge clk_i) begin
      if (!dev_rst_n) rq_out_q <= '0;
      else rq_out_q <= rq_out_q + (IIW + 1)'(rq_req[p] && rq_gnt[p]) - (IIW + 1)'(rq_rvalid[p]);
    end
  end
  always_ff @(posedge clk_i) begin
    if (!dev_rst_n)            im_out_q <= 1'b0;
    else if (im_req && im_gnt) im_out_q <= 1'b1;
    else if (im_rvalid)        im_out_q <= 1'b0;
  end
  assign iommu_act = !dev_rst_n || (m_req && m_tgt == MT_IOMMU) || (|rq_busy) ||
                     im_req || im_out_q || fence_wait;

  // Register accesses reach the IOMMU through a register stage in its clock
  // domain, and its answer and interrupt come back through one in the SoC's
  // (the MMIO arbiter adds two wait states to IOMMU accesses), so that the
  // IOMMU's logic depends on nothing that changes while its clock is off and
  // the harts' logic on nothing of the IOMMU's clock domain.
  logic        ir_req_q, ir_we_q;
  logic [15:0] ir_off_q;
  logic [7:0]  ir_be_q;
  logic [63:0] ir_wdata_q;
  always_ff @(posedge clk_i) begin
    iommu_rdata_q <= iommu_rdata;
    iommu_err_q   <= iommu_err;
    irq_iommu_q   <= irq_iommu;
  end
  always_ff @(posedge iommu_clk) begin
    if (!dev_rst_n) begin
      ir_req_q   <= 1'b0;
      ir_we_q    <= 1'b0;
      ir_off_q   <= '0;
      ir_be_q    <= '0;
      ir_wdata_q <= '0;
    end else begin
      ir_req_q <= m_req && m_tgt == MT_IOMMU;
      if (m_req && m_tgt == MT_IOMMU) begin
        ir_we_q    <= m_we;
        ir_off_q   <= m_addr[15:0];
        ir_be_q    <= m_be;
        ir_wdata_q <= m_wdata;
      end
    end
  end

  uvs_clk_gate #(.IDLE(IOMMU_IDLE)) u_iommu_cg (
    .clk_i,
    .act_i (iommu_act),
    .clk_o (iommu_clk)
  );

  uvs_iommu #(.NUM_PORTS(NPORT), .IDS(IIDS), .ONE_ID(IONE_ID), .NO_DATA(INO_DATA), .IOTLB_RAM_STYLE(IOMMU_RAM_STYLE)) u_iommu (
    .clk_i             (iommu_clk),
    .rst_ni            (dev_rst_n),
    .rq_req_i          (rq_req),
    .rq_gnt_o          (rq_gnt),
    .rq_addr_i         (rq_addr),
    .rq_we_i           (rq_we),
    .rq_be_i           (rq_be),
    .rq_wdata_i        (rq_wdata),
    .rq_amo_i          (rq_amo),
    .rq_did_i          (rq_did),
    .rq_priv_i         (rq_priv),
    .rq_exec_i         (rq_exec),
    .rq_id_i           (rq_id),
    .rq_rvalid_o       (rq_rvalid),
    .rq_rid_o          (rq_rid),
    .rq_rdata_o        (rq_rdata),
    .rq_err_o          (rq_err),
    .dn_req_o          (dn_req),
    .dn_gnt_i          (dn_gnt),
    .dn_addr_o         (dn_addr),
    .dn_we_o           (dn_we),
    .dn_be_o           (dn_be),
    .dn_wdata_o        (dn_wdata),
    .dn_amo_o          (dn_amo),
    .dn_id_o           (dn_id),
    .dn_va_o           (dn_va),
    .dn_rpl_o          (dn_rpl),
    .dn_rvalid_i       (dn_rvalid),
    .dn_rdata_i        (dn_rdata),
    .dn_err_i          (dn_err),
    .mem_req_o         (im_req),
    .mem_gnt_i         (im_gnt),
    .mem_addr_o        (im_addr),
    .mem_we_o          (im_we),
    .mem_be_o          (im_be),
    .mem_wdata_o       (im_wdata),
    .mem_amo_o         (im_amo),
    .mem_rvalid_i      (im_rvalid),
    .mem_rdata_i       (im_rdata),
    .mem_err_i         (im_err),
    .reg_req_i         (ir_req_q),
    .reg_gnt_o         (unused_reg_gnt),
    .reg_addr_i        (UVS_IOMMU_BASE | 64'(ir_off_q)),
    .reg_we_i          (ir_we_q),
    .reg_be_i          (ir_be_q),
    .reg_wdata_i       (ir_wdata_q),
    .reg_amo_i         (4'd0),
    .reg_rvalid_o      (unused_reg_rvalid),
    .reg_rdata_o       (iommu_rdata),
    .reg_err_o         (iommu_err),
    .irq_o             (irq_iommu),
    .trc_hit_o         (unused_trc_hit),
    .trc_hit_id_o      (unused_trc_hit_id),
    .trc_walk_valid_o  (trc_walk_valid),
    .trc_walk_port_o   (trc_walk_port),
    .trc_walk_id_o     (unused_trc_walk_id),
    .trc_walk_status_o (trc_walk_status),
    .trc_walk_cause_o  (unused_trc_cause),
    .trc_walk_prgi_o   (unused_trc_prgi),
    .trc_cmd_o         (unused_trc_cmd),
    .trc_walk_busy_o   (unused_trc_busy),
    .trc_parked_o      (trc_parked),
    .inv_o             (atc_flush),
    .fence_busy_i      (|tile_fbusy),
    .fence_wait_o      (fence_wait)
  );

  // SoC events of the harts' performance counters (include/uvmsoc/hpm.def):
  // EXT0 cycles a translated (UVA) access of the hart is outstanding at the
  // IOMMU (granted or not, parked ones included); EXT1 translations of the
  // hart that went to the page-table walker (IOTLB misses; a retried one
  // counts again); EXT2 those that became page requests (parked);
  // EXT3 cycles with any request of the device parked (device-wide).
  // The management hart never translates: its EXT0..2 stay 0.
  for (genvar h = 0; h < NUM_HARTS; h++) begin : g_hpm_ext
    if (h >= 1) begin : g_port
      logic walk_here;
      assign walk_here = trc_walk_valid && (NPORT == 1 || int'(trc_walk_port) == h - 1);
      assign hpm_ext[h] = {trc_parked != '0,
                           walk_here && trc_walk_status == uvs_iommu_pkg::ST_PARK,
                           walk_here, rq_busy[h-1]};
    end else begin : g_mgmt
      assign hpm_ext[h] = {trc_parked != '0, 3'b000};
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic im_idle, im_rid;  // one requester: id 0, in order
  /* verilator lint_on UNUSEDSIGNAL */
  uvs_axi_mport #(.IW(1)) u_iommu_mem (
    .clk_i    (iommu_clk),
    .rst_ni   (dev_rst_n),
    .req_i    (im_req),
    .gnt_o    (im_gnt),
    .addr_i   (im_addr),
    .id_i     (1'b0),
    .we_i     (im_we),
    .be_i     (im_be),
    .wdata_i  (im_wdata),
    .amo_i    (im_amo),
    .idle_o   (im_idle),
    .rvalid_o (im_rvalid),
    .rid_o    (im_rid),
    .rdata_o  (im_rdata),
    .err_o    (im_err),
    .m_axi_awvalid_o (iommu_axi_awvalid_o),
    .m_axi_awid_o (iommu_axi_awid_o),
    .m_axi_awaddr_o (iommu_axi_awaddr_o),
    .m_axi_awlen_o (iommu_axi_awlen_o),
    .m_axi_awsize_o (iommu_axi_awsize_o),
    .m_axi_awburst_o (iommu_axi_awburst_o),
    .m_axi_awlock_o (iommu_axi_awlock_o),
    .m_axi_awcache_o (iommu_axi_awcache_o),
    .m_axi_awprot_o (iommu_axi_awprot_o),
    .m_axi_awatop_o (iommu_axi_awatop_o),
    .m_axi_awready_i (iommu_axi_awready_i),
    .m_axi_wvalid_o (iommu_axi_wvalid_o),
    .m_axi_wdata_o (iommu_axi_wdata_o),
    .m_axi_wstrb_o (iommu_axi_wstrb_o),
    .m_axi_wlast_o (iommu_axi_wlast_o),
    .m_axi_wready_i (iommu_axi_wready_i),
    .m_axi_bvalid_i (iommu_axi_bvalid_i),
    .m_axi_bid_i (iommu_axi_bid_i),
    .m_axi_bresp_i (iommu_axi_bresp_i),
    .m_axi_bready_o (iommu_axi_bready_o),
    .m_axi_arvalid_o (iommu_axi_arvalid_o),
    .m_axi_arid_o (iommu_axi_arid_o),
    .m_axi_araddr_o (iommu_axi_araddr_o),
    .m_axi_arlen_o (iommu_axi_arlen_o),
    .m_axi_arsize_o (iommu_axi_arsize_o),
    .m_axi_arburst_o (iommu_axi_arburst_o),
    .m_axi_arlock_o (iommu_axi_arlock_o),
    .m_axi_arcache_o (iommu_axi_arcache_o),
    .m_axi_arprot_o (iommu_axi_arprot_o),
    .m_axi_arready_i (iommu_axi_arready_i),
    .m_axi_rvalid_i (iommu_axi_rvalid_i),
    .m_axi_rid_i (iommu_axi_rid_i),
    .m_axi_rdata_i (iommu_axi_rdata_i),
    .m_axi_rresp_i (iommu_axi_rresp_i),
    .m_axi_rlast_i (iommu_axi_rlast_i),
    .m_axi_rready_o (iommu_axi_rready_o)
  );
  assign iommu_aclk_o    = iommu_clk;
  assign iommu_aresetn_o = dev_rst_n;
  assign mem_aresetn_o   = core_rst_n;

  // Access trace (sim/trace_rec.c; docs/architecture.md "Access trace"):
  // every translated access of a compute hart, in the cycle its downstream
  // request is granted: xlat_valid_o[h] for hart h, its request id
  // (thread), IOVA, physical address and flags (bit 0 write: store, SC,
  // AMO; bit 1 it waited for a page request). A simulation side channel:
  // the simulation top records it (uvs_soc), a board top leaves it open.
  for (genvar h = 0; h < NUM_HARTS; h++) begin : g_acc_trace
    if (h >= 1) begin : g_port
      assign xlat_valid_o[h] = dn_req[h-1] && dn_gnt[h-1];
      assign xlat_id_o[h]    = 8'(dn_id[h-1]);
      assign xlat_va_o[h]    = dn_va[h-1];
      assign xlat_pa_o[h]    = dn_addr[h-1];
      assign xlat_flags_o[h] = {dn_rpl[h-1], dn_we[h-1] || dn_amo[h-1] != 4'd0};
    end else begin : g_mgmt
      assign xlat_valid_o[h] = 1'b0;
      assign xlat_id_o[h]    = '0;
      assign xlat_va_o[h]    = '0;
      assign xlat_pa_o[h]    = '0;
      assign xlat_flags_o[h] = '0;
    end
  end

  // Retire trace (a simulation side channel like the access trace).
  assign rvfi_valid_o = rv_valid & ~rv_trap;
  assign rvfi_pc_o    = rv_pc;
  assign rvfi_insn_o  = rv_insn;
  assign rvfi_rd_o    = rv_rd;
  assign rvfi_wdata_o = rv_wdata;

  // Elaboration-time parameter checks.
  if (NUM_HARTS < 1 || NUM_HARTS > int'(UVS_MAX_HARTS))
    $error("uvs_soc: NUM_HARTS must be 1..UVS_MAX_HARTS");
  if (MTIME_DIV < 1)
    $error("uvs_soc: MTIME_DIV must be >= 1");
endmodule

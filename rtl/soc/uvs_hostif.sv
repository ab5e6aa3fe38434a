// uvs_hostif: the BAR0 host-interface register block (include/uvmsoc/
// hostif.def; host/README.md "What the device side must implement", rule 1
// and 3). One register file with two views on the shared MMIO bus: the host
// (BAR0 accesses from the host link, host_i = 1) and the harts (the block at
// UVS_HOSTIF_BASE, host_i = 0). Registers are 32 or 64 bits; an access with
// byte enables other than 0x0f, 0xf0 (a 32-bit half) or 0xff reads 0 and is
// ignored, as are unlisted offsets (hostif.def; the host's reads come with
// all byte enables from the AXI4-Lite port uvs_host_port). The DMA channel window at
// BAR0 + 0x1000 is uvs_dma, routed there by the SoC.
//
// Host view: hostif.def access rules (RO/RW/W1C).
// Device view (firmware): identification, sizes, link, queue bases/sizes/
// enables, BOOT_*, MGMT_* and INT_MASK are read-only; FW_STATUS, DOORBELL
// (write 0 to clear), CMDQ_HEAD, EVQ_TAIL and CMDQ_CTRL are writable;
// writing INT_STATUS sets the written cause bits (write 1 to set); writing
// FW_EXIT halts the management hart with that exit status, as a tohost
// store does (the firmware's exit path when the host loaded it, since the
// simulator then does not know the ELF's tohost symbol).
// A device write to FW_STATUS raises INT_FW; a device write that changes
// EVQ_TAIL raises INT_EVQ. irq_o (hart 0's external interrupt, level) is
// DOORBELL != 0 or an enabled command queue with HEAD != TAIL.
//
// Interrupts (hostif.def "interrupts"): a cause bit stays set until the host
// writes it to INT_ACK; whenever INT_STATUS & ~INT_MASK gains a bit, msi_o
// raises that MSI vector (bit number, or 0 for bits >= MSI_VECTORS) for the
// cycle: the interrupt vector output of the SoC core (the simulation top
// hands it to the host link model with uvs_dpi_msi). MGMT_CTRL.HOLD (reset 1) holds the harts in reset
// (hold_o); its 1 -> 0 write raises boot_valid_o for that cycle with
// BOOT_ENTRY, BOOT_DTB and BOOT_MENTRY on boot_*_o, the boot ROM's write
// port (docs/architecture.md "Boot flow"; the simulation top hands them to
// the boot ROM builder). DEV_RESET resets the block (except identification
// and link values) and, through dev_reset_o, the rest of the device.
// Identification, sizes, capabilities and the link and HBM models are
// straps (cfg_*_i), sampled while rst_ni = 0; the performance block
// (HOSTIF_PERF_*) reads the platform's counters perf_*_i at the access.
module uvs_hostif #(
  parameter int NUM_HARTS   = 1,  // reported in HOSTIF_HARTS
  parameter int MSI_VECTORS = 8   // reported in HOSTIF_MSI_VECTORS, 1..32
) (
  input  logic        clk_i,
  input  logic        rst_ni,        // synchronous, active low (power-on)
  // shared MMIO bus target port (always ready, rdata one cycle later)
  input  logic        req_i,
  input  logic        host_i,        // the requester is the host (BAR0)
  input  logic [15:3] addr_i,        // 8-byte word offset in the block
  input  logic        we_i,
  input  logic [7:0]  be_i,
  input  logic [63:0] wdata_i,
  output logic [63:0] rdata_o,
  // causes raised by other blocks (one-cycle pulses, HOSTIF_INT_* bits)
  input  logic [31:0] cause_i,
  // management hart halted (tohost written), one-cycle pulse, and its status
  input  logic        mgmt_halt_i,
  input  logic [31:0] fw_exit_i,
  // straps, sampled while rst_ni = 0 (uvs_soc_core's cfg_*_i)
  input  logic        cfg_host_link_i,
  input  logic [63:0] cfg_boot_entry_i,
  input  logic [63:0] cfg_sram_size_i,
  input  logic [63:0] cfg_hbm_size_i,
  input  logic [63:0] cfg_caps_i,
  input  logic [31:0] cfg_clock_khz_i,
  input  logic [31:0] cfg_link_latency_i,
  input  logic [31:0] cfg_link_bw_i,
  input  logic [31:0] cfg_link_mps_i,
  input  logic [31:0] cfg_hbm_latency_i,
  input  logic [31:0] cfg_hbm_bw_i,
  // memory-system byte counters (HOSTIF_PERF_LINK_H2D, _LINK_D2H, _HBM)
  input  logic [63:0] perf_link_h2d_i,
  input  logic [63:0] perf_link_d2h_i,
  input  logic [63:0] perf_hbm_i,
  // boot-ROM write port: the host releases the harts this cycle
  output logic        boot_valid_o,
  output logic [63:0] boot_entry_o,
  output logic [63:0] boot_dtb_o,
  output logic [63:0] boot_mentry_o,
  output logic        enable_o,      // a host link is attached: block present, HOLD honoured
  output logic        hold_o,        // harts held in reset (HOLD or halted)
  output logic        dev_reset_o,   // one-cycle device reset (DEV_RESET)
  output logic        irq_o,         // to the management hart (level)
  output logic [31:0] msi_o          // MSI vectors sent this cycle (bit v: vector v)
);
  import uvs_hostif_pkg::*;

  // Register offsets (32-bit halves; *_HI = upper half of a 64-bit register).
  localparam logic [15:0] R_BOOT_DTB = 16'(UVS_HOSTIF_BOOT_DTB_OFF);
  localparam logic [15:0] R_BOOT_DTB_HI = R_BOOT_DTB + 16'd4;
  localparam logic [15:0] R_BOOT_MENTRY = 16'(UVS_HOSTIF_BOOT_MENTRY_OFF);
  localparam logic [15:0] R_BOOT_MENTRY_HI = R_BOOT_MENTRY + 16'd4;
  localparam logic [15:0] R_BOOT_ENTRY = 16'(UVS_HOSTIF_BOOT_ENTRY_OFF);
  localparam logic [15:0] R_BOOT_ENTRY_HI = R_BOOT_ENTRY + 16'd4;
  localparam logic [15:0] R_CAP = 16'(UVS_HOSTIF_CAP_OFF);
  localparam logic [15:0] R_CAP_HI = R_CAP + 16'd4;
  localparam logic [15:0] R_CLOCK_KHZ = 16'(UVS_HOSTIF_CLOCK_KHZ_OFF);
  localparam logic [15:0] R_CMDQ_BASE = 16'(UVS_HOSTIF_CMDQ_BASE_OFF);
  localparam logic [15:0] R_CMDQ_BASE_HI = R_CMDQ_BASE + 16'd4;
  localparam logic [15:0] R_CMDQ_CTRL = 16'(UVS_HOSTIF_CMDQ_CTRL_OFF);
  localparam logic [15:0] R_CMDQ_HEAD = 16'(UVS_HOSTIF_CMDQ_HEAD_OFF);
  localparam logic [15:0] R_CMDQ_LOG2SZ = 16'(UVS_HOSTIF_CMDQ_LOG2SZ_OFF);
  localparam logic [15:0] R_CMDQ_TAIL = 16'(UVS_HOSTIF_CMDQ_TAIL_OFF);
  localparam logic [15:0] R_DOORBELL = 16'(UVS_HOSTIF_DOORBELL_OFF);
  localparam logic [15:0] R_EVQ_BASE = 16'(UVS_HOSTIF_EVQ_BASE_OFF);
  localparam logic [15:0] R_EVQ_BASE_HI = R_EVQ_BASE + 16'd4;
  localparam logic [15:0] R_EVQ_CTRL = 16'(UVS_HOSTIF_EVQ_CTRL_OFF);
  localparam logic [15:0] R_EVQ_HEAD = 16'(UVS_HOSTIF_EVQ_HEAD_OFF);
  localparam logic [15:0] R_EVQ_LOG2SZ = 16'(UVS_HOSTIF_EVQ_LOG2SZ_OFF);
  localparam logic [15:0] R_EVQ_TAIL = 16'(UVS_HOSTIF_EVQ_TAIL_OFF);
  localparam logic [15:0] R_FW_EXIT = 16'(UVS_HOSTIF_FW_EXIT_OFF);
  localparam logic [15:0] R_FW_STATUS = 16'(UVS_HOSTIF_FW_STATUS_OFF);
  localparam logic [15:0] R_HARTS = 16'(UVS_HOSTIF_HARTS_OFF);
  localparam logic [15:0] R_HBM_SIZE = 16'(UVS_HOSTIF_HBM_SIZE_OFF);
  localparam logic [15:0] R_HBM_SIZE_HI = R_HBM_SIZE + 16'd4;
  localparam logic [15:0] R_ID = 16'(UVS_HOSTIF_ID_OFF);
  localparam logic [15:0] R_INT_ACK = 16'(UVS_HOSTIF_INT_ACK_OFF);
  localparam logic [15:0] R_INT_MASK = 16'(UVS_HOSTIF_INT_MASK_OFF);
  localparam logic [15:0] R_INT_STATUS = 16'(UVS_HOSTIF_INT_STATUS_OFF);
  localparam logic [15:0] R_LINK_BW = 16'(UVS_HOSTIF_LINK_BW_OFF);
  localparam logic [15:0] R_LINK_LATENCY = 16'(UVS_HOSTIF_LINK_LATENCY_OFF);
  localparam logic [15:0] R_LINK_MPS = 16'(UVS_HOSTIF_LINK_MPS_OFF);
  localparam logic [15:0] R_MGMT_CTRL = 16'(UVS_HOSTIF_MGMT_CTRL_OFF);
  localparam logic [15:0] R_MGMT_STATUS = 16'(UVS_HOSTIF_MGMT_STATUS_OFF);
  localparam logic [15:0] R_MSI_VECTORS = 16'(UVS_HOSTIF_MSI_VECTORS_OFF);
  localparam logic [15:0] R_SCRATCH = 16'(UVS_HOSTIF_SCRATCH_OFF);
  localparam logic [15:0] R_SCRATCH_HI = R_SCRATCH + 16'd4;
  localparam logic [15:0] R_SRAM_SIZE = 16'(UVS_HOSTIF_SRAM_SIZE_OFF);
  localparam logic [15:0] R_SRAM_SIZE_HI = R_SRAM_SIZE + 16'd4;
  localparam logic [15:0] R_VERSION = 16'(UVS_HOSTIF_VERSION_OFF);
  localparam logic [15:0] R_PERF = 16'(UVS_HOSTIF_PERF_LINK_H2D_OFF);  // first of 4 words
  localparam logic [15:0] R_PERF_END = 16'(UVS_HOSTIF_HBM_LATENCY_OFF) + 16'd4;

  // ---- state ----
  logic [63:0] cfg_sram_q, cfg_hbm_q, cfg_caps_q, cfg_entry_q;
  logic        cfg_link_q;
  logic [31:0] cfg_khz_q, cfg_lat_q, cfg_bw_q, cfg_mps_q, cfg_hlat_q, cfg_hbw_q;
  logic [63:0] scratch_q, boot_entry_q, boot_dtb_q, boot_mentry_q;
  logic        hold_q, halted_q, dev_reset_q;
  logic [31:0] fw_status_q, fw_exit_q, doorbell_q;
  logic [63:0] cmdq_base_q, evq_base_q;
  logic [31:0] cmdq_log2_q, cmdq_head_q, cmdq_tail_q;
  logic [31:0] evq_log2_q, evq_head_q, evq_tail_q;
  logic        cmdq_en_q, evq_en_q;
  logic [31:0] int_status_q, int_mask_q, int_eff_q;
  logic [63:0] rdata_q;

  // ---- access decode: which 32-bit halves of the addressed word ----
  logic        be_ok, wr_lo, wr_hi;
  logic [12:0] word;
  assign be_ok = (be_i == 8'hff) || (be_i == 8'h0f) || (be_i == 8'hf0);
  assign word  = addr_i;
  assign wr_lo = req_i && we_i && be_ok && be_i[0];
  assign wr_hi = req_i && we_i && be_ok && be_i[4];

  // Write decode, as macros rather than functions: Yosys evaluates a call
  // whose arguments are all constant (hw(R_SCRATCH)) as a constant function,
  // which these are not (they read the request). off is a register's
  // localparam, hi its bit 2.
  // The 32-bit register at byte offset off is written this cycle.
  `define UVS_HIF_HIT(off) ((word == off[15:3]) && off[1:0] == 2'b00 && (off[2] ? wr_hi : wr_lo))
  // The data written to a 32-bit register in the upper (hi = 1) or lower half.
  `define UVS_HIF_WD(hi) ((hi) ? wdata_i[63:32] : wdata_i[31:0])
  // Bit 0 of that data.
  `define UVS_HIF_WD0(hi) ((hi) ? wdata_i[32] : wdata_i[0])
  // Host-only and device-only writes.
  `define UVS_HIF_HW(off) (host_i && `UVS_HIF_HIT(off))
  `define UVS_HIF_DW(off) (!host_i && `UVS_HIF_HIT(off))

  // ---- read data of the 32-bit register at off ----
  logic [31:0] mgmt_status;
  assign mgmt_status = {29'd0, fw_status_q[0] & ~hold_q & ~halted_q, halted_q,
                        ~hold_q & ~halted_q};

  function automatic logic [31:0] rd32(logic [15:0] off);
    unique case (off)
      R_ID:               return 32'(UVS_HOSTIF_ID_VALUE);
      R_VERSION:          return 32'(UVS_HOSTIF_VERSION_VALUE);
      R_CAP:              return cfg_caps_q[31:0];
      R_CAP_HI:      return cfg_caps_q[63:32];
      R_SRAM_SIZE:        return cfg_sram_q[31:0];
      R_SRAM_SIZE_HI: return cfg_sram_q[63:32];
      R_HBM_SIZE:         return cfg_hbm_q[31:0];
      R_HBM_SIZE_HI: return cfg_hbm_q[63:32];
      R_MSI_VECTORS:      return 32'(MSI_VECTORS);
      R_HARTS:            return 32'(NUM_HARTS);
      R_SCRATCH:          return scratch_q[31:0];
      R_SCRATCH_HI:  return scratch_q[63:32];
      R_CLOCK_KHZ:        return cfg_khz_q;
      R_LINK_LATENCY:     return cfg_lat_q;
      R_LINK_BW:          return cfg_bw_q;
      R_LINK_MPS:         return cfg_mps_q;
      R_MGMT_CTRL:        return {31'd0, hold_q};
      R_MGMT_STATUS:      return mgmt_status;
      R_FW_STATUS:        return fw_status_q;
      R_FW_EXIT:          return fw_exit_q;
      R_BOOT_ENTRY:       return boot_entry_q[31:0];
      R_BOOT_ENTRY_HI: return boot_entry_q[63:32];
      R_BOOT_DTB:         return boot_dtb_q[31:0];
      R_BOOT_DTB_HI: return boot_dtb_q[63:32];
      R_BOOT_MENTRY:      return boot_mentry_q[31:0];
      R_BOOT_MENTRY_HI: return boot_mentry_q[63:32];
      R_DOORBELL:         return doorbell_q;
      R_CMDQ_BASE:        return cmdq_base_q[31:0];
      R_CMDQ_BASE_HI: return cmdq_base_q[63:32];
      R_CMDQ_LOG2SZ:      return cmdq_log2_q;
      R_CMDQ_CTRL:        return {31'd0, cmdq_en_q};
      R_CMDQ_HEAD:        return cmdq_head_q;
      R_CMDQ_TAIL:        return cmdq_tail_q;
      R_EVQ_BASE:         return evq_base_q[31:0];
      R_EVQ_BASE_HI: return evq_base_q[63:32];
      R_EVQ_LOG2SZ:       return evq_log2_q;
      R_EVQ_CTRL:         return {31'd0, evq_en_q};
      R_EVQ_HEAD:         return evq_head_q;
      R_EVQ_TAIL:         return evq_tail_q;
      R_INT_STATUS:       return int_status_q;
      R_INT_MASK:         return int_mask_q;
      default:                            return 32'd0;
    endcase
  endfunction

  // 64-bit word idx of the performance block (HOSTIF_PERF_LINK_H2D_OFF ..):
  // 0 link H2D bytes, 1 link D2H bytes, 2 HBM bytes, 3 HBM latency << 32 |
  // HBM bandwidth.
  function automatic logic [63:0] perf_word(logic [12:0] idx);
    unique case (idx)
      13'd0:   return perf_link_h2d_i;
      13'd1:   return perf_link_d2h_i;
      13'd2:   return perf_hbm_i;
      default: return {cfg_hlat_q, cfg_hbw_q};
    endcase
  endfunction

  // ---- management hart halts: tohost (mgmt_halt_i) or a device FW_EXIT write ----
  logic        halt_req;
  logic [31:0] halt_status;
  assign halt_req    = mgmt_halt_i || (req_i && we_i && `UVS_HIF_DW(R_FW_EXIT));
  assign halt_status = (req_i && we_i && `UVS_HIF_DW(R_FW_EXIT)) ? `UVS_HIF_WD(R_FW_EXIT[2]) : fw_exit_i;

  // ---- interrupt causes this cycle ----
  logic [31:0] int_set, int_clr, int_next, int_eff, int_rise;
  logic [31:0] mask_next;
  always_comb begin
    int_set   = cause_i;
    int_clr   = 32'd0;
    mask_next = int_mask_q;
    if (halt_req && !hold_q && !halted_q) int_set |= 32'(UVS_HOSTIF_INT_MGMT_HALT);
    if (req_i && we_i) begin  // register side effects only when written
      if (`UVS_HIF_DW(R_INT_STATUS)) int_set |= `UVS_HIF_WD(R_INT_STATUS[2]);
      if (`UVS_HIF_DW(R_FW_STATUS))  int_set |= 32'(UVS_HOSTIF_INT_FW);
      if (`UVS_HIF_DW(R_EVQ_TAIL) && `UVS_HIF_WD(R_EVQ_TAIL[2]) != evq_tail_q)
        int_set |= 32'(UVS_HOSTIF_INT_EVQ);
      if (`UVS_HIF_HW(R_INT_ACK))  int_clr   = `UVS_HIF_WD(R_INT_ACK[2]);
      if (`UVS_HIF_HW(R_INT_MASK)) mask_next = `UVS_HIF_WD(R_INT_MASK[2]);
    end
    int_set  &= 32'(UVS_HOSTIF_INT_ALL);
    int_next  = (int_status_q | int_set) & ~int_clr;
    int_eff   = int_status_q & ~int_mask_q;
    int_rise  = int_eff & ~int_eff_q;
  end

  // MSI vector mask for newly pending causes: bit b raises vector b below
  // MSI_VECTORS, vector 0 above. Written as masks, not a loop over the 32
  // bits: msi_o depends on rst_ni, so Verilator evaluates it at every
  // input change (twice a cycle), and the loop cost 5 % of a 1-hart
  // simulation (docs/benchmarks.md "Simulation speed, session 5").
  localparam logic [31:0] MSI_LOW = (MSI_VECTORS >= 32) ? 32'hffff_ffff :
                                    ((32'd1 << MSI_VECTORS) - 32'd1);
  function automatic logic [31:0] msi_vectors(logic [31:0] rise);
    return (rise & MSI_LOW) | {31'd0, (rise & ~MSI_LOW) != 32'd0};
  endfunction

  // ---- outputs ----
  assign rdata_o     = rdata_q;
  assign hold_o      = hold_q || halted_q;
  assign dev_reset_o = dev_reset_q;
  assign enable_o    = cfg_link_q;
  assign irq_o       = (doorbell_q != 32'd0) || (cmdq_en_q && cmdq_head_q != cmdq_tail_q);

  logic dev_reset_req;
  assign dev_reset_req = `UVS_HIF_HW(R_MGMT_CTRL) &&
                         (`UVS_HIF_WD(R_MGMT_CTRL[2]) & 32'(UVS_HOSTIF_MGMT_CTRL_DEV_RESET)) != 0;

  always_ff @(posedge clk_i) begin
    if (!rst_ni || dev_reset_req) begin
      if (!rst_ni) fw_exit_q <= '0;
      dev_reset_q  <= dev_reset_req;
      scratch_q    <= '0;
      boot_entry_q <= cfg_entry_q;
      boot_dtb_q   <= '0;
      boot_mentry_q <= '0;
      hold_q       <= 1'b1;
      halted_q     <= 1'b0;
      fw_status_q  <= '0;
      doorbell_q   <= '0;
      cmdq_base_q  <= '0;
      cmdq_log2_q  <= '0;
      cmdq_head_q  <= '0;
      cmdq_tail_q  <= '0;
      cmdq_en_q    <= 1'b0;
      evq_base_q   <= '0;
      evq_log2_q   <= '0;
      evq_head_q   <= '0;
      evq_tail_q   <= '0;
      evq_en_q     <= 1'b0;
      int_status_q <= '0;
      int_mask_q   <= '1;
      int_eff_q    <= '0;
      rdata_q      <= '0;
    end else begin
      dev_reset_q  <= 1'b0;
      // read data of the addressed word (both halves)
      if (req_i && !we_i && be_ok && word >= R_PERF[15:3] && word < R_PERF_END[15:3]) begin : l_perf
        logic [63:0] v;
        v = perf_word(word - R_PERF[15:3]);
        rdata_q <= {be_i[4] ? v[63:32] : 32'd0, be_i[0] ? v[31:0] : 32'd0};
      end else if (req_i && !we_i && be_ok)
        rdata_q <= {be_i[4] ? rd32({word, 3'b100}) : 32'd0,
                    be_i[0] ? rd32({word, 3'b000}) : 32'd0};
      else if (req_i)
        rdata_q <= '0;

      // interrupts and MSIs
      int_status_q <= int_next;
      int_mask_q   <= mask_next;
      int_eff_q    <= int_eff;

      // host-writable registers
      if (req_i && we_i) begin
        if (`UVS_HIF_HW(R_SCRATCH))         scratch_q[31:0]    <= `UVS_HIF_WD(R_SCRATCH[2]);
        if (`UVS_HIF_HW(R_SCRATCH_HI)) scratch_q[63:32]   <= `UVS_HIF_WD(R_SCRATCH_HI[2]);
        if (`UVS_HIF_HW(R_BOOT_ENTRY))      boot_entry_q[31:0] <= `UVS_HIF_WD(R_BOOT_ENTRY[2]);
        if (`UVS_HIF_HW(R_BOOT_ENTRY_HI)) boot_entry_q[63:32] <= `UVS_HIF_WD(R_BOOT_ENTRY_HI[2]);
        if (`UVS_HIF_HW(R_BOOT_DTB))        boot_dtb_q[31:0]   <= `UVS_HIF_WD(R_BOOT_DTB[2]);
        if (`UVS_HIF_HW(R_BOOT_DTB_HI)) boot_dtb_q[63:32] <= `UVS_HIF_WD(R_BOOT_DTB_HI[2]);
        if (`UVS_HIF_HW(R_BOOT_MENTRY))     boot_mentry_q[31:0]  <= `UVS_HIF_WD(R_BOOT_MENTRY[2]);
        if (`UVS_HIF_HW(R_BOOT_MENTRY_HI)) boot_mentry_q[63:32] <= `UVS_HIF_WD(R_BOOT_MENTRY_HI[2]);
        if (`UVS_HIF_HW(R_CMDQ_BASE))       cmdq_base_q[31:0]  <= `UVS_HIF_WD(R_CMDQ_BASE[2]);
        if (`UVS_HIF_HW(R_CMDQ_BASE_HI)) cmdq_base_q[63:32] <= `UVS_HIF_WD(R_CMDQ_BASE_HI[2]);
        if (`UVS_HIF_HW(R_CMDQ_LOG2SZ))     cmdq_log2_q        <= `UVS_HIF_WD(R_CMDQ_LOG2SZ[2]);
        if (`UVS_HIF_HW(R_CMDQ_TAIL))       cmdq_tail_q        <= `UVS_HIF_WD(R_CMDQ_TAIL[2]);
        if (`UVS_HIF_HW(R_EVQ_BASE))        evq_base_q[31:0]   <= `UVS_HIF_WD(R_EVQ_BASE[2]);
        if (`UVS_HIF_HW(R_EVQ_BASE_HI)) evq_base_q[63:32] <= `UVS_HIF_WD(R_EVQ_BASE_HI[2]);
        if (`UVS_HIF_HW(R_EVQ_LOG2SZ))      evq_log2_q         <= `UVS_HIF_WD(R_EVQ_LOG2SZ[2]);
        if (`UVS_HIF_HW(R_EVQ_HEAD))        evq_head_q         <= `UVS_HIF_WD(R_EVQ_HEAD[2]);
        if (`UVS_HIF_HW(R_DOORBELL) && `UVS_HIF_WD(R_DOORBELL[2]) != 32'd0)
          doorbell_q <= `UVS_HIF_WD(R_DOORBELL[2]);
        // enabling a queue resets its HEAD and TAIL (hostif.def)
        if (`UVS_HIF_HW(R_CMDQ_CTRL)) begin
          cmdq_en_q <= `UVS_HIF_WD0(R_CMDQ_CTRL[2]);
          if (`UVS_HIF_WD0(R_CMDQ_CTRL[2]) && !cmdq_en_q) begin
            cmdq_head_q <= '0;
            cmdq_tail_q <= '0;
          end
        end
        if (`UVS_HIF_HW(R_EVQ_CTRL)) begin
          evq_en_q <= `UVS_HIF_WD0(R_EVQ_CTRL[2]);
          if (`UVS_HIF_WD0(R_EVQ_CTRL[2]) && !evq_en_q) begin
            evq_head_q <= '0;
            evq_tail_q <= '0;
          end
        end
        // management hart control: HOLD; leaving HOLD boots the ROM
        if (`UVS_HIF_HW(R_MGMT_CTRL)) begin
          hold_q <= `UVS_HIF_WD0(R_MGMT_CTRL[2]);
          if (`UVS_HIF_WD0(R_MGMT_CTRL[2])) begin
            halted_q    <= 1'b0;
            fw_status_q <= '0;
          end
        end

        // device-writable registers
        if (`UVS_HIF_DW(R_FW_STATUS)) fw_status_q <= `UVS_HIF_WD(R_FW_STATUS[2]);
        if (`UVS_HIF_DW(R_DOORBELL))  doorbell_q  <= `UVS_HIF_WD(R_DOORBELL[2]);
        if (`UVS_HIF_DW(R_CMDQ_HEAD)) cmdq_head_q <= `UVS_HIF_WD(R_CMDQ_HEAD[2]);
        if (`UVS_HIF_DW(R_CMDQ_CTRL)) cmdq_en_q   <= `UVS_HIF_WD0(R_CMDQ_CTRL[2]);
        if (`UVS_HIF_DW(R_EVQ_TAIL))  evq_tail_q  <= `UVS_HIF_WD(R_EVQ_TAIL[2]);
      end
      if (halt_req && !hold_q && !halted_q) begin
        halted_q  <= 1'b1;
        fw_exit_q <= halt_status;
      end
    end
  end

  // Straps, sampled during reset.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      cfg_link_q  <= cfg_host_link_i;
      cfg_entry_q <= cfg_boot_entry_i;
      cfg_sram_q  <= cfg_sram_size_i;
      cfg_hbm_q   <= cfg_hbm_size_i;
      cfg_caps_q  <= cfg_caps_i;
      cfg_khz_q   <= cfg_clock_khz_i;
      cfg_lat_q   <= cfg_link_latency_i;
      cfg_bw_q    <= cfg_link_bw_i;
      cfg_mps_q   <= cfg_link_mps_i;
      cfg_hlat_q  <= cfg_hbm_latency_i;
      cfg_hbw_q   <= cfg_hbm_bw_i;
    end
  end

  assign msi_o = (rst_ni && !dev_reset_req) ? msi_vectors(int_rise) : 32'd0;

  // Leaving HOLD boots the ROM: the boot-ROM write port.
  assign boot_valid_o  = rst_ni && !dev_reset_req && req_i && we_i && `UVS_HIF_HW(R_MGMT_CTRL) &&
                         !`UVS_HIF_WD0(R_MGMT_CTRL[2]) && hold_q;
  assign boot_entry_o  = boot_entry_q;
  assign boot_dtb_o    = boot_dtb_q;
  assign boot_mentry_o = boot_mentry_q;

  if (MSI_VECTORS < 1 || MSI_VECTORS > 32)
    $error("uvs_hostif: MSI_VECTORS must be 1..32");

  `undef UVS_HIF_HIT
  `undef UVS_HIF_WD
  `undef UVS_HIF_WD0
  `undef UVS_HIF_HW
  `undef UVS_HIF_DW
endmodule

// uvs_iommu_cq: command-queue consumer (RISC-V IOMMU spec v1.0 3.1; the C
// model's uvs_iommu_model_process_commands). While cqcsr.cqon is set, no
// error bit (cqmf, cmd_to, cmd_ill) is set and cqh != cqt, it reads the
// 16-byte command at cqb.PPN * 4096 + cqh * 16 and executes it:
//  - IOTINVAL.VMA (3.1.1): invalidation pulse to the IOTLB and the page-walk
//    cache (GV, PSCV, AV operands passed on);
//  - IODIR.INVAL_DDT (3.1.3): device-context cache invalidation; DV with a
//    device_id wider than the ddtp mode allows is illegal;
//  - IOFENCE.C (3.1.2): commands complete in order; the fence also waits
//    until no device-side access translated before it is outstanding
//    (fence_busy_i: the tile engines' issued beats, which pause new issues
//    while fence_wait_o is set, so the wait cannot starve); then the
//    optional 4-byte DATA store to ADDR (AV) and cqcsr.fence_w_ip (WSI);
//  - PAGE_REPLAY (uvmsoc, opcode 64): releases the parked requests of
//    (DID, PRGI) with response RESP; waits while the walker is finishing a
//    request (park_busy_i) so that park state changes one at a time.
// Then cqh advances. Any other opcode/func3, a reserved bit set, or an
// undefined RESP sets cqcsr.cmd_ill; a bus error on the command fetch or the
// IOFENCE.C store sets cqcsr.cqmf. In both cases cqh stays on that command
// and processing stops until software clears the bit.
// cmd_o pulses once per command completed or stopped on (verification trace).
module uvs_iommu_cq
  import uvs_iommu_rec_pkg::*;
  import uvs_iommu_regs_pkg::*;
  import uvs_bus_pkg::*;
(
  input  logic        clk_i,
  input  logic        rst_ni,  // synchronous, active low
  // queue registers
  input  logic [43:0] cq_ppn_i,
  input  logic [31:0] cq_head_i,
  input  logic [31:0] cq_tail_i,
  input  logic        cq_on_i,
  input  logic        cq_stop_i,   // cqmf | cmd_to | cmd_ill
  input  logic        fctl_wsi_i,
  input  logic [3:0]  ddtp_mode_i,
  input  logic        park_busy_i,
  input  logic        fence_busy_i, // device accesses translated earlier still outstanding
  output logic        fence_wait_o, // an IOFENCE.C waits for fence_busy_i to clear
  output logic        head_inc_o,  // pulses to the register block
  output logic        set_cqmf_o,
  output logic        set_cmd_ill_o,
  output logic        set_fence_w_ip_o,
  output logic        cmd_o,
  // IOTINVAL.VMA
  output logic        tlb_inv_o,
  output logic        tlb_inv_av_o,
  output logic        tlb_inv_pscv_o,
  output logic        tlb_inv_gv_o,
  output logic [19:0] tlb_inv_pscid_o,
  output logic [51:0] tlb_inv_vpn_o,  // ADDR: IOVA bits 63:12
  // IODIR.INVAL_DDT
  output logic        dcc_inv_o,
  output logic        dcc_inv_dv_o,
  output logic [23:0] dcc_inv_did_o,
  // PAGE_REPLAY
  output logic        rel_o,
  output logic [23:0] rel_did_o,
  output logic [8:0]  rel_prgi_o,
  output logic [3:0]  rel_resp_o,
  // memory client
  output logic        m_req_o,
  input  logic        m_gnt_i,
  output logic [63:0] m_addr_o,
  output logic        m_we_o,
  output logic [7:0]  m_be_o,
  output logic [63:0] m_wdata_o,
  output logic [3:0]  m_amo_o,
  input  logic        m_rvalid_i,
  input  logic [63:0] m_rdata_i,
  input  logic        m_err_i
);
  typedef enum logic [2:0] {IDLE, RD0, W0, RD1, W1, EXEC, FWR, FWAIT} state_e;
  state_e      state_q;
  logic [63:0] dw0_q, dw1_q;
  logic [63:0] base_q;

  localparam logic [63:0] HDR = UVS_IOMMU_CMD_DW0_OPCODE_MASK | UVS_IOMMU_CMD_DW0_FUNC3_MASK;
  localparam logic [63:0] IOTINVAL_DW0 = HDR | UVS_IOMMU_CMD_IOTINVAL_DW0_AV_MASK |
      UVS_IOMMU_CMD_IOTINVAL_DW0_PSCID_MASK | UVS_IOMMU_CMD_IOTINVAL_DW0_PSCV_MASK |
      UVS_IOMMU_CMD_IOTINVAL_DW0_GV_MASK | UVS_IOMMU_CMD_IOTINVAL_DW0_GSCID_MASK;
  localparam logic [63:0] IOFENCE_DW0 = HDR | UVS_IOMMU_CMD_IOFENCE_DW0_AV_MASK |
      UVS_IOMMU_CMD_IOFENCE_DW0_WSI_MASK | UVS_IOMMU_CMD_IOFENCE_DW0_PR_MASK |
      UVS_IOMMU_CMD_IOFENCE_DW0_PW_MASK | UVS_IOMMU_CMD_IOFENCE_DW0_DATA_MASK;
  localparam logic [63:0] IODIR_DW0 = HDR | UVS_IOMMU_CMD_IODIR_DW0_DV_MASK |
      UVS_IOMMU_CMD_IODIR_DW0_DID_MASK;
  localparam logic [63:0] REPLAY_DW0 = HDR | UVS_IOMMU_CMD_PAGE_REPLAY_DW0_DID_MASK;
  localparam logic [63:0] REPLAY_DW1 = UVS_IOMMU_CMD_PAGE_REPLAY_DW1_PRGI_MASK |
      UVS_IOMMU_CMD_PAGE_REPLAY_DW1_RESP_MASK;

  // ---- decode of the fetched command ----
  logic [6:0] opcode;
  logic [2:0] func3;
  logic       is_inval, is_fence, is_iodir, is_replay, illegal;
  logic       f_av, f_wsi, dv;
  logic [23:0] did;
  logic [3:0] resp;
  always_comb begin
    opcode    = dw0_q[6:0];
    func3     = dw0_q[9:7];
    f_av      = dw0_q[UVS_IOMMU_CMD_IOFENCE_DW0_AV_SHIFT[5:0]];
    f_wsi     = dw0_q[UVS_IOMMU_CMD_IOFENCE_DW0_WSI_SHIFT[5:0]];
    dv        = dw0_q[UVS_IOMMU_CMD_IODIR_DW0_DV_SHIFT[5:0]];
    did       = dw0_q[63:40];
    resp      = dw1_q[47:44];
    is_inval  = opcode == UVS_IOMMU_CMD_OP_IOTINVAL[6:0] && func3 == UVS_IOMMU_CMD_F3_IOTINVAL_VMA[2:0];
    is_fence  = opcode == UVS_IOMMU_CMD_OP_IOFENCE[6:0] && func3 == UVS_IOMMU_CMD_F3_IOFENCE_C[2:0];
    is_iodir  = opcode == UVS_IOMMU_CMD_OP_IODIR[6:0] && func3 == UVS_IOMMU_CMD_F3_IODIR_INVAL_DDT[2:0];
    is_replay = opcode == UVS_IOMMU_CMD_OP_UVS_PAGE_REPLAY[6:0] &&
                func3 == UVS_IOMMU_CMD_F3_UVS_PAGE_REPLAY[2:0];
    illegal = 1'b1;
    if (is_inval)
      illegal = (dw0_q & ~IOTINVAL_DW0) != 0 || (dw1_q & ~UVS_IOMMU_CMD_IOTINVAL_DW1_ADDR_MASK) != 0;
    else if (is_fence)
      illegal = (dw0_q & ~IOFENCE_DW0) != 0 || (dw1_q & ~UVS_IOMMU_CMD_IOFENCE_DW1_ADDR_MASK) != 0 ||
                (f_wsi && !fctl_wsi_i);
    else if (is_iodir)
      illegal = (dw0_q & ~IODIR_DW0) != 0 || dw1_q != 0 ||
                (dv && ddtp_mode_i == UVS_IOMMU_DDTP_MODE_1LVL[3:0] && did[23:7] != 0) ||
                (dv && ddtp_mode_i == UVS_IOMMU_DDTP_MODE_2LVL[3:0] && did[23:16] != 0);
    else if (is_replay)
      illegal = (dw0_q & ~REPLAY_DW0) != 0 || (dw1_q & ~REPLAY_DW1) != 0 ||
                !(resp == UVS_IOMMU_PRG_RESP_SUCCESS[3:0] || resp == UVS_IOMMU_PRG_RESP_INVALID[3:0] ||
                  resp == UVS_IOMMU_PRG_RESP_FAILURE[3:0]);
  end

  logic exec_now;  // EXEC completes this cycle without a memory access
  assign exec_now = state_q == EXEC && !illegal && !(is_fence && (f_av || fence_busy_i)) &&
                    !(is_replay && park_busy_i);
  assign fence_wait_o = state_q == EXEC && !illegal && is_fence;

  assign tlb_inv_o       = exec_now && is_inval;
  assign tlb_inv_av_o    = dw0_q[UVS_IOMMU_CMD_IOTINVAL_DW0_AV_SHIFT[5:0]];
  assign tlb_inv_pscv_o  = dw0_q[UVS_IOMMU_CMD_IOTINVAL_DW0_PSCV_SHIFT[5:0]];
  assign tlb_inv_gv_o    = dw0_q[UVS_IOMMU_CMD_IOTINVAL_DW0_GV_SHIFT[5:0]];
  assign tlb_inv_pscid_o = dw0_q[31:12];
  assign tlb_inv_vpn_o   = dw1_q[61:10];
  assign dcc_inv_o       = exec_now && is_iodir;
  assign dcc_inv_dv_o    = dv;
  assign dcc_inv_did_o   = did;
  assign rel_o           = exec_now && is_replay;
  assign rel_did_o       = did;
  assign rel_prgi_o      = dw1_q[40:32];
  assign rel_resp_o      = resp;

  logic fetch_err, fence_done;
  assign fetch_err  = (state_q == W0 || state_q == W1) && m_rvalid_i && m_err_i;
  assign fence_done = state_q == FWAIT && m_rvalid_i;

  assign head_inc_o       = exec_now || (fence_done && !m_err_i);
  assign set_cqmf_o       = fetch_err || (fence_done && m_err_i);
  assign set_cmd_ill_o    = state_q == EXEC && illegal;
  assign set_fence_w_ip_o = ((exec_now && is_fence) || (fence_done && !m_err_i)) && f_wsi;
  assign cmd_o            = head_inc_o || set_cqmf_o || set_cmd_ill_o;

  // ---- memory client: command fetch (two doublewords), IOFENCE.C store ----
  logic [61:0] fword;  // IOFENCE.C ADDR[63:2]
  assign fword     = dw1_q[61:0];
  assign m_req_o   = state_q == RD0 || state_q == RD1 || state_q == FWR;
  assign m_addr_o  = state_q == RD0 ? base_q : state_q == RD1 ? base_q + 64'd8 : {fword[61:1], 3'b000};
  assign m_we_o    = state_q == FWR;
  assign m_be_o    = state_q == FWR ? (fword[0] ? 8'hf0 : 8'h0f) : 8'hff;
  assign m_wdata_o = {dw0_q[63:32], dw0_q[63:32]};
  assign m_amo_o   = UVS_AMO_NONE[3:0];

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= IDLE;
      dw0_q   <= '0;
      dw1_q   <= '0;
      base_q  <= '0;
    end else begin
      case (state_q)
        IDLE: if (cq_on_i && !cq_stop_i && cq_head_i != cq_tail_i) begin
          base_q  <= {8'd0, cq_ppn_i, 12'd0} + {28'd0, cq_head_i, 4'd0};
          state_q <= RD0;
        end
        RD0: if (m_gnt_i) state_q <= W0;
        W0: if (m_rvalid_i) begin
          dw0_q   <= m_rdata_i;
          state_q <= m_err_i ? IDLE : RD1;
        end
        RD1: if (m_gnt_i) state_q <= W1;
        W1: if (m_rvalid_i) begin
          dw1_q   <= m_rdata_i;
          state_q <= m_err_i ? IDLE : EXEC;
        end
        EXEC: begin
          if (illegal || exec_now) state_q <= IDLE;
          else if (is_fence && f_av && !fence_busy_i) state_q <= FWR;
        end
        FWR: if (m_gnt_i) state_q <= FWAIT;
        FWAIT: if (m_rvalid_i) state_q <= IDLE;
        default: state_q <= IDLE;
      endcase
    end
  end
endmodule

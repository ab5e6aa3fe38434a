// uvs_uart: UART with the register set of the 16550 (TI/National PC16550D
// datasheet, section 8 "Registers"; byte registers at offsets 0..7,
// reg-shift 0, so all eight share one aligned 8-byte bus word and each
// enabled byte lane is one register access; they alias every 8 bytes).
//   0 RBR (read) / THR (write) / DLL (LCR.DLAB = 1)
//   1 IER                      / DLM (LCR.DLAB = 1)
//   2 IIR (read) / FCR (write)
//   3 LCR   4 MCR   5 LSR   6 MSR   7 SCR
// Transmission is instantaneous: a THR write puts the byte on the transmit
// byte stream (tx_valid_o/tx_data_o, in the cycle of the write; the
// simulation top prints it on stdout, a board top feeds a serializer), so
// LSR.THRE and LSR.TEMT always read 1. There is no receive source yet: LSR.DR = 0 and RBR reads 0. Interrupt:
// "transmitter holding register empty" (IIR = 0x02 | FIFO bits) is raised
// when IER.ETBEI goes 1 with THR empty and after each THR write, and cleared
// by reading IIR while it is reported or by clearing ETBEI (datasheet table 4).
// In loopback (MCR bit 4) MSR reflects MCR and transmitted bytes are dropped.
// Divisor latches and the line settings are stored but do not affect timing.
module uvs_uart (
  input  logic        clk_i,
  input  logic        rst_ni,   // synchronous, active low
  input  logic        req_i,    // access this cycle (always ready)
  input  logic        we_i,
  input  logic [7:0]  be_i,     // one register per enabled byte lane
  input  logic [63:0] wdata_i,
  output logic [63:0] rdata_o,  // register bytes in their lanes, one cycle later
  output logic        irq_o,    // interrupt request (level)
  output logic        tx_valid_o,  // a byte is transmitted this cycle
  output logic [7:0]  tx_data_o
);
  localparam logic [7:0] LSR_VALUE = 8'h60;  // THRE | TEMT, DR = 0

  logic [7:0] ier_q, lcr_q, mcr_q, scr_q, dll_q, dlm_q;
  logic       fifo_en_q;   // FCR bit 0
  logic       thre_ip_q;   // THR-empty interrupt pending
  logic [63:0] rdata_q;
  logic       dlab;
  logic [7:0] iir, msr;

  assign dlab    = lcr_q[7];
  // THR (byte lane 0) written, not in loopback
  assign tx_valid_o = rst_ni && req_i && we_i && be_i[0] && !dlab && !mcr_q[4];
  assign tx_data_o  = wdata_i[7:0];
  assign irq_o   = thre_ip_q;
  assign rdata_o = rdata_q;
  assign iir     = {{2{fifo_en_q}}, 4'b0000, thre_ip_q ? 2'b10 : 2'b01};
  assign msr     = mcr_q[4] ? {mcr_q[3], mcr_q[2], mcr_q[0], mcr_q[1], 4'b0000}
                            : 8'h00;

  // Value of register r as seen by a read (side effects are in the always_ff).
  function automatic logic [7:0] read_reg(logic [2:0] r);
    unique case (r)
      3'd0:    return dlab ? dll_q : 8'h00;  // RBR: no receive data
      3'd1:    return dlab ? dlm_q : ier_q;
      3'd2:    return iir;
      3'd3:    return lcr_q;
      3'd4:    return mcr_q;
      3'd5:    return LSR_VALUE;
      3'd6:    return msr;
      default: return scr_q;
    endcase
  endfunction

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ier_q     <= '0;
      lcr_q     <= '0;
      mcr_q     <= '0;
      scr_q     <= '0;
      dll_q     <= '0;
      dlm_q     <= '0;
      fifo_en_q <= 1'b0;
      thre_ip_q <= 1'b0;
      rdata_q   <= '0;
    end else if (req_i) begin
      for (int b = 0; b < 8; b++) begin
        logic [2:0] r;
        logic [7:0] d;
        r = 3'(b);  // registers alias every 8 bytes in the region
        d = wdata_i[8*b +: 8];
        rdata_q[8*b +: 8] <= be_i[b] && !we_i ? read_reg(r) : 8'h00;
        if (be_i[b] && we_i) begin
          unique case (r)
            3'd0: begin
              if (dlab) dll_q <= d;
              else thre_ip_q <= ier_q[1];  // the byte goes out on tx_valid_o
            end
            3'd1: begin
              if (dlab) dlm_q <= d;
              else begin
                ier_q <= {4'b0000, d[3:0]};
                if (!d[1]) thre_ip_q <= 1'b0;
                else if (!ier_q[1]) thre_ip_q <= 1'b1;
              end
            end
            3'd2: fifo_en_q <= d[0];
            3'd3: lcr_q <= d;
            3'd4: mcr_q <= {3'b000, d[4:0]};
            3'd7: scr_q <= d;
            default: ;  // LSR and MSR are read-only
          endcase
        end else if (be_i[b] && r == 3'd2 && thre_ip_q) begin
          thre_ip_q <= 1'b0;  // reading IIR that reports THRE clears it
        end
      end
    end
  end
endmodule

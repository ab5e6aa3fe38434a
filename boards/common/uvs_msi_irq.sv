// uvs_msi_irq: the core's MSI vector pulses (uvs_soc_core msi_o: bit v =
// vector v raised this cycle) as interrupt request lines of a board's host
// bridge, one line per vector (N lines; vectors >= N fold onto line 0, as
// hostif.def folds bits >= MSI_VECTORS onto vector 0).
//   ACK = 1: request/acknowledge handshake of the Xilinx DMA/Bridge
//            Subsystem's user interrupts (PG195, "Interrupt Interface":
//            usr_irq_req[i] held until usr_irq_ack[i]; one ack per MSI).
//            A vector raised again while its request is pending is merged
//            (MSI semantics: the host handler reads the cause from BAR0).
//   ACK = 0: level lines without acknowledge (PolarFire SoC MSS_INT_F2M into
//            the MSS PLIC): each raise holds the line high for HOLD cycles,
//            so that the PLIC's gateway, clocked by the MSS, samples it.
module uvs_msi_irq #(
  parameter int N    = 8,   // request lines, 1..32
  parameter int ACK  = 1,   // 1: req/ack handshake; 0: stretched level
  parameter int HOLD = 16   // ACK = 0: cycles a raise stays visible, >= 1
) (
  input  logic         clk_i,
  input  logic         rst_ni,  // synchronous, active low
  input  logic [31:0]  msi_i,   // vectors raised this cycle
  output logic [N-1:0] irq_req_o,
  input  logic [N-1:0] irq_ack_i  // ACK = 1 only
);
  logic [N-1:0] raise;
  always_comb begin
    raise = msi_i[N-1:0];
    if (N < 32 && |msi_i[31:N]) raise[0] = 1'b1;
  end

  if (ACK != 0) begin : g_ack
    always_ff @(posedge clk_i) begin
      if (!rst_ni) irq_req_o <= '0;
      else         irq_req_o <= (irq_req_o & ~irq_ack_i) | raise;
    end
  end else begin : g_level
    localparam int CW = (HOLD > 1) ? $clog2(HOLD + 1) : 1;
    for (genvar i = 0; i < N; i++) begin : g_line
      logic [CW-1:0] left;  // cycles line i stays high (per line: Yosys 0.55 cannot index a packed
                            // array declared in the enclosing generate block)
      always_ff @(posedge clk_i) begin
        if (!rst_ni)       left <= '0;
        else if (raise[i]) left <= CW'(HOLD);
        else if (left != '0) left <= left - CW'(1);
      end
      assign irq_req_o[i] = left != '0;
    end
    /* verilator lint_off UNUSEDSIGNAL */
    logic unused_ack;
    assign unused_ack = |irq_ack_i;
    /* verilator lint_on UNUSEDSIGNAL */
  end
endmodule

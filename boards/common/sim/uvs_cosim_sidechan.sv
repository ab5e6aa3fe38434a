// uvs_cosim_sidechan: co-simulation only. The simulator's console, access
// trace and retire trace for a board top's core (the same DPI calls as the
// simulation top rtl/sim/uvs_soc.sv makes for its core): UART0's byte stream
// to uvs_dpi_uart_tx, the compute harts' translated accesses to
// uvs_dpi_xlat_access, and each hart's retirements to uvs_retire_hook
// (single-thread harts; the board tops use uvs_pipe_core harts only).
module uvs_cosim_sidechan #(
  parameter int NUM_HARTS = 5
) (
  input  logic                           clk_i,
  input  logic                           trace_retired_i,  // 1: uvs_dpi_retire per retirement
  input  logic [63:0]                    cycle_i,
  input  logic                           uart_tx_valid_i,
  input  logic [7:0]                     uart_tx_data_i,
  input  logic [NUM_HARTS-1:0]           rvfi_valid_i,
  input  logic [NUM_HARTS-1:0][63:0]     rvfi_pc_i,
  input  logic [NUM_HARTS-1:0][31:0]     rvfi_insn_i,
  input  logic [NUM_HARTS-1:0][4:0]      rvfi_rd_i,
  input  logic [NUM_HARTS-1:0][63:0]     rvfi_wdata_i,
  input  logic [NUM_HARTS-1:0]           xlat_valid_i,
  input  logic [NUM_HARTS-1:0][7:0]      xlat_id_i,
  input  logic [NUM_HARTS-1:0][63:0]     xlat_va_i,
  input  logic [NUM_HARTS-1:0][63:0]     xlat_pa_i,
  input  logic [NUM_HARTS-1:0][1:0]      xlat_flags_i
);
  import "DPI-C" function void uvs_dpi_uart_tx(input byte c);
  always_ff @(posedge clk_i) begin
    if (uart_tx_valid_i) uvs_dpi_uart_tx(uart_tx_data_i);
  end

  import "DPI-C" function void uvs_dpi_xlat_access(input int hart, input int id, input longint va,
                                                   input longint pa, input byte flags);
  for (genvar h = 1; h < NUM_HARTS; h++) begin : g_acc_trace
    always_ff @(posedge clk_i) begin
      if (xlat_valid_i[h])
        uvs_dpi_xlat_access(h, int'(xlat_id_i[h]), xlat_va_i[h], xlat_pa_i[h], {6'd0, xlat_flags_i[h]});
    end
  end

  for (genvar h = 0; h < NUM_HARTS; h++) begin : g_retire
    uvs_retire_hook #(.HART(h)) u_retire (
      .clk_i,
      .enable_i   (trace_retired_i),
      .cycle_i    (cycle_i),
      .valid_i    (rvfi_valid_i[h]),
      .trap_i     (1'b0),
      .pc_i       (rvfi_pc_i[h]),
      .insn_i     (rvfi_insn_i[h]),
      .rd_i       (rvfi_rd_i[h]),
      .rd_wdata_i (rvfi_wdata_i[h])
    );
  end
  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_x;
  assign unused_x = xlat_valid_i[0] | (|xlat_id_i[0]) | (|xlat_va_i[0]) | (|xlat_pa_i[0]) | (|xlat_flags_i[0]);
  /* verilator lint_on UNUSEDSIGNAL */
endmodule

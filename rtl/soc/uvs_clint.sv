// uvs_clint: core-local interruptor with the SiFive CLINT register layout
// (compatible "riscv,clint0"; offsets from uvs_memmap_pkg): per hart a 32-bit
// msip at +4*h (bit 0 only) and a 64-bit mtimecmp at +0x4000 + 8*h, and a
// 64-bit mtime at +0xBFF8 that counts up once every MTIME_DIV clock cycles.
// 32- and 64-bit accesses work through the byte enables of the aligned 8-byte
// word. irq_timer[h] = (mtime >= mtimecmp[h]) and irq_software[h] = msip[h]
// (RISC-V privileged spec 3.2.1 "Machine Timer Registers", 3.1.9 MIP).
// Other offsets read as zero and ignore writes. mtimecmp resets to all ones
// so that no timer interrupt is pending before software programs it.
// irq_timer is a register: the comparison is made on the values mtime and
// mtimecmp take at the clock edge, so it is always that of the registers'
// present values (no cycle of lag), and the hart's interrupt logic starts
// from a flip-flop instead of a 64-bit comparator (issue 15: the Icicle's
// longest path ran from this comparator into the hart's trap logic).
module uvs_clint #(
  parameter int NUM_HARTS = 1,   // 1 .. UVS_MAX_HARTS
  parameter int MTIME_DIV = 100  // clock cycles per mtime tick, >= 1
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,     // synchronous, active low
  input  logic                 req_i,      // access this cycle (always ready)
  input  logic [15:3]          addr_i,     // 8-byte word offset in the CLINT region
  input  logic                 we_i,
  input  logic [7:0]           be_i,
  input  logic [63:0]          wdata_i,
  output logic [63:0]          rdata_o,    // aligned word, one cycle later
  output logic [63:0]          mtime_o,
  output logic [NUM_HARTS-1:0] irq_software_o,
  output logic [NUM_HARTS-1:0] irq_timer_o
);
  import uvs_memmap_pkg::*;

  localparam logic [12:0] MSIP_W     = 13'(UVS_CLINT_MSIP_OFF >> 3);
  localparam logic [12:0] MTIMECMP_W = 13'(UVS_CLINT_MTIMECMP_OFF >> 3);
  localparam logic [12:0] MTIME_W    = 13'(UVS_CLINT_MTIME_OFF >> 3);
  localparam int          DW         = (MTIME_DIV > 1) ? $clog2(MTIME_DIV) : 1;

  logic [NUM_HARTS-1:0]        msip_q;
  logic [NUM_HARTS-1:0][63:0]  mtimecmp_q;
  logic [63:0]                 mtime_q, mtime_d;
  logic [NUM_HARTS-1:0][63:0]  mtimecmp_d;
  logic [NUM_HARTS-1:0]        irq_timer_q;
  logic [DW-1:0]               div_q;
  logic [63:0]                 rdata_q;
  logic [12:0]                 word;       // 8-byte word index in the region
  logic [63:0]                 bmask;      // byte enables widened to bits

  assign word = addr_i;
  always_comb begin
    for (int b = 0; b < 8; b++) bmask[8*b +: 8] = {8{be_i[b]}};
  end

  assign rdata_o = rdata_q;
  assign mtime_o = mtime_q;
  assign irq_software_o = msip_q;
  assign irq_timer_o = irq_timer_q;

  // Read data of the addressed word.
  function automatic logic [63:0] read_word(logic [12:0] w);
    logic [63:0] r;
    r = '0;
    for (int h = 0; h < NUM_HARTS; h++) begin
      if (w == MSIP_W + 13'(h / 2)) r[32 * (h % 2)] = msip_q[h];
      if (w == MTIMECMP_W + 13'(h)) r = mtimecmp_q[h];
    end
    if (w == MTIME_W) r = mtime_q;
    return r;
  endfunction

  // Next values of mtime (prescaler tick; a write takes precedence) and of
  // each mtimecmp (byte-enabled writes).
  always_comb begin
    mtime_d    = (int'(div_q) == MTIME_DIV - 1) ? mtime_q + 64'd1 : mtime_q;
    mtimecmp_d = mtimecmp_q;
    if (req_i && we_i) begin
      for (int h = 0; h < NUM_HARTS; h++)
        if (word == MTIMECMP_W + 13'(h))
          mtimecmp_d[h] = (mtimecmp_q[h] & ~bmask) | (wdata_i & bmask);
      if (word == MTIME_W)
        mtime_d = (mtime_q & ~bmask) | (wdata_i & bmask);
    end
  end

  // mtime >= mtimecmp as the borrow of mtime - mtimecmp: one carry chain
  // (a compare written as >= became a 26-LUT ripple on PolarFire, as the
  // divider's did, uvs_muldiv.sv).
  logic [NUM_HARTS-1:0] borrow;
  always_comb begin
    for (int h = 0; h < NUM_HARTS; h++) begin
      /* verilator lint_off UNUSEDSIGNAL */
      logic [64:0] diff;  // {borrow, the difference (unused)}
      /* verilator lint_on UNUSEDSIGNAL */
      diff      = {1'b0, mtime_d} - {1'b0, mtimecmp_d[h]};
      borrow[h] = diff[64];
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      msip_q      <= '0;
      mtimecmp_q  <= '1;
      mtime_q     <= '0;
      irq_timer_q <= '0;  // mtime 0 < mtimecmp all ones
      div_q       <= '0;
      rdata_q     <= '0;
    end else begin
      div_q      <= (int'(div_q) == MTIME_DIV - 1) ? '0 : div_q + DW'(1);
      mtime_q    <= mtime_d;
      mtimecmp_q <= mtimecmp_d;
      for (int h = 0; h < NUM_HARTS; h++) irq_timer_q[h] <= !borrow[h];
      if (req_i) begin
        rdata_q <= read_word(word);
        if (we_i)
          for (int h = 0; h < NUM_HARTS; h++)
            if (word == MSIP_W + 13'(h / 2) && be_i[4 * (h % 2)])
              msip_q[h] <= wdata_i[32 * (h % 2)];
      end
    end
  end
endmodule

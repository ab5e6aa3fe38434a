// uvs_dma: the DMA engine (include/uvmsoc/dma.def; host/README.md rule 2):
// NCH channels of registers at UVS_DMA_BASE + c * DMA_CHAN_STRIDE (channel
// DMA_CHAN_HOST also at BAR0 + HOSTIF_DMA_OFF, routed here by the SoC), and
// one engine that executes the descriptors of the channels in turn.
//
// Division of work: this block owns the architectural state (registers,
// ring indices, HALTED, ERR_ADDR, interrupts) and the sequencing; its data
// path uvs_dma_xfer runs one descriptor at a time through the two AXI4
// masters h_axi (host memory: channel DMA_CHAN_HOST's rings and every host
// range, at HOSTWIN_BASE + host bus address) and d_axi (SRAM and HBM): it reads the descriptor at ring index
// HEAD, copies, and writes the completion record at CPL_TAIL. A failed
// descriptor (status != DMA_ST_OK) still gets its completion record, then
// halts the channel (STATUS.HALTED, ERR_ADDR). A descriptor or completion
// ring that is misconfigured, or a descriptor or completion address the
// bus answers with an error, halts the channel without a completion,
// ERR_ADDR = that address. A full completion ring (CPL_TAIL + 1 ==
// CPL_HEAD) stalls the channel. A channel RESET while its descriptor runs
// abandons it (uvs_dma_xfer abort_i: no completion, bytes already written
// stay); the engine starts nothing else until the data path is idle.
// While a descriptor runs, the data path may prefetch its channel's next
// one (HEAD + 1 when that is below TAIL: handed over, so the host no longer
// writes it); a register write other than TAIL or CPL_HEAD makes it forget
// the prefetch (a ring reconfigured or reset).
//
// Registers are 32 or 64 bits (byte enables 0x0f, 0xf0 or 0xff; other
// accesses and offsets read 0 and are ignored). done_o/error_o pulse per
// channel for DMA_FLAG_IRQ completions and halts.
`include "uvs_axi_ports.svh"
module uvs_dma #(
  parameter int NCH        = 2,   // channels, 1..256
  parameter int BEAT_BYTES = 64   // data width of h_axi and d_axi in bytes: 8, 16, 32, 64 or 128
) (
  input  logic           clk_i,
  input  logic           rst_ni,     // synchronous, active low
  // shared MMIO bus target port (always ready, rdata one cycle later)
  input  logic           req_i,
  input  logic [15:3]    addr_i,     // 8-byte word offset in the DMA region
  input  logic           we_i,
  input  logic [7:0]     be_i,
  input  logic [63:0]    wdata_i,
  output logic [63:0]    rdata_o,
  // per channel: a descriptor with DMA_FLAG_IRQ completed / the channel halted
  output logic [NCH-1:0] done_o,
  output logic [NCH-1:0] error_o,
  // a channel has descriptors to run (or a ring error to report), one runs,
  // or an interrupt pulse is out: the engine needs its clock (the SoC's
  // clock gate; requests and answers on its masters need it too)
  output logic           active_o,
  // straps: bytes of SRAM at UVS_SRAM_BASE and of HBM at UVS_HBM_BASE (device ranges checked against them)
  input  logic [63:0]    sram_size_i,
  input  logic [63:0]    hbm_size_i,
  // the data path's AXI4 masters (uvs_dma_xfer)
  `UVS_AXI4W_M_PORTS(h_axi, BEAT_BYTES),
  `UVS_AXI4W_M_PORTS(d_axi, BEAT_BYTES)
);
  import uvs_dma_pkg::*;

  localparam logic [7:0] R_RING_BASE = 8'(UVS_DMA_RING_BASE_OFF);
  localparam logic [7:0] R_RING_LOG2 = 8'(UVS_DMA_RING_LOG2SZ_OFF);
  localparam logic [7:0] R_CTRL      = 8'(UVS_DMA_CTRL_OFF);
  localparam logic [7:0] R_HEAD      = 8'(UVS_DMA_RING_HEAD_OFF);
  localparam logic [7:0] R_TAIL      = 8'(UVS_DMA_RING_TAIL_OFF);
  localparam logic [7:0] R_CPL_BASE  = 8'(UVS_DMA_CPL_BASE_OFF);
  localparam logic [7:0] R_CPL_LOG2  = 8'(UVS_DMA_CPL_LOG2SZ_OFF);
  localparam logic [7:0] R_STATUS    = 8'(UVS_DMA_STATUS_OFF);
  localparam logic [7:0] R_CPL_HEAD  = 8'(UVS_DMA_CPL_HEAD_OFF);
  localparam logic [7:0] R_CPL_TAIL  = 8'(UVS_DMA_CPL_TAIL_OFF);
  localparam logic [7:0] R_ERR_ADDR  = 8'(UVS_DMA_ERR_ADDR_OFF);
  localparam logic [31:0] LOG2_MAX   = 32'(UVS_DMA_RING_LOG2SZ_MAX);
  localparam int          CW         = (NCH > 1) ? $clog2(NCH) : 1;

  // ---- channel state ----
  logic [NCH-1:0][63:0] ring_base_q, cpl_base_q, err_addr_q;
  logic [NCH-1:0][31:0] ring_log2_q, cpl_log2_q, head_q, tail_q, chead_q, ctail_q;
  logic [NCH-1:0]       en_q, halted_q;
  // ---- engine ----
  logic          busy_q;
  logic [CW-1:0] cur_q;      // channel being served
  logic [CW-1:0] rr_q;       // next channel to consider first
  logic [63:0]   rdata_q;
  logic [NCH-1:0] done_q, error_q;

  // ---- access decode ----
  logic        be_ok, wr_lo, wr_hi;
  logic [7:0]  chan_sel;
  logic [4:0]  word;       // 8-byte word in the channel block
  assign be_ok    = (be_i == 8'hff) || (be_i == 8'h0f) || (be_i == 8'hf0);
  assign chan_sel = addr_i[15:8];
  assign word     = addr_i[7:3];
  assign wr_lo    = req_i && we_i && be_ok && be_i[0];
  assign wr_hi    = req_i && we_i && be_ok && be_i[4];

  // The 32-bit register at offset off of channel c is written this cycle.
  function automatic logic hit(int c, logic [7:0] off);
    return (int'(chan_sel) == c) && (word == off[7:3]) && off[1:0] == 2'b00 &&
           (off[2] ? wr_hi : wr_lo);
  endfunction
  // The data written to a 32-bit register in the upper (hi = 1) or lower half.
  function automatic logic [31:0] wd(logic hi);
    return hi ? wdata_i[63:32] : wdata_i[31:0];
  endfunction

  // Read data of the 32-bit register at off of channel c.
  function automatic logic [31:0] rd32(int c, logic [7:0] off);
    unique case (off)
      R_RING_BASE:        return ring_base_q[c][31:0];
      R_RING_BASE + 8'd4: return ring_base_q[c][63:32];
      R_RING_LOG2:        return ring_log2_q[c];
      R_CTRL:             return {31'd0, en_q[c]};
      R_HEAD:             return head_q[c];
      R_TAIL:             return tail_q[c];
      R_CPL_BASE:         return cpl_base_q[c][31:0];
      R_CPL_BASE + 8'd4:  return cpl_base_q[c][63:32];
      R_CPL_LOG2:         return cpl_log2_q[c];
      R_STATUS:           return {30'd0, halted_q[c], busy_q && int'(cur_q) == c};
      R_CPL_HEAD:         return chead_q[c];
      R_CPL_TAIL:         return ctail_q[c];
      R_ERR_ADDR:         return err_addr_q[c][31:0];
      R_ERR_ADDR + 8'd4:  return err_addr_q[c][63:32];
      default:            return 32'd0;
    endcase
  endfunction

  // Ring index arithmetic modulo 2^log2 (log2 checked to be 1..LOG2_MAX).
  function automatic logic [31:0] inc(logic [31:0] idx, logic [4:0] log2);
    return (idx + 32'd1) & ((32'd1 << log2) - 32'd1);
  endfunction

  // Channel c's rings are configured consistently (dma.def ranges, alignment).
  function automatic logic cfg_ok(int c);
    return ring_log2_q[c] >= 32'd1 && ring_log2_q[c] <= LOG2_MAX &&
           cpl_log2_q[c] >= 32'd1 && cpl_log2_q[c] <= LOG2_MAX &&
           ring_base_q[c][11:0] == 12'd0 && cpl_base_q[c][11:0] == 12'd0 &&
           tail_q[c] < (32'd1 << ring_log2_q[c][4:0]) &&
           head_q[c] < (32'd1 << ring_log2_q[c][4:0]) &&
           chead_q[c] < (32'd1 << cpl_log2_q[c][4:0]) &&
           ctail_q[c] < (32'd1 << cpl_log2_q[c][4:0]);
  endfunction
  // Channel c's completion ring is full (tail + 1 == head): it stalls.
  function automatic logic cpl_full(int c);
    return inc(ctail_q[c], cpl_log2_q[c][4:0]) == chead_q[c];
  endfunction
  // Channel c needs the engine: descriptors pending, or a ring error to report.
  function automatic logic wants(int c);
    return en_q[c] && !halted_q[c] && head_q[c] != tail_q[c] && (!cfg_ok(c) || !cpl_full(c));
  endfunction

  // ---- the engine's choice this cycle: round robin from rr_q, the first
  // channel that wants the engine; a RESET written to a channel now ----
  logic           go, start;
  logic [CW-1:0]  gc;
  logic [NCH-1:0] rst_hit;
  logic           x_busy, x_done, x_irq;
  logic [8:0]     x_status;
  logic [63:0]    x_err;
  logic           want_any;  // some channel wants the engine
  always_comb begin
    go = 1'b0;
    gc = '0;
    for (int k = NCH - 1; k >= 0; k--) begin
      int c;
      c = int'(rr_q) + k;
      if (c >= NCH) c = c - NCH;
      if (wants(c)) begin
        go = 1'b1;
        gc = CW'(c);
      end
    end
    want_any = go;
    go = go && !busy_q && !x_busy;
    for (int c = 0; c < NCH; c++)
      rst_hit[c] = hit(c, R_CTRL) && (wd(R_CTRL[2]) & 32'(UVS_DMA_CTRL_RESET)) != 0;
  end
  // a configured channel's descriptor starts, unless it is being reset now
  assign start = go && cfg_ok(int'(gc)) && !rst_hit[gc];

  // the running channel's next descriptor, for the data path's prefetch
  logic [31:0] nxt;
  logic        pf_ok, pf_flush;
  assign nxt      = inc(head_q[cur_q], ring_log2_q[cur_q][4:0]);
  assign pf_ok    = busy_q && en_q[cur_q] && !halted_q[cur_q] && nxt != tail_q[cur_q];
  assign pf_flush = req_i && we_i && word != R_TAIL[7:3] && word != R_CPL_HEAD[7:3];

  // host memory through the SoC's host window (memmap.def HOSTWIN)
  uvs_dma_xfer #(
    .BEAT_BYTES (BEAT_BYTES),
    .HOST_BASE  (uvs_memmap_pkg::UVS_HOSTWIN_BASE),
    .HOST_BITS  ($clog2(uvs_memmap_pkg::UVS_HOSTWIN_SIZE))
  ) u_xfer (
    .clk_i,
    .rst_ni,
    .start_i     (start),
    .abort_i     (busy_q && rst_hit[cur_q]),
    .host_ring_i (int'(gc) == int'(UVS_DMA_CHAN_HOST)),
    .desc_addr_i (ring_base_q[gc] + 64'(head_q[gc]) * 64'(UVS_DMA_DESC_SIZE)),
    .index_i     (head_q[gc]),
    .cpl_addr_i  (cpl_base_q[gc] + 64'(ctail_q[gc]) * 64'(UVS_DMA_CPL_SIZE)),
    .sram_size_i,
    .hbm_size_i,
    .pf_ok_i     (pf_ok),
    .pf_addr_i   (ring_base_q[cur_q] + 64'(nxt) * 64'(UVS_DMA_DESC_SIZE)),
    .pf_flush_i  (pf_flush),
    .busy_o      (x_busy),
    .done_o      (x_done),
    .status_o    (x_status),
    .err_addr_o  (x_err),
    .irq_o       (x_irq),
    `UVS_AXI4W_M_UP(h_axi, h_axi),
    `UVS_AXI4W_M_UP(d_axi, d_axi)
  );

  assign rdata_o  = rdata_q;
  assign done_o   = done_q;
  assign error_o  = error_q;
  assign active_o = want_any || busy_q || x_busy || done_q != '0 || error_q != '0;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ring_base_q <= '0;
      cpl_base_q  <= '0;
      err_addr_q  <= '0;
      ring_log2_q <= '0;
      cpl_log2_q  <= '0;
      head_q      <= '0;
      tail_q      <= '0;
      chead_q     <= '0;
      ctail_q     <= '0;
      en_q        <= '0;
      halted_q    <= '0;
      busy_q      <= 1'b0;
      cur_q       <= '0;
      rr_q        <= '0;
      rdata_q     <= '0;
      done_q      <= '0;
      error_q     <= '0;
    end else begin
      done_q  <= '0;
      error_q <= '0;
      if (req_i && !we_i && be_ok && int'(chan_sel) < NCH)
        rdata_q <= {be_i[4] ? rd32(int'(chan_sel), {word, 3'b100}) : 32'd0,
                    be_i[0] ? rd32(int'(chan_sel), {word, 3'b000}) : 32'd0};
      else
        rdata_q <= '0;

      // ---- engine: the current descriptor ended, or the next one starts ----
      if (busy_q && x_done) begin : l_finish
        int c;
        c = int'(cur_q);
        busy_q <= 1'b0;
        if (x_status < 9'd256) begin
          head_q[c]  <= inc(head_q[c], ring_log2_q[c][4:0]);
          ctail_q[c] <= inc(ctail_q[c], cpl_log2_q[c][4:0]);
        end
        if (x_status != 9'd0) begin
          halted_q[c]   <= 1'b1;
          err_addr_q[c] <= x_err;
          error_q[c]    <= 1'b1;
        end else if (x_irq) begin
          done_q[c] <= 1'b1;
        end
      end else if (go) begin : l_start
        int c;
        c = int'(gc);
        rr_q <= (c == NCH - 1) ? '0 : CW'(c + 1);
        if (!cfg_ok(c)) begin
          halted_q[c]   <= 1'b1;
          err_addr_q[c] <= ring_base_q[c];
          error_q[c]    <= 1'b1;
        end else if (start) begin
          busy_q <= 1'b1;
          cur_q  <= gc;
        end
      end

      // ---- register writes (after the engine: a RESET wins) ----
      if (req_i && we_i) for (int c = 0; c < NCH; c++) begin
        if (hit(c, R_RING_BASE))        ring_base_q[c][31:0]  <= wd(R_RING_BASE[2]);
        if (hit(c, R_RING_BASE + 8'd4)) ring_base_q[c][63:32] <= wd(~R_RING_BASE[2]);
        if (hit(c, R_RING_LOG2))        ring_log2_q[c]        <= wd(R_RING_LOG2[2]);
        if (hit(c, R_TAIL))             tail_q[c]             <= wd(R_TAIL[2]);
        if (hit(c, R_CPL_BASE))         cpl_base_q[c][31:0]   <= wd(R_CPL_BASE[2]);
        if (hit(c, R_CPL_BASE + 8'd4))  cpl_base_q[c][63:32]  <= wd(~R_CPL_BASE[2]);
        if (hit(c, R_CPL_LOG2))         cpl_log2_q[c]         <= wd(R_CPL_LOG2[2]);
        if (hit(c, R_CPL_HEAD))         chead_q[c]            <= wd(R_CPL_HEAD[2]);
        if (hit(c, R_CTRL)) begin
          if ((wd(R_CTRL[2]) & 32'(UVS_DMA_CTRL_RESET)) != 0) begin
            en_q[c]       <= 1'b0;
            halted_q[c]   <= 1'b0;
            err_addr_q[c] <= '0;
            head_q[c]     <= '0;
            tail_q[c]     <= '0;
            chead_q[c]    <= '0;
            ctail_q[c]    <= '0;
            done_q[c]     <= 1'b0;
            error_q[c]    <= 1'b0;
            // abandon a descriptor of this channel in progress (abort_i)
            if (busy_q && int'(cur_q) == c)
              busy_q <= 1'b0;
          end else begin
            en_q[c] <= (wd(R_CTRL[2]) & 32'(UVS_DMA_CTRL_ENABLE)) != 0;
          end
        end
      end
    end
  end

  if (NCH < 1 || NCH > 256)
    $error("uvs_dma: NCH must be 1..256");
endmodule

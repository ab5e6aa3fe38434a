// uvs_dma_xfer: the DMA engine's data path (include/uvmsoc/dma.def): executes
// one descriptor through two AXI4 masters of BEAT_BYTES-wide data (ARM IHI
// 0022, AXI4; 64 bytes for an HBM port or XDMA's bridge, 8 for PolarFire
// SoC's FIC0, 128 for the co-simulation's 128-byte data path):
// h_axi toward the host (the PCIe bridge's AXI slave, or a SoC's host port)
// and d_axi toward device memory (SRAM, HBM). It is the synthesizable
// counterpart of sim/dma_exec.c (docs/architecture.md, "SoC boundary (AXI)",
// DMA step 2), which stays the reference model (sim/dma_tb/).
//
// start_i (one cycle, while !busy_o) runs one descriptor:
//  1. read the 32-byte descriptor at desc_addr_i (32-byte aligned): one beat
//     of 32 bytes (32 / BEAT_BYTES beats when narrower), on h_axi when
//     host_ring_i else d_axi. A read error
//     ends the descriptor with status 256 (UVS_DMA_X_DESC_FAULT), err_addr =
//     desc_addr_i, no completion.
//  2. check it as the reference does (two cycles: where the ranges lie,
//     then the decision): opcode DMA_OP_H2D..D2D, reserved field
//     and flags other than DMA_FLAG_IRQ zero (else DMA_ST_BAD_OPCODE), length
//     1..DMA_MAX_LEN (DMA_ST_BAD_LEN), device ranges inside SRAM
//     [SRAM_BASE, + sram_size_i) or HBM [HBM_BASE, + hbm_size_i)
//     (DMA_ST_BAD_SRC / BAD_DST, err_addr = the first byte outside: the
//     region's end if the range starts inside one, else its start). Host
//     ranges are the bus's to check (step 3).
//  3. copy: reads of beats covering the source in bursts that end at
//     BURST_BEATS * BEAT_BYTES boundaries (never across 4 KiB), as many
//     outstanding as the read buffer (FIFO_BEATS beats) has room for; a
//     funnel shifter realigns source beats to destination beats; writes in
//     bursts on the same boundaries, WSTRB covering exactly the destination
//     range. Writes are announced (AW) at most FIFO_BEATS beats ahead of
//     their data. Host reads and writes go to h_axi, device ones to d_axi
//     (D2D: both on d_axi; overlapping ranges copy forward, which is the
//     reference's memmove when dst <= src). A read error (RRESP != OKAY) or write error (BRESP) sets
//     DMA_ST_LINK (host side) or DMA_ST_BAD_SRC / BAD_DST (device side), the
//     first one seen: err_addr = the failing read beat's address, or the
//     failing write burst's first address, but not below src / dst; no byte
//     is written after a read error is known (bytes before it may have been:
//     the reference writes none). Every burst issued is completed.
//  4. write the 32-byte completion record (struct uvs_dma_cpl: cookie,
//     status, opcode, bytes = length on success, err_addr, index) at
//     cpl_addr_i (32-byte aligned) on the ring's master, after every data
//     write was answered. A write error: status 257
//     (UVS_DMA_X_CPL_FAULT), err_addr = cpl_addr_i (the reference checks the
//     completion address first and copies nothing).
// Descriptor prefetch (the C model's overlap of back-to-back descriptors,
// sim/dma_exec.c): once the descriptor's last source burst is requested,
// while pf_ok_i says its channel has a next descriptor at pf_addr_i (same
// ring, already handed over: below the ring's TAIL), its read is issued on
// the ring's master behind the source bursts (in-order answers: its beats
// are the first after theirs). A start whose desc_addr_i / host_ring_i is
// the prefetched one takes it instead of reading again (S_DESC_PF, waiting
// for its beats if needed), so a ring of small descriptors pays one link
// round trip per descriptor less. A prefetch answered with an error is
// dropped (the descriptor is read again and fails then, as the reference
// says); pf_flush_i (its ring reconfigured or reset) and any start forget
// it. At most one prefetch is in flight; its beats are taken whenever they
// come, also after an abort or while idle.
// Read-ahead: once the prefetched descriptor arrived, when it is an H2D
// copy of a valid length and the running one writes no host memory (so it
// cannot write what the next one reads; nor its completion record on a host
// ring: a next source covering it is not read ahead), the next one's source bursts are
// requested on h_axi behind the running one's reads (the window: the
// running one's last source burst requested, its completion, the next
// one's S_DESC_PF), into the read buffer behind the running one's beats,
// as far as the buffer has room. The next start takes them over in S_CHECK
// when it is the prefetched descriptor and its checks pass (a read error
// among them: DMA_ST_LINK at that beat, as if read then); otherwise they are
// dropped as they come and S_CHECK empties the buffer. So a batch of H2D
// page copies overlaps each copy's link round trip with the previous
// copy's, as the C model's timing assumed.
//
// done_o pulses one cycle at the end with status_o (DMA_ST_*, 256, 257),
// err_addr_o (0 on success) and irq_o (DMA_FLAG_IRQ on success); they hold
// until the next start. abort_i (a channel RESET) abandons the descriptor:
// nothing new is requested, bursts already announced get their W beats with
// no strobe, every outstanding answer is taken, no completion is written
// (one already being written finishes), and the engine goes idle without
// done_o.
//
// Host addresses (descriptor fields, the host ring's addresses) are host
// bus addresses; h_axi carries them in the SoC's host window: HOST_BASE + a
// (the uvs_soc_core: memmap.def HOSTWIN). A burst at a host address at or
// above 2^HOST_BITS goes to the last 4 KiB page of the address space, which
// nothing decodes: the bus answers it with an error (DMA_ST_LINK). Error
// addresses are host bus addresses.
//
// FPGA structure: the read buffer is a simple dual-port RAM with a
// registered read (block RAM) and a one-beat head register; the realigner
// a byte shifter in 4-way stages (three for 64-byte beats); the W channel is a register (the
// AXI payload leaves from flip-flops). Every master's IDs are one (in-order answers);
// AxCACHE 0011 (normal, bufferable), AxPROT 000 (data, secure, unprivileged).
`include "uvs_axi_ports.svh"
module uvs_dma_xfer #(
  parameter int BEAT_BYTES  = 64,   // data width in bytes: 8, 16, 32, 64 or 128
  parameter int FIFO_BEATS  = 256,  // read buffer in beats: a power of 2, >= 2 * BURST_BEATS
  parameter int BURST_BEATS = 4,    // longest burst in beats: a power of 2, BURST_BEATS * BEAT_BYTES <= 4096
  parameter logic [63:0] HOST_BASE = 64'd0,  // h_axi carries host bus address a as HOST_BASE + a ...
  parameter int          HOST_BITS = 64      // ... for a < 2^HOST_BITS (the SoC's host window)
) (
  input  logic         clk_i,
  input  logic         rst_ni,       // synchronous, active low
  input  logic         start_i,      // run one descriptor (ignored while busy_o)
  input  logic         abort_i,      // abandon the descriptor (ignored while idle)
  input  logic         host_ring_i,  // descriptor and completion on h_axi (else d_axi)
  input  logic [63:0]  desc_addr_i,  // descriptor address, 32-byte aligned
  input  logic [31:0]  index_i,      // its ring index (copied into the completion)
  input  logic [63:0]  cpl_addr_i,   // completion record address, 32-byte aligned
  input  logic [63:0]  sram_size_i,  // bytes of SRAM at UVS_SRAM_BASE (strap)
  input  logic [63:0]  hbm_size_i,   // bytes of HBM at UVS_HBM_BASE (strap)
  input  logic         pf_ok_i,      // the running descriptor's ring has a next descriptor at pf_addr_i
  input  logic [63:0]  pf_addr_i,    // its address, 32-byte aligned (on the same master as the running one's)
  input  logic         pf_flush_i,   // forget a prefetched descriptor
  output logic         busy_o,
  output logic         done_o,       // one cycle: the descriptor ended (not after abort_i)
  output logic [8:0]   status_o,     // DMA_ST_*, 256 descriptor unreadable, 257 completion unwritable
  output logic [63:0]  err_addr_o,
  output logic         irq_o,        // the descriptor succeeded and asked for an interrupt
  `UVS_AXI4W_M_PORTS(h_axi, BEAT_BYTES),
  `UVS_AXI4W_M_PORTS(d_axi, BEAT_BYTES)
);
  import uvs_dma_pkg::*;
  import uvs_memmap_pkg::*;

  localparam int          BB     = BEAT_BYTES;
  localparam int          LB     = $clog2(BB);     // address bits inside a beat
  localparam int          DW     = 8 * BB;         // data bits
  localparam int          DB     = (BB >= 32) ? 1 : 32 / BB;   // beats of a descriptor or completion record
  localparam logic [2:0]  RSZ    = (BB >= 32) ? 3'd5 : 3'(LB); // their AxSIZE
  localparam int          FW     = $clog2(FIFO_BEATS);
  localparam int          CW     = 26 - LB;        // beat counters: a descriptor has at most 2^(24-LB) + 1 beats
  typedef logic [CW-1:0] cnt_t;
  localparam logic [63:0] BURST  = 64'(BURST_BEATS) * 64'(BB);  // burst boundary in bytes
  localparam logic [8:0]  X_DESC = 9'd256;
  localparam logic [8:0]  X_CPL  = 9'd257;

  typedef enum logic [3:0] {
    S_IDLE, S_DESC_AR, S_DESC_R, S_DESC_PF, S_RANGE, S_CHECK, S_COPY, S_CPL_W, S_CPL_B, S_DONE
  } state_e;
  state_e state_q;
  logic   abort_q;               // abort_i came during this descriptor

  // ---- the descriptor (its address: ar_addr_q until S_CHECK) ----
  logic        host_ring_q;
  logic [63:0] cpl_addr_q;
  logic [31:0] index_q;
  logic [7:0]  op_q, flags_q;
  logic [15:0] rsvd_q;
  logic [31:0] len_q;
  logic [63:0] src_q, dst_q, cookie_q;
  logic        src_h, dst_h;     // source / destination on the host master
  assign src_h = op_q == 8'(UVS_DMA_OP_H2D);
  assign dst_h = op_q == 8'(UVS_DMA_OP_D2H);

  // ---- descriptor prefetch ----
  logic         pf_v_q;          // a prefetch of pf_addr_q (on h_axi when pf_h_q) was requested, not forgotten
  logic         pf_h_q;
  logic [63:0]  pf_addr_q;
  logic         pf_arw_q;        // its AR is offered (until taken)
  logic [2:0]   pf_out_q;        // its beats requested and not arrived
  cnt_t         pf_skip_q;       // the engine's beats on its master that come before its own
  logic         pf_err_q;        // one of its beats was answered with an error
  logic [255:0] pf_desc_q;       // the prefetched descriptor as it arrives
  logic         pf_hit;          // the descriptor started is the prefetched one
  logic         pf_go;           // request the prefetch now
  logic         pf_r;            // this cycle's R beat on the prefetch's master is the prefetch's
  logic [DW-1:0] pf_rdata;
  logic         from_pf_q;       // the running descriptor came from the prefetch

  // ---- read-ahead: the prefetched descriptor's source reads (H2D only) ----
  logic         ra_q;            // reading ahead for the prefetched descriptor
  logic         ra_drop_q;       // it will not be taken over: its beats still to come are dropped
  logic [63:0]  ra_addr_q;       // its next source burst to request
  cnt_t         ra_left_q;       // its source beats not yet requested
  cnt_t         ra_out_q;        // its beats requested and not arrived
  cnt_t         ra_skip_q;       // the running descriptor's beats on h_axi that come before its own
  logic [63:0]  ra_r_addr_q;     // address of its next beat to arrive ...
  logic         ra_err_q;        // ... or, once one was answered with an error, of that beat
  logic         ra_arw_q;        // its AR is offered on h_axi (until taken)
  logic         ra_dirty_q;      // a dropped one's beats may be in the read buffer: none until S_CHECK empties it
  logic         ra_start, ra_go, ra_acc, ra_beat, ra_push, ra_window;
  logic [7:0]   ra_beats;

  // ---- result ----
  logic [8:0]  st_q;
  logic [63:0] err_q;
  logic        failed;           // st_q is not DMA_ST_OK
  assign failed = st_q != 9'(UVS_DMA_ST_OK);

  // ---- the copy ----
  cnt_t        nr_q, nd_q;       // source / destination beats
  logic [LB-1:0] shift_q;        // bytes a destination beat starts into the pair {head, lo}
  logic [63:0] ar_addr_q;        // next source beat to request (until S_CHECK: the descriptor's address)
  cnt_t        ar_left_q;        // source beats not yet requested
  cnt_t        r_out_q;          // source beats requested and not arrived
  logic [FW:0] credit_q;         // read-buffer beats neither requested nor held
  logic [63:0] r_addr_q;         // address of the next source beat to arrive
  logic [63:0] aw_addr_q;        // next destination beat to announce
  cnt_t        aw_left_q;        // destination beats not yet announced
  cnt_t        aw_beats_q;       // destination beats announced
  logic [63:0] b_addr_q;         // first address of the next write burst to be answered
  cnt_t        b_wait_q;         // write bursts announced and not answered
  cnt_t        w_cnt_q;          // destination beats produced (into the W register)
  cnt_t        popped_q;         // source beats taken out of the buffer
  logic        primed_q;         // lo_q holds the first source beat, or the stream needs none there
  logic [DW-1:0] lo_q;           // the older of the two source beats a destination beat is cut from
  logic [2:0]  rec_q;            // beats of the descriptor received / of the completion produced
  logic        ar_wait_q, aw_wait_q;  // AR / AW offered and not taken: they stay up (AXI A3.2.1)

  // ---- read buffer: block RAM with registered read, and its head ----
  logic [DW-1:0] buf_ram [FIFO_BEATS];
  logic [FW-1:0] wp_q, rp_q;
  logic [FW:0]   ram_cnt_q;      // beats in the RAM (not counting the head)
  logic [DW-1:0] head_q;         // the oldest beat, valid when head_v_q
  logic          head_v_q;
  logic          push, take, re;

  // ---- W register ----
  logic         wv_q, wl_q;
  logic [DW-1:0] wd_q;
  logic [BB-1:0] ws_q;

  // ---- the selected masters' channels ----
  logic         ar_valid, ar_ready, r_valid;
  logic [7:0]   ar_len;
  logic [2:0]   ar_size;
  logic [DW-1:0] r_data;
  logic [1:0]   r_resp;
  logic         aw_valid, aw_ready, w_ready, b_valid;
  logic [63:0]  aw_addr;
  logic [7:0]   aw_len;
  logic [2:0]   aw_size;
  logic [1:0]   b_resp;
  logic         rd_h, wr_h;      // the read / write channels in use are h_axi's

  // Beats in a burst starting at the beat whose address bits [11:LB] are b,
  // with left beats to go: up to the next BURST boundary.
  function automatic logic [7:0] blen(logic [11-LB:0] b, cnt_t left);
    logic [11-LB:0] off;
    cnt_t           room;
    off  = b & (12 - LB)'(BURST_BEATS - 1);
    room = cnt_t'(BURST_BEATS) - cnt_t'(off);
    return 8'((left < room) ? left : room);
  endfunction
  // Next BURST boundary after a.
  function automatic logic [63:0] next_burst(logic [63:0] a);
    return (a & ~(BURST - 64'd1)) + BURST;
  endfunction
  // a < b as the borrow of a - b: a carry chain (synthesis maps a compare to LUTs)
  function automatic logic below(logic [63:0] a, logic [63:0] b);
    return 1'(({1'b0, a} - {1'b0, b}) >> 64);
  endfunction
  // Where [a, a + n) lies in device memory, the first of the range checks'
  // two cycles (S_RANGE registers it, through at most two carry chains in a
  // row; S_CHECK decides from these bits with dev_out): whether a + n wraps,
  // whether a is in SRAM / HBM, and whether the range fits between a and
  // each region's end.
  typedef struct packed {
    logic wrap, in_sram, in_hbm;
  } place_t;
  typedef struct packed {
    place_t p;
    logic   sram_fit, hbm_fit;
  } where_t;
  // (a is in a region when (a - base) mod 2^64 < size, i.e. when a, or a + 2^64
  // if below the base, is below base + size as 65-bit numbers; the range fits
  // when n <= size - (a - base), i.e. when that a plus n is not above base + size)
  function automatic where_t dev_where(logic [63:0] a, logic [31:0] n, logic [64:0] sram_end,
                                      logic [64:0] hbm_end);
    where_t      w;
    logic        bs, bh;         // a below the base
    logic [64:0] e;              // a + n
    logic [65:0] ds, dh;
    logic        fs, fh;         // borrows: the range ends past the region
    bs          = a < 64'(UVS_SRAM_BASE);
    bh          = a < 64'(UVS_HBM_BASE);
    e           = 65'(a) + 65'(n);
    ds          = {1'b0, sram_end} - {1'b0, bs, a};
    dh          = {1'b0, hbm_end} - {1'b0, bh, a};
    // (that a plus n: e, plus 2^64 if below the base; two-operand subtractions)
    fs          = 1'(({1'b0, sram_end} - {bs & e[64], bs ^ e[64], e[63:0]}) >> 65);
    fh          = 1'(({1'b0, hbm_end} - {bh & e[64], bh ^ e[64], e[63:0]}) >> 65);
    w.p.wrap    = e[64];
    w.p.in_sram = !ds[65] && ds[64:0] != 0;
    w.p.in_hbm  = !dh[65] && dh[64:0] != 0;
    w.sram_fit  = !fs;
    w.hbm_fit   = !fh;
    return w;
  endfunction
  // The regions' ends, base + size with its carry (the sizes are straps).
  logic [64:0] sram_end, hbm_end;
  assign sram_end = 65'(UVS_SRAM_BASE) + 65'(sram_size_i);
  assign hbm_end  = 65'(UVS_HBM_BASE) + 65'(hbm_size_i);
  // Whether [a, a + n) is not inside one device region (n >= 1; w = dev_where
  // of it). (A range starting at 2^64 - 1 wraps yet passes, as it did when
  // all ones from dev_bad meant inside; its copy then fails on the bus.)
  function automatic logic dev_out(logic [63:0] a, where_t w);
    if (w.p.wrap)    return a != '1;
    if (w.p.in_sram) return !w.sram_fit;
    if (w.p.in_hbm)  return !w.hbm_fit;
    return 1'b1;
  endfunction
  // The first byte of such a range outside device memory: the region's end
  // if it starts inside one, else its start (p: its dev_where's).
  function automatic logic [63:0] dev_bad(logic [63:0] a, place_t p);
    if (p.wrap || !(p.in_sram || p.in_hbm)) return a;
    return p.in_sram ? sram_end[63:0] : hbm_end[63:0];
  endfunction
  where_t src_w_q, dst_w_q;  // S_RANGE's findings for the source and the destination
  // The descriptor's status before any transfer, in the reference's order
  // (src_out, dst_out: dev_out of its source and destination).
  function automatic logic [8:0] check_st(logic src_out, logic dst_out);
    if (op_q < 8'(UVS_DMA_OP_H2D) || op_q > 8'(UVS_DMA_OP_D2D) || rsvd_q != 0 ||
        (flags_q & ~8'(UVS_DMA_FLAG_IRQ)) != 0)    return 9'(UVS_DMA_ST_BAD_OPCODE);
    if (len_q == 0 || len_q > 32'(UVS_DMA_MAX_LEN)) return 9'(UVS_DMA_ST_BAD_LEN);
    if (!src_h && src_out)                          return 9'(UVS_DMA_ST_BAD_SRC);
    if (!dst_h && dst_out)                          return 9'(UVS_DMA_ST_BAD_DST);
    return 9'(UVS_DMA_ST_OK);
  endfunction
  // Beats covering n bytes (n >= 1) that start off bytes into a beat.
  function automatic cnt_t nbeats(logic [LB-1:0] off, logic [31:0] n);
    return cnt_t'((64'(off) + 64'(n) - 64'd1) >> LB) + cnt_t'(1);
  endfunction
  function automatic logic [63:0] max64(logic [63:0] a, logic [63:0] b);
    return below(b, a) ? a : b;
  endfunction

  // A copy's error address, never below the range's start: a read-ahead's
  // beat (S_CHECK), the source beat r_addr_q, or else the write burst b_addr_q
  // (S_COPY; a read error first): one max64 for the three.
  logic        r_err;            // this cycle's source beat is answered with an error
  logic [63:0] err_max;
  assign r_err   = r_valid && r_resp != 2'b00;
  assign err_max = max64((state_q == S_COPY && !r_err) ? dst_q : src_q,
                         (state_q != S_COPY) ? ra_r_addr_q :
                         r_err ? r_addr_q : b_addr_q);

  // ---- read channel: the descriptor, then the source bursts ----
  logic [7:0] ar_beats;
  assign ar_beats = blen(ar_addr_q[11:LB], ar_left_q);
  assign rd_h     = (state_q == S_DESC_AR || state_q == S_DESC_R) ? host_ring_q : src_h;
  assign ar_valid = (state_q == S_DESC_AR && !pf_hit && !pf_arw_q && !ra_arw_q) || ar_wait_q ||
                    (state_q == S_COPY && !pf_arw_q && !ra_arw_q && !abort_q && ar_left_q != 0 &&
                     credit_q >= (FW + 1)'(ar_beats));
  assign ar_len   = (state_q == S_DESC_AR) ? 8'(DB - 1) : ar_beats - 8'd1;
  assign ar_size  = (state_q == S_DESC_AR) ? RSZ : 3'(LB);
  assign ar_ready = rd_h ? h_axi_arready_i : d_axi_arready_i;
  assign r_valid  = (rd_h ? h_axi_rvalid_i : d_axi_rvalid_i) && !(pf_r && rd_h == pf_h_q) && !(ra_beat && rd_h);
  assign r_data   = rd_h ? h_axi_rdata_i : d_axi_rdata_i;
  assign r_resp   = rd_h ? h_axi_rresp_i : d_axi_rresp_i;
  assign push     = (state_q == S_COPY && r_valid) || ra_push;

  // ---- descriptor prefetch: requested after the source's last burst, and
  // the engine offers no AR while the prefetch's is up; on its master its
  // beats come after the pf_skip_q source beats still outstanding when its AR
  // was taken, before any later request's ----
  assign pf_hit   = pf_v_q && !pf_flush_i && pf_h_q == host_ring_q && pf_addr_q == ar_addr_q;
  assign pf_go    = pf_ok_i && !pf_flush_i && !pf_v_q && !pf_arw_q && pf_out_q == 0 && !ra_q && !abort_q && !abort_i &&
                    ((state_q == S_COPY && ar_left_q == 0 && !ar_wait_q) ||
                     state_q == S_CPL_W || state_q == S_CPL_B);
  assign pf_rdata = pf_h_q ? h_axi_rdata_i : d_axi_rdata_i;
  assign pf_r     = pf_out_q != 0 && pf_skip_q == 0 && (pf_h_q ? h_axi_rvalid_i : d_axi_rvalid_i);
  logic [255:0] pf_next;         // pf_desc_q with this beat (g_desc below)

  // ---- read-ahead: once the prefetched descriptor is here and is an H2D
  // copy of a valid length, and the running one writes no host memory
  // (so nothing it writes can be what the next one reads), the next one's
  // source bursts are requested behind the running one's (h_axi; its beats
  // after the ra_skip_q beats of the running one still outstanding then)
  // into the read buffer behind the running one's beats. Its start takes
  // them over (S_CHECK) if it is the prefetched one and its checks pass;
  // otherwise they are dropped as they come. ----
  localparam logic [31:0] MAX_LEN = 32'(UVS_DMA_MAX_LEN);
  // On a host ring the running one's completion record is written inside the
  // window: a next source that covers it is not read ahead (it must read the
  // record as written, the reference's order). Borrows, not compares (LUTs).
  logic [64:0] ra_cpl_d;   // record address - next source; bit 64: the record lies below it
  /* verilator lint_off UNUSEDSIGNAL */
  logic [32:0] ra_cpl_l;   // (ra_cpl_d's low word) - next length; bit 32 (used): the record lies inside
  /* verilator lint_on UNUSEDSIGNAL */
  logic        ra_cpl_in;  // the running one's record (host ring) lies in the next one's source
  assign ra_cpl_d  = {1'b0, cpl_addr_q} - {1'b0, pf_desc_q[127:64]};
  assign ra_cpl_l  = {1'b0, ra_cpl_d[31:0]} - {1'b0, pf_desc_q[63:32]};
  assign ra_cpl_in = host_ring_q && (cpl_addr_q[63:5] == pf_desc_q[127:69] ||
                                     (!ra_cpl_d[64] && ra_cpl_d[63:32] == 32'd0 && ra_cpl_l[32]));
  assign ra_window = (state_q == S_COPY && ar_left_q == 0 && !ar_wait_q && (src_h || r_out_q == 0)) ||
                     state_q == S_CPL_W || state_q == S_CPL_B || state_q == S_DESC_PF;
  assign ra_start  = !ra_q && !ra_dirty_q && ra_out_q == 0 && !ra_arw_q && ra_window && !abort_q && !abort_i && !pf_flush_i &&
                     pf_v_q && !pf_arw_q && pf_out_q == 0 && !pf_err_q && !dst_h && state_q != S_DESC_PF &&
                     pf_desc_q[7:0] == 8'(UVS_DMA_OP_H2D) && pf_desc_q[63:32] != 0 &&
                     pf_desc_q[63:32] <= MAX_LEN && !ra_cpl_in;
  assign ra_beats  = blen(ra_addr_q[11:LB], ra_left_q);
  assign ra_go     = ra_q && !ra_drop_q && !ra_arw_q && ra_left_q != 0 && ra_window && !abort_q && !abort_i &&
                     credit_q >= (FW + 1)'(ra_beats);
  assign ra_acc    = ra_arw_q && h_axi_arready_i;
  assign ra_beat   = ra_out_q != 0 && ra_skip_q == 0 && h_axi_rvalid_i;
  assign ra_push   = ra_beat && !ra_drop_q;  // (a dropped one's beat may come with the engine's on d_axi)

  // ---- realigner: destination beat = bytes [shift, shift + BB) of {head, lo},
  // shifted in stages of 4 ways (2 bits of shift_q each: 1, 4, 16, 64 bytes) ----
  localparam int NS = (LB + 1) / 2;
  logic          hi_real;        // the newer source beat is a real one (else past the source's end)
  logic [DW-1:0] beat;
  logic [BB-1:0] first, last;    // the destination's first / last beat's byte mask
  logic [LB-1:0] end_off;        // offset of the destination's last byte in its beat
  assign hi_real = popped_q < nr_q;
  // Stage k shifts by 4^G bytes times shift_q's bit group G = NS - 1 - k (the
  // largest first, so that each stage keeps only what later stages can still
  // select: BB + 4^G - 1 bytes out).
  for (genvar k = 0; k < NS; k++) begin : g_shift
    localparam int G  = NS - 1 - k;
    localparam int ST = 8 << (2 * G);                                // bits per step of this stage
    localparam int WI = DW + 8 * ((k == 0) ? BB - 1 : (4 << (2 * G)) - 1);
    localparam int WO = DW + 8 * ((1 << (2 * G)) - 1);
    logic [WI-1:0] in;
    logic [WO-1:0] out;
    if (k == 0) begin : g_first
      assign in = {head_q[DW-9:0], lo_q};  // a shift below BB never reaches head's last byte
    end else begin : g_next
      assign in = g_shift[k - 1].out;
    end
    if (2 * G + 1 < LB) begin : g_four
      always_comb begin
        unique case (shift_q[2 * G +: 2])
          2'd0:    out = in[0 +: WO];
          2'd1:    out = in[ST +: WO];
          2'd2:    out = in[2 * ST +: WO];
          default: out = in[3 * ST +: WO];
        endcase
      end
    end else begin : g_two
      assign out = shift_q[2 * G] ? in[ST +: WO] : in[0 +: WO];
    end
  end
  assign beat    = g_shift[NS - 1].out;
  assign end_off = dst_q[LB-1:0] + len_q[LB-1:0] - LB'(1);
  assign first   = (w_cnt_q == 0) ? ~BB'(0) << dst_q[LB-1:0] : '1;
  assign last    = (w_cnt_q == nd_q - 1) ? ~BB'(0) >> (LB'(BB - 1) - end_off) : '1;

  // ---- a descriptor with an R beat: its 32-byte lane, or its next piece;
  // for the descriptor read (p = 0: the descriptor fields, beat rec_q) and the prefetch
  // (p = 1: pf_desc_q, beat DB - pf_out_q) ----
  logic [255:0] desc_next, desc_fields;
  assign desc_fields = {cookie_q, dst_q, src_q, len_q, rsvd_q, flags_q, op_q};
  logic [1:0][255:0]  dsc_acc, dsc_next;
  logic [1:0][DW-1:0] dsc_data;
  logic [1:0][LB-1:0] dsc_off;   // the descriptor's offset in its beat
  logic [1:0][2:0]    dsc_piece; // the beat's index within the descriptor
  assign {dsc_acc[0], dsc_data[0], dsc_off[0], dsc_piece[0]} = {desc_fields, r_data, ar_addr_q[LB-1:0], rec_q};
  assign {dsc_acc[1], dsc_data[1], dsc_off[1], dsc_piece[1]} =
      {pf_desc_q, pf_rdata, pf_addr_q[LB-1:0], 3'(DB) - pf_out_q};
  assign desc_next = dsc_next[0];
  assign pf_next   = dsc_next[1];
  // (selected by comparing the index with constants, not as a variable bit
  // offset: synthesis then builds a lane select, not a barrel shifter)
  for (genvar p = 0; p < 2; p++) begin : g_desc
    if (BB > 32) begin : g_lane
      always_comb begin
        dsc_next[p] = dsc_data[p][255:0];
        for (int i = 1; i < BB / 32; i++)
          if (int'(dsc_off[p][LB-1:5]) == i) dsc_next[p] = dsc_data[p][i * 256 +: 256];
      end
    end else if (BB == 32) begin : g_beat
      assign dsc_next[p] = dsc_data[p];
    end else begin : g_pieces
      always_comb begin
        dsc_next[p] = dsc_acc[p];
        for (int i = 0; i < DB; i++)
          if (dsc_piece[p] == 3'(i)) dsc_next[p][i * DW +: DW] = dsc_data[p];
      end
    end
  end

  // ---- write channel: the destination bursts, then the completion ----
  logic [7:0]   aw_beats;
  logic         prod_data, prod_dummy, prod_cpl, load;
  logic [255:0] cpl_rec;
  logic [DW-1:0] cpl_data;       // the completion's beat rec_q
  logic [BB-1:0] cpl_strb;
  assign aw_beats = blen(aw_addr_q[11:LB], aw_left_q);
  assign wr_h     = (state_q == S_CPL_W || state_q == S_CPL_B) ? host_ring_q : dst_h;
  // a destination beat can be produced: its source beats are here
  assign prod_data  = state_q == S_COPY && !abort_q && primed_q && w_cnt_q < nd_q && (!hi_real || head_v_q);
  // after abort_i: a strobe-less beat for a burst already announced
  assign prod_dummy = state_q == S_COPY && abort_q && w_cnt_q < aw_beats_q;
  assign prod_cpl   = state_q == S_CPL_W && rec_q != 3'(DB);
  assign load       = (prod_data || prod_dummy || prod_cpl) && (!wv_q || w_ready);
  assign take       = (state_q == S_COPY && !primed_q && head_v_q) || (prod_data && load && hi_real);
  assign re         = ram_cnt_q != 0 && (!head_v_q || take);
  assign cpl_rec    = {32'd0, index_q, err_q, failed ? 32'd0 : len_q, 8'd0, op_q, 7'd0, st_q, cookie_q};
  if (BB >= 32) begin : g_cpl_wide
    // the record in every 32-byte lane, strobes on the lane of cpl_addr
    assign cpl_data = {(BB / 32){cpl_rec}};
    if (BB > 32) begin : g_lanes
      assign cpl_strb = BB'(32'hffff_ffff) << {cpl_addr_q[LB-1:5], 5'd0};
    end else begin : g_lane
      assign cpl_strb = '1;
    end
  end else begin : g_cpl_narrow
    always_comb begin
      cpl_data = cpl_rec[DW-1:0];
      for (int i = 1; i < DB; i++)
        if (int'(rec_q) == i) cpl_data = cpl_rec[i * DW +: DW];
    end
    assign cpl_strb = '1;
  end
  assign aw_valid   = aw_wait_q || (state_q == S_CPL_W && aw_left_q != 0) ||
                      (state_q == S_COPY && aw_left_q != 0 &&
                       (abort_q ? aw_beats_q < w_cnt_q
                                : aw_beats_q + cnt_t'(aw_beats) <= w_cnt_q + cnt_t'(FIFO_BEATS)));
  assign aw_addr    = (state_q == S_CPL_W) ? cpl_addr_q : aw_addr_q;
  assign aw_len     = (state_q == S_CPL_W) ? 8'(DB - 1) : aw_beats - 8'd1;
  assign aw_size    = (state_q == S_CPL_W) ? RSZ : 3'(LB);
  assign aw_ready   = wr_h ? h_axi_awready_i : d_axi_awready_i;
  assign w_ready    = wr_h ? h_axi_wready_i : d_axi_wready_i;
  assign b_valid    = wr_h ? h_axi_bvalid_i : d_axi_bvalid_i;
  assign b_resp     = wr_h ? h_axi_bresp_i : d_axi_bresp_i;

  // ---- the two masters ----
  // A host bus address on h_axi: in the host window, or in the undecoded last page
  // (a window aligned to its size needs no adder: HOST_BASE | a).
  localparam logic [63:0] HOST_MASK = (HOST_BITS >= 64) ? '1 : (64'd1 << HOST_BITS) - 64'd1;
  localparam bit          HOST_ALIGNED = (HOST_BASE & HOST_MASK) == 64'd0;
  function automatic logic [63:0] host_addr(logic [63:0] a);
    logic [63:0] w;
    w = HOST_ALIGNED ? HOST_BASE | a : HOST_BASE + a;
    if (HOST_BITS >= 64) return w;
    return (a >> HOST_BITS) == 64'd0 ? w : {52'hfffff_ffff_ffff, a[11:0]};
  endfunction
  assign h_axi_arvalid_o = (ar_valid && rd_h) || (pf_arw_q && pf_h_q) || ra_arw_q;
  assign d_axi_arvalid_o = (ar_valid && !rd_h) || (pf_arw_q && !pf_h_q);
  assign h_axi_awvalid_o = aw_valid && wr_h;
  assign d_axi_awvalid_o = aw_valid && !wr_h;
  assign h_axi_wvalid_o  = wv_q && wr_h;
  assign d_axi_wvalid_o  = wv_q && !wr_h;
  assign h_axi_rready_o  = 1'b1;  // the read buffer has room for every beat requested
  assign d_axi_rready_o  = 1'b1;
  assign h_axi_bready_o  = 1'b1;
  assign d_axi_bready_o  = 1'b1;
  // (the prefetch's, the read-ahead's and the engine's ARs are never offered on one master together)
  // (one host_addr per master: the AR address is selected first)
  logic [63:0] h_ar_addr;
  assign h_ar_addr = ra_arw_q ? ra_addr_q : (pf_arw_q && pf_h_q) ? pf_addr_q : ar_addr_q;
  assign h_axi_araddr_o = host_addr(h_ar_addr);
  assign {h_axi_arlen_o, h_axi_arsize_o} =
      ra_arw_q ? {ra_beats - 8'd1, 3'(LB)} : (pf_arw_q && pf_h_q) ? {8'(DB - 1), RSZ} : {ar_len, ar_size};
  assign {d_axi_araddr_o, d_axi_arlen_o, d_axi_arsize_o} =
      (pf_arw_q && !pf_h_q) ? {pf_addr_q, 8'(DB - 1), RSZ} : {ar_addr_q, ar_len, ar_size};
  assign {h_axi_awaddr_o, h_axi_awlen_o, h_axi_awsize_o} = {host_addr(aw_addr), aw_len, aw_size};
  assign {d_axi_awaddr_o, d_axi_awlen_o, d_axi_awsize_o} = {aw_addr, aw_len, aw_size};
  assign {h_axi_wdata_o, h_axi_wstrb_o, h_axi_wlast_o} = {wd_q, ws_q, wl_q};
  assign {d_axi_wdata_o, d_axi_wstrb_o, d_axi_wlast_o} = {wd_q, ws_q, wl_q};
  assign {h_axi_arburst_o, h_axi_awburst_o, d_axi_arburst_o, d_axi_awburst_o} = {4{2'b01}};  // INCR
  assign {h_axi_arcache_o, h_axi_awcache_o, d_axi_arcache_o, d_axi_awcache_o} = {4{4'b0011}};
  assign {h_axi_arprot_o, h_axi_awprot_o, d_axi_arprot_o, d_axi_awprot_o} = '0;

  assign busy_o     = state_q != S_IDLE;
  assign done_o     = state_q == S_DONE && !abort_q;
  assign status_o   = st_q;
  assign err_addr_o = err_q;
  assign irq_o      = !failed && (flags_q & 8'(UVS_DMA_FLAG_IRQ)) != 0 && state_q != S_DESC_R;  // (fields filling)

  // ---- read buffer and W payload (no reset: block RAM and its output register) ----
  always_ff @(posedge clk_i) begin
    if (push) buf_ram[wp_q] <= ra_push ? h_axi_rdata_i : r_data;  // (a read-ahead beat: on h_axi)
    if (re)   head_q <= buf_ram[rp_q];
    if (load) begin
      wd_q <= prod_cpl ? cpl_data : beat;
      ws_q <= prod_cpl ? cpl_strb : (prod_dummy || failed) ? '0 : (first & last);
      wl_q <= prod_cpl ? rec_q == 3'(DB - 1)
                       : w_cnt_q == nd_q - 1 ||
                         ((12'(dst_q[11:LB]) + w_cnt_q[11:0] + 12'd1) & 12'(BURST_BEATS - 1)) == 0;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q  <= S_IDLE;
      abort_q  <= 1'b0;
      st_q     <= '0;
      err_q    <= '0;
      {host_ring_q, cpl_addr_q, index_q} <= '0;
      {op_q, flags_q, rsvd_q, len_q, src_q, dst_q, cookie_q} <= '0;
      {nr_q, nd_q, shift_q} <= '0;
      {ar_addr_q, ar_left_q, r_out_q, credit_q, r_addr_q} <= '0;
      {aw_addr_q, aw_left_q, aw_beats_q, b_addr_q, b_wait_q, w_cnt_q, popped_q, primed_q, rec_q} <= '0;
      {ar_wait_q, aw_wait_q, wv_q} <= '0;
      lo_q     <= '0;
      {wp_q, rp_q, ram_cnt_q, head_v_q} <= '0;
      {pf_v_q, pf_h_q, pf_addr_q, pf_arw_q, pf_out_q, pf_skip_q, pf_err_q, pf_desc_q, from_pf_q} <= '0;
      {ra_q, ra_drop_q, ra_addr_q, ra_left_q, ra_out_q, ra_skip_q, ra_r_addr_q, ra_err_q} <= '0;
      ra_arw_q <= 1'b0;
      ra_dirty_q <= 1'b0;
    end else begin
      // ---- descriptor prefetch ----
      if (pf_go) begin
        pf_v_q    <= 1'b1;
        pf_h_q    <= host_ring_q;
        pf_addr_q <= pf_addr_i;
        pf_arw_q  <= 1'b1;
        pf_err_q  <= 1'b0;
      end
      if (pf_arw_q && (pf_h_q ? h_axi_arready_i : d_axi_arready_i)) begin
        pf_arw_q  <= 1'b0;
        pf_out_q  <= 3'(DB);
        // the source's beats still to come on this master arrive first
        pf_skip_q <= (state_q == S_COPY && rd_h == pf_h_q) ? r_out_q - cnt_t'(r_valid) : '0;
      end else if (pf_skip_q != 0 && (pf_h_q ? h_axi_rvalid_i : d_axi_rvalid_i)) begin
        pf_skip_q <= pf_skip_q - cnt_t'(1);
      end
      if (pf_r) begin
        pf_out_q  <= pf_out_q - 3'd1;
        pf_desc_q <= pf_next;
        if ((pf_h_q ? h_axi_rresp_i : d_axi_rresp_i) != 2'b00) pf_err_q <= 1'b1;
      end
      if (pf_flush_i || state_q == S_DESC_AR) pf_v_q <= 1'b0;  // forgotten, or taken by this start

      // ---- read-ahead (S_CHECK below takes it over, or drops it) ----
      if (ra_start) begin
        ra_q        <= 1'b1;
        ra_drop_q   <= 1'b0;
        ra_addr_q   <= {pf_desc_q[127:64+LB], LB'(0)};
        ra_r_addr_q <= {pf_desc_q[127:64+LB], LB'(0)};
        ra_left_q   <= nbeats(pf_desc_q[64 +: LB], pf_desc_q[63:32]);
        ra_err_q    <= 1'b0;
        ra_skip_q   <= (state_q == S_COPY && src_h) ? r_out_q - cnt_t'(r_valid) : '0;
      end else if (ra_skip_q != 0 && h_axi_rvalid_i) begin
        ra_skip_q <= ra_skip_q - cnt_t'(1);
      end
      if (ra_go) ra_arw_q <= 1'b1;
      if (ra_acc) begin
        ra_arw_q  <= 1'b0;
        ra_addr_q <= next_burst(ra_addr_q);
        ra_left_q <= ra_left_q - cnt_t'(ra_beats);
      end
      ra_out_q <= ra_out_q + (ra_acc ? cnt_t'(ra_beats) : '0) - cnt_t'(ra_beat);
      if (ra_beat) begin
        // (after an error only its address matters: a failed copy's r_addr_q is not read)
        if (h_axi_rresp_i != 2'b00)  ra_err_q    <= 1'b1;
        else if (!ra_err_q)          ra_r_addr_q <= ra_r_addr_q + 64'(BB);
      end
      if (ra_q && (pf_flush_i || (abort_i && state_q != S_IDLE) || (state_q == S_DESC_AR && !pf_hit))) begin
        ra_drop_q  <= 1'b1;
        ra_dirty_q <= 1'b1;
      end
      if (ra_drop_q && !ra_arw_q && ra_out_q == cnt_t'(ra_beat)) begin  // the dropped one's last beat
        ra_q      <= 1'b0;
        ra_drop_q <= 1'b0;
      end
      credit_q <= credit_q - ((state_q == S_COPY && ar_valid && ar_ready) ? (FW + 1)'(ar_beats) : '0)
                           - (ra_acc ? (FW + 1)'(ra_beats) : '0) + (FW + 1)'(take);

      ar_wait_q <= ar_valid && !ar_ready;
      aw_wait_q <= aw_valid && !aw_ready;
      if (load)         wv_q <= 1'b1;
      else if (w_ready) wv_q <= 1'b0;
      if (push) wp_q <= wp_q + 1'b1;
      if (re)   rp_q <= rp_q + 1'b1;
      ram_cnt_q <= ram_cnt_q + (FW + 1)'(push) - (FW + 1)'(re);
      head_v_q  <= re || (head_v_q && !take);
      if (abort_i && state_q != S_IDLE) abort_q <= 1'b1;

      unique case (state_q)
        S_IDLE: if (start_i) begin
          host_ring_q <= host_ring_i;
          ar_addr_q   <= desc_addr_i;  // (the descriptor's AR: no address mux)
          cpl_addr_q  <= cpl_addr_i;
          index_q     <= index_i;
          abort_q     <= 1'b0;
          from_pf_q   <= 1'b0;
          st_q        <= 9'(UVS_DMA_ST_OK);
          err_q       <= '0;
          {op_q, flags_q, rsvd_q, len_q, cookie_q} <= '0;
          rec_q       <= '0;
          state_q     <= S_DESC_AR;
        end
        S_DESC_AR: if (pf_hit) state_q <= S_DESC_PF;
                   else if (ar_valid && ar_ready) state_q <= S_DESC_R;  // (its own AR taken: not a prefetch's or read-ahead's)
        S_DESC_PF: if (abort_q || abort_i) begin
          state_q <= S_IDLE;
        end else if (!pf_arw_q && pf_out_q == 0) begin
          if (pf_err_q) begin   // read it again: it fails as the reference says
            state_q <= S_DESC_AR;
          end else begin
            {cookie_q, dst_q, src_q, len_q, rsvd_q, flags_q, op_q} <= pf_desc_q;
            from_pf_q <= 1'b1;
            state_q <= S_RANGE;
          end
        end
        S_DESC_R: if (r_valid) begin
          // (the beats go straight into the fields: nothing reads them before the
          // last one, irq_o excepted, which S_DESC_R masks)
          {cookie_q, dst_q, src_q, len_q, rsvd_q, flags_q, op_q} <= desc_next;
          rec_q <= rec_q + 3'd1;
          if (r_resp != 2'b00) st_q <= X_DESC;
          if (rec_q == 3'(DB - 1)) begin  // the last beat
            rec_q <= '0;
            if (abort_q || abort_i) begin
              state_q <= S_IDLE;
            end else if (r_resp != 2'b00 || st_q == X_DESC) begin
              st_q    <= X_DESC;
              err_q   <= ar_addr_q;  // (the descriptor's address)
              state_q <= S_DONE;
            end else begin
              state_q <= S_RANGE;
            end
          end
        end
        S_RANGE: begin
          src_w_q <= dev_where(src_q, len_q, sram_end, hbm_end);
          dst_w_q <= dev_where(dst_q, len_q, sram_end, hbm_end);
          // (a read-ahead's AR still offered: S_CHECK may take it over only once it is taken)
          state_q <= (abort_q || abort_i) ? S_IDLE : (ra_arw_q && !ra_drop_q) ? S_RANGE : S_CHECK;
        end
        S_CHECK: begin : l_check
          logic        bad_src;  // the status is BAD_SRC (the error address: the source's)
          cnt_t        nr, nd;   // beats covering the source / destination
          logic        ahead;    // the source's offset in its beat is at or past the destination's
          logic [8:0]  st;
          logic        take_ra;  // take the read-ahead over (its bursts, and its beats in the buffer)
          nr    = nbeats(src_q[LB-1:0], len_q);
          nd    = nbeats(dst_q[LB-1:0], len_q);
          ahead = src_q[LB-1:0] >= dst_q[LB-1:0];
          // destination beat k is cut from source beats k, k + 1 (ahead: lo = the
          // first source beat) or k - 1, k (lo = nothing before the first one)
          nr_q       <= nr;
          nd_q       <= nd;
          shift_q    <= src_q[LB-1:0] - dst_q[LB-1:0];
          primed_q   <= !ahead;
          aw_addr_q  <= {dst_q[63:LB], LB'(0)};
          b_addr_q   <= {dst_q[63:LB], LB'(0)};
          aw_left_q  <= nd;
          aw_beats_q <= '0;
          b_wait_q   <= '0;
          w_cnt_q    <= '0;
          popped_q   <= '0;
          rec_q      <= '0;
          state_q    <= S_COPY;
          st      = check_st(dev_out(src_q, src_w_q), dev_out(dst_q, dst_w_q));
          bad_src = st == 9'(UVS_DMA_ST_BAD_SRC);
          st_q  <= st;
          // (one dev_bad: the failing range's)
          err_q <= (bad_src || st == 9'(UVS_DMA_ST_BAD_DST)) ?
                   dev_bad(bad_src ? src_q : dst_q, bad_src ? src_w_q.p : dst_w_q.p) : '0;
          take_ra = ra_q && !ra_drop_q && from_pf_q && st == 9'(UVS_DMA_ST_OK) && !abort_q && !abort_i;
          ra_dirty_q <= 1'b0;  // (not taking it over empties the buffer; taking it, it was clean)
          if (take_ra) begin  // (S_RANGE waited until no read-ahead AR was offered)
            ar_addr_q <= ra_addr_q;
            ar_left_q <= ra_left_q;
            r_out_q   <= ra_out_q - cnt_t'(ra_beat);
            r_addr_q  <= ra_beat ? ra_r_addr_q + 64'(BB) : ra_r_addr_q;
            ra_q      <= 1'b0;
            ra_out_q  <= '0;
            if (ra_err_q || (ra_beat && h_axi_rresp_i != 2'b00)) begin
              st_q  <= 9'(UVS_DMA_ST_LINK);
              err_q <= err_max;
            end
          end else begin
            ar_addr_q <= {src_q[63:LB], LB'(0)};
            r_addr_q  <= {src_q[63:LB], LB'(0)};
            ar_left_q <= nr;
            r_out_q   <= '0;
            credit_q  <= (FW + 1)'(FIFO_BEATS);
            {wp_q, rp_q, ram_cnt_q, head_v_q} <= '0;  // empty (an abandoned descriptor may have left beats)
            if (ra_q) ra_drop_q <= 1'b1;
          end
          if (abort_q || abort_i) begin
            state_q <= S_IDLE;
          end else if (st != 9'(UVS_DMA_ST_OK)) begin  // no copy: straight to the completion
            aw_left_q <= cnt_t'(1);
            state_q   <= S_CPL_W;
          end
        end
        S_COPY: begin : l_copy
          logic ar_go, aw_go;
          ar_go = ar_valid && ar_ready;
          aw_go = aw_valid && aw_ready;
          // source bursts and beats
          if (ar_go) begin
            ar_addr_q <= next_burst(ar_addr_q);
            ar_left_q <= ar_left_q - cnt_t'(ar_beats);
          end
          r_out_q  <= r_out_q + (ar_go ? cnt_t'(ar_beats) : '0) - cnt_t'(r_valid);
          if (r_valid) begin
            r_addr_q <= r_addr_q + 64'(BB);
            if (r_resp != 2'b00 && !failed) begin
              st_q  <= src_h ? 9'(UVS_DMA_ST_LINK) : 9'(UVS_DMA_ST_BAD_SRC);
              err_q <= err_max;
            end
          end
          // the first source beat of a stream that starts ahead of the destination
          if (!primed_q && head_v_q) begin
            lo_q     <= head_q;
            primed_q <= 1'b1;
            popped_q <= popped_q + cnt_t'(1);
          end
          // destination bursts and beats
          if (aw_go) begin
            aw_addr_q  <= next_burst(aw_addr_q);
            aw_left_q  <= aw_left_q - cnt_t'(aw_beats);
            aw_beats_q <= aw_beats_q + cnt_t'(aw_beats);
          end
          if (load) begin
            w_cnt_q <= w_cnt_q + cnt_t'(1);
            if (prod_data) lo_q <= head_q;
            if (prod_data && hi_real) popped_q <= popped_q + cnt_t'(1);
          end
          b_wait_q <= b_wait_q + cnt_t'(aw_go) - cnt_t'(b_valid);
          if (b_valid) begin
            b_addr_q <= next_burst(b_addr_q);
            if (b_resp != 2'b00 && !failed && !(r_valid && r_resp != 2'b00)) begin
              st_q  <= dst_h ? 9'(UVS_DMA_ST_LINK) : 9'(UVS_DMA_ST_BAD_DST);
              err_q <= err_max;
            end
          end
          // every burst announced was answered and nothing is left to send
          if (!aw_go && !ar_wait_q && !aw_wait_q && !(wv_q && !w_ready) && !load &&
              b_wait_q == cnt_t'(b_valid) && r_out_q == cnt_t'(r_valid)) begin
            if (abort_q || abort_i) begin
              if (w_cnt_q == aw_beats_q && !ar_valid && !aw_valid) state_q <= S_IDLE;
            end else if (ar_left_q == 0 && aw_left_q == 0 && w_cnt_q == nd_q && popped_q == nr_q) begin
              aw_left_q <= cnt_t'(1);   // the completion's one announcement
              state_q   <= S_CPL_W;
            end
          end
        end
        S_CPL_W: begin
          // AW and W of the completion, in either order
          if (aw_valid && aw_ready) aw_left_q <= '0;
          if (load) rec_q <= rec_q + 3'd1;
          if ((aw_left_q == 0 || (aw_valid && aw_ready)) && (rec_q == 3'(DB) || (load && rec_q == 3'(DB - 1))))
            state_q <= S_CPL_B;
        end
        S_CPL_B: if (b_valid && !wv_q) begin
          if (b_resp != 2'b00) begin
            st_q  <= X_CPL;
            err_q <= cpl_addr_q;
          end
          state_q <= S_DONE;
        end
        S_DONE: state_q <= S_IDLE;
        default: state_q <= S_IDLE;
      endcase
    end
  end

  // Outside the engine's contract: the last-beat flags of answers (bursts are
  // counted); of g_desc's inputs each beat width reads only some (the
  // accumulated descriptor and the piece index when beats are narrower than
  // a descriptor, the lane offset when they are wider).
  logic unused;
  assign unused = ^{h_axi_rlast_i, d_axi_rlast_i, dsc_acc, dsc_off, dsc_piece};

  if (FIFO_BEATS < 2 * BURST_BEATS || (FIFO_BEATS & (FIFO_BEATS - 1)) != 0)
    $error("uvs_dma_xfer: FIFO_BEATS must be a power of 2, at least 2 * BURST_BEATS");
  if (BURST_BEATS < 1 || BURST_BEATS * BEAT_BYTES > 4096 || (BURST_BEATS & (BURST_BEATS - 1)) != 0)
    $error("uvs_dma_xfer: BURST_BEATS must be a power of 2, BURST_BEATS * BEAT_BYTES <= 4096");
  if (BEAT_BYTES != 8 && BEAT_BYTES != 16 && BEAT_BYTES != 32 && BEAT_BYTES != 64 && BEAT_BYTES != 128)
    $error("uvs_dma_xfer: BEAT_BYTES must be 8, 16, 32, 64 or 128");
endmodule

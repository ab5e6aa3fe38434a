// uvs_axi_atomic_tb: self-checking testbench of the boards' atomic unit
// (boards/common/uvs_axi_atomic.sv; tests/axi.tests builds it with verilator
// --binary --timing via tests/axi/atomic_tb.sh and runs it). Four ports: 0 a
// fetch port (DATA = 0, passed through), 1..3 data ports. Behind the unit a
// memory without atomics: per port, transactions are taken with random
// ready, answered in order after a random latency of 1..8 cycles and
// performed only when answered (so that ports race); it fails on any AWATOP,
// ARLOCK or AWLOCK reaching it, and answers SLVERR above 0x800. The masters
// behave as uvs_axi_mport: one request at a time (AR, or AW and W
// together), RREADY = BREADY = 1. Checked, directed: every AMO (.W on
// either half, .D) returns the old word and writes op(old, operand) on its
// lanes; AtomicStore (B only), AtomicCompare and bad byte enables get
// SLVERR and write nothing; LR gets EXOKAY; SC with the reservation writes
// (EXOKAY), without it (none, after an SC, another granule, a newer LR, a
// write of another port or of this port with another AxID) fails (OKAY) and
// writes nothing; an AMO of the same requester keeps the reservation; a
// read error gives LR, AMO SLVERR (no write). Random: the three data ports
// increment shared counters by AMOADD (.D, .W on both halves) and by LR/SC
// loops while doing plain writes and reads on private words; no update is
// lost and every read returns the port's last write. An atomic's R and B
// come in the same cycle; no answer comes unasked. Prints
// "uvs_axi_atomic_tb: PASS, N transactions" or the first failure ($fatal).
`include "uvs_axi_ports.svh"

module uvs_axi_atomic_tb;
  localparam int         N    = 4;
  localparam logic [3:0] DATA = 4'b1110;
  localparam int         ITERS = 300;  // random phase: operations per data port

  logic         clk = 1'b0;
  logic [N-1:0] rst_n = '0;
  always #5 clk <= ~clk;

  /* verilator lint_off UNUSEDSIGNAL */  // burst, cache, prot, size: not modelled
  `UVS_AXI4_WIRES(s, [N-1:0])
  `UVS_AXI4_WIRES(m, [N-1:0])
  /* verilator lint_on UNUSEDSIGNAL */

  uvs_axi_atomic #(.N(N), .DATA(DATA)) dut (
    .clk_i (clk), .rst_ni (rst_n),
    `UVS_AXI4_S_CONNECT(s_axi, s, ),
    `UVS_AXI4_M_CONNECT(m_axi, m)
  );

  // ---- memory: 256 words (bytes 0..0x7ff), SLVERR above ----
  logic [63:0] mem [256];
  int          cycle = 0;
  always @(posedge clk) cycle <= cycle + 1;

  for (genvar p = 0; p < N; p++) begin : g_mem
    // in-order queue of taken transactions
    logic        q_wr [8];
    logic [5:0]  q_id [8];
    logic [63:0] q_addr [8], q_data [8];
    logic [7:0]  q_strb [8];
    int          q_due [8];
    int          head = 0, cnt = 0;
    logic        rdy = 1'b0;
    assign m_arready[p] = rdy;
    assign m_awready[p] = rdy && !m_arvalid[p];
    assign m_wready[p]  = rdy && !m_arvalid[p];
    /* verilator lint_off BLKSEQ */  // a behavioural queue: blocking updates in order
    always @(posedge clk) begin
      automatic logic [2:0] tail = 3'((head + cnt) % 8);
      automatic int c = cnt;
      m_rvalid[p] <= 1'b0;
      m_bvalid[p] <= 1'b0;
      if (m_awvalid[p] && m_awatop[p] != 6'd0) $fatal(1, "uvs_axi_atomic_tb: FAIL AWATOP reached memory port %0d", p);
      if ((m_arvalid[p] && m_arlock[p]) || (m_awvalid[p] && m_awlock[p]))
        $fatal(1, "uvs_axi_atomic_tb: FAIL exclusive access reached memory port %0d", p);
      if (m_awvalid[p] != m_wvalid[p]) $fatal(1, "uvs_axi_atomic_tb: FAIL AW without W on port %0d (aw %b w %b st %0d s %b %b atop %b)", p, m_awvalid[p], m_wvalid[p], dut.st_q, s_awvalid, s_wvalid, s_awatop[p]);
      if (m_arvalid[p] && m_arready[p]) begin
        q_wr[tail] = 1'b0; q_id[tail] = m_arid[p]; q_addr[tail] = m_araddr[p];
        q_due[tail] = cycle + 1 + int'($urandom % 8);
        c++;
      end else if (m_awvalid[p] && m_awready[p]) begin
        q_wr[tail] = 1'b1; q_id[tail] = m_awid[p]; q_addr[tail] = m_awaddr[p];
        q_data[tail] = m_wdata[p]; q_strb[tail] = m_wstrb[p];
        q_due[tail] = cycle + 1 + int'($urandom % 8);
        c++;
      end
      // answer the head when due: performed now
      if (cnt > 0 && q_due[head] <= cycle) begin
        automatic logic err = q_addr[head] >= 64'h800;
        if (q_wr[head]) begin
          if (!err)
            for (int b = 0; b < 8; b++)
              if (q_strb[head][b]) mem[q_addr[head][10:3]][8*b +: 8] = q_data[head][8*b +: 8];
          m_bvalid[p] <= 1'b1; m_bid[p] <= q_id[head]; m_bresp[p] <= err ? 2'b10 : 2'b00;
        end else begin
          m_rvalid[p] <= 1'b1; m_rid[p] <= q_id[head]; m_rlast[p] <= 1'b1;
          m_rdata[p] <= err ? 64'd0 : mem[q_addr[head][10:3]]; m_rresp[p] <= err ? 2'b10 : 2'b00;
        end
        head = (head + 1) % 8;
        c--;
      end
      cnt = c;
      rdy <= cnt < 6 && ($urandom % 4) != 0;
    end
    /* verilator lint_on BLKSEQ */
  end

  // ---- masters (uvs_axi_mport's behaviour) ----
  int ntrans = 0;
  logic [N-1:0] busy = '0;  // port p waits for an answer

  // No answer comes unasked.
  always @(negedge clk) begin
    #2;
    for (int p = 0; p < N; p++)
      if ((s_rvalid[p] || s_bvalid[p]) && !busy[p])
        $fatal(1, "uvs_axi_atomic_tb: FAIL port %0d: answer without a request", p);
  end
  initial begin
    s_awvalid = '0; s_wvalid = '0; s_arvalid = '0; s_rready = '1; s_bready = '1;
    s_awlen = '0; s_arlen = '0; s_awburst = {N{2'b01}}; s_arburst = {N{2'b01}};
    s_awcache = {N{4'b0011}}; s_arcache = {N{4'b0011}};
    s_awprot = '0; s_arprot = '0; s_wlast = '1; s_awlock = '0; s_arlock = '0; s_awatop = '0;
  end

  // Writes element p of the master signal s_<sig> as a whole-vector write
  // (Verilator 5.006 --timing misses a changed element written alone).
`define SET(sig, val) begin automatic logic [$bits(s_``sig)/N-1:0] v_ = (val); \
    automatic logic [N-1:0][$bits(s_``sig)/N-1:0] a_ = s_``sig; a_[p] = v_; s_``sig = a_; end

  // Waits for the answer of port p: R and/or B (an atomic's in the same cycle).
  task automatic answer(int p, logic [5:0] id, bit want_r, bit want_b, output logic [63:0] rdata,
                        output logic [1:0] rresp, output logic [1:0] bresp);
    int n = 0;
    @(negedge clk);
    while (!s_rvalid[p] && !s_bvalid[p]) begin
      n++;
      if (n > 2000) $fatal(1, "uvs_axi_atomic_tb: FAIL port %0d: no answer", p);
      @(negedge clk);
    end
    if (s_rvalid[p] != want_r || s_bvalid[p] != want_b)
      $fatal(1, "uvs_axi_atomic_tb: FAIL port %0d: answer R %0d B %0d, expected R %0d B %0d", p,
             s_rvalid[p], s_bvalid[p], want_r, want_b);
    if ((want_r && (s_rid[p] != id || !s_rlast[p])) || (want_b && s_bid[p] != id))
      $fatal(1, "uvs_axi_atomic_tb: FAIL port %0d: answer with another ID or without RLAST", p);
    rdata = s_rdata[p];
    rresp = s_rresp[p];
    bresp = s_bresp[p];
    ntrans++;
    @(posedge clk); #1;
    busy[p] = 1'b0;
  endtask

  task automatic rd(int p, logic [5:0] id, logic [63:0] addr, logic [2:0] size, bit lock,
                    output logic [63:0] data, output logic [1:0] resp);
    logic [1:0] bresp;
    @(negedge clk);
    busy[p] = 1'b1;
    `SET(arvalid, 1'b1) `SET(arid, id) `SET(araddr, addr) `SET(arsize, size) `SET(arlock, lock)
    #1;
    while (!s_arready[p]) begin @(negedge clk); #1; end
    @(posedge clk); #1;
    `SET(arvalid, 1'b0)
    answer(p, id, 1'b1, 1'b0, data, resp, bresp);
    if (bresp === 2'bxx) $fatal(1, "uvs_axi_atomic_tb: FAIL port %0d: BRESP unknown", p);
  endtask

  // A write: plain (atop 0, lock 0), SC (lock 1) or atomic (atop).
  task automatic wr(int p, logic [5:0] id, logic [63:0] addr, logic [63:0] data, logic [7:0] strb,
                    bit lock, logic [5:0] atop, output logic [63:0] rdata,
                    output logic [1:0] rresp, output logic [1:0] bresp);
    @(negedge clk);
    busy[p] = 1'b1;
    `SET(awvalid, 1'b1) `SET(wvalid, 1'b1) `SET(awid, id) `SET(awaddr, addr)
    `SET(awsize, uvs_axi_pkg::size_of(strb)) `SET(awlock, lock) `SET(awatop, atop)
    `SET(wdata, data) `SET(wstrb, strb)
    #1;
    while (!(s_awready[p] && s_wready[p])) begin
      if (s_awready[p] != s_wready[p]) $fatal(1, "uvs_axi_atomic_tb: FAIL port %0d: AWREADY != WREADY", p);
      @(negedge clk); #1;
    end
    @(posedge clk); #1;
    `SET(awvalid, 1'b0) `SET(wvalid, 1'b0)
    answer(p, id, atop[5], 1'b1, rdata, rresp, bresp);
  endtask

  // ---- checks ----
  task automatic expect64(string what, logic [63:0] got, logic [63:0] want);
    if (got !== want) $fatal(1, "uvs_axi_atomic_tb: FAIL %s: got 0x%016x, want 0x%016x", what, got, want);
  endtask

  localparam logic [5:0] SWAP = 6'b110000, LOAD = 6'b100000;
  localparam logic [1:0] OK = 2'b00, EX = 2'b01, ERR = 2'b10;

  // One AMO on word 0x40 of port p: init, operand (as the core sends it), strb.
  task automatic amo(int p, logic [5:0] atop, logic [63:0] init, logic [63:0] op, logic [7:0] strb,
                     logic [63:0] want);
    logic [63:0] r;
    logic [1:0]  rr, br;
    mem[8] = init;
    wr(p, 6'd0, 64'h40, op, strb, 1'b0, atop, r, rr, br);
    expect64($sformatf("AMO %b strb %02x old", atop, strb), r, init);
    expect64($sformatf("AMO %b strb %02x resp", atop, strb), {60'd0, rr, br}, 64'd0);
    expect64($sformatf("AMO %b strb %02x memory", atop, strb), mem[8], want);
  endtask

  task automatic directed();
    logic [63:0] r;
    logic [1:0]  rr, br;
    // every AtomicLoad op and Swap, .D and .W on both halves
    amo(1, SWAP,      64'h1111_2222_3333_4444, 64'h5555_6666_7777_8888, 8'hff, 64'h5555_6666_7777_8888);
    amo(2, LOAD | 0,  64'h0000_0001_ffff_ffff, 64'h0000_0000_0000_0001, 8'hff, 64'h0000_0002_0000_0000);
    amo(3, LOAD | 0,  64'h0000_0001_ffff_ffff, 64'h0000_0000_0000_0001, 8'h0f, 64'h0000_0001_0000_0000);
    amo(1, LOAD | 0,  64'hffff_ffff_0000_0005, 64'h0000_0001_0000_0000, 8'hf0, 64'h0000_0000_0000_0005);
    amo(1, LOAD | 1,  64'hff00_ff00_ff00_ff00, ~64'h0f0f_0f0f_0f0f_0f0f, 8'hff, 64'h0f00_0f00_0f00_0f00);
    amo(2, LOAD | 2,  64'hff00_ff00_ff00_ff00, 64'h0ff0_0ff0_0ff0_0ff0, 8'h0f, 64'hff00_ff00_f0f0_f0f0);
    amo(3, LOAD | 3,  64'h0000_0000_0000_0000, 64'h1234_5678_0000_0000, 8'hf0, 64'h1234_5678_0000_0000);
    amo(1, LOAD | 4,  64'hffff_ffff_ffff_fffe, 64'h0000_0000_0000_0001, 8'hff, 64'h0000_0000_0000_0001);
    amo(1, LOAD | 4,  64'h0000_0000_8000_0000, 64'h0000_0000_0000_0001, 8'h0f, 64'h0000_0000_0000_0001);
    amo(2, LOAD | 5,  64'hffff_ffff_ffff_fffe, 64'h0000_0000_0000_0001, 8'hff, 64'hffff_ffff_ffff_fffe);
    amo(2, LOAD | 5,  64'h8000_0000_0000_0000, 64'h0000_0001_0000_0000, 8'hf0, 64'h8000_0000_0000_0000);
    amo(3, LOAD | 6,  64'hffff_ffff_ffff_fffe, 64'h0000_0000_0000_0001, 8'hff, 64'hffff_ffff_ffff_fffe);
    amo(3, LOAD | 6,  64'h0000_0000_8000_0000, 64'h0000_0000_0000_0001, 8'h0f, 64'h0000_0000_8000_0000);
    amo(1, LOAD | 7,  64'hffff_ffff_ffff_fffe, 64'h0000_0000_0000_0001, 8'hff, 64'h0000_0000_0000_0001);
    amo(1, LOAD | 7,  64'h0000_0003_0000_0009, 64'h0000_0002_0000_0001, 8'hf0, 64'h0000_0002_0000_0009);
    // AtomicStore (B only), AtomicCompare, bad byte enables: SLVERR, nothing written
    mem[8] = 64'h77;
    wr(1, 6'd0, 64'h40, 64'h1, 8'hff, 1'b0, 6'b010000, r, rr, br);
    expect64("AtomicStore", {62'd0, br}, {62'd0, ERR});
    wr(1, 6'd0, 64'h40, 64'h1, 8'hff, 1'b0, 6'b110001, r, rr, br);
    expect64("AtomicCompare", {60'd0, rr, br}, {60'd0, ERR, ERR});
    wr(1, 6'd0, 64'h40, 64'h1, 8'h03, 1'b0, LOAD, r, rr, br);
    expect64("AMO bad strb", {60'd0, rr, br}, {60'd0, ERR, ERR});
    rd(1, 6'd0, 64'h40, 3'd1, 1'b1, r, rr);
    expect64("LR bad size", {62'd0, rr}, {62'd0, ERR});
    expect64("bad atomics wrote nothing", mem[8], 64'h77);
    // a read error: AMO R and B SLVERR, no write
    wr(2, 6'd0, 64'h900, 64'h1, 8'hff, 1'b0, LOAD, r, rr, br);
    expect64("AMO read error", {60'd0, rr, br}, {60'd0, ERR, ERR});
    // LR/SC
    mem[9] = 64'h10;
    wr(1, 6'd0, 64'h48, 64'h11, 8'hff, 1'b1, 6'd0, r, rr, br);
    expect64("SC without LR", {62'd0, br}, {62'd0, OK});
    rd(1, 6'd0, 64'h48, 3'd3, 1'b1, r, rr);
    expect64("LR data", r, 64'h10);
    expect64("LR resp", {62'd0, rr}, {62'd0, EX});
    wr(1, 6'd0, 64'h48, 64'h12, 8'hff, 1'b1, 6'd0, r, rr, br);
    expect64("SC after LR", {62'd0, br}, {62'd0, EX});
    wr(1, 6'd0, 64'h48, 64'h13, 8'hff, 1'b1, 6'd0, r, rr, br);
    expect64("SC after SC", {62'd0, br}, {62'd0, OK});
    rd(1, 6'd0, 64'h4c, 3'd2, 1'b1, r, rr);                                   // LR.W upper half
    wr(1, 6'd0, 64'h50, 64'h14, 8'hff, 1'b1, 6'd0, r, rr, br);
    expect64("SC other granule", {62'd0, br}, {62'd0, OK});
    rd(1, 6'd0, 64'h48, 3'd3, 1'b1, r, rr);
    rd(1, 6'd0, 64'h50, 3'd3, 1'b1, r, rr);                                   // newer LR elsewhere
    wr(1, 6'd0, 64'h48, 64'h15, 8'hff, 1'b1, 6'd0, r, rr, br);
    expect64("SC after newer LR", {62'd0, br}, {62'd0, OK});
    rd(1, 6'd0, 64'h48, 3'd3, 1'b1, r, rr);
    wr(2, 6'd0, 64'h4c, 64'h0, 8'h10, 1'b0, 6'd0, r, rr, br);                 // another port's store
    wr(1, 6'd0, 64'h48, 64'h16, 8'hff, 1'b1, 6'd0, r, rr, br);
    expect64("SC after other port's store", {62'd0, br}, {62'd0, OK});
    rd(1, 6'd1, 64'h48, 3'd3, 1'b1, r, rr);
    wr(1, 6'd2, 64'h48, 64'h0, 8'h01, 1'b0, 6'd0, r, rr, br);                 // same port, other ID
    wr(1, 6'd1, 64'h48, 64'h17, 8'hff, 1'b1, 6'd0, r, rr, br);
    expect64("SC after other ID's store", {62'd0, br}, {62'd0, OK});
    rd(3, 6'd0, 64'h48, 3'd3, 1'b1, r, rr);
    wr(3, 6'd0, 64'h48, 64'h1, 8'hff, 1'b0, LOAD, r, rr, br);                 // own AMO keeps it
    wr(2, 6'd0, 64'h58, 64'h1, 8'hff, 1'b0, LOAD, r, rr, br);                 // other word
    wr(3, 6'd0, 64'h4c, 64'h18_0000_0000, 8'hf0, 1'b1, 6'd0, r, rr, br);
    expect64("SC after own AMO", {62'd0, br}, {62'd0, EX});
    expect64("SC.W upper half stored", {32'd0, mem[9][63:32]}, 64'h18);
    rd(2, 6'd0, 64'h900, 3'd3, 1'b1, r, rr);
    expect64("LR read error", {62'd0, rr}, {62'd0, ERR});
    // the fetch port passes through
    mem[10] = 64'hfeed;
    rd(0, 6'd0, 64'h50, 3'd3, 1'b0, r, rr);
    expect64("fetch", r, 64'hfeed);
  endtask

  // Random phase: counters at words 0x100 (AMOADD.D), 0x108 (LR/SC.D),
  // 0x110 (AMOADD.W, both halves); private words of port p at 0x200 + 0x80 p.
  int amo_n = 0, lrsc_n = 0, lo_n = 0, hi_n = 0;
  task automatic worker(int p);
    logic [63:0] r, last [16];
    logic [1:0]  rr, br;
    for (int i = 0; i < 16; i++) last[i] = mem[(32'h200 + 32'h80 * p) / 8 + i];
    for (int it = 0; it < ITERS; it++) begin
      automatic int k = int'($urandom % 6);
      automatic int w = int'($urandom % 16);
      automatic logic [63:0] a = 64'h200 + 64'h80 * p + 64'(8 * w);
      case (k)
        0: begin wr(p, 6'd0, 64'h100, 64'd1, 8'hff, 1'b0, LOAD, r, rr, br); amo_n++; end
        1: begin
          automatic int tries = 0;
          br = OK;
          while (br != EX) begin
            rd(p, 6'd0, 64'h108, 3'd3, 1'b1, r, rr);
            if (rr != EX) $fatal(1, "uvs_axi_atomic_tb: FAIL port %0d: LR answered %0d", p, rr);
            wr(p, 6'd0, 64'h108, r + 64'd1, 8'hff, 1'b1, 6'd0, r, rr, br);
            tries++;
            if (tries > 100) $fatal(1, "uvs_axi_atomic_tb: FAIL port %0d: LR/SC never succeeds", p);
          end
          lrsc_n++;
        end
        2: begin wr(p, 6'd0, 64'h110, 64'd1, 8'h0f, 1'b0, LOAD, r, rr, br); lo_n++; end
        3: begin wr(p, 6'd0, 64'h114, 64'd1 << 32, 8'hf0, 1'b0, LOAD, r, rr, br); hi_n++; end
        4: begin
          last[w] = {$urandom, $urandom};
          wr(p, 6'd0, a, last[w], 8'hff, 1'b0, 6'd0, r, rr, br);
        end
        default: begin
          rd(p, 6'd0, a, 3'd3, 1'b0, r, rr);
          expect64($sformatf("port %0d private word %0d", p, w), r, last[w]);
          if (rr != OK) $fatal(1, "uvs_axi_atomic_tb: FAIL port %0d: read answered %0d", p, rr);
        end
      endcase
    end
  endtask

  initial begin
    int unsigned seed;
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    void'($urandom(seed));
    for (int i = 0; i < 256; i++) mem[i] = 64'd0;
    repeat (3) @(negedge clk);
    rst_n = '1;
    directed();
    mem[32] = 0; mem[33] = 0; mem[34] = 0;
    fork
      worker(1);
      worker(2);
      worker(3);
    join
    repeat (10) @(negedge clk);
    expect64("AMOADD.D counter", mem[32], 64'(amo_n));
    expect64("LR/SC counter", mem[33], 64'(lrsc_n));
    expect64("AMOADD.W counters", mem[34], {32'(hi_n), 32'(lo_n)});
    $display("uvs_axi_atomic_tb: PASS, %0d transactions", ntrans);
    $finish;
  end
endmodule

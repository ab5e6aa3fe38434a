// uvs_icicle_fic0_map_tb: self-checking testbench of the Icicle Kit's
// address placement (boards/icicle-kit/rtl/uvs_icicle_fic0_map.sv;
// tests/boards.tests builds it with verilator --binary --timing). A random
// master issues N reads and N writes (random 11-bit IDs, bursts of 1-4
// beats, random valid delays and RREADY/BREADY stalls) to device addresses in every
// window (SRAM, scratchpads, host window) and outside them (the SRAM window
// past its populated size, HBM, unmapped); a random-latency memory model
// stands for the FIC0 target. Checked: every transaction that reaches the
// model carries the mapped address (SRAM -> SRAM_DDR, SPAD -> SPAD_DDR, host
// window -> host physical) and its own length, and its W beats; nothing
// outside the windows reaches it; reads return the model's data (the mapped
// address + 8 per beat) with OKAY, or len + 1 beats of DECERR with RLAST on
// the last; writes get OKAY or DECERR; every transaction reaches the model
// with ID 0 and its answer carries the ID it was issued with; answers come
// in issue order. Prints
// "uvs_icicle_fic0_map_tb: PASS, N transactions" or the first failure
// ($fatal).
module uvs_icicle_fic0_map_tb;
  localparam int N = 3000;
  localparam logic [63:0] SRAM_DDR = 64'hb000_0000, SPAD_DDR = 64'hb400_0000;
  localparam logic [63:0] SRAM_BYTES = 64'h400_0000;

  logic clk = 1'b0, rst_n = 1'b0;
  always #5 clk <= ~clk;

  // ---- DUT ----
  logic        s_awvalid, s_awready, s_wvalid, s_wready, s_wlast, s_bvalid, s_bready;
  logic        s_arvalid, s_arready, s_rvalid, s_rready, s_rlast;
  logic [63:0] s_awaddr, s_araddr, s_wdata, s_rdata;
  logic [7:0]  s_awlen, s_arlen;
  logic [1:0]  s_bresp, s_rresp;
  logic [10:0] s_bid, s_rid, s_awid, s_arid;
  logic        m_awvalid, m_awready, m_wvalid, m_wready, m_wlast, m_bvalid, m_bready;
  logic        m_arvalid, m_arready, m_rvalid, m_rready, m_rlast;
  logic [63:0] m_awaddr, m_araddr, m_rdata;
  logic [7:0]  m_awlen, m_arlen;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [5:0]  m_awid, m_arid;
  logic [63:0] m_wdata;
  logic [7:0]  m_wstrb;
  logic [2:0]  m_awsize, m_arsize, m_awprot, m_arprot;
  logic [1:0]  m_awburst, m_arburst;
  logic        m_awlock, m_arlock;
  logic [3:0]  m_awcache, m_arcache;
  logic [5:0]  m_awuser;
  /* verilator lint_on UNUSEDSIGNAL */

  uvs_icicle_fic0_map #(.SRAM_BYTES(SRAM_BYTES), .SRAM_DDR(SRAM_DDR), .SPAD_DDR(SPAD_DDR)) dut (
    .clk_i (clk), .rst_ni (rst_n),
    .s_awvalid_i (s_awvalid), .s_awid_i (s_awid), .s_awaddr_i (s_awaddr), .s_awlen_i (s_awlen),
    .s_awsize_i (3'd3), .s_awburst_i (2'b01), .s_awlock_i (1'b0), .s_awcache_i (4'b0011),
    .s_awprot_i (3'b000), .s_awuser_i (6'd0), .s_awready_o (s_awready),
    .s_wvalid_i (s_wvalid), .s_wdata_i (s_wdata), .s_wstrb_i (8'hff), .s_wlast_i (s_wlast),
    .s_wready_o (s_wready),
    .s_bvalid_o (s_bvalid), .s_bid_o (s_bid), .s_bresp_o (s_bresp), .s_bready_i (s_bready),
    .s_arvalid_i (s_arvalid), .s_arid_i (s_arid), .s_araddr_i (s_araddr), .s_arlen_i (s_arlen),
    .s_arsize_i (3'd3), .s_arburst_i (2'b01), .s_arlock_i (1'b0), .s_arcache_i (4'b0011),
    .s_arprot_i (3'b000), .s_arready_o (s_arready),
    .s_rvalid_o (s_rvalid), .s_rid_o (s_rid), .s_rdata_o (s_rdata), .s_rresp_o (s_rresp),
    .s_rlast_o (s_rlast), .s_rready_i (s_rready),
    .m_awvalid_o (m_awvalid), .m_awid_o (m_awid), .m_awaddr_o (m_awaddr), .m_awlen_o (m_awlen),
    .m_awsize_o (m_awsize), .m_awburst_o (m_awburst), .m_awlock_o (m_awlock),
    .m_awcache_o (m_awcache), .m_awprot_o (m_awprot), .m_awuser_o (m_awuser),
    .m_awready_i (m_awready),
    .m_wvalid_o (m_wvalid), .m_wdata_o (m_wdata), .m_wstrb_o (m_wstrb), .m_wlast_o (m_wlast),
    .m_wready_i (m_wready),
    .m_bvalid_i (m_bvalid), .m_bid_i ('0), .m_bresp_i (2'b00), .m_bready_o (m_bready),
    .m_arvalid_o (m_arvalid), .m_arid_o (m_arid), .m_araddr_o (m_araddr), .m_arlen_o (m_arlen),
    .m_arsize_o (m_arsize), .m_arburst_o (m_arburst), .m_arlock_o (m_arlock),
    .m_arcache_o (m_arcache), .m_arprot_o (m_arprot), .m_arready_i (m_arready),
    .m_rvalid_i (m_rvalid), .m_rid_i ('0), .m_rdata_i (m_rdata), .m_rresp_i (2'b00),
    .m_rlast_i (m_rlast), .m_rready_o (m_rready)
  );

  function automatic void fail(string what);
    $fatal(1, "uvs_icicle_fic0_map_tb: FAIL %s", what);
  endfunction

  // A random device address and its expected MSS address (ok = 0: none);
  // mapped_only: only addresses in a window (an address outside waits for
  // every transaction passed on to be answered, so runs of these let many
  // be outstanding).
  function automatic logic [63:0] pick(input bit mapped_only, output logic ok, output logic [63:0] mapped);
    logic [63:0] a, off;
    int unsigned k, w;
    k   = mapped_only ? (($urandom % 2 == 0) ? 0 : 2 + $urandom % 2) : $urandom % 9;
    w   = $urandom % 32'h40_0000;
    off = 64'(w) * 64'd8;  // within 32 MiB, 8-byte aligned
    ok  = 1'b1;
    unique case (k)
      0, 1: begin a = uvs_memmap_pkg::UVS_SRAM_BASE + off % SRAM_BYTES; mapped = SRAM_DDR + off % SRAM_BYTES; end
      2:    begin a = uvs_memmap_pkg::UVS_SPAD_BASE + off; mapped = SPAD_DDR + off; end
      3:    begin mapped = {17'd0, 15'($urandom), 29'($urandom), 3'd0};  // below 2^47
                  a = uvs_memmap_pkg::UVS_HOSTWIN_BASE + mapped; end
      4:    begin a = uvs_memmap_pkg::UVS_SRAM_BASE + SRAM_BYTES + off; ok = 1'b0; mapped = '0; end
      5:    begin a = uvs_memmap_pkg::UVS_HBM_BASE + off; ok = 1'b0; mapped = '0; end
      6:    begin a = uvs_memmap_pkg::UVS_SRAM_BASE + SRAM_BYTES - 8; mapped = SRAM_DDR + SRAM_BYTES - 8; end
      7:    begin a = uvs_memmap_pkg::UVS_SRAM_BASE + SRAM_BYTES; ok = 1'b0; mapped = '0; end
      default: begin a = 64'h4000_0000 + off; ok = 1'b0; mapped = '0; end
    endcase
    return a;
  endfunction

  // ---- the FIC0 target model: random readies, answers after 1-8 cycles,
  // ---- one in 16 after 40-79 (so that more than the map's 16 reads or
  // ---- writes are outstanding: its ID queues fill) ----
  function automatic int lat();
    return 1 + (($urandom % 16 == 0) ? 40 + int'($urandom % 40) : int'($urandom % 8));
  endfunction
  logic [63:0] m_ar_exp [$];  // mapped addresses the model must see, in order
  logic [7:0]  m_ar_len [$];
  logic [63:0] m_aw_exp [$];
  logic [7:0]  m_aw_len [$];
  logic [63:0] r_q_addr [$];  // accepted reads: address, beats, ready time
  int          r_q_beats [$], r_q_time [$];
  int          b_q_time [$];
  int          r_beat, now, w_seen;
  int          w_left [$];   // W beats of each accepted AW; w_seen of the oldest arrived

  always_ff @(posedge clk) begin
    now <= now + 1;
    m_arready <= ($urandom % 3) != 0;
    m_awready <= ($urandom % 3) != 0;
    m_wready  <= ($urandom % 4) != 0;
    if (m_arvalid && m_arready) begin
      if (m_ar_exp.size() == 0) fail("a read outside the windows reached FIC0");
      if (m_araddr != m_ar_exp[0]) fail($sformatf("read at 0x%x, expected 0x%x", m_araddr, m_ar_exp[0]));
      if (m_arlen != m_ar_len[0]) fail("read length changed");
      if (m_arid != '0) fail("a read reached FIC0 with an ID other than 0");
      void'(m_ar_exp.pop_front()); void'(m_ar_len.pop_front());
      r_q_addr.push_back(m_araddr); r_q_beats.push_back(int'(m_arlen) + 1);
      r_q_time.push_back(now + lat());
    end
    if (m_awvalid && m_awready) begin
      if (m_aw_exp.size() == 0) fail("a write outside the windows reached FIC0");
      if (m_awaddr != m_aw_exp[0]) fail($sformatf("write at 0x%x, expected 0x%x", m_awaddr, m_aw_exp[0]));
      if (m_awlen != m_aw_len[0]) fail("write length changed");
      if (m_awid != '0) fail("a write reached FIC0 with an ID other than 0");
      void'(m_aw_exp.pop_front()); void'(m_aw_len.pop_front());
      w_left.push_back(int'(m_awlen) + 1);
    end
    if (m_wvalid && m_wready) begin
      if (w_left.size() == 0) fail("a W beat reached FIC0 before its AW");
      if (m_wlast != (w_seen == w_left[0] - 1)) fail("WLAST on the wrong beat below");
      if (m_wlast) begin
        void'(w_left.pop_front());
        w_seen <= 0;
        b_q_time.push_back(now + lat());
      end else w_seen <= w_seen + 1;
    end
    if (m_rvalid && m_rready) begin
      if (m_rlast) begin
        void'(r_q_addr.pop_front()); void'(r_q_beats.pop_front()); void'(r_q_time.pop_front());
        r_beat <= 0;
      end else r_beat <= r_beat + 1;
    end
    if (m_bvalid && m_bready) void'(b_q_time.pop_front());
  end
  always_comb begin
    m_rvalid = r_q_time.size() != 0 && r_q_time[0] <= now;
    m_rdata  = m_rvalid ? r_q_addr[0] + 64'(r_beat * 8) : 64'd0;
    m_rlast  = m_rvalid && r_beat == r_q_beats[0] - 1;
    m_bvalid = b_q_time.size() != 0 && b_q_time[0] <= now;
  end

  // ---- the master: issues, and checks answers in issue order ----
  logic [63:0] r_exp_addr [$];  // per read: mapped address (or 0) and whether mapped
  logic        r_exp_ok [$];
  int          r_exp_len [$];
  logic [10:0] r_exp_id [$];
  logic        b_exp_ok [$];
  logic [10:0] b_exp_id [$];
  int          reads_done, writes_done, rbeat;

  // Inputs change at the falling edge; a ready is sampled just after it
  // (it depends on registered state only) and taken at the rising edge.
  task automatic issue_reads();
    for (int i = 0; i < N; i++) begin
      logic ok, hs;
      logic [63:0] mapped, a;
      logic [7:0] len;
      a = pick((i / 300) % 2 == 1, ok, mapped);
      len = 8'($urandom % 4);
      repeat ($urandom % 3) @(negedge clk);
      if (ok) begin m_ar_exp.push_back(mapped); m_ar_len.push_back(len); end
      r_exp_addr.push_back(mapped); r_exp_ok.push_back(ok); r_exp_len.push_back(int'(len) + 1);
      s_arid = 11'($urandom);
      r_exp_id.push_back(s_arid);
      s_araddr = a; s_arlen = len; s_arvalid = 1'b1;
      do begin #1 hs = s_arready; @(negedge clk); end while (!hs);
      s_arvalid = 1'b0;
    end
  endtask

  task automatic issue_writes();
    for (int i = 0; i < N; i++) begin
      logic ok, hs;
      logic [63:0] mapped, a;
      logic [7:0] len;
      a = pick((i / 300) % 2 == 1, ok, mapped);
      len = 8'($urandom % 4);
      repeat ($urandom % 3) @(negedge clk);
      if (ok) begin m_aw_exp.push_back(mapped); m_aw_len.push_back(len); end
      b_exp_ok.push_back(ok);
      s_awid = 11'($urandom);
      b_exp_id.push_back(s_awid);
      s_awaddr = a; s_awlen = len; s_awvalid = 1'b1;
      do begin #1 hs = s_awready; @(negedge clk); end while (!hs);
      s_awvalid = 1'b0;
      for (int b = 0; b <= int'(len); b++) begin
        s_wdata = 64'(b); s_wlast = (b == int'(len)); s_wvalid = 1'b1;
        do begin #1 hs = s_wready; @(negedge clk); end while (!hs);
        s_wvalid = 1'b0;
      end
    end
  endtask

  always_ff @(posedge clk) begin
    s_rready <= ($urandom % 3) != 0;
    s_bready <= ($urandom % 3) != 0;
    if (s_rvalid && s_rready) begin
      if (r_exp_ok.size() == 0) fail("an R beat with no read outstanding");
      if (r_exp_ok[0]) begin
        if (s_rresp != 2'b00 || s_rdata != r_exp_addr[0] + 64'(rbeat * 8))
          fail($sformatf("read beat %0d: 0x%x resp %0d, expected 0x%x OKAY", rbeat, s_rdata, s_rresp,
                         r_exp_addr[0] + 64'(rbeat * 8)));
      end else if (s_rresp != 2'b11) fail("read outside the windows without DECERR");
      if (s_rlast != (rbeat == r_exp_len[0] - 1)) fail("RLAST on the wrong beat");
      if (s_rid != r_exp_id[0]) fail($sformatf("read answered with ID 0x%x, issued with 0x%x", s_rid, r_exp_id[0]));
      if (s_rlast) begin
        void'(r_exp_ok.pop_front()); void'(r_exp_addr.pop_front()); void'(r_exp_len.pop_front());
        void'(r_exp_id.pop_front());
        rbeat <= 0;
        reads_done <= reads_done + 1;
      end else rbeat <= rbeat + 1;
    end
    if (s_bvalid && s_bready) begin
      if (b_exp_ok.size() == 0) fail("a B with no write outstanding");
      if (s_bresp != (b_exp_ok[0] ? 2'b00 : 2'b11)) fail($sformatf("write %0d answered %0d", writes_done, s_bresp));
      if (s_bid != b_exp_id[0]) fail($sformatf("write answered with ID 0x%x, issued with 0x%x", s_bid, b_exp_id[0]));
      void'(b_exp_ok.pop_front()); void'(b_exp_id.pop_front());
      writes_done <= writes_done + 1;
    end
  end

  initial begin
    {s_arvalid, s_awvalid, s_wvalid, s_wlast} = '0;
    {s_araddr, s_awaddr, s_wdata, s_arlen, s_awlen, s_arid, s_awid} = '0;
    {r_beat, rbeat, now, reads_done, writes_done, w_seen} = '0;
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    fork
      issue_reads();
      issue_writes();
    join
    repeat (200) @(negedge clk);
    if (reads_done != N || writes_done != N) fail($sformatf("%0d reads, %0d writes answered", reads_done, writes_done));
    $display("uvs_icicle_fic0_map_tb: PASS, %0d transactions", 2 * N);
    $finish;
  end
endmodule

// uvs_host_port_tb: self-checking testbench of the BAR0 AXI4-Lite slave
// (rtl/soc/uvs_host_port.sv; tests/axi.tests builds it with verilator
// --binary --timing and runs it). A random master issues N writes and reads
// of 64 words with random valid delays and random RREADY/BREADY stalls; a
// model of the MMIO arbiter's requester port behind the slave grants at
// random and answers one cycle after the grant from a memory of the words,
// where writes land with their byte enables. Checked: every read returns
// the last value written to its word; a read's request carries all byte
// enables, a write's WSTRB; RVALID/BVALID and RDATA hold while not taken
// (ARM IHI 0022, A3.2.1); RRESP/BRESP are OKAY; the slave never presents a
// request while its valid channel is low; every transaction ends. Prints
// "uvs_host_port_tb: PASS, N transactions" or the first failure and exits
// with $fatal.
module uvs_host_port_tb;
  localparam int N = 4000;

  logic        clk = 1'b0, rst_n = 1'b0;
  always #5 clk <= ~clk;

  logic        awvalid, awready, wvalid, wready, bvalid, bready, arvalid, arready, rvalid, rready;
  logic [15:0] awaddr, araddr;
  logic [63:0] wdata, rdata;
  logic [7:0]  wstrb;
  logic [1:0]  bresp, rresp;
  logic        req, we, gnt, ans;
  logic [15:0] addr;  // the model keeps 64 words: bits 8:3
  logic [7:0]  be;
  logic [63:0] req_wdata, ans_data;

  uvs_host_port dut (
    .clk_i (clk), .rst_ni (rst_n),
    .s_axil_awvalid_i (awvalid), .s_axil_awaddr_i (awaddr), .s_axil_awprot_i (3'b000),
    .s_axil_awready_o (awready),
    .s_axil_wvalid_i (wvalid), .s_axil_wdata_i (wdata), .s_axil_wstrb_i (wstrb), .s_axil_wready_o (wready),
    .s_axil_bvalid_o (bvalid), .s_axil_bresp_o (bresp), .s_axil_bready_i (bready),
    .s_axil_arvalid_i (arvalid), .s_axil_araddr_i (araddr), .s_axil_arprot_i (3'b000),
    .s_axil_arready_o (arready),
    .s_axil_rvalid_o (rvalid), .s_axil_rdata_o (rdata), .s_axil_rresp_o (rresp), .s_axil_rready_i (rready),
    .req_o (req), .addr_o (addr), .we_o (we), .be_o (be), .wdata_o (req_wdata),
    .gnt_i (gnt), .rvalid_i (ans), .rdata_i (ans_data)
  );

  // ---- the arbiter's requester port: random grant, answer one cycle later ----
  logic [63:0] mem [64];
  logic        gnt_en;
  assign gnt = req && gnt_en;
  always_ff @(posedge clk) begin
    gnt_en <= ($urandom % 3) != 0;
    ans    <= gnt;
    if (gnt && we) begin
      for (int b = 0; b < 8; b++)
        if (be[b]) mem[addr[8:3]][8*b +: 8] <= req_wdata[8*b +: 8];
      ans_data <= '0;
    end else if (gnt) begin
      if (be != 8'hff) $fatal(1, "uvs_host_port_tb: FAIL read request with byte enables 0x%02x", be);
      ans_data <= mem[addr[8:3]];
    end else begin
      ans_data <= 64'hdead_beef_dead_beef;  // not an answer: must not be taken
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic unused;
  assign unused = (|addr[15:9]) | (|addr[2:0]);
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- protocol checks: a response holds while not taken ----
  logic        rvalid_q, bvalid_q, rready_q, bready_q;
  logic [63:0] rdata_q;
  always_ff @(posedge clk) begin
    rvalid_q <= rvalid; bvalid_q <= bvalid; rready_q <= rready; bready_q <= bready; rdata_q <= rdata;
    if (rst_n) begin
      if (rvalid_q && !rready_q && (!rvalid || rdata != rdata_q))
        $fatal(1, "uvs_host_port_tb: FAIL R dropped or changed while RREADY was low");
      if (bvalid_q && !bready_q && !bvalid)
        $fatal(1, "uvs_host_port_tb: FAIL B dropped while BREADY was low");
      if ((rvalid && rresp != 2'b00) || (bvalid && bresp != 2'b00))
        $fatal(1, "uvs_host_port_tb: FAIL response not OKAY");
      if (req && !(arvalid || (awvalid && wvalid)))
        $fatal(1, "uvs_host_port_tb: FAIL request without a valid channel");
    end
  end

  // ---- the master ----
  logic [63:0] model [64];
  initial begin
    int unsigned seed;
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    void'($urandom(seed));
    awvalid = 0; wvalid = 0; arvalid = 0; bready = 0; rready = 0;
    awaddr = '0; araddr = '0; wdata = '0; wstrb = '0;
    for (int i = 0; i < 64; i++) begin mem[i] = 64'(i) * 64'h0101_0101_0101_0101; model[i] = mem[i]; end
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    // Inputs change at the falling edge, readys are sampled just before the
    // rising edge that takes them.
    for (int n = 0; n < N; n++) begin
      logic [5:0] w;
      int         t;
      logic       hs;
      w = 6'($urandom);
      repeat ($urandom % 3) @(negedge clk);
      @(negedge clk);
      t = 0;
      if ($urandom % 2 != 0) begin  // write: a 4-byte half, 8 bytes, or a random strobe
        logic [63:0] d;
        logic [7:0]  s;
        d = {$urandom, $urandom};
        s = ($urandom % 3 == 0) ? 8'hff : ($urandom % 2 != 0) ? 8'h0f : 8'($urandom);
        awaddr = {7'd0, w, 3'd0} + 16'(($urandom % 2) * 4);
        wdata = d; wstrb = s; awvalid = 1; wvalid = 1;
        do begin
          #1 hs = awready && wready;
          @(negedge clk);
          if (++t > 200) $fatal(1, "uvs_host_port_tb: FAIL write %0d not granted", n);
        end while (!hs);
        awvalid = 0; wvalid = 0;
        for (int b = 0; b < 8; b++) if (s[b]) model[w][8*b +: 8] = d[8*b +: 8];
        t = 0;
        do begin
          bready = ($urandom % 2) != 0;
          #1 hs = bvalid && bready;
          @(negedge clk);
          if (++t > 200) $fatal(1, "uvs_host_port_tb: FAIL write %0d without B", n);
        end while (!hs);
        bready = 0;
      end else begin  // read
        araddr = {7'd0, w, 3'd0}; arvalid = 1;
        do begin
          #1 hs = arready;
          @(negedge clk);
          if (++t > 200) $fatal(1, "uvs_host_port_tb: FAIL read %0d not granted", n);
        end while (!hs);
        arvalid = 0;
        t = 0;
        do begin
          rready = ($urandom % 2) != 0;
          #1 hs = rvalid && rready;
          if (hs && rdata != model[w])
            $fatal(1, "uvs_host_port_tb: FAIL read %0d of word %0d: 0x%016x, expected 0x%016x",
                   n, w, rdata, model[w]);
          @(negedge clk);
          if (++t > 200) $fatal(1, "uvs_host_port_tb: FAIL read %0d without R", n);
        end while (!hs);
        rready = 0;
      end
    end
    $display("uvs_host_port_tb: PASS, %0d transactions", N);
    $finish;
  end
endmodule

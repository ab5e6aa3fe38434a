// uvs_axi_pkg: the AXI4 memory interface at the SoC core's boundary
// (docs/architecture.md, "SoC boundary (AXI)"): constants and mapping
// functions. The ports carry AMBA AXI4's signals (ARM IHI 0022, part A) by
// their names, m_axi_<signal> on masters and s_axi_<signal> on slaves (AW,
// W, B, AR, R channels; no QoS, region or user signals), plus AWATOP of the
// AXI5 atomic transactions (IHI 0022 E, section E1.1) for the RISC-V AMOs.
// Address and data are 64 bits wide, the harts' access width (one beat of
// up to 8 bytes, AxLEN = 0); the ID is wide enough for a multithreaded
// hart's thread (mt.def MT_THREADS_MAX threads). The mapping of uvmsoc's
// bus accesses (bus.def UVS_AMO_*) to transactions:
//   load, fetch      AR (ARSIZE from the byte enables; fetch: 8 bytes)
//   store            AW + W (WSTRB = byte enables)
//   LR               AR with ARLOCK = 1 (exclusive read; RRESP EXOKAY)
//   SC               AW + W with AWLOCK = 1; BRESP EXOKAY = stored, OKAY = failed
//   AMO<op>          AW + W with AWATOP = AtomicLoad<op> (AtomicSwap for
//                    amoswap); the old value comes on R, together with B.
//                    amoand is AtomicLoad CLR of the inverted operand.
// A bus error (access fault) is RRESP/BRESP = SLVERR.
// Written for Yosys 0.23's SystemVerilog subset too (`read_verilog -sv`; the
// board flows read it unpatched): no import, no return, other packages'
// constants only through a size cast.
package uvs_axi_pkg;
  // AXI ID bits: a multithreaded hart's thread, mt.def MT_THREADS_MAX = 64
  // threads ("bus id width 6"); uvs_axi_mport stops elaboration if
  // 2**IDW < MT_THREADS_MAX (Yosys finds no other package's constant here).
  localparam int IDW = 6;

  localparam logic [1:0] RESP_OKAY   = 2'b00;
  localparam logic [1:0] RESP_EXOKAY = 2'b01;
  localparam logic [1:0] RESP_SLVERR = 2'b10;
  localparam logic [2:0] SIZE_8B     = 3'd3;
  localparam logic [1:0] BURST_INCR  = 2'b01;

  // AWATOP (AXI5 E1.1.3): [5:4] 00 none, 01 AtomicStore, 10 AtomicLoad,
  // 11 AtomicSwap (110000) / AtomicCompare (110001); [3] endianness (0
  // little); [2:0] the operation of AtomicStore/AtomicLoad.
  localparam logic [5:0] ATOP_NONE = 6'b000000;
  localparam logic [5:0] ATOP_SWAP = 6'b110000;
  localparam logic [5:0] ATOP_LOAD = 6'b100000;
  localparam logic [2:0] AOP_ADD = 3'b000, AOP_CLR = 3'b001, AOP_EOR = 3'b010, AOP_SET = 3'b011,
                         AOP_SMAX = 3'b100, AOP_SMIN = 3'b101, AOP_UMAX = 3'b110,
                         AOP_UMIN = 3'b111;

  // AxSIZE of an access with byte enables be (0 = a fetch: 8 bytes): 1, 2
  // or 4 bytes enabled give 0, 1, 2, anything else 3.
  function automatic logic [2:0] size_of(input logic [7:0] be);
    logic [3:0] n;
    n = 4'd0;
    for (int i = 0; i < 8; i++) n = n + {3'd0, be[i]};
    case (n)
      4'd1:    size_of = 3'd0;
      4'd2:    size_of = 3'd1;
      4'd4:    size_of = 3'd2;
      default: size_of = SIZE_8B;
    endcase
  endfunction

  // The byte enables of a one-beat access of size at addr (inverse of size_of).
  function automatic logic [7:0] be_of(input logic [2:0] size, input logic [2:0] lsb);
    logic [7:0] m;
    m = (size >= 3'd3) ? 8'hff : 8'((9'd1 << (4'd1 << size)) - 9'd1);
    be_of = m << lsb;
  endfunction

  // AWATOP of an AMO (amo >= UVS_AMO_SWAP) and whether its operand is inverted.
  function automatic logic [5:0] atop_of(input logic [3:0] amo);
    unique case (amo)
      4'(uvs_bus_pkg::UVS_AMO_SWAP): atop_of = ATOP_SWAP;
      4'(uvs_bus_pkg::UVS_AMO_ADD):  atop_of = ATOP_LOAD | {3'd0, AOP_ADD};
      4'(uvs_bus_pkg::UVS_AMO_XOR):  atop_of = ATOP_LOAD | {3'd0, AOP_EOR};
      4'(uvs_bus_pkg::UVS_AMO_AND):  atop_of = ATOP_LOAD | {3'd0, AOP_CLR};
      4'(uvs_bus_pkg::UVS_AMO_OR):   atop_of = ATOP_LOAD | {3'd0, AOP_SET};
      4'(uvs_bus_pkg::UVS_AMO_MIN):  atop_of = ATOP_LOAD | {3'd0, AOP_SMIN};
      4'(uvs_bus_pkg::UVS_AMO_MAX):  atop_of = ATOP_LOAD | {3'd0, AOP_SMAX};
      4'(uvs_bus_pkg::UVS_AMO_MINU): atop_of = ATOP_LOAD | {3'd0, AOP_UMIN};
      4'(uvs_bus_pkg::UVS_AMO_MAXU): atop_of = ATOP_LOAD | {3'd0, AOP_UMAX};
      default:                       atop_of = ATOP_NONE;
    endcase
  endfunction

  // The UVS_AMO_* of a write transaction (inverse of atop_of; lock = AWLOCK).
  function automatic logic [3:0] amo_of(input logic [5:0] atop, input logic lock);
    if (atop == ATOP_NONE) amo_of = lock ? 4'(uvs_bus_pkg::UVS_AMO_SC) : 4'(uvs_bus_pkg::UVS_AMO_NONE);
    else if (atop == ATOP_SWAP) amo_of = 4'(uvs_bus_pkg::UVS_AMO_SWAP);
    else
      unique case (atop[2:0])
        AOP_ADD:  amo_of = 4'(uvs_bus_pkg::UVS_AMO_ADD);
        AOP_CLR:  amo_of = 4'(uvs_bus_pkg::UVS_AMO_AND);
        AOP_EOR:  amo_of = 4'(uvs_bus_pkg::UVS_AMO_XOR);
        AOP_SET:  amo_of = 4'(uvs_bus_pkg::UVS_AMO_OR);
        AOP_SMAX: amo_of = 4'(uvs_bus_pkg::UVS_AMO_MAX);
        AOP_SMIN: amo_of = 4'(uvs_bus_pkg::UVS_AMO_MIN);
        AOP_UMAX: amo_of = 4'(uvs_bus_pkg::UVS_AMO_MAXU);
        default:  amo_of = 4'(uvs_bus_pkg::UVS_AMO_MINU);
      endcase
  endfunction
endpackage

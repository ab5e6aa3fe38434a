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
package uvs_axi_pkg;
  import uvs_bus_pkg::*;

  localparam int IDW = $clog2(int'(uvs_mt_pkg::UVS_MT_THREADS_MAX));  // AXI ID bits (6)

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

  // AxSIZE of an access with byte enables be (0 = a fetch: 8 bytes).
  function automatic logic [2:0] size_of(input logic [7:0] be);
    case ($countones(be))
      1:       return 3'd0;
      2:       return 3'd1;
      4:       return 3'd2;
      default: return SIZE_8B;
    endcase
  endfunction

  // The byte enables of a one-beat access of size at addr (inverse of size_of).
  function automatic logic [7:0] be_of(input logic [2:0] size, input logic [2:0] lsb);
    logic [7:0] m;
    m = (size >= 3'd3) ? 8'hff : 8'((9'd1 << (4'd1 << size)) - 9'd1);
    return m << lsb;
  endfunction

  // AWATOP of an AMO (amo >= UVS_AMO_SWAP) and whether its operand is inverted.
  function automatic logic [5:0] atop_of(input logic [3:0] amo);
    unique case (amo)
      UVS_AMO_SWAP[3:0]: return ATOP_SWAP;
      UVS_AMO_ADD[3:0]:  return ATOP_LOAD | {3'd0, AOP_ADD};
      UVS_AMO_XOR[3:0]:  return ATOP_LOAD | {3'd0, AOP_EOR};
      UVS_AMO_AND[3:0]:  return ATOP_LOAD | {3'd0, AOP_CLR};
      UVS_AMO_OR[3:0]:   return ATOP_LOAD | {3'd0, AOP_SET};
      UVS_AMO_MIN[3:0]:  return ATOP_LOAD | {3'd0, AOP_SMIN};
      UVS_AMO_MAX[3:0]:  return ATOP_LOAD | {3'd0, AOP_SMAX};
      UVS_AMO_MINU[3:0]: return ATOP_LOAD | {3'd0, AOP_UMIN};
      UVS_AMO_MAXU[3:0]: return ATOP_LOAD | {3'd0, AOP_UMAX};
      default:           return ATOP_NONE;
    endcase
  endfunction

  // The UVS_AMO_* of a write transaction (inverse of atop_of; lock = AWLOCK).
  function automatic logic [3:0] amo_of(input logic [5:0] atop, input logic lock);
    if (atop == ATOP_NONE) return lock ? UVS_AMO_SC[3:0] : UVS_AMO_NONE[3:0];
    if (atop == ATOP_SWAP) return UVS_AMO_SWAP[3:0];
    unique case (atop[2:0])
      AOP_ADD:  return UVS_AMO_ADD[3:0];
      AOP_CLR:  return UVS_AMO_AND[3:0];
      AOP_EOR:  return UVS_AMO_XOR[3:0];
      AOP_SET:  return UVS_AMO_OR[3:0];
      AOP_SMAX: return UVS_AMO_MAX[3:0];
      AOP_SMIN: return UVS_AMO_MIN[3:0];
      AOP_UMAX: return UVS_AMO_MAXU[3:0];
      default:  return UVS_AMO_MINU[3:0];
    endcase
  endfunction
endpackage

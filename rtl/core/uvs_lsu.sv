// uvs_lsu: formats data-port requests and extracts responses
// (docs/architecture.md "On-chip bus"; unprivileged spec 20191213 sec. 5.3
// loads/stores, ch. 8 "A" extension). Combinational; the request/response
// handshake is the core's FSM.
//
// Request: byte enables within the aligned 8-byte word addr & ~7, store data
// replicated into every lane of its size (so it sits in its own lanes).
// misaligned_o: the access is not naturally aligned; it must not reach the
// bus (the core raises cause 4 for loads/LR, 6 for stores/SC/AMOs).
// Response: rdata_i is the aligned 8-byte word (for AMOs and LR its old
// value); the selected lanes are shifted down and sign/zero-extended.
// For SC the memory answers 0 (success) or 1 (failure): any non-zero rdata
// is reported as 1.
module uvs_lsu
  import uvs_arch_pkg::*;
(
  input  logic [2:0]  addr_i,        // byte address bits 2:0 (offset in the 8-byte word)
  input  logic [1:0]  size_i,        // log2(bytes)
  input  logic        unsigned_i,    // zero-extend the load result
  input  logic [3:0]  amo_i,         // AMO_* (AMO_NONE for plain loads/stores)
  input  logic [63:0] store_data_i,  // rs2
  output logic        misaligned_o,
  output logic [7:0]  be_o,
  output logic [63:0] wdata_o,
  input  logic [63:0] rdata_i,       // aligned 8-byte word from the bus
  output logic [63:0] load_data_o    // value for rd
);
  logic [63:0] shifted;

  always_comb begin
    case (size_i)
      2'd0: begin
        misaligned_o = 1'b0;
        be_o         = 8'h01 << addr_i;
        wdata_o      = {8{store_data_i[7:0]}};
      end
      2'd1: begin
        misaligned_o = addr_i[0];
        be_o         = 8'h03 << addr_i;
        wdata_o      = {4{store_data_i[15:0]}};
      end
      2'd2: begin
        misaligned_o = (addr_i[1:0] != 2'b00);
        be_o         = 8'h0f << addr_i;
        wdata_o      = {2{store_data_i[31:0]}};
      end
      default: begin
        misaligned_o = (addr_i != 3'b000);
        be_o         = 8'hff;
        wdata_o      = store_data_i;
      end
    endcase
  end

  assign shifted = rdata_i >> {addr_i, 3'b000};

  always_comb begin
    if (amo_i == AMO_SC) begin
      load_data_o = {63'd0, rdata_i != 64'd0};
    end else begin
      case (size_i)
        2'd0:    load_data_o = {{56{!unsigned_i & shifted[7]}}, shifted[7:0]};
        2'd1:    load_data_o = {{48{!unsigned_i & shifted[15]}}, shifted[15:0]};
        2'd2:    load_data_o = {{32{!unsigned_i & shifted[31]}}, shifted[31:0]};
        default: load_data_o = shifted;
      endcase
    end
  end
endmodule

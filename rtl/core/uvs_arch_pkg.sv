// uvs_arch_pkg: RISC-V architectural constants used by the uvs_core blocks
// (opcodes, privilege levels, exception/interrupt codes, CSR addresses) and
// the decoded-instruction record passed from uvs_decode to the datapath.
//
// The file is named so that it sorts before every module of rtl/core/ that
// imports it (Verilator requires packages to be declared before use, and
// `rtl/core/*.sv` is compiled in name order by some flows).
//
// Sources: RISC-V unprivileged spec 20191213 ch. 24 (opcode map, RV64I,
// M and A listings); privileged spec v1.12 sec. 2.2 (CSR map), 3.1.6
// (privilege encoding), 3.1.15 (mcause codes).
package uvs_arch_pkg;
  // ---- major opcodes, insn[6:0] (unprivileged spec, table 24.1) ----
  localparam logic [6:0] OPC_LOAD      = 7'b0000011;
  localparam logic [6:0] OPC_MISC_MEM  = 7'b0001111;
  localparam logic [6:0] OPC_OP_IMM    = 7'b0010011;
  localparam logic [6:0] OPC_AUIPC     = 7'b0010111;
  localparam logic [6:0] OPC_OP_IMM_32 = 7'b0011011;
  localparam logic [6:0] OPC_STORE     = 7'b0100011;
  localparam logic [6:0] OPC_AMO       = 7'b0101111;
  localparam logic [6:0] OPC_OP        = 7'b0110011;
  localparam logic [6:0] OPC_LUI       = 7'b0110111;
  localparam logic [6:0] OPC_OP_32     = 7'b0111011;
  localparam logic [6:0] OPC_BRANCH    = 7'b1100011;
  localparam logic [6:0] OPC_JALR      = 7'b1100111;
  localparam logic [6:0] OPC_JAL       = 7'b1101111;
  localparam logic [6:0] OPC_SYSTEM    = 7'b1110011;

  // Fully specified SYSTEM instructions (unprivileged ch. 24, privileged 3.3).
  localparam logic [31:0] INSN_ECALL  = 32'h0000_0073;
  localparam logic [31:0] INSN_EBREAK = 32'h0010_0073;
  localparam logic [31:0] INSN_MRET   = 32'h3020_0073;
  localparam logic [31:0] INSN_SRET   = 32'h1020_0073;
  localparam logic [31:0] INSN_WFI    = 32'h1050_0073;

  // ---- AMO operation codes on the data port (include/uvmsoc/bus.def) ----
  localparam logic [3:0] AMO_NONE = uvs_bus_pkg::UVS_AMO_NONE[3:0];
  localparam logic [3:0] AMO_LR   = uvs_bus_pkg::UVS_AMO_LR[3:0];
  localparam logic [3:0] AMO_SC   = uvs_bus_pkg::UVS_AMO_SC[3:0];
  localparam logic [3:0] AMO_SWAP = uvs_bus_pkg::UVS_AMO_SWAP[3:0];
  localparam logic [3:0] AMO_ADD  = uvs_bus_pkg::UVS_AMO_ADD[3:0];
  localparam logic [3:0] AMO_XOR  = uvs_bus_pkg::UVS_AMO_XOR[3:0];
  localparam logic [3:0] AMO_AND  = uvs_bus_pkg::UVS_AMO_AND[3:0];
  localparam logic [3:0] AMO_OR   = uvs_bus_pkg::UVS_AMO_OR[3:0];
  localparam logic [3:0] AMO_MIN  = uvs_bus_pkg::UVS_AMO_MIN[3:0];
  localparam logic [3:0] AMO_MAX  = uvs_bus_pkg::UVS_AMO_MAX[3:0];
  localparam logic [3:0] AMO_MINU = uvs_bus_pkg::UVS_AMO_MINU[3:0];
  localparam logic [3:0] AMO_MAXU = uvs_bus_pkg::UVS_AMO_MAXU[3:0];

  // ---- privilege levels (privileged spec table 1.1) ----
  localparam logic [1:0] PRIV_U = 2'b00;
  localparam logic [1:0] PRIV_S = 2'b01;
  localparam logic [1:0] PRIV_M = 2'b11;

  // ---- synchronous exception codes, mcause with interrupt = 0 (table 3.6) ----
  localparam logic [5:0] EXC_INSN_MISALIGNED  = 6'd0;
  localparam logic [5:0] EXC_INSN_ACCESS      = 6'd1;
  localparam logic [5:0] EXC_ILLEGAL_INSN     = 6'd2;
  localparam logic [5:0] EXC_BREAKPOINT       = 6'd3;
  localparam logic [5:0] EXC_LOAD_MISALIGNED  = 6'd4;
  localparam logic [5:0] EXC_LOAD_ACCESS      = 6'd5;
  localparam logic [5:0] EXC_STORE_MISALIGNED = 6'd6;
  localparam logic [5:0] EXC_STORE_ACCESS     = 6'd7;
  localparam logic [5:0] EXC_ECALL_U          = 6'd8;
  localparam logic [5:0] EXC_ECALL_S          = 6'd9;
  localparam logic [5:0] EXC_ECALL_M          = 6'd11;

  // ---- interrupt codes, mcause with interrupt = 1; also mip/mie bit numbers ----
  localparam logic [5:0] IRQ_SSI = 6'd1;
  localparam logic [5:0] IRQ_STI = 6'd5;
  localparam logic [5:0] IRQ_SEI = 6'd9;
  localparam logic [5:0] IRQ_MSI = 6'd3;
  localparam logic [5:0] IRQ_MTI = 6'd7;
  localparam logic [5:0] IRQ_MEI = 6'd11;

  // ---- CSR addresses (privileged spec tables 2.2-2.5) ----
  localparam logic [11:0] CSR_CYCLE         = 12'hC00;
  localparam logic [11:0] CSR_TIME          = 12'hC01;
  localparam logic [11:0] CSR_INSTRET       = 12'hC02;
  localparam logic [11:0] CSR_MVENDORID     = 12'hF11;
  localparam logic [11:0] CSR_MARCHID       = 12'hF12;
  localparam logic [11:0] CSR_MIMPID        = 12'hF13;
  localparam logic [11:0] CSR_MHARTID       = 12'hF14;
  localparam logic [11:0] CSR_MCONFIGPTR    = 12'hF15;
  localparam logic [11:0] CSR_SSTATUS       = 12'h100;
  localparam logic [11:0] CSR_SIE           = 12'h104;
  localparam logic [11:0] CSR_STVEC         = 12'h105;
  localparam logic [11:0] CSR_SCOUNTEREN    = 12'h106;
  localparam logic [11:0] CSR_SENVCFG       = 12'h10A;
  localparam logic [11:0] CSR_SSCRATCH      = 12'h140;
  localparam logic [11:0] CSR_SEPC          = 12'h141;
  localparam logic [11:0] CSR_SCAUSE        = 12'h142;
  localparam logic [11:0] CSR_STVAL         = 12'h143;
  localparam logic [11:0] CSR_SIP           = 12'h144;
  localparam logic [11:0] CSR_SATP          = 12'h180;
  localparam logic [11:0] CSR_MSTATUS       = 12'h300;
  localparam logic [11:0] CSR_MISA          = 12'h301;
  localparam logic [11:0] CSR_MEDELEG       = 12'h302;
  localparam logic [11:0] CSR_MIDELEG       = 12'h303;
  localparam logic [11:0] CSR_MIE           = 12'h304;
  localparam logic [11:0] CSR_MTVEC         = 12'h305;
  localparam logic [11:0] CSR_MCOUNTEREN    = 12'h306;
  localparam logic [11:0] CSR_MENVCFG       = 12'h30A;
  localparam logic [11:0] CSR_MCOUNTINHIBIT = 12'h320;
  localparam logic [11:0] CSR_MSCRATCH      = 12'h340;
  localparam logic [11:0] CSR_MEPC          = 12'h341;
  localparam logic [11:0] CSR_MCAUSE        = 12'h342;
  localparam logic [11:0] CSR_MTVAL         = 12'h343;
  localparam logic [11:0] CSR_MIP           = 12'h344;
  localparam logic [11:0] CSR_MCYCLE        = 12'hB00;
  localparam logic [11:0] CSR_MINSTRET      = 12'hB02;
  // hpmcounter3..31 (0xC03..), mhpmcounter3..31 (0xB03..) and
  // mhpmevent3..31 (0x323..) are decoded as ranges in uvs_csr.

  // ---- performance-monitoring events, mhpmevent values (include/uvmsoc/hpm.def) ----
  localparam int HPM_EVENTS = int'(uvs_hpm_pkg::UVS_HPM_EV_COUNT);  // event numbers 0..HPM_EVENTS-1
  localparam int HPM_EXT    = int'(uvs_hpm_pkg::UVS_HPM_EXT_COUNT); // width of hpm_ext_i
  localparam int HPM_EV_FETCH_WAIT  = int'(uvs_hpm_pkg::UVS_HPM_EV_FETCH_WAIT);
  localparam int HPM_EV_DATA_WAIT   = int'(uvs_hpm_pkg::UVS_HPM_EV_DATA_WAIT);
  localparam int HPM_EV_LOAD        = int'(uvs_hpm_pkg::UVS_HPM_EV_LOAD);
  localparam int HPM_EV_STORE       = int'(uvs_hpm_pkg::UVS_HPM_EV_STORE);
  localparam int HPM_EV_TAKEN       = int'(uvs_hpm_pkg::UVS_HPM_EV_TAKEN);
  localparam int HPM_EV_TRAP        = int'(uvs_hpm_pkg::UVS_HPM_EV_TRAP);
  localparam int HPM_EV_MULDIV_BUSY = int'(uvs_hpm_pkg::UVS_HPM_EV_MULDIV_BUSY);
  localparam int HPM_EV_RVC         = int'(uvs_hpm_pkg::UVS_HPM_EV_RVC);
  localparam int HPM_EV_FETCH       = int'(uvs_hpm_pkg::UVS_HPM_EV_FETCH);
  localparam int HPM_EV_EXT0        = int'(uvs_hpm_pkg::UVS_HPM_EV_EXT0);

  // ---- decoded instruction (produced by uvs_decode) ----
  // Source of the value written to rd.
  typedef enum logic [2:0] {
    WB_ALU,     // ALU result (also LUI, AUIPC)
    WB_LINK,    // pc + instruction length (JAL, JALR)
    WB_CSR,     // old CSR value (Zicsr)
    WB_MEM,     // load / LR / SC / AMO data from the LSU
    WB_MULDIV   // uvs_muldiv result
  } wb_sel_e;

  // First ALU operand.
  typedef enum logic [1:0] {
    OPA_RS1,
    OPA_PC,
    OPA_ZERO
  } opa_sel_e;

  typedef struct packed {
    logic        illegal;       // not an implemented instruction encoding
    logic        rd_we;         // writes rd (when it retires)
    logic [2:0]  alu_fn;        // ALU function, RISC-V funct3 encoding (000 add ... 111 and)
    logic        alu_alt;       // SUB instead of ADD, SRA instead of SRL (insn[30])
    logic        word;          // RV64 *W instruction: 32-bit operation, sign-extended result
    opa_sel_e    opa;           // ALU operand a
    logic        opb_imm;       // ALU operand b = imm (else rs2)
    logic [63:0] imm;           // sign-extended immediate of the instruction's format
    wb_sel_e     wb_sel;        // rd source
    logic        branch;        // conditional branch; condition = alu_fn (funct3)
    logic        jal;
    logic        jalr;
    logic        mem_en;        // data-port access: load, store, LR, SC, AMO
    logic        mem_we;        // store-type access (store, SC, AMO): store/AMO fault causes
    logic [3:0]  amo;           // AMO_* code on the data port (AMO_NONE for loads/stores)
    logic [1:0]  mem_size;      // log2(bytes): 0 byte .. 3 double
    logic        mem_unsigned;  // zero-extend the load result
    logic        csr;           // CSRRW/S/C[I]; op = funct3
    logic        muldiv;        // M extension; op = funct3, word = *W
    logic        ecall;
    logic        ebreak;
    logic        mret;
    logic        sret;          // SRET (decoded only with uvs_decode SUPERVISOR = 1)
    logic        sfence_vma;    // SFENCE.VMA (decoded only with SUPERVISOR = 1)
    logic        fence_i;       // FENCE.I (cores with a fetch buffer drop it)
    logic        wfi;
  } decoded_t;
endpackage

/*
 * rv64c-illegal: reserved and unsupported 16-bit encodings raise illegal
 * instruction (mcause 2) with mepc = the halfword and mtval = its 16 bits
 * zero-extended (privileged spec 3.1.16); the halfword after it is not
 * executed. Encodings from the RVC tables of the unprivileged spec
 * 20191213 ch. 16 (tables 16.5-16.7): the all-zero halfword, C.ADDI4SPN
 * with nzuimm = 0, C.FLD/C.FSD/C.FLDSP/C.FSDSP (no D), quadrant 0 funct3
 * 100, C.ADDIW rd = 0, C.LUI and C.ADDI16SP with a zero immediate, C.LWSP
 * and C.LDSP with rd = 0, C.JR with rs1 = 0, and the two reserved CA
 * encodings after C.SUBW/C.ADDW.
 */
#include "uvs_test.h"

/* C_ILLEGAL h: new case; the halfword h traps with cause 2, mtval = h. */
.macro C_ILLEGAL h
  CASE
  li a0, 0x5a5a
  ARM_TRAP .Lci_resume\@
.Lci_insn\@:
  .half \h
  li a0, 1                            /* must be skipped */
.Lci_resume\@:
  EXPECT_TRAP CAUSE_ILLEGAL, .Lci_insn\@
  EXPECT s11, \h
  EXPECT a0, 0x5a5a
.endm

TEST_MAIN
  C_ILLEGAL 0x0000                    /* all zeros */
  C_ILLEGAL 0x0004                    /* C.ADDI4SPN rd' = x9, nzuimm = 0 */
  C_ILLEGAL 0x2000                    /* C.FLD */
  C_ILLEGAL 0x3fe4                    /* C.FLD, other fields set */
  C_ILLEGAL 0xa000                    /* C.FSD */
  C_ILLEGAL 0x8000                    /* quadrant 0, funct3 100: reserved */
  C_ILLEGAL 0x9ffc                    /* quadrant 0, funct3 100, fields set */
  C_ILLEGAL 0x2001                    /* C.ADDIW rd = 0 */
  C_ILLEGAL 0x207d                    /* C.ADDIW rd = 0, imm = 31 */
  C_ILLEGAL 0x6081                    /* C.LUI ra, 0 */
  C_ILLEGAL 0x6101                    /* C.ADDI16SP 0 */
  C_ILLEGAL 0x2002                    /* C.FLDSP */
  C_ILLEGAL 0xa002                    /* C.FSDSP */
  C_ILLEGAL 0x4002                    /* C.LWSP rd = 0 */
  C_ILLEGAL 0x6002                    /* C.LDSP rd = 0 */
  C_ILLEGAL 0x8002                    /* C.JR rs1 = 0 */
  C_ILLEGAL 0x9c41                    /* CA funct6 100111, funct2 10: reserved */
  C_ILLEGAL 0x9c61                    /* CA funct6 100111, funct2 11: reserved */
  PASS

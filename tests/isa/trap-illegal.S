/*
 * trap-illegal: illegal instruction (mcause 2; privileged spec 3.1.15-16)
 * from M mode: reserved encodings and opcodes of absent extensions, bad
 * funct fields, nonexistent CSRs, writes to read-only CSRs. mepc = the
 * instruction. mtval is 0 or the instruction bits (both allowed by the
 * spec, 3.1.16); anything else fails. rd must not be written.
 */
#include "uvs_test.h"

/* ILLEGAL_WORD w: new case; executing the 32-bit word w traps with cause 2. */
.macro ILLEGAL_WORD w
  CASE
  ARM_TRAP .Lil_resume\@
.Lil_insn\@:
  .word \w
.Lil_resume\@:
  EXPECT_TRAP CAUSE_ILLEGAL, .Lil_insn\@
  CHECK_TVAL .Lil_insn\@
.endm

/* ILLEGAL_INSN text...: as ILLEGAL_WORD for an assembler instruction;
 * also checks that its destination a0 (by convention) kept 0x5a5a. */
.macro ILLEGAL_INSN text:vararg
  CASE
  li a0, 0x5a5a
  ARM_TRAP .Lii_resume\@
.Lii_insn\@:
  \text
.Lii_resume\@:
  EXPECT_TRAP CAUSE_ILLEGAL, .Lii_insn\@
  CHECK_TVAL .Lii_insn\@
  EXPECT a0, 0x5a5a
.endm

/* CHECK_TVAL label: s11 (mtval) is 0 or the instruction word at label. */
.macro CHECK_TVAL label
  beqz s11, .Lct_ok\@
  la t0, \label
  lwu t0, 0(t0)
  EXPECT_REG s11, t0
.Lct_ok\@:
.endm

TEST_MAIN
  /* Reserved / absent-extension encodings */
  ILLEGAL_WORD 0x00000000        /* all zeros: defined illegal */
  ILLEGAL_WORD 0xffffffff        /* all ones: defined illegal */
  ILLEGAL_WORD 0x00b57553        /* fadd.s (no F extension) */
  ILLEGAL_WORD 0x00053007        /* fld (no D extension) */
  ILLEGAL_WORD 0x02057057        /* OP-V opcode (no V extension) */
  ILLEGAL_WORD 0x0000000b        /* custom-0 opcode */
  ILLEGAL_WORD 0x00000077        /* opcode 0x77 (reserved 48-bit-length space in RV64) */
  /* Known opcodes with bad funct fields */
  ILLEGAL_WORD 0x40001033        /* OP funct7=0100000 funct3=001 (no "sub-sll") */
  ILLEGAL_WORD 0x0200103b        /* OP-32 funct7=0000001 funct3=001 (no M op) */
  ILLEGAL_WORD 0x4000003b | (1 << 12) /* OP-32 funct7=0100000 funct3=001 */
  ILLEGAL_WORD 0x04001013        /* SLLI with imm[11:6] = 000001 */
  ILLEGAL_WORD 0x0200101b        /* SLLIW with shamt[5] = 1 (reserved) */
  ILLEGAL_WORD 0x0000201b        /* OP-IMM-32 funct3=010 */
  ILLEGAL_WORD 0x00007003        /* LOAD funct3=111 */
  ILLEGAL_WORD 0x00004023        /* STORE funct3=100 */
  ILLEGAL_WORD 0x00002063        /* BRANCH funct3=010 */
  ILLEGAL_WORD 0x000010e7        /* JALR funct3=001 */
  ILLEGAL_WORD 0x0000002f        /* AMO funct3=000 (byte AMO: no Zabha) */
  ILLEGAL_WORD 0x2800302f        /* AMO funct5=00101 (unassigned) */
  ILLEGAL_WORD 0x1005302f | (1 << 20) /* LR.D with rs2 != 0 (reserved) */
  ILLEGAL_WORD 0x00004073        /* SYSTEM funct3=100 */
  ILLEGAL_WORD 0x0000500f        /* MISC-MEM funct3=101 */
  /* Nonexistent CSRs */
  ILLEGAL_INSN csrr a0, 0x7c5         /* custom M-mode read/write: not implemented */
  ILLEGAL_INSN csrr a0, 0x003         /* fcsr: no F extension */
  ILLEGAL_INSN csrr a0, 0xfc0         /* custom M-mode read-only */
  ILLEGAL_INSN csrw 0x7c5, zero
  /* Writes to read-only CSRs (csr[11:10] = 11) */
  ILLEGAL_INSN csrw mvendorid, zero
  ILLEGAL_INSN csrw mhartid, a1
  ILLEGAL_INSN csrrs a0, mhartid, sp  /* rs1 != x0: a write is attempted */
  ILLEGAL_INSN csrrc a0, marchid, sp
  ILLEGAL_INSN csrrwi a0, mimpid, 0
  ILLEGAL_INSN csrrsi a0, cycle, 1
  ILLEGAL_INSN csrrci a0, instret, 1
  ILLEGAL_INSN csrrw a0, time, zero

  /* The same read-only CSRs read fine with rs1 = x0 / uimm = 0. */
  CASE
  ARM_TRAP 1f
  csrrs a0, mhartid, x0
  csrrc a0, mvendorid, x0
  csrrsi a0, cycle, 0
  csrrci a0, instret, 0
  csrr a0, time
1:
  EXPECT_NO_TRAP
  PASS

/*
 * rv64c-ops: every RV64C instruction (unprivileged spec 20191213 ch. 16)
 * against its 32-bit expansion: each case runs the compressed form (c.*
 * mnemonics, so the assembler cannot choose) and then the 32-bit form
 * (.option norvc) on the same inputs and expects both results to equal the
 * stated value. Covers the CR, CI, CSS, CIW, CL, CS, CA, CB and CJ formats,
 * the x8..x15 register fields and full 5-bit ones, the largest scaled
 * offsets, sign extension of C.LW/C.ADDIW, link values (pc + 2), taken and
 * not-taken C.BEQZ/C.BNEZ, C.EBREAK (breakpoint, mepc = its address) and
 * the C.NOP and C.LI rd = 0 HINTs (no effect).
 */
#include "uvs_test.h"

/* RVC_EQ a, b, want, c, w: s0 = a, s1 = b; run the compressed text c, then
 * (s0, s1 reset) the 32-bit text w; both must leave s0 == want. */
.macro RVC_EQ a, b, want, c, w
  CASE
  li s0, \a
  li s1, \b
  \c
  mv t0, s0
  li s0, \a
  li s1, \b
  .option push
  .option norvc
  \w
  .option pop
  EXPECT t0, \want
  EXPECT s0, \want
.endm

/* RVC_LD want, c, w: load through s1 = data (c, w use s1 or sp =
 * data); the result register is a0 for both forms. */
.macro RVC_LD want, c, w
  CASE
  la s1, data
  mv s2, sp
  mv sp, s1
  li a0, 0
  \c
  mv t0, a0
  li a0, 0
  .option push
  .option norvc
  \w
  .option pop
  mv sp, s2
  EXPECT t0, \want
  EXPECT a0, \want
.endm

/* RVC_ST val, off, c, w: store a0 = val with c at data + off, read back
 * the doubleword holding it, clear it; the same with w. */
.macro RVC_ST val, off, c, w
  CASE
  la s1, data
  mv s2, sp
  mv sp, s1
  li a0, \val
  sd zero, ((\off) & ~7)(s1)
  \c
  ld t0, ((\off) & ~7)(s1)
  sd zero, ((\off) & ~7)(s1)
  .option push
  .option norvc
  \w
  .option pop
  ld t1, ((\off) & ~7)(s1)
  mv sp, s2
  EXPECT_REG t0, t1
  EXPECT_NOT t0, 0
.endm

TEST_MAIN
  /* ---- CI: immediates ---- */
  RVC_EQ 100, 0, 93, "c.addi s0, -7", "addi s0, s0, -7"
  RVC_EQ 100, 0, 131, "c.addi s0, 31", "addi s0, s0, 31"
  RVC_EQ 0x7fffffff, 0, 0xffffffff80000000, "c.addiw s0, 1", "addiw s0, s0, 1"
  RVC_EQ 0x100000005, 0, 0, "c.addiw s0, -5", "addiw s0, s0, -5"
  RVC_EQ 77, 0, -32, "c.li s0, -32", "addi s0, zero, -32"
  RVC_EQ 77, 0, 31, "c.li s0, 31", "addi s0, zero, 31"
  RVC_EQ 0, 0, 0x1f000, "c.lui s0, 0x1f", "lui s0, 0x1f"
  RVC_EQ 0, 0, 0xfffffffffffe0000, "c.lui s0, 0xfffe0", "lui s0, 0xfffe0"
  RVC_EQ 0, 0, 0x1000, "c.lui s0, 1", "lui s0, 1"
  RVC_EQ 0xf, 0, 0x8000000000000000, "c.slli s0, 63", "slli s0, s0, 63"
  RVC_EQ 0x8000000000000000, 0, 0x40000000, "c.srli s0, 33", "srli s0, s0, 33"
  RVC_EQ 0x8000000000000000, 0, -1, "c.srai s0, 63", "srai s0, s0, 63"
  RVC_EQ 0x8000000000000000, 0, 0xc000000000000000, "c.srai s0, 1", "srai s0, s0, 1"
  RVC_EQ 0xff, 0, 0xfd, "c.andi s0, -3", "andi s0, s0, -3"
  RVC_EQ 0xff, 0, 0x1f, "c.andi s0, 31", "andi s0, s0, 31"
  /* full register fields (x17, x28, x31) */
  RVC_EQ 0, 0, 42, "c.li a7, 21; c.addi a7, 21; mv s0, a7", "addi a7, zero, 21; addi a7, a7, 21; mv s0, a7"
  RVC_EQ 0, 0, 0x300, "c.li t3, 3; c.slli t3, 8; c.mv s0, t3", "addi t3, zero, 3; slli t3, t3, 8; add s0, zero, t3"
  /* ---- CR / CA: register-register ---- */
  RVC_EQ 5, 0x1234, 0x1234, "c.mv s0, s1", "add s0, zero, s1"
  RVC_EQ 5, 0x1234, 0x1239, "c.add s0, s1", "add s0, s0, s1"
  RVC_EQ 0, 0, 0x42, "li t4, 0x40; li t5, 2; c.add t4, t5; c.mv s0, t4", "li t4, 0x40; li t5, 2; add t4, t4, t5; add s0, zero, t4"
  RVC_EQ 5, 7, -2, "c.sub s0, s1", "sub s0, s0, s1"
  RVC_EQ 0xff00, 0x0ff0, 0xf0f0, "c.xor s0, s1", "xor s0, s0, s1"
  RVC_EQ 0xff00, 0x0ff0, 0xfff0, "c.or s0, s1", "or s0, s0, s1"
  RVC_EQ 0xff00, 0x0ff0, 0x0f00, "c.and s0, s1", "and s0, s0, s1"
  RVC_EQ 0x80000000, 1, 0x7fffffff, "c.subw s0, s1", "subw s0, s0, s1"
  RVC_EQ 0x7fffffff, 1, 0xffffffff80000000, "c.addw s0, s1", "addw s0, s0, s1"
  /* ---- stack-pointer forms ---- */
  CASE                                /* C.ADDI16SP, both signs */
  mv s2, sp
  c.addi16sp sp, -64
  sub t0, sp, s2
  c.addi16sp sp, 496
  sub t1, sp, s2
  mv sp, s2
  EXPECT t0, -64
  EXPECT t1, 432
  CASE                                /* C.ADDI4SPN, largest nzuimm */
  c.addi4spn s0, sp, 1020
  sub t0, s0, sp
  EXPECT t0, 1020
  c.addi4spn a5, sp, 4
  sub t0, a5, sp
  EXPECT t0, 4
  /* ---- CL / CI loads, largest offsets, sign extension ---- */
  RVC_LD 0xffffffff89abcdef, "c.lw a0, 0(s1)", "lw a0, 0(s1)"
  RVC_LD 0x0000000044332211, "c.lw a0, 124(s1)", "lw a0, 124(s1)"
  RVC_LD 0x0123456789abcdef, "c.ld a0, 0(s1)", "ld a0, 0(s1)"
  RVC_LD 0x8877665544332211, "c.ld a0, 248(s1)", "ld a0, 248(s1)"
  RVC_LD 0xffffffff89abcdef, "c.lwsp a0, 0(sp)", "lw a0, 0(sp)"
  RVC_LD 0xffffffff88776655, "c.lwsp a0, 252(sp)", "lw a0, 252(sp)"
  RVC_LD 0x8877665544332211, "c.ldsp a0, 248(sp)", "ld a0, 248(sp)"
  RVC_LD 0x0011223344556677, "c.ldsp a0, 504(sp)", "ld a0, 504(sp)"
  /* ---- CS / CSS stores ---- */
  RVC_ST 0x1122334455667788, 0, "c.sw a0, 0(s1)", "sw a0, 0(s1)"
  RVC_ST 0x1122334455667788, 124, "c.sw a0, 124(s1)", "sw a0, 124(s1)"
  RVC_ST 0x1122334455667788, 240, "c.sd a0, 240(s1)", "sd a0, 240(s1)"
  RVC_ST 0x1122334455667788, 252, "c.swsp a0, 252(sp)", "sw a0, 252(sp)"
  RVC_ST 0x1122334455667788, 504, "c.sdsp a0, 504(sp)", "sd a0, 504(sp)"
  /* ---- CJ / CR jumps ---- */
  CASE                                /* C.J forward and backward */
  li a0, 0
  c.j 2f
1:
  addi a0, a0, 1
  c.j 3f
2:
  addi a0, a0, 2
  c.j 1b
3:
  EXPECT a0, 3
  CASE                                /* C.JR: no link */
  li ra, 0x55
  la a5, 1f
  c.jr a5
  FAIL
1:
  EXPECT ra, 0x55
  CASE                                /* C.JALR: ra = pc + 2 */
  la a5, 2f
  c.jalr a5
1:
  c.j 3f
2:
  EXPECT_ADDR ra, 1b
  jr ra
3:
  /* ---- CB branches ---- */
  CASE
  li s0, 0
  c.beqz s0, 1f
  FAIL
1:
  c.bnez s0, 2f
  li s0, 9
  c.bnez s0, 3f
2:
  FAIL
3:
  c.beqz s0, 2b
  EXPECT s0, 9
  CASE                                /* backward C.BNEZ loop */
  li s1, 5
  li a0, 0
1:
  addi a0, a0, 2
  c.addi s1, -1
  c.bnez s1, 1b
  EXPECT a0, 10
  /* ---- C.EBREAK, C.NOP, HINT ---- */
  CASE
  ARM_TRAP 1f
2:
  c.ebreak
  FAIL
1:
  EXPECT_TRAP CAUSE_BREAKPOINT, 2b
  EXPECT_ADDR s11, 2b                 /* mtval = pc of the breakpoint */
  CASE
  li a0, 1
  li s0, 2
  ARM_TRAP 1f
  c.nop
  .half 0x4015                        /* c.li x0, 5: HINT */
  .half 0x0005                        /* c.nop with nzimm = 1: HINT */
1:
  EXPECT_NO_TRAP
  EXPECT a0, 1
  EXPECT s0, 2
  PASS

  .data
  .balign 8
data:
  .dword 0x0123456789abcdef           /* +0 */
  .fill 14, 8, 0
  .dword 0x4433221100000000           /* +120: word at +124 = 0x44332211 */
  .fill 15, 8, 0
  .dword 0x8877665544332211           /* +248: word at +252 = 0x88776655 */
  .fill 31, 8, 0
  .dword 0x0011223344556677           /* +504 */

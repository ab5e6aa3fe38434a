/*
 * ialign16-jumps: with the C extension IALIGN = 16 (unprivileged spec 1.5,
 * 2.5, 16.1), so instruction-address-misaligned (mcause 0) can no longer
 * happen on this hart: JAL, JALR, taken branches and MRET to a target that
 * is 2 mod 4 execute there without a trap; JALR clears bit 0 of its target.
 *
 * `target` starts with the 16-bit C.ADDI a1, 1 and continues at target + 2
 * with a 32-bit `li a0, 0x7a; jr ra`: entering at target + 2 leaves a1
 * alone, entering at target increments it. This file is assembled without
 * C (the halfword is spelled out), so the code under test is fixed.
 */
#include "uvs_test.h"

#define C_ADDI_A1_1 0x0585 /* c.addi a1, 1 */

/* The halfwords leave code 2 mod 4: no linker relaxation of alignment. */
  .option norelax

/* ENTERED_AT2: the jump landed on target + 2 and returned to the next line. */
.macro ENTERED_AT2
  EXPECT_NO_TRAP
  EXPECT a0, 0x7a
  EXPECT a1, 0
.endm

TEST_MAIN
  la a2, target
  /* 1: JAL to target + 2. */
  CASE
  li a0, 0
  li a1, 0
  ARM_TRAP 1f
  jal ra, target + 2
1:
  ENTERED_AT2
  /* 2: JALR to rs1 + 2. */
  CASE
  li a0, 0
  ARM_TRAP 1f
  jalr ra, 2(a2)
1:
  ENTERED_AT2
  /* 3: JALR to rs1 + 3: bit 0 cleared, lands on target + 2. */
  CASE
  li a0, 0
  ARM_TRAP 1f
  jalr ra, 3(a2)
1:
  ENTERED_AT2
  /* 4: JALR to rs1 + 1: bit 0 cleared, lands on target (a1 incremented). */
  CASE
  li a0, 0
  ARM_TRAP 1f
  jalr ra, 1(a2)
1:
  EXPECT_NO_TRAP
  EXPECT a0, 0x7a
  EXPECT a1, 1
  li a1, 0
  /* 5: taken branch forward to target + 2. */
  CASE
  li a0, 0
  la ra, 1f
  ARM_TRAP 1f
  beq x0, x0, target + 2
1:
  ENTERED_AT2
  /* 6: not-taken branch to target + 2: falls through. */
  CASE
  li a0, 0
  ARM_TRAP 1f
  bne x0, x0, target + 2
1:
  EXPECT_NO_TRAP
  EXPECT a0, 0
  /* 7: taken BLTU backward to back + 2. */
  CASE
  li a0, 0
  li a3, 1
  la ra, 1f
  ARM_TRAP 1f
  bltu x0, a3, back + 2
1:
  ENTERED_AT2
  /* 8: MRET to target + 2 (mepc bit 1 is kept). */
  CASE
  li a0, 0
  la ra, 1f
  addi t0, a2, 2
  csrw mepc, t0
  csrr t1, mepc
  EXPECT_REG t1, t0
  li t0, MSTATUS_MPP
  csrs mstatus, t0
  ARM_TRAP 1f
  mret
1:
  ENTERED_AT2
  PASS

/* back, target: c.addi a1, 1 at +0; at +2: a0 = 0x7a, return through ra. */
  .balign 8
back:
  .half C_ADDI_A1_1
  li a0, 0x7a
  jr ra
  .balign 8
target:
  .half C_ADDI_A1_1
  li a0, 0x7a
  jr ra

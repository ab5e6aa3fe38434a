/*
 * rv64i-jump: JAL and JALR (unprivileged spec 2.5.1): rd gets pc + 4,
 * rd = x0 discards the link, JALR target = (rs1 + imm) & ~1, computed
 * before rd is written (rd == rs1).
 */
#include "uvs_test.h"

TEST_MAIN
  /* JAL forward, link = address after the JAL. */
  CASE
  li ra, 0
1:
  jal ra, 2f
3:
  FAIL
2:
  EXPECT_ADDR ra, 3b
  /* JAL with another link register. */
  CASE
  jal t0, 4f
5:
  FAIL
4:
  EXPECT_ADDR t0, 5b
  /* JAL x0 (J): no link written anywhere. */
  CASE
  li a0, 0x55
  jal x0, 6f
  FAIL
6:
  EXPECT x0, 0
  EXPECT a0, 0x55
  /* JAL backward. */
  CASE
  li a0, 0
7:
  addi a0, a0, 1
  li a1, 3
  beq a0, a1, 8f
  jal x0, 7b
8:
  EXPECT a0, 3
  /* JALR with immediate offset and link. */
  CASE
  la a1, 9f - 8
  jalr ra, 8(a1)
10:
  FAIL
9:
  EXPECT_ADDR ra, 10b
  /* JALR negative offset. */
  CASE
  la a1, 11f + 16
  jalr t1, -16(a1)
12:
  FAIL
11:
  EXPECT_ADDR t1, 12b
  /* JALR clears bit 0 of the target. */
  CASE
  la a1, 13f
  addi a1, a1, 1
  jalr ra, 0(a1)
  FAIL
13:
  /* JALR rd == rs1: the target uses the old rs1. */
  CASE
  la a1, 14f
  jalr a1, 0(a1)
15:
  FAIL
14:
  EXPECT_ADDR a1, 15b
  /* JALR x0 (return): no link. */
  CASE
  la a1, 16f
  li a0, 0x77
  jalr x0, 0(a1)
  FAIL
16:
  EXPECT a0, 0x77
  /* Call and return through a subroutine. */
  CASE
  li a0, 20
  call double_it
  EXPECT a0, 40
  call double_it
  EXPECT a0, 80
  /* A long JAL (about 8 KiB forward). */
  CASE
  jal x0, 17f
  FAIL
  .skip 8192, 0
17:
  PASS

/* double_it: a0 = 2 * a0; returns through ra. */
double_it:
  add a0, a0, a0
  ret

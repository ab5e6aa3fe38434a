/*
 * rv64a-lrsc: LR.W/D and SC.W/D (unprivileged spec 8.2): SC succeeds (rd = 0,
 * memory written) only when paired with the hart's most recent LR to the
 * same reservation set; it fails (rd != 0, memory unchanged) without a
 * reservation, after another SC (every SC invalidates the reservation), to
 * another address, or after a newer LR elsewhere. LR.W sign-extends.
 */
#include "uvs_test.h"

/* EXPECT_MEM label, off, want: the dword at label + off holds want. */
.macro EXPECT_MEM label, off, want
  la t0, \label
  ld t0, \off(t0)
  EXPECT t0, \want
.endm

TEST_MAIN
  la a1, cellA
  la a4, cellB               /* 128 bytes away: another reservation set */
  /* 1: SC with no reservation ever taken fails. */
  CASE
  li a2, 0x1111
  sc.d a0, a2, (a1)
  EXPECT_NOT a0, 0
  EXPECT_MEM cellA, 0, 0x0123456789abcdef
  /* 2: LR.D / SC.D pair succeeds. */
  CASE
  lr.d a0, (a1)
  EXPECT a0, 0x0123456789abcdef
  li a2, 0x2222
  sc.d a3, a2, (a1)
  EXPECT a3, 0
  EXPECT_MEM cellA, 0, 0x2222
  /* 3: a second SC after the successful one fails. */
  CASE
  li a2, 0x3333
  sc.d a3, a2, (a1)
  EXPECT_NOT a3, 0
  EXPECT_MEM cellA, 0, 0x2222
  /* 4: SC to another reservation set than the LR fails, and (any SC
   * invalidates the reservation) a following SC to the LR address fails. */
  CASE
  lr.d a0, (a1)
  li a2, 0x4444
  sc.d a3, a2, (a4)
  EXPECT_NOT a3, 0
  EXPECT_MEM cellB, 0, 0x5a5a5a5a5a5a5a5a
  sc.d a3, a2, (a1)
  EXPECT_NOT a3, 0
  EXPECT_MEM cellA, 0, 0x2222
  /* 5: SC pairs with the most recent LR only. */
  CASE
  lr.d a0, (a1)
  lr.d a0, (a4)
  li a2, 0x5555
  sc.d a3, a2, (a1)
  EXPECT_NOT a3, 0
  EXPECT_MEM cellA, 0, 0x2222
  /* 6: ... and the SC to the most recent LR's address succeeds. */
  CASE
  lr.d a0, (a1)
  lr.d a0, (a4)
  EXPECT a0, 0x5a5a5a5a5a5a5a5a
  li a2, 0x6666
  sc.d a3, a2, (a4)
  EXPECT a3, 0
  EXPECT_MEM cellB, 0, 0x6666
  /* 7: LR.W sign-extends; SC.W writes the low word lanes only. */
  CASE
  li t0, 0x12345678fedcba98
  sd t0, 0(a1)
  lr.w a0, (a1)
  EXPECT a0, 0xfffffffffedcba98
  li a2, 0xaaaaaaaa00000042    /* upper half of rs2 not stored */
  sc.w a3, a2, (a1)
  EXPECT a3, 0
  EXPECT_MEM cellA, 0, 0x1234567800000042
  /* 8: LR.W / SC.W on the upper word of the dword. */
  CASE
  addi a5, a1, 4
  lr.w a0, (a5)
  EXPECT a0, 0x12345678
  li a2, 0x80000000
  sc.w a3, a2, (a5)
  EXPECT a3, 0
  EXPECT_MEM cellA, 0, 0x8000000000000042
  lr.w a0, (a5)
  EXPECT a0, 0xffffffff80000000
  /* 9: the LR.W ending case 8 pairs with this SC.W; a second SC.W then
   * has no reservation and fails. */
  CASE
  sc.w a3, a2, (a5)      /* pairs with the LR.W of case 8's end: succeeds */
  EXPECT a3, 0
  li a2, 0x7
  sc.w a3, a2, (a5)      /* no reservation left: fails */
  EXPECT_NOT a3, 0
  EXPECT_MEM cellA, 0, 0x8000000000000042
  /* 10: an LR/SC increment loop (the usual atomic-add idiom). */
  CASE
  sd zero, 0(a1)
  li t1, 10
1:
  lr.d a0, (a1)
  addi a0, a0, 3
  sc.d a3, a0, (a1)
  bnez a3, 1b
  addi t1, t1, -1
  bnez t1, 1b
  EXPECT_MEM cellA, 0, 30
  /* 11: aq/rl variants. */
  CASE
  lr.d.aq a0, (a1)
  li a2, 31
  sc.d.rl a3, a2, (a1)
  EXPECT a3, 0
  lr.d.aqrl a0, (a1)
  EXPECT a0, 31
  sc.d.aqrl a3, a0, (a1)
  EXPECT a3, 0
  /* 12: rd = x0 on SC: the store still happens on success. */
  CASE
  lr.d a0, (a1)
  li a2, 0x99
  sc.d x0, a2, (a1)
  EXPECT_MEM cellA, 0, 0x99
  PASS

  .data
  .balign 64
cellA:
  .dword 0x0123456789abcdef
  .skip 120
cellB:
  .dword 0x5a5a5a5a5a5a5a5a

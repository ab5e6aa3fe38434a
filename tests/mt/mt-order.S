/*
 * mt-order: each thread's accesses stay in program order while the memory
 * reorders responses across threads (run with random delays and stalls):
 * every thread fills its own 32-doubleword area with a pattern seeded by
 * its index, overwrites one byte of each doubleword (sb after sd to the
 * same word), reads each word back at once (ld, lbu, lw after the
 * stores), then re-reads the whole area backwards; after a barrier it
 * checks the area of its neighbour (thread (g + 1) mod n) the same way.
 * Needs every thread resident (grid within the harts' slots).
 * Pattern: v_i = seed + i * 0x0123456789abcdef, seed = (g + 1) *
 * 0x9e3779b97f4a7c15; byte k = i mod 8 of word i replaced by (g ^ i) & 0xff.
 * Exit status = number of the failing check.
 */
#include "mt_test.h"

#define WORDS 32

/* EXPECT_WORD g, i -> a0: expected word i of thread g's area. Uses t0..t2. */
.macro EXPECT_WORD g, i
  li t0, 0x9e3779b97f4a7c15
  addi t1, \g, 1
  mul a0, t0, t1
  li t0, 0x0123456789abcdef
  mul t1, t0, \i
  add a0, a0, t1
  andi t1, \i, 7
  slli t1, t1, 3
  li t0, 0xff
  sll t0, t0, t1
  not t0, t0
  and a0, a0, t0
  xor t2, \g, \i
  andi t2, t2, 0xff
  sll t2, t2, t1
  or a0, a0, t2
.endm

/* AREA g -> a1: address of thread g's area. */
.macro AREA g
  la a1, areas
  slli t0, \g, 8
  add a1, a1, t0
.endm

TEST_MAIN
  AREA s0
  li s2, 0
fill:
  /* v_i = seed + i * K, stored, then byte i mod 8 overwritten */
  li t0, 0x9e3779b97f4a7c15
  addi t1, s0, 1
  mul a2, t0, t1
  li t0, 0x0123456789abcdef
  mul t1, t0, s2
  add a2, a2, t1
  slli t3, s2, 3
  add t3, a1, t3
  sd a2, 0(t3)
  ld a3, 0(t3)
  CHECK_REG a3, a2, 1
  andi t4, s2, 7
  add t4, t3, t4
  xor t5, s0, s2
  sb t5, 0(t4)
  lbu a3, 0(t4)
  andi t5, t5, 0xff
  CHECK_REG a3, t5, 2
  EXPECT_WORD s0, s2
  ld a3, 0(t3)
  CHECK_REG a3, a0, 3
  lw a3, 0(t3)
  sext.w a0, a0
  CHECK_REG a3, a0, 4
  addi s2, s2, 1
  li t0, WORDS
  blt s2, t0, fill

  /* whole area again, last word first */
  li s2, WORDS - 1
back:
  EXPECT_WORD s0, s2
  slli t3, s2, 3
  add t3, a1, t3
  ld a3, 0(t3)
  CHECK_REG a3, a0, 5
  addi s2, s2, -1
  bgez s2, back

  BARRIER arrived, 6

  /* neighbour's area */
  addi s3, s0, 1
  remu s3, s3, s1
  AREA s3
  li s2, 0
other:
  EXPECT_WORD s3, s2
  slli t3, s2, 3
  add t3, a1, t3
  ld a3, 0(t3)
  CHECK_REG a3, a0, 7
  addi s2, s2, 1
  li t0, WORDS
  blt s2, t0, other
  PASS

  .bss
  .balign 64
arrived:
  .skip 8
areas:
  .skip 256 * 128

/*
 * rv64i-load: LB, LH, LW, LD, LBU, LHU, LWU (unprivileged spec 2.6, 5.3):
 * every byte lane of an 8-byte word, sign versus zero extension, positive
 * and negative offsets, rd == rs1, and loads into x0.
 */
#include "uvs_test.h"

/* LOAD op, want, label, off: new case, a0 = op off(&label). */
.macro LOAD op, want, label, off
  CASE
  la a1, \label
  \op a0, \off(a1)
  EXPECT a0, \want
.endm

TEST_MAIN
  /* byte lanes 0..7 of d0 = 0x8877665544332211 (little endian) */
  LOAD lb, 0x11, d0, 0
  LOAD lb, 0x22, d0, 1
  LOAD lb, 0x33, d0, 2
  LOAD lb, 0x44, d0, 3
  LOAD lb, 0x55, d0, 4
  LOAD lb, 0x66, d0, 5
  LOAD lb, 0x77, d0, 6
  LOAD lb, 0xffffffffffffff88, d0, 7
  LOAD lbu, 0x88, d0, 7
  LOAD lbu, 0x11, d0, 0
  LOAD lb, 0xfffffffffffffff0, d1, 0
  LOAD lbu, 0xf0, d1, 0
  LOAD lb, 0x7f, d1, 1
  /* halfwords at offsets 0, 2, 4, 6 */
  LOAD lh, 0x2211, d0, 0
  LOAD lh, 0x4433, d0, 2
  LOAD lh, 0x6655, d0, 4
  LOAD lh, 0xffffffffffff8877, d0, 6
  LOAD lhu, 0x8877, d0, 6
  LOAD lh, 0x7ff0, d1, 0
  LOAD lhu, 0x7ff0, d1, 0
  LOAD lh, 0xffffffffffff8001, d1, 2
  LOAD lhu, 0x8001, d1, 2
  /* words at offsets 0, 4 */
  LOAD lw, 0x44332211, d0, 0
  LOAD lw, 0xffffffff88776655, d0, 4
  LOAD lwu, 0x88776655, d0, 4
  LOAD lwu, 0x44332211, d0, 0
  LOAD lw, 0xffffffff80017ff0, d1, 0
  LOAD lwu, 0x80017ff0, d1, 0
  /* doublewords */
  LOAD ld, 0x8877665544332211, d0, 0
  LOAD ld, 0xfedcba9880017ff0, d1, 0
  LOAD ld, 0x8877665544332211, d1, -8   /* negative offset */
  LOAD lw, 0xffffffff80017ff0, d0, 8   /* = d1 word 0 */
  LOAD lbu, 0xfe, d0, 15
  LOAD lh, 0xfffffffffffffedc, d1, 6

  /* rd == rs1: the address is used before rd is written. */
  CASE
  la a1, d0
  ld a1, 0(a1)
  EXPECT a1, 0x8877665544332211
  /* load into x0: discarded. */
  CASE
  la a1, d0
  ld x0, 0(a1)
  lb zero, 7(a1)
  EXPECT x0, 0
  /* load-use: the next instruction sees the loaded value. */
  CASE
  la a1, d1
  lbu a0, 0(a1)
  addi a0, a0, 1
  EXPECT a0, 0xf1
  PASS

  .data
  .balign 8
d0:
  .dword 0x8877665544332211
d1:
  .dword 0xfedcba9880017ff0

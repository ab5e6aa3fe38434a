/*
 * rv64a-amo: every AMO in .W and .D form (unprivileged spec 8.4): rd gets
 * the old memory value (sign-extended for .W), memory gets op(old, rs2);
 * MIN/MAX compare signed, MINU/MAXU unsigned; .W on the upper word of a
 * dword touches only its 4 byte lanes; rd = x0 and rd == rs2.
 */
#include "uvs_test.h"

/* AMO op, init, operand, want_rd, want_mem: new case on the dword `cell`:
 * cell = init; a0 = op(a2 = operand, (a1 = &cell)); check a0 and cell. */
.macro AMO op, init, operand, want_rd, want_mem
  CASE
  la a1, cell
  li t0, \init
  sd t0, 0(a1)
  li a2, \operand
  \op a0, a2, (a1)
  EXPECT a0, \want_rd
  ld a3, 0(a1)
  EXPECT a3, \want_mem
.endm

/* AMOW_HI op, init, operand, want_rd, want_mem: as AMO but a .W on the
 * upper word (cell + 4); want_mem is the whole dword. */
.macro AMOW_HI op, init, operand, want_rd, want_mem
  CASE
  la a1, cell
  li t0, \init
  sd t0, 0(a1)
  addi a4, a1, 4
  li a2, \operand
  \op a0, a2, (a4)
  EXPECT a0, \want_rd
  ld a3, 0(a1)
  EXPECT a3, \want_mem
.endm

TEST_MAIN
  /* .D */
  AMO amoswap.d, 0x1111111122222222, 0x3333333344444444, 0x1111111122222222, 0x3333333344444444
  AMO amoadd.d,  0x00000000ffffffff, 1, 0x00000000ffffffff, 0x0000000100000000
  AMO amoadd.d,  -1, 1, -1, 0
  AMO amoxor.d,  0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0xf0f0f0f0f0f0f0f0
  AMO amoand.d,  0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0x0f000f000f000f00
  AMO amoor.d,   0xff00ff00ff00ff00, 0x0ff00ff00ff00ff0, 0xff00ff00ff00ff00, 0xfff0fff0fff0fff0
  AMO amomin.d,  -5, 3, -5, -5
  AMO amomin.d,  3, -5, 3, -5
  AMO amomin.d,  0x7fffffffffffffff, 0x8000000000000000, 0x7fffffffffffffff, 0x8000000000000000
  AMO amomax.d,  -5, 3, -5, 3
  AMO amomax.d,  0x8000000000000000, 0x7fffffffffffffff, 0x8000000000000000, 0x7fffffffffffffff
  AMO amominu.d, -5, 3, -5, 3
  AMO amominu.d, 3, -5, 3, 3
  AMO amomaxu.d, -5, 3, -5, -5
  AMO amomaxu.d, 0x7fffffffffffffff, 0x8000000000000000, 0x7fffffffffffffff, 0x8000000000000000
  /* .W on the low word: rd sign-extended; upper word of the dword kept */
  AMO amoswap.w, 0xaaaaaaaa80000001, 0x12345678, 0xffffffff80000001, 0xaaaaaaaa12345678
  AMO amoadd.w,  0xaaaaaaaa7fffffff, 1, 0x000000007fffffff, 0xaaaaaaaa80000000
  AMO amoadd.w,  0xaaaaaaaaffffffff, 1, 0xffffffffffffffff, 0xaaaaaaaa00000000 /* no carry into bit 32 */
  AMO amoxor.w,  0x55555555ff00ff00, 0x0ff00ff0, 0xffffffffff00ff00, 0x55555555f0f0f0f0
  AMO amoand.w,  0x55555555ff00ff00, 0x0ff00ff0, 0xffffffffff00ff00, 0x555555550f000f00
  AMO amoor.w,   0x5555555500ff00ff, 0x80000000, 0x0000000000ff00ff, 0x5555555580ff00ff
  AMO amomin.w,  0x0000000080000000, 1, 0xffffffff80000000, 0x0000000080000000  /* signed: 0x80000000 < 1 */
  AMO amomin.w,  0x0000000000000001, 0xffffffff, 1, 0x00000000ffffffff          /* -1 < 1 */
  AMO amomax.w,  0x0000000080000000, 1, 0xffffffff80000000, 0x0000000000000001
  AMO amomax.w,  0x00000000fffffffe, 0x100000001, 0xfffffffffffffffe, 0x0000000000000001 /* rs2 upper ignored */
  AMO amominu.w, 0x0000000080000000, 1, 0xffffffff80000000, 0x0000000000000001
  AMO amominu.w, 0x0000000000000001, 0xffffffff, 1, 0x0000000000000001
  AMO amomaxu.w, 0x0000000080000000, 1, 0xffffffff80000000, 0x0000000080000000
  AMO amomaxu.w, 0x0000000000000001, 0xffffffff, 1, 0x00000000ffffffff
  AMO amomin.w,  0xffffffff00000005, 0x00000007, 5, 0xffffffff00000005          /* upper word of mem ignored */
  /* .W on the upper word: only bytes 4..7 change */
  AMOW_HI amoswap.w, 0x8000000011111111, 0x22222222, 0xffffffff80000000, 0x2222222211111111
  AMOW_HI amoadd.w,  0x00000001ffffffff, 0xffffffff, 1, 0x00000000ffffffff
  AMOW_HI amoxor.w,  0xffffffff00000000, 0x0f0f0f0f, -1, 0xf0f0f0f000000000
  AMOW_HI amoand.w,  0xffffffffffffffff, 0x0000ffff, -1, 0x0000ffffffffffff
  AMOW_HI amoor.w,   0x0000000000000000, 0x80000000, 0, 0x8000000000000000
  AMOW_HI amomin.w,  0x00000001aaaaaaaa, 0xffffffff, 1, 0xffffffffaaaaaaaa
  AMOW_HI amomax.w,  0x80000000aaaaaaaa, 0x00000001, 0xffffffff80000000, 0x00000001aaaaaaaa
  AMOW_HI amominu.w, 0x80000000aaaaaaaa, 0x00000001, 0xffffffff80000000, 0x00000001aaaaaaaa
  AMOW_HI amomaxu.w, 0x00000001aaaaaaaa, 0xffffffff, 1, 0xffffffffaaaaaaaa

  /* rd = x0: memory still updated */
  CASE
  la a1, cell
  sd zero, 0(a1)
  li a2, 9
  amoadd.d x0, a2, (a1)
  amoadd.d zero, a2, (a1)
  ld a0, 0(a1)
  EXPECT a0, 18
  EXPECT x0, 0
  /* rd == rs2: old value returned, new value from the old rs2 */
  CASE
  li t0, 100
  sd t0, 0(a1)
  li a2, 5
  amoadd.d a2, a2, (a1)
  EXPECT a2, 100
  ld a0, 0(a1)
  EXPECT a0, 105
  /* aq/rl variants execute the same operation */
  CASE
  li t0, 7
  sd t0, 0(a1)
  li a2, 3
  amoswap.d.aqrl a0, a2, (a1)
  amoadd.w.aq a3, a2, (a1)
  amoor.d.rl a4, a2, (a1)
  EXPECT a0, 7
  EXPECT a3, 3
  EXPECT a4, 6
  ld a0, 0(a1)
  EXPECT a0, 7
  PASS

  .data
  .balign 8
cell:
  .dword 0

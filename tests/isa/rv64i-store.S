/*
 * rv64i-store: SB, SH, SW, SD (unprivileged spec 2.6, 5.3): each writes
 * only its own byte lanes of the 8-byte word (checked by reading the whole
 * word back), with positive and negative offsets; stores of x0.
 */
#include "uvs_test.h"

/* STORE op, value, off, want: new case; fill `buf` (two dwords) with
 * 0xaa bytes, store `value` with op at off(buf), check buf[0] == want. */
.macro STORE op, value, off, want
  CASE
  la a1, buf
  li t0, 0xaaaaaaaaaaaaaaaa
  sd t0, 0(a1)
  sd t0, 8(a1)
  li a2, \value
  \op a2, \off(a1)
  ld a0, 0(a1)
  EXPECT a0, \want
  ld a0, 8(a1)
  EXPECT a0, 0xaaaaaaaaaaaaaaaa
.endm

TEST_MAIN
  STORE sb, 0x1234567890abcd11, 0, 0xaaaaaaaaaaaaaa11
  STORE sb, 0x22, 1, 0xaaaaaaaaaaaa22aa
  STORE sb, 0x33, 2, 0xaaaaaaaaaa33aaaa
  STORE sb, 0x44, 3, 0xaaaaaaaa44aaaaaa
  STORE sb, 0x55, 4, 0xaaaaaa55aaaaaaaa
  STORE sb, 0x66, 5, 0xaaaa66aaaaaaaaaa
  STORE sb, 0x77, 6, 0xaa77aaaaaaaaaaaa
  STORE sb, 0x88, 7, 0x88aaaaaaaaaaaaaa
  STORE sh, 0xffffffffffff1122, 0, 0xaaaaaaaaaaaa1122
  STORE sh, 0x3344, 2, 0xaaaaaaaa3344aaaa
  STORE sh, 0x5566, 4, 0xaaaa5566aaaaaaaa
  STORE sh, 0x7788, 6, 0x7788aaaaaaaaaaaa
  STORE sw, 0xffffffff11223344, 0, 0xaaaaaaaa11223344
  STORE sw, 0x55667788, 4, 0x55667788aaaaaaaa
  STORE sd, 0x0123456789abcdef, 0, 0x0123456789abcdef

  /* Negative offset from the next dword. */
  CASE
  la a1, buf
  li t0, 0xaaaaaaaaaaaaaaaa
  sd t0, 0(a1)
  addi a3, a1, 8
  li a2, 0xbb
  sb a2, -1(a3)
  li a2, 0xccdd
  sh a2, -8(a3)
  ld a0, 0(a1)
  EXPECT a0, 0xbbaaaaaaaaaaccdd
  /* Stores of x0 write zero. */
  CASE
  la a1, buf
  li t0, -1
  sd t0, 0(a1)
  sw x0, 4(a1)
  sb x0, 0(a1)
  ld a0, 0(a1)
  EXPECT a0, 0x00000000ffffff00
  CASE
  sd zero, 0(a1)
  ld a0, 0(a1)
  EXPECT a0, 0
  /* Store then load back each width. */
  CASE
  li a2, -2
  sh a2, 2(a1)
  lh a0, 2(a1)
  EXPECT a0, -2
  lhu a0, 2(a1)
  EXPECT a0, 0xfffe
  ld a0, 0(a1)
  EXPECT a0, 0x00000000fffe0000
  PASS

  .data
  .balign 8
buf:
  .dword 0, 0

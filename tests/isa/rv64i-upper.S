/*
 * rv64i-upper: LUI and AUIPC (unprivileged spec 2.4.1; RV64 5.2.1): the
 * 20-bit immediate fills bits 31:12 and is sign-extended to 64 bits; AUIPC
 * adds it to the address of the AUIPC itself.
 */
#include "uvs_test.h"

TEST_MAIN
  CASE
  lui a0, 0
  EXPECT a0, 0
  CASE
  lui a0, 0x12345
  EXPECT a0, 0x12345000
  CASE
  lui a0, 0x7ffff
  EXPECT a0, 0x7ffff000
  CASE
  lui a0, 0x80000               /* bit 31 set: sign-extends */
  EXPECT a0, 0xffffffff80000000
  CASE
  lui a0, 0xfffff
  EXPECT a0, 0xfffffffffffff000
  CASE
  lui x0, 0x12345
  EXPECT x0, 0

  /* AUIPC: compare with the label's address computed by the linker. */
  CASE
1:
  auipc a0, 0
  EXPECT_ADDR a0, 1b
  CASE
2:
  auipc a0, 1
  la a1, 2b
  sub a0, a0, a1
  EXPECT a0, 0x1000
  CASE
3:
  auipc a0, 0xfffff            /* -4096 */
  la a1, 3b
  sub a0, a0, a1
  EXPECT a0, -0x1000
  CASE
4:
  auipc a0, 0x80000            /* -2 GiB: sign-extended immediate */
  la a1, 4b
  sub a0, a0, a1
  EXPECT a0, 0xffffffff80000000
  CASE
  /* AUIPC + ADDI / LD reach a data word (%pcrel_hi / %pcrel_lo). */
5:
  auipc a1, %pcrel_hi(word)
  ld a0, %pcrel_lo(5b)(a1)
  EXPECT a0, 0x0123456789abcdef
  PASS

  .data
  .balign 8
word:
  .dword 0x0123456789abcdef

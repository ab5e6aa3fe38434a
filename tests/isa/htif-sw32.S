/*
 * htif-sw32: ends the way today's riscv-test-env does, through two 32-bit
 * stores: `sw` of the result to tohost, then `sw zero` to tohost+4. The
 * simulator must decode the doubleword after the first store (Spike's HTIF
 * behaviour; docs/architecture.md "Boot flow"). Built twice: as is it
 * reports pass (tohost = 1, exit 0); with -DHTIF_FAIL it reports failure
 * 5 (tohost = 11, exit 5), proving that the 32-bit value is what counts.
 */
#include "uvs_test.h"

#ifdef HTIF_FAIL
#define HTIF_VALUE 11
#else
#define HTIF_VALUE 1
#endif

TEST_MAIN
  fence
  li t5, HTIF_VALUE
  la t6, tohost
  sw t5, 0(t6)
  sw zero, 4(t6)
1:
  j 1b

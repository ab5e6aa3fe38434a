/*
 * csr-hpm-width: the precision of mhpmcounter3..10 (privileged spec v1.12
 * 3.1.10: WARL registers of up to 64 bits). The hart's counters have
 * HPM_WIDTH bits (uvs_csr's parameter: 64 in the simulator, fewer on a
 * board that sets BOARD_HPM_WIDTH; this file is built once per width):
 * software finds the width by writing all ones and reading back, as
 * OpenSBI does; a counter keeps the low HPM_WIDTH bits of a write, reads
 * them zero-extended (also through hpmcounterN) and wraps to 0 at
 * 2^HPM_WIDTH; mcycle and minstret keep 64 bits whatever the width.
 */
#include <uvmsoc/hpm.h>
#include "uvs_test.h"

#ifndef HPM_WIDTH
#define HPM_WIDTH 64
#endif
#if HPM_WIDTH == 64
#define HPM_ONES -1
#else
#define HPM_ONES ((1 << HPM_WIDTH) - 1)
#endif
#define PATTERN 0x5a5a5a5a5a5a5a5a

TEST_MAIN
  li t0, -1
  csrw mcounteren, t0
  csrw scounteren, zero
  /* all ones written: the implemented bits read back, zero-extended */
  CASE
  csrw mhpmevent3, zero
  li t0, -1
  csrw mhpmcounter3, t0
  csrr a0, mhpmcounter3
  csrr a1, hpmcounter3
  EXPECT a0, HPM_ONES
  EXPECT a1, HPM_ONES
  /* a pattern keeps its low HPM_WIDTH bits (counter 10, the last one) */
  CASE
  csrw mhpmevent10, zero
  li t0, PATTERN
  csrw mhpmcounter10, t0
  csrr a0, mhpmcounter10
  EXPECT a0, (PATTERN & HPM_ONES)
  /* the counter wraps to zero at 2^HPM_WIDTH: one load after all ones */
  CASE
  la a1, data
  li t0, -1
  csrw mhpmcounter3, t0
  li t0, UVS_HPM_EV_LOAD
  csrw mhpmevent3, t0
  ld a3, 0(a1)
  csrw mhpmevent3, zero
  csrr a0, mhpmcounter3
  EXPECT a0, 0
  /* mcycle and minstret keep 64 bits (3.1.11): all ones read back while inhibited */
  CASE
  li t0, 5                            /* CY and IR */
  csrw CSR_MCOUNTINHIBIT, t0
  li t0, -1
  csrw mcycle, t0
  csrw minstret, t0
  csrr a0, mcycle
  csrr a1, minstret
  csrw CSR_MCOUNTINHIBIT, zero
  EXPECT a0, -1
  EXPECT a1, -1
  csrw mcounteren, zero
  PASS

  .data
  .balign 8
data:
  .dword 3

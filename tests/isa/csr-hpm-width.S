/*
 * csr-hpm-width: the precision of mhpmcounter3..10 (privileged spec v1.12
 * 3.1.10: WARL registers of up to 64 bits). The hart's counters have
 * HPM_WIDTH bits (uvs_csr's parameter: 64 in the simulator, fewer on a
 * board that sets BOARD_HPM_WIDTH; this file is built once per width):
 * software finds the width by writing all ones and reading back, as
 * OpenSBI does; a counter keeps the low HPM_WIDTH bits of a write, reads
 * them zero-extended (also through hpmcounterN) and wraps to 0 at
 * 2^HPM_WIDTH; mcycle and minstret keep 64 bits whatever the width.
 * HPM_COUNT counters are implemented (uvs_csr's HPM_COUNT: 8 in the
 * simulator, fewer on a board that sets BOARD_HPM_COUNT): the last one
 * keeps a write, the next one (and its mhpmevent) reads zero after one.
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
#ifndef HPM_COUNT
#define HPM_COUNT UVS_HPM_COUNTERS
#endif
/* CSR numbers (privileged 2.2): mhpmcounterN, mhpmeventN */
#define HPM_LAST      (0xb03 + HPM_COUNT - 1)
#define HPM_LAST_EV   (0x323 + HPM_COUNT - 1)
#define HPM_NEXT      (0xb03 + HPM_COUNT)
#define HPM_NEXT_EV   (0x323 + HPM_COUNT)

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
  /* a pattern keeps its low HPM_WIDTH bits (the last counter) */
  CASE
  csrw HPM_LAST_EV, zero
  li t0, PATTERN
  csrw HPM_LAST, t0
  csrr a0, HPM_LAST
  EXPECT a0, (PATTERN & HPM_ONES)
  /* the next one is not implemented: it and its event selector read zero */
  CASE
  li t0, -1
  csrw HPM_NEXT, t0
  csrw HPM_NEXT_EV, t0
  csrr a0, HPM_NEXT
  csrr a1, HPM_NEXT_EV
  EXPECT a0, 0
  EXPECT a1, 0
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

/*
 * csr-counters: mcycle and minstret count and are writable, cycle/instret
 * shadow them, time follows the CLINT's mtime, mcountinhibit.CY/IR stop
 * them (privileged spec 3.1.10-3.1.13; unprivileged spec "Zicntr").
 */
#include "uvs_test.h"

TEST_MAIN
  /* minstret: exactly one per retired instruction between two reads */
  CASE
  csrr a0, minstret
  nop
  nop
  nop
  csrr a1, minstret
  sub a2, a1, a0
  EXPECT a2, 4                      /* first csrr + 3 nops */
  /* instret (user shadow) reads the same counter */
  CASE
  csrr a0, minstret
  csrr a1, instret
  sub a2, a1, a0
  EXPECT a2, 1
  /* mcycle advances, and at least once per retired instruction */
  CASE
  csrr a0, mcycle
  nop
  nop
  nop
  nop
  csrr a1, mcycle
  sub a2, a1, a0
  sltiu a3, a2, 5
  EXPECT a3, 0
  CASE
  csrr a0, mcycle
  csrr a1, cycle
  sub a2, a1, a0
  sltiu a3, a2, 1000
  EXPECT a3, 1                      /* positive and small */
  EXPECT_NOT a2, 0
  /* minstret write: the next read sees the value written (+1 at most) */
  CASE
  li a1, 1000000
  csrw minstret, a1
  csrr a0, minstret
  sub a2, a0, a1
  sltiu a3, a2, 2
  EXPECT a3, 1
  /* mcycle write, including the upper bits */
  CASE
  li a1, 0x1234567800000000
  csrw mcycle, a1
  csrr a0, mcycle
  sub a2, a0, a1
  sltiu a3, a2, 100
  EXPECT a3, 1
  /* mcountinhibit.IR (bit 2) stops minstret; clearing restarts it */
  CASE
  csrwi CSR_MCOUNTINHIBIT, 4
  csrr a0, minstret
  nop
  nop
  csrr a1, minstret
  csrwi CSR_MCOUNTINHIBIT, 0
  EXPECT_REG a1, a0
  csrr a0, minstret
  nop
  csrr a1, minstret
  sub a2, a1, a0
  EXPECT a2, 2
  /* mcountinhibit.CY (bit 0) stops mcycle */
  CASE
  csrwi CSR_MCOUNTINHIBIT, 1
  csrr a0, mcycle
  nop
  nop
  nop
  csrr a1, mcycle
  csrr a3, CSR_MCOUNTINHIBIT
  csrwi CSR_MCOUNTINHIBIT, 0
  EXPECT_REG a1, a0
  EXPECT a3, 1
  csrr a0, mcycle
  nop
  csrr a1, mcycle
  EXPECT_NOT a1, 0
  sub a2, a1, a0
  EXPECT_NOT a2, 0
  /* inhibited counters can still be written */
  CASE
  csrwi CSR_MCOUNTINHIBIT, 5
  li a1, 77
  csrw minstret, a1
  csrr a0, minstret
  csrwi CSR_MCOUNTINHIBIT, 0
  EXPECT a0, 77
  /* time: tracks mtime of the CLINT, never runs backwards */
  CASE
  li a1, CLINT_MTIME
  ld a2, 0(a1)
  csrr a0, time
  ld a3, 0(a1)
  bltu a0, a2, 8f                   /* time >= mtime read before */
  bltu a3, a0, 8f                   /* time <= mtime read after */
  j 9f
8:
  mv t5, a0
  FAIL
9:
  /* time advances: wait (bounded) until it changes */
  CASE
  csrr a0, time
  li a2, POLL_LIMIT
1:
  csrr a1, time
  bne a1, a0, 2f
  addi a2, a2, -1
  bnez a2, 1b
  FAIL
2:
  bltu a1, a0, 3f
  j 4f
3:
  FAIL
4:
  PASS

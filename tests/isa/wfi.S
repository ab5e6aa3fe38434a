/*
 * wfi: WFI (privileged spec 3.3.3) returns once an interrupt enabled in mie
 * is pending, even with mstatus.MIE = 0 (execution continues after it);
 * with MIE = 1 the interrupt is taken with mepc = the instruction after
 * the WFI. A WFI with an interrupt already pending does not stall.
 */
#include "uvs_test.h"

TEST_MAIN
  li s0, CLINT_MTIMECMP0
  li s1, CLINT_MTIME
  li t0, -1
  sd t0, 0(s0)
  /* 1: MIE = 0, MTIE = 1: WFI wakes on the timer, no trap */
  CASE
  li t0, MIP_MTIP
  csrw mie, t0
  ld a0, 0(s1)
  addi a0, a0, 5
  sd a0, 0(s0)
  ARM_TRAP 1f
  wfi
  /* (WFI may return early; the interrupt must become pending) */
  li a5, POLL_LIMIT
2:
  csrr a1, mip
  andi a1, a1, MIP_MTIP
  bnez a1, 1f
  addi a5, a5, -1
  bnez a5, 2b
  FAIL
1:
  EXPECT_NO_TRAP
  ld a1, 0(s1)
  ld a2, 0(s0)
  bgeu a1, a2, 3f
  FAIL
3:
  /* 2: MIE = 1: WFI wakes into the trap handler, mepc = WFI + 4 */
  CASE
  li t0, -1
  sd t0, 0(s0)
  ld a0, 0(s1)
  addi a0, a0, 5
  sd a0, 0(s0)
  ARM_TRAP 1f
  csrsi mstatus, MSTATUS_MIE
  wfi
2:
  li a5, POLL_LIMIT                  /* WFI as a NOP: interrupt comes later */
4:
  addi a5, a5, -1
  bnez a5, 4b
  FAIL
1:
  EXPECT s9, CAUSE_IRQ_MTI
  /* mepc is after the WFI (2b) or inside the wait loop */
  la t0, 2b
  bltu s10, t0, 5f
  addi t0, t0, 16
  bgeu s10, t0, 5f
  j 6f
5:
  FAIL
6:
  /* 3: pending before WFI: WFI returns (no hang) */
  CASE
  ARM_TRAP 1f
  wfi
  wfi
1:
  EXPECT_NO_TRAP
  /* 4: software interrupt wakes WFI too */
  CASE
  li t0, -1
  sd t0, 0(s0)
  csrwi mie, MIP_MSIP
  li a1, CLINT_MSIP0
  li t0, 1
  sw t0, 0(a1)
  ARM_TRAP 1f
  wfi
1:
  EXPECT_NO_TRAP
  sw zero, 0(a1)
  csrw mie, zero
  PASS

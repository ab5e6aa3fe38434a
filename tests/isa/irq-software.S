/*
 * irq-software: machine software interrupt through the CLINT msip
 * register of hart 0 (privileged spec 3.1.9; architecture.md CLINT
 * layout): msip bit 0 drives mip.MSIP; the trap (mcause
 * 0x8000000000000003) needs mie.MSIE and mstatus.MIE.
 */
#include "uvs_test.h"

TEST_MAIN
  li s0, CLINT_MSIP0
  /* 1: msip = 0: MSIP clear */
  CASE
  sw zero, 0(s0)
  lw a0, 0(s0)
  EXPECT a0, 0
  csrr a0, mip
  andi a0, a0, MIP_MSIP
  EXPECT a0, 0
  /* 2: msip = 1: MSIP set, no trap while disabled; only bit 0 is kept */
  CASE
  ARM_TRAP 1f
  li t0, -1
  sw t0, 0(s0)
  lw a0, 0(s0)
  EXPECT a0, 1
  li a5, POLL_LIMIT
2:
  csrr a1, mip
  andi a1, a1, MIP_MSIP
  bnez a1, 3f
  addi a5, a5, -1
  bnez a5, 2b
  FAIL
3:
  nop
1:
  EXPECT_NO_TRAP
  /* 3: MIE set, MSIE clear: no trap */
  CASE
  ARM_TRAP 1f
  csrsi mstatus, MSTATUS_MIE
  nop
  nop
  csrci mstatus, MSTATUS_MIE
1:
  EXPECT_NO_TRAP
  /* 4: enable: trap right after the write to mie */
  CASE
  csrsi mstatus, MSTATUS_MIE
  ARM_TRAP 1f
  csrsi mie, MIP_MSIP
2:
  nop
  FAIL
1:
  EXPECT_TRAP CAUSE_IRQ_MSI, 2b
  EXPECT s11, 0
  /* 5: clearing msip clears MSIP */
  CASE
  sw zero, 0(s0)
  li a5, POLL_LIMIT
2:
  csrr a1, mip
  andi a1, a1, MIP_MSIP
  beqz a1, 3f
  addi a5, a5, -1
  bnez a5, 2b
  FAIL
3:
  /* 6: with everything enabled and msip = 0, no trap */
  CASE
  ARM_TRAP 1f
  csrsi mstatus, MSTATUS_MIE
  nop
  nop
  csrci mstatus, MSTATUS_MIE
1:
  EXPECT_NO_TRAP
  /* 7: raise msip while enabled: the trap follows the store */
  CASE
  li t0, 1
  ARM_TRAP 1f
  csrsi mstatus, MSTATUS_MIE
  sw t0, 0(s0)
  li a5, 100
2:
  addi a5, a5, -1
  bnez a5, 2b
  FAIL
1:
  EXPECT s9, CAUSE_IRQ_MSI
  sw zero, 0(s0)
  csrw mie, zero
  PASS

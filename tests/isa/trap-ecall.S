/*
 * trap-ecall: ECALL from M mode (mcause 11) and from U mode (mcause 8)
 * (unprivileged spec 2.8, privileged spec 3.1.15-16, 3.3.1): mepc = the
 * ECALL, mtval = 0, mstatus.MPP = the mode the ECALL came from.
 */
#include "uvs_test.h"

TEST_MAIN
  /* 1: ECALL in M mode */
  CASE
  li a7, 93
  ARM_TRAP 1f
2:
  ecall
1:
  EXPECT_TRAP CAUSE_ECALL_M, 2b
  EXPECT s11, 0
  li t0, MSTATUS_MPP
  and t1, s8, t0
  EXPECT t1, MSTATUS_MPP_M
  EXPECT a7, 93
  /* 2: ECALL in U mode */
  CASE
  ARM_TRAP 1f
  ENTER_U 3f
3:
  li a0, 42
2:
  ecall
1:
  EXPECT_TRAP CAUSE_ECALL_U, 2b
  EXPECT s11, 0
  li t0, MSTATUS_MPP
  and t1, s8, t0
  EXPECT t1, 0
  EXPECT a0, 42
  /* 3: back in M mode: M-mode CSRs are accessible again */
  CASE
  ARM_TRAP 1f
  csrr a0, mstatus
  csrw mscratch, a0
1:
  EXPECT_NO_TRAP
  PASS

/*
 * irq-vectored: mtvec vectored mode (MODE = 1; privileged spec 3.1.7):
 * interrupts jump to BASE + 4 * cause (software 3, timer 7, external 11),
 * exceptions to BASE. Each table entry records its index in s7 and enters
 * the common handler.
 */
#include "uvs_test.h"

TEST_MAIN
  li s0, CLINT_MSIP0
  li s1, CLINT_MTIMECMP0
  /* 1: MODE = 1 is supported and reads back */
  CASE
  la a1, table
  ori a1, a1, 1
  csrw mtvec, a1
  csrr a0, mtvec
  EXPECT_REG a0, a1
  /* 2: exception (ECALL) goes to BASE (entry 0) */
  CASE
  li s7, -1
  ARM_TRAP 1f
2:
  ecall
1:
  EXPECT_TRAP CAUSE_ECALL_M, 2b
  EXPECT s7, 0
  /* 3: software interrupt -> entry 3 */
  CASE
  li s7, -1
  li t0, 1
  sw t0, 0(s0)
  csrsi mie, MIP_MSIP
  ARM_TRAP 1f
  csrsi mstatus, MSTATUS_MIE
2:
  nop
  FAIL
1:
  EXPECT_TRAP CAUSE_IRQ_MSI, 2b
  EXPECT s7, 3
  sw zero, 0(s0)
  csrw mie, zero
  /* 4: timer interrupt -> entry 7 */
  CASE
  li s7, -1
  sd zero, 0(s1)
  li t0, MIP_MTIP
  csrs mie, t0
  ARM_TRAP 1f
  csrsi mstatus, MSTATUS_MIE
2:
  nop
  FAIL
1:
  EXPECT_TRAP CAUSE_IRQ_MTI, 2b
  EXPECT s7, 7
  li t0, -1
  sd t0, 0(s1)
  csrw mie, zero
  /* 5: external interrupt (UART THR empty, through the PLIC) -> entry 11 */
  CASE
  PLIC_ROUTE_M UVS_PLIC_SRC_UART
  li s7, -1
  li a1, UVS_UART0_BASE
  li t0, 0x02
  sb t0, 1(a1)                       /* IER.ETBEI */
  li t0, MIP_MEIP
  csrs mie, t0
  ARM_TRAP 1f
  csrsi mstatus, MSTATUS_MIE
  li a5, 1000                        /* the UART may take a few cycles */
2:
  addi a5, a5, -1
  bnez a5, 2b
  FAIL
1:
  EXPECT s9, CAUSE_IRQ_MEI
  EXPECT s7, 11
  sb zero, 1(a1)
  csrw mie, zero
  /* 6: back to direct mode */
  CASE
  la a1, uvs_trap_vector
  csrw mtvec, a1
  csrr a0, mtvec
  EXPECT_REG a0, a1
  PASS

/* Vector table: 4-byte entries; entry k jumps to stub k. */
  .balign 256
table:
  j vec0
  j vec_bad
  j vec_bad
  j vec3
  j vec_bad
  j vec_bad
  j vec_bad
  j vec7
  j vec_bad
  j vec_bad
  j vec_bad
  j vec11
vec0:
  li s7, 0
  j uvs_trap_vector
vec3:
  li s7, 3
  j uvs_trap_vector
vec7:
  li s7, 7
  j uvs_trap_vector
vec11:
  li s7, 11
  j uvs_trap_vector
vec_bad:
  li s7, 99
  j uvs_trap_vector

/*
 * irq-sdeleg: S-level interrupts (privileged spec v1.12 3.1.9, 4.1.3):
 * sie/sip are mie/mip restricted to mideleg; M writes SSIP, STIP and SEIP
 * in mip, S writes SSIP in sip. A delegated interrupt is taken in S with
 * SIE, always in U, never in M; a non-delegated S-level interrupt is an M
 * interrupt (taken in S even with MIE = 0); M interrupts go before S ones;
 * among S ones SEI > SSI > STI; stvec vectored mode sends interrupt i to
 * BASE + 4 i and exceptions to BASE. SEIP's external source (the PLIC's
 * S-mode context, irq_s_external_i) is not in the SoC yet: the software
 * bit stands in for it here.
 */
#include "uvs_test.h"

#define S_IRQS (MIP_SSIP | MIP_STIP | MIP_SEIP)

TEST_MAIN
  SETUP_S
  /* sie / sip: zero unless delegated */
  CASE
  li t0, 0xaaa
  csrw mie, t0
  csrw mideleg, zero
  csrr a0, sie
  EXPECT a0, 0
  li t0, S_IRQS
  csrw mideleg, t0
  csrr a0, sie
  EXPECT a0, S_IRQS
  csrw sie, zero                      /* clears only the delegated bits */
  csrr a0, mie
  EXPECT a0, 0x888
  csrw mie, zero
  /* mip: SSIP, STIP, SEIP writable by M; sip shows the delegated ones */
  CASE
  li t0, -1
  csrw mip, t0
  csrr a0, mip
  csrr a1, sip
  csrw mideleg, zero
  csrr a2, sip
  csrw mip, zero
  csrr a3, mip
  EXPECT a0, S_IRQS
  EXPECT a1, S_IRQS
  EXPECT a2, 0
  EXPECT a3, 0
  /* SSI: S sets sip.SSIP with SIE = 1: taken in S at the next instruction */
  CASE
  li t0, S_IRQS
  csrw mideleg, t0
  csrw mie, t0
  ENTER_S 2f
2:
  csrsi sstatus, MSTATUS_SIE
  ARM_STRAP 1f
  csrsi sip, MIP_SSIP
3:
  FAIL
1:
  EXPECT_STRAP CAUSE_IRQ_SSI, 3b
  csrci sip, MIP_SSIP
  BACK_TO_M
  EXPECT s9, CAUSE_ECALL_S
  /* STI set by M: not taken in M (even with MIE), nor in S with SIE = 0;
   * taken once S sets SIE */
  CASE
  li t0, MIP_STIP
  csrw mip, t0
  ARM_STRAP 1f
  csrsi mstatus, MSTATUS_MIE
  nop
  csrci mstatus, MSTATUS_MIE
1:
  EXPECT_NO_TRAP
  EXPECT s3, -1
  csrci mstatus, MSTATUS_SIE
  ENTER_S 2f
2:
  ARM_STRAP 1f
  nop
  nop
  csrsi sstatus, MSTATUS_SIE
3:
  FAIL
1:
  EXPECT_STRAP CAUSE_IRQ_STI, 3b
  BACK_TO_M
  csrw mip, zero
  /* SEI (software SEIP) in U with SIE = 0: taken, SPP = U */
  CASE
  li t0, MIP_SEIP
  csrw mip, t0
  csrci mstatus, MSTATUS_SIE
  ARM_STRAP 1f
  ENTER_U 2f
2:
  nop
  FAIL
1:
  li s6, 0
  EXPECT s3, CAUSE_IRQ_SEI
  andi t0, s2, MSTATUS_SPP
  EXPECT t0, 0
  EXPECT s9, -1
  BACK_TO_M
  csrw mip, zero
  /* priority among S interrupts: SEI, then SSI, then STI */
  CASE
  li t0, S_IRQS
  csrw mip, t0
  ENTER_S 2f
2:
  ARM_STRAP 1f
  csrsi sstatus, MSTATUS_SIE
  FAIL
1:
  li s6, 0
  EXPECT s3, CAUSE_IRQ_SEI
  BACK_TO_M
  li t0, MIP_SEIP
  csrc mip, t0
  ENTER_S 2f
2:
  ARM_STRAP 1f
  csrsi sstatus, MSTATUS_SIE
  FAIL
1:
  li s6, 0
  EXPECT s3, CAUSE_IRQ_SSI
  BACK_TO_M
  li t0, MIP_SSIP
  csrc mip, t0
  ENTER_S 2f
2:
  ARM_STRAP 1f
  csrsi sstatus, MSTATUS_SIE
  FAIL
1:
  li s6, 0
  EXPECT s3, CAUSE_IRQ_STI
  BACK_TO_M
  csrw mip, zero
  /* not delegated: SSI is an M interrupt, taken in S although MIE = 0 */
  CASE
  csrw mideleg, zero
  li t0, MIP_SSIP
  csrw mie, t0
  csrci mstatus, MSTATUS_MIE
  csrw mip, t0                        /* pending, not taken in M: MIE = 0 */
  ARM_STRAP 1f
  ENTER_S 2f                          /* taken before the first S instruction */
2:
  FAIL
1:
  EXPECT_TRAP CAUSE_IRQ_SSI, 2b
  EXPECT s3, -1
  csrw mip, zero
  /* M interrupt (MSI from the CLINT) before a delegated SSI */
  CASE
  li t0, S_IRQS
  csrw mideleg, t0
  li t0, MIP_SSIP | MIP_MSIP
  csrw mie, t0
  li t0, MIP_SSIP
  csrw mip, t0
  li a1, CLINT_MSIP0
  li t0, 1
  sw t0, 0(a1)
  csrsi mstatus, MSTATUS_SIE          /* both enabled once in S */
  ARM_STRAP 1f
  ENTER_S 2f
2:
  FAIL
1:
  EXPECT_TRAP CAUSE_IRQ_MSI, 2b
  EXPECT s3, -1
  csrci mstatus, MSTATUS_SIE
  sw zero, 0(a1)
  csrw mip, zero
  /* stvec vectored: SSI to BASE + 4, a delegated ECALL to BASE */
  CASE
  la t0, svec
  ori t0, t0, 1
  csrw stvec, t0
  csrr a0, stvec
  EXPECT_REG a0, t0
  li t0, 1 << CAUSE_ECALL_U
  csrw medeleg, t0
  li t0, MIP_SSIP
  csrw mie, t0
  csrw mip, t0
  li s7, -1
  ENTER_S 2f
2:
  ARM_STRAP 1f
  csrsi sstatus, MSTATUS_SIE
  FAIL
1:
  li s6, 0
  EXPECT s3, CAUSE_IRQ_SSI
  EXPECT s7, 1
  csrci sip, MIP_SSIP
  li s7, -1
  ARM_STRAP 1f
  ENTER_U_FROM_S 3f
3:
  ecall
1:
  EXPECT_STRAP CAUSE_ECALL_U, 3b
  EXPECT s7, 0
  BACK_TO_M
  csrw medeleg, zero
  csrw mie, zero
  csrw mip, zero
  csrw mideleg, zero
  SETUP_S
  PASS

/* svec: vectored stvec table; entry i sets s7 = i and runs the handler. */
  .balign 64
svec:
  j svec0
  j svec1
  j svec_other
  j svec_other
  j svec_other
  j svec_other
  j svec_other
  j svec_other
  j svec_other
  j svec_other
svec0:
  li s7, 0
  j uvs_strap_vector
svec1:
  li s7, 1
  j uvs_strap_vector
svec_other:
  li s7, 2
  j uvs_strap_vector

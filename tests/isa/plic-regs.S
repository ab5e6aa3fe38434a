/*
 * plic-regs: register semantics of the PLIC (RISC-V PLIC specification
 * v1.0.0; include/uvmsoc/plic.def, docs/architecture.md "PLIC"), with the
 * UART (source PLIC_SRC_UART: IER.ETBEI with THR empty raises its line) and
 * the IOMMU (source PLIC_SRC_IOMMU: a command-queue memory fault with
 * cqcsr.cie raises ipsr.cip) as the level-triggered sources: reset values,
 * WARL priorities / threshold / enables, the read-only pending array,
 * priority 0 and the threshold masking, the enable masking, claim of
 * nothing = 0, claim order (priority, then lowest id), a claimed source
 * leaving the pending set, completion re-arming it (ignored for a source
 * not enabled in the context), a level source dropping out of the pending
 * set with its line, the M context driving mip.MEIP and the trap, the S
 * context's claim independent of MEIP, and a 64-bit access to the
 * threshold/claim pair.
 */
#include "uvs_test.h"
#include <uvmsoc/iommu_regs.h>

#define UART_IER 1
#define M UVS_PLIC_CTX_M
#define S UVS_PLIC_CTX_S
#define SRC_UART  UVS_PLIC_SRC_UART
#define SRC_IOMMU UVS_PLIC_SRC_IOMMU
#define BIT_UART  (1 << SRC_UART)
#define BIT_IOMMU (1 << SRC_IOMMU)

/* PW addr, value: 32-bit store of value to addr (t0, t1). */
.macro PW addr, value
  li t0, \addr
  li t1, \value
  sw t1, 0(t0)
.endm

/* PR reg, addr: reg = 32-bit load (zero-extended) from addr (t0). */
.macro PR reg, addr
  li t0, \addr
  lwu \reg, 0(t0)
.endm

/* EXPECT_R addr, value: the 32-bit register at addr reads value. */
.macro EXPECT_R addr, value
  PR a0, \addr
  EXPECT a0, \value
.endm

/* WAIT_MEIP want: poll until (mip & MEIP) == want, bounded. */
.macro WAIT_MEIP want
  li a5, POLL_LIMIT
.Lwm_loop\@:
  csrr a4, mip
  li t0, MIP_MEIP
  and a4, a4, t0
  li t0, \want
  beq a4, t0, .Lwm_done\@
  addi a5, a5, -1
  bnez a5, .Lwm_loop\@
  FAIL
.Lwm_done\@:
.endm

/* WAIT_PEND want: poll until the pending word 0 equals want, bounded. */
.macro WAIT_PEND want
  li a5, POLL_LIMIT
.Lwp_loop\@:
  PR a4, PLIC_PENDING0
  li t0, \want
  beq a4, t0, .Lwp_done\@
  addi a5, a5, -1
  bnez a5, .Lwp_loop\@
  mv t5, a4
  mv t6, t0
  FAIL
.Lwp_done\@:
.endm

/* NO_MEIP: MEIP stays low for a while (the state is settled). */
.macro NO_MEIP
  li a5, 64
.Lnm_loop\@:
  csrr a4, mip
  li t0, MIP_MEIP
  and a4, a4, t0
  EXPECT a4, 0
  addi a5, a5, -1
  bnez a5, .Lnm_loop\@
.endm

/* UART_LINE v: THR-empty interrupt on (v = 2) or off (v = 0). */
.macro UART_LINE v
  li t0, UVS_UART0_BASE
  li t1, \v
  sb t1, UART_IER(t0)
.endm

TEST_MAIN
  /* 1: reset: priorities, enables, thresholds, pending 0; claim of nothing = 0 */
  CASE
  EXPECT_R PLIC_PRIO(1), 0
  EXPECT_R PLIC_PRIO(UVS_PLIC_NSOURCES), 0
  EXPECT_R PLIC_ENABLE0(M), 0
  EXPECT_R PLIC_ENABLE0(S), 0
  EXPECT_R PLIC_THRESHOLD(M), 0
  EXPECT_R PLIC_THRESHOLD(S), 0
  EXPECT_R PLIC_PENDING0, 0
  EXPECT_R PLIC_CLAIM(M), 0
  EXPECT_R PLIC_CLAIM(S), 0
  /* 2: WARL: 3-bit priority and threshold, enables only of sources 1..NSOURCES */
  CASE
  PW PLIC_PRIO(2), 0xffffffff
  EXPECT_R PLIC_PRIO(2), UVS_PLIC_PRIO_MAX
  PW PLIC_PRIO(2), 0x0d
  EXPECT_R PLIC_PRIO(2), 5
  PW PLIC_PRIO(2), 0
  PW PLIC_THRESHOLD(M), 0xffffffff
  EXPECT_R PLIC_THRESHOLD(M), UVS_PLIC_PRIO_MAX
  PW PLIC_THRESHOLD(M), 0
  PW PLIC_ENABLE0(S), 0xffffffff
  EXPECT_R PLIC_ENABLE0(S), ((1 << (UVS_PLIC_NSOURCES + 1)) - 2)
  PW PLIC_ENABLE0(S), 0
  EXPECT_R PLIC_ENABLE0(M), 0                 /* contexts are separate */
  /* 3: the pending array is read-only: a write is ignored, no trap */
  CASE
  ARM_TRAP 1f
  PW PLIC_PENDING0, 0xffffffff
1:
  EXPECT_NO_TRAP
  EXPECT_R PLIC_PENDING0, 0
  /* 4: a high line is pending even with priority 0 and disabled; no claim, no MEIP */
  CASE
  UART_LINE 2
  WAIT_PEND BIT_UART
  EXPECT_R PLIC_CLAIM(M), 0
  NO_MEIP
  /* 5: enabled with priority 0: never interrupts */
  CASE
  PW PLIC_ENABLE0(M), BIT_UART
  EXPECT_R PLIC_CLAIM(M), 0
  NO_MEIP
  /* 6: priority 1 with threshold 1: masked (priority must exceed the threshold) */
  CASE
  PW PLIC_THRESHOLD(M), 1
  PW PLIC_PRIO(SRC_UART), 1
  EXPECT_R PLIC_CLAIM(M), 0
  NO_MEIP
  /* 7: threshold 0: MEIP rises; disabling the source drops it, enabling raises it */
  CASE
  PW PLIC_THRESHOLD(M), 0
  WAIT_MEIP MIP_MEIP
  PW PLIC_ENABLE0(M), 0
  WAIT_MEIP 0
  EXPECT_R PLIC_CLAIM(M), 0
  PW PLIC_ENABLE0(M), BIT_UART
  WAIT_MEIP MIP_MEIP
  /* 8: the M context's MEIP is taken as a machine external interrupt */
  CASE
  li t0, MIP_MEIP
  csrs mie, t0
  ARM_TRAP 1f
  csrsi mstatus, MSTATUS_MIE
2:
  nop
  FAIL
1:
  EXPECT_TRAP CAUSE_IRQ_MEI, 2b
  csrw mie, zero
  /* 9: claim returns the source, which leaves the pending set: MEIP drops, claim again = 0 */
  CASE
  EXPECT_R PLIC_CLAIM(M), SRC_UART
  EXPECT_R PLIC_PENDING0, 0
  EXPECT_R PLIC_CLAIM(M), 0
  WAIT_MEIP 0
  NO_MEIP
  /* 10: completion while the line is still high re-arms it: pending, MEIP, claim again */
  CASE
  PW PLIC_CLAIM(M), SRC_UART
  WAIT_PEND BIT_UART
  WAIT_MEIP MIP_MEIP
  EXPECT_R PLIC_CLAIM(M), SRC_UART
  /* 11: completion of an id not enabled in the context is ignored */
  CASE
  PW PLIC_CLAIM(M), SRC_IOMMU                 /* not enabled in M */
  PW PLIC_CLAIM(M), 0                         /* no source 0 */
  PW PLIC_CLAIM(M), UVS_PLIC_NSOURCES + 1     /* no such source */
  PW PLIC_ENABLE0(M), 0
  PW PLIC_CLAIM(M), SRC_UART                  /* UART no longer enabled in M */
  PW PLIC_ENABLE0(M), BIT_UART
  NO_MEIP
  EXPECT_R PLIC_PENDING0, 0                   /* still claimed */
  PW PLIC_CLAIM(M), SRC_UART                  /* now it counts */
  WAIT_PEND BIT_UART
  /* 12: level: the line going low takes the source out of the pending set */
  CASE
  UART_LINE 0
  WAIT_PEND 0
  WAIT_MEIP 0
  EXPECT_R PLIC_CLAIM(M), 0
  /* 13: second source (IOMMU: command-queue fetch from an unmapped address, cqcsr.cie) */
  CASE
  li s1, UVS_IOMMU_BASE
  li t1, (UNMAPPED_ADDR >> 12) << UVS_IOMMU_CQB_PPN_SHIFT
  sd t1, UVS_IOMMU_CQB_OFF(s1)
  li t1, UVS_IOMMU_CQCSR_CQEN_MASK | UVS_IOMMU_CQCSR_CIE_MASK
  sw t1, UVS_IOMMU_CQCSR_OFF(s1)
  li t1, 1
  sw t1, UVS_IOMMU_CQT_OFF(s1)
  WAIT_PEND BIT_IOMMU
  UART_LINE 2
  WAIT_PEND (BIT_UART | BIT_IOMMU)
  /* 14: equal priorities: the lowest id first, then the other, then 0 */
  CASE
  PW PLIC_PRIO(SRC_UART), 2
  PW PLIC_PRIO(SRC_IOMMU), 2
  PW PLIC_ENABLE0(M), (BIT_UART | BIT_IOMMU)
  EXPECT_R PLIC_CLAIM(M), SRC_UART
  EXPECT_R PLIC_CLAIM(M), SRC_IOMMU
  EXPECT_R PLIC_CLAIM(M), 0
  PW PLIC_CLAIM(M), SRC_UART
  PW PLIC_CLAIM(M), SRC_IOMMU
  WAIT_PEND (BIT_UART | BIT_IOMMU)
  /* 15: higher priority first whatever the id */
  CASE
  PW PLIC_PRIO(SRC_IOMMU), 3
  EXPECT_R PLIC_CLAIM(M), SRC_IOMMU
  EXPECT_R PLIC_CLAIM(M), SRC_UART
  EXPECT_R PLIC_CLAIM(M), 0
  PW PLIC_CLAIM(M), SRC_IOMMU
  PW PLIC_CLAIM(M), SRC_UART
  WAIT_PEND (BIT_UART | BIT_IOMMU)
  /* 16: threshold 2: only the priority-3 source is claimable */
  CASE
  PW PLIC_THRESHOLD(M), 2
  EXPECT_R PLIC_CLAIM(M), SRC_IOMMU
  EXPECT_R PLIC_CLAIM(M), 0
  PW PLIC_CLAIM(M), SRC_IOMMU
  PW PLIC_THRESHOLD(M), 0
  /* 17: the S context: its own enables and claim; it does not drive MEIP */
  CASE
  PW PLIC_ENABLE0(M), 0
  WAIT_MEIP 0
  PW PLIC_ENABLE0(S), BIT_UART
  NO_MEIP
  EXPECT_R PLIC_CLAIM(S), SRC_UART
  EXPECT_R PLIC_CLAIM(S), 0
  PW PLIC_CLAIM(S), SRC_UART
  PW PLIC_ENABLE0(S), 0
  /* 18: a 64-bit load of the threshold/claim pair reads both (and claims) */
  CASE
  PW PLIC_ENABLE0(M), BIT_UART
  PW PLIC_THRESHOLD(M), 1
  WAIT_MEIP MIP_MEIP
  li t0, PLIC_THRESHOLD(M)
  ld a0, 0(t0)
  EXPECT a0, (SRC_UART << 32) | 1
  EXPECT_R PLIC_CLAIM(M), 0
  PW PLIC_CLAIM(M), SRC_UART
  /* 19: both lines low: nothing pending, MEIP low */
  CASE
  UART_LINE 0
  sw zero, UVS_IOMMU_CQCSR_OFF(s1)
  li t1, UVS_IOMMU_IPSR_CIP_MASK
  sw t1, UVS_IOMMU_IPSR_OFF(s1)
  WAIT_PEND 0
  WAIT_MEIP 0
  EXPECT_R PLIC_CLAIM(M), 0
  PASS

/*
 * irq-timer: machine timer interrupt from the CLINT (privileged spec 3.1.9
 * mip/mie, 3.2.1 mtime/mtimecmp; architecture.md CLINT layout): MTIP
 * follows mtime >= mtimecmp, is read-only in mip, and traps (mcause
 * 0x8000000000000007) only when mie.MTIE and mstatus.MIE are both set;
 * the trap is taken right after the CSR write that enables it.
 */
#include "uvs_test.h"

/* WAIT_MIP bit: poll mip until `bit` is set, bounded; fails on timeout. */
.macro WAIT_MIP bit
  li a5, POLL_LIMIT
.Lwm_loop\@:
  csrr a4, mip
  li t0, \bit
  and a4, a4, t0
  bnez a4, .Lwm_done\@
  addi a5, a5, -1
  bnez a5, .Lwm_loop\@
  FAIL
.Lwm_done\@:
.endm

TEST_MAIN
  li s0, CLINT_MTIMECMP0
  li s1, CLINT_MTIME
  /* 1: mtimecmp = max: no timer pending */
  CASE
  li t0, -1
  sd t0, 0(s0)
  ld a0, 0(s0)
  EXPECT a0, -1
  nop
  nop
  csrr a0, mip
  andi a0, a0, MIP_MTIP
  EXPECT a0, 0
  /* 2: mtimecmp = 0 (in the past): MTIP set, no trap while disabled */
  CASE
  ARM_TRAP 1f
  sd zero, 0(s0)
  WAIT_MIP MIP_MTIP
1:
  EXPECT_NO_TRAP
  /* 3: MTIP is read-only in mip: clearing it has no effect */
  CASE
  li t0, MIP_MTIP
  csrc mip, t0
  csrr a0, mip
  andi a0, a0, MIP_MTIP
  EXPECT a0, MIP_MTIP
  /* 4: mie.MTIE = 1 but mstatus.MIE = 0: no trap */
  CASE
  ARM_TRAP 1f
  li t0, MIP_MTIP
  csrs mie, t0
  nop
  nop
  nop
1:
  EXPECT_NO_TRAP
  /* 5: mstatus.MIE = 1 but mie.MTIE = 0: no trap */
  CASE
  csrw mie, zero
  ARM_TRAP 1f
  csrsi mstatus, MSTATUS_MIE
  nop
  nop
  nop
  csrci mstatus, MSTATUS_MIE
1:
  EXPECT_NO_TRAP
  /* 6: both enabled: trap right after the enabling write */
  CASE
  li t0, MIP_MTIP
  csrs mie, t0
  ARM_TRAP 1f
  csrsi mstatus, MSTATUS_MIE
2:
  nop
  FAIL
1:
  EXPECT_TRAP CAUSE_IRQ_MTI, 2b
  EXPECT s11, 0
  andi t1, s8, MSTATUS_MIE            /* MIE was cleared on entry ... */
  EXPECT t1, 0
  li t0, MSTATUS_MPIE                 /* ... and saved in MPIE */
  and t1, s8, t0
  EXPECT t1, MSTATUS_MPIE
  /* 7: writing mtimecmp to the future clears MTIP */
  CASE
  li t0, -1
  sd t0, 0(s0)
  li a5, POLL_LIMIT
8:
  csrr a0, mip
  andi a0, a0, MIP_MTIP
  beqz a0, 9f
  addi a5, a5, -1
  bnez a5, 8b
  FAIL
9:
  /* 8: a timer 20 ticks ahead fires while a loop runs */
  CASE
  ld a0, 0(s1)
  addi a0, a0, 20
  sd a0, 0(s0)
  csrr a0, mip
  andi a0, a0, MIP_MTIP
  EXPECT a0, 0                         /* not yet */
  li a5, POLL_LIMIT
  ARM_TRAP 1f
  csrsi mstatus, MSTATUS_MIE
2:
  addi a5, a5, -1
  bnez a5, 2b
  FAIL                                 /* never interrupted */
1:
  EXPECT s9, CAUSE_IRQ_MTI
  ld a1, 0(s1)                         /* mtime has reached mtimecmp */
  ld a2, 0(s0)
  bgeu a1, a2, 3f
  FAIL
3:
  la t0, 2b                            /* mepc inside the loop */
  blt s10, t0, 4f
  addi t0, t0, 8
  bge s10, t0, 4f
  j 5f
4:
  FAIL
5:
  /* 9: mtime is writable */
  CASE
  li t0, -1
  sd t0, 0(s0)
  li a1, 0x100000
  sd a1, 0(s1)
  ld a0, 0(s1)
  sub a0, a0, a1
  sltiu a0, a0, 10
  EXPECT a0, 1
  csrw mie, zero
  PASS

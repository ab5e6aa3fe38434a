/*
 * mt-atomics: multi-hart atomicity (unprivileged spec 8.2 LR/SC, 8.4 AMO;
 * architecture.md: AMOs and reservations are performed at the memory).
 * Every hart (5 in configuration c4) adds 1 to `amo_count` ITERS times
 * with AMOADD.D and to `lrsc_count` ITERS times with an LR.D/SC.D loop,
 * then checks in by AMOADD.W on `done`. Hart 0 waits (bounded) for all
 * NHARTS and checks both totals: a lost update shows as a short count.
 * Each secondary hart also checks that the boot ROM's a0 equals its
 * mhartid and that its stack (lib/crt.S, one per hart) is private; a
 * mismatch fails with status 4 or 5.
 */
#include "uvs_test.h"

#define NHARTS 5
#define ITERS  200

/* WORK: the per-hart share of the increments. */
.macro WORK
  la a1, amo_count
  la a2, lrsc_count
  li a3, 1
  /* (clobbers a1..a4, t0, t1) */
  li a4, ITERS
.Lw_amo\@:
  amoadd.d zero, a3, (a1)
  addi a4, a4, -1
  bnez a4, .Lw_amo\@
  li a4, ITERS
.Lw_lrsc\@:
  lr.d t0, (a2)
  addi t0, t0, 1
  sc.d t1, t0, (a2)
  bnez t1, .Lw_lrsc\@
  addi a4, a4, -1
  bnez a4, .Lw_lrsc\@
  la a1, done
  amoadd.w zero, a3, (a1)
.endm

TEST_MAIN
  /* hart 0: own share, then wait for everybody */
  CASE
  csrr a0, mhartid
  WORK
  la a1, done
  li a5, POLL_LIMIT
1:
  lw a0, 0(a1)
  li t0, NHARTS
  beq a0, t0, 2f
  addi a5, a5, -1
  bnez a5, 1b
  mv t5, a0
  li t6, NHARTS
  FAIL                      /* not every hart checked in */
2:
  CASE
  la a1, amo_count
  ld a0, 0(a1)
  EXPECT a0, NHARTS * ITERS
  CASE
  la a1, lrsc_count
  ld a0, 0(a1)
  EXPECT a0, NHARTS * ITERS
  PASS

/* uvs_secondary: entry of harts 1..4 (lib/crt.S gave them a stack);
 * they do their share and park. */
  .globl uvs_secondary
uvs_secondary:
  csrr t0, mhartid
  beq a0, t0, 1f
  li gp, 4
  mv t5, a0
  mv t6, t0
  FAIL
1:
  addi sp, sp, -16
  sd a0, 0(sp)               /* own stack: must still hold a0 after WORK */
  mv s0, a0
  WORK
  ld t0, 0(sp)
  beq t0, s0, 1f
  li gp, 5
  mv t5, t0
  mv t6, s0
  FAIL
1:
1:
  wfi
  j 1b

  .data
  .balign 64
amo_count:
  .dword 0
  .balign 64
lrsc_count:
  .dword 0
  .balign 64
done:
  .word 0

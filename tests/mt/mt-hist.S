/*
 * mt-hist: parallel histogram with AMOs across all threads of all harts
 * (unprivileged spec 8.4): thread g classifies elements g*PER .. g*PER+PER-1
 * into 16 bins (bin = top 4 bits of e * 0x9e3779b97f4a7c15) with amoadd.d,
 * adds 1 to a 32-bit total with amoadd.w and keeps the largest element
 * with amomax.d (and the smallest negated one with amominu.d). The last
 * thread to finish (amoadd.w on `done`) recomputes the histogram serially
 * and compares: a lost or doubled update fails (status 1 + bin, 20 total,
 * 21 max, 22 min). Works with more threads than slots (no barrier).
 * Built with -DRACY it uses a plain load/add/store instead of amoadd.d:
 * the negative control, which must fail when threads interleave.
 */
#include "mt_test.h"

#define PER 48

/* BIN e -> a0: bin of element e. Uses t0. */
.macro BIN e
  li t0, 0x9e3779b97f4a7c15
  mul a0, \e, t0
  srli a0, a0, 60
.endm

TEST_MAIN
  la s2, bins
  li t1, PER
  mul s3, s0, t1          /* first element */
  add s4, s3, t1          /* end */
  li s5, 1
loop:
  BIN s3
  slli a0, a0, 3
  add a0, s2, a0
#ifdef RACY
  ld t1, 0(a0)
  addi t1, t1, 1
  sd t1, 0(a0)
#else
  amoadd.d zero, s5, (a0)
#endif
  la t2, total
  amoadd.w zero, s5, (t2)
  la t2, maxe
  amomax.d zero, s3, (t2)
  la t2, mine
  not t3, s3
  amomaxu.d zero, t3, (t2)
  addi s3, s3, 1
  blt s3, s4, loop

  LAST_DONE done, t1
  bnez t1, check
  PASS

check:
  /* serial histogram of every element into `ref` */
  la s6, ref
  li t1, PER
  mul s4, s1, t1          /* elements in all */
  li s3, 0
serial:
  BIN s3
  slli a0, a0, 3
  add a0, s6, a0
  ld t1, 0(a0)
  addi t1, t1, 1
  sd t1, 0(a0)
  addi s3, s3, 1
  blt s3, s4, serial
  li s3, 0
cmp:
  slli t1, s3, 3
  add t2, s2, t1
  add t3, s6, t1
  ld t2, 0(t2)
  ld t3, 0(t3)
  beq t2, t3, 1f
  addi a0, s3, 1
  j mt_exit
1:
  addi s3, s3, 1
  li t1, 16
  blt s3, t1, cmp
  la t1, total
  lw t1, 0(t1)
  CHECK_REG t1, s4, 20
  la t1, maxe
  ld t1, 0(t1)
  addi t2, s4, -1
  CHECK_REG t1, t2, 21
  la t1, mine
  ld t1, 0(t1)
  CHECK t1, -1, 22       /* not(0) = all ones is the largest unsigned */
  PASS

  .bss
  .balign 64
done:
  .skip 8
total:
  .skip 8
maxe:
  .skip 8
mine:
  .skip 8
bins:
  .skip 16 * 8
ref:
  .skip 16 * 8

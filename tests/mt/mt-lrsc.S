/*
 * mt-lrsc: reductions with LR/SC across all threads (unprivileged spec
 * 8.2; reservations per hart and thread, at the memory): thread g adds
 * g + 1 to a doubleword sum ITERS times with an LR.D/SC.D retry loop and
 * 1 to a word counter with LR.W/SC.W; then it takes a spinlock built from
 * LR.W/SC.W (acquire) ITERS times and increments `locked` with a plain
 * load/add/store inside it, releasing with amoswap.w.rl. The last thread
 * to finish checks sum = ITERS * n(n+1)/2 (status 1), the word count =
 * ITERS * n (2) and locked = ITERS * n (3); an SC retry bound is status 4,
 * the lock's is 5. An SC without a reservation must fail (6).
 */
#include "mt_test.h"

#define ITERS 12

TEST_MAIN
  /* 6: SC with no reservation of this thread fails and stores nothing */
  la t1, scratch
  slli t2, s0, 3
  add t1, t1, t2
  li t2, 99
  sc.d t3, t2, (t1)
  CHECK t3, 1, 6
  ld t4, 0(t1)
  CHECK t4, 0, 6

  addi s2, s0, 1           /* addend */
  li s3, ITERS
red:
  la t1, sum
  li t5, SPIN_LIMIT
1:
  lr.d t2, (t1)
  add t2, t2, s2
  sc.d t3, t2, (t1)
  beqz t3, 2f
  addi t5, t5, -1
  bnez t5, 1b
  EXIT_WITH 4
2:
  la t1, count32
  li t5, SPIN_LIMIT
3:
  lr.w t2, (t1)
  addiw t2, t2, 1
  sc.w t3, t2, (t1)
  beqz t3, 4f
  addi t5, t5, -1
  bnez t5, 3b
  EXIT_WITH 4
4:
  addi s3, s3, -1
  bnez s3, red

  li s3, ITERS
crit:
  la t1, lock
  li t5, SPIN_LIMIT
5:
  lr.w.aq t2, (t1)
  bnez t2, 6f
  li t2, 1
  sc.w t3, t2, (t1)
  beqz t3, 7f
6:
  addi t5, t5, -1
  bnez t5, 5b
  EXIT_WITH 5
7:
  la t2, locked
  ld t3, 0(t2)
  addi t3, t3, 1
  sd t3, 0(t2)
  amoswap.w.rl zero, zero, (t1)
  addi s3, s3, -1
  bnez s3, crit

  LAST_DONE done, t1
  bnez t1, check
  PASS
check:
  /* sum of 1..n is n(n+1)/2 */
  addi t1, s1, 1
  mul t1, t1, s1
  srli t1, t1, 1
  li t2, ITERS
  mul t1, t1, t2
  la t3, sum
  ld t3, 0(t3)
  CHECK_REG t3, t1, 1
  li t2, ITERS
  mul t1, s1, t2
  la t3, count32
  lw t3, 0(t3)
  CHECK_REG t3, t1, 2
  la t3, locked
  ld t3, 0(t3)
  CHECK_REG t3, t1, 3
  PASS

  .bss
  .balign 64
sum:
  .skip 64
count32:
  .skip 64
lock:
  .skip 64
locked:
  .skip 64
done:
  .skip 64
scratch:
  .skip 8 * 256

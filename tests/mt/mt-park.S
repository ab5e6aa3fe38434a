/*
 * mt-park: a thread whose access is parked for thousands of cycles (the
 * testbench's park window stands in for an IOMMU request parked on a
 * replayable fault) sleeps while the other threads keep retiring.
 * Thread 0 reads `value` through the park window (run with
 * --park-cycles >= 4000): the load returns the right data (status 1) at
 * least 4000 cycles later (2); meanwhile every other thread has counted
 * at least MIN loop iterations in its own `progress` slot (3), which it
 * only can if it kept issuing (15 threads share the hart: about 45
 * iterations each fit in 5000 cycles). Thread 0 then raises `stop`
 * (also when a check failed, so the others end); the others leave their
 * loop (bounded: 4) and exit 0.
 */
#include "mt_test.h"

#define MIN 20

TEST_MAIN
  bnez s0, worker
  la t1, value
  li t2, PARK_BASE - RAM_BASE
  add t1, t1, t2
  csrr s2, cycle
  ld t3, 0(t1)
  csrr s3, cycle
  li s6, 1                 /* status */
  li t1, 0x5a5a12345678a5a5
  bne t3, t1, 5f
  li s6, 2
  sub s3, s3, s2
  li t1, 4000
  bltu s3, t1, 5f
  /* every other thread's progress */
  li s6, 3
  la s4, progress
  li s5, 1
1:
  bgeu s5, s1, 2f
  slli t1, s5, 3
  add t1, s4, t1
  ld t2, 0(t1)
  li t3, MIN
  bltu t2, t3, 5f
  addi s5, s5, 1
  j 1b
2:
  li s6, 0
5:
  la t1, stop
  li t2, 1
  sd t2, 0(t1)
  mv a0, s6
  j mt_exit

worker:
  la s4, progress
  slli t1, s0, 3
  add s4, s4, t1
  la s5, stop
  li t5, SPIN_LIMIT
3:
  ld t2, 0(s4)
  addi t2, t2, 1
  sd t2, 0(s4)
  ld t3, 0(s5)
  bnez t3, 4f
  addi t5, t5, -1
  bnez t5, 3b
  EXIT_WITH 4
4:
  PASS

  .data
  .balign 8
value:
  .dword 0x5a5a12345678a5a5
  .bss
  .balign 64
stop:
  .skip 64
progress:
  .skip 8 * 256

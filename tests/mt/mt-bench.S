/*
 * mt-bench: CPU-bound work for the simulation-speed bench (bench/mt/):
 * every thread runs ITERS iterations of a mix of ALU operations, a branch,
 * a load and a store to its own slot (about 10 instructions, 2 memory
 * accesses), then checks its checksum against a serial recomputation
 * (status 1 on mismatch).
 */
#include "mt_test.h"

#ifndef ITERS
#define ITERS 4000
#endif

TEST_MAIN
  la s2, slots
  slli t0, s0, 3
  add s2, s2, t0
  li s3, ITERS
  addi s4, s0, 1           /* checksum */
loop:
  slli t1, s4, 5
  xor s4, s4, t1
  srli t1, s4, 7
  xor s4, s4, t1
  sd s4, 0(s2)
  ld t2, 0(s2)
  add s4, s4, t2
  addi s3, s3, -1
  bnez s3, loop
  /* serial recomputation in registers only */
  li s3, ITERS
  addi s5, s0, 1
1:
  slli t1, s5, 5
  xor s5, s5, t1
  srli t1, s5, 7
  xor s5, s5, t1
  add s5, s5, s5
  addi s3, s3, -1
  bnez s3, 1b
  CHECK_REG s4, s5, 1
  PASS

  .bss
  .balign 64
slots:
  .skip 8 * 256

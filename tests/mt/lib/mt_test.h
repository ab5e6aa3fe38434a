/*
 * mt_test.h - assembler framework of the uvs_mt_core test programs
 * (tests/mt/, run by sim/mt_tb). Every hardware thread runs the program
 * in U mode from _start (lib/crt.S) with a0 = global thread index and
 * a1 = threads in the grid (copied to s0, s1), sp = its stack, and the
 * index CSRs uvs.tid/bid/ntid/nbid set (include/uvmsoc/mt.def).
 * A thread ends with an ECALL (a7 = 1, the kernel exit call of
 * include/uvmsoc/kernel.def) and a0 = status: 0 pass, else the number of
 * the failing check. The testbench reports every non-zero status and
 * every trap with the thread's block and index.
 *
 * Registers reserved by the macros: t6 (scratch), a0/a7 at exit.
 */
#ifndef MT_TEST_H
#define MT_TEST_H

#include <uvmsoc/kernel.h>
#include <uvmsoc/mt.h>

/* Testbench RAM and its slow alias (sim/mt_tb/mt_mem.h). */
#define RAM_BASE  0x80000000
#define PARK_BASE 0xC0000000
/* An address outside every region: bus error. */
#define UNMAPPED  0x40000000
/* Bound of every spin loop, in iterations. */
#define SPIN_LIMIT 2000000

/* Start of the program body, entered with s0 = thread, s1 = threads. */
#define TEST_MAIN .text; .globl mt_main; mt_main:

/* EXIT_WITH code: end the thread with status code (immediate). */
.macro EXIT_WITH code
  li a0, \code
  j mt_exit
.endm

/* PASS: end the thread with status 0. */
.macro PASS
  EXIT_WITH 0
.endm

/* CHECK reg, value, code: exit with status code unless reg == value. */
.macro CHECK reg, value, code
  li t6, \value
  beq \reg, t6, .Lck\@
  EXIT_WITH \code
.Lck\@:
.endm

/* CHECK_REG reg, other, code: exit with status code unless reg == other. */
.macro CHECK_REG reg, other, code
  beq \reg, \other, .Lck\@
  EXIT_WITH \code
.Lck\@:
.endm

/* CHECK_GEU reg, other, code: exit with code unless reg >= other (unsigned). */
.macro CHECK_GEU reg, other, code
  bgeu \reg, \other, .Lck\@
  EXIT_WITH \code
.Lck\@:
.endm

/* LAST_DONE counter, reg: amoadd.w 1 to the word at label counter; reg = 1
 * if this thread is the last of the grid (s1) to arrive, else 0. Clobbers t6. */
.macro LAST_DONE counter, reg
  la t6, \counter
  li \reg, 1
  amoadd.w \reg, \reg, (t6)
  addi \reg, \reg, 1
  sub \reg, \reg, s1
  seqz \reg, \reg
.endm

/* BARRIER counter, code: wait until all s1 threads arrived at the word at
 * label counter (one use per counter; all threads must be resident);
 * exit with status code after SPIN_LIMIT polls. Clobbers t5, t6. */
.macro BARRIER counter, code
  la t6, \counter
  li t5, 1
  amoadd.w zero, t5, (t6)
  li t5, SPIN_LIMIT
.Lbar\@:
  lw a0, 0(t6)
  beq a0, s1, .Lbar_ok\@
  addi t5, t5, -1
  bnez t5, .Lbar\@
  EXIT_WITH \code
.Lbar_ok\@:
.endm

#endif /* MT_TEST_H */

/*
 * rv64i-branch: BEQ, BNE, BLT, BGE, BLTU, BGEU (unprivileged spec 2.5.2),
 * each taken and not taken, forward and backward, signed versus unsigned.
 * A case fails if a taken branch falls through or a not-taken one jumps.
 */
#include "uvs_test.h"

/* TAKEN op, x, y: new case; `op` on (x, y) must jump forward. */
.macro TAKEN op, x, y
  CASE
  li a1, \x
  li a2, \y
  \op a1, a2, .Ltk\@
  FAIL
.Ltk\@:
.endm

/* NOT_TAKEN op, x, y: new case; `op` on (x, y) must fall through. */
.macro NOT_TAKEN op, x, y
  CASE
  li a1, \x
  li a2, \y
  \op a1, a2, .Lnt_bad\@
  j .Lnt_ok\@
.Lnt_bad\@:
  FAIL
.Lnt_ok\@:
.endm

/* TAKEN_BACK op, x, y: new case; a backward branch must loop exactly once. */
.macro TAKEN_BACK op, x, y
  CASE
  li a0, 0
  li a1, \x
  li a2, \y
.Ltb_top\@:
  addi a0, a0, 1
  li t0, 2
  beq a0, t0, .Ltb_out\@
  \op a1, a2, .Ltb_top\@
.Ltb_out\@:
  EXPECT a0, 2
.endm

TEST_MAIN
  TAKEN beq, 0, 0
  TAKEN beq, -1, -1
  NOT_TAKEN beq, 0, 1
  NOT_TAKEN beq, 0x100000000, 0        /* upper half compared too */
  TAKEN_BACK beq, 5, 5
  TAKEN bne, 0, 1
  TAKEN bne, 0x8000000000000000, 0
  NOT_TAKEN bne, 7, 7
  TAKEN_BACK bne, 1, 2
  TAKEN blt, -1, 0
  TAKEN blt, 0x8000000000000000, 0x7fffffffffffffff
  NOT_TAKEN blt, 0, -1
  NOT_TAKEN blt, 3, 3
  NOT_TAKEN blt, 0x7fffffffffffffff, 0x8000000000000000
  TAKEN_BACK blt, -5, 5
  TAKEN bge, 0, -1
  TAKEN bge, 3, 3
  TAKEN bge, 0x7fffffffffffffff, 0x8000000000000000
  NOT_TAKEN bge, -1, 0
  NOT_TAKEN bge, 0x8000000000000000, 0
  TAKEN_BACK bge, 5, -5
  TAKEN bltu, 0, -1
  TAKEN bltu, 0x7fffffffffffffff, 0x8000000000000000
  NOT_TAKEN bltu, -1, 0
  NOT_TAKEN bltu, 3, 3
  TAKEN_BACK bltu, 1, 2
  TAKEN bgeu, -1, 0
  TAKEN bgeu, 3, 3
  TAKEN bgeu, 0x8000000000000000, 0x7fffffffffffffff
  NOT_TAKEN bgeu, 0, -1
  NOT_TAKEN bgeu, 0xfffffffe, 0xffffffff
  TAKEN_BACK bgeu, 2, 1

  /* x0 as an operand. */
  CASE
  li a1, 5
  bltu x0, a1, 1f
  FAIL
1:
  CASE
  beq x0, x0, 2f
  FAIL
2:
  /* A long forward branch (offset > 2 KiB, up to the +-4 KiB range). */
  CASE
  beq x0, x0, 3f
  FAIL
  .skip 3000, 0
3:
  PASS

/*
 * trap-load-misaligned: load address misaligned (mcause 4; privileged spec
 * 3.1.15-16; architecture.md "On-chip bus": misaligned data accesses never
 * reach the bus). Every load width at every misaligned offset, and LR:
 * mepc = the load, mtval = the effective address, rd not written.
 */
#include "uvs_test.h"

/* MISALIGNED_LOAD op, off: new case; `op a0, off(buf)` must trap. */
.macro MISALIGNED_LOAD op, off
  CASE
  la a1, buf
  li a0, 0x5a5a
  ARM_TRAP .Lml_resume\@
.Lml_insn\@:
  \op a0, \off(a1)
.Lml_resume\@:
  EXPECT_TRAP CAUSE_LOAD_MISALIGNED, .Lml_insn\@
  addi t0, a1, \off
  EXPECT_REG s11, t0
  EXPECT a0, 0x5a5a
.endm

/* MISALIGNED_LR op, off: as above for LR (address in rs1 only). */
.macro MISALIGNED_LR op, off
  CASE
  la a1, buf
  addi a1, a1, \off
  li a0, 0x5a5a
  ARM_TRAP .Lmr_resume\@
.Lmr_insn\@:
  \op a0, (a1)
.Lmr_resume\@:
  EXPECT_TRAP CAUSE_LOAD_MISALIGNED, .Lmr_insn\@
  EXPECT_REG s11, a1
  EXPECT a0, 0x5a5a
.endm

TEST_MAIN
  MISALIGNED_LOAD lh, 1
  MISALIGNED_LOAD lh, 7            /* would cross the dword */
  MISALIGNED_LOAD lhu, 3
  MISALIGNED_LOAD lw, 1
  MISALIGNED_LOAD lw, 2
  MISALIGNED_LOAD lw, 3
  MISALIGNED_LOAD lw, 6
  MISALIGNED_LOAD lwu, 5
  MISALIGNED_LOAD ld, 1
  MISALIGNED_LOAD ld, 2
  MISALIGNED_LOAD ld, 4
  MISALIGNED_LOAD ld, 7
  MISALIGNED_LR lr.w, 2
  MISALIGNED_LR lr.d, 4
  /* aligned accesses right next to them do not trap */
  CASE
  la a1, buf
  ARM_TRAP 1f
  lh a0, 2(a1)
  lw a0, 4(a1)
  ld a0, 8(a1)
  lb a0, 7(a1)
1:
  EXPECT_NO_TRAP
  PASS

  .data
  .balign 16
buf:
  .dword 0x1122334455667788, 0x99aabbccddeeff00

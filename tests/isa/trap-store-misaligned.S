/*
 * trap-store-misaligned: store/AMO address misaligned (mcause 6; privileged
 * spec 3.1.15-16; unprivileged spec 8.2/8.4: AMO and SC addresses must be
 * naturally aligned). mepc = the instruction, mtval = the address; memory
 * and rd unchanged.
 */
#include "uvs_test.h"

/* MISALIGNED_STORE op, off: new case; `op a2, off(buf)` must trap. */
.macro MISALIGNED_STORE op, off
  CASE
  la a1, buf
  li a2, -1
  ARM_TRAP .Lms_resume\@
.Lms_insn\@:
  \op a2, \off(a1)
.Lms_resume\@:
  EXPECT_TRAP CAUSE_STORE_MISALIGNED, .Lms_insn\@
  addi t0, a1, \off
  EXPECT_REG s11, t0
  CHECK_BUF
.endm

/* MISALIGNED_AMO op, off: new case; `op a0, a2, (buf + off)` must trap. */
.macro MISALIGNED_AMO op, off
  CASE
  la a1, buf
  addi a1, a1, \off
  li a2, -1
  li a0, 0x5a5a
  ARM_TRAP .Lma_resume\@
.Lma_insn\@:
  \op a0, a2, (a1)
.Lma_resume\@:
  EXPECT_TRAP CAUSE_STORE_MISALIGNED, .Lma_insn\@
  EXPECT_REG s11, a1
  EXPECT a0, 0x5a5a
  CHECK_BUF
.endm

/* CHECK_BUF: both dwords of buf still hold their initial values. */
.macro CHECK_BUF
  la t0, buf
  ld t1, 0(t0)
  EXPECT t1, 0x1122334455667788
  ld t1, 8(t0)
  EXPECT t1, 0x99aabbccddeeff00
.endm

TEST_MAIN
  MISALIGNED_STORE sh, 1
  MISALIGNED_STORE sh, 7
  MISALIGNED_STORE sw, 1
  MISALIGNED_STORE sw, 2
  MISALIGNED_STORE sw, 6
  MISALIGNED_STORE sd, 1
  MISALIGNED_STORE sd, 4
  MISALIGNED_STORE sd, 7
  MISALIGNED_AMO amoswap.w, 2
  MISALIGNED_AMO amoadd.w, 1
  MISALIGNED_AMO amoadd.d, 4
  MISALIGNED_AMO amoxor.d, 2
  MISALIGNED_AMO amoand.w, 3
  MISALIGNED_AMO amoor.d, 6
  MISALIGNED_AMO amomin.w, 2
  MISALIGNED_AMO amomaxu.d, 1
  /* SC: take a reservation on the aligned dword, then SC misaligned */
  CASE
  la a1, buf
  lr.d t0, (a1)
  addi a1, a1, 4
  li a2, -1
  li a0, 0x5a5a
  ARM_TRAP 1f
2:
  sc.d a0, a2, (a1)
1:
  EXPECT_TRAP CAUSE_STORE_MISALIGNED, 2b
  EXPECT_REG s11, a1
  EXPECT a0, 0x5a5a
  CHECK_BUF
  CASE
  la a1, buf
  addi a1, a1, 2
  ARM_TRAP 1f
2:
  sc.w a0, a2, (a1)
1:
  EXPECT_TRAP CAUSE_STORE_MISALIGNED, 2b
  EXPECT_REG s11, a1
  CHECK_BUF
  PASS

  .data
  .balign 16
buf:
  .dword 0x1122334455667788, 0x99aabbccddeeff00

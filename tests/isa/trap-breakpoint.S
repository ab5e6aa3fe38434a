/*
 * trap-breakpoint: EBREAK raises a breakpoint exception (mcause 3;
 * unprivileged spec 2.8, privileged spec 3.1.15-16): mepc = the EBREAK;
 * mtval is 0 or the EBREAK's address. Execution continues after MRET.
 */
#include "uvs_test.h"

/* CHECK_BRK label: mtval (s11) is 0 or the address of label. */
.macro CHECK_BRK label
  beqz s11, .Lcb_ok\@
  EXPECT_ADDR s11, \label
.Lcb_ok\@:
.endm

TEST_MAIN
  CASE
  ARM_TRAP 1f
2:
  ebreak
1:
  EXPECT_TRAP CAUSE_BREAKPOINT, 2b
  CHECK_BRK 2b
  /* twice in a row: each one traps */
  CASE
  li a0, 0
  ARM_TRAP 1f
2:
  ebreak
1:
  EXPECT_TRAP CAUSE_BREAKPOINT, 2b
  ARM_TRAP 3f
4:
  ebreak
3:
  EXPECT_TRAP CAUSE_BREAKPOINT, 4b
  CHECK_BRK 4b
  /* the handler's MRET to mepc + 4 style resume: registers kept */
  CASE
  li a0, 0x77
  ARM_TRAP 1f
  ebreak
1:
  EXPECT a0, 0x77
  EXPECT s9, CAUSE_BREAKPOINT
  PASS

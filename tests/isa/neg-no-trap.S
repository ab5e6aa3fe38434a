/*
 * neg-no-trap: negative control of EXPECT_TRAP. Case 1 arms a trap around
 * an instruction that does not trap (ADD), so EXPECT_TRAP must fail it
 * with status 1.
 */
#include "uvs_test.h"

TEST_MAIN
  CASE
  ARM_TRAP 1f
2:
  add a0, a1, a2
1:
  EXPECT_TRAP CAUSE_ILLEGAL, 2b
  PASS

/*
 * neg-check-fails: negative control of the framework. Cases 1 and 2 hold;
 * case 3 checks a wrong sum on purpose, so the program must end with
 * status 3 (tohost = 7). Proves that EXPECT can fail and that the case
 * number reaches the simulator's exit code.
 */
#include "uvs_test.h"

TEST_MAIN
  OP_RR add, 4, 2, 2
  OP_RR sub, 0, 2, 2
  OP_RR add, 5, 2, 2     /* deliberately wrong: 2 + 2 != 5 */
  PASS

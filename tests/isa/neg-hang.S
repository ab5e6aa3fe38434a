/*
 * neg-hang: negative control of the simulator watchdog: spins without
 * ever writing tohost, so `--max-cycles` must end the run (exit 124).
 */
#include "uvs_test.h"

TEST_MAIN
  CASE
1:
  j 1b

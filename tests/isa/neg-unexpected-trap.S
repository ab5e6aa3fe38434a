/*
 * neg-unexpected-trap: negative control of the trap handler. Case 2 runs
 * an ECALL without ARM_TRAP; the default handler must fail the test with
 * status 2 instead of resuming it.
 */
#include "uvs_test.h"

TEST_MAIN
  OP_RR add, 4, 2, 2
  CASE
  ecall
  PASS

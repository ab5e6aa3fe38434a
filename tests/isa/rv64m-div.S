/*
 * rv64m-div: DIV, DIVU, REM, REMU, DIVW, DIVUW, REMW, REMUW (unprivileged
 * spec 7.2): rounding toward zero, remainder sign = dividend sign, and the
 * defined results of division by zero (quotient all ones, remainder =
 * dividend) and of signed overflow (-2^(L-1) / -1 = -2^(L-1), rem 0).
 */
#include "uvs_test.h"

TEST_MAIN
  OP_RR div, 3, 20, 6
  OP_RR div, -3, -20, 6
  OP_RR div, -3, 20, -6
  OP_RR div, 3, -20, -6
  OP_RR div, 0, 5, 6
  OP_RR div, 0x8000000000000000, 0x8000000000000000, -1  /* overflow */
  OP_RR div, -1, 20, 0                                    /* by zero */
  OP_RR div, -1, 0x8000000000000000, 0
  OP_RR divu, 3, 20, 6
  OP_RR divu, 0x2aaaaaaaaaaaaaa7, -20, 6
  OP_RR divu, 0, 20, -6
  OP_RR divu, 0xffffffffffffffff, 20, 0                   /* by zero */
  OP_RR divu, 0xffffffffffffffff, 0, 0
  OP_RR divu, 1, 0x8000000000000000, 0x8000000000000000
  OP_RR rem, 2, 20, 6
  OP_RR rem, -2, -20, 6
  OP_RR rem, 2, 20, -6
  OP_RR rem, -2, -20, -6
  OP_RR rem, 0, 0x8000000000000000, -1                    /* overflow */
  OP_RR rem, 20, 20, 0                                    /* by zero: dividend */
  OP_RR rem, -20, -20, 0
  OP_RR remu, 2, 20, 6
  OP_RR remu, 2, -20, 6           /* (2^64-20) mod 6 = 2 */
  OP_RR remu, 20, 20, -6
  OP_RR remu, 20, 20, 0
  OP_RR remu, -20, -20, 0
  OP_RR_SAME div, 1, -7
  OP_RR_RD1 rem, 1, 7, 3
  OP_RR_RD2 divu, 2, 7, 3
  /* W forms: 32-bit operands (upper bits ignored), sign-extended results */
  OP_RR divw, 3, 20, 6
  OP_RR divw, -3, -20, 6
  OP_RR divw, 0xffffffff80000000, 0x80000000, -1          /* overflow */
  OP_RR divw, -1, 20, 0                                   /* by zero */
  OP_RR divw, -1, 0x1234567800000014, 0x1234567800000000  /* low word 0 = by zero */
  OP_RR divw, 3, 0x1111111100000014, 0xffffffff00000006
  OP_RR divuw, 3, 20, 6
  OP_RR divuw, 0x000000002aaaaaa7, 0xffffffffffffffec, 6   /* (2^32-20)/6 */
  OP_RR divuw, 0xffffffffffffffff, 20, 0                  /* by zero: 2^32-1 sign-extended */
  OP_RR divuw, 0xffffffff80000000, 0x80000000, 1            /* result bit 31 sign-extends */
  OP_RR remw, 2, 20, 6
  OP_RR remw, -2, -20, 6
  OP_RR remw, 0, 0x80000000, -1                           /* overflow */
  OP_RR remw, 0xffffffff80000000, 0x80000000, 0           /* by zero: sext(dividend) */
  OP_RR remw, 0x14, 0xffffffff00000014, 0
  OP_RR remuw, 2, 20, 6
  OP_RR remuw, 0xfffffffffffffffe, 0x0000000ffffffffe, 0xffffffff /* 0xfffffffe, sign-extended */
  OP_RR remuw, 0xffffffff80000000, 0x80000000, 0          /* by zero: sext(dividend) */
  OP_RR remuw, 2, 0xfffffffe, 0x100000003 /* rs2 low = 3: 0xfffffffe mod 3 = 2 */
  PASS

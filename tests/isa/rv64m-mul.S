/*
 * rv64m-mul: MUL, MULH, MULHSU, MULHU, MULW (unprivileged spec 7.1, M
 * extension): low and high halves of the 128-bit product for each
 * signedness, and the sign-extended 32-bit MULW.
 */
#include "uvs_test.h"

TEST_MAIN
  OP_RR mul, 0, 0, 0
  OP_RR mul, 6, 2, 3
  OP_RR mul, -6, -2, 3
  OP_RR mul, 6, -2, -3
  OP_RR mul, 0x0000000100000000, 0x10000, 0x10000
  OP_RR mul, 0xfffffffe00000001, 0xffffffff, 0xffffffff
  OP_RR mul, 0x8000000000000000, 0x8000000000000000, 1
  OP_RR mul, 0x8000000000000000, 0x8000000000000000, -1  /* wraps */
  OP_RR mul, 0x35a1df76f0d5adf0, 0x123456789abcdef0, 0xfedcba9876543211
  OP_RR_SAME mul, 0x0000000000000001, -1
  OP_RR_RD1 mul, 21, 3, 7
  OP_RR_RD2 mul, 21, 3, 7
  /* MULH: signed x signed, high 64 bits */
  OP_RR mulh, 0, 2, 3
  OP_RR mulh, -1, -2, 3
  OP_RR mulh, 0, -2, -3
  OP_RR mulh, 0x4000000000000000, 0x8000000000000000, 0x8000000000000000
  OP_RR mulh, 0xc000000000000000, 0x8000000000000000, 0x7fffffffffffffff
  OP_RR mulh, 0x3fffffffffffffff, 0x7fffffffffffffff, 0x7fffffffffffffff
  OP_RR mulh, -1, -1, 1       /* -1: the 128-bit product is all ones */
  OP_RR mulh, 0xffeb49923cc09532, 0x123456789abcdef0, 0xfedcba9876543211
  /* MULHU: unsigned x unsigned */
  OP_RR mulhu, 0xfffffffffffffffe, -1, -1
  OP_RR mulhu, 0, -1, 1
  OP_RR mulhu, 0x4000000000000000, 0x8000000000000000, 0x8000000000000000
  OP_RR mulhu, 0x121fa00ad77d7422, 0x123456789abcdef0, 0xfedcba9876543211
  /* MULHSU: signed rs1 x unsigned rs2 */
  OP_RR mulhsu, 0xffffffffffffffff, -1, 1
  OP_RR mulhsu, 0xffffffffffffffff, -1, -1    /* -1 * (2^64-1): high = -1 */
  OP_RR mulhsu, 0xc000000000000000, 0x8000000000000000, 0x8000000000000000
  OP_RR mulhsu, 0x0, 1, -1
  OP_RR mulhsu, 0x7ffffffffffffffe, 0x7fffffffffffffff, -1
  OP_RR mulhsu, 0x121fa00ad77d7422, 0x123456789abcdef0, 0xfedcba9876543211
  /* MULW: low 32 bits of the product of the low words, sign-extended */
  OP_RR mulw, 6, 2, 3
  OP_RR mulw, 0xfffffffffffffffa, -2, 3
  OP_RR mulw, 0xffffffff80000000, 0x10000, 0x8000
  OP_RR mulw, 0x0000000000000001, 0xffffffff, 0xffffffff
  OP_RR mulw, 0x0000000000000006, 0x1234567800000002, 0xabcdef0000000003 /* upper ignored */
  OP_RR mulw, 0x0000000000000000, 0x10000, 0x10000
  PASS

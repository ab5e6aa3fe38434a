/*
 * rv64i-alu: register-register ALU instructions ADD, SUB, AND, OR, XOR,
 * SLT, SLTU (unprivileged spec 2.4.2, RV64: 5.2), including rd == rs1,
 * rd == rs2, rs1 == rs2, x0 as a source and x0 as a destination.
 */
#include "uvs_test.h"

TEST_MAIN
  /* ADD: 64-bit, wraps modulo 2^64, no carry out. */
  OP_RR add, 0, 0, 0
  OP_RR add, 3, 1, 2
  OP_RR add, 0x100000000, 0xffffffff, 1
  OP_RR add, 0x8000000000000000, 0x7fffffffffffffff, 1
  OP_RR add, 0, -1, 1
  OP_RR add, 0xfffffffffffffffe, -1, -1
  OP_RR add, 0x123456789abcdef0, 0x1234567800000000, 0x9abcdef0
  OP_RR_RD1 add, 30, 10, 20
  OP_RR_RD2 add, 31, 10, 21
  OP_RR_SAME add, 0x2468acf13579bde0, 0x123456789abcdef0
  /* SUB */
  OP_RR sub, 0, 5, 5
  OP_RR sub, -1, 0, 1
  OP_RR sub, 0x7fffffffffffffff, 0x8000000000000000, 1
  OP_RR sub, 0xffffffff00000001, 1, 0x100000000
  OP_RR_RD1 sub, 7, 10, 3
  OP_RR_RD2 sub, -7, 3, 10
  OP_RR_SAME sub, 0, 0x5555aaaa5555aaaa
  /* AND, OR, XOR */
  OP_RR and, 0x0f0f00f000000f0f, 0xff0f00ff00ff0fff, 0x0f0ff0f0f0000f0f
  OP_RR or,  0xff0ff0fff0ff0fff, 0xff0f00ff00ff0fff, 0x0f0ff0f0f0000f0f
  OP_RR xor, 0xf000f00ff0ff00f0, 0xff0f00ff00ff0fff, 0x0f0ff0f0f0000f0f
  OP_RR_SAME and, 0x8421000000001248, 0x8421000000001248
  OP_RR_SAME or,  0x8421000000001248, 0x8421000000001248
  OP_RR_SAME xor, 0, 0x8421000000001248
  /* SLT (signed) and SLTU (unsigned) */
  OP_RR slt, 1, -1, 0
  OP_RR slt, 0, 0, -1
  OP_RR slt, 0, 5, 5
  OP_RR slt, 1, 0x8000000000000000, 0x7fffffffffffffff
  OP_RR slt, 0, 0x7fffffffffffffff, 0x8000000000000000
  OP_RR sltu, 0, -1, 0
  OP_RR sltu, 1, 0, -1
  OP_RR sltu, 0, 5, 5
  OP_RR sltu, 0, 0x8000000000000000, 0x7fffffffffffffff
  OP_RR sltu, 1, 0x7fffffffffffffff, 0x8000000000000000
  OP_RR_SAME slt, 0, -3
  OP_RR_SAME sltu, 0, -3

  /* x0 reads as zero; writes to x0 are discarded. */
  CASE
  li a1, 0x1234
  add a0, x0, a1
  EXPECT a0, 0x1234
  CASE
  li a1, 0x1234
  sub a0, a1, x0
  EXPECT a0, 0x1234
  CASE
  sltu a0, x0, x0
  EXPECT a0, 0
  CASE
  li a1, 11
  li a2, 22
  add x0, a1, a2
  EXPECT x0, 0
  mv a0, x0
  EXPECT a0, 0
  CASE
  li a1, -1
  xor zero, a1, a1
  or zero, a1, a1
  sltu a0, zero, a1     /* 0 < -1 unsigned only if x0 is still 0 */
  EXPECT a0, 1
  PASS

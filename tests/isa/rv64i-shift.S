/*
 * rv64i-shift: 64-bit shifts SLL, SRL, SRA (shift amount = rs2[5:0]) and
 * SLLI, SRLI, SRAI (6-bit shamt) (unprivileged spec 5.2.1, 5.2.2).
 */
#include "uvs_test.h"

TEST_MAIN
  OP_RR sll, 0x8000000000000001, 0x8000000000000001, 0
  OP_RR sll, 0x0000000000000002, 0x8000000000000001, 1
  OP_RR sll, 0x0000000100000000, 1, 32
  OP_RR sll, 0x8000000000000000, 1, 63
  OP_RR sll, 0xf0f0f0f0f0f0f000, 0x0f0f0f0f0f0f0f0f, 12
  OP_RR sll, 0x8000000000000000, 1, 0xffffffffffffffff   /* only rs2[5:0] = 63 */
  OP_RR sll, 0x2, 1, 65                                   /* 65 & 63 = 1 */
  OP_RR srl, 0x4000000000000000, 0x8000000000000000, 1
  OP_RR srl, 1, 0x8000000000000000, 63
  OP_RR srl, 0x00000000ffffffff, 0xffffffffffffffff, 32
  OP_RR srl, 0x00f0f0f0f0f0f0f0, 0xf0f0f0f0f0f0f0f0, 8
  OP_RR srl, 0xf0f0f0f0f0f0f0f0, 0xf0f0f0f0f0f0f0f0, 64   /* 64 & 63 = 0 */
  OP_RR sra, 0xc000000000000000, 0x8000000000000000, 1
  OP_RR sra, 0xffffffffffffffff, 0x8000000000000000, 63
  OP_RR sra, 0xfffffffff0f0f0f0, 0xf0f0f0f0f0f0f0f0, 32
  OP_RR sra, 0x0070f0f0f0f0f0f0, 0x70f0f0f0f0f0f0f0, 8
  OP_RR sra, 0x3fffffffffffffff, 0x7fffffffffffffff, 0x41 /* 1 */
  OP_RR_RD1 sll, 0x80, 1, 7
  OP_RR_RD2 srl, 0x1, 0x80, 7
  OP_RR_SAME sll, 0x8000000000000000, 0x3f   /* 0x3f << 63 */
  OP_RI slli, 0x8000000000000000, 1, 63
  OP_RI slli, 0x0000000100000000, 1, 32
  OP_RI slli, 0xfedcba9876543210, 0xfedcba9876543210, 0
  OP_RI slli, 0xdcba987654321000, 0xfedcba9876543210, 8
  OP_RI srli, 1, 0x8000000000000000, 63
  OP_RI srli, 0x00000000fedcba98, 0xfedcba9876543210, 32
  OP_RI srli, 0x7fffffffffffffff, 0xffffffffffffffff, 1
  OP_RI srai, 0xffffffffffffffff, 0x8000000000000000, 63
  OP_RI srai, 0xfffffffffedcba98, 0xfedcba9876543210, 32
  OP_RI srai, 0x0000000000000001, 0x7fffffffffffffff, 62
  OP_RI srai, 0xfedcba9876543210, 0xfedcba9876543210, 0
  OP_RI_SAME srli, 0x0123456789abcdef, 0x123456789abcdef0, 4
  PASS

/*
 * rv64i-imm: register-immediate ALU instructions ADDI, ANDI, ORI, XORI,
 * SLTI, SLTIU with their sign-extended 12-bit immediate (unprivileged spec
 * 2.4.1, RV64: 5.2), including NOP/MV and writes to x0.
 */
#include "uvs_test.h"

TEST_MAIN
  OP_RI addi, 0, 0, 0
  OP_RI addi, 2047, 0, 2047
  OP_RI addi, -2048, 0, -2048
  OP_RI addi, 0x80000000, 0x7fffffff, 1
  OP_RI addi, 0x7fffffffffffffff, 0x8000000000000000, -1
  OP_RI addi, 0, -1, 1
  OP_RI addi, 0xffffffff, 0x100000000, -1
  OP_RI_SAME addi, 0x1000, 0x1800, -2048
  /* ANDI/ORI/XORI: the immediate is sign-extended to 64 bits. */
  OP_RI andi, 0x00000000000007f0, 0x00ff00ff00ff0ff0, 0x7f0
  OP_RI andi, 0x00ff00ff00ff0800, 0x00ff00ff00ff0ff0, -2048
  OP_RI ori,  0x00ff00ff00ff0ff5, 0x00ff00ff00ff0ff0, 5
  OP_RI ori,  0xffffffffffffff0f, 0x000000000000000f, -256
  OP_RI xori, 0xff00ff00ff00f00f, 0x00ff00ff00ff0ff0, -1
  OP_RI xori, 0x00ff00ff00ff08f0, 0x00ff00ff00ff0ff0, 0x700
  OP_RI_SAME xori, 0, 0x555, 0x555
  /* SLTI (signed) / SLTIU (immediate sign-extended, then unsigned compare) */
  OP_RI slti, 1, -2, -1
  OP_RI slti, 0, -1, -1
  OP_RI slti, 0, 0, -2048
  OP_RI slti, 1, 0x8000000000000000, 0
  OP_RI slti, 1, 2046, 2047
  OP_RI sltiu, 1, 0, 1
  OP_RI sltiu, 0, 1, 1
  OP_RI sltiu, 1, 0x7fffffffffffffff, -1   /* imm -1 = 2^64-1 unsigned */
  OP_RI sltiu, 0, -1, -1
  OP_RI sltiu, 1, 2046, 2047
  OP_RI sltiu, 0, 0x8000000000000000, 2047
  /* SEQZ alias: sltiu rd, rs, 1 */
  OP_RI sltiu, 1, 0, 1

  /* Writes to x0 are discarded. */
  CASE
  addi x0, x0, 5
  EXPECT x0, 0
  CASE
  li a1, 7
  ori zero, a1, 0
  addi a0, zero, 3
  EXPECT a0, 3
  PASS

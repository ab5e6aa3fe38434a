/*
 * csr-ops: the Zicsr instructions CSRRW, CSRRS, CSRRC, CSRRWI, CSRRSI,
 * CSRRCI (unprivileged spec chapter "Zicsr") on mscratch: old value to rd,
 * write/set/clear semantics, 5-bit zero-extended immediates, rd = x0, and
 * rs1 = x0 / uimm = 0 meaning "no write".
 */
#include "uvs_test.h"

TEST_MAIN
  CASE
  li a1, 0x0123456789abcdef
  csrw mscratch, a1
  csrr a0, mscratch
  EXPECT a0, 0x0123456789abcdef
  CASE
  li a1, -1
  csrrw a0, mscratch, a1          /* swap */
  EXPECT a0, 0x0123456789abcdef
  csrr a0, mscratch
  EXPECT a0, -1
  CASE
  li a1, 0xff00
  csrrc a0, mscratch, a1
  EXPECT a0, -1
  csrr a0, mscratch
  EXPECT a0, 0xffffffffffff00ff
  CASE
  csrw mscratch, zero
  li a1, 0x8000000000000001
  csrrs a0, mscratch, a1
  EXPECT a0, 0
  csrr a0, mscratch
  EXPECT a0, 0x8000000000000001
  CASE
  csrrwi a0, mscratch, 31         /* uimm zero-extended: 31, not -1 */
  EXPECT a0, 0x8000000000000001
  csrr a0, mscratch
  EXPECT a0, 31
  CASE
  csrrci a0, mscratch, 0x15
  EXPECT a0, 31
  csrr a0, mscratch
  EXPECT a0, 0x0a
  CASE
  csrrsi a0, mscratch, 0x10
  EXPECT a0, 0x0a
  csrr a0, mscratch
  EXPECT a0, 0x1a
  /* rs1 = x0 / uimm = 0: read only, no write */
  CASE
  csrrs a0, mscratch, x0
  csrrc a0, mscratch, x0
  csrrsi a0, mscratch, 0
  csrrci a0, mscratch, 0
  EXPECT a0, 0x1a
  csrr a0, mscratch
  EXPECT a0, 0x1a
  /* a non-x0 register holding zero does write (value unchanged) */
  CASE
  li a1, 0
  csrrs a0, mscratch, a1
  EXPECT a0, 0x1a
  /* CSRRW with rs1 = x0 writes zero */
  CASE
  csrrw a0, mscratch, x0
  EXPECT a0, 0x1a
  csrr a0, mscratch
  EXPECT a0, 0
  /* rd = x0: write happens, x0 stays 0 */
  CASE
  li a1, 0x55
  csrrw x0, mscratch, a1
  EXPECT x0, 0
  csrr a0, mscratch
  EXPECT a0, 0x55
  /* rd == rs1: rd gets the old value, CSR gets the old rs1 */
  CASE
  li a1, 0x66
  csrrw a1, mscratch, a1
  EXPECT a1, 0x55
  csrr a0, mscratch
  EXPECT a0, 0x66
  /* back-to-back: read-after-write of the CSR and of rd */
  CASE
  li a1, 7
  csrw mscratch, a1
  csrrsi a0, mscratch, 8
  csrrci a2, mscratch, 1
  addi a3, a2, 1
  EXPECT a0, 7
  EXPECT a2, 15
  EXPECT a3, 16
  csrr a0, mscratch
  EXPECT a0, 14
  PASS

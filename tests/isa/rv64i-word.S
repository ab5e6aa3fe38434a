/*
 * rv64i-word: RV64I 32-bit "W" instructions ADDW, SUBW, SLLW, SRLW, SRAW,
 * ADDIW, SLLIW, SRLIW, SRAIW (unprivileged spec 5.2.1, 5.2.2): they ignore
 * the upper 32 bits of their sources and sign-extend the 32-bit result.
 */
#include "uvs_test.h"

TEST_MAIN
  OP_RR addw, 3, 1, 2
  OP_RR addw, 0xffffffff80000000, 0x7fffffff, 1             /* overflow wraps, sign-extends */
  OP_RR addw, 0, 0xffffffff, 1
  OP_RR addw, 0x0000000012345679, 0xaaaaaaaa12345678, 0x5555555500000001 /* upper bits ignored */
  OP_RR addw, 0xfffffffffffffffe, 0xffffffff, 0x00000000ffffffff
  OP_RR subw, 0xffffffffffffffff, 0, 1
  OP_RR subw, 0x000000007fffffff, 0x80000000, 1
  OP_RR subw, 0xffffffff80000000, 0x123400000000, 0x80000000
  OP_RR sllw, 0xffffffff80000000, 1, 31
  OP_RR sllw, 0x0000000000000001, 1, 32                      /* rs2[4:0] = 0 */
  OP_RR sllw, 0x0000000012345678, 0xabcdef0012345678, 0
  OP_RR sllw, 0x0000000034567800, 0x0000000012345678, 8
  OP_RR srlw, 0x0000000000000001, 0x80000000, 31
  OP_RR srlw, 0x0000000040000000, 0xffffffff80000000, 1     /* zero fill from bit 31 */
  OP_RR srlw, 0xffffffff80000000, 0x1234567880000000, 32    /* shift 0: result sign-extended */
  OP_RR srlw, 0x0000000000ffffff, 0xffffffffffffffff, 8
  OP_RR sraw, 0xffffffffc0000000, 0x80000000, 1
  OP_RR sraw, 0xffffffffffffffff, 0x80000000, 31
  OP_RR sraw, 0x000000003fffffff, 0xffffffff7fffffff, 1     /* bit 31 is the sign, not 63 */
  OP_RR sraw, 0xffffffffffff8000, 0x80000000, 0x30          /* 48 & 31 = 16 */
  OP_RR_SAME addw, 0xfffffffffffffffe, 0x7fffffffffffffff
  OP_RI addiw, 0xffffffff80000000, 0x7fffffff, 1
  OP_RI addiw, 0x000000007fffffff, 0x80000000, -1
  OP_RI addiw, 0, 0x1234567800000000, 0
  OP_RI addiw, 0xffffffffffffffff, 0x00000000ffffffff, 0       /* sext.w */
  OP_RI addiw, 0xfffffffff00007ff, 0xfffffffff0000000, 0x7ff
  OP_RI slliw, 0xffffffff80000000, 1, 31
  OP_RI slliw, 0x0000000000000000, 0x100000000, 4
  OP_RI slliw, 0xfffffffff0000000, 0x000000000f000000, 4
  OP_RI srliw, 0x0000000000000001, 0xffffffff80000000, 31
  OP_RI srliw, 0xffffffff80000000, 0xffffffff80000000, 0
  OP_RI srliw, 0x000000000fffffff, 0x12345678ffffffff, 4
  OP_RI sraiw, 0xffffffffffffffff, 0x80000000, 31
  OP_RI sraiw, 0xfffffffff8000000, 0x0000000080000000, 4
  OP_RI sraiw, 0x0000000007ffffff, 0xffffffff7fffffff, 4
  OP_RI_SAME slliw, 0x0000000000000100, 0xffffffff00000001, 8
  PASS

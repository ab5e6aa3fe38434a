/*
 * csr-machine: machine-mode CSRs (privileged spec chapter 3): misa (MXL=2,
 * I, M, A, C, S, U), read-only ID CSRs (mvendorid, marchid, mimpid, mhartid = 0,
 * read with rs1 = x0), mstatus WARL fields (MPP holds M, S or U; 2 is not
 * kept; MIE, MPIE writable), mtvec, mepc (bit 0 reads 0 with IALIGN = 16),
 * mcause, mtval, mie writability, and an MRET to an odd mepc.
 */
#include "uvs_test.h"

TEST_MAIN
  /* misa: MXL = 2 (64-bit) in bits 63:62; I, M, A, C, S, U present. */
  CASE
  csrr a0, misa
  srli a1, a0, 62
  EXPECT a1, 2
  CASE
  li t0, (1 << 8) | (1 << 12) | (1 << 0) | (1 << 20) | (1 << 2) | (1 << 18) /* I M A U C S */
  and a1, a0, t0
  EXPECT_REG a1, t0
  CASE
  li t0, (1 << 5) | (1 << 3) | (1 << 7) | (1 << 21)   /* no F, D, H, V */
  and a1, a0, t0
  EXPECT a1, 0
  /* ID CSRs: readable (values are implementation-defined) */
  CASE
  ARM_TRAP 1f
  csrr a0, mvendorid
  csrr a0, marchid
  csrr a0, mimpid
  csrr a0, mhartid
1:
  EXPECT_NO_TRAP
  EXPECT a0, 0                      /* hart 0 runs the tests */
  /* mstatus.MPP: WARL, M (3), S (1) and U (0) legal; 2 not. */
  CASE
  li t0, MSTATUS_MPP
  csrs mstatus, t0
  csrr a0, mstatus
  and a0, a0, t0
  EXPECT a0, MSTATUS_MPP
  CASE
  csrc mstatus, t0
  csrr a0, mstatus
  and a0, a0, t0
  EXPECT a0, 0
  CASE
  li t1, 0x0800                     /* MPP = 1 (S) */
  csrs mstatus, t1
  csrr a0, mstatus
  and a0, a0, t0
  EXPECT a0, 0x0800
  csrc mstatus, t0
  li t1, 0x1000                     /* MPP = 2: reserved */
  csrs mstatus, t1
  csrr a0, mstatus
  and a0, a0, t0
  EXPECT_NOT a0, 0x1000
  /* MIE / MPIE read back what was written */
  CASE
  csrsi mstatus, MSTATUS_MIE
  csrr a0, mstatus
  andi a0, a0, MSTATUS_MIE
  csrci mstatus, MSTATUS_MIE
  EXPECT a0, MSTATUS_MIE
  csrr a0, mstatus
  andi a0, a0, MSTATUS_MIE
  EXPECT a0, 0
  CASE
  li t0, MSTATUS_MPIE
  csrs mstatus, t0
  csrr a0, mstatus
  and a0, a0, t0
  EXPECT a0, MSTATUS_MPIE
  csrc mstatus, t0
  csrr a0, mstatus
  and a0, a0, t0
  EXPECT a0, 0
  /* mscratch: full 64 bits */
  CASE
  li a1, 0xa5a5a5a55a5a5a5a
  csrw mscratch, a1
  csrr a0, mscratch
  EXPECT a0, 0xa5a5a5a55a5a5a5a
  /* mepc: bit 0 always reads 0 (IALIGN = 16, C present) */
  CASE
  li a1, 0x80001237
  csrw mepc, a1
  csrr a0, mepc
  EXPECT a0, 0x80001236
  CASE
  li a1, -1
  csrw mepc, a1
  csrr a0, mepc
  EXPECT a0, 0xfffffffffffffffe
  /* mtvec: direct mode base round trip */
  CASE
  csrr s5, mtvec
  la a1, uvs_trap_vector
  EXPECT_REG s5, a1
  li a1, 0x80000100
  csrw mtvec, a1
  csrr a0, mtvec
  csrw mtvec, s5
  EXPECT a0, 0x80000100
  /* mcause and mtval are read/write */
  CASE
  li a1, 0x8000000000000007
  csrw mcause, a1
  csrr a0, mcause
  EXPECT a0, 0x8000000000000007
  li a1, 0x123456789
  csrw mtval, a1
  csrr a0, mtval
  EXPECT a0, 0x123456789
  /* mie: MSIE, MTIE, MEIE writable */
  CASE
  li a1, MIP_MSIP | MIP_MTIP | MIP_MEIP
  csrw mie, a1
  csrr a0, mie
  csrw mie, zero
  and a0, a0, a1
  EXPECT_REG a0, a1
  csrr a0, mie
  EXPECT a0, 0
  /* MRET to a mepc written odd lands on the even address below. */
  CASE
  la a1, 2f
  addi a1, a1, 1
  csrw mepc, a1
  li t0, MSTATUS_MPP
  csrs mstatus, t0
  ARM_TRAP 1f
  mret
  FAIL
  .balign 8
2:
  j 1f
  FAIL
1:
  EXPECT_NO_TRAP
  /* MRET sets MIE = MPIE and MPIE = 1 (privileged spec 3.3.2). */
  CASE
  li t0, MSTATUS_MPIE
  csrc mstatus, t0                  /* MPIE = 0: MRET leaves MIE = 0 */
  li t0, MSTATUS_MPP
  csrs mstatus, t0
  la a1, 3f
  csrw mepc, a1
  mret
3:
  csrr a0, mstatus
  andi a1, a0, MSTATUS_MIE
  EXPECT a1, 0
  li t0, MSTATUS_MPIE
  and a1, a0, t0
  EXPECT a1, MSTATUS_MPIE
  PASS

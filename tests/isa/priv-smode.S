/*
 * priv-smode: S mode (privileged spec v1.12 ch. 3 and 4): MRET to S, ECALL
 * from S (mcause 9) and U (8), SRET from M to S and from S to U with the
 * sstatus bits it moves (SIE <- SPIE, SPIE <- 1, SPP <- U), CSR access
 * from the wrong mode (S -> M CSR, U -> S CSR: illegal), MRET in S, SRET,
 * SFENCE.VMA and WFI in U (illegal), mstatus.TSR, TW and TVM, WFI in S
 * completing on a locally pending interrupt, satp (Bare only: another MODE
 * leaves it unchanged, 4.1.11), sstatus as a restricted view of mstatus
 * (4.1.1), senvcfg/menvcfg (read-only 0), MRET clearing MPRV.
 */
#include "uvs_test.h"

/* S_ILLEGAL text...: new case; `text` run in S mode traps to M, cause 2. */
.macro S_ILLEGAL text:vararg
  CASE
  ARM_TRAP .Lsi_resume\@
  ENTER_S .Lsi_insn\@
.Lsi_insn\@:
  \text
  ecall                 /* reached only if `text` did not trap */
.Lsi_resume\@:
  EXPECT_TRAP CAUSE_ILLEGAL, .Lsi_insn\@
  li t0, MSTATUS_MPP
  and t1, s8, t0
  EXPECT t1, MSTATUS_MPP_S   /* trapped from S */
.endm

/* S_OK text...: new case; `text` runs in S mode without a trap (the ECALL
 * after it is the first trap). */
.macro S_OK text:vararg
  CASE
  ARM_TRAP .Lso_resume\@
  ENTER_S .Lso_insn\@
.Lso_insn\@:
  \text
.Lso_ecall\@:
  ecall
.Lso_resume\@:
  EXPECT_TRAP CAUSE_ECALL_S, .Lso_ecall\@
.endm

/* U_ILLEGAL text...: new case; `text` run in U mode traps to M, cause 2. */
.macro U_ILLEGAL text:vararg
  CASE
  ARM_TRAP .Lui_resume\@
  ENTER_U .Lui_insn\@
.Lui_insn\@:
  \text
  ecall
.Lui_resume\@:
  EXPECT_TRAP CAUSE_ILLEGAL, .Lui_insn\@
  li t0, MSTATUS_MPP
  and t1, s8, t0
  EXPECT t1, 0
.endm

TEST_MAIN
  SETUP_S
  /* ECALL from S: mcause 9, MPP = S */
  CASE
  li a1, 1
  ARM_TRAP 1f
  ENTER_S 2f
2:
  addi a1, a1, 41
3:
  ecall
1:
  EXPECT_TRAP CAUSE_ECALL_S, 3b
  EXPECT a1, 42
  li t0, MSTATUS_MPP
  and t1, s8, t0
  EXPECT t1, MSTATUS_MPP_S
  /* SRET from M to S: SIE <- SPIE (1), SPIE <- 1, SPP <- U */
  CASE
  la t0, 2f
  csrw sepc, t0
  li t0, MSTATUS_SPP | MSTATUS_SPIE
  csrs mstatus, t0
  csrci mstatus, MSTATUS_SIE
  sret
  FAIL
2:
  csrr a0, sstatus                    /* legal: we are in S */
  BACK_TO_M
  EXPECT s9, CAUSE_ECALL_S
  andi a1, a0, MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP
  EXPECT a1, MSTATUS_SIE | MSTATUS_SPIE
  csrci sstatus, MSTATUS_SIE
  /* SRET from S to U, ECALL from U: mcause 8 */
  CASE
  ARM_TRAP 1f
  ENTER_S 2f
2:
  ENTER_U_FROM_S 3f
3:
  ecall
1:
  EXPECT_TRAP CAUSE_ECALL_U, 3b
  /* S-mode CSRs work in S: sscratch, sepc (bit 0 reads 0), stval */
  CASE
  ENTER_S 2f
2:
  li t0, 0x1234
  csrw sscratch, t0
  csrr a0, sscratch
  li t0, 0x80000007
  csrw sepc, t0
  csrr a1, sepc
  BACK_TO_M
  EXPECT a0, 0x1234
  EXPECT a1, 0x80000006
  /* M CSRs and MRET from S: illegal */
  S_ILLEGAL csrr a0, mstatus
  S_ILLEGAL csrw mscratch, a0
  S_ILLEGAL csrr a0, mhartid
  S_ILLEGAL csrr a0, medeleg
  S_ILLEGAL csrr a0, mcycle
  S_ILLEGAL csrr a0, CSR_MENVCFG
  S_ILLEGAL mret
  /* S CSRs, SRET, SFENCE.VMA, WFI from U: illegal (S mode exists) */
  U_ILLEGAL csrr a0, sstatus
  U_ILLEGAL csrw stvec, a0
  U_ILLEGAL csrr a0, satp
  U_ILLEGAL csrr a0, sscratch
  U_ILLEGAL csrr a0, sip
  U_ILLEGAL sret
  U_ILLEGAL sfence.vma
  U_ILLEGAL wfi
  /* TSR: SRET in S illegal; without TSR it is legal */
  li t0, MSTATUS_TSR
  csrs mstatus, t0
  S_ILLEGAL sret
  li t0, MSTATUS_TSR
  csrc mstatus, t0
  /* TW: WFI in S illegal */
  li t0, MSTATUS_TW
  csrs mstatus, t0
  S_ILLEGAL wfi
  li t0, MSTATUS_TW
  csrc mstatus, t0
  /* TVM: SFENCE.VMA and satp in S illegal */
  li t0, MSTATUS_TVM
  csrs mstatus, t0
  S_ILLEGAL sfence.vma
  S_ILLEGAL sfence.vma a0, a1
  S_ILLEGAL csrr a0, satp
  S_ILLEGAL csrw satp, zero
  li t0, MSTATUS_TVM
  csrc mstatus, t0
  /* without TVM/TW: SFENCE.VMA, satp in S; WFI in S returns when an
   * interrupt is pending in mip & mie (here SSIP, delegated, SIE = 0:
   * not taken) */
  S_OK sfence.vma
  S_OK sfence.vma a0, zero
  S_OK csrr a0, satp
  li t0, MIP_SSIP
  csrw mideleg, t0
  csrw mie, t0
  csrw mip, t0
  csrci mstatus, MSTATUS_SIE
  S_OK wfi
  csrw mip, zero
  csrw mie, zero
  csrw mideleg, zero
  /* SRET in S (SPP = S): back to the same mode */
  CASE
  ARM_TRAP 1f
  ENTER_S 2f
2:
  li t0, MSTATUS_SPP
  csrs sstatus, t0
  la t0, 3f
  csrw sepc, t0
  sret
  FAIL
3:
  ecall
1:
  EXPECT_TRAP CAUSE_ECALL_S, 3b
  /* SFENCE.VMA in M: no-op */
  CASE
  ARM_TRAP 1f
  sfence.vma
1:
  EXPECT_NO_TRAP
  /* satp: Bare reads 0; an Sv39 write (unsupported) changes nothing */
  CASE
  csrw satp, zero
  li t0, (8 << 60) | 0x80123
  csrw satp, t0
  csrr a0, satp
  EXPECT a0, 0
  /* sstatus: view of mstatus (SIE, SPIE, SPP, SUM, MXR; UXL = 2) */
  CASE
  csrw mstatus, zero
  li t0, -1
  csrw sstatus, t0
  csrr a0, mstatus
  csrr a1, sstatus
  csrw mstatus, zero
  li t0, MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP | MSTATUS_SUM | MSTATUS_MXR
  li t1, (2 << 32) | (2 << 34)
  or t1, t1, t0
  EXPECT_REG a0, t1
  li t1, (2 << 32)
  or t1, t1, t0
  EXPECT_REG a1, t1
  CASE                                /* M-only bits are invisible in sstatus */
  li t0, MSTATUS_MIE | MSTATUS_MPIE | MSTATUS_MPP | MSTATUS_MPRV | MSTATUS_TVM | MSTATUS_TW | MSTATUS_TSR
  csrw mstatus, t0
  csrr a0, mstatus
  csrr a1, sstatus
  csrw mstatus, zero
  li t1, (2 << 32) | (2 << 34)
  or t1, t1, t0
  EXPECT_REG a0, t1
  EXPECT a1, (2 << 32)
  /* senvcfg, menvcfg: exist, fields read-only 0 */
  CASE
  li t0, -1
  csrw CSR_MENVCFG, t0
  csrr a0, CSR_MENVCFG
  EXPECT a0, 0
  S_OK csrw CSR_SENVCFG, t0; csrr a0, CSR_SENVCFG
  EXPECT a0, 0
  /* MRET to S clears MPRV; MRET to M keeps it */
  CASE
  li t0, MSTATUS_MPRV
  csrs mstatus, t0
  ENTER_S 2f
2:
  BACK_TO_M
  csrr a0, mstatus
  li t0, MSTATUS_MPRV
  and a0, a0, t0
  EXPECT a0, 0
  PASS

/*
 * priv-umode: U mode (privileged spec 3.1.6.1, 3.3.2): MRET with MPP = U
 * enters U mode at mepc; in U mode, machine CSRs and MRET are illegal
 * (mcause 2) and ECALL (mcause 8) returns to M mode with MPP = U;
 * mcounteren.CY/TM/IR gate the cycle, time and instret CSRs in U mode
 * (scounteren is all ones here; csr-smode tests the two together).
 */
#include "uvs_test.h"

/* U_ILLEGAL text...: new case; `text` run in U mode must trap with cause 2. */
.macro U_ILLEGAL text:vararg
  CASE
  ARM_TRAP .Lui_resume\@
  ENTER_U .Lui_insn\@
.Lui_insn\@:
  \text
  ecall                 /* reached only if `text` did not trap */
.Lui_resume\@:
  EXPECT_TRAP CAUSE_ILLEGAL, .Lui_insn\@
  li t0, MSTATUS_MPP
  and t1, s8, t0
  EXPECT t1, 0           /* trapped from U */
.endm

/* U_READ csr: new case; `csrr a0, csr` in U mode must not trap (it ends
 * with an ECALL from U). */
.macro U_READ csr
  CASE
  li a0, -1
  ARM_TRAP .Lur_resume\@
  ENTER_U .Lur_insn\@
.Lur_insn\@:
  csrr a0, \csr
.Lur_ecall\@:
  ecall
.Lur_resume\@:
  EXPECT_TRAP CAUSE_ECALL_U, .Lur_ecall\@
.endm

TEST_MAIN
  /* 1: MRET to U mode and back with ECALL; registers flow both ways */
  CASE
  li a1, 20
  ARM_TRAP 1f
  ENTER_U 2f
2:
  addi a1, a1, 22
3:
  ecall
1:
  EXPECT_TRAP CAUSE_ECALL_U, 3b
  EXPECT a1, 42
  /* after the trap, MIE = 0 and MPIE = 0 as the handler left them; we are
   * in M mode: an M-mode CSR is accessible */
  csrr a0, mscratch
  /* machine CSRs from U mode */
  U_ILLEGAL csrr a0, mstatus
  U_ILLEGAL csrw mscratch, a0
  U_ILLEGAL csrr a0, mhartid
  U_ILLEGAL csrr a0, mcycle
  U_ILLEGAL csrs mie, a0
  U_ILLEGAL csrr a0, mepc
  /* MRET from U mode */
  U_ILLEGAL mret
  /* mcounteren gating: all clear -> cycle/time/instret illegal in U */
  CASE
  li t0, -1
  csrw scounteren, t0
  csrw mcounteren, zero
  csrr a0, mcounteren
  EXPECT a0, 0
  U_ILLEGAL csrr a0, cycle
  U_ILLEGAL csrr a0, time
  U_ILLEGAL csrr a0, instret
  /* CY only */
  CASE
  csrwi mcounteren, 1
  csrr a0, mcounteren
  EXPECT a0, 1
  U_READ cycle
  U_ILLEGAL csrr a0, time
  U_ILLEGAL csrr a0, instret
  /* TM only */
  CASE
  csrwi mcounteren, 2
  U_ILLEGAL csrr a0, cycle
  U_READ time
  U_ILLEGAL csrr a0, instret
  /* IR only; instret read from U counts like in M */
  CASE
  csrwi mcounteren, 4
  U_ILLEGAL csrr a0, cycle
  U_ILLEGAL csrr a0, time
  U_READ instret
  EXPECT_NOT a0, -1
  /* all three */
  CASE
  csrwi mcounteren, 7
  csrr a0, mcounteren
  EXPECT a0, 7
  U_READ cycle
  U_READ time
  U_READ instret
  csrw mcounteren, zero
  csrw scounteren, zero
  /* U-mode loads/stores to SRAM work */
  CASE
  la a1, word
  ARM_TRAP 1f
  ENTER_U 2f
2:
  ld a0, 0(a1)
  addi a0, a0, 1
  sd a0, 0(a1)
3:
  ecall
1:
  EXPECT_TRAP CAUSE_ECALL_U, 3b
  ld a0, 0(a1)
  EXPECT a0, 0x101
  PASS

  .data
  .balign 8
word:
  .dword 0x100

/*
 * priv-sdeleg: exception delegation to S (privileged spec v1.12 3.1.8,
 * 4.1.1): medeleg holds causes 0-9, 12, 13, 15 (11 read-only 0), mideleg
 * only SSI, STI, SEI. Each delegable exception that can occur here (1-9;
 * cause 0 cannot with IALIGN = 16), raised in S (or U for cause 8) with
 * only its medeleg bit set, goes to stvec with scause, sepc, stval set,
 * SPP = the trapping mode and nothing in the M-mode CSRs; raised in M it
 * still goes to M; raised in U without its bit it goes to M.
 */
#include "uvs_test.h"

/* S_DELEG cause, text...: new case; medeleg = 1 << cause; `text` run in S
 * traps to S with that scause and sepc = text; the S handler resumes in S
 * and an ECALL (or, for cause 9, an illegal M CSR read) returns to M.
 * stval is left in s5 for the caller to check. */
.macro S_DELEG cause, text:vararg
  CASE
  li t0, 1 << \cause
  csrw medeleg, t0
  ENTER_S .Lsd_s\@
.Lsd_s\@:
  ARM_STRAP .Lsd_resume\@
.Lsd_insn\@:
  \text
  FAIL
.Lsd_resume\@:
  EXPECT_STRAP \cause, .Lsd_insn\@
  andi t0, s2, MSTATUS_SPP
  EXPECT t0, MSTATUS_SPP              /* trapped from S */
  .if \cause == CAUSE_ECALL_S
  ARM_TRAP .Lsd_m\@
  csrr t0, mscratch
.Lsd_m\@:
  li s6, 0
  EXPECT s9, CAUSE_ILLEGAL
  .else
  BACK_TO_M
  EXPECT s9, CAUSE_ECALL_S
  .endif
  csrw medeleg, zero
.endm

TEST_MAIN
  SETUP_S
  /* medeleg / mideleg writable bits */
  CASE
  li t0, -1
  csrw medeleg, t0
  csrr a0, medeleg
  csrw medeleg, zero
  EXPECT a0, 0xb3ff
  CASE
  li t0, -1
  csrw mideleg, t0
  csrr a0, mideleg
  csrw mideleg, zero
  EXPECT a0, 0x222
  /* 1: instruction access fault: sepc = stval = the unmapped target */
  CASE
  li t0, 1 << CAUSE_FETCH_ACCESS
  csrw medeleg, t0
  li a1, UNMAPPED_ADDR
  ENTER_S 2f
2:
  ARM_STRAP 1f
  jr a1
1:
  li s6, 0
  EXPECT s3, CAUSE_FETCH_ACCESS
  EXPECT_REG s4, a1
  EXPECT_REG s5, a1
  EXPECT s9, -1
  BACK_TO_M
  EXPECT s9, CAUSE_ECALL_S
  csrw medeleg, zero
  /* 2: illegal instruction: stval = the instruction bits */
  S_DELEG CAUSE_ILLEGAL, csrr a0, mstatus
  li t0, 0x30002573
  EXPECT_REG s5, t0
  /* 3: breakpoint: stval = pc */
  S_DELEG CAUSE_BREAKPOINT, ebreak
  EXPECT_REG s5, s4
  /* 4: load address misaligned */
  la a1, data + 1
  S_DELEG CAUSE_LOAD_MISALIGNED, ld a0, 0(a1)
  EXPECT_REG s5, a1
  /* 5: load access fault */
  li a1, UNMAPPED_ADDR
  S_DELEG CAUSE_LOAD_ACCESS, ld a0, 0(a1)
  EXPECT_REG s5, a1
  /* 6: store/AMO address misaligned */
  la a1, data + 2
  S_DELEG CAUSE_STORE_MISALIGNED, sw a0, 0(a1)
  EXPECT_REG s5, a1
  /* 7: store/AMO access fault */
  li a1, UNMAPPED_ADDR
  S_DELEG CAUSE_STORE_ACCESS, sd a0, 0(a1)
  EXPECT_REG s5, a1
  /* 9: ECALL from S handled in S */
  S_DELEG CAUSE_ECALL_S, ecall
  /* 8: ECALL from U handled in S: SPP = U */
  CASE
  li t0, 1 << CAUSE_ECALL_U
  csrw medeleg, t0
  ENTER_S 2f
2:
  ARM_STRAP 1f
  ENTER_U_FROM_S 3f
3:
  ecall
1:
  EXPECT_STRAP CAUSE_ECALL_U, 3b
  andi t0, s2, MSTATUS_SPP
  EXPECT t0, 0                        /* trapped from U */
  BACK_TO_M                           /* ECALL from S: not delegated */
  EXPECT s9, CAUSE_ECALL_S
  csrw medeleg, zero
  /* a delegated cause raised in M goes to M */
  CASE
  li t0, 1 << CAUSE_ILLEGAL
  csrw medeleg, t0
  ARM_STRAP 1f
2:
  .word 0xffffffff
1:
  EXPECT_TRAP CAUSE_ILLEGAL, 2b
  EXPECT s3, -1
  csrw medeleg, zero
  /* not delegated: from U to M */
  CASE
  li t0, 1 << CAUSE_BREAKPOINT
  csrw medeleg, t0
  ARM_STRAP 1f
  ENTER_U 2f
2:
  .word 0xffffffff
1:
  EXPECT_TRAP CAUSE_ILLEGAL, 2b
  EXPECT s3, -1
  csrw medeleg, zero
  PASS

  .data
  .balign 8
data:
  .dword 0

/*
 * csr-hpm: programmable performance counters (privileged spec v1.12
 * 3.1.10-3.1.13, Zihpm; events in include/uvmsoc/hpm.def):
 * mhpmcounter3..10 count the event their mhpmevent selects (loads, stores,
 * taken branches/jumps, traps, data-wait (HBM loads), fetch-wait (none
 * from SRAM) and multiply/divide-wait cycles, compressed instructions,
 * fetch requests) and are writable; mhpmevent is
 * WARL (an unknown event reads 0); mcountinhibit bits 3..10 stop them;
 * counters 11..31 and their events read 0 and ignore writes; the SoC
 * events (hpm_ext_i) are not connected yet and never count. Access from
 * S needs the mcounteren bit, from U the mcounteren and scounteren bits
 * (3.1.11, 4.1.5), for cycle/time/instret and hpmcounterN alike.
 */
#include <uvmsoc/hpm.h>
#include "uvs_test.h"

/* COUNT n, event: mhpmcounter<n> = 0 counting `event`. */
.macro COUNT n, event
  csrw mhpmevent\n, zero
  csrw mhpmcounter\n, zero
  li t0, \event
  csrw mhpmevent\n, t0
.endm

/* S_READ csr / S_NOREAD csr: `csrr a0, csr` in S mode works / is illegal. */
.macro S_READ csr
  CASE
  ARM_TRAP .Lsr_resume\@
  ENTER_S .Lsr_insn\@
.Lsr_insn\@:
  csrr a0, \csr
.Lsr_ecall\@:
  ecall
.Lsr_resume\@:
  EXPECT_TRAP CAUSE_ECALL_S, .Lsr_ecall\@
.endm
.macro S_NOREAD csr
  CASE
  ARM_TRAP .Lsn_resume\@
  ENTER_S .Lsn_insn\@
.Lsn_insn\@:
  csrr a0, \csr
  ecall
.Lsn_resume\@:
  EXPECT_TRAP CAUSE_ILLEGAL, .Lsn_insn\@
.endm
/* U_READ csr / U_NOREAD csr: the same in U mode. */
.macro U_READ csr
  CASE
  ARM_TRAP .Lur_resume\@
  ENTER_U .Lur_insn\@
.Lur_insn\@:
  csrr a0, \csr
.Lur_ecall\@:
  ecall
.Lur_resume\@:
  EXPECT_TRAP CAUSE_ECALL_U, .Lur_ecall\@
.endm
.macro U_NOREAD csr
  CASE
  ARM_TRAP .Lun_resume\@
  ENTER_U .Lun_insn\@
.Lun_insn\@:
  csrr a0, \csr
  ecall
.Lun_resume\@:
  EXPECT_TRAP CAUSE_ILLEGAL, .Lun_insn\@
.endm

TEST_MAIN
  /* counters 3..10 hold what is written while their event is 0 */
  CASE
  csrw mhpmevent3, zero
  csrw mhpmevent10, zero
  li t0, 0x123456789a
  csrw mhpmcounter3, t0
  csrw mhpmcounter10, t0
  nop
  csrr a0, mhpmcounter3
  csrr a1, mhpmcounter10
  csrr a2, hpmcounter3                /* the unprivileged alias */
  EXPECT a0, 0x123456789a
  EXPECT a1, 0x123456789a
  EXPECT a2, 0x123456789a
  /* 11..31: read-only zero (writes ignored) */
  CASE
  li t0, -1
  csrw mhpmcounter11, t0
  csrw mhpmevent11, t0
  csrw mhpmcounter31, t0
  csrr a0, mhpmcounter11
  csrr a1, mhpmevent11
  csrr a2, hpmcounter31
  EXPECT a0, 0
  EXPECT a1, 0
  EXPECT a2, 0
  /* mhpmevent WARL: known events kept, others read 0 */
  CASE
  li t0, UVS_HPM_EV_RVC
  csrw mhpmevent4, t0
  csrr a0, mhpmevent4
  EXPECT a0, UVS_HPM_EV_RVC
  li t0, UVS_HPM_EV_COUNT
  csrw mhpmevent4, t0
  csrr a0, mhpmevent4
  EXPECT a0, 0
  /* mcountinhibit: CY, IR, HPM3..10 writable, TM and 11..31 not */
  CASE
  li t0, -1
  csrw CSR_MCOUNTINHIBIT, t0
  csrr a0, CSR_MCOUNTINHIBIT
  csrw CSR_MCOUNTINHIBIT, zero
  EXPECT a0, 0x7fd
  /* loads: exactly the 10 of the loop; stores: exactly 5 */
  CASE
  la a1, data
  COUNT 3, UVS_HPM_EV_LOAD
  COUNT 4, UVS_HPM_EV_STORE
  li a2, 10
1:
  ld a3, 0(a1)
  addi a2, a2, -1
  bnez a2, 1b
  sd a3, 8(a1)
  sw a3, 8(a1)
  sh a3, 8(a1)
  sb a3, 8(a1)
  amoadd.d a3, a3, (a1)
  csrr a0, mhpmcounter3
  csrr a4, mhpmcounter4
  EXPECT a0, 10
  EXPECT a4, 5
  /* the load loop also moved mcycle and minstret */
  CASE
  csrr a5, mcycle
  csrr a6, minstret
  li a2, 10
1:
  ld a3, 0(a1)
  addi a2, a2, -1
  bnez a2, 1b
  csrr a0, mcycle
  csrr a4, minstret
  sub a0, a0, a5
  sub a4, a4, a6
  EXPECT a4, 33                       /* csrr minstret, li, 30 in the loop, csrr mcycle */
  sltiu a0, a0, 31
  EXPECT a0, 0                        /* at least one cycle each */
  /* taken branches and jumps: 4 taken, 1 not taken, 1 JAL, 1 JALR */
  CASE
  COUNT 5, UVS_HPM_EV_TAKEN
  li a2, 5
1:
  addi a2, a2, -1
  bnez a2, 1b
  jal ra, 2f
2:
  la t0, 3f
  jalr zero, 0(t0)
3:
  csrr a0, mhpmcounter5
  EXPECT a0, 6
  /* traps: three ECALLs */
  CASE
  COUNT 6, UVS_HPM_EV_TRAP
  ARM_TRAP 1f
  ecall
1:
  ARM_TRAP 1f
  ecall
1:
  ARM_TRAP 1f
  ecall
1:
  csrr a0, mhpmcounter6
  EXPECT a0, 3
  /* multiply/divide wait cycles: a 64-bit DIV waits > 16 cycles */
  CASE
  COUNT 7, UVS_HPM_EV_MULDIV_BUSY
  li a2, 1000000
  li a3, 7
  div a4, a2, a3
  csrr a0, mhpmcounter7
  sltiu a0, a0, 17
  EXPECT a0, 0
  EXPECT a4, 142857
  /* compressed instructions: 4 C.NOPs */
  CASE
  COUNT 8, UVS_HPM_EV_RVC
  .half 0x0001
  .half 0x0001
  .half 0x0001
  .half 0x0001
  csrr a0, mhpmcounter8
  EXPECT a0, 4
  /* fetch requests: 16 C.NOPs in 4 aligned words need 4 (the held word
   * serves the rest); the csrr pair adds at most 3 */
  CASE
  COUNT 9, UVS_HPM_EV_FETCH
  j 1f
  .balign 8
1:
  .rept 16
  .half 0x0001
  .endr
  csrr a0, mhpmcounter9
  sltiu a0, a0, 8
  EXPECT a0, 1
  /* data-wait cycles: two HBM loads (the manifest runs this with
   * --hbm-latency 20) wait; SRAM and MMIO answer without a wait */
  CASE
  COUNT 10, UVS_HPM_EV_DATA_WAIT
  li a2, CLINT_MTIME
  ld a3, 0(a2)
  ld a3, 0(a1)
  csrr a0, mhpmcounter10
  EXPECT a0, 0
  li a2, UVS_HBM_BASE
  ld a3, 0(a2)
  ld a3, 8(a2)
  csrr a0, mhpmcounter10
  sltiu a0, a0, 2 * 19
  EXPECT a0, 0
  /* fetch-wait cycles: none from SRAM (one-cycle answers) */
  CASE
  COUNT 10, UVS_HPM_EV_FETCH_WAIT
  nop
  j 1f
1:
  ld a3, 0(a1)
  csrr a0, mhpmcounter10
  EXPECT a0, 0
  /* SoC events: not connected, never count */
  CASE
  COUNT 3, UVS_HPM_EV_EXT0
  COUNT 4, UVS_HPM_EV_EXT1
  ld a3, 0(a1)
  csrr a0, mhpmcounter3
  csrr a2, mhpmcounter4
  EXPECT a0, 0
  EXPECT a2, 0
  /* mcountinhibit bit 3 stops mhpmcounter3; clearing it restarts it */
  CASE
  COUNT 3, UVS_HPM_EV_LOAD
  csrwi CSR_MCOUNTINHIBIT, 8
  ld a3, 0(a1)
  ld a3, 0(a1)
  csrr a0, mhpmcounter3
  csrwi CSR_MCOUNTINHIBIT, 0
  ld a3, 0(a1)
  csrr a2, mhpmcounter3
  EXPECT a0, 0
  EXPECT a2, 1
  csrw mhpmevent3, zero
  csrw mhpmevent4, zero
  csrw mhpmevent5, zero
  csrw mhpmevent6, zero
  csrw mhpmevent7, zero
  csrw mhpmevent8, zero
  csrw mhpmevent9, zero
  csrw mhpmevent10, zero
  /* access rules: S needs mcounteren, U also scounteren */
  csrw mcounteren, zero
  csrw scounteren, zero
  S_NOREAD cycle
  S_NOREAD time
  S_NOREAD instret
  S_NOREAD hpmcounter3
  S_NOREAD hpmcounter10
  U_NOREAD cycle
  li t0, -1
  csrw scounteren, t0
  U_NOREAD cycle                      /* scounteren alone is not enough */
  U_NOREAD hpmcounter3
  li t0, (1 << 0) | (1 << 3)
  csrw mcounteren, t0
  csrw scounteren, zero
  S_READ cycle
  S_READ hpmcounter3
  S_NOREAD instret
  S_NOREAD hpmcounter4
  U_NOREAD cycle                      /* mcounteren alone is not enough */
  li t0, (1 << 0) | (1 << 3)
  csrw scounteren, t0
  U_READ cycle
  U_READ hpmcounter3
  U_NOREAD hpmcounter4
  li t0, -1
  csrw mcounteren, t0
  csrw scounteren, t0
  S_READ time
  U_READ instret
  U_READ hpmcounter31
  /* scounteren holds 32 bits; S may write it */
  CASE
  csrr a0, scounteren
  EXPECT a0, 0xffffffff
  csrw mcounteren, zero
  csrw scounteren, zero
  PASS

  .data
  .balign 8
data:
  .dword 3
  .dword 0

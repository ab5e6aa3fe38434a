/*
 * crt.S - start-up, trap handler and result reporting of the ISA tests.
 *
 * Linked in front of every test (lib/link.ld puts .text.init first, at
 * 0x8000_0000 = the ELF entry the boot ROM jumps to; architecture.md "Boot
 * flow"). See uvs_test.h for the register conventions.
 */
#include "uvs_test.h"

#define STACK_SHIFT 10 /* 1 KiB of stack per hart */

  .section .text.init, "ax", @progbits
  .globl _start
/*
 * _start: every hart arrives here in M mode (a0 = hart id, a1 = DTB).
 * Sets sp to the hart's own stack, mtvec to uvs_trap_vector, interrupts off.
 * Hart 0 runs uvs_main; other harts run uvs_secondary if the test defines it
 * (multi-hart tests), else they park in a WFI loop.
 */
_start:
  csrr t0, mhartid
  li t1, UVS_MAX_HARTS
  bgeu t0, t1, uvs_park
  la sp, uvs_stacks
  addi t1, t0, 1
  slli t1, t1, STACK_SHIFT
  add sp, sp, t1
  la t1, uvs_trap_vector
  csrw mtvec, t1
  csrw mie, zero
  csrci mstatus, MSTATUS_MIE
  li gp, 0
  /* If PMP is implemented, let U mode access everything (pmpaddr0 = all
   * ones, pmpcfg0 = NAPOT|X|W|R; privileged spec 3.7); if the PMP CSRs do
   * not exist, the armed trap skips this. */
  la s6, 2f
  li t1, -1
  csrw pmpaddr0, t1
  li t1, 0x1f
  csrw pmpcfg0, t1
2:
  li s6, 0
  bnez t0, 1f
  j uvs_main
1:
  la t1, uvs_secondary_ptr
  ld t1, 0(t1)
  beqz t1, uvs_park
  jr t1

/* uvs_park: idle loop of harts a test does not use. */
uvs_park:
  wfi
  j uvs_park

  .text
/*
 * uvs_trap_vector: the default M-mode trap handler (mtvec direct mode).
 * If a trap was armed (s6 != 0): records mstatus, mcause, mepc, mtval in
 * s8..s11, clears s6 and resumes at the armed address in M mode with
 * interrupts disabled. Otherwise fails the current case.
 */
  .balign 4
  .globl uvs_trap_vector
uvs_trap_vector:
  csrrw t6, mscratch, t6
  csrr s8, mstatus
  csrr s9, mcause
  csrr s10, mepc
  csrr s11, mtval
  beqz s6, uvs_unexpected
  csrw mepc, s6
  li s6, 0
  li t6, MSTATUS_MPP_M
  csrs mstatus, t6
  li t6, MSTATUS_MPIE
  csrc mstatus, t6
  csrrw t6, mscratch, t6
  mret
uvs_unexpected:
  csrrw t6, mscratch, t6
  j uvs_fail

/* uvs_pass: store 1 to tohost (test passed), then spin. */
  .globl uvs_pass
uvs_pass:
  fence
  li t5, 1
  la t6, tohost
  sd t5, 0(t6)
1:
  j 1b

/* uvs_fail: store (gp << 1) | 1 to tohost (gp = 0 reports 119), then spin. */
  .globl uvs_fail
uvs_fail:
  fence
  mv t5, gp
  bnez t5, 1f
  li t5, 119
1:
  slli t5, t5, 1
  ori t5, t5, 1
  la t6, tohost
  sd t5, 0(t6)
2:
  j 2b

/* Entry of secondary harts; 0 unless the test defines uvs_secondary. */
  .data
  .balign 8
  .weak uvs_secondary
uvs_secondary_ptr:
  .dword uvs_secondary

/* HTIF mailbox watched by the simulator (8-byte tohost, own section). */
  .section .tohost, "aw", @progbits
  .balign 8
  .globl tohost
  .type tohost, @object
  .size tohost, 8
tohost:
  .dword 0
/* fromhost: HTIF's reply word; unused here, present for HTIF hosts. */
  .globl fromhost
  .type fromhost, @object
  .size fromhost, 8
fromhost:
  .dword 0

  .bss
  .balign 16
uvs_stacks:
  .skip (UVS_MAX_HARTS + 1) << STACK_SHIFT

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
 * Sets sp to the hart's own stack (indexed by a0), mtvec to uvs_trap_vector,
 * interrupts off; a0 and a1 are passed on unchanged.
 * Hart 0 runs uvs_main; other harts run uvs_secondary if the test defines it
 * (multi-hart tests), else they park in a WFI loop.
 */
_start:
  mv t0, a0                /* hart id from the boot ROM (boot contract) */
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
  li s4, 1
  j uvs_fail_any

/*
 * uvs_strap_vector: the S-mode handler of delegated traps (stvec direct
 * mode, set by SETUP_S). If a trap was armed: records sstatus, scause,
 * sepc, stval in s2..s5, clears s6 and resumes at the armed address in S
 * mode (SPP = S, SPIE = 0, SRET). Otherwise fails the current case with
 * the S-mode CSRs in the report's mcause/mepc/mtval fields.
 */
  .balign 4
  .globl uvs_strap_vector
uvs_strap_vector:
  csrrw t6, sscratch, t6
  csrr s2, sstatus
  csrr s3, scause
  csrr s4, sepc
  csrr s5, stval
  beqz s6, uvs_sunexpected
  csrw sepc, s6
  li s6, 0
  li t6, MSTATUS_SPP
  csrs sstatus, t6
  li t6, MSTATUS_SPIE
  csrc sstatus, t6
  csrrw t6, sscratch, t6
  sret
uvs_sunexpected:
  csrrw t6, sscratch, t6
  mv s9, s3
  mv s10, s4
  mv s11, s5
  li s4, 1
  j uvs_fail_any

/* uvs_pass: store 1 to tohost (test passed), then spin. */
  .globl uvs_pass
uvs_pass:
  fence
  li t5, 1
  la t6, tohost
  sd t5, 0(t6)
1:
  j 1b

/*
 * uvs_fail: report failure of case gp. First prints one line on the UART,
 * "uvs: FAIL case=<gp> got=<t5> want=<t6> mcause=<s9> mepc=<s10>
 * mtval=<s11>" (hex; got/want from the failing EXPECT, the trap CSRs of
 * the last trap, -1 if none; "unexpected trap:" instead of got/want when
 * the handler found no armed trap), then stores (gp << 1) | 1 to tohost
 * (gp = 0 reports 119) and spins. If printing itself traps, the second
 * pass skips it.
 */
  .globl uvs_fail
uvs_fail:
  li s4, 0
uvs_fail_any:
  mv s2, t5
  mv s3, t6
  la a1, uvs_failing
  ld a2, 0(a1)
  bnez a2, uvs_fail_report
  li a2, 1
  sd a2, 0(a1)
  la a0, msg_case
  call uvs_puts
  mv a0, gp
  call uvs_puthex
  beqz s4, 3f
  la a0, msg_unexpected
  call uvs_puts
  j 4f
3:
  la a0, msg_got
  call uvs_puts
  mv a0, s2
  call uvs_puthex
  la a0, msg_want
  call uvs_puts
  mv a0, s3
  call uvs_puthex
4:
  la a0, msg_mcause
  call uvs_puts
  mv a0, s9
  call uvs_puthex
  la a0, msg_mepc
  call uvs_puts
  mv a0, s10
  call uvs_puthex
  la a0, msg_mtval
  call uvs_puts
  mv a0, s11
  call uvs_puthex
  li a0, '\n'
  call uvs_putc
uvs_fail_report:
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

/* uvs_putc: write byte a0 to UART0 THR once LSR.THRE (bit 5) is set
 * (16550 datasheet: LSR at +5); gives up after POLL_LIMIT polls.
 * Clobbers a5..a7. */
uvs_putc:
  li a5, UVS_UART0_BASE
  li a6, POLL_LIMIT
1:
  lbu a7, 5(a5)
  andi a7, a7, 0x20
  bnez a7, 2f
  addi a6, a6, -1
  bnez a6, 1b
2:
  sb a0, 0(a5)
  ret

/* uvs_puts: write the NUL-terminated string at a0. Clobbers a0, a3..a7. */
uvs_puts:
  mv a4, ra
  mv a3, a0
1:
  lbu a0, 0(a3)
  beqz a0, 2f
  call uvs_putc
  addi a3, a3, 1
  j 1b
2:
  mv ra, a4
  ret

/* uvs_puthex: write a0 as "0x" and 16 hex digits. Clobbers a0..a7. */
uvs_puthex:
  mv a4, ra
  mv a1, a0
  li a0, '0'
  call uvs_putc
  li a0, 'x'
  call uvs_putc
  li a2, 60
1:
  srl a0, a1, a2
  andi a0, a0, 0xf
  li a3, 10
  blt a0, a3, 2f
  addi a0, a0, 'a' - '0' - 10
2:
  addi a0, a0, '0'
  call uvs_putc
  addi a2, a2, -4
  bgez a2, 1b
  mv ra, a4
  ret

  .section .rodata
msg_case:   .asciz "uvs: FAIL case="
msg_got:    .asciz " got="
msg_unexpected: .asciz " unexpected trap:"
msg_want:   .asciz " want="
msg_mcause: .asciz " mcause="
msg_mepc:   .asciz " mepc="
msg_mtval:  .asciz " mtval="

  .data
  .balign 8
uvs_failing:
  .dword 0

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

/*
 * harness_linux.S - Linux user-mode harness of the differential test, run
 * by qemu-riscv64 as a static program (U mode, no libc).
 *
 * _start runs the generated body, which sets every register itself and ends
 * in difftest_report; the signature goes to standard output with write(2)
 * and the program ends with exit(2) (RISC-V Linux syscall numbers 64, 93,
 * a7 = number, a0..a2 = arguments, a0 = result).
 */
#include "difftest.h"

#define SYS_write        64
#define SYS_exit         93
#define SYS_sigaltstack  132
#define SYS_rt_sigaction 134
#define SIGILL           4
#define SA_SIGINFO       4
#define SA_ONSTACK       0x08000000
#define UC_PC            176 /* ucontext: uc_mcontext (16-aligned after the
                                128-byte sigmask area) starts with sc_regs.pc */

/* _start: installs dt_sigill for SIGILL on its own stack (the body's sp is
 * random), then runs the body; exit(2) if either call fails. */
  .section .text.init, "ax", @progbits
  .globl _start
_start:
  la a0, dt_sigstack_desc
  li a1, 0
  li a7, SYS_sigaltstack
  ecall
  bnez a0, 1f
  li a0, SIGILL
  la a1, dt_sigaction
  li a2, 0
  li a3, 8 /* sizeof(sigset_t) */
  li a7, SYS_rt_sigaction
  ecall
  bnez a0, 1f
  j difftest_body
1:
  li a0, 2
  li a7, SYS_exit
  ecall

/* dt_sigill(sig, info, ucontext): like the bare harness's handler for
 * mcause 2: log the pc, count the trap, resume at pc + 4; the kernel (QEMU)
 * restores every register from the ucontext on return. */
dt_sigill:
  ld t0, UC_PC(a2)
  la t1, dt_save + DT_NTRAPS_OFF
  ld t2, 0(t1)
  addi t2, t2, 1
  sd t2, 0(t1)
  addi t2, t2, -1 - DT_TRAP_MAX
  bgez t2, 1f
  addi t2, t2, DT_TRAP_MAX
  slli t2, t2, 3
  add t2, t2, t1
  sd t0, DT_TRAPPC_OFF - DT_NTRAPS_OFF(t2)
1:
  addi t0, t0, 4
  sd t0, UC_PC(a2)
  ret

  .text
/* difftest_report: the body's end (DT_EPILOGUE saved the registers). */
  .globl difftest_report
difftest_report:
  la sp, dt_stack_top
  call dt_dump
  li a0, DT_EXIT_OK
  li a7, SYS_exit
  ecall

/* dt_write(buf, len): write(1, ...) until every byte is out; exit(1) if
 * write fails. */
  .globl dt_write
dt_write:
  mv a2, a1
  mv a1, a0
1:
  beqz a2, 2f
  li a0, 1
  li a7, SYS_write
  ecall
  blez a0, 3f
  add a1, a1, a0
  sub a2, a2, a0
  j 1b
2:
  ret
3:
  li a0, 1
  li a7, SYS_exit
  ecall

  .data
  .balign 8
/* struct sigaction (asm-generic: handler, flags, mask; no restorer). */
dt_sigaction:
  .dword dt_sigill
  .dword SA_SIGINFO | SA_ONSTACK
  .dword 0
/* stack_t: ss_sp, ss_flags, ss_size. */
dt_sigstack_desc:
  .dword dt_sigstack
  .word 0, 0
  .dword 16384

  .bss
  .balign 16
  .skip 4096
dt_stack_top:

/* The SIGILL handler's stack, far from the addresses a body computes (its
 * region +- a few KiB): were the body's random sp inside it, Linux and QEMU
 * would build the signal frame below that sp, past the stack's start, and
 * kill the program (seed 20713 of 5,000 instructions had sp = region + 5.5
 * KiB when this stack followed dt_stack_top). link.ld places .dt.sigstack. */
  .section .dt.sigstack, "aw", @nobits
  .balign 16
dt_sigstack:
  .skip 16384

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

#define SYS_write 64
#define SYS_exit  93

  .section .text.init, "ax", @progbits
  .globl _start
_start:
  j difftest_body

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

  .bss
  .balign 16
  .skip 4096
dt_stack_top:

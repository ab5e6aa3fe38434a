/*
 * crt.S - entry and exit of the uvs_mt_core test programs (mt_test.h).
 */
#include "mt_test.h"

  .section .text.init, "ax", @progbits
  .globl _start
/* _start: s0 = global thread index (a0), s1 = threads (a1); run mt_main. */
_start:
  mv s0, a0
  mv s1, a1
  j mt_main

  .text
/* mt_exit: end the thread with status a0 (kernel exit call). */
  .globl mt_exit
mt_exit:
  li a7, UVS_KERNEL_ECALL_EXIT
  ecall
1:
  j 1b

/*
 * crt-isa.S - runs a tests/isa/ program unchanged as a U-mode thread of
 * uvs_mt_core: _start enters its uvs_main; its PASS (uvs_pass) and failing
 * checks (uvs_fail, case number in gp) end the thread by the kernel exit
 * ECALL with status 0 or the case number (119 outside any case), the
 * statuses tests/isa/lib/uvs_test.h defines for tohost.
 */
#include <uvmsoc/kernel.h>

  .section .text.init, "ax", @progbits
  .globl _start
_start:
  li gp, 0
  j uvs_main

  .text
  .globl uvs_pass
uvs_pass:
  li a0, 0
  j 1f
  .globl uvs_fail
uvs_fail:
  mv a0, gp
  bnez a0, 1f
  li a0, 119
1:
  li a7, UVS_KERNEL_ECALL_EXIT
  ecall
2:
  j 2b

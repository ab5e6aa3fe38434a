/*
 * rv64c-straddle: 32-bit instructions whose upper half lies in the next
 * aligned 8-byte word (at byte 6 of a word), reached sequentially after
 * compressed code (lower half in the held word) and as jump and branch
 * targets (both halves fetched); ALU, load, store, branch, JAL, CSR,
 * illegal (mtval = all 32 bits, mepc = its first byte) and ECALL there.
 * Also a 32-bit instruction whose upper half would be fetched from past
 * the end of populated SRAM: instruction access fault with mepc = the
 * instruction and mtval = the address of the missing half (privileged spec
 * 3.1.16). Unprivileged spec 20191213 sec. 1.5 and 16.1 (IALIGN = 16).
 */
#include "uvs_test.h"

/* AT6: pad with C.NOPs so that the next instruction starts at byte 6 of an
 * aligned 8-byte word. */
.macro AT6
  .balign 8
  c.nop
  c.nop
  c.nop
.endm

#define SRAM_END (UVS_SRAM_BASE + UVS_SRAM_MIN_SIZE)  /* populated SRAM of the base configuration */

TEST_MAIN
  /* 1: sequential: ALU ops straddling, after compressed code */
  CASE
  li a0, 5
  li a1, 0x1234
  AT6
  .option push
  .option norvc
  add a0, a0, a1
  .option pop
  AT6
  .option push
  .option norvc
  addi a0, a0, 0x100
  .option pop
  EXPECT a0, 0x1339
  /* 2: load and store straddling */
  CASE
  la a2, word
  li a3, 0x77
  AT6
  .option push
  .option norvc
  sd a3, 0(a2)
  .option pop
  AT6
  .option push
  .option norvc
  ld a4, 0(a2)
  .option pop
  EXPECT a4, 0x77
  /* 3: jump to a straddling instruction (both halves fetched) */
  CASE
  li a0, 0
  j 1f
  AT6
1:
  .option push
  .option norvc
  addi a0, a0, 9
  .option pop
  EXPECT a0, 9
  /* 4: straddling taken branch, and not taken */
  CASE
  li a0, 1
  AT6
  .option push
  .option norvc
  bnez a0, 1f
  .option pop
  FAIL
1:
  AT6
  .option push
  .option norvc
  beqz a0, 2f
  .option pop
  c.j 3f
2:
  FAIL
3:
  /* 5: straddling JAL: link = its pc + 4 */
  CASE
  AT6
2:
  .option push
  .option norvc
  jal ra, 1f
  .option pop
  FAIL
1:
  la t0, 2b
  addi t0, t0, 4
  EXPECT_REG ra, t0
  /* 6: straddling CSR instruction */
  CASE
  li a0, 0x5a
  csrw mscratch, a0
  AT6
  .option push
  .option norvc
  csrrw a1, mscratch, zero
  .option pop
  EXPECT a1, 0x5a
  /* 7: straddling illegal instruction: mtval = the 32 bits */
  CASE
  ARM_TRAP 1f
  AT6
2:
  .word 0x0000500f                    /* MISC-MEM funct3 = 101: illegal */
1:
  EXPECT_TRAP CAUSE_ILLEGAL, 2b
  EXPECT s11, 0x0000500f
  /* 8: straddling ECALL */
  CASE
  ARM_TRAP 1f
  AT6
2:
  .option push
  .option norvc
  ecall
  .option pop
1:
  EXPECT_TRAP CAUSE_ECALL_M, 2b
  /* 9: upper half past the end of SRAM: fetch access fault, mtval = the
   * missing half's address. The last halfword of SRAM gets the lower half
   * of an ADDI (the DTB area, unused by the tests). */
  CASE
  li a1, SRAM_END - 2
  li a2, 0x0513                       /* addi a0, zero, ... lower half */
  sh a2, 0(a1)
  fence.i
  ARM_TRAP 1f
  jr a1
1:
  li s6, 0
  EXPECT s9, CAUSE_FETCH_ACCESS
  EXPECT s10, SRAM_END - 2
  EXPECT s11, SRAM_END
  PASS

  .data
  .balign 8
word:
  .dword 0

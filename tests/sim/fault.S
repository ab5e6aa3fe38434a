/*
 * Bus-error test (RV64IA + Zicsr): accesses that the SoC answers with a bus
 * error must trap with the access-fault cause (privileged spec 3.1.15,
 * mcause 1 instruction, 5 load, 7 store/AMO access fault). The trap handler
 * stores mcause in s10 and resumes at s11. Check n failing ends the program
 * with status n (tohost = 2n + 1).
 */
#include <uvmsoc/memmap.h>

/* EXPECT n, cause: fail with status n unless the last trap had this cause */
.macro EXPECT n, cause
    li      t6, \cause
    li      a7, \n
    bne     s10, t6, fail
    li      s10, -1
.endm

    .section .text
    .globl _start
_start:
    bnez    a0, park
    la      t0, handler
    csrw    mtvec, t0
    li      s10, -1
    la      s11, 1f                 /* load from a reserved region: error responder */
    li      t0, UVS_DMA_BASE            /* (reserved without a host link) */
    ld      t1, 0(t0)
1:  EXPECT  1, 5
    la      s11, 1f                 /* store to an unmapped address */
    li      t0, 0x20000000
    sd      zero, 0(t0)
1:  EXPECT  2, 7
    la      s11, 1f                 /* load past the populated SRAM: bus error from C */
    li      t0, UVS_SRAM_BASE + UVS_SRAM_SIZE - 8
    ld      t1, 0(t0)
1:  EXPECT  3, 5
    la      s11, 1f                 /* AMO to MMIO: error responder */
    li      t0, UVS_CLINT_BASE
    amoadd.w t1, zero, (t0)
1:  EXPECT  4, 7
    la      s11, 1f                 /* store to the boot ROM */
    li      t0, UVS_BOOTROM_BASE
    sd      zero, 0(t0)
1:  EXPECT  5, 7
    la      s11, 1f                 /* fetch from MMIO */
    li      t0, UVS_CLINT_BASE
    jr      t0
1:  EXPECT  6, 1
    la      t0, tohost
    li      t1, 1
    sd      t1, 0(t0)
park:
    j       park
fail:
    slli    a7, a7, 1
    addi    a7, a7, 1
    la      t0, tohost
    sd      a7, 0(t0)
    j       park

    .balign 4
handler:
    csrr    s10, mcause
    jr      s11

    .section .data
    .balign 8
    .globl tohost
tohost:
    .dword 0

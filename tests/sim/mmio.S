/*
 * MMIO register test (RV64I): checks the UART (16550 registers, THRE
 * interrupt identification in IIR) and the CLINT (msip, 32- and 64-bit
 * mtimecmp access, mtime counting) through loads and stores. Check number
 * n failing ends the program with status n (tohost = 2n + 1).
 */
#include <uvmsoc/memmap.h>

/* CHECK n, reg, value: fail with status n unless reg == value */
.macro CHECK n, reg, value
    li      t6, \value
    li      a7, \n
    bne     \reg, t6, fail
.endm

    .section .text
    .globl _start
_start:
    bnez    a0, park
    li      s0, UVS_UART0_BASE
    lbu     t0, 5(s0)               /* LSR: THRE | TEMT, no data */
    CHECK   1, t0, 0x60
    lbu     t0, 2(s0)               /* IIR: no interrupt */
    CHECK   2, t0, 0x01
    li      t1, 0x5a                /* SCR read/write */
    sb      t1, 7(s0)
    lbu     t0, 7(s0)
    CHECK   3, t0, 0x5a
    li      t1, 0x83                /* LCR: DLAB = 1, 8N1 */
    sb      t1, 3(s0)
    li      t1, 0x12
    sb      t1, 0(s0)               /* DLL */
    li      t1, 0x34
    sb      t1, 1(s0)               /* DLM */
    lhu     t0, 0(s0)               /* both latches in one 16-bit load */
    CHECK   4, t0, 0x3412
    li      t1, 0x03                /* DLAB = 0 */
    sb      t1, 3(s0)
    lbu     t0, 1(s0)               /* IER, not DLM */
    CHECK   5, t0, 0x00
    li      t1, 0x01                /* FCR: FIFOs on */
    sb      t1, 2(s0)
    li      t1, 0x02                /* IER.ETBEI: THR empty raises the interrupt */
    sb      t1, 1(s0)
    lbu     t0, 2(s0)               /* IIR: FIFOs, THRE interrupt */
    CHECK   6, t0, 0xc2
    lbu     t0, 2(s0)               /* reading IIR cleared it */
    CHECK   7, t0, 0xc1
    li      t1, 0x0a                /* THR write: empty again -> pending */
    sb      t1, 0(s0)
    lbu     t0, 2(s0)
    CHECK   8, t0, 0xc2
    sb      zero, 1(s0)             /* IER = 0 */
    li      s1, UVS_CLINT_BASE
    li      t1, 1                   /* msip of hart 0 */
    sw      t1, UVS_CLINT_MSIP_OFF(s1)
    lw      t0, UVS_CLINT_MSIP_OFF(s1)
    CHECK   9, t0, 1
    sw      zero, UVS_CLINT_MSIP_OFF(s1)
    li      t2, UVS_CLINT_MTIMECMP_OFF
    add     t2, s1, t2
    ld      t0, 0(t2)               /* mtimecmp resets to all ones */
    CHECK   10, t0, -1
    li      t1, 0x11223344          /* 32-bit halves */
    sw      t1, 0(t2)
    li      t1, 0x55667788
    sw      t1, 4(t2)
    ld      t0, 0(t2)
    CHECK   11, t0, 0x5566778811223344
    li      t2, UVS_CLINT_MTIME_OFF
    add     t2, s1, t2
    ld      t3, 0(t2)
    li      t4, 2000                /* wait > MTIME_DIV cycles */
1:  addi    t4, t4, -1
    bnez    t4, 1b
    ld      t0, 0(t2)
    li      a7, 12                  /* mtime advanced */
    bgeu    t3, t0, fail
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

    .section .data
    .balign 8
    .globl tohost
tohost:
    .dword 0

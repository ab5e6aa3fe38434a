/*
 * Simulator test program (bare metal, RV64I): hart 0 counts LOOPS iterations
 * of a CPU-bound loop, then stores TOHOST_VALUE to `tohost` (HTIF, see
 * include/uvmsoc/sim.def); other harts park. Built in variants by
 * tests/sim/sim-tests.mk:
 *   -DSPIN              never store: a program that never ends
 *   -DTOHOST_VALUE=v    the value stored (1 pass, odd fail, even bad)
 *   -DLOOPS=n           iterations before the store (default 0)
 *   -DUART_MSG          first print "uart ok\n" on UART0 (16550 THR, LSR.THRE polled)
 * Entry (boot ROM contract): a0 = hart id, a1 = DTB address.
 */
#include <uvmsoc/memmap.h>

#ifndef LOOPS
#define LOOPS 0
#endif

    .section .text
    .globl _start
_start:
    bnez    a0, park
#ifdef UART_MSG
    li      t0, UVS_UART0_BASE
    la      t1, msg
1:  lbu     t2, 0(t1)
    beqz    t2, 3f
2:  lbu     t3, 5(t0)          /* LSR */
    andi    t3, t3, 0x20       /* THRE */
    beqz    t3, 2b
    sb      t2, 0(t0)          /* THR */
    addi    t1, t1, 1
    j       1b
3:
#endif
    li      t0, LOOPS
    beqz    t0, done
loop:
    addi    t0, t0, -1
    bnez    t0, loop
done:
#ifdef SPIN
spin:
    j       spin
#else
    la      t0, tohost
    li      t1, TOHOST_VALUE
    sd      t1, 0(t0)
#endif
park:
    j       park

    .section .rodata
msg:
    .asciz "uart ok\n"

    .section .data
    .balign 8
    .globl tohost
tohost:
    .dword 0
    .globl fromhost
fromhost:
    .dword 0

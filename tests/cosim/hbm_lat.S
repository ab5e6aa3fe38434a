/*
 * HBM from a hart (plain simulator run with --hbm): stores and loads at the
 * start and end of populated HBM return the data, and a load from HBM takes
 * the configured latency: the cycle count (mcycle, privileged spec 3.1.11)
 * around one HBM load must be within [HBM_LAT, HBM_LAT + 40] while one
 * around an SRAM load stays below 40. Built with -DHBM_LAT=N and
 * -DHBM_BYTES=N. Fails with status 1 (data), 2 (HBM too fast or slow),
 * 3 (SRAM slow); passes with tohost = 1.
 */
#include <uvmsoc/memmap.h>

    .section .text
    .globl _start
_start:
    bnez    a0, park
    li      t0, UVS_HBM_BASE
    li      t1, 0x1122334455667788
    sd      t1, 0(t0)
    li      t2, UVS_HBM_BASE + HBM_BYTES - 8
    not     t3, t1
    sd      t3, 0(t2)
    ld      t4, 0(t0)
    ld      t5, 0(t2)
    li      a7, 1
    bne     t4, t1, fail
    bne     t5, t3, fail
    /* one HBM load, timed */
    csrr    s0, mcycle
    ld      t4, 0(t0)
    add     t4, t4, zero
    csrr    s1, mcycle
    sub     s1, s1, s0
    li      a7, 2
    li      t6, HBM_LAT
    bltu    s1, t6, fail
    addi    t6, t6, 40
    bgeu    s1, t6, fail
    /* one SRAM load, timed */
    la      t0, tohost
    csrr    s0, mcycle
    ld      t4, 0(t0)
    add     t4, t4, zero
    csrr    s1, mcycle
    sub     s1, s1, s0
    li      a7, 3
    li      t6, 40
    bgeu    s1, t6, fail
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

/*
 * Multi-hart atomics test (RV64IA): every hart adds 1 to `counter` with
 * amoadd.d and increments `lrsc` with an LR/SC retry loop; hart 0 waits
 * until both equal the hart count NHARTS, then passes through `tohost`.
 * Exercises per-hart memory ports, AMOs and reservations (sim/mem.c).
 * Entry (boot ROM contract): a0 = hart id.
 */
    .section .text
    .globl _start
_start:
    la      t0, counter
    li      t1, 1
    amoadd.d zero, t1, (t0)
    la      t0, lrsc
1:  lr.d    t2, (t0)
    addi    t2, t2, 1
    sc.d    t3, t2, (t0)
    bnez    t3, 1b
    bnez    a0, park
    li      t4, NHARTS
    la      t0, counter
    la      t5, lrsc
2:  ld      t1, 0(t0)
    ld      t2, 0(t5)
    bne     t1, t4, 2b
    bne     t2, t4, 2b
    la      t0, tohost
    li      t1, 1
    sd      t1, 0(t0)
park:
    j       park

    .section .data
    .balign 8
counter:
    .dword 0
lrsc:
    .dword 0
    .globl tohost
tohost:
    .dword 0

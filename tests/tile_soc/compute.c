/*
 * Compute-hart side of the tile-engine SoC test: sleeps in WFI (msip wakes
 * it), performs each request hart 0 posts on its own tile engine
 * (tile.def registers at memmap.def TILE_BASE + hart * TILE_REG_STRIDE) and
 * reports it. A trap is recorded and the instruction skipped, so the
 * request still completes.
 */
#include <stdint.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/tile.h>

#include "tile_soc.h"

struct mbox mbox1;

__attribute__((interrupt("machine"))) static void compute_trap(void)
{
    uint64_t cause, tval, epc;
    __asm__ volatile("csrr %0, mcause" : "=r"(cause));
    __asm__ volatile("csrr %0, mtval" : "=r"(tval));
    __asm__ volatile("csrr %0, mepc" : "=r"(epc));
    mbox1.trap_cause = cause;
    mbox1.trap_tval = tval;
    mbox1.ntraps = mbox1.ntraps + 1;
    __asm__ volatile("csrw mepc, %0" ::"r"(epc + 4));
}

static uint64_t engine(uint64_t hart)
{
    return UVS_TILE_BASE + hart * UVS_TILE_REG_STRIDE;
}

static uint64_t perform(uint64_t op, uint64_t val)
{
    uint64_t r = 0, a;
    switch (op) {
    case OP_SUBMIT:
        a = engine(1) + UVS_TILE_REG_SUBMIT;
        __asm__ volatile("sd %0, 0(%1)" ::"r"(val), "r"(a) : "memory");
        /* the engine wrote the outcome into the descriptor before the store completed */
        a = UVS_SPAD_BASE + UVS_TILE_SPAD_STRIDE + val + UVS_TILE_DESC_TICKET;
        __asm__ volatile("ld %0, 0(%1)" : "+r"(r) : "r"(a) : "memory");
        break;
    case OP_REG:
        a = engine(1) + val;
        __asm__ volatile("ld %0, 0(%1)" : "+r"(r) : "r"(a) : "memory");
        break;
    case OP_OTHER:
        a = engine(2) + UVS_TILE_REG_DONE;
        __asm__ volatile("ld %0, 0(%1)" : "+r"(r) : "r"(a) : "memory");
        break;
    default:
        break;
    }
    return r;
}

/** compute_main - request server of compute hart @hartid (never returns); harts other than 1 only sleep. */
void compute_main(uint64_t hartid)
{
    volatile uint32_t *msip = (volatile uint32_t *)(uintptr_t)(UVS_CLINT_BASE + UVS_CLINT_MSIP_OFF + 4 * hartid);
    uint64_t seen = 0;

    __asm__ volatile("csrw mtvec, %0" ::"r"((uintptr_t)compute_trap));
    __asm__ volatile("csrw mie, %0" ::"r"(UVS_U64(1) << 3)); /* MSIE */
    for (;;) {
        __asm__ volatile("wfi");
        *msip = 0;
        if (hartid != 1)
            continue;
        __asm__ volatile("fence rw, rw" ::: "memory");
        uint64_t seq = mbox1.seq;
        if (seq == seen)
            continue;
        seen = seq;
        mbox1.result = perform(mbox1.op, mbox1.val);
        __asm__ volatile("fence rw, rw" ::: "memory");
        mbox1.done_seq = seq;
    }
}

/*
 * Compute-hart side of the IOMMU SoC test: sleeps in WFI (machine software
 * interrupt enabled in mie, mstatus.MIE = 0, so msip only wakes it: privileged
 * spec 3.3.3), performs each request hart 0 posts in its mailbox on a unified
 * virtual address and reports it. An access the IOMMU refuses ends in an
 * access-fault trap; the trap handler records mcause/mtval and skips the
 * instruction, so the request still completes (with result 0).
 */
#include <stdint.h>
#include <uvmsoc/hpm.h>
#include <uvmsoc/memmap.h>

#include "iommu_soc.h"

struct mbox mbox1;

/* Traps of the compute hart: record and step over the faulting instruction
 * (RV64IMA has only 4-byte instructions). */
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

/* One request: the access itself is a single instruction, so that a trap
 * handler skipping it leaves the rest intact. */
static uint64_t perform(uint64_t op, uint64_t va, uint64_t val)
{
    uint64_t r = 0;
    switch (op) {
    case OP_LOAD:
        __asm__ volatile("ld %0, 0(%1)" : "+r"(r) : "r"(va) : "memory");
        break;
    case OP_STORE:
        __asm__ volatile("sd %0, 0(%1)" ::"r"(val), "r"(va) : "memory");
        break;
    case OP_AMOADD:
        __asm__ volatile("amoadd.d %0, %2, (%1)" : "+r"(r) : "r"(va), "r"(val) : "memory");
        break;
    case OP_HPM:
        switch (val) {
        case 0: __asm__ volatile("csrr %0, mhpmcounter3" : "=r"(r)); break;
        case 1: __asm__ volatile("csrr %0, mhpmcounter4" : "=r"(r)); break;
        case 2: __asm__ volatile("csrr %0, mhpmcounter5" : "=r"(r)); break;
        default: __asm__ volatile("csrr %0, mhpmcounter6" : "=r"(r)); break;
        }
        break;
    default:
        break;
    }
    return r;
}

/** compute_main - request server of compute hart @hartid (never returns).
 * Harts other than 1 only sleep. */
void compute_main(uint64_t hartid)
{
    volatile uint32_t *msip = (volatile uint32_t *)(uintptr_t)(UVS_CLINT_BASE + UVS_CLINT_MSIP_OFF + 4 * hartid);
    uint64_t seen = 0;

    __asm__ volatile("csrw mtvec, %0" ::"r"((uintptr_t)compute_trap));
    /* counters 3..6: the SoC events (privileged spec 3.1.11) */
    __asm__ volatile("csrw mhpmevent3, %0" ::"r"((uint64_t)UVS_HPM_EV_EXT0));
    __asm__ volatile("csrw mhpmevent4, %0" ::"r"((uint64_t)UVS_HPM_EV_EXT1));
    __asm__ volatile("csrw mhpmevent5, %0" ::"r"((uint64_t)UVS_HPM_EV_EXT2));
    __asm__ volatile("csrw mhpmevent6, %0" ::"r"((uint64_t)UVS_HPM_EV_EXT3));
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
        mbox1.result = perform(mbox1.op, mbox1.va, mbox1.val);
        __asm__ volatile("fence rw, rw" ::: "memory");
        mbox1.done_seq = seq;
    }
}

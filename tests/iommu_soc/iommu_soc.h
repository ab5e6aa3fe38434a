/*
 * IOMMU-in-the-SoC test (issue 3): shared definitions of the management
 * hart's test (iommu_soc.c) and the compute hart's request server
 * (compute.c). Hart 0 posts one memory operation at a time in the mailbox
 * and wakes the compute hart through its CLINT msip; the compute hart
 * performs it on a unified virtual address (so through the IOMMU,
 * docs/architecture.md "IOMMU in the SoC") and reports the result and any
 * trap it took.
 */
#ifndef IOMMU_SOC_H
#define IOMMU_SOC_H

#include <stdint.h>

/** Operations a compute hart performs for hart 0. */
enum mbox_op {
    OP_LOAD = 1,  /**< result = 64-bit load from va */
    OP_STORE = 2, /**< 64-bit store of val to va */
    OP_AMOADD = 3, /**< result = amoadd.d val at va (old value) */
    OP_HPM = 4     /**< result = mhpmcounter(3 + val), val 0..3: the SoC events below */
};

/* The compute hart's counters mhpmcounter3..6 count the SoC events
 * HPM_EV_EXT0..3 (include/uvmsoc/hpm.def): translated-access wait cycles,
 * IOTLB misses (walks), page requests, cycles with a request parked. */
#define HPM_SOC_EVENTS 4

/** The mailbox; written by hart 0 (seq, op, va, val), by the compute hart (the rest). */
struct mbox {
    volatile uint64_t seq;        /**< request number, incremented per request */
    volatile uint64_t op;         /**< enum mbox_op */
    volatile uint64_t va;         /**< unified virtual address */
    volatile uint64_t val;        /**< store / AMO operand */
    volatile uint64_t done_seq;   /**< seq of the last completed request */
    volatile uint64_t result;     /**< load / AMO result */
    volatile uint64_t ntraps;     /**< traps taken by the compute hart */
    volatile uint64_t trap_cause; /**< mcause of the last trap */
    volatile uint64_t trap_tval;  /**< mtval of the last trap */
};

/** The mailbox of compute hart 1 (the one the test uses). */
extern struct mbox mbox1;

#endif

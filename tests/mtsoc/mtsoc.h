/*
 * Multithreaded compute harts in the SoC (issue 6, configuration c4mt):
 * definitions shared by the management hart's launcher (mtsoc.c) and the
 * kernel the 64 hardware threads run (kernel.c).
 */
#ifndef MTSOC_H
#define MTSOC_H

#include <stdint.h>
#include <uvmsoc/mt.h>

#define MTSOC_HARTS   4    /**< compute harts 1..4 = blocks 0..3 */
#define MTSOC_THREADS 16   /**< hardware threads per hart = threads per block */
#define MTSOC_NTHR    (MTSOC_HARTS * MTSOC_THREADS)
#define MTSOC_DATA_N  4096 /**< input elements */
#define MTSOC_NBINS   16   /**< histogram bins: bin = value % MTSOC_NBINS */
#define MTSOC_TRAPPER 37   /**< global thread index (bid * ntid + tid) that traps first */
#define MTSOC_UVA_THR 50   /**< thread that first loads from the unified range (a bus error on c4mt) */
#define MTSOC_UVA_VA  0x40000000u /**< that load's address: UVA, no device region */

/** Kernel modes (a1). */
enum mtsoc_mode {
    MTSOC_RUN = 0,     /**< just the work */
    MTSOC_ILLEGAL = 1, /**< illegal instruction at mt_trap_insn first */
    MTSOC_UVA = 2,     /**< load from MTSOC_UVA_VA at mt_uva_insn first */
    MTSOC_UVA_RUN = 3, /**< only the unified-range accesses to MTSOC_MAP_VA (words 0..2) */
    MTSOC_STORM = 4,   /**< fault storm: load word g of its own unmapped page MTSOC_STORM_VA + g pages,
                            store it + 1 to word 64 + g of that page, exit a0 = loaded ^ g */
};

/** Unified virtual page mapped by mtsoc_uva_setup (Sv39, no device region). */
#define MTSOC_MAP_VA  UVS_U64(0x2000000000)
#define MTSOC_MAGIC   UVS_U64(0x5eed0000c0ffee00) /**< word 2 of the page, read by the threads */

extern uint64_t mtsoc_uva_page[512];
/** mtsoc_uva_setup - map MTSOC_MAP_VA -> mtsoc_uva_page, translation on (uva.c); returns ddtp.mode. */
uint64_t mtsoc_uva_setup(void);

/** Fault storm (uva.c): MTSOC_NTHR pages from here, one per thread, not valid until replayed. */
#define MTSOC_STORM_VA UVS_U64(0x2000200000)
#define MTSOC_QLOG2SZM1 6 /**< command and page-request queues: 128 entries */
/** Physical page behind every storm page once mapped (word g, 64 + g: thread g). */
extern uint64_t mtsoc_storm_page[512];
/** Command queue and page-request queue (128 x 16 B each). */
extern volatile uint64_t mtsoc_cq[2 * 128], mtsoc_pq[2 * 128];
/** mtsoc_storm_queues - turn on the command and page-request queues; returns 0 or -1 (not on). */
int mtsoc_storm_queues(void);
/** mtsoc_storm_map - make the storm page of @va valid (leaf -> mtsoc_storm_page, R/W/U/A/D). */
void mtsoc_storm_map(uint64_t va);

/** Kernel arguments and results, in SRAM (a0 of every thread). */
struct mtsoc_shared {
    uint32_t data[MTSOC_DATA_N];  /**< input, written by hart 0 */
    uint32_t hist[MTSOC_NBINS];   /**< histogram, amoadd.w by the threads */
    uint64_t total;               /**< sum of data, LR/SC reduction */
    uint64_t sc_retries;          /**< failed SC attempts (contention, amoadd.d) */
};

/**
 * mt_kernel - the kernel of every thread (U mode, uvs_mt_core): thread g =
 * uvs.bid * uvs.ntid + uvs.tid handles elements g, g + N, ... (N = uvs.nbid
 * * uvs.ntid): amoadd.w into hist, local sum reduced into total with
 * lr.d/sc.d; exits with ECALL, a0 = number of elements handled. @mode
 * (enum mtsoc_mode) selects a deliberate first trap.
 */
void mt_kernel(struct mtsoc_shared *sh, uint64_t mode);

/** Addresses of the kernel's deliberate illegal instruction and UVA load (kernel.c). */
extern const uint32_t mt_trap_insn[], mt_uva_insn[];

#endif

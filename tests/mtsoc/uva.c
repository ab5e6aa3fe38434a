/*
 * Unified-range (UVA) accesses of the multithreaded harts through their
 * IOMMU requester ports (issue 6 on c4mt): hart 0 maps one 4 KiB page at
 * MTSOC_MAP_VA with a one-level device directory and Sv39 tables in SRAM
 * (RISC-V IOMMU spec v1.0 ch. 2-3, privileged spec 4.4), then every thread
 * does an amoadd.d, an lr.d/sc.d increment and a load through that page
 * (kernel mode MTSOC_UVA_RUN). Built with -DSKIP_MAP the leaf PTE is
 * missing (negative control: the threads take access faults).
 * The context has page requests enabled (tc.UVS_PRQ): the fault storm of
 * mtsoc.c parks every thread's access to its own non-valid page at
 * MTSOC_STORM_VA (a second level-0 table, all PTEs zero) until hart 0 maps
 * it (mtsoc_storm_map) and replays its group.
 */
#include "mtsoc.h"

#include <uvmsoc/iommu_regs.h>
#include <uvmsoc/iommu_structs.h>
#include <uvmsoc/memmap.h>

#define PG 4096u

static uint64_t ddt[PG / 8] __attribute__((aligned(PG)));
static uint64_t root[PG / 8] __attribute__((aligned(PG)));
static uint64_t l1[PG / 8] __attribute__((aligned(PG)));
static uint64_t l0[PG / 8] __attribute__((aligned(PG)));
static uint64_t l0s[PG / 8] __attribute__((aligned(PG)));
/** The mapped page (physical, in SRAM); the threads see it at MTSOC_MAP_VA. */
uint64_t mtsoc_uva_page[PG / 8] __attribute__((aligned(PG)));
uint64_t mtsoc_storm_page[PG / 8] __attribute__((aligned(PG)));
volatile uint64_t mtsoc_cq[2 * 128] __attribute__((aligned(PG)));
volatile uint64_t mtsoc_pq[2 * 128] __attribute__((aligned(PG)));

static volatile uint32_t *reg32(uint64_t off)
{
    return (volatile uint32_t *)(uintptr_t)(UVS_IOMMU_BASE + off);
}

static volatile uint64_t *reg64(uint64_t off)
{
    return (volatile uint64_t *)(uintptr_t)(UVS_IOMMU_BASE + off);
}

/* A valid PTE pointing at @pa with @flags (Sv39 format). */
static uint64_t pte(const void *pa, uint64_t flags)
{
    return (((uint64_t)(uintptr_t)pa >> 12) << UVS_IOMMU_PTE_PPN_SHIFT) | flags | UVS_IOMMU_PTE_V_MASK;
}

/** mtsoc_uva_setup - map MTSOC_MAP_VA and turn translation on; returns the ddtp mode read back. */
uint64_t mtsoc_uva_setup(void)
{
    volatile uint64_t *ddtp = (volatile uint64_t *)(uintptr_t)(UVS_IOMMU_BASE + UVS_IOMMU_DDTP_OFF);
    uint64_t *dc = &ddt[(UVS_UVA_DID & 0x7f) * UVS_IOMMU_DC_SIZE / 8];
    const uint64_t leaf = UVS_IOMMU_PTE_R_MASK | UVS_IOMMU_PTE_W_MASK | UVS_IOMMU_PTE_U_MASK |
                          UVS_IOMMU_PTE_A_MASK | UVS_IOMMU_PTE_D_MASK;

    dc[UVS_IOMMU_DC_TA_OFF / 8] = UVS_U64(1) << UVS_IOMMU_DC_TA_PSCID_SHIFT;
    dc[UVS_IOMMU_DC_FSC_OFF / 8] = (UVS_IOMMU_IOSATP_SV39 << UVS_IOMMU_DC_FSC_MODE_SHIFT) |
                                   ((uint64_t)(uintptr_t)root >> 12);
    dc[UVS_IOMMU_DC_IOHGATP_OFF / 8] = 0;
    dc[UVS_IOMMU_DC_TC_OFF / 8] = UVS_IOMMU_DC_TC_V_MASK | UVS_IOMMU_DC_TC_UVS_PRQ_MASK;
    root[(MTSOC_MAP_VA >> 30) & 0x1ff] = pte(l1, 0);
    l1[(MTSOC_MAP_VA >> 21) & 0x1ff] = pte(l0, 0);
    l1[(MTSOC_STORM_VA >> 21) & 0x1ff] = pte(l0s, 0);
#ifndef SKIP_MAP /* negative control: no leaf, every UVA access faults */
    l0[(MTSOC_MAP_VA >> 12) & 0x1ff] = pte(mtsoc_uva_page, leaf);
#else
    (void)leaf;
#endif
    __asm__ volatile("fence rw, rw" ::: "memory");
    *ddtp = (((uint64_t)(uintptr_t)ddt >> 12) << UVS_IOMMU_DDTP_PPN_SHIFT) | UVS_IOMMU_DDTP_MODE_1LVL;
    return *ddtp & UVS_IOMMU_DDTP_IOMMU_MODE_MASK;
}

/** mtsoc_storm_queues - command and page-request queues on (spec 5.6, 5.12); 0, or -1 if not on. */
int mtsoc_storm_queues(void)
{
    *reg64(UVS_IOMMU_CQB_OFF) = (((uint64_t)(uintptr_t)mtsoc_cq >> 12) << UVS_IOMMU_CQB_PPN_SHIFT) | MTSOC_QLOG2SZM1;
    *reg64(UVS_IOMMU_PQB_OFF) = (((uint64_t)(uintptr_t)mtsoc_pq >> 12) << UVS_IOMMU_PQB_PPN_SHIFT) | MTSOC_QLOG2SZM1;
    *reg32(UVS_IOMMU_CQCSR_OFF) = UVS_IOMMU_CQCSR_CQEN_MASK;
    *reg32(UVS_IOMMU_PQCSR_OFF) = UVS_IOMMU_PQCSR_PQEN_MASK;
    for (unsigned i = 0; i < 1000; i++)
        if ((*reg32(UVS_IOMMU_CQCSR_OFF) & UVS_IOMMU_CQCSR_CQON_MASK) &&
            (*reg32(UVS_IOMMU_PQCSR_OFF) & UVS_IOMMU_PQCSR_PQON_MASK))
            return 0;
    return -1;
}

/** mtsoc_storm_map - the storm page of @va becomes valid (no IOTLB invalidation: non-valid PTEs are not cached). */
void mtsoc_storm_map(uint64_t va)
{
    l0s[(va >> 12) & 0x1ff] = pte(mtsoc_storm_page, UVS_IOMMU_PTE_R_MASK | UVS_IOMMU_PTE_W_MASK |
                                                    UVS_IOMMU_PTE_U_MASK | UVS_IOMMU_PTE_A_MASK |
                                                    UVS_IOMMU_PTE_D_MASK);
}

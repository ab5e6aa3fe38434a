/*
 * Unified-range (UVA) accesses of the multithreaded harts through their
 * IOMMU requester ports (issue 6 on c4mt): hart 0 maps one 4 KiB page at
 * MTSOC_MAP_VA with a one-level device directory and Sv39 tables in SRAM
 * (RISC-V IOMMU spec v1.0 ch. 2-3, privileged spec 4.4), then every thread
 * does an amoadd.d, an lr.d/sc.d increment and a load through that page
 * (kernel mode MTSOC_UVA_RUN). Built with -DSKIP_MAP the leaf PTE is
 * missing (negative control: the threads take access faults).
 */
#include "mtsoc.h"

#include <uvmsoc/iommu_structs.h>
#include <uvmsoc/memmap.h>

#define PG 4096u

static uint64_t ddt[PG / 8] __attribute__((aligned(PG)));
static uint64_t root[PG / 8] __attribute__((aligned(PG)));
static uint64_t l1[PG / 8] __attribute__((aligned(PG)));
static uint64_t l0[PG / 8] __attribute__((aligned(PG)));
/** The mapped page (physical, in SRAM); the threads see it at MTSOC_MAP_VA. */
uint64_t mtsoc_uva_page[PG / 8] __attribute__((aligned(PG)));

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
    dc[UVS_IOMMU_DC_TC_OFF / 8] = UVS_IOMMU_DC_TC_V_MASK;
    root[(MTSOC_MAP_VA >> 30) & 0x1ff] = pte(l1, 0);
    l1[(MTSOC_MAP_VA >> 21) & 0x1ff] = pte(l0, 0);
#ifndef SKIP_MAP /* negative control: no leaf, every UVA access faults */
    l0[(MTSOC_MAP_VA >> 12) & 0x1ff] = pte(mtsoc_uva_page, leaf);
#else
    (void)leaf;
#endif
    __asm__ volatile("fence rw, rw" ::: "memory");
    *ddtp = (((uint64_t)(uintptr_t)ddt >> 12) << UVS_IOMMU_DDTP_PPN_SHIFT) | UVS_IOMMU_DDTP_MODE_1LVL;
    return *ddtp & UVS_IOMMU_DDTP_IOMMU_MODE_MASK;
}

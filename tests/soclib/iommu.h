/*
 * tests/soclib/iommu.h: the IOMMU set-up shared by the bare-metal SoC test
 * programs tests/iommu_soc and tests/tile_soc (hart 0 programs the IOMMU;
 * compute hart 1 is translated): the memory layout in HBM, register and
 * memory accessors, the device context of UVS_UVA_DID with an Sv39 table
 * (root -> L1 -> L0, the leaves are the program's), the three queues and
 * the command queue. Header-only, like report.h, which must come first
 * (fail()); the program also defines TIMEOUT (polling iterations) and
 * ST_CMDQ (its failure status of a command that is not consumed).
 * Formats: RISC-V IOMMU spec v1.0, sections 2.1 (device context), 3.1
 * (command queue), 5 (registers); Sv39: privileged spec 4.4.
 */
#ifndef UVS_TESTS_SOCLIB_IOMMU_H
#define UVS_TESTS_SOCLIB_IOMMU_H

#include <stdint.h>
#include <uvmsoc/iommu_structs.h>
#include <uvmsoc/memmap.h>

/* ---- memory layout in HBM (4-KiB pages) ---- */
#define PG 0x1000u
#define HBM(off) (UVS_HBM_BASE + (uint64_t)(off))
#define DDT_PA HBM(0x0000)
#define ROOT_PA HBM(0x1000)
#define L1_PA HBM(0x2000)
#define L0_PA HBM(0x3000)
#define CQ_PA HBM(0x4000)
#define FQ_PA HBM(0x5000)
#define PQ_PA HBM(0x6000)
#define DATA_PA(i) HBM(0x10000 + (uint64_t)(i) * PG)
#define CQ_LOG2SZM1 7 /* 256 commands x 16 B */
#define FQ_LOG2SZM1 6 /* 128 records x 32 B */
#define PQ_LOG2SZM1 7 /* 256 records x 16 B */
#define PSCID 1u

/* Compute hart 1's VA window: one L0 table's worth of 4-KiB pages. */
#define VA_BASE UVS_U64(0x2000000000)
#define VA(page) (VA_BASE + (uint64_t)(page) * PG)
#define L0_INDEX(page) ((VA(page) >> 12) & 0x1ff)

static volatile uint64_t *reg64(uint64_t off) { return (volatile uint64_t *)(uintptr_t)(UVS_IOMMU_BASE + off); }
static volatile uint32_t *reg32(uint64_t off) { return (volatile uint32_t *)(uintptr_t)(UVS_IOMMU_BASE + off); }
static volatile uint64_t *mem64(uint64_t pa) { return (volatile uint64_t *)(uintptr_t)pa; }
static void fence(void) { __asm__ volatile("fence rw, rw" ::: "memory"); }

/* A valid PTE for physical address @pa with permission/A/D @flags (0: a pointer to the next level). */
static uint64_t pte(uint64_t pa, uint64_t flags)
{
    return ((pa >> 12) << UVS_IOMMU_PTE_PPN_SHIFT) | flags | UVS_IOMMU_PTE_V_MASK;
}

/*
 * Zeroes the directory, tables and queues; writes the device context of
 * UVS_UVA_DID (1LVL directory: index = device_id 6:0; Sv39, PSCID, SADE,
 * page requests) and the root and L1 pointers to L0. The caller writes the
 * leaves in L0 and then calls soc_iommu_queues_on().
 */
static void soc_iommu_context(void)
{
    static const uint64_t zero[] = {DDT_PA, ROOT_PA, L1_PA, L0_PA, CQ_PA, FQ_PA, PQ_PA};
    for (unsigned i = 0; i < sizeof zero / sizeof zero[0]; i++)
        for (unsigned j = 0; j < PG / 8; j++)
            mem64(zero[i])[j] = 0;
    volatile uint64_t *dc = mem64(DDT_PA + (UVS_UVA_DID & 0x7f) * UVS_IOMMU_DC_SIZE);
    dc[UVS_IOMMU_DC_TA_OFF / 8] = (uint64_t)PSCID << UVS_IOMMU_DC_TA_PSCID_SHIFT;
    dc[UVS_IOMMU_DC_FSC_OFF / 8] = (UVS_IOMMU_IOSATP_SV39 << UVS_IOMMU_DC_FSC_MODE_SHIFT) | (ROOT_PA >> 12);
    dc[UVS_IOMMU_DC_IOHGATP_OFF / 8] = 0;
    dc[UVS_IOMMU_DC_TC_OFF / 8] = UVS_IOMMU_DC_TC_V_MASK | UVS_IOMMU_DC_TC_SADE_MASK | UVS_IOMMU_DC_TC_UVS_PRQ_MASK;
    mem64(ROOT_PA)[(VA_BASE >> 30) & 0x1ff] = pte(L1_PA, 0);
    mem64(L1_PA)[(VA_BASE >> 21) & 0x1ff] = pte(L0_PA, 0);
}

/*
 * Programs and enables the command, fault and page-request queues (@fq_ie,
 * @pq_ie: extra FQCSR/PQCSR bits, e.g. the interrupt enables), waits until
 * all three are on (else fail(@st)), then turns translation on (DDTP 1LVL).
 */
static void soc_iommu_queues_on(uint32_t fq_ie, uint32_t pq_ie, unsigned st)
{
    *reg64(UVS_IOMMU_CQB_OFF) = ((CQ_PA >> 12) << UVS_IOMMU_CQB_PPN_SHIFT) | CQ_LOG2SZM1;
    *reg64(UVS_IOMMU_FQB_OFF) = ((FQ_PA >> 12) << UVS_IOMMU_FQB_PPN_SHIFT) | FQ_LOG2SZM1;
    *reg64(UVS_IOMMU_PQB_OFF) = ((PQ_PA >> 12) << UVS_IOMMU_PQB_PPN_SHIFT) | PQ_LOG2SZM1;
    *reg32(UVS_IOMMU_CQCSR_OFF) = UVS_IOMMU_CQCSR_CQEN_MASK;
    *reg32(UVS_IOMMU_FQCSR_OFF) = UVS_IOMMU_FQCSR_FQEN_MASK | fq_ie;
    *reg32(UVS_IOMMU_PQCSR_OFF) = UVS_IOMMU_PQCSR_PQEN_MASK | pq_ie;
    for (unsigned i = 0;; i++) {
        uint32_t c = *reg32(UVS_IOMMU_CQCSR_OFF), f = *reg32(UVS_IOMMU_FQCSR_OFF),
                 p = *reg32(UVS_IOMMU_PQCSR_OFF);
        if ((c & UVS_IOMMU_CQCSR_CQON_MASK) && (f & UVS_IOMMU_FQCSR_FQON_MASK) &&
            (p & UVS_IOMMU_PQCSR_PQON_MASK))
            break;
        if (i > TIMEOUT)
            fail(st, "cqcsr|fqcsr|pqcsr on", ((uint64_t)c << 32) | f | ((uint64_t)p << 20), 0);
    }
    *reg64(UVS_IOMMU_DDTP_OFF) = ((DDT_PA >> 12) << UVS_IOMMU_DDTP_PPN_SHIFT) | UVS_IOMMU_DDTP_MODE_1LVL;
}

/* Appends a command to the command queue and waits until the IOMMU consumed
 * it (cqh reaches the new tail), else fail(ST_CMDQ). */
static void command(uint64_t dw0, uint64_t dw1)
{
    uint32_t t = *reg32(UVS_IOMMU_CQT_OFF);
    volatile uint64_t *c = mem64(CQ_PA + (uint64_t)t * UVS_IOMMU_CMD_SIZE);
    c[0] = dw0;
    c[1] = dw1;
    fence();
    uint32_t nt = (t + 1) & ((1u << (CQ_LOG2SZM1 + 1)) - 1);
    *reg32(UVS_IOMMU_CQT_OFF) = nt;
    for (unsigned i = 0; *reg32(UVS_IOMMU_CQH_OFF) != nt; i++)
        if (i > TIMEOUT)
            fail(ST_CMDQ, "cqh after a command, cqcsr", *reg32(UVS_IOMMU_CQCSR_OFF), nt);
}

#endif /* UVS_TESTS_SOCLIB_IOMMU_H */

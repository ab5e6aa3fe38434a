/*
 * IOMMU in the SoC, driven by the management hart (issue 3; run on config c4
 * with --hbm): hart 0 builds a one-level device directory and an Sv39 page
 * table in HBM (RISC-V IOMMU spec v1.0 2.1, privileged spec 4.4), turns on
 * the command, fault and page-request queues (spec 5.6-5.17) and directory
 * translation, then lets compute hart 1 access unified virtual addresses
 * (memmap.def UVA; device_id UVS_UVA_DID, user privilege):
 *   - a translated load and store reach the mapped HBM pages;
 *   - a store to a non-valid page parks; hart 0 takes the page request
 *     (external interrupt through the PLIC: MEIP, claim = PLIC_SRC_IOMMU,
 *     completion after ipsr.pip is cleared + pqt), fills the PTE, sends
 *     PAGE_REPLAY, and the store completes with the right data (A/D set by
 *     the IOMMU, tc.SADE);
 *   - a store to a read-only page is not replayable: the compute hart takes a
 *     store access fault (cause 7, mtval = the virtual address) and a fault
 *     record with cause 15 appears;
 *   - after remapping a page, IOTINVAL.VMA + IOFENCE.C make the new mapping
 *     visible (before it the IOTLB still holds the old one).
 * Ends through tohost: 1 = pass, else status = the failed step (enum step),
 * with one console line naming it.
 *
 * Negative controls (tests/iommu_soc.tests): built with -DSKIP_REPLAY the
 * parked store never completes (status ST_COMPUTE); with -DSKIP_IOTINVAL the
 * stale translation stays (status ST_IOTINVAL).
 */
#include <stdint.h>
#include <uvmsoc/iommu_structs.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/plic.h>

#include "iommu_soc.h"

volatile uint64_t tohost __attribute__((section(".tohost"), aligned(8)));
volatile uint64_t fromhost __attribute__((section(".tohost"), aligned(8)));

/** Failure statuses: the step that failed. */
enum step {
    ST_CAPS = 1,       /* capabilities register */
    ST_QUEUES = 2,     /* a queue did not come on */
    ST_LOAD = 3,       /* translated load */
    ST_STORE = 4,      /* translated store */
    ST_PRQ_RECORD = 5, /* page-request record */
    ST_PRQ_PARKED = 6, /* the access to the non-valid page did not wait */
    ST_PRQ_IRQ = 7,    /* external interrupt / ipsr.pip of the page request */
    ST_REPLAY = 8,     /* the access did not complete correctly after PAGE_REPLAY */
    ST_AD = 9,         /* A/D bits of the fixed PTE */
    ST_FAULT_TRAP = 10, /* store to a read-only page: compute hart's trap */
    ST_FAULT_RECORD = 11, /* store to a read-only page: fault record */
    ST_STALE = 12,     /* IOTLB did not hold the old mapping before IOTINVAL */
    ST_IOTINVAL = 13,  /* new mapping not used after IOTINVAL */
    ST_CMDQ = 14,      /* command queue did not process a command */
    ST_TRAP = 15,      /* unexpected trap on hart 0 */
    ST_COMPUTE = 16,   /* compute hart did not answer */
    ST_AMO = 17,       /* AMO through the IOMMU */
    ST_HPM = 18        /* the compute hart's counters of the SoC events */
};

/* Unified virtual addresses (VA_BASE, soclib/iommu.h): Sv39-canonical, outside every device region. */
enum { PAGE_RW = 0, PAGE_RO = 1, PAGE_MISSING = 2, PAGE_REMAP = 3 };
/* Physical pages: 0 RW, 1 RO, 2 the missing page's frame, 3 old and 4 new remap target */

#define TIMEOUT 200000u /* polling iterations */

#define SOC_TEST_NAME "iommu_soc"
#include "../soclib/report.h"
#include "../soclib/iommu.h"

__attribute__((interrupt("machine"))) static void hart0_trap(void)
{
    uint64_t cause, tval, epc;
    __asm__ volatile("csrr %0, mcause" : "=r"(cause));
    __asm__ volatile("csrr %0, mtval" : "=r"(tval));
    __asm__ volatile("csrr %0, mepc" : "=r"(epc));
    puts_("iommu_soc: hart 0 trap at ");
    puthex(epc);
    puts_(" mtval ");
    puthex(tval);
    puts_("\n");
    fail(ST_TRAP, "unexpected trap, mcause", cause, 0);
}

#define LEAF_U (UVS_IOMMU_PTE_R_MASK | UVS_IOMMU_PTE_U_MASK | UVS_IOMMU_PTE_A_MASK)
#define LEAF_RW (LEAF_U | UVS_IOMMU_PTE_W_MASK | UVS_IOMMU_PTE_D_MASK)

/* ---- compute hart 1 requests ---- */
static void post(uint64_t op, uint64_t va, uint64_t val)
{
    mbox1.op = op;
    mbox1.va = va;
    mbox1.val = val;
    fence();
    mbox1.seq = mbox1.seq + 1;
    fence();
    *(volatile uint32_t *)(uintptr_t)(UVS_CLINT_BASE + UVS_CLINT_MSIP_OFF + 4) = 1;
}

static int done(void)
{
    fence();
    return mbox1.done_seq == mbox1.seq;
}

static uint64_t wait_done(void)
{
    for (unsigned i = 0; !done(); i++)
        if (i > TIMEOUT)
            fail(ST_COMPUTE, "compute hart 1 answer, done_seq", mbox1.done_seq, mbox1.seq);
    return mbox1.result;
}

static uint64_t request(uint64_t op, uint64_t va, uint64_t val)
{
    post(op, va, val);
    return wait_done();
}

static uint64_t mip(void)
{
    uint64_t v;
    __asm__ volatile("csrr %0, mip" : "=r"(v));
    return v;
}
#define MIP_MEIP (UVS_U64(1) << 11)

/* PLIC registers of hart 0's M context (plic.def). */
static volatile uint32_t *plic32(uint64_t off)
{
    return (volatile uint32_t *)(uintptr_t)(UVS_PLIC_BASE + off);
}
#define PLIC_M_CLAIM (UVS_PLIC_CONTEXT_OFF + UVS_PLIC_CONTEXT_STRIDE * UVS_PLIC_CTX_M + UVS_PLIC_CLAIM_OFF)

/* Route the IOMMU's interrupt to MEIP: priority 1, enabled in the M context, threshold 0. */
static void plic_route_iommu(void)
{
    *plic32(UVS_PLIC_PRIORITY_OFF + 4 * UVS_PLIC_SRC_IOMMU) = 1;
    *plic32(UVS_PLIC_ENABLE_OFF + UVS_PLIC_ENABLE_STRIDE * UVS_PLIC_CTX_M) = 1u << UVS_PLIC_SRC_IOMMU;
    *plic32(UVS_PLIC_CONTEXT_OFF + UVS_PLIC_CONTEXT_STRIDE * UVS_PLIC_CTX_M + UVS_PLIC_THRESHOLD_OFF) = 0;
}

/* Directory, page tables and queues; translation on. */
static void setup(void)
{
    soc_iommu_context();
    for (unsigned p = 0; p < 5; p++)
        for (unsigned i = 0; i < PG / 8; i++)
            mem64(DATA_PA(p))[i] = ((uint64_t)(p + 1) << 32) | i;

    /* leaves in L0 (soclib/iommu.h: root[VPN2] -> L1, L1[VPN1] -> L0) */
    mem64(L0_PA)[L0_INDEX(PAGE_RW)] = pte(DATA_PA(0), LEAF_RW);
    mem64(L0_PA)[L0_INDEX(PAGE_RO)] = pte(DATA_PA(1), LEAF_U);
    mem64(L0_PA)[L0_INDEX(PAGE_MISSING)] = 0;
    mem64(L0_PA)[L0_INDEX(PAGE_REMAP)] = pte(DATA_PA(3), LEAF_RW);
    fence();

    plic_route_iommu();
    soc_iommu_queues_on(UVS_IOMMU_FQCSR_FIE_MASK, UVS_IOMMU_PQCSR_PIE_MASK, ST_QUEUES);
    check(ST_QUEUES, "ddtp mode", *reg64(UVS_IOMMU_DDTP_OFF) & UVS_IOMMU_DDTP_IOMMU_MODE_MASK,
          UVS_IOMMU_DDTP_MODE_1LVL);
}

/* A store to a non-valid page becomes a page request; hart 0 maps the page
 * and replays it. */
static void page_request_and_replay(void)
{
    const uint64_t va = VA(PAGE_MISSING) + 0x28, val = UVS_U64(0x5eed0000cafe1234);
    uint32_t pqh = *reg32(UVS_IOMMU_PQH_OFF);

    post(OP_STORE, va, val);
    unsigned i = 0;
    while (*reg32(UVS_IOMMU_PQT_OFF) == pqh)
        if (++i > TIMEOUT)
            fail(ST_PRQ_RECORD, "pqt (no page request)", pqh, pqh + 1);
    check(ST_PRQ_RECORD, "pqt", *reg32(UVS_IOMMU_PQT_OFF), pqh + 1);

    /* the wire-signaled interrupt reaches hart 0's MEIP through the PLIC with ipsr.pip */
    for (i = 0; !(mip() & MIP_MEIP); i++)
        if (i > 1000)
            fail(ST_PRQ_IRQ, "mip.MEIP after a page request", mip(), MIP_MEIP);
    check(ST_PRQ_IRQ, "ipsr.pip", *reg32(UVS_IOMMU_IPSR_OFF) & UVS_IOMMU_IPSR_PIP_MASK,
          UVS_IOMMU_IPSR_PIP_MASK);
    check(ST_PRQ_IRQ, "PLIC claim", *plic32(PLIC_M_CLAIM), UVS_PLIC_SRC_IOMMU);

    volatile struct uvs_iommu_pq_raw *rec =
        (volatile struct uvs_iommu_pq_raw *)(uintptr_t)(PQ_PA + (uint64_t)pqh * UVS_IOMMU_PQREC_SIZE);
    uint64_t hdr = rec->hdr, pl = rec->payload;
    check(ST_PRQ_RECORD, "record DID", (hdr & UVS_IOMMU_PQREC_DW0_DID_MASK) >> UVS_IOMMU_PQREC_DW0_DID_SHIFT,
          UVS_UVA_DID);
    check(ST_PRQ_RECORD, "record page address", pl & UVS_IOMMU_PQREC_DW1_ADDR_MASK, VA(PAGE_MISSING));
    check(ST_PRQ_RECORD, "record R/W/L",
          pl & (UVS_IOMMU_PQREC_DW1_R_MASK | UVS_IOMMU_PQREC_DW1_W_MASK | UVS_IOMMU_PQREC_DW1_L_MASK),
          UVS_IOMMU_PQREC_DW1_W_MASK | UVS_IOMMU_PQREC_DW1_L_MASK);
    uint64_t prgi = (pl & UVS_IOMMU_PQREC_DW1_PRGI_MASK) >> UVS_IOMMU_PQREC_DW1_PRGI_SHIFT;

    /* the store is parked: the compute hart is still waiting for it */
    for (i = 0; i < 2000; i++)
        if (done())
            fail(ST_PRQ_PARKED, "store to a non-valid page completed before the replay", 1, 0);
    check(ST_PRQ_PARKED, "physical page before the replay", *mem64(DATA_PA(2) + 0x28), (UVS_U64(3) << 32) | 5);

    /* consume the record, acknowledge the interrupt, complete it: MEIP must
     * drop and the source must not be pending again */
    *reg32(UVS_IOMMU_PQH_OFF) = pqh + 1;
    *reg32(UVS_IOMMU_IPSR_OFF) = UVS_IOMMU_IPSR_PIP_MASK;
    (void)*reg32(UVS_IOMMU_IPSR_OFF); /* the clear has reached the IOMMU */
    *plic32(PLIC_M_CLAIM) = UVS_PLIC_SRC_IOMMU;
    for (i = 0; mip() & MIP_MEIP; i++)
        if (i > 1000)
            fail(ST_PRQ_IRQ, "mip.MEIP after ipsr.pip cleared", mip(), 0);
    for (i = 0; i < 100; i++)
        if (*plic32(UVS_PLIC_PENDING_OFF) & (1u << UVS_PLIC_SRC_IOMMU))
            fail(ST_PRQ_IRQ, "PLIC pending after completion", 1, 0);
    check(ST_PRQ_IRQ, "PLIC claim after completion", *plic32(PLIC_M_CLAIM), 0);

    /* fix the PTE (A and D clear: the IOMMU sets them, tc.SADE) and replay */
    mem64(L0_PA)[L0_INDEX(PAGE_MISSING)] =
        pte(DATA_PA(2), UVS_IOMMU_PTE_R_MASK | UVS_IOMMU_PTE_W_MASK | UVS_IOMMU_PTE_U_MASK);
    fence();
#ifdef SKIP_REPLAY
    (void)prgi;
#else
    command(UVS_IOMMU_CMD_OP_UVS_PAGE_REPLAY | ((uint64_t)UVS_UVA_DID << UVS_IOMMU_CMD_PAGE_REPLAY_DW0_DID_SHIFT),
            (prgi << UVS_IOMMU_CMD_PAGE_REPLAY_DW1_PRGI_SHIFT) |
                (UVS_IOMMU_PRG_RESP_SUCCESS << UVS_IOMMU_CMD_PAGE_REPLAY_DW1_RESP_SHIFT));
#endif
    wait_done();
    check(ST_REPLAY, "compute hart traps after the replay", mbox1.ntraps, 0);
    check(ST_REPLAY, "stored data in the new page", *mem64(DATA_PA(2) + 0x28), val);
    check(ST_REPLAY, "load back through the IOMMU", request(OP_LOAD, va, 0), val);
    uint64_t ad = UVS_IOMMU_PTE_A_MASK | UVS_IOMMU_PTE_D_MASK;
    check(ST_AD, "PTE A/D after the store", mem64(L0_PA)[L0_INDEX(PAGE_MISSING)] & ad, ad);
}

/* A store to a read-only page: access fault on the hart, cause 15 record. */
static void write_fault(void)
{
    const uint64_t va = VA(PAGE_RO) + 0x10;
    uint32_t fqh = *reg32(UVS_IOMMU_FQH_OFF);
    uint64_t before = *mem64(DATA_PA(1) + 0x10);

    request(OP_STORE, va, 0xbad);
    check(ST_FAULT_TRAP, "compute hart traps", mbox1.ntraps, 1);
    check(ST_FAULT_TRAP, "mcause (store access fault)", mbox1.trap_cause, 7);
    check(ST_FAULT_TRAP, "mtval", mbox1.trap_tval, va);
    check(ST_FAULT_TRAP, "read-only page unchanged", *mem64(DATA_PA(1) + 0x10), before);

    check(ST_FAULT_RECORD, "fqt", *reg32(UVS_IOMMU_FQT_OFF), fqh + 1);
    volatile struct uvs_iommu_fq_raw *rec =
        (volatile struct uvs_iommu_fq_raw *)(uintptr_t)(FQ_PA + (uint64_t)fqh * UVS_IOMMU_FQREC_SIZE);
    uint64_t hdr = rec->hdr;
    check(ST_FAULT_RECORD, "CAUSE", (hdr & UVS_IOMMU_FQREC_DW0_CAUSE_MASK) >> UVS_IOMMU_FQREC_DW0_CAUSE_SHIFT,
          UVS_IOMMU_CAUSE_WRITE_PAGE);
    check(ST_FAULT_RECORD, "TTYP", (hdr & UVS_IOMMU_FQREC_DW0_TTYP_MASK) >> UVS_IOMMU_FQREC_DW0_TTYP_SHIFT,
          UVS_IOMMU_TTYP_UNTRANSLATED_WRITE);
    check(ST_FAULT_RECORD, "DID", (hdr & UVS_IOMMU_FQREC_DW0_DID_MASK) >> UVS_IOMMU_FQREC_DW0_DID_SHIFT,
          UVS_UVA_DID);
    check(ST_FAULT_RECORD, "iotval", rec->iotval, va);
    check(ST_FAULT_RECORD, "ipsr.fip", *reg32(UVS_IOMMU_IPSR_OFF) & UVS_IOMMU_IPSR_FIP_MASK,
          UVS_IOMMU_IPSR_FIP_MASK);
    *reg32(UVS_IOMMU_FQH_OFF) = fqh + 1;
    *reg32(UVS_IOMMU_IPSR_OFF) = UVS_IOMMU_IPSR_FIP_MASK;
    mbox1.ntraps = 0;
    fence();
}

/* Remap a page: the IOTLB keeps the old translation until IOTINVAL.VMA. */
static void remap_and_invalidate(void)
{
    const uint64_t va = VA(PAGE_REMAP) + 0x40;
    const uint64_t old_val = (UVS_U64(4) << 32) | 8, new_val = (UVS_U64(5) << 32) | 8;

    check(ST_LOAD, "load before the remap", request(OP_LOAD, va, 0), old_val);
    mem64(L0_PA)[L0_INDEX(PAGE_REMAP)] = pte(DATA_PA(4), LEAF_RW);
    fence();
    check(ST_STALE, "load after the PTE change, before IOTINVAL (IOTLB hit)", request(OP_LOAD, va, 0), old_val);
#ifndef SKIP_IOTINVAL
    command(UVS_IOMMU_CMD_OP_IOTINVAL | (UVS_IOMMU_CMD_F3_IOTINVAL_VMA << UVS_IOMMU_CMD_DW0_FUNC3_SHIFT) |
                UVS_IOMMU_CMD_IOTINVAL_DW0_AV_MASK | UVS_IOMMU_CMD_IOTINVAL_DW0_PSCV_MASK |
                ((uint64_t)PSCID << UVS_IOMMU_CMD_IOTINVAL_DW0_PSCID_SHIFT),
            (VA(PAGE_REMAP) >> 12) << UVS_IOMMU_CMD_IOTINVAL_DW1_ADDR_SHIFT);
#endif
    command(UVS_IOMMU_CMD_OP_IOFENCE | (UVS_IOMMU_CMD_F3_IOFENCE_C << UVS_IOMMU_CMD_DW0_FUNC3_SHIFT) |
                UVS_IOMMU_CMD_IOFENCE_DW0_PR_MASK | UVS_IOMMU_CMD_IOFENCE_DW0_PW_MASK,
            0);
    check(ST_IOTINVAL, "load after IOTINVAL", request(OP_LOAD, va, 0), new_val);
    check(ST_IOTINVAL, "cqcsr errors", *reg32(UVS_IOMMU_CQCSR_OFF) &
          (UVS_IOMMU_CQCSR_CQMF_MASK | UVS_IOMMU_CQCSR_CMD_ILL_MASK), 0);
}

/* The compute hart's performance counters of the SoC events (hpm.def
 * HPM_EV_EXT0..3) after the test: one page request (the store to the
 * non-valid page); walks for the first load, that page request, its replay,
 * the read-only store and the remapped load; wait cycles at least one per
 * translated access; parked cycles while hart 0 looked at the parked store. */
static void hpm_events(void)
{
    uint64_t wait = request(OP_HPM, 0, 0), walks = request(OP_HPM, 0, 1);
    uint64_t prq = request(OP_HPM, 0, 2), parked = request(OP_HPM, 0, 3);

    check(ST_HPM, "page requests counted (EXT2)", prq, 1);
    if (walks < 4 || walks > 12)
        fail(ST_HPM, "IOTLB misses counted (EXT1), want 4..12", walks, 4);
    if (wait < 2 * walks)
        fail(ST_HPM, "translated-access wait cycles (EXT0), want >= 2 per walk", wait, 2 * walks);
    if (parked < 1000)
        fail(ST_HPM, "parked cycles (EXT3), want >= 1000", parked, 1000);
}

/** iommu_soc_main - hart 0: the test; ends through tohost. */
void iommu_soc_main(void)
{
    __asm__ volatile("csrw mtvec, %0" ::"r"((uintptr_t)hart0_trap));
    check(ST_CAPS, "capabilities", *reg64(UVS_IOMMU_CAPABILITIES_OFF), UVS_IOMMU_CAPS_UVMSOC);
    setup();

    /* translated load and store */
    check(ST_LOAD, "load through the IOMMU", request(OP_LOAD, VA(PAGE_RW) + 0x18, 0), (UVS_U64(1) << 32) | 3);
    request(OP_STORE, VA(PAGE_RW) + 0x20, UVS_U64(0x0123456789abcdef));
    check(ST_STORE, "store through the IOMMU, in HBM", *mem64(DATA_PA(0) + 0x20), UVS_U64(0x0123456789abcdef));
    check(ST_AMO, "amoadd.d old value", request(OP_AMOADD, VA(PAGE_RW) + 0x20, 1), UVS_U64(0x0123456789abcdef));
    check(ST_AMO, "amoadd.d result in HBM", *mem64(DATA_PA(0) + 0x20), UVS_U64(0x0123456789abcdf0));
    check(ST_LOAD, "compute hart traps", mbox1.ntraps, 0);

    page_request_and_replay();
    write_fault();
    remap_and_invalidate();
    hpm_events();
    puts_("iommu_soc: PASS\n");
    finish(0);
}

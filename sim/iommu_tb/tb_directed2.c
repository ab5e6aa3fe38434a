/*
 * uvmsoc IOMMU testbench: directed tests of replayable page requests and
 * PAGE_REPLAY, queue back-pressure and overflow, the commands (RISC-V IOMMU
 * spec v1.0 3.1), queue memory faults and illegal commands, hit-under-miss.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "tb_dlib.h"
#include "tb_tests.h"

#define RWU (PTE_R | PTE_W | PTE_U | PTE_A | PTE_D)
#define CQCSR_ERR (UVS_IOMMU_CQCSR_CQMF_MASK | UVS_IOMMU_CQCSR_CMD_ILL_MASK)

/* Issue a request and run until it parks (stays without response). */
static int park_req(struct tb *tb, int port, uint32_t did, uint64_t iova, enum tb_kind k)
{
    EXPECT(tb, tb_issue(tb, port, did, iova, k, false) == 0, "port busy");
    TRY(tb_run(tb, 400));
    EXPECT(tb, tb->port[port].state == 2 && tb->port[port].exp == TB_EXP_PARKED,
           "port %d iova 0x%" PRIx64 " not parked (state %d exp %d)", port, iova, tb->port[port].state,
           tb->port[port].exp);
    return 0;
}

static int pq_expect(struct tb *tb, struct fx *f, uint32_t did, uint64_t page, bool w, unsigned *prgi)
{
    struct uvs_iommu_page_req r;
    int rc = tb_fw_pq_pop(tb, &f->fw, &r);
    TRY(rc);
    EXPECT(tb, rc == 1, "no page-request record for 0x%" PRIx64, page);
    EXPECT(tb, r.did == did && r.addr == page && r.w == w && r.r == !w && r.l && !r.pv,
           "page request did %u addr 0x%" PRIx64 " r%d w%d l%d, expected did %u addr 0x%" PRIx64 " w%d", r.did, r.addr,
           r.r, r.w, r.l, did, page, w);
    *prgi = r.prgi;
    return 0;
}

/* Replay read group g_r (its reads parked on ports rd0, rd1 complete; the
   write on port wr stays parked), then write group g_w (the write completes). */
static int replay_reads_then_write(struct tb *tb, struct fx *f, unsigned g_r, int rd0, int rd1, unsigned g_w,
                                   int wr)
{
    TRY(tb_fw_replay(tb, &f->fw, 1, g_r, UVS_IOMMU_PRG_RESP_SUCCESS));
    TRY(tb_wait_resp(tb, rd0, 2000));
    TRY(tb_wait_resp(tb, rd1, 2000));
    EXPECT(tb, tb->port[rd0].done && !tb->port[rd0].resp_err && tb->port[rd1].done && !tb->port[rd1].resp_err,
           "the read group's replay did not answer both reads (ports %d, %d)", rd0, rd1);
    EXPECT(tb, tb->port[wr].state == 2, "the write group was released by the read group's replay");
    TRY(tb_fw_replay(tb, &f->fw, 1, g_w, UVS_IOMMU_PRG_RESP_SUCCESS));
    TRY(tb_wait_resp(tb, wr, 2000));
    EXPECT(tb, tb->port[wr].done && !tb->port[wr].resp_err, "replayed write failed");
    return 0;
}

static int t_page_request(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_PRQ | TC_SADE));
    uint64_t v;
    /* two reads of one page: one group, one record; a write: a second group */
    TRY(park_req(tb, 0, 1, 0x7000, TB_LOAD));
    TRY(park_req(tb, 1, 1, 0x7008, TB_LOAD));
    TRY(park_req(tb, 2, 1, 0x7010, TB_STORE));
    EXPECT(tb, tb->irq, "no interrupt for the page requests");
    TRY(tb_reg_read(tb, R_IPSR, 4, &v));
    EXPECT(tb, v & UVS_IOMMU_IPSR_PIP_MASK, "ipsr.pip not set: 0x%" PRIx64, v);
    unsigned g_r, g_w, g_x;
    TRY(pq_expect(tb, &f, 1, 0x7000, false, &g_r));
    TRY(pq_expect(tb, &f, 1, 0x7000, true, &g_w));
    EXPECT(tb, g_r != g_w, "read and write groups share PRG index %u", g_r);
    struct uvs_iommu_page_req r;
    EXPECT(tb, tb_fw_pq_pop(tb, &f.fw, &r) == 0, "a third page-request record");
    TRY(tb_reg_write(tb, R_IPSR, 4, UVS_IOMMU_IPSR_PIP_MASK));
    /* a stale replay changes nothing; the page is mapped; replay the read group */
    TRY(tb_fw_replay(tb, &f.fw, 1, 77, UVS_IOMMU_PRG_RESP_SUCCESS));
    TRY(tb_quiet_walker(tb));
    tb_map(tb, f.root, 3, 0x7000, 0x2000070000ULL, 0, PTE_R | PTE_W | PTE_U);
    TRY(replay_reads_then_write(tb, &f, g_r, 0, 1, g_w, 2));
    EXPECT(tb, tb_mem_rd64(tb, tb_pte_addr(tb, f.root, 3, 0x7000, 0)) & PTE_D, "replayed write set no D");
    /* an exec request parks too (record r = 1) */
    TRY(park_req(tb, 3, 1, 0x9000, TB_FETCH));
    TRY(pq_expect(tb, &f, 1, 0x9000, false, &g_x));
    TRY(tb_fw_replay(tb, &f.fw, 1, g_x, UVS_IOMMU_PRG_RESP_INVALID));
    TRY(tb_wait_resp(tb, 3, 2000));
    EXPECT(tb, tb->port[3].done && tb->port[3].resp_err, "failed group not answered with err");
    return fx_no_fault(tb, &f);
}

/*
 * A read that two waiting groups of its page could take (a read group and a
 * write group) joins the one with the lowest park slot, as the model's
 * find_group: the read group parked first (slot 0) from port 1, the write
 * group (slot 1) from port 0, so the lowest slot is not the lowest park
 * entry (port x IDS + id). Replaying the read group answers the late read.
 */
static int t_join_lowest_slot(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_PRQ | TC_SADE));
    unsigned g_r, g_w;
    TRY(park_req(tb, 1, 1, 0x7000, TB_LOAD));
    TRY(park_req(tb, 0, 1, 0x7010, TB_STORE));
    TRY(park_req(tb, 2, 1, 0x7020, TB_LOAD));
    TRY(pq_expect(tb, &f, 1, 0x7000, false, &g_r));
    TRY(pq_expect(tb, &f, 1, 0x7000, true, &g_w));
    struct uvs_iommu_page_req r;
    EXPECT(tb, tb_fw_pq_pop(tb, &f.fw, &r) == 0, "the late read opened a group of its own");
    tb_map(tb, f.root, 3, 0x7000, 0x2000070000ULL, 0, PTE_R | PTE_W | PTE_U);
    /* (a late read that joined the write group stays parked: the first EXPECT fails) */
    TRY(replay_reads_then_write(tb, &f, g_r, 1, 2, g_w, 0));
    return fx_no_fault(tb, &f);
}

/*
 * tc.UVS_PRQW (read-mostly duplicates): a store to a read-only leaf, cached
 * in the IOTLB by a load, parks as a page request with W; after the PTE gets
 * W the replayed store completes and sets D. Without UVS_PRQW the same store
 * is a non-replayable page fault (cause 15).
 */
static int t_write_permission(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_PRQ | TC_SADE | TC_PRQW));
    tb_map(tb, f.root, 3, 0x7000, 0x2000070000ULL, 0, PTE_R | PTE_U | PTE_A); /* read-only */
    EXPECT(tb, fx_req(tb, 0, 1, 0x7008, TB_LOAD, false) == 0, "load from the read-only page failed");
    TRY(park_req(tb, 1, 1, 0x7010, TB_STORE));
    unsigned g;
    TRY(pq_expect(tb, &f, 1, 0x7000, true, &g));
    TRY(fx_no_fault(tb, &f));
    uint64_t pte_addr = tb_pte_addr(tb, f.root, 3, 0x7000, 0);
    EXPECT(tb, !(tb_mem_rd64(tb, pte_addr) & (PTE_W | PTE_D)), "the parked store changed the PTE");
    tb_mem_wr64(tb, pte_addr, tb_mem_rd64(tb, pte_addr) | PTE_W);
    TRY(tb_fw_replay(tb, &f.fw, 1, g, UVS_IOMMU_PRG_RESP_SUCCESS));
    TRY(tb_wait_resp(tb, 1, 2000));
    EXPECT(tb, tb->port[1].done && !tb->port[1].resp_err, "replayed store failed");
    EXPECT(tb, tb_mem_rd64(tb, pte_addr) & PTE_D, "replayed store set no D");
    /* Another context without UVS_PRQW: the store to a read-only page is a page fault. */
    TRY(tb_fw_dc_simple(tb, &f.fw, 2, TC_PRQ | TC_SADE, 9, UVS_IOMMU_IOSATP_SV39, f.root));
    tb_map(tb, f.root, 3, 0x9000, 0x2000090000ULL, 0, PTE_R | PTE_U | PTE_A);
    EXPECT(tb, fx_req(tb, 2, 2, 0x9000, TB_STORE, false) == 1, "store to a read-only page without PRQW succeeded");
    return fx_fault(tb, &f, 15, 2, 0x9000);
}

static int t_replay_fail(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_PRQ));
    unsigned g;
    TRY(park_req(tb, 0, 1, 0x3000, TB_LOAD));
    TRY(pq_expect(tb, &f, 1, 0x3000, false, &g));
    TRY(tb_fw_replay(tb, &f.fw, 1, g, UVS_IOMMU_PRG_RESP_FAILURE));
    TRY(tb_wait_resp(tb, 0, 2000));
    EXPECT(tb, tb->port[0].done && tb->port[0].resp_err, "Response Failure not answered with err");
    /* replay without mapping: the request meets V = 0 again and asks again */
    TRY(park_req(tb, 0, 1, 0x3000, TB_LOAD));
    TRY(pq_expect(tb, &f, 1, 0x3000, false, &g));
    TRY(tb_fw_replay(tb, &f.fw, 1, g, UVS_IOMMU_PRG_RESP_SUCCESS));
    TRY(tb_run(tb, 400));
    EXPECT(tb, tb->port[0].exp == TB_EXP_PARKED, "replay of an unmapped page did not park again");
    TRY(pq_expect(tb, &f, 1, 0x3000, false, &g));
    /* the page-request queue turned off: the request becomes a non-replayable fault */
    TRY(tb_reg_write(tb, R_PQCSR, 4, 0));
    TRY(tb_fw_replay(tb, &f.fw, 1, g, UVS_IOMMU_PRG_RESP_SUCCESS));
    TRY(tb_wait_resp(tb, 0, 2000));
    EXPECT(tb, tb->port[0].done && tb->port[0].resp_err, "no fault with the page-request queue off");
    return fx_fault(tb, &f, 13, 1, 0x3000);
}

static int t_pq_full(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_PRQ));
    /* 2-entry page-request queue: room for one record */
    TRY(tb_reg_write(tb, R_PQCSR, 4, 0));
    f.fw.pq_lsz = 0;
    f.fw.pq_head = 0;
    TRY(tb_reg_write(tb, R_PQB, 8, ((f.fw.pq >> 12) << 10) | 0));
    TRY(tb_reg_write(tb, R_PQCSR, 4, 3));
    unsigned g;
    uint64_t v;
    TRY(park_req(tb, 0, 1, 0x1000, TB_LOAD));
    EXPECT(tb, tb_issue(tb, 1, 1, 0x2000, TB_LOAD, false) == 0, "port busy");
    TRY(tb_run(tb, 500));
    EXPECT(tb, tb->port[1].state == 2 && tb->port[1].exp == TB_EXP_RETRY, "full queue: request not held (exp %d)",
           tb->port[1].exp);
    TRY(tb_reg_read(tb, R_PQCSR, 4, &v));
    EXPECT(tb, v & UVS_IOMMU_PQCSR_PQOF_MASK, "pqof not set: 0x%" PRIx64, v);
    /* drain, serve the first page; the second stays stalled while pqof is set */
    TRY(pq_expect(tb, &f, 1, 0x1000, false, &g));
    TRY(tb_quiet_walker(tb));
    tb_map(tb, f.root, 3, 0x1000, 0x2000100000ULL, 0, RWU);
    tb_map(tb, f.root, 3, 0x2000, 0x2000200000ULL, 0, RWU);
    TRY(tb_fw_replay(tb, &f.fw, 1, g, 0));
    TRY(tb_wait_resp(tb, 0, 2000));
    TRY(tb_run(tb, 500));
    EXPECT(tb, tb->port[1].state == 2, "request answered while pqof was set");
    uint64_t retries = tb->st.retries;
    TRY(tb_reg_write(tb, R_PQCSR, 4, 3 | UVS_IOMMU_PQCSR_PQOF_MASK)); /* clear pqof */
    TRY(tb_wait_resp(tb, 1, 2000));
    EXPECT(tb, tb->port[1].done && !tb->port[1].resp_err, "retried request failed");
    EXPECT(tb, tb->st.retries == retries, "the retry met the full queue again");
    return 0;
}

/* Ports p1 and p2 hold requests with no response; returns 0 or -1. */
static int held(struct tb *tb, int p1, int p2, const char *what)
{
    EXPECT(tb, tb->port[p1].state == 2 && tb->port[p1].exp == TB_EXP_RETRY && tb->port[p2].state == 2 &&
                   tb->port[p2].exp == TB_EXP_RETRY,
           "%s: requests not held (port %d state %d exp %d, port %d state %d exp %d)", what, p1, tb->port[p1].state,
           tb->port[p1].exp, p2, tb->port[p2].state, tb->port[p2].exp);
    return 0;
}

/*
 * A full fault queue loses nothing (uvmsoc deviation from spec 5.16): fqof
 * is set, the faulting requesters stall without a response until software
 * has made room and cleared fqof, then each record is written and its
 * requester gets err.
 */
static int t_fq_overflow(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, 0));
    /* 2-entry fault queue: room for one record */
    TRY(tb_reg_write(tb, R_FQCSR, 4, 0));
    f.fw.fq_lsz = 0;
    f.fw.fq_head = 0;
    TRY(tb_reg_write(tb, R_FQB, 8, ((f.fw.fq >> 12) << 10) | 0));
    TRY(tb_reg_write(tb, R_FQCSR, 4, 3));
    EXPECT(tb, fx_req(tb, 0, 1, 0x1000, TB_LOAD, false) == 1, "first fault not answered with err");
    EXPECT(tb, tb_issue(tb, 1, 1, 0x2000, TB_LOAD, false) == 0, "port busy");
    EXPECT(tb, tb_issue(tb, 2, 1, 0x3000, TB_STORE, false) == 0, "port busy");
    TRY(tb_run(tb, 500));
    TRY(held(tb, 1, 2, "full fault queue"));
    uint64_t v;
    TRY(tb_reg_read(tb, R_FQCSR, 4, &v));
    EXPECT(tb, v & UVS_IOMMU_FQCSR_FQOF_MASK, "fqof not set: 0x%" PRIx64, v);
    TRY(tb_reg_read(tb, R_IPSR, 4, &v));
    EXPECT(tb, v & UVS_IOMMU_IPSR_FIP_MASK, "fip not set");
    /* translation of other requests goes on meanwhile */
    TRY(tb_quiet_walker(tb));
    tb_map(tb, f.root, 3, 0x5000, 0x2000005000ULL, 0, RWU);
    EXPECT(tb, fx_req(tb, 0, 1, 0x5000, TB_LOAD, false) == 0, "translation stopped by the full fault queue");
    /* room (fqh advanced) is not enough while fqof is set */
    TRY(fx_fault(tb, &f, 13, 1, 0x1000));
    TRY(tb_run(tb, 500));
    TRY(held(tb, 1, 2, "room, fqof still set"));
    /* fqof cleared: one held fault takes the free slot and gets err; the other
     * meets a full queue again (fqof set again) and stays held */
    TRY(tb_reg_write(tb, R_FQCSR, 4, 3 | UVS_IOMMU_FQCSR_FQOF_MASK));
    TRY(tb_run(tb, 500));
    int first = tb->port[1].state == 0 ? 1 : 2, second = 3 - first;
    EXPECT(tb, tb->port[first].state == 0 && tb->port[first].done && tb->port[first].resp_err,
           "no held fault answered after fqof was cleared");
    EXPECT(tb, tb->port[second].state == 2 && tb->port[second].exp == TB_EXP_RETRY, "second fault not held");
    TRY(tb_reg_read(tb, R_FQCSR, 4, &v));
    EXPECT(tb, v & UVS_IOMMU_FQCSR_FQOF_MASK, "fqof not set again: 0x%" PRIx64, v);
    TRY(fx_fault(tb, &f, first == 1 ? 13 : 15, 1, first == 1 ? 0x2000 : 0x3000));
    TRY(tb_reg_write(tb, R_FQCSR, 4, 3 | UVS_IOMMU_FQCSR_FQOF_MASK));
    TRY(tb_wait_resp(tb, second, 2000));
    EXPECT(tb, tb->port[second].done && tb->port[second].resp_err, "second held fault not answered with err");
    TRY(fx_fault(tb, &f, second == 1 ? 13 : 15, 1, second == 1 ? 0x2000 : 0x3000));
    TRY(fx_no_fault(tb, &f));
    /* a held fault is released with its err when the fault queue is turned off (nothing to keep it for) */
    EXPECT(tb, fx_req(tb, 0, 1, 0x6000, TB_LOAD, false) == 1, "fault not answered");
    EXPECT(tb, tb_issue(tb, 1, 1, 0x7000, TB_LOAD, false) == 0, "port busy");
    TRY(tb_run(tb, 500));
    EXPECT(tb, tb->port[1].state == 2 && tb->port[1].exp == TB_EXP_RETRY, "fault not held");
    TRY(tb_reg_write(tb, R_FQCSR, 4, 0));
    TRY(tb_wait_resp(tb, 1, 2000));
    EXPECT(tb, tb->port[1].done && tb->port[1].resp_err, "fault not answered with the fault queue off");
    return 0;
}

static int t_iotinval(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_ENS));
    uint64_t root2 = tb_alloc_page(tb);
    TRY(tb_fw_dc_simple(tb, &f.fw, 2, TC_ENS, 2, UVS_IOMMU_IOSATP_SV39, root2));
    uint64_t a1 = tb_map(tb, f.root, 3, 0x1000, 0x2000001000ULL, 0, RWU);
    uint64_t a2 = tb_map(tb, root2, 3, 0x1000, 0x2000002000ULL, 0, RWU);
    uint64_t ag = tb_map(tb, f.root, 3, 0x200000, 0x2000400000ULL, 1, RWU | PTE_G);
    EXPECT(tb, a1 && a2 && ag, "map failed");
    /* warm the IOTLB */
    EXPECT(tb, fx_req(tb, 0, 1, 0x1000, TB_LOAD, false) == 0, "load 1");
    EXPECT(tb, fx_req(tb, 0, 2, 0x1000, TB_LOAD, false) == 0, "load 2");
    EXPECT(tb, fx_req(tb, 0, 1, 0x200000, TB_LOAD, false) == 0, "load g");
    /* remap everything behind the IOMMU's back: cached translations stay */
    TRY(tb_quiet_walker(tb));
    tb_mem_wr64(tb, a1, ((0x2000011000ULL >> 12) << 10) | PTE_V | RWU);
    tb_mem_wr64(tb, a2, ((0x2000012000ULL >> 12) << 10) | PTE_V | RWU);
    tb_mem_wr64(tb, ag, ((0x2000600000ULL >> 12) << 10) | PTE_V | RWU | PTE_G);
    EXPECT(tb, fx_req(tb, 1, 1, 0x1000, TB_LOAD, false) == 0 && tb->port[1].exp_pa == 0x2000001000ULL &&
                   !tb->port[1].walked, "stale entry not used before invalidation");
    /* GV = 1: nothing (no guest address spaces) */
    struct uvs_iommu_cmd c = {.opcode = UVS_IOMMU_CMD_OP_IOTINVAL, .func3 = UVS_IOMMU_CMD_F3_IOTINVAL_VMA, .gv = true};
    TRY(fx_cmd(tb, &f, &c));
    EXPECT(tb, fx_req(tb, 1, 1, 0x1000, TB_LOAD, false) == 0 && tb->port[1].exp_pa == 0x2000001000ULL,
           "GV invalidation dropped an entry");
    /* PSCV (pscid 1) + AV: only that page of that space */
    c = (struct uvs_iommu_cmd){.opcode = UVS_IOMMU_CMD_OP_IOTINVAL, .func3 = UVS_IOMMU_CMD_F3_IOTINVAL_VMA,
                               .pscv = true, .pscid = 1, .av = true, .addr = 0x1000};
    TRY(fx_cmd(tb, &f, &c));
    EXPECT(tb, fx_req(tb, 1, 1, 0x1000, TB_LOAD, false) == 0 && tb->port[1].exp_pa == 0x2000011000ULL,
           "address invalidation did not take effect (pa 0x%" PRIx64 ")", tb->port[1].exp_pa);
    EXPECT(tb, fx_req(tb, 1, 2, 0x1000, TB_LOAD, false) == 0 && tb->port[1].exp_pa == 0x2000002000ULL,
           "another space's entry was invalidated");
    /* PSCV without AV: that space's entries except global ones */
    c = (struct uvs_iommu_cmd){.opcode = UVS_IOMMU_CMD_OP_IOTINVAL, .func3 = UVS_IOMMU_CMD_F3_IOTINVAL_VMA,
                               .pscv = true, .pscid = 2};
    TRY(fx_cmd(tb, &f, &c));
    EXPECT(tb, fx_req(tb, 2, 2, 0x1000, TB_LOAD, false) == 0 && tb->port[2].exp_pa == 0x2000012000ULL,
           "PSCID invalidation did not take effect");
    c.pscid = 1;
    TRY(fx_cmd(tb, &f, &c));
    EXPECT(tb, fx_req(tb, 2, 1, 0x200008, TB_LOAD, false) == 0 && tb->port[2].exp_pa == 0x2000400008ULL,
           "PSCID invalidation dropped a global entry");
    /* everything */
    c = (struct uvs_iommu_cmd){.opcode = UVS_IOMMU_CMD_OP_IOTINVAL, .func3 = UVS_IOMMU_CMD_F3_IOTINVAL_VMA};
    TRY(fx_cmd(tb, &f, &c));
    EXPECT(tb, fx_req(tb, 3, 1, 0x200008, TB_LOAD, false) == 0 && tb->port[3].exp_pa == 0x2000600008ULL,
           "global invalidation kept an entry");
    return 0;
}

static int t_iodir(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, 0));
    uint64_t root2 = tb_alloc_page(tb);
    tb_map(tb, f.root, 3, 0x1000, 0x2000001000ULL, 0, RWU);
    tb_map(tb, root2, 3, 0x1000, 0x2000002000ULL, 0, RWU);
    EXPECT(tb, fx_req(tb, 0, 1, 0x1000, TB_LOAD, false) == 0, "load");
    /* new context for device 1 (another space): cached until IODIR */
    TRY(tb_quiet_walker(tb));
    TRY(tb_fw_dc_simple(tb, &f.fw, 1, 0, 7, UVS_IOMMU_IOSATP_SV39, root2));
    EXPECT(tb, fx_req(tb, 0, 1, 0x1000, TB_LOAD, false) == 0 && tb->port[0].exp_pa == 0x2000001000ULL,
           "device context re-read without IODIR");
    struct uvs_iommu_cmd c = {.opcode = UVS_IOMMU_CMD_OP_IODIR, .func3 = UVS_IOMMU_CMD_F3_IODIR_INVAL_DDT,
                              .dv = true, .did = 5};
    TRY(fx_cmd(tb, &f, &c));
    EXPECT(tb, fx_req(tb, 0, 1, 0x1000, TB_LOAD, false) == 0 && tb->port[0].exp_pa == 0x2000001000ULL,
           "IODIR of another device dropped device 1");
    c.did = 1;
    TRY(fx_cmd(tb, &f, &c));
    EXPECT(tb, fx_req(tb, 0, 1, 0x1000, TB_LOAD, false) == 0 && tb->port[0].exp_pa == 0x2000002000ULL,
           "IODIR DV did not take effect (pa 0x%" PRIx64 ")", tb->port[0].exp_pa);
    TRY(tb_quiet_walker(tb));
    TRY(tb_fw_dc_simple(tb, &f.fw, 1, 0, 1, UVS_IOMMU_IOSATP_SV39, f.root));
    c.dv = false;
    c.did = 0;
    TRY(fx_cmd(tb, &f, &c));
    EXPECT(tb, fx_req(tb, 0, 1, 0x1000, TB_LOAD, false) == 0 && tb->port[0].exp_pa == 0x2000001000ULL,
           "IODIR all did not take effect");
    /* DV with a device_id too wide for 1LVL: illegal */
    TRY(tb_fw_cmd_raw(tb, &f.fw, UVS_IOMMU_CMD_OP_IODIR | UVS_IOMMU_CMD_IODIR_DW0_DV_MASK | (0x80ULL << 40), 0));
    int64_t csr = tb_fw_cmd_sync(tb, &f.fw, 5000);
    EXPECT(tb, csr >= 0 && (csr & UVS_IOMMU_CQCSR_CMD_ILL_MASK), "wide IODIR DID accepted");
    return 0;
}

static int t_iofence(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, 0));
    uint64_t data = tb_alloc_page(tb);
    struct uvs_iommu_cmd c = {.opcode = UVS_IOMMU_CMD_OP_IOFENCE, .func3 = UVS_IOMMU_CMD_F3_IOFENCE_C,
                              .av = true, .data = 0xcafef00d, .addr = data + 4, .pr = true, .pw = true};
    TRY(fx_cmd(tb, &f, &c));
    EXPECT(tb, tb_mem_rd64(tb, data) == 0xcafef00d00000000ULL, "IOFENCE.C data: 0x%" PRIx64, tb_mem_rd64(tb, data));
    EXPECT(tb, !tb->irq, "interrupt before WSI");
    c = (struct uvs_iommu_cmd){.opcode = UVS_IOMMU_CMD_OP_IOFENCE, .func3 = UVS_IOMMU_CMD_F3_IOFENCE_C, .wsi = true};
    TRY(fx_cmd(tb, &f, &c));
    uint64_t v;
    TRY(tb_reg_read(tb, R_CQCSR, 4, &v));
    EXPECT(tb, v & UVS_IOMMU_CQCSR_FENCE_W_IP_MASK, "fence_w_ip not set: 0x%" PRIx64, v);
    TRY(tb_reg_read(tb, R_IPSR, 4, &v));
    EXPECT(tb, (v & UVS_IOMMU_IPSR_CIP_MASK) && tb->irq, "cip/irq not set");
    /* clearing cip while fence_w_ip stays set: cip comes back (level) */
    TRY(tb_reg_write(tb, R_IPSR, 4, UVS_IOMMU_IPSR_CIP_MASK));
    TRY(tb_reg_read(tb, R_IPSR, 4, &v));
    EXPECT(tb, v & UVS_IOMMU_IPSR_CIP_MASK, "cip cleared while its cause persists");
    TRY(tb_reg_write(tb, R_CQCSR, 4, 3 | UVS_IOMMU_CQCSR_FENCE_W_IP_MASK));
    TRY(tb_reg_write(tb, R_IPSR, 4, UVS_IOMMU_IPSR_CIP_MASK));
    TRY(tb_run(tb, 2));
    EXPECT(tb, !tb->irq, "interrupt stays after clearing");
    /* a data store outside memory: cqmf, cqh stays */
    c = (struct uvs_iommu_cmd){.opcode = UVS_IOMMU_CMD_OP_IOFENCE, .func3 = UVS_IOMMU_CMD_F3_IOFENCE_C, .av = true,
                               .data = 1, .addr = 0x40};
    TRY(tb_fw_cmd(tb, &f.fw, &c));
    int64_t csr = tb_fw_cmd_sync(tb, &f.fw, 5000);
    EXPECT(tb, csr >= 0 && (csr & UVS_IOMMU_CQCSR_CQMF_MASK), "bad IOFENCE address: no cqmf");
    return 0;
}

static int t_cmd_illegal(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, 0));
    tb_map(tb, f.root, 3, 0x1000, 0x2000001000ULL, 0, RWU);
    static const uint64_t bad[][2] = {
        {5, 0},                                             /* unknown opcode */
        {UVS_IOMMU_CMD_OP_ATS, 0},                          /* ATS: unsupported */
        {64 | (1u << 7), 0},                                /* custom opcode 64, func3 1 */
        {90, 0},                                            /* unused custom opcode */
        {UVS_IOMMU_CMD_OP_IOTINVAL | (1ULL << 1 << 7), 0},  /* IOTINVAL.GVMA */
        {UVS_IOMMU_CMD_OP_IOTINVAL | (1ULL << 11), 0},      /* reserved bit */
        {UVS_IOMMU_CMD_OP_IODIR, 1},                        /* dw1 reserved */
        {UVS_IOMMU_CMD_OP_UVS_PAGE_REPLAY, 2ULL << 44},     /* undefined response code */
        {UVS_IOMMU_CMD_OP_IOFENCE, 3ULL << 62},             /* ADDR beyond bit 63 */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t h0, h1, v;
        TRY(tb_reg_read(tb, R_CQH, 4, &h0));
        TRY(tb_fw_cmd_raw(tb, &f.fw, bad[i][0], bad[i][1]));
        int64_t csr = tb_fw_cmd_sync(tb, &f.fw, 5000);
        EXPECT(tb, csr >= 0 && (csr & UVS_IOMMU_CQCSR_CMD_ILL_MASK), "command %zu (0x%" PRIx64 ") not illegal", i,
               bad[i][0]);
        TRY(tb_reg_read(tb, R_CQH, 4, &h1));
        EXPECT(tb, h1 == h0, "cqh moved past an illegal command");
        /* translation keeps working while the queue is stopped */
        EXPECT(tb, fx_req(tb, (int)i % TB_PORTS, 1, 0x1000, TB_LOAD, false) == 0, "translation stopped");
        /* software replaces the command by an IOFENCE.C and clears cmd_ill */
        tb_mem_wr64(tb, f.fw.cq + h1 * 16, UVS_IOMMU_CMD_OP_IOFENCE);
        tb_mem_wr64(tb, f.fw.cq + h1 * 16 + 8, 0);
        TRY(tb_reg_write(tb, R_CQCSR, 4, 3 | UVS_IOMMU_CQCSR_CMD_ILL_MASK));
        csr = tb_fw_cmd_sync(tb, &f.fw, 5000);
        EXPECT(tb, csr >= 0 && !(csr & CQCSR_ERR), "queue did not resume");
        TRY(tb_reg_read(tb, R_IPSR, 4, &v));
        TRY(tb_reg_write(tb, R_IPSR, 4, v));
    }
    return 0;
}

static int t_queue_bases(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_PRQ));
    uint64_t v;
    /* command queue beyond memory: cqmf on the first fetch */
    TRY(tb_reg_write(tb, R_CQCSR, 4, 0));
    TRY(tb_reg_write(tb, R_CQB, 8, (0x1234567ULL << 10) | 5));
    TRY(tb_reg_write(tb, R_CQCSR, 4, 3));
    tb->cq_tail = 0;
    struct uvs_iommu_cmd c = {.opcode = UVS_IOMMU_CMD_OP_IOFENCE, .func3 = UVS_IOMMU_CMD_F3_IOFENCE_C};
    TRY(tb_reg_write(tb, R_CQT, 4, 1));
    TRY(tb_run(tb, 200));
    TRY(tb_reg_read(tb, R_CQCSR, 4, &v));
    EXPECT(tb, v & UVS_IOMMU_CQCSR_CQMF_MASK, "cqmf not set for a queue outside memory: 0x%" PRIx64, v);
    /* fix: off, good base (an 8-KiB queue at an 8-KiB-aligned base), on again */
    TRY(tb_reg_write(tb, R_CQCSR, 4, 0));
    f.fw.cq = tb_alloc_aligned(tb, 8192);
    EXPECT(tb, f.fw.cq, "out of memory");
    TRY(tb_reg_write(tb, R_CQB, 8, ((f.fw.cq >> 12) << 10) | 8));
    f.fw.cq_lsz = 8;
    TRY(tb_reg_write(tb, R_CQT, 4, 0));
    TRY(tb_reg_write(tb, R_CQCSR, 4, 3));
    tb->cq_tail = 0;
    TRY(fx_cmd(tb, &f, &c));
    /* fault queue beyond memory: fqmf, the requester still gets its error */
    TRY(tb_reg_write(tb, R_FQCSR, 4, 0));
    TRY(tb_reg_write(tb, R_FQB, 8, (0x1234567ULL << 10) | 3));
    TRY(tb_reg_write(tb, R_FQCSR, 4, 3));
    TRY(tb_fw_dc_simple(tb, &f.fw, 2, 0, 2, UVS_IOMMU_IOSATP_SV39, f.root));
    EXPECT(tb, fx_req(tb, 0, 2, 0x1000, TB_LOAD, false) == 1, "fault not answered");
    TRY(tb_reg_read(tb, R_FQCSR, 4, &v));
    EXPECT(tb, v & UVS_IOMMU_FQCSR_FQMF_MASK, "fqmf not set: 0x%" PRIx64, v);
    /* page-request queue beyond memory: pqmf, the request stalls (not lost) */
    TRY(tb_reg_write(tb, R_PQCSR, 4, 0));
    TRY(tb_reg_write(tb, R_PQB, 8, (0x1234567ULL << 10) | 3));
    TRY(tb_reg_write(tb, R_PQCSR, 4, 3));
    EXPECT(tb, tb_issue(tb, 1, 1, 0x5000, TB_LOAD, false) == 0, "port busy");
    TRY(tb_run(tb, 400));
    EXPECT(tb, tb->port[1].state == 2 && tb->port[1].exp == TB_EXP_RETRY, "pqmf: request not held");
    TRY(tb_reg_read(tb, R_PQCSR, 4, &v));
    EXPECT(tb, v & UVS_IOMMU_PQCSR_PQMF_MASK, "pqmf not set: 0x%" PRIx64, v);
    /* fix the base; re-enabling clears pqmf; the held request retries and parks */
    TRY(tb_reg_write(tb, R_PQCSR, 4, 0));
    TRY(tb_reg_write(tb, R_PQB, 8, ((f.fw.pq >> 12) << 10) | 3));
    TRY(tb_reg_write(tb, R_PQCSR, 4, 3));
    f.fw.pq_head = 0;
    TRY(tb_run(tb, 400));
    EXPECT(tb, tb->port[1].exp == TB_EXP_PARKED, "held request did not park after the fix");
    unsigned g;
    TRY(pq_expect(tb, &f, 1, 0x5000, false, &g));
    TRY(tb_quiet_walker(tb));
    tb_map(tb, f.root, 3, 0x5000, 0x2000005000ULL, 0, RWU);
    TRY(tb_fw_replay(tb, &f.fw, 1, g, 0));
    TRY(tb_wait_resp(tb, 1, 3000));
    EXPECT(tb, tb->port[1].done && !tb->port[1].resp_err, "request lost after pqmf");
    return 0;
}

/* Turn queue (csr register rcsr, base rb) off, write base pa with LOG2SZ-1 lsz, turn it on; *csr = its qcsr. */
static int queue_on(struct tb *tb, uint32_t rcsr, uint32_t rb, uint64_t pa, unsigned lsz, uint64_t *csr)
{
    TRY(tb_reg_write(tb, rcsr, 4, 0));
    TRY(tb_reg_write(tb, rb, 8, ((pa >> 12) << 10) | lsz));
    TRY(tb_reg_write(tb, rcsr, 4, 3));
    return tb_reg_read(tb, rcsr, 4, csr);
}

/*
 * Queue bases not naturally aligned to a queue above 4 KiB (spec 5.6/5.9/
 * 5.12): the queue turns on with cqmf/fqmf/pqmf set and its memory is never
 * accessed; clearing the bit does not help; translation goes on; a correct
 * base then works.
 */
static int t_queue_misaligned(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_PRQ));
    uint64_t odd = tb_alloc_aligned(tb, 8192), good = tb_alloc_aligned(tb, 8192);
    EXPECT(tb, odd && good, "out of memory");
    odd += 4096; /* 8-KiB queue at a page that is not 8-KiB aligned */
    tb_map(tb, f.root, 3, 0x1000, 0x2000001000ULL, 0, RWU);
    tb_map(tb, f.root, 3, 0x2000, 0x2000002000ULL, 0, PTE_R | PTE_U | PTE_A); /* read-only */
    uint64_t v, h;
    /* command queue: 512 x 16 B */
    TRY(queue_on(tb, R_CQCSR, R_CQB, odd, 8, &v));
    EXPECT(tb, v == (0x10003 | UVS_IOMMU_CQCSR_CQMF_MASK), "misaligned cqb: cqcsr 0x%" PRIx64, v);
    tb_mem_wr64(tb, odd, UVS_IOMMU_CMD_OP_IOFENCE);
    tb->cq_tail = 0;
    TRY(tb_reg_write(tb, R_CQT, 4, 1));
    TRY(tb_reg_write(tb, R_CQCSR, 4, 3 | UVS_IOMMU_CQCSR_CQMF_MASK));
    TRY(tb_run(tb, 200));
    TRY(tb_reg_read(tb, R_CQCSR, 4, &v));
    TRY(tb_reg_read(tb, R_CQH, 4, &h));
    EXPECT(tb, (v & UVS_IOMMU_CQCSR_CQMF_MASK) && h == 0, "misaligned cqb: cqmf cleared or command run (0x%" PRIx64
           ", cqh %" PRIu64 ")", v, h);
    EXPECT(tb, tb->irq, "no interrupt for cqmf");
    EXPECT(tb, fx_req(tb, 0, 1, 0x1000, TB_LOAD, false) == 0, "translation stopped");
    /* fault queue: 256 x 32 B; a fault's record is discarded (fqmf), err answered */
    TRY(queue_on(tb, R_FQCSR, R_FQB, odd, 7, &v));
    EXPECT(tb, v == (0x10003 | UVS_IOMMU_FQCSR_FQMF_MASK), "misaligned fqb: fqcsr 0x%" PRIx64, v);
    EXPECT(tb, fx_req(tb, 1, 1, 0x2000, TB_STORE, false) == 1, "fault not answered with err");
    TRY(tb_reg_read(tb, R_FQT, 4, &v));
    EXPECT(tb, v == 0, "record written through a misaligned fqb (fqt %" PRIu64 ")", v);
    /* page-request queue: 512 x 16 B; the page request is held (pqmf) */
    TRY(queue_on(tb, R_PQCSR, R_PQB, odd, 8, &v));
    EXPECT(tb, v == (0x10003 | UVS_IOMMU_PQCSR_PQMF_MASK), "misaligned pqb: pqcsr 0x%" PRIx64, v);
    EXPECT(tb, tb_issue(tb, 2, 1, 0x9000, TB_LOAD, false) == 0, "port busy");
    TRY(tb_run(tb, 400));
    EXPECT(tb, tb->port[2].state == 2 && tb->port[2].exp == TB_EXP_RETRY, "pqmf: request not held");
    TRY(tb_check_memory(tb));
    for (int i = 0; i < 512; i++)
        EXPECT(tb, tb_mem_rd64(tb, odd + 8 * (uint64_t)i) == (i ? 0 : UVS_IOMMU_CMD_OP_IOFENCE),
               "misaligned queue memory written at +0x%x", 8 * i);
    /* correct 8-KiB bases: everything works again, nothing lost */
    uint64_t fq = tb_alloc_aligned(tb, 8192), pq = tb_alloc_aligned(tb, 8192);
    EXPECT(tb, fq && pq, "out of memory");
    TRY(queue_on(tb, R_PQCSR, R_PQB, pq, 8, &v));
    EXPECT(tb, v == 0x10003, "aligned pqb: pqcsr 0x%" PRIx64, v);
    f.fw.pq = pq;
    f.fw.pq_lsz = 8;
    f.fw.pq_head = 0;
    TRY(tb_reg_write(tb, R_PQH, 4, 0));
    TRY(tb_run(tb, 400));
    EXPECT(tb, tb->port[2].exp == TB_EXP_PARKED, "held request did not park after the fix");
    unsigned g;
    TRY(pq_expect(tb, &f, 1, 0x9000, false, &g));
    TRY(queue_on(tb, R_FQCSR, R_FQB, fq, 7, &v));
    EXPECT(tb, v == 0x10003, "aligned fqb: fqcsr 0x%" PRIx64, v);
    f.fw.fq = fq;
    f.fw.fq_lsz = 7;
    f.fw.fq_head = 0;
    TRY(tb_reg_write(tb, R_FQH, 4, 0));
    EXPECT(tb, fx_req(tb, 1, 1, 0x2000, TB_STORE, false) == 1, "fault not answered with err");
    TRY(fx_fault(tb, &f, 15, 1, 0x2000));
    TRY(tb_reg_write(tb, R_CQCSR, 4, 0));
    TRY(tb_reg_write(tb, R_CQT, 4, 0)); /* software's index, kept by cqen 0->1 */
    tb->cq_tail = 0;
    TRY(queue_on(tb, R_CQCSR, R_CQB, good, 8, &v));
    EXPECT(tb, v == 0x10003, "aligned cqb: cqcsr 0x%" PRIx64, v);
    f.fw.cq = good;
    f.fw.cq_lsz = 8;
    TRY(tb_fw_replay(tb, &f.fw, 1, g, UVS_IOMMU_PRG_RESP_INVALID));
    TRY(tb_wait_resp(tb, 2, 3000));
    EXPECT(tb, tb->port[2].done && tb->port[2].resp_err, "replayed group not answered");
    struct uvs_iommu_cmd c = {.opcode = UVS_IOMMU_CMD_OP_IOFENCE, .func3 = UVS_IOMMU_CMD_F3_IOFENCE_C};
    return fx_cmd(tb, &f, &c);
}

static int t_hit_under_miss(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, 0));
    tb_map(tb, f.root, 3, 0x1000, 0x2000001000ULL, 0, RWU);
    tb_map(tb, f.root, 3, 0x40000000, 0x2000100000ULL, 0, RWU); /* other level-1 and level-0 tables */
    EXPECT(tb, fx_req(tb, 1, 1, 0x1000, TB_LOAD, false) == 0, "warm-up");
    EXPECT(tb, tb_issue(tb, 0, 1, 0x40000000, TB_LOAD, false) == 0, "port busy");
    TRY(tb_run(tb, 3));
    unsigned hits = 0;
    while (tb->port[0].state != 0 && hits < 1000) {
        EXPECT(tb, fx_req(tb, 1, 1, 0x1000 + 8 * (hits % 512), TB_LOAD, false) == 0, "hit failed");
        EXPECT(tb, !tb->port[1].walked, "hit went to the walker");
        hits++;
    }
    EXPECT(tb, hits >= 3, "only %u hits served during the walk", hits);
    return 0;
}

/*
 * Request ids (IDS > 1): on port 0, ids 0 and 2 park on one page (one group,
 * one record), id 3 parks on another page, and id 1's hit completes while
 * they wait; replaying one group releases only its ids (both of them at
 * once). Needs TB_IDS >= 4 (the untagged build passes it trivially).
 */
static int t_ids_park(struct tb *tb)
{
    if (TB_IDS < 4)
        return 0;
    const int l0 = 0, l1 = TB_PORTS, l2 = 2 * TB_PORTS, l3 = 3 * TB_PORTS; /* ids 0..3 of port 0 */
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_PRQ | TC_SADE));
    tb_map(tb, f.root, 3, 0x3000, FX_PA + 0x3000, 0, RWU);
    TRY(park_req(tb, l0, 1, 0x7000, TB_LOAD));
    EXPECT(tb, fx_req(tb, l1, 1, 0x3008, TB_LOAD, false) == 0, "id 1 not served while id 0 is parked");
    TRY(park_req(tb, l2, 1, 0x7010, TB_LOAD));
    TRY(park_req(tb, l3, 1, 0x8000, TB_STORE));
    EXPECT(tb, tb->pins.trc_parked == 3, "%u requests parked, expected 3", tb->pins.trc_parked);
    EXPECT(tb, fx_req(tb, l1, 1, 0x3010, TB_STORE, false) == 0, "id 1 not served while 3 ids are parked");
    unsigned g_a, g_b;
    TRY(pq_expect(tb, &f, 1, 0x7000, false, &g_a));
    TRY(pq_expect(tb, &f, 1, 0x8000, true, &g_b));
    struct uvs_iommu_page_req r;
    EXPECT(tb, tb_fw_pq_pop(tb, &f.fw, &r) == 0, "a third page-request record (id 2 did not join)");
    TRY(tb_quiet_walker(tb));
    tb_map(tb, f.root, 3, 0x7000, FX_PA + 0x7000, 0, RWU);
    tb_map(tb, f.root, 3, 0x8000, FX_PA + 0x8000, 0, RWU);
    TRY(tb_fw_replay(tb, &f.fw, 1, g_b, UVS_IOMMU_PRG_RESP_SUCCESS));
    TRY(tb_wait_resp(tb, l3, 2000));
    EXPECT(tb, tb->port[l3].done && !tb->port[l3].resp_err, "id 3's replayed store failed");
    EXPECT(tb, tb->port[l0].state == 2 && tb->port[l2].state == 2, "ids 0/2 released by another group's replay");
    TRY(tb_fw_replay(tb, &f.fw, 1, g_a, UVS_IOMMU_PRG_RESP_SUCCESS));
    TRY(tb_wait_resp(tb, l0, 2000));
    TRY(tb_wait_resp(tb, l2, 2000));
    EXPECT(tb, tb->port[l0].done && !tb->port[l0].resp_err && tb->port[l2].done && !tb->port[l2].resp_err,
           "ids 0/2 replayed loads failed");
    EXPECT(tb, tb->pins.trc_parked == 0, "%u requests still parked", tb->pins.trc_parked);
    return fx_no_fault(tb, &f);
}

const struct tb_directed tb_directed_tests2[] = {
    {"page-request", "park, group join, records, pip/irq, PAGE_REPLAY", t_page_request},
    {"join-lowest-slot", "a read two waiting groups could take joins the lowest park slot's", t_join_lowest_slot},
    {"write-permission", "tc.UVS_PRQW: store to a read-only leaf parks with W, replay after W sets D", t_write_permission},
    {"replay-fail", "PAGE_REPLAY failure codes, re-request, PQ off", t_replay_fail},
    {"pq-full-retry", "full page-request queue: pqof, request held, retried", t_pq_full},
    {"fq-overflow", "full fault queue: fqof, requesters held until room, nothing lost", t_fq_overflow},
    {"iotinval", "IOTINVAL.VMA: GV, PSCV+AV, PSCV (global kept), all", t_iotinval},
    {"iodir", "IODIR.INVAL_DDT: DV, all, wide DID illegal", t_iodir},
    {"iofence", "IOFENCE.C: data store, WSI fence_w_ip/cip/irq, cqmf", t_iofence},
    {"cmd-illegal", "illegal commands: cmd_ill, cqh kept, resume", t_cmd_illegal},
    {"queue-bases", "queues outside memory: cqmf/fqmf/pqmf, recovery", t_queue_bases},
    {"queue-misaligned", "misaligned queue bases: cqmf/fqmf/pqmf, no access, recovery", t_queue_misaligned},
    {"hit-under-miss", "IOTLB hits served while a walk is outstanding", t_hit_under_miss},
    {"ids-park", "request ids: parked ids wait, other ids served, group replay per id", t_ids_park},
    {NULL, NULL, NULL},
};

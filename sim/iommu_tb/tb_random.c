/*
 * uvmsoc IOMMU testbench: the differential test. Random device directory
 * (1/2/3LVL), device contexts (Sv39/Sv48, random tc bits, plus an invalid and
 * a misconfigured one), random page tables (4K..512G leaves, valid and
 * non-valid PTEs, every permission combination, A/D states, reserved bits,
 * misaligned superpages, faulting non-leaf entries), random request streams
 * on every port and request id (loads, stores, AMOs, LR/SC, fetches, U and
 * S), so up to TB_PORTS x TB_IDS requests are parked at once. The
 * testbench core compares every RTL decision with the C model. A firmware
 * loop serves page requests (maps the page or not, replies success or
 * failure), drains -- or lets overflow -- the fault queue, clears overflow,
 * and issues random invalidation and fence commands. Every few thousand
 * requests the traffic pauses, leaves are remapped/unmapped, the IOTLB is
 * invalidated (all, by PSCID or by address), and memory images and
 * registers are compared.
 *
 * Invalidations cover every row of the IOTINVAL.VMA operand table (RISC-V
 * IOMMU spec v1.0, 3.1.1 "IOMMU Page-Table cache invalidation commands":
 * AV = 0 all addresses, AV = 1 the leaf translating ADDR; PSCV = 0 all
 * process contexts, PSCV = 1 the non-global entries of PSCID; GV = 1 only
 * entries of guest GSCID, of which uvmsoc has none), with ADDR anywhere
 * inside the 4 KiB page or 2 MiB / 1 GiB / 512 GiB superpage, not only at
 * its base. At every quiesced point: IOTLB probe rounds (probe(): RTL hits
 * must agree with the entries the model kept, tb->check_hits), a pointer
 * (non-leaf) PTE unmapped, which a stale page-walk cache would still walk,
 * and a device context changed and invalidated by IODIR.INVAL_DDT with
 * DV = 1 (spec 3.1.3). This kills every mutant of tests/iommu/mutate.sh.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "tb_dlib.h"
#include "tb_tests.h"

#define NCTX 6     /* valid device contexts */
#define NBAD 2     /* device ids with an invalid / misconfigured context */
#define NPOOL 96   /* IOVAs per context */
#define DATA_BASE 0x2000000000ULL

struct rctx {
    uint32_t did;
    uint64_t root;
    int levels;
    uint64_t tc;
};

struct rpool {
    uint64_t iova; /* start of a region */
    uint64_t size; /* bytes requests may fall into */
};

static struct rstate {
    struct tb_fw fw;
    struct rctx ctx[NCTX];
    uint32_t bad_did[NBAD];
    struct rpool pool[NCTX][NPOOL];
    unsigned npool[NCTX];
    uint64_t issued, target;
    bool pause;
    bool quiet; /* the firmware issues no random command (probes) */
    unsigned pq_neglect; /* services left without draining the page-request queue */
    unsigned fq_neglect; /* services left without draining the fault queue */
    struct {
        int ctx;
        const struct rpool *e;
        unsigned left; /* requests left in this region */
    } stream[TB_LANES];
    /* fault storm: unmapped pages the traffic aims at for a while */
    unsigned nstorm, storm_left;
    int storm_ctx[64];
    uint64_t storm_iova[64];
} R;

static uint64_t canon(uint64_t va, int levels)
{
    unsigned bits = levels == 4 ? 48 : 39;
    return (uint64_t)((int64_t)(va << (64 - bits)) >> (64 - bits));
}

static void pool_add(struct tb *tb, int c, uint64_t iova, uint64_t size)
{
    (void)tb;
    if (R.npool[c] < NPOOL)
        R.pool[c][R.npool[c]++] = (struct rpool){iova, size};
}

/* Random leaf flags (V included unless the PTE is made non-valid). */
static uint64_t leaf_flags(struct tb *tb)
{
    static const uint64_t perms[] = {PTE_R | PTE_W, PTE_R | PTE_W, PTE_R | PTE_W | PTE_X, PTE_R | PTE_W | PTE_X,
                                     PTE_R | PTE_W, PTE_R, PTE_R | PTE_X, PTE_X, PTE_W, PTE_R | PTE_W};
    uint64_t f = perms[tb_rand_below(tb, sizeof perms / sizeof perms[0])];
    f |= tb_chance(tb, 92) ? PTE_U : 0;
    f |= tb_chance(tb, 60) ? PTE_A : 0;
    f |= tb_chance(tb, 30) ? PTE_D : 0;
    f |= tb_chance(tb, 2) ? (1ULL << (54 + tb_rand_below(tb, 10))) : 0;
    f |= tb_chance(tb, 94) ? PTE_V : 0;
    return f;
}

/* A data PPN for a leaf of this level, aligned unless misaligned is asked. */
static uint64_t leaf_ppn(struct tb *tb, int level, bool misaligned)
{
    uint64_t pages = 1ULL << (9 * level);
    uint64_t ppn = (DATA_BASE >> 12) + tb_rand_below(tb, 1ULL << 22) * pages;
    if (tb_chance(tb, 5))
        ppn |= 1ULL << 30; /* PA bit 42: some pages answer err downstream */
    return misaligned ? ppn + 1 + tb_rand_below(tb, pages - 1) : ppn;
}

/* Insert one random leaf into context c's tables. */
static void random_leaf(struct tb *tb, int c)
{
    struct rctx *x = &R.ctx[c];
    unsigned r = (unsigned)tb_rand_below(tb, 100);
    int level = r < 65 ? 0 : r < 90 ? 1 : r < 98 ? 2 : (x->levels == 4 ? 3 : 2);
    static const unsigned top_idx[] = {0, 1, 2, 511, 256};
    uint64_t va = 0;
    for (int l = x->levels - 1; l >= level; l--) {
        uint64_t idx = l == x->levels - 1 ? top_idx[tb_rand_below(tb, 5)] : l == level ? tb_rand_below(tb, 8)
                                                                                        : tb_rand_below(tb, 4);
        va |= idx << (12 + 9 * l);
    }
    va = canon(va, x->levels);
    uint64_t t = x->root;
    for (int l = x->levels - 1; l > level; l--) {
        uint64_t a = t + ((va >> (12 + 9 * l)) & 0x1ff) * 8;
        uint64_t pte = tb_mem_rd64(tb, a);
        if (!pte) {
            uint64_t page = tb_alloc_page(tb);
            if (!page)
                return;
            pte = ((page >> 12) << 10) | PTE_V | (tb_chance(tb, 2) ? PTE_A : 0);
            tb_mem_wr64(tb, a, pte);
        } else if (!(pte & PTE_V) || (pte & (PTE_R | PTE_X | PTE_W)) || (pte >> 54)) {
            return; /* a leaf or a broken entry is in the way */
        }
        t = ((pte >> 10) & ((1ULL << 44) - 1)) << 12;
    }
    uint64_t a = t + ((va >> (12 + 9 * level)) & 0x1ff) * 8;
    uint64_t size = 1ULL << (12 + 9 * level);
    if (!tb_mem_rd64(tb, a)) {
        uint64_t f = leaf_flags(tb);
        uint64_t ppn = leaf_ppn(tb, level, level > 0 && tb_chance(tb, 8));
        tb_mem_wr64(tb, a, (ppn << 10) | f);
    }
    pool_add(tb, c, va, size < 0x10000 ? size : 0x10000);
    /* a sibling slot: usually unmapped, so a page request or a page fault */
    uint64_t sib = canon(va ^ ((1 + tb_rand_below(tb, 7)) << (12 + 9 * level)), x->levels);
    pool_add(tb, c, sib, 4096);
}

static int setup(struct tb *tb)
{
    static const unsigned modes[] = {UVS_IOMMU_DDTP_MODE_1LVL, UVS_IOMMU_DDTP_MODE_2LVL, UVS_IOMMU_DDTP_MODE_3LVL};
    unsigned mode = modes[tb_rand_below(tb, 3)];
    /* PQ: 4 entries for one seed in three, so 4 requesters can fill it (pqof, RETRY); else
       2 x TB_LANES entries, so every lane can be parked at once */
    unsigned pq_lsz = 1;
    if (tb->cfg.seed % 3 != 2)
        while ((2u << pq_lsz) < 2 * TB_LANES)
            pq_lsz++;
    TRY(tb_fw_setup(tb, &R.fw, mode, 6, 3, pq_lsz));
    uint32_t did_space = mode == UVS_IOMMU_DDTP_MODE_1LVL ? 128 : mode == UVS_IOMMU_DDTP_MODE_2LVL ? 65536 : 1u << 24;
    uint32_t used[NCTX + NBAD];
    for (int i = 0; i < NCTX + NBAD; i++) {
        uint32_t did;
        bool dup;
        do {
            did = (uint32_t)tb_rand_below(tb, did_space);
            dup = false;
            for (int j = 0; j < i; j++)
                dup |= used[j] == did;
        } while (dup);
        used[i] = did;
    }
    for (int c = 0; c < NCTX; c++) {
        struct rctx *x = &R.ctx[c];
        x->did = used[c];
        x->levels = tb_chance(tb, 70) ? 3 : 4;
        x->root = tb_alloc_page(tb);
        x->tc = (tb_chance(tb, 80) ? TC_SADE : 0) | (tb_chance(tb, 85) ? TC_PRQ : 0) |
                (tb_chance(tb, 10) ? TC_DTF : 0) | (tb_chance(tb, 50) ? TC_ENS : 0) | (tb_chance(tb, 50) ? TC_SUM : 0);
        if (tb->cfg.prqw && (x->tc & TC_PRQ)) /* no random draw: the other seeds' stimulus is unchanged */
            x->tc |= TC_PRQW;
        TRY(tb_fw_dc_simple(tb, &R.fw, x->did, x->tc, 100 + c,
                            x->levels == 4 ? UVS_IOMMU_IOSATP_SV48 : UVS_IOMMU_IOSATP_SV39, x->root));
        for (int i = 0; i < 40; i++)
            random_leaf(tb, c);
        pool_add(tb, c, 0x0000400000000000ULL, 4096); /* non-canonical for Sv39, unmapped top for Sv48 */
        pool_add(tb, c, 0x8000000000000000ULL, 4096); /* non-canonical for both */
    }
    R.bad_did[0] = used[NCTX];
    R.bad_did[1] = used[NCTX + 1];
    TRY(tb_fw_dc(tb, &R.fw, R.bad_did[0], 0, 0, 0, 0));                  /* tc.V = 0: cause 258 */
    TRY(tb_fw_dc(tb, &R.fw, R.bad_did[1], TC_V, 0, 0, 11ULL << 60));      /* bad mode: cause 259 */
    printf("differential test: seed %" PRIu64 ", ddtp mode %u, %d contexts, %u-entry page-request queue, %" PRIu64
           " requests\n", tb->cfg.seed, mode, NCTX, 2u << pq_lsz, R.target);
    return 0;
}

/* Autonomous traffic: a new request on idle lane p (an id of port p % TB_PORTS). */
static void traffic(struct tb *tb, int p)
{
    struct tb_port *pt = &tb->port[p];
    if (R.pause || R.issued >= R.target)
        return;
    if (pt->gap) {
        pt->gap--;
        return;
    }
    pt->gap = tb_chance(tb, 50) ? 0 : (unsigned)tb_rand_below(tb, 4);
    uint32_t did;
    uint64_t iova;
    if (R.storm_left && tb_chance(tb, 60)) {
        R.storm_left--;
        unsigned i = (unsigned)tb_rand_below(tb, R.nstorm);
        did = R.ctx[R.storm_ctx[i]].did;
        iova = R.storm_iova[i] + (tb_rand_below(tb, 512) << 3);
    } else if (tb_chance(tb, 1)) {
        did = R.bad_did[tb_rand_below(tb, NBAD)];
        iova = tb_rand(tb) & 0xfffff8;
    } else {
        /* each port streams through one region for a while (IOTLB locality),
           and mostly leaves it after an error */
        if (pt->done && pt->resp_err && tb_chance(tb, 75))
            R.stream[p].left = 0;
        if (!R.stream[p].left) {
            int c = tb_chance(tb, 60) ? p % NCTX : (int)tb_rand_below(tb, NCTX);
            R.stream[p].ctx = c;
            R.stream[p].e = &R.pool[c][tb_rand_below(tb, R.npool[c])];
            R.stream[p].left = 1 + (unsigned)tb_rand_below(tb, 24);
        }
        R.stream[p].left--;
        const struct rpool *e = R.stream[p].e;
        did = R.ctx[R.stream[p].ctx].did;
        iova = e->iova + (tb_rand_below(tb, e->size < 0x4000 ? e->size : 0x4000) & ~7ULL);
    }
    unsigned k = (unsigned)tb_rand_below(tb, 100);
    enum tb_kind kind = k < 50 ? TB_LOAD : k < 75 ? TB_STORE : k < 82 ? TB_AMO : k < 87 ? TB_LR : k < 92 ? TB_SC
                                                                                                  : TB_FETCH;
    if (tb_issue(tb, p, did, iova, kind, tb_chance(tb, 8)) == 0)
        R.issued++;
}

static const struct rctx *ctx_of(uint32_t did)
{
    for (int c = 0; c < NCTX; c++)
        if (R.ctx[c].did == did)
            return &R.ctx[c];
    return NULL;
}

/*
 * The leaf level (0 = 4 KiB .. 3 = 512 GiB) of iova in context c, or -1 when
 * no valid leaf maps it.
 */
static int leaf_level(struct tb *tb, int c, uint64_t iova, uint64_t *pte_out)
{
    const struct rctx *x = &R.ctx[c];
    for (int l = x->levels - 1; l >= 0; l--) {
        uint64_t a = tb_pte_addr(tb, x->root, x->levels, iova, l);
        uint64_t pte = a ? tb_mem_rd64(tb, a) : 0;
        if (!(pte & PTE_V))
            return -1;
        if (pte & (PTE_R | PTE_W | PTE_X)) {
            if (pte_out)
                *pte_out = pte;
            return l;
        }
    }
    return -1;
}

/* A 4 KiB-aligned canonical IOVA anywhere inside the leaf (page or superpage) mapping iova, else near iova. */
static uint64_t addr_inside(struct tb *tb, int c, uint64_t iova)
{
    int l = leaf_level(tb, c, iova, NULL);
    uint64_t size = l < 0 ? 0x10000 : 1ULL << (12 + 9 * l);
    return canon((iova & ~(size - 1)) + tb_rand_below(tb, size), R.ctx[c].levels) & ~0xfffULL;
}

/* An IOTINVAL.VMA ADDR for context c: inside the leaf mapping one of its pool IOVAs. */
static uint64_t inval_addr(struct tb *tb, int c)
{
    return addr_inside(tb, c, R.pool[c][tb_rand_below(tb, R.npool[c])].iova);
}

/* A random IOTINVAL.VMA: any combination of AV, PSCV and GV (spec 3.1.1). */
static struct uvs_iommu_cmd random_iotinval(struct tb *tb)
{
    struct uvs_iommu_cmd c = {.opcode = UVS_IOMMU_CMD_OP_IOTINVAL, .func3 = UVS_IOMMU_CMD_F3_IOTINVAL_VMA};
    int ci = (int)tb_rand_below(tb, NCTX);
    c.pscv = tb_chance(tb, 50);
    if (c.pscv)
        c.pscid = 100 + (uint32_t)(tb_chance(tb, 80) ? ci : (int)tb_rand_below(tb, NCTX));
    c.av = tb_chance(tb, 60);
    if (c.av)
        c.addr = inval_addr(tb, ci);
    if (tb_chance(tb, 15)) { /* a guest (GVMA-style) scope: matches nothing here */
        c.gv = true;
        c.gscid = (uint32_t)tb_rand_below(tb, 1u << 16);
    }
    return c;
}

/*
 * Make the page of iova valid: the first non-valid PTE on its path gets a
 * leaf or a new table. A write request (w, only with tc.UVS_PRQW) that finds
 * a leaf with R and not W gives it W.
 */
static bool fix_page(struct tb *tb, const struct rctx *x, uint64_t iova, bool w)
{
    uint64_t t = x->root;
    for (int l = x->levels - 1; l >= 0; l--) {
        uint64_t a = t + ((iova >> (12 + 9 * l)) & 0x1ff) * 8;
        uint64_t pte = tb_mem_rd64(tb, a);
        if (!(pte & PTE_V)) {
            if (l == 0 || tb_chance(tb, 15)) {
                uint64_t f = PTE_V | PTE_R | (tb_chance(tb, 70) ? PTE_W : 0) | (tb_chance(tb, 30) ? PTE_X : 0) |
                             (tb_chance(tb, 90) ? PTE_U : 0) | (tb_chance(tb, 50) ? PTE_A : 0);
                tb_mem_wr64(tb, a, (leaf_ppn(tb, l, false) << 10) | f);
                return true;
            }
            uint64_t page = tb_alloc_page(tb);
            if (!page)
                return false;
            tb_mem_wr64(tb, a, ((page >> 12) << 10) | PTE_V);
            t = page;
            continue;
        }
        if (w && (x->tc & TC_PRQW) && (pte & PTE_R) && !(pte & PTE_W) && !(pte >> 54)) {
            tb_mem_wr64(tb, a, pte | PTE_W); /* write permission, as the firmware's UVM_BA_GRANT_WRITE */
            return true;
        }
        if ((pte & (PTE_R | PTE_X | PTE_W)) || (pte & (PTE_A | PTE_D | PTE_U)) || (pte >> 54))
            return true; /* already mapped (or broken: the replay faults) */
        t = ((pte >> 10) & ((1ULL << 44) - 1)) << 12;
    }
    return true;
}

/* The firmware's periodic work. */
static int service(struct tb *tb)
{
    struct uvs_iommu_page_req pr;
    int rc = 0;
    /* sometimes leave the page-request queue alone: it fills, requests are held (RETRY) */
    if (R.pq_neglect)
        R.pq_neglect--;
    else if (!R.quiet && tb_chance(tb, 3))
        R.pq_neglect = 10 + (unsigned)tb_rand_below(tb, 30);
    while (!R.pq_neglect && (rc = tb_fw_pq_pop(tb, &R.fw, &pr)) == 1) {
        const struct rctx *x = ctx_of(pr.did);
        EXPECT(tb, x, "page request for device %u without a context", pr.did);
        unsigned resp = UVS_IOMMU_PRG_RESP_SUCCESS;
        if (tb_chance(tb, 8)) {
            resp = tb_chance(tb, 50) ? UVS_IOMMU_PRG_RESP_FAILURE : UVS_IOMMU_PRG_RESP_INVALID;
        } else if (tb_chance(tb, 90)) {
            TRY(tb_quiet_walker(tb));
            if (!fix_page(tb, x, pr.addr, pr.w))
                resp = UVS_IOMMU_PRG_RESP_FAILURE;
        }
        TRY(tb_fw_replay(tb, &R.fw, pr.did, pr.prgi, resp));
    }
    TRY(rc);
    uint64_t csr;
    TRY(tb_reg_read(tb, R_PQCSR, 4, &csr));
    if (!R.pq_neglect && (csr & (UVS_IOMMU_PQCSR_PQOF_MASK | UVS_IOMMU_PQCSR_PQMF_MASK)))
        TRY(tb_reg_write(tb, R_PQCSR, 4, 3 | UVS_IOMMU_PQCSR_PQOF_MASK | UVS_IOMMU_PQCSR_PQMF_MASK));
    /* sometimes leave the fault queue alone too: it fills, faulting requests are held (RETRY) */
    if (R.fq_neglect)
        R.fq_neglect--;
    else if (!R.quiet && tb_chance(tb, 3))
        R.fq_neglect = 5 + (unsigned)tb_rand_below(tb, 20);
    if (!R.fq_neglect && tb_chance(tb, 75)) {
        struct uvs_iommu_fault_rec fr;
        while ((rc = tb_fw_fq_pop(tb, &R.fw, &fr)) == 1)
            ;
        TRY(rc);
    }
    TRY(tb_reg_read(tb, R_FQCSR, 4, &csr));
    if (!R.fq_neglect && (csr & UVS_IOMMU_FQCSR_FQOF_MASK) && tb_chance(tb, 30))
        TRY(tb_reg_write(tb, R_FQCSR, 4, 3 | UVS_IOMMU_FQCSR_FQOF_MASK));
    if (!R.quiet && tb_chance(tb, 4)) {
        struct uvs_iommu_cmd c = random_iotinval(tb);
        if (tb_chance(tb, 25)) {
            c = (struct uvs_iommu_cmd){.opcode = UVS_IOMMU_CMD_OP_IODIR, .func3 = UVS_IOMMU_CMD_F3_IODIR_INVAL_DDT,
                                       .dv = tb_chance(tb, 50), .did = 0};
            if (c.dv)
                c.did = R.ctx[tb_rand_below(tb, NCTX)].did;
        }
        TRY(tb_fw_cmd(tb, &R.fw, &c));
    }
    if (tb->irq) {
        uint64_t ipsr, cq;
        TRY(tb_reg_read(tb, R_CQCSR, 4, &cq));
        if (cq & UVS_IOMMU_CQCSR_FENCE_W_IP_MASK)
            TRY(tb_reg_write(tb, R_CQCSR, 4, 3 | UVS_IOMMU_CQCSR_FENCE_W_IP_MASK));
        TRY(tb_reg_read(tb, R_IPSR, 4, &ipsr));
        TRY(tb_reg_write(tb, R_IPSR, 4, ipsr));
    }
    return 0;
}

/* Run with firmware service until every port is idle. */
static int drain(struct tb *tb)
{
    R.pq_neglect = 0;
    R.fq_neglect = 0;
    for (int i = 0; i < 20000; i++) {
        bool idle = true;
        for (int p = 0; p < TB_LANES; p++)
            idle &= tb->port[p].state == 0;
        if (idle)
            return 0;
        TRY(tb_run(tb, 32));
        TRY(service(tb));
    }
    tb_fail(tb, "ports never became idle");
    return -1;
}

/* One load at a time on lane 0 (everything else idle); the firmware serves the queues meanwhile (a
   fault record may wait for room: RETRY) but issues no command of its own. */
static int probe_load(struct tb *tb, uint32_t did, uint64_t iova, bool priv_s)
{
    TRY(tb_issue(tb, 0, did, iova, TB_LOAD, priv_s));
    R.quiet = true;
    R.pq_neglect = R.fq_neglect = 0;
    for (int i = 0; i < 2000 && tb->port[0].state && !tb->failed; i++) {
        TRY(tb_run(tb, 8));
        if (tb->port[0].state && i % 4 == 3)
            TRY(service(tb));
    }
    R.quiet = false;
    if (tb->port[0].state)
        tb_fail(tb, "probe load of 0x%" PRIx64 " never answered", iova);
    return tb->failed ? -1 : 0;
}

/*
 * Quiesced IOTLB probe, NROUND rounds: empty both IOTLBs, load through up to
 * NPROBE mapped pages one at a time (the caches fill identically: a page is
 * filled at most twice per round, and at most WAYS / 2 pages of one set of
 * the 4 KiB-page array and SP / 2 superpages are probed, so nothing is
 * evicted whatever the round-robin pointers, which traffic may have left
 * different in model and RTL), apply one random IOTINVAL.VMA --
 * mostly aimed inside a probed page or superpage -- and load again at another
 * page of the same leaf, with the checker requiring an RTL IOTLB hit exactly
 * where the model kept the entry (tb->check_hits). Catches invalidating too
 * little (a stale entry kept) and too much (an entry of another address,
 * PSCID or GSCID dropped), and superpage matching that misses part of the
 * superpage, none of which the translations alone show.
 */
#define NPROBE 12
#define NROUND 6
static int probe(struct tb *tb)
{
    struct uvs_iommu_cmd all = {.opcode = UVS_IOMMU_CMD_OP_IOTINVAL, .func3 = UVS_IOMMU_CMD_F3_IOTINVAL_VMA};
    struct uvs_iommu_cmd ddt = {.opcode = UVS_IOMMU_CMD_OP_IODIR, .func3 = UVS_IOMMU_CMD_F3_IODIR_INVAL_DDT};
    TRY(tb_fw_cmd(tb, &R.fw, &ddt)); /* device contexts: at most NCTX fills into UVS_IOMMU_MODEL_DCC entries */
    for (int round = 0; round < NROUND; round++) {
        TRY(tb_fw_cmd(tb, &R.fw, &all));
        TRY(tb_fw_cmd_sync(tb, &R.fw, 20000));
        int pc[NPROBE];
        uint64_t pv[NPROBE];
        unsigned n = 0, nset[UVS_IOMMU_MODEL_IOTLB_SETS] = {0}, nsp = 0;
        for (int tries = 0; tries < 8 * NPROBE && n < NPROBE; tries++) {
            int c = (int)tb_rand_below(tb, NCTX);
            const struct rpool *e = &R.pool[c][tb_rand_below(tb, R.npool[c])];
            uint64_t iova = e->iova + (tb_rand_below(tb, e->size) & ~7ULL), pte = 0;
            int lvl = leaf_level(tb, c, iova, &pte);
            if (lvl < 0 || (pte & (PTE_R | PTE_U)) != (PTE_R | PTE_U))
                continue; /* would fault or park: the load must be cacheable */
            unsigned *cnt = lvl ? &nsp : &nset[(iova >> 12) % UVS_IOMMU_MODEL_IOTLB_SETS];
            if (*cnt >= (lvl ? UVS_IOMMU_MODEL_IOTLB_SP : UVS_IOMMU_MODEL_IOTLB_WAYS) / 2)
                continue; /* its set (or the superpage array) could evict an entry */
            (*cnt)++;
            pc[n] = c;
            pv[n++] = iova;
            TRY(probe_load(tb, R.ctx[c].did, iova, false));
        }
        if (!n)
            return 0;
        unsigned k = (unsigned)tb_rand_below(tb, n);
        for (unsigned j = 0; j < n && tb_chance(tb, 70); j++) { /* mostly aim at a superpage */
            unsigned kk = (k + j) % n;
            if (leaf_level(tb, pc[kk], pv[kk], NULL) > 0) {
                k = kk;
                break;
            }
        }
        struct uvs_iommu_cmd c = random_iotinval(tb);
        if (c.av && tb_chance(tb, 80))
            c.addr = addr_inside(tb, pc[k], pv[k]); /* anywhere inside a cached page or superpage */
        if (c.pscv && tb_chance(tb, 80))
            c.pscid = 100 + (uint32_t)pc[k];
        if (!c.gv && tb_chance(tb, 12)) {
            c.gv = true;
            c.gscid = (uint32_t)tb_rand_below(tb, 1u << 16);
        }
        TRY(tb_fw_cmd(tb, &R.fw, &c));
        TRY(tb_fw_cmd_sync(tb, &R.fw, 20000));
        tb->check_hits = true;
        for (unsigned i = 0; i < n && !tb->failed; i++)
            if (probe_load(tb, R.ctx[pc[i]].did, addr_inside(tb, pc[i], pv[i]) | (pv[i] & 0xff8), false))
                break;
        tb->check_hits = false;
        if (tb->failed)
            return -1;
    }
    return 0;
}

/* A pointer PTE unmapped (a whole table) and invalidated by an address inside it: the page-walk cache
   must forget it (non-leaf entries go with every IOTINVAL.VMA, spec 3.1.1). */
static int unmap_pointer(struct tb *tb)
{
    for (int tries = 0; tries < 16; tries++) {
        int c = (int)tb_rand_below(tb, NCTX);
        const struct rctx *x = &R.ctx[c];
        uint64_t iova = R.pool[c][tb_rand_below(tb, R.npool[c])].iova, pte = 0;
        int l = leaf_level(tb, c, iova, &pte);
        if (l < 0 || l + 1 >= x->levels - 1 || (pte & (PTE_R | PTE_U)) != (PTE_R | PTE_U))
            continue; /* keep the top-level pointers; the first load must be cacheable */
        /* empty the IOTLB so that the first load walks through the pointer (the page-walk cache
           holds it), unmap it, invalidate the page, and walk again: that walk must not find the
           old table */
        struct uvs_iommu_cmd all = {.opcode = UVS_IOMMU_CMD_OP_IOTINVAL, .func3 = UVS_IOMMU_CMD_F3_IOTINVAL_VMA};
        TRY(tb_fw_cmd(tb, &R.fw, &all));
        TRY(tb_fw_cmd_sync(tb, &R.fw, 20000));
        uint64_t ptr = tb_pte_addr(tb, x->root, x->levels, iova, l + 1);
        TRY(probe_load(tb, x->did, iova, false));
        TRY(tb_quiet_walker(tb));
        struct uvs_iommu_cmd cmd = {.opcode = UVS_IOMMU_CMD_OP_IOTINVAL, .func3 = UVS_IOMMU_CMD_F3_IOTINVAL_VMA,
                                    .pscv = tb_chance(tb, 50), .pscid = 100 + (uint32_t)c, .av = true,
                                    .addr = addr_inside(tb, c, iova)}; /* inside the leaf, while it is mapped */
        tb_mem_wr64(tb, ptr, 0);
        TRY(tb_fw_cmd(tb, &R.fw, &cmd));
        TRY(tb_fw_cmd_sync(tb, &R.fw, 20000));
        TRY(tb_issue(tb, 0, x->did, iova, TB_LOAD, false));
        for (int i = 0; i < 5000 && tb->port[0].state && tb->port[0].exp == TB_EXP_NONE; i++)
            TRY(tb_run(tb, 1)); /* its walk commits before any firmware command */
        return drain(tb);        /* it may park: the firmware serves it */
    }
    return 0;
}

/* A device context changed (S-mode access rules: tc.SUM or tc.ENS), invalidated by its device id
   (IODIR.INVAL_DDT, DV = 1, spec 3.1.3), and S-mode loads of its user pages (outcome depends on both). */
static int change_context(struct tb *tb)
{
    int c = (int)tb_rand_below(tb, NCTX);
    struct rctx *x = &R.ctx[c];
    x->tc ^= tb_chance(tb, 50) ? TC_SUM : TC_ENS;
    TRY(tb_fw_dc_simple(tb, &R.fw, x->did, x->tc, 100 + (uint32_t)c,
                        x->levels == 4 ? UVS_IOMMU_IOSATP_SV48 : UVS_IOMMU_IOSATP_SV39, x->root));
    struct uvs_iommu_cmd cmd = {.opcode = UVS_IOMMU_CMD_OP_IODIR, .func3 = UVS_IOMMU_CMD_F3_IODIR_INVAL_DDT,
                                .dv = true, .did = x->did};
    TRY(tb_fw_cmd(tb, &R.fw, &cmd));
    TRY(tb_fw_cmd_sync(tb, &R.fw, 20000));
    for (int tries = 0, n = 0; tries < 16 && n < 4; tries++) {
        uint64_t iova = R.pool[c][tb_rand_below(tb, R.npool[c])].iova, pte = 0;
        if (leaf_level(tb, c, iova, &pte) < 0 || (pte & (PTE_R | PTE_U)) != (PTE_R | PTE_U))
            continue;
        TRY(probe_load(tb, x->did, iova, true));
        n++;
    }
    return 0;
}

/* Quiesced: change some leaves, invalidate, fence, compare everything. */
static int remap(struct tb *tb)
{
    R.pause = true;
    TRY(drain(tb));
    TRY(tb_fw_cmd_sync(tb, &R.fw, 20000));
    TRY(tb_quiet_walker(tb));
    TRY(tb_check_memory(tb));
    TRY(tb_fw_check_regs(tb));
    TRY(probe(tb));
    TRY(unmap_pointer(tb)); /* the caches hold only the probe's fills: nothing stale is used */
    TRY(change_context(tb));
    bool all = tb_chance(tb, 40);
    for (int i = 0; i < 6; i++) {
        int c = (int)tb_rand_below(tb, NCTX);
        const struct rctx *x = &R.ctx[c];
        uint64_t iova = R.pool[c][tb_rand_below(tb, R.npool[c])].iova;
        for (int l = 0; l < x->levels; l++) {
            uint64_t a = tb_pte_addr(tb, x->root, x->levels, iova, l);
            if (!a)
                continue;
            uint64_t pte = tb_mem_rd64(tb, a);
            if (!(pte & PTE_V) || !(pte & (PTE_R | PTE_X | PTE_W)))
                continue;
            uint64_t np = tb_chance(tb, 30) ? 0 : (leaf_ppn(tb, l, false) << 10) | leaf_flags(tb);
            tb_mem_wr64(tb, a, np);
            if (!all) {
                /* the changed leaf by an address anywhere in it, or its whole address space */
                uint64_t size = 1ULL << (12 + 9 * l);
                struct uvs_iommu_cmd cmd = {.opcode = UVS_IOMMU_CMD_OP_IOTINVAL,
                                            .func3 = UVS_IOMMU_CMD_F3_IOTINVAL_VMA, .pscv = tb_chance(tb, 50),
                                            .pscid = 100 + (uint32_t)c, .av = true};
                cmd.addr = canon((iova & ~(size - 1)) + tb_rand_below(tb, size), x->levels) & ~0xfffULL;
                if (cmd.pscv && tb_chance(tb, 20))
                    cmd.av = false, cmd.addr = 0;
                TRY(tb_fw_cmd(tb, &R.fw, &cmd));
            }
            break;
        }
    }
    /* sometimes a fault storm: many leaves unmapped at once and the page-request queue left alone for a
       while, so that many requesters (every id of every port) park at once */
    if (tb_chance(tb, 50)) {
        all = true;
        R.pq_neglect = 20 + (unsigned)tb_rand_below(tb, 40);
        R.nstorm = 0;
        R.storm_left = 300 + (unsigned)tb_rand_below(tb, 600);
        int n = 16 + (int)tb_rand_below(tb, 48);
        for (int i = 0; i < n; i++) {
            int c = (int)tb_rand_below(tb, NCTX);
            const struct rctx *x = &R.ctx[c];
            uint64_t iova = R.pool[c][tb_rand_below(tb, R.npool[c])].iova;
            for (int l = 0; l < x->levels; l++) {
                uint64_t a = tb_pte_addr(tb, x->root, x->levels, iova, l);
                uint64_t pte = a ? tb_mem_rd64(tb, a) : 0;
                if ((pte & PTE_V) && (pte & (PTE_R | PTE_X | PTE_W))) {
                    tb_mem_wr64(tb, a, 0);
                    R.storm_ctx[R.nstorm] = c;
                    R.storm_iova[R.nstorm++] = iova & ~0xfffULL;
                    break;
                }
            }
        }
        if (!R.nstorm)
            R.storm_left = 0;
    }
    if (all) {
        struct uvs_iommu_cmd cmd = {.opcode = UVS_IOMMU_CMD_OP_IOTINVAL, .func3 = UVS_IOMMU_CMD_F3_IOTINVAL_VMA};
        TRY(tb_fw_cmd(tb, &R.fw, &cmd));
    }
    struct uvs_iommu_cmd fence = {.opcode = UVS_IOMMU_CMD_OP_IOFENCE, .func3 = UVS_IOMMU_CMD_F3_IOFENCE_C,
                                  .wsi = tb_chance(tb, 50)};
    TRY(tb_fw_cmd(tb, &R.fw, &fence));
    int64_t csr = tb_fw_cmd_sync(tb, &R.fw, 20000);
    TRY(csr);
    EXPECT(tb, !(csr & (UVS_IOMMU_CQCSR_CQMF_MASK | UVS_IOMMU_CQCSR_CMD_ILL_MASK)), "command queue stopped: 0x%" PRIx64,
           (uint64_t)csr);
    R.pause = false;
    return 0;
}

int tb_random_test(struct tb *tb, uint64_t n)
{
    memset(&R, 0, sizeof R);
    R.target = n;
    TRY(setup(tb));
    tb_traffic_fn = traffic;
    tb->traffic = true;
    tb->lanes = TB_LANES; /* every id of every port */
    uint64_t next_remap = 4000;
    while (R.issued < R.target && !tb->failed) {
        TRY(tb_run(tb, 48));
        TRY(service(tb));
        if (R.issued >= next_remap) {
            TRY(remap(tb));
            next_remap += 4000 + tb_rand_below(tb, 4000);
        }
    }
    TRY(remap(tb));
    tb->traffic = false;
    return tb->failed ? -1 : 0;
}

/*
 * Unit tests of the HBM page cache (firmware/pcache.c): frame allocation,
 * directory, CLOCK with PTE A bits, D-bit write-back before reuse, the
 * free-frame reserve, 2 MiB units, range eviction, errors.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <uvmsoc/iommu_pt.h>
#include <uvmsoc/uvm.h>

#include "pcache.h"
#include "tpt.h"

#define PG 4096ull
#define MB2 0x200000ull
#define HBM 0x1000000000ull
#define DID 7u
#define VA0 0x200000000000ull
#define BUS0 0x100000000ull
#define ACT_CAP 4096u

struct fx {
    struct uvs_pcache pc;
    struct tpt pt;
    void *meta;
    struct uvs_pcache_action act[ACT_CAP];
    uint64_t frames[512];
};

/* Second run of the suite: page tables as arrays (cfg.pte_contig, as the firmware's). */
static bool g_contig;

static struct fx *fx_new(uint64_t base, uint64_t bytes, uint32_t reserve, bool inval_a)
{
    struct fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    tpt_init(&f->pt, 1u << 16);
    f->pt.contig = g_contig;
    size_t mb = uvs_pcache_meta_bytes(bytes);
    assert_true(mb > 0);
    f->meta = malloc(mb);
    assert_non_null(f->meta);
    struct uvs_pcache_cfg cfg = {
        .frame_base = base, .frame_bytes = bytes, .reserve = reserve, .inval_on_a_clear = inval_a,
        .pte = &tpt_ops, .pte_ctx = &f->pt, .meta = f->meta, .meta_bytes = mb, .pte_contig = g_contig,
    };
    assert_int_equal(uvs_pcache_init(&f->pc, &cfg), 0);
    return f;
}

static void fx_free(struct fx *f)
{
    tpt_fini(&f->pt);
    free(f->meta);
    free(f);
}

/* Allocate and map one unit; returns alloc's result, actions in f->act. */
static int fill(struct fx *f, uint64_t va, uint32_t npages, uint32_t flags, struct uvs_pcache_alloc_res *res)
{
    struct uvs_pcache_alloc_res r;
    int rc = uvs_pcache_alloc(&f->pc, DID, va, npages, BUS0 + (va - VA0), flags, f->frames, f->act, ACT_CAP, &r);
    if (res)
        *res = r;
    if (rc == 0)
        assert_int_equal(uvs_pcache_map(&f->pc, DID, va, npages, 0), 0);
    return rc;
}

static uint64_t frame_of(struct fx *f, uint64_t va)
{
    uint64_t fr = 0;
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, va, &fr, NULL), 0);
    return fr;
}

static int count_kind(const struct uvs_pcache_action *a, uint32_t n, int kind)
{
    int c = 0;
    for (uint32_t i = 0; i < n; i++)
        c += a[i].kind == kind;
    return c;
}

/* ---- victim orders (uvs_pcache_set_policy, uvm.def UVM_EVICT_*) ---- */

static void test_policy_errors(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 16 * PG, 0, false);
    assert_int_equal(uvs_pcache_set_policy(NULL, UVS_UVM_EVICT_CLOCK, 0), -EINVAL);
    assert_int_equal(uvs_pcache_set_policy(&f->pc, UVS_UVM_EVICT_MODES, 0), -EINVAL);
    assert_int_equal(uvs_pcache_set_policy(&f->pc, UVS_UVM_EVICT_CLOCK, 16), -EINVAL);
    assert_int_equal(uvs_pcache_set_policy(&f->pc, UVS_UVM_EVICT_LRA_CHUNK, 15), 0);
    fx_free(f);
}

/*
 * LRA_CHUNK: two 2 MiB chunks filled one after the other; the older one is
 * evicted whole on the next allocation even though all its pages were just
 * accessed (A set) and the newer one's were not; CLOCK picks a page of the
 * newer chunk (A clear) in the same situation.
 */
static void lra_setup(struct fx *f)
{
    for (uint64_t k = 0; k < 1024; k++)
        assert_int_equal(fill(f, VA0 + k * PG, 1, 0, NULL), 0);
    for (uint64_t k = 0; k < 512; k++) /* the first chunk's pages were used */
        assert_true(tpt_set_bits(&f->pt, DID, VA0 + k * PG, UVS_IOMMU_PTE_A_MASK));
}

static void test_lra_chunk_victim(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 2 * MB2, 0, false);
    assert_int_equal(uvs_pcache_set_policy(&f->pc, UVS_UVM_EVICT_LRA_CHUNK, 0), 0);
    lra_setup(f);
    uint64_t first_frame = frame_of(f, VA0);
    struct uvs_pcache_alloc_res r;
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0 + 2048 * PG, 1, BUS0, 0, f->frames, f->act, ACT_CAP, &r), 0);
    assert_int_equal(count_kind(f->act, r.nactions, UVS_PCACHE_ACT_NOTICE), 512); /* the whole chunk */
    for (uint64_t k = 0; k < 512; k++)
        assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0 + k * PG, NULL, NULL), -ENOENT);
    for (uint64_t k = 512; k < 1024; k++)
        assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0 + k * PG, NULL, NULL), 0);
    assert_true(f->frames[0] >= first_frame && f->frames[0] < first_frame + MB2); /* into the freed chunk */
    /* The freed chunk is now the newest: the next victim chunk is the second one. */
    assert_int_equal(uvs_pcache_map(&f->pc, DID, VA0 + 2048 * PG, 1, 0), 0);
    for (uint64_t k = 1; k < 512; k++)
        assert_int_equal(fill(f, VA0 + (2048 + k) * PG, 1, 0, NULL), 0);
    assert_int_equal(fill(f, VA0 + 4096 * PG, 1, 0, &r), 0);
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0 + 512 * PG, NULL, NULL), -ENOENT);
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0 + 2048 * PG, NULL, NULL), 0);
    fx_free(f);
}

static void test_clock_same_scene(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 2 * MB2, 0, false);
    lra_setup(f);
    struct uvs_pcache_alloc_res r;
    assert_int_equal(fill(f, VA0 + 2048 * PG, 1, 0, &r), 0);
    assert_int_equal(count_kind(f->act, r.nactions, UVS_PCACHE_ACT_NOTICE), 1);
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0 + 512 * PG, NULL, NULL), -ENOENT); /* A clear: victim */
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0, NULL, NULL), 0);
    fx_free(f);
}

/* LRA_CHUNK with a small action array (pre-eviction): the oldest chunk page by page. */
static void test_lra_chunk_maintain(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 2 * MB2, 0, false);
    assert_int_equal(uvs_pcache_set_policy(&f->pc, UVS_UVM_EVICT_LRA_CHUNK, 4), 0);
    lra_setup(f);
    uint32_t n = 0;
    int rc;
    while ((rc = uvs_pcache_maintain(&f->pc, f->act, UVS_PCACHE_ACTIONS_FOR(2), &n)) == -EAGAIN)
        ;
    assert_int_equal(rc, 0);
    struct uvs_pcache_stats st;
    uvs_pcache_get_stats(&f->pc, &st);
    assert_int_equal(st.frames_free, 4);
    for (uint64_t k = 0; k < 4; k++)
        assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0 + k * PG, NULL, NULL), -ENOENT);
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0 + 4 * PG, NULL, NULL), 0);
    fx_free(f);
}

/*
 * CLOCK_CLEAN over 64 frames (window 8): a clean page within 8 frames past
 * the first dirty candidate is the victim; when the window holds only dirty
 * pages, the first dirty candidate is (written back).
 */
static void test_clock_clean_prefers_clean(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 64 * PG, 0, false);
    assert_int_equal(uvs_pcache_set_policy(&f->pc, UVS_UVM_EVICT_CLOCK_CLEAN, 0), 0);
    for (uint64_t k = 0; k < 64; k++)
        assert_int_equal(fill(f, VA0 + k * PG, 1, 0, NULL), 0);
    for (uint64_t k = 0; k < 3; k++) /* pages 0..2 written */
        assert_true(tpt_set_bits(&f->pt, DID, VA0 + k * PG, UVS_IOMMU_PTE_D_MASK));
    struct uvs_pcache_alloc_res r;
    assert_int_equal(fill(f, VA0 + 100 * PG, 1, 0, &r), 0);
    assert_int_equal(count_kind(f->act, r.nactions, UVS_PCACHE_ACT_WRITEBACK), 0);
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0 + 3 * PG, NULL, NULL), -ENOENT);
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0, NULL, NULL), 0);
    /* Pages 4..13 written: from the hand (page 4) the window sees only dirty pages. */
    for (uint64_t k = 4; k < 14; k++)
        assert_true(tpt_set_bits(&f->pt, DID, VA0 + k * PG, UVS_IOMMU_PTE_D_MASK));
    assert_int_equal(fill(f, VA0 + 101 * PG, 1, 0, &r), 0);
    assert_int_equal(count_kind(f->act, r.nactions, UVS_PCACHE_ACT_WRITEBACK), 1);
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0 + 4 * PG, NULL, NULL), -ENOENT);
    /* Plain CLOCK in the same scene takes page 0, dirty. */
    struct fx *g = fx_new(HBM, 64 * PG, 0, false);
    for (uint64_t k = 0; k < 64; k++)
        assert_int_equal(fill(g, VA0 + k * PG, 1, 0, NULL), 0);
    for (uint64_t k = 0; k < 3; k++)
        assert_true(tpt_set_bits(&g->pt, DID, VA0 + k * PG, UVS_IOMMU_PTE_D_MASK));
    assert_int_equal(fill(g, VA0 + 100 * PG, 1, 0, &r), 0);
    assert_int_equal(count_kind(g->act, r.nactions, UVS_PCACHE_ACT_WRITEBACK), 1);
    assert_int_equal(uvs_pcache_lookup(&g->pc, DID, VA0, NULL, NULL), -ENOENT);
    fx_free(g);
    fx_free(f);
}

/* ---- init ---- */

static void test_init_errors(void **state)
{
    (void)state;
    struct uvs_pcache pc;
    struct tpt pt;
    tpt_init(&pt, 1024);
    size_t mb = uvs_pcache_meta_bytes(16 * PG);
    void *meta = malloc(mb);
    struct uvs_pcache_cfg ok = {.frame_base = HBM, .frame_bytes = 16 * PG, .reserve = 2, .pte = &tpt_ops,
                                .pte_ctx = &pt, .meta = meta, .meta_bytes = mb};
    struct uvs_pcache_cfg c = ok;
    assert_int_equal(uvs_pcache_init(&pc, &c), 0);
    assert_int_equal(uvs_pcache_init(NULL, &c), -EINVAL);
    c.frame_bytes = 0;
    assert_int_equal(uvs_pcache_init(&pc, &c), -EINVAL);
    c = ok;
    c.frame_base = HBM + 100;
    assert_int_equal(uvs_pcache_init(&pc, &c), -EINVAL);
    c = ok;
    c.meta_bytes = mb - 1;
    assert_int_equal(uvs_pcache_init(&pc, &c), -EINVAL);
    c = ok;
    c.reserve = 16;
    assert_int_equal(uvs_pcache_init(&pc, &c), -EINVAL);
    c = ok;
    c.pte = NULL;
    assert_int_equal(uvs_pcache_init(&pc, &c), -EINVAL);
    c = ok;
    c.meta = (char *)meta + 1;
    assert_int_equal(uvs_pcache_init(&pc, &c), -EINVAL);
    assert_int_equal(uvs_pcache_meta_bytes(0), 0);
    assert_int_equal(uvs_pcache_meta_bytes(PG + 1), 0);
    free(meta);
    tpt_fini(&pt);
}

/* ---- alloc, map, lookup ---- */

static void test_alloc_map_lookup(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 8 * PG, 0, false);
    struct uvs_pcache_alloc_res res;
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0, 1, BUS0, 0, f->frames, f->act, ACT_CAP, &res), 0);
    assert_false(res.super);
    assert_int_equal(res.nactions, 0);
    uint64_t fr = f->frames[0];
    assert_true(fr >= HBM && fr < HBM + 8 * PG && fr % PG == 0);
    int st;
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0 + 5, NULL, &st), 0);
    assert_int_equal(st, UVS_PCACHE_RESERVED);
    unsigned lvl;
    assert_int_equal(tpt_leaf(&f->pt, DID, VA0, &lvl), 0); /* not mapped before map */
    assert_int_equal(uvs_pcache_map(&f->pc, DID, VA0, 1, 0), 0);
    uint64_t pte = tpt_leaf(&f->pt, DID, VA0, &lvl);
    assert_int_equal(lvl, 0);
    assert_int_equal(pte, ((fr >> 12) << UVS_IOMMU_PTE_PPN_SHIFT) | UVS_IOMMU_PTE_V_MASK | UVS_IOMMU_PTE_R_MASK |
                              UVS_IOMMU_PTE_W_MASK | UVS_IOMMU_PTE_U_MASK);
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0, NULL, &st), 0);
    assert_int_equal(st, UVS_PCACHE_RESIDENT);
    /* Other context, other page: not cached. */
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID + 1, VA0, NULL, NULL), -ENOENT);
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0 + PG, NULL, NULL), -ENOENT);
    /* Same page again, map of an unreserved unit, bad units. */
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0, 1, BUS0, 0, f->frames, f->act, ACT_CAP, &res), -EEXIST);
    assert_int_equal(uvs_pcache_map(&f->pc, DID, VA0 + PG, 1, 0), -ENOENT);
    assert_int_equal(uvs_pcache_map(&f->pc, DID, VA0, 1, 0), -ENOENT); /* already resident */
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0 + PG, 2, BUS0, 0, f->frames, f->act, ACT_CAP, &res), -EINVAL);
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0 + PG, 16, BUS0, 0, f->frames, f->act, ACT_CAP, &res),
                     -EINVAL); /* misaligned 64 KiB unit */
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0 + PG, 1, BUS0 + 1, 0, f->frames, f->act, ACT_CAP, &res),
                     -EINVAL);
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0 + PG, 1, BUS0, 0, f->frames, f->act, 4, &res), -ENOSPC);
    /* A unit larger than the whole cache. */
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0 + MB2, 16, BUS0, 0, f->frames, f->act, ACT_CAP, &res),
                     -ENOMEM);
    struct uvs_pcache_stats stt;
    uvs_pcache_get_stats(&f->pc, &stt);
    assert_int_equal(stt.frames_total, 8);
    assert_int_equal(stt.frames_free, 7);
    assert_int_equal(stt.allocs, 1);
    fx_free(f);
}

/* ---- CLOCK ---- */

/* Fill n frames with pages VA0 + i*PG; returns them sorted by frame address in order[]. */
static void fill_pages(struct fx *f, unsigned n, uint64_t *order)
{
    for (unsigned i = 0; i < n; i++)
        assert_int_equal(fill(f, VA0 + i * PG, 1, 0, NULL), 0);
    /* order[k] = page whose frame is HBM + k*PG */
    for (unsigned i = 0; i < n; i++) {
        uint64_t fr = frame_of(f, VA0 + i * PG);
        order[(fr - HBM) / PG] = VA0 + i * PG;
    }
}

static void test_clock_second_chance(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 4 * PG, 0, true);
    uint64_t order[4];
    fill_pages(f, 4, order);
    /* The hand starts at frame 0: frames 0 and 1 were accessed, frame 2 was not. */
    assert_true(tpt_set_bits(&f->pt, DID, order[0], UVS_IOMMU_PTE_A_MASK));
    assert_true(tpt_set_bits(&f->pt, DID, order[1], UVS_IOMMU_PTE_A_MASK));
    struct uvs_pcache_alloc_res res;
    uint64_t newva = VA0 + 100 * PG;
    assert_int_equal(fill(f, newva, 1, 0, &res), 0);
    /* Victim: frame 2's page, clean: INVAL + NOTICE, then INVAL_ALL for the cleared A bits. */
    assert_int_equal(res.nactions, 3);
    assert_int_equal(f->act[0].kind, UVS_PCACHE_ACT_INVAL);
    assert_int_equal(f->act[0].va, order[2]);
    assert_int_equal(f->act[0].did, DID);
    assert_int_equal(f->act[1].kind, UVS_PCACHE_ACT_NOTICE);
    assert_int_equal(f->act[1].va, order[2]);
    assert_int_equal(f->act[1].dirty, 0);
    assert_int_equal(f->act[1].bytes, PG);
    assert_int_equal(f->act[2].kind, UVS_PCACHE_ACT_INVAL_ALL);
    assert_int_equal(f->frames[0], HBM + 2 * PG);
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, order[2], NULL, NULL), -ENOENT);
    unsigned lvl;
    assert_int_equal(tpt_leaf(&f->pt, DID, order[2], &lvl), 0);
    /* Second chance: the A bits of frames 0 and 1 are now clear, frame 3's never set. */
    assert_false(tpt_leaf(&f->pt, DID, order[0], &lvl) & UVS_IOMMU_PTE_A_MASK);
    assert_false(tpt_leaf(&f->pt, DID, order[1], &lvl) & UVS_IOMMU_PTE_A_MASK);
    /* Next victim: the hand is at frame 3 (clear A) */
    assert_int_equal(fill(f, newva + PG, 1, 0, &res), 0);
    assert_int_equal(f->act[0].va, order[3]);
    assert_int_equal(count_kind(f->act, res.nactions, UVS_PCACHE_ACT_INVAL_ALL), 0);
    /* Then frame 0 (its A was cleared a revolution ago and not set again), unless re-accessed. */
    assert_true(tpt_set_bits(&f->pt, DID, order[0], UVS_IOMMU_PTE_A_MASK));
    assert_int_equal(fill(f, newva + 2 * PG, 1, 0, &res), 0);
    assert_int_equal(f->act[0].va, order[1]);
    struct uvs_pcache_stats st;
    uvs_pcache_get_stats(&f->pc, &st);
    assert_int_equal(st.a_cleared, 3);
    assert_int_equal(st.evictions, 3);
    assert_int_equal(st.writebacks, 0);
    fx_free(f);
}

static void test_dirty_writeback_before_reuse(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 2 * PG, 0, false);
    uint64_t order[2];
    fill_pages(f, 2, order);
    /* Frame 0's page was written (D without A is enough for dirtiness). */
    assert_true(tpt_set_bits(&f->pt, DID, order[0], UVS_IOMMU_PTE_D_MASK));
    struct uvs_pcache_alloc_res res;
    assert_int_equal(fill(f, VA0 + 50 * PG, 1, 0, &res), 0);
    assert_int_equal(res.nactions, 3);
    assert_int_equal(f->act[0].kind, UVS_PCACHE_ACT_INVAL);
    assert_int_equal(f->act[1].kind, UVS_PCACHE_ACT_WRITEBACK);
    assert_int_equal(f->act[1].frame, HBM);
    assert_int_equal(f->act[1].bus, BUS0 + (order[0] - VA0));
    assert_int_equal(f->act[1].bytes, PG);
    assert_int_equal(f->act[2].kind, UVS_PCACHE_ACT_NOTICE);
    assert_int_equal(f->act[2].dirty, 1);
    /* The frame written back is the one handed to the new page: the write-back precedes reuse. */
    assert_int_equal(f->frames[0], f->act[1].frame);
    /* The clean page goes without write-back. */
    assert_int_equal(fill(f, VA0 + 51 * PG, 1, 0, &res), 0);
    assert_int_equal(count_kind(f->act, res.nactions, UVS_PCACHE_ACT_WRITEBACK), 0);
    assert_int_equal(f->act[0].va, order[1]);
    struct uvs_pcache_stats st;
    uvs_pcache_get_stats(&f->pc, &st);
    assert_int_equal(st.writebacks, 1);
    fx_free(f);
}

static void test_reserve_pre_eviction(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 8 * PG, 3, false);
    uint64_t order[8];
    fill_pages(f, 8, order);
    uint32_t n = 0;
    /* A small action array: one victim per call. */
    int rc, calls = 0, evicted = 0;
    do {
        rc = uvs_pcache_maintain(&f->pc, f->act, 5, &n);
        assert_true(rc == 0 || rc == -EAGAIN);
        evicted += count_kind(f->act, n, UVS_PCACHE_ACT_NOTICE);
        calls++;
    } while (rc == -EAGAIN && calls < 20);
    assert_int_equal(rc, 0);
    assert_int_equal(evicted, 3);
    assert_true(calls >= 3);
    struct uvs_pcache_stats st;
    uvs_pcache_get_stats(&f->pc, &st);
    assert_int_equal(st.frames_free, 3);
    assert_int_equal(st.pre_evictions, 3);
    /* Reserve met: nothing to do. */
    assert_int_equal(uvs_pcache_maintain(&f->pc, f->act, ACT_CAP, &n), 0);
    assert_int_equal(n, 0);
    assert_int_equal(uvs_pcache_maintain(&f->pc, f->act, 4, &n), -ENOSPC);
    /* The victims were the frames the hand met first. */
    for (int k = 0; k < 3; k++)
        assert_int_equal(uvs_pcache_lookup(&f->pc, DID, order[k], NULL, NULL), -ENOENT);
    for (int k = 3; k < 8; k++)
        assert_int_equal(uvs_pcache_lookup(&f->pc, DID, order[k], NULL, NULL), 0);
    fx_free(f);
}

static void test_reserved_frames_not_evictable(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 4 * PG, 1, false);
    struct uvs_pcache_alloc_res res;
    for (int i = 0; i < 4; i++)
        assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0 + i * PG, 1, BUS0, 0, f->frames, f->act, ACT_CAP, &res), 0);
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0 + 9 * PG, 1, BUS0, 0, f->frames, f->act, ACT_CAP, &res),
                     -ENOMEM);
    uint32_t n;
    assert_int_equal(uvs_pcache_maintain(&f->pc, f->act, ACT_CAP, &n), -ENOMEM);
    /* Cancel gives one back. */
    assert_int_equal(uvs_pcache_cancel(&f->pc, DID, VA0 + 2 * PG, 1), 0);
    assert_int_equal(uvs_pcache_cancel(&f->pc, DID, VA0 + 2 * PG, 1), -ENOENT);
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0 + 9 * PG, 1, BUS0, 0, f->frames, f->act, ACT_CAP, &res), 0);
    assert_int_equal(res.nactions, 0);
    fx_free(f);
}

/* ---- 64 KiB and 2 MiB units ---- */

static void test_unit_64k(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 32 * PG, 0, false);
    uint64_t va = VA0 + 16 * PG;
    assert_int_equal(fill(f, va, 16, 0, NULL), 0);
    for (int k = 0; k < 16; k++) {
        unsigned lvl;
        uint64_t pte = tpt_leaf(&f->pt, DID, va + k * PG, &lvl);
        assert_true(pte & UVS_IOMMU_PTE_V_MASK);
        assert_int_equal(lvl, 0);
        assert_int_equal(frame_of(f, va + k * PG), f->frames[k]);
    }
    /* Partly present unit: -EEXIST and nothing reserved. */
    assert_int_equal(fill(f, VA0, 16, 0, NULL), 0);
    assert_int_equal(fill(f, VA0 + 32 * PG, 16, 0, NULL), 0); /* evicts 16 */
    struct uvs_pcache_alloc_res res;
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0 + 32 * PG, 16, BUS0, 0, f->frames, f->act, ACT_CAP, &res),
                     -EEXIST);
    fx_free(f);
}


/* ---- big units (64 KiB: one directory entry, contiguous frames) ---- */

static int count_bytes(const struct uvs_pcache_action *a, uint32_t n, int kind, uint64_t *bytes)
{
    int c = 0;
    *bytes = 0;
    for (uint32_t i = 0; i < n; i++)
        if (a[i].kind == kind) {
            c++;
            *bytes += a[i].bytes;
        }
    return c;
}

static void test_big_unit(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 64 * PG, 0, false);
    struct uvs_pcache_alloc_res res;
    uint64_t b;
    for (int u = 0; u < 4; u++) {
        uint64_t va = VA0 + (uint64_t)u * 16 * PG;
        assert_int_equal(fill(f, va, 16, 0, NULL), 0);
        assert_int_equal(f->frames[0] % (16 * PG), 0); /* 64 KiB aligned run */
        for (int k = 0; k < 16; k++) {
            unsigned lvl;
            assert_int_equal(f->frames[k], f->frames[0] + k * PG);
            assert_int_equal(frame_of(f, va + k * PG), f->frames[k]);
            uint64_t pte = tpt_leaf(&f->pt, DID, va + k * PG, &lvl);
            assert_int_equal(lvl, 0);
            assert_int_equal((pte & UVS_IOMMU_PTE_PPN_MASK) >> UVS_IOMMU_PTE_PPN_SHIFT, f->frames[k] >> 12);
        }
    }
    /* Any page of a big unit is present: a 4 KiB unit inside it and the unit again are -EEXIST. */
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0 + 5 * PG, 1, BUS0, 0, f->frames, f->act, ACT_CAP, &res),
                     -EEXIST);
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0, 16, BUS0, 0, f->frames, f->act, ACT_CAP, &res), -EEXIST);
    /* Unit 0 young by one page's A bit: the hand passes it (every A cleared) and takes unit 1, whole and clean. */
    assert_true(tpt_set_bits(&f->pt, DID, VA0 + 3 * PG, UVS_IOMMU_PTE_A_MASK));
    uint64_t u1 = frame_of(f, VA0 + 16 * PG);
    assert_int_equal(fill(f, VA0 + 64 * PG, 16, 0, &res), 0);
    assert_int_equal(count_bytes(f->act, res.nactions, UVS_PCACHE_ACT_INVAL, &b), 1);
    assert_int_equal(b, 16 * PG);
    assert_int_equal(count_kind(f->act, res.nactions, UVS_PCACHE_ACT_WRITEBACK), 0);
    assert_int_equal(count_bytes(f->act, res.nactions, UVS_PCACHE_ACT_NOTICE, &b), 1);
    assert_int_equal(b, 16 * PG);
    assert_int_equal(f->frames[0], u1);
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0 + 16 * PG, NULL, NULL), -ENOENT);
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0 + 31 * PG, NULL, NULL), -ENOENT);
    assert_int_equal(tpt_leaf(&f->pt, DID, VA0 + 3 * PG, &(unsigned){0}) & UVS_IOMMU_PTE_A_MASK, 0);
    /* Unit 2 dirty in one page: written back whole (64 KiB from its bus address), notice dirty. */
    assert_true(tpt_set_bits(&f->pt, DID, VA0 + 37 * PG, UVS_IOMMU_PTE_D_MASK));
    assert_int_equal(fill(f, VA0 + 80 * PG, 16, 0, &res), 0);
    assert_int_equal(count_bytes(f->act, res.nactions, UVS_PCACHE_ACT_WRITEBACK, &b), 1);
    assert_int_equal(b, 16 * PG);
    for (uint32_t i = 0; i < res.nactions; i++) {
        if (f->act[i].kind == UVS_PCACHE_ACT_WRITEBACK)
            assert_int_equal(f->act[i].bus, BUS0 + 32 * PG);
        if (f->act[i].kind == UVS_PCACHE_ACT_NOTICE)
            assert_int_equal(f->act[i].dirty, 1);
    }
    struct uvs_pcache_stats st;
    uvs_pcache_get_stats(&f->pc, &st);
    assert_int_equal(st.evictions, 32);
    assert_int_equal(st.writebacks, 16);
    /* Range eviction of part of a big unit takes it whole. */
    uint64_t done = 0;
    uint32_t n;
    uint64_t ev;
    assert_int_equal(uvs_pcache_evict_range(&f->pc, DID, VA0 + 66 * PG, 1, false, &done, f->act, ACT_CAP, &n, &ev), 0);
    assert_int_equal(ev, 16);
    assert_int_equal(uvs_pcache_lookup(&f->pc, DID, VA0 + 64 * PG, NULL, NULL), -ENOENT);
    fx_free(f);
}

static void test_big_unit_cancel_and_512(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 2 * MB2, 0, false);
    struct uvs_pcache_alloc_res res;
    struct uvs_pcache_stats st;
    /* Reserved, then cancelled: every frame free again, the unit absent. */
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0, 16, BUS0, 0, f->frames, f->act, ACT_CAP, &res), 0);
    assert_int_equal(uvs_pcache_map(&f->pc, DID, VA0, 1, 0), -ENOENT); /* a page of a reserved big unit is not a unit */
    assert_int_equal(uvs_pcache_cancel(&f->pc, DID, VA0, 16), 0);
    assert_int_equal(uvs_pcache_cancel(&f->pc, DID, VA0, 16), -ENOENT);
    uvs_pcache_get_stats(&f->pc, &st);
    assert_int_equal(st.frames_free, 1024);
    /* A 512-page unit without a superpage: 32 big units, each contiguous. */
    assert_int_equal(fill(f, VA0, 512, 0, &res), 0);
    assert_false(res.super);
    for (int k = 0; k < 512; k++) {
        assert_int_equal(f->frames[k], f->frames[k & ~15] + (k & 15) * PG);
        assert_int_equal(frame_of(f, VA0 + k * PG), f->frames[k]);
    }
    uint64_t done = 0, ev;
    uint32_t n;
    assert_int_equal(uvs_pcache_evict_range(&f->pc, DID, VA0, 512, true, &done, f->act, ACT_CAP, &n, &ev), 0);
    assert_int_equal(ev, 512);
    assert_int_equal(n, 32);
    uvs_pcache_get_stats(&f->pc, &st);
    assert_int_equal(st.frames_free, 1024);
    fx_free(f);
}

static void test_big_unit_fragmented(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 32 * PG, 0, false);
    struct uvs_pcache_alloc_res res;
    /* 17 single pages on frames 0..16, then 15 of them dropped: 30 frames free, no aligned run of 16. */
    for (int i = 0; i < 17; i++)
        assert_int_equal(fill(f, VA0 + MB2 + i * PG, 1, 0, NULL), 0);
    uint64_t done = 0, ev;
    uint32_t n;
    for (int i = 0; i < 17; i++) {
        uint64_t fr = frame_of(f, VA0 + MB2 + i * PG);
        done = 0;
        if (fr < HBM + 15 * PG)
            assert_int_equal(
                uvs_pcache_evict_range(&f->pc, DID, VA0 + MB2 + i * PG, 1, true, &done, f->act, ACT_CAP, &n, &ev), 0);
    }
    assert_int_equal(fill(f, VA0, 16, 0, &res), 0);
    assert_int_equal(res.nactions, 0);
    bool contiguous = true;
    for (int k = 0; k < 16; k++) {
        contiguous &= f->frames[k] == f->frames[0] + k * PG;
        assert_int_equal(frame_of(f, VA0 + k * PG), f->frames[k]);
    }
    assert_false(contiguous); /* 16 independent pages */
    /* They go page by page. */
    done = 0;
    assert_int_equal(uvs_pcache_evict_range(&f->pc, DID, VA0 + 3 * PG, 1, false, &done, f->act, ACT_CAP, &n, &ev), 0);
    assert_int_equal(ev, 1);
    assert_int_equal(frame_of(f, VA0 + 4 * PG), f->frames[4]);
    fx_free(f);
}

static void test_superpage(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 2 * MB2, 0, false);
    struct uvs_pcache_alloc_res res;
    uint64_t va = VA0 + 4 * MB2;
    assert_int_equal(fill(f, va, 512, UVS_PCACHE_F_SUPER_OK, &res), 0);
    assert_true(res.super);
    assert_int_equal(f->frames[0] % MB2, 0);
    assert_int_equal(f->frames[1], 0); /* a superpage writes frames[0] only: the frames are contiguous from it */
    assert_int_equal(frame_of(f, va + 511 * PG), f->frames[0] + 511 * PG);
    unsigned lvl;
    uint64_t pte = tpt_leaf(&f->pt, DID, va + 0x12345, &lvl);
    assert_int_equal(lvl, 1);
    assert_int_equal((pte >> UVS_IOMMU_PTE_PPN_SHIFT) << 12, f->frames[0]);
    uint64_t pa;
    assert_true(tpt_walk(&f->pt, DID, va + 0x12345, true, &pa));
    assert_int_equal(pa, f->frames[0] + 0x12345);
    assert_int_equal(frame_of(f, va + 0x12345), f->frames[0] + 0x12000);
    /* A page inside the superpage is present. */
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, va + 7 * PG, 1, BUS0, 0, f->frames, f->act, ACT_CAP, &res),
                     -EEXIST);
    struct uvs_pcache_stats st;
    uvs_pcache_get_stats(&f->pc, &st);
    assert_int_equal(st.superpages, 1);
    /* Evicting one page of it evicts the 2 MiB as a whole, written back (D set by the walk). */
    uint64_t done = 0, ev = 0;
    uint32_t n;
    assert_int_equal(uvs_pcache_evict_range(&f->pc, DID, va + 3 * PG, 1, false, &done, f->act, ACT_CAP, &n, &ev), 0);
    assert_int_equal(ev, 512);
    assert_int_equal(n, 3);
    assert_int_equal(f->act[0].level, 1);
    assert_int_equal(f->act[1].kind, UVS_PCACHE_ACT_WRITEBACK);
    assert_int_equal(f->act[1].bytes, MB2);
    assert_int_equal(f->act[2].bytes, MB2);
    assert_int_equal(tpt_leaf(&f->pt, DID, va, &lvl), 0);
    uvs_pcache_get_stats(&f->pc, &st);
    assert_int_equal(st.frames_free, 1024);
    fx_free(f);
}

static void test_superpage_fallbacks(void **state)
{
    (void)state;
    struct uvs_pcache_alloc_res res;
    /* No 2 MiB-aligned region inside the frame range: 512 small pages. */
    struct fx *f = fx_new(HBM + PG, MB2 + PG, 0, false);
    assert_int_equal(fill(f, VA0, 512, UVS_PCACHE_F_SUPER_OK, &res), 0);
    assert_false(res.super);
    unsigned lvl;
    assert_true(tpt_leaf(&f->pt, DID, VA0 + 511 * PG, &lvl) & UVS_IOMMU_PTE_V_MASK);
    assert_int_equal(lvl, 0);
    fx_free(f);
    /* Not allowed by the caller. */
    f = fx_new(HBM, 2 * MB2, 0, false);
    assert_int_equal(fill(f, VA0, 512, 0, &res), 0);
    assert_false(res.super);
    /* A level-0 table already under the block (left by an evicted 4 KiB page). */
    assert_int_equal(fill(f, VA0 + MB2, 1, 0, NULL), 0);
    uint64_t done = 0;
    uint32_t n;
    assert_int_equal(uvs_pcache_evict_range(&f->pc, DID, VA0 + MB2, 1, false, &done, f->act, ACT_CAP, &n, NULL), 0);
    assert_int_equal(fill(f, VA0 + MB2, 512, UVS_PCACHE_F_SUPER_OK, &res), 0);
    assert_false(res.super);
    fx_free(f);
}

static void test_superpage_evicts_region(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 2 * MB2, 0, false);
    /* Fill all 1024 frames with 64 KiB units (big units); mark region 1's pages accessed. */
    for (int i = 0; i < 64; i++)
        assert_int_equal(fill(f, VA0 + i * 16 * PG, 16, 0, NULL), 0);
    for (int i = 0; i < 1024; i++)
        if (frame_of(f, VA0 + i * PG) >= HBM + MB2)
            assert_true(tpt_set_bits(&f->pt, DID, VA0 + i * PG, UVS_IOMMU_PTE_A_MASK));
    /* Dirty one page of region 0. */
    uint64_t dirty_va = 0;
    for (int i = 0; i < 1024 && !dirty_va; i++)
        if (frame_of(f, VA0 + i * PG) == HBM + 5 * PG)
            dirty_va = VA0 + i * PG;
    assert_true(tpt_set_bits(&f->pt, DID, dirty_va, UVS_IOMMU_PTE_D_MASK));
    struct uvs_pcache_alloc_res res;
    uint64_t va = VA0 + 8 * MB2;
    assert_int_equal(fill(f, va, 512, UVS_PCACHE_F_SUPER_OK, &res), 0);
    assert_true(res.super);
    assert_int_equal(f->frames[0], HBM); /* region 0: its pages were not accessed */
    /* Region 0's 32 big units went whole: one INVAL and one NOTICE of 64 KiB each, the dirty one written back whole. */
    assert_int_equal(count_kind(f->act, res.nactions, UVS_PCACHE_ACT_INVAL), 32);
    assert_int_equal(count_kind(f->act, res.nactions, UVS_PCACHE_ACT_NOTICE), 32);
    assert_int_equal(count_kind(f->act, res.nactions, UVS_PCACHE_ACT_WRITEBACK), 1);
    uint64_t inval_bytes = 0;
    for (uint32_t i = 0; i < res.nactions; i++) {
        if (f->act[i].kind == UVS_PCACHE_ACT_INVAL)
            inval_bytes += f->act[i].bytes;
        if (f->act[i].kind == UVS_PCACHE_ACT_WRITEBACK) {
            assert_int_equal(f->act[i].bytes, 16 * PG);
            assert_int_equal(f->act[i].bus, BUS0 + ((dirty_va - VA0) & ~(16 * PG - 1)));
        }
        if (f->act[i].kind == UVS_PCACHE_ACT_NOTICE)
            assert_int_equal(f->act[i].dirty, f->act[i].va == (dirty_va & ~(16 * PG - 1)));
    }
    assert_int_equal(inval_bytes, MB2);
    fx_free(f);
}

/* ---- range eviction ---- */

static void test_evict_range(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 16 * PG, 0, false);
    for (int i = 0; i < 16; i++)
        assert_int_equal(fill(f, VA0 + i * PG, 1, 0, NULL), 0);
    for (int i = 0; i < 16; i += 4)
        assert_true(tpt_set_bits(&f->pt, DID, VA0 + i * PG, UVS_IOMMU_PTE_D_MASK));
    /* Flush pages 0..7 with room for one page per call. */
    uint64_t done = 0, ev, total = 0;
    uint32_t n;
    int rc, wb = 0, calls = 0;
    do {
        rc = uvs_pcache_evict_range(&f->pc, DID, VA0, 8, false, &done, f->act, 5, &n, &ev);
        total += ev;
        wb += count_kind(f->act, n, UVS_PCACHE_ACT_WRITEBACK);
        calls++;
    } while (rc == -EAGAIN && calls < 50);
    assert_int_equal(rc, 0);
    assert_int_equal(total, 8);
    assert_int_equal(wb, 2);
    /* Drop (free): no write-back, no notice, even for dirty pages. Large-range mode. */
    done = 0;
    assert_int_equal(uvs_pcache_evict_range(&f->pc, DID, VA0, 1u << 20, true, &done, f->act, ACT_CAP, &n, &ev), 0);
    assert_int_equal(ev, 8);
    assert_int_equal(n, 8);
    assert_int_equal(count_kind(f->act, n, UVS_PCACHE_ACT_INVAL), 8);
    struct uvs_pcache_stats st;
    uvs_pcache_get_stats(&f->pc, &st);
    assert_int_equal(st.frames_free, 16);
    assert_int_equal(uvs_pcache_evict_range(&f->pc, DID, VA0 + 1, 1, false, &done, f->act, ACT_CAP, &n, &ev),
                     -EINVAL);
    assert_int_equal(uvs_pcache_evict_range(&f->pc, DID, VA0, 1, false, &done, f->act, 2, &n, &ev), -ENOSPC);
    fx_free(f);
}

static void test_map_accessed_grace(void **state)
{
    (void)state;
    struct fx *f = fx_new(HBM, 2 * PG, 0, false);
    struct uvs_pcache_alloc_res res;
    /* Frame 0: mapped with A set (a page brought in for a waiting request); frame 1: plain. */
    assert_int_equal(uvs_pcache_alloc(&f->pc, DID, VA0, 1, BUS0, 0, f->frames, f->act, ACT_CAP, &res), 0);
    assert_int_equal(uvs_pcache_map(&f->pc, DID, VA0, 1, UVS_PCACHE_MAP_ACCESSED), 0);
    assert_int_equal(fill(f, VA0 + PG, 1, 0, NULL), 0);
    unsigned lvl;
    assert_true(tpt_leaf(&f->pt, DID, VA0, &lvl) & UVS_IOMMU_PTE_A_MASK);
    assert_int_equal(fill(f, VA0 + 2 * PG, 1, 0, &res), 0);
    assert_int_equal(f->act[0].va, VA0 + PG);
    fx_free(f);
}

/* ---- directory under random insert/remove (backward-shift deletion) ---- */

static void test_directory_random(void **state)
{
    (void)state;
    enum { FR = 256, PAGES = 2048 };
    struct fx *f = fx_new(HBM, FR * PG, 0, false);
    static uint8_t present[PAGES];
    memset(present, 0, sizeof present);
    unsigned seed = 12345, count = 0;
    for (int step = 0; step < 20000; step++) {
        seed = seed * 1103515245u + 12345u;
        unsigned p = (seed >> 8) % PAGES;
        uint32_t did = p % 3;
        uint64_t va = VA0 + (uint64_t)p * PG;
        struct uvs_pcache_alloc_res res;
        if (present[p]) {
            assert_int_equal(uvs_pcache_cancel(&f->pc, did, va, 1), 0);
            present[p] = 0;
            count--;
        } else if (count < FR) {
            assert_int_equal(uvs_pcache_alloc(&f->pc, did, va, 1, BUS0, 0, f->frames, f->act, ACT_CAP, &res), 0);
            present[p] = 1;
            count++;
        }
        if (step % 500 == 0)
            for (unsigned q = 0; q < PAGES; q++)
                assert_int_equal(uvs_pcache_lookup(&f->pc, q % 3, VA0 + (uint64_t)q * PG, NULL, NULL),
                                 present[q] ? 0 : -ENOENT);
    }
    struct uvs_pcache_stats st;
    uvs_pcache_get_stats(&f->pc, &st);
    assert_int_equal(st.frames_free, FR - count);
    fx_free(f);
}

/* Metadata already zero (the firmware zeroes it by DMA): no set-up pass; dirty metadata is cleared without the flag. */
static void test_zeroed_metadata(void **state)
{
    (void)state;
    struct tpt pt;
    tpt_init(&pt, 1u << 16);
    uint64_t bytes = 3 * MB2 + 5 * PG; /* partial last region, frames not 2 MiB aligned */
    size_t mb = uvs_pcache_meta_bytes(bytes);
    uint8_t *meta = malloc(mb);
    assert_non_null(meta);
    struct uvs_pcache pc;
    struct uvs_pcache_cfg c = {.frame_base = HBM + 3 * PG, .frame_bytes = bytes, .pte = &tpt_ops, .pte_ctx = &pt,
                               .meta = meta, .meta_bytes = mb};
    memset(meta, 0xa5, mb);
    assert_int_equal(uvs_pcache_init(&pc, &c), 0); /* cleared: the 0xa5 pattern is gone */
    struct uvs_pcache_stats st;
    uvs_pcache_get_stats(&pc, &st);
    assert_int_equal(st.frames_total, bytes / PG);
    assert_int_equal(st.frames_free, bytes / PG);
    memset(meta, 0, mb);
    c.meta_zeroed = true;
    assert_int_equal(uvs_pcache_init(&pc, &c), 0);
    /* Every frame is usable: fill all of them, then one more page evicts. */
    static struct uvs_pcache_action act[ACT_CAP];
    static uint64_t frames[512];
    struct uvs_pcache_alloc_res res;
    uint64_t n = bytes / PG;
    for (uint64_t i = 0; i < n; i++) {
        assert_int_equal(uvs_pcache_alloc(&pc, DID, VA0 + i * PG, 1, BUS0 + i * PG, 0, frames, act, ACT_CAP, &res), 0);
        assert_int_equal(res.nactions, 0);
        assert_true(frames[0] >= HBM + 3 * PG && frames[0] < HBM + 3 * PG + bytes);
        assert_int_equal(uvs_pcache_map(&pc, DID, VA0 + i * PG, 1, 0), 0);
    }
    uvs_pcache_get_stats(&pc, &st);
    assert_int_equal(st.frames_free, 0);
    assert_int_equal(uvs_pcache_alloc(&pc, DID, VA0 + n * PG, 1, BUS0, 0, frames, act, ACT_CAP, &res), 0);
    assert_true(res.nactions >= 2); /* INVAL + NOTICE of the victim */
    free(meta);
    tpt_fini(&pt);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zeroed_metadata),
        cmocka_unit_test(test_init_errors),
        cmocka_unit_test(test_alloc_map_lookup),
        cmocka_unit_test(test_clock_second_chance),
        cmocka_unit_test(test_dirty_writeback_before_reuse),
        cmocka_unit_test(test_reserve_pre_eviction),
        cmocka_unit_test(test_reserved_frames_not_evictable),
        cmocka_unit_test(test_unit_64k),
        cmocka_unit_test(test_big_unit),
        cmocka_unit_test(test_big_unit_cancel_and_512),
        cmocka_unit_test(test_big_unit_fragmented),
        cmocka_unit_test(test_superpage),
        cmocka_unit_test(test_superpage_fallbacks),
        cmocka_unit_test(test_superpage_evicts_region),
        cmocka_unit_test(test_evict_range),
        cmocka_unit_test(test_map_accessed_grace),
        cmocka_unit_test(test_directory_random),
        cmocka_unit_test(test_policy_errors),
        cmocka_unit_test(test_lra_chunk_victim),
        cmocka_unit_test(test_clock_same_scene),
        cmocka_unit_test(test_lra_chunk_maintain),
        cmocka_unit_test(test_clock_clean_prefers_clean),
    };
    int failed = cmocka_run_group_tests_name("pcache, page tables by hash", tests, NULL, NULL);
    g_contig = true;
    return failed + cmocka_run_group_tests_name("pcache, page tables as arrays (pte_contig)", tests, NULL, NULL);
}

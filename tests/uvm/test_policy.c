/*
 * Unit tests of the migration policies' decision functions (issue 14,
 * docs/policies.md) without a device: the named policies and their errors
 * (host/lib/uvm_policy.c), UVM's 64 KiB growth and 51 % tree prefetch, the
 * default's streaming read-ahead across 2 MiB blocks and whole blocks while
 * everything fits (host/lib/uvm_fault.c planning), thrashing detection thresholds (host/lib/uvm_thrash.c) and what
 * the fault service does with THROTTLE and PIN verdicts. The firmware's
 * victim orders (least recently allocated chunk, clean-first CLOCK) are
 * tested with the page cache in test_pcache.c.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <uvmsoc/iommu_rec.h>
#include <uvmsoc/uvm.h>

#include "uvm_fault.h"
#include "uvm_policy.h"
#include "uvm_thrash.h"

#define PG 4096ull
#define VA 0x200000000000ull
#define BUS 0x100000000ull
#define DID 3u

struct mock {
    struct uvm_range r;
    unsigned executes;
    size_t nrep;
};

static int m_lookup(void *ctx, uint32_t did, uint64_t va, struct uvm_range *out)
{
    struct mock *m = ctx;
    if (did != DID || va < m->r.va || va >= m->r.va + m->r.size)
        return -ENOENT;
    *out = m->r;
    return 0;
}

/* The device does every unit and answers every group. */
static int m_execute(void *ctx, struct uvm_unit *u, size_t n, const struct uvm_replay *r, size_t nrep)
{
    struct mock *m = ctx;
    (void)r;
    m->executes++;
    m->nrep += nrep;
    for (size_t i = 0; i < n; i++) {
        u[i].status = 0;
        u[i].copied = u[i].kind == UVM_UNIT_MIGRATE ? u[i].npages : 0;
    }
    return 0;
}

static const struct uvm_fault_ops mops = {.lookup = m_lookup, .execute = m_execute};

struct fx {
    struct mock m;
    struct uvm_fault_svc *s;
};

static struct fx *fx_new(const char *policy, uint64_t pages)
{
    struct fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    struct uvm_policy p;
    assert_int_equal(uvm_policy_by_name(policy, &p), 0);
    f->m.r = (struct uvm_range){.va = VA, .size = pages * PG, .bus = BUS};
    f->m.r.state = calloc(pages, 1);
    assert_non_null(f->m.r.state);
    assert_int_equal(uvm_fault_create(&p, &mops, &f->m, &f->s), 0);
    return f;
}

static void fx_free(struct fx *f)
{
    uvm_fault_destroy(f->s);
    free(f->m.r.state);
    free(f);
}

static struct uvs_uvm_frec rec(uint64_t page_index, uint16_t prgi, uint64_t cycle)
{
    return (struct uvs_uvm_frec){
        .did = DID, .page = VA + page_index * PG, .prgi = prgi, .access = UVS_UVM_ACC_R, .cycle = cycle};
}

/* Pages planned for migration in [first, first + n) of the range (page indices), over all units. */
static uint64_t planned(struct fx *f, uint64_t first, uint64_t n, int kind)
{
    size_t nu;
    const struct uvm_unit *u = uvm_fault_plan_units(f->s, &nu);
    uint64_t c = 0;
    for (size_t i = 0; i < nu; i++)
        for (uint32_t k = 0; k < u[i].npages; k++) {
            uint64_t p = (u[i].va - VA) / PG + k;
            c += u[i].kind == kind && p >= first && p < first + n;
        }
    return c;
}

static void resident(struct fx *f, uint64_t first, uint64_t n)
{
    memset(f->m.r.state + first, UVM_PAGE_DEVICE, n);
}

/* ---- names ---- */

static void test_names(void **state)
{
    (void)state;
    struct uvm_policy p;
    assert_int_equal(uvm_policy_by_name("adaptive", &p), 0);
    assert_string_equal(p.name, "adaptive");
    assert_true(p.stream_cross);
    assert_true(p.grow_on_locality);
    assert_int_equal(p.evict_mode, UVS_UVM_EVICT_CLOCK);
    assert_int_equal(p.thrash, UVM_THRASH_REMOTE);
    assert_int_equal(uvm_policy_by_name("uvm-baseline", &p), 0);
    assert_string_equal(p.name, "uvm-baseline");
    assert_int_equal(p.grow_pages, 16);
    assert_int_equal(p.density_pct, 51);
    assert_int_equal(p.batch_max, 256);
    assert_int_equal(p.evict_mode, UVS_UVM_EVICT_LRA_CHUNK);
    assert_int_equal(p.reserve_64ths, 0);
    assert_int_equal(p.thrash, UVM_THRASH_THROTTLE_PIN);
    assert_int_equal(p.thrash_threshold, 3);
    assert_int_equal(p.thrash_pin_threshold, 10);
    assert_int_equal(p.thrash_lapse, 500000); /* 500 us at 1 GHz */
    assert_int_equal(uvm_policy_by_name("ondemand", &p), 0);
    assert_int_equal(p.grow_pages, 1);
    assert_int_equal(p.density_pct, 0);
    assert_int_equal(p.evict_mode, UVS_UVM_EVICT_CLOCK);
    assert_int_equal(uvm_policy_by_name("4k", &p), 0); /* aliases */
    assert_string_equal(p.name, "ondemand");
    assert_int_equal(uvm_policy_by_name("baseline", &p), 0);
    assert_string_equal(p.name, "uvm-baseline");
    assert_int_equal(uvm_policy_by_name("lru", &p), -ENOENT);
    assert_int_equal(uvm_policy_by_name("", &p), -ENOENT);
    assert_int_equal(uvm_policy_by_name(NULL, &p), -EINVAL);
    assert_int_equal(uvm_policy_by_name("adaptive", NULL), -EINVAL);
    assert_string_equal(uvm_policy_names(), "adaptive, uvm-baseline, ondemand");
    assert_int_equal(uvm_policy_set_clock(&p, 200000), 0); /* 200 MHz: 500 us = 100,000 cycles */
    assert_int_equal(p.thrash_lapse, 100000);
    assert_int_equal(p.thrash_nap, 100000);
    assert_int_equal(uvm_policy_set_clock(&p, 0), -EINVAL);
}

/* ---- uvm-baseline: big-page growth, tree prefetch ---- */

static void test_baseline_growth(void **state)
{
    (void)state;
    struct fx *f = fx_new("uvm-baseline", 1024);
    struct uvs_uvm_frec r = rec(37, 1, 10); /* 64 KiB block 32..47 */
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    size_t nu;
    const struct uvm_unit *u = uvm_fault_plan_units(f->s, &nu);
    assert_int_equal(nu, 1);
    assert_int_equal(u[0].va, VA + 32 * PG);
    assert_int_equal(u[0].npages, 16);
    assert_int_equal(u[0].faulted, 1);
    fx_free(f);
    f = fx_new("ondemand", 1024);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    u = uvm_fault_plan_units(f->s, &nu);
    assert_int_equal(nu, 1);
    assert_int_equal(u[0].va, VA + 37 * PG);
    assert_int_equal(u[0].npages, 1);
    fx_free(f);
}

/*
 * 51 % density over the bitmap tree: in the 64-page subregion 0..63, a
 * fault at page 48 grows to 48..63 (16 pages). With 17 pages 0..16
 * resident the subregion is 33/64 = 51.6 % occupied (> 51 %): all of it
 * comes; with 16 resident, 32/64 = 50 %: only the 64 KiB block. The 32-page
 * subregion 32..63 is 16/32 = 50 % in both cases (not above 51 %).
 */
static void test_baseline_tree_51(void **state)
{
    (void)state;
    struct uvs_uvm_frec r = rec(48, 1, 10);
    struct fx *f = fx_new("uvm-baseline", 1024);
    resident(f, 0, 17);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 0, 1024, UVM_UNIT_MIGRATE), 64 - 17);
    assert_int_equal(planned(f, 17, 47, UVM_UNIT_MIGRATE), 47);
    fx_free(f);
    f = fx_new("uvm-baseline", 1024);
    resident(f, 0, 16);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 0, 1024, UVM_UNIT_MIGRATE), 16);
    assert_int_equal(planned(f, 48, 16, UVM_UNIT_MIGRATE), 16);
    fx_free(f);
}

/* uvm-baseline has no streaming rule: a fault behind a long resident run brings only its 64 KiB block. */
static void test_baseline_no_stream(void **state)
{
    (void)state;
    struct fx *f = fx_new("uvm-baseline", 1024);
    resident(f, 0, 64);
    struct uvs_uvm_frec r = rec(64, 1, 10);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    /* The 128-page subregion 0..127 is 80/128 = 62.5 % dense: density brings it, no more. */
    assert_int_equal(planned(f, 0, 1024, UVM_UNIT_MIGRATE), 64);
    fx_free(f);
}

/* ---- adaptive: first touch, streams across 2 MiB blocks ---- */

/* Plan one fault at page p (cycle t) and put every planned page on the device; the pages planned. */
static uint64_t fault_in(struct fx *f, uint64_t p, uint16_t prgi, uint64_t t)
{
    struct uvs_uvm_frec r = rec(p, prgi, t);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    size_t nu;
    const struct uvm_unit *u = uvm_fault_plan_units(f->s, &nu);
    uint64_t n = 0;
    for (size_t i = 0; i < nu; i++) {
        resident(f, (u[i].va - VA) / PG, u[i].npages);
        n += u[i].npages;
    }
    return n;
}

/*
 * A scan that has reached page n (a multiple of 16): pages 0..n-1 on the
 * device, the last two big pages brought by faults at their first pages
 * (each the first touch of its big page: the whole 64 KiB, no read-ahead
 * while the stream is not confirmed), so the next fault at n is the
 * stream's second consecutive continuation: it grows and reads ahead.
 */
static void stream_to(struct fx *f, uint64_t n)
{
    resident(f, 0, n - 32);
    assert_int_equal(fault_in(f, n - 32, 0, 1), 16); /* a new frontier at n - 16 */
    assert_int_equal(fault_in(f, n - 16, 0, 2), 16); /* its first continuation: frontier n */
}

/*
 * adaptive's first touch: a fault off a confirmed stream in a big page no
 * fault ever planned brings the whole aligned 64 KiB (one 16-page unit),
 * clipped to the allocation; once the big page was planned (touched), a
 * read fault there off a stream brings its page only (a Zipf lookup among
 * hot pages), a write fault still the big page (grow_write). ondemand keeps
 * 4 KiB.
 */
static void test_adaptive_first_touch(void **state)
{
    (void)state;
    struct fx *f = fx_new("adaptive", 1024);
    struct uvs_uvm_frec r = rec(37, 1, 1000000);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    size_t nu;
    const struct uvm_unit *u = uvm_fault_plan_units(f->s, &nu);
    assert_int_equal(nu, 1);
    assert_int_equal(u[0].va, VA + 32 * PG);
    assert_int_equal(u[0].npages, 16);
    assert_int_equal(u[0].faulted, 1);
    /* The big page was touched: evicted again, a read fault there brings its page only ... */
    r = rec(40, 2, 3000000);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 0, 1024, UVM_UNIT_MIGRATE), 1);
    assert_int_equal(planned(f, 40, 1, UVM_UNIT_MIGRATE), 1);
    /* ... a write fault (a tile copy-out writing back what was read and evicted) its whole big page. */
    r = rec(40, 3, 5000000);
    r.access = UVS_UVM_ACC_W;
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 32, 16, UVM_UNIT_MIGRATE), 16);
    fx_free(f);

    f = fx_new("adaptive", 40); /* the allocation ends inside the big page 32..47 */
    r = rec(37, 1, 1000000);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 0, 40, UVM_UNIT_MIGRATE), 8); /* 32..39 only, as single pages */
    u = uvm_fault_plan_units(f->s, &nu);
    assert_int_equal(nu, 8);
    fx_free(f);

    f = fx_new("adaptive", 1024); /* pages of the big page already on the device stay */
    resident(f, 34, 2);
    r = rec(37, 1, 1000000);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 32, 16, UVM_UNIT_MIGRATE), 14);
    fx_free(f);

    f = fx_new("ondemand", 1024);
    r = rec(37, 1, 1000000);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 0, 1024, UVM_UNIT_MIGRATE), 1);
    fx_free(f);
}

/* A fixture whose policy knows the HBM size and the managed footprint (fit_blocks). */
static struct fx *fx_fit(uint64_t pages, uint64_t hbm_bytes, uint64_t footprint)
{
    struct fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    struct uvm_policy p;
    assert_int_equal(uvm_policy_by_name("adaptive", &p), 0);
    p.hbm_bytes = hbm_bytes;
    f->m.r = (struct uvm_range){.va = VA, .size = pages * PG, .bus = BUS};
    f->m.r.state = calloc(pages, 1);
    assert_non_null(f->m.r.state);
    assert_int_equal(uvm_fault_create(&p, &mops, &f->m, &f->s), 0);
    uvm_fault_set_footprint(f->s, footprint);
    return f;
}

/*
 * adaptive's fit_blocks: while the managed memory fits in half of HBM, the
 * first touch of a whole 2 MiB block brings the block and the range's next
 * untouched block as 512-page units (superpages allowed); units with a
 * fault come first in the batch (the firmware answers each group when its
 * unit is mapped). Not when it does not fit, not for a block the range
 * does not cover whole, not for a block touched before.
 */
static void test_adaptive_fit_blocks(void **state)
{
    (void)state;
    const uint64_t MiB = 1ull << 20;
    struct fx *f = fx_fit(2048, 16 * MiB, 8 * MiB); /* 4 blocks, 8 MiB of 16 */
    struct uvs_uvm_frec r = rec(5, 1, 1000);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    size_t nu;
    const struct uvm_unit *u = uvm_fault_plan_units(f->s, &nu);
    assert_int_equal(nu, 2);
    assert_int_equal(u[0].va, VA);
    assert_int_equal(u[0].npages, 512);
    assert_true(u[0].super_ok);
    assert_int_equal(u[0].faulted, 1);
    assert_int_equal(u[1].va, VA + 512 * PG); /* the next block, a prefetch */
    assert_int_equal(u[1].npages, 512);
    assert_int_equal(u[1].faulted, 0);
    fx_free(f);

    /* Two blocks faulted in one batch: both demand units before both read-aheads. */
    f = fx_fit(2048, 16 * MiB, 8 * MiB);
    struct uvs_uvm_frec two[2] = {rec(5, 1, 1000), rec(1029, 2, 1000)};
    assert_int_equal(uvm_fault_plan(f->s, two, 2), 0);
    u = uvm_fault_plan_units(f->s, &nu);
    assert_int_equal(nu, 4);
    assert_int_equal(u[0].va, VA);
    assert_int_equal(u[1].va, VA + 1024 * PG);
    assert_int_equal(u[2].va, VA + 512 * PG);
    assert_int_equal(u[3].va, VA + 1536 * PG);
    assert_true(u[0].faulted && u[1].faulted && !u[2].faulted && !u[3].faulted);
    /* Those blocks were touched: evicted and faulted again, the ordinary rules (its page). */
    memset(f->m.r.state, UVM_PAGE_HOST, 2048);
    r = rec(9, 3, 2000);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 0, 2048, UVM_UNIT_MIGRATE), 1);
    fx_free(f);

    /* More than half of HBM managed: the 64 KiB first touch. */
    f = fx_fit(2048, 16 * MiB, 8 * MiB + PG);
    r = rec(5, 1, 1000);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 0, 2048, UVM_UNIT_MIGRATE), 16);
    fx_free(f);

    /* The range covers block 0 whole and 88 pages of block 1: block 0 alone. */
    f = fx_fit(600, 16 * MiB, 600 * PG);
    r = rec(5, 1, 1000);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 0, 600, UVM_UNIT_MIGRATE), 512);
    /* ... and a fault in block 1 brings its 64 KiB (the block is not whole). */
    r = rec(520, 2, 2000);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 512, 88, UVM_UNIT_MIGRATE), 16);
    fx_free(f);

    /* A page of the block already on the device: not a first touch. */
    f = fx_fit(2048, 16 * MiB, 8 * MiB);
    resident(f, 100, 1);
    r = rec(5, 1, 1000);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 0, 512, UVM_UNIT_MIGRATE), 16);
    fx_free(f);
}

/*
 * The sixteenth-of-HBM cap limits prefetch and read-ahead regions but not
 * the 64 KiB growth (adaptive and uvm-baseline: UVM grows to the big page
 * whatever the memory size). With 256 KiB of HBM (64 frames) the cap is 4
 * pages: a fault still brings its whole 64 KiB.
 */
static void test_big_page_floor(void **state)
{
    (void)state;
    const char *names[] = {"adaptive", "uvm-baseline"};
    for (unsigned k = 0; k < 2; k++) {
        struct fx *f = calloc(1, sizeof *f);
        assert_non_null(f);
        struct uvm_policy p;
        assert_int_equal(uvm_policy_by_name(names[k], &p), 0);
        assert_true(p.big_floor);
        p.hbm_bytes = 256 * 1024;
        f->m.r = (struct uvm_range){.va = VA, .size = 1024 * PG, .bus = BUS, .state = calloc(1024, 1)};
        assert_non_null(f->m.r.state);
        assert_int_equal(uvm_fault_create(&p, &mops, &f->m, &f->s), 0);
        struct uvs_uvm_frec r = rec(37, 1, 10);
        assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
        size_t nu;
        const struct uvm_unit *u = uvm_fault_plan_units(f->s, &nu);
        assert_int_equal(nu, 1);
        assert_int_equal(u[0].npages, 16);
        fx_free(f);
        /* Without the floor (the cap as before) the same fault brings the 4-page region. */
        f = calloc(1, sizeof *f);
        assert_non_null(f);
        p.big_floor = false;
        p.grow_cold = false;
        p.grow_on_locality = false;
        f->m.r = (struct uvm_range){.va = VA, .size = 1024 * PG, .bus = BUS, .state = calloc(1024, 1)};
        assert_non_null(f->m.r.state);
        assert_int_equal(uvm_fault_create(&p, &mops, &f->m, &f->s), 0);
        assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
        assert_int_equal(planned(f, 0, 1024, UVM_UNIT_MIGRATE), 4);
        fx_free(f);
    }
}

/*
 * Pages 0..479 on the device, a fault at 480: the run behind is 480 pages,
 * the read-ahead the largest power of two not above it, 256 pages: 480..511
 * in this block and 224 pages (0..223) of the next one. uvm-baseline-style
 * planning without stream_cross stops at the block end.
 */
static void test_adaptive_stream_across_blocks(void **state)
{
    (void)state;
    struct uvs_uvm_frec r = rec(480, 1, 10);
    struct fx *f = fx_new("adaptive", 2048);
    stream_to(f, 480);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 480, 32, UVM_UNIT_MIGRATE), 32);
    assert_int_equal(planned(f, 512, 224, UVM_UNIT_MIGRATE), 224);
    assert_int_equal(planned(f, 736, 2048 - 736, UVM_UNIT_MIGRATE), 0);
    fx_free(f);

    f = fx_new("adaptive", 2048); /* the same with a fault in the next block too: one plan for it */
    stream_to(f, 480);
    struct uvs_uvm_frec two[2] = {rec(480, 1, 10), rec(1000, 2, 10)};
    assert_int_equal(uvm_fault_plan(f->s, two, 2), 0);
    assert_int_equal(planned(f, 512, 224, UVM_UNIT_MIGRATE), 224);
    assert_int_equal(planned(f, 992, 16, UVM_UNIT_MIGRATE), 16); /* off the stream, first touch: its big page */
    assert_int_equal(planned(f, 736, 256, UVM_UNIT_MIGRATE), 0);
    for (uint64_t p = 512; p < 1024; p++) /* no page twice: the carried pages planned with their block */
        assert_true(planned(f, p, 1, UVM_UNIT_MIGRATE) <= 1);
    fx_free(f);

    struct uvm_policy p = UVM_POLICY_BASELINE; /* streaming inside the block only */
    f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->m.r = (struct uvm_range){.va = VA, .size = 2048 * PG, .bus = BUS, .state = calloc(2048, 1)};
    assert_int_equal(uvm_fault_create(&p, &mops, &f->m, &f->s), 0);
    resident(f, 0, 480);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 480, 32, UVM_UNIT_MIGRATE), 32);
    assert_int_equal(planned(f, 512, 1536, UVM_UNIT_MIGRATE), 0);
    fx_free(f);

    f = fx_new("adaptive", 600); /* the range ends inside the next block: read-ahead clipped to it */
    stream_to(f, 480);
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 512, 88, UVM_UNIT_MIGRATE), 88);
    fx_free(f);
}

/*
 * adaptive's stream detection: a fault within [-1, +2] pages of the end of
 * a recent migration (a stream's frontier) continues it; from the second
 * consecutive continuation on it reads ahead. In big pages touched before,
 * a fault off a stream brings its page only (a random access, e.g. a Zipf
 * lookup next to hot resident pages, or one that happens to land next to a
 * single earlier random fault), and a stream's fault grows to its big page
 * only behind 16 pages on the device (grow_run): chains of random faults
 * that look like a stream stay at 4 KiB.
 */
static void test_adaptive_stream_detection(void **state)
{
    (void)state;
    struct fx *f = fx_new("adaptive", 1024);
    /* Plans 1 ms apart (past the thrashing lapse): planning the same fault again is no thrashing. */
    uint64_t t = 0;
    assert_int_equal(fault_in(f, 37, 1, t += 1000000), 16); /* first touch: 32..47, frontier 48 */
    assert_int_equal(fault_in(f, 48, 2, t += 1000000), 16); /* a first continuation: its untouched big page, no read-ahead */
    /* The second: a stream, behind a run of 32 pages: read-ahead of 32 pages, 64..95. */
    assert_int_equal(fault_in(f, 64, 3, t += 1000000), 32);
    assert_int_equal(planned(f, 64, 32, UVM_UNIT_MIGRATE), 32);

    /* Touched big pages 288..303, 304..319 and 320..335, evicted again. */
    assert_int_equal(fault_in(f, 290, 4, t += 1000000), 16);
    assert_int_equal(fault_in(f, 310, 4, t += 1000000), 16);
    assert_int_equal(fault_in(f, 330, 5, t += 1000000), 16);
    memset(f->m.r.state + 288, UVM_PAGE_HOST, 48);
    assert_int_equal(fault_in(f, 300, 6, t += 1000000), 1); /* off any stream, touched: its page */
    assert_int_equal(fault_in(f, 301, 7, t += 1000000), 1); /* next to that random fault: one continuation only */
    /* A confirmed stream in touched big pages, fewer than 16 pages on the device behind it: its page only. */
    for (uint64_t p = 302; p < 316; p++)
        assert_int_equal(fault_in(f, p, 8, t += 1000000), 1);
    /*
     * 16 pages on the device behind it (300..315): it grows to its big page
     * (316..319 left of 304..319), and the 32-page region 288..319, now
     * 20/32 on the device, is dense: 288..299 too.
     */
    assert_int_equal(fault_in(f, 316, 9, t += 1000000), 16);
    assert_int_equal(planned(f, 288, 12, UVM_UNIT_MIGRATE), 12);
    /* The next touched big page behind 32 pages on the device: grown, and read ahead 32 pages (320..351). */
    assert_int_equal(fault_in(f, 320, 10, t += 1000000), 32);
    struct uvs_uvm_frec r = rec(52 + 700, 11, t += 1000000); /* far from every frontier, untouched: its big page */
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_int_equal(planned(f, 752, 16, UVM_UNIT_MIGRATE), 16);
    fx_free(f);
}

/*
 * Faults off the stream do not push a confirmed stream out of the frontier
 * table: the stream of the test above survives 20 first touches elsewhere.
 */
static void test_adaptive_stream_kept(void **state)
{
    (void)state;
    struct fx *f = fx_new("adaptive", 1024);
    uint64_t t = 1000000;
    assert_int_equal(fault_in(f, 37, 1, t += 1000000), 16);
    assert_int_equal(fault_in(f, 48, 1, t += 1000000), 16);
    assert_int_equal(fault_in(f, 64, 1, t += 1000000), 32); /* confirmed, frontier at 96 */
    for (uint64_t k = 0; k < 20; k++) /* faults in other big pages, 16 pages apart: each its big page */
        assert_int_equal(fault_in(f, 600 + 16 * k, 2, t += 1000000), 16);
    struct uvs_uvm_frec r = rec(96, 3, t += 1000000); /* the stream goes on: it reads ahead */
    assert_int_equal(uvm_fault_plan(f->s, &r, 1), 0);
    assert_true(planned(f, 96, 64, UVM_UNIT_MIGRATE) >= 32);
    fx_free(f);
}

/* ---- thrashing detection ---- */

static void test_thrash_thresholds(void **state)
{
    (void)state;
    struct uvm_thrash *t;
    struct uvm_thrash_cfg c = {.threshold = 3, .pin_threshold = 2, .lapse = 100, .nap = 50};
    assert_int_equal(uvm_thrash_create(&c, &t), 0);
    uint64_t until;
    assert_int_equal(uvm_thrash_event(t, DID, VA, 1000, &until), UVM_THRASH_NONE); /* first migration */
    assert_int_equal(uvm_thrash_event(t, DID, VA, 1099, &until), UVM_THRASH_NONE); /* 1st thrashing event */
    assert_int_equal(uvm_thrash_event(t, DID, VA, 1198, &until), UVM_THRASH_NONE); /* 2nd */
    assert_int_equal(uvm_thrash_event(t, DID, VA, 1297, &until), UVM_THRASH_THROTTLE); /* 3rd: thrashing */
    assert_int_equal(until, 1347);
    assert_int_equal(uvm_thrash_event(t, DID, VA, 1396, &until), UVM_THRASH_THROTTLE);
    assert_int_equal(uvm_thrash_event(t, DID, VA, 1495, &until), UVM_THRASH_PIN); /* after 2 throttles */
    assert_int_equal(until, 1495);
    /* Another page is independent; a lapse of 100 cycles or more restarts the count. */
    assert_int_equal(uvm_thrash_event(t, DID, VA + PG, 1500, &until), UVM_THRASH_NONE);
    assert_int_equal(uvm_thrash_event(t, DID, VA + PG, 1550, &until), UVM_THRASH_NONE);
    assert_int_equal(uvm_thrash_event(t, DID, VA + PG, 1600, &until), UVM_THRASH_NONE);
    assert_int_equal(uvm_thrash_event(t, DID, VA + PG, 1700, &until), UVM_THRASH_NONE); /* lapse 100: reset */
    assert_int_equal(uvm_thrash_event(t, DID, VA + PG, 1750, &until), UVM_THRASH_NONE);
    assert_int_equal(uvm_thrash_event(t, DID + 1, VA + PG, 1760, &until), UVM_THRASH_NONE); /* other context */
    struct uvm_thrash_stats st;
    uvm_thrash_get_stats(t, &st);
    assert_int_equal(st.events, 12);
    assert_int_equal(st.throttles, 2);
    assert_int_equal(st.pins, 1);
    assert_int_equal(st.thrashing, 5 + 3);
    for (uint64_t k = 0; k < 5000; k++) /* the table grows */
        assert_int_equal(uvm_thrash_event(t, DID, VA + (k + 10) * PG, 2000, &until), UVM_THRASH_NONE);
    assert_int_equal(uvm_thrash_event(t, DID, VA, 1500, &until), UVM_THRASH_PIN); /* kept across growth */
    uvm_thrash_destroy(t);
    c.pin_threshold = 0; /* pin at once (adaptive) */
    assert_int_equal(uvm_thrash_create(&c, &t), 0);
    for (uint64_t k = 0; k < 3; k++)
        assert_int_equal(uvm_thrash_event(t, DID, VA, 10 * k, &until), UVM_THRASH_NONE);
    assert_int_equal(uvm_thrash_event(t, DID, VA, 30, &until), UVM_THRASH_PIN);
    uvm_thrash_destroy(t);
    c.threshold = 0;
    assert_int_equal(uvm_thrash_create(&c, &t), -EINVAL);
    c.threshold = 3;
    c.lapse = 0;
    assert_int_equal(uvm_thrash_create(&c, &t), -EINVAL);
    assert_int_equal(uvm_thrash_create(NULL, &t), -EINVAL);
}

/* Migrate page p again at cycle now: a fault after an eviction notice. */
static int refault(struct fx *f, uint64_t p, uint16_t prgi, uint64_t now)
{
    f->m.r.state[p] = UVM_PAGE_HOST;
    struct uvs_uvm_frec r = rec(p, prgi, now);
    return uvm_fault_service(f->s, &r, 1);
}

/* adaptive: the 4th migration of a page within the lapse maps it remotely. */
static void test_adaptive_thrash_remote(void **state)
{
    (void)state;
    struct fx *f = fx_new("ondemand", 64);
    uvm_fault_destroy(f->s);
    struct uvm_policy p;
    assert_int_equal(uvm_policy_by_name("adaptive", &p), 0);
    assert_int_equal(uvm_fault_create(&p, &mops, &f->m, &f->s), 0);
    for (uint16_t k = 0; k < 3; k++)
        assert_int_equal(refault(f, 5, k, 1000 + 1000 * k), 0);
    struct uvm_fault_counters c;
    uvm_fault_get_counters(f->s, &c);
    assert_int_equal(c.remote_pages, 0);
    assert_int_equal(refault(f, 5, 3, 4000), 0);
    uvm_fault_get_counters(f->s, &c);
    assert_int_equal(c.pinned, 1);
    assert_int_equal(c.remote_pages, 1);
    assert_int_equal(c.remote_faults, 1);
    assert_int_equal(f->m.r.state[5], UVM_PAGE_REMOTE);
    assert_int_equal(f->m.nrep, 4); /* every fault answered */
    fx_free(f);
}

/* uvm-baseline: the thrashing fault waits for the nap (no unit, no replay), then is served. */
static void test_baseline_throttle(void **state)
{
    (void)state;
    struct fx *f = fx_new("uvm-baseline", 64);
    for (uint16_t k = 0; k < 3; k++)
        assert_int_equal(refault(f, 5, k, 1000 + 1000 * k), 0);
    assert_int_equal(f->m.nrep, 3);
    assert_int_equal(refault(f, 5, 3, 4000), 0);
    struct uvm_fault_counters c;
    uvm_fault_get_counters(f->s, &c);
    assert_int_equal(c.throttled, 1);
    assert_int_equal(f->m.nrep, 3); /* not answered yet */
    assert_int_equal(f->m.r.state[5], UVM_PAGE_HOST);
    uint64_t due;
    assert_true(uvm_fault_next_due(f->s, &due));
    assert_int_equal(due, 4000 + 500000);
    assert_int_equal(uvm_fault_service_at(f->s, NULL, 0, due - 1), 0); /* nap not over */
    assert_int_equal(f->m.nrep, 3);
    assert_int_equal(uvm_fault_service_at(f->s, NULL, 0, due), 0);
    assert_int_equal(f->m.nrep, 4);
    assert_int_equal(f->m.r.state[5], UVM_PAGE_DEVICE);
    assert_false(uvm_fault_next_due(f->s, &due));
    uvm_fault_get_counters(f->s, &c);
    assert_int_equal(c.faults, 4); /* the released record is not counted twice */
    assert_int_equal(c.unique_faults, 4);
    assert_int_equal(c.pages_in - c.prefetched, 4); /* every fault migrated once */
    fx_free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_baseline_growth),
        cmocka_unit_test(test_baseline_tree_51),
        cmocka_unit_test(test_baseline_no_stream),
        cmocka_unit_test(test_adaptive_first_touch),
        cmocka_unit_test(test_adaptive_fit_blocks),
        cmocka_unit_test(test_big_page_floor),
        cmocka_unit_test(test_adaptive_stream_across_blocks),
        cmocka_unit_test(test_adaptive_stream_detection),
        cmocka_unit_test(test_adaptive_stream_kept),
        cmocka_unit_test(test_thrash_thresholds),
        cmocka_unit_test(test_adaptive_thrash_remote),
        cmocka_unit_test(test_baseline_throttle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

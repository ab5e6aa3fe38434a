/*
 * Host fault service: sort, deduplicate, decide, group into units, execute
 * in phases (see uvm_fault.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <uvmsoc/iommu_rec.h>

#include "uvm_fault.h"
#include "uvm_readmostly.h"
#include "uvm_thrash.h"

#define PAGE 4096ull
#define BLOCK_PAGES 512u
#define BLOCK (PAGE * BLOCK_PAGES)
#define GROUP_PAGES 16u
#define REC_RELEASED 1u /* frec.rsvd of a record re-served after a throttling nap (host-internal marker) */
#define F_INVALID 1u    /* per sorted record: outside every managed range */
#define F_DEFERRED 2u   /* per sorted record: throttled, answered later */
#define F_GIVEN_UP 3u   /* per sorted record: its block's migrations keep failing with -ENOMEM, answered with failure */
#define NOMEM_SLOTS 64u /* 2 MiB blocks whose migrations failed with -ENOMEM, remembered (direct-mapped) */

struct deferred {
    struct uvs_uvm_frec rec;
    uint64_t until; /* device cycle the nap ends */
};

/* A read-ahead into the next block (pol.stream_cross, pol.fit_blocks): set by carry_next. */
struct carry {
    bool on;
    uint32_t did;
    struct uvm_range r;
    uint64_t base;  /* block it goes into */
    uint32_t pages; /* leading pages of that block */
};

#define STREAMS 8u      /* stream frontiers remembered (grow_on_locality) */
#define STREAM_BEHIND 1u /* a fault up to this many pages before a frontier continues it */
#define STREAM_AHEAD 2u  /* ... or up to this many pages after it */
#define STREAM_HITS 2u   /* consecutive continuations before a stream grows and prefetches */

/* A 2 MiB block whose migration units failed with -ENOMEM, with no unit of it done since. */
struct nomem {
    uint32_t did;
    uint64_t base; /* block VA; 0 = empty slot */
    uint32_t fails; /* consecutive failed units */
};

struct uvm_fault_svc {
    struct uvm_policy pol;
    uint64_t front[STREAMS]; /* stream frontiers: VA after a recent migration, 0 = none */
    uint32_t front_did[STREAMS];
    uint8_t front_hits[STREAMS]; /* consecutive continuations of that frontier (saturating) */
    uint64_t front_used[STREAMS]; /* planning sequence number of its last move (replacement order) */
    uint64_t front_seq;
    const struct uvm_fault_ops *ops;
    void *ctx;
    struct uvs_uvm_frec *recs;
    uint8_t *invalid; /* per sorted record: F_* */
    size_t recs_cap;
    struct uvm_replay *rep;
    size_t nrep, rep_cap;
    struct uvm_unit *units;
    size_t nunits, units_cap;
    struct uvm_unit *units_tmp; /* demand_first's reordering buffer */
    size_t units_tmp_cap;
    uint64_t *frames; /* frame slots of every unit, npages each */
    size_t nframes, frames_cap;
    uint8_t *pfault;  /* parallel to frames: 1 = the page had a fault of its own */
    size_t pfault_cap;
    struct uvm_fault_counters c;
    struct uvm_thrash *thr; /* pol.thrash != OFF */
    struct deferred *def;   /* throttled records */
    size_t ndef, def_cap;
    struct carry carry;
    const uint64_t *wr; /* while planning a block: its faulted pages with a write request (pol.grow_write), NULL = none */
    uint64_t *seen;   /* big pages ever planned for migration (pol.grow_cold, grow_run): keys, 0 = empty */
    size_t nseen, seen_cap; /* used slots, slots (a power of two) */
    struct nomem nomem[NOMEM_SLOTS];
    uint64_t footprint; /* managed bytes allocated (uvm_fault_set_footprint) */
};

int uvm_fault_create(const struct uvm_policy *pol, const struct uvm_fault_ops *ops, void *ctx,
                     struct uvm_fault_svc **out)
{
    if (!pol || !ops || !out || !ops->lookup ||
        (!ops->execute && (!ops->alloc_frames || !ops->copy_to_device || !ops->map || !ops->cancel ||
                           !ops->map_remote || !ops->replay)))
        return -EINVAL;
    if (pol->grow_pages == 0 || pol->grow_pages > BLOCK_PAGES || (pol->grow_pages & (pol->grow_pages - 1)) ||
        pol->density_pct > 99 || pol->thrash > UVM_THRASH_REMOTE)
        return -EINVAL;
    struct uvm_fault_svc *s = calloc(1, sizeof *s);
    if (!s)
        return -ENOMEM;
    s->pol = *pol;
    s->ops = ops;
    s->ctx = ctx;
    if (pol->thrash != UVM_THRASH_OFF) {
        struct uvm_thrash_cfg tc = {
            .threshold = pol->thrash_threshold, .lapse = pol->thrash_lapse, .nap = pol->thrash_nap,
            .pin_threshold = pol->thrash == UVM_THRASH_THROTTLE_PIN ? pol->thrash_pin_threshold : 0,
        };
        int rc = uvm_thrash_create(&tc, &s->thr);
        if (rc) {
            free(s);
            return rc;
        }
    }
    *out = s;
    return 0;
}

void uvm_fault_destroy(struct uvm_fault_svc *svc)
{
    if (!svc)
        return;
    free(svc->recs);
    free(svc->invalid);
    free(svc->rep);
    free(svc->units);
    free(svc->units_tmp);
    free(svc->frames);
    free(svc->pfault);
    free(svc->def);
    free(svc->seen);
    uvm_thrash_destroy(svc->thr);
    free(svc);
}

/* Grow *p (elements of size sz) to hold at least want. */
static int reserve(void **p, size_t *cap, size_t want, size_t sz)
{
    if (want <= *cap)
        return 0;
    size_t c = *cap ? *cap : 64;
    while (c < want)
        c *= 2;
    void *q = realloc(*p, c * sz);
    if (!q)
        return -ENOMEM;
    *p = q;
    *cap = c;
    return 0;
}

/* ---------------- step 1: sort ---------------- */

static int cmp_rec(const void *a, const void *b)
{
    const struct uvs_uvm_frec *x = a, *y = b;
    if (x->did != y->did)
        return x->did < y->did ? -1 : 1;
    if (x->page != y->page)
        return x->page < y->page ? -1 : 1;
    return (x->prgi > y->prgi) - (x->prgi < y->prgi);
}

static int cmp_rep(const void *a, const void *b)
{
    const struct uvm_replay *x = a, *y = b;
    if (x->did != y->did)
        return x->did < y->did ? -1 : 1;
    return (x->prgi > y->prgi) - (x->prgi < y->prgi);
}

/* ---------------- step 3: units ---------------- */

/*
 * Per-block page sets as bitmaps (bit i = page i of the 2 MiB block), so the
 * rules cost a few word operations per region instead of a scan of 512
 * page states each (docs/benchmarks.md "Host fault-service cost").
 */
#define BM_WORDS (BLOCK_PAGES / 64u)
_Static_assert(UVM_PAGE_HOST == 0, "plan_block reads page states 8 at a time: host-only pages are zero bytes");
typedef uint64_t bmap[BM_WORDS];

static bool bm_get(const uint64_t *m, uint32_t i)
{
    return (m[i / 64] >> (i % 64)) & 1;
}

static void bm_set(uint64_t *m, uint32_t i)
{
    m[i / 64] |= 1ull << (i % 64);
}

/* Bits [first, first + n) of a word-sized window starting at word w, as a mask (n >= 1). */
static uint64_t word_mask(uint32_t w, uint32_t first, uint32_t n)
{
    uint32_t end = first + n;
    if (end <= w * 64 || first >= (w + 1) * 64)
        return 0;
    uint32_t lo = first > w * 64 ? first - w * 64 : 0, hi = end < (w + 1) * 64 ? end - w * 64 : 64;
    uint64_t m = hi == 64 ? ~0ull : (1ull << hi) - 1;
    return m & ~((1ull << lo) - 1);
}

/* dst |= in & ~res over pages [first, first + n) of the block. */
static void bm_add(uint64_t *dst, const uint64_t *in, const uint64_t *res, uint32_t first, uint32_t n)
{
    if (first >= BLOCK_PAGES || n == 0)
        return;
    if (n > BLOCK_PAGES - first)
        n = BLOCK_PAGES - first;
    for (uint32_t w = first / 64; w <= (first + n - 1) / 64; w++)
        dst[w] |= word_mask(w, first, n) & in[w] & ~res[w];
}

/* Set bits of a & b (b may be NULL: a alone) in pages [first, first + n). */
static uint32_t bm_count(const uint64_t *a, const uint64_t *b, uint32_t first, uint32_t n)
{
    uint32_t c = 0;
    for (uint32_t w = first / 64; w <= (first + n - 1) / 64; w++)
        c += (uint32_t)__builtin_popcountll(a[w] & (b ? b[w] : ~0ull) & word_mask(w, first, n));
    return c;
}

/* Next set bit of m at or after i, BLOCK_PAGES when none. */
static uint32_t bm_next(const uint64_t *m, uint32_t i)
{
    while (i < BLOCK_PAGES) {
        uint64_t x = m[i / 64] >> (i % 64);
        if (x)
            return i + (uint32_t)__builtin_ctzll(x);
        i = (i / 64 + 1) * 64;
    }
    return BLOCK_PAGES;
}

/* Append a unit of npages at va; bit first + k of fault (a block bitmap) says whether page k faulted. */
static int add_unit(struct uvm_fault_svc *s, uint8_t kind, uint32_t did, const struct uvm_range *r, uint64_t va,
                    uint32_t npages, const uint64_t *fault, uint32_t first, bool super_ok)
{
    if (reserve((void **)&s->units, &s->units_cap, s->nunits + 1, sizeof *s->units) ||
        reserve((void **)&s->frames, &s->frames_cap, s->nframes + npages, sizeof *s->frames) ||
        reserve((void **)&s->pfault, &s->pfault_cap, s->nframes + npages, sizeof *s->pfault))
        return -ENOMEM;
    uint32_t faulted = 0;
    for (uint32_t k = 0; k < npages; k++) {
        s->pfault[s->nframes + k] = fault ? bm_get(fault, first + k) : 1;
        s->frames[s->nframes + k] = 0;
        faulted += s->pfault[s->nframes + k];
    }
    struct uvm_unit *u = &s->units[s->nunits++];
    bool ro = kind == UVM_UNIT_MIGRATE && uvm_rm_readonly_unit(r, s->ops->execute != NULL);
    *u = (struct uvm_unit){
        .kind = kind, .super_ok = super_ok && !ro, .readonly = ro, .did = did, .va = va, .npages = npages,
        .faulted = faulted,
        .bus = r->bus + (va - r->va),
        .frames = (uint64_t *)(uintptr_t)s->nframes, /* index now, pointer after planning */
    };
    s->nframes += npages;
    return 0;
}

/*
 * Stream detection (grow_on_locality): a fault continues a stream when it
 * lies within [-STREAM_BEHIND, +STREAM_AHEAD] pages of the end of a recent
 * migration (one of the last STREAMS frontiers, same context). A stream
 * grows, prefetches and reads ahead only from its STREAM_HITS-th
 * consecutive continuation on: a random fault that happens to land next to
 * another recent migration (likely in a small table: with 8 frontiers and a
 * 4-page window, 1 fault in 4 over 128 pages) is not enough. Any other fault
 * brings its page only. The frontier index of va, or -1.
 */
static int stream_of(const struct uvm_fault_svc *s, uint32_t did, uint64_t va)
{
    for (unsigned k = 0; k < STREAMS; k++)
        if (s->front[k] && s->front_did[k] == did && va + STREAM_BEHIND * PAGE >= s->front[k] &&
            va <= s->front[k] + STREAM_AHEAD * PAGE)
            return (int)k;
    return -1;
}

static bool on_stream(const struct uvm_fault_svc *s, uint32_t did, uint64_t va)
{
    int k = stream_of(s, did, va);
    return k >= 0 && s->front_hits[k] + 1u >= STREAM_HITS;
}

/*
 * A migration for the fault at va ends at end (the next page a stream would
 * fault): the frontier it continues moves on (one more consecutive hit), or
 * a new frontier replaces the least recently moved one among those with the
 * fewest hits, counted up to STREAM_HITS (random faults churn among
 * themselves, confirmed streams stay).
 */
static void note_front(struct uvm_fault_svc *s, uint32_t did, uint64_t va, uint64_t end)
{
    int k = stream_of(s, did, va);
    s->front_seq++;
    if (k >= 0) {
        s->front[k] = end; /* the same stream moved on */
        if (s->front_hits[k] < UINT8_MAX)
            s->front_hits[k]++;
        s->front_used[k] = s->front_seq;
        return;
    }
    unsigned v = 0;
    for (unsigned j = 1; j < STREAMS && s->front[v]; j++) {
        unsigned cj = s->front_hits[j] < STREAM_HITS ? s->front_hits[j] : STREAM_HITS;
        unsigned cv = s->front_hits[v] < STREAM_HITS ? s->front_hits[v] : STREAM_HITS;
        if (!s->front[j] || cj < cv || (cj == cv && s->front_used[j] < s->front_used[v]))
            v = j;
    }
    s->front[v] = end;
    s->front_did[v] = did;
    s->front_hits[v] = 0;
    s->front_used[v] = s->front_seq;
}

/* Key of the big page holding va in context did (never 0: bit 63 set). */
static uint64_t seen_key(uint32_t did, uint64_t va)
{
    return (1ull << 63) | ((uint64_t)did << 36) | (va / (PAGE * GROUP_PAGES));
}

static size_t seen_slot(uint64_t key, size_t cap)
{
    return (size_t)((key * 0x9e3779b97f4a7c15ull) >> 32) & (cap - 1);
}

/* Was the big page of key ever planned for migration? */
static bool seen_has(const struct uvm_fault_svc *s, uint64_t key)
{
    if (!s->seen_cap)
        return false;
    for (size_t i = seen_slot(key, s->seen_cap);; i = (i + 1) & (s->seen_cap - 1)) {
        if (s->seen[i] == key)
            return true;
        if (!s->seen[i])
            return false;
    }
}

/* Record the big page of key (open addressing, at most half full). -ENOMEM when the table cannot grow. */
static int seen_add(struct uvm_fault_svc *s, uint64_t key)
{
    if (seen_has(s, key))
        return 0;
    if (2 * (s->nseen + 1) > s->seen_cap) {
        size_t cap = s->seen_cap ? 2 * s->seen_cap : 256;
        uint64_t *t = calloc(cap, sizeof *t);
        if (!t)
            return -ENOMEM;
        for (size_t k = 0; k < s->seen_cap; k++)
            if (s->seen[k]) {
                size_t i = seen_slot(s->seen[k], cap);
                while (t[i])
                    i = (i + 1) & (cap - 1);
                t[i] = s->seen[k];
            }
        free(s->seen);
        s->seen = t;
        s->seen_cap = cap;
    }
    size_t i = seen_slot(key, s->seen_cap);
    while (s->seen[i])
        i = (i + 1) & (s->seen_cap - 1);
    s->seen[i] = key;
    s->nseen++;
    return 0;
}

/* No page of the 64 KiB big page holding page i of the block at base was ever planned for migration. */
static bool cold_big(const struct uvm_fault_svc *s, uint32_t did, uint64_t base, uint32_t i)
{
    return !seen_has(s, seen_key(did, base + (uint64_t)(i & ~(GROUP_PAGES - 1)) * PAGE));
}

/*
 * pol.fit_blocks: the block at base is wholly inside range r, no page of it
 * is on the device and no page of it was ever planned (first touch), and
 * the managed memory fits in half of HBM (room for the page tables, the
 * pre-eviction reserve and the kernel's other buffers).
 */
static bool fit_block(const struct uvm_fault_svc *s, uint32_t did, const struct uvm_range *r, uint64_t base)
{
    if (!s->pol.fit_blocks || !s->pol.hbm_bytes || !s->footprint || s->footprint > s->pol.hbm_bytes / 2 ||
        (r->advice & UVM_ADV_READ_MOSTLY) || base < r->va || base + BLOCK > r->va + r->size)
        return false;
    const uint8_t *st = r->state + (base - r->va) / PAGE;
    for (uint32_t i = 0; i < BLOCK_PAGES; i++)
        if (st[i] != UVM_PAGE_HOST)
            return false;
    for (uint32_t g = 0; g < BLOCK_PAGES; g += GROUP_PAGES)
        if (!cold_big(s, did, base, g))
            return false;
    return true;
}

/* Read ahead the leading @pages of the block after @base (range r) when it is planned; the largest asked for stays. */
static void carry_next(struct uvm_fault_svc *s, uint32_t did, const struct uvm_range *r, uint64_t base, uint32_t pages)
{
    uint64_t next = base + BLOCK;
    if (!s->carry.on || s->carry.base != next || s->carry.pages < pages)
        s->carry = (struct carry){.on = true, .did = did, .r = *r, .base = next, .pages = pages};
}

/* Page i of the block being planned faulted with a write request, and the policy grows those (grow_write). */
static bool written(const struct uvm_fault_svc *s, uint32_t i)
{
    return s->pol.grow_write && s->wr && bm_get(s->wr, i);
}

/* Pages on the device right before page i of the block at base in range r, counted up to max. */
static uint32_t run_behind(const struct uvm_range *r, uint64_t base, uint32_t i, uint32_t max)
{
    uint64_t va = base + (uint64_t)i * PAGE;
    if (va < r->va)
        return 0;
    uint64_t idx = (va - r->va) / PAGE;
    uint32_t run = 0;
    while (run < max && run < idx && r->state[idx - 1 - run] != UVM_PAGE_HOST)
        run++;
    return run;
}

/*
 * Choose and emit the units of one 2 MiB block of range r; fault marks
 * faulted pages, pin (may be NULL) pages to map remotely (thrashing), the
 * first `pre` pages are a stream's read-ahead from the block before.
 */
static int plan_block(struct uvm_fault_svc *s, uint32_t did, const struct uvm_range *r, uint64_t base,
                      const uint64_t *fault, const uint64_t *pin, uint32_t pre)
{
    uint64_t lo = base < r->va ? r->va : base;
    uint64_t hi = base + BLOCK < r->va + r->size ? base + BLOCK : r->va + r->size;
    bmap in = {0}, res = {0}, sel = {0}, rnd = {0};
    uint32_t ilo = (uint32_t)((lo - base) / PAGE), ihi = (uint32_t)((hi - base) / PAGE);
    for (uint32_t w = 0; w < BM_WORDS; w++)
        in[w] = ihi > ilo ? word_mask(w, ilo, ihi - ilo) : 0;
    /* The one pass over the page states, 8 at a time (UVM_PAGE_HOST is 0: a nonzero byte is on the device). */
    const uint8_t *st = r->state + (lo - r->va) / PAGE;
    uint32_t i = ilo;
    for (; i + 8 <= ihi; i += 8) {
        uint64_t x;
        memcpy(&x, st + (i - ilo), 8);
        x = ((x & 0x7f7f7f7f7f7f7f7full) + 0x7f7f7f7f7f7f7f7full) | x; /* bit 7 of each byte: byte != 0 */
        x = ((x & 0x8080808080808080ull) >> 7) * 0x0102040810204080ull >> 56; /* those 8 bits, byte k -> bit k */
        res[i / 64] |= x << (i % 64);
        if (i % 64 > 56) /* the 8 pages straddle two words */
            res[i / 64 + 1] |= x >> (64 - i % 64);
    }
    for (; i < ihi; i++)
        if (st[i - ilo] != UVM_PAGE_HOST)
            bm_set(res, i);
    bool remote = (r->advice & UVM_ADV_PREFERRED_HOST) && (r->advice & UVM_ADV_ACCESSED_BY);
    uint32_t limit = BLOCK_PAGES; /* largest growth or prefetch region, pages */
    if (s->pol.hbm_bytes) {
        uint64_t cap = s->pol.hbm_bytes / PAGE / 16;
        while (limit > 1 && limit > cap)
            limit /= 2;
    }
    uint32_t grow = s->pol.grow_pages;
    if ((r->advice & UVM_ADV_READ_MOSTLY) && !remote)
        grow = BLOCK_PAGES;
    if (grow > limit) {
        uint32_t floor = s->pol.big_floor && grow >= GROUP_PAGES ? GROUP_PAGES : 1;
        grow = limit > floor ? limit : floor;
    }
    if (!remote && bm_next(fault, 0) < BLOCK_PAGES && fit_block(s, did, r, base)) {
        /* First touch of a block while everything fits: the whole block, and the range's next block with it. */
        bm_add(sel, in, res, 0, BLOCK_PAGES);
        if (fit_block(s, did, r, base + BLOCK))
            carry_next(s, did, r, base, BLOCK_PAGES);
    }
    for (uint32_t i = bm_next(fault, 0); i < BLOCK_PAGES; i = bm_next(fault, i + 1)) {
        if (s->pol.grow_on_locality && !on_stream(s, did, base + i * PAGE)) {
            /* not on a confirmed stream: no prefetch or read-ahead; its page, or its untouched big page (grow_cold) */
            if (s->pol.grow_cold && grow > 1 && (cold_big(s, did, base, i) || written(s, i)))
                bm_add(sel, in, res, i & ~(grow - 1), grow);
            else
                bm_set(sel, i);
            bm_set(rnd, i);
            continue;
        }
        if (s->pol.grow_run && grow > 1 && !cold_big(s, did, base, i) && !written(s, i) &&
            run_behind(r, base, i, grow) < grow) {
            bm_set(sel, i); /* a stream in a warm region without a resident run behind it: its page only */
            bm_set(rnd, i);
            continue;
        }
        bm_add(sel, in, res, i & ~(grow - 1), grow);
    }
    if (!remote)
        bm_add(sel, in, res, 0, pre);
    /*
     * Streaming: a fault just behind a run of pages already on the device
     * (a sequential scan) brings as many pages again, a power of two up to
     * the region limit, so units and DMA transfers double along a scan.
     */
    for (uint32_t i = bm_next(fault, 0); !remote && !s->pol.stream_off && grow > 1 && i < BLOCK_PAGES;
         i = bm_next(fault, i + 1)) {
        if (bm_get(rnd, i))
            continue;
        uint32_t start = i & ~(grow - 1);
        uint64_t idx = (base + start * PAGE - r->va) / PAGE, run = 0;
        if (base + start * PAGE < r->va)
            continue;
        while (run < limit && run < idx && r->state[idx - 1 - run] != UVM_PAGE_HOST)
            run++;
        if (run < 2 * (uint64_t)grow)
            continue;
        uint32_t ahead = limit;
        while (ahead > run)
            ahead /= 2;
        bm_add(sel, in, res, start, ahead);
        if (s->pol.stream_cross && start + ahead > BLOCK_PAGES && hi == base + BLOCK && hi < r->va + r->size)
            carry_next(s, did, r, base, start + ahead - BLOCK_PAGES);
    }
    /* Density prefetch, bottom-up over aligned regions above the growth size. */
    bmap occ, fnr; /* on the device or chosen; faulted and not random */
    for (uint32_t w = 0; w < BM_WORDS; w++)
        fnr[w] = fault[w] & ~rnd[w];
    for (uint32_t size = 2 * GROUP_PAGES; !remote && s->pol.density_pct && size <= limit; size *= 2) {
        for (uint32_t w = 0; w < BM_WORDS; w++)
            occ[w] = res[w] | sel[w];
        for (uint32_t st0 = 0; st0 < BLOCK_PAGES; st0 += size) {
            if (!bm_count(fnr, NULL, st0, size))
                continue;
            uint32_t total = bm_count(in, NULL, st0, size), occupied = bm_count(in, occ, st0, size);
            if ((uint64_t)occupied * 100 > (uint64_t)s->pol.density_pct * total)
                bm_add(sel, in, res, st0, size);
        }
    }
    if (s->pol.grow_on_locality && !remote) {
        bmap on; /* chosen or on the device */
        for (uint32_t w = 0; w < BM_WORDS; w++)
            on[w] = sel[w] | res[w];
        for (uint32_t i = bm_next(fault, 0); i < BLOCK_PAGES; i = bm_next(fault, i + 1)) {
            if (i > 0 && bm_get(fault, i - 1) && bm_get(sel, i - 1))
                continue;
            uint32_t e = i;
            while (e < BLOCK_PAGES && bm_get(on, e))
                e++;
            note_front(s, did, base + (uint64_t)i * PAGE, base + (uint64_t)e * PAGE);
        }
    }
    uint8_t kind = remote ? UVM_UNIT_REMOTE : UVM_UNIT_MIGRATE;
    if (s->pol.grow_on_locality && (s->pol.grow_cold || s->pol.grow_run) && !remote)
        for (uint32_t g = bm_next(sel, 0); g < BLOCK_PAGES; g = bm_next(sel, (g | (GROUP_PAGES - 1)) + 1))
            if (seen_add(s, seen_key(did, base + (uint64_t)g * PAGE)))
                return -ENOMEM;
    for (uint32_t i = pin ? bm_next(pin, 0) : BLOCK_PAGES; i < BLOCK_PAGES; i = bm_next(pin, i + 1)) {
        sel[i / 64] &= ~(1ull << (i % 64)); /* thrashing: mapped remotely below */
        if (bm_get(in, i) && !bm_get(res, i) && add_unit(s, UVM_UNIT_REMOTE, did, r, base + i * PAGE, 1, pin, i, false))
            return -ENOMEM;
    }
    uint32_t nsel = bm_count(sel, NULL, 0, BLOCK_PAGES);
    if (!remote && s->pol.superpages && nsel == BLOCK_PAGES)
        return add_unit(s, kind, did, r, base, BLOCK_PAGES, fault, 0, true);
    for (uint32_t g = 0; nsel && g < BLOCK_PAGES; g += GROUP_PAGES) {
        uint64_t gsel = (sel[g / 64] >> (g % 64)) & ((1ull << GROUP_PAGES) - 1);
        if (!gsel)
            continue;
        if (gsel == (1ull << GROUP_PAGES) - 1) {
            if (add_unit(s, kind, did, r, base + g * PAGE, GROUP_PAGES, fault, g, false))
                return -ENOMEM;
            continue;
        }
        for (uint32_t j = g; j < g + GROUP_PAGES; j++)
            if (bm_get(sel, j) && add_unit(s, kind, did, r, base + j * PAGE, 1, fault, j, false))
                return -ENOMEM;
    }
    return 0;
}

/* ---------------- steps 1-3 ---------------- */

/* Emit the pending stream read-ahead as a block of its own. */
static int flush_carry(struct uvm_fault_svc *s)
{
    if (!s->carry.on)
        return 0;
    struct carry c = s->carry;
    static const bmap none;
    s->carry.on = false;
    return plan_block(s, c.did, &c.r, c.base, none, NULL, c.pages);
}

/* Latest drain cycle of the records (the service's notion of now). */
static uint64_t latest_cycle(const struct uvs_uvm_frec *recs, size_t n)
{
    uint64_t now = 0;
    for (size_t i = 0; i < n; i++)
        if (recs[i].cycle > now)
            now = recs[i].cycle;
    return now;
}

/* Per-block planning state of uvm_fault_plan. */
struct blk {
    bool on;
    uint32_t did;
    uint64_t base;
    struct uvm_range r;
    bmap fault, pin, wr;
    bool any_pin;
};

static int finish_blk(struct uvm_fault_svc *s, struct blk *b)
{
    if (!b->on)
        return 0;
    b->on = false;
    uint32_t pre = 0;
    if (s->carry.on && s->carry.did == b->did && s->carry.base == b->base && s->carry.r.va == b->r.va) {
        pre = s->carry.pages;
        s->carry.on = false;
    } else if (flush_carry(s)) {
        return -ENOMEM;
    }
    s->wr = b->wr;
    int rc = plan_block(s, b->did, &b->r, b->base, b->fault, b->any_pin ? b->pin : NULL, pre);
    s->wr = NULL;
    return rc;
}

/* The slot of (did, the 2 MiB block of va) in the -ENOMEM memory. */
static struct nomem *nomem_slot(struct uvm_fault_svc *s, uint32_t did, uint64_t va)
{
    uint64_t h = ((va / BLOCK) ^ ((uint64_t)did << 20)) * 0x9e3779b97f4a7c15ull;
    return &s->nomem[h >> 58]; /* the top 6 bits: NOMEM_SLOTS = 64 */
}

/* Whether a fault on (did, va) is given up: UVM_GIVE_UP_FAILS units of its block failed with -ENOMEM in a row. */
static bool nomem_given_up(struct uvm_fault_svc *s, uint32_t did, uint64_t va)
{
    const struct nomem *m = nomem_slot(s, did, va);
    return m->did == did && m->base == (va & ~(BLOCK - 1)) && m->base && m->fails >= UVM_GIVE_UP_FAILS;
}

/*
 * pol.fit_blocks: units with a faulted page first, then the pure
 * prefetches (each group in planning order). The firmware copies in array
 * order and answers a group as soon as its unit is mapped (early replays),
 * so a thread's own block no longer waits behind the read-ahead planned
 * with it (the tile memcpy's destination block behind three source blocks).
 */
static int demand_first(struct uvm_fault_svc *s)
{
    if (s->nunits < 2)
        return 0;
    if (reserve((void **)&s->units_tmp, &s->units_tmp_cap, s->nunits, sizeof *s->units))
        return -ENOMEM;
    size_t k = 0;
    for (size_t u = 0; u < s->nunits; u++)
        if (s->units[u].faulted)
            s->units_tmp[k++] = s->units[u];
    for (size_t u = 0; u < s->nunits; u++)
        if (!s->units[u].faulted)
            s->units_tmp[k++] = s->units[u];
    memcpy(s->units, s->units_tmp, s->nunits * sizeof *s->units);
    return 0;
}

/* Steps 1-3 at device cycle now. */
static int plan_at(struct uvm_fault_svc *s, const struct uvs_uvm_frec *recs, size_t n, uint64_t now)
{
    if (!s || (!recs && n))
        return -EINVAL;
    s->nunits = s->nframes = s->nrep = 0;
    s->carry.on = false;
    size_t due = 0;
    for (size_t k = 0; k < s->ndef; k++)
        due += s->def[k].until <= now;
    size_t total = n + due;
    if (total == 0)
        return 0;
    size_t cap = s->recs_cap;
    if (reserve((void **)&s->recs, &s->recs_cap, total, sizeof *s->recs))
        return -ENOMEM;
    if (s->recs_cap != cap || !s->invalid) {
        uint8_t *inv = realloc(s->invalid, s->recs_cap);
        if (!inv)
            return -ENOMEM;
        s->invalid = inv;
    }
    if (reserve((void **)&s->rep, &s->rep_cap, total, sizeof *s->rep))
        return -ENOMEM;
    if (n)
        memcpy(s->recs, recs, n * sizeof *recs);
    for (size_t k = 0, m = 0; k < s->ndef; k++) {
        if (s->def[k].until <= now) {
            s->recs[n++] = s->def[k].rec;
            s->recs[n - 1].rsvd = REC_RELEASED;
        } else {
            s->def[m++] = s->def[k];
        }
        if (k + 1 == s->ndef)
            s->ndef = m;
    }
    s->c.faults += total - due;
    n = total;
    memset(s->invalid, 0, n);
    qsort(s->recs, n, sizeof *s->recs, cmp_rec);
    s->c.batches++;

    struct uvm_range r = {0};
    bool have_r = false;
    uint32_t r_did = 0;
    struct blk *b = calloc(1, sizeof *b);
    if (!b)
        return -ENOMEM;
    int rc = 0;
    for (size_t i = 0; i < n && !rc;) {
        size_t j = i;
        uint8_t access = 0;
        bool released = false;
        uint64_t dups = 0;
        for (; j < n && s->recs[j].did == s->recs[i].did && s->recs[j].page == s->recs[i].page; j++) {
            dups += s->recs[j].dups;
            access |= s->recs[j].access;
            released |= s->recs[j].rsvd == REC_RELEASED;
        }
        if (!released) { /* a throttled fault was counted when it first came */
            s->c.duplicates += dups + (j - i - 1);
            s->c.unique_faults++;
        }
        uint32_t did = s->recs[i].did;
        uint64_t page = s->recs[i].page & ~(PAGE - 1);
        if (!have_r || did != r_did || page < r.va || page - r.va >= r.size) {
            have_r = s->ops->lookup(s->ctx, did, page, &r) == 0 && r.state && r.size;
            r_did = did;
        }
        if (!have_r) {
            s->c.invalid++;
            memset(s->invalid + i, F_INVALID, j - i);
        } else if (r.state[(page - r.va) / PAGE] != UVM_PAGE_HOST) {
            s->c.already_resident++;
            /* A device write to a read-mostly duplicate: its page gets W before the replay. */
            if (s->ops->execute && uvm_rm_wants_grant(r.state[(page - r.va) / PAGE], access, r.advice) &&
                add_unit(s, UVM_UNIT_GRANT, did, &r, page, 1, NULL, 0, false)) {
                rc = -ENOMEM;
                break;
            }
        } else if (nomem_given_up(s, did, page)) {
            s->c.given_up++;
            s->c.failed_faults++;
            memset(s->invalid + i, F_GIVEN_UP, j - i);
        } else {
            int verdict = UVM_THRASH_NONE;
            uint64_t until = now;
            if (s->thr && !released) {
                verdict = uvm_thrash_event(s->thr, did, page, s->recs[i].cycle ? s->recs[i].cycle : now, &until);
                s->c.thrashing += verdict > UVM_THRASH_NONE;
            }
            if (verdict == UVM_THRASH_THROTTLE) {
                if (reserve((void **)&s->def, &s->def_cap, s->ndef + (j - i), sizeof *s->def)) {
                    rc = -ENOMEM;
                    break;
                }
                for (size_t k = i; k < j; k++) {
                    s->def[s->ndef++] = (struct deferred){.rec = s->recs[k], .until = until};
                    s->invalid[k] = F_DEFERRED;
                }
                s->c.throttled += j - i;
                i = j;
                continue;
            }
            uint64_t base = page & ~(BLOCK - 1);
            if (b->on && (b->did != did || b->base != base || b->r.va != r.va) && (rc = finish_blk(s, b)))
                break;
            if (!b->on) {
                memset(b, 0, sizeof *b);
                *b = (struct blk){.on = true, .did = did, .base = base, .r = r};
            }
            if (verdict == UVM_THRASH_PIN) {
                bm_set(b->pin, (uint32_t)((page - base) / PAGE));
                b->any_pin = true;
                s->c.pinned++;
            } else {
                bm_set(b->fault, (uint32_t)((page - base) / PAGE));
                if (access & UVS_UVM_ACC_W)
                    bm_set(b->wr, (uint32_t)((page - base) / PAGE));
            }
        }
        i = j;
    }
    if (!rc)
        rc = finish_blk(s, b);
    if (!rc)
        rc = flush_carry(s);
    free(b);
    if (rc)
        return rc;
    /* A given-up block starts afresh: a later launch may find memory again. */
    for (size_t k = 0; k < NOMEM_SLOTS; k++)
        if (s->nomem[k].fails >= UVM_GIVE_UP_FAILS)
            s->nomem[k] = (struct nomem){0};
    for (size_t u = 0; u < s->nunits; u++)
        s->units[u].frames = s->frames + (uintptr_t)s->units[u].frames;
    if (s->pol.fit_blocks && demand_first(s))
        return -ENOMEM;

    /* Replays: one per (did, prgi); failure wins over success; throttled groups wait. */
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (s->invalid[i] != F_DEFERRED)
            s->rep[k++] = (struct uvm_replay){
                .did = s->recs[i].did, .prgi = s->recs[i].prgi,
                .resp = s->invalid[i] == F_INVALID || s->invalid[i] == F_GIVEN_UP ? UVS_IOMMU_PRG_RESP_FAILURE
                                                                                 : UVS_IOMMU_PRG_RESP_SUCCESS,
            };
    size_t m = k;
    qsort(s->rep, m, sizeof *s->rep, cmp_rep);
    k = 0;
    for (size_t i = 0; i < m; i++) {
        if (k && s->rep[k - 1].did == s->rep[i].did && s->rep[k - 1].prgi == s->rep[i].prgi) {
            if (s->rep[i].resp > s->rep[k - 1].resp)
                s->rep[k - 1].resp = s->rep[i].resp;
            continue;
        }
        s->rep[k++] = s->rep[i];
    }
    s->nrep = k;
    return 0;
}

int uvm_fault_plan(struct uvm_fault_svc *s, const struct uvs_uvm_frec *recs, size_t n)
{
    if (!s || (!recs && n))
        return -EINVAL;
    return plan_at(s, recs, n, latest_cycle(recs, n));
}

bool uvm_fault_next_due(const struct uvm_fault_svc *s, uint64_t *cycle)
{
    if (!s || s->ndef == 0)
        return false;
    uint64_t t = UINT64_MAX;
    for (size_t k = 0; k < s->ndef; k++)
        if (s->def[k].until < t)
            t = s->def[k].until;
    if (cycle)
        *cycle = t;
    return true;
}

const struct uvm_unit *uvm_fault_plan_units(const struct uvm_fault_svc *svc, size_t *n)
{
    if (n)
        *n = svc ? svc->nunits : 0;
    return svc ? svc->units : NULL;
}

const struct uvm_replay *uvm_fault_plan_replays(const struct uvm_fault_svc *svc, size_t *n)
{
    if (n)
        *n = svc ? svc->nrep : 0;
    return svc ? svc->rep : NULL;
}

/* ---------------- step 4: execute ---------------- */

static void set_state(struct uvm_fault_svc *s, uint32_t did, uint64_t va, uint64_t npages, uint8_t state)
{
    struct uvm_range r;
    for (uint64_t k = 0; k < npages; k++) {
        uint64_t a = va + k * PAGE;
        if (s->ops->lookup(s->ctx, did, a, &r) == 0 && r.state)
            r.state[(a - r.va) / PAGE] = state;
    }
}

/* Copy a unit's pages into its frames, one DMA per run of contiguous frames. */
/* A unit that is not done: counted, with its faulted pages (each of those
 * faults repeats and is a new unique fault of a later batch). */
static void count_failure(struct uvm_fault_svc *s, const struct uvm_unit *u)
{
    s->c.failures++;
    s->c.failed_faults += u->faulted;
    if (u->kind == UVM_UNIT_MIGRATE && u->status == -ENOMEM) {
        struct nomem *m = nomem_slot(s, u->did, u->va);
        uint64_t base = u->va & ~(BLOCK - 1);
        if (m->did != u->did || m->base != base)
            *m = (struct nomem){.did = u->did, .base = base};
        m->fails++;
    }
}

/* A unit of the block was done: its failures were not for good. */
static void nomem_clear(struct uvm_fault_svc *s, uint32_t did, uint64_t va)
{
    struct nomem *m = nomem_slot(s, did, va);
    if (m->did == did && m->base == (va & ~(BLOCK - 1)))
        *m = (struct nomem){0};
}

static int copy_unit(struct uvm_fault_svc *s, const struct uvm_unit *u)
{
    for (uint32_t k = 0; k < u->npages;) {
        uint32_t run = 1;
        while (k + run < u->npages && u->frames[k + run] == u->frames[k] + run * PAGE)
            run++;
        int rc = s->ops->copy_to_device(s->ctx, u->frames[k], u->bus + k * PAGE, run * PAGE);
        if (rc)
            return rc;
        k += run;
    }
    return 0;
}

/* Run a batch op on the units of kind `kind` whose status is 0; failures set their status. */
static int batch_op(struct uvm_fault_svc *s, int (*op)(void *, struct uvm_unit *, size_t), uint8_t kind,
                    bool all_statuses)
{
    size_t m = 0;
    for (size_t i = 0; i < s->nunits; i++)
        m += s->units[i].kind == kind && (all_statuses || s->units[i].status == 0);
    if (m == 0)
        return 0;
    struct uvm_unit *tmp = malloc(m * sizeof *tmp);
    size_t *idx = malloc(m * sizeof *idx);
    if (!tmp || !idx) {
        free(tmp);
        free(idx);
        for (size_t i = 0; i < s->nunits; i++)
            if (s->units[i].kind == kind && (all_statuses || s->units[i].status == 0))
                s->units[i].status = -ENOMEM;
        return -ENOMEM;
    }
    m = 0;
    for (size_t i = 0; i < s->nunits; i++)
        if (s->units[i].kind == kind && (all_statuses || s->units[i].status == 0)) {
            tmp[m] = s->units[i];
            tmp[m].status = 0;
            idx[m++] = i;
        }
    int rc = op(s->ctx, tmp, m);
    for (size_t k = 0; k < m; k++) {
        struct uvm_unit *u = &s->units[idx[k]];
        if (!all_statuses || u->status == 0)
            u->status = rc ? rc : tmp[k].status;
        u->super = tmp[k].super;
    }
    free(tmp);
    free(idx);
    return rc;
}

/* Should a failed migration unit be retried page by page? */
static bool split_retry(const struct uvm_unit *u)
{
    return u->kind == UVM_UNIT_MIGRATE && u->npages > 1 &&
           (u->status == -EEXIST || (u->status == -ENOMEM && !u->reserved));
}

/*
 * Second round for units the firmware refused: -EEXIST (the host's view was
 * stale: some page is in HBM already) is retried page by page, every page;
 * -ENOMEM of a multi-page unit (too few evictable frames for the whole
 * unit) is retried for its faulted pages only. A single page refused with
 * -EEXIST is in HBM: it is recorded as such.
 */
static int retry_split(struct uvm_fault_svc *s, int *first_err)
{
    size_t nsplit = 0;
    for (size_t i = 0; i < s->nunits; i++) {
        const struct uvm_unit *u = &s->units[i];
        if (u->kind == UVM_UNIT_MIGRATE && u->status == -EEXIST)
            s->c.conflicts++;
        if (u->kind == UVM_UNIT_MIGRATE && u->status == -EEXIST && u->npages == 1)
            set_state(s, u->did, u->va, 1, UVM_PAGE_DEVICE);
        if (split_retry(u))
            nsplit += u->npages;
    }
    if (nsplit == 0)
        return 0;
    struct uvm_unit *u1 = calloc(nsplit, sizeof *u1);
    uint64_t *f1 = calloc(nsplit, sizeof *f1);
    if (!u1 || !f1) {
        free(u1);
        free(f1);
        return -ENOMEM;
    }
    size_t m = 0;
    for (size_t i = 0; i < s->nunits; i++) {
        const struct uvm_unit *u = &s->units[i];
        if (!split_retry(u))
            continue;
        const uint8_t *pf = s->pfault + (u->frames - s->frames);
        for (uint32_t k = 0; k < u->npages; k++) {
            if (u->status == -ENOMEM && !pf[k])
                continue;
            u1[m] = (struct uvm_unit){.kind = UVM_UNIT_MIGRATE, .did = u->did, .va = u->va + k * PAGE, .npages = 1,
                                      .faulted = pf[k], .bus = u->bus + k * PAGE, .frames = &f1[m]};
            m++;
        }
    }
    int rc = m ? s->ops->alloc_frames(s->ctx, u1, m) : 0;
    size_t ok = 0;
    for (size_t k = 0; k < m; k++) {
        struct uvm_unit *u = &u1[k];
        if (rc)
            u->status = rc;
        if (u->status == -EEXIST) {
            set_state(s, u->did, u->va, 1, UVM_PAGE_DEVICE);
            continue;
        }
        if (u->status) {
            count_failure(s, u);
            continue;
        }
        int c = copy_unit(s, u);
        if (c) {
            s->ops->cancel(s->ctx, u, 1);
            count_failure(s, u);
            if (!*first_err)
                *first_err = c;
            continue;
        }
        u1[ok++] = *u;
    }
    if (rc && !*first_err)
        *first_err = rc;
    int mrc = ok ? s->ops->map(s->ctx, u1, ok) : 0;
    for (size_t k = 0; k < ok; k++) {
        if (mrc || u1[k].status) {
            s->ops->cancel(s->ctx, &u1[k], 1);
            count_failure(s, &u1[k]);
            continue;
        }
        set_state(s, u1[k].did, u1[k].va, 1, UVM_PAGE_DEVICE);
        s->c.units++;
        s->c.pages_in++;
        s->c.bytes_in += PAGE;
        s->c.prefetched += !u1[k].faulted;
    }
    if (mrc && !*first_err)
        *first_err = mrc;
    free(u1);
    free(f1);
    return 0;
}

/* The plan as one device operation (ops->execute); page states and counters from the unit statuses. */
static int service_one_op(struct uvm_fault_svc *s)
{
    if (s->nunits == 0 && s->nrep == 0)
        return 0;
    for (size_t i = 0; i < s->nunits; i++) {
        s->units[i].status = 0;
        s->units[i].copied = 0;
        s->units[i].partial = false;
    }
    int rc = s->ops->execute(s->ctx, s->units, s->nunits, s->rep, s->nrep);
    for (size_t i = 0; i < s->nunits; i++) {
        struct uvm_unit *u = &s->units[i];
        if (rc)
            u->status = rc;
        if (u->kind == UVM_UNIT_GRANT) {
            /*
             * The duplicate collapsed towards the device: writable, may become
             * dirty. Not done (-ENOENT: the page left HBM meanwhile, its notice
             * makes it HOST): the replayed write faults again and migrates it.
             */
            if (u->status == 0) {
                set_state(s, u->did, u->va, u->npages, UVM_PAGE_DEVICE);
                s->c.write_grants += u->npages;
            }
            continue;
        }
        if (u->status) {
            count_failure(s, u);
            continue;
        }
        if (u->kind == UVM_UNIT_REMOTE) {
            set_state(s, u->did, u->va, u->npages, UVM_PAGE_REMOTE);
            s->c.remote_pages += u->npages;
            s->c.remote_faults += u->faulted;
            continue;
        }
        /* Pages found in HBM already are there too: the whole unit is resident. */
        nomem_clear(s, u->did, u->va);
        set_state(s, u->did, u->va, u->npages, uvm_rm_state_after_migrate(u->readonly, u->partial));
        s->c.dup_pages += u->readonly ? u->copied : 0;
        s->c.units++;
        s->c.superpages += u->super;
        s->c.conflicts += u->partial;
        s->c.pages_in += u->copied;
        s->c.bytes_in += (uint64_t)u->copied * PAGE;
        s->c.prefetched += u->copied > u->faulted ? u->copied - u->faulted : 0;
    }
    if (!rc)
        s->c.replays += s->nrep;
    return rc;
}

int uvm_fault_service(struct uvm_fault_svc *s, const struct uvs_uvm_frec *recs, size_t n)
{
    if (!s || (!recs && n))
        return -EINVAL;
    return uvm_fault_service_at(s, recs, n, latest_cycle(recs, n));
}

int uvm_fault_service_at(struct uvm_fault_svc *s, const struct uvs_uvm_frec *recs, size_t n, uint64_t now)
{
    int rc = plan_at(s, recs, n, now);
    if (rc)
        return rc;
    if (s->ops->execute)
        return service_one_op(s);
    int first_err = 0;
    /* Phase A: frames. */
    rc = batch_op(s, s->ops->alloc_frames, UVM_UNIT_MIGRATE, true);
    if (rc)
        first_err = rc;
    for (size_t i = 0; i < s->nunits; i++)
        s->units[i].reserved = s->units[i].kind == UVM_UNIT_MIGRATE && s->units[i].status == 0;
    /* Phase B: copies. */
    for (size_t i = 0; i < s->nunits; i++) {
        struct uvm_unit *u = &s->units[i];
        if (u->kind != UVM_UNIT_MIGRATE || u->status)
            continue;
        int c = copy_unit(s, u);
        if (c) {
            u->status = c;
            if (!first_err)
                first_err = c;
        }
    }
    /* Phase C: PTEs. */
    rc = batch_op(s, s->ops->map, UVM_UNIT_MIGRATE, false);
    if (rc && !first_err)
        first_err = rc;
    for (size_t i = 0; i < s->nunits; i++) {
        struct uvm_unit *u = &s->units[i];
        if (u->kind != UVM_UNIT_MIGRATE)
            continue;
        if (u->status == 0) {
            nomem_clear(s, u->did, u->va);
            set_state(s, u->did, u->va, u->npages, UVM_PAGE_DEVICE);
            s->c.units++;
            s->c.superpages += u->super;
            s->c.pages_in += u->npages;
            s->c.bytes_in += u->npages * PAGE;
            s->c.prefetched += u->npages - u->faulted;
        } else if (u->status != -EEXIST && !split_retry(u)) {
            count_failure(s, u);
            if (u->reserved) /* give the frames back */
                s->ops->cancel(s->ctx, u, 1);
        }
    }
    rc = retry_split(s, &first_err);
    if (rc && !first_err)
        first_err = rc;
    /* Phase D: remote mappings. */
    rc = batch_op(s, s->ops->map_remote, UVM_UNIT_REMOTE, true);
    if (rc && !first_err)
        first_err = rc;
    for (size_t i = 0; i < s->nunits; i++) {
        struct uvm_unit *u = &s->units[i];
        if (u->kind != UVM_UNIT_REMOTE)
            continue;
        if (u->status == 0) {
            set_state(s, u->did, u->va, u->npages, UVM_PAGE_REMOTE);
            s->c.remote_pages += u->npages;
            s->c.remote_faults += u->faulted;
        } else {
            count_failure(s, u);
        }
    }
    /* Phase E: answer every group. */
    if (s->nrep) {
        rc = s->ops->replay(s->ctx, s->rep, s->nrep);
        if (rc && !first_err)
            first_err = rc;
        if (!rc)
            s->c.replays += s->nrep;
    }
    return first_err;
}

int uvm_fault_evicted(struct uvm_fault_svc *s, uint32_t did, uint64_t va, uint64_t bytes, bool dirty)
{
    if (!s || va % PAGE || bytes == 0 || bytes % PAGE)
        return -EINVAL;
    struct uvm_range r;
    uint64_t pages = bytes / PAGE;
    s->c.evictions += pages;
    if (dirty) {
        s->c.writebacks++;
        s->c.pages_out += pages;
        s->c.bytes_out += bytes;
    }
    if (s->ops->lookup(s->ctx, did, va, &r) || !r.state) {
        s->c.stale_notices++;
        return -ENOENT;
    }
    set_state(s, did, va, pages, UVM_PAGE_HOST);
    return 0;
}

void uvm_fault_set_footprint(struct uvm_fault_svc *svc, uint64_t bytes)
{
    if (svc)
        svc->footprint = bytes;
}

void uvm_fault_get_counters(const struct uvm_fault_svc *svc, struct uvm_fault_counters *c)
{
    if (svc && c)
        *c = svc->c;
}

double uvm_fault_mean_batch(const struct uvm_fault_counters *c)
{
    return c && c->batches ? (double)c->faults / (double)c->batches : 0.0;
}

void uvm_fault_print_stats(FILE *f, const struct uvm_fault_counters *c)
{
    if (!f || !c)
        return;
    const struct {
        const char *name;
        uint64_t v;
    } rows[] = {
        {"faults", c->faults},           {"duplicates", c->duplicates},
        {"batches", c->batches},         {"unique faults", c->unique_faults},
        {"invalid faults", c->invalid},  {"already resident", c->already_resident},
        {"migration units", c->units},   {"superpages", c->superpages},
        {"pages in", c->pages_in},       {"bytes in", c->bytes_in},
        {"prefetched pages", c->prefetched}, {"remote pages", c->remote_pages},
        {"remote faults", c->remote_faults},
        {"pages out", c->pages_out},     {"bytes out", c->bytes_out},
        {"replays", c->replays},         {"evictions", c->evictions},
        {"write-backs", c->writebacks},  {"failed units", c->failures}, {"failed faults", c->failed_faults},
        {"given up", c->given_up},
        {"conflicts", c->conflicts},     {"thrashing events", c->thrashing},
        {"throttled faults", c->throttled}, {"pinned remote", c->pinned},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        fprintf(f, "  %-18s %12llu\n", rows[i].name, (unsigned long long)rows[i].v);
    fprintf(f, "  %-18s %12.2f\n", "mean batch size", uvm_fault_mean_batch(c));
}

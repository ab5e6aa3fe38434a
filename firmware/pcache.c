/*
 * HBM page cache: frame allocator, resident-page directory, CLOCK
 * replacement driven by PTE A bits, D-bit dirty tracking, free-frame reserve
 * (see pcache.h for the rules and the action protocol).
 */
#include <errno.h>
#include <string.h>

#include <uvmsoc/iommu_pt.h>
#include <uvmsoc/uvm.h>

#include "pcache.h"

#define PAGE_SHIFT 12u
#define SUPER_SHIFT 21u
#define NO_FRAME UINT32_MAX
#define BIG_PAGES UVS_PCACHE_BIG_PAGES
#define BIG_BYTES ((uint64_t)BIG_PAGES << PAGE_SHIFT)

/* Pages of the unit headed by f (frame.super: UVS_PCACHE_LVL_*). */
static uint32_t unit_pages(const struct uvs_pcache_frame *f)
{
    return f->super == UVS_PCACHE_LVL_SUPER ? UVS_PCACHE_SUPER_PAGES : f->super == UVS_PCACHE_LVL_BIG ? BIG_PAGES : 1;
}

/* Page-table level of the unit's leaf PTEs: 1 for a superpage, else 0. */
static unsigned pte_level(const struct uvs_pcache_frame *f)
{
    return f->super == UVS_PCACHE_LVL_SUPER;
}

/* ---------------- layout ---------------- */

static uint32_t dir_slots(uint32_t nframes)
{
    uint32_t n = 2;
    while (n < 2 * (uint64_t)nframes)
        n <<= 1;
    return n;
}

static size_t align8(size_t n)
{
    return (n + 7) & ~(size_t)7;
}

/* Upper bound of the regions a range of nframes can touch (any alignment). */
static uint32_t max_regions(uint32_t nframes)
{
    return nframes / UVS_PCACHE_SUPER_PAGES + 2;
}

size_t uvs_pcache_meta_bytes(uint64_t frame_bytes)
{
    if (frame_bytes == 0 || frame_bytes % UVS_PCACHE_PAGE || (frame_bytes >> PAGE_SHIFT) > (1u << 30))
        return 0;
    uint32_t n = (uint32_t)(frame_bytes >> PAGE_SHIFT);
    return align8(sizeof(struct uvs_pcache_frame) * (size_t)n) + align8(sizeof(uint32_t) * (size_t)dir_slots(n)) +
           align8(sizeof(uint64_t) * (((size_t)n + 63) / 64)) + align8(sizeof(uint16_t) * (size_t)max_regions(n)) +
           align8(sizeof(uint32_t) * (size_t)max_regions(n)) + align8(sizeof(uint32_t) * (size_t)dir_slots(n));
}

static uint64_t frame_addr(const struct uvs_pcache *pc, uint32_t i)
{
    return pc->cfg.frame_base + ((uint64_t)i << PAGE_SHIFT);
}

static uint32_t region_of(const struct uvs_pcache *pc, uint32_t i)
{
    return (uint32_t)((frame_addr(pc, i) >> SUPER_SHIFT) - (pc->cfg.frame_base >> SUPER_SHIFT));
}

/* First frame index of region r (clipped to the range) and its frame count. */
static void region_span(const struct uvs_pcache *pc, uint32_t r, uint32_t *first, uint32_t *count)
{
    uint64_t start = ((pc->cfg.frame_base >> SUPER_SHIFT) + r) << SUPER_SHIFT;
    uint64_t end = start + UVS_PCACHE_SUPER;
    uint64_t lo = start < pc->cfg.frame_base ? pc->cfg.frame_base : start;
    uint64_t top = pc->cfg.frame_base + ((uint64_t)pc->nframes << PAGE_SHIFT);
    uint64_t hi = end > top ? top : end;
    *first = (uint32_t)((lo - pc->cfg.frame_base) >> PAGE_SHIFT);
    *count = hi > lo ? (uint32_t)((hi - lo) >> PAGE_SHIFT) : 0;
}

/* ---------------- free map ---------------- */

/* Free frames of region r. */
static uint32_t region_free(const struct uvs_pcache *pc, uint32_t r)
{
    uint32_t first, count;
    region_span(pc, r, &first, &count);
    return count - pc->region_used[r];
}

static void mark_free(struct uvs_pcache *pc, uint32_t i)
{
    /* a struct store, not memset: the hart has no fast small memset (a call and a byte loop a frame) */
    pc->frame[i] = (struct uvs_pcache_frame){.state = UVS_PCACHE_FREE};
    pc->usedmap[i / 64] &= ~(1ull << (i % 64));
    if (i < pc->low_free)
        pc->low_free = i;
    pc->region_used[region_of(pc, i)]--;
    pc->nfree++;
}

static void mark_used(struct uvs_pcache *pc, uint32_t i)
{
    uint32_t r = region_of(pc, i);
    pc->usedmap[i / 64] |= 1ull << (i % 64);
    if (pc->region_used[r]++ == 0)
        pc->region_stamp[r] = ++pc->alloc_seq; /* LRA_CHUNK: the chunk is allocated now */
    pc->nfree--;
}

/* Sets (used) or clears the usedmap bits of frames [i, i + count), a word at a time. */
static void usedmap_span(struct uvs_pcache *pc, uint32_t i, uint32_t count, bool used)
{
    for (uint32_t end = i + count; i < end;) {
        uint32_t b = i % 64, nb = end - i < 64 - b ? end - i : 64 - b;
        uint64_t m = (nb == 64 ? ~0ull : (1ull << nb) - 1) << b;
        if (used)
            pc->usedmap[i / 64] |= m;
        else
            pc->usedmap[i / 64] &= ~m;
        i += nb;
    }
}

/*
 * Frees the count frames of the unit headed by i (all in one region, as a
 * unit's frames are): each frame's metadata reset by one struct store, the
 * bitmap and the counters changed once (a superpage's 512 mark_free calls
 * were 19,000 management-hart cycles).
 */
static void free_unit_frames(struct uvs_pcache *pc, uint32_t i, uint32_t count)
{
    if (count == 1) {
        mark_free(pc, i);
        return;
    }
    /* A superpage's tails kept free metadata (uvs_pcache_alloc): its head only. */
    uint32_t marked = count == UVS_PCACHE_SUPER_PAGES ? 1 : count;
    for (uint32_t k = 0; k < marked; k++)
        pc->frame[i + k] = (struct uvs_pcache_frame){.state = UVS_PCACHE_FREE};
    usedmap_span(pc, i, count, false);
    if (i < pc->low_free)
        pc->low_free = i;
    pc->region_used[region_of(pc, i)] = (uint16_t)(pc->region_used[region_of(pc, i)] - count);
    pc->nfree += count;
}

/*
 * Index of the lowest set bit of w (w != 0). The management hart is rv64imac
 * (no Zbb ctz): __builtin_ctzll becomes libgcc's bit-by-bit loop, tens of
 * instructions a frame; a de Bruijn multiply (the lowest bit isolated, times
 * 0x03f79d71b4ca8b09, top 6 bits index a table) is four. The same code on
 * every target, so the host unit tests check it.
 */
static uint32_t ctz64(uint64_t w)
{
    static const uint8_t tab[64] = {
        0,  1,  56, 2,  57, 49, 28, 3,  61, 58, 42, 50, 38, 29, 17, 4,  62, 47, 59, 36, 45, 43,
        51, 22, 53, 39, 33, 30, 24, 18, 12, 5,  63, 55, 48, 27, 60, 41, 37, 16, 46, 35, 44, 21,
        52, 32, 23, 11, 54, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6,
    };
    return tab[((w & (0 - w)) * 0x03f79d71b4ca8b09ull) >> 58];
}

/* Lowest free frame in [lo, hi), or NO_FRAME. */
static uint32_t find_free(const struct uvs_pcache *pc, uint32_t lo, uint32_t hi)
{
    for (uint32_t i = lo; i < hi;) {
        uint64_t w = ~pc->usedmap[i / 64] >> (i % 64);
        if (w) {
            uint32_t j = i + ctz64(w);
            return j < hi ? j : NO_FRAME;
        }
        i = (i / 64 + 1) * 64;
    }
    return NO_FRAME;
}

/*
 * One free frame. Fills partly used regions first (starting at the cursor)
 * so that whole regions stay free for superpages.
 */
static uint32_t take_one(struct uvs_pcache *pc)
{
    if (pc->nfree == 0)
        return NO_FRAME;
    uint32_t pick = NO_FRAME, first, count;
    if (region_free(pc, pc->cursor) == 0) {
        uint32_t any = NO_FRAME;
        for (uint32_t k = 0; k < pc->nregions && pick == NO_FRAME; k++) {
            uint32_t r = (pc->cursor + k) % pc->nregions;
            region_span(pc, r, &first, &count);
            uint32_t fr = count - pc->region_used[r];
            if (fr && fr < count)
                pick = r;
            else if (fr && any == NO_FRAME)
                any = r;
        }
        pc->cursor = pick != NO_FRAME ? pick : any;
    }
    region_span(pc, pc->cursor, &first, &count);
    /* Frames fill from the bottom: start past the used ones (a scan over them cost a word a 64 frames a page). */
    bool from_low = pc->low_free >= first;
    uint32_t i = find_free(pc, from_low ? pc->low_free : first, first + count);
    if (i != NO_FRAME) {
        mark_used(pc, i);
        if (from_low)
            pc->low_free = i + 1;
    }
    return i;
}

/* Used bits of frames [i, i + 16) (i + 16 <= nframes). */
static uint32_t used16(const struct uvs_pcache *pc, uint32_t i)
{
    uint32_t w = i / 64, b = i % 64;
    uint64_t v = pc->usedmap[w] >> b;
    if (b > 64 - BIG_PAGES)
        v |= pc->usedmap[w + 1] << (64 - b);
    return (uint32_t)(v & 0xffff);
}

/* Free run of BIG_PAGES frames in [lo, hi) whose first frame is 64 KiB aligned, or NO_FRAME. */
static uint32_t find_run(const struct uvs_pcache *pc, uint32_t lo, uint32_t hi)
{
    uint32_t mis = (uint32_t)((pc->cfg.frame_base >> PAGE_SHIFT) + lo) % BIG_PAGES;
    for (uint32_t i = lo + (mis ? BIG_PAGES - mis : 0); i + BIG_PAGES <= hi; i += BIG_PAGES)
        if (used16(pc, i) == 0)
            return i;
    return NO_FRAME;
}

/*
 * First frame of a free, 64 KiB-aligned run of BIG_PAGES frames, marked
 * used, or NO_FRAME. Partly used regions first (from the run cursor), so
 * that wholly free 2 MiB regions stay for superpages. A run never crosses a
 * region (both are aligned in the device address space).
 */
static uint32_t take_run(struct uvs_pcache *pc)
{
    if (pc->nfree < BIG_PAGES)
        return NO_FRAME;
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t k = 0; k < pc->nregions; k++) {
            uint32_t r = (pc->run_cursor + k) % pc->nregions, first, count;
            region_span(pc, r, &first, &count);
            uint32_t fr = count - pc->region_used[r];
            if (fr < BIG_PAGES || (pass == 0 && fr == count))
                continue;
            uint32_t i = find_run(pc, first, first + count);
            if (i == NO_FRAME)
                continue;
            uint32_t w = i / 64, b = i % 64;
            pc->usedmap[w] |= 0xffffull << b;
            if (b > 64 - BIG_PAGES)
                pc->usedmap[w + 1] |= 0xffffull >> (64 - b);
            if (pc->region_used[r] == 0)
                pc->region_stamp[r] = ++pc->alloc_seq;
            pc->region_used[r] = (uint16_t)(pc->region_used[r] + BIG_PAGES);
            pc->nfree -= BIG_PAGES;
            pc->run_cursor = r;
            return i;
        }
    }
    return NO_FRAME;
}

/* ---------------- directory ---------------- */

static uint32_t dir_hash(const struct uvs_pcache *pc, uint32_t did, uint64_t va, unsigned level)
{
    uint64_t k = (va >> PAGE_SHIFT) ^ ((uint64_t)did << 40) ^ ((uint64_t)level << 62);
    k *= 0x9e3779b97f4a7c15ull;
    return (uint32_t)(k >> 32) & pc->dir_mask;
}

/* Counting-filter bucket of the 64 KiB chunk holding va (pc->chunk_small). */
static uint32_t chunk_hash(const struct uvs_pcache *pc, uint32_t did, uint64_t va)
{
    uint64_t k = (va >> 16) ^ ((uint64_t)did << 40);
    k *= 0x9e3779b97f4a7c15ull;
    return (uint32_t)(k >> 32) & pc->dir_mask;
}

static bool dir_match(const struct uvs_pcache *pc, uint32_t i, uint32_t did, uint64_t va, unsigned level)
{
    const struct uvs_pcache_frame *f = &pc->frame[i];
    return f->did == did && f->va == va && f->super == level;
}

/* Directory slot holding (did, va, level), or NO_FRAME. */
static uint32_t dir_slot(const struct uvs_pcache *pc, uint32_t did, uint64_t va, unsigned level)
{
    for (uint32_t s = dir_hash(pc, did, va, level);; s = (s + 1) & pc->dir_mask) {
        uint32_t e = pc->dir[s];
        if (e == 0)
            return NO_FRAME;
        if (dir_match(pc, e - 1, did, va, level))
            return s;
    }
}

static uint32_t dir_find(const struct uvs_pcache *pc, uint32_t did, uint64_t va, unsigned level)
{
    uint32_t s = dir_slot(pc, did, va, level);
    return s == NO_FRAME ? NO_FRAME : pc->dir[s] - 1;
}

static void dir_insert(struct uvs_pcache *pc, uint32_t i)
{
    const struct uvs_pcache_frame *f = &pc->frame[i];
    uint32_t s = dir_hash(pc, f->did, f->va, f->super);
    while (pc->dir[s])
        s = (s + 1) & pc->dir_mask;
    pc->dir[s] = i + 1;
    pc->nunits[f->super]++;
    if (f->super == UVS_PCACHE_LVL_PAGE)
        pc->chunk_small[chunk_hash(pc, f->did, f->va)]++;
}

/* Remove frame i's entry; backward-shift deletion keeps probe chains intact. */
static void dir_remove(struct uvs_pcache *pc, uint32_t i)
{
    const struct uvs_pcache_frame *f = &pc->frame[i];
    uint32_t s = dir_slot(pc, f->did, f->va, f->super);
    if (s == NO_FRAME)
        return;
    pc->nunits[f->super]--;
    if (f->super == UVS_PCACHE_LVL_PAGE)
        pc->chunk_small[chunk_hash(pc, f->did, f->va)]--;
    uint32_t hole = s;
    for (uint32_t j = (hole + 1) & pc->dir_mask; pc->dir[j]; j = (j + 1) & pc->dir_mask) {
        const struct uvs_pcache_frame *g = &pc->frame[pc->dir[j] - 1];
        uint32_t home = dir_hash(pc, g->did, g->va, g->super);
        /* Move j into the hole unless its home lies cyclically in (hole, j]. */
        bool stays = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
        if (!stays) {
            pc->dir[hole] = pc->dir[j];
            hole = j;
        }
    }
    pc->dir[hole] = 0;
}

/* Head frame of the page holding va (level 0, then a superpage), or NO_FRAME. */
static uint32_t find_page(const struct uvs_pcache *pc, uint32_t did, uint64_t va, unsigned *level)
{
    uint32_t i = NO_FRAME;
    *level = UVS_PCACHE_LVL_PAGE;
    if (pc->nunits[UVS_PCACHE_LVL_PAGE])
        i = dir_find(pc, did, va & ~(uint64_t)(UVS_PCACHE_PAGE - 1), UVS_PCACHE_LVL_PAGE);
    if (i == NO_FRAME && pc->nunits[UVS_PCACHE_LVL_BIG]) {
        i = dir_find(pc, did, va & ~(BIG_BYTES - 1), UVS_PCACHE_LVL_BIG);
        *level = UVS_PCACHE_LVL_BIG;
    }
    if (i == NO_FRAME && pc->nunits[UVS_PCACHE_LVL_SUPER]) {
        i = dir_find(pc, did, va & ~(uint64_t)(UVS_PCACHE_SUPER - 1), UVS_PCACHE_LVL_SUPER);
        *level = UVS_PCACHE_LVL_SUPER;
    }
    return i;
}

/* ---------------- init ---------------- */

int uvs_pcache_init(struct uvs_pcache *pc, const struct uvs_pcache_cfg *cfg)
{
    if (!pc || !cfg || !cfg->pte || !cfg->pte->slot || !cfg->meta || ((uintptr_t)cfg->meta & 7) ||
        cfg->frame_base % UVS_PCACHE_PAGE || cfg->frame_base + cfg->frame_bytes < cfg->frame_base)
        return -EINVAL;
    size_t need = uvs_pcache_meta_bytes(cfg->frame_bytes);
    if (need == 0 || cfg->meta_bytes < need)
        return -EINVAL;
    uint32_t n = (uint32_t)(cfg->frame_bytes >> PAGE_SHIFT);
    if (cfg->reserve >= n)
        return -EINVAL;
    memset(pc, 0, sizeof *pc);
    pc->cfg = *cfg;
    pc->nframes = n;
    uint64_t last = cfg->frame_base + cfg->frame_bytes - 1;
    pc->nregions = (uint32_t)((last >> SUPER_SHIFT) - (cfg->frame_base >> SUPER_SHIFT) + 1);
    uint32_t dslots = dir_slots(n);
    pc->dir_mask = dslots - 1;
    uint8_t *m = cfg->meta;
    pc->frame = (struct uvs_pcache_frame *)m;
    m += align8(sizeof(struct uvs_pcache_frame) * (size_t)n);
    pc->dir = (uint32_t *)m;
    m += align8(sizeof(uint32_t) * (size_t)dslots);
    pc->usedmap = (uint64_t *)m;
    m += align8(sizeof(uint64_t) * (((size_t)n + 63) / 64));
    pc->region_used = (uint16_t *)m;
    m += align8(sizeof(uint16_t) * (size_t)max_regions(n));
    pc->region_stamp = (uint32_t *)m;
    m += align8(sizeof(uint32_t) * (size_t)max_regions(n));
    pc->chunk_small = (uint32_t *)m;
    /* All-zero metadata is an empty cache: frames FREE, directory empty,
     * no frame used. A caller that zeroed it already (by DMA) skips this. */
    if (!cfg->meta_zeroed)
        memset(cfg->meta, 0, need);
    pc->nfree = n;
    pc->st.frames_total = n;
    return 0;
}

/* ---------------- eviction ---------------- */

static uint64_t *pte_slot(const struct uvs_pcache *pc, uint32_t did, uint64_t va, unsigned level, bool create)
{
    return pc->cfg.pte->slot(pc->cfg.pte_ctx, did, va, level, create);
}

/*
 * Level-0 PTE slots of the big unit headed by f: with cfg.pte_contig the
 * unit's 16 slots are consecutive in one table (a 64 KiB unit never crosses
 * a 2 MiB block), so one walk gives them all (*base, returned); otherwise
 * NULL and each page is walked (big_slot).
 */
static uint64_t *big_base(struct uvs_pcache *pc, const struct uvs_pcache_frame *f, bool create)
{
    return pc->cfg.pte_contig ? pte_slot(pc, f->did, f->va, 0, create) : NULL;
}

/* Slot of page k of the big unit f, given big_base()'s result. */
static uint64_t *big_slot(struct uvs_pcache *pc, const struct uvs_pcache_frame *f, uint64_t *base, uint32_t k,
                          bool create)
{
    if (pc->cfg.pte_contig)
        return base ? base + k : NULL;
    return pte_slot(pc, f->did, f->va + ((uint64_t)k << PAGE_SHIFT), 0, create);
}

static void push(struct uvs_pcache_action *act, uint32_t *n, const struct uvs_pcache_action *a)
{
    act[(*n)++] = *a;
}

/*
 * Evict the page (or superpage) whose head frame is i: swap its PTE to 0,
 * emit INVAL, WRITEBACK when dirty (unless drop), NOTICE (unless drop), and
 * free its frames. Needs 3 free action entries. Returns the pages evicted.
 */
static uint32_t evict(struct uvs_pcache *pc, uint32_t i, bool drop, struct uvs_pcache_action *act, uint32_t *n)
{
    struct uvs_pcache_frame f = pc->frame[i];
    unsigned level = pte_level(&f);
    uint32_t pages = unit_pages(&f);
    uint64_t bytes = (uint64_t)pages << PAGE_SHIFT;
    bool dirty = false;
    if (f.super == UVS_PCACHE_LVL_BIG) {
        /* A big unit goes as a whole: its PTEs cleared in one pass, written back whole when any page is dirty. */
        uint64_t *base = big_base(pc, &f, false);
        for (uint32_t k = 0; k < pages; k++) {
            uint64_t *slot = big_slot(pc, &f, base, k, false);
            uint64_t old = slot ? __atomic_exchange_n(slot, 0, __ATOMIC_ACQ_REL) : 0;
            dirty |= (old & UVS_IOMMU_PTE_V_MASK) && (old & UVS_IOMMU_PTE_D_MASK);
        }
    } else {
        uint64_t *slot = pte_slot(pc, f.did, f.va, level, false);
        uint64_t old = slot ? __atomic_exchange_n(slot, 0, __ATOMIC_ACQ_REL) : 0;
        dirty = (old & UVS_IOMMU_PTE_V_MASK) && (old & UVS_IOMMU_PTE_D_MASK);
    }
    struct uvs_pcache_action a = {
        .kind = UVS_PCACHE_ACT_INVAL, .level = (uint8_t)level, .did = f.did, .va = f.va,
        .frame = frame_addr(pc, i), .bytes = bytes,
    };
    push(act, n, &a);
    if (!drop && dirty) {
        a.kind = UVS_PCACHE_ACT_WRITEBACK;
        a.bus = f.bus;
        push(act, n, &a);
        pc->st.writebacks += pages;
    }
    if (!drop) {
        a.kind = UVS_PCACHE_ACT_NOTICE;
        a.bus = f.bus;
        a.dirty = dirty;
        push(act, n, &a);
    }
    dir_remove(pc, i);
    free_unit_frames(pc, i, pages);
    pc->st.evictions += pages;
    return pages;
}

/* A set A bit of frame i's PTE is cleared (second chance): true. */
static bool second_chance(struct uvs_pcache *pc, uint32_t i, bool *cleared)
{
    const struct uvs_pcache_frame *f = &pc->frame[i];
    if (f->super == UVS_PCACHE_LVL_BIG) {
        /* A big unit is young when any of its pages was accessed; every set A is cleared. */
        bool young = false;
        uint64_t *base = big_base(pc, f, false);
        for (uint32_t k = 0; k < BIG_PAGES; k++) {
            uint64_t *slot = big_slot(pc, f, base, k, false);
            if (slot && (__atomic_load_n(slot, __ATOMIC_ACQUIRE) & UVS_IOMMU_PTE_A_MASK)) {
                __atomic_fetch_and(slot, ~(uint64_t)UVS_IOMMU_PTE_A_MASK, __ATOMIC_ACQ_REL);
                pc->st.a_cleared++;
                young = true;
            }
        }
        *cleared |= young;
        return young;
    }
    uint64_t *slot = pte_slot(pc, f->did, f->va, pte_level(f), false);
    if (!slot || !(__atomic_load_n(slot, __ATOMIC_ACQUIRE) & UVS_IOMMU_PTE_A_MASK))
        return false;
    __atomic_fetch_and(slot, ~(uint64_t)UVS_IOMMU_PTE_A_MASK, __ATOMIC_ACQ_REL);
    pc->st.a_cleared++;
    *cleared = true;
    return true;
}

/* Is frame i's page dirty (leaf PTE D set)? */
static bool pte_dirty(struct uvs_pcache *pc, uint32_t i)
{
    const struct uvs_pcache_frame *f = &pc->frame[i];
    if (f->super == UVS_PCACHE_LVL_BIG) {
        uint64_t *base = big_base(pc, f, false);
        for (uint32_t k = 0; k < BIG_PAGES; k++) {
            uint64_t *slot = big_slot(pc, f, base, k, false);
            if (slot && (__atomic_load_n(slot, __ATOMIC_ACQUIRE) & UVS_IOMMU_PTE_D_MASK))
                return true;
        }
        return false;
    }
    uint64_t *slot = pte_slot(pc, f->did, f->va, pte_level(f), false);
    return slot && (__atomic_load_n(slot, __ATOMIC_ACQUIRE) & UVS_IOMMU_PTE_D_MASK);
}

/*
 * CLOCK: the next resident head frame whose A bit is clear, or NO_FRAME
 * after two revolutions. CLOCK_CLEAN: a dirty candidate (A clear, D set)
 * is remembered and passed over for up to an eighth of the frames (at least
 * one step) further; a clean candidate found in that window wins, else the
 * first dirty candidate is the victim (bounded scan: the hand's recency
 * order is kept, only short detours are made for a clean page).
 */
static uint32_t clock_victim(struct uvs_pcache *pc, bool *cleared)
{
    bool clean_first = pc->evict_mode == UVS_UVM_EVICT_CLOCK_CLEAN;
    uint64_t window = pc->nframes / 8 ? pc->nframes / 8 : 1, since = 0;
    uint32_t dirty = NO_FRAME;
    for (uint64_t step = 0; step <= 2ull * pc->nframes; step++) {
        if (dirty != NO_FRAME && since++ >= window)
            return dirty;
        uint32_t i = pc->hand;
        pc->hand = (pc->hand + 1) % pc->nframes;
        if (pc->frame[i].state != UVS_PCACHE_RESIDENT)
            continue;
        if (second_chance(pc, i, cleared))
            continue;
        if (clean_first && pte_dirty(pc, i)) {
            if (dirty == NO_FRAME)
                dirty = i;
            continue;
        }
        return i;
    }
    return dirty;
}

/* Can region r give victims: some resident page, nothing reserved (a reserved unit is being filled)? */
static bool region_lra_ok(const struct uvs_pcache *pc, uint32_t r)
{
    uint32_t first, count;
    bool resident = false;
    region_span(pc, r, &first, &count);
    for (uint32_t k = 0; k < count; k++) {
        uint8_t st = pc->frame[first + k].state;
        if (st == UVS_PCACHE_RESERVED)
            return false;
        resident |= st == UVS_PCACHE_RESIDENT;
    }
    return resident;
}

/* LRA_CHUNK: the used region allocated longest ago that can give victims (whole 2 MiB when `whole`), or NO_FRAME. */
static uint32_t lra_region(const struct uvs_pcache *pc, bool whole)
{
    uint32_t best = NO_FRAME, first, count;
    for (uint32_t r = 0; r < pc->nregions; r++) {
        if (pc->region_used[r] == 0)
            continue;
        region_span(pc, r, &first, &count);
        if (whole && count != UVS_PCACHE_SUPER_PAGES)
            continue;
        /* Stamps wrap after 2^32 chunk allocations: compare by distance from the newest. */
        if (region_lra_ok(pc, r) &&
            (best == NO_FRAME || pc->alloc_seq - pc->region_stamp[r] > pc->alloc_seq - pc->region_stamp[best]))
            best = r;
    }
    return best;
}

/*
 * LRA_CHUNK eviction: the oldest chunk's resident pages, all of them when
 * `cap` leaves room for 512 pages past *n, else the first one (by frame).
 * Returns the pages evicted (0: nothing evictable).
 */
static uint32_t lra_evict(struct uvs_pcache *pc, struct uvs_pcache_action *act, uint32_t *n, uint32_t cap)
{
    uint32_t r = lra_region(pc, false), first, count, pages = 0;
    if (r == NO_FRAME)
        return 0;
    bool whole = cap >= *n + UVS_PCACHE_ACTIONS_FOR(UVS_PCACHE_SUPER_PAGES);
    region_span(pc, r, &first, &count);
    for (uint32_t k = 0; k < count; k++) {
        if (pc->frame[first + k].state != UVS_PCACHE_RESIDENT)
            continue;
        pages += evict(pc, first + k, false, act, n);
        if (!whole)
            break;
    }
    return pages;
}

static void finish_actions(struct uvs_pcache *pc, bool cleared, struct uvs_pcache_action *act, uint32_t *n)
{
    if (cleared && pc->cfg.inval_on_a_clear) {
        struct uvs_pcache_action a = {.kind = UVS_PCACHE_ACT_INVAL_ALL};
        push(act, n, &a);
    }
}

/* ---------------- superpage regions ---------------- */

/* True when region r can be emptied: whole 2 MiB inside the range, nothing reserved. */
static bool region_evictable(const struct uvs_pcache *pc, uint32_t r)
{
    uint32_t first, count;
    region_span(pc, r, &first, &count);
    if (count != UVS_PCACHE_SUPER_PAGES)
        return false;
    for (uint32_t k = 0; k < count; k++) {
        /* Tails belong to the superpage headed by this region's first frame. */
        if (pc->frame[first + k].state == UVS_PCACHE_RESERVED)
            return false;
    }
    return true;
}

/*
 * A free or emptiable 2 MiB region for a superpage: a wholly free region
 * first; else CLOCK over regions (starting at the hand's region): a region
 * whose resident pages all have A clear is the victim, A bits seen set are
 * cleared (second chance). Evicts the victim's pages. NO_FRAME when every
 * region holds reserved frames.
 */
static uint32_t super_region(struct uvs_pcache *pc, bool *cleared, struct uvs_pcache_action *act, uint32_t *n)
{
    uint32_t first, count;
    for (uint32_t r = 0; r < pc->nregions; r++) {
        region_span(pc, r, &first, &count);
        if (count == UVS_PCACHE_SUPER_PAGES && pc->region_used[r] == 0)
            return r;
    }
    if (pc->evict_mode == UVS_UVM_EVICT_LRA_CHUNK) {
        uint32_t r = lra_region(pc, true);
        if (r == NO_FRAME || !region_evictable(pc, r))
            return NO_FRAME;
        region_span(pc, r, &first, &count);
        for (uint32_t k = 0; k < count; k++)
            if (pc->frame[first + k].state == UVS_PCACHE_RESIDENT)
                evict(pc, first + k, false, act, n);
        return r;
    }
    uint32_t start = region_of(pc, pc->hand);
    for (uint32_t step = 0; step <= 2 * pc->nregions; step++) {
        uint32_t r = (start + step) % pc->nregions;
        if (!region_evictable(pc, r))
            continue;
        region_span(pc, r, &first, &count);
        bool young = false;
        for (uint32_t k = 0; k < count; k++)
            if (pc->frame[first + k].state == UVS_PCACHE_RESIDENT && second_chance(pc, first + k, cleared))
                young = true;
        if (young && step < pc->nregions)
            continue;
        for (uint32_t k = 0; k < count; k++)
            if (pc->frame[first + k].state == UVS_PCACHE_RESIDENT)
                evict(pc, first + k, false, act, n);
        pc->hand = (first + count) % pc->nframes;
        return r;
    }
    return NO_FRAME;
}

/* ---------------- units ---------------- */

static bool unit_ok(uint64_t va, uint32_t npages)
{
    if (npages != 1 && npages != 16 && npages != UVS_PCACHE_SUPER_PAGES)
        return false;
    /* A mask, not %: a 64-bit remainder is a multi-cycle division on the management hart. */
    return (va & (((uint64_t)npages << PAGE_SHIFT) - 1)) == 0 && va + ((uint64_t)npages << PAGE_SHIFT) > va;
}

/* True when a page of the unit is reserved or resident already. */
static bool unit_present(const struct uvs_pcache *pc, uint32_t did, uint64_t va, uint32_t npages)
{
    if (pc->nunits[UVS_PCACHE_LVL_SUPER] &&
        dir_find(pc, did, va & ~(uint64_t)(UVS_PCACHE_SUPER - 1), UVS_PCACHE_LVL_SUPER) != NO_FRAME)
        return true;
    if (pc->nunits[UVS_PCACHE_LVL_BIG])
        for (uint64_t a = va & ~(BIG_BYTES - 1); a < va + ((uint64_t)npages << PAGE_SHIFT); a += BIG_BYTES)
            if (dir_find(pc, did, a, UVS_PCACHE_LVL_BIG) != NO_FRAME)
                return true;
    if (!pc->nunits[UVS_PCACHE_LVL_PAGE])
        return false;
    /* 4 KiB units: probed only in 64 KiB chunks whose filter bucket is nonzero (no per-page lookups otherwise). */
    uint32_t piece = npages < BIG_PAGES ? npages : BIG_PAGES;
    for (uint32_t p = 0; p < npages; p += piece) {
        uint64_t a = va + ((uint64_t)p << PAGE_SHIFT);
        if (!pc->chunk_small[chunk_hash(pc, did, a)])
            continue;
        for (uint32_t k = 0; k < piece; k++)
            if (dir_find(pc, did, a + ((uint64_t)k << PAGE_SHIFT), UVS_PCACHE_LVL_PAGE) != NO_FRAME)
                return true;
    }
    return false;
}

static void reserve_frame(struct uvs_pcache *pc, uint32_t i, uint32_t did, uint64_t va, uint64_t bus, uint8_t state,
                          uint8_t super)
{
    struct uvs_pcache_frame *f = &pc->frame[i];
    f->did = did;
    f->va = va;
    f->bus = bus;
    f->state = state;
    f->super = super;
}

/* Leaf PTE for a frame: V R W U (no W when read-only), D = 0, A as asked (privileged spec 4.3.1, 4.4.1). */
static uint64_t leaf_pte(uint64_t frame, uint32_t flags)
{
    return ((frame >> PAGE_SHIFT) << UVS_IOMMU_PTE_PPN_SHIFT) | UVS_IOMMU_PTE_V_MASK | UVS_IOMMU_PTE_R_MASK |
           ((flags & UVS_PCACHE_MAP_READONLY) ? 0 : UVS_IOMMU_PTE_W_MASK) | UVS_IOMMU_PTE_U_MASK |
           ((flags & UVS_PCACHE_MAP_ACCESSED) ? UVS_IOMMU_PTE_A_MASK : 0);
}

int uvs_pcache_alloc(struct uvs_pcache *pc, uint32_t did, uint64_t va, uint32_t npages, uint64_t bus,
                     uint32_t flags, uint64_t *frames, struct uvs_pcache_action *act, uint32_t cap,
                     struct uvs_pcache_alloc_res *res)
{
    if (!pc || !frames || !act || !res || !unit_ok(va, npages) || bus % UVS_PCACHE_PAGE)
        return -EINVAL;
    if (cap < UVS_PCACHE_ACTIONS_FOR(npages))
        return -ENOSPC;
    res->super = false;
    res->nactions = 0;
    if (unit_present(pc, did, va, npages))
        return -EEXIST;
    if (npages > pc->nframes)
        return -ENOMEM;
    uint32_t n = 0;
    bool cleared = false;
    if (npages == UVS_PCACHE_SUPER_PAGES && (flags & UVS_PCACHE_F_SUPER_OK)) {
        const uint64_t *s = pte_slot(pc, did, va, 1, false);
        uint32_t r = (!s || *s == 0) ? super_region(pc, &cleared, act, &n) : NO_FRAME;
        if (r != NO_FRAME) {
            uint32_t first, count;
            region_span(pc, r, &first, &count);
            /* The whole free region at once: bitmap words, one count; the tails' metadata stays as free (enum uvs_pcache_state). */
            usedmap_span(pc, first, count, true);
            pc->region_stamp[r] = ++pc->alloc_seq;
            pc->region_used[r] = (uint16_t)count;
            pc->nfree -= count;
            reserve_frame(pc, first, did, va, bus, UVS_PCACHE_RESERVED, UVS_PCACHE_LVL_SUPER);
            frames[0] = frame_addr(pc, first);
            dir_insert(pc, first);
            pc->st.allocs += count;
            res->super = true;
            finish_actions(pc, cleared, act, &n);
            res->nactions = n;
            return 0;
        }
    }
    while (pc->nfree < npages && pc->evict_mode == UVS_UVM_EVICT_LRA_CHUNK) {
        if (lra_evict(pc, act, &n, cap) == 0) {
            res->nactions = n;
            return -ENOMEM;
        }
    }
    while (pc->nfree < npages) {
        uint32_t v = clock_victim(pc, &cleared);
        if (v == NO_FRAME) {
            finish_actions(pc, cleared, act, &n);
            res->nactions = n;
            return -ENOMEM;
        }
        evict(pc, v, false, act, &n);
    }
    for (uint32_t k = 0; k < npages;) {
        uint64_t off = (uint64_t)k << PAGE_SHIFT;
        uint32_t i = npages >= BIG_PAGES && k % BIG_PAGES == 0 ? take_run(pc) : NO_FRAME;
        if (i != NO_FRAME) {
            /* One big unit: one directory entry for 16 contiguous frames. */
            reserve_frame(pc, i, did, va + off, bus + off, UVS_PCACHE_RESERVED, UVS_PCACHE_LVL_BIG);
            dir_insert(pc, i);
            uint64_t fa = frame_addr(pc, i);
            for (uint32_t j = 0; j < BIG_PAGES; j++, fa += UVS_PCACHE_PAGE) {
                if (j)
                    pc->frame[i + j].state = UVS_PCACHE_TAIL; /* free frames' metadata is zero: the state says all */
                frames[k + j] = fa;
            }
            k += BIG_PAGES;
            continue;
        }
        i = take_one(pc);
        reserve_frame(pc, i, did, va + off, bus + off, UVS_PCACHE_RESERVED, UVS_PCACHE_LVL_PAGE);
        dir_insert(pc, i);
        frames[k] = frame_addr(pc, i);
        k++;
    }
    pc->st.allocs += npages;
    finish_actions(pc, cleared, act, &n);
    res->nactions = n;
    return 0;
}

/* Head frame of a reserved superpage unit at va, or NO_FRAME. */
static uint32_t reserved_super(const struct uvs_pcache *pc, uint32_t did, uint64_t va, uint32_t npages)
{
    if (npages != UVS_PCACHE_SUPER_PAGES)
        return NO_FRAME;
    uint32_t h = dir_find(pc, did, va, 1);
    return h != NO_FRAME && pc->frame[h].state == UVS_PCACHE_RESERVED ? h : NO_FRAME;
}

/* Head of the reserved big unit at va (64 KiB aligned), or NO_FRAME. */
static uint32_t reserved_big(const struct uvs_pcache *pc, uint32_t did, uint64_t va)
{
    if (!pc->nunits[UVS_PCACHE_LVL_BIG])
        return NO_FRAME;
    uint32_t h = dir_find(pc, did, va, UVS_PCACHE_LVL_BIG);
    return h != NO_FRAME && pc->frame[h].state == UVS_PCACHE_RESERVED ? h : NO_FRAME;
}

/*
 * Checks that [va, va + npages pages) is reserved as pieces: a big unit per
 * 64 KiB, or reserved 4 KiB pages. head[p] = the big unit's head frame of
 * piece p (64 KiB, or the one page when npages == 1), or NO_FRAME when the
 * piece is 4 KiB pages. Returns false when some page is not reserved.
 */
static bool reserved_pieces(const struct uvs_pcache *pc, uint32_t did, uint64_t va, uint32_t npages, uint32_t *head)
{
    uint32_t piece = npages < BIG_PAGES ? npages : BIG_PAGES;
    for (uint32_t p = 0; p * piece < npages; p++) {
        uint64_t a = va + ((uint64_t)p * piece << PAGE_SHIFT);
        head[p] = piece == BIG_PAGES ? reserved_big(pc, did, a) : NO_FRAME;
        if (head[p] != NO_FRAME)
            continue;
        for (uint32_t k = 0; k < piece; k++) {
            uint32_t i = dir_find(pc, did, a + ((uint64_t)k << PAGE_SHIFT), UVS_PCACHE_LVL_PAGE);
            if (i == NO_FRAME || pc->frame[i].state != UVS_PCACHE_RESERVED)
                return false;
        }
    }
    return true;
}

/* Pieces of a unit of npages (1, 16, 512 pages): 64 KiB each, or the one page. */
#define MAX_PIECES (UVS_PCACHE_SUPER_PAGES / UVS_PCACHE_BIG_PAGES)

int uvs_pcache_map(struct uvs_pcache *pc, uint32_t did, uint64_t va, uint32_t npages, uint32_t flags)
{
    if (!pc || !unit_ok(va, npages))
        return -EINVAL;
    uint32_t h = reserved_super(pc, did, va, npages);
    if (h != NO_FRAME) {
        uint64_t *s = pte_slot(pc, did, va, 1, true);
        if (!s)
            return -ENOMEM;
        if (__atomic_load_n(s, __ATOMIC_ACQUIRE) & UVS_IOMMU_PTE_V_MASK)
            return -EEXIST; /* a page table appeared under the block since alloc (e.g. a remote mapping) */
        __atomic_store_n(s, leaf_pte(frame_addr(pc, h), flags), __ATOMIC_RELEASE);
        pc->frame[h].state = UVS_PCACHE_RESIDENT;
        pc->st.superpages++;
        return 0;
    }
    if (npages == 1) {
        /* One page: one directory lookup, one walk. */
        uint32_t i = pc->nunits[UVS_PCACHE_LVL_PAGE] ? dir_find(pc, did, va, UVS_PCACHE_LVL_PAGE) : NO_FRAME;
        if (i == NO_FRAME || pc->frame[i].state != UVS_PCACHE_RESERVED)
            return -ENOENT;
        uint64_t *slot = pte_slot(pc, did, va, 0, true);
        if (!slot)
            return -ENOMEM;
        __atomic_store_n(slot, leaf_pte(frame_addr(pc, i), flags), __ATOMIC_RELEASE);
        pc->frame[i].state = UVS_PCACHE_RESIDENT;
        return 0;
    }
    uint32_t head[MAX_PIECES];
    uint32_t piece = npages < BIG_PAGES ? npages : BIG_PAGES, npieces = npages / piece;
    if (!reserved_pieces(pc, did, va, npages, head))
        return -ENOENT;
    /* Page tables first, so that a failure maps nothing: one walk a big unit (cfg.pte_contig). */
    for (uint32_t p = 0; p < npieces; p++) {
        uint64_t a = va + ((uint64_t)p * piece << PAGE_SHIFT);
        uint32_t walks = head[p] != NO_FRAME && pc->cfg.pte_contig ? 1 : piece;
        for (uint32_t k = 0; k < walks; k++)
            if (!pte_slot(pc, did, a + ((uint64_t)k << PAGE_SHIFT), 0, true))
                return -ENOMEM;
    }
    for (uint32_t p = 0; p < npieces; p++) {
        uint64_t a = va + ((uint64_t)p * piece << PAGE_SHIFT);
        if (head[p] != NO_FRAME) {
            /* The unit's PTEs in one loop over consecutive frames. */
            struct uvs_pcache_frame *f = &pc->frame[head[p]];
            uint64_t pte = leaf_pte(frame_addr(pc, head[p]), flags), step = 1ull << UVS_IOMMU_PTE_PPN_SHIFT;
            uint64_t *base = big_base(pc, f, false);
            if (base) {
                for (uint32_t k = 0; k < BIG_PAGES; k++, pte += step)
                    __atomic_store_n(base + k, pte, __ATOMIC_RELEASE);
            } else {
                for (uint32_t k = 0; k < BIG_PAGES; k++, pte += step)
                    __atomic_store_n(big_slot(pc, f, NULL, k, false), pte, __ATOMIC_RELEASE);
            }
            f->state = UVS_PCACHE_RESIDENT;
            continue;
        }
        for (uint32_t k = 0; k < piece; k++) {
            uint64_t pa = a + ((uint64_t)k << PAGE_SHIFT);
            uint32_t i = dir_find(pc, did, pa, UVS_PCACHE_LVL_PAGE);
            __atomic_store_n(pte_slot(pc, did, pa, 0, false), leaf_pte(frame_addr(pc, i), flags), __ATOMIC_RELEASE);
            pc->frame[i].state = UVS_PCACHE_RESIDENT;
        }
    }
    return 0;
}

int uvs_pcache_cancel(struct uvs_pcache *pc, uint32_t did, uint64_t va, uint32_t npages)
{
    if (!pc || !unit_ok(va, npages))
        return -EINVAL;
    uint32_t h = reserved_super(pc, did, va, npages);
    if (h != NO_FRAME) {
        dir_remove(pc, h);
        free_unit_frames(pc, h, UVS_PCACHE_SUPER_PAGES);
        return 0;
    }
    uint32_t head[MAX_PIECES];
    uint32_t piece = npages < BIG_PAGES ? npages : BIG_PAGES, npieces = npages / piece;
    if (!reserved_pieces(pc, did, va, npages, head))
        return -ENOENT;
    for (uint32_t p = 0; p < npieces; p++) {
        uint64_t a = va + ((uint64_t)p * piece << PAGE_SHIFT);
        if (head[p] != NO_FRAME) {
            dir_remove(pc, head[p]);
            free_unit_frames(pc, head[p], BIG_PAGES);
            continue;
        }
        for (uint32_t k = 0; k < piece; k++) {
            uint32_t i = dir_find(pc, did, a + ((uint64_t)k << PAGE_SHIFT), UVS_PCACHE_LVL_PAGE);
            dir_remove(pc, i);
            mark_free(pc, i);
        }
    }
    return 0;
}

/* ---------------- range eviction, reserve ---------------- */

/* Evict head frame i for a range [va, end): a superpage not wholly inside is written back even with drop. */
static uint32_t evict_for_range(struct uvs_pcache *pc, uint32_t i, uint64_t va, uint64_t end, bool drop,
                                struct uvs_pcache_action *act, uint32_t *n)
{
    const struct uvs_pcache_frame *f = &pc->frame[i];
    uint64_t fend = f->va + ((uint64_t)unit_pages(f) << PAGE_SHIFT);
    bool inside = f->va >= va && fend <= end;
    return evict(pc, i, drop && inside, act, n);
}

int uvs_pcache_evict_range(struct uvs_pcache *pc, uint32_t did, uint64_t va, uint64_t npages, bool drop,
                           uint64_t *done, struct uvs_pcache_action *act, uint32_t cap, uint32_t *nact,
                           uint64_t *evicted)
{
    if (!pc || !done || !act || !nact || va % UVS_PCACHE_PAGE || npages == 0 || npages > (UINT64_MAX >> PAGE_SHIFT) ||
        va + (npages << PAGE_SHIFT) < va)
        return -EINVAL;
    if (cap < UVS_PCACHE_ACTIONS_FOR(1))
        return -ENOSPC;
    uint64_t end = va + (npages << PAGE_SHIFT), ev = 0;
    int rc = 0;
    *nact = 0;
    if (npages > pc->nframes) {
        /* Large range: walk the frames instead of the pages (cursor = frame index). */
        for (; *done < pc->nframes; (*done)++) {
            const struct uvs_pcache_frame *f = &pc->frame[*done];
            uint64_t fend = f->va + ((uint64_t)unit_pages(f) << PAGE_SHIFT);
            if (f->state != UVS_PCACHE_RESIDENT || f->did != did || fend <= va || f->va >= end)
                continue;
            if (*nact + 3 > cap) {
                rc = -EAGAIN;
                break;
            }
            ev += evict_for_range(pc, (uint32_t)*done, va, end, drop, act, nact);
        }
    } else {
        /* Cursor = page index in the range. */
        while (*done < npages) {
            uint64_t a = va + (*done << PAGE_SHIFT);
            unsigned level;
            uint32_t i = find_page(pc, did, a, &level);
            uint64_t next = *done + 1;
            if (i != NO_FRAME && pc->frame[i].state == UVS_PCACHE_RESIDENT) {
                if (*nact + 3 > cap) {
                    rc = -EAGAIN;
                    break;
                }
                if (level != UVS_PCACHE_LVL_PAGE)
                    next = (pc->frame[i].va + ((uint64_t)unit_pages(&pc->frame[i]) << PAGE_SHIFT) - va) >> PAGE_SHIFT;
                ev += evict_for_range(pc, i, va, end, drop, act, nact);
            }
            *done = next;
        }
    }
    if (evicted)
        *evicted = ev;
    return rc;
}

int uvs_pcache_maintain(struct uvs_pcache *pc, struct uvs_pcache_action *act, uint32_t cap, uint32_t *nact)
{
    if (!pc || !act || !nact)
        return -EINVAL;
    if (cap < UVS_PCACHE_ACTIONS_FOR(1))
        return -ENOSPC;
    bool cleared = false;
    int rc = 0;
    *nact = 0;
    while (pc->nfree < pc->cfg.reserve) {
        if (*nact + 4 > cap) {
            rc = -EAGAIN;
            break;
        }
        if (pc->evict_mode == UVS_UVM_EVICT_LRA_CHUNK) {
            uint32_t pages = lra_evict(pc, act, nact, cap);
            if (pages == 0) {
                rc = -ENOMEM;
                break;
            }
            pc->st.pre_evictions += pages;
            continue;
        }
        uint32_t v = clock_victim(pc, &cleared);
        if (v == NO_FRAME) {
            rc = -ENOMEM;
            break;
        }
        pc->st.pre_evictions += evict(pc, v, false, act, nact);
    }
    finish_actions(pc, cleared, act, nact);
    return rc;
}

int uvs_pcache_set_policy(struct uvs_pcache *pc, uint32_t mode, uint32_t reserve)
{
    if (!pc || mode >= UVS_UVM_EVICT_MODES || reserve >= pc->nframes)
        return -EINVAL;
    pc->evict_mode = (uint8_t)mode;
    pc->cfg.reserve = reserve;
    return 0;
}

int uvs_pcache_lookup(const struct uvs_pcache *pc, uint32_t did, uint64_t va, uint64_t *frame, int *state)
{
    if (!pc)
        return -EINVAL;
    unsigned level;
    uint32_t i = find_page(pc, did, va, &level);
    if (i == NO_FRAME)
        return -ENOENT;
    if (frame)
        *frame = frame_addr(pc, i) + (va - pc->frame[i].va) / UVS_PCACHE_PAGE * UVS_PCACHE_PAGE;
    if (state)
        *state = pc->frame[i].state;
    return 0;
}

void uvs_pcache_get_stats(const struct uvs_pcache *pc, struct uvs_pcache_stats *st)
{
    if (!pc || !st)
        return;
    *st = pc->st;
    st->frames_free = pc->nfree;
}

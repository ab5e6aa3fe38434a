/*
 * Randomised fault storm over both halves of unified memory, connected by
 * in-memory queues:
 *   device   - compute threads doing loads and stores through test page
 *              tables (tpt.c), parking on non-valid PTEs in page-request
 *              groups written to a small page-request queue (IOMMU model:
 *              one record per group; a write does not join a read group);
 *   firmware - faultfwd.c (drain, coalesce, host ring, replay) and pcache.c
 *              (frames, CLOCK, write-back, reserve), its actions carried out
 *              on an HBM array;
 *   host     - uvm_managed.c (allocations mapped from a memfd, which is also
 *              the "host memory" the device's DMA sees) and uvm_fault.c
 *              (batches from the ring, plan, execute), eviction notices.
 * A random scheduler interleaves the three. Checked: every load returns the
 * last value stored (reference copy), every group is answered exactly once
 * (no lost or duplicated replay), no migration of a page already in HBM,
 * the thread with an access outside every allocation is aborted with that
 * address while the others finish, and after a final flush the host memory
 * seen through the managed pointers equals the reference.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>

#include <uvmsoc/iommu_pt.h>
#include <uvmsoc/iommu_rec.h>

#include "faultfwd.h"
#include "pcache.h"
#include "tpt.h"
#include "uvm_fault.h"
#include "uvm_managed.h"
#include "uvs_iommu_rec.h"
#include "uvs_xorshift.h"

#define DID 1u
#define PG 4096ull
#define HBM 0x1000000000ull
#define BUS_BASE 0x100000000ull
#define BUS_SIZE (16ull << 20)  /* 12 MiB + 2 MiB + 256 KiB of managed memory, 2 MiB aligned */
#define QBUS 0x80000000ull
#define QMEM 0x2000u
#define WIN 0x220000000000ull
#define PQ_N 16u
#define NTHREADS 48
#define MAXACC 300
#define RING_LOG2 3u
#define HOST_BATCH 32
#define ACT_CAP (3u * 512u + 2u)
#define BAD_VA 0x230000000000ull

enum { T_RUN, T_PARK, T_DONE, T_ABORT };

struct access {
    uint64_t va;
    bool write;
};

struct thread {
    int state;
    uint16_t prgi;
    unsigned pos, len;
    uint64_t abort_va;
    struct access acc[MAXACC];
};

struct notice {
    uint64_t va, bytes;
    bool dirty;
};

struct world {
    unsigned seed;
    uint64_t rng;
    /* memories */
    uint8_t *hbm;
    uint64_t hbm_bytes;
    int fd;
    uint8_t *bus;  /* the memfd as the device's DMA sees it */
    uint8_t *ref;  /* expected contents, indexed like bus */
    uint64_t bus_next;
    uint8_t qmem[QMEM];
    /* host */
    struct uvm_managed *mm;
    struct uvm_fault_svc *svc;
    uint8_t *alloc[3];
    uint64_t alloc_size[3];
    struct notice notes[8192];
    unsigned nnotes;
    /* device */
    struct tpt pt;
    struct thread th[NTHREADS];
    struct { bool used, write; uint64_t page; } grp[512];
    uint8_t pq[PQ_N][UVS_IOMMU_PQREC_SIZE];
    uint32_t pqh, pqt;
    /* firmware */
    struct uvs_pcache pc;
    void *meta;
    struct uvs_ffwd ff;
    struct uvs_pcache_action act[ACT_CAP];
    /* checks */
    unsigned data_errors, bad_replays, pq_retries, msis, copies_to_resident;
};

static uint64_t rnd(struct world *w) { return uvs_xorshift64(&w->rng); }

/* ---------------- firmware actions ---------------- */

static void do_actions(struct world *w, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        const struct uvs_pcache_action *a = &w->act[i];
        if (a->kind == UVS_PCACHE_ACT_WRITEBACK) {
            assert_true(a->frame >= HBM && a->frame + a->bytes <= HBM + w->hbm_bytes);
            assert_true(a->bus >= BUS_BASE && a->bus + a->bytes <= BUS_BASE + BUS_SIZE);
            memcpy(w->bus + (a->bus - BUS_BASE), w->hbm + (a->frame - HBM), a->bytes);
        } else if (a->kind == UVS_PCACHE_ACT_NOTICE) {
            assert_true(w->nnotes < sizeof w->notes / sizeof w->notes[0]);
            w->notes[w->nnotes++] = (struct notice){a->va, a->bytes, a->dirty};
        }
    }
}

/* ---------------- forwarder ops (host ring in qmem, replay to the device) ---------------- */

static int f_write(void *ctx, uint64_t bus, const void *src, uint32_t len)
{
    struct world *w = ctx;
    assert_true(bus >= QBUS && bus + len <= QBUS + QMEM);
    memcpy(w->qmem + (bus - QBUS), src, len);
    return 0;
}

static int f_read(void *ctx, uint64_t bus, void *dst, uint32_t len)
{
    struct world *w = ctx;
    assert_true(bus >= QBUS && bus + len <= QBUS + QMEM);
    memcpy(dst, w->qmem + (bus - QBUS), len);
    return 0;
}

static void f_notify(void *ctx)
{
    ((struct world *)ctx)->msis++;
}

/* PAGE_REPLAY arriving at the IOMMU: release the group's parked threads. */
static int f_replay(void *ctx, uint32_t did, uint16_t prgi, uint8_t resp)
{
    struct world *w = ctx;
    if (did != DID || prgi >= 512 || !w->grp[prgi].used) {
        w->bad_replays++;
        return 0;
    }
    for (int t = 0; t < NTHREADS; t++) {
        struct thread *th = &w->th[t];
        if (th->state != T_PARK || th->prgi != prgi)
            continue;
        if (resp == UVS_IOMMU_PRG_RESP_SUCCESS) {
            th->state = T_RUN;
        } else {
            th->state = T_ABORT;
            th->abort_va = th->acc[th->pos].va;
        }
    }
    w->grp[prgi].used = false;
    return 0;
}

static uint64_t f_now(void *ctx)
{
    (void)ctx;
    return 1;
}

static const struct uvs_ffwd_ops fops = {f_write, f_read, f_notify, f_replay, f_now, NULL};

/* ---------------- host fault-service ops ---------------- */

static int h_lookup(void *ctx, uint32_t did, uint64_t va, struct uvm_range *r)
{
    struct world *w = ctx;
    return uvm_managed_find(w->mm, did, va, r);
}

static int h_alloc(void *ctx, struct uvm_unit *u, size_t n)
{
    struct world *w = ctx;
    for (size_t i = 0; i < n; i++) {
        struct uvs_pcache_alloc_res res = {0};
        u[i].status = uvs_pcache_alloc(&w->pc, u[i].did, u[i].va, u[i].npages, u[i].bus,
                                       u[i].super_ok ? UVS_PCACHE_F_SUPER_OK : 0, u[i].frames, w->act, ACT_CAP, &res);
        do_actions(w, res.nactions);
        u[i].super = res.super;
        if (u[i].status == -EEXIST)
            w->copies_to_resident++;
    }
    return 0;
}

static int h_copy(void *ctx, uint64_t dev, uint64_t bus, uint64_t bytes)
{
    struct world *w = ctx;
    assert_true(dev >= HBM && dev + bytes <= HBM + w->hbm_bytes);
    assert_true(bus >= BUS_BASE && bus + bytes <= BUS_BASE + BUS_SIZE);
    memcpy(w->hbm + (dev - HBM), w->bus + (bus - BUS_BASE), bytes);
    return 0;
}

static int h_map(void *ctx, struct uvm_unit *u, size_t n)
{
    struct world *w = ctx;
    for (size_t i = 0; i < n; i++)
        u[i].status = uvs_pcache_map(&w->pc, u[i].did, u[i].va, u[i].npages, UVS_PCACHE_MAP_ACCESSED);
    return 0;
}

static int h_cancel(void *ctx, struct uvm_unit *u, size_t n)
{
    struct world *w = ctx;
    for (size_t i = 0; i < n; i++)
        uvs_pcache_cancel(&w->pc, u[i].did, u[i].va, u[i].npages);
    return 0;
}

/* Remote mapping: the leaf PTE holds the host bus address (reached over the link). */
static int h_remote(void *ctx, struct uvm_unit *u, size_t n)
{
    struct world *w = ctx;
    for (size_t i = 0; i < n; i++) {
        for (uint32_t k = 0; k < u[i].npages; k++) {
            uint64_t *s = tpt_slot(&w->pt, u[i].did, u[i].va + k * PG, 0, true);
            assert_non_null(s);
            *s = (((u[i].bus + k * PG) >> 12) << UVS_IOMMU_PTE_PPN_SHIFT) | UVS_IOMMU_PTE_V_MASK |
                 UVS_IOMMU_PTE_R_MASK | UVS_IOMMU_PTE_W_MASK | UVS_IOMMU_PTE_U_MASK;
        }
        u[i].status = 0;
    }
    return 0;
}

static int h_replay(void *ctx, const struct uvm_replay *r, size_t n)
{
    struct world *w = ctx;
    for (size_t i = 0; i < n; i++)
        if (uvs_ffwd_replay(&w->ff, r[i].did, r[i].prgi, r[i].resp) < 1)
            w->bad_replays++;
    return 0;
}

static const struct uvm_fault_ops hops = {h_lookup, h_alloc, h_copy, h_map, h_cancel, h_remote, h_replay, NULL};

/* ---------------- backing: the memfd ---------------- */

static int b_alloc(void *ctx, size_t size, int *fd, uint64_t *off, uint64_t *bus)
{
    struct world *w = ctx;
    if (w->bus_next + size > BUS_SIZE)
        return -ENOMEM;
    *fd = w->fd;
    *off = w->bus_next;
    *bus = BUS_BASE + w->bus_next;
    w->bus_next += (size + 0x1fffff) & ~0x1fffffull; /* keep 2 MiB blocks 2 MiB aligned in bus space too */
    return 0;
}

static void b_free(void *ctx, int fd, uint64_t off, uint64_t bus, size_t size)
{
    (void)ctx, (void)fd, (void)off, (void)bus, (void)size;
}

/* UVM_OP_UNMAP: drop the HBM copies without write-back. */
static int b_release(void *ctx, uint32_t did, uint64_t va, size_t size)
{
    struct world *w = ctx;
    uint64_t done = 0;
    uint32_t n;
    int rc;
    do {
        rc = uvs_pcache_evict_range(&w->pc, did, va, size / PG, true, &done, w->act, ACT_CAP, &n, NULL);
        do_actions(w, n);
    } while (rc == -EAGAIN);
    return rc;
}

static const struct uvm_backing_ops bops = {b_alloc, b_free, b_release};

/* ---------------- device ---------------- */

static uint64_t bus_off_of(struct world *w, uint64_t va)
{
    struct uvm_range r;
    assert_int_equal(uvm_managed_lookup(w->mm, va, &r), 0);
    return r.bus + (va - r.va) - BUS_BASE;
}

static void dev_step(struct world *w, int tid)
{
    struct thread *t = &w->th[tid];
    const struct access *a = &t->acc[t->pos];
    uint64_t pa;
    if (tpt_walk(&w->pt, DID, a->va, a->write, &pa)) {
        uint8_t *p = NULL;
        if (pa >= HBM && pa + 8 <= HBM + w->hbm_bytes)
            p = w->hbm + (pa - HBM);
        if (pa >= BUS_BASE && pa + 8 <= BUS_BASE + BUS_SIZE)
            p = w->bus + (pa - BUS_BASE);
        if (!p)
            fail_msg("translation of 0x%llx to 0x%llx outside memory", (unsigned long long)a->va,
                     (unsigned long long)pa);
        uint64_t off = bus_off_of(w, a->va);
        if (a->write) {
            uint64_t v = ((uint64_t)tid << 48) ^ ((uint64_t)t->pos << 24) ^ w->seed ^ 0x5a5a;
            memcpy(p, &v, 8);
            memcpy(w->ref + off, &v, 8);
        } else if (memcmp(p, w->ref + off, 8) != 0) {
            w->data_errors++;
        }
        if (++t->pos == t->len)
            t->state = T_DONE;
        return;
    }
    uint64_t page = a->va & ~(PG - 1);
    for (int g = 0; g < 512; g++)
        if (w->grp[g].used && w->grp[g].page == page && (w->grp[g].write || !a->write)) {
            t->state = T_PARK;
            t->prgi = (uint16_t)g;
            return;
        }
    if ((w->pqt + 1) % PQ_N == w->pqh) {
        w->pq_retries++; /* page-request queue full: RETRY, the thread stalls */
        return;
    }
    int g = 0;
    while (g < 512 && w->grp[g].used)
        g++;
    assert_true(g < 512);
    struct uvs_iommu_page_req r = {.did = DID, .r = !a->write, .w = a->write, .l = true, .prgi = (uint16_t)g,
                                   .addr = page};
    assert_int_equal(uvs_iommu_pq_encode(&r, w->pq[w->pqt]), 0);
    w->pqt = (w->pqt + 1) % PQ_N;
    w->grp[g].used = true;
    w->grp[g].write = a->write;
    w->grp[g].page = page;
    t->state = T_PARK;
    t->prgi = (uint16_t)g;
}

/* ---------------- firmware and host steps ---------------- */

static void fw_step(struct world *w)
{
    assert_true(uvs_ffwd_drain(&w->ff, w->pq, PQ_N, &w->pqh, w->pqt) >= 0);
    assert_true(uvs_ffwd_flush(&w->ff) >= 0);
    uint32_t n;
    int rc = uvs_pcache_maintain(&w->pc, w->act, ACT_CAP, &n);
    assert_true(rc == 0 || rc == -EAGAIN || rc == -ENOMEM);
    do_actions(w, n);
}

static void host_step(struct world *w)
{
    for (unsigned i = 0; i < w->nnotes; i++)
        uvm_fault_evicted(w->svc, DID, w->notes[i].va, w->notes[i].bytes, w->notes[i].dirty);
    w->nnotes = 0;
    struct uvs_uvm_fqctl c;
    memcpy(&c, w->qmem, sizeof c);
    struct uvs_uvm_frec recs[HOST_BATCH];
    size_t n = 0;
    while (c.head != c.tail && n < HOST_BATCH) {
        memcpy(&recs[n++], w->qmem + 0x1000 + c.head * sizeof recs[0], sizeof recs[0]);
        c.head = (c.head + 1) & ((1u << RING_LOG2) - 1);
    }
    memcpy(w->qmem + UVS_UVM_FQCTL_HEAD_OFF, &c.head, 4);
    if (n)
        assert_int_equal(uvm_fault_service(w->svc, recs, n), 0);
}

/* ---------------- set-up ---------------- */

static void make_scripts(struct world *w)
{
    uint64_t base[3], pages[3];
    for (int k = 0; k < 3; k++) {
        base[k] = (uint64_t)(uintptr_t)w->alloc[k];
        pages[k] = w->alloc_size[k] / PG;
    }
    for (int t = 0; t < NTHREADS; t++) {
        struct thread *th = &w->th[t];
        th->len = MAXACC;
        uint64_t stream = rnd(w) % pages[0];
        for (unsigned i = 0; i < th->len; i++) {
            unsigned kind = (unsigned)(rnd(w) % 10);
            int k;
            uint64_t pg;
            if (kind < 4) { /* streaming through A */
                k = 0;
                pg = stream;
                stream = (stream + 1) % pages[0];
            } else if (kind < 6) { /* hot pages shared by every thread */
                k = 0;
                pg = rnd(w) % 8;
            } else if (kind < 8) { /* read-mostly B */
                k = 1;
                pg = rnd(w) % pages[1];
            } else if (kind < 9) { /* remote C */
                k = 2;
                pg = rnd(w) % pages[2];
            } else { /* anywhere in A */
                k = 0;
                pg = rnd(w) % pages[0];
            }
            th->acc[i].va = base[k] + pg * PG + (rnd(w) % (PG / 8)) * 8;
            th->acc[i].write = k == 1 ? rnd(w) % 10 == 0 : rnd(w) % 3 == 0;
        }
        th->state = T_RUN;
    }
    /* Thread 0 touches an address outside every allocation half way. */
    w->th[0].acc[MAXACC / 2].va = BAD_VA;
    w->th[0].acc[MAXACC / 2].write = false;
}

static struct world *world_new(unsigned seed, uint64_t hbm_bytes, uint32_t reserve, struct uvm_policy pol)
{
    struct world *w = calloc(1, sizeof *w);
    assert_non_null(w);
    w->seed = seed;
    w->rng = 0x9e3779b97f4a7c15ull ^ ((uint64_t)seed * 0x100000001b3ull);
    w->hbm_bytes = hbm_bytes;
    w->hbm = calloc(1, hbm_bytes);
    w->ref = calloc(1, BUS_SIZE);
    assert_non_null(w->hbm);
    assert_non_null(w->ref);
    w->fd = memfd_create("uvm-storm", 0);
    assert_true(w->fd >= 0);
    assert_int_equal(ftruncate(w->fd, BUS_SIZE), 0);
    w->bus = mmap(NULL, BUS_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, w->fd, 0);
    assert_true(w->bus != MAP_FAILED);
    tpt_init(&w->pt, 1u << 16);
    w->pt.contig = seed & 1; /* odd seeds: page tables as arrays, as the firmware's (cfg.pte_contig) */
    size_t mb = uvs_pcache_meta_bytes(hbm_bytes);
    w->meta = malloc(mb);
    struct uvs_pcache_cfg pcfg = {.frame_base = HBM, .frame_bytes = hbm_bytes, .reserve = reserve,
                                  .inval_on_a_clear = true, .pte = &tpt_ops, .pte_ctx = &w->pt,
                                  .meta = w->meta, .meta_bytes = mb, .pte_contig = seed & 1};
    assert_int_equal(uvs_pcache_init(&w->pc, &pcfg), 0);
    assert_int_equal(uvs_ffwd_init(&w->ff, &fops, w), 0);
    assert_int_equal(uvs_ffwd_set_queue(&w->ff, QBUS + 0x1000, RING_LOG2, QBUS), 0);
    struct uvm_managed_cfg mcfg = {.va_base = WIN, .va_size = 1ull << 32, .did = DID, .ops = &bops, .ctx = w};
    assert_int_equal(uvm_managed_create(&mcfg, &w->mm), 0);
    assert_int_equal(uvm_fault_create(&pol, &hops, w, &w->svc), 0);
    const uint64_t sizes[3] = {12ull << 20, 2ull << 20, 256ull << 10};
    for (int k = 0; k < 3; k++) {
        w->alloc_size[k] = sizes[k];
        void *p;
        assert_int_equal(uvm_managed_alloc(w->mm, sizes[k], &p), 0);
        w->alloc[k] = p;
        for (uint64_t i = 0; i < sizes[k]; i += 8) { /* the host fills its data through the pointer */
            uint64_t v = rnd(w);
            memcpy(w->alloc[k] + i, &v, 8);
        }
    }
    assert_int_equal(uvm_managed_advise(w->mm, w->alloc[1], UVM_ADV_READ_MOSTLY), 0);
    assert_int_equal(uvm_managed_advise(w->mm, w->alloc[2], UVM_ADV_PREFERRED_HOST | UVM_ADV_ACCESSED_BY), 0);
    memcpy(w->ref, w->bus, BUS_SIZE);
    make_scripts(w);
    return w;
}

static void world_free(struct world *w)
{
    uvm_fault_destroy(w->svc);
    uvm_managed_destroy(w->mm);
    tpt_fini(&w->pt);
    munmap(w->bus, BUS_SIZE);
    close(w->fd);
    free(w->meta);
    free(w->hbm);
    free(w->ref);
    free(w);
}

static bool all_done(const struct world *w)
{
    for (int t = 0; t < NTHREADS; t++)
        if (w->th[t].state == T_RUN || w->th[t].state == T_PARK)
            return false;
    return true;
}

/* ---------------- the storm ---------------- */

/* Requests folded by the forwarder over the seeds of one test (each test checks the path was taken). */
static uint64_t g_coalesced;

static void storm(unsigned seed, uint64_t hbm_bytes, uint32_t reserve, struct uvm_policy pol)
{
    pol.hbm_bytes = hbm_bytes;
    struct world *w = world_new(seed, hbm_bytes, reserve, pol);
    uint64_t steps = 0;
    const uint64_t max_steps = 3000000;
    while (!all_done(w) && steps++ < max_steps) {
        uint64_t r = rnd(w) % 100;
        if (r < 75) {
            int t = (int)(rnd(w) % NTHREADS);
            if (w->th[t].state == T_RUN)
                dev_step(w, t);
        } else if (r < 90) {
            fw_step(w);
        } else {
            host_step(w);
        }
    }
    if (!all_done(w)) {
        unsigned run = 0, park = 0;
        for (int t = 0; t < NTHREADS; t++) {
            run += w->th[t].state == T_RUN;
            park += w->th[t].state == T_PARK;
        }
        fail_msg("seed %u: not finished after %llu steps: %u running, %u parked, %u staged, %u outstanding", seed,
                 (unsigned long long)max_steps, run, park, uvs_ffwd_staged(&w->ff), uvs_ffwd_outstanding(&w->ff));
    }
    /* Nothing left anywhere: queue drained, no staged record, no group waiting. */
    fw_step(w);
    host_step(w);
    assert_int_equal(w->pqh, w->pqt);
    assert_int_equal(uvs_ffwd_staged(&w->ff), 0);
    assert_int_equal(uvs_ffwd_outstanding(&w->ff), 0);
    for (int g = 0; g < 512; g++)
        assert_false(w->grp[g].used);
    assert_int_equal(w->bad_replays, 0);
    assert_int_equal(w->copies_to_resident, 0);
    assert_int_equal(w->data_errors, 0);
    /* Exactly the thread with the bad access was aborted, at that address. */
    assert_int_equal(w->th[0].state, T_ABORT);
    assert_int_equal(w->th[0].abort_va, BAD_VA);
    assert_int_equal(w->th[0].pos, MAXACC / 2);
    for (int t = 1; t < NTHREADS; t++)
        assert_int_equal(w->th[t].state, T_DONE);
    /* Flush: dirty data returns to host memory, seen through the managed pointers. */
    for (int k = 0; k < 3; k++) {
        uint64_t done = 0, va = (uint64_t)(uintptr_t)w->alloc[k];
        uint32_t n;
        int rc;
        do {
            rc = uvs_pcache_evict_range(&w->pc, DID, va, w->alloc_size[k] / PG, false, &done, w->act, ACT_CAP, &n,
                                        NULL);
            do_actions(w, n);
        } while (rc == -EAGAIN);
        assert_int_equal(rc, 0);
    }
    host_step(w);
    for (int k = 0; k < 3; k++) {
        uint64_t off = bus_off_of(w, (uint64_t)(uintptr_t)w->alloc[k]);
        assert_memory_equal(w->alloc[k], w->ref + off, w->alloc_size[k]);
    }
    struct uvm_fault_counters c;
    uvm_fault_get_counters(w->svc, &c);
    struct uvs_ffwd_stats fs;
    uvs_ffwd_get_stats(&w->ff, &fs);
    struct uvs_pcache_stats ps;
    uvs_pcache_get_stats(&w->pc, &ps);
    assert_int_equal(c.conflicts, 0);
    assert_true(c.pages_in > 0 && c.evictions > 0 && c.writebacks > 0 && c.remote_pages > 0);
    assert_int_equal(c.invalid, 1);
    assert_int_equal(fs.forwarded, c.faults);
    assert_int_equal(fs.replays, fs.page_requests); /* every group answered once */
    g_coalesced += fs.coalesced; /* exercised over a test's seeds (few refaults at 8 MiB since 64 KiB units go whole) */
    assert_int_equal(ps.evictions, c.evictions);
    assert_int_equal(c.pages_out, ps.writebacks);
    /* Freeing drops every frame. */
    for (int k = 0; k < 3; k++)
        assert_int_equal(uvm_managed_free(w->mm, w->alloc[k]), 0);
    uvs_pcache_get_stats(&w->pc, &ps);
    assert_int_equal(ps.frames_free, ps.frames_total);
    print_message("seed %u hbm %llu KiB: %llu faults in %llu batches (dups %llu), %llu pages in, %llu superpages, "
                  "%llu prefetched, %llu evicted, %llu written back, %llu remote, overflows %llu, pq retries %u\n",
                  seed, (unsigned long long)(hbm_bytes >> 10), (unsigned long long)c.faults,
                  (unsigned long long)c.batches, (unsigned long long)c.duplicates, (unsigned long long)c.pages_in,
                  (unsigned long long)c.superpages, (unsigned long long)c.prefetched, (unsigned long long)c.evictions,
                  (unsigned long long)c.writebacks, (unsigned long long)c.remote_pages,
                  (unsigned long long)fs.overflows, w->pq_retries);
    world_free(w);
}

static void test_storm_baseline_8mib(void **state)
{
    (void)state;
    g_coalesced = 0;
    for (unsigned seed = 1; seed <= 4; seed++)
        storm(seed, 8ull << 20, 8, UVM_POLICY_BASELINE);
    assert_true(g_coalesced > 0);
}

static void test_storm_baseline_1mib(void **state)
{
    (void)state;
    g_coalesced = 0;
    for (unsigned seed = 11; seed <= 14; seed++)
        storm(seed, 1ull << 20, 16, UVM_POLICY_BASELINE);
    assert_true(g_coalesced > 0);
}

static void test_storm_4k_256kib(void **state)
{
    (void)state;
    g_coalesced = 0;
    for (unsigned seed = 21; seed <= 24; seed++)
        storm(seed, 256ull << 10, 4, UVM_POLICY_4K);
    assert_true(g_coalesced > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_storm_baseline_8mib),
        cmocka_unit_test(test_storm_baseline_1mib),
        cmocka_unit_test(test_storm_4k_256kib),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

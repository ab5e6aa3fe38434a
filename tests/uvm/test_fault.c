/*
 * Unit tests of the host fault service (host/lib/uvm_fault.c) with a mock
 * operations table: sort and dedupe, invalid and resident faults, 64 KiB
 * growth, density prefetch, 2 MiB units, remote mapping, read-mostly,
 * execution order, failures, conflicts, eviction notices.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <uvmsoc/iommu_rec.h>

#include "uvm_fault.h"

#define PG 4096ull
#define MB2 0x200000ull
#define VA 0x200000000000ull
#define BUS 0x100000000ull
#define DID 3u
#define HBM 0x1000000000ull
#define MAXLOG 4096

struct mock {
    struct uvm_range r[4];
    unsigned nr;
    char log[MAXLOG][16]; /* operation names in call order */
    unsigned nlog;
    uint64_t next_frame;
    bool scatter;               /* frames not contiguous */
    uint64_t fail_alloc_va;     /* unit at this VA: -ENOMEM */
    uint64_t exist_va;          /* units covering this page: -EEXIST */
    uint64_t fail_copy_dev;     /* copy to this frame fails */
    int fail_map;               /* map of every unit fails */
    unsigned copies, cancels, allocs, maps, remotes;
    uint64_t copy_bytes;
    struct uvm_replay rep[1024];
    unsigned nrep;
};

static void logop(struct mock *m, const char *s)
{
    assert_true(m->nlog < MAXLOG);
    snprintf(m->log[m->nlog++], sizeof m->log[0], "%s", s);
}

static int m_lookup(void *ctx, uint32_t did, uint64_t va, struct uvm_range *out)
{
    struct mock *m = ctx;
    if (did != DID)
        return -ENOENT;
    for (unsigned i = 0; i < m->nr; i++)
        if (va >= m->r[i].va && va < m->r[i].va + m->r[i].size) {
            *out = m->r[i];
            return 0;
        }
    return -ENOENT;
}

static int m_alloc(void *ctx, struct uvm_unit *u, size_t n)
{
    struct mock *m = ctx;
    logop(m, "alloc");
    for (size_t i = 0; i < n; i++) {
        m->allocs++;
        if (u[i].va == m->fail_alloc_va) {
            u[i].status = -ENOMEM;
            continue;
        }
        if (m->exist_va >= u[i].va && m->exist_va < u[i].va + u[i].npages * PG) {
            u[i].status = -EEXIST;
            continue;
        }
        u[i].super = u[i].super_ok;
        for (uint32_t k = 0; k < u[i].npages; k++) {
            u[i].frames[k] = HBM + m->next_frame * PG;
            m->next_frame += m->scatter ? 2 : 1;
        }
        u[i].status = 0;
    }
    return 0;
}

static int m_copy(void *ctx, uint64_t dev, uint64_t bus, uint64_t bytes)
{
    struct mock *m = ctx;
    (void)bus;
    logop(m, "copy");
    m->copies++;
    m->copy_bytes += bytes;
    return dev == m->fail_copy_dev ? -EIO : 0;
}

static int m_map(void *ctx, struct uvm_unit *u, size_t n)
{
    struct mock *m = ctx;
    logop(m, "map");
    for (size_t i = 0; i < n; i++) {
        m->maps++;
        u[i].status = m->fail_map;
    }
    return 0;
}

static int m_cancel(void *ctx, struct uvm_unit *u, size_t n)
{
    struct mock *m = ctx;
    (void)u;
    logop(m, "cancel");
    m->cancels += (unsigned)n;
    return 0;
}

static int m_remote(void *ctx, struct uvm_unit *u, size_t n)
{
    struct mock *m = ctx;
    logop(m, "remote");
    for (size_t i = 0; i < n; i++) {
        m->remotes++;
        u[i].status = 0;
    }
    return 0;
}

static int m_replay(void *ctx, const struct uvm_replay *r, size_t n)
{
    struct mock *m = ctx;
    logop(m, "replay");
    for (size_t i = 0; i < n; i++)
        m->rep[m->nrep++] = r[i];
    return 0;
}

static const struct uvm_fault_ops mops = {m_lookup, m_alloc, m_copy, m_map, m_cancel, m_remote, m_replay, NULL};

struct fx {
    struct mock m;
    struct uvm_fault_svc *s;
};

static struct fx *fx_new(struct uvm_policy pol)
{
    struct fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    assert_int_equal(uvm_fault_create(&pol, &mops, &f->m, &f->s), 0);
    return f;
}

static void add_range(struct fx *f, uint64_t va, uint64_t size, uint32_t advice)
{
    struct uvm_range *r = &f->m.r[f->m.nr++];
    *r = (struct uvm_range){.va = va, .size = size, .bus = BUS + (va - VA), .advice = advice};
    r->state = calloc(size / PG, 1);
    assert_non_null(r->state);
}

static void fx_free(struct fx *f)
{
    for (unsigned i = 0; i < f->m.nr; i++)
        free(f->m.r[i].state);
    uvm_fault_destroy(f->s);
    free(f);
}

static struct uvs_uvm_frec rec(uint64_t page, uint16_t prgi, uint16_t dups)
{
    return (struct uvs_uvm_frec){.did = DID, .page = page, .prgi = prgi, .access = UVS_UVM_ACC_R, .dups = dups};
}

static void test_create_errors(void **state)
{
    (void)state;
    struct uvm_fault_svc *s;
    struct uvm_policy p = UVM_POLICY_BASELINE;
    struct uvm_fault_ops o = mops;
    o.cancel = NULL;
    assert_int_equal(uvm_fault_create(&p, &o, NULL, &s), -EINVAL);
    p.grow_pages = 12;
    assert_int_equal(uvm_fault_create(&p, &mops, NULL, &s), -EINVAL);
    p = UVM_POLICY_BASELINE;
    p.density_pct = 100;
    assert_int_equal(uvm_fault_create(&p, &mops, NULL, &s), -EINVAL);
    p = UVM_POLICY_4K;
    assert_int_equal(uvm_fault_create(&p, &mops, NULL, &s), 0);
    assert_int_equal(uvm_fault_plan(s, NULL, 1), -EINVAL);
    assert_int_equal(uvm_fault_plan(s, NULL, 0), 0);
    uvm_fault_destroy(s);
    uvm_fault_destroy(NULL);
}

static void test_sort_dedupe(void **state)
{
    (void)state;
    struct fx *f = fx_new(UVM_POLICY_4K);
    add_range(f, VA, 64 * PG, 0);
    struct uvs_uvm_frec r[] = {
        rec(VA + 9 * PG, 1, 2), rec(VA + 2 * PG, 2, 0), rec(VA + 9 * PG, 3, 0), rec(VA + 2 * PG, 2, 0),
        rec(VA + 5 * PG, 4, 0),
    };
    assert_int_equal(uvm_fault_plan(f->s, r, 5), 0);
    size_t nu, nr;
    const struct uvm_unit *u = uvm_fault_plan_units(f->s, &nu);
    const struct uvm_replay *rp = uvm_fault_plan_replays(f->s, &nr);
    assert_int_equal(nu, 3);
    assert_int_equal(u[0].va, VA + 2 * PG);
    assert_int_equal(u[1].va, VA + 5 * PG);
    assert_int_equal(u[2].va, VA + 9 * PG);
    for (size_t i = 0; i < nu; i++) {
        assert_int_equal(u[i].npages, 1);
        assert_int_equal(u[i].kind, UVM_UNIT_MIGRATE);
        assert_int_equal(u[i].faulted, 1);
        assert_int_equal(u[i].bus, BUS + (u[i].va - VA));
    }
    assert_int_equal(nr, 4); /* groups 1, 2, 3, 4: group 2 twice */
    for (size_t i = 0; i < nr; i++) {
        assert_int_equal(rp[i].prgi, i + 1);
        assert_int_equal(rp[i].resp, UVS_IOMMU_PRG_RESP_SUCCESS);
    }
    struct uvm_fault_counters c;
    uvm_fault_get_counters(f->s, &c);
    assert_int_equal(c.faults, 5);
    assert_int_equal(c.unique_faults, 3);
    assert_int_equal(c.duplicates, 2 + 2);
    assert_int_equal(c.batches, 1);
    fx_free(f);
}

static void test_invalid_and_resident(void **state)
{
    (void)state;
    struct fx *f = fx_new(UVM_POLICY_BASELINE);
    add_range(f, VA, 64 * PG, 0);
    f->m.r[0].state[7] = UVM_PAGE_DEVICE;
    struct uvs_uvm_frec r[] = {rec(VA + 7 * PG, 1, 0), rec(VA + 64 * PG, 2, 0), rec(0x1000, 3, 0)};
    r[2].did = 99;
    assert_int_equal(uvm_fault_service(f->s, r, 3), 0);
    size_t nu;
    uvm_fault_plan_units(f->s, &nu);
    assert_int_equal(nu, 0);
    assert_int_equal(f->m.nrep, 3);
    for (unsigned i = 0; i < 3; i++) {
        const struct uvm_replay *p = &f->m.rep[i];
        uint8_t want = p->prgi == 1 ? UVS_IOMMU_PRG_RESP_SUCCESS : UVS_IOMMU_PRG_RESP_FAILURE;
        assert_int_equal(p->resp, want);
    }
    assert_int_equal(f->m.allocs, 0);
    struct uvm_fault_counters c;
    uvm_fault_get_counters(f->s, &c);
    assert_int_equal(c.invalid, 2);
    assert_int_equal(c.already_resident, 1);
    assert_int_equal(c.replays, 3);
    fx_free(f);
}

static void test_growth_64k(void **state)
{
    (void)state;
    struct uvm_policy p = UVM_POLICY_BASELINE;
    p.density_pct = 0;
    struct fx *f = fx_new(p);
    add_range(f, VA, 36 * PG, 0); /* the last 64 KiB group is partial */
    f->m.r[0].state[19] = UVM_PAGE_DEVICE;
    struct uvs_uvm_frec r[] = {rec(VA + 5 * PG, 1, 0), rec(VA + 18 * PG, 2, 0), rec(VA + 33 * PG, 3, 0)};
    assert_int_equal(uvm_fault_plan(f->s, r, 3), 0);
    size_t nu;
    const struct uvm_unit *u = uvm_fault_plan_units(f->s, &nu);
    /* [0,16) whole; [16,32) minus resident page 19 -> 15 single pages; [32,36) -> 4 single pages. */
    assert_int_equal(nu, 1 + 15 + 4);
    assert_int_equal(u[0].va, VA);
    assert_int_equal(u[0].npages, 16);
    assert_int_equal(u[0].faulted, 1);
    for (size_t i = 1; i < nu; i++) {
        assert_int_equal(u[i].npages, 1);
        assert_int_not_equal(u[i].va, VA + 19 * PG);
        assert_true(u[i].va < VA + 36 * PG);
    }
    assert_int_equal(u[nu - 1].va, VA + 35 * PG);
    fx_free(f);
}

static void test_density_prefetch(void **state)
{
    (void)state;
    struct fx *f = fx_new(UVM_POLICY_BASELINE);
    add_range(f, VA, 2 * MB2, 0);
    /* Faults in 64 KiB groups 0, 1, 2: the 256 KiB region [0, 64) is 75 % chosen -> whole. */
    struct uvs_uvm_frec r[] = {rec(VA + 1 * PG, 1, 0), rec(VA + 17 * PG, 2, 0), rec(VA + 40 * PG, 3, 0)};
    assert_int_equal(uvm_fault_plan(f->s, r, 3), 0);
    size_t nu;
    const struct uvm_unit *u = uvm_fault_plan_units(f->s, &nu);
    assert_int_equal(nu, 4);
    for (size_t i = 0; i < 4; i++) {
        assert_int_equal(u[i].va, VA + i * 16 * PG);
        assert_int_equal(u[i].npages, 16);
    }
    assert_int_equal(u[3].faulted, 0); /* prefetched */
    /* Two groups of four in a 256 KiB region are 50 %: not more than 51 %, no prefetch. */
    struct uvs_uvm_frec r2[] = {rec(VA + 64 * PG, 1, 0), rec(VA + 80 * PG, 2, 0)};
    assert_int_equal(uvm_fault_plan(f->s, r2, 2), 0);
    uvm_fault_plan_units(f->s, &nu);
    assert_int_equal(nu, 2);
    /* Resident pages count toward the density. */
    memset(f->m.r[0].state + 128, UVM_PAGE_DEVICE, 32);
    struct uvs_uvm_frec r3[] = {rec(VA + 160 * PG, 1, 0)};
    assert_int_equal(uvm_fault_plan(f->s, r3, 1), 0);
    u = uvm_fault_plan_units(f->s, &nu);
    assert_int_equal(nu, 2); /* [160,176) faulted + [176,192) prefetched: 48 of 64 */
    assert_int_equal(u[1].va, VA + 176 * PG);
    fx_free(f);
}

static void test_superpage_unit(void **state)
{
    (void)state;
    struct fx *f = fx_new(UVM_POLICY_BASELINE);
    add_range(f, VA, 2 * MB2, 0);
    /* Faults in 17 of the 32 groups of the second block: 53 % of 2 MiB -> the whole block. */
    struct uvs_uvm_frec r[17];
    for (int i = 0; i < 17; i++)
        r[i] = rec(VA + MB2 + (uint64_t)i * 16 * PG, (uint16_t)i, 0);
    assert_int_equal(uvm_fault_service(f->s, r, 17), 0);
    size_t nu;
    const struct uvm_unit *u = uvm_fault_plan_units(f->s, &nu);
    assert_int_equal(nu, 1);
    assert_int_equal(u[0].va, VA + MB2);
    assert_int_equal(u[0].npages, 512);
    assert_true(u[0].super_ok);
    assert_int_equal(u[0].faulted, 17);
    assert_int_equal(f->m.copies, 1); /* one DMA for the contiguous 2 MiB */
    assert_int_equal(f->m.copy_bytes, MB2);
    struct uvm_fault_counters c;
    uvm_fault_get_counters(f->s, &c);
    assert_int_equal(c.superpages, 1);
    assert_int_equal(c.pages_in, 512);
    assert_int_equal(c.prefetched, 512 - 17);
    for (int i = 0; i < 512; i++)
        assert_int_equal(f->m.r[0].state[512 + i], UVM_PAGE_DEVICE);
    /* Without superpages: 32 units of 16 pages. */
    struct uvm_policy p = UVM_POLICY_BASELINE;
    p.superpages = false;
    struct fx *g = fx_new(p);
    add_range(g, VA, 2 * MB2, 0);
    assert_int_equal(uvm_fault_plan(g->s, r, 17), 0);
    u = uvm_fault_plan_units(g->s, &nu);
    assert_int_equal(nu, 32);
    assert_false(u[0].super_ok);
    fx_free(g);
    fx_free(f);
}

static void test_advice(void **state)
{
    (void)state;
    struct fx *f = fx_new(UVM_POLICY_BASELINE);
    add_range(f, VA, MB2, UVM_ADV_PREFERRED_HOST | UVM_ADV_ACCESSED_BY);
    add_range(f, VA + MB2, MB2, UVM_ADV_READ_MOSTLY);
    struct uvs_uvm_frec r[] = {rec(VA + 3 * PG, 1, 0), rec(VA + MB2 + 3 * PG, 2, 0)};
    assert_int_equal(uvm_fault_service(f->s, r, 2), 0);
    size_t nu;
    const struct uvm_unit *u = uvm_fault_plan_units(f->s, &nu);
    assert_int_equal(nu, 2);
    assert_int_equal(u[0].kind, UVM_UNIT_REMOTE); /* the 64 KiB group, mapped over the link */
    assert_int_equal(u[0].npages, 16);
    assert_int_equal(u[1].kind, UVM_UNIT_MIGRATE); /* read-mostly: the whole 2 MiB */
    assert_int_equal(u[1].npages, 512);
    assert_int_equal(f->m.remotes, 1);
    assert_int_equal(f->m.r[0].state[3], UVM_PAGE_REMOTE);
    assert_int_equal(f->m.r[1].state[100], UVM_PAGE_DEVICE);
    struct uvm_fault_counters c;
    uvm_fault_get_counters(f->s, &c);
    assert_int_equal(c.remote_pages, 16);
    /* A remote page faulting again (stale request) is only replayed. */
    assert_int_equal(uvm_fault_service(f->s, r, 1), 0);
    uvm_fault_get_counters(f->s, &c);
    assert_int_equal(c.already_resident, 1);
    fx_free(f);
}

static void test_execution_order(void **state)
{
    (void)state;
    struct fx *f = fx_new(UVM_POLICY_4K);
    add_range(f, VA, 64 * PG, 0);
    struct uvs_uvm_frec r[] = {rec(VA + 1 * PG, 1, 0), rec(VA + 2 * PG, 2, 0)};
    assert_int_equal(uvm_fault_service(f->s, r, 2), 0);
    const char *want[] = {"alloc", "copy", "copy", "map", "replay"};
    assert_int_equal(f->m.nlog, 5);
    for (unsigned i = 0; i < 5; i++)
        assert_string_equal(f->m.log[i], want[i]);
    struct uvm_fault_counters c;
    uvm_fault_get_counters(f->s, &c);
    assert_int_equal(c.units, 2);
    assert_int_equal(c.pages_in, 2);
    assert_int_equal(c.bytes_in, 2 * PG);
    assert_int_equal(c.replays, 2);
    assert_int_equal(f->m.r[0].state[1], UVM_PAGE_DEVICE);
    /* Scattered frames: one DMA per page of a 16-page unit. */
    struct uvm_policy p = UVM_POLICY_BASELINE;
    p.density_pct = 0;
    struct fx *g = fx_new(p);
    add_range(g, VA, 64 * PG, 0);
    g->m.scatter = true;
    assert_int_equal(uvm_fault_service(g->s, r, 1), 0);
    assert_int_equal(g->m.copies, 16);
    fx_free(g);
    fx_free(f);
}

static void test_failures(void **state)
{
    (void)state;
    struct fx *f = fx_new(UVM_POLICY_4K);
    add_range(f, VA, 64 * PG, 0);
    f->m.fail_alloc_va = VA + 1 * PG;
    f->m.fail_copy_dev = HBM; /* the first frame handed out: page 2's */
    struct uvs_uvm_frec r[] = {rec(VA + 1 * PG, 1, 0), rec(VA + 2 * PG, 2, 0), rec(VA + 3 * PG, 3, 0)};
    assert_int_equal(uvm_fault_service(f->s, r, 3), -EIO);
    assert_int_equal(f->m.r[0].state[1], UVM_PAGE_HOST);
    assert_int_equal(f->m.r[0].state[2], UVM_PAGE_HOST);
    assert_int_equal(f->m.r[0].state[3], UVM_PAGE_DEVICE);
    assert_int_equal(f->m.cancels, 1);  /* page 2's frames, not page 1's (never reserved) */
    assert_int_equal(f->m.maps, 1);
    assert_int_equal(f->m.nrep, 3);     /* every group answered: the failed ones fault again */
    struct uvm_fault_counters c;
    uvm_fault_get_counters(f->s, &c);
    assert_int_equal(c.failures, 2);
    assert_int_equal(c.units, 1);
    /* Map failure: frames given back. */
    f->m.fail_map = -ENOMEM;
    f->m.fail_alloc_va = 0;
    f->m.fail_copy_dev = 0;
    assert_int_equal(uvm_fault_service(f->s, r, 1), 0);
    assert_int_equal(f->m.cancels, 2);
    assert_int_equal(f->m.r[0].state[1], UVM_PAGE_HOST);
    fx_free(f);
}

static void test_conflict_split(void **state)
{
    (void)state;
    struct uvm_policy p = UVM_POLICY_BASELINE;
    p.density_pct = 0;
    struct fx *f = fx_new(p);
    add_range(f, VA, 64 * PG, 0);
    f->m.exist_va = VA + 3 * PG; /* the firmware has page 3 although the host thinks not */
    struct uvs_uvm_frec r[] = {rec(VA + 1 * PG, 1, 0)};
    assert_int_equal(uvm_fault_service(f->s, r, 1), 0);
    for (int i = 0; i < 16; i++)
        assert_int_equal(f->m.r[0].state[i], UVM_PAGE_DEVICE);
    struct uvm_fault_counters c;
    uvm_fault_get_counters(f->s, &c);
    assert_int_equal(c.conflicts, 1);
    assert_int_equal(c.pages_in, 15);
    assert_int_equal(f->m.nrep, 1);
    fx_free(f);
}

static void test_eviction_notices(void **state)
{
    (void)state;
    struct fx *f = fx_new(UVM_POLICY_4K);
    add_range(f, VA, 64 * PG, 0);
    memset(f->m.r[0].state, UVM_PAGE_DEVICE, 64);
    assert_int_equal(uvm_fault_evicted(f->s, DID, VA + 16 * PG, 16 * PG, true), 0);
    assert_int_equal(uvm_fault_evicted(f->s, DID, VA + 40 * PG, PG, false), 0);
    assert_int_equal(f->m.r[0].state[15], UVM_PAGE_DEVICE);
    assert_int_equal(f->m.r[0].state[16], UVM_PAGE_HOST);
    assert_int_equal(f->m.r[0].state[31], UVM_PAGE_HOST);
    assert_int_equal(f->m.r[0].state[32], UVM_PAGE_DEVICE);
    assert_int_equal(f->m.r[0].state[40], UVM_PAGE_HOST);
    assert_int_equal(uvm_fault_evicted(f->s, DID, VA + 64 * PG, PG, true), -ENOENT);
    assert_int_equal(uvm_fault_evicted(f->s, DID, VA + 1, PG, true), -EINVAL);
    struct uvm_fault_counters c;
    uvm_fault_get_counters(f->s, &c);
    assert_int_equal(c.evictions, 16 + 1 + 1);
    assert_int_equal(c.writebacks, 2);
    assert_int_equal(c.pages_out, 17);
    assert_int_equal(c.bytes_out, 17 * PG);
    assert_int_equal(c.stale_notices, 1);
    /* The evicted page faults again and migrates again. */
    struct uvs_uvm_frec r[] = {rec(VA + 40 * PG, 1, 0)};
    assert_int_equal(uvm_fault_service(f->s, r, 1), 0);
    assert_int_equal(f->m.r[0].state[40], UVM_PAGE_DEVICE);
    char *buf = NULL;
    size_t len = 0;
    FILE *mf = open_memstream(&buf, &len);
    uvm_fault_get_counters(f->s, &c);
    uvm_fault_print_stats(mf, &c);
    fclose(mf);
    assert_non_null(strstr(buf, "mean batch size"));
    assert_non_null(strstr(buf, "write-backs"));
    free(buf);
    assert_true(uvm_fault_mean_batch(&c) == 1.0);
    fx_free(f);
}

/* ---- one device operation per batch (ops->execute, UVM_OP_BATCH) ---- */
struct xmock {
    struct mock m;
    unsigned calls;
    size_t nunits, nrep;
    int fail_unit_va_status; /* status for the unit at fail_va */
    uint64_t fail_va, partial_va;
    int transport;
};

static int x_execute(void *ctx, struct uvm_unit *u, size_t n, const struct uvm_replay *r, size_t nrep)
{
    struct xmock *x = ctx;
    x->calls++;
    x->nunits = n;
    x->nrep = nrep;
    if (x->transport)
        return x->transport;
    for (size_t i = 0; i < nrep; i++)
        x->m.rep[x->m.nrep++] = r[i];
    for (size_t i = 0; i < n; i++) {
        u[i].status = u[i].va == x->fail_va ? x->fail_unit_va_status : 0;
        u[i].super = u[i].super_ok;
        u[i].partial = u[i].va == x->partial_va;
        u[i].copied = u[i].status ? 0 : u[i].npages - (u[i].partial ? 1 : 0);
    }
    return 0;
}

static int x_lookup(void *ctx, uint32_t did, uint64_t va, struct uvm_range *out)
{
    return m_lookup(&((struct xmock *)ctx)->m, did, va, out);
}

static const struct uvm_fault_ops xops = {.lookup = x_lookup, .execute = x_execute};

static void test_execute_one_op(void **state)
{
    (void)state;
    struct xmock *x = calloc(1, sizeof *x);
    assert_non_null(x);
    struct uvm_policy p = UVM_POLICY_BASELINE;
    p.density_pct = 0;
    struct uvm_fault_svc *s;
    struct uvm_fault_ops bad = {.lookup = x_lookup};
    assert_int_equal(uvm_fault_create(&p, &bad, x, &s), -EINVAL); /* neither execute nor the phase ops */
    assert_int_equal(uvm_fault_create(&p, &xops, x, &s), 0);
    struct uvm_range *r = &x->m.r[x->m.nr++];
    *r = (struct uvm_range){.va = VA, .size = 64 * PG, .bus = BUS};
    r->state = calloc(64, 1);
    assert_non_null(r->state);
    x->fail_va = VA + 32 * PG;
    x->fail_unit_va_status = -ENOMEM;
    x->partial_va = VA + 16 * PG;
    struct uvs_uvm_frec recs[] = {rec(VA + 1 * PG, 1, 0), rec(VA + 17 * PG, 2, 0), rec(VA + 33 * PG, 3, 0),
                                  rec(VA + 1 * PG, 4, 0), rec(VA + 0x100000 * PG, 5, 0)};
    assert_int_equal(uvm_fault_service(s, recs, 5), 0);
    assert_int_equal(x->calls, 1);       /* one device operation for the batch */
    assert_int_equal(x->nunits, 3);      /* three 64 KiB units */
    assert_int_equal(x->nrep, 5);        /* every group, the invalid one with failure */
    unsigned fails = 0;
    for (unsigned i = 0; i < x->m.nrep; i++)
        fails += x->m.rep[i].resp == UVS_IOMMU_PRG_RESP_FAILURE;
    assert_int_equal(fails, 1);
    for (unsigned k = 0; k < 32; k++)
        assert_int_equal(r->state[k], UVM_PAGE_DEVICE);
    for (unsigned k = 32; k < 48; k++)
        assert_int_equal(r->state[k], UVM_PAGE_HOST); /* the failed unit: its fault repeats */
    struct uvm_fault_counters c;
    uvm_fault_get_counters(s, &c);
    assert_int_equal(c.units, 2);
    assert_int_equal(c.pages_in, 16 + 15);
    assert_int_equal(c.conflicts, 1);
    assert_int_equal(c.failures, 1);
    assert_int_equal(c.replays, 5);
    /* A device that cannot be reached: the error comes back, nothing becomes resident. */
    x->transport = -ECONNRESET;
    struct uvs_uvm_frec r2[] = {rec(VA + 50 * PG, 6, 0)};
    assert_int_equal(uvm_fault_service(s, r2, 1), -ECONNRESET);
    assert_int_equal(r->state[50], UVM_PAGE_HOST);
    uvm_fault_destroy(s);
    free(r->state);
    free(x);
}

/*
 * A device out of memory (every unit of a block fails with -ENOMEM): the
 * block's fault repeats UVM_GIVE_UP_FAILS times, then is answered with
 * failure (given up: the kernel aborts with the VA); the next fault tries
 * again; a done unit of the block resets the count; other errors (-EFAULT)
 * never give up; another block counts apart.
 */
static void test_give_up_nomem(void **state)
{
    (void)state;
    struct xmock *x = calloc(1, sizeof *x);
    assert_non_null(x);
    struct uvm_policy p = UVM_POLICY_BASELINE;
    p.density_pct = 0;
    p.grow_pages = 1;
    struct uvm_fault_svc *s;
    assert_int_equal(uvm_fault_create(&p, &xops, x, &s), 0);
    struct uvm_range *r = &x->m.r[x->m.nr++];
    *r = (struct uvm_range){.va = VA, .size = 1024 * PG, .bus = BUS};
    r->state = calloc(1024, 1);
    assert_non_null(r->state);
    struct uvm_fault_counters c;
    x->fail_va = VA + 3 * PG;
    x->fail_unit_va_status = -ENOMEM;
    struct uvs_uvm_frec f[] = {rec(VA + 3 * PG, 1, 0)};
    uint16_t prgi = 1;
    for (unsigned round = 0; round < 2; round++) {
        for (unsigned k = 0; k < UVM_GIVE_UP_FAILS; k++) { /* the fault repeats, answered with success */
            x->m.nrep = 0;
            f[0].prgi = prgi++;
            assert_int_equal(uvm_fault_service(s, f, 1), 0);
            assert_int_equal(x->nunits, 1);
            assert_int_equal(x->m.rep[0].resp, UVS_IOMMU_PRG_RESP_SUCCESS);
        }
        x->m.nrep = 0;
        f[0].prgi = prgi++;
        assert_int_equal(uvm_fault_service(s, f, 1), 0);
        assert_int_equal(x->nunits, 0); /* given up: no unit, the group answered with failure */
        assert_int_equal(x->m.nrep, 1);
        assert_int_equal(x->m.rep[0].resp, UVS_IOMMU_PRG_RESP_FAILURE);
        uvm_fault_get_counters(s, &c);
        assert_int_equal(c.given_up, round + 1);
        assert_int_equal(c.failed_faults, (round + 1) * (UVM_GIVE_UP_FAILS + 1)); /* unique = ... + failed */
        assert_int_equal(r->state[3], UVM_PAGE_HOST);
    }
    /* A done unit of the block in between: the count starts again. */
    for (unsigned k = 0; k < 2 * UVM_GIVE_UP_FAILS; k++) {
        struct uvs_uvm_frec g[] = {rec(VA + 3 * PG, prgi, 0), rec(VA + (10 + k) * PG, (uint16_t)(prgi + 1), 0)};
        prgi = (uint16_t)(prgi + 2);
        x->m.nrep = 0;
        assert_int_equal(uvm_fault_service(s, g, 2), 0);
        assert_int_equal(x->nunits, 2);
        assert_int_equal(x->m.rep[0].resp, UVS_IOMMU_PRG_RESP_SUCCESS);
        assert_int_equal(x->m.rep[1].resp, UVS_IOMMU_PRG_RESP_SUCCESS);
    }
    /* Another error never gives up; a page of another block counts apart. */
    x->fail_unit_va_status = -EFAULT;
    for (unsigned k = 0; k < 2 * UVM_GIVE_UP_FAILS; k++) {
        x->m.nrep = 0;
        f[0].prgi = prgi++;
        assert_int_equal(uvm_fault_service(s, f, 1), 0);
        assert_int_equal(x->m.rep[0].resp, UVS_IOMMU_PRG_RESP_SUCCESS);
    }
    x->fail_unit_va_status = -ENOMEM;
    x->fail_va = VA + 600 * PG;
    f[0].page = VA + 600 * PG;
    for (unsigned k = 0; k < UVM_GIVE_UP_FAILS; k++) {
        x->m.nrep = 0;
        f[0].prgi = prgi++;
        assert_int_equal(uvm_fault_service(s, f, 1), 0);
        assert_int_equal(x->m.rep[0].resp, UVS_IOMMU_PRG_RESP_SUCCESS);
    }
    x->m.nrep = 0;
    f[0].prgi = prgi++;
    assert_int_equal(uvm_fault_service(s, f, 1), 0);
    assert_int_equal(x->m.rep[0].resp, UVS_IOMMU_PRG_RESP_FAILURE);
    uvm_fault_get_counters(s, &c);
    assert_int_equal(c.given_up, 3);
    uvm_fault_destroy(s);
    free(r->state);
    free(x);
}

/* A fault right behind a resident run (a sequential scan) brings as many pages again. */
static void test_streaming_growth(void **state)
{
    (void)state;
    struct uvm_policy p = UVM_POLICY_BASELINE;
    p.density_pct = 0;
    struct fx *f = fx_new(p);
    add_range(f, VA, 512 * PG, 0);
    for (unsigned k = 0; k < 64; k++)
        f->m.r[0].state[k] = UVM_PAGE_DEVICE;
    struct uvs_uvm_frec r[] = {rec(VA + 64 * PG, 1, 0)};
    assert_int_equal(uvm_fault_plan(f->s, r, 1), 0);
    size_t nu, pages = 0;
    const struct uvm_unit *u = uvm_fault_plan_units(f->s, &nu);
    for (size_t i = 0; i < nu; i++) {
        assert_true(u[i].va >= VA + 64 * PG && u[i].va < VA + 128 * PG);
        pages += u[i].npages;
    }
    assert_int_equal(pages, 64);
    /* Behind a run shorter than two growth blocks: the plain 64 KiB growth. */
    for (unsigned k = 0; k < 48; k++)
        f->m.r[0].state[k] = UVM_PAGE_HOST;
    assert_int_equal(uvm_fault_plan(f->s, r, 1), 0);
    u = uvm_fault_plan_units(f->s, &nu);
    assert_int_equal(nu, 1);
    assert_int_equal(u[0].npages, 16);
    fx_free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_create_errors),
        cmocka_unit_test(test_sort_dedupe),
        cmocka_unit_test(test_invalid_and_resident),
        cmocka_unit_test(test_growth_64k),
        cmocka_unit_test(test_density_prefetch),
        cmocka_unit_test(test_superpage_unit),
        cmocka_unit_test(test_advice),
        cmocka_unit_test(test_execution_order),
        cmocka_unit_test(test_failures),
        cmocka_unit_test(test_conflict_split),
        cmocka_unit_test(test_eviction_notices),
        cmocka_unit_test(test_execute_one_op),
        cmocka_unit_test(test_give_up_nomem),
        cmocka_unit_test(test_streaming_growth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

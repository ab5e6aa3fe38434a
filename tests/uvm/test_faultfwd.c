/*
 * Unit tests of fault forwarding (firmware/faultfwd.c): draining, coalescing,
 * batches into the host ring, backpressure without loss, replay of
 * coalesced groups, malformed records, DMA failures.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "faultfwd.h"
#include "uvs_iommu_rec.h"

#define HOST_BUS 0x100000000ull
#define HOST_SIZE 0x20000u
#define RING_BUS (HOST_BUS + 0x1000)
#define CTL_BUS (HOST_BUS + 0x40)
#define PQ_N 4096u
#define VA 0x200000000000ull

struct mock {
    uint8_t host[HOST_SIZE];
    int fail_write, fail_read, fail_replay; /* next call fails with this */
    unsigned notifies, writes;
    uint64_t cycle;
    struct { uint32_t did; uint16_t prgi; uint8_t resp; } rep[4096];
    unsigned nrep;
};

static int m_write(void *ctx, uint64_t bus, const void *src, uint32_t len)
{
    struct mock *m = ctx;
    if (m->fail_write) {
        int rc = m->fail_write;
        m->fail_write = 0;
        return rc;
    }
    assert_true(bus >= HOST_BUS && bus + len <= HOST_BUS + HOST_SIZE);
    memcpy(m->host + (bus - HOST_BUS), src, len);
    m->writes++;
    return 0;
}

static int m_read(void *ctx, uint64_t bus, void *dst, uint32_t len)
{
    struct mock *m = ctx;
    if (m->fail_read) {
        int rc = m->fail_read;
        m->fail_read = 0;
        return rc;
    }
    assert_true(bus >= HOST_BUS && bus + len <= HOST_BUS + HOST_SIZE);
    memcpy(dst, m->host + (bus - HOST_BUS), len);
    return 0;
}

static void m_notify(void *ctx)
{
    ((struct mock *)ctx)->notifies++;
}

static int m_replay(void *ctx, uint32_t did, uint16_t prgi, uint8_t resp)
{
    struct mock *m = ctx;
    if (m->fail_replay) {
        int rc = m->fail_replay;
        m->fail_replay = 0;
        return rc;
    }
    assert_true(m->nrep < 4096);
    m->rep[m->nrep].did = did;
    m->rep[m->nrep].prgi = prgi;
    m->rep[m->nrep].resp = resp;
    m->nrep++;
    return 0;
}

static uint64_t m_now(void *ctx)
{
    return ((struct mock *)ctx)->cycle += 10;
}

static const struct uvs_ffwd_ops ops = {m_write, m_read, m_notify, m_replay, m_now, NULL};

/* Queued writes (host_sync): copied from their source only at sync time, as a DMA engine would read it. */
static struct {
    uint64_t bus;
    const void *src;
    uint32_t len;
} q_wr[16];
static unsigned q_n, q_syncs;
static int q_fail_sync;

static int q_write(void *ctx, uint64_t bus, const void *src, uint32_t len)
{
    (void)ctx;
    assert_true(q_n < 16);
    q_wr[q_n].bus = bus;
    q_wr[q_n].src = src;
    q_wr[q_n].len = len;
    q_n++;
    return 0;
}

static int q_sync(void *ctx)
{
    struct mock *m = ctx;
    q_syncs++;
    if (q_fail_sync) {
        int rc = q_fail_sync;
        q_fail_sync = 0;
        q_n = 0; /* a failed copy drops the later ones */
        return rc;
    }
    for (unsigned i = 0; i < q_n; i++)
        assert_int_equal(m_write(m, q_wr[i].bus, q_wr[i].src, q_wr[i].len), 0);
    q_n = 0;
    return 0;
}

static const struct uvs_ffwd_ops ops_sync = {q_write, m_read, m_notify, m_replay, m_now, q_sync};

struct fx {
    struct mock m;
    struct uvs_ffwd ff;
    uint8_t pq[PQ_N][UVS_IOMMU_PQREC_SIZE];
    uint32_t head, tail;
};

static struct fx *fx_new(uint32_t log2sz)
{
    struct fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    assert_int_equal(uvs_ffwd_init(&f->ff, &ops, &f->m), 0);
    assert_int_equal(uvs_ffwd_set_queue(&f->ff, RING_BUS, log2sz, CTL_BUS), 0);
    return f;
}

/* Append a page request to the page-request queue. */
static void pr(struct fx *f, uint32_t did, uint64_t page, uint16_t prgi, bool w)
{
    struct uvs_iommu_page_req r = {.did = did, .r = !w, .w = w, .l = true, .prgi = prgi, .addr = page};
    assert_int_equal(uvs_iommu_pq_encode(&r, f->pq[f->tail]), 0);
    f->tail = (f->tail + 1) % PQ_N;
}

static int drain(struct fx *f)
{
    return uvs_ffwd_drain(&f->ff, f->pq, PQ_N, &f->head, f->tail);
}

static struct uvs_uvm_fqctl ctl(struct fx *f)
{
    struct uvs_uvm_fqctl c;
    memcpy(&c, f->m.host + (CTL_BUS - HOST_BUS), sizeof c);
    return c;
}

static struct uvs_uvm_frec ring_rec(struct fx *f, uint32_t i)
{
    struct uvs_uvm_frec r;
    memcpy(&r, f->m.host + (RING_BUS - HOST_BUS) + i * sizeof r, sizeof r);
    return r;
}

/* Host side: consume every record between head and tail, store HEAD. Returns how many. */
static unsigned host_consume(struct fx *f, uint32_t log2sz, struct uvs_uvm_frec *out, unsigned max)
{
    struct uvs_uvm_fqctl c = ctl(f);
    unsigned n = 0;
    uint32_t size = 1u << log2sz;
    while (c.head != c.tail) {
        assert_true(n < max);
        out[n++] = ring_rec(f, c.head);
        c.head = (c.head + 1) & (size - 1);
    }
    memcpy(f->m.host + (CTL_BUS - HOST_BUS) + UVS_UVM_FQCTL_HEAD_OFF, &c.head, 4);
    return n;
}

static void test_setup_errors(void **state)
{
    (void)state;
    struct uvs_ffwd *ff = malloc(sizeof *ff);
    struct mock *m = calloc(1, sizeof *m);
    struct uvs_ffwd_ops bad = ops;
    bad.replay = NULL;
    assert_int_equal(uvs_ffwd_init(ff, &bad, m), -EINVAL);
    assert_int_equal(uvs_ffwd_init(NULL, &ops, m), -EINVAL);
    assert_int_equal(uvs_ffwd_init(ff, &ops, m), 0);
    assert_int_equal(uvs_ffwd_set_queue(ff, RING_BUS + 64, 4, CTL_BUS), -EINVAL);
    assert_int_equal(uvs_ffwd_set_queue(ff, RING_BUS, 0, CTL_BUS), -EINVAL);
    assert_int_equal(uvs_ffwd_set_queue(ff, RING_BUS, 16, CTL_BUS), -EINVAL);
    assert_int_equal(uvs_ffwd_set_queue(ff, RING_BUS, 4, CTL_BUS + 8), -EINVAL);
    m->fail_write = -EIO;
    assert_int_equal(uvs_ffwd_set_queue(ff, RING_BUS, 4, CTL_BUS), -EIO);
    assert_int_equal(uvs_ffwd_set_queue(ff, RING_BUS, 4, CTL_BUS), 0);
    uint8_t pq[4][16];
    uint32_t head = 0;
    assert_int_equal(uvs_ffwd_drain(ff, pq, 3, &head, 0), -EINVAL);
    head = 4;
    assert_int_equal(uvs_ffwd_drain(ff, pq, 4, &head, 0), -EINVAL);
    free(ff);
    free(m);
}

static void test_batch_basic(void **state)
{
    (void)state;
    struct fx *f = fx_new(4);
    pr(f, 1, VA, 10, false);
    pr(f, 1, VA + 0x1000, 11, true);
    pr(f, 2, VA, 12, false);
    assert_int_equal(drain(f), 3);
    assert_int_equal(f->head, 3);
    assert_int_equal(uvs_ffwd_staged(&f->ff), 3);
    assert_int_equal(ctl(f).tail, 0); /* nothing visible before the flush */
    assert_int_equal(uvs_ffwd_flush(&f->ff), 3);
    struct uvs_uvm_fqctl c = ctl(f);
    assert_int_equal(c.tail, 3);
    assert_int_equal(c.records, 3);
    assert_int_equal(c.batches, 1);
    assert_int_equal(c.log2sz, 4);
    assert_int_equal(c.flags, 0);
    assert_int_equal(f->m.notifies, 1);
    struct uvs_uvm_frec r = ring_rec(f, 1);
    assert_int_equal(r.did, 1);
    assert_int_equal(r.page, VA + 0x1000);
    assert_int_equal(r.prgi, 11);
    assert_int_equal(r.access, UVS_UVM_ACC_W);
    assert_int_equal(r.flags, UVS_UVM_FREC_F_LAST);
    assert_int_equal(r.dups, 0);
    assert_true(r.cycle > 0);
    assert_int_equal(ring_rec(f, 2).did, 2);
    /* Nothing staged: no batch, no MSI. */
    assert_int_equal(uvs_ffwd_flush(&f->ff), 0);
    assert_int_equal(f->m.notifies, 1);
    assert_int_equal(uvs_ffwd_outstanding(&f->ff), 3);
    free(f);
}

static void test_coalesce_and_replay(void **state)
{
    (void)state;
    struct fx *f = fx_new(4);
    pr(f, 1, VA, 1, false);          /* leader */
    pr(f, 1, VA, 2, true);           /* same page, other group (write after read) */
    pr(f, 1, VA + 0x1000, 3, false);
    pr(f, 2, VA, 4, false);          /* other context: not a duplicate */
    assert_int_equal(drain(f), 4);
    assert_int_equal(uvs_ffwd_flush(&f->ff), 3);
    struct uvs_uvm_frec r = ring_rec(f, 0);
    assert_int_equal(r.page, VA);
    assert_int_equal(r.prgi, 1);
    assert_int_equal(r.access, UVS_UVM_ACC_R | UVS_UVM_ACC_W);
    assert_int_equal(r.dups, 1);
    /* A duplicate arriving after the record went to the host joins it too. */
    pr(f, 1, VA, 5, true);
    assert_int_equal(drain(f), 1);
    assert_int_equal(uvs_ffwd_flush(&f->ff), 0);
    assert_int_equal(ctl(f).tail, 3);
    struct uvs_ffwd_stats st;
    uvs_ffwd_get_stats(&f->ff, &st);
    assert_int_equal(st.coalesced, 2);
    assert_int_equal(st.page_requests, 5);
    assert_int_equal(st.forwarded, 3);
    /* Replaying the record's group answers all three groups of that page. */
    assert_int_equal(uvs_ffwd_replay(&f->ff, 1, 1, UVS_IOMMU_PRG_RESP_SUCCESS), 3);
    assert_int_equal(f->m.nrep, 3);
    unsigned seen = 0;
    for (unsigned i = 0; i < 3; i++) {
        assert_int_equal(f->m.rep[i].did, 1);
        assert_int_equal(f->m.rep[i].resp, UVS_IOMMU_PRG_RESP_SUCCESS);
        seen |= 1u << f->m.rep[i].prgi;
    }
    assert_int_equal(seen, (1u << 1) | (1u << 2) | (1u << 5));
    assert_int_equal(uvs_ffwd_replay(&f->ff, 1, 2, 0), -ENOENT);
    assert_int_equal(uvs_ffwd_replay(&f->ff, 1, 1, 0), -ENOENT);
    /* Failure responses pass through. */
    assert_int_equal(uvs_ffwd_replay(&f->ff, 2, 4, UVS_IOMMU_PRG_RESP_FAILURE), 1);
    assert_int_equal(f->m.rep[3].resp, UVS_IOMMU_PRG_RESP_FAILURE);
    assert_int_equal(uvs_ffwd_outstanding(&f->ff), 1);
    /* After the replay the page is no longer coalesced: a new fault is a new record. */
    pr(f, 1, VA, 1, false);
    assert_int_equal(drain(f), 1);
    assert_int_equal(uvs_ffwd_flush(&f->ff), 1);
    free(f);
}

static void test_backpressure_no_loss(void **state)
{
    (void)state;
    const uint32_t log2sz = 2; /* 4 slots, 3 usable */
    struct fx *f = fx_new(log2sz);
    enum { N = 10 };
    for (unsigned i = 0; i < N; i++)
        pr(f, 3, VA + i * 0x1000, (uint16_t)i, false);
    assert_int_equal(drain(f), N);
    struct uvs_uvm_frec got[64];
    unsigned total = 0, rounds = 0;
    int w = uvs_ffwd_flush(&f->ff);
    assert_int_equal(w, 3);
    struct uvs_uvm_fqctl c = ctl(f);
    assert_int_equal(c.flags & UVS_UVM_FQCTL_F_STALLED, UVS_UVM_FQCTL_F_STALLED);
    assert_int_equal(c.overflows, 1);
    /* Ring full, host has not moved: nothing more, still stalled, nothing lost. */
    assert_int_equal(uvs_ffwd_flush(&f->ff), 0);
    assert_int_equal(uvs_ffwd_staged(&f->ff), N - 3);
    while (total < N && rounds++ < 20) {
        total += host_consume(f, log2sz, got + total, 64 - total);
        uvs_ffwd_flush(&f->ff);
    }
    assert_int_equal(total, N);
    for (unsigned i = 0; i < N; i++) {
        assert_int_equal(got[i].page, VA + i * 0x1000); /* in order, each once */
        assert_int_equal(got[i].prgi, i);
    }
    c = ctl(f);
    assert_int_equal(c.flags & UVS_UVM_FQCTL_F_STALLED, 0);
    assert_int_equal(c.records, N);
    assert_true(c.overflows >= 3);
    assert_int_equal(f->m.notifies, c.batches);
    free(f);
}

static void test_stage_and_group_limits(void **state)
{
    (void)state;
    struct fx *f = fx_new(12);
    /* More distinct requests than the staging area: draining stops, the queue keeps the rest. */
    for (unsigned i = 0; i < UVS_FFWD_STAGE + 40; i++)
        pr(f, 1, VA + (uint64_t)i * 0x1000, (uint16_t)(i % 512), false);
    assert_int_equal(drain(f), UVS_FFWD_STAGE);
    assert_int_equal(f->head, UVS_FFWD_STAGE);
    struct uvs_ffwd_stats st;
    uvs_ffwd_get_stats(&f->ff, &st);
    assert_int_equal(st.stalls, 1);
    assert_int_equal(uvs_ffwd_flush(&f->ff), UVS_FFWD_STAGE);
    assert_int_equal(drain(f), 40);
    assert_int_equal(uvs_ffwd_flush(&f->ff), 40);
    /* Fill the group table: groups stay until replayed. */
    unsigned more = UVS_FFWD_GROUPS - uvs_ffwd_outstanding(&f->ff) + 5;
    for (unsigned i = 0; i < more; i++)
        pr(f, 2 + i / 512, VA + (uint64_t)i * 0x1000, (uint16_t)(i % 512), false);
    unsigned consumed = 0;
    for (int k = 0; k < 10; k++) {
        consumed += (unsigned)drain(f);
        uvs_ffwd_flush(&f->ff);
    }
    assert_int_equal(uvs_ffwd_outstanding(&f->ff), UVS_FFWD_GROUPS);
    assert_int_equal(consumed, more - 5);
    assert_int_not_equal(f->head, f->tail);
    /* One replay frees one entry: one more record is taken. */
    assert_int_equal(uvs_ffwd_replay(&f->ff, 1, 0, 0), 1);
    assert_int_equal(drain(f), 1);
    free(f);
}

static void test_bad_records(void **state)
{
    (void)state;
    struct fx *f = fx_new(4);
    pr(f, 1, VA, 1, false);
    f->pq[0][4] |= 0x80; /* dw0 bit 39: reserved */
    struct uvs_iommu_page_req stop = {.did = 1, .l = true, .prgi = 2, .addr = VA};
    assert_int_equal(uvs_iommu_pq_encode(&stop, f->pq[f->tail]), 0);
    f->tail++;
    pr(f, 1, VA + 0x1000, 3, false);
    assert_int_equal(drain(f), 3);
    assert_int_equal(uvs_ffwd_flush(&f->ff), 1);
    struct uvs_ffwd_stats st;
    uvs_ffwd_get_stats(&f->ff, &st);
    assert_int_equal(st.bad_records, 1);
    assert_int_equal(st.stop_markers, 1);
    assert_int_equal(ring_rec(f, 0).prgi, 3);
    free(f);
}

static void test_dma_failures(void **state)
{
    (void)state;
    struct fx *f = fx_new(4);
    pr(f, 1, VA, 1, false);
    pr(f, 1, VA + 0x1000, 2, false);
    assert_int_equal(drain(f), 2);
    /* A staged group cannot be replayed yet. */
    assert_int_equal(uvs_ffwd_replay(&f->ff, 1, 1, 0), -EBUSY);
    f->m.fail_write = -EIO;
    assert_int_equal(uvs_ffwd_flush(&f->ff), -EIO);
    assert_int_equal(uvs_ffwd_staged(&f->ff), 2);
    assert_int_equal(ctl(f).tail, 0);
    assert_int_equal(f->m.notifies, 0);
    assert_int_equal(uvs_ffwd_flush(&f->ff), 2);
    assert_int_equal(ctl(f).tail, 2);
    assert_int_equal(ctl(f).records, 2);
    /* A failing replay leaves the group outstanding. */
    f->m.fail_replay = -EIO;
    assert_int_equal(uvs_ffwd_replay(&f->ff, 1, 1, 0), -EIO);
    assert_int_equal(uvs_ffwd_outstanding(&f->ff), 2);
    assert_int_equal(uvs_ffwd_replay(&f->ff, 1, 1, 0), 1);
    /* Head read failure when the ring looks full. */
    struct fx *g = fx_new(1); /* 2 slots, 1 usable */
    pr(g, 1, VA, 1, false);
    pr(g, 1, VA + 0x1000, 2, false);
    assert_int_equal(drain(g), 2);
    assert_int_equal(uvs_ffwd_flush(&g->ff), 1);
    g->m.fail_read = -EIO;
    assert_int_equal(uvs_ffwd_flush(&g->ff), -EIO);
    assert_int_equal(uvs_ffwd_staged(&g->ff), 1);
    /* Disabled queue: records wait. */
    assert_int_equal(uvs_ffwd_set_queue(&g->ff, 0, 0, 0), 0);
    assert_int_equal(uvs_ffwd_flush(&g->ff), 0);
    assert_int_equal(uvs_ffwd_staged(&g->ff), 1);
    free(g);
    free(f);
}

/* The time from drain to answer is summed per answered record (fault-to-replay). */
static void test_replay_wait(void **state)
{
    (void)state;
    struct fx *f = fx_new(4);
    pr(f, 1, VA, 1, false);
    pr(f, 1, VA, 2, false); /* duplicate: answered with the leader, not counted again */
    pr(f, 1, VA + 0x1000, 3, false);
    assert_int_equal(drain(f), 3);
    assert_int_equal(uvs_ffwd_flush(&f->ff), 2);
    f->m.cycle += 1000;
    assert_int_equal(uvs_ffwd_replay(&f->ff, 1, 1, UVS_IOMMU_PRG_RESP_SUCCESS), 2);
    assert_int_equal(uvs_ffwd_replay(&f->ff, 1, 3, UVS_IOMMU_PRG_RESP_SUCCESS), 1);
    struct uvs_ffwd_stats st;
    uvs_ffwd_get_stats(&f->ff, &st);
    assert_int_equal(st.replay_leaders, 2);
    assert_true(st.replay_wait >= 2000 && st.replay_wait < 2200);
    /* the histogram: one count per answered leader, in the bucket of its wait (1000..1099 cycles) */
    uint32_t counted = 0;
    for (unsigned b = 0; b < UVS_UVM_F2R_BUCKETS; b++)
        counted += st.f2r_hist[b];
    assert_int_equal(counted, 2);
    assert_true(st.f2r_hist[uvs_uvm_f2r_bucket(1000)] + st.f2r_hist[uvs_uvm_f2r_bucket(1099)] == 2);
    free(f);
}

/* host_sync: a flush queues its records and control block, waits once, then notifies; a failed sync rolls back. */
static void test_flush_host_sync(void **state)
{
    (void)state;
    struct fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    q_n = q_syncs = 0;
    q_fail_sync = 0;
    assert_int_equal(uvs_ffwd_init(&f->ff, &ops_sync, &f->m), 0);
    assert_int_equal(uvs_ffwd_set_queue(&f->ff, RING_BUS, 4, CTL_BUS), 0);
    assert_int_equal(q_syncs, 1);
    assert_int_equal(ctl(f).log2sz, 4);
    pr(f, 1, VA, 1, false);
    pr(f, 1, VA + 0x1000, 2, true);
    assert_int_equal(drain(f), 2);
    assert_int_equal(uvs_ffwd_flush(&f->ff), 2);
    assert_int_equal(q_syncs, 2); /* one wait for the records and the control block */
    assert_int_equal(f->m.notifies, 1);
    assert_int_equal(ctl(f).tail, 2);
    assert_int_equal(ring_rec(f, 1).page, VA + 0x1000);
    /* A failed sync: nothing published, no notification, the record goes out with the next flush. */
    pr(f, 1, VA + 0x2000, 3, false);
    assert_int_equal(drain(f), 1);
    q_fail_sync = -EIO;
    assert_true(uvs_ffwd_flush(&f->ff) < 0);
    assert_int_equal(f->m.notifies, 1);
    assert_int_equal(ctl(f).tail, 2);
    assert_int_equal(uvs_ffwd_flush(&f->ff), 1);
    assert_int_equal(ctl(f).tail, 3);
    assert_int_equal(ring_rec(f, 2).page, VA + 0x2000);
    assert_int_equal(f->m.notifies, 2);
    free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flush_host_sync),
        cmocka_unit_test(test_replay_wait),
        cmocka_unit_test(test_setup_errors),
        cmocka_unit_test(test_batch_basic),
        cmocka_unit_test(test_coalesce_and_replay),
        cmocka_unit_test(test_backpressure_no_loss),
        cmocka_unit_test(test_stage_and_group_limits),
        cmocka_unit_test(test_bad_records),
        cmocka_unit_test(test_dma_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

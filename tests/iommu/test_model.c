/*
 * Directed tests of the stateful IOMMU model (sim/model/iommu_model*.c):
 * registers, IOTLB and device-context cache with every command's effect,
 * fault and page-request records in their queues, page-request groups and
 * PAGE_REPLAY, overflow back-pressure, illegal commands.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tmem.h"
#include "uvs_iommu_model.h"

/* Register offsets written out from the spec's layout table (5.1). */
enum { CAPS = 0x0, FCTL = 0x8, DDTP = 0x10, CQB = 0x18, CQH = 0x20, CQT = 0x24, FQB = 0x28, FQH = 0x30,
       FQT = 0x34, PQB = 0x38, PQH = 0x40, PQT = 0x44, CQCSR = 0x48, FQCSR = 0x4c, PQCSR = 0x50, IPSR = 0x54 };

struct fx {
    struct tmem t;
    struct uvs_iommu_model m;
    uint64_t root, ddt, cq, fq, pq;
};

static uint64_t rd(struct fx *f, uint32_t off, unsigned bytes)
{
    uint64_t v = 0;
    assert_int_equal(uvs_iommu_model_reg_read(&f->m, off, bytes, &v), 0);
    return v;
}

static void wr(struct fx *f, uint32_t off, unsigned bytes, uint64_t v)
{
    assert_int_equal(uvs_iommu_model_reg_write(&f->m, off, bytes, v), 0);
}

static void put_dc(struct fx *f, uint32_t did, uint64_t tc, uint32_t pscid, uint64_t root)
{
    uint64_t a = f->ddt + did * 32;
    tmem_wr(&f->t, a, tc);
    tmem_wr(&f->t, a + 8, 0);
    tmem_wr(&f->t, a + 16, (uint64_t)pscid << 12);
    tmem_wr(&f->t, a + 24, (8ULL << 60) | (root >> 12));
}

#define TC_V 1ULL
#define TC_SADE (1ULL << 8)
#define TC_PRQ (1ULL << 24)

/* 8-entry CQ, 4-entry FQ, 4-entry PQ, 1LVL directory, device 1 with Sv39. */
static int setup(void **state)
{
    static struct fx f;
    memset(&f, 0, sizeof f);
    tmem_init(&f.t);
    f.root = tmem_page(&f.t);
    f.ddt = tmem_page(&f.t);
    f.cq = tmem_page(&f.t);
    f.fq = tmem_page(&f.t);
    f.pq = tmem_page(&f.t);
    assert_int_equal(uvs_iommu_model_init(&f.m, UVS_IOMMU_CAPS_UVMSOC), 0);
    put_dc(&f, 1, TC_V | TC_SADE | TC_PRQ, 0x11, f.root);
    wr(&f, DDTP, 8, ((f.ddt >> 12) << 10) | 2);
    wr(&f, CQB, 8, ((f.cq >> 12) << 10) | 2);
    wr(&f, FQB, 8, ((f.fq >> 12) << 10) | 1);
    wr(&f, PQB, 8, ((f.pq >> 12) << 10) | 1);
    wr(&f, CQCSR, 4, 3);
    wr(&f, FQCSR, 4, 3);
    wr(&f, PQCSR, 4, 3);
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    tmem_fini(&((struct fx *)*state)->t);
    return 0;
}

static void push_cmd(struct fx *f, const struct uvs_iommu_cmd *c)
{
    uint8_t b[16];
    assert_int_equal(uvs_iommu_cmd_encode(c, b), 0);
    uint32_t t = (uint32_t)rd(f, CQT, 4);
    memcpy(f->t.buf + (f->cq - TMEM_BASE) + t * 16, b, 16);
    wr(f, CQT, 4, (t + 1) % 8);
}

static struct uvs_iommu_result go(struct fx *f, uint32_t did, uint64_t iova, enum uvs_iommu_access acc, uint64_t tag)
{
    struct uvs_iommu_req req = {.did = did, .iova = iova, .access = acc};
    struct uvs_iommu_result r;
    assert_int_equal(uvs_iommu_model_translate(&f->m, &f->t.ops, &req, tag, &r), 0);
    return r;
}

static void test_registers(void **state)
{
    struct fx *f = *state;
    assert_int_equal(rd(f, CAPS, 8), UVS_IOMMU_CAPS_UVMSOC);
    assert_int_equal(rd(f, CAPS + 4, 4), UVS_IOMMU_CAPS_UVMSOC >> 32);
    wr(f, CAPS, 8, 0);
    assert_int_equal(rd(f, CAPS, 8), UVS_IOMMU_CAPS_UVMSOC); /* RO */
    assert_int_equal(rd(f, FCTL, 4), 2);                      /* WSI */
    /* ddtp: a reserved mode keeps the old mode. */
    uint64_t ddtp = rd(f, DDTP, 8);
    wr(f, DDTP, 8, (ddtp & ~0xfULL) | 9);
    assert_int_equal(rd(f, DDTP, 8), ddtp);
    /* Queues on: cqon/fqon/pqon read 1; cqh reset. */
    assert_int_equal(rd(f, CQCSR, 4), 0x10003);
    assert_int_equal(rd(f, FQCSR, 4), 0x10003);
    /* cqb cannot change while the queue is on. */
    wr(f, CQB, 8, 0);
    assert_int_equal(rd(f, CQB, 8), ((f->cq >> 12) << 10) | 2);
    /* cqt keeps LOG2SZ bits only (8 entries). */
    wr(f, CQT, 4, 0xfffffff5);
    assert_int_equal(rd(f, CQT, 4), 5);
    wr(f, CQT, 4, 0);
    /* cqh, fqt, pqt are read-only. */
    wr(f, CQH, 4, 3);
    assert_int_equal(rd(f, CQH, 4), 0);
    /* 4-byte halves of cqb; 8-byte access across cqh/cqt; misaligned; out of range. */
    assert_int_equal(rd(f, CQB, 4), (uint32_t)(((f->cq >> 12) << 10) | 2));
    uint64_t v;
    assert_int_equal(uvs_iommu_model_reg_read(&f->m, CQH, 8, &v), -EINVAL);
    assert_int_equal(uvs_iommu_model_reg_read(&f->m, 0x12, 4, &v), -EINVAL);
    assert_int_equal(uvs_iommu_model_reg_read(&f->m, 0x1000, 4, &v), -EINVAL);
    assert_int_equal(uvs_iommu_model_reg_read(&f->m, 0x10, 2, &v), -EINVAL);
    assert_int_equal(rd(f, 0x400, 8), 0); /* reserved reads 0 */
    /* Turning the fault queue off clears fqon; then fqb is writable. */
    wr(f, FQCSR, 4, 0);
    assert_int_equal(rd(f, FQCSR, 4), 0);
    wr(f, FQB, 8, ((f->fq >> 12) << 10) | 3);
    assert_int_equal(rd(f, FQB, 8) & 0x1f, 3);
    wr(f, FQB, 8, ((f->fq >> 12) << 10) | 1);
    wr(f, FQCSR, 4, 3);
}

static void test_translate_and_cache(void **state)
{
    struct fx *f = *state;
    tmem_map(&f->t, f->root, 3, 0x10000, 0x90000, 0, F_R | F_W | F_U);
    struct uvs_iommu_result r = go(f, 1, 0x10010, UVS_IOMMU_ACC_READ, 0);
    assert_int_equal(r.status, UVS_IOMMU_OK);
    assert_int_equal(r.pa, 0x90010);
    assert_int_equal(f->m.stats.iotlb_misses, 1);
    r = go(f, 1, 0x10020, UVS_IOMMU_ACC_READ, 0);
    assert_int_equal(r.pa, 0x90020);
    assert_int_equal(f->m.stats.iotlb_hits, 1);
    /* A write needs D: the cached entry (A only) is not enough, so it walks again. */
    r = go(f, 1, 0x10020, UVS_IOMMU_ACC_WRITE, 0);
    assert_int_equal(r.status, UVS_IOMMU_OK);
    assert_int_equal(f->m.stats.iotlb_misses, 2);
    assert_true(tmem_rd(&f->t, tmem_pte_addr(&f->t, f->root, 3, 0x10000, 0)) & F_D);
    /* Remap without invalidation: the stale cached translation is still used. */
    tmem_map(&f->t, f->root, 3, 0x10000, 0xa0000, 0, F_R | F_W | F_U | F_A | F_D);
    assert_int_equal(go(f, 1, 0x10000, UVS_IOMMU_ACC_READ, 0).pa, 0x90000);
    /* IOTINVAL.VMA by address for another PSCID: no effect. */
    push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 1, .av = true, .pscv = true, .pscid = 0x12, .addr = 0x10000});
    assert_int_equal(uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8), 1);
    assert_int_equal(go(f, 1, 0x10000, UVS_IOMMU_ACC_READ, 0).pa, 0x90000);
    /* ... for this PSCID: the new mapping is seen. */
    push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 1, .av = true, .pscv = true, .pscid = 0x11, .addr = 0x10000});
    assert_int_equal(uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8), 1);
    assert_int_equal(go(f, 1, 0x10000, UVS_IOMMU_ACC_READ, 0).pa, 0xa0000);
    assert_int_equal(rd(f, CQH, 4), 2);
}

static void test_invalidate_scopes(void **state)
{
    struct fx *f = *state;
    tmem_map(&f->t, f->root, 3, 0x1000, 0x81000, 0, F_R | F_U | F_A);
    tmem_map(&f->t, f->root, 3, 0x2000, 0x82000, 0, F_R | F_U | F_A | F_G);
    go(f, 1, 0x1000, UVS_IOMMU_ACC_READ, 0);
    go(f, 1, 0x2000, UVS_IOMMU_ACC_READ, 0);
    tmem_map(&f->t, f->root, 3, 0x1000, 0x91000, 0, F_R | F_U | F_A);
    tmem_map(&f->t, f->root, 3, 0x2000, 0x92000, 0, F_R | F_U | F_A | F_G);
    /* By PSCID: the non-global entry goes, the global one stays. */
    push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 1, .pscv = true, .pscid = 0x11});
    uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8);
    assert_int_equal(go(f, 1, 0x1000, UVS_IOMMU_ACC_READ, 0).pa, 0x91000);
    assert_int_equal(go(f, 1, 0x2000, UVS_IOMMU_ACC_READ, 0).pa, 0x82000);
    /* GV = 1: no VM address spaces, nothing invalidated. */
    push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 1, .gv = true});
    uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8);
    assert_int_equal(go(f, 1, 0x2000, UVS_IOMMU_ACC_READ, 0).pa, 0x82000);
    /* Everything. */
    push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 1});
    uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8);
    assert_int_equal(go(f, 1, 0x2000, UVS_IOMMU_ACC_READ, 0).pa, 0x92000);
    /* Device contexts are cached too: IODIR.INVAL_DDT picks up a new root. */
    uint64_t root2 = tmem_page(&f->t);
    tmem_map(&f->t, root2, 3, 0x1000, 0xb1000, 0, F_R | F_U | F_A);
    put_dc(f, 1, TC_V | TC_SADE | TC_PRQ, 0x22, root2);
    assert_int_equal(go(f, 1, 0x1000, UVS_IOMMU_ACC_READ, 0).pa, 0x91000);
    push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 3, .dv = true, .did = 1});
    uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8);
    assert_int_equal(go(f, 1, 0x1000, UVS_IOMMU_ACC_READ, 0).pa, 0xb1000);
}

/* IOTLB geometry as the RTL's (uvs_iotlb): 4 KiB pages set associative with a round-robin victim per set,
   superpages in their own fully associative array, lookups through uvs_iommu_model_iotlb_find. */
static void test_iotlb_geometry(void **state)
{
    struct fx *f = *state;
    const uint64_t stride = (uint64_t)UVS_IOMMU_MODEL_IOTLB_SETS << 12; /* next page of the same set */
    for (unsigned k = 0; k <= UVS_IOMMU_MODEL_IOTLB_WAYS; k++) {
        tmem_map(&f->t, f->root, 3, 0x100000 + k * stride, 0x90000 + k * 0x1000, 0, F_R | F_U | F_A);
        assert_int_equal(go(f, 1, 0x100000 + k * stride, UVS_IOMMU_ACC_READ, 0).status, UVS_IOMMU_OK);
    }
    /* WAYS + 1 pages of one set: the first one filled was the victim of the last fill */
    assert_null(uvs_iommu_model_iotlb_find(&f->m, 0x11, 0x100000));
    for (unsigned k = 1; k <= UVS_IOMMU_MODEL_IOTLB_WAYS; k++) {
        const struct uvs_iommu_iotlb_entry *e = uvs_iommu_model_iotlb_find(&f->m, 0x11, 0x100000 + k * stride + 8);
        assert_non_null(e);
        assert_true(e >= f->m.iotlb && e < f->m.iotlb + UVS_IOMMU_MODEL_IOTLB);
        assert_int_equal((e - f->m.iotlb) / UVS_IOMMU_MODEL_IOTLB_WAYS, (0x100000 / 4096) % UVS_IOMMU_MODEL_IOTLB_SETS);
    }
    assert_null(uvs_iommu_model_iotlb_find(&f->m, 0x12, 0x100000 + stride)); /* another address space */
    /* a neighbouring page (another set) was not disturbed: a 4 KiB fill there, then a hit */
    tmem_map(&f->t, f->root, 3, 0x101000, 0x98000, 0, F_R | F_U | F_A);
    go(f, 1, 0x101000, UVS_IOMMU_ACC_READ, 0);
    assert_int_equal(go(f, 1, 0x101010, UVS_IOMMU_ACC_READ, 0).pa, 0x98010);
    /* a 2 MiB superpage goes into the superpage array and covers all its 4 KiB pages */
    tmem_map(&f->t, f->root, 3, 0x40000000, 0x40000000, 1, F_R | F_U | F_A);
    assert_int_equal(go(f, 1, 0x40000000, UVS_IOMMU_ACC_READ, 0).status, UVS_IOMMU_OK);
    const struct uvs_iommu_iotlb_entry *sp = uvs_iommu_model_iotlb_find(&f->m, 0x11, 0x401ff008);
    assert_non_null(sp);
    assert_true(sp >= f->m.iotlb_sp && sp < f->m.iotlb_sp + UVS_IOMMU_MODEL_IOTLB_SP);
    assert_int_equal(sp->size, 2u << 20);
    uint64_t hits = f->m.stats.iotlb_hits;
    assert_int_equal(go(f, 1, 0x401ff008, UVS_IOMMU_ACC_READ, 0).pa, 0x401ff008);
    assert_int_equal(f->m.stats.iotlb_hits, hits + 1);
    /* IOTINVAL.VMA with an address inside the superpage drops it; the 4 KiB entries stay */
    push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 1, .av = true, .addr = 0x40123000});
    assert_int_equal(uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8), 1);
    assert_null(uvs_iommu_model_iotlb_find(&f->m, 0x11, 0x40000000));
    assert_non_null(uvs_iommu_model_iotlb_find(&f->m, 0x11, 0x100000 + stride));
    assert_null(uvs_iommu_model_iotlb_find(NULL, 0x11, 0x100000)); /* no model: no entry */
}

static void test_fault_records(void **state)
{
    struct fx *f = *state;
    tmem_map(&f->t, f->root, 3, 0x3000, 0x83000, 0, F_R | F_U);
    struct uvs_iommu_result r = go(f, 1, 0x3008, UVS_IOMMU_ACC_WRITE, 0);
    assert_int_equal(r.status, UVS_IOMMU_FAULT);
    assert_int_equal(rd(f, FQT, 4), 1);
    assert_true(rd(f, IPSR, 4) & 2); /* fip */
    struct uvs_iommu_fault_rec rec;
    assert_int_equal(uvs_iommu_fq_decode(f->t.buf + (f->fq - TMEM_BASE), &rec), 0);
    assert_int_equal(rec.cause, 15);
    assert_int_equal(rec.ttyp, 3);
    assert_int_equal(rec.did, 1);
    assert_int_equal(rec.iotval, 0x3008);
    /* Device 2 has no context (258); device 0x80 is too wide for 1LVL (260). */
    go(f, 2, 0x0, UVS_IOMMU_ACC_READ, 0);
    go(f, 0x80, 0x0, UVS_IOMMU_ACC_READ, 0);
    assert_int_equal(rd(f, FQT, 4), 3);
    assert_int_equal(uvs_iommu_fq_decode(f->t.buf + (f->fq - TMEM_BASE) + 32, &rec), 0);
    assert_int_equal(rec.cause, 258);
    assert_int_equal(uvs_iommu_fq_decode(f->t.buf + (f->fq - TMEM_BASE) + 64, &rec), 0);
    assert_int_equal(rec.cause, 260);
    /* The 4-entry queue is full: the next fault sets fqof and is held (RETRY:
     * no response, no record lost), not discarded as in spec 5.16. */
    wr(f, IPSR, 4, 2);
    assert_int_equal(rd(f, IPSR, 4) & 2, 0);
    r = go(f, 1, 0x3010, UVS_IOMMU_ACC_WRITE, 0);
    assert_int_equal(r.status, UVS_IOMMU_RETRY);
    assert_int_equal(rd(f, FQT, 4), 3);
    assert_true(rd(f, FQCSR, 4) & (1u << 9));
    assert_true(rd(f, IPSR, 4) & 2);
    assert_int_equal(f->m.stats.faults, 3);
    assert_int_equal(f->m.stats.faults_recorded, 3);
    assert_int_equal(f->m.stats.retries, 1);
    /* Clearing fip while fqof is still set: fip comes back (spec 5.18). */
    wr(f, IPSR, 4, 2);
    assert_true(rd(f, IPSR, 4) & 2);
    /* Clearing fqof without room: the retry finds it full and sets fqof again. */
    wr(f, FQCSR, 4, 3 | (1u << 9));
    assert_false(rd(f, FQCSR, 4) & (1u << 9));
    assert_int_equal(go(f, 1, 0x3010, UVS_IOMMU_ACC_WRITE, 0).status, UVS_IOMMU_RETRY);
    assert_true(rd(f, FQCSR, 4) & (1u << 9));
    /* Room without clearing fqof: still held (the pqof rule). */
    wr(f, FQH, 4, 3);
    assert_int_equal(go(f, 1, 0x3010, UVS_IOMMU_ACC_WRITE, 0).status, UVS_IOMMU_RETRY);
    assert_int_equal(rd(f, FQT, 4), 3);
    /* Room and fqof cleared: the held fault is recorded and answered. */
    wr(f, FQCSR, 4, 3 | (1u << 9));
    r = go(f, 1, 0x3010, UVS_IOMMU_ACC_WRITE, 0);
    assert_int_equal(r.status, UVS_IOMMU_FAULT);
    assert_int_equal(r.cause, 15);
    assert_int_equal(rd(f, FQT, 4), 0);
    assert_int_equal(uvs_iommu_fq_decode(f->t.buf + (f->fq - TMEM_BASE) + 96, &rec), 0);
    assert_int_equal(rec.cause, 15);
    assert_int_equal(rec.iotval, 0x3010);
    assert_int_equal(f->m.stats.faults, 4);
    assert_int_equal(f->m.stats.faults_recorded, 4);
    /* Directory faults are held the same way (device 2: 258); head 3, tail 0: room for 2. */
    go(f, 2, 0x0, UVS_IOMMU_ACC_READ, 0);
    go(f, 2, 0x0, UVS_IOMMU_ACC_READ, 0);
    assert_int_equal(go(f, 2, 0x0, UVS_IOMMU_ACC_READ, 0).status, UVS_IOMMU_RETRY);
    assert_int_equal(rd(f, FQT, 4), 2);
    /* The fault queue turned off: nothing to hold the record for; discarded, answered. */
    wr(f, FQCSR, 4, 0);
    r = go(f, 2, 0x0, UVS_IOMMU_ACC_READ, 0);
    assert_int_equal(r.status, UVS_IOMMU_FAULT);
    assert_int_equal(r.cause, 258);
    wr(f, FQCSR, 4, 3);
    go(f, 2, 0x0, UVS_IOMMU_ACC_READ, 0);
    assert_int_equal(rd(f, FQT, 4), 1);
    /* ddtp Off: cause 256. */
    wr(f, DDTP, 8, 0);
    assert_int_equal(go(f, 1, 0x3000, UVS_IOMMU_ACC_READ, 0).cause, 256);
}

static void test_page_requests_and_replay(void **state)
{
    struct fx *f = *state;
    /* Read miss: new group, record written. */
    struct uvs_iommu_result r = go(f, 1, 0x40008, UVS_IOMMU_ACC_READ, 100);
    assert_int_equal(r.status, UVS_IOMMU_PAGE_REQUEST);
    assert_true(r.new_group);
    assert_int_equal(r.prgi, 0);
    assert_int_equal(rd(f, PQT, 4), 1);
    assert_true(rd(f, IPSR, 4) & 8); /* pip */
    struct uvs_iommu_page_req pr;
    assert_int_equal(uvs_iommu_pq_decode(f->t.buf + (f->pq - TMEM_BASE), &pr), 0);
    assert_int_equal(pr.did, 1);
    assert_true(pr.r && !pr.w && pr.l);
    assert_int_equal(pr.prgi, 0);
    assert_int_equal(pr.addr, 0x40000);
    /* Same page, another requester: joins group 0, no new record. */
    r = go(f, 1, 0x40ff0, UVS_IOMMU_ACC_EXEC, 101);
    assert_int_equal(r.status, UVS_IOMMU_PAGE_REQUEST);
    assert_false(r.new_group);
    assert_int_equal(r.prgi, 0);
    assert_int_equal(rd(f, PQT, 4), 1);
    /* A write to that page needs W: its own group 1. */
    r = go(f, 1, 0x40000, UVS_IOMMU_ACC_WRITE, 102);
    assert_true(r.new_group);
    assert_int_equal(r.prgi, 1);
    assert_int_equal(uvs_iommu_model_parked(&f->m), 3);
    /* Firmware maps the page and replays group 0 (success) and fails group 1. */
    tmem_map(&f->t, f->root, 3, 0x40000, 0x70000, 0, F_R | F_X | F_U);
    push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 64, .did = 1, .prgi = 0, .resp = 0});
    push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 64, .did = 1, .prgi = 1, .resp = 15});
    push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 64, .did = 1, .prgi = 7, .resp = 0}); /* stale */
    assert_int_equal(uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8), 3);
    assert_int_equal(uvs_iommu_model_parked(&f->m), 0);
    assert_int_equal(f->m.stats.stale_replays, 1);
    struct uvs_iommu_req req;
    uint64_t tag;
    uint8_t resp;
    uint64_t want_tags[3] = {100, 101, 102};
    uint8_t want_resp[3] = {0, 0, 15};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(uvs_iommu_model_pop_released(&f->m, &req, &tag, &resp), 1);
        assert_int_equal(tag, want_tags[i]);
        assert_int_equal(resp, want_resp[i]);
        if (resp == 0) {
            r = go(f, req.did, req.iova, req.access, tag);
            assert_int_equal(r.status, UVS_IOMMU_OK);
            assert_int_equal(r.pa, 0x70000 | (req.iova & 0xfff));
        }
    }
    assert_int_equal(uvs_iommu_model_pop_released(&f->m, &req, &tag, &resp), 0);
    /* Group indexes are free again. */
    r = go(f, 1, 0x50000, UVS_IOMMU_ACC_READ, 103);
    assert_int_equal(r.prgi, 0);
}

static void test_page_request_backpressure(void **state)
{
    struct fx *f = *state;
    /* 4-entry PQ holds 3 groups; the 4th request is told to retry and pqof is set. */
    for (int i = 0; i < 3; i++)
        assert_int_equal(go(f, 1, 0x100000 + i * 0x1000, UVS_IOMMU_ACC_READ, i).status, UVS_IOMMU_PAGE_REQUEST);
    struct uvs_iommu_result r = go(f, 1, 0x200000, UVS_IOMMU_ACC_READ, 9);
    assert_int_equal(r.status, UVS_IOMMU_RETRY);
    assert_true(rd(f, PQCSR, 4) & (1u << 9));
    assert_int_equal(uvs_iommu_model_parked(&f->m), 3);
    /* Joining an existing group still works: no record needed. */
    assert_int_equal(go(f, 1, 0x100800, UVS_IOMMU_ACC_READ, 10).status, UVS_IOMMU_PAGE_REQUEST);
    /* Software drains, clears pqof; the retried request now gets its record. */
    wr(f, PQH, 4, 3);
    wr(f, PQCSR, 4, 3 | (1u << 9));
    r = go(f, 1, 0x200000, UVS_IOMMU_ACC_READ, 9);
    assert_int_equal(r.status, UVS_IOMMU_PAGE_REQUEST);
    assert_true(r.new_group);
    assert_int_equal(r.prgi, 3);
    /* Page-request queue off: a replayable fault can never be serviced -> fault. */
    wr(f, PQCSR, 4, 0);
    r = go(f, 1, 0x300000, UVS_IOMMU_ACC_WRITE, 11);
    assert_int_equal(r.status, UVS_IOMMU_FAULT);
    assert_int_equal(r.cause, 15);
}

/*
 * Many requesters parked at once (one per hardware thread of c4mt: 4 ports
 * x 16 ids = UVS_IOMMU_MODEL_PARK): 48 pages open 48 groups, 16 more
 * requesters join them, a 65th finds the park table full (RETRY), a
 * requester that is still parked cannot issue again (-EBUSY); replaying
 * every group releases all 64 in arrival order and each re-walk succeeds.
 */
static void test_many_requesters(void **state)
{
    struct fx *f = *state;
    wr(f, PQCSR, 4, 0);
    wr(f, PQB, 8, ((f->pq >> 12) << 10) | 6); /* 128 entries, 2 KiB */
    wr(f, PQCSR, 4, 3);
    enum { N = UVS_IOMMU_MODEL_PARK, PAGES = 48 };
    for (int i = 0; i < N; i++) {
        uint64_t page = 0x400000 + (uint64_t)(i < PAGES ? i : i - PAGES) * 0x1000;
        struct uvs_iommu_result r = go(f, 1, page + 8 * (uint64_t)i, UVS_IOMMU_ACC_READ, 1000 + (uint64_t)i);
        assert_int_equal(r.status, UVS_IOMMU_PAGE_REQUEST);
        assert_int_equal(r.new_group, i < PAGES);
        assert_int_equal(r.prgi, i < PAGES ? i : i - PAGES);
    }
    assert_int_equal(uvs_iommu_model_parked(&f->m), N);
    assert_int_equal(f->m.stats.parked_max, N);
    assert_int_equal(f->m.stats.coalesced, N - PAGES);
    assert_int_equal(rd(f, PQT, 4), PAGES);
    /* a parked requester has no second request; a requester beyond the table retries */
    struct uvs_iommu_req req = {.did = 1, .iova = 0x900000, .access = UVS_IOMMU_ACC_READ};
    struct uvs_iommu_result r;
    assert_int_equal(uvs_iommu_model_translate(&f->m, &f->t.ops, &req, 1005, &r), -EBUSY);
    assert_int_equal(go(f, 1, 0x900000, UVS_IOMMU_ACC_READ, 5000).status, UVS_IOMMU_RETRY);
    /* firmware maps every page and replays every group */
    for (int g = 0; g < PAGES; g++)
        tmem_map(&f->t, f->root, 3, 0x400000 + (uint64_t)g * 0x1000, 0x800000 + (uint64_t)g * 0x1000, 0,
                 F_R | F_W | F_U);
    for (int g = 0; g < PAGES; g++) {
        push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 64, .did = 1, .prgi = (uint16_t)g, .resp = 0});
        assert_int_equal(uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8), 1);
    }
    assert_int_equal(uvs_iommu_model_parked(&f->m), 0);
    for (int i = 0; i < N; i++) {
        uint64_t tag;
        uint8_t resp;
        assert_int_equal(uvs_iommu_model_pop_released(&f->m, &req, &tag, &resp), 1);
        assert_int_equal(tag, 1000 + (uint64_t)i);
        assert_int_equal(resp, 0);
        r = go(f, req.did, req.iova, req.access, tag);
        assert_int_equal(r.status, UVS_IOMMU_OK);
        assert_int_equal(r.pa, 0x800000 + (req.iova - 0x400000));
    }
    uint64_t tag;
    uint8_t resp;
    assert_int_equal(uvs_iommu_model_pop_released(&f->m, &req, &tag, &resp), 0);
}

/* A fresh page-aligned region of `bytes` naturally aligned to its size (power of two). */
static uint64_t aligned_region(struct fx *f, uint64_t bytes)
{
    uint64_t a = tmem_page(&f->t);
    while (a & (bytes - 1))
        a = tmem_page(&f->t);
    for (uint64_t s = 4096; s < bytes; s += 4096)
        tmem_page(&f->t);
    return a;
}

/*
 * Queue bases not naturally aligned to a queue of more than 4 KiB (spec
 * 5.6/5.9/5.12): the queue turns on with its MF bit set, no memory access;
 * the IOMMU keeps translating; a correct base then works.
 */
static void test_queue_base_alignment(void **state)
{
    struct fx *f = *state;
    uint64_t odd = aligned_region(f, 8192) + 4096; /* a page that is not 8-KiB aligned */
    tmem_map(&f->t, f->root, 3, 0x1000, 0x81000, 0, F_R | F_W | F_U | F_A | F_D);
    /* Command queue: 512 x 16 B = 8 KiB at an odd page: cqon and cqmf, nothing fetched. */
    wr(f, CQCSR, 4, 0);
    wr(f, CQB, 8, ((odd >> 12) << 10) | 8);
    wr(f, CQCSR, 4, 3);
    assert_int_equal(rd(f, CQCSR, 4), 0x10003 | (1u << 8));
    assert_true(rd(f, IPSR, 4) & 1); /* cip */
    memset(f->t.buf + (odd - TMEM_BASE), 0, 16);
    f->t.buf[odd - TMEM_BASE] = 2; /* IOFENCE.C */
    wr(f, CQT, 4, 1);
    assert_int_equal(uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8), 0);
    assert_int_equal(rd(f, CQH, 4), 0);
    /* Clearing cqmf does not help while the base stays misaligned. */
    wr(f, CQCSR, 4, 3 | (1u << 8));
    assert_true(rd(f, CQCSR, 4) & (1u << 8));
    assert_int_equal(uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8), 0);
    /* Translation keeps working meanwhile. */
    assert_int_equal(go(f, 1, 0x1008, UVS_IOMMU_ACC_READ, 0).pa, 0x81008);
    /* The fix: off, an aligned 8-KiB base, on: commands run. */
    uint64_t cq8k = aligned_region(f, 8192);
    wr(f, CQCSR, 4, 0);
    wr(f, CQB, 8, ((cq8k >> 12) << 10) | 8);
    wr(f, CQCSR, 4, 3);
    assert_int_equal(rd(f, CQCSR, 4), 0x10003);
    memset(f->t.buf + (cq8k - TMEM_BASE), 0, 16);
    f->t.buf[cq8k - TMEM_BASE] = 2;
    wr(f, CQT, 4, 1);
    assert_int_equal(uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8), 1);
    assert_int_equal(rd(f, CQH, 4), 1);
    /* Fault queue: 256 x 32 B = 8 KiB at an odd page: fqmf; a fault's record is
     * discarded (spec 5.16 for fqmf) and the requester answered, nothing written. */
    wr(f, FQCSR, 4, 0);
    wr(f, FQB, 8, ((odd >> 12) << 10) | 7);
    wr(f, FQCSR, 4, 3);
    assert_int_equal(rd(f, FQCSR, 4), 0x10003 | (1u << 8));
    memset(f->t.buf + (odd - TMEM_BASE), 0, 4096);
    tmem_map(&f->t, f->root, 3, 0x5000, 0x85000, 0, F_R | F_U | F_A); /* read-only */
    struct uvs_iommu_result r = go(f, 1, 0x5000, UVS_IOMMU_ACC_WRITE, 0);
    assert_int_equal(r.status, UVS_IOMMU_FAULT);
    assert_int_equal(r.cause, 15);
    assert_int_equal(rd(f, FQT, 4), 0);
    assert_int_equal(tmem_rd(&f->t, odd), 0);
    /* Page-request queue: 512 x 16 B at an odd page: pqmf; a page request is held (RETRY). */
    wr(f, PQCSR, 4, 0);
    wr(f, PQB, 8, ((odd >> 12) << 10) | 8);
    wr(f, PQCSR, 4, 3);
    assert_int_equal(rd(f, PQCSR, 4), 0x10003 | (1u << 8));
    assert_int_equal(go(f, 1, 0x6000, UVS_IOMMU_ACC_READ, 7).status, UVS_IOMMU_RETRY);
    assert_int_equal(uvs_iommu_model_parked(&f->m), 0);
    /* Fixed bases: records flow again. */
    uint64_t fq8k = aligned_region(f, 8192), pq8k = aligned_region(f, 8192);
    wr(f, FQCSR, 4, 0);
    wr(f, FQB, 8, ((fq8k >> 12) << 10) | 7);
    wr(f, FQCSR, 4, 3);
    wr(f, PQCSR, 4, 0);
    wr(f, PQB, 8, ((pq8k >> 12) << 10) | 8);
    wr(f, PQCSR, 4, 3);
    assert_false(rd(f, FQCSR, 4) & (1u << 8));
    assert_false(rd(f, PQCSR, 4) & (1u << 8));
    assert_int_equal(go(f, 1, 0x5000, UVS_IOMMU_ACC_WRITE, 0).status, UVS_IOMMU_FAULT);
    assert_int_equal(rd(f, FQT, 4), 1);
    struct uvs_iommu_fault_rec rec;
    assert_int_equal(uvs_iommu_fq_decode(f->t.buf + (fq8k - TMEM_BASE), &rec), 0);
    assert_int_equal(rec.iotval, 0x5000);
    assert_int_equal(go(f, 1, 0x6000, UVS_IOMMU_ACC_READ, 7).status, UVS_IOMMU_PAGE_REQUEST);
    assert_int_equal(rd(f, PQT, 4), 1);
}

/* A root page table or a device directory outside memory: access faults, then normal service. */
static void test_tables_outside_memory(void **state)
{
    struct fx *f = *state;
    tmem_map(&f->t, f->root, 3, 0x1000, 0x81000, 0, F_R | F_W | F_U | F_A | F_D);
    put_dc(f, 3, TC_V, 3, 0x7770000000ULL); /* iosatp.PPN outside memory */
    struct uvs_iommu_result r = go(f, 3, 0x1000, UVS_IOMMU_ACC_READ, 0);
    assert_int_equal(r.status, UVS_IOMMU_FAULT);
    assert_int_equal(r.cause, 5);
    assert_int_equal(go(f, 3, 0x1000, UVS_IOMMU_ACC_WRITE, 0).cause, 7);
    assert_int_equal(go(f, 3, 0x1000, UVS_IOMMU_ACC_EXEC, 0).cause, 1);
    assert_int_equal(go(f, 1, 0x1000, UVS_IOMMU_ACC_READ, 0).pa, 0x81000);
    /* Directory outside memory: 257 for an uncached device; the cached one keeps working. */
    uint64_t ddtp = rd(f, DDTP, 8);
    wr(f, DDTP, 8, (0x777000ULL << 10) | 2);
    assert_int_equal(go(f, 2, 0x1000, UVS_IOMMU_ACC_READ, 0).cause, 257);
    assert_int_equal(go(f, 1, 0x1000, UVS_IOMMU_ACC_READ, 0).pa, 0x81000);
    wr(f, DDTP, 8, ddtp);
    r = go(f, 1, 0x1010, UVS_IOMMU_ACC_WRITE, 0);
    assert_int_equal(r.status, UVS_IOMMU_OK);
    assert_int_equal(r.pa, 0x81010);
    assert_int_equal(rd(f, FQT, 4), 3);
    struct uvs_iommu_fault_rec rec;
    assert_int_equal(uvs_iommu_fq_decode(f->t.buf + (f->fq - TMEM_BASE) + 64, &rec), 0);
    assert_int_equal(rec.cause, 1);
}

static void test_commands_errors(void **state)
{
    struct fx *f = *state;
    /* Illegal command: cmd_ill, cqh stays on it, cip raised (cie on). */
    uint32_t t = (uint32_t)rd(f, CQT, 4);
    memset(f->t.buf + (f->cq - TMEM_BASE) + t * 16, 0, 16);
    f->t.buf[(f->cq - TMEM_BASE) + t * 16] = 5; /* reserved opcode */
    wr(f, CQT, 4, t + 1);
    push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 1});
    assert_int_equal(uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8), 0);
    assert_true(rd(f, CQCSR, 4) & (1u << 10));
    assert_int_equal(rd(f, CQH, 4), t);
    assert_true(rd(f, IPSR, 4) & 1);
    /* Stays stopped until software clears cmd_ill (RW1C). */
    assert_int_equal(uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8), 0);
    memset(f->t.buf + (f->cq - TMEM_BASE) + t * 16, 0, 16);
    f->t.buf[(f->cq - TMEM_BASE) + t * 16] = 2; /* now a plain IOFENCE.C */
    wr(f, CQCSR, 4, 3 | (1u << 10));
    assert_false(rd(f, CQCSR, 4) & (1u << 10));
    assert_int_equal(uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8), 2);
    /* IOFENCE.C with AV stores DATA; WSI sets fence_w_ip. */
    uint64_t flag = f->fq + 0x800;
    push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 2, .av = true, .wsi = true, .data = 0x600dcafe, .addr = flag});
    assert_int_equal(uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8), 1);
    assert_int_equal(tmem_rd(&f->t, flag) & 0xffffffff, 0x600dcafe);
    assert_true(rd(f, CQCSR, 4) & (1u << 11));
    /* IOFENCE.C to an address with no memory: cqmf, cqh stays. */
    uint32_t h = (uint32_t)rd(f, CQH, 4);
    push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 2, .av = true, .data = 1, .addr = 0x10000});
    assert_int_equal(uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8), 0);
    assert_true(rd(f, CQCSR, 4) & (1u << 8));
    assert_int_equal(rd(f, CQH, 4), h);
    /* IODIR with a DID too wide for 1LVL is illegal. */
    wr(f, CQCSR, 4, 0);
    wr(f, CQCSR, 4, 3);
    assert_int_equal(rd(f, CQH, 4), 0);
    wr(f, CQT, 4, 0);
    push_cmd(f, &(struct uvs_iommu_cmd){.opcode = 3, .dv = true, .did = 0x100});
    assert_int_equal(uvs_iommu_model_process_commands(&f->m, &f->t.ops, 8), 0);
    assert_true(rd(f, CQCSR, 4) & (1u << 10));
    /* A model without WSI (IGS = MSI): IOFENCE.C with WSI is illegal. */
    struct uvs_iommu_model m2;
    uvs_iommu_model_init(&m2, UVS_IOMMU_CAPS_UVMSOC & ~(3ULL << 28));
    struct uvs_iommu_cmd c = {.opcode = 2, .wsi = true};
    assert_int_equal(uvs_iommu_model_execute(&m2, &f->t.ops, &c), -ENOSYS);
    assert_int_equal(uvs_iommu_model_process_commands(NULL, &f->t.ops, 1), -EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_registers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_translate_and_cache, setup, teardown),
        cmocka_unit_test_setup_teardown(test_invalidate_scopes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_iotlb_geometry, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fault_records, setup, teardown),
        cmocka_unit_test_setup_teardown(test_page_requests_and_replay, setup, teardown),
        cmocka_unit_test_setup_teardown(test_page_request_backpressure, setup, teardown),
        cmocka_unit_test_setup_teardown(test_many_requesters, setup, teardown),
        cmocka_unit_test_setup_teardown(test_commands_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_queue_base_alignment, setup, teardown),
        cmocka_unit_test_setup_teardown(test_tables_outside_memory, setup, teardown),
    };
    return cmocka_run_group_tests_name("iommu_model", tests, NULL, NULL);
}

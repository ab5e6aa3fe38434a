/*
 * Directed tests of the IOMMU reference walker (sim/model/iommu_walk.c,
 * iommu_dc.c): every translation fault cause, superpages, A/D updates,
 * replayable vs non-replayable classification, device-context location.
 * Expected values are written from the privileged spec 4.3.2 and IOMMU spec
 * v1.0 2.3 by hand, not computed by the model.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tmem.h"
#include "uvs_iommu_ref.h"

struct fx {
    struct tmem t;
    uint64_t root;
    struct uvs_iommu_dc dc;
};

static int setup39(void **state)
{
    static struct fx f;
    memset(&f, 0, sizeof f);
    tmem_init(&f.t);
    f.root = tmem_page(&f.t);
    f.dc = (struct uvs_iommu_dc){.mode = 8, .root_ppn = f.root >> 12, .pscid = 7, .sade = true, .prq = true};
    *state = &f;
    return 0;
}

static int setup48(void **state)
{
    setup39(state);
    ((struct fx *)*state)->dc.mode = 9;
    return 0;
}

static int teardown(void **state)
{
    tmem_fini(&((struct fx *)*state)->t);
    return 0;
}

static struct uvs_iommu_result xlate(struct fx *f, uint64_t iova, enum uvs_iommu_access acc, enum uvs_iommu_priv priv)
{
    struct uvs_iommu_req req = {.did = 3, .iova = iova, .access = acc, .priv = priv};
    struct uvs_iommu_result res;
    assert_int_equal(uvs_iommu_ref_translate(&f->dc, &f->t.ops, &req, &res), 0);
    return res;
}

static void expect_fault(struct uvs_iommu_result r, uint32_t cause)
{
    assert_int_equal(r.status, UVS_IOMMU_FAULT);
    assert_int_equal(r.cause, cause);
}

static void test_sv39_4k_read_write(void **state)
{
    struct fx *f = *state;
    uint64_t leaf = tmem_map(&f->t, f->root, 3, 0x12345000, 0x9abcd000, 0, F_R | F_W | F_U);
    struct uvs_iommu_result r = xlate(f, 0x12345678, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U);
    assert_int_equal(r.status, UVS_IOMMU_OK);
    assert_int_equal(r.pa, 0x9abcd678);
    assert_int_equal(r.page_size, 4096);
    assert_int_equal(r.level, 0);
    assert_int_equal(r.pte_reads, 3);
    assert_int_equal(r.ad_updates, 1);
    /* A set in memory, D not (a read). */
    assert_true(tmem_rd(&f->t, leaf) & F_A);
    assert_false(tmem_rd(&f->t, leaf) & F_D);
    r = xlate(f, 0x12345ff8, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U);
    assert_int_equal(r.status, UVS_IOMMU_OK);
    assert_int_equal(r.pa, 0x9abcdff8);
    assert_true(tmem_rd(&f->t, leaf) & F_D);
    assert_int_equal(r.ad_updates, 1);
    /* Both already set: no update. */
    r = xlate(f, 0x12345000, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U);
    assert_int_equal(r.ad_updates, 0);
    assert_int_equal(r.pscid, 7);
}

static void test_sv48_4k(void **state)
{
    struct fx *f = *state;
    uint64_t iova = 0x7f1234567000ULL; /* needs the 4th level */
    tmem_map(&f->t, f->root, 4, iova, 0x100000000ULL, 0, F_R | F_U | F_A);
    struct uvs_iommu_result r = xlate(f, iova + 0x10, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U);
    assert_int_equal(r.status, UVS_IOMMU_OK);
    assert_int_equal(r.pa, 0x100000010ULL);
    assert_int_equal(r.pte_reads, 4);
    /* The same address in Sv39 is not canonical (bit 38 set, 63:39 clear). */
    f->dc.mode = 8;
    expect_fault(xlate(f, iova, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U), 13);
}

static void test_superpages(void **state)
{
    struct fx *f = *state;
    /* 2 MiB leaf at level 1, 1 GiB leaf at level 2. */
    tmem_map(&f->t, f->root, 3, 0x40200000, 0x1234600000ULL, 1, F_R | F_W | F_X | F_U | F_A | F_D);
    tmem_map(&f->t, f->root, 3, 0x80000000, 0x2c0000000ULL, 2, F_R | F_U | F_A);
    struct uvs_iommu_result r = xlate(f, 0x40200000 + 0x1abcde, UVS_IOMMU_ACC_EXEC, UVS_IOMMU_PRIV_U);
    assert_int_equal(r.status, UVS_IOMMU_OK);
    assert_int_equal(r.pa, 0x1234600000ULL + 0x1abcde);
    assert_int_equal(r.page_size, 2 << 20);
    assert_int_equal(r.level, 1);
    assert_int_equal(r.pte_reads, 2);
    r = xlate(f, 0x80000000 + 0x3fedcba9, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U);
    assert_int_equal(r.status, UVS_IOMMU_OK);
    assert_int_equal(r.pa, 0x2c0000000ULL + 0x3fedcba9);
    assert_int_equal(r.page_size, 1 << 30);
    assert_int_equal(r.pte_reads, 1);
}

static void test_sv48_superpages(void **state)
{
    struct fx *f = *state;
    /* 1 GiB at level 2 and 512 GiB at level 3. */
    tmem_map(&f->t, f->root, 4, 0x40000000, 0x3c0000000ULL, 2, F_R | F_U | F_A);
    tmem_map(&f->t, f->root, 4, 0x8000000000ULL, 0x10000000000ULL, 3, F_R | F_U | F_A);
    struct uvs_iommu_result r = xlate(f, 0x40000123, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U);
    assert_int_equal(r.pa, 0x3c0000123ULL);
    assert_int_equal(r.pte_reads, 2);
    r = xlate(f, 0x8000000000ULL + 0x7654321000ULL, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U);
    assert_int_equal(r.status, UVS_IOMMU_OK);
    assert_int_equal(r.pa, 0x10000000000ULL + 0x7654321000ULL);
    assert_int_equal(r.page_size, 1ULL << 39);
}

static void test_misaligned_superpage(void **state)
{
    struct fx *f = *state;
    /* 2 MiB leaf whose PPN is only 4-KiB aligned; 1 GiB leaf only 2-MiB aligned. */
    tmem_map(&f->t, f->root, 3, 0x200000, 0x80201000, 1, F_R | F_W | F_U | F_A | F_D);
    tmem_map(&f->t, f->root, 3, 0x40000000, 0x80200000, 2, F_R | F_W | F_U | F_A | F_D);
    struct uvs_iommu_result r = xlate(f, 0x200000, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U);
    expect_fault(r, 15);
    assert_true(r.report);
    assert_int_equal(r.iotval, 0x200000);
    assert_int_equal(r.ttyp, 3);
    expect_fault(xlate(f, 0x40000000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U), 13);
}

static void test_not_valid_is_replayable(void **state)
{
    struct fx *f = *state;
    /* Nothing mapped: the root PTE itself is not valid. */
    struct uvs_iommu_result r = xlate(f, 0x5000, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U);
    assert_int_equal(r.status, UVS_IOMMU_PAGE_REQUEST);
    assert_int_equal(r.cause, 15);
    assert_int_equal(r.pte_reads, 1);
    /* Tables present, leaf not valid. */
    uint64_t leaf = tmem_map(&f->t, f->root, 3, 0x6000, 0x7000, 0, F_R | F_U);
    tmem_wr(&f->t, leaf, 0);
    r = xlate(f, 0x6000, UVS_IOMMU_ACC_EXEC, UVS_IOMMU_PRIV_U);
    assert_int_equal(r.status, UVS_IOMMU_PAGE_REQUEST);
    assert_int_equal(r.cause, 12);
    assert_int_equal(r.pte_reads, 3);
    /* V = 0 with other bits set is still just "not valid". */
    tmem_wr(&f->t, leaf, 0xffffffffffffff00ULL);
    assert_int_equal(xlate(f, 0x6000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U).status, UVS_IOMMU_PAGE_REQUEST);
    /* Without UVS_PRQ it is a plain page fault. */
    f->dc.prq = false;
    expect_fault(xlate(f, 0x6000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U), 13);
}

static void test_permissions(void **state)
{
    struct fx *f = *state;
    tmem_map(&f->t, f->root, 3, 0x1000, 0x81000, 0, F_X | F_U | F_A);             /* execute-only */
    tmem_map(&f->t, f->root, 3, 0x2000, 0x82000, 0, F_R | F_U | F_A);             /* read-only */
    tmem_map(&f->t, f->root, 3, 0x3000, 0x83000, 0, F_R | F_W | F_U | F_A | F_D); /* RW user */
    tmem_map(&f->t, f->root, 3, 0x4000, 0x84000, 0, F_R | F_W | F_X | F_A | F_D); /* supervisor */
    expect_fault(xlate(f, 0x1000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U), 13);
    assert_int_equal(xlate(f, 0x1000, UVS_IOMMU_ACC_EXEC, UVS_IOMMU_PRIV_U).status, UVS_IOMMU_OK);
    expect_fault(xlate(f, 0x2000, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U), 15);
    expect_fault(xlate(f, 0x3000, UVS_IOMMU_ACC_EXEC, UVS_IOMMU_PRIV_U), 12);
    /* User request on a supervisor page. */
    expect_fault(xlate(f, 0x4000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U), 13);
    /* Supervisor requests need UVS_ENS: else transaction type disallowed. */
    expect_fault(xlate(f, 0x4000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_S), 260);
    f->dc.ens = true;
    assert_int_equal(xlate(f, 0x4000, UVS_IOMMU_ACC_EXEC, UVS_IOMMU_PRIV_S).status, UVS_IOMMU_OK);
    /* Supervisor on a user page: only with SUM, and never to execute. */
    expect_fault(xlate(f, 0x3000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_S), 13);
    f->dc.sum = true;
    assert_int_equal(xlate(f, 0x3000, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_S).status, UVS_IOMMU_OK);
    expect_fault(xlate(f, 0x1000, UVS_IOMMU_ACC_EXEC, UVS_IOMMU_PRIV_S), 12);
}

/* tc.UVS_PRQW: a write to a read-only leaf becomes a write-permission page request (read-mostly duplicates). */
static void test_write_permission_request(void **state)
{
    struct fx *f = *state;
    tmem_map(&f->t, f->root, 3, 0x2000, 0x82000, 0, F_R | F_U | F_A); /* read-only user page */
    tmem_map(&f->t, f->root, 3, 0x4000, 0x84000, 0, F_R | F_A);       /* read-only supervisor page */
    tmem_map(&f->t, f->root, 3, 0x1000, 0x81000, 0, F_X | F_U | F_A); /* execute-only */
    f->dc.prqw = true;
    struct uvs_iommu_result r = xlate(f, 0x2000, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U);
    assert_int_equal(r.status, UVS_IOMMU_PAGE_REQUEST);
    assert_int_equal(r.cause, 15);
    assert_int_equal(r.ad_updates, 0); /* nothing written: D is set by the replayed walk once W is there */
    /* Reads still pass; a write the privilege check refuses, or to a page without R, is a plain fault. */
    assert_int_equal(xlate(f, 0x2000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U).status, UVS_IOMMU_OK);
    expect_fault(xlate(f, 0x4000, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U), 15);
    expect_fault(xlate(f, 0x1000, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U), 15);
    /* Without UVS_PRQ, or without UVS_PRQW, the write to the read-only page faults. */
    f->dc.prq = false;
    expect_fault(xlate(f, 0x2000, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U), 15);
    f->dc.prq = true;
    f->dc.prqw = false;
    expect_fault(xlate(f, 0x2000, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U), 15);
    /* Encode and decode keep the bit. */
    struct uvs_iommu_dc_raw raw;
    struct uvs_iommu_dc back;
    struct uvs_iommu_cfg cfg = {.caps = UVS_IOMMU_CAPS_UVMSOC};
    uint32_t cause = 1;
    f->dc.prqw = true;
    assert_int_equal(uvs_iommu_dc_encode(&f->dc, &raw), 0);
    assert_true(raw.tc & UVS_IOMMU_DC_TC_UVS_PRQW_MASK);
    assert_int_equal(uvs_iommu_dc_decode(&raw, &cfg, &back, &cause), 0);
    assert_int_equal(cause, 0);
    assert_true(back.prqw && back.prq);
}

static void test_reserved_bits(void **state)
{
    struct fx *f = *state;
    uint64_t leaf = tmem_map(&f->t, f->root, 3, 0x1000, 0x81000, 0, F_R | F_W | F_U | F_A | F_D);
    uint64_t good = tmem_rd(&f->t, leaf);
    /* Each of bits 63:54 (reserved, PBMT, N) alone makes it a non-replayable page fault. */
    for (int b = 54; b < 64; b++) {
        tmem_wr(&f->t, leaf, good | (1ULL << b));
        struct uvs_iommu_result r = xlate(f, 0x1000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U);
        expect_fault(r, 13);
    }
    /* W without R is a reserved encoding. */
    tmem_wr(&f->t, leaf, (good & ~F_R) | F_W);
    expect_fault(xlate(f, 0x1000, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U), 15);
    tmem_wr(&f->t, leaf, (good & ~(F_R | F_X)) | F_W);
    expect_fault(xlate(f, 0x1000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U), 13);
    /* RSW bits are ignored. */
    tmem_wr(&f->t, leaf, good | (3ULL << 8));
    assert_int_equal(xlate(f, 0x1000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U).status, UVS_IOMMU_OK);
    /* A non-leaf PTE with A, D or U set. */
    tmem_wr(&f->t, leaf, good);
    uint64_t mid = tmem_pte_addr(&f->t, f->root, 3, 0x1000, 1);
    uint64_t midv = tmem_rd(&f->t, mid);
    uint64_t bits[3] = {F_A, F_D, F_U};
    for (int i = 0; i < 3; i++) {
        tmem_wr(&f->t, mid, midv | bits[i]);
        expect_fault(xlate(f, 0x1000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U), 13);
    }
    tmem_wr(&f->t, mid, midv | (1ULL << 60));
    expect_fault(xlate(f, 0x1000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U), 13);
    tmem_wr(&f->t, mid, midv);
    /* A pointer at level 0 (no R, no X) is a page fault. */
    tmem_wr(&f->t, leaf, (good & ~(F_R | F_W | F_X)));
    expect_fault(xlate(f, 0x1000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U), 13);
}

static void test_non_canonical(void **state)
{
    struct fx *f = *state;
    tmem_map(&f->t, f->root, 3, 0xffffffc000000000ULL, 0x80000000, 2, F_R | F_U | F_A);
    /* Upper half, canonical: bits 63:39 all equal bit 38 = 1. */
    struct uvs_iommu_result r = xlate(f, 0xffffffc000000040ULL, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U);
    assert_int_equal(r.status, UVS_IOMMU_OK);
    assert_int_equal(r.pa, 0x80000040);
    expect_fault(xlate(f, 0x0000008000000000ULL, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U), 13);
    expect_fault(xlate(f, 0x8000000000001000ULL, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U), 15);
    expect_fault(xlate(f, 0xfffffe0000000000ULL ^ (1ULL << 45), UVS_IOMMU_ACC_EXEC, UVS_IOMMU_PRIV_U), 12);
    /* Not canonical: no PTE read at all. */
    assert_int_equal(xlate(f, 0x0000008000000000ULL, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U).pte_reads, 0);
}

static void test_ad_without_sade(void **state)
{
    struct fx *f = *state;
    f->dc.sade = false;
    uint64_t leaf = tmem_map(&f->t, f->root, 3, 0x1000, 0x81000, 0, F_R | F_W | F_U);
    expect_fault(xlate(f, 0x1000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U), 13);
    tmem_wr(&f->t, leaf, tmem_rd(&f->t, leaf) | F_A);
    assert_int_equal(xlate(f, 0x1000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U).status, UVS_IOMMU_OK);
    expect_fault(xlate(f, 0x1000, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U), 15);
    /* Memory untouched by the faulting walks. */
    assert_false(tmem_rd(&f->t, leaf) & F_D);
}

/* A memory whose CAS finds the PTE changed: `races` times, another agent changes it first. */
struct racy {
    struct tmem *t;
    int races;
    uint64_t change;
};

static int racy_read(void *ctx, uint64_t pa, void *buf, unsigned len)
{
    struct racy *r = ctx;
    return r->t->ops.read(r->t->ops.ctx, pa, buf, len);
}

static int racy_cas(void *ctx, uint64_t pa, uint64_t expect, uint64_t desired, uint64_t *old)
{
    struct racy *r = ctx;
    if (r->races > 0) {
        r->races--;
        tmem_wr(r->t, pa, tmem_rd(r->t, pa) ^ r->change); /* someone else wrote the PTE */
    }
    return r->t->ops.cas64(r->t->ops.ctx, pa, expect, desired, old);
}

static void test_ad_cas_restart(void **state)
{
    struct fx *f = *state;
    uint64_t leaf = tmem_map(&f->t, f->root, 3, 0x1000, 0x81000, 0, F_R | F_W | F_U);
    struct racy rc = {.t = &f->t, .races = 1, .change = 1ULL << 8}; /* flips an RSW bit */
    struct uvs_iommu_mem m = {.ctx = &rc, .read = racy_read, .write = NULL, .cas64 = racy_cas};
    struct uvs_iommu_req req = {.iova = 0x1000, .access = UVS_IOMMU_ACC_WRITE};
    struct uvs_iommu_result res;
    assert_int_equal(uvs_iommu_ref_translate(&f->dc, &m, &req, &res), 0);
    assert_int_equal(res.status, UVS_IOMMU_OK);
    assert_int_equal(res.pte_reads, 6); /* walked twice */
    assert_true(res.pte & (1ULL << 8)); /* the other agent's change is kept */
    assert_int_equal(tmem_rd(&f->t, leaf), res.pte);
    /* The other agent revokes W: the restarted walk faults. */
    tmem_wr(&f->t, leaf, tmem_rd(&f->t, leaf) & ~(F_A | F_D));
    rc = (struct racy){.t = &f->t, .races = 1, .change = F_W};
    assert_int_equal(uvs_iommu_ref_translate(&f->dc, &m, &req, &res), 0);
    expect_fault(res, 15);
    /* A CAS that always loses: bounded, -EAGAIN. */
    tmem_wr(&f->t, leaf, tmem_rd(&f->t, leaf) | F_W);
    rc = (struct racy){.t = &f->t, .races = 1000, .change = 1ULL << 9};
    assert_int_equal(uvs_iommu_ref_translate(&f->dc, &m, &req, &res), -EAGAIN);
}

static void test_access_faults(void **state)
{
    struct fx *f = *state;
    /* Root outside memory: the first PTE load fails. */
    f->dc.root_ppn = 0x10000;
    expect_fault(xlate(f, 0x1000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U), 5);
    expect_fault(xlate(f, 0x1000, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U), 7);
    expect_fault(xlate(f, 0x1000, UVS_IOMMU_ACC_EXEC, UVS_IOMMU_PRIV_U), 1);
    f->dc.root_ppn = f->root >> 12;
    /* Poisoned PTE: data corruption. */
    tmem_map(&f->t, f->root, 3, 0x1000, 0x81000, 0, F_R | F_U | F_A);
    f->t.fm.poison_pa = tmem_pte_addr(&f->t, f->root, 3, 0x1000, 1);
    expect_fault(xlate(f, 0x1000, UVS_IOMMU_ACC_READ, UVS_IOMMU_PRIV_U), 274);
}

static void test_bare(void **state)
{
    struct fx *f = *state;
    f->dc.mode = 0;
    struct uvs_iommu_result r = xlate(f, 0x123456789aULL, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U);
    assert_int_equal(r.status, UVS_IOMMU_OK);
    assert_int_equal(r.pa, 0x123456789aULL);
    assert_int_equal(r.pte_reads, 0);
    /* Beyond capabilities.PAS (56 bits): access fault. */
    expect_fault(xlate(f, 1ULL << 56, UVS_IOMMU_ACC_WRITE, UVS_IOMMU_PRIV_U), 7);
}

static void test_bad_arguments(void **state)
{
    struct fx *f = *state;
    struct uvs_iommu_req req = {.iova = 0};
    struct uvs_iommu_result res;
    assert_int_equal(uvs_iommu_ref_translate(NULL, &f->t.ops, &req, &res), -EINVAL);
    assert_int_equal(uvs_iommu_ref_translate(&f->dc, NULL, &req, &res), -EINVAL);
    assert_int_equal(uvs_iommu_ref_translate(&f->dc, &f->t.ops, NULL, &res), -EINVAL);
    assert_int_equal(uvs_iommu_ref_translate(&f->dc, &f->t.ops, &req, NULL), -EINVAL);
    req.access = (enum uvs_iommu_access)7;
    assert_int_equal(uvs_iommu_ref_translate(&f->dc, &f->t.ops, &req, &res), -EINVAL);
    req.access = UVS_IOMMU_ACC_READ;
    req.did = 1u << 24;
    assert_int_equal(uvs_iommu_ref_translate(&f->dc, &f->t.ops, &req, &res), -EINVAL);
    req.did = 0;
    f->dc.mode = 10; /* Sv57 is not supported */
    assert_int_equal(uvs_iommu_ref_translate(&f->dc, &f->t.ops, &req, &res), -EINVAL);
}

/* ---- device directory and the whole request process ---- */

static const struct uvs_iommu_cfg caps_only = {.caps = UVS_IOMMU_CAPS_UVMSOC};

static void put_dc(struct tmem *t, uint64_t pa, uint64_t tc, uint64_t iohgatp, uint64_t ta, uint64_t fsc)
{
    tmem_wr(t, pa, tc);
    tmem_wr(t, pa + 8, iohgatp);
    tmem_wr(t, pa + 16, ta);
    tmem_wr(t, pa + 24, fsc);
}

static void test_dc_decode(void **state)
{
    (void)state;
    struct uvs_iommu_dc dc;
    uint32_t cause;
    /* tc: V | SADE | UVS_PRQ(24) | UVS_ENS(25); ta.PSCID = 0x55; fsc = Sv48, PPN 0x80123. */
    struct uvs_iommu_dc_raw raw = {.tc = 1 | (1 << 8) | (1 << 24) | (1 << 25), .ta = 0x55ULL << 12,
                                   .fsc = (9ULL << 60) | 0x80123};
    assert_int_equal(uvs_iommu_dc_decode(&raw, &caps_only, &dc, &cause), 0);
    assert_int_equal(cause, 0);
    assert_int_equal(dc.mode, 9);
    assert_int_equal(dc.root_ppn, 0x80123);
    assert_int_equal(dc.pscid, 0x55);
    assert_true(dc.sade && dc.prq && dc.ens && !dc.sum && !dc.dtf);
    struct uvs_iommu_dc_raw back;
    assert_int_equal(uvs_iommu_dc_encode(&dc, &back), 0);
    assert_memory_equal(&raw, &back, sizeof raw);
    /* Not valid. */
    struct uvs_iommu_dc_raw bad = raw;
    bad.tc &= ~1ULL;
    assert_int_equal(uvs_iommu_dc_decode(&bad, &caps_only, &dc, &cause), 0);
    assert_int_equal(cause, 258);
    /* Misconfigured: every unsupported or reserved tc bit (27 is UVS_PRQW), iohgatp, ta, fsc. */
    for (int b = 1; b < 64; b++) {
        if (b == 4 || b == 8 || b == 24 || b == 25 || b == 26 || b == 27)
            continue;
        bad = raw;
        bad.tc |= 1ULL << b;
        assert_int_equal(uvs_iommu_dc_decode(&bad, &caps_only, &dc, &cause), 0);
        assert_int_equal(cause, 259);
    }
    bad = raw;
    bad.iohgatp = 8ULL << 60;
    uvs_iommu_dc_decode(&bad, &caps_only, &dc, &cause);
    assert_int_equal(cause, 259);
    bad = raw;
    bad.ta |= 1;
    uvs_iommu_dc_decode(&bad, &caps_only, &dc, &cause);
    assert_int_equal(cause, 259);
    bad = raw;
    bad.fsc = (10ULL << 60) | 0x80123; /* Sv57 */
    uvs_iommu_dc_decode(&bad, &caps_only, &dc, &cause);
    assert_int_equal(cause, 259);
    bad = raw;
    bad.fsc |= 1ULL << 50; /* reserved bits 59:44 */
    uvs_iommu_dc_decode(&bad, &caps_only, &dc, &cause);
    assert_int_equal(cause, 259);
    /* Sv48 not in capabilities. */
    struct uvs_iommu_cfg no48 = {.caps = UVS_IOMMU_CAPS_UVMSOC & ~(1ULL << 10)};
    uvs_iommu_dc_decode(&raw, &no48, &dc, &cause);
    assert_int_equal(cause, 259);
    assert_int_equal(uvs_iommu_dc_decode(NULL, &caps_only, &dc, &cause), -EINVAL);
    dc.pscid = 1u << 20;
    assert_int_equal(uvs_iommu_dc_encode(&dc, &back), -EINVAL);
}

static void test_locate_dc(void **state)
{
    struct fx *f = *state;
    uint64_t ddt = tmem_page(&f->t);
    struct uvs_iommu_cfg cfg = {.caps = UVS_IOMMU_CAPS_UVMSOC, .ddtp = ((ddt >> 12) << 10) | 2 /* 1LVL */};
    uint64_t fsc = (8ULL << 60) | (f->root >> 12);
    put_dc(&f->t, ddt + 5 * 32, 1, 0, 9ULL << 12, fsc);
    struct uvs_iommu_dc dc;
    uint32_t cause;
    assert_int_equal(uvs_iommu_locate_dc(&cfg, &f->t.ops, 5, &dc, &cause), 0);
    assert_int_equal(cause, 0);
    assert_int_equal(dc.pscid, 9);
    assert_int_equal(dc.root_ppn, f->root >> 12);
    /* 1LVL: device_id above 7 bits is too wide. */
    uvs_iommu_locate_dc(&cfg, &f->t.ops, 0x80, &dc, &cause);
    assert_int_equal(cause, 260);
    uvs_iommu_locate_dc(&cfg, &f->t.ops, 6, &dc, &cause);
    assert_int_equal(cause, 258);
    put_dc(&f->t, ddt + 6 * 32, 1 | (1 << 1), 0, 0, fsc); /* EN_ATS without ATS */
    uvs_iommu_locate_dc(&cfg, &f->t.ops, 6, &dc, &cause);
    assert_int_equal(cause, 259);
    /* Directory outside memory / poisoned. */
    struct uvs_iommu_cfg far = {.caps = cfg.caps, .ddtp = (0x10ULL << 10) | 2};
    uvs_iommu_locate_dc(&far, &f->t.ops, 5, &dc, &cause);
    assert_int_equal(cause, 257);
    f->t.fm.poison_pa = ddt + 5 * 32 + 16;
    uvs_iommu_locate_dc(&cfg, &f->t.ops, 5, &dc, &cause);
    assert_int_equal(cause, 268);
    f->t.fm.poison_pa = UINT64_MAX;
    /* 3LVL: device_id 0x012345 -> DDI2 = 0x01, DDI1 = 0x46, DDI0 = 0x45. */
    uint64_t l2 = tmem_page(&f->t), l1 = tmem_page(&f->t), l0 = tmem_page(&f->t);
    struct uvs_iommu_cfg c3 = {.caps = cfg.caps, .ddtp = ((l2 >> 12) << 10) | 4};
    uvs_iommu_locate_dc(&c3, &f->t.ops, 0x012345, &dc, &cause);
    assert_int_equal(cause, 258); /* root entry not valid */
    tmem_wr(&f->t, l2 + 0x01 * 8, ((l1 >> 12) << 10) | 1);
    tmem_wr(&f->t, l1 + 0x46 * 8, ((l0 >> 12) << 10) | 1);
    put_dc(&f->t, l0 + 0x45 * 32, 1, 0, 0x77ULL << 12, fsc);
    assert_int_equal(uvs_iommu_locate_dc(&c3, &f->t.ops, 0x012345, &dc, &cause), 0);
    assert_int_equal(cause, 0);
    assert_int_equal(dc.pscid, 0x77);
    tmem_wr(&f->t, l1 + 0x46 * 8, ((l0 >> 12) << 10) | 1 | (1 << 3)); /* reserved bit */
    uvs_iommu_locate_dc(&c3, &f->t.ops, 0x012345, &dc, &cause);
    assert_int_equal(cause, 259);
    /* 2LVL: DDI2 must be 0. */
    struct uvs_iommu_cfg c2 = {.caps = cfg.caps, .ddtp = ((l1 >> 12) << 10) | 3};
    uvs_iommu_locate_dc(&c2, &f->t.ops, 0x012345, &dc, &cause);
    assert_int_equal(cause, 260);
    cfg.ddtp = 1; /* Bare: no directory */
    assert_int_equal(uvs_iommu_locate_dc(&cfg, &f->t.ops, 5, &dc, &cause), -EINVAL);
}

static void test_request_process(void **state)
{
    struct fx *f = *state;
    struct uvs_iommu_req req = {.did = 5, .iova = 0x2000, .access = UVS_IOMMU_ACC_READ};
    struct uvs_iommu_result res;
    struct uvs_iommu_cfg cfg = {.caps = UVS_IOMMU_CAPS_UVMSOC, .ddtp = 0 /* Off */};
    assert_int_equal(uvs_iommu_ref_request(&cfg, &f->t.ops, &req, &res), 0);
    expect_fault(res, 256);
    cfg.ddtp = 1; /* Bare */
    assert_int_equal(uvs_iommu_ref_request(&cfg, &f->t.ops, &req, &res), 0);
    assert_int_equal(res.status, UVS_IOMMU_OK);
    assert_int_equal(res.pa, 0x2000);
    uint64_t ddt = tmem_page(&f->t);
    cfg.ddtp = ((ddt >> 12) << 10) | 2;
    assert_int_equal(uvs_iommu_ref_request(&cfg, &f->t.ops, &req, &res), 0);
    expect_fault(res, 258);
    assert_true(res.report);
    /* DTF hides translation faults but not directory faults. */
    put_dc(&f->t, ddt + 5 * 32, 1 | (1 << 4), 0, 0, (8ULL << 60) | (f->root >> 12));
    assert_int_equal(uvs_iommu_ref_request(&cfg, &f->t.ops, &req, &res), 0);
    expect_fault(res, 13); /* nothing mapped, no UVS_PRQ */
    assert_false(res.report);
    put_dc(&f->t, ddt + 5 * 32, 1 | (1 << 4) | (1 << 20), 0, 0, 0);
    assert_int_equal(uvs_iommu_ref_request(&cfg, &f->t.ops, &req, &res), 0);
    expect_fault(res, 259);
    assert_true(res.report);
    cfg.ddtp = 7; /* reserved mode */
    assert_int_equal(uvs_iommu_ref_request(&cfg, &f->t.ops, &req, &res), -EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_sv39_4k_read_write, setup39, teardown),
        cmocka_unit_test_setup_teardown(test_sv48_4k, setup48, teardown),
        cmocka_unit_test_setup_teardown(test_superpages, setup39, teardown),
        cmocka_unit_test_setup_teardown(test_sv48_superpages, setup48, teardown),
        cmocka_unit_test_setup_teardown(test_misaligned_superpage, setup39, teardown),
        cmocka_unit_test_setup_teardown(test_not_valid_is_replayable, setup39, teardown),
        cmocka_unit_test_setup_teardown(test_write_permission_request, setup39, teardown),
        cmocka_unit_test_setup_teardown(test_permissions, setup39, teardown),
        cmocka_unit_test_setup_teardown(test_reserved_bits, setup39, teardown),
        cmocka_unit_test_setup_teardown(test_non_canonical, setup39, teardown),
        cmocka_unit_test_setup_teardown(test_ad_without_sade, setup39, teardown),
        cmocka_unit_test_setup_teardown(test_ad_cas_restart, setup39, teardown),
        cmocka_unit_test_setup_teardown(test_access_faults, setup39, teardown),
        cmocka_unit_test_setup_teardown(test_bare, setup39, teardown),
        cmocka_unit_test_setup_teardown(test_bad_arguments, setup39, teardown),
        cmocka_unit_test(test_dc_decode),
        cmocka_unit_test_setup_teardown(test_locate_dc, setup39, teardown),
        cmocka_unit_test_setup_teardown(test_request_process, setup39, teardown),
    };
    return cmocka_run_group_tests_name("iommu_walk", tests, NULL, NULL);
}

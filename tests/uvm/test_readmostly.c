/*
 * Read-mostly duplication (host/lib/uvm_readmostly.c and its use by the fault
 * service and the coherence state machine; issue 18 item 1): a read-mostly
 * range is migrated as read-only units that never become superpages and
 * whose pages become UVM_PAGE_DUP (host mapping PROT_READ); a write record
 * on a duplicate plans one GRANT unit of its page (and its replay) and
 * makes the page DEVICE; a host trap on a duplicate drops the HBM copy.
 * The device side (firmware UVM_BA_GRANT_WRITE, the IOMMU's write-permission
 * page request) is tested co-simulated in tests/readmostly.tests.
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

#include "uvm_coher.h"
#include "uvm_fault.h"
#include "uvm_readmostly.h"

#define PG 4096ull
#define MB2 0x200000ull
#define VA 0x200000000000ull
#define BUS 0x100000000ull
#define DID 5u

struct dev {
    struct uvm_range r;
    struct uvm_unit last[64];
    size_t nlast, calls, nrep;
    int grant_status; /* status the device gives GRANT units */
};

static int d_lookup(void *ctx, uint32_t did, uint64_t va, struct uvm_range *out)
{
    struct dev *d = ctx;
    if (did != DID || va < d->r.va || va >= d->r.va + d->r.size)
        return -ENOENT;
    *out = d->r;
    return 0;
}

static int d_execute(void *ctx, struct uvm_unit *u, size_t n, const struct uvm_replay *r, size_t nrep)
{
    struct dev *d = ctx;
    (void)r;
    d->calls++;
    d->nrep = nrep;
    d->nlast = n < 64 ? n : 64;
    for (size_t i = 0; i < n; i++) {
        u[i].status = u[i].kind == UVM_UNIT_GRANT ? d->grant_status : 0;
        u[i].copied = u[i].kind == UVM_UNIT_MIGRATE ? u[i].npages : 0;
        u[i].super = u[i].super_ok;
        if (i < 64)
            d->last[i] = u[i];
    }
    return 0;
}

static const struct uvm_fault_ops dops = {.lookup = d_lookup, .execute = d_execute};

static struct uvs_uvm_frec frec(uint64_t page, uint16_t prgi, uint8_t access)
{
    return (struct uvs_uvm_frec){.did = DID, .page = page, .prgi = prgi, .access = access};
}

static struct dev *dev_new(uint32_t advice, uint64_t size)
{
    struct dev *d = calloc(1, sizeof *d);
    assert_non_null(d);
    d->r = (struct uvm_range){.va = VA, .size = size, .bus = BUS, .advice = advice};
    d->r.state = calloc(size / PG, 1);
    assert_non_null(d->r.state);
    return d;
}

static void dev_free(struct dev *d)
{
    free(d->r.state);
    free(d);
}

static void test_decisions(void **state)
{
    (void)state;
    struct uvm_range r = {.advice = UVM_ADV_READ_MOSTLY};
    assert_true(uvm_rm_readonly_unit(&r, true));
    assert_false(uvm_rm_readonly_unit(&r, false)); /* per-step MAP maps read-write only */
    assert_false(uvm_rm_readonly_unit(NULL, true));
    r.advice = UVM_ADV_READ_MOSTLY | UVM_ADV_PREFERRED_HOST | UVM_ADV_ACCESSED_BY; /* mapped remotely */
    assert_false(uvm_rm_readonly_unit(&r, true));
    r.advice = UVM_ADV_PREFERRED_DEVICE;
    assert_false(uvm_rm_readonly_unit(&r, true));
    assert_true(uvm_rm_wants_grant(UVM_PAGE_DUP, UVS_UVM_ACC_W, 0)); /* advice removed since: still a duplicate */
    assert_true(uvm_rm_wants_grant(UVM_PAGE_DUP, UVS_UVM_ACC_R | UVS_UVM_ACC_W, UVM_ADV_READ_MOSTLY));
    assert_false(uvm_rm_wants_grant(UVM_PAGE_DUP, UVS_UVM_ACC_R, UVM_ADV_READ_MOSTLY));
    assert_false(uvm_rm_wants_grant(UVM_PAGE_DEVICE, UVS_UVM_ACC_W, 0));
    /* A partly done read-only unit leaves DEVICE pages that may have read-only PTEs. */
    assert_true(uvm_rm_wants_grant(UVM_PAGE_DEVICE, UVS_UVM_ACC_W, UVM_ADV_READ_MOSTLY));
    assert_false(uvm_rm_wants_grant(UVM_PAGE_HOST, UVS_UVM_ACC_W, UVM_ADV_READ_MOSTLY));
    assert_false(uvm_rm_wants_grant(UVM_PAGE_REMOTE, UVS_UVM_ACC_W, UVM_ADV_READ_MOSTLY));
    assert_int_equal(uvm_rm_state_after_migrate(true, false), UVM_PAGE_DUP);
    assert_int_equal(uvm_rm_state_after_migrate(true, true), UVM_PAGE_DEVICE); /* a page may be writable */
    assert_int_equal(uvm_rm_state_after_migrate(false, false), UVM_PAGE_DEVICE);
}

static void test_coherence_of_duplicates(void **state)
{
    (void)state;
    struct uvm_coher_step st;
    assert_int_equal(uvm_coher_want(UVM_PAGE_DUP), UVM_HPROT_RO);
    /* A trap on a PROT_READ duplicate is a host write: the HBM copy goes, the page becomes read-write. */
    assert_int_equal(uvm_coher_host_fault(UVM_PAGE_DUP, UVM_HPROT_RO, &st), 0);
    assert_int_equal(st.evict, 1);
    assert_int_equal(st.prot, UVM_HPROT_RW);
    /* The device dropped it on its own since: protection lifted only. */
    assert_int_equal(uvm_coher_host_fault(UVM_PAGE_HOST, UVM_HPROT_RO, &st), 0);
    assert_int_equal(st.evict, 0);
    assert_int_equal(uvm_coher_host_fault(UVM_PAGE_DUP, 3, &st), -EINVAL); /* unknown protection */
    /* After a launch: duplicates PROT_READ, a collapsed (device-written) page PROT_NONE, one run each. */
    uint8_t s[4] = {UVM_PAGE_DUP, UVM_PAGE_DUP, UVM_PAGE_DEVICE, UVM_PAGE_HOST};
    uint8_t h[4] = {UVM_HPROT_RW, UVM_HPROT_RW, UVM_HPROT_RO, UVM_HPROT_RW};
    size_t pos = 0, len;
    uint8_t prot;
    assert_int_equal(uvm_coher_next_run(s, h, 4, &pos, &len, &prot), 1);
    assert_int_equal(pos, 0);
    assert_int_equal(len, 2);
    assert_int_equal(prot, UVM_HPROT_RO);
    pos += len;
    assert_int_equal(uvm_coher_next_run(s, h, 4, &pos, &len, &prot), 1);
    assert_int_equal(pos, 2);
    assert_int_equal(len, 1);
    assert_int_equal(prot, UVM_HPROT_NONE);
    pos += len;
    assert_int_equal(uvm_coher_next_run(s, h, 4, &pos, &len, &prot), 0);
}

static void test_duplicate_then_grant(void **state)
{
    (void)state;
    struct dev *d = dev_new(UVM_ADV_READ_MOSTLY, MB2);
    struct uvm_policy p = UVM_POLICY_BASELINE; /* superpages allowed: read-only units must not use them */
    struct uvm_fault_svc *s;
    assert_int_equal(uvm_fault_create(&p, &dops, d, &s), 0);
    struct uvs_uvm_frec r1 = frec(VA + 5 * PG, 1, UVS_UVM_ACC_R);
    assert_int_equal(uvm_fault_service(s, &r1, 1), 0);
    /* The whole 2 MiB block as one read-only unit that may not be a superpage (the firmware maps 64 KiB pieces). */
    assert_int_equal(d->nlast, 1);
    assert_int_equal(d->last[0].kind, UVM_UNIT_MIGRATE);
    assert_true(d->last[0].readonly);
    assert_false(d->last[0].super_ok);
    assert_int_equal(d->last[0].npages, 512);
    for (size_t k = 0; k < MB2 / PG; k++)
        assert_int_equal(d->r.state[k], UVM_PAGE_DUP);
    struct uvm_fault_counters c;
    uvm_fault_get_counters(s, &c);
    assert_int_equal(c.dup_pages, 512);
    assert_int_equal(c.pages_in, 512);

    /* A read of a duplicate (a stale request): replay only, no unit. */
    struct uvs_uvm_frec r2 = frec(VA + 6 * PG, 2, UVS_UVM_ACC_R);
    assert_int_equal(uvm_fault_service(s, &r2, 1), 0);
    size_t nu;
    uvm_fault_plan_units(s, &nu);
    assert_int_equal(nu, 0);
    assert_int_equal(d->nrep, 1);

    /* A device write to a duplicate (two coalesced records): one GRANT unit of its page, then the replays. */
    struct uvs_uvm_frec w[2] = {frec(VA + 7 * PG, 3, UVS_UVM_ACC_W), frec(VA + 7 * PG, 4, UVS_UVM_ACC_W)};
    assert_int_equal(uvm_fault_service(s, w, 2), 0);
    assert_int_equal(d->nlast, 1);
    assert_int_equal(d->last[0].kind, UVM_UNIT_GRANT);
    assert_int_equal(d->last[0].va, VA + 7 * PG);
    assert_int_equal(d->last[0].npages, 1);
    assert_int_equal(d->nrep, 2);
    assert_int_equal(d->r.state[7], UVM_PAGE_DEVICE);
    assert_int_equal(d->r.state[6], UVM_PAGE_DUP); /* the rest of the 64 KiB unit stays duplicated */
    uvm_fault_get_counters(s, &c);
    assert_int_equal(c.write_grants, 1);
    assert_int_equal(c.failures, 0);
    assert_int_equal(c.unique_faults, 3); /* accounting: 1 migrated + 2 already resident */
    assert_int_equal(c.already_resident, 2);

    /* The device could not grant (the page left HBM meanwhile): state kept, no failure counted. */
    d->grant_status = -ENOENT;
    struct uvs_uvm_frec w2 = frec(VA + 8 * PG, 5, UVS_UVM_ACC_W);
    assert_int_equal(uvm_fault_service(s, &w2, 1), 0);
    assert_int_equal(d->last[0].kind, UVM_UNIT_GRANT);
    assert_int_equal(d->r.state[8], UVM_PAGE_DUP);
    uvm_fault_get_counters(s, &c);
    assert_int_equal(c.write_grants, 1);
    assert_int_equal(c.failures, 0);

    /* A write to a DEVICE page of a read-mostly range (its PTE may be read-only): W given again, harmless. */
    d->grant_status = 0;
    struct uvs_uvm_frec w3 = frec(VA + 7 * PG, 6, UVS_UVM_ACC_W);
    assert_int_equal(uvm_fault_service(s, &w3, 1), 0);
    uvm_fault_plan_units(s, &nu);
    assert_int_equal(nu, 1);
    assert_int_equal(d->last[0].kind, UVM_UNIT_GRANT);
    assert_int_equal(d->r.state[7], UVM_PAGE_DEVICE);
    uvm_fault_destroy(s);
    dev_free(d);
}

static void test_plain_range_unchanged(void **state)
{
    (void)state;
    struct dev *d = dev_new(0, MB2);
    struct uvm_policy p = UVM_POLICY_BASELINE;
    struct uvm_fault_svc *s;
    assert_int_equal(uvm_fault_create(&p, &dops, d, &s), 0);
    struct uvs_uvm_frec r1 = frec(VA + 5 * PG, 1, UVS_UVM_ACC_W);
    assert_int_equal(uvm_fault_service(s, &r1, 1), 0);
    assert_true(d->nlast > 0);
    for (size_t i = 0; i < d->nlast; i++)
        assert_false(d->last[i].readonly);
    assert_int_equal(d->r.state[5], UVM_PAGE_DEVICE);
    /* A write record on a DEVICE page of a plain range never plans a GRANT. */
    assert_int_equal(uvm_fault_service(s, &r1, 1), 0);
    size_t nu;
    uvm_fault_plan_units(s, &nu);
    assert_int_equal(nu, 0);
    uvm_fault_destroy(s);
    dev_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decisions),
        cmocka_unit_test(test_coherence_of_duplicates),
        cmocka_unit_test(test_duplicate_then_grant),
        cmocka_unit_test(test_plain_range_unchanged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

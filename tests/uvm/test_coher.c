/*
 * Host coherence bookkeeping (host/lib/uvm_coher.c): the protection each
 * fault-service state asks for, the plan of a host fault, the counters, and
 * the runs of pages whose protection must change. cmocka, also under ASan/UBSan.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "uvm_coher.h"
#include "uvm_managed.h"

static void test_want(void **state)
{
    (void)state;
    assert_int_equal(uvm_coher_want(UVM_PAGE_HOST), UVM_HPROT_RW);
    assert_int_equal(uvm_coher_want(UVM_PAGE_REMOTE), UVM_HPROT_RW); /* the device works on the host copy in place */
    assert_int_equal(uvm_coher_want(UVM_PAGE_DEVICE), UVM_HPROT_NONE);
    assert_int_equal(uvm_coher_want(77), UVM_HPROT_NONE); /* unknown: the safe side */
}

static void test_host_fault(void **state)
{
    (void)state;
    struct uvm_coher_step st;
    /* the device may hold the page (dirty or clean): evict it, then read-write */
    memset(&st, 0xff, sizeof st);
    assert_int_equal(uvm_coher_host_fault(UVM_PAGE_DEVICE, UVM_HPROT_NONE, &st), 0);
    assert_int_equal(st.evict, 1);
    assert_int_equal(st.prot, UVM_HPROT_RW);
    /* the device gave it back on its own (notice applied): protection lifted only */
    assert_int_equal(uvm_coher_host_fault(UVM_PAGE_HOST, UVM_HPROT_NONE, &st), 0);
    assert_int_equal(st.evict, 0);
    assert_int_equal(st.prot, UVM_HPROT_RW);
    /* a fault on a read-write page is not a coherence fault: chained */
    assert_int_equal(uvm_coher_host_fault(UVM_PAGE_HOST, UVM_HPROT_RW, &st), -EFAULT);
    assert_int_equal(uvm_coher_host_fault(UVM_PAGE_DEVICE, UVM_HPROT_RW, &st), -EFAULT);
    /* bad input */
    assert_int_equal(uvm_coher_host_fault(UVM_PAGE_DEVICE, UVM_HPROT_NONE, NULL), -EINVAL);
    assert_int_equal(uvm_coher_host_fault(UVM_PAGE_DEVICE, 9, &st), -EINVAL);
}

static void test_account(void **state)
{
    (void)state;
    struct uvm_coher_counters c;
    memset(&c, 0, sizeof c);
    uvm_coher_account(&c, 1, 1);   /* dirty: migrated back */
    uvm_coher_account(&c, 1, 0);   /* clean: invalidated */
    uvm_coher_account(&c, 0, 0);   /* not held any more */
    uvm_coher_account(&c, 512, 1); /* a dirty superpage came back whole */
    assert_int_equal(c.host_faults, 4);
    assert_int_equal(c.migrate_back, 513);
    assert_int_equal(c.invalidated, 1);
    assert_int_equal(c.unheld, 1);
    uvm_coher_account(NULL, 1, 1); /* ignored */
}

/* Apply every run as the session does; returns the number of runs. */
static int apply_runs(const uint8_t *st, uint8_t *hp, size_t n, size_t *first, size_t *len0)
{
    size_t pos = 0, len;
    uint8_t prot;
    int runs = 0;
    while (uvm_coher_next_run(st, hp, n, &pos, &len, &prot) == 1) {
        assert_true(len >= 1 && pos + len <= n);
        if (runs == 0) {
            *first = pos;
            *len0 = len;
        }
        for (size_t i = pos; i < pos + len; i++) {
            assert_int_equal(uvm_coher_want(st[i]), prot);
            assert_int_not_equal(hp[i], prot);
            hp[i] = prot;
        }
        pos += len;
        runs++;
    }
    assert_int_equal(pos, n);
    return runs;
}

static void test_runs(void **state)
{
    (void)state;
    enum { N = 12 };
    uint8_t st[N], hp[N];
    size_t first = 99, len0 = 99;
    memset(st, UVM_PAGE_HOST, N);
    memset(hp, UVM_HPROT_RW, N);
    assert_int_equal(apply_runs(st, hp, N, &first, &len0), 0); /* nothing to change */
    /* after a launch: pages 2..5 and 8 in HBM, 6 remote */
    st[2] = st[3] = st[4] = st[5] = st[8] = UVM_PAGE_DEVICE;
    st[6] = UVM_PAGE_REMOTE;
    assert_int_equal(apply_runs(st, hp, N, &first, &len0), 2);
    assert_int_equal(first, 2);
    assert_int_equal(len0, 4);
    assert_int_equal(hp[6], UVM_HPROT_RW);
    assert_int_equal(hp[8], UVM_HPROT_NONE);
    assert_int_equal(apply_runs(st, hp, N, &first, &len0), 0); /* idempotent */
    /* pages 3 and 4 evicted (notices), 9 migrated: a run that lifts and one that protects, never mixed */
    st[3] = st[4] = UVM_PAGE_HOST;
    st[9] = UVM_PAGE_DEVICE;
    assert_int_equal(apply_runs(st, hp, N, &first, &len0), 2);
    assert_int_equal(first, 3);
    assert_int_equal(len0, 2);
    assert_int_equal(hp[3], UVM_HPROT_RW);
    assert_int_equal(hp[9], UVM_HPROT_NONE);
    /* adjacent pages wanting different protections are different runs */
    memset(st, UVM_PAGE_HOST, N);
    memset(hp, UVM_HPROT_NONE, 6);
    memset(hp + 6, UVM_HPROT_RW, 6);
    st[6] = UVM_PAGE_DEVICE;
    assert_int_equal(apply_runs(st, hp, N, &first, &len0), 2);
    assert_int_equal(first, 0);
    assert_int_equal(len0, 6);
    /* bad input */
    size_t pos = 0, len;
    uint8_t prot;
    assert_int_equal(uvm_coher_next_run(NULL, hp, N, &pos, &len, &prot), -EINVAL);
    assert_int_equal(uvm_coher_next_run(st, NULL, N, &pos, &len, &prot), -EINVAL);
    assert_int_equal(uvm_coher_next_run(st, hp, N, NULL, &len, &prot), -EINVAL);
    pos = N + 5; /* past the end: nothing */
    assert_int_equal(uvm_coher_next_run(st, hp, N, &pos, &len, &prot), 0);
    assert_int_equal(len, 0);
}

/*
 * The whole host-side life of one page as the session drives it: launch ->
 * protected; host touch -> evict and lift; notice while protected -> lift
 * without an EVICT.
 */
static void test_page_life(void **state)
{
    (void)state;
    uint8_t st = UVM_PAGE_HOST, hp = UVM_HPROT_RW;
    size_t first, len0;
    struct uvm_coher_step step;
    st = UVM_PAGE_DEVICE; /* the kernel faulted it in */
    assert_int_equal(apply_runs(&st, &hp, 1, &first, &len0), 1);
    assert_int_equal(hp, UVM_HPROT_NONE);
    assert_int_equal(uvm_coher_host_fault(st, hp, &step), 0);
    assert_int_equal(step.evict, 1);
    st = UVM_PAGE_HOST; /* the EVICT's notice */
    hp = step.prot;
    assert_int_equal(uvm_coher_host_fault(st, hp, &step), -EFAULT); /* no second trap */
    assert_int_equal(apply_runs(&st, &hp, 1, &first, &len0), 0);
    st = UVM_PAGE_DEVICE; /* next launch */
    assert_int_equal(apply_runs(&st, &hp, 1, &first, &len0), 1);
    st = UVM_PAGE_HOST; /* the device pre-evicted it between launches */
    assert_int_equal(uvm_coher_host_fault(st, hp, &step), 0);
    assert_int_equal(step.evict, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_want),   cmocka_unit_test(test_host_fault), cmocka_unit_test(test_account),
        cmocka_unit_test(test_runs),   cmocka_unit_test(test_page_life),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

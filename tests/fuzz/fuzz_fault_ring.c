/*
 * libFuzzer target: the host's fault-ring parser and planner
 * (host/lib/uvm_fault.c). The input is a batch of fault-ring records
 * (struct uvs_uvm_frec, uvm_abi.h) exactly as the device writes them into
 * host memory: any did, page, prgi, access, flags. uvm_fault_plan and then
 * uvm_fault_service (one UVM_OP_BATCH through a fake device that succeeds
 * or fails per the input) must accept or refuse every batch without memory
 * errors, and the plan must stay inside the managed ranges: every unit
 * aligned to its size and inside the range of its did, every replay naming
 * a (did, prgi) of the batch; read-only units never superpages, write
 * grants only for one page the device holds (DUP or DEVICE). The first
 * input byte picks the policy (bit 3: both ranges read-mostly).
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "uvm_fault.h"

#define CHECK(c) do { if (!(c)) __builtin_trap(); } while (0)
#define RANGE_VA 0x40000000ULL          /* did 1: 8 MiB at 1 GiB; did 2: 2 MiB at 2 GiB */
#define RANGE2_VA 0x80000000ULL
#define PAGES1 2048u
#define PAGES2 512u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t state1[PAGES1], state2[PAGES2];
static uint8_t fail_mode;
static uint32_t rm_advice; /* UVM_ADV_READ_MOSTLY on both ranges when the policy byte has bit 3 */

static int lookup(void *ctx, uint32_t did, uint64_t va, struct uvm_range *r)
{
    (void)ctx;
    if (did == 1 && va - RANGE_VA < (uint64_t)PAGES1 * 4096) {
        *r = (struct uvm_range){.va = RANGE_VA, .size = (uint64_t)PAGES1 * 4096, .bus = 0x100000000ULL,
                                .advice = rm_advice, .state = state1};
        return 0;
    }
    if (did == 2 && va - RANGE2_VA < (uint64_t)PAGES2 * 4096) {
        *r = (struct uvm_range){.va = RANGE2_VA, .size = (uint64_t)PAGES2 * 4096, .bus = 0x200000000ULL,
                                .advice = (fail_mode & 3u) | rm_advice, .state = state2};
        return 0;
    }
    return -ENOENT;
}

static int execute(void *ctx, struct uvm_unit *u, size_t n, const struct uvm_replay *r, size_t nrep)
{
    (void)ctx;
    (void)r;
    (void)nrep;
    if (fail_mode & 0x80)
        return -EIO; /* device unreachable */
    for (size_t i = 0; i < n; i++) {
        u[i].status = (fail_mode & 0x40) && (i & 1) ? -ENOMEM : 0;
        u[i].copied = u[i].status ? 0 : u[i].npages;
    }
    return 0;
}

static void check_plan(const struct uvm_fault_svc *svc, const struct uvs_uvm_frec *recs, size_t n)
{
    size_t nu = 0, nr = 0;
    const struct uvm_unit *u = uvm_fault_plan_units(svc, &nu);
    const struct uvm_replay *r = uvm_fault_plan_replays(svc, &nr);
    for (size_t i = 0; i < nu; i++) {
        uint64_t bytes = (uint64_t)u[i].npages * 4096;
        CHECK(u[i].npages == 1 || u[i].npages == 16 || u[i].npages == 512);
        CHECK(u[i].va % bytes == 0);
        CHECK(u[i].did == 1 || u[i].did == 2);
        uint64_t base = u[i].did == 1 ? RANGE_VA : RANGE2_VA;
        uint64_t len = (uint64_t)(u[i].did == 1 ? PAGES1 : PAGES2) * 4096;
        CHECK(u[i].va >= base && u[i].va + bytes <= base + len);
        CHECK(u[i].faulted <= u[i].npages);
        /* Read-mostly: read-only units are never superpages; a grant is one page the device holds. */
        CHECK(!u[i].readonly || !u[i].super_ok);
        if (u[i].kind == UVM_UNIT_GRANT) {
            const uint8_t *st = u[i].did == 1 ? state1 : state2;
            uint8_t s = st[(u[i].va - base) / 4096];
            CHECK(u[i].npages == 1 && (s == UVM_PAGE_DUP || s == UVM_PAGE_DEVICE));
        }
    }
    CHECK(nr <= n);
    for (size_t i = 0; i < nr; i++) {
        int found = 0;
        for (size_t j = 0; j < n && !found; j++)
            found = recs[j].did == r[i].did && recs[j].prgi == r[i].prgi;
        CHECK(found);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint8_t sel = data[0];
    data++;
    size--;
    if (size >= 1) {
        fail_mode = data[0];
        data++;
        size--;
    }
    static const struct uvm_policy pols[4] = {
        {.grow_pages = 16, .density_pct = 51, .superpages = true},
        {.grow_pages = 1},
        {.grow_pages = 512, .density_pct = 1, .superpages = true, .hbm_bytes = 1u << 22},
        {.grow_pages = 64, .density_pct = 99},
    };
    struct uvm_fault_ops ops = {.lookup = lookup, .execute = execute};
    struct uvm_fault_svc *svc = NULL;
    CHECK(uvm_fault_create(&pols[sel & 3], &ops, NULL, &svc) == 0);
    rm_advice = (sel & 8) ? UVM_ADV_READ_MOSTLY : 0;
    memset(state1, 0, sizeof state1);
    memset(state2, 0, sizeof state2);
    for (size_t i = 0; i < sizeof state1 && i < size; i++)
        state1[i] = data[i] % ((sel & 8) ? 4 : 3); /* some pages already in HBM, remote or (read-mostly) duplicated */
    size_t n = size / sizeof(struct uvs_uvm_frec);
    struct uvs_uvm_frec *recs = calloc(n ? n : 1, sizeof *recs);
    CHECK(recs != NULL);
    memcpy(recs, data, n * sizeof *recs); /* the ring is host memory the device wrote: any bytes */
    /* most records aimed at the managed ranges, so that planning goes deep */
    for (size_t i = 0; i < n; i++)
        if (sel & 4) {
            recs[i].did = 1 + (recs[i].did & 1);
            recs[i].page = (recs[i].did == 1 ? RANGE_VA : RANGE2_VA) + (recs[i].page % (PAGES1 * 4096ULL));
        }
    int rc = uvm_fault_plan(svc, recs, n);
    CHECK(rc == 0 || rc == -EINVAL || rc == -ENOMEM);
    if (rc == 0)
        check_plan(svc, recs, n);
    rc = uvm_fault_service(svc, recs, n);
    CHECK(rc <= (int)n);
    free(recs);
    uvm_fault_destroy(svc);
    return 0;
}

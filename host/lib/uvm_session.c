/* Managed memory on an open device (see uvm_session.h). */
#include "uvm_session.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <uvmsoc/dma.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/iommu_rec.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/uvm.h>

#include "uvm_coher.h"
#include "uvm_hostfault.h"
#include "uvm_managed.h"

#define COOKIE_BASE 0x75766d0000000000ull /* "uvm" */
#define CMD_TIMEOUT 50000000ull           /* cycles one unified-memory command may take */
#define MAX_BUFS 256u                     /* live backing buffers */

struct notice {
    uint64_t va, bytes;
    uint32_t did;
    int dirty;
};

struct uvm_session {
    struct uvs_dev *dev;
    uint32_t did;                   /* device context of the managed memory (PSCID did + 1) */
    struct uvm_managed *mm;
    struct uvm_fault_svc *svc;
    struct uvs_dma_buf ring, ctl, statbuf, units, reps; /* units/reps: UVM_OP_BATCH arrays */
    uint32_t log2sz, head;
    uint64_t seq;
    struct uvs_dma_buf bufs[MAX_BUFS];
    /* events seen while waiting for another one */
    int launch_done;
    uint64_t launch_cookie;
    struct uvs_hostq_evt launch_ev;
    struct notice *notices;
    size_t nnotices, cap_notices;
    struct uvs_uvm_frec *batch;
    uint64_t fault_wait, fault_records, notices_total;
    uint64_t cost_batch, cost_page, cost_block; /* lockstep host costs (struct uvm_policy) */
    struct uvm_coher_counters coher;  /* host coherence (uvm_coher.h) */
    int coherent;                     /* registered with the SIGSEGV handler (uvm_hostfault.h) */
    int busy;                         /* inside a device command: a host fault now is a bug */
    uint32_t batch_max;             /* most records per fault batch (struct uvm_policy), 0 = no limit */
    char err[256];
};

static int fail(struct uvm_session *s, int err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(struct uvm_session *s, int err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err, sizeof s->err, fmt, ap);
    va_end(ap);
    return err;
}

const char *uvm_session_last_error(const struct uvm_session *s)
{
    return s ? s->err : "no session";
}

/* An event that is not the one being waited for. */
static int stash(struct uvm_session *s, const struct uvs_hostq_evt *ev)
{
    if (ev->type == UVS_UVM_EVT_EVICT) {
        if (s->nnotices == s->cap_notices) {
            size_t cap = s->cap_notices ? 2 * s->cap_notices : 64;
            struct notice *n = realloc(s->notices, cap * sizeof *n);
            if (!n)
                return -ENOMEM;
            s->notices = n;
            s->cap_notices = cap;
        }
        s->notices[s->nnotices++] = (struct notice){.va = ev->value, .bytes = ev->addr & ~(uint64_t)UVS_UVM_EVN_F_MASK,
                                                    .did = (uint32_t)ev->cookie,
                                                    .dirty = (ev->addr & UVS_UVM_EVN_F_DIRTY) != 0};
        s->notices_total++;
        return 0;
    }
    if (s->launch_cookie && ev->cookie == s->launch_cookie) {
        s->launch_ev = *ev;
        s->launch_done = 1;
        return 0;
    }
    return fail(s, -EPROTO, "unexpected event (type %u, cookie 0x%llx, status %d)", ev->type,
                (unsigned long long)ev->cookie, ev->status);
}

/* Eviction notices into the fault service's page states. */
static void apply_notices(struct uvm_session *s)
{
    for (size_t i = 0; i < s->nnotices; i++)
        (void)uvm_fault_evicted(s->svc, s->notices[i].did, s->notices[i].va, s->notices[i].bytes,
                                s->notices[i].dirty);
    s->nnotices = 0;
}

/* Sends one unified-memory command and waits for its completion; *ev (may be NULL) gets it. */
static int cmd_sync(struct uvm_session *s, uint16_t op, const uint64_t *arg, unsigned nargs,
                    struct uvs_hostq_evt *ev)
{
    struct uvs_hostq_cmd c;
    struct uvs_hostq_evt e;
    memset(&c, 0, sizeof c);
    c.opcode = op;
    c.flags = UVS_HOSTQ_CMD_F_EVENT;
    c.cookie = COOKIE_BASE | ++s->seq;
    for (unsigned i = 0; i < nargs && i < UVS_HOSTQ_CMD_ARGS; i++)
        c.arg[i] = arg[i];
    s->busy++;
    int err = uvs_cmd_submit(s->dev, &c);
    if (err) {
        s->busy--;
        return fail(s, err, "command 0x%x: %s", op, uvs_last_error());
    }
    for (;;) {
        if ((err = uvs_evt_wait(s->dev, &e, CMD_TIMEOUT))) {
            s->busy--;
            return fail(s, err, "command 0x%x: %s", op, uvs_last_error());
        }
        if (e.type == UVS_HOSTQ_EVT_CMD_DONE && e.cookie == c.cookie)
            break;
        if ((err = stash(s, &e))) {
            s->busy--;
            return err;
        }
    }
    s->busy--;
    if (ev)
        *ev = e;
    if (e.status)
        return fail(s, e.status, "command 0x%x failed on the device: %s", op, strerror(-e.status));
    return 0;
}

/* ---- host coherence (issue 18 item 1; uvm_coher.h, uvm_hostfault.h) ---- */

/* Bring every managed page's host protection in line with the fault service's states. */
static int coher_protect_all(struct uvm_session *s)
{
    struct uvm_range r;
    for (uint64_t va = 0; uvm_managed_next(s->mm, va, &r) == 0; va = r.va + r.size) {
        size_t n = (size_t)(r.size / UVM_PAGE_SIZE), pos = 0, len;
        uint8_t prot;
        while (uvm_coher_next_run(r.state, r.hprot, n, &pos, &len, &prot) == 1) {
            void *p = (void *)(uintptr_t)(r.va + pos * UVM_PAGE_SIZE);
            int pr = prot == UVM_HPROT_RW ? PROT_READ | PROT_WRITE : prot == UVM_HPROT_RO ? PROT_READ : PROT_NONE;
            if (mprotect(p, len * UVM_PAGE_SIZE, pr) != 0)
                return fail(s, -errno, "host coherence: mprotect of %zu pages at %p: %s", len, p, strerror(errno));
            memset(r.hprot + pos, prot, len);
            s->coher.protect_runs++;
            if (prot == UVM_HPROT_NONE)
                s->coher.protected_pages += len;
            if (prot == UVM_HPROT_RO)
                s->coher.readonly_pages += len;
            pos += len;
        }
    }
    return 0;
}

/*
 * SIGSEGV callback (uvm_hostfault.h): a host load or store hit a protected
 * managed page. The device gives the page back (UVM_OP_EVICT of that page:
 * written back if dirty, PTE cleared and invalidated, frame freed) when the
 * fault service says it may hold it; then the protection is lifted and the
 * access retried. Runs on the faulting thread, inside the signal handler.
 */
static int coher_fault(void *ctx, void *addr)
{
    struct uvm_session *s = ctx;
    uint64_t va = (uint64_t)(uintptr_t)addr;
    struct uvm_range r;
    struct uvm_coher_step st;
    if (uvm_managed_lookup(s->mm, va, &r) || !r.hprot)
        return 0;
    size_t pg = (size_t)((va - r.va) / UVM_PAGE_SIZE);
    if (uvm_coher_host_fault(r.state[pg], r.hprot[pg], &st))
        return 0; /* not protected: a genuine fault, not ours */
    if (s->busy)
        return -EDEADLK; /* the library itself, or another thread during a command */
    uint64_t pva = r.va + pg * UVM_PAGE_SIZE, evicted = 0;
    int dirty = 0;
    if (r.state[pg] == UVM_PAGE_DUP) /* a host write to a read-mostly duplicate (its only trap): collapse it */
        s->coher.dup_collapsed++;
    if (st.evict) {
        uint64_t a[3] = {s->did, pva, 1};
        struct uvs_hostq_evt ev;
        size_t first = s->nnotices;
        memset(&ev, 0, sizeof ev);
        int err = cmd_sync(s, UVS_UVM_OP_EVICT, a, 3, &ev);
        if (err) {
            apply_notices(s);
            return err;
        }
        evicted = ev.value;
        for (size_t i = first; i < s->nnotices; i++)
            if (s->notices[i].did == s->did && s->notices[i].va <= pva &&
                pva < s->notices[i].va + s->notices[i].bytes)
                dirty = s->notices[i].dirty;
        apply_notices(s);
    }
    uvm_coher_account(&s->coher, evicted, dirty);
    if (mprotect((void *)(uintptr_t)pva, UVM_PAGE_SIZE, PROT_READ | PROT_WRITE) != 0)
        return -errno;
    r.hprot[pg] = st.prot;
    s->coher.protect_runs++;
    return 1;
}

/* ---- backing provider: buffers of the host-memory file ---- */
static int back_alloc(void *ctx, size_t size, int *fd, uint64_t *off, uint64_t *bus)
{
    struct uvm_session *s = ctx;
    unsigned i;
    for (i = 0; i < MAX_BUFS && s->bufs[i].size; i++)
        ;
    if (i == MAX_BUFS)
        return -ENOMEM;
    int err = uvs_dma_alloc(s->dev, size, &s->bufs[i]);
    if (err)
        return err;
    if ((err = uvs_dma_buf_fd(s->dev, &s->bufs[i], fd, off))) {
        uvs_dma_free(s->dev, &s->bufs[i]);
        memset(&s->bufs[i], 0, sizeof s->bufs[i]);
        return err;
    }
    *bus = s->bufs[i].bus;
    return 0;
}

static void back_free(void *ctx, int fd, uint64_t off, uint64_t bus, size_t size)
{
    struct uvm_session *s = ctx;
    (void)fd, (void)off, (void)size;
    for (unsigned i = 0; i < MAX_BUFS; i++)
        if (s->bufs[i].size && s->bufs[i].bus == bus) {
            uvs_dma_free(s->dev, &s->bufs[i]);
            memset(&s->bufs[i], 0, sizeof s->bufs[i]);
            return;
        }
}

static int back_release(void *ctx, uint32_t did, uint64_t va, size_t size)
{
    uint64_t a[3] = {did, va, size / UVM_PAGE_SIZE};
    return cmd_sync(ctx, UVS_UVM_OP_UNMAP, a, 3, NULL);
}

static const struct uvm_backing_ops backing = {.alloc = back_alloc, .free = back_free, .device_release = back_release};

/* ---- fault-service operations as queued commands ---- */
static int op_lookup(void *ctx, uint32_t did, uint64_t va, struct uvm_range *r)
{
    struct uvm_session *s = ctx;
    return uvm_managed_find(s->mm, did, va, r);
}

/*
 * The plan of one batch as UVM_OP_BATCH commands (one unless it has more
 * than UVM_BATCH_MAX_UNITS units or UVM_BATCH_MAX_REPLAYS groups): units
 * first, the groups in the last commands, so every page is mapped before
 * any group is answered. The host's own work on the batch is charged first
 * (lockstep: cost_batch, cost_block per 2 MiB unit to migrate, cost_page
 * per page of the smaller ones).
 */
static int op_execute(void *ctx, struct uvm_unit *u, size_t n, const struct uvm_replay *r, size_t nrep)
{
    struct uvm_session *s = ctx;
    struct uvs_uvm_bunit *bu = s->units.host;
    struct uvs_uvm_breplay *br = s->reps.host;
    uint64_t pages = 0, blocks = 0;
    for (size_t i = 0; i < n; i++)
        if (u[i].kind == UVM_UNIT_MIGRATE && u[i].npages == UVM_SPAN_ALIGN / UVM_PAGE_SIZE)
            blocks++;
        else if (u[i].kind == UVM_UNIT_MIGRATE)
            pages += u[i].npages;
    int err = uvs_charge(s->dev, s->cost_batch + s->cost_page * pages + s->cost_block * blocks);
    if (err)
        return fail(s, err, "host cost: %s", uvs_last_error());
    size_t iu = 0, ir = 0;
    do {
        size_t nu = n - iu < UVS_UVM_BATCH_MAX_UNITS ? n - iu : UVS_UVM_BATCH_MAX_UNITS;
        size_t nr = 0;
        if (iu + nu == n)
            nr = nrep - ir < UVS_UVM_BATCH_MAX_REPLAYS ? nrep - ir : UVS_UVM_BATCH_MAX_REPLAYS;
        for (size_t k = 0; k < nu; k++) {
            const struct uvm_unit *x = &u[iu + k];
            bu[k] = (struct uvs_uvm_bunit){
                .did = x->did, .pages = (uint16_t)x->npages,
                .action = x->kind == UVM_UNIT_REMOTE  ? UVS_UVM_BA_MAP_REMOTE
                          : x->kind == UVM_UNIT_GRANT ? UVS_UVM_BA_GRANT_WRITE
                                                      : UVS_UVM_BA_MIGRATE,
                .flags = (uint8_t)((x->super_ok ? UVS_UVM_BU_F_SUPER_OK : 0) |
                                   (x->readonly ? UVS_UVM_BU_F_READONLY : 0)),
                .va = x->va, .bus = x->bus,
                .status = -EINPROGRESS,
            };
        }
        for (size_t k = 0; k < nr; k++)
            br[k] = (struct uvs_uvm_breplay){.did = r[ir + k].did, .prgi = r[ir + k].prgi, .resp = r[ir + k].resp};
        uint64_t a[5] = {nu ? s->units.bus : 0, nu, nr ? s->reps.bus : 0, nr, 0};
        struct uvs_hostq_evt ev;
        memset(&ev, 0, sizeof ev);
        err = cmd_sync(s, UVS_UVM_OP_BATCH, a, 5, &ev);
        if (err && ev.cookie == 0)
            return err; /* transport: nothing known */
        for (size_t k = 0; k < nu; k++) {
            struct uvm_unit *x = &u[iu + k];
            /* A unit the device never reached (the command failed) keeps -EINPROGRESS: failed. */
            x->status = bu[k].status == -EINPROGRESS && err ? err : bu[k].status;
            x->super = (bu[k].result & UVS_UVM_BU_R_SUPER) != 0;
            x->partial = (bu[k].result & UVS_UVM_BU_R_PARTIAL) != 0;
            x->copied = bu[k].copied;
        }
        if (err)
            return err;
        /* Fault-to-replay, measured by the firmware in its own cycles (drain -> PAGE_REPLAY). */
        s->fault_wait += ev.addr;
        s->fault_records += ev.value >> 32;
        iu += nu;
        ir += nr;
    } while (iu < n || ir < nrep);
    return 0;
}

static const struct uvm_fault_ops fault_ops = {.lookup = op_lookup, .execute = op_execute};

int uvm_session_open(struct uvs_dev *dev, const struct uvm_policy *pol, uint32_t log2sz, struct uvm_session **out)
{
    return uvm_session_open_ctx(dev, pol, log2sz, UVS_UVA_DID, 0, out);
}

int uvm_session_open_ctx(struct uvs_dev *dev, const struct uvm_policy *pol, uint32_t log2sz, uint32_t did,
                         uint32_t flags, struct uvm_session **out)
{
    if (!dev || !pol || !out || log2sz < UVS_UVM_FQ_LOG2SZ_MIN || log2sz > UVS_UVM_FQ_LOG2SZ_MAX ||
        did >= UVM_SESSION_MAX_DID || (flags & ~UVM_SESSION_F_ATTACHED))
        return -EINVAL;
    struct uvm_session *s = calloc(1, sizeof *s);
    if (!s)
        return -ENOMEM;
    s->dev = dev;
    s->did = did;
    s->log2sz = log2sz;
    s->cost_batch = pol->host_cost_batch;
    s->cost_page = pol->host_cost_page;
    s->cost_block = pol->host_cost_block;
    s->batch_max = pol->batch_max;
    *out = s;
    int err;
    size_t rbytes = (((size_t)UVS_UVM_FREC_SIZE << log2sz) + 4095) & ~(size_t)4095;
    if ((err = uvs_dma_alloc(dev, rbytes, &s->ring)) || (err = uvs_dma_alloc(dev, 4096, &s->ctl)) ||
        (err = uvs_dma_alloc(dev, 4096, &s->statbuf)) ||
        (err = uvs_dma_alloc(dev, (size_t)UVS_UVM_BATCH_MAX_UNITS * UVS_UVM_BU_SIZE, &s->units)) ||
        (err = uvs_dma_alloc(dev, (size_t)UVS_UVM_BATCH_MAX_REPLAYS * UVS_UVM_BR_SIZE, &s->reps)))
        return fail(s, err, "cannot allocate the fault ring: %s", uvs_last_error());
    s->batch = calloc((size_t)1 << log2sz, sizeof *s->batch);
    if (!s->batch)
        return fail(s, -ENOMEM, "out of memory");
    /* The backing must be mappable at the device's VA: probe the host-memory file first. */
    int fd;
    uint64_t off;
    if ((err = uvs_dma_buf_fd(dev, &s->ring, &fd, &off)))
        return fail(s, err, "%s", uvs_last_error());
    uint64_t attach[2] = {s->did, (uint64_t)s->did + 1};
    if (!(flags & UVM_SESSION_F_ATTACHED) && (err = cmd_sync(s, UVS_UVM_OP_CTX_ATTACH, attach, 2, NULL)))
        return err;
    if ((err = uvm_session_activate(s))) /* SET_FAULTQ: the device's ring is this session's */
        return err;
    uint64_t sp[2] = {pol->evict_mode, pol->reserve_64ths};
    if ((err = cmd_sync(s, UVS_UVM_OP_SET_POLICY, sp, 2, NULL)))
        return err;
    struct uvm_managed_cfg cfg = {.did = s->did, .ops = &backing, .ctx = s};
    if ((err = uvm_managed_create(&cfg, &s->mm)))
        return fail(s, err, "cannot create the managed-memory window: %s", strerror(-err));
    if ((err = uvm_fault_create(pol, &fault_ops, s, &s->svc)))
        return fail(s, err, "cannot create the fault service: %s", strerror(-err));
    if ((err = uvm_hostfault_register(coher_fault, s)))
        return fail(s, err, "cannot track host accesses to managed memory (SIGSEGV handler): %s", strerror(-err));
    s->coherent = 1;
    return 0;
}

uint32_t uvm_session_did(const struct uvm_session *s)
{
    return s ? s->did : UVS_UVA_DID;
}

int uvm_session_activate(struct uvm_session *s)
{
    if (!s)
        return -EINVAL;
    /* arg3/arg4: the batch arrays' buffers, which the firmware reads ahead with each command record */
    uint64_t fq[5] = {s->ring.bus, s->log2sz, s->ctl.bus, s->units.bus, s->reps.bus};
    s->head = 0; /* SET_FAULTQ starts the ring over (the firmware's tail is 0 again) */
    return cmd_sync(s, UVS_UVM_OP_SET_FAULTQ, fq, 5, NULL);
}

int uvm_session_attach_foreign(struct uvm_session *s, uint32_t did)
{
    if (!s || did >= UVM_SESSION_MAX_DID || did == s->did)
        return -EINVAL;
    uint64_t attach[2] = {did, (uint64_t)did + 1};
    return cmd_sync(s, UVS_UVM_OP_CTX_ATTACH, attach, 2, NULL);
}

void uvm_session_close(struct uvm_session *s)
{
    if (!s)
        return;
    if (s->coherent)
        uvm_hostfault_unregister(s);
    uvm_fault_destroy(s->svc);
    uvm_managed_destroy(s->mm);
    for (unsigned i = 0; i < MAX_BUFS; i++)
        if (s->bufs[i].size)
            uvs_dma_free(s->dev, &s->bufs[i]);
    uvs_dma_free(s->dev, &s->ring);
    uvs_dma_free(s->dev, &s->ctl);
    uvs_dma_free(s->dev, &s->units);
    uvs_dma_free(s->dev, &s->reps);
    uvs_dma_free(s->dev, &s->statbuf);
    free(s->notices);
    free(s->batch);
    free(s);
}

int uvm_session_alloc(struct uvm_session *s, size_t size, void **ptr)
{
    if (!s || !ptr)
        return -EINVAL;
    int err = uvm_managed_alloc(s->mm, size, ptr);
    if (err)
        return fail(s, err, "%s", uvm_managed_last_error(s->mm));
    uvm_fault_set_footprint(s->svc, uvm_managed_bytes(s->mm));
    return 0;
}

int uvm_session_free(struct uvm_session *s, void *ptr)
{
    if (!s)
        return -EINVAL;
    int err = uvm_managed_free(s->mm, ptr);
    if (err)
        return fail(s, err, "%s", uvm_managed_last_error(s->mm));
    uvm_fault_set_footprint(s->svc, uvm_managed_bytes(s->mm));
    return 0;
}

/*
 * Serves the records in the fault ring, in batches of at most batch_max
 * records, and the throttled faults whose nap ended by the device's cycle
 * now; returns records served or a negative errno.
 */
static int serve_ring(struct uvm_session *s)
{
    volatile struct uvs_uvm_fqctl *ctl = s->ctl.host;
    uint32_t mask = (1u << s->log2sz) - 1, tail = ctl->tail & mask;
    const struct uvs_uvm_frec *ring = s->ring.host;
    uint64_t due;
    bool waiting = uvm_fault_next_due(s->svc, &due) && due <= uvs_cycles(s->dev);
    size_t total = 0;
    int err = 0;
    while (s->head != tail || waiting) {
        size_t n = 0;
        while (s->head != tail && (s->batch_max == 0 || n < s->batch_max)) {
            s->batch[n++] = ring[s->head];
            s->head = (s->head + 1) & mask;
        }
        ctl->head = s->head;
        apply_notices(s); /* the plan must see every page that left HBM */
        err = waiting ? uvm_fault_service_at(s->svc, s->batch, n, uvs_cycles(s->dev))
                      : uvm_fault_service(s->svc, s->batch, n);
        apply_notices(s);
        waiting = false;
        total += n;
        if (err < 0)
            break;
    }
    if (total && (ctl->flags & UVS_UVM_FQCTL_F_STALLED))
        (void)uvs_mmio_write(s->dev, UVS_HOSTIF_DOORBELL_OFF, 4, 1);
    return err < 0 ? fail(s, err, "fault service: %s", strerror(-err)) : (int)total;
}

/* uvs_evt_wait_wake's look at the fault ring: records waiting? */
static int ring_pending(void *ctx)
{
    struct uvm_session *s = ctx;
    volatile struct uvs_uvm_fqctl *ctl = s->ctl.host;
    return (ctl->tail & ((1u << s->log2sz) - 1)) != s->head;
}

int uvm_session_launch(struct uvm_session *s, const struct uvs_hostq_cmd *cmd, struct uvs_hostq_evt *ev,
                       uint64_t timeout_cycles)
{
    if (!s || !cmd || !ev || timeout_cycles == 0)
        return -EINVAL;
    s->launch_done = 0;
    s->launch_cookie = cmd->cookie;
    int err = uvs_cmd_submit(s->dev, cmd);
    if (err) {
        s->launch_cookie = 0;
        return fail(s, err, "launch: %s", uvs_last_error());
    }
    s->busy++; /* another thread touching managed memory during the launch is refused (uvm_hostfault.h) */
    uint64_t deadline = uvs_cycles(s->dev) + timeout_cycles;
    /* Sleep until the completion, an eviction notice or a fault batch (INT_FW MSI). */
    while (!s->launch_done) {
        struct uvs_hostq_evt e;
        if ((err = serve_ring(s)) < 0)
            break;
        err = 0;
        apply_notices(s);
        if (s->launch_done)
            break;
        uint64_t now = uvs_cycles(s->dev);
        if (now >= deadline) {
            err = fail(s, -ETIMEDOUT, "launch: no completion within %llu cycles", (unsigned long long)timeout_cycles);
            break;
        }
        /* Throttled faults: wake up when the first nap ends at the latest. */
        uint64_t due, until = deadline;
        if (uvm_fault_next_due(s->svc, &due) && due < until)
            until = due > now ? due : now + 1;
        int r = uvs_evt_wait_wake(s->dev, &e, UVS_HOSTIF_INT_FW, ring_pending, s, until - now);
        if (r == -ETIMEDOUT && until < deadline)
            continue;
        if (r == 1) {
            if ((err = stash(s, &e)))
                break;
        } else if (r == -ETIMEDOUT) {
            err = fail(s, r, "launch: no completion within %llu cycles", (unsigned long long)timeout_cycles);
            break;
        } else if (r < 0) {
            err = fail(s, r, "launch: %s", uvs_last_error());
            break;
        }
    }
    s->launch_cookie = 0;
    s->busy--;
    apply_notices(s);
    /* Pages the device may now hold become PROT_NONE on the host (host coherence). */
    int perr = coher_protect_all(s);
    if (err)
        return err;
    if (perr)
        return perr;
    *ev = s->launch_ev;
    return 0;
}

int uvm_session_get_stats(struct uvm_session *s, struct uvm_session_stats *st)
{
    if (!s || !st)
        return -EINVAL;
    memset(st, 0, sizeof *st);
    uvm_fault_get_counters(s->svc, &st->host);
    st->fault_wait_cycles = s->fault_wait;
    st->fault_records = s->fault_records;
    st->notices = s->notices_total;
    st->coher = s->coher;
    st->ring_full = ((volatile struct uvs_uvm_fqctl *)s->ctl.host)->overflows;
    uint64_t a[1] = {s->statbuf.bus};
    int err = cmd_sync(s, UVS_UVM_OP_STATS, a, 1, NULL);
    if (err)
        return err;
    memcpy(&st->fw, s->statbuf.host, sizeof st->fw);
    return 0;
}

/* ---- added for the CLI's writing kernels (issue 5, user-facing side) ---- */

int uvm_session_sync(struct uvm_session *s, const void *ptr, uint64_t *pages)
{
    struct uvm_range r;
    struct uvs_hostq_evt ev;
    if (pages)
        *pages = 0;
    if (!s || !ptr)
        return -EINVAL;
    int err = uvm_managed_lookup(s->mm, (uint64_t)(uintptr_t)ptr, &r);
    if (err)
        return fail(s, -EINVAL, "sync: %p is not managed memory", ptr);
    uint64_t a[3] = {s->did, r.va, r.size / UVM_PAGE_SIZE};
    memset(&ev, 0, sizeof ev);
    err = cmd_sync(s, UVS_UVM_OP_EVICT, a, 3, &ev);
    apply_notices(s);
    if (err)
        return err;
    if (pages)
        *pages = ev.value;
    return coher_protect_all(s); /* every page of it is the host's again: protection lifted */
}

int uvm_session_advise(struct uvm_session *s, const void *ptr, uint32_t advice)
{
    if (!s)
        return -EINVAL;
    int err = uvm_managed_advise(s->mm, ptr, advice);
    return err ? fail(s, err, "%s", uvm_managed_last_error(s->mm)) : 0;
}

int uvm_session_pin(struct uvm_session *s, const void *ptr)
{
    if (!s)
        return -EINVAL;
    int err = uvm_managed_pin(s->mm, ptr);
    return err ? fail(s, err, "%s", uvm_managed_last_error(s->mm)) : 0;
}

int uvm_session_unpin(struct uvm_session *s, const void *ptr)
{
    if (!s)
        return -EINVAL;
    int err = uvm_managed_unpin(s->mm, ptr);
    return err ? fail(s, err, "%s", uvm_managed_last_error(s->mm)) : 0;
}

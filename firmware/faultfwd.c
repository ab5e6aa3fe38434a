/*
 * Fault forwarding: page-request queue -> coalesced host fault records
 * (see faultfwd.h for the no-loss rules).
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "faultfwd.h"
#include "uvs_iommu_rec.h"

#define NONE 0xffffu

_Static_assert(UVS_FFWD_GROUPS < NONE && UVS_FFWD_STAGE < NONE, "table indexes are 16-bit");
_Static_assert((UVS_FFWD_BUCKETS & (UVS_FFWD_BUCKETS - 1)) == 0, "bucket count is a power of two");

/* ---------------- hash indexes ---------------- */

static uint32_t mix(uint64_t k)
{
    k *= 0x9e3779b97f4a7c15ull;
    return (uint32_t)(k >> 40) & (UVS_FFWD_BUCKETS - 1);
}

static uint32_t page_bucket(uint32_t did, uint32_t pid, uint64_t page)
{
    return mix((page >> 12) ^ ((uint64_t)did << 36) ^ ((uint64_t)pid << 16));
}

static uint32_t grp_bucket(uint32_t did, uint16_t prgi)
{
    return mix(((uint64_t)did << 9) | prgi);
}

/* Leader group of (did, pv, pid, page), or NONE. */
static uint16_t find_leader(const struct uvs_ffwd *ff, uint32_t did, bool pv, uint32_t pid, uint64_t page)
{
    for (uint16_t g = ff->by_page[page_bucket(did, pid, page)]; g != NONE; g = ff->group[g].next_page) {
        const struct uvs_ffwd_group *e = &ff->group[g];
        if (e->did == did && e->pv == pv && e->pid == pid && e->page == page)
            return g;
    }
    return NONE;
}

/* Group (did, prgi), or NONE. */
static uint16_t find_group(const struct uvs_ffwd *ff, uint32_t did, uint16_t prgi)
{
    for (uint16_t g = ff->by_grp[grp_bucket(did, prgi)]; g != NONE; g = ff->group[g].next_grp) {
        const struct uvs_ffwd_group *e = &ff->group[g];
        if (e->did == did && e->prgi == prgi)
            return g;
    }
    return NONE;
}

static void unlink_chain(struct uvs_ffwd *ff, uint16_t *head, uint16_t g, bool page_chain)
{
    for (uint16_t *p = head; *p != NONE;) {
        uint16_t *next = page_chain ? &ff->group[*p].next_page : &ff->group[*p].next_grp;
        if (*p == g) {
            *p = *next;
            return;
        }
        p = next;
    }
}

/* New group entry (did, prgi) in the group index; NONE when the table is full. */
static uint16_t new_group(struct uvs_ffwd *ff, const struct uvs_iommu_page_req *r)
{
    uint16_t g = ff->free_group;
    if (g == NONE)
        return NONE;
    struct uvs_ffwd_group *e = &ff->group[g];
    ff->free_group = e->next_grp;
    /* One struct store (picolibc's memset is a byte loop on the management hart: ~150 instructions here). */
    *e = (struct uvs_ffwd_group){
        .used = 1, .did = r->did, .pv = r->pv, .pid = r->pid, .page = r->addr, .prgi = r->prgi,
        .leader = g, .next_follower = NONE, .next_page = NONE, .stage_slot = NONE,
    };
    uint32_t b = grp_bucket(r->did, r->prgi);
    e->next_grp = ff->by_grp[b];
    ff->by_grp[b] = g;
    ff->ngroups++;
    return g;
}

/* Remove group g from the indexes and put it on the free list. */
static void free_group(struct uvs_ffwd *ff, uint16_t g)
{
    struct uvs_ffwd_group *e = &ff->group[g];
    unlink_chain(ff, &ff->by_grp[grp_bucket(e->did, e->prgi)], g, false);
    if (e->leader == g)
        unlink_chain(ff, &ff->by_page[page_bucket(e->did, e->pid, e->page)], g, true);
    e->used = 0;
    e->next_grp = ff->free_group;
    ff->free_group = g;
    ff->ngroups--;
}

/* ---------------- set-up ---------------- */

int uvs_ffwd_init(struct uvs_ffwd *ff, const struct uvs_ffwd_ops *ops, void *ctx)
{
    if (!ff || !ops || !ops->host_write || !ops->host_read || !ops->notify || !ops->replay || !ops->now)
        return -EINVAL;
    memset(ff, 0, sizeof *ff);
    ff->ops = ops;
    ff->ctx = ctx;
    for (uint32_t b = 0; b < UVS_FFWD_BUCKETS; b++)
        ff->by_page[b] = ff->by_grp[b] = NONE;
    for (uint32_t g = 0; g < UVS_FFWD_GROUPS; g++)
        ff->group[g].next_grp = g + 1 < UVS_FFWD_GROUPS ? (uint16_t)(g + 1) : NONE;
    ff->free_group = 0;
    return 0;
}

/* Write tail, then flags, log2sz and the counters (never HEAD, which the host owns). */
static int write_ctl(struct uvs_ffwd *ff)
{
    struct uvs_uvm_fqctl *c = &ff->ctl_buf; /* not on the stack: host_write may only queue the copy */
    *c = (struct uvs_uvm_fqctl){
        .tail = ff->tail, .flags = ff->ctl_flags, .log2sz = ff->log2sz,
        .records = ff->ctl_records, .batches = ff->ctl_batches, .overflows = ff->ctl_overflows,
    };
    int rc = ff->ops->host_write(ff->ctx, ff->ctl_bus + UVS_UVM_FQCTL_FLAGS_OFF,
                                 (const uint8_t *)c + UVS_UVM_FQCTL_FLAGS_OFF,
                                 UVS_UVM_FQCTL_OVERFLOWS_OFF + 8 - UVS_UVM_FQCTL_FLAGS_OFF);
    if (rc == 0)
        rc = ff->ops->host_write(ff->ctx, ff->ctl_bus + UVS_UVM_FQCTL_TAIL_OFF, &c->tail, sizeof c->tail);
    if (rc == 0 && ff->ops->host_sync)
        rc = ff->ops->host_sync(ff->ctx); /* the records and the control block land before the notification */
    return rc;
}

int uvs_ffwd_set_queue(struct uvs_ffwd *ff, uint64_t ring_bus, uint32_t log2sz, uint64_t ctl_bus)
{
    if (!ff)
        return -EINVAL;
    if (ring_bus == 0) {
        ff->enabled = false;
        return 0;
    }
    if (ring_bus % 4096 || log2sz < UVS_UVM_FQ_LOG2SZ_MIN || log2sz > UVS_UVM_FQ_LOG2SZ_MAX || ctl_bus % 64 ||
        ctl_bus == 0)
        return -EINVAL;
    ff->ctl_buf = (struct uvs_uvm_fqctl){.log2sz = log2sz};
    int rc = ff->ops->host_write(ff->ctx, ctl_bus, &ff->ctl_buf, sizeof ff->ctl_buf);
    if (rc == 0 && ff->ops->host_sync)
        rc = ff->ops->host_sync(ff->ctx);
    if (rc)
        return rc;
    ff->ring_bus = ring_bus;
    ff->ctl_bus = ctl_bus;
    ff->log2sz = log2sz;
    ff->tail = ff->head = 0;
    ff->ctl_flags = 0;
    ff->ctl_records = ff->ctl_batches = ff->ctl_overflows = 0;
    ff->enabled = true;
    return 0;
}

/* ---------------- drain ---------------- */

static uint8_t access_of(const struct uvs_iommu_page_req *r)
{
    return (uint8_t)((r->r ? UVS_UVM_ACC_R : 0) | (r->w ? UVS_UVM_ACC_W : 0) | (r->exec ? UVS_UVM_ACC_X : 0));
}

/* Fold r into the outstanding leader's record (if still staged). */
static void merge(struct uvs_ffwd *ff, uint16_t leader, const struct uvs_iommu_page_req *r)
{
    const struct uvs_ffwd_group *l = &ff->group[leader];
    if (l->staged) {
        struct uvs_uvm_frec *rec = &ff->stage[l->stage_slot];
        rec->access |= access_of(r);
        if (rec->dups != UINT16_MAX)
            rec->dups++;
    }
    ff->st.coalesced++;
}

/* Consume one decoded request. false when a table is full (nothing consumed). */
static bool take(struct uvs_ffwd *ff, const struct uvs_iommu_page_req *r)
{
    uint16_t same = find_group(ff, r->did, r->prgi);
    if (same != NONE) {
        merge(ff, ff->group[same].leader, r);
        return true;
    }
    uint16_t leader = find_leader(ff, r->did, r->pv, r->pid, r->addr);
    if (leader == NONE && ff->stage_count == UVS_FFWD_STAGE)
        return false;
    uint16_t g = new_group(ff, r);
    if (g == NONE)
        return false;
    struct uvs_ffwd_group *e = &ff->group[g];
    uint64_t t = ff->ops->now(ff->ctx); /* one clock read per record: group and host record share it */
    e->cycle = t;
    if (leader != NONE) {
        e->leader = leader;
        e->next_follower = ff->group[leader].next_follower;
        ff->group[leader].next_follower = g;
        merge(ff, leader, r);
        return true;
    }
    uint32_t b = page_bucket(r->did, r->pid, r->addr);
    e->next_page = ff->by_page[b];
    ff->by_page[b] = g;
    uint32_t slot = (ff->stage_first + ff->stage_count) % UVS_FFWD_STAGE;
    ff->stage_count++;
    e->staged = 1;
    e->stage_slot = (uint16_t)slot;
    ff->stage_group[slot] = g;
    ff->stage[slot] = (struct uvs_uvm_frec){
        .did = r->did,
        .pid = r->pv ? r->pid : 0,
        .page = r->addr,
        .prgi = r->prgi,
        .access = access_of(r),
        .flags = (uint8_t)((r->pv ? UVS_UVM_FREC_F_PV : 0) | (r->priv ? UVS_UVM_FREC_F_PRIV : 0) |
                           (r->l ? UVS_UVM_FREC_F_LAST : 0)),
        .cycle = t,
    };
    return true;
}

int uvs_ffwd_drain(struct uvs_ffwd *ff, const void *pq, uint32_t entries, uint32_t *head, uint32_t tail)
{
    if (!ff || !pq || !head || entries == 0 || (entries & (entries - 1)) || *head >= entries || tail >= entries)
        return -EINVAL;
    const uint8_t *base = pq;
    int n = 0;
    while (*head != tail) {
        struct uvs_iommu_page_req r;
        const uint8_t *raw = base + (size_t)*head * UVS_IOMMU_PQREC_SIZE;
        if (uvs_iommu_pq_decode(raw, &r) < 0) {
            ff->st.bad_records++;
        } else if (!r.r && !r.w) {
            ff->st.stop_markers++;
        } else if (!take(ff, &r)) {
            ff->st.stalls++;
            break;
        }
        ff->st.page_requests++;
        *head = (*head + 1) & (entries - 1);
        n++;
    }
    return n;
}

/* ---------------- flush ---------------- */

static uint32_t ring_free(const struct uvs_ffwd *ff)
{
    uint32_t size = 1u << ff->log2sz;
    return (ff->head - ff->tail - 1) & (size - 1);
}

int uvs_ffwd_flush(struct uvs_ffwd *ff)
{
    if (!ff)
        return -EINVAL;
    if (!ff->enabled || ff->stage_count == 0)
        return 0;
    uint32_t size = 1u << ff->log2sz;
    if (ring_free(ff) < ff->stage_count) {
        uint32_t head;
        int rc = ff->ops->host_read(ff->ctx, ff->ctl_bus + UVS_UVM_FQCTL_HEAD_OFF, &head, sizeof head);
        if (rc)
            return rc;
        ff->head = head & (size - 1);
    }
    uint32_t n = ring_free(ff);
    if (n > ff->stage_count)
        n = ff->stage_count;
    /* Copy in runs contiguous in both the staging FIFO and the ring. */
    for (uint32_t k = 0; k < n;) {
        uint32_t src = (ff->stage_first + k) % UVS_FFWD_STAGE, dst = (ff->tail + k) & (size - 1);
        uint32_t run = n - k;
        if (run > UVS_FFWD_STAGE - src)
            run = UVS_FFWD_STAGE - src;
        if (run > size - dst)
            run = size - dst;
        int rc = ff->ops->host_write(ff->ctx, ff->ring_bus + (uint64_t)dst * UVS_UVM_FREC_SIZE, &ff->stage[src],
                                     run * UVS_UVM_FREC_SIZE);
        if (rc)
            return rc;
        k += run;
    }
    uint32_t old_tail = ff->tail;
    uint32_t old_flags = ff->ctl_flags;
    ff->tail = (ff->tail + n) & (size - 1);
    ff->ctl_records += n;
    if (n)
        ff->ctl_batches++;
    bool left = n < ff->stage_count;
    if (left)
        ff->ctl_overflows++;
    ff->ctl_flags = left ? (ff->ctl_flags | UVS_UVM_FQCTL_F_STALLED) : (ff->ctl_flags & ~UVS_UVM_FQCTL_F_STALLED);
    int rc = write_ctl(ff);
    if (rc) {
        ff->tail = old_tail;
        ff->ctl_flags = old_flags;
        ff->ctl_records -= n;
        ff->ctl_batches -= n ? 1 : 0;
        ff->ctl_overflows -= left ? 1 : 0;
        return rc;
    }
    for (uint32_t k = 0; k < n; k++) {
        uint32_t slot = (ff->stage_first + k) % UVS_FFWD_STAGE;
        ff->group[ff->stage_group[slot]].staged = 0;
        ff->group[ff->stage_group[slot]].stage_slot = NONE;
    }
    ff->stage_first = (ff->stage_first + n) % UVS_FFWD_STAGE;
    ff->stage_count -= n;
    ff->st.forwarded += n;
    if (left)
        ff->st.overflows++;
    if (n) {
        ff->st.batches++;
        ff->ops->notify(ff->ctx);
    }
    return (int)n;
}

/* ---------------- replay ---------------- */

int uvs_ffwd_replay(struct uvs_ffwd *ff, uint32_t did, uint16_t prgi, uint8_t resp)
{
    if (!ff)
        return -EINVAL;
    uint16_t g = find_group(ff, did, prgi);
    if (g == NONE)
        return -ENOENT;
    if (ff->group[g].staged)
        return -EBUSY;
    int n = 0;
    if (ff->group[g].leader != g) {
        /* A follower named directly: answer it alone and unlink it from its leader. */
        uint16_t l = ff->group[g].leader;
        for (uint16_t *p = &ff->group[l].next_follower; *p != NONE; p = &ff->group[*p].next_follower)
            if (*p == g) {
                *p = ff->group[g].next_follower;
                break;
            }
        int rc = ff->ops->replay(ff->ctx, did, prgi, resp);
        if (rc)
            return rc;
        free_group(ff, g);
        ff->st.replays++;
        return 1;
    }
    /* Followers first, then the leader, so that a failure leaves a consistent chain. */
    while (ff->group[g].next_follower != NONE) {
        uint16_t f = ff->group[g].next_follower;
        int rc = ff->ops->replay(ff->ctx, ff->group[f].did, ff->group[f].prgi, resp);
        if (rc)
            return rc;
        ff->group[g].next_follower = ff->group[f].next_follower;
        free_group(ff, f);
        ff->st.replays++;
        n++;
    }
    int rc = ff->ops->replay(ff->ctx, did, prgi, resp);
    if (rc)
        return rc;
    uint64_t wait = ff->ops->now(ff->ctx) - ff->group[g].cycle;
    ff->st.replay_wait += wait;
    ff->st.replay_leaders++;
    ff->st.f2r_hist[uvs_uvm_f2r_bucket(wait)]++;
    free_group(ff, g);
    ff->st.replays++;
    return n + 1;
}

int uvs_ffwd_group_page(const struct uvs_ffwd *ff, uint32_t did, uint16_t prgi, uint64_t *page)
{
    if (!ff || !page)
        return -EINVAL;
    uint16_t g = find_group(ff, did, prgi);
    if (g == NONE)
        return -ENOENT;
    *page = ff->group[g].page;
    return 0;
}

uint32_t uvs_ffwd_staged(const struct uvs_ffwd *ff)
{
    return ff ? ff->stage_count : 0;
}

uint32_t uvs_ffwd_outstanding(const struct uvs_ffwd *ff)
{
    return ff ? ff->ngroups : 0;
}

void uvs_ffwd_get_stats(const struct uvs_ffwd *ff, struct uvs_ffwd_stats *st)
{
    if (ff && st)
        *st = ff->st;
}

void uvs_ffwd_replay_totals(const struct uvs_ffwd *ff, uint64_t *leaders, uint64_t *wait)
{
    *leaders = ff ? ff->st.replay_leaders : 0;
    *wait = ff ? ff->st.replay_wait : 0;
}

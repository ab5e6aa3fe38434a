/*
 * uvmsoc IOMMU reference model: translation with caches, fault and
 * page-request reporting, commands (RISC-V IOMMU spec v1.0 chapters 2-3).
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "uvs_iommu_model.h"

#define PAGE_MASK 0xfffULL

void uvs_iommu_model_update_ipsr(struct uvs_iommu_model *m)
{
    uint32_t cq_err = UVS_IOMMU_CQCSR_CQMF_MASK | UVS_IOMMU_CQCSR_CMD_TO_MASK | UVS_IOMMU_CQCSR_CMD_ILL_MASK |
                      UVS_IOMMU_CQCSR_FENCE_W_IP_MASK;
    uint32_t q_err = UVS_IOMMU_QCSR_MF | UVS_IOMMU_QCSR_OF;
    if ((m->cq.csr & UVS_IOMMU_CQCSR_CIE_MASK) && (m->cq.csr & cq_err))
        m->ipsr |= UVS_IOMMU_IPSR_CIP_MASK;
    if ((m->fq.csr & UVS_IOMMU_QCSR_IE) && (m->fq.csr & q_err))
        m->ipsr |= UVS_IOMMU_IPSR_FIP_MASK;
    if ((m->pq.csr & UVS_IOMMU_QCSR_IE) && (m->pq.csr & q_err))
        m->ipsr |= UVS_IOMMU_IPSR_PIP_MASK;
}

int uvs_iommu_model_init(struct uvs_iommu_model *m, uint64_t caps)
{
    if (!m)
        return -EINVAL;
    memset(m, 0, sizeof *m);
    m->cfg.caps = caps;
    uint64_t igs = (caps & UVS_IOMMU_CAPS_IGS_MASK) >> UVS_IOMMU_CAPS_IGS_SHIFT;
    m->cfg.fctl = igs == UVS_IOMMU_IGS_WSI ? (uint32_t)UVS_IOMMU_FCTL_WSI_MASK : 0;
    m->cfg.ddtp = UVS_IOMMU_DDTP_MODE_OFF;
    m->cq.rec_size = UVS_IOMMU_CMD_SIZE;
    m->fq.rec_size = UVS_IOMMU_FQREC_SIZE;
    m->pq.rec_size = UVS_IOMMU_PQREC_SIZE;
    return 0;
}

/* ---------------- caches ---------------- */

static const struct uvs_iommu_dc *dcc_lookup(struct uvs_iommu_model *m, uint32_t did)
{
    for (unsigned i = 0; i < UVS_IOMMU_MODEL_DCC; i++)
        if (m->dcc[i].valid && m->dcc[i].did == did)
            return &m->dcc[i].dc;
    return NULL;
}

static void dcc_fill(struct uvs_iommu_model *m, uint32_t did, const struct uvs_iommu_dc *dc)
{
    struct uvs_iommu_dcc_entry *e = &m->dcc[m->dcc_next];
    m->dcc_next = (m->dcc_next + 1) % UVS_IOMMU_MODEL_DCC;
    e->valid = true;
    e->did = did;
    e->dc = *dc;
}

static bool iotlb_match(const struct uvs_iommu_iotlb_entry *e, uint32_t pscid, uint64_t iova)
{
    return e->valid && (e->global || e->pscid == pscid) && iova - e->vbase < e->size;
}

static unsigned iotlb_set(uint64_t iova)
{
    return (unsigned)((iova >> 12) % UVS_IOMMU_MODEL_IOTLB_SETS);
}

/* Index of the entry a lookup hits: set way into iotlb[], UVS_IOMMU_MODEL_IOTLB + i for iotlb_sp[i]; -1 none. */
static int iotlb_index(const struct uvs_iommu_model *m, uint32_t pscid, uint64_t iova)
{
    unsigned base = iotlb_set(iova) * UVS_IOMMU_MODEL_IOTLB_WAYS;
    for (unsigned w = 0; w < UVS_IOMMU_MODEL_IOTLB_WAYS; w++)
        if (iotlb_match(&m->iotlb[base + w], pscid, iova))
            return (int)(base + w);
    for (unsigned i = 0; i < UVS_IOMMU_MODEL_IOTLB_SP; i++)
        if (iotlb_match(&m->iotlb_sp[i], pscid, iova))
            return (int)(UVS_IOMMU_MODEL_IOTLB + i);
    return -1;
}

const struct uvs_iommu_iotlb_entry *uvs_iommu_model_iotlb_find(const struct uvs_iommu_model *m, uint32_t pscid,
                                                               uint64_t iova)
{
    int i = m ? iotlb_index(m, pscid, iova) : -1;
    if (i < 0)
        return NULL;
    return i < UVS_IOMMU_MODEL_IOTLB ? &m->iotlb[i] : &m->iotlb_sp[i - UVS_IOMMU_MODEL_IOTLB];
}

static struct uvs_iommu_iotlb_entry *iotlb_lookup(struct uvs_iommu_model *m, uint32_t pscid, uint64_t iova)
{
    int i = iotlb_index(m, pscid, iova);
    if (i < 0)
        return NULL;
    return i < UVS_IOMMU_MODEL_IOTLB ? &m->iotlb[i] : &m->iotlb_sp[i - UVS_IOMMU_MODEL_IOTLB];
}

/* Fill (as uvs_iotlb): entries of iova's set and superpages that already translate iova in this address
   space are dropped; the new entry replaces the round-robin victim of its set (4 KiB page) or of the
   superpage array. */
static void iotlb_fill(struct uvs_iommu_model *m, uint64_t iova, const struct uvs_iommu_result *r)
{
    unsigned s = iotlb_set(iova);
    struct uvs_iommu_iotlb_entry *set = &m->iotlb[s * UVS_IOMMU_MODEL_IOTLB_WAYS];
    for (unsigned w = 0; w < UVS_IOMMU_MODEL_IOTLB_WAYS; w++)
        if (iotlb_match(&set[w], r->pscid, iova))
            set[w].valid = false;
    for (unsigned i = 0; i < UVS_IOMMU_MODEL_IOTLB_SP; i++)
        if (iotlb_match(&m->iotlb_sp[i], r->pscid, iova))
            m->iotlb_sp[i].valid = false;
    struct uvs_iommu_iotlb_entry *e;
    if (r->page_size == 4096) {
        e = &set[m->iotlb_next[s]];
        m->iotlb_next[s] = (m->iotlb_next[s] + 1) % UVS_IOMMU_MODEL_IOTLB_WAYS;
    } else {
        e = &m->iotlb_sp[m->iotlb_sp_next];
        m->iotlb_sp_next = (m->iotlb_sp_next + 1) % UVS_IOMMU_MODEL_IOTLB_SP;
    }
    e->valid = true;
    e->global = r->global;
    e->pscid = r->pscid;
    e->size = r->page_size;
    e->vbase = iova & ~(r->page_size - 1);
    e->pte = r->pte;
}

/* ---------------- reporting ---------------- */

/*
 * Record a fault (res->status FAULT) in the fault queue when res->report.
 * No room -- the queue is full (fqof set now) or fqof is already set, and
 * fqmf is clear --: the record is not dropped (uvmsoc deviation from spec
 * 5.16, which discards it): res->status becomes RETRY and the requester
 * stalls until it is translated again after software has made room and
 * cleared fqof. Fault queue off, fqmf set or the record write failing (fqmf
 * set now): the record is discarded as the spec says; the requester still
 * gets its error response.
 */
static void report_fault(struct uvs_iommu_model *m, const struct uvs_iommu_mem *mem,
                         const struct uvs_iommu_req *req, struct uvs_iommu_result *res)
{
    if (res->report) {
        struct uvs_iommu_fault_rec rec = {
            .cause = res->cause, .ttyp = res->ttyp, .did = req->did, .iotval = res->iotval,
        };
        uint8_t raw[UVS_IOMMU_FQREC_SIZE];
        int rc = uvs_iommu_fq_encode(&rec, raw);
        if (rc == 0)
            rc = uvs_iommu_queue_produce(&m->fq, mem, raw);
        if (rc == 0) {
            m->stats.faults_recorded++;
            if (m->fq.csr & UVS_IOMMU_QCSR_IE)
                m->ipsr |= UVS_IOMMU_IPSR_FIP_MASK;
        } else if (rc == -ENOSPC && !(m->fq.csr & UVS_IOMMU_QCSR_MF)) {
            res->status = UVS_IOMMU_RETRY;
            m->stats.retries++;
        }
        uvs_iommu_model_update_ipsr(m);
    }
    if (res->status == UVS_IOMMU_FAULT)
        m->stats.faults++;
}

static int free_park_slot(const struct uvs_iommu_model *m)
{
    for (int i = 0; i < UVS_IOMMU_MODEL_PARK; i++)
        if (m->park[i].state == UVS_IOMMU_PARK_FREE)
            return i;
    return -1;
}

static void park(struct uvs_iommu_model *m, int slot, const struct uvs_iommu_req *req, uint64_t tag, uint16_t prgi)
{
    struct uvs_iommu_parked *p = &m->park[slot];
    p->state = UVS_IOMMU_PARK_WAITING;
    p->did = req->did;
    p->prgi = prgi;
    p->page = req->iova >> 12;
    p->seq = m->park_seq++;
    p->tag = tag;
    p->resp = 0;
    p->req = *req;
    unsigned n = uvs_iommu_model_parked(m);
    if (n > m->stats.parked_max)
        m->stats.parked_max = n;
}

/* True when requester tag has a request parked (waiting or released, not yet popped). */
static bool tag_parked(const struct uvs_iommu_model *m, uint64_t tag)
{
    for (int i = 0; i < UVS_IOMMU_MODEL_PARK; i++)
        if (m->park[i].state != UVS_IOMMU_PARK_FREE && m->park[i].tag == tag)
            return true;
    return false;
}

/* A waiting group of the same device and page that already asks for the access. */
static const struct uvs_iommu_parked *find_group(const struct uvs_iommu_model *m, const struct uvs_iommu_req *req)
{
    for (int i = 0; i < UVS_IOMMU_MODEL_PARK; i++) {
        const struct uvs_iommu_parked *p = &m->park[i];
        if (p->state == UVS_IOMMU_PARK_WAITING && p->did == req->did && p->page == req->iova >> 12 &&
            (p->req.access == UVS_IOMMU_ACC_WRITE || req->access != UVS_IOMMU_ACC_WRITE))
            return p;
    }
    return NULL;
}

/* Lowest group index not used by a waiting request of device did, or -1. */
static int free_prgi(const struct uvs_iommu_model *m, uint32_t did)
{
    uint64_t used[UVS_IOMMU_MODEL_PRGI / 64] = {0};
    for (int i = 0; i < UVS_IOMMU_MODEL_PARK; i++)
        if (m->park[i].state == UVS_IOMMU_PARK_WAITING && m->park[i].did == did)
            used[m->park[i].prgi / 64] |= 1ULL << (m->park[i].prgi % 64);
    for (int g = 0; g < UVS_IOMMU_MODEL_PRGI; g++)
        if (!(used[g / 64] & (1ULL << (g % 64))))
            return g;
    return -1;
}

/* Park a replayable fault; sets res->status to PAGE_REQUEST, RETRY or FAULT (or RETRY by report_fault). */
static void page_request(struct uvs_iommu_model *m, const struct uvs_iommu_mem *mem, const struct uvs_iommu_dc *dc,
                         const struct uvs_iommu_req *req, uint64_t tag, struct uvs_iommu_result *res)
{
    if (!(m->pq.csr & UVS_IOMMU_QCSR_ON)) {
        /* Nobody can service it: it can never succeed. */
        res->status = UVS_IOMMU_FAULT;
        res->report = !dc->dtf;
        report_fault(m, mem, req, res);
        return;
    }
    int slot = free_park_slot(m);
    const struct uvs_iommu_parked *g = find_group(m, req);
    if (slot >= 0 && g) {
        park(m, slot, req, tag, g->prgi);
        res->prgi = g->prgi;
        m->stats.coalesced++;
        return;
    }
    int prgi = slot >= 0 ? free_prgi(m, req->did) : -1;
    if (prgi < 0) {
        res->status = UVS_IOMMU_RETRY;
        m->stats.retries++;
        return;
    }
    struct uvs_iommu_page_req rec = {
        .did = req->did,
        .r = req->access != UVS_IOMMU_ACC_WRITE,
        .w = req->access == UVS_IOMMU_ACC_WRITE,
        .l = true,
        .prgi = (uint16_t)prgi,
        .addr = req->iova & ~PAGE_MASK,
    };
    uint8_t raw[UVS_IOMMU_PQREC_SIZE];
    if (uvs_iommu_pq_encode(&rec, raw) < 0 || uvs_iommu_queue_produce(&m->pq, mem, raw) < 0) {
        /* Full (pqof now set), in error or write failed (pqmf): not parked, retried later. */
        res->status = UVS_IOMMU_RETRY;
        m->stats.retries++;
        uvs_iommu_model_update_ipsr(m);
        return;
    }
    if (m->pq.csr & UVS_IOMMU_QCSR_IE)
        m->ipsr |= UVS_IOMMU_IPSR_PIP_MASK;
    park(m, slot, req, tag, (uint16_t)prgi);
    res->prgi = (uint16_t)prgi;
    res->new_group = true;
    m->stats.page_requests++;
}

/* ---------------- translation ---------------- */

int uvs_iommu_model_translate(struct uvs_iommu_model *m, const struct uvs_iommu_mem *mem,
                              const struct uvs_iommu_req *req, uint64_t tag, struct uvs_iommu_result *res)
{
    if (!m || !mem || !req || !res)
        return -EINVAL;
    if (tag_parked(m, tag))
        return -EBUSY; /* one request outstanding per requester: its parked one comes first */
    unsigned mode = (unsigned)((m->cfg.ddtp & UVS_IOMMU_DDTP_IOMMU_MODE_MASK) >> UVS_IOMMU_DDTP_IOMMU_MODE_SHIFT);
    if (mode < UVS_IOMMU_DDTP_MODE_1LVL) {
        int rc = uvs_iommu_ref_request(&m->cfg, mem, req, res);
        if (rc == 0 && res->status == UVS_IOMMU_FAULT)
            report_fault(m, mem, req, res);
        return rc;
    }
    const struct uvs_iommu_dc *dc = dcc_lookup(m, req->did);
    struct uvs_iommu_dc fresh;
    if (!dc) {
        uint32_t cause = 0;
        int rc = uvs_iommu_locate_dc(&m->cfg, mem, req->did, &fresh, &cause);
        if (rc < 0)
            return rc;
        if (cause) {
            memset(res, 0, sizeof *res);
            res->status = UVS_IOMMU_FAULT;
            res->cause = cause;
            res->ttyp = uvs_iommu_ttyp_of(req->access);
            res->iotval = req->iova;
            res->report = true; /* DTF unknown without a context: taken as 0 (spec 3.2) */
            report_fault(m, mem, req, res);
            return 0;
        }
        dcc_fill(m, req->did, &fresh);
        dc = &fresh;
    }
    if (dc->mode != UVS_IOMMU_IOSATP_BARE) {
        struct uvs_iommu_iotlb_entry *e = iotlb_lookup(m, dc->pscid, req->iova);
        if (e && uvs_iommu_leaf_allows(dc, req, e->pte)) {
            memset(res, 0, sizeof *res);
            uint64_t ppn = (e->pte & UVS_IOMMU_PTE_PPN_MASK) >> UVS_IOMMU_PTE_PPN_SHIFT;
            res->status = UVS_IOMMU_OK;
            res->pa = ((ppn << 12) & ~(e->size - 1)) | (req->iova & (e->size - 1));
            res->page_size = e->size;
            res->pte = e->pte;
            for (uint64_t s = e->size >> 12; s > 1; s >>= 9)
                res->level++;
            res->global = e->global;
            res->pscid = dc->pscid;
            res->ttyp = uvs_iommu_ttyp_of(req->access);
            m->stats.iotlb_hits++;
            return 0;
        }
        if (e)
            e->valid = false; /* stale or insufficient: walk again */
        m->stats.iotlb_misses++;
        m->stats.walks++;
    }
    int rc = uvs_iommu_ref_translate(dc, mem, req, res);
    if (rc < 0)
        return rc;
    switch (res->status) {
    case UVS_IOMMU_OK:
        if (dc->mode != UVS_IOMMU_IOSATP_BARE)
            iotlb_fill(m, req->iova, res);
        break;
    case UVS_IOMMU_FAULT:
        report_fault(m, mem, req, res);
        break;
    default:
        page_request(m, mem, dc, req, tag, res);
        break;
    }
    return 0;
}

/* ---------------- commands ---------------- */

static void iotinval_entry(struct uvs_iommu_iotlb_entry *e, const struct uvs_iommu_cmd *c)
{
    if (!e->valid)
        return;
    if (c->pscv && (e->global || e->pscid != c->pscid))
        return;
    if (c->av && c->addr - e->vbase >= e->size)
        return;
    e->valid = false;
}

static void iotinval_vma(struct uvs_iommu_model *m, const struct uvs_iommu_cmd *c)
{
    if (c->gv)
        return; /* no VM address spaces in uvmsoc: nothing is tagged with a GSCID */
    for (unsigned i = 0; i < UVS_IOMMU_MODEL_IOTLB; i++)
        iotinval_entry(&m->iotlb[i], c);
    for (unsigned i = 0; i < UVS_IOMMU_MODEL_IOTLB_SP; i++)
        iotinval_entry(&m->iotlb_sp[i], c);
}

static unsigned ddtp_mode(const struct uvs_iommu_model *m)
{
    return (unsigned)((m->cfg.ddtp & UVS_IOMMU_DDTP_IOMMU_MODE_MASK) >> UVS_IOMMU_DDTP_IOMMU_MODE_SHIFT);
}

int uvs_iommu_model_execute(struct uvs_iommu_model *m, const struct uvs_iommu_mem *mem,
                            const struct uvs_iommu_cmd *c)
{
    if (!m || !mem || !c)
        return -EINVAL;
    switch (c->opcode) {
    case UVS_IOMMU_CMD_OP_IOTINVAL:
        iotinval_vma(m, c);
        return 0;
    case UVS_IOMMU_CMD_OP_IOFENCE:
        if (c->wsi && !(m->cfg.fctl & UVS_IOMMU_FCTL_WSI_MASK))
            return -ENOSYS; /* WSI is reserved when fctl.WSI = 0 */
        if (c->av) {
            uint8_t b[4] = {(uint8_t)c->data, (uint8_t)(c->data >> 8), (uint8_t)(c->data >> 16),
                            (uint8_t)(c->data >> 24)};
            int rc = mem->write ? mem->write(mem->ctx, c->addr, b, 4) : -EFAULT;
            if (rc < 0)
                return rc;
        }
        if (c->wsi)
            m->cq.csr |= UVS_IOMMU_CQCSR_FENCE_W_IP_MASK;
        return 0;
    case UVS_IOMMU_CMD_OP_IODIR: {
        unsigned mode = ddtp_mode(m);
        if (c->dv && ((mode == UVS_IOMMU_DDTP_MODE_1LVL && (c->did >> 7)) ||
                      (mode == UVS_IOMMU_DDTP_MODE_2LVL && (c->did >> 16))))
            return -ENOSYS; /* DID wider than the directory mode allows */
        for (unsigned i = 0; i < UVS_IOMMU_MODEL_DCC; i++)
            if (!c->dv || m->dcc[i].did == c->did)
                m->dcc[i].valid = false;
        return 0;
    }
    case UVS_IOMMU_CMD_OP_UVS_PAGE_REPLAY: {
        if (!(m->cfg.caps & UVS_IOMMU_CAPS_UVS_PRQ_MASK))
            return -ENOSYS;
        unsigned n = 0;
        for (unsigned i = 0; i < UVS_IOMMU_MODEL_PARK; i++) {
            struct uvs_iommu_parked *p = &m->park[i];
            if (p->state == UVS_IOMMU_PARK_WAITING && p->did == c->did && p->prgi == c->prgi) {
                p->state = UVS_IOMMU_PARK_RELEASED;
                p->resp = c->resp;
                n++;
            }
        }
        if (n)
            m->stats.replays++;
        else
            m->stats.stale_replays++;
        return 0;
    }
    default:
        return -ENOSYS;
    }
}

int uvs_iommu_model_process_commands(struct uvs_iommu_model *m, const struct uvs_iommu_mem *mem, unsigned max)
{
    if (!m || !mem)
        return -EINVAL;
    uint32_t stop = UVS_IOMMU_CQCSR_CQMF_MASK | UVS_IOMMU_CQCSR_CMD_TO_MASK | UVS_IOMMU_CQCSR_CMD_ILL_MASK;
    int done = 0;
    while ((unsigned)done < max && (m->cq.csr & UVS_IOMMU_QCSR_ON) && !(m->cq.csr & stop) &&
           !uvs_iommu_queue_empty(&m->cq)) {
        uint8_t raw[UVS_IOMMU_CMD_SIZE];
        struct uvs_iommu_cmd cmd;
        if (uvs_iommu_queue_peek(&m->cq, mem, raw) < 0) {
            m->cq.csr |= UVS_IOMMU_CQCSR_CQMF_MASK;
            break;
        }
        if (uvs_iommu_cmd_decode(raw, &cmd) < 0) {
            m->cq.csr |= UVS_IOMMU_CQCSR_CMD_ILL_MASK;
            break;
        }
        int rc = uvs_iommu_model_execute(m, mem, &cmd);
        if (rc == -ENOSYS) {
            m->cq.csr |= UVS_IOMMU_CQCSR_CMD_ILL_MASK;
            break;
        }
        if (rc < 0) {
            m->cq.csr |= UVS_IOMMU_CQCSR_CQMF_MASK;
            break;
        }
        uvs_iommu_queue_pop(&m->cq);
        m->stats.commands++;
        done++;
    }
    uvs_iommu_model_update_ipsr(m);
    return done;
}

int uvs_iommu_model_pop_released(struct uvs_iommu_model *m, struct uvs_iommu_req *req, uint64_t *tag,
                                 uint8_t *resp)
{
    if (!m || !req || !tag || !resp)
        return -EINVAL;
    struct uvs_iommu_parked *best = NULL;
    for (unsigned i = 0; i < UVS_IOMMU_MODEL_PARK; i++) {
        struct uvs_iommu_parked *p = &m->park[i];
        if (p->state == UVS_IOMMU_PARK_RELEASED && (!best || p->seq < best->seq))
            best = p;
    }
    if (!best)
        return 0;
    *req = best->req;
    *tag = best->tag;
    *resp = best->resp;
    best->state = UVS_IOMMU_PARK_FREE;
    return 1;
}

unsigned uvs_iommu_model_parked(const struct uvs_iommu_model *m)
{
    unsigned n = 0;
    for (unsigned i = 0; m && i < UVS_IOMMU_MODEL_PARK; i++)
        n += m->park[i].state == UVS_IOMMU_PARK_WAITING;
    return n;
}

/*
 * uvmsoc IOMMU testbench core: clocking, memories, requesters, responders
 * and the RTL-versus-model checker (see tb.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uvmsoc/bus.h>
#include <uvmsoc/memmap.h>

#include "tb.h"

void (*tb_traffic_fn)(struct tb *tb, int port);

/* every lane can be parked at once: the model's park table must hold them all */
_Static_assert(TB_LANES <= UVS_IOMMU_MODEL_PARK, "more requesters than the model's park slots");

static const char *const status_name[] = {"OK", "FAULT", "PAGE_REQUEST", "RETRY"};

void tb_fail(struct tb *tb, const char *fmt, ...)
{
    va_list ap;
    if (tb->failed++ > 4)
        return; /* the first failures say it all */
    fprintf(stderr, "FAIL cycle %" PRIu64 ": ", tb->cycle);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

uint64_t tb_rand(struct tb *tb)
{
    /* splitmix64 */
    uint64_t z = (tb->rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t tb_rand_below(struct tb *tb, uint64_t n)
{
    return n ? tb_rand(tb) % n : 0;
}

bool tb_chance(struct tb *tb, unsigned pct)
{
    return tb_rand_below(tb, 100) < pct;
}

/* ---------------- memories ---------------- */

static bool in_mem(const struct tb *tb, uint64_t pa, unsigned len)
{
    return pa >= tb->cfg.mem_base && pa - tb->cfg.mem_base <= tb->cfg.mem_size - len;
}

uint64_t tb_mem_rd64(struct tb *tb, uint64_t pa)
{
    return in_mem(tb, pa, 8) ? uvs_le64_get(tb->rtl_buf + (pa - tb->cfg.mem_base)) : 0;
}

uint64_t tb_mdl_rd64(struct tb *tb, uint64_t pa)
{
    return in_mem(tb, pa, 8) ? uvs_le64_get(tb->mdl_buf + (pa - tb->cfg.mem_base)) : 0;
}

void tb_mem_wr64(struct tb *tb, uint64_t pa, uint64_t v)
{
    if (!in_mem(tb, pa, 8)) {
        tb_fail(tb, "testbench store outside memory at 0x%" PRIx64, pa);
        return;
    }
    uvs_le64_put(tb->rtl_buf + (pa - tb->cfg.mem_base), v);
    uvs_le64_put(tb->mdl_buf + (pa - tb->cfg.mem_base), v);
    if (tb->resv_valid && tb->resv_addr == (pa & ~7ULL))
        tb->resv_valid = false; /* another agent's store kills the walker's reservation */
}

uint64_t tb_alloc_page(struct tb *tb)
{
    if (tb->next_page + 4096 > tb->cfg.mem_base + tb->cfg.mem_size)
        return 0;
    uint64_t pa = tb->next_page;
    tb->next_page += 4096;
    memset(tb->rtl_buf + (pa - tb->cfg.mem_base), 0, 4096);
    memset(tb->mdl_buf + (pa - tb->cfg.mem_base), 0, 4096);
    return pa;
}

uint64_t tb_alloc_aligned(struct tb *tb, uint64_t bytes)
{
    if (bytes == 0 || (bytes & (bytes - 1)))
        return 0;
    uint64_t pa = tb_alloc_page(tb);
    while (pa && (pa & (bytes - 1)))
        pa = tb_alloc_page(tb);
    for (uint64_t s = 4096; pa && s < bytes; s += 4096)
        if (!tb_alloc_page(tb))
            return 0;
    return pa;
}

int tb_check_memory(struct tb *tb)
{
    if (memcmp(tb->rtl_buf, tb->mdl_buf, tb->cfg.mem_size) == 0)
        return 0;
    for (uint64_t o = 0; o < tb->cfg.mem_size; o += 8) {
        uint64_t a = uvs_le64_get(tb->rtl_buf + o), b = uvs_le64_get(tb->mdl_buf + o);
        if (a != b) {
            tb_fail(tb, "memory differs at 0x%" PRIx64 ": RTL 0x%016" PRIx64 " model 0x%016" PRIx64,
                    tb->cfg.mem_base + o, a, b);
            break;
        }
    }
    return -1;
}

/* One access of the IOMMU's memory port, performed when granted (as sim/mem.c). */
static uint8_t rtl_mem_access(struct tb *tb, uint64_t addr, bool we, uint8_t be, uint64_t wdata, uint8_t amo,
                              uint64_t *rdata)
{
    uint64_t w = addr & ~7ULL;
    *rdata = 0;
    tb->st.mem_accesses++;
    if (!in_mem(tb, w, 8))
        return 1;
    uint8_t *p = tb->rtl_buf + (w - tb->cfg.mem_base);
    uint64_t old = uvs_le64_get(p);
    uint64_t mask = 0;
    for (int i = 0; i < 8; i++)
        if (be & (1u << i))
            mask |= 0xffULL << (8 * i);
    if (amo == UVS_AMO_NONE) {
        if (we) {
            uvs_le64_put(p, (old & ~mask) | (wdata & mask));
            if (tb->resv_valid && tb->resv_addr == w)
                tb->resv_valid = false;
        }
        *rdata = old;
        return 0;
    }
    if (amo == UVS_AMO_LR) {
        tb->resv_valid = true;
        tb->resv_addr = w;
        *rdata = old;
        if (tb->hook_armed && tb->hook_addr == w) {
            tb->hook_armed = false;
            tb_mem_wr64(tb, w, tb->hook_val); /* a concurrent writer changes the PTE */
        }
        return 0;
    }
    if (amo == UVS_AMO_SC) {
        bool ok = tb->resv_valid && tb->resv_addr == w;
        tb->resv_valid = false;
        if (ok)
            uvs_le64_put(p, (old & ~mask) | (wdata & mask));
        *rdata = ok ? 0 : 1;
        return 0;
    }
    return 1; /* the IOMMU issues no other AMO */
}

/* Downstream (translated) data: a function of the address, with some pages answering err. */
static uint64_t data_of(uint64_t pa)
{
    uint64_t z = pa * 0x9e3779b97f4a7c15ULL;
    return z ^ (z >> 29);
}

static uint8_t data_err_of(uint64_t pa)
{
    return (pa & (1ULL << 42)) && ((pa >> 12) % 61) == 7;
}

/* ---------------- checker ---------------- */

/* The model's device-context cache and IOTLB hold a translation of req that allows the access. */
static bool model_holds(const struct tb *tb, const struct uvs_iommu_req *req)
{
    const struct uvs_iommu_dc *dc = NULL;
    for (unsigned i = 0; i < UVS_IOMMU_MODEL_DCC; i++)
        if (tb->model.dcc[i].valid && tb->model.dcc[i].did == req->did)
            dc = &tb->model.dcc[i].dc;
    if (!dc)
        return false;
    const struct uvs_iommu_iotlb_entry *e = uvs_iommu_model_iotlb_find(&tb->model, dc->pscid, req->iova);
    return e && uvs_iommu_leaf_allows(dc, req, e->pte);
}

/*
 * Replay the RTL's decision for port p on the model and compare. rtl_hit: the
 * RTL answered from its IOTLB (fast path) rather than through the walker;
 * checked when tb->check_hits is set (see tb.h).
 */
static void commit(struct tb *tb, int p, unsigned rtl_status, unsigned cause, unsigned prgi, bool rtl_hit)
{
    struct tb_port *pt = &tb->port[p];
    if (pt->state != 2 || (pt->exp != TB_EXP_NONE && pt->exp != TB_EXP_RETRY)) {
        tb_fail(tb, "port %d: RTL committed %s with no request waiting for a decision (state %d exp %d)", p,
                status_name[rtl_status & 3], pt->state, pt->exp);
        return;
    }
    struct uvs_iommu_result res;
    bool held = tb->check_hits && model_holds(tb, &pt->req);
    int rc = uvs_iommu_model_translate(&tb->model, &tb->mdl_mem, &pt->req, (uint64_t)p, &res);
    if (rc < 0) {
        tb_fail(tb, "port %d: model translate error %d for iova 0x%" PRIx64, p, rc, pt->req.iova);
        return;
    }
    if (tb->check_hits && held != rtl_hit) {
        tb_fail(tb, "port %d did %u iova 0x%" PRIx64 ": IOTLB %s in the RTL, but the model %s the translation", p,
                pt->req.did, pt->req.iova, rtl_hit ? "hit" : "miss", held ? "holds" : "does not hold");
        return;
    }
    if (tb->cfg.verbose)
        printf("%8" PRIu64 " port %d did %u iova 0x%016" PRIx64 " acc %d priv %d: RTL %s cause %u prgi %u, "
               "model %s cause %u pa 0x%" PRIx64 "\n",
               tb->cycle, p, pt->req.did, pt->req.iova, pt->req.access, pt->req.priv, status_name[rtl_status & 3],
               cause, prgi, status_name[res.status & 3], res.cause, res.pa);
    if ((unsigned)res.status != rtl_status) {
        tb_fail(tb, "port %d did %u iova 0x%" PRIx64 " access %d priv %d: RTL %s (cause %u), model %s (cause %u)", p,
                pt->req.did, pt->req.iova, pt->req.access, pt->req.priv, status_name[rtl_status & 3], cause,
                status_name[res.status & 3], res.cause);
        return;
    }
    switch (res.status) {
    case UVS_IOMMU_OK:
        pt->exp = TB_EXP_OK;
        pt->exp_pa = res.pa;
        tb->st.ok++;
        break;
    case UVS_IOMMU_FAULT:
        if (res.cause != cause)
            tb_fail(tb, "port %d iova 0x%" PRIx64 ": fault cause RTL %u model %u", p, pt->req.iova, cause, res.cause);
        pt->exp = TB_EXP_FAULT;
        tb->st.faults++;
        break;
    case UVS_IOMMU_PAGE_REQUEST:
        if (res.prgi != prgi)
            tb_fail(tb, "port %d iova 0x%" PRIx64 ": page-request group RTL %u model %u", p, pt->req.iova, prgi,
                    res.prgi);
        pt->exp = TB_EXP_PARKED;
        tb->st.parks++;
        break;
    default:
        pt->exp = TB_EXP_RETRY;
        tb->st.retries++;
        break;
    }
}

/* A command completed (or stopped on): the model executes one too, then releases. */
static void command(struct tb *tb)
{
    tb->st.commands++;
    if (uvs_iommu_model_process_commands(&tb->model, &tb->mdl_mem, 1) < 0) {
        tb_fail(tb, "model command processing error");
        return;
    }
    struct uvs_iommu_req req;
    uint64_t tag;
    uint8_t resp;
    while (uvs_iommu_model_pop_released(&tb->model, &req, &tag, &resp) == 1) {
        struct tb_port *pt = &tb->port[tag < TB_LANES ? tag : 0];
        if (tag >= TB_LANES || pt->state != 2 || pt->exp != TB_EXP_PARKED) {
            tb_fail(tb, "model released a request of port %" PRIu64 " that the testbench did not park", tag);
            continue;
        }
        if (resp == UVS_IOMMU_PRG_RESP_SUCCESS) {
            pt->exp = TB_EXP_NONE; /* walked again */
        } else {
            pt->exp = TB_EXP_FAULT;
            tb->st.replays_failed++;
        }
    }
}

/* ---------------- the clock cycle ---------------- */

static unsigned latency(struct tb *tb, unsigned base)
{
    return base + (tb->cfg.jitter ? (unsigned)tb_rand_below(tb, base + 1) : 0);
}

/* The lane presenting on physical port p: kept until granted, else the next lane of p with a request. */
static int presenter(struct tb *tb, int p)
{
    struct tb_phys *ph = &tb->phys[p];
    if (ph->pres >= 0 && tb->port[ph->pres].state == 1)
        return ph->pres;
    ph->pres = -1;
    for (unsigned k = 0; k < TB_IDS; k++) {
        unsigned id = (ph->rr + k) % TB_IDS;
        int l = (int)id * TB_PORTS + p;
        if (tb->port[l].state == 1) {
            ph->pres = l;
            ph->rr = id + 1;
            break;
        }
    }
    return ph->pres;
}

/* Lane of port p's request id (an id the RTL returns beyond TB_IDS is a failure). */
static int lane_of(struct tb *tb, int p, unsigned id)
{
    if (id >= TB_IDS) {
        tb_fail(tb, "port %d: request id %u out of range", p, id);
        return p;
    }
    return (int)id * TB_PORTS + p;
}

void tb_cycle(struct tb *tb)
{
    struct tb_pins *pn = &tb->pins;
    if (tb->traffic && tb_traffic_fn)
        for (int p = 0; p < tb->lanes && p < TB_LANES; p++)
            if (tb->port[p].state == 0)
                tb_traffic_fn(tb, p);
    /* 1. inputs */
    pn->rst_n = 1;
    for (int p = 0; p < TB_PORTS; p++) {
        int l = presenter(tb, p);
        const struct tb_port *pt = &tb->port[l >= 0 ? l : p];
        const struct tb_phys *ph = &tb->phys[p];
        pn->rq_req[p] = l >= 0;
        pn->rq_id[p] = (uint8_t)(l >= 0 ? l / TB_PORTS : 0);
        pn->rq_addr[p] = pt->req.iova;
        pn->rq_we[p] = pt->we;
        pn->rq_be[p] = pt->be;
        pn->rq_wdata[p] = pt->wdata;
        pn->rq_amo[p] = pt->amo;
        pn->rq_did[p] = pt->req.did;
        pn->rq_priv[p] = pt->req.priv == UVS_IOMMU_PRIV_S;
        pn->rq_exec[p] = pt->kind == TB_FETCH;
        pn->dn_gnt[p] = !ph->dn_busy;
        pn->dn_rvalid[p] = ph->dn_busy && tb->cycle >= ph->dn_due;
        pn->dn_rdata[p] = pn->dn_rvalid[p] ? ph->dn_q_rdata : 0;
        pn->dn_err[p] = pn->dn_rvalid[p] ? ph->dn_q_err : 0;
    }
    pn->mem_gnt = !tb->mem_busy;
    pn->mem_rvalid = tb->mem_busy && tb->cycle >= tb->mem_due;
    pn->mem_rdata = pn->mem_rvalid ? tb->mem_rdata : 0;
    pn->mem_err = pn->mem_rvalid ? tb->mem_err : 0;
    pn->reg_req = tb->mmio.active && !tb->mmio.granted;
    pn->reg_addr = tb->mmio.addr;
    pn->reg_we = tb->mmio.we;
    pn->reg_be = tb->mmio.be;
    pn->reg_wdata = tb->mmio.wdata;
    pn->reg_amo = tb->mmio.amo;

    /* 2. evaluate */
    tb_hw_eval(pn);

    /* 3. sample, in the order the model must see things */
    bool reg_granted = pn->reg_req && pn->reg_gnt;
    if (reg_granted && !tb->mmio.we && tb->mmio.bytes) {
        /* the read returns the registers as they are before this cycle's events */
        tb->mmio.model_bad = uvs_iommu_model_reg_read(&tb->model, tb->mmio.off, tb->mmio.bytes,
                                                      &tb->mmio.model_val) < 0;
    }
    if (pn->trc_cmd)
        command(tb);
    if (pn->trc_walk_valid) {
        if (pn->trc_walk_port >= TB_PORTS)
            tb_fail(tb, "walker committed for port %u", pn->trc_walk_port);
        else {
            int l = lane_of(tb, pn->trc_walk_port, pn->trc_walk_id);
            tb->st.walks++;
            tb->port[l].walked = true;
            commit(tb, l, pn->trc_walk_status, pn->trc_walk_cause, pn->trc_walk_prgi, false);
        }
    }
    for (int p = 0; p < TB_PORTS; p++) {
        if (pn->trc_hit[p]) {
            int l = lane_of(tb, p, pn->trc_hit_id[p]);
            tb->st.hits++;
            commit(tb, l, UVS_IOMMU_OK, 0, 0, true);
            if (!pn->dn_req[p] || pn->dn_addr[p] != tb->port[l].exp_pa || pn->dn_id[p] != pn->trc_hit_id[p])
                tb_fail(tb, "port %d: fast-path hit without its downstream request", p);
        }
    }
    if (pn->trc_parked > tb->st.parked_max)
        tb->st.parked_max = pn->trc_parked;
    if (reg_granted) {
        tb->mmio.granted = true;
        if (tb->mmio.we && tb->mmio.bytes)
            tb->mmio.model_bad = uvs_iommu_model_reg_write(&tb->model, tb->mmio.off, tb->mmio.bytes,
                                                           tb->mmio.wdata >> (8 * (tb->mmio.off & 4))) < 0;
    }
    if (pn->reg_rvalid) {
        if (!tb->mmio.active || !tb->mmio.granted)
            tb_fail(tb, "register response without a request");
        tb->mmio.rdata = pn->reg_rdata;
        tb->mmio.err = pn->reg_err;
        tb->mmio.done = true;
        tb->mmio.active = false;
    }
    for (int p = 0; p < TB_PORTS; p++) {
        struct tb_phys *ph = &tb->phys[p];
        if (pn->dn_rvalid[p])
            ph->dn_busy = false;
        if (pn->dn_req[p] && pn->dn_gnt[p]) {
            uint64_t pa = pn->dn_addr[p];
            int l = lane_of(tb, p, pn->dn_id[p]);
            struct tb_port *pt = &tb->port[l];
            if (pt->state != 2 || pt->exp != TB_EXP_OK || pt->dn_seen)
                tb_fail(tb, "lane %d: downstream request to 0x%" PRIx64 " not expected (exp %d)", l, pa, pt->exp);
            else if (pa != pt->exp_pa)
                tb_fail(tb, "lane %d iova 0x%" PRIx64 ": downstream address 0x%" PRIx64 ", model pa 0x%" PRIx64, l,
                        pt->req.iova, pa, pt->exp_pa);
            else if (pn->dn_we[p] != pt->we || pn->dn_be[p] != pt->be || pn->dn_wdata[p] != pt->wdata ||
                     pn->dn_amo[p] != pt->amo)
                tb_fail(tb, "lane %d: downstream we/be/wdata/amo differ from the request", l);
            pt->dn_seen = true;
            pt->t_dn = tb->cycle;
            ph->dn_busy = true;
            ph->dn_due = tb->cycle + latency(tb, tb->cfg.dn_latency);
            ph->dn_q_rdata = pt->dn_rdata = data_of(pa);
            ph->dn_q_err = pt->dn_err = data_err_of(pa);
        }
        if (pn->rq_rvalid[p]) {
            int l = lane_of(tb, p, pn->rq_rid[p]);
            struct tb_port *pt = &tb->port[l];
            if (pt->state != 2) {
                tb_fail(tb, "lane %d: response with no request", l);
            } else if (pt->exp == TB_EXP_OK) {
                if (!pt->dn_seen || pn->rq_rdata[p] != pt->dn_rdata || pn->rq_err[p] != pt->dn_err)
                    tb_fail(tb, "lane %d: response (err %u) is not the downstream one", l, pn->rq_err[p]);
            } else if (pt->exp == TB_EXP_FAULT) {
                if (!pn->rq_err[p] || pn->rq_rdata[p] != 0)
                    tb_fail(tb, "lane %d iova 0x%" PRIx64 ": fault answered without err", l, pt->req.iova);
            } else {
                tb_fail(tb, "lane %d iova 0x%" PRIx64 ": response while the model expects %d", l, pt->req.iova,
                        pt->exp);
            }
            pt->state = 0;
            pt->done = true;
            pt->resp_err = pn->rq_err[p];
            pt->resp_rdata = pn->rq_rdata[p];
            pt->t_resp = tb->cycle;
            if (pn->rq_err[p] && pt->exp == TB_EXP_OK)
                tb->st.data_errors++;
        }
        if (pn->rq_req[p] && pn->rq_gnt[p]) {
            struct tb_port *pt = &tb->port[ph->pres];
            pt->state = 2;
            pt->t_gnt = tb->cycle;
            ph->pres = -1;
            tb->st.requests++;
        }
    }
    if (pn->mem_rvalid)
        tb->mem_busy = false;
    if (pn->mem_req && pn->mem_gnt) {
        tb->mem_err = rtl_mem_access(tb, pn->mem_addr, pn->mem_we, pn->mem_be, pn->mem_wdata, pn->mem_amo,
                                     &tb->mem_rdata);
        tb->mem_busy = true;
        tb->mem_due = tb->cycle + latency(tb, tb->cfg.hbm_latency);
    }
    tb->last_walk_busy = pn->trc_walk_busy;
    tb->irq = pn->irq;

    /* 4. clock edge */
    tb_hw_tick();
    tb->cycle++;
    if (tb->cycle > tb->cfg.max_cycles && !tb->failed)
        tb_fail(tb, "watchdog: more than %" PRIu64 " cycles", tb->cfg.max_cycles);
}

int tb_run(struct tb *tb, uint64_t n)
{
    for (uint64_t i = 0; i < n && !tb->failed; i++)
        tb_cycle(tb);
    return tb->failed ? -1 : 0;
}

/* ---------------- requesters ---------------- */

int tb_issue(struct tb *tb, int p, uint32_t did, uint64_t iova, enum tb_kind kind, bool priv_s)
{
    if (p < 0 || p >= TB_LANES)
        return -EINVAL;
    struct tb_port *pt = &tb->port[p];
    if (pt->state != 0)
        return -EBUSY;
    pt->req.did = did;
    pt->req.iova = iova;
    pt->req.priv = priv_s ? UVS_IOMMU_PRIV_S : UVS_IOMMU_PRIV_U;
    pt->kind = kind;
    pt->we = kind == TB_STORE || kind == TB_SC;
    pt->amo = kind == TB_AMO ? UVS_AMO_ADD : kind == TB_LR ? UVS_AMO_LR : kind == TB_SC ? UVS_AMO_SC : UVS_AMO_NONE;
    pt->req.access = kind == TB_FETCH                                          ? UVS_IOMMU_ACC_EXEC
                     : (kind == TB_STORE || kind == TB_AMO || kind == TB_SC) ? UVS_IOMMU_ACC_WRITE
                                                                               : UVS_IOMMU_ACC_READ;
    pt->be = (kind == TB_FETCH || (iova & 4)) ? 0xf0 : 0xff;
    if (kind == TB_FETCH)
        pt->be = (iova & 4) ? 0xf0 : 0x0f;
    pt->wdata = pt->we || kind == TB_AMO ? tb_rand(tb) : 0;
    pt->exp = TB_EXP_NONE;
    pt->dn_seen = false;
    pt->walked = false;
    pt->done = false;
    pt->state = 1;
    return 0;
}

int tb_wait_resp(struct tb *tb, int p, uint64_t max)
{
    for (uint64_t i = 0; i < max && !tb->failed; i++) {
        if (tb->port[p].state == 0)
            return 0;
        tb_cycle(tb);
    }
    if (tb->failed)
        return -1;
    return tb->port[p].state == 0 ? 0 : -ETIMEDOUT;
}

int tb_wait_idle(struct tb *tb, uint64_t max)
{
    for (uint64_t i = 0; i < max && !tb->failed; i++) {
        bool idle = true;
        for (int p = 0; p < TB_LANES; p++)
            idle &= tb->port[p].state == 0;
        if (idle)
            return 0;
        tb_cycle(tb);
    }
    return tb->failed ? -1 : -ETIMEDOUT;
}

int tb_quiet_walker(struct tb *tb)
{
    for (int i = 0; i < 100000 && !tb->failed; i++) {
        if (!tb->last_walk_busy)
            return 0;
        tb_cycle(tb);
    }
    if (!tb->failed)
        tb_fail(tb, "walker never idle");
    return -1;
}

/* ---------------- register block ---------------- */

static int reg_op(struct tb *tb, uint64_t addr, bool we, uint8_t be, uint64_t wdata, uint8_t amo, uint32_t off,
                  unsigned bytes)
{
    tb->mmio.active = true;
    tb->mmio.granted = false;
    tb->mmio.done = false;
    tb->mmio.addr = addr;
    tb->mmio.we = we;
    tb->mmio.be = be;
    tb->mmio.wdata = wdata;
    tb->mmio.amo = amo;
    tb->mmio.off = off;
    tb->mmio.bytes = bytes;
    tb->mmio.model_bad = false;
    for (int i = 0; i < 100 && !tb->failed && !tb->mmio.done; i++)
        tb_cycle(tb);
    if (tb->failed)
        return -1;
    if (!tb->mmio.done) {
        tb_fail(tb, "register access at 0x%" PRIx64 " never answered", addr);
        return -1;
    }
    return 0;
}

static uint8_t be_of(uint32_t off, unsigned bytes)
{
    return bytes == 8 ? 0xff : (off & 4) ? 0xf0 : 0x0f;
}

int tb_reg_read(struct tb *tb, uint32_t off, unsigned bytes, uint64_t *val)
{
    if (reg_op(tb, UVS_IOMMU_BASE + off, false, be_of(off, bytes), 0, UVS_AMO_NONE, off, bytes) < 0)
        return -1;
    tb->st.reg_reads++;
    uint64_t v = bytes == 8 ? tb->mmio.rdata : (uint32_t)(tb->mmio.rdata >> (8 * (off & 4)));
    if (tb->mmio.err != tb->mmio.model_bad) {
        tb_fail(tb, "register read at 0x%x (%u bytes): RTL err %u, model %s", off, bytes, tb->mmio.err,
                tb->mmio.model_bad ? "rejects it" : "accepts it");
        return -1;
    }
    if (tb->mmio.err)
        return -EIO;
    if (v != tb->mmio.model_val) {
        tb_fail(tb, "register 0x%x: RTL 0x%" PRIx64 ", model 0x%" PRIx64, off, v, tb->mmio.model_val);
        return -1;
    }
    if (val)
        *val = v;
    return 0;
}

int tb_reg_write(struct tb *tb, uint32_t off, unsigned bytes, uint64_t val)
{
    uint64_t wdata = bytes == 8 ? val : (uint64_t)(uint32_t)val << (8 * (off & 4));
    if (reg_op(tb, UVS_IOMMU_BASE + off, true, be_of(off, bytes), wdata, UVS_AMO_NONE, off, bytes) < 0)
        return -1;
    if (tb->mmio.err != tb->mmio.model_bad) {
        tb_fail(tb, "register write at 0x%x (%u bytes): RTL err %u, model %s", off, bytes, tb->mmio.err,
                tb->mmio.model_bad ? "rejects it" : "accepts it");
        return -1;
    }
    return tb->mmio.err ? -EIO : 0;
}

int tb_reg_raw(struct tb *tb, uint64_t addr, bool we, uint8_t be, uint64_t wdata, uint8_t amo, uint64_t *rdata,
               uint8_t *err)
{
    /* bytes = 0: the model is not told (the access is one it cannot express) */
    if (reg_op(tb, addr, we, be, wdata, amo, 0, 0) < 0)
        return -1;
    *rdata = tb->mmio.rdata;
    *err = tb->mmio.err;
    return 0;
}

/* ---------------- setup ---------------- */

int tb_init(struct tb *tb, const struct tb_cfg *cfg)
{
    memset(tb, 0, sizeof *tb);
    tb->cfg = *cfg;
    if (tb->cfg.hbm_latency < 1)
        tb->cfg.hbm_latency = 1;
    if (tb->cfg.dn_latency < 1)
        tb->cfg.dn_latency = 1;
    tb->rng = cfg->seed;
    tb->lanes = TB_PORTS;
    for (int p = 0; p < TB_PORTS; p++)
        tb->phys[p].pres = -1;
    tb->rtl_buf = calloc(1, cfg->mem_size);
    tb->mdl_buf = calloc(1, cfg->mem_size);
    if (!tb->rtl_buf || !tb->mdl_buf) {
        free(tb->rtl_buf);
        free(tb->mdl_buf);
        return -ENOMEM;
    }
    tb->mdl_fm = (struct uvs_iommu_flatmem){
        .buf = tb->mdl_buf, .base = cfg->mem_base, .size = cfg->mem_size, .poison_pa = UINT64_MAX};
    if (uvs_iommu_flatmem_ops(&tb->mdl_fm, &tb->mdl_mem) < 0 ||
        uvs_iommu_model_init(&tb->model, UVS_IOMMU_CAPS_UVMSOC) < 0)
        return -EINVAL;
    tb->next_page = cfg->mem_base;
    int rc = tb_hw_init();
    if (rc < 0)
        return rc;
    /* reset: two cycles with rst_n low */
    for (int i = 0; i < 2; i++) {
        tb->pins.rst_n = 0;
        tb_hw_eval(&tb->pins);
        tb_hw_tick();
    }
    return 0;
}

void tb_fini(struct tb *tb)
{
    tb_hw_fini();
    free(tb->rtl_buf);
    free(tb->mdl_buf);
    tb->rtl_buf = tb->mdl_buf = NULL;
}

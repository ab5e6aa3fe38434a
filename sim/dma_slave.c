/* uvmsoc-sim: AXI4 slave model of the DMA engine's data masters (see dma_slave.h). */
#include "dma_slave.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dma_burst.h"
#include "uvs_xorshift.h"

/* @pct draws from the generator: not 0 (always) nor 100 or more (always). */
static bool random_pct(unsigned pct) { return pct != 0 && pct < 100; }

/* True in @pct percent of calls (0 and 100: always), from the slave's generator. */
static bool chance(struct uvs_dma_slave *s, unsigned pct)
{
    if (!random_pct(pct))
        return true;
    return uvs_xorshift64(&s->rng) % 100 < pct;
}

/* Location a slave's burst at @a reaches (for its memory-system channel). */
static enum uvs_loc burst_loc(const struct uvs_dma_slave *s, uint64_t a)
{
    if (s->loc)
        return s->loc(s->ctx, a);
    return s->host ? UVS_LOC_HOST : s->is_hbm(s->ctx, a) ? UVS_LOC_HBM : UVS_LOC_SRAM;
}

/* The error response of this side: SLVERR from the bridge, DECERR from the interconnect. */
static uint8_t err_resp(const struct uvs_dma_slave *s) { return s->host ? 2 : 3; }

static void axi_fail(struct uvs_dma_slave *s, uint64_t now, const char *what)
{
    if (s->axi_errors++ < 10)
        fprintf(stderr, "FAIL %s cycle %" PRIu64 ": %s\n", s->name, now, what);
}

static void qpop(struct uvs_dma_burst *q, unsigned *n)
{
    memmove(q, q + 1, (*n - 1) * sizeof *q);
    (*n)--;
}

void uvs_dma_slave_reset(struct uvs_dma_slave *s)
{
    s->ar_n = s->aw_n = s->b_n = s->w_n = 0;
    s->last_ar_wait = s->last_aw_wait = s->last_w_wait = false;
    s->fail_all = false;
}

bool uvs_dma_slave_busy(const struct uvs_dma_slave *s) { return s->ar_n || s->aw_n || s->w_n || s->b_n; }

/* Read burst @r's next beat into @out; false when any byte is outside memory (those read 0). */
static bool read_beat(struct uvs_dma_slave *s, const struct uvs_dma_burst *r, uint8_t *out)
{
    uint64_t a = (r->addr & ~(uint64_t)(s->beat - 1)) + (uint64_t)s->beat * r->beat;
    if (r->resp) {
        memset(out, 0, s->beat);
        return false;
    }
    const uint8_t *m = s->span(s->ctx, s->host, a, s->beat);
    if (m) {
        memcpy(out, m, s->beat);
        return true;
    }
    bool ok = true;
    for (unsigned i = 0; i < s->beat; i++) {
        const uint8_t *q = s->span(s->ctx, s->host, a + i, 1);
        out[i] = q ? *q : 0;
        ok = ok && q;
    }
    return ok;
}

void uvs_dma_slave_drive(struct uvs_dma_slave *s, struct uvs_axiw *p, uint64_t now)
{
    p->arready = s->ar_n < UVS_DMA_SLAVE_QCAP && chance(s, s->p_ready);
    p->awready = s->aw_n < UVS_DMA_SLAVE_QCAP && chance(s, s->p_awready);
    p->wready = s->w_n < UVS_DMA_SLAVE_QCAP && chance(s, s->p_ready);
    p->rvalid = 0;
    p->bvalid = 0;
    if (s->ar_n && now >= s->ar[0].due && chance(s, s->p_rvalid)) {
        const struct uvs_dma_burst *r = &s->ar[0];
        p->rvalid = 1;
        p->rresp = read_beat(s, r, p->rdata) ? 0 : err_resp(s);
        p->rlast = r->beat == r->len;
    }
    if (s->b_n && now >= s->b[0].due) {
        p->bvalid = 1;
        p->bresp = s->b[0].resp;
    }
}

/* Write the strobed bytes of W beat @w at beat address @a; false when any is outside memory. */
static bool write_beat(struct uvs_dma_slave *s, const struct uvs_dma_wbeat *w, uint64_t a)
{
    uint8_t *m = s->span(s->ctx, s->host, a, s->beat);
    bool ok = true;
    for (unsigned i = 0; i < s->beat; i++) {
        if (!w->strb[i])
            continue;
        uint8_t *q = m ? m + i : s->span(s->ctx, s->host, a + i, 1);
        if (q)
            *q = w->data[i];
        else
            ok = false;
    }
    return ok;
}

/* A write burst whose AW and every W beat arrived: perform it. */
static void slave_write(struct uvs_dma_slave *s, uint64_t now)
{
    struct uvs_dma_burst *aw = &s->aw[0];
    bool ok = !aw->resp;
    bool narrow = (1u << aw->size) < s->beat; /* a 32-byte record in a wider beat */
    if ((1u << aw->size) != s->beat && !(aw->size == 5 && aw->len == 0 && narrow))
        axi_fail(s, now, "write burst of an unexpected size");
    for (unsigned k = 0; k <= aw->len; k++) {
        const struct uvs_dma_wbeat *w = &s->w[k];
        uint64_t a = (aw->addr & ~(uint64_t)(s->beat - 1)) + (uint64_t)s->beat * k;
        if (w->last != (k == aw->len))
            axi_fail(s, now, "WLAST not on the burst's last beat");
        if (narrow)
            for (unsigned i = 0; i < s->beat; i++)
                if (w->strb[i] && (i & ~31u) != (aw->addr & (s->beat - 1) & ~31u))
                    axi_fail(s, now, "32-byte write strobes outside its lane");
        if (!aw->resp && !write_beat(s, w, a))
            ok = false;
    }
    uint64_t bytes = (uint64_t)(aw->len + 1) << aw->size;
    uint64_t due = s->due  ? s->due(s->ctx, burst_loc(s, aw->addr), now, bytes, true)
                   : s->ms ? uvs_dma_burst_write(s->ms, burst_loc(s, aw->addr), now, bytes)
                           : now + s->lat;
    s->b[s->b_n++] = (struct uvs_dma_burst){.due = due, .resp = ok ? 0 : err_resp(s)};
    memmove(s->w, s->w + aw->len + 1, (s->w_n - aw->len - 1) * sizeof *s->w);
    s->w_n -= aw->len + 1;
    qpop(s->aw, &s->aw_n);
}

/* Check a request channel's address rules: INCR, no 4 KiB crossing, aligned to its size. */
static void check_req(struct uvs_dma_slave *s, uint64_t now, uint64_t addr, unsigned len, unsigned size,
                      unsigned burst)
{
    if (burst != 1)
        axi_fail(s, now, "burst type not INCR");
    if (addr & ((1ull << size) - 1))
        axi_fail(s, now, "address not aligned to the transfer size");
    if ((addr >> 12) != ((addr + ((uint64_t)len << size)) >> 12))
        axi_fail(s, now, "burst crosses a 4 KiB boundary");
}

void uvs_dma_slave_take(struct uvs_dma_slave *s, const struct uvs_axiw *p, uint64_t now)
{
    /* a VALID not yet taken stays up with the same payload (AXI4 A3.2.1) */
    if (s->last_ar_wait && (!p->arvalid || p->araddr != s->last.araddr || p->arlen != s->last.arlen))
        axi_fail(s, now, "AR changed before it was taken");
    if (s->last_aw_wait && (!p->awvalid || p->awaddr != s->last.awaddr || p->awlen != s->last.awlen))
        axi_fail(s, now, "AW changed before it was taken");
    if (s->last_w_wait &&
        (!p->wvalid || memcmp(p->wstrb, s->last.wstrb, s->beat) || memcmp(p->wdata, s->last.wdata, s->beat)))
        axi_fail(s, now, "W changed before it was taken");
    s->last_ar_wait = p->arvalid && !p->arready;
    s->last_aw_wait = p->awvalid && !p->awready;
    s->last_w_wait = p->wvalid && !p->wready;
    if (s->last_ar_wait || s->last_aw_wait || s->last_w_wait)
        s->last = *p;
    if (p->rvalid && !p->rready)
        axi_fail(s, now, "RREADY low (the engine promises room for every beat)");
    if (p->arvalid && p->arready) {
        check_req(s, now, p->araddr, p->arlen, p->arsize, p->arburst);
        uint64_t bytes = (uint64_t)(p->arlen + 1) << p->arsize;
        uint64_t due = s->due  ? s->due(s->ctx, burst_loc(s, p->araddr), now, bytes, false)
                       : s->ms ? uvs_dma_burst_read(s->ms, s->model, burst_loc(s, p->araddr), now, bytes)
                               : now + s->lat;
        s->ar[s->ar_n++] = (struct uvs_dma_burst){
            .addr = p->araddr, .len = p->arlen, .size = p->arsize, .due = due, .resp = s->fail_all};
    }
    if (p->rvalid && p->rready && ++s->ar[0].beat > s->ar[0].len)
        qpop(s->ar, &s->ar_n);
    if (p->awvalid && p->awready) {
        check_req(s, now, p->awaddr, p->awlen, p->awsize, p->awburst);
        s->aw[s->aw_n++] =
            (struct uvs_dma_burst){.addr = p->awaddr, .len = p->awlen, .size = p->awsize, .resp = s->fail_all};
    }
    if (p->wvalid && p->wready) {
        struct uvs_dma_wbeat *w = &s->w[s->w_n++];
        memcpy(w->data, p->wdata, s->beat);
        memcpy(w->strb, p->wstrb, s->beat);
        w->last = p->wlast;
    }
    while (s->aw_n && s->w_n > s->aw[0].len)
        slave_write(s, now);
    if (p->bvalid && p->bready)
        qpop(s->b, &s->b_n);
}

uint64_t uvs_dma_slave_next(const struct uvs_dma_slave *s, uint64_t now)
{
    uint64_t due = UINT64_MAX;
    if (random_pct(s->p_ready) || random_pct(s->p_awready) || random_pct(s->p_rvalid))
        return now + 1; /* each drive draws its readiness */
    if (s->last_ar_wait || s->last_aw_wait || s->last_w_wait)
        return now + 1; /* the next take checks the waiting VALID */
    if (s->ar_n)
        due = s->ar[0].due;
    if (s->b_n && s->b[0].due < due)
        due = s->b[0].due;
    if (due == UINT64_MAX)
        return due;
    return due > now + 1 ? due - 1 : now + 1;
}

int uvs_dma_slave_quiet(const struct uvs_dma_slave *s)
{
    if (uvs_dma_slave_busy(s)) {
        fprintf(stderr, "FAIL %s not quiet after the descriptor: %u AR, %u AW, %u W, %u B left\n", s->name, s->ar_n,
                s->aw_n, s->w_n, s->b_n);
        return 1;
    }
    return 0;
}

/* uvmsoc DMA data-path testbench: the AXI4 slave models (see tb_slave.h). */
#include "tb_slave.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dma_burst.h"
#include "tb_rng.h"

int tb_axi_errors;

/* Location a slave's burst at @a reaches (for its memory-system channel). */
static enum uvs_loc burst_loc(const struct tb_slave *s, uint64_t a)
{
    return s->host ? UVS_LOC_HOST : s->is_hbm(a) ? UVS_LOC_HBM : UVS_LOC_SRAM;
}

static void axi_fail(const struct tb_slave *s, uint64_t now, const char *what)
{
    if (tb_axi_errors++ < 10)
        fprintf(stderr, "FAIL %s cycle %" PRIu64 ": %s\n", s->name, now, what);
}

static void qpop(struct burst *q, unsigned *n)
{
    memmove(q, q + 1, (*n - 1) * sizeof *q);
    (*n)--;
}

void tb_slave_drive(struct tb_slave *s, struct tb_axiw *p, uint64_t now)
{
    p->arready = s->ar_n < QCAP && chance(s->p_ready);
    p->awready = s->aw_n < QCAP && chance(s->p_awready);
    p->wready = s->w_n < QCAP && chance(s->p_ready);
    p->rvalid = 0;
    p->bvalid = 0;
    if (s->ar_n && now >= s->ar[0].due && chance(s->p_rvalid)) {
        const struct burst *r = &s->ar[0];
        uint64_t a = (r->addr & ~(uint64_t)(TB_BEAT - 1)) + (uint64_t)TB_BEAT * r->beat;
        bool ok = true;
        for (unsigned i = 0; i < TB_BEAT; i++) {
            uint8_t *q = s->byte(s->host, a + i);
            p->rdata[i] = q ? *q : 0;
            ok = ok && q;
        }
        p->rvalid = 1;
        p->rresp = ok ? 0 : (s->host ? 2 : 3); /* SLVERR from the bridge, DECERR from the interconnect */
        p->rlast = r->beat == r->len;
    }
    if (s->b_n && now >= s->b[0].due) {
        p->bvalid = 1;
        p->bresp = s->b[0].resp;
    }
}

/* A write burst whose AW and every W beat arrived: perform it. */
static void slave_write(struct tb_slave *s, uint64_t now)
{
    struct burst *aw = &s->aw[0];
    bool ok = true;
    bool narrow = (1u << aw->size) < TB_BEAT; /* a 32-byte record in a wider beat */
    if ((1u << aw->size) != TB_BEAT && !(aw->size == 5 && aw->len == 0 && narrow))
        axi_fail(s, now, "write burst of an unexpected size");
    for (unsigned k = 0; k <= aw->len; k++) {
        const struct wbeat *w = &s->w[k];
        uint64_t a = (aw->addr & ~(uint64_t)(TB_BEAT - 1)) + (uint64_t)TB_BEAT * k;
        if (w->last != (k == aw->len))
            axi_fail(s, now, "WLAST not on the burst's last beat");
        for (unsigned i = 0; i < TB_BEAT; i++) {
            if (!w->strb[i])
                continue;
            if (narrow && (i & ~31u) != (aw->addr & (TB_BEAT - 1) & ~31u))
                axi_fail(s, now, "32-byte write strobes outside its lane");
            uint8_t *q = s->byte(s->host, a + i);
            if (q)
                *q = w->data[i];
            else
                ok = false;
        }
    }
    uint64_t due = s->ms ? uvs_dma_burst_write(s->ms, burst_loc(s, aw->addr), now,
                                                   (uint64_t)(aw->len + 1) << aw->size)
                             : now + s->lat;
    s->b[s->b_n++] = (struct burst){.due = due, .resp = ok ? 0 : (s->host ? 2 : 3)};
    memmove(s->w, s->w + aw->len + 1, (s->w_n - aw->len - 1) * sizeof *s->w);
    s->w_n -= aw->len + 1;
    qpop(s->aw, &s->aw_n);
}

/* Check a request channel's address rules: INCR, no 4 KiB crossing, aligned to its size. */
static void check_req(struct tb_slave *s, uint64_t now, uint64_t addr, unsigned len, unsigned size, unsigned burst)
{
    if (burst != 1)
        axi_fail(s, now, "burst type not INCR");
    if (addr & ((1ull << size) - 1))
        axi_fail(s, now, "address not aligned to the transfer size");
    if ((addr >> 12) != ((addr + ((uint64_t)len << size)) >> 12))
        axi_fail(s, now, "burst crosses a 4 KiB boundary");
}

void tb_slave_take(struct tb_slave *s, const struct tb_axiw *p, uint64_t now)
{
    /* a VALID not yet taken stays up with the same payload (AXI4 A3.2.1) */
    if (s->last_ar_wait && (!p->arvalid || p->araddr != s->last.araddr || p->arlen != s->last.arlen))
        axi_fail(s, now, "AR changed before it was taken");
    if (s->last_aw_wait && (!p->awvalid || p->awaddr != s->last.awaddr || p->awlen != s->last.awlen))
        axi_fail(s, now, "AW changed before it was taken");
    if (s->last_w_wait && (!p->wvalid || memcmp(p->wstrb, s->last.wstrb, TB_BEAT) ||
                           memcmp(p->wdata, s->last.wdata, TB_BEAT)))
        axi_fail(s, now, "W changed before it was taken");
    s->last = *p;
    s->last_ar_wait = p->arvalid && !p->arready;
    s->last_aw_wait = p->awvalid && !p->awready;
    s->last_w_wait = p->wvalid && !p->wready;
    if (p->rvalid && !p->rready)
        axi_fail(s, now, "RREADY low (the engine promises room for every beat)");
    if (p->arvalid && p->arready) {
        check_req(s, now, p->araddr, p->arlen, p->arsize, p->arburst);
        uint64_t due = s->ms ? uvs_dma_burst_read(s->ms, s->model, burst_loc(s, p->araddr), now,
                                                      (uint64_t)(p->arlen + 1) << p->arsize)
                                 : now + s->lat;
        s->ar[s->ar_n++] = (struct burst){.addr = p->araddr, .len = p->arlen, .size = p->arsize, .due = due};
    }
    if (p->rvalid && p->rready && ++s->ar[0].beat > s->ar[0].len)
        qpop(s->ar, &s->ar_n);
    if (p->awvalid && p->awready) {
        check_req(s, now, p->awaddr, p->awlen, p->awsize, p->awburst);
        s->aw[s->aw_n++] = (struct burst){.addr = p->awaddr, .len = p->awlen, .size = p->awsize};
    }
    if (p->wvalid && p->wready) {
        struct wbeat *w = &s->w[s->w_n++];
        memcpy(w->data, p->wdata, TB_BEAT);
        memcpy(w->strb, p->wstrb, TB_BEAT);
        w->last = p->wlast;
    }
    while (s->aw_n && s->w_n > s->aw[0].len)
        slave_write(s, now);
    if (p->bvalid && p->bready)
        qpop(s->b, &s->b_n);
}

int tb_slave_quiet(const struct tb_slave *s)
{
    if (s->ar_n || s->aw_n || s->w_n || s->b_n) {
        fprintf(stderr, "FAIL %s not quiet after the descriptor: %u AR, %u AW, %u W, %u B left\n", s->name, s->ar_n,
                s->aw_n, s->w_n, s->b_n);
        return 1;
    }
    return 0;
}

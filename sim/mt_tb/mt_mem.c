/*
 * mt_mem: tagged-bus memory model of the uvs_mt_core testbench (mt_mem.h).
 * AMO and LR/SC semantics: RISC-V unprivileged spec 20191213, ch. 8.
 */
#include "mt_mem.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <uvmsoc/bus.h>

#define RAM_MAX (1ULL << 30)

/* xorshift64* step (Vigna): a fast deterministic PRNG. */
static uint64_t rnd(struct mt_mem *m)
{
    m->rng ^= m->rng >> 12;
    m->rng ^= m->rng << 25;
    m->rng ^= m->rng >> 27;
    return m->rng * 0x2545F4914F6CDD1DULL;
}

int mt_mem_init(struct mt_mem *m, uint64_t ram_size, const struct mt_mem_timing *tm)
{
    memset(m, 0, sizeof *m);
    if (ram_size == 0 || ram_size % 8 != 0 || ram_size > RAM_MAX || tm->seed == 0 ||
        tm->stall_pct > 90)
        return -EINVAL;
    m->ram = calloc(1, (size_t)ram_size);
    if (!m->ram)
        return -ENOMEM;
    m->ram_size = ram_size;
    m->tm = *tm;
    m->rng = tm->seed;
    return 0;
}

void mt_mem_fini(struct mt_mem *m)
{
    free(m->ram);
    m->ram = NULL;
}

uint8_t *mt_mem_ptr(struct mt_mem *m, uint64_t addr, uint64_t len)
{
    if (len == 0 || addr + len < addr)
        return NULL;
    if (addr - MT_MEM_ROM_BASE < MT_MEM_ROM_SIZE && len <= MT_MEM_ROM_SIZE - (addr - MT_MEM_ROM_BASE))
        return m->rom + (addr - MT_MEM_ROM_BASE);
    if (addr - MT_MEM_RAM_BASE < m->ram_size && len <= m->ram_size - (addr - MT_MEM_RAM_BASE))
        return m->ram + (addr - MT_MEM_RAM_BASE);
    return NULL;
}

/* The aligned word of a bus address, following the park alias; NULL if unmapped. */
static uint8_t *word_ptr(struct mt_mem *m, uint64_t addr)
{
    uint64_t w = addr & ~7ULL;
    if (w - MT_MEM_PARK_BASE < m->ram_size)
        w = w - MT_MEM_PARK_BASE + MT_MEM_RAM_BASE;
    return mt_mem_ptr(m, w, 8);
}

static uint64_t lanes(uint8_t be)
{
    uint64_t mask = 0;
    for (unsigned b = 0; b < 8; b++)
        if (be & (1u << b))
            mask |= 0xffULL << (8 * b);
    return mask;
}

/* AMO result on 32- or 64-bit operands (unprivileged spec 8.4). */
static uint64_t amo_apply(unsigned amo, uint64_t old, uint64_t op, bool w32)
{
    int64_t so = w32 ? (int32_t)old : (int64_t)old, sp = w32 ? (int32_t)op : (int64_t)op;
    uint64_t uo = w32 ? (uint32_t)old : old, up = w32 ? (uint32_t)op : op;
    switch (amo) {
    case UVS_AMO_SWAP: return op;
    case UVS_AMO_ADD:  return old + op;
    case UVS_AMO_XOR:  return old ^ op;
    case UVS_AMO_AND:  return old & op;
    case UVS_AMO_OR:   return old | op;
    case UVS_AMO_MIN:  return so <= sp ? old : op;
    case UVS_AMO_MAX:  return so >= sp ? old : op;
    case UVS_AMO_MINU: return uo <= up ? old : op;
    default:           return uo >= up ? old : op; /* MAXU */
    }
}

/* A store to granule g kills every other requester's reservation on it. */
static void kill_resv(struct mt_mem *m, unsigned who, uint64_t g)
{
    for (unsigned r = 0; m->nresv && r < MT_MEM_MAX_PORTS * MT_MEM_MAX_IDS; r++)
        if (r != who && m->resv[r].valid && m->resv[r].granule == g) {
            m->resv[r].valid = false;
            m->nresv--;
        }
}

/* Sets (valid) or clears requester who's reservation. */
static void set_resv(struct mt_mem *m, unsigned who, bool valid, uint64_t g)
{
    m->nresv += (unsigned)valid - (unsigned)m->resv[who].valid;
    m->resv[who].valid = valid;
    m->resv[who].granule = g;
}

/* Perform request r of data or fetch port `port`; returns the response word. */
static uint64_t perform(struct mt_mem *m, unsigned port, const struct mt_req *r, bool *err)
{
    uint8_t *p = word_ptr(m, r->addr);
    unsigned who = port * MT_MEM_MAX_IDS + r->id;
    uint64_t g = r->addr & ~7ULL, old, mask = lanes(r->be), nw;
    *err = p == NULL || (r->we && p >= m->rom && p < m->rom + MT_MEM_ROM_SIZE);
    if (*err)
        return 0;
    memcpy(&old, p, 8);
    if (port % 2 == 0) /* fetch: the aligned 8-byte word holding addr */
        return old;
    if (r->amo == UVS_AMO_LR) {
        set_resv(m, who, true, g);
        return old;
    }
    if (r->amo == UVS_AMO_SC) {
        bool ok = m->resv[who].valid && m->resv[who].granule == g;
        set_resv(m, who, false, 0);
        if (!ok)
            return 1;
        nw = (old & ~mask) | (r->wdata & mask);
    } else if (r->amo != UVS_AMO_NONE) {
        bool w32 = r->be != 0xff;
        unsigned sh = (r->be == 0xf0) ? 32 : 0;
        uint64_t v = amo_apply(r->amo, old >> sh, r->wdata >> sh, w32);
        nw = (old & ~mask) | ((v << sh) & mask);
    } else if (r->we) {
        nw = (old & ~mask) | (r->wdata & mask);
    } else {
        return old;
    }
    memcpy(p, &nw, 8);
    kill_resv(m, who, g);
    return r->amo == UVS_AMO_SC ? 0 : old;
}

int mt_mem_request(struct mt_mem *m, unsigned port, unsigned id, uint64_t addr, bool we,
                   uint8_t be, uint64_t wdata, uint8_t amo, uint64_t now)
{
    if (port >= MT_MEM_MAX_PORTS || id >= MT_MEM_MAX_IDS)
        return -EINVAL;
    if (m->port[port].busy & (1ULL << id))
        return -EBUSY;
    if (m->port[port].n == MT_MEM_QMAX)
        return -ENOSPC;
    struct mt_req *r = &m->port[port].q[m->port[port].n++];
    uint64_t delay = 0;
    if ((addr & ~7ULL) - MT_MEM_PARK_BASE < m->ram_size)
        delay = m->tm.park_cycles;
    else if (m->tm.max_delay)
        delay = rnd(m) % (m->tm.max_delay + 1);
    r->addr = addr;
    r->wdata = wdata;
    r->we = we;
    r->be = be;
    r->amo = amo;
    r->id = (uint8_t)id;
    r->ready = now + 1 + delay;
    m->port[port].busy |= 1ULL << id;
    return 0;
}

int mt_mem_respond(struct mt_mem *m, unsigned port, uint64_t now, unsigned *id,
                   uint64_t *rdata, bool *err)
{
    if (port >= MT_MEM_MAX_PORTS || m->port[port].n == 0)
        return 0;
    unsigned n = m->port[port].n, due = 0, pick = n;
    struct mt_req *q = m->port[port].q;
    if (m->tm.max_delay || m->tm.stall_pct) {
        /* a random one of the due requests */
        for (unsigned i = 0; i < n; i++)
            due += q[i].ready <= now + 1;
        if (due == 0)
            return 0;
        unsigned k = (unsigned)(rnd(m) % due);
        for (pick = 0; q[pick].ready > now + 1 || k-- != 0; pick++)
            ;
    } else {
        /* the oldest due request */
        for (pick = 0; pick < n && q[pick].ready > now + 1; pick++)
            ;
        if (pick == n)
            return 0;
    }
    struct mt_req r = q[pick];
    memmove(&q[pick], &q[pick + 1], (n - pick - 1) * sizeof *q);
    m->port[port].n--;
    m->port[port].busy &= ~(1ULL << r.id);
    *id = r.id;
    *rdata = perform(m, port, &r, err);
    return 1;
}

bool mt_mem_accept(struct mt_mem *m, unsigned port)
{
    (void)port;
    return m->tm.stall_pct == 0 || rnd(m) % 100 >= m->tm.stall_pct;
}

unsigned mt_mem_pending(const struct mt_mem *m, unsigned port)
{
    return port < MT_MEM_MAX_PORTS ? m->port[port].n : 0;
}

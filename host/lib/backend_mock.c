/*
 * "mock" backend: an in-process fake uvmsoc device (see mock.h). It follows
 * the register rules of include/uvmsoc/hostif.def and dma.def so that the
 * library's device-facing code is exercised exactly as against the real one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <uvmsoc/dma_desc.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/hostq.h>
#include <uvmsoc/memmap.h>

#include "hostmem.h"
#include "internal.h"
#include "mock.h"

#define MOCK_HOST_BUS 0x100000000ull /* bus address of the host arena's byte 0 */
#define MOCK_EVENTS 16               /* scripted interrupt slots */
#define DMA(o) (UVS_HOSTIF_DMA_OFF + (o))

enum { RO, RW };

/* Registers of BAR0 the mock implements: offset, width, host access. */
static const struct reg {
    uint32_t off;
    uint8_t width;
    uint8_t access;
} regs_table[] = {
    {UVS_HOSTIF_ID_OFF, 4, RO}, {UVS_HOSTIF_VERSION_OFF, 4, RO}, {UVS_HOSTIF_CAP_OFF, 8, RO},
    {UVS_HOSTIF_SRAM_SIZE_OFF, 8, RO}, {UVS_HOSTIF_HBM_SIZE_OFF, 8, RO},
    {UVS_HOSTIF_MSI_VECTORS_OFF, 4, RO}, {UVS_HOSTIF_HARTS_OFF, 4, RO}, {UVS_HOSTIF_SCRATCH_OFF, 8, RW},
    {UVS_HOSTIF_CLOCK_KHZ_OFF, 4, RO}, {UVS_HOSTIF_LINK_LATENCY_OFF, 4, RO}, {UVS_HOSTIF_LINK_BW_OFF, 4, RO},
    {UVS_HOSTIF_LINK_MPS_OFF, 4, RO}, {UVS_HOSTIF_MGMT_CTRL_OFF, 4, RW}, {UVS_HOSTIF_MGMT_STATUS_OFF, 4, RO},
    {UVS_HOSTIF_FW_STATUS_OFF, 4, RO}, {UVS_HOSTIF_FW_EXIT_OFF, 4, RO}, {UVS_HOSTIF_BOOT_ENTRY_OFF, 8, RW},
    {UVS_HOSTIF_BOOT_DTB_OFF, 8, RW}, {UVS_HOSTIF_BOOT_MENTRY_OFF, 8, RW}, {UVS_HOSTIF_DOORBELL_OFF, 4, RW},
    {UVS_HOSTIF_CMDQ_BASE_OFF, 8, RW}, {UVS_HOSTIF_CMDQ_LOG2SZ_OFF, 4, RW}, {UVS_HOSTIF_CMDQ_CTRL_OFF, 4, RW},
    {UVS_HOSTIF_CMDQ_HEAD_OFF, 4, RO}, {UVS_HOSTIF_CMDQ_TAIL_OFF, 4, RW},
    {UVS_HOSTIF_EVQ_BASE_OFF, 8, RW}, {UVS_HOSTIF_EVQ_LOG2SZ_OFF, 4, RW}, {UVS_HOSTIF_EVQ_CTRL_OFF, 4, RW},
    {UVS_HOSTIF_EVQ_HEAD_OFF, 4, RW}, {UVS_HOSTIF_EVQ_TAIL_OFF, 4, RO},
    {UVS_HOSTIF_INT_STATUS_OFF, 4, RO}, {UVS_HOSTIF_INT_MASK_OFF, 4, RW}, {UVS_HOSTIF_INT_ACK_OFF, 4, RW},
    {UVS_HOSTIF_PERF_LINK_H2D_OFF, 8, RO}, {UVS_HOSTIF_PERF_LINK_D2H_OFF, 8, RO}, {UVS_HOSTIF_PERF_HBM_OFF, 8, RO},
    {UVS_HOSTIF_HBM_BW_OFF, 4, RO}, {UVS_HOSTIF_HBM_LATENCY_OFF, 4, RO},
    {DMA(UVS_DMA_RING_BASE_OFF), 8, RW}, {DMA(UVS_DMA_RING_LOG2SZ_OFF), 4, RW}, {DMA(UVS_DMA_CTRL_OFF), 4, RW},
    {DMA(UVS_DMA_RING_HEAD_OFF), 4, RO}, {DMA(UVS_DMA_RING_TAIL_OFF), 4, RW}, {DMA(UVS_DMA_CPL_BASE_OFF), 8, RW},
    {DMA(UVS_DMA_CPL_LOG2SZ_OFF), 4, RW}, {DMA(UVS_DMA_STATUS_OFF), 4, RO}, {DMA(UVS_DMA_CPL_HEAD_OFF), 4, RW},
    {DMA(UVS_DMA_CPL_TAIL_OFF), 4, RO}, {DMA(UVS_DMA_ERR_ADDR_OFF), 8, RO},
};

struct uvs_mock {
    struct uvs_mock_config cfg;
    uint8_t regs[UVS_HOSTIF_BAR0_SIZE];
    uint8_t *sram, *hbm, *arena;
    struct uvs_hostmem hm;
    uint64_t clock;       /* device cycles */
    uint32_t eff;         /* INT_STATUS & ~INT_MASK last seen */
    uint32_t msi_pending; /* MSI vectors sent, not yet taken by wait_irq */
    struct { uint64_t at; uint32_t causes; int used; } ev[MOCK_EVENTS];
    unsigned fail_n;
    int fail_err;
    uint64_t mmio_count;
};

static uint64_t rd(const struct uvs_mock *m, uint32_t off, unsigned w)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < w; i++)
        v |= (uint64_t)m->regs[off + i] << (8 * i);
    return v;
}

static void wr(struct uvs_mock *m, uint32_t off, unsigned w, uint64_t v)
{
    for (unsigned i = 0; i < w; i++)
        m->regs[off + i] = (uint8_t)(v >> (8 * i));
}

static const struct reg *reg_at(uint64_t off)
{
    for (size_t i = 0; i < sizeof regs_table / sizeof regs_table[0]; i++)
        if (off >= regs_table[i].off && off < (uint64_t)regs_table[i].off + regs_table[i].width)
            return &regs_table[i];
    return NULL;
}

/* Recompute MSIs after INT_STATUS or INT_MASK changed (hostif.def rules). */
static void update_irq(struct uvs_mock *m)
{
    uint32_t now = (uint32_t)(rd(m, UVS_HOSTIF_INT_STATUS_OFF, 4) & ~rd(m, UVS_HOSTIF_INT_MASK_OFF, 4));
    uint32_t rising = now & ~m->eff;
    m->eff = now;
    for (unsigned b = 0; b < 32; b++)
        if (rising & (1u << b))
            m->msi_pending |= 1u << (b < m->cfg.msi_vectors ? b : 0);
}

static void raise_causes(struct uvs_mock *m, uint32_t causes)
{
    wr(m, UVS_HOSTIF_INT_STATUS_OFF, 4, rd(m, UVS_HOSTIF_INT_STATUS_OFF, 4) | causes);
    update_irq(m);
}

static void advance(struct uvs_mock *m, uint64_t cycles)
{
    m->clock += cycles;
    for (int i = 0; i < MOCK_EVENTS; i++)
        if (m->ev[i].used && m->ev[i].at <= m->clock) {
            m->ev[i].used = 0;
            raise_causes(m, m->ev[i].causes);
        }
}

uint8_t *uvs_mock_devmem(struct uvs_mock *m, uint64_t addr, size_t len)
{
    if (!m)
        return NULL;
    if (addr >= UVS_SRAM_BASE && addr - UVS_SRAM_BASE <= m->cfg.sram_size && len <= m->cfg.sram_size - (addr - UVS_SRAM_BASE))
        return m->sram + (addr - UVS_SRAM_BASE);
    if (addr >= UVS_HBM_BASE && addr - UVS_HBM_BASE <= m->cfg.hbm_size && len <= m->cfg.hbm_size - (addr - UVS_HBM_BASE))
        return m->hbm + (addr - UVS_HBM_BASE);
    return NULL;
}

/* First byte of [addr, addr+len) that is not device memory. */
static uint64_t first_bad_dev(struct uvs_mock *m, uint64_t addr)
{
    if (addr >= UVS_SRAM_BASE && addr - UVS_SRAM_BASE < m->cfg.sram_size)
        return UVS_SRAM_BASE + m->cfg.sram_size;
    if (addr >= UVS_HBM_BASE && addr - UVS_HBM_BASE < m->cfg.hbm_size)
        return UVS_HBM_BASE + m->cfg.hbm_size;
    return addr;
}

static uint64_t first_bad_host(struct uvs_mock *m, uint64_t addr)
{
    if (addr >= m->hm.bus && addr - m->hm.bus < m->hm.size)
        return m->hm.bus + m->hm.size;
    return addr;
}

static void reset_regs(struct uvs_mock *m, int power_on)
{
    uint8_t keep[0x40];
    memcpy(keep, m->regs, sizeof keep);
    memset(m->regs, 0, sizeof m->regs);
    if (power_on) {
        wr(m, UVS_HOSTIF_ID_OFF, 4, m->cfg.id ? m->cfg.id : UVS_HOSTIF_ID_VALUE);
        wr(m, UVS_HOSTIF_VERSION_OFF, 4, m->cfg.version ? m->cfg.version : UVS_HOSTIF_VERSION_VALUE);
        wr(m, UVS_HOSTIF_CAP_OFF, 8, m->cfg.caps);
        wr(m, UVS_HOSTIF_SRAM_SIZE_OFF, 8, m->cfg.sram_size);
        wr(m, UVS_HOSTIF_HBM_SIZE_OFF, 8, m->cfg.hbm_size);
        wr(m, UVS_HOSTIF_MSI_VECTORS_OFF, 4, m->cfg.msi_vectors);
        wr(m, UVS_HOSTIF_HARTS_OFF, 4, 1);
        wr(m, UVS_HOSTIF_CLOCK_KHZ_OFF, 4, 1000000);
        wr(m, UVS_HOSTIF_LINK_LATENCY_OFF, 4, 500);
        wr(m, UVS_HOSTIF_LINK_BW_OFF, 4, 25u << 16);
        wr(m, UVS_HOSTIF_LINK_MPS_OFF, 4, 256);
        wr(m, UVS_HOSTIF_HBM_BW_OFF, 4, 256u << 16);
        wr(m, UVS_HOSTIF_HBM_LATENCY_OFF, 4, 100);
    } else {
        memcpy(m->regs, keep, sizeof keep);
        wr(m, UVS_HOSTIF_SCRATCH_OFF, 8, 0);
    }
    wr(m, UVS_HOSTIF_MGMT_CTRL_OFF, 4, UVS_HOSTIF_MGMT_CTRL_HOLD);
    wr(m, UVS_HOSTIF_INT_MASK_OFF, 4, 0xffffffffu);
    m->eff = 0;
    m->msi_pending = 0;
}

static void dma_halt(struct uvs_mock *m, uint64_t addr)
{
    wr(m, DMA(UVS_DMA_STATUS_OFF), 4, rd(m, DMA(UVS_DMA_STATUS_OFF), 4) | UVS_DMA_STATUS_HALTED);
    wr(m, DMA(UVS_DMA_ERR_ADDR_OFF), 8, addr);
    raise_causes(m, UVS_HOSTIF_INT_DMA_ERROR);
}

/* Execute one descriptor; fills the completion's status, bytes and err_addr. */
static void dma_exec(struct uvs_mock *m, const struct uvs_dma_desc *d, struct uvs_dma_cpl *c)
{
    uint8_t *src = NULL, *dst = NULL;
    c->status = UVS_DMA_ST_OK;
    if (d->opcode < UVS_DMA_OP_H2D || d->opcode > UVS_DMA_OP_D2D || d->rsvd || (d->flags & ~UVS_DMA_FLAG_IRQ)) {
        c->status = UVS_DMA_ST_BAD_OPCODE;
        return;
    }
    if (d->len == 0 || d->len > UVS_DMA_MAX_LEN) {
        c->status = UVS_DMA_ST_BAD_LEN;
        return;
    }
    if (d->opcode == UVS_DMA_OP_H2D)
        src = uvs_hostmem_ptr(&m->hm, d->src, d->len);
    else
        src = uvs_mock_devmem(m, d->src, d->len);
    if (!src) {
        c->status = d->opcode == UVS_DMA_OP_H2D ? UVS_DMA_ST_LINK : UVS_DMA_ST_BAD_SRC;
        c->err_addr = d->opcode == UVS_DMA_OP_H2D ? first_bad_host(m, d->src) : first_bad_dev(m, d->src);
        return;
    }
    if (d->opcode == UVS_DMA_OP_D2H)
        dst = uvs_hostmem_ptr(&m->hm, d->dst, d->len);
    else
        dst = uvs_mock_devmem(m, d->dst, d->len);
    if (!dst) {
        c->status = d->opcode == UVS_DMA_OP_D2H ? UVS_DMA_ST_LINK : UVS_DMA_ST_BAD_DST;
        c->err_addr = d->opcode == UVS_DMA_OP_D2H ? first_bad_host(m, d->dst) : first_bad_dev(m, d->dst);
        return;
    }
    memmove(dst, src, d->len);
    c->bytes = d->len;
}

static void dma_process(struct uvs_mock *m)
{
    uint32_t ctrl = (uint32_t)rd(m, DMA(UVS_DMA_CTRL_OFF), 4);
    if (!(ctrl & UVS_DMA_CTRL_ENABLE) || (rd(m, DMA(UVS_DMA_STATUS_OFF), 4) & UVS_DMA_STATUS_HALTED))
        return;
    uint64_t base = rd(m, DMA(UVS_DMA_RING_BASE_OFF), 8), cbase = rd(m, DMA(UVS_DMA_CPL_BASE_OFF), 8);
    uint32_t lg = (uint32_t)rd(m, DMA(UVS_DMA_RING_LOG2SZ_OFF), 4), clg = (uint32_t)rd(m, DMA(UVS_DMA_CPL_LOG2SZ_OFF), 4);
    if (lg < 1 || lg > UVS_DMA_RING_LOG2SZ_MAX || clg < 1 || clg > UVS_DMA_RING_LOG2SZ_MAX ||
        base % UVS_DMA_RING_ALIGN || cbase % UVS_DMA_RING_ALIGN) {
        dma_halt(m, base);
        return;
    }
    uint32_t n = 1u << lg, cn = 1u << clg;
    for (;;) {
        uint32_t head = (uint32_t)rd(m, DMA(UVS_DMA_RING_HEAD_OFF), 4), tail = (uint32_t)rd(m, DMA(UVS_DMA_RING_TAIL_OFF), 4);
        uint32_t chead = (uint32_t)rd(m, DMA(UVS_DMA_CPL_HEAD_OFF), 4), ctail = (uint32_t)rd(m, DMA(UVS_DMA_CPL_TAIL_OFF), 4);
        if (head == tail)
            return;
        if (tail >= n || chead >= cn) {
            dma_halt(m, base);
            return;
        }
        if ((ctail + 1) % cn == chead)
            return; /* completion ring full: stall until the driver consumes */
        uint64_t daddr = base + (uint64_t)head * UVS_DMA_DESC_SIZE, caddr = cbase + (uint64_t)ctail * UVS_DMA_CPL_SIZE;
        void *dp = uvs_hostmem_ptr(&m->hm, daddr, UVS_DMA_DESC_SIZE), *cp = uvs_hostmem_ptr(&m->hm, caddr, UVS_DMA_CPL_SIZE);
        if (!dp || !cp) {
            dma_halt(m, dp ? caddr : daddr);
            return;
        }
        struct uvs_dma_desc d;
        struct uvs_dma_cpl c;
        memcpy(&d, dp, sizeof d);
        memset(&c, 0, sizeof c);
        c.cookie = d.cookie;
        c.opcode = d.opcode;
        c.index = head;
        dma_exec(m, &d, &c);
        memcpy(cp, &c, sizeof c);
        wr(m, DMA(UVS_DMA_RING_HEAD_OFF), 4, (head + 1) % n);
        wr(m, DMA(UVS_DMA_CPL_TAIL_OFF), 4, (ctail + 1) % cn);
        /* the memory-system counters see the data bytes (hostif.def HOSTIF_PERF_*) */
        if (c.status == UVS_DMA_ST_OK && d.opcode != UVS_DMA_OP_D2D) {
            uint32_t pc = d.opcode == UVS_DMA_OP_H2D ? UVS_HOSTIF_PERF_LINK_H2D_OFF : UVS_HOSTIF_PERF_LINK_D2H_OFF;
            wr(m, pc, 8, rd(m, pc, 8) + c.bytes);
        }
        uint32_t bw = (uint32_t)rd(m, UVS_HOSTIF_LINK_BW_OFF, 4);
        advance(m, rd(m, UVS_HOSTIF_LINK_LATENCY_OFF, 4) + ((uint64_t)c.bytes << 16) / (bw ? bw : 1));
        if (c.status != UVS_DMA_ST_OK) {
            dma_halt(m, c.err_addr);
            return;
        }
        if (d.flags & UVS_DMA_FLAG_IRQ)
            raise_causes(m, UVS_HOSTIF_INT_DMA_DONE);
    }
}

static int fw_serving(struct uvs_mock *m)
{
    return (rd(m, UVS_HOSTIF_MGMT_STATUS_OFF, 4) & (UVS_HOSTIF_MGMT_STATUS_RUNNING | UVS_HOSTIF_MGMT_STATUS_FW_READY)) ==
           (UVS_HOSTIF_MGMT_STATUS_RUNNING | UVS_HOSTIF_MGMT_STATUS_FW_READY);
}

/* Post an event; returns 0, or -EAGAIN when the event queue is full or off. */
static int post_event(struct uvs_mock *m, const struct uvs_hostq_evt *e)
{
    if (!(rd(m, UVS_HOSTIF_EVQ_CTRL_OFF, 4) & UVS_HOSTIF_Q_CTRL_ENABLE))
        return -EAGAIN;
    uint32_t lg = (uint32_t)rd(m, UVS_HOSTIF_EVQ_LOG2SZ_OFF, 4);
    if (lg < 1 || lg > UVS_HOSTIF_Q_LOG2SZ_MAX)
        return -EAGAIN;
    uint32_t n = 1u << lg, head = (uint32_t)rd(m, UVS_HOSTIF_EVQ_HEAD_OFF, 4), tail = (uint32_t)rd(m, UVS_HOSTIF_EVQ_TAIL_OFF, 4);
    if ((tail + 1) % n == head % n)
        return -EAGAIN;
    void *p = uvs_hostmem_ptr(&m->hm, rd(m, UVS_HOSTIF_EVQ_BASE_OFF, 8) + (uint64_t)(tail % n) * UVS_HOSTQ_EVT_SIZE,
                              UVS_HOSTQ_EVT_SIZE);
    if (!p)
        return -EAGAIN;
    memcpy(p, e, sizeof *e);
    wr(m, UVS_HOSTIF_EVQ_TAIL_OFF, 4, (tail + 1) % n);
    raise_causes(m, UVS_HOSTIF_INT_EVQ);
    return 0;
}

/* Stand-in firmware: consume host commands while the event queue has room. */
static void cmdq_process(struct uvs_mock *m)
{
    if (!(rd(m, UVS_HOSTIF_CMDQ_CTRL_OFF, 4) & UVS_HOSTIF_Q_CTRL_ENABLE) || !fw_serving(m))
        return;
    uint32_t lg = (uint32_t)rd(m, UVS_HOSTIF_CMDQ_LOG2SZ_OFF, 4);
    uint64_t base = rd(m, UVS_HOSTIF_CMDQ_BASE_OFF, 8);
    if (lg < 1 || lg > UVS_HOSTIF_Q_LOG2SZ_MAX || base % UVS_HOSTIF_Q_ALIGN) {
        wr(m, UVS_HOSTIF_CMDQ_CTRL_OFF, 4, 0);
        raise_causes(m, UVS_HOSTIF_INT_CMDQ_ERROR);
        return;
    }
    uint32_t n = 1u << lg;
    for (;;) {
        uint32_t head = (uint32_t)rd(m, UVS_HOSTIF_CMDQ_HEAD_OFF, 4), tail = (uint32_t)rd(m, UVS_HOSTIF_CMDQ_TAIL_OFF, 4);
        if (head == tail)
            return;
        const void *p = uvs_hostmem_ptr(&m->hm, base + (uint64_t)head * UVS_HOSTQ_CMD_SIZE, UVS_HOSTQ_CMD_SIZE);
        if (tail >= n || !p) {
            wr(m, UVS_HOSTIF_CMDQ_CTRL_OFF, 4, 0);
            raise_causes(m, UVS_HOSTIF_INT_CMDQ_ERROR);
            return;
        }
        struct uvs_hostq_cmd c;
        memcpy(&c, p, sizeof c);
        struct uvs_hostq_evt e = {.type = UVS_HOSTQ_EVT_CMD_DONE, .cookie = c.cookie};
        int need = 1;
        if (c.opcode == UVS_HOSTQ_OP_NOP) {
            e.value = c.arg[0];
            need = (c.flags & UVS_HOSTQ_CMD_F_EVENT) != 0;
        } else {
            e.status = -EOPNOTSUPP;
        }
        if (need && post_event(m, &e) != 0)
            return; /* event queue full: backpressure */
        wr(m, UVS_HOSTIF_CMDQ_HEAD_OFF, 4, (head + 1) % n);
        advance(m, 100);
    }
}

static void mgmt_ctrl(struct uvs_mock *m, uint32_t before)
{
    uint32_t v = (uint32_t)rd(m, UVS_HOSTIF_MGMT_CTRL_OFF, 4);
    if (v & UVS_HOSTIF_MGMT_CTRL_DEV_RESET) {
        reset_regs(m, 0);
        return;
    }
    if (v & UVS_HOSTIF_MGMT_CTRL_HOLD) {
        wr(m, UVS_HOSTIF_MGMT_STATUS_OFF, 4, 0);
        wr(m, UVS_HOSTIF_FW_STATUS_OFF, 4, 0);
    } else if (before & UVS_HOSTIF_MGMT_CTRL_HOLD) {
        uint32_t st = UVS_HOSTIF_MGMT_STATUS_RUNNING;
        if (!m->cfg.no_fw_ready) {
            st |= UVS_HOSTIF_MGMT_STATUS_FW_READY;
            wr(m, UVS_HOSTIF_FW_STATUS_OFF, 4, UVS_HOSTIF_FW_STATUS_READY);
        }
        wr(m, UVS_HOSTIF_MGMT_STATUS_OFF, 4, st);
        cmdq_process(m);
    }
}

/* Side effects of a host write to the register at off (prev = its old value). */
static void effect(struct uvs_mock *m, uint32_t off, uint64_t prev)
{
    switch (off) {
    case UVS_HOSTIF_MGMT_CTRL_OFF: mgmt_ctrl(m, (uint32_t)prev); break;
    case UVS_HOSTIF_INT_ACK_OFF:
        wr(m, UVS_HOSTIF_INT_STATUS_OFF, 4, rd(m, UVS_HOSTIF_INT_STATUS_OFF, 4) & ~rd(m, off, 4));
        wr(m, off, 4, 0);
        update_irq(m);
        break;
    case UVS_HOSTIF_INT_MASK_OFF: update_irq(m); break;
    case UVS_HOSTIF_CMDQ_CTRL_OFF:
    case UVS_HOSTIF_EVQ_CTRL_OFF:
        if ((rd(m, off, 4) & UVS_HOSTIF_Q_CTRL_ENABLE) && !(prev & UVS_HOSTIF_Q_CTRL_ENABLE)) {
            wr(m, off + 4, 4, 0); /* HEAD */
            wr(m, off + 8, 4, 0); /* TAIL */
        }
        cmdq_process(m);
        break;
    case UVS_HOSTIF_CMDQ_TAIL_OFF:
    case UVS_HOSTIF_EVQ_HEAD_OFF: cmdq_process(m); break;
    case DMA(UVS_DMA_CTRL_OFF):
        if (rd(m, off, 4) & UVS_DMA_CTRL_RESET) {
            static const uint32_t zero[] = {UVS_DMA_CTRL_OFF, UVS_DMA_RING_HEAD_OFF, UVS_DMA_RING_TAIL_OFF,
                                            UVS_DMA_STATUS_OFF, UVS_DMA_CPL_HEAD_OFF, UVS_DMA_CPL_TAIL_OFF};
            for (size_t i = 0; i < sizeof zero / sizeof zero[0]; i++)
                wr(m, DMA(zero[i]), 4, 0);
            wr(m, DMA(UVS_DMA_ERR_ADDR_OFF), 8, 0);
            break;
        }
        dma_process(m);
        break;
    case DMA(UVS_DMA_RING_TAIL_OFF):
    case DMA(UVS_DMA_CPL_HEAD_OFF): dma_process(m); break;
    default: break;
    }
}

static int fail_now(struct uvs_mock *m)
{
    m->mmio_count++;
    advance(m, 2 * rd(m, UVS_HOSTIF_LINK_LATENCY_OFF, 4) + 1);
    if (m->fail_n && --m->fail_n == 0)
        return m->fail_err;
    return 0;
}

static int mock_mmio_read(void *ctx, uint64_t off, unsigned size, uint64_t *val)
{
    struct uvs_mock *m = ctx;
    int err = fail_now(m);
    if (err)
        return uvs_err(err, "mock: injected failure of BAR0 read at 0x%llx", (unsigned long long)off);
    *val = rd(m, (uint32_t)off, size);
    return 0;
}

static int mock_mmio_write(void *ctx, uint64_t off, unsigned size, uint64_t val)
{
    struct uvs_mock *m = ctx;
    int err = fail_now(m);
    if (err)
        return uvs_err(err, "mock: injected failure of BAR0 write at 0x%llx", (unsigned long long)off);
    const struct reg *touched[8];
    uint64_t prev[8];
    unsigned nt = 0;
    for (unsigned i = 0; i < size; i++) {
        const struct reg *r = reg_at(off + i);
        if (!r || r->access != RW)
            continue;
        if (nt == 0 || touched[nt - 1] != r) {
            touched[nt] = r;
            prev[nt++] = rd(m, r->off, r->width);
        }
        m->regs[off + i] = (uint8_t)(val >> (8 * i));
    }
    for (unsigned i = 0; i < nt; i++)
        effect(m, touched[i]->off, prev[i]);
    return 0;
}

static int mock_open(const struct uvs_open_opts *opts, void **ctx)
{
    struct uvs_mock *m = calloc(1, sizeof *m);
    if (!m)
        return uvs_err(-ENOMEM, "mock: out of memory");
    if (opts && opts->backend_arg)
        m->cfg = *(const struct uvs_mock_config *)opts->backend_arg;
    if (!m->cfg.sram_size) m->cfg.sram_size = 1u << 20;
    if (!m->cfg.hbm_size) m->cfg.hbm_size = 4u << 20;
    if (!m->cfg.hostmem_size) m->cfg.hostmem_size = 8u << 20;
    if (!m->cfg.caps)
        m->cfg.caps = UVS_HOSTIF_CAP_DMA | UVS_HOSTIF_CAP_CMDQ | UVS_HOSTIF_CAP_EVQ | UVS_HOSTIF_CAP_MSI | UVS_HOSTIF_CAP_HBM;
    if (!m->cfg.msi_vectors) m->cfg.msi_vectors = 8;
    m->cfg.hostmem_size = (m->cfg.hostmem_size + UVS_PAGE - 1) / UVS_PAGE * UVS_PAGE;
    m->sram = calloc(1, m->cfg.sram_size);
    m->hbm = calloc(1, m->cfg.hbm_size);
    m->arena = aligned_alloc(UVS_PAGE, m->cfg.hostmem_size);
    if (!m->sram || !m->hbm || !m->arena || uvs_hostmem_init(&m->hm, m->arena, MOCK_HOST_BUS, m->cfg.hostmem_size)) {
        free(m->sram); free(m->hbm); free(m->arena); free(m);
        return uvs_err(-ENOMEM, "mock: cannot allocate device memory");
    }
    reset_regs(m, 1);
    *ctx = m;
    return 0;
}

static void mock_close(void *ctx)
{
    struct uvs_mock *m = ctx;
    if (!m)
        return;
    uvs_hostmem_fini(&m->hm);
    free(m->sram); free(m->hbm); free(m->arena); free(m);
}

static int mock_dma_alloc(void *ctx, size_t size, struct uvs_dma_buf *buf)
{
    struct uvs_mock *m = ctx;
    return uvs_hostmem_alloc(&m->hm, size, buf);
}

static void mock_dma_free(void *ctx, const struct uvs_dma_buf *buf)
{
    struct uvs_mock *m = ctx;
    uvs_hostmem_free(&m->hm, buf);
}

static int mock_wait_irq(void *ctx, uint64_t timeout, uint32_t *vectors)
{
    struct uvs_mock *m = ctx;
    uint64_t end = m->clock + timeout;
    while (!m->msi_pending) {
        uint64_t next = end;
        for (int i = 0; i < MOCK_EVENTS; i++)
            if (m->ev[i].used && m->ev[i].at < next)
                next = m->ev[i].at;
        if (next > m->clock)
            advance(m, next - m->clock);
        else
            advance(m, 0);
        if (m->clock >= end)
            break;
    }
    if (!m->msi_pending)
        return -ETIMEDOUT;
    if (vectors)
        *vectors = m->msi_pending;
    m->msi_pending = 0;
    return 0;
}

static int mock_charge(void *ctx, uint64_t cycles)
{
    advance(ctx, cycles);
    return 0;
}

static int mock_reset(void *ctx)
{
    struct uvs_mock *m = ctx;
    memset(m->sram, 0, m->cfg.sram_size);
    memset(m->hbm, 0, m->cfg.hbm_size);
    reset_regs(m, 1);
    return 0;
}

static uint64_t mock_cycles(void *ctx)
{
    return ((struct uvs_mock *)ctx)->clock;
}

const struct uvs_backend_ops uvs_backend_mock = {
    .name = "mock",
    .open = mock_open,
    .close = mock_close,
    .mmio_read = mock_mmio_read,
    .mmio_write = mock_mmio_write,
    .dma_alloc = mock_dma_alloc,
    .dma_free = mock_dma_free,
    .wait_irq = mock_wait_irq,
    .charge = mock_charge,
    .reset = mock_reset,
    .cycles = mock_cycles,
};

struct uvs_mock *uvs_mock_of(struct uvs_dev *dev)
{
    return dev && dev->ops == &uvs_backend_mock ? dev->ctx : NULL;
}

int uvs_mock_raise_at(struct uvs_mock *m, uint64_t cycle, uint32_t causes)
{
    if (!m)
        return -EINVAL;
    for (int i = 0; i < MOCK_EVENTS; i++)
        if (!m->ev[i].used) {
            m->ev[i].used = 1;
            m->ev[i].at = cycle;
            m->ev[i].causes = causes;
            return 0;
        }
    return -ENOSPC;
}

void uvs_mock_halt(struct uvs_mock *m, uint32_t status)
{
    wr(m, UVS_HOSTIF_MGMT_STATUS_OFF, 4, UVS_HOSTIF_MGMT_STATUS_HALTED);
    wr(m, UVS_HOSTIF_FW_EXIT_OFF, 4, status);
    raise_causes(m, UVS_HOSTIF_INT_MGMT_HALT);
}

void uvs_mock_fail_mmio(struct uvs_mock *m, unsigned n, int err)
{
    m->fail_n = n;
    m->fail_err = err;
}

uint64_t uvs_mock_mmio_count(const struct uvs_mock *m)
{
    return m->mmio_count;
}

void uvs_mock_corrupt_evq_tail(struct uvs_mock *m, uint32_t tail)
{
    wr(m, UVS_HOSTIF_EVQ_TAIL_OFF, 4, tail);
    raise_causes(m, UVS_HOSTIF_INT_EVQ);
}

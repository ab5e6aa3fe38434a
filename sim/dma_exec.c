/* uvmsoc-sim DMA data movement and timing (see dma_exec.h). */
#include "dma_exec.h"

#include "dma_burst.h"

#include <string.h>

uint8_t *uvs_dma_host_ptr(const struct uvs_dma_env *e, uint64_t addr, uint64_t len, uint64_t *bad)
{
    if (e->host && len != 0 && addr + len >= addr && addr - e->host_base < e->host_size) {
        if (len <= e->host_size - (addr - e->host_base))
            return e->host + (addr - e->host_base);
        if (bad)
            *bad = e->host_base + e->host_size;
        return NULL;
    }
    if (bad)
        *bad = addr;
    return NULL;
}

/* Pointer to ring memory of channel chan (host memory for the host channel). */
static uint8_t *ring_ptr(const struct uvs_dma_env *e, unsigned chan, uint64_t addr, uint64_t len)
{
    return chan == UVS_DMA_CHAN_HOST ? uvs_dma_host_ptr(e, addr, len, NULL)
                                     : uvs_mem_dev_ptr(e->mem, addr, len, NULL);
}

static enum uvs_loc dev_loc(const struct uvs_dma_env *e, uint64_t addr)
{
    return uvs_mem_is_hbm(e->mem, addr) ? UVS_LOC_HBM : UVS_LOC_SRAM;
}

static enum uvs_loc ring_loc(const struct uvs_dma_env *e, unsigned chan, uint64_t addr)
{
    return chan == UVS_DMA_CHAN_HOST ? UVS_LOC_HOST : dev_loc(e, addr);
}

/* Check the descriptor's fields; DMA_ST_OK or the status. */
static int check(const struct uvs_dma_desc *d)
{
    if (d->opcode < UVS_DMA_OP_H2D || d->opcode > UVS_DMA_OP_D2D || d->rsvd || (d->flags & ~UVS_DMA_FLAG_IRQ))
        return UVS_DMA_ST_BAD_OPCODE;
    if (d->len == 0 || d->len > UVS_DMA_MAX_LEN)
        return UVS_DMA_ST_BAD_LEN;
    return UVS_DMA_ST_OK;
}

/* Largest read-tag ring the stream keeps (dma_tags is clamped to it). */
#define TAGS_MAX 1024u

/*
 * The data stream of @len bytes from @src to @dst, first read issued at
 * cycle @issue: returns the cycle the last chunk is written. Times chain in 16.16 cycles (memsys.h).
 * A chunk's read waits for a free tag (at most model->dma_tags reads
 * outstanding: a tag frees when its data arrived); its data then passes
 * the engine's data path (model->dma_bw_fx bytes a cycle, in order) before
 * the write.
 */
static uint64_t stream(const struct uvs_dma_env *e, enum uvs_loc src, enum uvs_loc dst, uint64_t len,
                       uint64_t issue)
{
    const uint64_t chunk = e->model->mps ? e->model->mps : 256;
    const uint64_t lat = (uint64_t)e->model->latency << 16;
    const uint32_t dbw = e->model->dma_bw_fx; /* 0: no data-path limit */
    uint32_t tags = e->model->dma_tags;
    uint64_t tag_free[TAGS_MAX]; /* per tag: when its read's data arrived (16.16) */
    uint64_t is = issue << 16, done = is, dp = is;
    if (tags == 0 || tags > TAGS_MAX)
        tags = TAGS_MAX;
    for (uint64_t off = 0, c = 0; off < len; off += chunk, c++) {
        uint64_t n = len - off < chunk ? len - off : chunk;
        uint64_t moved, arrived;
        if (c >= tags && tag_free[c % tags] > is)
            is = tag_free[c % tags]; /* every tag in use: wait for the oldest read's data */
        arrived = uvs_dma_burst_read_fx(e->ms, e->model, src, is, n, &moved);
        if (src != UVS_LOC_HOST)
            is = moved;
        else if (moved - lat > is)
            is = moved - lat; /* the next request's data follows this one's */
        tag_free[c % tags] = arrived;
        if (arrived > dp)
            dp = arrived;
        if (dbw)
            dp += ((n << 32) + dbw - 1) / dbw; /* through the data path: n / bw cycles, 16.16 */
        uint64_t w = uvs_dma_burst_write_fx(e->ms, dst, dp, n);
        if (w > done)
            done = w;
    }
    return (done >> 16) + ((done & 0xffff) != 0);
}

uint64_t uvs_dma_start(const struct uvs_dma_env *e, unsigned chan, uint64_t desc_addr, uint32_t index,
                       struct uvs_dma_job *job)
{
    memset(job, 0, sizeof *job);
    job->desc_addr = desc_addr;
    job->index = index;
    const uint8_t *p = ring_ptr(e, chan, desc_addr, UVS_DMA_DESC_SIZE);
    enum uvs_loc rl = ring_loc(e, chan, desc_addr);
    uint64_t t = uvs_memsys_access(e->ms, p ? rl : UVS_LOC_HOST, e->now, UVS_DMA_DESC_SIZE, UVS_MEMSYS_READ);
    if (!p)
        return t + 1;
    memcpy(&job->d, p, sizeof job->d);
    job->fetched = true;
    if (check(&job->d) != UVS_DMA_ST_OK)
        return t + 1;
    const struct uvs_dma_desc *d = &job->d;
    enum uvs_loc src = d->opcode == UVS_DMA_OP_H2D ? UVS_LOC_HOST : dev_loc(e, d->src);
    enum uvs_loc dst = d->opcode == UVS_DMA_OP_D2H ? UVS_LOC_HOST : dev_loc(e, d->dst);
    t = stream(e, src, dst, d->len, t);
    return uvs_memsys_access(e->ms, rl, t, UVS_DMA_CPL_SIZE, UVS_MEMSYS_WRITE);
}

/* Resolve the source and destination of a checked descriptor; status. */
static int resolve(const struct uvs_dma_env *e, const struct uvs_dma_desc *d, uint8_t **src, uint8_t **dst,
                   uint64_t *err)
{
    if (d->opcode == UVS_DMA_OP_H2D)
        *src = uvs_dma_host_ptr(e, d->src, d->len, err);
    else
        *src = uvs_mem_dev_ptr(e->mem, d->src, d->len, err);
    if (!*src)
        return d->opcode == UVS_DMA_OP_H2D ? UVS_DMA_ST_LINK : UVS_DMA_ST_BAD_SRC;
    if (d->opcode == UVS_DMA_OP_D2H)
        *dst = uvs_dma_host_ptr(e, d->dst, d->len, err);
    else
        *dst = uvs_mem_dev_ptr(e->mem, d->dst, d->len, err);
    if (!*dst)
        return d->opcode == UVS_DMA_OP_D2H ? UVS_DMA_ST_LINK : UVS_DMA_ST_BAD_DST;
    return UVS_DMA_ST_OK;
}

int uvs_dma_finish(const struct uvs_dma_env *e, unsigned chan, const struct uvs_dma_job *job, uint64_t cpl_addr,
                   uint64_t *err_addr, bool *irq)
{
    *err_addr = 0;
    *irq = false;
    if (!job->fetched) {
        *err_addr = job->desc_addr;
        return UVS_DMA_X_DESC_FAULT;
    }
    uint8_t *cp = ring_ptr(e, chan, cpl_addr, UVS_DMA_CPL_SIZE);
    if (!cp) {
        *err_addr = cpl_addr;
        return UVS_DMA_X_CPL_FAULT;
    }
    const struct uvs_dma_desc *d = &job->d;
    struct uvs_dma_cpl c = {.cookie = d->cookie, .opcode = d->opcode, .index = job->index};
    uint8_t *src = NULL, *dst = NULL;
    uint64_t err = 0;
    int st = check(d);
    if (st == UVS_DMA_ST_OK)
        st = resolve(e, d, &src, &dst, &err);
    if (st == UVS_DMA_ST_OK) {
        memmove(dst, src, d->len);
        c.bytes = d->len;
    } else {
        c.err_addr = err;
    }
    c.status = (uint16_t)st;
    memcpy(cp, &c, sizeof c);
    *err_addr = c.err_addr;
    *irq = st == UVS_DMA_ST_OK && (d->flags & UVS_DMA_FLAG_IRQ);
    return st;
}

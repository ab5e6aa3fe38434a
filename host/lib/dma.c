/*
 * libuvmsoc DMA: drives the host DMA channel (include/uvmsoc/dma.def, mapped
 * at BAR0 + HOSTIF_DMA_OFF) with a descriptor ring and a completion ring in
 * DMA-able host memory.
 */
#include <errno.h>
#include <string.h>

#include <uvmsoc/dma_desc.h>
#include <uvmsoc/hostif.h>

#include "internal.h"

#define RING_LOG2SZ 6                 /* 64 descriptors and completions */
#define BOUNCE_MAX (1u << 20)         /* bounce buffer of uvs_dma_read/write */
#define CH(o) (UVS_HOSTIF_DMA_OFF + (o))
#define DMA_INTS ((uint32_t)(UVS_HOSTIF_INT_DMA_DONE | UVS_HOSTIF_INT_DMA_ERROR))

static const char *st_name(unsigned st)
{
    switch (st) {
    case UVS_DMA_ST_OK: return "ok";
    case UVS_DMA_ST_BAD_SRC: return "bad source address";
    case UVS_DMA_ST_BAD_DST: return "bad destination address";
    case UVS_DMA_ST_BAD_OPCODE: return "bad opcode";
    case UVS_DMA_ST_BAD_LEN: return "bad length";
    case UVS_DMA_ST_LINK: return "host link error";
    default: return "unknown status";
    }
}

void uvs_dma_teardown(struct uvs_dev *dev)
{
    if (dev->dma_ready)
        (void)uvs_wr32(dev, CH(UVS_DMA_CTRL_OFF), UVS_DMA_CTRL_RESET);
    uvs_ring_free(dev, &dev->dma_ring);
    uvs_ring_free(dev, &dev->dma_cpl);
    dev->dma_ready = 0;
}

static int dma_setup(struct uvs_dev *dev)
{
    int err;
    uint32_t mask;
    if (dev->dma_ready)
        return 0;
    if (!(dev->caps & UVS_HOSTIF_CAP_DMA))
        return uvs_err(-ENOTSUP, "the device has no host DMA channel (HOSTIF_CAP_DMA clear)");
    if ((err = uvs_ring_alloc(dev, &dev->dma_ring, RING_LOG2SZ, UVS_DMA_DESC_SIZE)) ||
        (err = uvs_ring_alloc(dev, &dev->dma_cpl, RING_LOG2SZ, UVS_DMA_CPL_SIZE)))
        goto fail;
    if ((err = uvs_wr32(dev, CH(UVS_DMA_CTRL_OFF), UVS_DMA_CTRL_RESET)) ||
        (err = uvs_wr64(dev, CH(UVS_DMA_RING_BASE_OFF), dev->dma_ring.buf.bus)) ||
        (err = uvs_wr32(dev, CH(UVS_DMA_RING_LOG2SZ_OFF), RING_LOG2SZ)) ||
        (err = uvs_wr64(dev, CH(UVS_DMA_CPL_BASE_OFF), dev->dma_cpl.buf.bus)) ||
        (err = uvs_wr32(dev, CH(UVS_DMA_CPL_LOG2SZ_OFF), RING_LOG2SZ)) ||
        (err = uvs_wr32(dev, CH(UVS_DMA_CTRL_OFF), UVS_DMA_CTRL_ENABLE)) ||
        (err = uvs_rd32(dev, UVS_HOSTIF_INT_MASK_OFF, &mask)) ||
        (err = uvs_wr32(dev, UVS_HOSTIF_INT_MASK_OFF, mask & ~DMA_INTS)))
        goto fail;
    dev->dma_ready = 1;
    return 0;
fail:
    uvs_ring_free(dev, &dev->dma_ring);
    uvs_ring_free(dev, &dev->dma_cpl);
    return err;
}

/* Consume completion records up to the device's CPL_TAIL. Returns the number
 * consumed, or a negative errno (-EFAULT/-EIO on a failed descriptor). */
static int reap(struct uvs_dev *dev, struct uvs_dma_result *res)
{
    uint32_t tail;
    int err = uvs_rd32(dev, CH(UVS_DMA_CPL_TAIL_OFF), &tail), n = 0;
    if (err)
        return err;
    if (tail >= dev->dma_cpl.entries)
        return uvs_err(-EPROTO, "DMA: device completion tail %u out of range (ring of %u)", tail, dev->dma_cpl.entries);
    while (dev->dma_cpl.index != tail) {
        struct uvs_dma_cpl c;
        memcpy(&c, (uint8_t *)dev->dma_cpl.buf.host + (size_t)dev->dma_cpl.index * UVS_DMA_CPL_SIZE, sizeof c);
        dev->dma_cpl.index = (dev->dma_cpl.index + 1) % dev->dma_cpl.entries;
        n++;
        res->bytes += c.bytes;
        if (c.status != UVS_DMA_ST_OK) {
            res->status = c.status;
            res->err_addr = c.err_addr;
            int e = (c.status == UVS_DMA_ST_BAD_SRC || c.status == UVS_DMA_ST_BAD_DST || c.status == UVS_DMA_ST_LINK)
                        ? -EFAULT : -EIO;
            return uvs_err(e, "DMA failed: %s at 0x%llx (status %u, descriptor %u)", st_name(c.status),
                           (unsigned long long)c.err_addr, c.status, c.index);
        }
    }
    if (n && (err = uvs_wr32(dev, CH(UVS_DMA_CPL_HEAD_OFF), dev->dma_cpl.index)))
        return err;
    return n;
}

/* After a failure: the channel is halted or in an unknown state; start over. */
static int dma_recover(struct uvs_dev *dev, int err)
{
    uvs_dma_teardown(dev);
    return err;
}

int uvs_dma_copy(struct uvs_dev *dev, unsigned op, uint64_t dst, uint64_t src, uint64_t len, struct uvs_dma_result *res)
{
    struct uvs_dma_result local;
    if (!res)
        res = &local;
    memset(res, 0, sizeof *res);
    if (!dev)
        return uvs_err(-EINVAL, "DMA: no device");
    if (op < UVS_DMA_OP_H2D || op > UVS_DMA_OP_D2D)
        return uvs_err(-EINVAL, "DMA: bad opcode %u (H2D=1, D2H=2, D2D=3)", op);
    if (len == 0)
        return uvs_err(-EINVAL, "DMA: length 0");
    if (src + len < src || dst + len < dst)
        return uvs_err(-EINVAL, "DMA: range of 0x%llx bytes from 0x%llx to 0x%llx wraps around", (unsigned long long)len,
                       (unsigned long long)src, (unsigned long long)dst);
    int err = dma_setup(dev);
    if (err)
        return err;
    uint64_t start = uvs_cycles(dev), done = 0, slice = 0;
    struct uvs_ring *r = &dev->dma_ring;
    while (done < len) {
        /* Fill the ring (one slot stays free: full when tail == head - 1). */
        unsigned batch = 0;
        while (done < len && batch < r->entries - 1) {
            uint64_t n = len - done < UVS_DMA_MAX_LEN ? len - done : UVS_DMA_MAX_LEN;
            struct uvs_dma_desc d = {.opcode = (uint8_t)op, .len = (uint32_t)n, .src = src + done, .dst = dst + done,
                                     .cookie = ++dev->dma_cookie};
            done += n;
            batch++;
            if (done == len || batch == r->entries - 1)
                d.flags = UVS_DMA_FLAG_IRQ;
            memcpy((uint8_t *)r->buf.host + (size_t)r->index * UVS_DMA_DESC_SIZE, &d, sizeof d);
            r->index = (r->index + 1) % r->entries;
        }
        if ((err = uvs_wr32(dev, CH(UVS_DMA_RING_TAIL_OFF), r->index)))
            return dma_recover(dev, err);
        /* Wait for the batch: acknowledge, look, then sleep until the next MSI
         * (or the end of a poll slice: a lost MSI is not waited for). */
        uint64_t deadline = uvs_cycles(dev) + dev->timeout;
        for (;;) {
            uint32_t status;
            if ((err = uvs_wr32(dev, UVS_HOSTIF_INT_ACK_OFF, DMA_INTS)))
                return dma_recover(dev, err);
            int n = reap(dev, res);
            if (n < 0)
                return dma_recover(dev, n);
            batch -= (unsigned)n < batch ? (unsigned)n : batch;
            if (batch == 0)
                break;
            if ((err = uvs_rd32(dev, CH(UVS_DMA_STATUS_OFF), &status)))
                return dma_recover(dev, err);
            if (status & UVS_DMA_STATUS_HALTED) {
                /* The failing descriptor's completion may have landed after
                 * the reap above (the device is not instantaneous): look again. */
                if ((n = reap(dev, res)) < 0)
                    return dma_recover(dev, n);
                uint64_t a = 0;
                (void)uvs_rd64(dev, CH(UVS_DMA_ERR_ADDR_OFF), &a);
                res->err_addr = a;
                return dma_recover(dev, uvs_err(-EIO, "DMA channel halted without completion (ring address 0x%llx)",
                                                (unsigned long long)a));
            }
            uint64_t now = uvs_cycles(dev);
            err = now < deadline || !dev->ops->cycles ? uvs_wait_slice(dev, dev->ops->cycles ? deadline - now : dev->timeout,
                                                                       &slice, NULL)
                                                      : -ETIMEDOUT;
            if (err == 1)
                continue;
            if (err == -ETIMEDOUT)
                err = uvs_err(err, "DMA of %llu bytes did not complete within %llu cycles", (unsigned long long)len,
                              (unsigned long long)dev->timeout);
            if (err)
                return dma_recover(dev, err);
        }
    }
    res->cycles = uvs_cycles(dev) - start;
    return 0;
}

/*
 * uvs_dma_write/uvs_dma_read through a bounce buffer of at most BOUNCE_MAX:
 * op DMA_OP_H2D copies wdata to dev_addr, DMA_OP_D2H copies dev_addr to
 * rdata; res sums bytes and cycles, status and err_addr of the last part.
 */
static int bounce(struct uvs_dev *dev, unsigned op, uint64_t dev_addr, const void *wdata, void *rdata, size_t len,
                  struct uvs_dma_result *res, const char *who)
{
    struct uvs_dma_buf b;
    struct uvs_dma_result part, local;
    if (!res)
        res = &local;
    memset(res, 0, sizeof *res);
    if (!dev || (!wdata && !rdata && len))
        return uvs_err(-EINVAL, "%s: NULL argument", who);
    if (len == 0)
        return uvs_err(-EINVAL, "DMA: length 0");
    int err = uvs_dma_alloc(dev, len < BOUNCE_MAX ? len : BOUNCE_MAX, &b);
    if (err)
        return err;
    for (size_t off = 0; off < len && !err;) {
        size_t n = len - off < b.size ? len - off : b.size;
        if (op == UVS_DMA_OP_H2D) {
            memcpy(b.host, (const uint8_t *)wdata + off, n);
            err = uvs_dma_copy(dev, op, dev_addr + off, b.bus, n, &part);
        } else {
            err = uvs_dma_copy(dev, op, b.bus, dev_addr + off, n, &part);
            if (!err)
                memcpy((uint8_t *)rdata + off, b.host, n);
        }
        res->bytes += part.bytes;
        res->cycles += part.cycles;
        res->status = part.status;
        res->err_addr = part.err_addr;
        off += n;
    }
    uvs_dma_free(dev, &b);
    return err;
}

int uvs_dma_write(struct uvs_dev *dev, uint64_t dev_addr, const void *data, size_t len, struct uvs_dma_result *res)
{
    return bounce(dev, UVS_DMA_OP_H2D, dev_addr, data, NULL, len, res, "uvs_dma_write");
}

int uvs_dma_read(struct uvs_dev *dev, void *data, uint64_t dev_addr, size_t len, struct uvs_dma_result *res)
{
    return bounce(dev, UVS_DMA_OP_D2H, dev_addr, NULL, data, len, res, "uvs_dma_read");
}

/*
 * libuvmsoc device handling: open/close/reset, identification, BAR0 access,
 * interrupts, host-cost charging, DMA buffers and error reporting.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uvmsoc/hostif.h>

#include "hw.h"
#include "internal.h"

static _Thread_local char last_err[512];

int uvs_err(int err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_err, sizeof last_err, fmt, ap);
    va_end(ap);
    return err;
}

void uvs_err_clear(void)
{
    last_err[0] = '\0';
}

const char *uvs_last_error(void)
{
    return last_err;
}

const char *uvs_strerror(int err)
{
    switch (err) {
    case 0: return "success";
    case -ENOEXEC: return "not a valid ELF executable";
    case -ENOTSUP: return "not supported";
    case -ERANGE: return "address outside device memory";
    case -ETIMEDOUT: return "timed out waiting for the device";
    case -EPROTO: return "co-simulation protocol error";
    case -EBADMSG: return "truncated or oversized message";
    case -ECONNRESET: return "the simulator closed the connection";
    case -ECONNREFUSED: return "no simulator listening";
    case -ENODEV: return "not a uvmsoc device";
    case -EPROTONOSUPPORT: return "incompatible ABI or transport version";
    case -EFAULT: return "the device reported a bad address";
    case -ECHILD: return "the management hart halted";
    default: return err < 0 ? strerror(-err) : "unknown error";
    }
}

static const struct uvs_backend_ops *find_backend(const char *name)
{
    if (!name || strcmp(name, "cosim") == 0)
        return &uvs_backend_cosim;
    if (strcmp(name, "mock") == 0)
        return &uvs_backend_mock;
    if (strcmp(name, "uio") == 0)
        return &uvs_backend_uio;
    if (strcmp(name, "vfio") == 0)
        return &uvs_backend_vfio;
    if (strcmp(name, "ivshmem") == 0)
        return &uvs_backend_ivshmem;
    return NULL;
}

int uvs_device_check(const char *device)
{
    struct uvs_devspec spec;
    uvs_err_clear();
    return uvs_devspec_parse(device, &spec);
}

int uvs_open(const struct uvs_open_opts *opts, struct uvs_dev **out)
{
    static const struct uvs_open_opts defaults;
    uvs_err_clear();
    if (!out)
        return uvs_err(-EINVAL, "uvs_open: no result pointer");
    *out = NULL;
    if (!opts)
        opts = &defaults;
    struct uvs_open_opts o = *opts;
    struct uvs_devspec spec;
    if (o.device) {
        int err = uvs_devspec_parse(o.device, &spec);
        if (err)
            return err;
        if (o.backend && strcmp(o.backend, spec.name) != 0)
            return uvs_err(-EINVAL, "backend '%s' and device '%s' disagree", o.backend, o.device);
        o.backend = spec.name;
        if (spec.kind == UVS_DEV_COSIM && spec.path[0] && !o.socket_path)
            o.socket_path = spec.path;
        if (spec.kind == UVS_DEV_IVSHMEM && !o.backend_arg)
            o.backend_arg = spec.path; /* read by the backend's open, within this call */
    }
    opts = &o;
    const struct uvs_backend_ops *ops = find_backend(opts->backend);
    if (!ops)
        return uvs_err(-EINVAL, "unknown backend '%s' (cosim, mock, uio, vfio, ivshmem)", opts->backend);
    struct uvs_dev *dev = calloc(1, sizeof *dev);
    if (!dev)
        return uvs_err(-ENOMEM, "out of memory");
    dev->ops = ops;
    dev->timeout = opts->timeout_cycles ? opts->timeout_cycles : UVS_DEFAULT_TIMEOUT_CYCLES;
    dev->wd_cycles = opts->watchdog_cycles ? opts->watchdog_cycles : UVS_DEFAULT_WATCHDOG_CYCLES;
    int err = ops->open(opts, &dev->ctx);
    if (err) {
        free(dev);
        return err;
    }
    uint32_t id = 0, ver = 0;
    if ((err = uvs_rd32(dev, UVS_HOSTIF_ID_OFF, &id)) || (err = uvs_rd32(dev, UVS_HOSTIF_VERSION_OFF, &ver)))
        goto fail;
    if (id != UVS_HOSTIF_ID_VALUE) {
        err = uvs_err(-ENODEV, "%s: device id 0x%08x is not a uvmsoc device (expected 0x%08x)", ops->name, id,
                      (unsigned)UVS_HOSTIF_ID_VALUE);
        goto fail;
    }
    if ((ver >> 16) != (UVS_HOSTIF_VERSION_VALUE >> 16)) {
        err = uvs_err(-EPROTONOSUPPORT, "%s: device ABI version %u.%u, this library speaks %u.%u", ops->name,
                      ver >> 16, ver & 0xffff, (unsigned)(UVS_HOSTIF_VERSION_VALUE >> 16),
                      (unsigned)(UVS_HOSTIF_VERSION_VALUE & 0xffff));
        goto fail;
    }
    if ((err = uvs_rd64(dev, UVS_HOSTIF_CAP_OFF, &dev->caps)) ||
        (err = uvs_rd64(dev, UVS_HOSTIF_SRAM_SIZE_OFF, &dev->sram_size)) ||
        (err = uvs_rd64(dev, UVS_HOSTIF_HBM_SIZE_OFF, &dev->hbm_size)))
        goto fail;
    *out = dev;
    return 0;
fail:
    ops->close(dev->ctx);
    free(dev);
    return err;
}

void uvs_close(struct uvs_dev *dev)
{
    if (!dev)
        return;
    uvs_dma_teardown(dev);
    uvs_q_teardown(dev);
    dev->ops->close(dev->ctx);
    free(dev);
}

int uvs_reset(struct uvs_dev *dev)
{
    if (!dev)
        return uvs_err(-EINVAL, "uvs_reset: no device");
    /* Rings are freed without touching the device: the reset stops it. */
    uvs_ring_free(dev, &dev->dma_ring);
    uvs_ring_free(dev, &dev->dma_cpl);
    uvs_ring_free(dev, &dev->cmdq);
    uvs_ring_free(dev, &dev->evq);
    dev->dma_ready = dev->q_ready = 0;
    dev->wd_valid = dev->wd_pinged = dev->wd_hung = 0;
    if (dev->ops->reset) {
        int err = dev->ops->reset(dev->ctx);
        if (err)
            return err;
    }
    return uvs_wr32(dev, UVS_HOSTIF_MGMT_CTRL_OFF, UVS_HOSTIF_MGMT_CTRL_HOLD | UVS_HOSTIF_MGMT_CTRL_DEV_RESET);
}

const char *uvs_backend_name(const struct uvs_dev *dev)
{
    return dev ? dev->ops->name : "none";
}

uint64_t uvs_cycles(const struct uvs_dev *dev)
{
    return dev && dev->ops->cycles ? dev->ops->cycles(dev->ctx) : 0;
}

int uvs_info(struct uvs_dev *dev, struct uvs_info *info)
{
    if (!dev || !info)
        return uvs_err(-EINVAL, "uvs_info: NULL argument");
    memset(info, 0, sizeof *info);
    info->backend = dev->ops->name;
    int err;
    if ((err = uvs_rd32(dev, UVS_HOSTIF_ID_OFF, &info->id)) || (err = uvs_rd32(dev, UVS_HOSTIF_VERSION_OFF, &info->version)) ||
        (err = uvs_rd64(dev, UVS_HOSTIF_CAP_OFF, &info->caps)) ||
        (err = uvs_rd64(dev, UVS_HOSTIF_SRAM_SIZE_OFF, &info->sram_size)) ||
        (err = uvs_rd64(dev, UVS_HOSTIF_HBM_SIZE_OFF, &info->hbm_size)) ||
        (err = uvs_rd32(dev, UVS_HOSTIF_MSI_VECTORS_OFF, &info->msi_vectors)) ||
        (err = uvs_rd32(dev, UVS_HOSTIF_HARTS_OFF, &info->harts)) ||
        (err = uvs_rd32(dev, UVS_HOSTIF_CLOCK_KHZ_OFF, &info->clock_khz)) ||
        (err = uvs_rd32(dev, UVS_HOSTIF_LINK_LATENCY_OFF, &info->link_latency)) ||
        (err = uvs_rd32(dev, UVS_HOSTIF_LINK_BW_OFF, &info->link_bw)) ||
        (err = uvs_rd32(dev, UVS_HOSTIF_LINK_MPS_OFF, &info->link_mps)) ||
        (err = uvs_rd32(dev, UVS_HOSTIF_MGMT_STATUS_OFF, &info->mgmt_status)) ||
        (err = uvs_rd32(dev, UVS_HOSTIF_FW_STATUS_OFF, &info->fw_status)))
        return err;
    return 0;
}

int uvs_perf(struct uvs_dev *dev, struct uvs_perf *p)
{
    if (!dev || !p)
        return uvs_err(-EINVAL, "uvs_perf: NULL argument");
    memset(p, 0, sizeof *p);
    int err;
    if ((err = uvs_rd64(dev, UVS_HOSTIF_PERF_LINK_H2D_OFF, &p->link_h2d_bytes)) ||
        (err = uvs_rd64(dev, UVS_HOSTIF_PERF_LINK_D2H_OFF, &p->link_d2h_bytes)) ||
        (err = uvs_rd64(dev, UVS_HOSTIF_PERF_HBM_OFF, &p->hbm_bytes)) ||
        (err = uvs_rd32(dev, UVS_HOSTIF_HBM_BW_OFF, &p->hbm_bw)) ||
        (err = uvs_rd32(dev, UVS_HOSTIF_HBM_LATENCY_OFF, &p->hbm_latency)))
        return err;
    return 0;
}

static int check_access(const char *what, uint64_t off, unsigned size)
{
    if (size != 1 && size != 2 && size != 4 && size != 8)
        return uvs_err(-EINVAL, "%s: access size %u (1, 2, 4 or 8 bytes)", what, size);
    if (off & (size - 1))
        return uvs_err(-EINVAL, "%s: offset 0x%llx not aligned to %u bytes", what, (unsigned long long)off, size);
    if (off >= UVS_HOSTIF_BAR0_SIZE)
        return uvs_err(-EINVAL, "%s: offset 0x%llx outside BAR0 (0x%llx bytes)", what, (unsigned long long)off,
                       (unsigned long long)UVS_HOSTIF_BAR0_SIZE);
    return 0;
}

int uvs_mmio_read(struct uvs_dev *dev, uint64_t off, unsigned size, uint64_t *val)
{
    if (!dev || !val)
        return uvs_err(-EINVAL, "uvs_mmio_read: NULL argument");
    int err = check_access("BAR0 read", off, size);
    return err ? err : dev->ops->mmio_read(dev->ctx, off, size, val);
}

int uvs_mmio_write(struct uvs_dev *dev, uint64_t off, unsigned size, uint64_t val)
{
    if (!dev)
        return uvs_err(-EINVAL, "uvs_mmio_write: no device");
    int err = check_access("BAR0 write", off, size);
    if (err)
        return err;
    if (size < 8 && (val >> (8 * size)))
        return uvs_err(-EINVAL, "BAR0 write: value 0x%llx wider than %u bytes", (unsigned long long)val, size);
    return dev->ops->mmio_write(dev->ctx, off, size, val);
}

int uvs_rd32(struct uvs_dev *dev, uint64_t off, uint32_t *v)
{
    uint64_t x = 0;
    int err = uvs_mmio_read(dev, off, 4, &x);
    *v = (uint32_t)x;
    return err;
}

int uvs_rd64(struct uvs_dev *dev, uint64_t off, uint64_t *v)
{
    *v = 0;
    return uvs_mmio_read(dev, off, 8, v);
}

int uvs_wr32(struct uvs_dev *dev, uint64_t off, uint32_t v)
{
    return uvs_mmio_write(dev, off, 4, v);
}

int uvs_wr64(struct uvs_dev *dev, uint64_t off, uint64_t v)
{
    return uvs_mmio_write(dev, off, 8, v);
}

int uvs_wait_irq(struct uvs_dev *dev, uint64_t timeout_cycles, uint32_t *vectors)
{
    if (!dev || timeout_cycles == 0)
        return uvs_err(-EINVAL, "uvs_wait_irq: %s", dev ? "timeout of 0 cycles" : "no device");
    uint32_t v = 0;
    int err = dev->ops->wait_irq(dev->ctx, timeout_cycles, &v);
    if (err == -ETIMEDOUT)
        return uvs_err(err, "no interrupt within %llu cycles", (unsigned long long)timeout_cycles);
    if (!err && vectors)
        *vectors = v;
    return err;
}

int uvs_charge(struct uvs_dev *dev, uint64_t cycles)
{
    if (!dev)
        return uvs_err(-EINVAL, "uvs_charge: no device");
    return cycles ? dev->ops->charge(dev->ctx, cycles) : 0;
}

int uvs_dma_alloc(struct uvs_dev *dev, size_t size, struct uvs_dma_buf *buf)
{
    if (!dev || !buf || size == 0)
        return uvs_err(-EINVAL, "uvs_dma_alloc: %s", size ? "NULL argument" : "size 0");
    memset(buf, 0, sizeof *buf);
    int err = dev->ops->dma_alloc(dev->ctx, size, buf);
    if (err)
        return uvs_err(err, "cannot allocate %zu bytes of DMA-able host memory: %s", size, uvs_strerror(err));
    return 0;
}

int uvs_dma_buf_fd(struct uvs_dev *dev, const struct uvs_dma_buf *buf, int *fd, uint64_t *off)
{
    if (!dev || !buf || !fd || !off)
        return uvs_err(-EINVAL, "uvs_dma_buf_fd: NULL argument");
    if (!dev->ops->hostmem_fd)
        return uvs_err(-ENOTSUP, "the %s backend's host memory is not a file", dev->ops->name);
    int err = dev->ops->hostmem_fd(dev->ctx, buf->bus, buf->size, fd, off);
    if (err)
        return uvs_err(err, "buffer at bus address 0x%llx is not in the host-memory file",
                       (unsigned long long)buf->bus);
    return 0;
}

void uvs_dma_free(struct uvs_dev *dev, struct uvs_dma_buf *buf)
{
    if (!dev || !buf || !buf->size)
        return;
    dev->ops->dma_free(dev->ctx, buf);
    memset(buf, 0, sizeof *buf);
}

int uvs_ring_alloc(struct uvs_dev *dev, struct uvs_ring *r, uint32_t log2sz, size_t recsz)
{
    memset(r, 0, sizeof *r);
    int err = uvs_dma_alloc(dev, ((size_t)1 << log2sz) * recsz, &r->buf);
    if (err)
        return err;
    r->log2sz = log2sz;
    r->entries = 1u << log2sz;
    return 0;
}

void uvs_ring_free(struct uvs_dev *dev, struct uvs_ring *r)
{
    uvs_dma_free(dev, &r->buf);
    memset(r, 0, sizeof *r);
}

/*
 * "uio" backend: the device in the FPGA fabric of an SoC running Linux
 * (docs/embedded-linux.md "uio backend"). The BAR0 node is found by its
 * compatible in the devicetree; the kernel's uio_pdrv_genirq (or
 * generic-uio) exposes it as /dev/uioN. Registers: the uio map at the node's
 * reg. DMA-able host memory: a u-dma-buf buffer named in the device string,
 * else the uio map at the node's memory-region, else the u-dma-buf buffer
 * allocated inside that region; no IOMMU sits between the fabric and DDR, so bus
 * addresses are physical addresses. Interrupt: the node's one line, counted
 * by the uio driver; all causes share it, so wait_irq reports the pending
 * causes (HOSTIF_INT_STATUS & ~HOSTIF_INT_MASK) as the vector mask, with the
 * hostif.def vector numbering (cause bit b -> vector b, 0 past MSI_VECTORS).
 * Timeouts: device cycles / HOSTIF_CLOCK_KHZ (hw.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <uvmsoc/hostif.h>

#include "hostmem.h"
#include "hw.h"
#include "internal.h"
#include "uio.h"

struct uio_ctx {
    int fd;                  /* /dev/uioN */
    char node[PATH_MAX];     /* its path, for messages */
    void *regs_map;          /* mmap of the register map */
    size_t regs_maplen;
    volatile uint8_t *regs;  /* BAR0 byte 0 */
    int dma_fd;              /* /dev/udmabufN or -1 (DMA memory is a uio map) */
    void *dma_map;
    size_t dma_maplen;
    struct uvs_hostmem hm;   /* allocator over the DMA window */
    uint32_t clock_khz;      /* HOSTIF_CLOCK_KHZ at open */
    uint32_t msi_vectors;    /* HOSTIF_MSI_VECTORS at open */
    uint32_t irq_count;      /* interrupt count last read */
};

static int map_file(const char *root, const char *uio, unsigned idx, const char *f, uint64_t *v)
{
    char p[PATH_MAX];
    if (uvs_path(p, root, "/sys/class/uio/%s/maps/map%u/%s", uio, idx, f))
        return -ENAMETOOLONG;
    return uvs_read_u64(p, v);
}

int uvs_uio_map_find(const char *root, const char *uio, uint64_t addr, uint64_t min_size, struct uvs_uio_map *m)
{
    /* uio devices have at most MAX_UIO_MAPS (5) maps (include/linux/uio_driver.h). */
    for (unsigned i = 0; i < 5; i++) {
        memset(m, 0, sizeof *m);
        m->index = i;
        if (map_file(root, uio, i, "addr", &m->addr) || map_file(root, uio, i, "size", &m->size))
            continue;
        if (map_file(root, uio, i, "offset", &m->offset))
            m->offset = 0;
        char p[PATH_MAX];
        if (!uvs_path(p, root, "/sys/class/uio/%s/maps/map%u/name", uio, i))
            (void)uvs_read_line(p, m->name, sizeof m->name);
        /* uio_pdrv_genirq reports a region at its page (addr) plus the offset in it; older kernels
         * give the region's own address with offset 0: addr + offset is the region either way. */
        if (m->addr + m->offset == addr && m->size >= m->offset && m->size - m->offset >= min_size)
            return 0;
    }
    return -ENOENT;
}

/* 1: uio device `name` is the node dt; 0: it is not; negative: it does not exist. */
static int uio_matches(const char *root, const struct uvs_dt_dev *dt, const char *name)
{
    char p[PATH_MAX], link[PATH_MAX];
    struct uvs_uio_map m;
    if (uvs_path(p, root, "/sys/class/uio/%s", name))
        return -ENAMETOOLONG;
    if (access(p, F_OK) != 0)
        return -ENOENT;
    if (uvs_path(p, root, "/sys/class/uio/%s/device/of_node", name))
        return -ENAMETOOLONG;
    ssize_t n = readlink(p, link, sizeof link - 1);
    if (n > 0) {
        link[n] = '\0';
        const char *base = strstr(link, "devicetree/base");
        return base && strcmp(base + strlen("devicetree/base"), dt->path) == 0;
    }
    return uvs_uio_map_find(root, name, dt->reg, 1, &m) == 0;
}

static const char bind_hint[] =
    "bind it with uio_pdrv_genirq.of_id=" UVS_HOSTIF_COMPATIBLE " on the kernel command line "
    "(docs/embedded-linux.md, uio backend)";

int uvs_uio_locate(const char *root, const struct uvs_dt_dev *dt, const char *want, char *name, size_t n)
{
    if (want && *want) {
        int r = uio_matches(root, dt, want);
        if (r == -ENOENT)
            return uvs_err(-ENOENT, "no uio device %s (%s/sys/class/uio/%s missing); %s", want, root, want, bind_hint);
        if (r < 0)
            return uvs_err(r, "uio device %s: %s", want, strerror(-r));
        if (r == 0) {
            char p[PATH_MAX], nm[64] = "?";
            if (!uvs_path(p, root, "/sys/class/uio/%s/name", want))
                (void)uvs_read_line(p, nm, sizeof nm);
            return uvs_err(-ENODEV, "/dev/%s (name '%s') is not the " UVS_HOSTIF_COMPATIBLE " node %s at 0x%llx",
                           want, nm, dt->path, (unsigned long long)dt->reg);
        }
        snprintf(name, n, "%s", want);
        return 0;
    }
    char p[PATH_MAX];
    if (uvs_path(p, root, "/sys/class/uio"))
        return -ENAMETOOLONG;
    DIR *d = opendir(p);
    struct dirent *e;
    int found = 0;
    while (d && !found && (e = readdir(d)))
        if (strncmp(e->d_name, "uio", 3) == 0 && uio_matches(root, dt, e->d_name) == 1) {
            snprintf(name, n, "%s", e->d_name);
            found = 1;
        }
    if (d)
        closedir(d);
    if (!found)
        return uvs_err(-ENODEV, "no uio device is the " UVS_HOSTIF_COMPATIBLE " node %s at 0x%llx; %s", dt->path,
                       (unsigned long long)dt->reg, bind_hint);
    return 0;
}

static void uio_close(void *vctx)
{
    struct uio_ctx *c = vctx;
    if (!c)
        return;
    if (c->dma_map)
        munmap(c->dma_map, c->dma_maplen);
    if (c->regs_map)
        munmap(c->regs_map, c->regs_maplen);
    if (c->dma_fd >= 0)
        close(c->dma_fd);
    if (c->fd >= 0)
        close(c->fd);
    uvs_hostmem_fini(&c->hm);
    free(c);
}

/* mmap the uio map m of fd; *p = its first byte. */
static int map_uio(struct uio_ctx *c, const struct uvs_uio_map *m, void **map, size_t *maplen, uint8_t **p)
{
    uint64_t pg = (uint64_t)sysconf(_SC_PAGESIZE), in_page = m->addr & (pg - 1);
    /* the uio core allows as many pages as (addr % page + size) covers */
    *maplen = (size_t)((in_page + m->size + pg - 1) & ~(pg - 1));
    void *a = mmap(NULL, *maplen, PROT_READ | PROT_WRITE, MAP_SHARED, c->fd, (off_t)m->index * pg);
    if (a == MAP_FAILED)
        return uvs_err(-errno, "%s: mmap of map%u (0x%llx bytes at 0x%llx): %s", c->node, m->index,
                       (unsigned long long)m->size, (unsigned long long)m->addr, strerror(errno));
    *map = a;
    *p = (uint8_t *)a + in_page + m->offset;
    return 0;
}

/* The u-dma-buf buffer `name` ("udmabufN") as the DMA window: *base, *bus, *size. */
static int setup_udmabuf(struct uio_ctx *c, const char *root, const char *name, uint8_t **base, uint64_t *bus,
                         uint64_t *size)
{
    char p[PATH_MAX];
    int err;
    if (uvs_path(p, root, "/sys/class/u-dma-buf/%s/phys_addr", name))
        return -ENAMETOOLONG;
    if ((err = uvs_read_u64(p, bus)))
        return uvs_err(err, "u-dma-buf %s: cannot read %s: %s (is the u-dma-buf module loaded with the buffer?)", name,
                       p, strerror(-err));
    if (uvs_path(p, root, "/sys/class/u-dma-buf/%s/size", name))
        return -ENAMETOOLONG;
    if ((err = uvs_read_u64(p, size)))
        return uvs_err(err, "u-dma-buf %s: cannot read %s: %s", name, p, strerror(-err));
    if (uvs_path(p, root, "/dev/%s", name))
        return -ENAMETOOLONG;
    /* O_SYNC: u-dma-buf maps the buffer uncached, so no cache maintenance is needed for the device's DMA. */
    if ((err = uvs_open_node(p, O_SYNC, "u-dma-buf", &c->dma_fd)))
        return err;
    *size &= ~(uint64_t)(UVS_PAGE - 1);
    if (*size == 0 || *bus % UVS_PAGE)
        return uvs_err(-EINVAL, "u-dma-buf %s: buffer at 0x%llx of 0x%llx bytes is not page-aligned", name,
                       (unsigned long long)*bus, (unsigned long long)*size);
    c->dma_maplen = *size;
    void *a = mmap(NULL, *size, PROT_READ | PROT_WRITE, MAP_SHARED, c->dma_fd, 0);
    if (a == MAP_FAILED)
        return uvs_err(-errno, "%s: mmap of 0x%llx bytes: %s", p, (unsigned long long)*size, strerror(errno));
    c->dma_map = a;
    *base = a;
    return 0;
}

/* The u-dma-buf buffer inside the node's memory-region (u-dma-buf allocates from it when its node names it). */
static int find_udmabuf(const char *root, const struct uvs_dt_dev *dt, char *name, size_t n)
{
    char p[PATH_MAX];
    if (uvs_path(p, root, "/sys/class/u-dma-buf"))
        return -ENAMETOOLONG;
    DIR *d = opendir(p);
    struct dirent *e;
    int found = 0;
    while (d && !found && (e = readdir(d))) {
        uint64_t a;
        if (e->d_name[0] == '.' || strlen(e->d_name) >= n ||
            uvs_path(p, root, "/sys/class/u-dma-buf/%s/phys_addr", e->d_name) || uvs_read_u64(p, &a))
            continue;
        if (a >= dt->dma && a - dt->dma < dt->dma_size) {
            memcpy(name, e->d_name, strlen(e->d_name) + 1);
            found = 1;
        }
    }
    if (d)
        closedir(d);
    return found ? 0 : -ENOENT;
}

/*
 * DMA window: the u-dma-buf named in the device string; else the uio map at
 * the node's memory-region; else the u-dma-buf buffer inside that region.
 */
static int setup_dma(struct uio_ctx *c, const char *root, const struct uvs_devspec *spec, const struct uvs_dt_dev *dt,
                     const char *uio)
{
    uint8_t *base;
    uint64_t bus, size;
    int err;
    struct uvs_uio_map m;
    char ub[64];
    if (spec->udmabuf[0]) {
        if ((err = setup_udmabuf(c, root, spec->udmabuf, &base, &bus, &size)))
            return err;
    } else if (!dt->has_dma) {
        return uvs_err(-ENODEV, "no DMA-able host memory: the node %s has no memory-region and no u-dma-buf was "
                       "given (uio:/dev/%s,udmabuf=/dev/udmabuf0)", dt->path, uio);
    } else if (uvs_uio_map_find(root, uio, dt->dma, UVS_PAGE, &m) == 0) {
        if ((m.addr + m.offset) % UVS_PAGE)
            return uvs_err(-EINVAL, "%s map%u at 0x%llx is not page-aligned", uio, m.index,
                           (unsigned long long)(m.addr + m.offset));
        if ((err = map_uio(c, &m, &c->dma_map, &c->dma_maplen, &base)))
            return err;
        bus = m.addr + m.offset;
        size = (m.size - m.offset) & ~(uint64_t)(UVS_PAGE - 1);
    } else if (find_udmabuf(root, dt, ub, sizeof ub) == 0) {
        if ((err = setup_udmabuf(c, root, ub, &base, &bus, &size)))
            return err;
    } else {
        return uvs_err(-ENODEV, "no DMA-able host memory: the memory-region of %s (0x%llx, 0x%llx bytes) is neither "
                       "a map of %s nor holds a u-dma-buf buffer, and none was given (uio:/dev/%s,udmabuf=/dev/udmabuf0)",
                       dt->path, (unsigned long long)dt->dma, (unsigned long long)dt->dma_size, uio, uio);
    }
    if ((err = uvs_hostmem_init(&c->hm, base, bus, size)))
        return uvs_err(err, "DMA window at 0x%llx: %s", (unsigned long long)bus, strerror(-err));
    return 0;
}

static uint32_t rd32(const struct uio_ctx *c, uint64_t off)
{
    return *(volatile const uint32_t *)(c->regs + off);
}

static int uio_irq_enable(struct uio_ctx *c)
{
    int32_t one = 1;
    if (pwrite(c->fd, &one, sizeof one, UVS_UIO_IRQ_ENABLE_POS) == (ssize_t)sizeof one)
        return 0;
    /* A driver without irqcontrol (uio_pdrv_genirq has it) keeps the line enabled. */
    return errno == ENOSYS ? 0 : uvs_err(-errno, "%s: re-enabling the interrupt: %s", c->node, strerror(errno));
}

static int uio_open(const struct uvs_open_opts *opts, void **out)
{
    struct uvs_devspec spec;
    int err = uvs_devspec_parse(opts->device ? opts->device : "uio", &spec);
    if (err)
        return err;
    const char *root = uvs_sysroot(opts);
    void *fdt;
    char src[PATH_MAX];
    struct uvs_dt_dev dt;
    if ((err = uvs_dt_load(root, spec.dtb, &fdt, src, sizeof src)))
        return err;
    err = uvs_dt_find(fdt, src, UVS_HOSTIF_COMPATIBLE, &dt);
    free(fdt);
    if (err)
        return err;
    char uio[64];
    if ((err = uvs_uio_locate(root, &dt, spec.node, uio, sizeof uio)))
        return err;
    struct uvs_uio_map regs;
    if (uvs_uio_map_find(root, uio, dt.reg, UVS_HOSTIF_BAR0_SIZE, &regs))
        return uvs_err(-ENODEV, "%s has no map at the node's reg 0x%llx of at least 0x%llx bytes (BAR0)", uio,
                       (unsigned long long)dt.reg, (unsigned long long)UVS_HOSTIF_BAR0_SIZE);
    struct uio_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return uvs_err(-ENOMEM, "out of memory");
    c->fd = c->dma_fd = -1;
    uint8_t *p;
    if ((err = uvs_path(c->node, root, "/dev/%s", uio)) || (err = uvs_open_node(c->node, 0, "uio device", &c->fd)) ||
        (err = uvs_lock_node(c->fd, c->node)) ||
        (err = map_uio(c, &regs, &c->regs_map, &c->regs_maplen, &p)))
        goto fail;
    c->regs = p;
    if ((err = setup_dma(c, root, &spec, &dt, uio)))
        goto fail;
    c->clock_khz = rd32(c, UVS_HOSTIF_CLOCK_KHZ_OFF);
    c->msi_vectors = rd32(c, UVS_HOSTIF_MSI_VECTORS_OFF);
    if ((err = uio_irq_enable(c)))
        goto fail;
    *out = c;
    return 0;
fail:
    uio_close(c);
    return err;
}

static int uio_mmio_read(void *ctx, uint64_t off, unsigned size, uint64_t *val)
{
    return uvs_hw_mmio_read(((struct uio_ctx *)ctx)->regs, off, size, val);
}

static int uio_mmio_write(void *ctx, uint64_t off, unsigned size, uint64_t val)
{
    return uvs_hw_mmio_write(((struct uio_ctx *)ctx)->regs, off, size, val);
}

static int uio_dma_alloc(void *ctx, size_t size, struct uvs_dma_buf *buf)
{
    return uvs_hostmem_alloc(&((struct uio_ctx *)ctx)->hm, size, buf);
}

static void uio_dma_free(void *ctx, const struct uvs_dma_buf *buf)
{
    uvs_hostmem_free(&((struct uio_ctx *)ctx)->hm, buf);
}

static int uio_wait_irq(void *ctx, uint64_t timeout, uint32_t *vectors)
{
    struct uio_ctx *c = ctx;
    int64_t end = uvs_now_ms() + uvs_cycles_to_ms(timeout, c->clock_khz);
    for (;;) {
        int64_t left = end - uvs_now_ms();
        if (left <= 0)
            return -ETIMEDOUT;
        struct pollfd pf = {.fd = c->fd, .events = POLLIN};
        int r = poll(&pf, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return uvs_err(-errno, "%s: poll: %s", c->node, strerror(errno));
        if (r == 0)
            return -ETIMEDOUT;
        uint32_t count;
        if (pread(c->fd, &count, sizeof count, UVS_UIO_IRQ_POS) != (ssize_t)sizeof count)
            return uvs_err(-EIO, "%s: reading the interrupt count: %s", c->node, strerror(errno));
        if (count == c->irq_count)
            continue; /* nothing new (the uio driver only wakes us on a change) */
        c->irq_count = count;
        int err = uio_irq_enable(c);
        if (err)
            return err;
        uint32_t causes = rd32(c, UVS_HOSTIF_INT_STATUS_OFF) & ~rd32(c, UVS_HOSTIF_INT_MASK_OFF), v = 0;
        for (unsigned b = 0; b < 32; b++)
            if (causes & (1u << b))
                v |= 1u << (b < c->msi_vectors ? b : 0);
        *vectors = v ? v : 1u; /* already acknowledged: report vector 0, the caller rereads the state */
        return 0;
    }
}

static int uio_hostmem_fd(void *ctx, uint64_t bus, uint64_t len, int *fd, uint64_t *off)
{
    struct uio_ctx *c = ctx;
    if (c->dma_fd < 0)
        return -ENOTSUP; /* a uio map: its mmap offset selects the map, not a position in it */
    if (!uvs_hostmem_ptr(&c->hm, bus, len))
        return -EINVAL;
    *fd = c->dma_fd;
    *off = bus - c->hm.bus; /* the u-dma-buf buffer is mapped from offset 0 */
    return 0;
}

const struct uvs_backend_ops uvs_backend_uio = {
    .name = "uio",
    .open = uio_open,
    .close = uio_close,
    .mmio_read = uio_mmio_read,
    .mmio_write = uio_mmio_write,
    .dma_alloc = uio_dma_alloc,
    .dma_free = uio_dma_free,
    .wait_irq = uio_wait_irq,
    .charge = uvs_hw_charge,
    .reset = NULL,
    .hostmem_fd = uio_hostmem_fd,
    .cycles = NULL,
};

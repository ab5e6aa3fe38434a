/*
 * "vfio" backend: the device as a PCIe card bound to vfio-pci
 * (docs/embedded-linux.md "vfio backend"; the kernel's
 * Documentation/driver-api/vfio.rst gives the sequence). The PCI function's
 * IOMMU group is opened and attached to a container with the type1 IOMMU;
 * BAR0 is mmap()ed from the device file; DMA-able host memory is anonymous
 * memory (2 MiB huge pages for buffers of 2 MiB or more, when the system has
 * them) mapped into the IOMMU at addresses from an IOVA allocator (iova.h)
 * within the ranges the IOMMU reports; each MSI vector signals its own
 * eventfd. Timeouts: device cycles / HOSTIF_CLOCK_KHZ (hw.h).
 * Each ioctl step is one small function; discovery is in vfio_sysfs.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/vfio.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <uvmsoc/hostif.h>

#include "hostmem.h"
#include "hw.h"
#include "internal.h"
#include "iova.h"
#include "vfio.h"

#define MAX_VEC 32               /* HOSTIF causes: at most 32 vectors */
#define HUGE_2M (2ull << 20)     /* x86-64, arm64 (4 KiB granule) and riscv64 2 MiB huge pages */
#define PCI_COMMAND 0x04         /* PCI Local Bus spec 3.0, 6.2.2: Command register */
#define PCI_COMMAND_MEMORY 0x2   /* memory space enable */
#define PCI_COMMAND_MASTER 0x4   /* bus master enable: the device may DMA */

struct vfio_dma {
    void *host;
    uint64_t iova, size; /* size: mapped bytes */
};

struct vfio_ctx {
    int container, group, device;
    char bdf[64];
    void *bar_map;
    size_t bar_len;
    volatile uint8_t *bar;
    int efd[MAX_VEC];
    unsigned nvec;
    int can_reset;
    uint32_t clock_khz;
    struct uvs_iova iova;
    struct vfio_dma *dma;
    size_t ndma, capdma;
};

/* Open the container, check the API version and pick type1v2 (else type1). */
static int vfio_container_open(const char *root, int *fd, int *type)
{
    char p[PATH_MAX];
    int err;
    if (uvs_path(p, root, "/dev/vfio/vfio"))
        return -ENAMETOOLONG;
    if ((err = uvs_open_node(p, 0, "VFIO container", fd)))
        return err;
    int v = ioctl(*fd, VFIO_GET_API_VERSION);
    if (v < 0)
        return uvs_err(-ENODEV, "%s is not a VFIO container (VFIO_GET_API_VERSION: %s)", p, strerror(errno));
    if (v != VFIO_API_VERSION)
        return uvs_err(-EPROTONOSUPPORT, "%s: VFIO API version %d, this library speaks %d", p, v, VFIO_API_VERSION);
    if (ioctl(*fd, VFIO_CHECK_EXTENSION, VFIO_TYPE1v2_IOMMU) > 0)
        *type = VFIO_TYPE1v2_IOMMU;
    else if (ioctl(*fd, VFIO_CHECK_EXTENSION, VFIO_TYPE1_IOMMU) > 0)
        *type = VFIO_TYPE1_IOMMU;
    else
        return uvs_err(-ENOTSUP, "%s: no type1 IOMMU support (vfio_iommu_type1 module loaded?)", p);
    return 0;
}

/* Check the group is viable, put it in the container, set the IOMMU model. */
static int vfio_group_attach(int group, int container, int type, const char *gpath)
{
    struct vfio_group_status st = {.argsz = sizeof st};
    if (ioctl(group, VFIO_GROUP_GET_STATUS, &st) < 0)
        return uvs_err(-ENODEV, "%s is not a VFIO group (VFIO_GROUP_GET_STATUS: %s)", gpath, strerror(errno));
    if (!(st.flags & VFIO_GROUP_FLAGS_VIABLE))
        return uvs_err(-EBUSY, "%s is not viable: a device of the group is bound to a host driver (bind all of them "
                       "to vfio-pci)", gpath);
    if (ioctl(group, VFIO_GROUP_SET_CONTAINER, &container) < 0)
        return uvs_err(-errno, "%s: VFIO_GROUP_SET_CONTAINER: %s", gpath, strerror(errno));
    if (ioctl(container, VFIO_SET_IOMMU, type) < 0)
        return uvs_err(-errno, "VFIO_SET_IOMMU(type %d): %s", type, strerror(errno));
    return 0;
}

/* The IOVA ranges the IOMMU accepts (VFIO_IOMMU_GET_INFO with capabilities). */
static int vfio_iommu_ranges(int container, struct uvs_iova_range *r, unsigned max)
{
    struct vfio_iommu_type1_info probe = {.argsz = sizeof probe};
    if (ioctl(container, VFIO_IOMMU_GET_INFO, &probe) < 0)
        return uvs_err(-errno, "VFIO_IOMMU_GET_INFO: %s", strerror(errno));
    size_t len = probe.argsz > sizeof probe ? probe.argsz : sizeof probe;
    struct vfio_iommu_type1_info *info = calloc(1, len);
    if (!info)
        return uvs_err(-ENOMEM, "out of memory");
    info->argsz = (uint32_t)len;
    int n = ioctl(container, VFIO_IOMMU_GET_INFO, info) < 0 ? -errno : uvs_vfio_parse_iova_ranges(info, len, r, max);
    free(info);
    return n < 0 ? uvs_err(n, "VFIO_IOMMU_GET_INFO: bad answer (%s)", strerror(-n)) : n;
}

static int vfio_device_open(int group, const char *bdf, int *fd)
{
    *fd = ioctl(group, VFIO_GROUP_GET_DEVICE_FD, bdf);
    if (*fd >= 0)
        return 0;
    if (errno == EBUSY)
        return uvs_err(-EBUSY, "%s is busy: another process has the device open", bdf);
    return uvs_err(-errno, "%s: VFIO_GROUP_GET_DEVICE_FD: %s", bdf, strerror(errno));
}

static int vfio_region(int dev, unsigned index, struct vfio_region_info *ri)
{
    memset(ri, 0, sizeof *ri);
    ri->argsz = sizeof *ri;
    ri->index = index;
    return ioctl(dev, VFIO_DEVICE_GET_REGION_INFO, ri) < 0 ? -errno : 0;
}

/* Map BAR0 (VFIO_PCI_BAR0_REGION_INDEX) of at least UVS_HOSTIF_BAR0_SIZE bytes. */
static int vfio_bar0_map(struct vfio_ctx *c)
{
    struct vfio_device_info di = {.argsz = sizeof di};
    if (ioctl(c->device, VFIO_DEVICE_GET_INFO, &di) < 0)
        return uvs_err(-errno, "%s: VFIO_DEVICE_GET_INFO: %s", c->bdf, strerror(errno));
    if (!(di.flags & VFIO_DEVICE_FLAGS_PCI))
        return uvs_err(-ENODEV, "%s: not a PCI device under VFIO", c->bdf);
    c->can_reset = !!(di.flags & VFIO_DEVICE_FLAGS_RESET);
    struct vfio_region_info ri;
    int err = vfio_region(c->device, VFIO_PCI_BAR0_REGION_INDEX, &ri);
    if (err)
        return uvs_err(err, "%s: BAR0 region info: %s", c->bdf, strerror(-err));
    if (ri.size < UVS_HOSTIF_BAR0_SIZE || !(ri.flags & VFIO_REGION_INFO_FLAG_MMAP))
        return uvs_err(-ENODEV, "%s: BAR0 is 0x%llx bytes%s; a uvmsoc device has a mappable 0x%llx-byte BAR0", c->bdf,
                       (unsigned long long)ri.size, ri.flags & VFIO_REGION_INFO_FLAG_MMAP ? "" : " and not mappable",
                       (unsigned long long)UVS_HOSTIF_BAR0_SIZE);
    void *a = mmap(NULL, ri.size, PROT_READ | PROT_WRITE, MAP_SHARED, c->device, (off_t)ri.offset);
    if (a == MAP_FAILED)
        return uvs_err(-errno, "%s: mmap of BAR0: %s", c->bdf, strerror(errno));
    c->bar_map = a;
    c->bar_len = ri.size;
    c->bar = a;
    return 0;
}

/* Enable memory decoding and bus mastering in the PCI command register (config region). */
static int vfio_bus_master(struct vfio_ctx *c)
{
    struct vfio_region_info ri;
    uint16_t cmd;
    int err = vfio_region(c->device, VFIO_PCI_CONFIG_REGION_INDEX, &ri);
    if (!err && pread(c->device, &cmd, 2, (off_t)(ri.offset + PCI_COMMAND)) != 2)
        err = -errno;
    if (!err) {
        cmd |= PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER;
        if (pwrite(c->device, &cmd, 2, (off_t)(ri.offset + PCI_COMMAND)) != 2)
            err = -errno;
    }
    return err ? uvs_err(err, "%s: enabling bus mastering: %s", c->bdf, strerror(-err)) : 0;
}

/* One eventfd per MSI vector (up to want), signalled by VFIO_DEVICE_SET_IRQS. */
static int vfio_msi_setup(struct vfio_ctx *c, unsigned want)
{
    struct vfio_irq_info ii = {.argsz = sizeof ii, .index = VFIO_PCI_MSI_IRQ_INDEX};
    if (ioctl(c->device, VFIO_DEVICE_GET_IRQ_INFO, &ii) < 0)
        return uvs_err(-errno, "%s: VFIO_DEVICE_GET_IRQ_INFO(MSI): %s", c->bdf, strerror(errno));
    unsigned n = want < ii.count ? want : ii.count;
    if (n > MAX_VEC)
        n = MAX_VEC;
    if (n == 0)
        return uvs_err(-ENOTSUP, "%s: the function offers no MSI vectors", c->bdf);
    size_t sz = sizeof(struct vfio_irq_set) + n * sizeof(int32_t);
    struct vfio_irq_set *set = calloc(1, sz);
    if (!set)
        return uvs_err(-ENOMEM, "out of memory");
    set->argsz = (uint32_t)sz;
    set->flags = VFIO_IRQ_SET_DATA_EVENTFD | VFIO_IRQ_SET_ACTION_TRIGGER;
    set->index = VFIO_PCI_MSI_IRQ_INDEX;
    set->start = 0;
    set->count = n;
    int32_t *fds = (int32_t *)set->data;
    int err = 0;
    for (unsigned i = 0; i < n && !err; i++) {
        c->efd[i] = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        if (c->efd[i] < 0)
            err = uvs_err(-errno, "eventfd: %s", strerror(errno));
        else
            fds[i] = c->efd[i], c->nvec = i + 1;
    }
    if (!err && ioctl(c->device, VFIO_DEVICE_SET_IRQS, set) < 0)
        err = uvs_err(-errno, "%s: VFIO_DEVICE_SET_IRQS(MSI, %u vectors): %s", c->bdf, n, strerror(errno));
    free(set);
    return err;
}

static void vfio_msi_off(struct vfio_ctx *c)
{
    struct vfio_irq_set set = {.argsz = sizeof set, .flags = VFIO_IRQ_SET_DATA_NONE | VFIO_IRQ_SET_ACTION_TRIGGER,
                               .index = VFIO_PCI_MSI_IRQ_INDEX, .start = 0, .count = 0};
    (void)ioctl(c->device, VFIO_DEVICE_SET_IRQS, &set);
}

static int vfio_dma_map(int container, void *host, uint64_t iova, uint64_t size)
{
    struct vfio_iommu_type1_dma_map m = {.argsz = sizeof m,
                                         .flags = VFIO_DMA_MAP_FLAG_READ | VFIO_DMA_MAP_FLAG_WRITE,
                                         .vaddr = (uint64_t)(uintptr_t)host, .iova = iova, .size = size};
    return ioctl(container, VFIO_IOMMU_MAP_DMA, &m) < 0 ? -errno : 0;
}

static void vfio_dma_unmap(int container, uint64_t iova, uint64_t size)
{
    struct vfio_iommu_type1_dma_unmap u = {.argsz = sizeof u, .iova = iova, .size = size};
    (void)ioctl(container, VFIO_IOMMU_UNMAP_DMA, &u);
}

static void vfio_close(void *vctx)
{
    struct vfio_ctx *c = vctx;
    if (!c)
        return;
    if (c->device >= 0 && c->nvec)
        vfio_msi_off(c);
    for (unsigned i = 0; i < MAX_VEC; i++)
        if (c->efd[i] >= 0)
            close(c->efd[i]);
    for (size_t i = 0; i < c->ndma; i++) {
        vfio_dma_unmap(c->container, c->dma[i].iova, c->dma[i].size);
        munmap(c->dma[i].host, c->dma[i].size);
    }
    free(c->dma);
    uvs_iova_fini(&c->iova);
    if (c->bar_map)
        munmap(c->bar_map, c->bar_len);
    if (c->device >= 0)
        close(c->device);
    if (c->group >= 0)
        close(c->group);
    if (c->container >= 0)
        close(c->container);
    free(c);
}

static int vfio_open(const struct uvs_open_opts *opts, void **out)
{
    struct uvs_devspec spec;
    int err = uvs_devspec_parse(opts->device ? opts->device : "vfio", &spec);
    if (err)
        return err;
    const char *root = uvs_sysroot(opts);
    int group, type = 0;
    if ((err = uvs_vfio_group_of(root, spec.node, &group)) || (err = uvs_vfio_group_viable(root, group)))
        return err;
    struct vfio_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return uvs_err(-ENOMEM, "out of memory");
    c->container = c->group = c->device = -1;
    for (unsigned i = 0; i < MAX_VEC; i++)
        c->efd[i] = -1;
    snprintf(c->bdf, sizeof c->bdf, "%s", spec.node);
    char gpath[PATH_MAX];
    struct uvs_iova_range ranges[UVS_IOVA_MAX_RANGES];
    if ((err = uvs_path(gpath, root, "/dev/vfio/%d", group)))
        goto fail;
    if ((err = uvs_open_node(gpath, 0, "VFIO group", &c->group))) {
        if (err == -EBUSY) /* the kernel lets one process open a group */
            err = uvs_err(-EBUSY, "%s is busy: another process has IOMMU group %d open", gpath, group);
        goto fail;
    }
    int n;
    if ((err = vfio_container_open(root, &c->container, &type)) ||
        (err = vfio_group_attach(c->group, c->container, type, gpath)))
        goto fail;
    if ((n = vfio_iommu_ranges(c->container, ranges, UVS_IOVA_MAX_RANGES)) < 0) {
        err = n;
        goto fail;
    }
    if ((err = uvs_iova_init(&c->iova, ranges, (unsigned)n))) {
        err = uvs_err(err, "the IOMMU offers no usable IOVA range");
        goto fail;
    }
    if ((err = vfio_device_open(c->group, c->bdf, &c->device)) || (err = vfio_bar0_map(c)) ||
        (err = vfio_bus_master(c)))
        goto fail;
    c->clock_khz = *(volatile uint32_t *)(c->bar + UVS_HOSTIF_CLOCK_KHZ_OFF);
    if ((err = vfio_msi_setup(c, *(volatile uint32_t *)(c->bar + UVS_HOSTIF_MSI_VECTORS_OFF))))
        goto fail;
    *out = c;
    return 0;
fail:
    vfio_close(c);
    return err;
}

static int vfio_mmio_read(void *ctx, uint64_t off, unsigned size, uint64_t *val)
{
    return uvs_hw_mmio_read(((struct vfio_ctx *)ctx)->bar, off, size, val);
}

static int vfio_mmio_write(void *ctx, uint64_t off, unsigned size, uint64_t val)
{
    return uvs_hw_mmio_write(((struct vfio_ctx *)ctx)->bar, off, size, val);
}

static int vfio_dma_alloc(void *ctx, size_t size, struct uvs_dma_buf *buf)
{
    struct vfio_ctx *c = ctx;
    uint64_t align = size >= HUGE_2M ? HUGE_2M : UVS_PAGE;
    uint64_t len = (size + align - 1) & ~(align - 1);
    if (c->ndma == c->capdma) {
        size_t cap = c->capdma ? 2 * c->capdma : 16;
        struct vfio_dma *d = realloc(c->dma, cap * sizeof *d);
        if (!d)
            return -ENOMEM;
        c->dma = d, c->capdma = cap;
    }
    void *host = MAP_FAILED;
#ifdef MAP_HUGETLB
    if (align == HUGE_2M)
        host = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
#endif
    if (host == MAP_FAILED) {
        host = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (host == MAP_FAILED)
            return -ENOMEM;
        if (align == HUGE_2M)
            (void)madvise(host, len, MADV_HUGEPAGE); /* transparent huge pages where enabled */
    }
    uint64_t iova;
    int err = uvs_iova_alloc(&c->iova, len, align, &iova);
    if (!err && (err = vfio_dma_map(c->container, host, iova, len)))
        uvs_iova_free(&c->iova, iova);
    if (err) {
        munmap(host, len);
        return err == -ENOSPC ? -ENOMEM : err;
    }
    c->dma[c->ndma++] = (struct vfio_dma){host, iova, len};
    buf->host = host;
    buf->bus = iova;
    buf->size = len;
    return 0;
}

static void vfio_dma_free(void *ctx, const struct uvs_dma_buf *buf)
{
    struct vfio_ctx *c = ctx;
    for (size_t i = 0; i < c->ndma; i++)
        if (c->dma[i].iova == buf->bus) {
            vfio_dma_unmap(c->container, c->dma[i].iova, c->dma[i].size);
            munmap(c->dma[i].host, c->dma[i].size);
            uvs_iova_free(&c->iova, c->dma[i].iova);
            c->dma[i] = c->dma[--c->ndma];
            return;
        }
}

static int vfio_wait_irq(void *ctx, uint64_t timeout, uint32_t *vectors)
{
    struct vfio_ctx *c = ctx;
    struct pollfd pf[MAX_VEC];
    for (unsigned i = 0; i < c->nvec; i++)
        pf[i] = (struct pollfd){.fd = c->efd[i], .events = POLLIN};
    int64_t end = uvs_now_ms() + uvs_cycles_to_ms(timeout, c->clock_khz);
    for (;;) {
        int64_t left = end - uvs_now_ms();
        if (left <= 0)
            return -ETIMEDOUT;
        int r = poll(pf, c->nvec, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return uvs_err(-errno, "%s: poll: %s", c->bdf, strerror(errno));
        if (r == 0)
            return -ETIMEDOUT;
        uint32_t v = 0;
        for (unsigned i = 0; i < c->nvec; i++) {
            uint64_t cnt;
            if ((pf[i].revents & POLLIN) && read(c->efd[i], &cnt, sizeof cnt) == (ssize_t)sizeof cnt)
                v |= 1u << i;
        }
        if (v) {
            *vectors = v;
            return 0;
        }
    }
}

static int vfio_reset(void *ctx)
{
    struct vfio_ctx *c = ctx;
    if (!c->can_reset)
        return 0; /* no function-level reset: the library's HOSTIF_MGMT_CTRL reset follows */
    if (ioctl(c->device, VFIO_DEVICE_RESET) < 0)
        return uvs_err(-errno, "%s: VFIO_DEVICE_RESET: %s", c->bdf, strerror(errno));
    return vfio_bus_master(c); /* the reset clears the command register */
}

const struct uvs_backend_ops uvs_backend_vfio = {
    .name = "vfio",
    .open = vfio_open,
    .close = vfio_close,
    .mmio_read = vfio_mmio_read,
    .mmio_write = vfio_mmio_write,
    .dma_alloc = vfio_dma_alloc,
    .dma_free = vfio_dma_free,
    .wait_irq = vfio_wait_irq,
    .charge = uvs_hw_charge,
    .reset = vfio_reset,
    .hostmem_fd = NULL,
    .cycles = NULL,
};

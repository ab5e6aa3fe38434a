/* uvmsoc IOMMU reference model: memory helpers and a flat test memory. */
#include "uvs_iommu_mem.h"

#include <errno.h>
#include <stddef.h>
#include <string.h>

int uvs_iommu_mem_read64(const struct uvs_iommu_mem *mem, uint64_t pa, uint64_t *val)
{
    uint8_t b[8];
    if (!mem || !mem->read || !val)
        return -EINVAL;
    int rc = mem->read(mem->ctx, pa, b, 8);
    if (rc < 0)
        return rc;
    *val = uvs_le64_get(b);
    return 0;
}

/* Check [pa, pa + len) lies in the flat memory; -EFAULT or -EIO otherwise. */
static int flat_check(const struct uvs_iommu_flatmem *fm, uint64_t pa, unsigned len)
{
    if (len == 0 || len > 32 || pa < fm->base || pa - fm->base > fm->size ||
        fm->size - (pa - fm->base) < len)
        return -EFAULT;
    if (fm->poison_pa != UINT64_MAX && pa < fm->poison_pa + 8 && fm->poison_pa < pa + len)
        return -EIO;
    return 0;
}

static int flat_read(void *ctx, uint64_t pa, void *buf, unsigned len)
{
    struct uvs_iommu_flatmem *fm = ctx;
    int rc = flat_check(fm, pa, len);
    if (rc == 0)
        memcpy(buf, fm->buf + (pa - fm->base), len);
    return rc;
}

static int flat_write(void *ctx, uint64_t pa, const void *buf, unsigned len)
{
    struct uvs_iommu_flatmem *fm = ctx;
    int rc = flat_check(fm, pa, len);
    if (rc == 0)
        memcpy(fm->buf + (pa - fm->base), buf, len);
    return rc;
}

static int flat_cas64(void *ctx, uint64_t pa, uint64_t expect, uint64_t desired, uint64_t *old)
{
    struct uvs_iommu_flatmem *fm = ctx;
    if (pa & 7)
        return -EFAULT;
    int rc = flat_check(fm, pa, 8);
    if (rc < 0)
        return rc;
    uint8_t *p = fm->buf + (pa - fm->base);
    uint64_t cur = uvs_le64_get(p);
    if (cur == expect)
        uvs_le64_put(p, desired);
    *old = cur;
    return 0;
}

int uvs_iommu_flatmem_ops(struct uvs_iommu_flatmem *fm, struct uvs_iommu_mem *mem)
{
    if (!fm || !mem || !fm->buf)
        return -EINVAL;
    mem->ctx = fm;
    mem->read = flat_read;
    mem->write = flat_write;
    mem->cas64 = flat_cas64;
    return 0;
}

/*
 * IOVA allocator and the VFIO IOVA-range capability parser (see iova.h).
 */
#include <errno.h>
#include <linux/vfio.h>
#include <stdlib.h>
#include <string.h>

#include "iova.h"

int uvs_iova_init(struct uvs_iova *a, const struct uvs_iova_range *r, unsigned n)
{
    static const struct uvs_iova_range all = {0, ~0ull};
    memset(a, 0, sizeof *a);
    if (!r || !n)
        r = &all, n = 1;
    for (unsigned i = 0; i < n; i++) {
        if (r[i].start > r[i].last)
            return -EINVAL;
        if (r[i].last < UVS_IOVA_FLOOR || a->nranges == UVS_IOVA_MAX_RANGES)
            continue;
        struct uvs_iova_range x = r[i];
        if (x.start < UVS_IOVA_FLOOR)
            x.start = UVS_IOVA_FLOOR;
        unsigned j = a->nranges++;
        while (j > 0 && a->ranges[j - 1].start > x.start) {
            a->ranges[j] = a->ranges[j - 1];
            j--;
        }
        a->ranges[j] = x;
    }
    return a->nranges ? 0 : -EINVAL;
}

void uvs_iova_fini(struct uvs_iova *a)
{
    free(a->used);
    memset(a, 0, sizeof *a);
}

/* Aligned candidate at or above x; 0 with *ok = 0 on overflow. */
static uint64_t align_up(uint64_t x, uint64_t align, int *ok)
{
    uint64_t y = (x + align - 1) & ~(align - 1);
    *ok = y >= x;
    return y;
}

int uvs_iova_alloc(struct uvs_iova *a, uint64_t size, uint64_t align, uint64_t *iova)
{
    if (!size || !align || (align & (align - 1)))
        return -EINVAL;
    for (unsigned r = 0; r < a->nranges; r++) {
        int ok;
        uint64_t cand = align_up(a->ranges[r].start, align, &ok);
        size_t i = 0;
        while (ok && cand <= a->ranges[r].last && size - 1 <= a->ranges[r].last - cand) {
            /* first allocation that ends at or after cand */
            while (i < a->nused && a->used[i].last < cand)
                i++;
            if (i == a->nused || a->used[i].start > cand + (size - 1)) {
                if (a->nused == a->capused) {
                    size_t cap = a->capused ? 2 * a->capused : 16;
                    struct uvs_iova_range *n = realloc(a->used, cap * sizeof *n);
                    if (!n)
                        return -ENOMEM;
                    a->used = n, a->capused = cap;
                }
                memmove(a->used + i + 1, a->used + i, (a->nused - i) * sizeof *a->used);
                a->used[i] = (struct uvs_iova_range){cand, cand + (size - 1)};
                a->nused++;
                *iova = cand;
                return 0;
            }
            if (a->used[i].last == ~0ull)
                break;
            cand = align_up(a->used[i].last + 1, align, &ok);
        }
    }
    return -ENOSPC;
}

int uvs_iova_free(struct uvs_iova *a, uint64_t iova)
{
    for (size_t i = 0; i < a->nused; i++)
        if (a->used[i].start == iova) {
            memmove(a->used + i, a->used + i + 1, (a->nused - i - 1) * sizeof *a->used);
            a->nused--;
            return 0;
        }
    return -ENOENT;
}

int uvs_vfio_parse_iova_ranges(const void *info, size_t len, struct uvs_iova_range *r, unsigned max)
{
    const struct vfio_iommu_type1_info *in = info;
    if (len < sizeof *in || in->argsz > len)
        return -EINVAL;
    unsigned n = 0;
    if ((in->flags & VFIO_IOMMU_INFO_CAPS) && in->cap_offset) {
        uint32_t off = in->cap_offset;
        for (unsigned hops = 0; off; hops++) {
            if (hops > 64 || off < sizeof *in || off > in->argsz - sizeof(struct vfio_info_cap_header) || off % 4)
                return -EINVAL;
            const struct vfio_info_cap_header *h = (const void *)((const char *)info + off);
            if (h->id == VFIO_IOMMU_TYPE1_INFO_CAP_IOVA_RANGE) {
                const struct vfio_iommu_type1_info_cap_iova_range *c = (const void *)h;
                if (off + sizeof *c > in->argsz ||
                    (in->argsz - off - sizeof *c) / sizeof c->iova_ranges[0] < c->nr_iovas)
                    return -EINVAL;
                for (uint32_t i = 0; i < c->nr_iovas && n < max; i++)
                    if (c->iova_ranges[i].start <= c->iova_ranges[i].end)
                        r[n++] = (struct uvs_iova_range){c->iova_ranges[i].start, c->iova_ranges[i].end};
                return (int)n;
            }
            if (h->next && h->next <= off)
                return -EINVAL; /* a chain must move forward */
            off = h->next;
        }
    }
    if (max == 0)
        return 0;
    r[0] = (struct uvs_iova_range){0, ~0ull};
    return 1;
}

/*
 * First-fit page allocator over a host-memory window (see hostmem.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hostmem.h"

int uvs_hostmem_init(struct uvs_hostmem *hm, void *base, uint64_t bus, size_t size)
{
    if (!hm || !base || size == 0 || size % UVS_PAGE || bus % UVS_PAGE || bus + size < bus)
        return -EINVAL;
    hm->used = calloc(size / UVS_PAGE, 1);
    if (!hm->used)
        return -ENOMEM;
    hm->base = base;
    hm->bus = bus;
    hm->size = size;
    return 0;
}

void uvs_hostmem_fini(struct uvs_hostmem *hm)
{
    if (!hm)
        return;
    free(hm->used);
    memset(hm, 0, sizeof *hm);
}

int uvs_hostmem_alloc(struct uvs_hostmem *hm, size_t size, struct uvs_dma_buf *buf)
{
    if (!hm || !buf || size == 0 || size > hm->size)
        return size == 0 || !hm || !buf ? -EINVAL : -ENOMEM;
    size_t npages = hm->size / UVS_PAGE, want = (size + UVS_PAGE - 1) / UVS_PAGE;
    size_t run = 0;
    for (size_t i = 0; i < npages; i++) {
        run = hm->used[i] ? 0 : run + 1;
        if (run == want) {
            size_t first = i + 1 - want;
            memset(hm->used + first, 1, want);
            buf->host = hm->base + first * UVS_PAGE;
            buf->bus = hm->bus + first * UVS_PAGE;
            buf->size = want * UVS_PAGE;
            memset(buf->host, 0, buf->size);
            return 0;
        }
    }
    return -ENOMEM;
}

void uvs_hostmem_free(struct uvs_hostmem *hm, const struct uvs_dma_buf *buf)
{
    if (!hm || !buf || !buf->size || buf->bus < hm->bus || buf->bus - hm->bus >= hm->size)
        return;
    size_t first = (buf->bus - hm->bus) / UVS_PAGE, n = buf->size / UVS_PAGE;
    if (first + n > hm->size / UVS_PAGE)
        return;
    memset(hm->used + first, 0, n);
}

void *uvs_hostmem_ptr(const struct uvs_hostmem *hm, uint64_t bus, uint64_t len)
{
    if (!hm || bus < hm->bus || len > hm->size || bus - hm->bus > hm->size - len)
        return NULL;
    return hm->base + (bus - hm->bus);
}

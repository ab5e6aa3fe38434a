/*
 * Page allocator for a window of DMA-able host memory (the cosim shared
 * host-memory file, the mock's arena): first fit over 4 KiB pages.
 */
#ifndef UVMSOC_HOST_HOSTMEM_H
#define UVMSOC_HOST_HOSTMEM_H

#include <stddef.h>
#include <stdint.h>

#include <uvmsoc/uvmsoc.h>

#define UVS_PAGE 4096u /**< allocation granule, bytes */

/** A window of host memory: CPU view, bus address and page usage map. */
struct uvs_hostmem {
    uint8_t *base;   /**< CPU address of byte 0 */
    uint64_t bus;    /**< bus address of byte 0 */
    size_t size;     /**< bytes, a multiple of UVS_PAGE */
    uint8_t *used;   /**< one byte per page: 1 = allocated */
};

/** uvs_hostmem_init - manage [base, base+size); size a nonzero multiple of UVS_PAGE. -EINVAL, -ENOMEM. */
int uvs_hostmem_init(struct uvs_hostmem *hm, void *base, uint64_t bus, size_t size);

/** uvs_hostmem_fini - free the page map (not the memory). */
void uvs_hostmem_fini(struct uvs_hostmem *hm);

/** uvs_hostmem_alloc - zeroed pages for size bytes (rounded up to UVS_PAGE). -EINVAL size 0, -ENOMEM. */
int uvs_hostmem_alloc(struct uvs_hostmem *hm, size_t size, struct uvs_dma_buf *buf);

/** uvs_hostmem_free - give back a buffer from uvs_hostmem_alloc (ignored if not from this window). */
void uvs_hostmem_free(struct uvs_hostmem *hm, const struct uvs_dma_buf *buf);

/** uvs_hostmem_ptr - CPU pointer for bus range [bus, bus+len), or NULL when not inside the window. */
void *uvs_hostmem_ptr(const struct uvs_hostmem *hm, uint64_t bus, uint64_t len);

#endif

/*
 * Managed memory (DESIGN.md section 4, issue 5): allocations whose pointer is
 * the same virtual address on the host and on the device.
 *
 * How the same address works: the device context of this process (one per
 * process, Sv48 so that any user pointer below 2^47 is a device VA) is
 * filled by the fault service: a device page-table entry for VA v maps
 * either an HBM frame holding a copy of the page or (remote mapping) the
 * page's host bus address. On the host, the allocation is DMA-able host
 * memory mapped at v: the backing is a range of a shareable file (the cosim
 * host-memory memfd; a DMA-buf or UIO/VFIO region on hardware) that the
 * backing provider also gives a contiguous bus address, and this module maps
 * that file range at v with mmap(MAP_SHARED | MAP_FIXED_NOREPLACE) (Linux
 * mmap(2)), so host stores land in the very memory the device's DMA engine
 * reads and writes back.
 *
 * Addresses: a window of virtual addresses (default UVM_VA_BASE_DEFAULT,
 * UVM_VA_SIZE_DEFAULT) is handed out next-fit in 2 MiB-aligned spans, so a
 * 2 MiB block of an allocation is also a 2 MiB block of VA (superpages). A
 * span that meets somebody else's mapping (EEXIST) is skipped. Freed spans
 * are remembered (double-free detection) and reused only after the window
 * wrapped around.
 *
 * Not thread-safe: use one struct uvm_managed from one thread at a time.
 */
#ifndef UVMSOC_UVM_MANAGED_H
#define UVMSOC_UVM_MANAGED_H

#include <stddef.h>
#include <stdint.h>

#define UVM_VA_BASE_DEFAULT 0x200000000000ull /**< default window start (above ASan's shadow, below 2^47) */
#define UVM_VA_SIZE_DEFAULT 0x100000000000ull /**< default window size: 16 TiB */
#define UVM_SPAN_ALIGN 0x200000ull            /**< allocations start on 2 MiB boundaries */
#define UVM_PAGE_SIZE 4096ull                 /**< page size of managed memory */

/** Advice flags (uvm_managed_advise), after CUDA's cudaMemAdvise. */
#define UVM_ADV_PREFERRED_HOST 0x1u   /**< preferred location: host memory */
#define UVM_ADV_PREFERRED_DEVICE 0x2u /**< preferred location: HBM (the default behaviour) */
#define UVM_ADV_READ_MOSTLY 0x4u      /**< mostly read: whole 2 MiB blocks duplicated read-only in HBM, the host copy stays readable; a write from either side collapses the page (uvm_readmostly.h) */
#define UVM_ADV_ACCESSED_BY 0x8u      /**< the device keeps a mapping: with PREFERRED_HOST, faults map remotely over the link */
#define UVM_ADV_ALL 0xfu              /**< every defined advice bit */

/** Where a page of managed memory is, as the host sees it. */
enum uvm_page_state {
    UVM_PAGE_HOST = 0,   /**< only in host memory (device PTE not valid) */
    UVM_PAGE_DEVICE = 1, /**< copied into an HBM frame and mapped */
    UVM_PAGE_REMOTE = 2, /**< mapped by the device over the host link */
    UVM_PAGE_DUP = 3,    /**< read-mostly duplicate: a read-only copy in HBM (PTE without W), the host copy readable */
};

/** A managed range, as the fault service needs it. */
struct uvm_range {
    uint64_t va;     /**< first byte (2 MiB aligned) */
    uint64_t size;   /**< bytes, a multiple of 4 KiB */
    uint64_t bus;    /**< bus address of byte 0; the backing is contiguous */
    uint32_t advice; /**< UVM_ADV_* */
    uint32_t pins;   /**< kernels using it */
    uint8_t *state;  /**< size / 4 KiB entries of enum uvm_page_state, owned by the allocator */
    uint8_t *hprot;  /**< size / 4 KiB entries of enum uvm_hprot (uvm_coher.h): the host mapping's protection now */
};

/** Where the backing memory comes from, and how the device lets go of it. */
struct uvm_backing_ops {
    /**
     * Obtain size bytes (a multiple of 4 KiB) of zeroed DMA-able host memory
     * as a range of a shareable file: *fd (stays owned by the provider),
     * *off (file offset, 4 KiB aligned), *bus (contiguous bus address).
     * Returns 0 or a negative errno (-ENOMEM).
     */
    int (*alloc)(void *ctx, size_t size, int *fd, uint64_t *off, uint64_t *bus);
    /** Give back a range from alloc. */
    void (*free)(void *ctx, int fd, uint64_t off, uint64_t bus, size_t size);
    /**
     * Drop the device's mappings and HBM copies of [va, va + size) without
     * write-back (UVM_OP_UNMAP), before the memory goes. NULL: nothing to do.
     * Returns 0 or a negative errno (the free is then refused).
     */
    int (*device_release)(void *ctx, uint32_t did, uint64_t va, size_t size);
};

/** Configuration of a managed-memory space. */
struct uvm_managed_cfg {
    uint64_t va_base;  /**< window start (2 MiB aligned); 0: UVM_VA_BASE_DEFAULT */
    uint64_t va_size;  /**< window bytes (multiple of 2 MiB); 0: UVM_VA_SIZE_DEFAULT */
    uint32_t did;      /**< device context (device_id) of this process */
    const struct uvm_backing_ops *ops; /**< backing provider (alloc and free required) */
    void *ctx;         /**< passed to ops */
};

struct uvm_managed;

/**
 * uvm_managed_create - a managed-memory space over a VA window.
 * Errors: -EINVAL (NULL, window misaligned, empty, wrapping or above 2^47,
 * ops without alloc/free); -ENOMEM.
 */
int uvm_managed_create(const struct uvm_managed_cfg *cfg, struct uvm_managed **out);

/** uvm_managed_destroy - unmap and give back every live allocation (no device release); NULL ignored. */
void uvm_managed_destroy(struct uvm_managed *mm);

/**
 * uvm_managed_alloc - allocate size bytes (rounded up to 4 KiB) of managed
 * memory, zero-filled; *ptr is its address on host and device (2 MiB aligned).
 * Errors: -EINVAL size 0 or NULL; -ENOMEM size larger than the window, no
 * free span, backing exhausted; -ENOTSUP the kernel ignored
 * MAP_FIXED_NOREPLACE (Linux before 4.17); other mmap errors.
 */
int uvm_managed_alloc(struct uvm_managed *mm, size_t size, void **ptr);

/**
 * uvm_managed_free - release the device's copies (ops->device_release),
 * unmap and give back the allocation that starts at ptr.
 * Errors: -EINVAL ptr NULL, not managed, or inside an allocation but not its
 * start; -EALREADY double free; -EBUSY the allocation is pinned by a running
 * kernel; device_release's error (nothing freed).
 */
int uvm_managed_free(struct uvm_managed *mm, void *ptr);

/**
 * uvm_managed_advise - set the advice of the allocation holding ptr to
 * `advice` (UVM_ADV_*, replaces the previous flags).
 * Errors: -EINVAL not managed, unknown bits, or both preferred locations.
 */
int uvm_managed_advise(struct uvm_managed *mm, const void *ptr, uint32_t advice);

/** uvm_managed_pin - mark the allocation holding ptr in use by a kernel (nests). -EINVAL not managed. */
int uvm_managed_pin(struct uvm_managed *mm, const void *ptr);

/** uvm_managed_unpin - undo one pin. -EINVAL not managed or not pinned. */
int uvm_managed_unpin(struct uvm_managed *mm, const void *ptr);

/** uvm_managed_lookup - the live allocation containing va. -EINVAL NULL; -ENOENT none. */
int uvm_managed_lookup(const struct uvm_managed *mm, uint64_t va, struct uvm_range *out);

/**
 * uvm_managed_find - lookup for the fault service (struct uvm_fault_ops.lookup
 * signature): -ENOENT also when did is not this space's context.
 */
int uvm_managed_find(void *mm, uint32_t did, uint64_t va, struct uvm_range *out);

/**
 * uvm_managed_next - the live allocation with the lowest start >= va (walk
 * every allocation: start at 0, continue at out->va + out->size).
 * -EINVAL NULL; -ENOENT none.
 */
int uvm_managed_next(const struct uvm_managed *mm, uint64_t va, struct uvm_range *out);

/** uvm_managed_count - live allocations. */
size_t uvm_managed_count(const struct uvm_managed *mm);

/** uvm_managed_bytes - bytes of the live allocations (their sizes as asked, 4 KiB multiples); 0 for NULL. */
uint64_t uvm_managed_bytes(const struct uvm_managed *mm);

/** uvm_managed_last_error - one line describing the last failure ("" if none). */
const char *uvm_managed_last_error(const struct uvm_managed *mm);

#endif

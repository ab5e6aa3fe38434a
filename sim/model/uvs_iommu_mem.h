/*
 * uvmsoc IOMMU reference model: the memory it walks and writes records to.
 *
 * The model never touches memory directly: every implicit access (page-table
 * entries, device contexts, queue records, IOFENCE.C data) goes through these
 * callbacks, so the same model runs over a test array, HBM or the simulator's
 * memory. Multi-byte values in memory are little-endian (fctl.BE = 0).
 */
#ifndef UVS_IOMMU_MEM_H
#define UVS_IOMMU_MEM_H

#include <stdint.h>

#include "uvs_le.h"

/**
 * Memory callbacks. Each returns 0, or a negative errno: -EFAULT for an
 * access fault (PMA/PMP violation, unmapped address), -EIO for a data
 * corruption (poisoned data); the model maps them to the IOMMU spec's access
 * fault and data corruption causes.
 */
struct uvs_iommu_mem {
    void *ctx; /**< passed to every callback */
    /** Read len (1..32) bytes at physical address pa into buf. */
    int (*read)(void *ctx, uint64_t pa, void *buf, unsigned len);
    /** Write len (1..32) bytes from buf at physical address pa. */
    int (*write)(void *ctx, uint64_t pa, const void *buf, unsigned len);
    /**
     * Atomic compare-and-swap of the 8-byte word at pa (8-byte aligned):
     * if it equals expect, store desired. *old receives the value found,
     * in both cases (privileged spec 4.3.2 step 7: A/D updates are atomic).
     */
    int (*cas64)(void *ctx, uint64_t pa, uint64_t expect, uint64_t desired, uint64_t *old);
};

/**
 * Read the little-endian 8-byte word at pa through mem into *val.
 * Returns 0 or the callback's negative errno; -EINVAL if an argument is NULL.
 */
int uvs_iommu_mem_read64(const struct uvs_iommu_mem *mem, uint64_t pa, uint64_t *val);

/**
 * A flat memory: size bytes at buf standing for physical addresses
 * [base, base + size). Accesses outside it fail with -EFAULT. Set
 * poison_pa to a word address to make accesses to that word fail with -EIO
 * (data corruption); UINT64_MAX disables it.
 */
struct uvs_iommu_flatmem {
    uint8_t *buf;
    uint64_t base;
    uint64_t size;
    uint64_t poison_pa;
};

/**
 * Fill *mem with callbacks over the flat memory *fm (which must outlive it).
 * Returns 0, or -EINVAL if an argument is NULL or fm->buf is NULL.
 */
int uvs_iommu_flatmem_ops(struct uvs_iommu_flatmem *fm, struct uvs_iommu_mem *mem);

#endif

/*
 * IOVA allocator of the vfio backend: hands out I/O virtual addresses for
 * DMA mappings inside the ranges the IOMMU accepts (VFIO_IOMMU_GET_INFO's
 * IOVA-range capability), first fit, with a power-of-two alignment.
 */
#ifndef UVMSOC_HOST_IOVA_H
#define UVMSOC_HOST_IOVA_H

#include <stddef.h>
#include <stdint.h>

#define UVS_IOVA_MAX_RANGES 16 /**< usable ranges kept (more are dropped, smallest first kept order) */
/** Lowest IOVA handed out: keeps bus address 0 (and the first MiB) unused, so a zero address is never valid DMA. */
#define UVS_IOVA_FLOOR 0x100000ull

/** An inclusive IOVA range [start, last], as VFIO reports them. */
struct uvs_iova_range {
    uint64_t start, last;
};

/** The allocator: usable ranges and the allocations, sorted by address. */
struct uvs_iova {
    struct uvs_iova_range ranges[UVS_IOVA_MAX_RANGES];
    unsigned nranges;
    struct uvs_iova_range *used; /**< allocated ranges, sorted */
    size_t nused, capused;
};

/**
 * uvs_iova_init - allocator over @n ranges (NULL/0: the whole 64-bit space);
 * addresses below UVS_IOVA_FLOOR are never used. -EINVAL a range with
 * start > last or none left above the floor.
 */
int uvs_iova_init(struct uvs_iova *a, const struct uvs_iova_range *r, unsigned n);

/** uvs_iova_fini - free the allocation list. */
void uvs_iova_fini(struct uvs_iova *a);

/**
 * uvs_iova_alloc - @size bytes (nonzero) at an address aligned to @align
 * (a power of two, >= 1). -EINVAL bad size/align, -ENOSPC no room.
 */
int uvs_iova_alloc(struct uvs_iova *a, uint64_t size, uint64_t align, uint64_t *iova);

/** uvs_iova_free - give back the allocation starting at @iova; -ENOENT when there is none. */
int uvs_iova_free(struct uvs_iova *a, uint64_t iova);

/**
 * uvs_vfio_parse_iova_ranges - the usable ranges of a VFIO_IOMMU_GET_INFO
 * answer (struct vfio_iommu_type1_info and its capability chain, @len
 * bytes): the VFIO_IOMMU_TYPE1_INFO_CAP_IOVA_RANGE entries, or one range
 * covering everything when the chain has none (older kernels). Returns the
 * count (at most @max), or -EINVAL for a chain that points outside @len or
 * loops.
 */
int uvs_vfio_parse_iova_ranges(const void *info, size_t len, struct uvs_iova_range *r, unsigned max);

#endif

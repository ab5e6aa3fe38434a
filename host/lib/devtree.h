/*
 * Finding the device in a devicetree (uio backend): load a blob from a file
 * or build one from the running system's /proc/device-tree, then look the
 * BAR0 node up by compatible with libfdt.
 */
#ifndef UVMSOC_HOST_DEVTREE_H
#define UVMSOC_HOST_DEVTREE_H

#include <stddef.h>
#include <stdint.h>

/** The device's node as the host CPU sees it. */
struct uvs_dt_dev {
    char path[256];     /**< node path, e.g. "/hostif@60000000" */
    uint64_t reg;       /**< CPU physical address of BAR0 (first reg entry, through the parents' ranges) */
    uint64_t reg_size;  /**< its size, bytes */
    int has_dma;        /**< 1: memory-region names a reserved region */
    uint64_t dma;       /**< reserved region's physical address (no IOMMU on the SoC: also its bus address) */
    uint64_t dma_size;  /**< its size, bytes */
};

/**
 * uvs_dt_load - the devicetree to search, as a malloc()ed flattened blob.
 * @root: sysfs/procfs root ("" = /); @dtb: a blob file, or NULL/"" for
 * @root/proc/device-tree (converted to a blob, as `dtc -I fs` does);
 * @src receives the source's name for messages. Errors with a detail:
 * -ENOENT no such file/directory, -EINVAL not a devicetree blob, -ENOMEM.
 */
int uvs_dt_load(const char *root, const char *dtb, void **fdt, char *src, size_t srcn);

/**
 * uvs_dt_find - the first enabled node compatible with @compat in @fdt.
 * @src names the tree in messages. Errors with a detail: -ENODEV no such
 * node (names @compat and @src), -EINVAL the node's reg or memory-region is
 * malformed.
 */
int uvs_dt_find(const void *fdt, const char *src, const char *compat, struct uvs_dt_dev *d);

#endif

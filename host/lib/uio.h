/*
 * uio backend internals that need no device (unit-tested): which
 * /dev/uioN is the devicetree node, and its memory maps in sysfs.
 */
#ifndef UVMSOC_HOST_UIO_H
#define UVMSOC_HOST_UIO_H

#include <stddef.h>
#include <stdint.h>

#include "devtree.h"

/**
 * Positions for pread() of the interrupt count and pwrite() of the enable
 * word (1) on /dev/uioN. The kernel's uio driver ignores the position
 * (uio_read/uio_write), so any value works on a real node; a regular file
 * standing for /dev/uioN in the unit tests keeps the count and the last
 * enable word there, beyond its map windows.
 */
#define UVS_UIO_IRQ_POS (1ll << 30)
#define UVS_UIO_IRQ_ENABLE_POS (UVS_UIO_IRQ_POS + 4)

/** One memory map of a uio device (/sys/class/uio/uioN/maps/mapM/). */
struct uvs_uio_map {
    unsigned index;   /**< M: mmap() offset M * page size selects it */
    uint64_t addr;    /**< physical address (uio_pdrv_genirq: of the region's first page) */
    uint64_t size;    /**< bytes from addr */
    uint64_t offset;  /**< the region's offset from addr (0 when addr is the region's own) */
    char name[64];    /**< the map's name ("" when the driver gives none) */
};

/**
 * uvs_uio_locate - the uio device ("uioN") bound to devicetree node @dt.
 * @want: "uioN" to check, or "" to search /sys/class/uio. A device matches
 * when its device/of_node link ends in @dt->path, or (no link) one of its
 * maps starts at @dt->reg. Errors with a detail: -ENOENT @want does not
 * exist, -ENODEV it is another device, or no device matches (with the
 * commands that bind one).
 */
int uvs_uio_locate(const char *root, const struct uvs_dt_dev *dt, const char *want, char *name, size_t n);

/**
 * uvs_uio_map_find - the map of @uio whose region starts at physical @addr
 * (map addr + offset) with at least @min_size bytes. -ENOENT (no detail)
 * when none does.
 */
int uvs_uio_map_find(const char *root, const char *uio, uint64_t addr, uint64_t min_size, struct uvs_uio_map *m);

#endif

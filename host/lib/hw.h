/*
 * Helpers of the hardware backends (uio, vfio): the --device string, the
 * sysfs/devfs/procfs root, small sysfs readers, device-node checks and the
 * conversion of device cycles to wall-clock milliseconds.
 */
#ifndef UVMSOC_HOST_HW_H
#define UVMSOC_HOST_HW_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include <uvmsoc/uvmsoc.h>

/** Compatible string of the device's BAR0 node (boards/bindings/uvmsoc,hostif.yaml). */
#define UVS_HOSTIF_COMPATIBLE "uvmsoc,hostif"

/**
 * Device clock assumed when HOSTIF_CLOCK_KHZ reads 0, kHz: the design's
 * CFG_CLOCK_MHZ, 200 MHz (boards/sim/uvmsoc.dtsi, timebase comment).
 */
#define UVS_HW_CLOCK_KHZ_DEFAULT 200000u

/** Kinds of device a device string names. */
enum uvs_dev_kind { UVS_DEV_COSIM, UVS_DEV_MOCK, UVS_DEV_UIO, UVS_DEV_VFIO, UVS_DEV_IVSHMEM };

/** A parsed device string (uvs_open_opts.device). */
struct uvs_devspec {
    enum uvs_dev_kind kind;
    const char *name;     /**< "cosim", "mock", "uio", "vfio", "ivshmem" */
    char node[64];        /**< uio: "uioN" or "" (find it); vfio: PCI address DDDD:BB:DD.F (lower case) */
    char path[PATH_MAX];  /**< cosim: socket path or "" (the usual default); ivshmem: PCI address, sysfs dir or file */
    char dtb[PATH_MAX];   /**< uio: devicetree blob to search, "" = the running system's */
    char udmabuf[64];     /**< uio: u-dma-buf device "udmabufN" for DMA memory, "" = the node's memory-region */
};

/**
 * uvs_devspec_parse - parse a device string:
 *   cosim[:SOCKET] | mock | uio[:/dev/uioN][,dtb=FILE][,udmabuf=/dev/udmabufN] | vfio:[DDDD:]BB:DD.F |
 *   ivshmem:DEV
 * Errors: -EINVAL with a detail naming the bad part and the expected form.
 */
int uvs_devspec_parse(const char *s, struct uvs_devspec *spec);

/** uvs_sysroot - the root of /sys, /dev and /proc: opts->sysroot, else $UVS_SYSROOT, else "". */
const char *uvs_sysroot(const struct uvs_open_opts *opts);

/** uvs_path - printf into out[PATH_MAX] below root ("" = /); -ENAMETOOLONG. */
int uvs_path(char *out, const char *root, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/** uvs_read_line - the first line of a (sysfs) file without its newline; negative errno of open/read. */
int uvs_read_line(const char *path, char *buf, size_t n);

/** uvs_read_u64 - a number (decimal or 0x hex) from a sysfs file; -EINVAL when it is not one. */
int uvs_read_u64(const char *path, uint64_t *v);

/**
 * uvs_open_node - open a device node read/write (O_CLOEXEC | extra flags).
 * @what names it in errors. Errors, each with a detail: -ENOENT missing,
 * -EACCES no read/write permission (checked with access(), so the reason
 * is the node's mode/owner, not a later failure), others from open().
 */
int uvs_open_node(const char *path, int extra_flags, const char *what, int *fd);

/** uvs_lock_node - flock(LOCK_EX | LOCK_NB) @fd; -EBUSY (detail names @path) when another open file holds it. */
int uvs_lock_node(int fd, const char *path);

/**
 * uvs_cycles_to_ms - wall-clock milliseconds for @cycles of a device clocked
 * at @clock_khz (0: UVS_HW_CLOCK_KHZ_DEFAULT), rounded up, at least 1, at
 * most INT_MAX (about 24 days: poll()'s limit).
 */
int uvs_cycles_to_ms(uint64_t cycles, uint32_t clock_khz);

/** uvs_now_ms - CLOCK_MONOTONIC in milliseconds. */
int64_t uvs_now_ms(void);

/**
 * uvs_hw_mmio_read / uvs_hw_mmio_write - one volatile load or store of
 * @size bytes (1, 2, 4, 8; checked by the caller) at @off of a mapped BAR.
 * Always 0.
 */
int uvs_hw_mmio_read(volatile uint8_t *bar, uint64_t off, unsigned size, uint64_t *val);
int uvs_hw_mmio_write(volatile uint8_t *bar, uint64_t off, unsigned size, uint64_t val);

/** uvs_hw_charge - uvs_backend_ops.charge of hardware: nothing to do (the device runs on its own); 0. */
int uvs_hw_charge(void *ctx, uint64_t cycles);

#endif

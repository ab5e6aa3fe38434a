/*
 * libuvmsoc backend interface: what the driver needs from a way of reaching
 * the device (DESIGN.md section 4). The rest of the library only talks to
 * the device through these operations.
 *
 * BAR access is by read/write functions rather than a mapped pointer: a
 * socket transport (cosim) cannot offer a pointer, while VFIO and UIO
 * backends implement them as volatile loads and stores on their mmap()ed BAR,
 * so one interface serves all of them at the cost of one indirect call.
 */
#ifndef UVMSOC_HOST_BACKEND_H
#define UVMSOC_HOST_BACKEND_H

#include <stdint.h>

#include <uvmsoc/uvmsoc.h>

/** Operations of one backend; every function returns 0 or a negative errno. */
struct uvs_backend_ops {
    const char *name; /**< "cosim", "mock", "uio", "vfio" */
    /** Attach to the device; *ctx receives the backend's state. */
    int (*open)(const struct uvs_open_opts *opts, void **ctx);
    /** Detach and free ctx. */
    void (*close)(void *ctx);
    /** BAR0 read of size 1/2/4/8 at an aligned offset inside BAR0 (checked by the caller). */
    int (*mmio_read)(void *ctx, uint64_t off, unsigned size, uint64_t *val);
    /** BAR0 write, same rules. */
    int (*mmio_write)(void *ctx, uint64_t off, unsigned size, uint64_t val);
    /** Allocate zeroed DMA-able host memory (size a nonzero multiple of 4096) and its bus address. */
    int (*dma_alloc)(void *ctx, size_t size, struct uvs_dma_buf *buf);
    /** Free memory from dma_alloc. */
    void (*dma_free)(void *ctx, const struct uvs_dma_buf *buf);
    /** Wait up to timeout_cycles (>= 1) for MSIs; *vectors = mask received; -ETIMEDOUT. */
    int (*wait_irq)(void *ctx, uint64_t timeout_cycles, uint32_t *vectors);
    /** Charge host-side cost: lockstep backends run the device that long. */
    int (*charge)(void *ctx, uint64_t cycles);
    /** Hard (power-on) reset of the device, or NULL when the backend has none. */
    int (*reset)(void *ctx);
    /**
     * The file descriptor of the shared host-memory file and the offset of
     * [bus, bus + len) in it (mmap-able at another address, e.g. a managed
     * allocation's VA), or NULL when host memory is not a file. -EINVAL
     * when the range is not inside it.
     */
    int (*hostmem_fd)(void *ctx, uint64_t bus, uint64_t len, int *fd, uint64_t *off);
    /** Device cycle count last seen, or NULL (hardware). */
    uint64_t (*cycles)(void *ctx);
};

extern const struct uvs_backend_ops uvs_backend_cosim;
extern const struct uvs_backend_ops uvs_backend_mock;
extern const struct uvs_backend_ops uvs_backend_uio;  /* backend_uio.c: FPGA SoC through /dev/uioN */
extern const struct uvs_backend_ops uvs_backend_vfio; /* backend_vfio.c: PCIe card through VFIO */
extern const struct uvs_backend_ops uvs_backend_ivshmem; /* backend_ivshmem.c: uvmsoc-sim --host-shm (QEMU ivshmem-plain) */

#endif

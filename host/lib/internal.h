/*
 * libuvmsoc internals shared by the library's source files.
 */
#ifndef UVMSOC_HOST_INTERNAL_H
#define UVMSOC_HOST_INTERNAL_H

#include <stdint.h>

#include <uvmsoc/uvmsoc.h>
#include "backend.h"

/** Host-side state of one ring in host memory (DMA or host queue). */
struct uvs_ring {
    struct uvs_dma_buf buf; /**< the ring's memory */
    uint32_t entries;       /**< 2^log2sz */
    uint32_t log2sz;        /**< log2 of entries */
    uint32_t index;         /**< our producer tail or consumer head */
};

/** An open device. */
struct uvs_dev {
    const struct uvs_backend_ops *ops; /**< backend */
    void *ctx;                         /**< backend state */
    uint64_t timeout;                  /**< wait budget in cycles */
    uint64_t caps;                     /**< HOSTIF_CAP */
    uint64_t sram_size, hbm_size;      /**< populated device memory */
    int dma_ready;                     /**< host DMA channel set up */
    struct uvs_ring dma_ring, dma_cpl; /**< descriptor and completion rings */
    uint64_t dma_cookie;               /**< next descriptor cookie */
    int q_ready;                       /**< host queues set up */
    struct uvs_ring cmdq, evq;         /**< command and event queues */
    uint32_t evq_seen;                 /**< event-queue TAIL last read (records up to it are in memory) */
    uint32_t evq_head_sent;            /**< event-queue HEAD last written */
    uint32_t wake_unmasked;            /**< causes uvs_evt_wait_wake() unmasked */
    uint64_t wd_cycles;                /**< firmware watchdog, cycles (UVS_WATCHDOG_OFF: none; queue.c) */
    uint64_t wd_since;                 /**< cycle the command queue head last moved */
    uint64_t wd_checked;               /**< cycle the watchdog last read the head */
    uint32_t wd_head;                  /**< command queue head seen then */
    int wd_valid, wd_pinged, wd_hung;  /**< watchdog started, NOP ping sent, firmware found hung */
    uint64_t msi_polls;                /**< events found by polling after an MSI wait ran out */
};

/**
 * uvs_err - record a one-line detail for uvs_last_error() and return @err.
 * @err: negative errno value; @fmt: printf format of the detail.
 */
int uvs_err(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/** uvs_err_clear - forget the calling thread's last error detail. */
void uvs_err_clear(void);

/** uvs_rd32/uvs_rd64/uvs_wr32/uvs_wr64 - BAR0 accessors (uvs_mmio_read/write with a fixed size). */
int uvs_rd32(struct uvs_dev *dev, uint64_t off, uint32_t *v);
int uvs_rd64(struct uvs_dev *dev, uint64_t off, uint64_t *v);
int uvs_wr32(struct uvs_dev *dev, uint64_t off, uint32_t v);
int uvs_wr64(struct uvs_dev *dev, uint64_t off, uint64_t v);

/**
 * uvs_wait_slice - one bounded MSI wait of a wait loop with poll fallback
 * (queue.c): waits at most *slice device cycles (0 on the first call: the
 * smallest slice; it doubles after each run-out, up to 1M cycles) and at most
 * @left. Returns 0 when an MSI came (*vec, may be NULL), 1 when the slice ran
 * out first (the caller looks at the device again: a lost MSI costs at most
 * about the time waited so far), -ETIMEDOUT when @left ran out, -ETIME when
 * the firmware watchdog (uvs_open_opts.watchdog_cycles) found the firmware
 * hung, or a backend error. Backends without a cycle count wait @left at once.
 */
int uvs_wait_slice(struct uvs_dev *dev, uint64_t left, uint64_t *slice, uint32_t *vec);

/** uvs_ring_alloc - allocate a ring of 2^log2sz records of recsz bytes in DMA memory. */
int uvs_ring_alloc(struct uvs_dev *dev, struct uvs_ring *r, uint32_t log2sz, size_t recsz);

/** uvs_ring_free - free a ring (safe on a zeroed one) and zero it. */
void uvs_ring_free(struct uvs_dev *dev, struct uvs_ring *r);

/** uvs_dma_teardown / uvs_q_teardown - stop the host DMA channel / host queues and free their rings. */
void uvs_dma_teardown(struct uvs_dev *dev);
void uvs_q_teardown(struct uvs_dev *dev);

#endif

/*
 * The firmware's DMA channel (include/uvmsoc/dma.def, channel
 * UVS_DMA_CHAN_FW): descriptor and completion rings in SRAM, polled.
 * Synchronous copies (host command and event records) and asynchronous
 * submissions (unified-memory migrations: several descriptors in flight so
 * that the engine never waits for the firmware). The engine executes a
 * channel's descriptors in order, so a copy submitted after another one
 * sees its data (a write-back of a frame before a copy into it).
 */
#ifndef UVS_FWDMA_H
#define UVS_FWDMA_H

#include <stdint.h>

/**
 * Resets the channel of the DMA engine at `dma_base` and programs its
 * rings. Returns 0, or -EIO if the channel does not come out of reset
 * idle (STATUS not 0).
 */
int uvs_fwdma_init(uint64_t dma_base);

/**
 * Retries of a descriptor that completed with DMA_ST_LINK before it fails
 * (-EIO to its waiter): 3, as a link's replay is tried a few times before
 * the error is reported (docs/reliability.md "Fault injection").
 */
#define UVS_FWDMA_RETRIES 3

/** uvs_fwdma_retries - descriptors resubmitted after a link error since boot. */
extern uint64_t uvs_fwdma_retries;

/**
 * Copies `len` bytes (1..UVS_DMA_MAX_LEN) with descriptor opcode `op`
 * (UVS_DMA_OP_H2D: host `src` -> device `dst`; UVS_DMA_OP_D2H: device ->
 * host) and waits up to `timeout_cycles` for its completion record (and
 * those of every descriptor submitted before it). Returns 0; -EINVAL for a
 * bad length or an uninitialised channel; -ETIMEDOUT without completion;
 * -EIO when the completion status is not DMA_ST_OK (then *err_addr, if
 * given, gets the failing address and the channel is reset for the next
 * copy).
 */
int uvs_fwdma_copy(uint8_t op, uint64_t src, uint64_t dst, uint32_t len,
		   uint64_t timeout_cycles, uint64_t *err_addr);

/**
 * Queues one descriptor (op as uvs_fwdma_copy, also UVS_DMA_OP_D2D) without
 * waiting for it; when the ring is full, first waits (up to
 * `timeout_cycles`) for the oldest descriptor. *seq (may be NULL) receives
 * the descriptor's sequence number (uvs_fwdma_done() reaches it when it has
 * completed). Returns 0, -EINVAL, -ETIMEDOUT. A failure of an asynchronous
 * descriptor is reported by uvs_fwdma_wait_all().
 */
int uvs_fwdma_submit(uint8_t op, uint64_t src, uint64_t dst, uint32_t len,
		     uint64_t timeout_cycles, uint64_t *seq);

/**
 * uvs_fwdma_idle - 1 when every submitted descriptor has completed (reaps
 * completions; one MMIO read of CPL_TAIL), else 0: the engine has nothing
 * of this channel to work on, so a copy being merged is better submitted now.
 */
int uvs_fwdma_idle(void);

/** uvs_fwdma_done - sequence number below which every descriptor has completed (reaps completions). */
uint64_t uvs_fwdma_done(void);

/**
 * uvs_fwdma_wait_all - waits up to `timeout_cycles` until every submitted
 * descriptor has completed. Returns 0; -ETIMEDOUT (the channel is reset);
 * -EIO when an asynchronous descriptor failed since the last call (*err_addr
 * gets the first failing address; the channel was reset and the descriptors
 * behind the failed one were dropped).
 */
int uvs_fwdma_wait_all(uint64_t timeout_cycles, uint64_t *err_addr);

/**
 * uvs_fwdma_error_pending - 1 when an asynchronous descriptor failed and
 * no uvs_fwdma_wait_all() has reported it yet, else 0 (no MMIO access).
 */
int uvs_fwdma_error_pending(void);
/**
 * uvs_fwdma_wait_seq - waits up to timeout_cycles until descriptor seq
 * (from uvs_fwdma_submit) and every one before it have completed. Returns
 * 0, -EINVAL (uninitialised channel), -ETIMEDOUT (the channel is reset). A
 * failed descriptor is not reported here but by uvs_fwdma_error_pending()
 * and uvs_fwdma_wait_all(), which the caller still calls.
 */
int uvs_fwdma_wait_seq(uint64_t seq, uint64_t timeout_cycles);

#endif /* UVS_FWDMA_H */

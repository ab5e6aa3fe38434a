/*
 * The firmware's DMA channel (include/uvmsoc/dma.def, channel
 * UVS_DMA_CHAN_FW): descriptor and completion rings in SRAM, one copy at a
 * time, polled. Used to read host command records and write event records
 * in host memory.
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
 * Copies `len` bytes (1..UVS_DMA_MAX_LEN) with descriptor opcode `op`
 * (UVS_DMA_OP_H2D: host `src` -> device `dst`; UVS_DMA_OP_D2H: device ->
 * host) and waits up to `timeout_cycles` for its completion record.
 * Returns 0; -EINVAL for a bad length or an uninitialised channel;
 * -ETIMEDOUT without completion; -EIO when the completion status is not
 * DMA_ST_OK (then *err_addr, if given, gets the failing address and the
 * channel is reset for the next copy).
 */
int uvs_fwdma_copy(uint8_t op, uint64_t src, uint64_t dst, uint32_t len,
		   uint64_t timeout_cycles, uint64_t *err_addr);

#endif /* UVS_FWDMA_H */

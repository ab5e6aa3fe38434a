/*
 * uvmsoc-sim: timing of the DMA engine's AXI bursts (docs/architecture.md,
 * "SoC boundary (AXI)", DMA step 3). When the engine's data path is RTL
 * (rtl/soc/uvs_dma_xfer.sv), the slave models in front of host memory and
 * device memory answer each burst at the time these functions give: the
 * burst reserves its bytes on the shared channel of sim/memsys.h it uses;
 * the reference model sim/dma_exec.c times each chunk of its stream (a whole
 * descriptor's chunks, reserved when it starts) with the same _fx
 * functions, so the link and HBM limits stay where they are stated. Times
 * are cycles of the device clock (_fx: 16.16 fixed point, memsys.h).
 */
#ifndef UVS_SIM_DMA_BURST_H
#define UVS_SIM_DMA_BURST_H

#include <stdint.h>

#include "link.h"
#include "memsys.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * uvs_dma_burst_read_fx - a read of @bytes from @loc that may be issued at
 * @start_fx (UVS_LOC_HOST: the request crosses the link, the completion
 * comes back on LINK_H2D; SRAM, HBM: their channel, then their latency).
 * Returns when its data has arrived; *moved_fx = when its last byte moved
 * on the channel (before the return trip or latency).
 */
uint64_t uvs_dma_burst_read_fx(struct uvs_memsys *ms, const struct uvs_link_model *m, enum uvs_loc loc,
                               uint64_t start_fx, uint64_t bytes, uint64_t *moved_fx);

/**
 * uvs_dma_burst_write_fx - a write of @bytes to @loc that may start at
 * @start_fx (host: posted on LINK_D2H, done when sent; SRAM, HBM: their
 * channel plus latency). Returns when it is done.
 */
uint64_t uvs_dma_burst_write_fx(struct uvs_memsys *ms, enum uvs_loc loc, uint64_t start_fx, uint64_t bytes);

/**
 * uvs_dma_burst_read - a read burst of @bytes from @loc accepted at cycle
 * @now (uvs_dma_burst_read_fx). Returns the cycle from which its data may
 * be returned (> @now), one beat a cycle.
 */
uint64_t uvs_dma_burst_read(struct uvs_memsys *ms, const struct uvs_link_model *m, enum uvs_loc loc, uint64_t now,
                            uint64_t bytes);

/**
 * uvs_dma_burst_write - a write burst of @bytes to @loc whose last beat
 * arrived at cycle @now (uvs_dma_burst_write_fx). Returns the cycle its
 * write response may be given (> @now).
 */
uint64_t uvs_dma_burst_write(struct uvs_memsys *ms, enum uvs_loc loc, uint64_t now, uint64_t bytes);

#ifdef __cplusplus
}
#endif
#endif

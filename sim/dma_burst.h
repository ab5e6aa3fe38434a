/*
 * uvmsoc-sim: timing of the DMA engine's AXI bursts (docs/architecture.md,
 * "SoC boundary (AXI)", DMA step 3). When the engine's data path is RTL
 * (rtl/soc/uvs_dma_xfer.sv), the slave models in front of host memory and
 * device memory answer each burst at the time these functions give: the
 * burst reserves its bytes on the shared channel of sim/memsys.h it uses,
 * exactly as one chunk of sim/dma_exec.c's stream does (which reserves a
 * whole descriptor's chunks when it starts), so the link and HBM limits stay
 * where they are stated. Times are cycles of the device clock.
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
 * uvs_dma_burst_read - a read burst of @bytes from @loc (UVS_LOC_HOST: the
 * request crosses the link, the completion comes back on LINK_H2D; SRAM,
 * HBM: their channel and latency) accepted at cycle @now. Returns the cycle
 * from which its data may be returned (> @now), one beat a cycle.
 */
uint64_t uvs_dma_burst_read(struct uvs_memsys *ms, const struct uvs_link_model *m, enum uvs_loc loc, uint64_t now,
                            uint64_t bytes);

/**
 * uvs_dma_burst_write - a write burst of @bytes to @loc whose last beat
 * arrived at cycle @now (host: posted on LINK_D2H, answered when sent;
 * SRAM, HBM: their channel plus latency). Returns the cycle its write
 * response may be given (> @now).
 */
uint64_t uvs_dma_burst_write(struct uvs_memsys *ms, enum uvs_loc loc, uint64_t now, uint64_t bytes);

#ifdef __cplusplus
}
#endif
#endif

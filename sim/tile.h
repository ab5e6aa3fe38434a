/*
 * uvmsoc-sim tile engines, simulator side (issue 13; docs/architecture.md
 * "Tile engines"). The engines are RTL (rtl/soc/uvs_tile.sv, its data path
 * rtl/soc/uvs_tile_mover.sv): two AXI4 masters each, answered by slave
 * models (sim/dma_slave.h) configured here, and a trace side channel.
 */
#ifndef UVS_SIM_TILE_H
#define UVS_SIM_TILE_H

#include <stdbool.h>

#include "dma_slave.h"

/**
 * uvs_tile_slave_init - configure @s as the slave of compute hart @hart's
 * tile engine: its memory master (@spad false: SRAM, HBM and the host
 * window, beats timed on the shared memory-system channels as a hart's
 * access, sim/memsys.h) or its scratchpad master (@spad true: the hart's
 * scratchpad only, answered the next cycle), of @beat bytes per beat (the
 * engine's BEAT_BYTES: 8..64).
 */
void uvs_tile_slave_init(struct uvs_dma_slave *s, unsigned hart, bool spad, unsigned beat);

#endif

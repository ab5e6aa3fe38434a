/*
 * uvmsoc-sim: line cache of the IOMMU's memory master (issue 13;
 * docs/architecture.md "Memory system timing"). The walker reads one 8-byte
 * PTE per level; a streaming tile engine needs a leaf PTE per 4 KiB page,
 * and the 8 leaf PTEs of consecutive pages share one 64-byte line. The
 * master keeps UVS_WALKC_LINES recently read HBM lines: a read that hits
 * answers in UVS_WALKC_HIT_CYCLES, a miss reserves the whole 64-byte line
 * on the HBM channel (sim/memsys.h) and takes its latency. Timing only: the
 * data always comes from memory at the access (sim/mem.c), so the cache is
 * coherent by construction (a snooping cache, as an IOMMU walking through
 * an IO-coherent system cache sees). Writes and AMOs (A/D updates, queue
 * records) go to memory as before (8 bytes) and leave the line cached.
 */
#ifndef UVS_SIM_WALKCACHE_H
#define UVS_SIM_WALKCACHE_H

#include <stdint.h>

#include "memsys.h"

/** Lines held (fully associative, least recently used replaced): 8 streams of leaf PTEs (4 engines x in/out) and their upper levels. */
#define UVS_WALKC_LINES 16u
/** Bytes per line: one HBM burst of the engines' beat size, 8 Sv48 PTEs. */
#define UVS_WALKC_LINE 64u
/**
 * Cycles of a hit: tag compare, then the data read of an on-chip SRAM
 * (the harts' SRAM ports answer in 1 cycle, sim/dpi.c): 2. An assumption
 * of this model, not a measurement.
 */
#define UVS_WALKC_HIT_CYCLES 2u

/** Counters since start. */
struct uvs_walkc_stat {
    uint64_t hits, misses;
};

/**
 * uvs_walkc_access - completion cycle (> @now) of the IOMMU memory master's
 * access of 8 bytes at bus address @addr issued at @now: an HBM read that
 * hits a cached line: @now + UVS_WALKC_HIT_CYCLES; an HBM read that misses:
 * its 64-byte line on the HBM channel of @ms (uvs_memsys_access), then
 * cached; anything else (writes, AMOs, other regions):
 * uvs_memsys_bus_access(@ms, @now, @addr, 8, @kind) unchanged.
 */
uint64_t uvs_walkc_access(struct uvs_memsys *ms, uint64_t now, uint64_t addr, enum uvs_memsys_kind kind);

/** uvs_walkc_stat - hits and misses of HBM reads so far. */
struct uvs_walkc_stat uvs_walkc_stat(void);

#endif

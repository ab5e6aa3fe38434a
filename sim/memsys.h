/*
 * uvmsoc-sim shared memory channels with contention (issue 13 item 3;
 * docs/architecture.md "Memory system timing"). Every requester of the
 * device -- the harts' memory ports, the tile engines, the DMA engine and the
 * IOMMU walker -- reserves its bytes on the channel it uses, so they compete
 * for one bandwidth per channel:
 *
 *   UVS_MEMSYS_HBM       device HBM (both directions share it)
 *   UVS_MEMSYS_LINK_D2H  host link, device -> host: posted writes (DMA D2H,
 *                        host-window stores, AMO requests)
 *   UVS_MEMSYS_LINK_H2D  host link, host -> device: read completions (DMA
 *                        H2D, host-window loads and AMO results)
 *   UVS_MEMSYS_SRAM      device SRAM as the DMA engine's port sees it (the
 *                        harts' SRAM ports are single-cycle and private)
 *
 * Model: a bandwidth ledger per channel. Time is cut into windows of
 * UVS_MEMSYS_WIN cycles; a window holds bw x UVS_MEMSYS_WIN bytes. A request
 * of b bytes that may start at cycle t takes the capacity still free in t's
 * window, but no more than the channel moves between t and the window's end
 * (idle time before t is lost), then capacity in the following windows,
 * until its b bytes are placed. Within a window the bytes move at full rate
 * from its start in the order they were placed: the request's last byte has
 * moved when all bytes placed in that window so far have, and no earlier
 * than t + b / bw (one streaming requester gets exactly the bandwidth; a
 * request placed behind others waits at most a window for them). It
 * completes then, rounded up to a cycle, plus the channel's latency. Requests may be placed in the future (the DMA engine
 * reserves a whole descriptor's stream when it starts): later requests in
 * the same windows share what is left. All arithmetic is integer (bytes and
 * cycles in 16.16 fixed point, link.h bandwidths), so results depend only on
 * the order of calls: deterministic.
 */
#ifndef UVS_SIM_MEMSYS_H
#define UVS_SIM_MEMSYS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "link.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The shared channels. */
enum uvs_memsys_chan {
    UVS_MEMSYS_HBM = 0,
    UVS_MEMSYS_LINK_D2H,
    UVS_MEMSYS_LINK_H2D,
    UVS_MEMSYS_SRAM,
    UVS_MEMSYS_NCHAN
};

/** Cycles per ledger window. */
#define UVS_MEMSYS_WIN 16u
/**
 * Windows per channel ledger (a ring, about 1M cycles): a reservation further
 * ahead than that claims the slots of windows that many older, which then
 * count as full (never more than the bandwidth; only streams far longer than
 * a DMA descriptor at the default bandwidths get there).
 */
#define UVS_MEMSYS_NWIN 65536u

/** Kind of a bus access (uvs_memsys_bus_access). */
enum uvs_memsys_kind {
    UVS_MEMSYS_READ = 0, /**< load: data comes back (host: request out, completion back) */
    UVS_MEMSYS_WRITE,    /**< store: host writes are posted (done when sent) */
    UVS_MEMSYS_ATOMIC,   /**< AMO or LR/SC: operand out and result back (host: PCIe AtomicOp round trip) */
};

/** Counters of one channel since uvs_memsys_init. */
struct uvs_memsys_stat {
    uint64_t bytes;    /**< bytes moved (reserved) */
    uint64_t requests; /**< reservations made */
};

/** One channel: parameters, ledger, counters. */
struct uvs_memsys_ch {
    uint32_t bw_fx;      /**< bandwidth, bytes per cycle, 16.16, >= 1 */
    uint32_t latency;    /**< cycles added after the last byte moved (host: one way) */
    uint64_t *win_tag;   /**< window number held by each ring slot (UINT64_MAX = none) */
    uint64_t *win_used;  /**< bytes (16.16) placed in that window */
    struct uvs_memsys_stat st;
};

/** The device's memory system. */
struct uvs_memsys {
    struct uvs_memsys_ch ch[UVS_MEMSYS_NCHAN];
};

/**
 * uvs_memsys_init - set up @ms from @m: HBM (hbm_bw_fx, hbm_latency), both
 * link directions (bw_fx each; latency = one-way link latency), SRAM
 * (sram_bw_fx, sram_latency); empty ledgers, zero counters.
 * Returns 0, -EINVAL when a bandwidth is 0, -ENOMEM.
 */
int uvs_memsys_init(struct uvs_memsys *ms, const struct uvs_link_model *m);

/** uvs_memsys_fini - release the ledgers (@ms may be zeroed or initialised). */
void uvs_memsys_fini(struct uvs_memsys *ms);

/**
 * uvs_memsys_xfer - reserve @bytes on channel @c starting no earlier than
 * cycle @start. Returns the cycle by which the last byte has moved (>=
 * @start, rounded up; @start for 0 bytes), without the channel's latency.
 */
uint64_t uvs_memsys_xfer(struct uvs_memsys *ms, enum uvs_memsys_chan c, uint64_t start, uint64_t bytes);

/**
 * uvs_memsys_xfer_fx - uvs_memsys_xfer in 16.16 fixed-point cycles: start
 * no earlier than @start_fx, return the (unrounded) time the last byte has
 * moved. For requesters that chain transfers (the DMA engine's chunks), so
 * rounding does not add up.
 */
uint64_t uvs_memsys_xfer_fx(struct uvs_memsys *ms, enum uvs_memsys_chan c, uint64_t start_fx, uint64_t bytes);

/**
 * uvs_memsys_access - one access of @bytes to device memory or host memory
 * issued at cycle @now. Returns the cycle it completes (> @now):
 *   UVS_LOC_HBM / UVS_LOC_SRAM: xfer on that channel + its latency;
 *   UVS_LOC_HOST READ: request crosses the link (latency), completion on
 *     LINK_H2D, then crosses back (latency);
 *   UVS_LOC_HOST WRITE: posted: xfer on LINK_D2H (it reaches the host one
 *     latency later, not waited for);
 *   UVS_LOC_HOST ATOMIC: @bytes out on LINK_D2H, then latency, @bytes back
 *     on LINK_H2D, then latency;
 *   UVS_LOC_NONE: @now + 1.
 */
uint64_t uvs_memsys_access(struct uvs_memsys *ms, enum uvs_loc loc, uint64_t now, uint64_t bytes,
                           enum uvs_memsys_kind kind);

/**
 * uvs_memsys_loc - where bus address @addr points for the memory system
 * (memmap.def): HBM window -> UVS_LOC_HBM, host window (HOSTWIN) ->
 * UVS_LOC_HOST, anything else (BOOTROM, SRAM for the harts' private
 * single-cycle ports, unmapped) -> UVS_LOC_NONE.
 */
enum uvs_loc uvs_memsys_loc(uint64_t addr);

/**
 * uvs_memsys_bus_access - uvs_memsys_access at uvs_memsys_loc(@addr): a
 * hart's, tile engine's or walker's access of @bytes (8 for a hart, 64 for a
 * tile beat) at bus address @addr issued at cycle @now. Returns the cycle its
 * response is due (> @now; @now + 1 outside HBM and HOSTWIN).
 */
uint64_t uvs_memsys_bus_access(struct uvs_memsys *ms, uint64_t now, uint64_t addr, uint32_t bytes,
                               enum uvs_memsys_kind kind);

/** uvs_memsys_stat - counters of channel @c. */
struct uvs_memsys_stat uvs_memsys_stat(const struct uvs_memsys *ms, enum uvs_memsys_chan c);

/**
 * uvs_memsys_util_ppm - utilisation of channel @c over @cycles cycles in
 * parts per million: bytes / (bandwidth x cycles), 0 for 0 cycles.
 */
uint64_t uvs_memsys_util_ppm(const struct uvs_memsys *ms, enum uvs_memsys_chan c, uint64_t bytes, uint64_t cycles);

/** uvs_memsys_name - short name of channel @c ("hbm", "link-d2h", "link-h2d", "sram"). */
const char *uvs_memsys_name(enum uvs_memsys_chan c);

/**
 * uvs_memsys_print - one line per channel on @f: bytes, requests,
 * utilisation over @cycles cycles (the --stats report).
 */
void uvs_memsys_print(FILE *f, const struct uvs_memsys *ms, uint64_t cycles);

#ifdef __cplusplus
}
#endif
#endif

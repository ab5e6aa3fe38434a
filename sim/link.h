/*
 * uvmsoc-sim timing model of the host link and the device memories
 * (DESIGN.md section 2 "Host interface", "HBM"; issue 4). All times are in
 * device clock cycles, bandwidths in bytes per cycle as unsigned 16.16 fixed
 * point (the HOSTIF_LINK_BW register format, hostif.def).
 *
 * Defaults: a PCIe Gen4 x16 card at a 1 GHz device clock. Gen4 signals at
 * 16 GT/s per lane with 128b/130b coding: 16 lanes x 16 GT/s x 128/130 / 8 =
 * 31.5 GB/s raw per direction; after TLP/DLLP overhead at a 256-byte
 * Max_Payload_Size (about 24 bytes per TLP, ~91%) and flow control, about
 * 25 GB/s of payload is what such cards sustain = 25 bytes per cycle at
 * 1 GHz. Round trip (host memory read from the device) ~1 us = 2 x 500
 * cycles one way. HBM: 100 cycles (100 ns) latency, 256 bytes/cycle (one
 * HBM2e stack at ~3.2 Gb/s/pin x 1024 bits = 410 GB/s; 256 GB/s is a
 * conservative sustained figure for one DMA port). SRAM: 1 cycle, 32 B/cycle.
 * Host costs: 50 cycles of CPU time per MMIO access issued (uncached store
 * issue and driver bookkeeping), 2000 cycles (2 us) from an MSI arriving to
 * the waiting driver thread running (interrupt, eventfd wake-up, scheduling
 * on Linux, as measured for VFIO interrupt delivery in the low microseconds).
 */
#ifndef UVS_SIM_LINK_H
#define UVS_SIM_LINK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Where a DMA address points. */
enum uvs_loc {
    UVS_LOC_NONE = 0, /**< not backed by memory */
    UVS_LOC_HOST,     /**< host memory, over the link */
    UVS_LOC_SRAM,     /**< device SRAM */
    UVS_LOC_HBM,      /**< device HBM */
};

/** The model's parameters (see the file comment for the defaults' sources). */
struct uvs_link_model {
    uint32_t clock_khz;    /**< device clock in kHz (HOSTIF_CLOCK_KHZ) */
    uint32_t latency;      /**< one-way host link latency, cycles */
    uint32_t bw_fx;        /**< host link bandwidth, bytes/cycle 16.16, >= 1 */
    uint32_t mps;          /**< largest link payload, bytes (reported only) */
    uint32_t hbm_latency;  /**< HBM access latency, cycles, 1..65535 */
    uint32_t hbm_bw_fx;    /**< HBM bandwidth, bytes/cycle 16.16, >= 1 */
    uint32_t sram_latency; /**< SRAM latency for the DMA engine, cycles */
    uint32_t sram_bw_fx;   /**< SRAM bandwidth for the DMA engine, 16.16 */
    uint32_t cost_mmio;    /**< host cycles charged per MMIO access */
    uint32_t cost_irq;     /**< host cycles from MSI arrival to the driver running */
};

/** uvs_link_defaults - fill @m with the defaults above. */
void uvs_link_defaults(struct uvs_link_model *m);

/** uvs_link_xfer - cycles to move @bytes at @bw_fx bytes/cycle (16.16), rounded up; 0 for 0 bytes. */
uint64_t uvs_link_xfer(uint64_t bytes, uint32_t bw_fx);

/**
 * uvs_link_read - cycles from issuing a read of @bytes at @loc until the last
 * byte is at the engine: host: 2 x latency (request out, completion back) +
 * bytes / link bandwidth; SRAM/HBM: latency + bytes / bandwidth.
 */
uint64_t uvs_link_read(const struct uvs_link_model *m, enum uvs_loc loc, uint64_t bytes);

/**
 * uvs_link_write - cycles the engine spends writing @bytes to @loc: host
 * writes are posted (bytes / link bandwidth; they arrive one latency later,
 * like the MSI that follows them); SRAM/HBM: latency + bytes / bandwidth.
 */
uint64_t uvs_link_write(const struct uvs_link_model *m, enum uvs_loc loc, uint64_t bytes);

/**
 * uvs_link_copy - cycles of a streaming copy of @bytes from @src to @dst:
 * the source's first-data latency (host: 2 x latency), then the slower of
 * the two streams (a copy within one device memory moves the bytes twice
 * through it), then the destination's write latency (device memory only).
 */
uint64_t uvs_link_copy(const struct uvs_link_model *m, enum uvs_loc src, enum uvs_loc dst, uint64_t bytes);

/**
 * uvs_link_stream - the streaming part of uvs_link_copy (cycles): the slower
 * of the two streams, without latencies. A descriptor that follows another
 * back to back hides its latencies behind this part of the one before
 * (sim/dpi.c: the engine prefetches descriptors and keeps reads in flight).
 */
uint64_t uvs_link_stream(const struct uvs_link_model *m, enum uvs_loc src, enum uvs_loc dst, uint64_t bytes);

/**
 * uvs_link_parse_bw - parse a bandwidth "25", "25.6" (bytes/cycle) into 16.16.
 * Returns 0, or -EINVAL when not a number in (0, 65535].
 */
int uvs_link_parse_bw(const char *s, uint32_t *bw_fx);

#ifdef __cplusplus
}
#endif
#endif

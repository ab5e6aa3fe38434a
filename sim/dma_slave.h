/*
 * uvmsoc-sim: AXI4 slave model for the core's wide data masters
 * (UVS_AXI4W_M_PORTS): the DMA engine's two (rtl/soc/uvs_dma_xfer.sv), h_axi
 * toward host memory and d_axi toward device memory (SRAM, HBM), and each
 * tile engine's two (rtl/soc/uvs_tile_mover.sv), memory and scratchpad
 * (sim/tile.c configures those). docs/architecture.md, "SoC boundary (AXI)",
 * DMA step 3. The simulator puts one in front of each master
 * (rtl/sim/uvs_axi_dma_model.sv, through sim/dpi.c); the DMA testbench
 * (sim/dma_tb) uses the same model with random readiness.
 *
 * A slave takes AR, AW and W when its readiness allows, answers reads one
 * beat a cycle from the memory behind it once a burst is due, performs a
 * write burst when its AW and every W beat arrived, and answers it when
 * due. A burst is due after a fixed latency, or at the time sim/dma_burst.c
 * gives on the memory-system model (the burst reserves its bytes on the
 * shared link or HBM channel). Beats outside memory get SLVERR (host side:
 * the PCIe bridge) or DECERR (device side: the interconnect), and a write
 * beat outside memory writes nothing. It checks the master's AXI4 rules
 * (ARM IHI 0022 A3: INCR bursts aligned to their size inside 4 KiB, WLAST
 * on the last beat, a valid's payload stable until taken, RREADY high) and
 * counts breaches in axi_errors (the first ten printed).
 */
#ifndef UVS_SIM_DMA_SLAVE_H
#define UVS_SIM_DMA_SLAVE_H

#include <stdbool.h>
#include <stdint.h>

#include "link.h"
#include "memsys.h"

#ifdef __cplusplus
extern "C" {
#endif

#define UVS_AXIW_MAX_BEAT 128u  /* widest beat in bytes (uvs_dma_xfer BEAT_BYTES) */
#define UVS_DMA_SLAVE_QCAP 1024u /* bursts and W beats a slave holds */

/** The pins of one data master of uvs_dma_xfer, names without _i/_o; data and strobes of beat bytes. */
struct uvs_axiw {
    /* driven by the engine */
    uint8_t awvalid, awlen, awsize, awburst, wvalid, wlast, bready, arvalid, arlen, arsize, arburst, rready;
    uint64_t awaddr, araddr;
    uint8_t wdata[UVS_AXIW_MAX_BEAT], wstrb[UVS_AXIW_MAX_BEAT]; /* wstrb: one 0/1 per byte */
    /* driven by the slave model */
    uint8_t awready, wready, bvalid, bresp, arready, rvalid, rresp, rlast;
    uint8_t rdata[UVS_AXIW_MAX_BEAT];
};

/** A burst taken on AR or AW, or a write response waiting (due: the cycle it may be answered). */
struct uvs_dma_burst {
    uint64_t addr, due;
    unsigned len, size, beat; /**< AxLEN, AxSIZE, beats answered so far */
    uint8_t resp;             /**< RRESP of every beat (fail_all) or BRESP of a write response */
};

/** A W beat taken, waiting for its AW. */
struct uvs_dma_wbeat {
    uint8_t data[UVS_AXIW_MAX_BEAT], strb[UVS_AXIW_MAX_BEAT], last;
};

/** AXI4 slave model of one data master of uvs_dma_xfer. Zero it, then set the configuration fields. */
struct uvs_dma_slave {
    /* configuration */
    const char *name;
    bool host;                          /**< host memory (SLVERR outside, link timing) or device memory */
    unsigned beat;                      /**< bytes per beat: the engine's BEAT_BYTES, 8..128 */
    unsigned lat;                       /**< cycles from a burst's acceptance to its answer when ms is NULL */
    unsigned p_ready, p_awready, p_rvalid; /**< percent of cycles AR/W ready, AW ready, R offered (0: 100) */
    uint64_t rng;                       /**< xorshift64 state for the percentages (nonzero when any is set) */
    struct uvs_memsys *ms;              /**< time bursts by sim/dma_burst.c on it (NULL: by lat) */
    const struct uvs_link_model *model; /**< the link figures (with ms) */
    void *ctx;                          /**< passed to span and is_hbm */
    /** The memory behind: @len bytes at bus address @a, NULL when any of them is outside. */
    uint8_t *(*span)(void *ctx, bool host, uint64_t a, unsigned len);
    /** A device address is in HBM (for its memory-system channel). */
    bool (*is_hbm)(void *ctx, uint64_t a);
    /** Optional: the location of a burst at @a (else host, or is_hbm: HBM / SRAM). */
    enum uvs_loc (*loc)(void *ctx, uint64_t a);
    /** Optional: the cycle a burst of @bytes at @loc taken at @now is answered (else sim/dma_burst.c). */
    uint64_t (*due)(void *ctx, enum uvs_loc loc, uint64_t now, uint64_t bytes, bool write);
    /* state */
    bool fail_all; /**< fault injection: every burst taken from now on fails (no write performed) */
    struct uvs_dma_burst ar[UVS_DMA_SLAVE_QCAP], aw[UVS_DMA_SLAVE_QCAP], b[UVS_DMA_SLAVE_QCAP];
    unsigned ar_n, aw_n, b_n;
    struct uvs_dma_wbeat w[UVS_DMA_SLAVE_QCAP];
    unsigned w_n;
    struct uvs_axiw last; /* the master's outputs of the previous cycle */
    bool last_ar_wait, last_aw_wait, last_w_wait;
    unsigned axi_errors; /**< AXI rules the master broke */
};

/** uvs_dma_slave_reset - drop every burst and beat held (the master's reset); configuration kept. */
void uvs_dma_slave_reset(struct uvs_dma_slave *s);
/** uvs_dma_slave_drive - the slave's outputs in @p for cycle @now (before the master evaluates). */
void uvs_dma_slave_drive(struct uvs_dma_slave *s, struct uvs_axiw *p, uint64_t now);
/** uvs_dma_slave_take - after the master evaluated in cycle @now: handshakes, rule checks, queue updates. */
void uvs_dma_slave_take(struct uvs_dma_slave *s, const struct uvs_axiw *p, uint64_t now);
/**
 * uvs_dma_slave_next - the next cycle after @now whose take (and drive of
 * the cycle after it) can change the slave's state or outputs while the
 * master offers nothing (AWVALID, WVALID, ARVALID low): @now + 1 while an
 * answer is offered or due by @now + 2, a VALID waits, or readiness is
 * random; else the cycle before the earliest head answer is due; UINT64_MAX
 * when nothing is held. Call after take(@now) and drive(@now + 1). Taking
 * and driving in the cycles between changes nothing (rtl/sim/uvs_axi_dma_model.sv
 * skips them).
 */
uint64_t uvs_dma_slave_next(const struct uvs_dma_slave *s, uint64_t now);
/** uvs_dma_slave_busy - true while a burst, W beat or write response is held. */
bool uvs_dma_slave_busy(const struct uvs_dma_slave *s);
/** uvs_dma_slave_quiet - 0 when nothing is outstanding, else 1 (printed). */
int uvs_dma_slave_quiet(const struct uvs_dma_slave *s);

#ifdef __cplusplus
}
#endif
#endif

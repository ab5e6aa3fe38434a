/*
 * uvmsoc DMA data-path testbench: AXI4 slave models of the engine's two
 * masters. Each takes AR, AW and W when its random readiness allows, answers
 * reads one beat a cycle from the memory behind it once a burst is due
 * (fixed latency, or per burst on the memory-system model through
 * sim/dma_burst.c), performs a write burst when its AW and every W beat
 * arrived, and answers it when due; beats outside memory get SLVERR (host
 * side) or DECERR (device side). It checks the master's AXI4 rules (ARM IHI
 * 0022 A3: INCR bursts aligned to their size inside 4 KiB, WLAST on the last
 * beat, a valid's payload stable until taken, RREADY high) and counts
 * breaches in tb_axi_errors.
 */
#ifndef UVS_DMA_TB_SLAVE_H
#define UVS_DMA_TB_SLAVE_H

#include <stdbool.h>
#include <stdint.h>

#include "link.h"
#include "memsys.h"
#include "tb_hw.h"

#define QCAP 4096 /* slave queue entries */

/** A burst taken on AR or AW, or a write response waiting (due: the cycle it may be answered). */
struct burst {
    uint64_t addr, due;
    unsigned len, size, beat; /**< AxLEN, AxSIZE, beats answered so far */
    uint8_t resp;             /**< BRESP of a write response */
};
/** A W beat taken, waiting for its AW. */
struct wbeat {
    uint8_t data[TB_BEAT], strb[TB_BEAT], last;
};
/* AXI4 slave model of one master of uvs_dma_xfer. */
struct tb_slave {
    const char *name;
    bool host;
    unsigned lat, p_ready, p_awready, p_rvalid; /* latency in cycles, percent of cycles ready (AW) / offering R */
    struct uvs_memsys *ms;                      /* time bursts by sim/dma_burst.c on it (NULL: by lat) */
    const struct uvs_link_model *model;         /* its link figures */
    uint8_t *(*byte)(bool host, uint64_t a);    /* the memory behind: byte at a, NULL outside */
    bool (*is_hbm)(uint64_t a);                 /* a device address is in HBM (for its channel) */
    struct burst ar[QCAP], aw[QCAP], b[QCAP];
    unsigned ar_n, aw_n, b_n;
    struct wbeat w[QCAP];
    unsigned w_n;
    struct tb_axiw last;    /* the master's outputs of the previous cycle */
    bool last_ar_wait, last_aw_wait, last_w_wait;
};

/** AXI rules broken so far (each printed, the first ten). */
extern int tb_axi_errors;

/** tb_slave_drive - the slave's outputs for cycle @now, before the model evaluates. */
void tb_slave_drive(struct tb_slave *s, struct tb_axiw *p, uint64_t now);
/** tb_slave_take - after the model evaluated in cycle @now: handshakes, rule checks, queue updates. */
void tb_slave_take(struct tb_slave *s, const struct tb_axiw *p, uint64_t now);
/** tb_slave_quiet - 0 when nothing is outstanding, else 1 (printed). */
int tb_slave_quiet(const struct tb_slave *s);

#endif

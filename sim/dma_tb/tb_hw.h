/*
 * uvmsoc DMA data-path testbench: the pins of rtl/soc/uvs_dma_xfer.sv as a
 * plain C struct and the calls the C logic (tb.c) makes into the Verilator
 * model (main.cpp). One cycle: set inputs, tb_hw_eval (clock low,
 * combinational outputs settle), read outputs, tb_hw_tick (rising edge).
 */
#ifndef UVS_DMA_TB_HW_H
#define UVS_DMA_TB_HW_H

#include <stdint.h>

#include "dma_slave.h"

#ifndef TB_BEAT
#define TB_BEAT 64 /* the engine's BEAT_BYTES (set by dma_tb.mk) */
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** Pins of uvs_dma_xfer. */
struct tb_pins {
    uint8_t rst_n, start, abort, host_ring, pf_ok, pf_flush;
    uint64_t desc_addr, cpl_addr, sram_size, hbm_size, pf_addr;
    uint32_t index;
    uint8_t busy, done, irq;
    uint16_t status;
    uint64_t err_addr;
    struct uvs_axiw h, d; /* h_axi (host), d_axi (device memory) */
};

/** tb_hw_init - create the model; 0 or -ENOMEM. */
int tb_hw_init(void);
/** tb_hw_eval - apply @p's inputs with the clock low and read the outputs back into @p. */
void tb_hw_eval(struct tb_pins *p);
/** tb_hw_tick - rising clock edge with the inputs of the last tb_hw_eval. */
void tb_hw_tick(void);
/** tb_hw_fini - delete the model. */
void tb_hw_fini(void);

#ifdef __cplusplus
}
#endif
#endif

/*
 * uvmsoc-sim DMA reference model: what the RTL DMA engine's data path
 * (rtl/soc/uvs_dma_xfer.sv) must do to one descriptor, checked against it
 * by the DMA testbench (sim/dma_tb). Reads and checks descriptors, copies between
 * host memory (the shared host-memory file) and device memory (SRAM, HBM),
 * writes completion records, and says when each descriptor completes: its
 * descriptor fetch, data stream and completion write reserve bandwidth on
 * the shared channels of memsys.h (the link in each direction, HBM, SRAM). Formats: include/uvmsoc/dma.def, dma_desc.h.
 */
#ifndef UVS_SIM_DMA_EXEC_H
#define UVS_SIM_DMA_EXEC_H

#include <stdbool.h>
#include <stdint.h>
#include <uvmsoc/dma_desc.h>

#include "link.h"
#include "mem.h"
#include "memsys.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Status beyond DMA_ST_*: the descriptor could not be read (no completion). */
#define UVS_DMA_X_DESC_FAULT 256
/** Status beyond DMA_ST_*: the completion record could not be written. */
#define UVS_DMA_X_CPL_FAULT 257

/** What the engine can reach. */
struct uvs_dma_env {
    struct uvs_mem *mem;                /**< SRAM and HBM */
    uint8_t *host;                      /**< host memory (NULL = none) */
    uint64_t host_base;                 /**< host bus address of host[0] */
    uint64_t host_size;                 /**< bytes of host memory */
    const struct uvs_link_model *model; /**< timing (link MPS: the stream's chunk size) */
    struct uvs_memsys *ms;              /**< shared channels the engine reserves */
    uint64_t now;                       /**< cycle the descriptor fetch is issued */
};

/** One descriptor between uvs_dma_start and uvs_dma_finish. */
struct uvs_dma_job {
    bool fetched;              /**< the descriptor was read */
    uint64_t desc_addr;        /**< where it was read from */
    uint32_t index;            /**< its ring index */
    struct uvs_dma_desc d;     /**< the descriptor */
};

/**
 * uvs_dma_host_ptr - pointer to host bus range [addr, addr + len), or NULL
 * (then *bad, if not NULL, = first byte outside host memory).
 */
uint8_t *uvs_dma_host_ptr(const struct uvs_dma_env *e, uint64_t addr, uint64_t len, uint64_t *bad);

/**
 * uvs_dma_start - read descriptor @index at @desc_addr of channel @chan
 * (DMA_CHAN_HOST: ring in host memory; other channels: in device memory)
 * into @job, and reserve its timeline from cycle e->now on e->ms: the
 * descriptor fetch, then the copy in chunks of e->model->mps bytes (each
 * chunk's read issued when the previous one's bytes have moved, so reads
 * stay outstanding; each chunk written when its data arrived; host reads
 * cross the link twice, host writes are posted), then the completion
 * write. Returns the cycle the completion is written (> e->now); for a bad
 * descriptor the cycle after the fetch.
 */
uint64_t uvs_dma_start(const struct uvs_dma_env *e, unsigned chan, uint64_t desc_addr, uint32_t index,
                       struct uvs_dma_job *job);

/**
 * uvs_dma_finish - execute @job: check it (DMA_ST_BAD_OPCODE: unknown opcode,
 * reserved field or flag set; DMA_ST_BAD_LEN: 0 or > DMA_MAX_LEN; a host
 * address outside host memory: DMA_ST_LINK; a device address outside SRAM/
 * HBM: DMA_ST_BAD_SRC/BAD_DST, with the first failing byte), copy the bytes
 * (memmove: overlapping device ranges are fine), and write the completion
 * record at @cpl_addr (host memory for DMA_CHAN_HOST, else device memory).
 * @err_addr: the failing address (0 on success); @irq: DMA_FLAG_IRQ was set.
 * Returns DMA_ST_*, or UVS_DMA_X_DESC_FAULT / UVS_DMA_X_CPL_FAULT (nothing
 * copied or no completion written; @err_addr = the descriptor / completion
 * address).
 */
int uvs_dma_finish(const struct uvs_dma_env *e, unsigned chan, const struct uvs_dma_job *job, uint64_t cpl_addr,
                   uint64_t *err_addr, bool *irq);

#ifdef __cplusplus
}
#endif
#endif

/*
 * DMA descriptor and completion record layouts (include/uvmsoc/dma.def).
 *
 * Hand-written C view of the records the DMA engine reads and writes; every
 * size and offset is checked at compile time against the generated constants
 * of <uvmsoc/dma.h>, so the struct and the .def cannot disagree. Records are
 * little-endian in memory; these structs match them on little-endian hosts
 * (x86-64, RISC-V, AArch64), which is checked too.
 */
#ifndef UVMSOC_DMA_DESC_H
#define UVMSOC_DMA_DESC_H

#include <stddef.h>
#include <stdint.h>
#include <uvmsoc/dma.h>

/** One DMA descriptor (dma.def DMA_DESC_*): copy len bytes from src to dst. */
struct uvs_dma_desc {
    uint8_t opcode;   /**< DMA_OP_H2D, DMA_OP_D2H or DMA_OP_D2D */
    uint8_t flags;    /**< DMA_FLAG_* */
    uint16_t rsvd;    /**< reserved, must be 0 */
    uint32_t len;     /**< bytes, 1..UVS_DMA_MAX_LEN */
    uint64_t src;     /**< source address (host bus or device physical) */
    uint64_t dst;     /**< destination address */
    uint64_t cookie;  /**< copied into the completion record */
};

/** One DMA completion record (dma.def DMA_CPL_*), written per descriptor in order. */
struct uvs_dma_cpl {
    uint64_t cookie;   /**< the descriptor's cookie */
    uint16_t status;   /**< DMA_ST_* */
    uint8_t opcode;    /**< the descriptor's opcode */
    uint8_t rsvd0;     /**< reserved, 0 */
    uint32_t bytes;    /**< bytes copied */
    uint64_t err_addr; /**< first failing address, 0 on success */
    uint32_t index;    /**< ring index of the descriptor */
    uint32_t rsvd1;    /**< reserved, 0 */
};

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "uvmsoc record structs assume a little-endian host"
#endif
_Static_assert(sizeof(struct uvs_dma_desc) == UVS_DMA_DESC_SIZE, "descriptor size");
_Static_assert(offsetof(struct uvs_dma_desc, opcode) == UVS_DMA_DESC_OPCODE_OFF, "opcode");
_Static_assert(offsetof(struct uvs_dma_desc, flags) == UVS_DMA_DESC_FLAGS_OFF, "flags");
_Static_assert(offsetof(struct uvs_dma_desc, len) == UVS_DMA_DESC_LEN_OFF, "len");
_Static_assert(offsetof(struct uvs_dma_desc, src) == UVS_DMA_DESC_SRC_OFF, "src");
_Static_assert(offsetof(struct uvs_dma_desc, dst) == UVS_DMA_DESC_DST_OFF, "dst");
_Static_assert(offsetof(struct uvs_dma_desc, cookie) == UVS_DMA_DESC_COOKIE_OFF, "cookie");
_Static_assert(sizeof(struct uvs_dma_cpl) == UVS_DMA_CPL_SIZE, "completion size");
_Static_assert(offsetof(struct uvs_dma_cpl, cookie) == UVS_DMA_CPL_COOKIE_OFF, "cookie");
_Static_assert(offsetof(struct uvs_dma_cpl, status) == UVS_DMA_CPL_STATUS_OFF, "status");
_Static_assert(offsetof(struct uvs_dma_cpl, opcode) == UVS_DMA_CPL_OPCODE_OFF, "opcode");
_Static_assert(offsetof(struct uvs_dma_cpl, bytes) == UVS_DMA_CPL_BYTES_OFF, "bytes");
_Static_assert(offsetof(struct uvs_dma_cpl, err_addr) == UVS_DMA_CPL_ERR_ADDR_OFF, "err_addr");
_Static_assert(offsetof(struct uvs_dma_cpl, index) == UVS_DMA_CPL_INDEX_OFF, "index");

#endif

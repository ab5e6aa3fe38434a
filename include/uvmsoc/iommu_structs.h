/*
 * uvmsoc IOMMU: C views of the in-memory records and of the register block.
 *
 * Field positions come from the generated headers (include/uvmsoc/iommu_*.def
 * through include/gen/abigen.c); this header only fixes the byte layout that
 * firmware, host and simulator share, and checks it at compile time against
 * the generated offsets and sizes. Every doubleword is little-endian
 * (RISC-V IOMMU spec v1.0 with fctl.BE = 0), so these structs describe memory
 * directly only on a little-endian machine, which every uvmsoc target is.
 */
#ifndef UVMSOC_IOMMU_STRUCTS_H
#define UVMSOC_IOMMU_STRUCTS_H

#include <stddef.h>
#include <stdint.h>

#include <uvmsoc/iommu_pt.h>
#include <uvmsoc/iommu_rec.h>
#include <uvmsoc/iommu_regs.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "uvmsoc IOMMU structures are little-endian"
#endif

/** Command record (IOMMU spec 3.1): opcode/func3 and operands in dw0, dw1. */
struct uvs_iommu_cmd_raw {
    uint64_t dw0; /**< UVS_IOMMU_CMD_DW0_* and the opcode's _DW0 fields */
    uint64_t dw1; /**< the opcode's _DW1 fields */
};

/** Fault-queue record (IOMMU spec 3.2). */
struct uvs_iommu_fq_raw {
    uint64_t hdr;      /**< UVS_IOMMU_FQREC_DW0_*: CAUSE, PID, PV, PRIV, TTYP, DID */
    uint32_t custom;   /**< designated for custom use; 0 in uvmsoc */
    uint32_t reserved; /**< reserved, 0 */
    uint64_t iotval;   /**< faulting IOVA (TTYP != 0) */
    uint64_t iotval2;  /**< guest physical address (0: uvmsoc has no second stage) */
};

/** Page-request-queue record (IOMMU spec 3.3). */
struct uvs_iommu_pq_raw {
    uint64_t hdr;     /**< UVS_IOMMU_PQREC_DW0_*: PID, PV, PRIV, EXEC, DID */
    uint64_t payload; /**< UVS_IOMMU_PQREC_DW1_*: R, W, L, PRGI, page address */
};

/** Base-format device context (IOMMU spec 2.1.2 "Leaf DDT entry"). */
struct uvs_iommu_dc_raw {
    uint64_t tc;      /**< UVS_IOMMU_DC_TC_* */
    uint64_t iohgatp; /**< UVS_IOMMU_DC_IOHGATP_*; 0 (Bare) in uvmsoc */
    uint64_t ta;      /**< UVS_IOMMU_DC_TA_* */
    uint64_t fsc;     /**< UVS_IOMMU_DC_FSC_* (iosatp) */
};

/** IOMMU registers from offset 0 to ipsr (IOMMU spec 5.1); 4/8-byte accesses only. */
struct uvs_iommu_regs {
    uint64_t capabilities;
    uint32_t fctl;
    uint32_t custom0;
    uint64_t ddtp;
    uint64_t cqb;
    uint32_t cqh;
    uint32_t cqt;
    uint64_t fqb;
    uint32_t fqh;
    uint32_t fqt;
    uint64_t pqb;
    uint32_t pqh;
    uint32_t pqt;
    uint32_t cqcsr;
    uint32_t fqcsr;
    uint32_t pqcsr;
    uint32_t ipsr;
};

_Static_assert(sizeof(struct uvs_iommu_cmd_raw) == UVS_IOMMU_CMD_SIZE, "command record size");
_Static_assert(sizeof(struct uvs_iommu_fq_raw) == UVS_IOMMU_FQREC_SIZE, "fault record size");
_Static_assert(offsetof(struct uvs_iommu_fq_raw, iotval) == UVS_IOMMU_FQREC_IOTVAL_OFF, "iotval offset");
_Static_assert(offsetof(struct uvs_iommu_fq_raw, iotval2) == UVS_IOMMU_FQREC_IOTVAL2_OFF, "iotval2 offset");
_Static_assert(offsetof(struct uvs_iommu_fq_raw, reserved) * 8 - 64 == UVS_IOMMU_FQREC_DW1_RSVD_SHIFT,
               "fault record reserved half");
_Static_assert(sizeof(struct uvs_iommu_pq_raw) == UVS_IOMMU_PQREC_SIZE, "page-request record size");
_Static_assert(sizeof(struct uvs_iommu_dc_raw) == UVS_IOMMU_DC_SIZE, "device context size");
_Static_assert(offsetof(struct uvs_iommu_dc_raw, iohgatp) == UVS_IOMMU_DC_IOHGATP_OFF, "dc.iohgatp");
_Static_assert(offsetof(struct uvs_iommu_dc_raw, ta) == UVS_IOMMU_DC_TA_OFF, "dc.ta");
_Static_assert(offsetof(struct uvs_iommu_dc_raw, fsc) == UVS_IOMMU_DC_FSC_OFF, "dc.fsc");
_Static_assert(offsetof(struct uvs_iommu_regs, fctl) == UVS_IOMMU_FCTL_OFF, "fctl");
_Static_assert(offsetof(struct uvs_iommu_regs, ddtp) == UVS_IOMMU_DDTP_OFF, "ddtp");
_Static_assert(offsetof(struct uvs_iommu_regs, cqb) == UVS_IOMMU_CQB_OFF, "cqb");
_Static_assert(offsetof(struct uvs_iommu_regs, cqh) == UVS_IOMMU_CQH_OFF, "cqh");
_Static_assert(offsetof(struct uvs_iommu_regs, cqt) == UVS_IOMMU_CQT_OFF, "cqt");
_Static_assert(offsetof(struct uvs_iommu_regs, fqb) == UVS_IOMMU_FQB_OFF, "fqb");
_Static_assert(offsetof(struct uvs_iommu_regs, fqh) == UVS_IOMMU_FQH_OFF, "fqh");
_Static_assert(offsetof(struct uvs_iommu_regs, fqt) == UVS_IOMMU_FQT_OFF, "fqt");
_Static_assert(offsetof(struct uvs_iommu_regs, pqb) == UVS_IOMMU_PQB_OFF, "pqb");
_Static_assert(offsetof(struct uvs_iommu_regs, pqh) == UVS_IOMMU_PQH_OFF, "pqh");
_Static_assert(offsetof(struct uvs_iommu_regs, pqt) == UVS_IOMMU_PQT_OFF, "pqt");
_Static_assert(offsetof(struct uvs_iommu_regs, cqcsr) == UVS_IOMMU_CQCSR_OFF, "cqcsr");
_Static_assert(offsetof(struct uvs_iommu_regs, fqcsr) == UVS_IOMMU_FQCSR_OFF, "fqcsr");
_Static_assert(offsetof(struct uvs_iommu_regs, pqcsr) == UVS_IOMMU_PQCSR_OFF, "pqcsr");
_Static_assert(offsetof(struct uvs_iommu_regs, ipsr) == UVS_IOMMU_IPSR_OFF, "ipsr");

#endif

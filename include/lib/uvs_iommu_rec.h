/*
 * uvmsoc IOMMU queue records: encode and decode (shared by the reference
 * model, the firmware and the host tools; libuvscommon)
 * (RISC-V IOMMU spec v1.0 chapter 3; layouts in include/uvmsoc/iommu_rec.def).
 *
 * Buffers hold the record as it sits in memory (little-endian doublewords).
 * Decoders check every reserved bit and encoding; encoders check that every
 * field fits and that fields the record does not carry are zero.
 * Errors: -EINVAL (NULL or a field that does not fit), -ENOSYS (opcode or
 * function uvmsoc does not implement: an illegal command, cqcsr.cmd_ill),
 * -EBADMSG (a reserved bit set, or a reserved encoding).
 */
#ifndef UVS_IOMMU_REC_H
#define UVS_IOMMU_REC_H

#include <stdbool.h>
#include <stdint.h>

#include <uvmsoc/iommu_structs.h>

/** A command, unpacked. Only the fields of its opcode may be non-zero. */
struct uvs_iommu_cmd {
    uint8_t opcode; /**< UVS_IOMMU_CMD_OP_* */
    uint8_t func3;  /**< UVS_IOMMU_CMD_F3_* */
    bool av;        /**< IOTINVAL: addr valid; IOFENCE: store data to addr */
    bool pscv;      /**< IOTINVAL: pscid valid */
    bool gv;        /**< IOTINVAL: gscid valid */
    bool wsi;       /**< IOFENCE: set cqcsr.fence_w_ip */
    bool pr, pw;    /**< IOFENCE: order reads / writes */
    bool dv;        /**< IODIR: did valid */
    uint32_t pscid; /**< IOTINVAL: 20 bits */
    uint32_t gscid; /**< IOTINVAL: 16 bits */
    uint32_t did;   /**< IODIR, PAGE_REPLAY: 24 bits */
    uint32_t data;  /**< IOFENCE: value stored */
    uint64_t addr;  /**< IOTINVAL: IOVA (4-KiB aligned); IOFENCE: byte address (4-byte aligned) */
    uint16_t prgi;  /**< PAGE_REPLAY: group index, 9 bits */
    uint8_t resp;   /**< PAGE_REPLAY: UVS_IOMMU_PRG_RESP_* */
};

/** A fault-queue record, unpacked (spec 3.2). */
struct uvs_iommu_fault_rec {
    uint32_t cause;   /**< 12 bits, a defined or custom cause */
    uint32_t ttyp;    /**< 6 bits, a defined or custom type */
    bool pv;          /**< pid valid */
    bool priv;        /**< supervisor (only with pv) */
    uint32_t pid;     /**< 20 bits (only with pv) */
    uint32_t did;     /**< 24 bits (0 when ttyp is 0) */
    uint64_t iotval;  /**< faulting IOVA */
    uint64_t iotval2; /**< 0 in uvmsoc is usual; any value accepted */
};

/** A page-request record, unpacked (spec 3.3). */
struct uvs_iommu_page_req {
    uint32_t did;     /**< 24 bits */
    bool pv;          /**< pid valid */
    uint32_t pid;     /**< 20 bits (only with pv) */
    bool priv, exec;  /**< only with pv */
    bool r, w, l;     /**< read, write, last of group */
    uint16_t prgi;    /**< 9 bits */
    uint64_t addr;    /**< page address, 4-KiB aligned */
};

/** Encode *cmd into 16 bytes at out. Returns 0, -EINVAL, or -ENOSYS. */
int uvs_iommu_cmd_encode(const struct uvs_iommu_cmd *cmd, uint8_t out[UVS_IOMMU_CMD_SIZE]);
/** Decode the 16-byte command at in into *cmd. Returns 0, -EINVAL, -ENOSYS or -EBADMSG. */
int uvs_iommu_cmd_decode(const uint8_t in[UVS_IOMMU_CMD_SIZE], struct uvs_iommu_cmd *cmd);

/** True for a CAUSE value the spec defines (or designates custom). */
bool uvs_iommu_cause_defined(uint32_t cause);
/** True for a TTYP value the spec defines (or designates custom). */
bool uvs_iommu_ttyp_defined(uint32_t ttyp);

/** Encode *rec into 32 bytes at out. Returns 0, -EINVAL or -EBADMSG (undefined cause/ttyp). */
int uvs_iommu_fq_encode(const struct uvs_iommu_fault_rec *rec, uint8_t out[UVS_IOMMU_FQREC_SIZE]);
/** Decode the 32-byte fault record at in. Returns 0, -EINVAL or -EBADMSG. */
int uvs_iommu_fq_decode(const uint8_t in[UVS_IOMMU_FQREC_SIZE], struct uvs_iommu_fault_rec *rec);

/** Encode *rec into 16 bytes at out. Returns 0 or -EINVAL. */
int uvs_iommu_pq_encode(const struct uvs_iommu_page_req *rec, uint8_t out[UVS_IOMMU_PQREC_SIZE]);
/** Decode the 16-byte page-request record at in. Returns 0, -EINVAL or -EBADMSG. */
int uvs_iommu_pq_decode(const uint8_t in[UVS_IOMMU_PQREC_SIZE], struct uvs_iommu_page_req *rec);

#endif

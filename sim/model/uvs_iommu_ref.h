/*
 * uvmsoc IOMMU reference model: device contexts and first-stage translation.
 *
 * Stateless functions that say, for one request, what the IOMMU must answer:
 * a physical address, a non-replayable fault with its RISC-V IOMMU spec
 * cause, or a replayable page fault (a page request). The IOMMU RTL is
 * checked against them request by request. No allocation, no stdio.
 *
 * Specs: RISC-V IOMMU spec v1.0, 2.1 (device context), 2.3 "Process to
 * translate an IOVA", 2.3.1 "Process to locate the Device-context";
 * RISC-V privileged spec 20211203, 4.3.2 "Virtual Address Translation
 * Process", 4.4 Sv39, 4.5 Sv48.
 */
#ifndef UVS_IOMMU_REF_H
#define UVS_IOMMU_REF_H

#include <stdbool.h>
#include <stdint.h>

#include <uvmsoc/iommu_structs.h>

#include "uvs_iommu_mem.h"

/** Access type of a request. */
enum uvs_iommu_access {
    UVS_IOMMU_ACC_READ = 0,  /**< load: needs R */
    UVS_IOMMU_ACC_WRITE = 1, /**< store or AMO: needs W, sets D */
    UVS_IOMMU_ACC_EXEC = 2,  /**< instruction fetch: needs X */
};

/** Privilege of a request. */
enum uvs_iommu_priv {
    UVS_IOMMU_PRIV_U = 0, /**< user: only U pages */
    UVS_IOMMU_PRIV_S = 1, /**< supervisor: needs DC.tc.UVS_ENS; U pages only with UVS_SUM, never for exec */
};

/** One untranslated request from a device (a compute hart's access). */
struct uvs_iommu_req {
    uint32_t did;                 /**< device_id (24 bits): selects the device context */
    uint64_t iova;                /**< I/O virtual address, bytes */
    enum uvs_iommu_access access;
    enum uvs_iommu_priv priv;
};

/** What the IOMMU answers. */
enum uvs_iommu_status {
    UVS_IOMMU_OK = 0,           /**< translated: pa is valid */
    UVS_IOMMU_FAULT = 1,        /**< non-replayable fault: the access gets an error */
    UVS_IOMMU_PAGE_REQUEST = 2, /**< replayable: non-valid PTE; park the request, raise a page request */
    UVS_IOMMU_RETRY = 3,        /**< (stateful model only) no room to park or record now: held, retried later */
};

/** Result of a translation. Fields not named for a status are 0. */
struct uvs_iommu_result {
    enum uvs_iommu_status status;
    uint64_t pa;        /**< OK: physical address */
    uint64_t page_size; /**< OK: bytes mapped by the leaf (4 KiB, 2 MiB, 1 GiB, 512 GiB) */
    uint64_t pte;       /**< OK: leaf PTE after any A/D update (0 when not translated) */
    unsigned level;     /**< OK: leaf level, 0 = 4 KiB */
    bool global;        /**< OK: a PTE on the path had G set */
    uint32_t pscid;     /**< OK: address-space tag (DC.ta.PSCID) */
    uint32_t cause;     /**< FAULT: UVS_IOMMU_CAUSE_*; PAGE_REQUEST: the page-fault cause */
    uint32_t ttyp;      /**< FAULT/PAGE_REQUEST: UVS_IOMMU_TTYP_* of the request */
    bool report;        /**< FAULT: write a fault record (false when DC.tc.DTF hides it) */
    uint64_t iotval;    /**< FAULT/PAGE_REQUEST: the request's IOVA */
    unsigned pte_reads; /**< implicit PTE loads done */
    unsigned ad_updates; /**< successful A/D compare-and-swaps */
    uint16_t prgi;      /**< PAGE_REQUEST (stateful model): group index */
    bool new_group;     /**< PAGE_REQUEST (stateful model): a page-request record was written */
};

/** A device context, decoded and checked (base format, tc.PDTV = 0). */
struct uvs_iommu_dc {
    unsigned mode;     /**< iosatp.MODE: UVS_IOMMU_IOSATP_BARE, _SV39 or _SV48 */
    uint64_t root_ppn; /**< iosatp.PPN */
    uint32_t pscid;    /**< ta.PSCID */
    bool dtf;          /**< tc.DTF: translation faults not reported */
    bool sade;         /**< tc.SADE: IOMMU sets A/D (else page fault) */
    bool prq;          /**< tc.UVS_PRQ: non-valid PTE -> page request */
    bool ens;          /**< tc.UVS_ENS: supervisor requests allowed */
    bool sum;          /**< tc.UVS_SUM: supervisor access to U pages */
    bool prqw;         /**< tc.UVS_PRQW: with prq, a write to a read-only leaf -> page request */
};

/** IOMMU-wide settings a translation depends on (register values). */
struct uvs_iommu_cfg {
    uint64_t caps; /**< capabilities (UVS_IOMMU_CAPS_UVMSOC for uvmsoc) */
    uint32_t fctl; /**< fctl */
    uint64_t ddtp; /**< ddtp: mode and root PPN of the device directory */
};

/** Most A/D compare-and-swap failures (walk restarts) before giving up with -EAGAIN. */
#define UVS_IOMMU_CAS_RETRIES 8

/**
 * Decode and check a device context (IOMMU spec 2.1.4 "Device-context
 * configuration checks", with uvmsoc's restrictions: no ATS/PRI, no PDT, no
 * second stage, little-endian, Sv39/Sv48 as capabilities allow).
 * Returns 0 with *cause = 0 and *dc filled; 0 with *cause =
 * UVS_IOMMU_CAUSE_DDT_INVALID (tc.V = 0) or _DDT_MISCONFIG; -EINVAL on a
 * NULL argument.
 */
int uvs_iommu_dc_decode(const struct uvs_iommu_dc_raw *raw, const struct uvs_iommu_cfg *cfg,
                        struct uvs_iommu_dc *dc, uint32_t *cause);

/**
 * Encode *dc into a valid device context *raw (tc.V = 1). Returns 0, or
 * -EINVAL on NULL, an unknown mode, root_ppn over 44 bits or pscid over 20.
 */
int uvs_iommu_dc_encode(const struct uvs_iommu_dc *dc, struct uvs_iommu_dc_raw *raw);

/**
 * Locate the device context of device_id did through the device directory
 * of cfg->ddtp (1LVL, 2LVL or 3LVL; IOMMU spec 2.3.1). Returns 0 with
 * *cause = 0 and *dc filled, or 0 with *cause one of 257 (load access
 * fault), 258 (not valid), 259 (misconfigured), 260 (device_id wider than
 * the mode allows), 268 (data corruption). -EINVAL on NULL, did over 24
 * bits or a ddtp mode that has no directory (Off, Bare, reserved).
 */
int uvs_iommu_locate_dc(const struct uvs_iommu_cfg *cfg, const struct uvs_iommu_mem *mem,
                        uint32_t did, struct uvs_iommu_dc *dc, uint32_t *cause);

/**
 * Translate one request with device context *dc through its Sv39/Sv48 page
 * table in *mem (privileged spec 4.3.2 with IOMMU causes): canonical check,
 * walk, reserved-bit and W-without-R checks, permissions (U/S, SUM),
 * misaligned superpage, A and D update by compare-and-swap (tc.SADE; walk
 * restarted when the PTE changed), superpage address formation.
 * Classification: a non-valid PTE is UVS_IOMMU_PAGE_REQUEST when dc->prq,
 * everything else that fails is UVS_IOMMU_FAULT (page fault 12/13/15 for
 * permission, reserved bits, misaligned superpage, non-canonical IOVA, A/D
 * with SADE = 0; access fault 1/5/7 when a PTE access fails or the address is
 * beyond capabilities.PAS; 274 on data corruption; 260 for a supervisor
 * request without UVS_ENS). Returns 0 with *res filled; -EINVAL on NULL or
 * bad enum values; -EAGAIN after UVS_IOMMU_CAS_RETRIES restarts.
 */
int uvs_iommu_ref_translate(const struct uvs_iommu_dc *dc, const struct uvs_iommu_mem *mem,
                            const struct uvs_iommu_req *req, struct uvs_iommu_result *res);

/**
 * The whole IOMMU translation process for one request (IOMMU spec 2.3):
 * ddtp Off -> fault 256; Bare -> pa = iova; else locate the device context
 * (its faults are reported even with DTF) and translate. Returns as
 * uvs_iommu_ref_translate; -EINVAL also for a reserved ddtp mode.
 */
int uvs_iommu_ref_request(const struct uvs_iommu_cfg *cfg, const struct uvs_iommu_mem *mem,
                          const struct uvs_iommu_req *req, struct uvs_iommu_result *res);

/**
 * True when leaf PTE pte lets *req through without any change: permissions
 * and privilege allow it and A (and D for a write) are already set. The
 * IOTLB model uses it on a hit; a false answer means "walk again".
 */
bool uvs_iommu_leaf_allows(const struct uvs_iommu_dc *dc, const struct uvs_iommu_req *req,
                           uint64_t pte);

/** TTYP of an untranslated request with access acc (IOMMU spec 3.2): 1, 2 or 3. */
uint32_t uvs_iommu_ttyp_of(enum uvs_iommu_access acc);

/**
 * True when a fault of this cause is still reported when DC.tc.DTF is 1
 * (IOMMU spec 3.2, CAUSE table, column "Reported if DTF is 1").
 */
bool uvs_iommu_cause_ignores_dtf(uint32_t cause);

#endif

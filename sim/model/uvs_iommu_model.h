/*
 * uvmsoc IOMMU reference model: the stateful IOMMU.
 *
 * Registers (RISC-V IOMMU spec v1.0 chapter 5), the three in-memory queues,
 * an IOTLB and a device-context cache with the invalidation commands that
 * act on them (spec 3.1), and uvmsoc's replayable page faults: a request
 * that meets a non-valid PTE is parked in a page-request group, one
 * page-request record is written per group, and the PAGE_REPLAY command
 * releases the group (docs/architecture.md, "IOMMU").
 *
 * Determinism, so that the RTL can be compared request by request: caches
 * are filled round-robin; an IOTLB hit whose cached PTE does not allow the
 * access (permissions, A/D to set) is dropped and the walk redone; non-valid
 * PTEs are never cached. Fixed-size state, no allocation.
 */
#ifndef UVS_IOMMU_MODEL_H
#define UVS_IOMMU_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "uvs_iommu_queue.h"
#include "uvs_iommu_rec.h"
#include "uvs_iommu_ref.h"

/* IOTLB geometry, the RTL's default (rtl/iommu/uvs_iotlb.sv; uvs_iommu parameters IOTLB_ENTRIES,
   IOTLB_WAYS, IOTLB_SP): 4 KiB pages in a set-associative array, sets indexed by IOVA bits 12 and up,
   superpages in a small fully associative one. */
#define UVS_IOMMU_MODEL_IOTLB 32     /**< 4 KiB-page IOTLB entries */
#define UVS_IOMMU_MODEL_IOTLB_WAYS 4 /**< ways of the 4 KiB-page array */
#define UVS_IOMMU_MODEL_IOTLB_SETS (UVS_IOMMU_MODEL_IOTLB / UVS_IOMMU_MODEL_IOTLB_WAYS) /**< its sets */
#define UVS_IOMMU_MODEL_IOTLB_SP 8   /**< superpage (2 MiB, 1 GiB, 512 GiB) IOTLB entries */
#define UVS_IOMMU_MODEL_DCC 8    /**< device-context cache entries */
#define UVS_IOMMU_MODEL_PARK 64  /**< parked requests, all groups together: one per requester, so the
                                      RTL's NUM_PORTS x IDS park entries (c4mt: 4 x 16) all fit */
#define UVS_IOMMU_MODEL_PRGI 512 /**< group indices per device_id (9 bits) */

/** One cached leaf translation. */
struct uvs_iommu_iotlb_entry {
    bool valid;
    bool global;    /**< G on the path: kept by PSCID-scoped invalidations */
    uint32_t pscid; /**< address-space tag */
    uint64_t vbase; /**< IOVA of the start of the (super)page */
    uint64_t size;  /**< page bytes */
    uint64_t pte;   /**< leaf PTE as walked (with A/D set) */
};

/** One cached device context. */
struct uvs_iommu_dcc_entry {
    bool valid;
    uint32_t did;
    struct uvs_iommu_dc dc;
};

/** Parked-request states. */
enum uvs_iommu_park_state {
    UVS_IOMMU_PARK_FREE = 0,
    UVS_IOMMU_PARK_WAITING,  /**< waiting for PAGE_REPLAY of its group */
    UVS_IOMMU_PARK_RELEASED, /**< answered; waiting for uvs_iommu_model_pop_released */
};

/** A request parked on a non-valid PTE. */
struct uvs_iommu_parked {
    enum uvs_iommu_park_state state;
    uint32_t did;
    uint16_t prgi;
    uint64_t page;    /**< IOVA >> 12 */
    uint64_t seq;     /**< arrival order */
    uint64_t tag;     /**< requester's tag, returned on release */
    uint8_t resp;     /**< PRG response code when released */
    struct uvs_iommu_req req;
};

/** Event counters (for tests and statistics). */
struct uvs_iommu_stats {
    uint64_t iotlb_hits, iotlb_misses, walks;
    uint64_t faults, faults_recorded, page_requests, coalesced, retries;
    uint64_t commands, replays, stale_replays;
    uint64_t parked_max; /**< most requests parked (waiting) at once */
};

/** The whole model state. Initialise with uvs_iommu_model_init. */
struct uvs_iommu_model {
    struct uvs_iommu_cfg cfg; /**< capabilities, fctl, ddtp */
    struct uvs_iommu_queue cq, fq, pq;
    uint32_t ipsr;
    uint64_t icvec;
    struct uvs_iommu_iotlb_entry iotlb[UVS_IOMMU_MODEL_IOTLB]; /**< 4 KiB pages: set s, way w at s * WAYS + w */
    unsigned iotlb_next[UVS_IOMMU_MODEL_IOTLB_SETS];           /**< round-robin victim way of each set */
    struct uvs_iommu_iotlb_entry iotlb_sp[UVS_IOMMU_MODEL_IOTLB_SP]; /**< superpages */
    unsigned iotlb_sp_next;                                          /**< their round-robin victim */
    struct uvs_iommu_dcc_entry dcc[UVS_IOMMU_MODEL_DCC];
    unsigned dcc_next;
    struct uvs_iommu_parked park[UVS_IOMMU_MODEL_PARK];
    uint64_t park_seq;
    struct uvs_iommu_stats stats;
};

/**
 * Reset *m (spec 5.2): capabilities = caps, fctl.WSI set when caps.IGS is
 * WSI, ddtp Off, queues off, ipsr 0, caches empty. Returns 0 or -EINVAL.
 */
int uvs_iommu_model_init(struct uvs_iommu_model *m, uint64_t caps);

/**
 * Register read of bytes (4 or 8) at offset off of the register block; a
 * 4-byte access may read either half of an 8-byte register. Unimplemented
 * offsets read 0. Returns 0, or -EINVAL for NULL, a bad size or misalignment.
 */
int uvs_iommu_model_reg_read(const struct uvs_iommu_model *m, uint32_t off, unsigned bytes, uint64_t *val);

/**
 * Register write with the spec's side effects: RO fields kept, WARL fields
 * kept legal (ddtp.iommu_mode only Off/Bare/1LVL/2LVL/3LVL, queue indexes
 * masked to LOG2SZ bits), RW1C error bits, xqen 0->1 resets the index the
 * IOMMU owns and the error bits and turns the queue on, queue bases writable
 * only while their queue is off, ipsr bits set again while their cause
 * persists. A queue that is on with a base not naturally aligned to its
 * size (spec 5.6/5.9/5.12) has its MF bit (cqmf/fqmf/pqmf) set, also again
 * after software clears it, until the queue is turned off: its memory is
 * never accessed. Returns 0, or -EINVAL as for reads.
 */
int uvs_iommu_model_reg_write(struct uvs_iommu_model *m, uint32_t off, unsigned bytes, uint64_t val);

/**
 * Translate one request as the IOMMU does: device-context cache, IOTLB,
 * walk (uvs_iommu_ref_request), fault record into the fault queue (when
 * res->report), and for a replayable fault either a new page-request group
 * (record written, res->new_group) or joining the waiting group of the same
 * device and page. tag identifies the requester -- on the RTL a (port,
 * request id) pair, e.g. a hardware thread -- which has at most one request
 * outstanding (docs/architecture.md "Tagged bus"), so many requesters can
 * be parked at once, each in its own park slot (lowest free slot; joins
 * pick the waiting group with the lowest slot); it comes back from
 * uvs_iommu_model_pop_released. UVS_IOMMU_RETRY means nothing was parked
 * or recorded and the requester must retry the same request later (it gets
 * no response meanwhile): page-request queue full -- pqof set --, in error,
 * park table or group indexes exhausted; or a fault to report while the
 * fault queue is full or fqof is set (fqof set; uvmsoc keeps the record
 * instead of discarding it as spec 5.16 does, so the request is retried
 * once software made room and cleared fqof -- the same rule as pqof). A
 * fault record refused for fqmf or a fault queue that is off is discarded
 * and the request answered with the fault (spec 5.16). A replayable fault
 * while the page-request queue is off becomes a non-replayable fault.
 * Returns 0 with *res filled, -EBUSY when requester tag still has a parked
 * request (waiting, or released and not yet taken with
 * uvs_iommu_model_pop_released), or a negative errno as uvs_iommu_ref_request.
 */
int uvs_iommu_model_translate(struct uvs_iommu_model *m, const struct uvs_iommu_mem *mem,
                              const struct uvs_iommu_req *req, uint64_t tag, struct uvs_iommu_result *res);

/**
 * Execute commands from the command queue while it is on, not stopped by an
 * error bit and not empty, at most max of them. An illegal command (decode
 * error, IOFENCE.C WSI without fctl.WSI) sets cqcsr.cmd_ill; a failing
 * command fetch or IOFENCE.C store sets cqcsr.cqmf; in both cases cqh stays
 * on that command. Effects: IOTINVAL.VMA on the IOTLB (spec table
 * "IOTINVAL.VMA operands and operations"), IODIR.INVAL_DDT on the
 * device-context cache, IOFENCE.C data store and fence_w_ip, PAGE_REPLAY
 * releases the waiting requests of (did, prgi). Returns the number of
 * commands completed, or -EINVAL on NULL.
 */
int uvs_iommu_model_process_commands(struct uvs_iommu_model *m, const struct uvs_iommu_mem *mem, unsigned max);

/**
 * Execute one decoded command directly (what process_commands does after a
 * successful decode). Returns 0, -ENOSYS for a command uvmsoc does not
 * execute in the current configuration, -EFAULT/-EIO when the IOFENCE.C
 * store fails, -EINVAL on NULL.
 */
int uvs_iommu_model_execute(struct uvs_iommu_model *m, const struct uvs_iommu_mem *mem,
                            const struct uvs_iommu_cmd *cmd);

/**
 * Take the oldest released request: its request, tag and PRG response code
 * (UVS_IOMMU_PRG_RESP_SUCCESS: translate it again; otherwise answer it with
 * an access fault). Returns 1 when one was taken, 0 when none, -EINVAL on NULL.
 */
int uvs_iommu_model_pop_released(struct uvs_iommu_model *m, struct uvs_iommu_req *req, uint64_t *tag,
                                 uint8_t *resp);

/**
 * Set the ipsr bits whose level condition holds (spec 5.18): cip when
 * cqcsr.cie and an error or fence_w_ip bit; fip/pip when the queue's
 * interrupt enable and its MF or OF bit. New-record events set fip/pip
 * where they happen.
 */
void uvs_iommu_model_update_ipsr(struct uvs_iommu_model *m);

/**
 * The IOTLB entry a lookup of iova in address space pscid hits, as the RTL's
 * uvs_iotlb chooses it: the first valid way (lowest) of iova's set of the
 * 4 KiB-page array that translates iova for pscid (or is global), else the
 * first such superpage entry. NULL when none (or m is NULL). The entry may
 * not allow the access (uvs_iommu_leaf_allows decides).
 */
const struct uvs_iommu_iotlb_entry *uvs_iommu_model_iotlb_find(const struct uvs_iommu_model *m, uint32_t pscid,
                                                               uint64_t iova);

/** Number of requests parked and waiting for a replay. */
unsigned uvs_iommu_model_parked(const struct uvs_iommu_model *m);

#endif

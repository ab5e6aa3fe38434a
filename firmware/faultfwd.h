/*
 * Fault forwarding (DESIGN.md section 3): drain the IOMMU page-request queue
 * (RISC-V IOMMU spec v1.0, 3.3; records decoded with libuvscommon's
 * uvs_iommu_pq_decode), coalesce requests for the same (device context,
 * process, page), and write them in batches into the host fault queue
 * (include/uvmsoc/uvm.def: ring + control block in host memory), one
 * notification (MSI) per batch.
 *
 * Nothing is lost:
 * - a record is consumed from the page-request queue only when it has a
 *   group entry and, when it is new, a staging slot; otherwise draining stops
 *   and the IOMMU's queue fills (its requesters stall and retry, pqof);
 * - staged records wait while the host ring is full (backpressure): the
 *   batch counts an overflow and sets UVM_FQCTL_F_STALLED, and the next
 *   flush (after the host moved HEAD and rang the doorbell) sends them;
 * - a coalesced duplicate keeps its own page-request group (a follower of the
 *   record's group); uvs_ffwd_replay() of the record's group also replays
 *   every follower, so every parked request is answered.
 *
 * Groups: uvmsoc's IOMMU writes one record per group (L = 1). A record whose
 * (device, group index) is already outstanding (a multi-record PCIe-style
 * group) is folded into that group: its page is not forwarded; the requests
 * that need it fault again after the replay and come back as a new group.
 *
 * No allocation, no stdio; fixed tables (sizes below).
 */
#ifndef UVS_FAULTFWD_H
#define UVS_FAULTFWD_H

#include <stdbool.h>
#include <stdint.h>

#include <uvmsoc/uvm_abi.h>

#ifndef UVS_FFWD_STAGE
#define UVS_FFWD_STAGE 256u   /**< records drained but not yet in the host ring */
#endif
#ifndef UVS_FFWD_GROUPS
#define UVS_FFWD_GROUPS 1024u /**< page-request groups waiting for a replay */
#endif
#define UVS_FFWD_BUCKETS (UVS_FFWD_GROUPS / 2) /**< hash buckets of each index */

/** What the forwarder needs from the firmware. Functions return 0 or a negative errno. */
struct uvs_ffwd_ops {
    /** Copy len bytes from firmware memory src to host bus address bus (DMA device-to-host). */
    int (*host_write)(void *ctx, uint64_t bus, const void *src, uint32_t len);
    /** Copy len bytes from host bus address bus into dst (DMA host-to-device). */
    int (*host_read)(void *ctx, uint64_t bus, void *dst, uint32_t len);
    /** Raise one interrupt to the host (MSI) for a batch. */
    void (*notify)(void *ctx);
    /** Queue the IOMMU command PAGE_REPLAY (iommu_rec.def) for (did, prgi) with response resp. */
    int (*replay)(void *ctx, uint32_t did, uint16_t prgi, uint8_t resp);
    /** Device cycle now (mcycle), for record timestamps. */
    uint64_t (*now)(void *ctx);
    /**
     * Optional. When set, host_write may only queue its copy (the source stays valid until host_sync):
     * host_sync waits for every queued copy and returns 0 or a negative errno (copies run in order; one
     * that fails drops the later ones). A flush then costs one link round trip, not one per copy.
     */
    int (*host_sync)(void *ctx);
};

/** Counters (feed struct uvs_uvm_fw_stats). */
struct uvs_ffwd_stats {
    uint64_t page_requests; /**< records consumed from the page-request queue */
    uint64_t coalesced;     /**< records folded into another record or group */
    uint64_t forwarded;     /**< records written to the host ring */
    uint64_t batches;       /**< batches written (one notification each) */
    uint64_t overflows;     /**< flushes that found the ring too full for every staged record */
    uint64_t replays;       /**< PAGE_REPLAY commands issued */
    uint64_t bad_records;   /**< malformed records skipped */
    uint64_t stop_markers;  /**< R = W = 0 records skipped */
    uint64_t stalls;        /**< drains stopped because a table was full */
    uint64_t replay_wait;   /**< sum over answered leader groups of (answer - drain) device cycles */
    uint64_t replay_leaders;/**< leader groups that sum covers (one per host record) */
    uint32_t f2r_hist[UVS_UVM_F2R_BUCKETS]; /**< those groups' (answer - drain) cycles, uvs_uvm_f2r_bucket() */
};

/** One outstanding page-request group (private). */
struct uvs_ffwd_group {
    uint64_t page;          /**< page VA */
    uint64_t cycle;         /**< device cycle its record was drained */
    uint32_t did, pid;
    uint16_t prgi;
    uint8_t used, pv;
    uint8_t staged;         /**< leader whose record is still staged */
    uint8_t rsvd;
    uint16_t leader;        /**< leader group index (own index for a leader) */
    uint16_t next_follower; /**< next follower of the same leader */
    uint16_t next_page;     /**< chain of the page index (leaders only) */
    uint16_t next_grp;      /**< chain of the (did, prgi) index, or the free list */
    uint16_t stage_slot;    /**< staging slot of a staged leader */
};

/** The forwarder. Fields are private to faultfwd.c. */
struct uvs_ffwd {
    const struct uvs_ffwd_ops *ops;
    void *ctx;
    bool enabled;
    uint64_t ring_bus, ctl_bus;
    uint32_t log2sz, tail, head;        /**< head: last value read from the control block */
    uint32_t stage_first, stage_count;  /**< staging FIFO */
    uint32_t ctl_flags;
    uint64_t ctl_records, ctl_batches, ctl_overflows;
    struct uvs_uvm_frec stage[UVS_FFWD_STAGE];
    uint16_t stage_group[UVS_FFWD_STAGE];
    struct uvs_ffwd_group group[UVS_FFWD_GROUPS];
    uint16_t free_group;
    uint32_t ngroups;
    uint16_t by_page[UVS_FFWD_BUCKETS];
    uint16_t by_grp[UVS_FFWD_BUCKETS];
    struct uvs_ffwd_stats st;
    struct uvs_uvm_fqctl ctl_buf;      /**< control block being written (a queued copy's source) */
};

/** uvs_ffwd_init - empty forwarder, host ring not set. -EINVAL on NULL or an ops member missing. */
int uvs_ffwd_init(struct uvs_ffwd *ff, const struct uvs_ffwd_ops *ops, void *ctx);

/**
 * uvs_ffwd_set_queue - use the host ring at ring_bus (2^log2sz records of
 * UVM_FREC_SIZE bytes) with its control block at ctl_bus (UVM_OP_SET_FAULTQ);
 * writes the control block (tail = head = 0, counters 0). ring_bus = 0
 * disables forwarding (records stay staged). Errors: -EINVAL (ring not
 * 4 KiB aligned, log2sz outside UVM_FQ_LOG2SZ_MIN..MAX, ctl not 64-byte
 * aligned), the host_write error.
 */
int uvs_ffwd_set_queue(struct uvs_ffwd *ff, uint64_t ring_bus, uint32_t log2sz, uint64_t ctl_bus);

/**
 * uvs_ffwd_drain - consume page-request records from the queue memory pq
 * (entries records of 16 bytes, a power of two) from *head up to tail,
 * advancing *head (the caller writes it to pqh). Stops early when the
 * staging area or the group table is full. Returns the records consumed, or
 * -EINVAL.
 */
int uvs_ffwd_drain(struct uvs_ffwd *ff, const void *pq, uint32_t entries, uint32_t *head, uint32_t tail);

/**
 * uvs_ffwd_flush - write staged records to the host ring (re-reading HEAD
 * from the control block when the ring looks full), then TAIL and the
 * counters, then notify once. Records that do not fit stay staged (overflow
 * counted, STALLED flag set). Returns the records written (0 when nothing
 * was staged, the ring is full or forwarding is disabled), or the
 * host_read/host_write error (nothing advanced).
 */
int uvs_ffwd_flush(struct uvs_ffwd *ff);

/**
 * uvs_ffwd_replay - answer the group (did, prgi) of a host record and every
 * duplicate group coalesced into it with PAGE_REPLAY(resp)
 * (UVS_IOMMU_PRG_RESP_SUCCESS re-issues the parked requests, _INVALID or
 * _FAILURE fails them). Returns the replays issued; -ENOENT no such
 * outstanding group; -EBUSY its record is still staged; -EINVAL; the replay
 * callback's error (the groups not yet replayed stay outstanding).
 */
int uvs_ffwd_replay(struct uvs_ffwd *ff, uint32_t did, uint16_t prgi, uint8_t resp);

/**
 * uvs_ffwd_group_page - *page = the page VA of the outstanding group (did,
 * prgi). Returns 0; -ENOENT no such group; -EINVAL.
 */
int uvs_ffwd_group_page(const struct uvs_ffwd *ff, uint32_t did, uint16_t prgi, uint64_t *page);

/** uvs_ffwd_staged - records waiting for host ring space. */
uint32_t uvs_ffwd_staged(const struct uvs_ffwd *ff);

/** uvs_ffwd_outstanding - groups waiting for a replay. */
uint32_t uvs_ffwd_outstanding(const struct uvs_ffwd *ff);

/** uvs_ffwd_get_stats - copy the counters. */
void uvs_ffwd_get_stats(const struct uvs_ffwd *ff, struct uvs_ffwd_stats *st);

/**
 * uvs_ffwd_replay_totals - the replay_leaders and replay_wait counters of
 * uvs_ffwd_get_stats without copying the histogram (a batch reads them twice).
 */
void uvs_ffwd_replay_totals(const struct uvs_ffwd *ff, uint64_t *leaders, uint64_t *wait);

#endif /* UVS_FAULTFWD_H */

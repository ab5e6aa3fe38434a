/*
 * Host fault service (DESIGN.md sections 4 and 8, issue 5): turn a batch of
 * host fault-queue records (include/uvmsoc/uvm_abi.h) into an ordered plan
 * and carry it out through an operations table (libuvmsoc commands on a real
 * device, a mock in unit tests).
 *
 * Per batch:
 * 1. sort the records by (context, page) and deduplicate them;
 * 2. per unique fault: outside every managed range -> its group is replayed
 *    with failure (the device aborts the kernel with the VA); already
 *    resident or remotely mapped (a stale or duplicate request) -> replay only;
 *    otherwise choose the pages to bring (policy below);
 * 3. group the pages into migration units (1, 16 or 512 pages, VA aligned to
 *    the unit) or, with advice PREFERRED_HOST + ACCESSED_BY, remote-mapping
 *    units;
 * 4. execute: with ops->execute (the device path, uvm_session.c), the whole
 *    plan - every unit and every group to answer - goes to the device as one
 *    command (uvm.def UVM_OP_BATCH: the firmware allocates frames, evicts,
 *    copies by DMA, maps, replays) and comes back with a status per unit;
 *    otherwise in phases, each phase one batch of operations: ALLOC_FRAMES
 *    for every migration unit, DMA host -> HBM of each unit into its frames,
 *    MAP (PTE updates; the firmware invalidates where needed), MAP_REMOTE,
 *    REPLAY of every group of the batch (success or failure).
 *
 * Policy (struct uvm_policy): a fault on page p brings the grow_pages-page
 * aligned block around p (UVM's 4 KiB -> 64 KiB growth when 16); then,
 * inside the 2 MiB block, bottom-up over aligned regions of 32, 64, ..., 512
 * pages, a region with a faulting page is prefetched whole when more than
 * density_pct % of its pages are resident or already chosen (UVM's 51 %
 * density prefetch); a fault just behind a run of at least 2 * grow_pages
 * pages already on the device (a sequential scan) also brings the next
 * power of two of pages not above that run (streaming: transfers double along
 * the scan). A 2 MiB block chosen whole, with nothing of it on the
 * device and wholly inside the range, is one 512-page unit that may become a
 * superpage; a fully chosen aligned 16-page block is a 16-page unit; any
 * other chosen page is a 1-page unit. READ_MOSTLY ranges bring their whole
 * 2 MiB block on a fault as read-only duplicates (never a superpage, so that
 * one page can be made writable alone); a device write to a duplicate is a
 * GRANT unit of its page (uvm_readmostly.h).
 * With hbm_bytes set, growth and prefetch regions are capped at a sixteenth
 * of HBM (a power of two of pages), so that one fault cannot flush the cache
 * and several streams (one per hart) prefetch side by side without evicting
 * each other's pages before they are read; with pol->big_floor the cap
 * never cuts growth below the 64 KiB big page.
 * In phases, units the firmware cannot give frames to as a whole (-ENOMEM)
 * are retried as single pages for their faulted pages; with ops->execute
 * the firmware itself does a unit with pages already in HBM page by page,
 * and a unit it cannot do fails (its fault repeats).
 *
 * Thrashing (pol->thrash, uvm_thrash.h): a fault that would migrate a page
 * is first an event of the thrashing tracker at the record's cycle; THROTTLE
 * keeps the page's records out of the batch (no unit, no replay) until the
 * nap ends (then they are served without a new event); PIN maps the page
 * remotely (a 1-page remote unit) instead of migrating it.
 * Stream detection (pol->grow_on_locality): only a fault within [-1, +2]
 * pages of the end of one of the 8 most recent migrations (a stream's
 * frontier), from its second consecutive continuation on, prefetches and
 * reads ahead; others bring their page, or (pol->grow_cold) their whole
 * 64 KiB big page when no page of it was ever planned for migration before
 * (first touch). With pol->grow_run a stream's fault grows only in such an
 * untouched big page or right behind grow_pages pages on the device.
 * pol->grow_write: a write fault grows to its big page in touched big
 * pages too.
 * pol->big_floor: the hbm_bytes cap limits prefetch and read-ahead regions
 * but never cuts growth below the 64 KiB big page.
 * Streaming across blocks (pol->stream_cross): a stream's read-ahead that
 * runs past the end of its 2 MiB block continues in the next block (planned
 * with it when it also faulted, else on its own).
 *
 * Eviction notices from the firmware (uvm.def UVM_EVT_EVICT) go to
 * uvm_fault_evicted(), which keeps the host's page states true.
 */
#ifndef UVMSOC_UVM_FAULT_H
#define UVMSOC_UVM_FAULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <uvmsoc/uvm_abi.h>

#include "uvm_managed.h"

/** Thrashing handling of a policy (uvm_thrash.h). */
enum uvm_thrash_mode {
    UVM_THRASH_OFF = 0,      /**< no detection */
    UVM_THRASH_THROTTLE_PIN = 1, /**< UVM: throttle thrashing pages (nap), pin them remotely after pin_threshold throttles */
    UVM_THRASH_REMOTE = 2,   /**< map thrashing pages remotely at once (no throttling) */
};

/** Migration policy (docs/policies.md; named ones: uvm_policy.h). */
struct uvm_policy {
    const char *name;     /**< policy name (uvm_policy.h), NULL for an unnamed one */
    uint32_t grow_pages;  /**< 1 (no growth), 16 (64 KiB) ... 512, a power of two */
    uint32_t density_pct; /**< density prefetch threshold in percent (1..99); 0 = off */
    bool superpages;      /**< let 512-page units become 2 MiB superpages */
    bool stream_off;      /**< no streaming read-ahead (UVM has none; its prefetch is density only) */
    bool stream_cross;    /**< streaming read-ahead continues into the next 2 MiB block */
    bool grow_on_locality; /**< only faults continuing a stream (near the end of a recent migration) prefetch and read ahead; others bring their page, or their big page with grow_cold */
    bool grow_cold;        /**< with grow_on_locality: a fault off a confirmed stream brings its whole big page (grow_pages) when no page of that big page was ever planned for migration (first touch), else its page */
    bool grow_run;         /**< with grow_on_locality: a confirmed stream's fault grows to its big page only when that big page is untouched (as grow_cold) or the grow_pages pages right before the fault are on the device, else it brings its page */
    bool grow_write;       /**< with grow_cold/grow_run: a write fault grows to its big page in touched big pages too */
    bool big_floor;        /**< the hbm_bytes cap never cuts growth below the 64 KiB big page (16 pages): it caps prefetch and read-ahead only */
    bool fit_blocks;       /**< while the managed memory fits in half of hbm_bytes (uvm_fault_set_footprint): a fault in an untouched 2 MiB block wholly inside its range brings the whole block (a superpage when superpages), and the next such block of the range with it */
    uint64_t hbm_bytes;   /**< HBM size: growth and prefetch bring at most a sixteenth of it per region; 0 = no limit */
    uint64_t host_cost_batch; /**< lockstep: device cycles charged per fault batch served (uvm_session.c) */
    uint64_t host_cost_page;  /**< lockstep: device cycles charged per page planned for migration in units below 2 MiB */
    uint64_t host_cost_block; /**< lockstep: device cycles charged per 2 MiB (512-page) unit planned for migration */
    uint32_t batch_max;   /**< most fault records served per batch (uvm_session.c); 0 = all the ring holds */
    uint32_t evict_mode;  /**< firmware victim order, uvm.def UVM_EVICT_* (UVM_OP_SET_POLICY) */
    uint32_t reserve_64ths; /**< firmware pre-eviction reserve, 64ths of the frames (0..UVM_RESERVE_MAX_64THS) */
    uint8_t thrash;       /**< enum uvm_thrash_mode */
    uint32_t thrash_threshold;     /**< consecutive thrashing events before a page is thrashing */
    uint32_t thrash_pin_threshold; /**< UVM_THRASH_THROTTLE_PIN: throttles before pinning */
    uint64_t thrash_lapse;         /**< device cycles (uvm_policy_set_clock converts from ns) */
    uint64_t thrash_nap;           /**< device cycles a throttled fault waits */
};

/*
 * Default host costs (lockstep co-simulation charges them with uvs_charge()
 * so that a run's cycle count includes the driver's own work, like the MMIO
 * and interrupt costs of sim/link.h), in ns of host CPU time, measured by
 * `make bench-hostcost` (bench/hostcost/hostcost.c: this file's fault
 * service fed batches natively, no device work; docs/benchmarks.md "Host
 * fault-service cost"), baseline policy, AMD EPYC host, 2026-11-25 run after
 * plan_block moved to bitmaps: per batch 51 ns (UVM_HOST_COST_BATCH_NS: a
 * batch of one fault on a resident page, i.e. ring copy, sort, lookup,
 * replay record); per page migrated 49 ns (UVM_HOST_COST_PAGE_NS: the rest
 * of a 256-fault batch over its pages -- planning the faulted 2 MiB blocks,
 * units, page states, eviction notices; before the bitmaps 35 ns and 185 ns).
 * A 2 MiB unit (512 pages, pol.fit_blocks or a whole block chosen) is
 * charged per unit, not per page: 3,715 ns (UVM_HOST_COST_BLOCK_NS, the
 * 2 MiB-unit row of the same bench, adaptive's fit_blocks rule, 2026-11-27;
 * 7.3 ns a page: one bitmap plan and one page-state fill for 512 pages,
 * where a 4 KiB or 64 KiB unit costs its own plan and bookkeeping).
 * Waking the driver (MSI) and its doorbell are charged apart (sim/link.h
 * --host-cost-irq, -mmio).
 * UVM_HOST_COST_UVM_*: the `--host-cost uvm` profile, a driver as slow as
 * published NVIDIA UVM fault handling: 30 us per batch, inside the 20-50 us
 * per GPU far-fault commonly attributed to Zheng et al., "Towards High
 * Performance Paged Memory for GPUs", HPCA 2016, pp. 345-357
 * (doi:10.1109/HPCA.2016.7446077; the bibliographic data checked, the
 * figure's section in the paper not: its text is not openly available, see
 * docs/benchmarks.md), and the batch costs Kim et al. analyse in
 * "Batch-Aware Unified Memory Management in GPUs for Irregular Workloads",
 * ASPLOS 2020 (doi:10.1145/3373376.3378529); per page the measured figure.
 * The policy holds device cycles: uvm_host_cost_cycles converts at the device
 * clock (HOSTIF_CLOCK_KHZ); the *_DEFAULT cycle figures of the policy macros
 * are those at 1 GHz, for callers without a device clock (uvmsoc run
 * converts).
 */
#define UVM_HOST_COST_BATCH_NS 51u
#define UVM_HOST_COST_PAGE_NS 49u
#define UVM_HOST_COST_UVM_BATCH_NS 30000u
#define UVM_HOST_COST_UVM_PAGE_NS UVM_HOST_COST_PAGE_NS
#define UVM_HOST_COST_BLOCK_NS 3715u
#define UVM_HOST_COST_BLOCK_DEFAULT UVM_HOST_COST_BLOCK_NS
#define UVM_HOST_COST_BATCH_DEFAULT UVM_HOST_COST_BATCH_NS
#define UVM_HOST_COST_PAGE_DEFAULT UVM_HOST_COST_PAGE_NS

/** uvm_host_cost_cycles - @ns of host time as device cycles at @clock_khz kHz, to the nearest cycle. */
static inline uint64_t uvm_host_cost_cycles(uint64_t ns, uint32_t clock_khz)
{
    return (ns * clock_khz + 500000) / 1000000;
}

/**
 * Plan rules only (no thrashing handling, firmware defaults): UVM's growth
 * and density prefetch; the named policies of uvm_policy.h build on these.
 */
#define UVM_POLICY_BASELINE                                                                                          \
    ((struct uvm_policy){.grow_pages = 16, .density_pct = 51, .superpages = true,                                  \
                         .host_cost_batch = UVM_HOST_COST_BATCH_DEFAULT, .host_cost_page = UVM_HOST_COST_PAGE_DEFAULT, \
                         .host_cost_block = UVM_HOST_COST_BLOCK_DEFAULT, .reserve_64ths = 8})
/** Fault-exact plan rules: one 4 KiB page per fault, no prefetch. */
#define UVM_POLICY_4K                                                                                                \
    ((struct uvm_policy){.grow_pages = 1, .density_pct = 0, .superpages = false,                                   \
                         .host_cost_batch = UVM_HOST_COST_BATCH_DEFAULT, .host_cost_page = UVM_HOST_COST_PAGE_DEFAULT, \
                         .host_cost_block = UVM_HOST_COST_BLOCK_DEFAULT, .reserve_64ths = 8})

/** Kind of a unit. */
enum uvm_unit_kind {
    UVM_UNIT_MIGRATE = 1, /**< copy into HBM frames and map */
    UVM_UNIT_REMOTE = 2,  /**< map the host pages over the link */
    UVM_UNIT_GRANT = 3,   /**< give W to read-mostly duplicates a device write faulted on (uvm_readmostly.h) */
};

/** One migration or remote-mapping unit of the plan. */
struct uvm_unit {
    uint8_t kind;     /**< enum uvm_unit_kind */
    bool super_ok;    /**< 512 pages that may become one superpage */
    bool readonly;    /**< migrate as read-only duplicates (UVM_BU_F_READONLY, uvm_readmostly.h) */
    bool super;       /**< set by alloc_frames: one superpage (frames contiguous) */
    uint32_t did;     /**< device context */
    uint64_t va;      /**< first page, aligned to npages * 4 KiB */
    uint32_t npages;  /**< 1, 16 or 512 */
    uint32_t faulted; /**< pages of the unit that had a fault (the rest is prefetch) */
    uint64_t bus;     /**< host bus address of the first page */
    uint64_t *frames; /**< npages device addresses, filled by alloc_frames */
    int status;       /**< per-operation result: 0 or a negative errno */
    bool reserved;    /**< set by the service: alloc_frames reserved frames for it */
    bool partial;     /**< set by execute: some pages were in HBM already */
    uint32_t copied;  /**< set by execute: pages copied into HBM */
};

/** A page-request group to answer. */
struct uvm_replay {
    uint32_t did;  /**< device context */
    uint16_t prgi; /**< group index */
    uint8_t resp;  /**< UVS_IOMMU_PRG_RESP_SUCCESS or _FAILURE */
};

/**
 * What the fault service needs. The batch functions set status of every
 * unit they are given (0 or a negative errno) and return 0, or a negative
 * errno when the device could not be reached at all (then every unit counts
 * as failed). Either execute (with lookup) or every phase operation
 * (alloc_frames ... replay) must be given; execute wins when both are.
 */
struct uvm_fault_ops {
    /** The managed range holding (did, va): 0 or -ENOENT (e.g. uvm_managed_find). */
    int (*lookup)(void *ctx, uint32_t did, uint64_t va, struct uvm_range *r);
    /**
     * UVM_OP_ALLOC_FRAMES per unit: frames reserved in HBM (the firmware
     * evicts as needed), written to u->frames, u->super set. Unit status
     * -EEXIST: a page is already in HBM; -ENOMEM: no frame can be freed now.
     */
    int (*alloc_frames)(void *ctx, struct uvm_unit *units, size_t n);
    /** DMA bytes from host bus address bus to device address dev (host DMA channel, DMA_OP_H2D). */
    int (*copy_to_device)(void *ctx, uint64_t dev, uint64_t bus, uint64_t bytes);
    /** UVM_OP_MAP per unit (after its copy). */
    int (*map)(void *ctx, struct uvm_unit *units, size_t n);
    /** UVM_OP_CANCEL per unit: give back reserved frames (copy or map failed). */
    int (*cancel)(void *ctx, struct uvm_unit *units, size_t n);
    /** UVM_OP_MAP_REMOTE per unit. */
    int (*map_remote)(void *ctx, struct uvm_unit *units, size_t n);
    /** UVM_OP_REPLAY for each group. */
    int (*replay)(void *ctx, const struct uvm_replay *r, size_t n);
    /**
     * The whole plan in one device operation (UVM_OP_BATCH): every unit in
     * order (migrate: frames, copy, map; remote: map), then every group.
     * Sets each unit's status, super, partial and copied. Returns 0, or a
     * negative errno when the device could not be reached (no unit done).
     */
    int (*execute)(void *ctx, struct uvm_unit *units, size_t n, const struct uvm_replay *r, size_t nrep);
};

/** Counters the issue asks for (uvm_fault_print_stats prints them). */
struct uvm_fault_counters {
    uint64_t faults;           /**< records read (each a coalesced page request) */
    uint64_t duplicates;       /**< requests folded away: by the firmware (dups) and by host dedupe */
    uint64_t batches;          /**< batches serviced */
    uint64_t unique_faults;    /**< distinct (context, page) after dedupe */
    uint64_t invalid;          /**< faults outside every managed range (replayed with failure) */
    uint64_t already_resident; /**< faults on pages already mapped (replay only) */
    uint64_t units;            /**< migration units done */
    uint64_t superpages;       /**< of which one 2 MiB superpage */
    uint64_t pages_in;         /**< pages copied host -> HBM */
    uint64_t bytes_in;         /**< bytes copied host -> HBM */
    uint64_t prefetched;       /**< of pages_in, pages without a fault of their own */
    uint64_t remote_pages;     /**< pages mapped over the link */
    uint64_t remote_faults;    /**< of remote_pages, pages that had a fault of their own */
    uint64_t pages_out;        /**< pages written back HBM -> host */
    uint64_t bytes_out;        /**< bytes written back */
    uint64_t replays;          /**< groups answered */
    uint64_t evictions;        /**< pages evicted from HBM (notices) */
    uint64_t writebacks;       /**< eviction notices with write-back */
    uint64_t failures;         /**< units not done (alloc, copy or map failed; the fault repeats) */
    uint64_t failed_faults;    /**< faulted pages of those units (each fault repeats: a new unique fault later) */
    uint64_t given_up;         /**< of failed_faults, faults answered with failure (the kernel aborts with the VA) because UVM_GIVE_UP_FAILS migration units of their 2 MiB block failed with -ENOMEM in a row */
    uint64_t conflicts;        /**< units the firmware found already resident */
    uint64_t stale_notices;    /**< notices for memory no longer managed */
    uint64_t thrashing;        /**< migration events found thrashing (uvm_thrash.h) */
    uint64_t throttled;        /**< faults deferred by a throttling nap */
    uint64_t pinned;           /**< thrashing pages mapped remotely instead of migrated */
    uint64_t dup_pages;        /**< of pages_in, pages copied as read-only duplicates (read-mostly) */
    uint64_t write_grants;     /**< duplicates a device write made writable (collapsed towards the device; also counted already_resident) */
};

/*
 * A migration unit the device cannot do for want of memory (-ENOMEM: no
 * page-table page left in the firmware's pool, no frame it may evict) fails
 * and its fault repeats. Faults of a 2 MiB block whose units failed so this
 * many times in a row, with none of the block done in between, are answered
 * with failure instead (counted given_up): the kernel aborts with the VA at
 * once rather than repeating the fault until the launch's timeout. A unit of
 * the block that is done clears its count; giving up clears it too, so the
 * next launch tries again.
 */
#define UVM_GIVE_UP_FAILS 4u
/** What a count of given-up faults means, for the tools' reports (printf format: the count, then UVM_GIVE_UP_FAILS). */
#define UVM_GIVE_UP_FMT "%llu faults answered with failure: the device is out of memory for their pages " \
                        "(no page-table page or evictable frame, -ENOMEM %u times in a row)"

struct uvm_fault_svc;

/**
 * uvm_fault_create - a fault service with the given policy and operations.
 * Errors: -EINVAL (NULL, lookup missing, neither execute nor every phase op, grow_pages not a power of two in
 * 1..512, density_pct > 99); -ENOMEM.
 */
int uvm_fault_create(const struct uvm_policy *pol, const struct uvm_fault_ops *ops, void *ctx,
                     struct uvm_fault_svc **out);

/**
 * uvm_fault_service_at - uvm_fault_service at device cycle now: records
 * deferred by thrashing throttling whose nap ended by now are served with
 * them (n may be 0). uvm_fault_service uses the latest record cycle as now.
 */
int uvm_fault_service_at(struct uvm_fault_svc *svc, const struct uvs_uvm_frec *recs, size_t n, uint64_t now);

/** uvm_fault_next_due - true when faults wait for a throttling nap; *cycle gets the earliest end. */
bool uvm_fault_next_due(const struct uvm_fault_svc *svc, uint64_t *cycle);

/** uvm_fault_destroy - free the service; NULL ignored. */
void uvm_fault_destroy(struct uvm_fault_svc *svc);

/**
 * uvm_fault_plan - steps 1-3 for one batch: fills the service's plan
 * (uvm_fault_plan_units / uvm_fault_plan_replays) without touching the
 * device. Errors: -EINVAL; -ENOMEM.
 */
int uvm_fault_plan(struct uvm_fault_svc *svc, const struct uvs_uvm_frec *recs, size_t n);

/** uvm_fault_plan_units - the units of the last plan (*n receives their number). */
const struct uvm_unit *uvm_fault_plan_units(const struct uvm_fault_svc *svc, size_t *n);

/** uvm_fault_plan_replays - the replays of the last plan. */
const struct uvm_replay *uvm_fault_plan_replays(const struct uvm_fault_svc *svc, size_t *n);

/**
 * uvm_fault_service - plan and execute one batch of n records. Returns 0,
 * or a negative errno when the device could not be reached (the batch's
 * groups may stay unanswered; counters show what was done) or -EINVAL/-ENOMEM.
 */
int uvm_fault_service(struct uvm_fault_svc *svc, const struct uvs_uvm_frec *recs, size_t n);

/**
 * uvm_fault_evicted - eviction notice: bytes at va of context did left HBM
 * (dirty: written back first). Sets the pages' state to UVM_PAGE_HOST.
 * Returns 0; -ENOENT memory no longer managed (counted as stale); -EINVAL.
 */
int uvm_fault_evicted(struct uvm_fault_svc *svc, uint32_t did, uint64_t va, uint64_t bytes, bool dirty);

/**
 * uvm_fault_set_footprint - bytes of managed memory now allocated (the
 * session calls it after every allocation and free): pol.fit_blocks
 * applies while it is at most half of pol.hbm_bytes. No-op for NULL.
 */
void uvm_fault_set_footprint(struct uvm_fault_svc *svc, uint64_t bytes);

/** uvm_fault_get_counters - copy the counters. */
void uvm_fault_get_counters(const struct uvm_fault_svc *svc, struct uvm_fault_counters *c);

/** uvm_fault_mean_batch - faults per batch (0 when no batch). */
double uvm_fault_mean_batch(const struct uvm_fault_counters *c);

/** uvm_fault_print_stats - the counters as a two-column table on f. */
void uvm_fault_print_stats(FILE *f, const struct uvm_fault_counters *c);

#endif

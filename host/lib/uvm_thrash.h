/*
 * Thrashing detection (issue 14, docs/policies.md): per page, how often it
 * came back into HBM soon after its previous migration, in the manner of
 * NVIDIA UVM's thrashing heuristics (module parameters
 * uvm_perf_thrashing_threshold 3, _pin_threshold 10, _lapse_usec 500,
 * _nap 1 lapse), simplified:
 *
 * - an event is a fault that will migrate page p at device cycle `now`;
 * - the event counts as thrashing when p was migrated before and less than
 *   `lapse` cycles ago; otherwise p's thrashing count restarts at 0;
 * - after `threshold` consecutive thrashing events p is thrashing: each
 *   further event is a THROTTLE (the fault waits `nap` cycles before it is
 *   served) until `pin_threshold` throttles were given, then PIN (the page is
 *   mapped remotely over the link and stays there); with pin_threshold 0 the
 *   first thrashing event is a PIN (no throttling).
 *
 * Pages are keyed by (device context, page VA); the table grows as needed.
 */
#ifndef UVMSOC_UVM_THRASH_H
#define UVMSOC_UVM_THRASH_H

#include <stdint.h>

/** Thrashing parameters (device cycles). */
struct uvm_thrash_cfg {
    uint32_t threshold;     /**< consecutive thrashing events before a page is thrashing, >= 1 */
    uint32_t pin_threshold; /**< throttles before the page is pinned remotely; 0 = pin at once */
    uint64_t lapse;         /**< cycles: a re-migration sooner than this after the last one is a thrashing event */
    uint64_t nap;           /**< cycles a throttled fault waits */
};

/** What to do with one migration event. */
enum uvm_thrash_verdict {
    UVM_THRASH_NONE = 0,     /**< migrate as usual */
    UVM_THRASH_THROTTLE = 1, /**< serve the fault no earlier than *until */
    UVM_THRASH_PIN = 2,      /**< map the page remotely instead of migrating it */
};

struct uvm_thrash;

/** uvm_thrash_create - an empty tracker. Errors: -EINVAL (NULL, threshold 0, lapse 0); -ENOMEM. */
int uvm_thrash_create(const struct uvm_thrash_cfg *cfg, struct uvm_thrash **out);

/** uvm_thrash_destroy - free the tracker; NULL ignored. */
void uvm_thrash_destroy(struct uvm_thrash *t);

/**
 * uvm_thrash_event - record that page (did, page) is about to be migrated
 * into HBM at device cycle now and say what to do (see the file comment).
 * @until: set to the cycle the fault may be served at (THROTTLE), else now.
 * Returns a verdict, or -ENOMEM (the page is not tracked: migrate it).
 */
int uvm_thrash_event(struct uvm_thrash *t, uint32_t did, uint64_t page, uint64_t now, uint64_t *until);

/** Counters of a tracker. */
struct uvm_thrash_stats {
    uint64_t events;     /**< migration events seen */
    uint64_t thrashing;  /**< events that counted as thrashing */
    uint64_t throttles;  /**< THROTTLE verdicts */
    uint64_t pins;       /**< PIN verdicts */
};

/** uvm_thrash_get_stats - copy the counters (zeros for NULL). */
void uvm_thrash_get_stats(const struct uvm_thrash *t, struct uvm_thrash_stats *st);

#endif

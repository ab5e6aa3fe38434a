/*
 * Fault accounting summed over launches and device contexts: what the
 * broker (uvmsoc serve) logs per launch, per context and in total, and what
 * the multi-context soak checks (docs/reliability.md "Soak: fault storm").
 */
#ifndef UVMSOC_CLI_FAULT_TALLY_H
#define UVMSOC_CLI_FAULT_TALLY_H

#include <stdint.h>
#include <stdio.h>

#include "uvm_session.h"

/**
 * struct fault_tally - fault accounting of one or more launches. Host
 * fields come from a session's fault service (struct uvm_fault_counters),
 * device fields from the firmware's counters (struct uvs_uvm_fw_stats) as
 * differences over the launches, which run one at a time on the device.
 */
struct fault_tally {
    uint64_t launches;      /**< launches counted */
    uint64_t records;       /**< fault records the host read */
    uint64_t unique;        /**< distinct (context, page) faults after dedupe */
    uint64_t migrated;      /**< unique faults served by migrating their page */
    uint64_t remote;        /**< unique faults served by a remote mapping */
    uint64_t resident;      /**< unique faults on pages already resident */
    uint64_t outside;       /**< unique faults outside every allocation */
    uint64_t failed;        /**< unique faults of failed units (they fault again) */
    uint64_t failures;      /**< units not done */
    uint64_t given_up;      /**< of failed, faults answered with failure after repeated -ENOMEM (UVM_GIVE_UP_FAILS) */
    uint64_t pages_in;      /**< pages copied host -> HBM (prefetched ones included) */
    uint64_t forwarded;     /**< records the firmware wrote to the host ring */
    uint64_t evictions;     /**< pages the firmware evicted */
    uint64_t writebacks;    /**< pages the firmware wrote back */
};

/**
 * fault_tally_delta - add to @t what happened between @a and @b, two
 * uvm_session_get_stats() snapshots of one session around one launch (and
 * whatever followed it up to @b, e.g. the write-back of its pages); counts
 * one launch. A counter that went backwards adds 0.
 */
void fault_tally_delta(struct fault_tally *t, const struct uvm_session_stats *a, const struct uvm_session_stats *b);

/** fault_tally_add - @t += @u, field by field. */
void fault_tally_add(struct fault_tally *t, const struct fault_tally *u);

/**
 * fault_tally_lost - faults lost: records the device forwarded that the host
 * never read, plus unique faults nothing served (0 when the accounting holds).
 */
uint64_t fault_tally_lost(const struct fault_tally *t);

/**
 * fault_tally_duplicated - faults counted twice: records read that the
 * device never forwarded, plus served faults beyond the unique ones (0 when
 * the accounting holds).
 */
uint64_t fault_tally_duplicated(const struct fault_tally *t);

/**
 * fault_tally_print_sums - the accounting identities of @t, no newline:
 * "unique U = migrated M + remote R + already resident A + outside O +
 * failed X; records F = unique + D folded on the host; forwarded by the
 * device W" (also the core of `uvmsoc run`'s "fault accounting" line).
 */
void fault_tally_print_sums(FILE *f, const struct fault_tally *t);

/**
 * fault_tally_print - one line "launches L; faults F (unique U = migrated M
 * + remote R + already resident A + outside O + failed X; records F = unique
 * + D folded on the host; forwarded by the device W); failures Z; pages in
 * P, evictions E, write-backs B; lost N, duplicated N" after @prefix.
 */
void fault_tally_print(FILE *f, const char *prefix, const struct fault_tally *t);

#endif

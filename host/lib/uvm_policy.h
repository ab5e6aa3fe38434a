/*
 * Named migration policies (issue 14, docs/policies.md is the rule-by-rule
 * description; `uvmsoc run --policy NAME`):
 *
 * - "adaptive" (the default): the first touch of a 64 KiB big page brings
 *   all of it; stream detection (a fault near the end of a recent migration
 *   continues a stream; other faults in touched big pages bring their page
 *   only), on streams 64 KiB growth (in touched big pages only behind 16
 *   pages on the device), density prefetch at 51 % and streaming
 *   read-ahead that continues across 2 MiB blocks, firmware pre-eviction
 *   keeping 1/8 of the frames free, CLOCK, thrashing pages mapped remotely
 *   at once;
 * - "uvm-baseline": NVIDIA's UVM driver as documented: 64 KiB growth,
 *   2 MiB blocks, 51 % density (tree) prefetch, no streaming rule, batches
 *   of at most 256 faults, eviction of the least recently allocated 2 MiB
 *   chunk, no pre-eviction, thrashing detection (threshold 3, lapse 500 us)
 *   with throttling (nap 500 us) and remote pinning after 10 throttles;
 * - "ondemand": 4 KiB per fault, no prefetch, CLOCK, no pre-eviction, no
 *   thrashing handling.
 * Aliases kept for old command lines: "baseline" = uvm-baseline (before
 * issue 14 it had the streaming rule and CLOCK), "4k" = ondemand.
 */
#ifndef UVMSOC_UVM_POLICY_H
#define UVMSOC_UVM_POLICY_H

#include <stdint.h>

#include "uvm_fault.h"

/** The default policy's name. */
#define UVM_POLICY_DEFAULT_NAME "adaptive"

/*
 * Thrashing parameters of NVIDIA UVM's module (uvm_perf_thrashing.c of
 * open-gpu-kernel-modules, module parameters uvm_perf_thrashing_threshold,
 * _pin_threshold, _lapse_usec, _nap as multiple of the lapse): defaults
 * 3, 10, 500 us, 1.
 */
#define UVM_THRASH_THRESHOLD_DEFAULT 3u
#define UVM_THRASH_PIN_THRESHOLD_DEFAULT 10u
#define UVM_THRASH_LAPSE_NS_DEFAULT 500000u
#define UVM_THRASH_NAP_LAPSES_DEFAULT 1u
/** NVIDIA UVM's fault batch: uvm_perf_fault_batch_count default 256. */
#define UVM_BASELINE_BATCH_MAX 256u

/**
 * uvm_policy_by_name - the named policy (or alias) into *pol, its
 * thrashing times at 1 GHz (uvm_policy_set_clock converts).
 * Errors: -EINVAL NULL; -ENOENT unknown name (uvm_policy_names lists the valid ones).
 */
int uvm_policy_by_name(const char *name, struct uvm_policy *pol);

/** uvm_policy_names - the valid names, comma separated ("adaptive, uvm-baseline, ondemand"). */
const char *uvm_policy_names(void);

/**
 * uvm_policy_set_clock - set the thrashing lapse and nap of *pol in device
 * cycles at clock_khz kHz from their ns figures. -EINVAL for NULL or 0 kHz.
 */
int uvm_policy_set_clock(struct uvm_policy *pol, uint32_t clock_khz);

#endif

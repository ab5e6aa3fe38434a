/*
 * Fault-to-replay latency percentiles from the firmware's histogram
 * (struct uvs_uvm_fw_stats f2r_hist, uvm_abi.h uvs_uvm_f2r_bucket).
 */
#ifndef UVMSOC_UVM_LATENCY_H
#define UVMSOC_UVM_LATENCY_H

#include <stdint.h>
#include <stdio.h>

#include <uvmsoc/uvm_abi.h>

/**
 * uvm_f2r_percentile - the bucket of the @pct-th percentile (1..100) of the
 * fault-to-replay latencies counted in @fw's histogram: *@lo and *@hi (device
 * cycles) bound it, [lo, hi) (hi = UINT64_MAX for the open-ended last
 * bucket). The percentile is the latency of the ceil(pct/100 x n)-th
 * smallest of the n records. Returns n (0: nothing counted, *lo = *hi = 0),
 * -EINVAL for a NULL argument or @pct outside 1..100.
 */
int64_t uvm_f2r_percentile(const struct uvs_uvm_fw_stats *fw, unsigned pct, uint64_t *lo, uint64_t *hi);

/**
 * uvm_f2r_print - one line "  fault-to-replay p50/p99 ..." on @out: the
 * bucket bounds of the median and the 99th percentile in device cycles and
 * in microseconds at @clock_khz (0: cycles only), and the records counted.
 * Prints nothing when the histogram is empty or @fw is NULL.
 */
void uvm_f2r_print(FILE *out, const struct uvs_uvm_fw_stats *fw, uint32_t clock_khz);

/**
 * uvm_steps_print - one line "  last batch steps ..." on @out: the device
 * cycles between consecutive firmware steps (@fw steps, UVM_STEP_*) of the
 * last fault forwarding and the last UVM_OP_BATCH, "-" for a step not
 * reached (no copy, no replay). The forwarding part (drain->sent->cmd) is
 * printed only when it precedes the batch (the batch answered it); for one
 * isolated fault the line breaks its fault-to-replay time down
 * (drain..fenced). Prints nothing when no batch ran or @fw is NULL.
 */
void uvm_steps_print(FILE *out, const struct uvs_uvm_fw_stats *fw);

#endif

/* Fault-to-replay latency percentiles (see uvm_latency.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>

#include "uvm_latency.h"

int64_t uvm_f2r_percentile(const struct uvs_uvm_fw_stats *fw, unsigned pct, uint64_t *lo, uint64_t *hi)
{
    if (!fw || !lo || !hi || pct < 1 || pct > 100)
        return -EINVAL;
    uint64_t n = 0;
    for (unsigned b = 0; b < UVS_UVM_F2R_BUCKETS; b++)
        n += fw->f2r_hist[b];
    *lo = *hi = 0;
    if (n == 0)
        return 0;
    uint64_t rank = (n * pct + 99) / 100, seen = 0; /* the rank-th smallest, 1-based */
    for (unsigned b = 0; b < UVS_UVM_F2R_BUCKETS; b++) {
        seen += fw->f2r_hist[b];
        if (seen >= rank) {
            *lo = uvs_uvm_f2r_bucket_lo(b);
            *hi = b + 1 < UVS_UVM_F2R_BUCKETS ? uvs_uvm_f2r_bucket_lo(b + 1) : UINT64_MAX;
            break;
        }
    }
    return (int64_t)n;
}

/* "lo..hi-1" of a bucket, or ">= lo" for the open-ended one. */
static void range(char *buf, size_t len, uint64_t lo, uint64_t hi)
{
    if (hi == UINT64_MAX)
        snprintf(buf, len, ">= %llu", (unsigned long long)lo);
    else
        snprintf(buf, len, "%llu..%llu", (unsigned long long)lo, (unsigned long long)(hi - 1));
}

void uvm_f2r_print(FILE *out, const struct uvs_uvm_fw_stats *fw, uint32_t clock_khz)
{
    uint64_t lo50, hi50, lo99, hi99;
    if (!out || !fw || uvm_f2r_percentile(fw, 50, &lo50, &hi50) <= 0)
        return;
    int64_t n = uvm_f2r_percentile(fw, 99, &lo99, &hi99);
    char p50[48], p99[48];
    range(p50, sizeof p50, lo50, hi50);
    range(p99, sizeof p99, lo99, hi99);
    fprintf(out, "  fault-to-replay p99    %12llu  cycles at most (bucket %s", (unsigned long long)(hi99 == UINT64_MAX ? lo99 : hi99 - 1), p99);
    if (clock_khz && hi99 != UINT64_MAX)
        fprintf(out, ", <= %.1f us", (double)(hi99 - 1) / clock_khz * 1000.0);
    fprintf(out, "; p50 bucket %s; %lld records)\n", p50, (long long)n);
}

void uvm_steps_print(FILE *out, const struct uvs_uvm_fw_stats *fw)
{
    static const char *const name[UVS_UVM_FW_STEPS] = {
        [UVS_UVM_STEP_DRAIN] = "drain",        [UVS_UVM_STEP_SENT] = "sent",       [UVS_UVM_STEP_CMD] = "cmd",
        [UVS_UVM_STEP_UNITS] = "units",        [UVS_UVM_STEP_DMA_SUBMIT] = "dma", [UVS_UVM_STEP_DMA_DONE] = "dma done",
        [UVS_UVM_STEP_PTE] = "pte",            [UVS_UVM_STEP_STATUS] = "status",  [UVS_UVM_STEP_REPLAYS] = "replays",
        [UVS_UVM_STEP_REPLAY] = "replay",      [UVS_UVM_STEP_FENCED] = "fenced",  [UVS_UVM_STEP_DONE] = "done",
    };
    if (!out || !fw || fw->steps[UVS_UVM_STEP_CMD] == 0)
        return;
    const uint64_t *t = fw->steps;
    bool fwd = t[UVS_UVM_STEP_DRAIN] && t[UVS_UVM_STEP_SENT] && t[UVS_UVM_STEP_DRAIN] <= t[UVS_UVM_STEP_SENT] &&
               t[UVS_UVM_STEP_SENT] <= t[UVS_UVM_STEP_CMD];
    unsigned first = fwd ? UVS_UVM_STEP_DRAIN : UVS_UVM_STEP_CMD;
    uint64_t prev = t[first];
    fprintf(out, "  last batch steps       %s", name[first]);
    for (unsigned i = first + 1; i < UVS_UVM_FW_STEPS; i++) {
        if (t[i] == 0 || t[i] < prev) {
            fprintf(out, " -%s", name[i]);
            continue;
        }
        fprintf(out, " +%llu %s", (unsigned long long)(t[i] - prev), name[i]);
        prev = t[i];
    }
    if (fwd && t[UVS_UVM_STEP_FENCED] >= t[UVS_UVM_STEP_DRAIN])
        fprintf(out, " (drain..fenced %llu cycles)",
                (unsigned long long)(t[UVS_UVM_STEP_FENCED] - t[UVS_UVM_STEP_DRAIN]));
    fprintf(out, "\n");
}

/*
 * Unit tests of the fault-to-replay histogram (issue 14: p99 latency):
 * the bucket mapping shared by the firmware and the host
 * (include/uvmsoc/uvm_abi.h uvs_uvm_f2r_bucket, uvs_uvm_f2r_bucket_lo) and
 * the host's percentiles (host/lib/uvm_latency.c), with their bad input.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "uvm_latency.h"

/* Every latency lies in its bucket's bounds; buckets grow with the latency and are at most 25 % wide. */
static void test_buckets(void **state)
{
    (void)state;
    assert_int_equal(uvs_uvm_f2r_bucket(0), 0);
    assert_int_equal(uvs_uvm_f2r_bucket(3), 3);
    assert_int_equal(uvs_uvm_f2r_bucket(4), 4);
    assert_int_equal(uvs_uvm_f2r_bucket(7), 7);
    assert_int_equal(uvs_uvm_f2r_bucket(8), 8);   /* [8, 10) */
    assert_int_equal(uvs_uvm_f2r_bucket(9), 8);
    assert_int_equal(uvs_uvm_f2r_bucket(10), 9);  /* [10, 12) */
    assert_int_equal(uvs_uvm_f2r_bucket_lo(9), 10);
    assert_int_equal(uvs_uvm_f2r_bucket(UINT64_MAX), UVS_UVM_F2R_BUCKETS - 1); /* open-ended */
    unsigned prev = 0;
    for (uint64_t v = 1; v < (1ull << 33); v = v * 9 / 8 + 1) {
        unsigned b = uvs_uvm_f2r_bucket(v);
        assert_true(b >= prev);
        prev = b;
        assert_true(uvs_uvm_f2r_bucket_lo(b) <= v);
        if (b + 1 < UVS_UVM_F2R_BUCKETS) {
            uint64_t lo = uvs_uvm_f2r_bucket_lo(b), hi = uvs_uvm_f2r_bucket_lo(b + 1);
            assert_true(v < hi);
            assert_true(lo < 4 || (hi - lo) * 4 <= lo); /* width at most a quarter of the lower bound */
        }
    }
}

/* Percentiles: the bucket holding the ceil(pct% x n)-th smallest record. */
static void test_percentiles(void **state)
{
    (void)state;
    struct uvs_uvm_fw_stats fw;
    memset(&fw, 0, sizeof fw);
    uint64_t lo, hi;
    assert_int_equal(uvm_f2r_percentile(&fw, 99, &lo, &hi), 0); /* empty */
    assert_int_equal(lo, 0);
    assert_int_equal(hi, 0);
    fw.f2r_hist[uvs_uvm_f2r_bucket(1000)] = 98; /* 98 records near 1,000 cycles, 2 near 50,000 */
    fw.f2r_hist[uvs_uvm_f2r_bucket(50000)] = 2;
    assert_int_equal(uvm_f2r_percentile(&fw, 50, &lo, &hi), 100);
    assert_true(lo <= 1000 && 1000 < hi);
    assert_int_equal(uvm_f2r_percentile(&fw, 98, &lo, &hi), 100); /* the 98th: still ~1,000 */
    assert_true(lo <= 1000 && 1000 < hi);
    assert_int_equal(uvm_f2r_percentile(&fw, 99, &lo, &hi), 100); /* the 99th: ~50,000 */
    assert_true(lo <= 50000 && 50000 < hi);
    fw.f2r_hist[UVS_UVM_F2R_BUCKETS - 1] = 1000; /* most in the open-ended bucket: no upper bound */
    assert_int_equal(uvm_f2r_percentile(&fw, 99, &lo, &hi), 1100);
    assert_int_equal(hi, UINT64_MAX);
    assert_int_equal(lo, uvs_uvm_f2r_bucket_lo(UVS_UVM_F2R_BUCKETS - 1));
}

/* Bad input: NULL pointers, percentiles 0 and 101 -> -EINVAL; printing an empty histogram prints nothing. */
static void test_bad_input(void **state)
{
    (void)state;
    struct uvs_uvm_fw_stats fw;
    memset(&fw, 0, sizeof fw);
    uint64_t lo, hi;
    assert_int_equal(uvm_f2r_percentile(NULL, 99, &lo, &hi), -EINVAL);
    assert_int_equal(uvm_f2r_percentile(&fw, 99, NULL, &hi), -EINVAL);
    assert_int_equal(uvm_f2r_percentile(&fw, 0, &lo, &hi), -EINVAL);
    assert_int_equal(uvm_f2r_percentile(&fw, 101, &lo, &hi), -EINVAL);
    char buf[256] = {0};
    FILE *m = fmemopen(buf, sizeof buf, "w");
    assert_non_null(m);
    uvm_f2r_print(m, &fw, 200000);
    uvm_f2r_print(m, NULL, 200000);
    fw.f2r_hist[uvs_uvm_f2r_bucket(1000)] = 1; /* 1000 is in [896, 1024): at most 1023 cycles = 5.1 us at 200 MHz */
    uvm_f2r_print(m, &fw, 200000);
    fclose(m);
    assert_string_equal(buf, "  fault-to-replay p99            1023  cycles at most (bucket 896..1023, <= 5.1 us; "
                             "p50 bucket 896..1023; 1 records)\n");
}

/* The step line: deltas between reached steps, '-' for the others, the forwarding part only before the batch. */
static void test_steps_line(void **state)
{
    (void)state;
    struct uvs_uvm_fw_stats fw;
    memset(&fw, 0, sizeof fw);
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    assert_non_null(out);
    uvm_steps_print(out, &fw); /* no batch: nothing */
    fflush(out);
    assert_int_equal(len, 0);
    uint64_t t[UVS_UVM_FW_STEPS] = {100, 300, 1000, 1500, 1600, 2100, 2200, 2250, 2700, 2800, 2900, 3000};
    memcpy(fw.steps, t, sizeof t);
    fw.steps[UVS_UVM_STEP_DMA_SUBMIT] = 0; /* no copy */
    uvm_steps_print(out, &fw);
    fflush(out);
    assert_string_equal(buf, "  last batch steps       drain +200 sent +700 cmd +500 units -dma +600 dma done +100 pte "
                             "+50 replays +450 replay +100 fenced +100 status +100 done (drain..fenced 2700 cycles)\n");
    fclose(out);
    free(buf);
    /* A forwarding after the batch is not part of it. */
    buf = NULL;
    out = open_memstream(&buf, &len);
    assert_non_null(out);
    fw.steps[UVS_UVM_STEP_DRAIN] = 5000;
    fw.steps[UVS_UVM_STEP_SENT] = 5100;
    uvm_steps_print(out, &fw);
    uvm_steps_print(NULL, &fw);
    uvm_steps_print(out, NULL);
    fclose(out);
    assert_non_null(strstr(buf, "  last batch steps       cmd +500 units"));
    assert_null(strstr(buf, "drain"));
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_buckets),
        cmocka_unit_test(test_percentiles),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_steps_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * Unit tests (cmocka) of sim/memsys.c and the clock derivation of
 * sim/link.c: queueing arithmetic of the bandwidth ledger, requesters
 * sharing a channel, reservations in the future, the host link's two
 * directions, utilisation, determinism, bad parameters.
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
#include <uvmsoc/memmap.h>

#include "memsys.h"

/* A memory system at @mhz from the physical defaults (link.h). */
static void at_clock(struct uvs_memsys *ms, struct uvs_link_model *m, uint32_t mhz)
{
    assert_int_equal(uvs_link_at_clock(m, mhz), 0);
    assert_int_equal(uvs_memsys_init(ms, m), 0);
}

static void test_clock_derivation(void **state)
{
    (void)state;
    struct uvs_link_model m;
    /* 200 MHz: 25 GB/s = 125 B/cycle, 500 ns = 100 cycles; HBM min(460 GB/s = 2300 B/cycle, 4 x 64 B) */
    assert_int_equal(uvs_link_at_clock(&m, 200), 0);
    assert_int_equal(m.clock_khz, 200000);
    assert_int_equal(m.bw_fx, 125u << 16);
    assert_int_equal(m.latency, 100);
    assert_int_equal(m.hbm_bw_fx, 256u << 16);
    assert_int_equal(m.hbm_latency, 20);
    assert_int_equal(m.cost_mmio, 10);
    assert_int_equal(m.cost_irq, 400);
    /* 2 GHz: the HBM stack limits (460 GB/s / 2 GHz = 230 B/cycle) */
    assert_int_equal(uvs_link_at_clock(&m, 2000), 0);
    assert_int_equal(m.hbm_bw_fx, 230u << 16);
    assert_int_equal(m.hbm_latency, 200);
    assert_int_equal(m.latency, 1000);
    /* 1 MHz: latencies round to the nearest cycle, HBM at least 1 */
    assert_int_equal(uvs_link_at_clock(&m, 1), 0);
    assert_int_equal(m.latency, 1);
    assert_int_equal(m.hbm_latency, 1);
    assert_int_equal(uvs_ns_to_cycles(2500, 200000), 500);
    assert_int_equal(uvs_ns_to_cycles(7, 200000), 1); /* 1.4 -> 1 */
    assert_int_equal(uvs_ns_to_cycles(8, 200000), 2); /* 1.6 -> 2 */
    /* bad clocks leave the model unchanged */
    assert_int_equal(uvs_link_at_clock(&m, 0), -EINVAL);
    assert_int_equal(uvs_link_at_clock(&m, UVS_CLOCK_MHZ_MAX + 1), -EINVAL);
    assert_int_equal(m.clock_khz, 1000);
}

static void test_bad_parameters(void **state)
{
    (void)state;
    struct uvs_link_model m;
    struct uvs_memsys ms;
    uvs_link_defaults(&m);
    m.hbm_bw_fx = 0;
    assert_int_equal(uvs_memsys_init(&ms, &m), -EINVAL);
    uvs_memsys_fini(&ms); /* nothing allocated: safe */
    uvs_link_defaults(&m);
    m.bw_fx = 0;
    assert_int_equal(uvs_memsys_init(&ms, &m), -EINVAL);
    uvs_memsys_fini(&ms);
}

static void test_single_requests(void **state)
{
    (void)state;
    struct uvs_link_model m;
    struct uvs_memsys ms;
    at_clock(&ms, &m, 1000); /* link 25 B/cycle, 500 cycles; HBM 256 B/cycle, 100 cycles */
    /* an 8-byte HBM load: 8/256 of a cycle, rounded up, + 100 */
    assert_int_equal(uvs_memsys_access(&ms, UVS_LOC_HBM, 1000, 8, UVS_MEMSYS_READ), 1000 + 1 + 100);
    /* host read: request out 500, 8/25 cycle back, 500 back */
    assert_int_equal(uvs_memsys_access(&ms, UVS_LOC_HOST, 5000, 8, UVS_MEMSYS_READ), 5000 + 500 + 1 + 500);
    /* posted host write: done when sent */
    assert_int_equal(uvs_memsys_access(&ms, UVS_LOC_HOST, 9000, 8, UVS_MEMSYS_WRITE), 9001);
    /* host AMO: operand out, result back */
    assert_int_equal(uvs_memsys_access(&ms, UVS_LOC_HOST, 12000, 8, UVS_MEMSYS_ATOMIC), 12000 + 1 + 500 + 1 + 500);
    /* not a shared memory: the next cycle */
    assert_int_equal(uvs_memsys_access(&ms, UVS_LOC_NONE, 7, 8, UVS_MEMSYS_READ), 8);
    assert_int_equal(uvs_memsys_bus_access(&ms, 20000, UVS_SRAM_BASE, 8, UVS_MEMSYS_READ), 20001);
    assert_int_equal(uvs_memsys_bus_access(&ms, 20000, UVS_HBM_BASE + 64, 8, UVS_MEMSYS_WRITE), 20101);
    assert_int_equal(uvs_memsys_loc(UVS_HOSTWIN_BASE + 0x1000), UVS_LOC_HOST);
    assert_int_equal(uvs_memsys_loc(UVS_SRAM_BASE), UVS_LOC_NONE);
    /* counters: link directions counted apart */
    assert_int_equal(uvs_memsys_stat(&ms, UVS_MEMSYS_LINK_H2D).bytes, 16);
    assert_int_equal(uvs_memsys_stat(&ms, UVS_MEMSYS_LINK_D2H).bytes, 16);
    assert_int_equal(uvs_memsys_stat(&ms, UVS_MEMSYS_HBM).bytes, 16);
    assert_int_equal(uvs_memsys_stat(&ms, UVS_MEMSYS_HBM).requests, 2);
    uvs_memsys_fini(&ms);
}

static void test_queueing(void **state)
{
    (void)state;
    struct uvs_link_model m;
    struct uvs_memsys ms;
    at_clock(&ms, &m, 1000);
    /* two 4096-byte transfers issued at cycle 0 on 25 B/cycle: the second queues behind the first */
    assert_int_equal(uvs_memsys_xfer(&ms, UVS_MEMSYS_LINK_H2D, 0, 4096), 164); /* 163.84 */
    assert_int_equal(uvs_memsys_xfer(&ms, UVS_MEMSYS_LINK_H2D, 0, 4096), 328); /* 327.68 */
    /* the other direction is independent */
    assert_int_equal(uvs_memsys_xfer(&ms, UVS_MEMSYS_LINK_D2H, 0, 4096), 164);
    /* a request after the channel went idle is not delayed; idle time is not banked */
    assert_int_equal(uvs_memsys_xfer(&ms, UVS_MEMSYS_LINK_H2D, 10000, 25), 10001);
    /* chained fixed-point transfers do not accumulate cycle rounding: 100 x 10 bytes = 40 cycles
     * (within 1/65536 cycle per transfer) */
    uint64_t t = (uint64_t)20000 << 16;
    for (int i = 0; i < 100; i++)
        t = uvs_memsys_xfer_fx(&ms, UVS_MEMSYS_LINK_H2D, t, 10);
    assert_true(t >= (uint64_t)20040 << 16 && t <= ((uint64_t)20040 << 16) + 100);
    uvs_memsys_fini(&ms);
}

/* Two requesters stream 64-byte requests, each issuing its next when the last completed. */
static void test_two_requesters_share(void **state)
{
    (void)state;
    struct uvs_link_model m;
    struct uvs_memsys ms;
    at_clock(&ms, &m, 200); /* HBM 256 B/cycle, 20 cycles */
    m.hbm_latency = 0;       /* pure bandwidth for the arithmetic */
    ms.ch[UVS_MEMSYS_HBM].latency = 0;
    /* Alone: one requester with 8 outstanding beats (a new one each cycle at most) gets 256 B/cycle. */
    uint64_t bytes[2] = {0, 0}, now = 0;
    for (now = 0; now < 10000; now++)
        for (int r = 0; r < 2; r++)
            for (int k = 0; k < 4; k++) { /* each wants 4 beats = 256 B a cycle: together 2x the channel */
                if (uvs_memsys_access(&ms, UVS_LOC_HBM, now, 64, UVS_MEMSYS_READ) <= now + 64)
                    bytes[r] += 64;
            }
    /* the ledger never places more than the bandwidth: everything requested is placed, but the
     * completions fall behind; over 10000 cycles at most 256 x (10000 + backlog) bytes are due */
    struct uvs_memsys_stat st = uvs_memsys_stat(&ms, UVS_MEMSYS_HBM);
    assert_int_equal(st.bytes, 2ull * 4 * 64 * 10000);
    /* what completed within 64 cycles of issue: about the channel's share (both get the same) */
    assert_true(bytes[0] + bytes[1] <= 256ull * (10000 + 64));
    assert_true(bytes[0] > 0 && bytes[1] > 0);
    uvs_memsys_fini(&ms);

    /* Closed loop: two requesters each with one 64-byte request outstanding at a time over a
     * 64 B/cycle channel share it: each gets half. */
    at_clock(&ms, &m, 200);
    ms.ch[UVS_MEMSYS_SRAM].latency = 0;
    ms.ch[UVS_MEMSYS_SRAM].bw_fx = 64u << 16;
    uint64_t next[2] = {0, 0}, done[2] = {0, 0};
    for (now = 0; now < 100000; now++)
        for (int r = 0; r < 2; r++)
            if (next[r] <= now) {
                next[r] = uvs_memsys_access(&ms, UVS_LOC_SRAM, now, 64, UVS_MEMSYS_READ);
                done[r]++;
            }
    /* together at most one request a cycle; each about half */
    assert_true(done[0] + done[1] <= 100001);
    assert_true(done[0] + done[1] >= 90000);
    assert_true(done[0] > 40000 && done[1] > 40000);
    uvs_memsys_fini(&ms);
}

static void test_future_reservation(void **state)
{
    (void)state;
    struct uvs_link_model m;
    struct uvs_memsys ms;
    at_clock(&ms, &m, 1000);
    /* a DMA-like stream reserves the link from cycle 5000 to 5000 + 2500 */
    assert_int_equal(uvs_memsys_xfer(&ms, UVS_MEMSYS_LINK_H2D, 5000, 62500), 7500);
    /* a request at cycle 100 goes ahead of it */
    assert_int_equal(uvs_memsys_xfer(&ms, UVS_MEMSYS_LINK_H2D, 100, 25), 101);
    /* one inside the reserved span waits for its end (the link is full there) */
    assert_int_equal(uvs_memsys_xfer(&ms, UVS_MEMSYS_LINK_H2D, 6000, 25), 7501);
    uvs_memsys_fini(&ms);
}

/* Reservations longer than the ledger (16 MiB at 1 B/cycle, chunk by chunk) never exceed the bandwidth. */
static void test_beyond_ledger(void **state)
{
    (void)state;
    struct uvs_link_model m;
    struct uvs_memsys ms;
    at_clock(&ms, &m, 200);
    ms.ch[UVS_MEMSYS_LINK_D2H].bw_fx = 1u << 16;
    uint64_t n = 16u << 20, s0 = 5000, t = s0;
    for (uint64_t off = 0; off < n; off += 256)
        t = uvs_memsys_xfer(&ms, UVS_MEMSYS_LINK_D2H, t, 256);
    assert_true(t - s0 >= n);
    /* a request inside the reserved span (more than the ring ago from its end) does not get ahead */
    assert_true(uvs_memsys_xfer(&ms, UVS_MEMSYS_LINK_D2H, s0 + 1000, 256) >= s0 + 1000 + 256);
    uvs_memsys_fini(&ms);
}

/* The same sequence on two memory systems gives the same cycles. */
static void test_deterministic(void **state)
{
    (void)state;
    struct uvs_link_model m;
    struct uvs_memsys a, b;
    at_clock(&a, &m, 200);
    at_clock(&b, &m, 200);
    uint64_t x = 12345;
    for (int i = 0; i < 20000; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t now = (uint64_t)i * 3;
        enum uvs_loc loc = (x >> 60) & 1 ? UVS_LOC_HBM : UVS_LOC_HOST;
        uint64_t n = 8 + ((x >> 20) & 511);
        enum uvs_memsys_kind k = (enum uvs_memsys_kind)((x >> 40) % 3);
        assert_int_equal(uvs_memsys_access(&a, loc, now, n, k), uvs_memsys_access(&b, loc, now, n, k));
    }
    for (unsigned c = 0; c < UVS_MEMSYS_NCHAN; c++)
        assert_memory_equal(&a.ch[c].st, &b.ch[c].st, sizeof a.ch[c].st);
    uvs_memsys_fini(&a);
    uvs_memsys_fini(&b);
}

static void test_utilisation(void **state)
{
    (void)state;
    struct uvs_link_model m;
    struct uvs_memsys ms;
    at_clock(&ms, &m, 200); /* link 125 B/cycle */
    assert_int_equal(uvs_memsys_util_ppm(&ms, UVS_MEMSYS_LINK_H2D, 125000, 1000), 1000000);
    assert_int_equal(uvs_memsys_util_ppm(&ms, UVS_MEMSYS_LINK_H2D, 87500, 1000), 700000);
    assert_int_equal(uvs_memsys_util_ppm(&ms, UVS_MEMSYS_LINK_H2D, 1, 0), 0);
    assert_string_equal(uvs_memsys_name(UVS_MEMSYS_LINK_D2H), "link-d2h");
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    uvs_memsys_xfer(&ms, UVS_MEMSYS_LINK_H2D, 0, 125000);
    uvs_memsys_print(f, &ms, 2000);
    fclose(f);
    assert_non_null(strstr(text, "link-h2d 125000 bytes in 1 requests, 62.50 B/cycle of 125.00, utilisation 50.00 %"));
    free(text);
    uvs_memsys_fini(&ms);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clock_derivation),   cmocka_unit_test(test_bad_parameters),
        cmocka_unit_test(test_single_requests),    cmocka_unit_test(test_queueing),
        cmocka_unit_test(test_two_requesters_share), cmocka_unit_test(test_future_reservation),
        cmocka_unit_test(test_beyond_ledger),      cmocka_unit_test(test_deterministic),      cmocka_unit_test(test_utilisation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * Unit tests (cmocka) of sim/walkcache.c, the line cache of the IOMMU's
 * memory master: a miss costs the HBM line (its bytes counted on the HBM
 * channel), a read of the same line hits in UVS_WALKC_HIT_CYCLES, writes,
 * AMOs and addresses outside HBM are not cached, least recently used
 * replacement. The cache is one static instance: one test, in order.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <uvmsoc/memmap.h>

#include "walkcache.h"

static void test_walkcache(void **state)
{
    (void)state;
    struct uvs_link_model m;
    struct uvs_memsys ms;
    const uint64_t pte = UVS_HBM_BASE + 0x10000; /* a leaf PTE's address */

    assert_int_equal(uvs_link_at_clock(&m, 200), 0);
    assert_int_equal(uvs_memsys_init(&ms, &m), 0);
    /* miss: the whole line on HBM (64 bytes at 256 B/cycle: 1 cycle) + 20 cycles latency */
    assert_int_equal(uvs_walkc_access(&ms, 1000, pte, UVS_MEMSYS_READ), 1000 + 1 + m.hbm_latency);
    assert_int_equal(uvs_memsys_stat(&ms, UVS_MEMSYS_HBM).bytes, UVS_WALKC_LINE);
    /* the neighbouring PTE (next page) in the same line hits; nothing more on HBM */
    assert_int_equal(uvs_walkc_access(&ms, 2000, pte + 8, UVS_MEMSYS_READ), 2000 + UVS_WALKC_HIT_CYCLES);
    assert_int_equal(uvs_memsys_stat(&ms, UVS_MEMSYS_HBM).bytes, UVS_WALKC_LINE);
    /* the next line misses */
    assert_int_equal(uvs_walkc_access(&ms, 3000, pte + 64, UVS_MEMSYS_READ), 3000 + 1 + m.hbm_latency);
    /* an A/D update (AMO) and a write go to memory: 8 bytes each, full latency */
    assert_int_equal(uvs_walkc_access(&ms, 4000, pte, UVS_MEMSYS_ATOMIC), 4000 + 1 + m.hbm_latency);
    assert_int_equal(uvs_walkc_access(&ms, 5000, pte, UVS_MEMSYS_WRITE), 5000 + 1 + m.hbm_latency);
    assert_int_equal(uvs_memsys_stat(&ms, UVS_MEMSYS_HBM).bytes, 2 * UVS_WALKC_LINE + 16);
    /* ...and leave the line cached */
    assert_int_equal(uvs_walkc_access(&ms, 6000, pte + 16, UVS_MEMSYS_READ), 6000 + UVS_WALKC_HIT_CYCLES);
    /* outside HBM (SRAM: 1 cycle, no channel) is not cached */
    assert_int_equal(uvs_walkc_access(&ms, 7000, 0x80001000, UVS_MEMSYS_READ), 7001);
    /* LRU: touch line 0 last, then fill UVS_WALKC_LINES - 1 new lines: line 0 stays, line 1 (pte + 64) went */
    assert_int_equal(uvs_walkc_access(&ms, 8000, pte, UVS_MEMSYS_READ), 8000 + UVS_WALKC_HIT_CYCLES);
    for (uint64_t i = 0; i < UVS_WALKC_LINES - 1; i++)
        assert_int_equal(uvs_walkc_access(&ms, 9000 + 100 * i, pte + 0x1000 + 64 * i, UVS_MEMSYS_READ),
                         9000 + 100 * i + 1 + m.hbm_latency);
    assert_int_equal(uvs_walkc_access(&ms, 20000, pte, UVS_MEMSYS_READ), 20000 + UVS_WALKC_HIT_CYCLES);
    assert_int_equal(uvs_walkc_access(&ms, 21000, pte + 64, UVS_MEMSYS_READ), 21000 + 1 + m.hbm_latency);
    struct uvs_walkc_stat st = uvs_walkc_stat();
    assert_int_equal(st.hits, 4);
    assert_int_equal(st.misses, 2 + UVS_WALKC_LINES - 1 + 1);
    uvs_memsys_fini(&ms);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_walkcache)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}

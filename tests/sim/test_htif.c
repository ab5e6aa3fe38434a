/* Unit tests of sim/htif.c: tohost values to results and exit statuses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <uvmsoc/sim.h>

#include "htif.h"

static void test_none_and_pass(void **state)
{
    int st = -7;
    (void)state;
    assert_int_equal(uvs_htif_decode(0, &st), UVS_HTIF_NONE);
    assert_int_equal(st, -7); /* untouched */
    assert_int_equal(uvs_htif_decode(1, &st), UVS_HTIF_PASS);
    assert_int_equal(st, UVS_EXIT_PASS);
}

static void test_fail_status(void **state)
{
    int st = -1;
    (void)state;
    assert_int_equal(uvs_htif_decode(3, &st), UVS_HTIF_FAIL);
    assert_int_equal(st, 1);
    assert_int_equal(uvs_htif_decode(11, &st), UVS_HTIF_FAIL);
    assert_int_equal(st, 5);
    assert_int_equal(uvs_htif_decode(2 * UVS_EXIT_STATUS_MAX + 1, &st), UVS_HTIF_FAIL);
    assert_int_equal(st, UVS_EXIT_STATUS_MAX);
    assert_int_equal(uvs_htif_decode(2 * UVS_EXIT_STATUS_MAX + 3, &st), UVS_HTIF_FAIL);
    assert_int_equal(st, UVS_EXIT_STATUS_MAX); /* clipped */
    assert_int_equal(uvs_htif_decode(UINT64_MAX, &st), UVS_HTIF_FAIL);
    assert_int_equal(st, UVS_EXIT_STATUS_MAX);
    assert_int_equal(uvs_htif_decode(2 * UVS_FW_EXIT_FATAL_TRAP + 1, &st), UVS_HTIF_FAIL);
    assert_int_equal(st, UVS_FW_EXIT_FATAL_TRAP);
}

static void test_even_is_bad(void **state)
{
    int st = -1;
    (void)state;
    assert_int_equal(uvs_htif_decode(2, &st), UVS_HTIF_BAD);
    assert_int_equal(st, UVS_EXIT_INTERNAL);
    assert_int_equal(uvs_htif_decode(0x8000000000000000ull, &st), UVS_HTIF_BAD);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_none_and_pass),
        cmocka_unit_test(test_fail_status),
        cmocka_unit_test(test_even_is_bad),
    };
    return cmocka_run_group_tests_name("sim/htif", tests, NULL, NULL);
}

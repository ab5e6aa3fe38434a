/*
 * Unit tests of sim/mem.c: regions, byte enables, bus errors, AMOs, LR/SC
 * reservations (RISC-V unprivileged spec chapter 8) and the tohost word.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <uvmsoc/bus.h>

#include "mem.h"

#define SRAM_BYTES (256 * 1024)
#define D(h) (2 * (h) + 1) /* data port of hart h */
#define F(h) (2 * (h))     /* fetch port of hart h */

static int setup(void **state)
{
    static struct uvs_mem m;
    if (uvs_mem_init(&m, SRAM_BYTES) != 0)
        return -1;
    *state = &m;
    return 0;
}

static int teardown(void **state)
{
    uvs_mem_fini(*state);
    return 0;
}

static uint64_t ld(struct uvs_mem *m, unsigned port, uint64_t a)
{
    uint64_t r = 0xdead;
    assert_int_equal(uvs_mem_access(m, port, a, false, 0xff, 0, UVS_AMO_NONE, &r), 0);
    return r;
}

static void st(struct uvs_mem *m, unsigned port, uint64_t a, uint8_t be, uint64_t v)
{
    uint64_t r;
    assert_int_equal(uvs_mem_access(m, port, a, true, be, v, UVS_AMO_NONE, &r), 0);
}

static uint64_t amo(struct uvs_mem *m, unsigned port, unsigned op, uint64_t a, uint8_t be,
                    uint64_t v)
{
    uint64_t r = 0xdead;
    assert_int_equal(uvs_mem_access(m, port, a, true, be, v, op, &r), 0);
    return r;
}

static void test_init_sizes(void **state)
{
    struct uvs_mem m;
    (void)state;
    assert_int_equal(uvs_mem_init(&m, 0), -EINVAL);
    assert_int_equal(uvs_mem_init(&m, 12), -EINVAL);
    assert_int_equal(uvs_mem_init(&m, UVS_SRAM_SIZE + 8), -EINVAL);
    assert_int_equal(uvs_mem_init(&m, 4096), 0);
    assert_int_equal(m.sram_size, 4096);
    uvs_mem_fini(&m);
}

static void test_byte_enables(void **state)
{
    struct uvs_mem *m = *state;
    uint64_t a = UVS_SRAM_BASE + 0x100;
    st(m, D(0), a, 0xff, 0x1122334455667788ull);
    st(m, D(0), a + 4, 0xf0, 0xaabbccdd00000000ull); /* sw at +4 */
    assert_true(ld(m, D(0), a) == 0xaabbccdd55667788ull);
    st(m, D(0), a + 1, 0x02, 0x000000000000ee00ull); /* sb at +1 */
    assert_true(ld(m, D(0), a + 3) == 0xaabbccdd5566ee88ull);
    st(m, D(0), a, 0x00, 0xffffffffffffffffull); /* no lanes: no change */
    assert_true(ld(m, D(0), a) == 0xaabbccdd5566ee88ull);
}

static void test_regions_and_errors(void **state)
{
    struct uvs_mem *m = *state;
    uint64_t r;
    uint64_t top = UVS_SRAM_BASE + SRAM_BYTES;

    m->rom[0x10] = 0x5a;
    assert_true(ld(m, D(0), UVS_BOOTROM_BASE + 0x10) == 0x5a);
    assert_int_equal(uvs_mem_access(m, D(0), UVS_BOOTROM_BASE, true, 0xff, 1, UVS_AMO_NONE, &r),
                     -EFAULT);
    assert_int_equal(m->rom[0], 0);
    assert_int_equal(uvs_mem_access(m, D(0), top - 8, false, 0xff, 0, UVS_AMO_NONE, &r), 0);
    assert_int_equal(uvs_mem_access(m, D(0), top, false, 0xff, 0, UVS_AMO_NONE, &r), -EFAULT);
    assert_int_equal(uvs_mem_access(m, D(0), 0, false, 0xff, 0, UVS_AMO_NONE, &r), -EFAULT);
    assert_int_equal(uvs_mem_access(m, D(0), UVS_UART0_BASE, false, 0x1, 0, UVS_AMO_NONE, &r),
                     -EFAULT);
    assert_int_equal(uvs_mem_access(m, D(0), UVS_BOOTROM_BASE + UVS_BOOTROM_SIZE, false, 0xff, 0,
                                    UVS_AMO_NONE, &r), -EFAULT);
    assert_int_equal(uvs_mem_access(m, UVS_MEM_MAX_PORTS, UVS_SRAM_BASE, false, 0xff, 0,
                                    UVS_AMO_NONE, &r), -EINVAL);
}

static void test_fetch(void **state)
{
    struct uvs_mem *m = *state;
    uint64_t r;
    st(m, D(0), UVS_SRAM_BASE, 0xff, 0x0000006f00a00093ull);
    /* A fetch answers the aligned 8-byte word holding a 2-byte-aligned address. */
    assert_int_equal(uvs_mem_access(m, F(0), UVS_SRAM_BASE, false, 0, 0, UVS_AMO_NONE, &r), 0);
    assert_true(r == 0x0000006f00a00093ull);
    assert_int_equal(uvs_mem_access(m, F(1), UVS_SRAM_BASE + 4, false, 0, 0, UVS_AMO_NONE, &r), 0);
    assert_true(r == 0x0000006f00a00093ull);
    assert_int_equal(uvs_mem_access(m, F(0), UVS_SRAM_BASE + 6, false, 0, 0, UVS_AMO_NONE, &r), 0);
    assert_true(r == 0x0000006f00a00093ull);
    assert_int_equal(uvs_mem_access(m, F(0), UVS_SRAM_BASE + 1, false, 0, 0, UVS_AMO_NONE, &r),
                     -EFAULT);
    assert_int_equal(uvs_mem_access(m, F(0), UVS_CLINT_BASE, false, 0, 0, UVS_AMO_NONE, &r),
                     -EFAULT);
    assert_int_equal(uvs_mem_access(m, F(0), UVS_SRAM_BASE, true, 0xff, 0, UVS_AMO_NONE, &r),
                     -EINVAL);
    assert_int_equal(uvs_mem_access(m, F(0), UVS_SRAM_BASE, false, 0xff, 0, UVS_AMO_ADD, &r),
                     -EINVAL);
}

static void test_amo_64(void **state)
{
    struct uvs_mem *m = *state;
    uint64_t a = UVS_SRAM_BASE + 0x200;
    st(m, D(0), a, 0xff, 5);
    assert_true(amo(m, D(0), UVS_AMO_ADD, a, 0xff, 7) == 5);
    assert_true(ld(m, D(0), a) == 12);
    assert_true(amo(m, D(0), UVS_AMO_SWAP, a, 0xff, 0xf0f0) == 12);
    assert_true(amo(m, D(0), UVS_AMO_XOR, a, 0xff, 0xffff) == 0xf0f0);
    assert_true(amo(m, D(0), UVS_AMO_AND, a, 0xff, 0x0ff0) == 0x0f0f);
    assert_true(amo(m, D(0), UVS_AMO_OR, a, 0xff, 0x1000) == 0x0f00);
    assert_true(ld(m, D(0), a) == 0x1f00);
    st(m, D(0), a, 0xff, (uint64_t)-3);
    amo(m, D(0), UVS_AMO_MIN, a, 0xff, 2);
    assert_true(ld(m, D(0), a) == (uint64_t)-3); /* signed: -3 < 2 */
    amo(m, D(0), UVS_AMO_MINU, a, 0xff, 2);
    assert_true(ld(m, D(0), a) == 2);            /* unsigned: 2 < 2^64-3 */
    amo(m, D(0), UVS_AMO_MAX, a, 0xff, (uint64_t)-9);
    assert_true(ld(m, D(0), a) == 2);
    amo(m, D(0), UVS_AMO_MAXU, a, 0xff, (uint64_t)-9);
    assert_true(ld(m, D(0), a) == (uint64_t)-9);
}

static void test_amo_32(void **state)
{
    struct uvs_mem *m = *state;
    uint64_t a = UVS_SRAM_BASE + 0x300, r;
    st(m, D(0), a, 0xff, 0x7fffffffffffffffull);
    /* amoadd.w on the low word wraps within 32 bits, high word untouched */
    assert_true(amo(m, D(0), UVS_AMO_ADD, a, 0x0f, 1) == 0x7fffffffffffffffull);
    assert_true(ld(m, D(0), a) == 0x7fffffff00000000ull);
    /* amomin.w on the high word compares signed 32-bit values */
    amo(m, D(0), UVS_AMO_MIN, a + 4, 0xf0, 0x8000000000000000ull);
    assert_true(ld(m, D(0), a) == 0x8000000000000000ull);
    amo(m, D(0), UVS_AMO_MAXU, a + 4, 0xf0, 0x1234567800000000ull);
    assert_true(ld(m, D(0), a) == 0x8000000000000000ull);
    amo(m, D(0), UVS_AMO_MINU, a + 4, 0xf0, 0x1234567800000000ull);
    assert_true(ld(m, D(0), a) == 0x1234567800000000ull);
    /* byte enables that are not a word or doubleword, ROM, unknown op */
    assert_int_equal(uvs_mem_access(m, D(0), a, true, 0x03, 1, UVS_AMO_ADD, &r), -EINVAL);
    assert_int_equal(uvs_mem_access(m, D(0), a, true, 0xff, 1, UVS_AMO_MAXU + 1, &r), -EINVAL);
    assert_int_equal(uvs_mem_access(m, D(0), UVS_BOOTROM_BASE, true, 0xff, 1, UVS_AMO_ADD, &r),
                     -EFAULT);
}

static void test_lr_sc(void **state)
{
    struct uvs_mem *m = *state;
    uint64_t a = UVS_SRAM_BASE + 0x400;
    st(m, D(0), a, 0xff, 10);
    assert_true(amo(m, D(0), UVS_AMO_LR, a, 0xff, 0) == 10);
    assert_true(amo(m, D(0), UVS_AMO_SC, a, 0xff, 11) == 0);
    assert_true(ld(m, D(0), a) == 11);
    /* the reservation is consumed: a second SC fails and does not write */
    assert_true(amo(m, D(0), UVS_AMO_SC, a, 0xff, 12) == 1);
    assert_true(ld(m, D(0), a) == 11);
    /* SC to another granule than the reserved one fails */
    amo(m, D(0), UVS_AMO_LR, a, 0xff, 0);
    assert_true(amo(m, D(0), UVS_AMO_SC, a + 8, 0xff, 1) == 1);
    /* SC.W in the same granule (other half) succeeds */
    amo(m, D(0), UVS_AMO_LR, a, 0x0f, 0);
    assert_true(amo(m, D(0), UVS_AMO_SC, a + 4, 0xf0, 0x500000000ull) == 0);
    assert_true(ld(m, D(0), a) == 0x50000000bull);
}

static void test_reservation_killed_by_others(void **state)
{
    struct uvs_mem *m = *state;
    uint64_t a = UVS_SRAM_BASE + 0x500;
    st(m, D(0), a, 0xff, 0);
    /* another hart's store to the granule (other byte) kills it */
    amo(m, D(0), UVS_AMO_LR, a, 0xff, 0);
    st(m, D(1), a + 7, 0x80, 0);
    assert_true(amo(m, D(0), UVS_AMO_SC, a, 0xff, 1) == 1);
    assert_true(ld(m, D(0), a) == 0);
    /* a store to a different granule does not */
    amo(m, D(0), UVS_AMO_LR, a, 0xff, 0);
    st(m, D(1), a + 8, 0xff, 3);
    assert_true(amo(m, D(0), UVS_AMO_SC, a, 0xff, 1) == 0);
    /* the hart's own store does not */
    amo(m, D(0), UVS_AMO_LR, a, 0xff, 0);
    st(m, D(0), a, 0xff, 4);
    assert_true(amo(m, D(0), UVS_AMO_SC, a, 0xff, 5) == 0);
    /* an AMO by another hart kills it */
    amo(m, D(0), UVS_AMO_LR, a, 0xff, 0);
    amo(m, D(2), UVS_AMO_ADD, a, 0xff, 1);
    assert_true(amo(m, D(0), UVS_AMO_SC, a, 0xff, 9) == 1);
    assert_true(ld(m, D(0), a) == 6);
    /* two reservations on one granule: the first SC wins, the second fails */
    amo(m, D(0), UVS_AMO_LR, a, 0xff, 0);
    amo(m, D(1), UVS_AMO_LR, a, 0xff, 0);
    assert_true(amo(m, D(1), UVS_AMO_SC, a, 0xff, 7) == 0);
    assert_true(amo(m, D(0), UVS_AMO_SC, a, 0xff, 8) == 1);
    assert_true(ld(m, D(0), a) == 7);
    assert_int_equal(m->nresv, 0);
}

static void test_tohost(void **state)
{
    struct uvs_mem *m = *state;
    uint64_t a = UVS_SRAM_BASE + 0x600;
    m->tohost = a;
    st(m, D(0), a + 8, 0xff, 1); /* next word: not tohost */
    assert_false(m->tohost_written);
    st(m, D(0), a, 0xff, 0x2b); /* 64-bit store */
    assert_true(m->tohost_written);
    assert_true(m->tohost_value == 0x2b);
    m->tohost_written = false;
    st(m, D(0), a, 0xff, 0);
    m->tohost_written = false;
    /* riscv-test-env: sw value, then sw zero to tohost + 4; the doubleword
     * is decoded after each store, the first already holds the result. */
    st(m, D(0), a, 0x0f, 7);
    assert_true(m->tohost_written);
    assert_true(m->tohost_value == 7);
    m->tohost_written = false;
    st(m, D(0), a, 0xf0, 0);
    assert_true(m->tohost_written);
    assert_true(m->tohost_value == 7);
    m->tohost = 0;
    m->tohost_written = false;
}

static void test_mem_ptr(void **state)
{
    struct uvs_mem *m = *state;
    assert_ptr_equal(uvs_mem_ptr(m, UVS_SRAM_BASE, SRAM_BYTES), m->sram);
    assert_null(uvs_mem_ptr(m, UVS_SRAM_BASE, SRAM_BYTES + 1));
    assert_null(uvs_mem_ptr(m, UVS_SRAM_BASE - 1, 2));
    assert_null(uvs_mem_ptr(m, UVS_SRAM_BASE, 0));
    assert_null(uvs_mem_ptr(m, UINT64_MAX - 3, 8));
    assert_ptr_equal(uvs_mem_ptr(m, UVS_BOOTROM_BASE + 8, 8), m->rom + 8);
    assert_null(uvs_mem_ptr(m, UVS_BOOTROM_BASE + UVS_BOOTROM_SIZE - 4, 8));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_sizes),
        cmocka_unit_test_setup_teardown(test_byte_enables, setup, teardown),
        cmocka_unit_test_setup_teardown(test_regions_and_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fetch, setup, teardown),
        cmocka_unit_test_setup_teardown(test_amo_64, setup, teardown),
        cmocka_unit_test_setup_teardown(test_amo_32, setup, teardown),
        cmocka_unit_test_setup_teardown(test_lr_sc, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reservation_killed_by_others, setup, teardown),
        cmocka_unit_test_setup_teardown(test_tohost, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mem_ptr, setup, teardown),
    };
    return cmocka_run_group_tests_name("sim/mem", tests, NULL, NULL);
}

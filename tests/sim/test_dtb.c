/*
 * Unit tests of sim/dtb.c: DTBs built here with libfdt's sequential-write
 * API (good, wrong hart count, no /cpus, cpu-map not counted), corrupted,
 * truncated and oversized blobs, and the file reader.
 */
#include <errno.h>
#include <libfdt.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <uvmsoc/memmap.h>

#include "dtb.h"

static _Alignas(8) uint8_t buf[2 * UVS_DTB_MAX_SIZE];
static char err[256];

/* Build a tree with @ncpu cpu@N nodes (and a cpu-map) under /cpus when
 * @with_cpus, plus a property of @pad bytes; returns its total size. */
static size_t make_dtb(unsigned ncpu, int with_cpus, size_t pad)
{
    char name[16];
    assert_int_equal(fdt_create(buf, sizeof buf), 0);
    assert_int_equal(fdt_finish_reservemap(buf), 0);
    assert_int_equal(fdt_begin_node(buf, ""), 0);
    assert_int_equal(fdt_property_string(buf, "compatible", "uvmsoc,sim"), 0);
    if (pad) {
        void *p;
        assert_int_equal(fdt_property_placeholder(buf, "pad", (int)pad, &p), 0);
        memset(p, 0, pad);
    }
    if (with_cpus) {
        assert_int_equal(fdt_begin_node(buf, "cpus"), 0);
        for (unsigned i = 0; i < ncpu; i++) {
            snprintf(name, sizeof name, "cpu@%u", i);
            assert_int_equal(fdt_begin_node(buf, name), 0);
            assert_int_equal(fdt_property_u32(buf, "reg", i), 0);
            assert_int_equal(fdt_end_node(buf), 0);
        }
        assert_int_equal(fdt_begin_node(buf, "cpu-map"), 0);
        assert_int_equal(fdt_end_node(buf), 0);
        assert_int_equal(fdt_end_node(buf), 0);
    }
    assert_int_equal(fdt_end_node(buf), 0);
    assert_int_equal(fdt_finish(buf), 0);
    return fdt_totalsize(buf);
}

static int check(size_t size, unsigned harts)
{
    err[0] = '\0';
    return uvs_dtb_check(buf, size, harts, "t.dtb", err, sizeof err);
}

static void test_hart_count(void **state)
{
    (void)state;
    size_t n = make_dtb(1, 1, 0);
    assert_int_equal(check(n, 1), 0);
    assert_int_equal(check(n, 2), -EINVAL);
    assert_non_null(strstr(err, "describes 1 harts"));
    assert_non_null(strstr(err, "model has 2"));
    n = make_dtb(5, 1, 0);
    assert_int_equal(check(n, 5), 0);
    assert_int_equal(check(n, 1), -EINVAL);
    n = make_dtb(0, 1, 0);
    assert_int_equal(check(n, 1), -EINVAL);
}

static void test_no_cpus(void **state)
{
    (void)state;
    size_t n = make_dtb(0, 0, 0);
    assert_int_equal(check(n, 1), -EINVAL);
    assert_non_null(strstr(err, "/cpus"));
}

static void test_malformed(void **state)
{
    (void)state;
    size_t n = make_dtb(1, 1, 0);
    assert_int_equal(check(10, 1), -EINVAL);        /* shorter than a header */
    assert_int_equal(check(n - 1, 1), -EINVAL);     /* truncated */
    assert_non_null(strstr(err, "truncated"));
    buf[0] ^= 0xff;                                  /* bad magic */
    assert_int_equal(check(n, 1), -EINVAL);
    assert_non_null(strstr(err, "t.dtb"));
    n = make_dtb(1, 1, 0);
    /* corrupt the first structure-block token (FDT_BEGIN_NODE) */
    buf[fdt_off_dt_struct(buf) + 3] = 0x7f;
    assert_int_equal(check(n, 1), -EINVAL);
    memset(buf, 'x', 64);                            /* text, not a DTB */
    assert_int_equal(check(64, 1), -EINVAL);
}

static void test_too_large(void **state)
{
    (void)state;
    size_t n = make_dtb(1, 1, UVS_DTB_MAX_SIZE);
    assert_true(n > UVS_DTB_MAX_SIZE);
    assert_int_equal(check(n, 1), -EINVAL);
    assert_non_null(strstr(err, "larger"));
}

static void test_read_file(void **state)
{
    char path[] = "/tmp/uvs-test-dtb-XXXXXX";
    void *blob;
    size_t size, n;
    int fd;
    (void)state;

    n = make_dtb(1, 1, 0);
    fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, buf, n), (ssize_t)n);
    assert_int_equal(uvs_dtb_read_file(path, &blob, &size, err, sizeof err), 0);
    assert_int_equal(size, n);
    assert_memory_equal(blob, buf, n);
    free(blob);
    /* grow the file past the limit */
    memset(buf, 0, sizeof buf);
    assert_int_equal(write(fd, buf, UVS_DTB_MAX_SIZE), (ssize_t)UVS_DTB_MAX_SIZE);
    close(fd);
    assert_int_equal(uvs_dtb_read_file(path, &blob, &size, err, sizeof err), -EFBIG);
    assert_null(blob);
    unlink(path);
    assert_int_equal(uvs_dtb_read_file(path, &blob, &size, err, sizeof err), -ENOENT);
    assert_non_null(strstr(err, path));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hart_count),
        cmocka_unit_test(test_no_cpus),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_too_large),
        cmocka_unit_test(test_read_file),
    };
    return cmocka_run_group_tests_name("sim/dtb", tests, NULL, NULL);
}

/*
 * Unit tests of uvs_dtb_add_devices (sim/dtb.c): the nodes the simulator
 * adds to its built-in DTB for --host-socket and --hbm, read back with
 * libfdt: compatible strings, reg in the parent's cell sizes, HBM size,
 * nothing added when nothing is asked, an existing node kept, a tree
 * without /soc, 1-cell parents that cannot hold the address, bad input;
 * with a PLIC in the tree the added devices name it as their
 * interrupt-parent with their plic.def source numbers, without one they
 * have no interrupt properties.
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
#include <cmocka.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/plic.h>

#include "dtb.h"

static _Alignas(8) uint8_t in[4096];
static char err[256];

/* A small board: / (cells ac/sc), /cpus/cpu@0, optionally /soc (2/2 cells). */
static void make(int ac, int sc, int with_soc, int with_hbm_node)
{
    assert_int_equal(fdt_create(in, sizeof in), 0);
    assert_int_equal(fdt_finish_reservemap(in), 0);
    assert_int_equal(fdt_begin_node(in, ""), 0);
    assert_int_equal(fdt_property_u32(in, "#address-cells", (uint32_t)ac), 0);
    assert_int_equal(fdt_property_u32(in, "#size-cells", (uint32_t)sc), 0);
    assert_int_equal(fdt_begin_node(in, "cpus"), 0);
    assert_int_equal(fdt_begin_node(in, "cpu@0"), 0);
    assert_int_equal(fdt_end_node(in), 0);
    assert_int_equal(fdt_end_node(in), 0);
    if (with_soc) {
        assert_int_equal(fdt_begin_node(in, "soc"), 0);
        assert_int_equal(fdt_property_u32(in, "#address-cells", 2), 0);
        assert_int_equal(fdt_property_u32(in, "#size-cells", 2), 0);
        assert_int_equal(fdt_end_node(in), 0);
    }
    if (with_hbm_node) {
        assert_int_equal(fdt_begin_node(in, "memory@1000000000"), 0);
        assert_int_equal(fdt_property_string(in, "device_type", "memory"), 0);
        assert_int_equal(fdt_property_string(in, "note", "kept"), 0);
        assert_int_equal(fdt_end_node(in), 0);
    }
    assert_int_equal(fdt_end_node(in), 0);
    assert_int_equal(fdt_finish(in), 0);
}

/* reg of the node at path as (base, size) with 2+2 cells. */
static void reg22(const void *fdt, const char *path, uint64_t *base, uint64_t *size)
{
    int node = fdt_path_offset(fdt, path), len = 0;
    assert_true(node >= 0);
    const fdt32_t *r = fdt_getprop(fdt, node, "reg", &len);
    assert_non_null(r);
    assert_int_equal(len, 16);
    *base = (uint64_t)fdt32_to_cpu(r[0]) << 32 | fdt32_to_cpu(r[1]);
    *size = (uint64_t)fdt32_to_cpu(r[2]) << 32 | fdt32_to_cpu(r[3]);
}

static void host_and_hbm(void **state)
{
    (void)state;
    void *out;
    size_t n;
    uint64_t b, s;
    make(2, 2, 1, 0);
    assert_int_equal(uvs_dtb_add_devices(in, 1, 3ull << 30, &out, &n, err, sizeof err), 0);
    assert_int_equal(fdt_check_full(out, n), 0);
    assert_int_equal(n, fdt_totalsize(out));
    int dma = fdt_node_offset_by_compatible(out, -1, "uvmsoc,dma");
    int hif = fdt_node_offset_by_compatible(out, -1, "uvmsoc,hostif");
    assert_true(dma >= 0 && hif >= 0);
    assert_int_equal(fdt_parent_offset(out, dma), fdt_path_offset(out, "/soc"));
    reg22(out, "/soc/dma@10020000", &b, &s);
    assert_true(b == UVS_DMA_BASE && s == UVS_DMA_SIZE);
    reg22(out, "/soc/hostif@10030000", &b, &s);
    assert_true(b == UVS_HOSTIF_BASE && s == UVS_HOSTIF_SIZE);
    reg22(out, "/memory@1000000000", &b, &s);
    assert_true(b == UVS_HBM_BASE && s == (3ull << 30));
    const char *t = fdt_getprop(out, fdt_path_offset(out, "/memory@1000000000"), "device_type", NULL);
    assert_string_equal(t, "memory");
    assert_true(fdt_path_offset(out, "/cpus/cpu@0") >= 0); /* the rest is kept */
    free(out);
}

static void hbm_only_and_nothing(void **state)
{
    (void)state;
    void *out;
    size_t n;
    make(2, 2, 1, 0);
    assert_int_equal(uvs_dtb_add_devices(in, 0, 1 << 20, &out, &n, err, sizeof err), 0);
    assert_true(fdt_node_offset_by_compatible(out, -1, "uvmsoc,hostif") < 0);
    assert_true(fdt_node_offset_by_compatible(out, -1, "uvmsoc,dma") < 0);
    assert_true(fdt_path_offset(out, "/memory@1000000000") >= 0);
    free(out);
    assert_int_equal(uvs_dtb_add_devices(in, 0, 0, &out, &n, err, sizeof err), 0);
    assert_true(fdt_path_offset(out, "/memory@1000000000") < 0);
    assert_true(fdt_path_offset(out, "/soc") >= 0);
    free(out);
}

static void no_soc_goes_to_root(void **state)
{
    (void)state;
    void *out;
    size_t n;
    uint64_t b, s;
    make(2, 2, 0, 0);
    assert_int_equal(uvs_dtb_add_devices(in, 1, 0, &out, &n, err, sizeof err), 0);
    reg22(out, "/hostif@10030000", &b, &s);
    assert_true(b == UVS_HOSTIF_BASE && s == UVS_HOSTIF_SIZE);
    free(out);
}

static void existing_node_kept(void **state)
{
    (void)state;
    void *out;
    size_t n;
    make(2, 2, 1, 1);
    assert_int_equal(uvs_dtb_add_devices(in, 0, 1 << 20, &out, &n, err, sizeof err), 0);
    int m = fdt_path_offset(out, "/memory@1000000000");
    assert_string_equal(fdt_getprop(out, m, "note", NULL), "kept");
    assert_null(fdt_getprop(out, m, "reg", NULL));
    free(out);
}

static void one_cell_root_cannot_hold_hbm(void **state)
{
    (void)state;
    void *out = (void *)1;
    size_t n = 1;
    make(1, 1, 1, 0);
    assert_int_equal(uvs_dtb_add_devices(in, 0, 1 << 20, &out, &n, err, sizeof err), -EINVAL);
    assert_null(out);
    assert_int_equal(n, 0);
    assert_non_null(strstr(err, "HBM memory"));
}

/* A board with /soc holding a PLIC ("riscv,plic0", phandle 7). */
static void make_with_plic(void)
{
    assert_int_equal(fdt_create(in, sizeof in), 0);
    assert_int_equal(fdt_finish_reservemap(in), 0);
    assert_int_equal(fdt_begin_node(in, ""), 0);
    assert_int_equal(fdt_property_u32(in, "#address-cells", 2), 0);
    assert_int_equal(fdt_property_u32(in, "#size-cells", 2), 0);
    assert_int_equal(fdt_begin_node(in, "soc"), 0);
    assert_int_equal(fdt_property_u32(in, "#address-cells", 2), 0);
    assert_int_equal(fdt_property_u32(in, "#size-cells", 2), 0);
    assert_int_equal(fdt_begin_node(in, "interrupt-controller@c000000"), 0);
    assert_int_equal(fdt_property_string(in, "compatible", "riscv,plic0"), 0);
    assert_int_equal(fdt_property_u32(in, "phandle", 7), 0);
    assert_int_equal(fdt_end_node(in), 0);
    assert_int_equal(fdt_end_node(in), 0);
    assert_int_equal(fdt_end_node(in), 0);
    assert_int_equal(fdt_finish(in), 0);
}

/* The u32 property @name of the node at @path; fails the test when absent. */
static uint32_t prop_u32(const void *fdt, const char *path, const char *name)
{
    int len = 0;
    const fdt32_t *v = fdt_getprop(fdt, fdt_path_offset(fdt, path), name, &len);
    assert_non_null(v);
    assert_int_equal(len, 4);
    return fdt32_to_cpu(*v);
}

static void interrupts_through_plic(void **state)
{
    (void)state;
    void *out;
    size_t n;
    make_with_plic();
    assert_int_equal(uvs_dtb_add_devices(in, 1, 0, &out, &n, err, sizeof err), 0);
    assert_int_equal(fdt_check_full(out, n), 0);
    assert_int_equal(prop_u32(out, "/soc/dma@10020000", "interrupt-parent"), 7);
    assert_int_equal(prop_u32(out, "/soc/dma@10020000", "interrupts"), UVS_PLIC_SRC_DMA);
    assert_int_equal(prop_u32(out, "/soc/hostif@10030000", "interrupt-parent"), 7);
    assert_int_equal(prop_u32(out, "/soc/hostif@10030000", "interrupts"), UVS_PLIC_SRC_HOSTIF);
    free(out);
    make(2, 2, 1, 0); /* no PLIC: no interrupt properties */
    assert_int_equal(uvs_dtb_add_devices(in, 1, 0, &out, &n, err, sizeof err), 0);
    assert_null(fdt_getprop(out, fdt_path_offset(out, "/soc/hostif@10030000"), "interrupts", NULL));
    assert_null(fdt_getprop(out, fdt_path_offset(out, "/soc/dma@10020000"), "interrupt-parent", NULL));
    free(out);
}

static void bad_input(void **state)
{
    (void)state;
    void *out;
    size_t n;
    static _Alignas(8) uint8_t junk[64] = "not a device tree";
    assert_int_equal(uvs_dtb_add_devices(junk, 1, 0, &out, &n, err, sizeof err), -EINVAL);
    assert_non_null(strstr(err, "cannot add devices to the DTB"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(host_and_hbm),          cmocka_unit_test(hbm_only_and_nothing),
        cmocka_unit_test(no_soc_goes_to_root),   cmocka_unit_test(existing_node_kept),
        cmocka_unit_test(interrupts_through_plic),
        cmocka_unit_test(one_cell_root_cannot_hold_hbm), cmocka_unit_test(bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

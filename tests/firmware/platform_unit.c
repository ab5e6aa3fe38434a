/*
 * Host unit tests (cmocka) of firmware/platform.c: device-tree checks and
 * platform discovery against trees built here with libfdt's read-write
 * API, good ones and broken ones (bad header, missing nodes, malformed
 * properties). Built with ASan/UBSan by firmware.mk (firmware-tests).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <libfdt.h>

#include "platform.h"

#define TREE_SIZE 8192

/* The tree under test: 8-byte aligned like a real DTB. */
static _Alignas(8) unsigned char tree[TREE_SIZE];
static struct uvs_platform plat;

/* Fails the test when a libfdt call returns an error (negative). */
static void fdt_ok(int rc, const char *what)
{
	if (rc < 0)
		fail_msg("%s: %s", what, fdt_strerror(rc));
}
#define FDT_OK(call) fdt_ok((call), #call)

static int add_node(int parent, const char *name)
{
	int off = fdt_add_subnode(tree, parent, name);

	assert_true(off >= 0);
	return off;
}

static void set_reg2(int node, uint64_t base, uint64_t size)
{
	fdt64_t v[2] = { cpu_to_fdt64(base), cpu_to_fdt64(size) };

	FDT_OK(fdt_setprop(tree, node, "reg", v, sizeof(v)));
}

static void add_cpu(int cpus, uint32_t id, const char *role)
{
	char name[32];
	int cpu;

	snprintf(name, sizeof(name), "cpu@%u", id);
	cpu = add_node(cpus, name);
	FDT_OK(fdt_setprop_string(tree, cpu, "device_type", "cpu"));
	FDT_OK(fdt_setprop_u32(tree, cpu, "reg", id));
	FDT_OK(fdt_setprop_string(tree, cpu, "riscv,isa", "rv64ima_zicsr_zifencei"));
	FDT_OK(fdt_setprop_string(tree, cpu, "uvmsoc,role", role));
}

/* Builds a good board like boards/sim/uvmsoc-c4.dts (1 + ncompute harts). */
static void build_board(unsigned ncompute)
{
	int cpus, soc, uart, clint, mem, chosen, aliases;

	FDT_OK(fdt_create_empty_tree(tree, sizeof(tree)));
	FDT_OK(fdt_setprop_u32(tree, 0, "#address-cells", 2));
	FDT_OK(fdt_setprop_u32(tree, 0, "#size-cells", 2));
	FDT_OK(fdt_setprop_string(tree, 0, "model", "unit test board"));
	FDT_OK(fdt_setprop_string(tree, 0, "compatible", "uvmsoc,sim"));
	FDT_OK(fdt_appendprop_string(tree, 0, "compatible", "uvmsoc,other"));

	cpus = add_node(0, "cpus");
	FDT_OK(fdt_setprop_u32(tree, cpus, "#address-cells", 1));
	FDT_OK(fdt_setprop_u32(tree, cpus, "#size-cells", 0));
	FDT_OK(fdt_setprop_u32(tree, cpus, "timebase-frequency", 10000000));
	/* fdt_add_subnode() puts a node before its siblings: add in reverse. */
	for (unsigned i = ncompute; i >= 1; i--)
		add_cpu(fdt_path_offset(tree, "/cpus"), i, "compute");
	add_cpu(fdt_path_offset(tree, "/cpus"), 0, "management");

	mem = add_node(0, "memory@80000000");
	FDT_OK(fdt_setprop_string(tree, mem, "device_type", "memory"));
	set_reg2(mem, 0x80000000, 0x400000);

	soc = add_node(0, "soc");
	FDT_OK(fdt_setprop_u32(tree, soc, "#address-cells", 2));
	FDT_OK(fdt_setprop_u32(tree, soc, "#size-cells", 2));
	FDT_OK(fdt_setprop_empty(tree, soc, "ranges"));
	clint = add_node(soc, "clint@2000000");
	FDT_OK(fdt_setprop_string(tree, clint, "compatible", "sifive,clint0"));
	FDT_OK(fdt_appendprop_string(tree, clint, "compatible", "riscv,clint0"));
	set_reg2(clint, 0x2000000, 0x10000);
	uart = add_node(fdt_path_offset(tree, "/soc"), "serial@10000000");
	FDT_OK(fdt_setprop_string(tree, uart, "compatible", "ns16550a"));
	set_reg2(uart, 0x10000000, 0x100);
	FDT_OK(fdt_setprop_u32(tree, uart, "clock-frequency", 1000000000));
	FDT_OK(fdt_setprop_u32(tree, uart, "reg-shift", 0));
	FDT_OK(fdt_setprop_u32(tree, uart, "reg-io-width", 1));

	aliases = add_node(0, "aliases");
	FDT_OK(fdt_setprop_string(tree, aliases, "serial0", "/soc/serial@10000000"));
	chosen = add_node(0, "chosen");
	FDT_OK(fdt_setprop_string(tree, chosen, "stdout-path", "serial0:115200n8"));
}

static int node(const char *path)
{
	int off = fdt_path_offset(tree, path);

	assert_true(off >= 0);
	return off;
}

static int discover(void)
{
	int err = uvs_platform_check_dtb(tree, (uintptr_t)tree, sizeof(tree), &plat);

	if (err)
		return err;
	return uvs_platform_discover(tree, &plat);
}

static void good_c4_board(void **state)
{
	(void)state;
	build_board(4);
	assert_int_equal(discover(), 0);
	assert_string_equal(plat.model, "unit test board");
	assert_string_equal(plat.compatible, "uvmsoc,sim");
	assert_int_equal(plat.nharts, 5);
	assert_int_equal(plat.harts[0].hartid, 0);
	assert_int_equal(plat.harts[0].role, UVS_ROLE_MANAGEMENT);
	assert_true(plat.harts[0].okay);
	assert_string_equal(plat.harts[0].isa, "rv64ima_zicsr_zifencei");
	for (unsigned i = 1; i < 5; i++) {
		assert_int_equal(plat.harts[i].hartid, i);
		assert_int_equal(plat.harts[i].role, UVS_ROLE_COMPUTE);
	}
	assert_int_equal(plat.timebase_hz, 10000000);
	assert_int_equal(plat.nmem, 1);
	assert_int_equal(plat.mem[0].base, 0x80000000);
	assert_int_equal(plat.mem[0].size, 0x400000);
	assert_string_equal(plat.uart.compatible, "ns16550a");
	assert_int_equal(plat.uart.base, 0x10000000);
	assert_int_equal(plat.uart.size, 0x100);
	assert_int_equal(plat.uart.clock_hz, 1000000000);
	assert_int_equal(plat.uart.reg_io_width, 1);
	assert_true(plat.uart.from_stdout_path);
	assert_int_equal(plat.clint_base, 0x2000000);
	assert_string_equal(plat.selftest, "");
}

static void status_role_and_selftest(void **state)
{
	(void)state;
	build_board(1);
	FDT_OK(fdt_setprop_string(tree, node("/cpus/cpu@1"), "status", "disabled"));
	FDT_OK(fdt_setprop_string(tree, node("/cpus/cpu@1"), "uvmsoc,role", "janitor"));
	FDT_OK(fdt_setprop_string(tree, node("/chosen"), "uvmsoc,selftest", "timer"));
	assert_int_equal(discover(), 0);
	assert_false(plat.harts[1].okay);
	assert_int_equal(plat.harts[1].role, UVS_ROLE_UNKNOWN);
	assert_string_equal(plat.selftest, "timer");
}

static void uart_without_stdout_path(void **state)
{
	(void)state;
	build_board(0);
	FDT_OK(fdt_delprop(tree, node("/chosen"), "stdout-path"));
	FDT_OK(fdt_setprop_u32(tree, node("/soc/serial@10000000"), "reg-shift", 2));
	FDT_OK(fdt_setprop_u32(tree, node("/soc/serial@10000000"), "reg-io-width", 4));
	assert_int_equal(discover(), 0);
	assert_false(plat.uart.from_stdout_path);
	assert_int_equal(plat.uart.base, 0x10000000);
	assert_int_equal(plat.uart.reg_shift, 2);
	assert_int_equal(plat.uart.reg_io_width, 4);
}

static void two_memory_regions(void **state)
{
	fdt64_t regs[4] = { cpu_to_fdt64(0x80000000), cpu_to_fdt64(0x100000),
			    cpu_to_fdt64(0x90000000), cpu_to_fdt64(0x200000) };

	(void)state;
	build_board(0);
	FDT_OK(fdt_setprop(tree, node("/memory@80000000"), "reg", regs, sizeof(regs)));
	assert_int_equal(discover(), 0);
	assert_int_equal(plat.nmem, 2);
	assert_int_equal(plat.mem[1].base, 0x90000000);
	assert_int_equal(plat.mem[1].size, 0x200000);
}

static void expect_failure(int err, const char *what);

/* Optional host interface and DMA engine: absent -> 0; present -> found; disabled -> ignored. */
static void hostif_and_dma_optional(void **state)
{
	int soc, hostif, dma;

	(void)state;
	build_board(4);
	assert_int_equal(discover(), 0);
	assert_int_equal(plat.hostif_base, 0);
	assert_int_equal(plat.dma_base, 0);
	soc = node("/soc");
	hostif = add_node(soc, "hostif@10030000");
	FDT_OK(fdt_setprop_string(tree, hostif, "compatible", UVS_PLAT_HOSTIF_COMPAT));
	set_reg2(hostif, 0x10030000, 0x10000);
	dma = add_node(node("/soc"), "dma@10020000");
	FDT_OK(fdt_setprop_string(tree, dma, "compatible", UVS_PLAT_DMA_COMPAT));
	FDT_OK(fdt_setprop_string(tree, dma, "status", "disabled"));
	set_reg2(dma, 0x10020000, 0x10000);
	assert_int_equal(discover(), 0);
	assert_int_equal(plat.hostif_base, 0x10030000);
	assert_int_equal(plat.hostif_size, 0x10000);
	assert_int_equal(plat.dma_base, 0);
	FDT_OK(fdt_setprop_string(tree, node("/soc/dma@10020000"), "status", "okay"));
	assert_int_equal(discover(), 0);
	assert_int_equal(plat.dma_base, 0x10020000);
	FDT_OK(fdt_setprop_u32(tree, node("/soc/dma@10020000"), "reg", 1));
	expect_failure(-EPROTO, "dma@10020000");
}

/* Expects discovery to fail with `err` and p->error to contain `what`. */
static void expect_failure(int err, const char *what)
{
	assert_int_equal(discover(), err);
	if (!strstr(plat.error, what))
		fail_msg("error \"%s\" does not mention \"%s\"", plat.error, what);
}

static void bad_magic(void **state)
{
	(void)state;
	build_board(0);
	tree[0] ^= 0xff;
	expect_failure(-EINVAL, "malformed device tree");
}

static void truncated_totalsize(void **state)
{
	(void)state;
	build_board(0);
	fdt_set_totalsize(tree, TREE_SIZE * 2);
	expect_failure(-EINVAL, "totalsize");
}

static void null_and_misaligned_pointer(void **state)
{
	(void)state;
	build_board(0);
	assert_int_equal(uvs_platform_check_dtb(NULL, 0, sizeof(tree), &plat), -EFAULT);
	assert_int_equal(uvs_platform_check_dtb(tree + 4, (uintptr_t)tree, sizeof(tree), &plat),
			 -EFAULT);
	assert_non_null(strstr(plat.error, "no device tree"));
	/* outside the window */
	assert_int_equal(uvs_platform_check_dtb(tree, (uintptr_t)tree + 64, sizeof(tree), &plat),
			 -EFAULT);
}

static void no_cpus(void **state)
{
	(void)state;
	build_board(0);
	FDT_OK(fdt_del_node(tree, node("/cpus")));
	expect_failure(-ENOENT, "no /cpus node");
}

static void no_cpu_nodes(void **state)
{
	(void)state;
	build_board(0);
	FDT_OK(fdt_del_node(tree, node("/cpus/cpu@0")));
	expect_failure(-ENOENT, "no cpu nodes");
}

static void cpu_without_isa(void **state)
{
	(void)state;
	build_board(2);
	FDT_OK(fdt_delprop(tree, node("/cpus/cpu@2"), "riscv,isa"));
	expect_failure(-ENOENT, "/cpus/cpu@2 has no riscv,isa");
}

static void too_many_harts(void **state)
{
	(void)state;
	build_board(UVS_MAX_HARTS);	/* 1 + UVS_MAX_HARTS cpu nodes */
	expect_failure(-E2BIG, "more than");
}

static void no_timebase(void **state)
{
	(void)state;
	build_board(0);
	FDT_OK(fdt_delprop(tree, node("/cpus"), "timebase-frequency"));
	expect_failure(-ENOENT, "timebase-frequency");
}

static void timebase_in_cpu_node(void **state)
{
	(void)state;
	build_board(0);
	FDT_OK(fdt_delprop(tree, node("/cpus"), "timebase-frequency"));
	FDT_OK(fdt_setprop_u64(tree, node("/cpus/cpu@0"), "timebase-frequency", 32768));
	assert_int_equal(discover(), 0);
	assert_int_equal(plat.timebase_hz, 32768);
}

static void zero_timebase(void **state)
{
	(void)state;
	build_board(0);
	FDT_OK(fdt_setprop_u32(tree, node("/cpus"), "timebase-frequency", 0));
	expect_failure(-EPROTO, "timebase-frequency is 0");
}

static void no_memory(void **state)
{
	(void)state;
	build_board(0);
	FDT_OK(fdt_del_node(tree, node("/memory@80000000")));
	expect_failure(-ENOENT, "no memory node");
}

static void memory_reg_wrong_size(void **state)
{
	(void)state;
	build_board(0);
	FDT_OK(fdt_setprop_u32(tree, node("/memory@80000000"), "reg", 0x80000000));
	expect_failure(-EPROTO, "reg is 4 bytes");
}

static void no_uart(void **state)
{
	(void)state;
	build_board(0);
	FDT_OK(fdt_del_node(tree, node("/soc/serial@10000000")));
	expect_failure(-ENOENT, "no UART");
}

static void uart_bad_io_width_property(void **state)
{
	(void)state;
	build_board(0);
	FDT_OK(fdt_setprop_string(tree, node("/soc/serial@10000000"), "reg-io-width", "x"));
	expect_failure(-EPROTO, "malformed reg-io-width");
}

static void no_clint(void **state)
{
	(void)state;
	build_board(0);
	FDT_OK(fdt_del_node(tree, node("/soc/clint@2000000")));
	expect_failure(-ENOENT, "no CLINT");
}

static void translated_bus(void **state)
{
	uint32_t ranges[7] = { 0, 0, 0, 0x10000000, 0, 0, 0x1000 };

	(void)state;
	build_board(0);
	FDT_OK(fdt_setprop(tree, node("/soc"), "ranges", ranges, sizeof(ranges)));
	expect_failure(-ENOTSUP, "identity");
}

static void unterminated_selftest_string(void **state)
{
	(void)state;
	build_board(0);
	FDT_OK(fdt_setprop(tree, node("/chosen"), "uvmsoc,selftest", "abc", 3));
	expect_failure(-EPROTO, "uvmsoc,selftest");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(good_c4_board),
		cmocka_unit_test(hostif_and_dma_optional),
		cmocka_unit_test(status_role_and_selftest),
		cmocka_unit_test(uart_without_stdout_path),
		cmocka_unit_test(two_memory_regions),
		cmocka_unit_test(bad_magic),
		cmocka_unit_test(truncated_totalsize),
		cmocka_unit_test(null_and_misaligned_pointer),
		cmocka_unit_test(no_cpus),
		cmocka_unit_test(no_cpu_nodes),
		cmocka_unit_test(cpu_without_isa),
		cmocka_unit_test(too_many_harts),
		cmocka_unit_test(no_timebase),
		cmocka_unit_test(timebase_in_cpu_node),
		cmocka_unit_test(zero_timebase),
		cmocka_unit_test(no_memory),
		cmocka_unit_test(memory_reg_wrong_size),
		cmocka_unit_test(no_uart),
		cmocka_unit_test(uart_bad_io_width_property),
		cmocka_unit_test(no_clint),
		cmocka_unit_test(translated_bus),
		cmocka_unit_test(unterminated_selftest_string),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

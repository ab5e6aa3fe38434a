/*
 * Host unit tests (cmocka) of uvs_plic_probe() (firmware/plic.c): the PLIC
 * node found by either compatible, the M-mode context of a hart picked from
 * interrupts-extended in any order, and each malformed tree's error: no
 * PLIC (-ENOENT), riscv,ndev missing or 0 (-EPROTO), interrupts-extended
 * missing or not pairs (-EPROTO), a phandle that is no one-cell interrupt
 * controller (-EPROTO), no context for the hart (-ENODEV). Built with
 * ASan/UBSan by firmware.mk (firmware-tests).
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

#include "plic.h"

static _Alignas(8) unsigned char tree[4096];
static char why[128];

static void ok(int rc)
{
	if (rc < 0)
		fail_msg("libfdt: %s", fdt_strerror(rc));
}

/*
 * /cpus/cpu@0 and cpu@1, each with an interrupt controller (phandles 1 and
 * 2, #interrupt-cells = intc_cells), a node "other" (phandle 3, no
 * controller), and /soc/plic with `compat`, riscv,ndev = ndev (omitted if 0)
 * and interrupts-extended = ie[0..n) (omitted if n = 0).
 */
static void build(const char *compat, uint32_t ndev, const uint32_t *ie, int n,
		  uint32_t intc_cells)
{
	int cpus, soc, plic, other;

	ok(fdt_create_empty_tree(tree, sizeof(tree)));
	cpus = fdt_add_subnode(tree, 0, "cpus");
	ok(cpus);
	for (int h = 1; h >= 0; h--) {
		char name[16];
		int cpu, intc;

		snprintf(name, sizeof(name), "cpu@%d", h);
		cpu = fdt_add_subnode(tree, fdt_path_offset(tree, "/cpus"), name);
		ok(cpu);
		ok(fdt_setprop_u32(tree, cpu, "reg", (uint32_t)h));
		intc = fdt_add_subnode(tree, cpu, "interrupt-controller");
		ok(intc);
		ok(fdt_setprop_string(tree, intc, "compatible", "riscv,cpu-intc"));
		ok(fdt_setprop_empty(tree, intc, "interrupt-controller"));
		ok(fdt_setprop_u32(tree, intc, "#interrupt-cells", intc_cells));
		ok(fdt_setprop_u32(tree, intc, "phandle", (uint32_t)h + 1));
	}
	other = fdt_add_subnode(tree, 0, "other");
	ok(other);
	ok(fdt_setprop_u32(tree, other, "phandle", 3));
	soc = fdt_add_subnode(tree, 0, "soc");
	ok(soc);
	plic = fdt_add_subnode(tree, soc, "interrupt-controller@c000000");
	ok(plic);
	ok(fdt_setprop_string(tree, plic, "compatible", compat));
	if (ndev)
		ok(fdt_setprop_u32(tree, plic, "riscv,ndev", ndev));
	if (n) {
		fdt32_t cells[8];

		for (int i = 0; i < n; i++)
			cells[i] = cpu_to_fdt32(ie[i]);
		ok(fdt_setprop(tree, plic, "interrupts-extended", cells, n * 4));
	}
}

/* The context of hart `hart`'s machine external interrupt (11). */
static int probe(uint32_t hart, struct uvs_plic_desc *d)
{
	return uvs_plic_probe(tree, hart, 11, d, why, sizeof(why));
}

static void m_context_of_each_hart(void **state)
{
	static const uint32_t ie[] = { 1, 11, 1, 9, 2, 9, 2, 11 };	/* M0 S0 S1 M1 */
	struct uvs_plic_desc d;

	(void)state;
	build("riscv,plic0", 5, ie, 8, 1);
	assert_int_equal(probe(0, &d), 0);
	assert_int_equal(d.ndev, 5);
	assert_int_equal(d.ctx, 0);
	assert_int_equal(probe(1, &d), 0);
	assert_int_equal(d.ctx, 3);
	build("sifive,plic-1.0.0", 31, ie + 2, 2, 1);		/* S0 only */
	assert_int_equal(probe(0, &d), -ENODEV);
	assert_non_null(strstr(why, "no context for hart 0"));
	build("sifive,plic-1.0.0", 31, ie + 2, 6, 1);		/* S0 S1 M1 */
	assert_int_equal(probe(1, &d), 0);
	assert_int_equal(d.ndev, 31);
	assert_int_equal(d.ctx, 2);
}

/* The firmware as OpenSBI's payload asks for the supervisor external interrupt (9). */
static void s_context_of_each_hart(void **state)
{
	static const uint32_t ie[] = { 1, 11, 1, 9, 2, 9, 2, 11 };	/* M0 S0 S1 M1 */
	struct uvs_plic_desc d;

	(void)state;
	build("riscv,plic0", 5, ie, 8, 1);
	assert_int_equal(uvs_plic_probe(tree, 0, 9, &d, why, sizeof(why)), 0);
	assert_int_equal(d.ctx, 1);
	assert_int_equal(uvs_plic_probe(tree, 1, 9, &d, why, sizeof(why)), 0);
	assert_int_equal(d.ctx, 2);
	build("riscv,plic0", 5, ie, 2, 1);			/* M0 only */
	assert_int_equal(uvs_plic_probe(tree, 0, 9, &d, why, sizeof(why)), -ENODEV);
	assert_non_null(strstr(why, "supervisor external interrupt (9)"));
}

static void broken_trees(void **state)
{
	static const uint32_t ie[] = { 1, 11, 1, 9 };
	static const uint32_t not_intc[] = { 3, 11 };
	struct uvs_plic_desc d;

	(void)state;
	build("vendor,other-plic", 5, ie, 4, 1);
	assert_int_equal(probe(0, &d), -ENOENT);
	build("riscv,plic0", 0, ie, 4, 1);
	assert_int_equal(probe(0, &d), -EPROTO);
	assert_non_null(strstr(why, "riscv,ndev"));
	build("riscv,plic0", 1024, ie, 4, 1);
	assert_int_equal(probe(0, &d), -EPROTO);
	build("riscv,plic0", 5, ie, 0, 1);
	assert_int_equal(probe(0, &d), -EPROTO);
	assert_non_null(strstr(why, "interrupts-extended"));
	build("riscv,plic0", 5, ie, 3, 1);
	assert_int_equal(probe(0, &d), -EPROTO);
	build("riscv,plic0", 5, not_intc, 2, 1);
	assert_int_equal(probe(0, &d), -EPROTO);
	assert_non_null(strstr(why, "context 0"));
	build("riscv,plic0", 5, ie, 4, 2);			/* two-cell intc */
	assert_int_equal(probe(0, &d), -EPROTO);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(m_context_of_each_hart),
		cmocka_unit_test(s_context_of_each_hart),
		cmocka_unit_test(broken_trees),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

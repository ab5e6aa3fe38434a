/* PLIC driver of the management hart (see plic.h). */
#include "plic.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include <libfdt.h>
#include <uvmsoc/plic.h>

#define MAX_SOURCES 1023u	/* PLIC spec: ids 1..1023 */

static const char *const compat[] = { "riscv,plic0", "sifive,plic-1.0.0" };

static int fail(char *why, size_t whylen, int err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static int fail(char *why, size_t whylen, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
	return err;
}

/* One-cell property `name` of `node`: 0 and *v, or -1 when absent or not 4 bytes. */
static int prop_u32(const void *fdt, int node, const char *name, uint32_t *v)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	if (!p || len != 4)
		return -1;
	*v = fdt32_to_cpu(*p);
	return 0;
}

int uvs_plic_probe(const void *fdt, uint32_t hartid, unsigned irq_ext, struct uvs_plic_desc *d,
		   char *why, size_t whylen)
{
	const fdt32_t *ie;
	int node = -1, len;

	for (unsigned i = 0; i < sizeof(compat) / sizeof(compat[0]) && node < 0; i++)
		node = fdt_node_offset_by_compatible(fdt, -1, compat[i]);
	if (node < 0)
		return fail(why, whylen, -ENOENT, "no PLIC node (riscv,plic0 or sifive,plic-1.0.0)");
	if (prop_u32(fdt, node, "riscv,ndev", &d->ndev) != 0 || d->ndev < 1 ||
	    d->ndev > MAX_SOURCES)
		return fail(why, whylen, -EPROTO, "PLIC: riscv,ndev missing or not 1..%u", MAX_SOURCES);
	ie = fdt_getprop(fdt, node, "interrupts-extended", &len);
	if (!ie || len <= 0 || len % 8 != 0)
		return fail(why, whylen, -EPROTO,
			    "PLIC: interrupts-extended missing or not (phandle, interrupt) pairs");
	for (int ctx = 0; ctx < len / 8; ctx++) {
		uint32_t ph = fdt32_to_cpu(ie[2 * ctx]), irq = fdt32_to_cpu(ie[2 * ctx + 1]);
		int intc = fdt_node_offset_by_phandle(fdt, ph), cpu;
		uint32_t cells, reg;

		if (intc < 0 || prop_u32(fdt, intc, "#interrupt-cells", &cells) != 0 || cells != 1 ||
		    !fdt_getprop(fdt, intc, "interrupt-controller", NULL))
			return fail(why, whylen, -EPROTO, "PLIC: context %d: phandle 0x%x is not a "
				    "one-cell interrupt controller", ctx, (unsigned)ph);
		cpu = fdt_parent_offset(fdt, intc);
		if (cpu < 0 || prop_u32(fdt, cpu, "reg", &reg) != 0)
			return fail(why, whylen, -EPROTO, "PLIC: context %d: interrupt controller "
				    "is not inside a cpu node with a one-cell reg", ctx);
		if (reg == hartid && irq == irq_ext) {
			d->ctx = (uint32_t)ctx;
			return 0;
		}
	}
	return fail(why, whylen, -ENODEV, "PLIC: no context for hart %u's %s external "
		    "interrupt (%u)", (unsigned)hartid, irq_ext == 9 ? "supervisor" : "machine", irq_ext);
}

static struct {
	uintptr_t base;
	struct uvs_plic_desc d;
	uvs_plic_handler_t handler[UVS_PLIC_NSOURCES + 1];
} plic;

static volatile uint32_t *reg(uint64_t off)
{
	return (volatile uint32_t *)(plic.base + off);
}

/* The context's enable word holding source id. */
static volatile uint32_t *enable_word(uint32_t id)
{
	return reg(UVS_PLIC_ENABLE_OFF + UVS_PLIC_ENABLE_STRIDE * plic.d.ctx + 4u * (id / 32u));
}

static volatile uint32_t *context_reg(uint64_t off)
{
	return reg(UVS_PLIC_CONTEXT_OFF + UVS_PLIC_CONTEXT_STRIDE * plic.d.ctx + off);
}

int uvs_plic_init(uintptr_t base, const struct uvs_plic_desc *d)
{
	if (base == 0 || d->ndev < 1 || d->ndev > MAX_SOURCES)
		return -EINVAL;
	plic.base = base;
	plic.d = *d;
	*context_reg(UVS_PLIC_THRESHOLD_OFF) = 0;
	for (uint32_t id = 1; id <= d->ndev; id++)
		*reg(UVS_PLIC_PRIORITY_OFF + 4u * id) = 0;
	for (uint32_t w = 0; w <= d->ndev / 32u; w++)
		*enable_word(32u * w) = 0;
	for (uint32_t id = 0; id <= UVS_PLIC_NSOURCES; id++)
		plic.handler[id] = NULL;
	return 0;
}

int uvs_plic_attach(uint32_t id, uint32_t prio, uvs_plic_handler_t handler)
{
	if (plic.base == 0)
		return -ENODEV;
	if (id < 1 || id > plic.d.ndev || id > UVS_PLIC_NSOURCES || prio < 1 ||
	    prio > UVS_PLIC_PRIO_MAX || !handler)
		return -EINVAL;
	plic.handler[id] = handler;
	*reg(UVS_PLIC_PRIORITY_OFF + 4u * id) = prio;
	*enable_word(id) |= 1u << (id % 32u);
	return 0;
}

unsigned uvs_plic_serve(void)
{
	unsigned n = 0;
	uint32_t id;

	if (plic.base == 0)
		return 0;
	while ((id = *context_reg(UVS_PLIC_CLAIM_OFF)) != 0) {
		bool handled = id <= UVS_PLIC_NSOURCES && plic.handler[id];

		if (handled)
			plic.handler[id](id);
		__atomic_thread_fence(__ATOMIC_SEQ_CST);	/* handler's device writes before completion (fence rw, rw) */
		*context_reg(UVS_PLIC_CLAIM_OFF) = id;
		if (!handled) {
			*enable_word(id) &= ~(1u << (id % 32u));
			printf("uvmsoc-fw: PLIC source %u has no handler: disabled\n", (unsigned)id);
		}
		n++;
	}
	return n;
}

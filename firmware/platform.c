/* Platform discovery from the device tree (see platform.h). */
#include "platform.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <libfdt.h>

/* Records a one-line reason in p->error and returns err. */
static int fail(struct uvs_platform *p, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(struct uvs_platform *p, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->error, sizeof(p->error), fmt, ap);
	va_end(ap);
	return err;
}

/* Full path of `node` for messages, "?" if libfdt cannot build it. */
static const char *path_of(const void *fdt, int node, char *buf, int size)
{
	if (fdt_get_path(fdt, node, buf, size) != 0)
		return "?";
	return buf;
}

/* Copies the first string of `src` (at most len bytes) into dst[n], cut to fit. */
static void copy_str(char *dst, size_t n, const char *src, int len)
{
	size_t k = 0;

	while (k + 1 < n && (int)k < len && src[k] != '\0') {
		dst[k] = src[k];
		k++;
	}
	dst[k] = '\0';
}

/*
 * String property `name` of `node`: 0 with *val = NULL if absent, 0 with
 * *val set if it is a NUL-terminated string, -EPROTO otherwise.
 */
static int prop_string(const void *fdt, int node, const char *name,
		       const char **val, int *vlen)
{
	int len;
	const char *s = fdt_getprop(fdt, node, name, &len);

	*val = NULL;
	if (!s)
		return len == -FDT_ERR_NOTFOUND ? 0 : -EPROTO;
	if (len < 1 || s[len - 1] != '\0')
		return -EPROTO;
	*val = s;
	if (vlen)
		*vlen = len;
	return 0;
}

/*
 * Integer property `name` (one u32 or u64 cell group): 0 with *found
 * telling whether it exists, -EPROTO if its size is neither 4 nor 8.
 */
static int prop_uint(const void *fdt, int node, const char *name,
		     uint64_t *val, bool *found)
{
	int len;
	const void *v = fdt_getprop(fdt, node, name, &len);

	*found = false;
	if (!v)
		return len == -FDT_ERR_NOTFOUND ? 0 : -EPROTO;
	if (len == 4)
		*val = fdt32_ld(v);
	else if (len == 8)
		*val = fdt64_ld(v);
	else
		return -EPROTO;
	*found = true;
	return 0;
}

/* Optional u32 property with a default; -EPROTO when malformed or too big. */
static int prop_u32_default(struct uvs_platform *p, const void *fdt, int node,
			    const char *name, uint32_t dflt, uint32_t *out)
{
	uint64_t v = dflt;
	bool found;
	char path[96];

	if (prop_uint(fdt, node, name, &v, &found) != 0 || v > UINT32_MAX)
		return fail(p, -EPROTO, "%s: malformed %s",
			    path_of(fdt, node, path, sizeof(path)), name);
	*out = (uint32_t)v;
	return 0;
}

/* True when a status property is absent, "okay" or "ok" (DT spec 2.3.4). */
static bool node_okay(const void *fdt, int node)
{
	const char *s;

	if (prop_string(fdt, node, "status", &s, NULL) != 0)
		return false;
	return !s || strcmp(s, "okay") == 0 || strcmp(s, "ok") == 0;
}

/* Value of `cells` big-endian 32-bit cells (1 or 2). */
static uint64_t read_cells(const fdt32_t *c, int cells)
{
	uint64_t v = 0;

	for (int i = 0; i < cells; i++)
		v = (v << 32) | fdt32_ld(&c[i]);
	return v;
}

/*
 * Entry `index` of `node`'s reg, decoded with the #address-cells and
 * #size-cells of `parent` (its parent node; DT spec 2.3.6, 2.3.5). *count
 * (if given) gets the number of entries. The caller passes the parent
 * because fdt_parent_offset() rescans the tree from the root.
 */
static int node_reg(struct uvs_platform *p, const void *fdt, int node, int parent,
		    int index, uint64_t *base, uint64_t *size, int *count)
{
	char path[96];
	int ac, sc, len, stride;
	const fdt32_t *reg;

	ac = fdt_address_cells(fdt, parent);
	sc = fdt_size_cells(fdt, parent);
	if (ac < 0 || sc < 0)
		return fail(p, -EPROTO, "%s: bad #address-cells or #size-cells in its parent",
			    path_of(fdt, node, path, sizeof(path)));
	if (ac < 1 || ac > 2 || sc > 2)
		return fail(p, -ERANGE, "%s: #address-cells %d / #size-cells %d not supported (max 2)",
			    path_of(fdt, node, path, sizeof(path)), ac, sc);
	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg)
		return fail(p, -ENOENT, "%s has no reg property",
			    path_of(fdt, node, path, sizeof(path)));
	stride = (ac + sc) * 4;
	if (len <= 0 || len % stride != 0 || len / stride <= index)
		return fail(p, -EPROTO, "%s: reg is %d bytes, expected a non-zero multiple of %d",
			    path_of(fdt, node, path, sizeof(path)), len, stride);
	reg += index * (ac + sc);
	*base = read_cells(reg, ac);
	*size = sc ? read_cells(reg + ac, sc) : 0;
	if (count)
		*count = len / stride;
	return 0;
}

/*
 * First reg entry of a memory-mapped device node; every ancestor below the
 * root must have an empty "ranges" (identity mapping, DT spec 2.3.8).
 */
static int node_mmio(struct uvs_platform *p, const void *fdt, int node,
		     uint64_t *base, uint64_t *size)
{
	char path[96];
	int parent = fdt_parent_offset(fdt, node);
	int err;

	if (parent < 0)
		return fail(p, -EINVAL, "%s: no parent: %s",
			    path_of(fdt, node, path, sizeof(path)), fdt_strerror(parent));
	err = node_reg(p, fdt, node, parent, 0, base, size, NULL);
	if (err)
		return err;
	for (int n = parent; n > 0; n = fdt_parent_offset(fdt, n)) {
		int len;

		if (!fdt_getprop(fdt, n, "ranges", &len) || len != 0)
			return fail(p, -ENOTSUP, "%s: only identity (empty) ranges are supported",
				    path_of(fdt, n, path, sizeof(path)));
	}
	return 0;
}

static int discover_root(struct uvs_platform *p, const void *fdt)
{
	const char *s;
	int len;

	if (prop_string(fdt, 0, "model", &s, &len) != 0)
		return fail(p, -EPROTO, "/model is not a string");
	if (s)
		copy_str(p->model, sizeof(p->model), s, len);
	if (prop_string(fdt, 0, "compatible", &s, &len) != 0)
		return fail(p, -EPROTO, "/compatible is not a string list");
	if (s)
		copy_str(p->compatible, sizeof(p->compatible), s, len);
	return 0;
}

static enum uvs_hart_role parse_role(const char *s)
{
	if (s && strcmp(s, "management") == 0)
		return UVS_ROLE_MANAGEMENT;
	if (s && strcmp(s, "compute") == 0)
		return UVS_ROLE_COMPUTE;
	return UVS_ROLE_UNKNOWN;
}

static int discover_harts(struct uvs_platform *p, const void *fdt)
{
	char path[96];
	int cpus = fdt_path_offset(fdt, "/cpus");
	int child, first_cpu = -1;
	uint64_t tb = 0;
	bool found = false;

	if (cpus < 0)
		return fail(p, -ENOENT, "no /cpus node");
	fdt_for_each_subnode(child, fdt, cpus) {
		const char *type, *isa, *role;
		struct uvs_hart_desc *h;
		uint64_t id, unused;
		int err, len;

		if (prop_string(fdt, child, "device_type", &type, NULL) != 0 ||
		    !type || strcmp(type, "cpu") != 0)
			continue;
		if (p->nharts == UVS_MAX_HARTS)
			return fail(p, -E2BIG, "more than %d cpu nodes", (int)UVS_MAX_HARTS);
		err = node_reg(p, fdt, child, cpus, 0, &id, &unused, NULL);
		if (err)
			return err;
		if (id > UINT32_MAX)
			return fail(p, -ERANGE, "%s: hart id 0x%llx too large",
				    path_of(fdt, child, path, sizeof(path)), (unsigned long long)id);
		if (prop_string(fdt, child, "riscv,isa", &isa, &len) != 0 || !isa)
			return fail(p, -ENOENT, "%s has no riscv,isa string",
				    path_of(fdt, child, path, sizeof(path)));
		h = &p->harts[p->nharts];
		copy_str(h->isa, sizeof(h->isa), isa, len);
		h->hartid = (uint32_t)id;
		if (prop_string(fdt, child, "uvmsoc,role", &role, NULL) != 0)
			role = NULL;
		h->role = parse_role(role);
		h->okay = node_okay(fdt, child);
		if (first_cpu < 0)
			first_cpu = child;
		p->nharts++;
	}
	if (child != -FDT_ERR_NOTFOUND)
		return fail(p, -EINVAL, "/cpus: %s", fdt_strerror(child));
	if (p->nharts == 0)
		return fail(p, -ENOENT, "no cpu nodes (device_type \"cpu\") under /cpus");

	if (prop_uint(fdt, cpus, "timebase-frequency", &tb, &found) != 0)
		return fail(p, -EPROTO, "/cpus: malformed timebase-frequency");
	if (!found && prop_uint(fdt, first_cpu, "timebase-frequency", &tb, &found) != 0)
		return fail(p, -EPROTO, "%s: malformed timebase-frequency",
			    path_of(fdt, first_cpu, path, sizeof(path)));
	if (!found)
		return fail(p, -ENOENT, "no timebase-frequency in /cpus or its first cpu node");
	if (tb == 0)
		return fail(p, -EPROTO, "timebase-frequency is 0");
	p->timebase_hz = tb;
	return 0;
}

static int discover_memory(struct uvs_platform *p, const void *fdt)
{
	int node = fdt_node_offset_by_prop_value(fdt, -1, "device_type", "memory",
						 sizeof("memory"));

	for (; node >= 0;
	     node = fdt_node_offset_by_prop_value(fdt, node, "device_type", "memory",
						  sizeof("memory"))) {
		int count = 1;
		int parent = fdt_parent_offset(fdt, node);

		if (parent < 0)
			return fail(p, -EINVAL, "memory node: no parent: %s", fdt_strerror(parent));
		if (!node_okay(fdt, node))
			continue;
		for (int i = 0; i < count; i++) {
			struct uvs_mem_desc *m;
			int err;

			if (p->nmem == UVS_PLAT_MAX_MEM)
				return fail(p, -E2BIG, "more than %d memory regions",
					    UVS_PLAT_MAX_MEM);
			m = &p->mem[p->nmem];
			err = node_reg(p, fdt, node, parent, i, &m->base, &m->size, &count);
			if (err)
				return err;
			p->nmem++;
		}
	}
	if (node != -FDT_ERR_NOTFOUND)
		return fail(p, -EINVAL, "searching memory nodes: %s", fdt_strerror(node));
	if (p->nmem == 0)
		return fail(p, -ENOENT, "no memory node (device_type \"memory\")");
	return 0;
}

static bool is_16550(const void *fdt, int node)
{
	return fdt_node_check_compatible(fdt, node, "ns16550a") == 0 ||
	       fdt_node_check_compatible(fdt, node, "ns16550") == 0;
}

/* Console UART: the stdout-path node if it is a 16550, else the first one. */
static int find_uart(const void *fdt, bool *from_stdout_path)
{
	static const char *const compat[] = { "ns16550a", "ns16550" };
	int chosen = fdt_path_offset(fdt, "/chosen");
	const char *sp;

	*from_stdout_path = false;
	if (chosen >= 0 && prop_string(fdt, chosen, "stdout-path", &sp, NULL) == 0 && sp) {
		const char *colon = strchr(sp, ':');	/* "path:options" */
		int len = colon ? (int)(colon - sp) : (int)strlen(sp);
		int node = fdt_path_offset_namelen(fdt, sp, len);

		if (node >= 0 && is_16550(fdt, node) && node_okay(fdt, node)) {
			*from_stdout_path = true;
			return node;
		}
	}
	for (size_t i = 0; i < sizeof(compat) / sizeof(compat[0]); i++) {
		int node = fdt_node_offset_by_compatible(fdt, -1, compat[i]);

		for (; node >= 0; node = fdt_node_offset_by_compatible(fdt, node, compat[i]))
			if (node_okay(fdt, node))
				return node;
	}
	return -1;
}

static int discover_uart(struct uvs_platform *p, const void *fdt)
{
	struct uvs_uart_desc *u = &p->uart;
	char path[96];
	const char *compat;
	int node, err, len;
	bool found;

	node = find_uart(fdt, &u->from_stdout_path);
	if (node < 0)
		return fail(p, -ENOENT, "no UART: no ns16550a/ns16550 node (nor stdout-path to one)");
	if (prop_string(fdt, node, "compatible", &compat, &len) != 0 || !compat)
		return fail(p, -EPROTO, "%s: malformed compatible",
			    path_of(fdt, node, path, sizeof(path)));
	copy_str(u->compatible, sizeof(u->compatible), compat, len);
	err = node_mmio(p, fdt, node, &u->base, &u->size);
	if (!err)
		err = prop_u32_default(p, fdt, node, "reg-shift", 0, &u->reg_shift);
	if (!err)
		err = prop_u32_default(p, fdt, node, "reg-io-width", 1, &u->reg_io_width);
	if (err)
		return err;
	if (prop_uint(fdt, node, "clock-frequency", &u->clock_hz, &found) != 0)
		return fail(p, -EPROTO, "%s: malformed clock-frequency",
			    path_of(fdt, node, path, sizeof(path)));
	if (!found)
		u->clock_hz = 0;
	return 0;
}

/*
 * Optional block `compat` (first okay node): base and size stay 0 when there
 * is none; a node with a malformed reg is an error.
 */
static int discover_optional(struct uvs_platform *p, const void *fdt, const char *compat,
			     uint64_t *base, uint64_t *size)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, compat);

	for (; node >= 0; node = fdt_node_offset_by_compatible(fdt, node, compat))
		if (node_okay(fdt, node))
			return node_mmio(p, fdt, node, base, size);
	return 0;
}

static int discover_clint(struct uvs_platform *p, const void *fdt)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, "riscv,clint0");

	if (node < 0)
		node = fdt_node_offset_by_compatible(fdt, -1, "sifive,clint0");
	if (node < 0)
		return fail(p, -ENOENT, "no CLINT node (riscv,clint0 or sifive,clint0)");
	return node_mmio(p, fdt, node, &p->clint_base, &p->clint_size);
}

static int discover_chosen(struct uvs_platform *p, const void *fdt)
{
	int chosen = fdt_path_offset(fdt, "/chosen");
	const char *s;
	int len;

	if (chosen < 0)
		return 0;
	if (prop_string(fdt, chosen, "uvmsoc,selftest", &s, &len) != 0)
		return fail(p, -EPROTO, "/chosen/uvmsoc,selftest is not a string");
	if (s)
		copy_str(p->selftest, sizeof(p->selftest), s, len);
	return 0;
}

int uvs_platform_check_dtb(const void *dtb, uintptr_t window_base,
			   uintptr_t window_size, struct uvs_platform *p)
{
	uintptr_t a = (uintptr_t)dtb;
	uintptr_t room;
	int err;

	memset(p, 0, sizeof(*p));
	if (a == 0 || (a & 7) != 0 || a < window_base ||
	    a - window_base > window_size || window_size - (a - window_base) < FDT_V1_SIZE)
		return fail(p, -EFAULT, "no device tree: address 0x%llx is not 8-byte aligned "
			    "inside the window 0x%llx + 0x%llx", (unsigned long long)a,
			    (unsigned long long)window_base, (unsigned long long)window_size);
	err = fdt_check_header(dtb);
	if (err != 0)
		return fail(p, -EINVAL, "malformed device tree at 0x%llx: %s",
			    (unsigned long long)a, fdt_strerror(err));
	room = window_size - (a - window_base);
	if (fdt_totalsize(dtb) > room)
		return fail(p, -EINVAL, "malformed device tree at 0x%llx: totalsize %u runs past "
			    "the end of memory (%llu bytes left)", (unsigned long long)a,
			    (unsigned)fdt_totalsize(dtb), (unsigned long long)room);
	return 0;
}

int uvs_platform_discover(const void *fdt, struct uvs_platform *p)
{
	int err;

	memset(p, 0, sizeof(*p));
	err = discover_root(p, fdt);
	if (!err)
		err = discover_harts(p, fdt);
	if (!err)
		err = discover_memory(p, fdt);
	if (!err)
		err = discover_uart(p, fdt);
	if (!err)
		err = discover_clint(p, fdt);
	if (!err)
		err = discover_chosen(p, fdt);
	if (!err)
		err = discover_optional(p, fdt, UVS_PLAT_HOSTIF_COMPAT, &p->hostif_base,
					&p->hostif_size);
	if (!err)
		err = discover_optional(p, fdt, UVS_PLAT_DMA_COMPAT, &p->dma_base, &p->dma_size);
	if (!err)
		err = discover_optional(p, fdt, UVS_PLAT_PLIC_COMPAT, &p->plic_base, &p->plic_size);
	if (!err && p->plic_base == 0)
		err = discover_optional(p, fdt, "sifive,plic-1.0.0", &p->plic_base, &p->plic_size);
	return err;
}

const char *uvs_hart_role_name(enum uvs_hart_role role)
{
	switch (role) {
	case UVS_ROLE_MANAGEMENT: return "management";
	case UVS_ROLE_COMPUTE:    return "compute";
	default:                  return "unknown";
	}
}

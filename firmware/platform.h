/*
 * Platform discovery from a flattened device tree (libfdt).
 *
 * Reads what the firmware needs from the DTB the boot ROM passes in a1
 * (Devicetree Specification v0.4: /cpus (3.7, 3.8), /memory (3.4),
 * /chosen stdout-path (3.6), /aliases (3.3); bindings riscv/cpus.yaml,
 * serial/8250.yaml, timer/sifive,clint.yaml). Pure libfdt code: it also
 * builds for the host, where tests/firmware feeds it broken trees.
 */
#ifndef UVS_PLATFORM_H
#define UVS_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>

#include <uvmsoc/memmap.h>

#define UVS_PLAT_STR_MAX 64	/**< longest string kept, with its NUL (longer ones are cut) */
#define UVS_PLAT_MAX_MEM 8	/**< most memory regions kept */
#define UVS_PLAT_HOSTIF_COMPAT "uvmsoc,hostif"	/**< compatible of the host interface (BAR0 block, hostif.def) */
#define UVS_PLAT_DMA_COMPAT    "uvmsoc,dma"	/**< compatible of the DMA engine (dma.def) */
#define UVS_PLAT_PLIC_COMPAT   "riscv,plic0"	/**< compatible of the PLIC (plic.def; also "sifive,plic-1.0.0") */

/** What a hart is for (property "uvmsoc,role" of its cpu node). */
enum uvs_hart_role {
	UVS_ROLE_UNKNOWN,	/**< property absent or unrecognised */
	UVS_ROLE_MANAGEMENT,	/**< "management": runs this firmware */
	UVS_ROLE_COMPUTE,	/**< "compute": runs kernels */
};

/** One cpu node under /cpus. */
struct uvs_hart_desc {
	uint32_t hartid;			/**< reg: the hart's mhartid */
	enum uvs_hart_role role;		/**< uvmsoc,role */
	bool okay;				/**< status absent, "okay" or "ok" */
	char isa[UVS_PLAT_STR_MAX];		/**< riscv,isa */
};

/** One (base, size) pair of a memory node's reg, in bytes. */
struct uvs_mem_desc {
	uint64_t base;
	uint64_t size;
};

/** The console UART. */
struct uvs_uart_desc {
	char compatible[UVS_PLAT_STR_MAX];	/**< first compatible string */
	uint64_t base;				/**< register block address */
	uint64_t size;				/**< register block size in bytes */
	uint64_t clock_hz;			/**< clock-frequency in Hz, 0 if absent */
	uint32_t reg_shift;			/**< reg-shift, default 0 */
	uint32_t reg_io_width;			/**< reg-io-width in bytes, default 1 */
	bool from_stdout_path;			/**< found through /chosen/stdout-path */
};

/** Everything discovered; filled by uvs_platform_discover(). */
struct uvs_platform {
	char model[UVS_PLAT_STR_MAX];		/**< /model ("" if absent) */
	char compatible[UVS_PLAT_STR_MAX];	/**< first string of /compatible ("" if absent) */
	uint32_t nharts;			/**< cpu nodes found */
	struct uvs_hart_desc harts[UVS_MAX_HARTS];
	uint64_t timebase_hz;			/**< timebase-frequency in Hz (mtime rate), never 0 */
	uint32_t nmem;				/**< memory regions found */
	struct uvs_mem_desc mem[UVS_PLAT_MAX_MEM];
	struct uvs_uart_desc uart;
	uint64_t clint_base;			/**< CLINT register block */
	uint64_t clint_size;
	uint64_t hostif_base;			/**< host interface block (optional; 0 = none) */
	uint64_t hostif_size;
	uint64_t dma_base;			/**< DMA engine registers (optional; 0 = none) */
	uint64_t dma_size;
	uint64_t plic_base;			/**< PLIC registers (optional; 0 = none) */
	uint64_t plic_size;
	char selftest[UVS_PLAT_STR_MAX];	/**< /chosen/uvmsoc,selftest ("" if absent) */
	char error[160];			/**< why discovery failed (one line) */
};

/**
 * Checks that `dtb` can be read as a flattened device tree before anything
 * else touches it: non-NULL, 8-byte aligned (DT spec 5.1), header and
 * whole totalsize inside [window_base, window_base + window_size) (the
 * SRAM window on the target), and accepted by fdt_check_header() (magic,
 * version, block offsets). Returns 0, or -EFAULT (pointer unusable) or
 * -EINVAL (header rejected) with the reason in p->error.
 */
int uvs_platform_check_dtb(const void *dtb, uintptr_t window_base,
			   uintptr_t window_size, struct uvs_platform *p);

/**
 * Fills `p` from the flattened device tree at `fdt`. The caller must have
 * checked the blob with uvs_platform_check_dtb(); every property is still
 * length-checked here. Required: /cpus with at least one cpu node (each
 * with reg and riscv,isa), timebase-frequency (in /cpus or the first cpu),
 * at least one memory node, a 16550 UART ("ns16550a" or "ns16550": the
 * stdout-path node if it is one, else the first such node), a CLINT
 * ("riscv,clint0" or "sifive,clint0"). Optional: the host interface
 * (UVS_PLAT_HOSTIF_COMPAT), the DMA engine (UVS_PLAT_DMA_COMPAT) and the
 * PLIC (UVS_PLAT_PLIC_COMPAT), first okay node of each; base 0 when absent. Addresses are translated only
 * through empty (identity) "ranges".
 * Returns 0; on failure p->error says what is wrong and the result is
 * -EINVAL (libfdt reported a structure error), -ENOENT (required node or
 * property missing), -EPROTO (property of the wrong size or not a string),
 * -E2BIG (more than UVS_MAX_HARTS harts or UVS_PLAT_MAX_MEM regions),
 * -ERANGE (#address-cells/#size-cells above 2) or -ENOTSUP (non-identity
 * ranges on the way to the root).
 */
int uvs_platform_discover(const void *fdt, struct uvs_platform *p);

/** Short name of `role`: "management", "compute" or "unknown". */
const char *uvs_hart_role_name(enum uvs_hart_role role);

#endif /* UVS_PLATFORM_H */

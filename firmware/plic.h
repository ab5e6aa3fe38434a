/*
 * PLIC driver of the management hart (RISC-V PLIC specification v1.0.0;
 * register layout include/uvmsoc/plic.def; device tree binding
 * interrupt-controller/sifive,plic-1.0.0.yaml).
 *
 * The firmware owns its hart's M-mode context: it gives each source it
 * serves a priority, enables it there with threshold 0, and serves the
 * external interrupt by claim / handler / complete (uvs_plic_serve()).
 * Everything else stays disabled, so a source nobody handles cannot raise
 * mip.MEIP.
 */
#ifndef UVS_PLIC_H
#define UVS_PLIC_H

#include <stddef.h>
#include <stdint.h>

/** A PLIC as the device tree describes it, seen from one hart's M mode. */
struct uvs_plic_desc {
	uint32_t ndev;	/**< riscv,ndev: sources 1..ndev (1..1023) */
	uint32_t ctx;	/**< context whose interrupt is the hart's external interrupt of the firmware's mode */
};

/**
 * Finds the PLIC ("riscv,plic0" or "sifive,plic-1.0.0", first node) in
 * `fdt` and, in its interrupts-extended (one entry per context, each a
 * phandle of a hart's "riscv,cpu-intc" with #interrupt-cells = 1 and the
 * interrupt number), the context that raises interrupt `irq_ext` (11 machine
 * external, 9 supervisor external: privileged spec 3.1.9; the firmware's
 * mode, priv.h) of the hart whose cpu node has reg = `hartid`. Pure libfdt:
 * builds for the host as well.
 * Returns 0, or -ENOENT (no PLIC node), -EPROTO (riscv,ndev missing or not
 * 1..1023; interrupts-extended missing, of a bad length, naming a node that
 * is not a one-cell interrupt controller inside a cpu node), -ENODEV (no
 * context for that hart and interrupt), with one line saying why in `why`.
 */
int uvs_plic_probe(const void *fdt, uint32_t hartid, unsigned irq_ext, struct uvs_plic_desc *d,
		   char *why, size_t whylen);

/** Handler of one interrupt source; called between its claim and its completion. */
typedef void (*uvs_plic_handler_t)(uint32_t id);

/**
 * Takes over the PLIC at `base` for context `d->ctx`: every source's
 * priority 0, every enable of the context off, threshold 0, no handlers.
 * Returns 0, or -EINVAL if base is 0 or d->ndev is not 1..1023.
 */
int uvs_plic_init(uintptr_t base, const struct uvs_plic_desc *d);

/**
 * Serves source `id` with `handler` at priority `prio` (1..7; plic.def
 * PLIC_PRIO_MAX): sets its priority and enables it in the context.
 * Returns 0, or -ENODEV (uvs_plic_init() not done), -EINVAL (id not
 * 1..ndev, prio not 1..PLIC_PRIO_MAX, handler NULL).
 */
int uvs_plic_attach(uint32_t id, uint32_t prio, uvs_plic_handler_t handler);

/**
 * Serves the external interrupt: claims sources until the claim returns 0,
 * calls each one's handler and completes it (spec "Interrupt Claim
 * Process", "Interrupt Completion"). A claimed source without a handler is
 * disabled and reported on the console (it cannot interrupt again).
 * Returns the number of sources served, 0 if none was pending (or no PLIC).
 */
unsigned uvs_plic_serve(void);

#endif /* UVS_PLIC_H */

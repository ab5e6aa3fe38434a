/*
 * The privilege mode the management firmware runs in, and the operations
 * that differ between them: M mode when the boot ROM enters it directly,
 * S mode when it is the payload of OpenSBI's fw_jump (crt0.S; the default
 * boot chain, docs/architecture.md "Boot flow"). Interrupt codes and CSR
 * bits follow the privileged spec 20211203, 3.1.9 (mip/mie) and 4.1.3
 * (sip/sie). Compute harts always run in M mode (hart.c) and do not use this.
 */
#ifndef UVS_PRIV_H
#define UVS_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "platform.h"

/** 1 when hart 0 entered through uvs_entry_s (S mode), 0 for M mode; set by crt0.S. */
extern uint8_t uvs_fw_smode;

/** Interrupt code of the firmware's own timer interrupt: 7 (MTI) or 5 (STI). */
unsigned uvs_priv_irq_timer(void);

/** Interrupt code of the firmware's own external interrupt: 11 (MEI) or 9 (SEI). */
unsigned uvs_priv_irq_ext(void);

/**
 * uvs_priv_irq_enable - set (@on) or clear the enable bit of interrupt
 * @code (< 64) in mie (M mode) or sie (S mode). With the global enable off,
 * an enabled pending interrupt still ends a WFI (priv. spec 3.3.3).
 */
void uvs_priv_irq_enable(unsigned code, bool on);

/** uvs_priv_irq_global - set or clear mstatus.MIE (M) or sstatus.SIE (S). */
void uvs_priv_irq_global(bool on);

/** uvs_priv_irq_pending - interrupt @code's bit in mip (M) or sip (S). */
bool uvs_priv_irq_pending(unsigned code);

/**
 * uvs_priv_time - mtime in ticks: the CLINT's register in M mode, the time
 * CSR in S mode (the M-mode firmware may protect the CLINT, as OpenSBI does
 * with PMP, and enables time through mcounteren).
 */
uint64_t uvs_priv_time(const struct uvs_platform *p);

/**
 * uvs_priv_timer_arm - make the firmware's timer interrupt pending once
 * mtime >= @when (mtime ticks); UINT64_MAX disarms. M mode: hart @hartid's
 * CLINT mtimecmp; S mode: the SBI TIME extension. Returns 0 or a negative
 * errno (the SBI's error).
 */
int uvs_priv_timer_arm(const struct uvs_platform *p, uint32_t hartid, uint64_t when);

#endif /* UVS_PRIV_H */

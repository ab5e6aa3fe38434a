/*
 * Machine-mode trap handling for the management hart.
 *
 * Interrupts with a registered handler are dispatched to it; any other trap
 * (every exception, unexpected interrupts) is fatal: one console line
 * "uvmsoc-fw: fatal trap: <cause> (mcause 0x..) mepc 0x.. mtval 0x..", then
 * exit with UVS_FW_EXIT_FATAL_TRAP through tohost.
 */
#ifndef UVS_TRAP_H
#define UVS_TRAP_H

#include <stdint.h>

#include "trap_frame.h"

/** An interrupt handler; may edit the frame (restored on return). */
typedef void (*uvs_irq_handler_t)(struct uvs_trap_frame *frame);

/** Interrupt codes that can have a handler: 0..UVS_TRAP_MAX_IRQ-1. */
#define UVS_TRAP_MAX_IRQ 16

/**
 * Installs `handler` for interrupt code `code` (mcause without bit 63, e.g.
 * IRQ_M_TIMER from csr.h); NULL removes it (the interrupt becomes fatal).
 * Returns 0, or -EINVAL if code >= UVS_TRAP_MAX_IRQ.
 */
int uvs_trap_set_irq_handler(unsigned code, uvs_irq_handler_t handler);

/**
 * Name of the trap `mcause` stands for (Privileged spec 20211203, table
 * 3.6), e.g. "illegal instruction"; "reserved" for unassigned codes.
 */
const char *uvs_trap_cause_name(uint64_t mcause);

/** C trap handler, called by uvs_trap_entry with the saved frame. */
void uvs_trap_handler(struct uvs_trap_frame *frame);

#endif /* UVS_TRAP_H */

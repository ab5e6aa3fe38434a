/*
 * HTIF tohost/fromhost: how a program ends in uvmsoc-sim
 * (docs/architecture.md, "Boot flow" step 5; include/uvmsoc/sim.def).
 */
#ifndef UVS_HTIF_H
#define UVS_HTIF_H

#include <stdint.h>

/** 8-byte HTIF mailbox the simulator watches: 1 = pass, odd v = fail v >> 1. */
extern volatile uint64_t tohost;
/** 8-byte HTIF mailbox from the host (unused today; defined for the protocol). */
extern volatile uint64_t fromhost;

/**
 * Ends the program with `status` (0 = pass; the simulator exits with it,
 * clipped to 1..UVS_EXIT_STATUS_MAX) by storing (status << 1) | 1 to
 * tohost, then parks the hart in case the store does not stop it.
 * Never returns. Also picolibc's _exit() hook (exit() ends here).
 */
_Noreturn void uvs_htif_exit(int status);

/**
 * Also report the exit status by a 32-bit store of `status` to the device
 * address `reg` (the host interface's FW_EXIT, hostif.def), which halts the
 * hart when the simulator does not watch tohost (firmware loaded by the
 * host). 0 turns it off.
 */
void uvs_htif_set_fw_exit(uintptr_t reg);

#endif /* UVS_HTIF_H */

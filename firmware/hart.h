/*
 * Compute-hart side of kernel launches (firmware/kernels/README.md).
 *
 * Every compute hart leaves crt0.S for uvs_hart_main(): it marks itself
 * parked in its mailbox and sleeps in WFI with only mie.MSIE enabled
 * (mstatus.MIE stays 0, so the software interrupt wakes it without a trap:
 * privileged spec 20211203, section 3.3.3). Hart 0 fills the mailbox and
 * raises the hart's CLINT msip (section 3.2.2 of the CLINT convention,
 * include/uvmsoc/memmap.def). The woken hart clears msip, enters the
 * kernel in U mode with MRET, and takes the kernel's next trap on
 * uvs_hart_trap_entry: exit ECALL -> EXITED, machine software interrupt
 * (hart 0 stopping it) -> KILLED, any other trap -> ABORTED. It records
 * the outcome, publishes done_seq = seq and sleeps again.
 */
#ifndef UVS_HART_H
#define UVS_HART_H

#include <stdint.h>

#include <uvmsoc/memmap.h>

#include "trap_frame.h"

/** How a hart's last thread ended (uvs_hart_mbox.state). */
enum uvs_thread_state {
	UVS_THREAD_IDLE = 0,	/**< never ran */
	UVS_THREAD_RUNNING,	/**< entered the kernel, not finished */
	UVS_THREAD_EXITED,	/**< exit ECALL: exit_status, result valid */
	UVS_THREAD_ABORTED,	/**< trapped: mcause, mepc, mtval valid */
	UVS_THREAD_KILLED,	/**< stopped by hart 0 (timeout or abort of another thread); mepc valid */
	UVS_THREAD_FW_FAULT,	/**< the firmware itself trapped on this hart: the hart is lost */
};

/**
 * Per-hart launch mailbox, written by hart 0 (request) and by the compute
 * hart (result). Lives in .data (loaded as zeros) so that a compute hart
 * can set `parked` before hart 0 clears .bss.
 */
struct uvs_hart_mbox {
	/* hart 0 -> compute hart */
	volatile uint64_t seq;		/**< start number (one per thread started, any launch); the hart runs it when seq != done_seq */
	uint64_t entry;			/**< kernel entry (U-mode pc) */
	uint64_t args;			/**< a0: argument block */
	uint64_t ctx;			/**< a1: struct uvs_kernel_ctx of the thread */
	uint64_t sp;			/**< U-mode stack pointer */
	uint64_t msip;			/**< address of this hart's CLINT msip word */
	/* compute hart -> hart 0 */
	volatile uint64_t parked;	/**< 1 once the hart waits for launches */
	volatile uint64_t done_seq;	/**< = seq once the thread of start number seq ended */
	uint32_t state;			/**< enum uvs_thread_state */
	int32_t exit_status;		/**< a0 of the exit ECALL */
	uint64_t result;		/**< a1 of the exit ECALL */
	uint64_t mcause;		/**< trap cause (ABORTED, KILLED, FW_FAULT) */
	uint64_t mepc;			/**< pc of the trap */
	uint64_t mtval;			/**< mtval (faulting address); a7 for an unknown ECALL */
	uint64_t cycles;		/**< mcycle of this hart from entry to end */
} __attribute__((aligned(64)));

/** Mailboxes, indexed by mhartid. */
extern struct uvs_hart_mbox uvs_hart_mbox[UVS_MAX_HARTS];

/** Compute-hart main loop, from crt0.S with sp = the hart's stack; never returns. */
_Noreturn void uvs_hart_main(uint64_t hartid);

/** C handler of a compute-hart trap from U mode (frame on the hart's M stack). */
_Noreturn void uvs_hart_trap(struct uvs_trap_frame *frame);

/** A trap taken in M mode on a compute hart (a firmware bug): record it and stop. */
_Noreturn void uvs_hart_fatal(uint64_t mcause, uint64_t mepc, uint64_t mtval);

/** Trap vector of compute harts (hart_entry.S). */
void uvs_hart_trap_entry(void);

/**
 * Enters U mode at `entry` with a0 = args, a1 = ctx, sp = usp, every other
 * register 0; the next trap enters M mode on the stack `mstack` (hart_entry.S).
 */
_Noreturn void uvs_hart_enter_user(uint64_t entry, uint64_t args, uint64_t ctx,
				   uint64_t usp, uint64_t mstack);

#endif /* UVS_HART_H */

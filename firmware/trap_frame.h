/*
 * Layout of the register frame that trap_entry.S saves on the stack, shared
 * by the assembler entry and trap.c. Offsets in bytes.
 */
#ifndef UVS_TRAP_FRAME_H
#define UVS_TRAP_FRAME_H

#define TF_X(n)     ((n) * 8)	/* x1..x31 at 8*n; slot 0 unused */
#define TF_MEPC     256
#define TF_MCAUSE   264
#define TF_MTVAL    272
#define TF_MSTATUS  280
#define TF_SIZE     288		/* multiple of 16: keeps sp 16-byte aligned */

#ifndef __ASSEMBLER__
#include <stdint.h>

/**
 * Registers of the interrupted context plus the trap CSRs of the mode that
 * took the trap: mepc/mcause/mtval/mstatus in M mode, and their S-mode
 * counterparts sepc/scause/stval/sstatus (same layouts and cause codes,
 * privileged spec 4.1) when the firmware runs as OpenSBI's payload.
 */
struct uvs_trap_frame {
	uint64_t x[32];		/**< x[n] = register xn (x[0] unused; x[2] = sp before the trap) */
	uint64_t mepc;		/**< pc of the trapped instruction; written back on return */
	uint64_t mcause;	/**< interrupt bit 63 and cause code */
	uint64_t mtval;		/**< faulting address or instruction bits (0 if none) */
	uint64_t mstatus;	/**< status CSR at trap time; written back on return */
};
#endif

#endif /* UVS_TRAP_FRAME_H */

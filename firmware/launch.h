/*
 * Kernel launch service on the management hart (firmware/kernels/README.md;
 * ABI in include/uvmsoc/kernel.def). Runs one launch at a time over a grid
 * of GRID_DIM blocks of BLOCK_DIM threads. The first min(threads,
 * capacity) threads start at once: block b starts on usable hart b mod H
 * and its threads take that hart's free hardware threads, then the next
 * hart's; each later thread (global order) starts on the hardware thread
 * (and stack slot) of a thread that exited. Two kinds of compute hart:
 *  - single-thread harts (uvs_core, firmware parked in WFI on them): one
 *    thread each, started through the hart's mailbox and CLINT msip;
 *  - multithreaded harts (uvs_mt_core, cpu node with "uvmsoc,hw-threads",
 *    thread-control region "uvmsoc,mt-ctl"; include/uvmsoc/mt.def): each
 *    hardware thread STARTed through the hart's MTCTL block with pc, a0,
 *    a1, sp and the index CSRs uvs.tid/bid/ntid/nbid; its end is read from
 *    the block (EVENT mask, STATE, CAUSE, EPC, TVAL, a0/a1/a7), then CLEARed.
 * Every thread gets its context and stack in the stack slot of its
 * resident slot and a zeroed shared scratch (once per launch). Waits for every thread with a cycle
 * timeout; stops the other threads when one aborts, and stops every
 * running thread when the timeout expires, so the device is usable for the
 * next launch. A hart with a thread that does not answer a stop request is
 * dropped from later launches.
 */
#ifndef UVS_LAUNCH_H
#define UVS_LAUNCH_H

#include <stdint.h>

#include <uvmsoc/kernel.h>

#include "hart.h"

/** A launch request (the decoded HOSTQ_OP_LAUNCH arguments). */
struct uvs_launch_req {
	uint64_t entry;			/**< kernel entry, inside the kernel image region */
	uint64_t args;			/**< argument block address */
	uint32_t grid_dim;		/**< blocks; 0 = one per usable compute hart */
	uint32_t block_dim;		/**< threads per block; 0 is taken as 1 */
	uint64_t timeout_cycles;	/**< hart 0 mcycle budget; 0 = UVS_KERNEL_TIMEOUT_DEFAULT */
	uint32_t did;			/**< IOMMU device_id (device context) the threads run in (memmap.def HARTCTL_DID) */
};

/** How a launch ended. */
enum uvs_launch_outcome {
	UVS_LAUNCH_OK,		/**< every thread exited with status 0 */
	UVS_LAUNCH_REJECTED,	/**< not started: err and why say why */
	UVS_LAUNCH_EXIT_ERROR,	/**< every thread exited, one with a nonzero status */
	UVS_LAUNCH_ABORTED,	/**< a thread trapped (or the firmware faulted on its hart) */
	UVS_LAUNCH_TIMEOUT,	/**< the timeout expired; running threads were stopped */
};

/** One thread's end (a copy of its hart's mailbox result). */
struct uvs_thread_result {
	uint32_t state;		/**< enum uvs_thread_state */
	uint32_t hartid;	/**< hart that ran it */
	uint32_t hwthread;	/**< hardware thread slot on that hart (0 on single-thread harts) */
	int32_t exit_status;	/**< EXITED: a0 of the exit ECALL */
	uint64_t result;	/**< EXITED: a1 of the exit ECALL */
	uint64_t mcause;	/**< ABORTED, KILLED: trap cause */
	uint64_t mepc;		/**< ABORTED, KILLED: pc */
	uint64_t mtval;		/**< ABORTED: faulting address or instruction bits */
	uint64_t cycles;	/**< cycles on its hart from entry to end */
};

/** Everything a launch produced. */
struct uvs_launch_result {
	enum uvs_launch_outcome outcome;
	int err;		/**< 0 or a positive UVS_HOSTQ_ERR_* (event status = -err) */
	const char *why;	/**< REJECTED: one-line reason */
	uint64_t bad_addr;	/**< REJECTED: offending address, else 0 */
	uint32_t nthreads;	/**< threads started (grid_dim * block_dim) */
	uint32_t grid_dim;	/**< blocks */
	uint32_t block_dim;	/**< threads per block */
	uint32_t resident;	/**< threads run at once: min(nthreads, uvs_launch_capacity()) */
	uint32_t thread;	/**< the thread the outcome is about (lowest index in that state) */
	uint64_t cycles;	/**< hart 0 cycles from start to the last thread's end */
	struct uvs_thread_result thr[UVS_KERNEL_MAX_THREADS];	/**< threads 0..63 */
	struct uvs_thread_result far;	/**< has_far: the worst end among threads >= 64 */
	uint32_t far_thread;		/**< its thread index */
	int has_far;
};

/** The record of the thread the outcome is about (res->thread). */
static inline const struct uvs_thread_result *
uvs_launch_reported(const struct uvs_launch_result *res)
{
	return res->thread < UVS_KERNEL_MAX_THREADS ? &res->thr[res->thread] : &res->far;
}

struct uvs_platform;

/**
 * Finds the compute harts of `p` (role "compute", status okay, 0 < hartid
 * < UVS_MAX_HARTS) and makes them usable for launches: a hart whose cpu
 * node in the device tree `fdt` has "uvmsoc,hw-threads" = T > 0 is
 * multithreaded (needs the "uvmsoc,mt-ctl" region to hold its block; its
 * threads are cleared to IDLE); any other must reach its park loop within
 * `wait_cycles` cycles. `fdt` NULL: every hart is taken as single-thread.
 * Returns how many harts are usable.
 */
unsigned uvs_launch_init(const struct uvs_platform *p, const void *fdt, uint64_t wait_cycles);

/** Number of usable compute harts. */
unsigned uvs_launch_harts(void);

/**
 * Most threads one launch may have: the usable harts' hardware threads
 * (1 per single-thread hart), at most UVS_KERNEL_MAX_THREADS.
 */
unsigned uvs_launch_capacity(void);

/**
 * Runs one launch to its end and fills `res`. Checks first (REJECTED with
 * err = UVS_HOSTQ_ERR_EINVAL: entry not 4-byte aligned or outside
 * [UVS_KERNEL_BASE, + UVS_KERNEL_SIZE), argument block not 8-byte aligned,
 * outside the discovered memory, or with a bad magic or nargs;
 * UVS_HOSTQ_ERR_E2BIG with bad_addr = UVS_KERNEL_MAX_GRID_THREADS: grid_dim x
 * block_dim above it; UVS_HOSTQ_ERR_ENODEV: no usable compute hart).
 * grid_dim 0 = one block per usable hart, block_dim 0 = 1.
 * Returns res->err.
 */
int uvs_launch_run(const struct uvs_launch_req *req, struct uvs_launch_result *res);

/**
 * Called repeatedly by uvs_launch_run() while it waits for the threads (NULL
 * = nothing): the host service serves page requests and unified-memory
 * commands here, so a kernel that faults can make progress.
 */
extern void (*uvs_launch_idle_hook)(void);

/** Prints one console line describing `res` (launch of kernel `name`). */
void uvs_launch_print(const struct uvs_launch_result *res, const char *name);

#endif /* UVS_LAUNCH_H */

/*
 * Kernel launch service on the management hart (firmware/kernels/README.md;
 * ABI in include/uvmsoc/kernel.def). Runs one launch at a time:
 * thread t of the launch runs on the t-th usable compute hart (one thread
 * per hart until compute harts are multithreaded), with its context and
 * stack in the kernel stack slots and a zeroed shared scratch. Waits for
 * every thread with a cycle timeout; stops the other threads when one
 * aborts, and stops every running thread when the timeout expires, so the
 * device is usable for the next launch. A hart that does not answer a stop
 * request is dropped from later launches.
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
	uint32_t nthreads;	/**< threads started */
	uint32_t thread;	/**< the thread the outcome is about (lowest index in that state) */
	uint64_t cycles;	/**< hart 0 cycles from start to the last thread's end */
	struct uvs_thread_result thr[UVS_KERNEL_MAX_THREADS];
};

struct uvs_platform;

/**
 * Finds the compute harts of `p` (role "compute", status okay, 0 < hartid
 * < UVS_MAX_HARTS) that reached their park loop within `wait_cycles`
 * cycles and makes them usable for launches. Returns how many are usable.
 */
unsigned uvs_launch_init(const struct uvs_platform *p, uint64_t wait_cycles);

/** Number of usable compute harts. */
unsigned uvs_launch_harts(void);

/**
 * Runs one launch to its end and fills `res`. Checks first (REJECTED with
 * err = UVS_HOSTQ_ERR_EINVAL: entry not 4-byte aligned or outside
 * [UVS_KERNEL_BASE, + UVS_KERNEL_SIZE), argument block not 8-byte aligned,
 * outside the discovered memory, or with a bad magic or nargs; block_dim
 * above 1; UVS_HOSTQ_ERR_E2BIG: more threads than usable harts or
 * UVS_KERNEL_MAX_THREADS; UVS_HOSTQ_ERR_ENODEV: no usable compute hart).
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

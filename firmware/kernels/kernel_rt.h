/*
 * uvmsoc kernel runtime: what a kernel (firmware/kernels/<name>.c) sees.
 * A kernel defines kernel_main(); the runtime (kcrt0.S, kernel_rt.c) gives
 * it its thread's context, work splitting, a barrier and the exit path.
 * ABI: include/uvmsoc/kernel.def. Kernels run in U mode on compute harts:
 * no libc, no I/O; a trap aborts the kernel and the firmware reports it.
 */
#ifndef UVS_KERNEL_RT_H
#define UVS_KERNEL_RT_H

#include <stdint.h>

#include <uvmsoc/kernel_abi.h>

/**
 * The kernel's entry, called once per thread with the launch's argument
 * block. Returns the thread's exit status (UVS_KERNEL_EXIT_OK = 0, or
 * e.g. UVS_KERNEL_EXIT_BAD_ARGS); any nonzero status fails the launch.
 */
int kernel_main(const struct uvs_kernel_args *args);

/** Ends this thread now with exit `status` (the result value is kept). */
_Noreturn void uvs_kernel_exit(int status);

/** This thread's context (kept in tp by kcrt0.S). */
static inline struct uvs_kernel_ctx *uvs_self(void)
{
	struct uvs_kernel_ctx *c;

	__asm__("mv %0, tp" : "=r"(c));
	return c;
}

/** Sets the 64-bit result value reported at exit (thread 0's goes to the host). */
static inline void uvs_set_result(uint64_t value)
{
	uvs_self()->result = value;
}

/**
 * This thread's share of `count` items split in contiguous slices over all
 * threads of the launch: slice sizes are multiples of `granule` (a power of
 * two, >= 1) except the last non-empty one. Sets [*begin, *end) (item
 * indexes; empty when *begin == *end).
 */
void uvs_slice(uint64_t count, uint64_t granule, uint64_t *begin, uint64_t *end);

/**
 * Waits until every thread of the launch has called uvs_barrier() the same
 * number of times (sense-reversing barrier on AMOs in the launch's shared
 * scratch: unprivileged spec 20191213, chapter 8 "A" extension). A thread
 * that aborted never arrives: the launch then ends by its timeout.
 */
void uvs_barrier(void);

/** Returns `n` arguments are present (args->nargs >= n and the magic is right). */
int uvs_args_have(const struct uvs_kernel_args *args, uint32_t n);

#endif /* UVS_KERNEL_RT_H */

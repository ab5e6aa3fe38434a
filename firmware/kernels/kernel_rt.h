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

/*
 * Grid indexes (include/uvmsoc/kernel.def, struct uvs_kernel_ctx). A launch
 * is a grid of uvs_grid_dim() blocks of uvs_block_dim() threads, all
 * running at once; global thread index = block * block_dim + thread.
 * Read from the thread's context, so they work on every compute hart; on
 * multithreaded harts the same values are also in the read-only user CSRs
 * uvs.tid (0xCC0), uvs.bid (0xCC1), uvs.ntid (0xCC2), uvs.nbid (0xCC3)
 * (include/uvmsoc/mt.def), which single-thread harts do not have.
 */

/** Index of this thread's block, 0..uvs_grid_dim()-1. */
static inline uint32_t uvs_block_idx(void)
{
	return uvs_self()->block;
}

/** Index of this thread inside its block, 0..uvs_block_dim()-1. */
static inline uint32_t uvs_thread_idx(void)
{
	return uvs_self()->thread_in_block;
}

/** Threads per block. */
static inline uint32_t uvs_block_dim(void)
{
	return uvs_self()->block_dim;
}

/** Blocks in the grid. */
static inline uint32_t uvs_grid_dim(void)
{
	return uvs_self()->grid_dim;
}

/** Global thread index, 0..uvs_nthreads()-1 (= block * block_dim + thread). */
static inline uint32_t uvs_global_idx(void)
{
	return uvs_self()->thread;
}

/** Threads in the launch (grid_dim * block_dim). */
static inline uint32_t uvs_nthreads(void)
{
	return uvs_self()->nthreads;
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
 * that aborted never arrives: the launch then ends by its timeout. Needs
 * every thread of the launch resident at once: in a larger grid (threads
 * started as others exit) it ends the thread at once with exit status
 * UVS_KERNEL_EXIT_NO_BARRIER.
 */
void uvs_barrier(void);

/**
 * uvs_barrier() that gives up when the word @stop (in memory every thread
 * sees, e.g. the shared scratch; NULL = never) becomes nonzero while this
 * thread waits: returns 1 then (the barrier is unusable afterwards: exit),
 * 0 when every thread arrived. For kernels whose threads exit early on an
 * error that the others must not wait for at the next barrier.
 */
int uvs_barrier_unless(const uint32_t *stop);

/** Returns `n` arguments are present (args->nargs >= n and the magic is right). */
int uvs_args_have(const struct uvs_kernel_args *args, uint32_t n);

/**
 * Called by the runtime before kernel_main: resets this thread's tile
 * runtime state (firmware/kernels/tile.c; a no-op in kernels without it).
 */
void uvs_tile_rt_start(void);

#endif /* UVS_KERNEL_RT_H */

/*
 * Layout shared by the grid test kernels (histogram.c, reduce.c, order.c)
 * and the host checks in host/cli/kernel_run.c: each kernel's output
 * record, at the address the host passes. Thread 0 clears the record, then
 * every thread passes uvs_barrier() before using it.
 */
#ifndef UVS_KERNELS_GRID_H
#define UVS_KERNELS_GRID_H

#include <stdint.h>

#define GRID_HIST_BINS 256	/**< histogram bins: one per byte value */
#define GRID_ORDER_LRSC 16	/**< LR/SC increments of the shared counter per thread (order) */

/** reduce's output: AMO reductions over every element and thread. */
struct grid_reduce_out {
	uint64_t sum;		/**< amoadd.d of each thread's partial sum */
	uint64_t xor_all;	/**< amoxor.d of each thread's partial xor */
	uint64_t max;		/**< amomaxu.d of each thread's partial maximum */
	uint32_t threads;	/**< amoadd.w 1 per thread */
	uint32_t rsvd;
};

/** order's output. */
struct grid_order_out {
	uint32_t counter;	/**< lr.w/sc.w: GRID_ORDER_LRSC increments per thread */
	uint32_t threads;	/**< amoadd.w 1 per thread that passed its checks */
};

/** Word i of thread g's region in order (what the host expects). */
static inline uint64_t grid_order_word(uint32_t g, uint64_t i)
{
	return (uint64_t)g << 40 ^ i * 0x9e3779b97f4a7c15ull ^ 0x0123456789abcdefull;
}

#endif /* UVS_KERNELS_GRID_H */

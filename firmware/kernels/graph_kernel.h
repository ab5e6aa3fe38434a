/*
 * Kernel-side helpers of the graph kernels bfs and pagerank (graph.h):
 * the stop word in the launch's shared scratch and the bad-column exit.
 */
#ifndef UVS_KERNELS_GRAPH_KERNEL_H
#define UVS_KERNELS_GRAPH_KERNEL_H

#include "graph.h"
#include "kernel_rt.h"

/** Shared-scratch offset of the stop word: nonzero once a thread met a column not below n. */
#define GRAPH_SHARED_STOP_OFF 96

/** The launch's stop word. */
static inline uint32_t *graph_stop_word(void)
{
	return (uint32_t *)(uintptr_t)(uvs_self()->shared + GRAPH_SHARED_STOP_OFF);
}

/**
 * A column not below n at edge position @j: raises the stop word (the
 * other threads leave their next barrier, uvs_barrier_unless) and returns
 * the exit status GRAPH_EXIT_BAD_VERTEX with @j as the result value.
 */
static inline int bad_vertex(uint32_t *stop, uint64_t j)
{
	__atomic_store_n(stop, 1, __ATOMIC_RELEASE);
	uvs_set_result(j);
	return GRAPH_EXIT_BAD_VERTEX;
}

#endif /* UVS_KERNELS_GRAPH_KERNEL_H */

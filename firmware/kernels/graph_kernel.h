/*
 * Kernel-side helpers of the graph kernels bfs and pagerank (graph.h):
 * the stop word in the launch's shared scratch, the bad-column exit and
 * pagerank's argument view and contribution phase.
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

/** The pagerank arguments (graph.h PR_ARG_*) as typed pointers and counts. */
struct pr_view {
	const uint32_t *off, *col, *deg;	/**< CSR offsets (n + 1), columns, out-degrees (n) */
	uint64_t *rank, *contrib;		/**< u64[n] each */
	uint64_t n, iters;			/**< vertices, iterations */
};

/**
 * pr_view_get - check the pagerank arguments of @args (count and
 * pr_args_valid) and fill @v from them. Returns 1, or 0 for bad arguments
 * (the kernel then exits with UVS_KERNEL_EXIT_BAD_ARGS before any access).
 */
static inline int pr_view_get(const struct uvs_kernel_args *args, struct pr_view *v)
{
	const uint64_t *a = args->arg;

	if (!uvs_args_have(args, PR_NARGS) || !pr_args_valid(a))
		return 0;
	v->off = (const uint32_t *)(uintptr_t)a[PR_ARG_OFF];
	v->col = (const uint32_t *)(uintptr_t)a[PR_ARG_COL];
	v->deg = (const uint32_t *)(uintptr_t)a[PR_ARG_DEG];
	v->n = a[PR_ARG_N];
	v->iters = a[PR_ARG_ITERS];
	v->rank = (uint64_t *)(uintptr_t)a[PR_ARG_RANK];
	v->contrib = (uint64_t *)(uintptr_t)a[PR_ARG_CONTRIB];
	return 1;
}

/** Shared-scratch offset of pagerank's dangling-mass sums dang[2]. */
#define PR_SHARED_DANG_OFF 64

/**
 * Phase 1 of pagerank iteration @it (both variants): contrib[u] of the
 * thread's vertices [b, e) (graph.h pr_contrib) and their dangling mass
 * added to the launch-wide sum dang[it % 2]; barrier; returns the total
 * dangling mass, and thread 0 clears dang[(it + 1) % 2] for the next
 * iteration.
 */
static inline uint64_t pr_contrib_phase(const uint32_t *deg, const uint64_t *rank, uint64_t *contrib, uint64_t b,
					uint64_t e, uint64_t it)
{
	uint64_t *dang = (uint64_t *)(uintptr_t)(uvs_self()->shared + PR_SHARED_DANG_OFF);
	uint64_t mine = 0, total;

	for (uint64_t u = b; u < e; u++) {
		uint32_t d = deg[u];

		contrib[u] = pr_contrib(rank[u], d);
		if (!d)
			mine += rank[u];
	}
	if (mine)
		__atomic_fetch_add(&dang[it & 1], mine, __ATOMIC_ACQ_REL);
	uvs_barrier();
	total = __atomic_load_n(&dang[it & 1], __ATOMIC_ACQUIRE);
	if (uvs_global_idx() == 0)
		__atomic_store_n(&dang[(it + 1) & 1], 0, __ATOMIC_RELAXED);
	return total;
}

#endif /* UVS_KERNELS_GRAPH_KERNEL_H */

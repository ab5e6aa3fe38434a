/*
 * Kernel pagerank (issue 14, item 1), hart-load variant: `iters`
 * iterations of pull PageRank in Q32.32 fixed point over the reverse graph
 * (graph.h "pagerank"; the harts have no F extension). Threads own
 * contiguous vertex slices (uvs_slice). Per iteration: (1) each thread
 * computes contrib[u] of its vertices and adds its dangling mass to the
 * launch-wide sum (amoadd.d in the shared scratch); barrier; (2) each
 * thread sums contrib over the in-edges of its vertices and writes their
 * new rank; barrier. Every thread must be resident (else exit status 2).
 * Bad arguments: exit status UVS_KERNEL_EXIT_BAD_ARGS before any access; a
 * column not below n: GRAPH_EXIT_BAD_VERTEX, result = its edge position.
 * Result: iterations done.
 *
 * Shared scratch: barrier at +0, dangling sums dang[2] at +64 (iteration i
 * adds to dang[i % 2]; thread 0 clears dang[(i + 1) % 2] in phase 2), the
 * stop word at +96 (graph_kernel.h: the other threads of a bad column
 * leave their next barrier with the same exit status).
 */
#include "graph.h"
#include "graph_kernel.h"
#include "kernel_rt.h"


int kernel_main(const struct uvs_kernel_args *args)
{
	struct pr_view g;
	uint64_t b, e;
	uint32_t *stop;

	if (!pr_view_get(args, &g))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	const uint32_t *off = g.off, *col = g.col, *deg = g.deg;
	uint64_t *rank = g.rank, *contrib = g.contrib, n = g.n, iters = g.iters;
	stop = graph_stop_word();

	uvs_slice(n, 8, &b, &e);
	for (uint64_t v = b; v < e; v++)
		rank[v] = pr_init(n);
	for (uint64_t it = 0; it < iters; it++) {
		uint64_t total = pr_contrib_phase(deg, rank, contrib, b, e, it);

		for (uint64_t v = b; v < e; v++) {
			uint64_t sum = 0;

			for (uint32_t j = off[v]; j < off[v + 1]; j++) {
				uint32_t u = col[j];

				if (u >= n)
					return bad_vertex(stop, j);
				sum += contrib[u];
			}
			rank[v] = pr_rank(sum, total, n);
		}
		if (uvs_barrier_unless(stop))
			return GRAPH_EXIT_BAD_VERTEX;	/* another thread found a bad column */
	}
	uvs_set_result(iters);
	return UVS_KERNEL_EXIT_OK;
}

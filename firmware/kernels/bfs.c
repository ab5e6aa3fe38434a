/*
 * Kernel bfs (issue 14, item 1): level-synchronous top-down breadth-first
 * search over a CSR graph with frontier arrays (graph.h "bfs"), hart loads
 * and AMOs. Level d's frontier is split over the threads (entry i to thread
 * i mod N); an edge u -> v to a vertex not yet at a level <= d lowers
 * parent[v] to u (amominu.w), sets level[v] = d + 1 (amoswap.w), and the
 * thread that changed it appends v to the next frontier (amoadd.w on the
 * length in the launch's shared scratch). One barrier per level: every
 * thread must be resident (a grid larger than the device: exit status 2).
 * Bad arguments: exit status UVS_KERNEL_EXIT_BAD_ARGS before any access; a
 * column not below n: exit status GRAPH_EXIT_BAD_VERTEX, result = its edge
 * position. Result: the number of levels (largest level + 1).
 *
 * Shared scratch: barrier at +0, frontier lengths len[3] at +64 (level d
 * reads len[d % 3], appends to len[(d + 1) % 3]; thread 0 clears
 * len[(d + 2) % 3], last read in level d - 1), the stop word at +96
 * (graph_kernel.h: a thread that meets a bad column raises it, the others
 * leave their next barrier with the same exit status).
 */
#include "graph.h"
#include "graph_kernel.h"
#include "kernel_rt.h"

#define SHARED_LEN_OFF 64

static inline uint32_t amominu_w(uint32_t *p, uint32_t v)
{
	uint32_t old;

	__asm__ volatile("amominu.w %0, %2, (%1)" : "=r"(old) : "r"(p), "r"(v) : "memory");
	return old;
}

int kernel_main(const struct uvs_kernel_args *args)
{
	const uint32_t *off, *col;
	uint32_t *level, *parent, *front[2], *len, *stop, n, root;
	uint64_t b, e, t = uvs_global_idx(), nt = uvs_nthreads();

	if (!uvs_args_have(args, BFS_NARGS) || !bfs_args_valid(args->arg))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	off = (const uint32_t *)(uintptr_t)args->arg[BFS_ARG_OFF];
	col = (const uint32_t *)(uintptr_t)args->arg[BFS_ARG_COL];
	n = (uint32_t)args->arg[BFS_ARG_N];
	root = (uint32_t)args->arg[BFS_ARG_ROOT];
	level = (uint32_t *)(uintptr_t)args->arg[BFS_ARG_LEVEL];
	parent = (uint32_t *)(uintptr_t)args->arg[BFS_ARG_PARENT];
	front[0] = (uint32_t *)(uintptr_t)args->arg[BFS_ARG_FRONT];
	front[1] = front[0] + n;
	len = (uint32_t *)(uintptr_t)(uvs_self()->shared + SHARED_LEN_OFF);
	stop = graph_stop_word();

	uvs_slice(n, 16, &b, &e);
	for (uint64_t v = b; v < e; v++)
		level[v] = parent[v] = GRAPH_NONE;
	uvs_barrier();
	if (t == 0) {
		level[root] = 0;
		parent[root] = root;
		front[0][0] = root;
		__atomic_store_n(&len[0], 1, __ATOMIC_RELEASE);
	}
	uvs_barrier();

	uint32_t d;
	for (d = 0;; d++) {
		const uint32_t *cur = front[d & 1];
		uint32_t *next = front[(d + 1) & 1], *nlen = &len[(d + 1) % 3];
		uint32_t cnt = __atomic_load_n(&len[d % 3], __ATOMIC_ACQUIRE);

		if (cnt == 0)
			break;
		if (t == 0)
			__atomic_store_n(&len[(d + 2) % 3], 0, __ATOMIC_RELAXED);
		for (uint64_t i = t; i < cnt; i += nt) {
			uint32_t u = cur[i];

			for (uint32_t j = off[u]; j < off[u + 1]; j++) {
				uint32_t v = col[j], l;

				if (v >= n)
					return bad_vertex(stop, j);
				l = __atomic_load_n(&level[v], __ATOMIC_RELAXED);
				if (l != GRAPH_NONE && l != d + 1)
					continue;	/* reached at a level <= d: final */
				amominu_w(&parent[v], u);
				if (__atomic_exchange_n(&level[v], d + 1, __ATOMIC_ACQ_REL) == GRAPH_NONE)
					next[__atomic_fetch_add(nlen, 1, __ATOMIC_ACQ_REL)] = v;
			}
		}
		if (uvs_barrier_unless(stop))
			return GRAPH_EXIT_BAD_VERTEX;	/* another thread found a bad column */
	}
	uvs_set_result(d);
	return UVS_KERNEL_EXIT_OK;
}

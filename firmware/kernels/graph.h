/*
 * Argument layout and arithmetic of the graph kernels bfs and pagerank and
 * of the strided kernel (issue 14, item 1), shared with the host's
 * references (host/lib/graph_ref.c, host/cli/kernel_run.c): the host
 * computes the same function over the same data and compares every byte.
 *
 * Graphs are CSR (host/lib/graph.h): offsets u32[n + 1], columns u32[m],
 * vertex ids u32, rows ascending.
 */
#ifndef UVS_KERNELS_GRAPH_H
#define UVS_KERNELS_GRAPH_H

#include <stdint.h>

/** "No vertex / not reached" in the bfs outputs. */
#define GRAPH_NONE 0xffffffffu

/** Exit status of bfs and pagerank when a column index is not below n (result value: its edge position). */
#define GRAPH_EXIT_BAD_VERTEX 4

/*
 * bfs: level-synchronous top-down BFS from `root` over the out-edges.
 * Level d's frontier (u32 vertex list) is split over the threads (thread t
 * of N takes entries t, t + N, ...); for an edge u -> v with v not at a
 * level <= d, the thread lowers parent[v] to u (amominu.w), sets level[v] =
 * d + 1 (amoswap.w) and, when it was the one to set it, appends v to the
 * next frontier (amoadd.w on its length). Barrier per level. Outputs, both
 * deterministic whatever the interleaving: level[v] (GRAPH_NONE:
 * unreached) and parent[v] = the smallest u of level d with an edge u -> v
 * (root: itself). Result: the number of levels.
 */
#define BFS_ARG_OFF 0		/**< offsets, u32[n + 1], 4-byte aligned */
#define BFS_ARG_COL 1		/**< columns, u32[m], 4-byte aligned */
#define BFS_ARG_N 2		/**< vertices, 1 .. 2^32 - 1 */
#define BFS_ARG_ROOT 3		/**< root vertex, < n */
#define BFS_ARG_LEVEL 4		/**< output level, u32[n] */
#define BFS_ARG_PARENT 5	/**< output parent, u32[n] */
#define BFS_ARG_FRONT 6		/**< frontier scratch, u32[2 n] */
#define BFS_NARGS 7

/** bfs_args_valid - 1 if the bfs arguments @a follow the rules above (alignment 4, 1 <= n < 2^32, root < n), else 0. */
static inline int bfs_args_valid(const uint64_t *a)
{
	return a[BFS_ARG_N] != 0 && a[BFS_ARG_N] < (1ull << 32) && a[BFS_ARG_ROOT] < a[BFS_ARG_N] &&
	       ((a[BFS_ARG_OFF] | a[BFS_ARG_COL] | a[BFS_ARG_LEVEL] | a[BFS_ARG_PARENT] | a[BFS_ARG_FRONT]) & 3) == 0;
}

/*
 * pagerank: `iters` iterations of pull PageRank in Q32.32 fixed point
 * (rank 1.0 = PR_ONE; the harts are rv64imac, no F). Input: the REVERSE
 * graph in CSR (row v = the vertices u with an edge u -> v) and the
 * out-degree of every vertex. Per iteration:
 *   contrib[u] = rank[u] / outdeg[u] (0 when outdeg is 0),
 *   dangling   = sum of rank[u] over outdeg[u] == 0,
 *   rank[v]    = pr_rank(sum of contrib[u] over row v, dangling, n),
 * all in u64 integer arithmetic (sums are order-free, so every thread
 * split gives the same bits). Initial rank: PR_ONE / n. Damping 85/100;
 * the dangling mass is spread evenly. Threads take contiguous vertex
 * slices (uvs_slice); two barriers per iteration. Result: iterations done.
 */
#define PR_ONE (1ull << 32)	/**< 1.0 in Q32.32 */
#define PR_DAMP_NUM 85ull	/**< damping factor 0.85 = 85 / 100 */
#define PR_DAMP_DEN 100ull
#define PR_ITERS_DEFAULT 10
#define PR_ITERS_MAX 1000
#define PR_ARG_OFF 0		/**< reverse-graph offsets, u32[n + 1], 4-byte aligned */
#define PR_ARG_COL 1		/**< reverse-graph columns, u32[m], 4-byte aligned */
#define PR_ARG_DEG 2		/**< out-degrees, u32[n], 4-byte aligned */
#define PR_ARG_N 3		/**< vertices, 1 .. 2^32 - 1 */
#define PR_ARG_ITERS 4		/**< iterations, 1 .. PR_ITERS_MAX */
#define PR_ARG_RANK 5		/**< output ranks, u64[n] (Q32.32), 8-byte aligned */
#define PR_ARG_CONTRIB 6	/**< scratch, u64[n], 8-byte aligned */
#define PR_NARGS 7

/** pr_args_valid - 1 if the pagerank arguments @a follow the rules above, else 0. */
static inline int pr_args_valid(const uint64_t *a)
{
	return a[PR_ARG_N] != 0 && a[PR_ARG_N] < (1ull << 32) && a[PR_ARG_ITERS] != 0 &&
	       a[PR_ARG_ITERS] <= PR_ITERS_MAX && ((a[PR_ARG_OFF] | a[PR_ARG_COL] | a[PR_ARG_DEG]) & 3) == 0 &&
	       ((a[PR_ARG_RANK] | a[PR_ARG_CONTRIB]) & 7) == 0;
}

/** Initial rank of each of @n vertices. */
static inline uint64_t pr_init(uint64_t n)
{
	return PR_ONE / n;
}

/** A vertex's contribution to each out-neighbour. */
static inline uint64_t pr_contrib(uint64_t rank, uint32_t outdeg)
{
	return outdeg ? rank / outdeg : 0;
}

/**
 * New rank from the sum of the in-neighbours' contributions @sum and the
 * dangling mass @dangling (both <= about PR_ONE: ranks sum to at most 1):
 * (1 - d + d * dangling) / n + d * sum, each term rounded down.
 */
static inline uint64_t pr_rank(uint64_t sum, uint64_t dangling, uint64_t n)
{
	uint64_t base = (PR_ONE * (PR_DAMP_DEN - PR_DAMP_NUM) + dangling * PR_DAMP_NUM) / (PR_DAMP_DEN * n);
	return base + sum * PR_DAMP_NUM / PR_DAMP_DEN;
}

/*
 * strided: element i (elem bytes at src + i * stride) is read, each of its
 * u64 words x becomes stream_word(x, add) (workload.h), and it is stored
 * packed at dst + i * elem. Threads take contiguous element slices.
 * Result: elements done by the thread.
 */
#define STRIDED_ARG_SRC 0	/**< source, 8-byte aligned */
#define STRIDED_ARG_ELEM 1	/**< element bytes, a multiple of 8 in 8 .. STRIDED_ELEM_MAX */
#define STRIDED_ARG_STRIDE 2	/**< bytes between element starts, a multiple of 8, >= elem */
#define STRIDED_ARG_COUNT 3	/**< elements, >= 1 */
#define STRIDED_ARG_DST 4	/**< destination, count * elem bytes, 8-byte aligned */
#define STRIDED_ARG_ADD 5	/**< addend of stream_word */
#define STRIDED_NARGS 6
#define STRIDED_ELEM_MAX 4096u

/** strided_args_valid - 1 if the strided arguments @a follow the rules above, else 0. */
static inline int strided_args_valid(const uint64_t *a)
{
	uint64_t e = a[STRIDED_ARG_ELEM], s = a[STRIDED_ARG_STRIDE];
	return e >= 8 && e <= STRIDED_ELEM_MAX && e % 8 == 0 && s >= e && s % 8 == 0 && s <= (1ull << 32) &&
	       a[STRIDED_ARG_COUNT] != 0 && ((a[STRIDED_ARG_SRC] | a[STRIDED_ARG_DST]) & 7) == 0;
}

#endif /* UVS_KERNELS_GRAPH_H */

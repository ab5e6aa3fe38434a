/*
 * Host references of the graph kernels (graph.h graph_bfs_ref,
 * graph_pagerank_ref): the functions firmware/kernels/bfs.c and
 * pagerank.c compute, with the arithmetic of firmware/kernels/graph.h.
 */
#include <string.h>

#include "graph.h"
#include "../../firmware/kernels/graph.h" /* kernel arguments and fixed-point arithmetic */

uint32_t graph_bfs_ref(const struct graph *g, uint32_t root, uint32_t *level, uint32_t *parent, uint32_t *work)
{
    if (root >= g->n)
        return 0;
    for (uint64_t v = 0; v < g->n; v++)
        level[v] = parent[v] = GRAPH_NONE;
    level[root] = 0;
    parent[root] = root;
    work[0] = root;
    uint64_t head = 0, tail = 1;
    uint32_t levels = 1;
    /* FIFO BFS visits level d in full before d + 1; the first u to reach v is not always
     * the smallest, so parents take the minimum over every u of the previous level */
    while (head < tail) {
        uint32_t u = work[head++];
        for (uint64_t e = g->off[u]; e < g->off[u + 1]; e++) {
            uint32_t v = g->col[e];
            if (level[v] == GRAPH_NONE) {
                level[v] = level[u] + 1;
                parent[v] = u;
                work[tail++] = v;
                if (level[v] + 1 > levels)
                    levels = level[v] + 1;
            } else if (level[v] == level[u] + 1 && u < parent[v]) {
                parent[v] = u;
            }
        }
    }
    return levels;
}

void graph_pagerank_ref(const struct graph *g, uint32_t iters, uint64_t *rank, uint64_t *contrib)
{
    for (uint64_t v = 0; v < g->n; v++)
        rank[v] = pr_init(g->n);
    for (uint32_t it = 0; it < iters; it++) {
        uint64_t dangling = 0;
        for (uint64_t u = 0; u < g->n; u++) {
            uint32_t deg = (uint32_t)(g->off[u + 1] - g->off[u]);
            contrib[u] = pr_contrib(rank[u], deg);
            if (!deg)
                dangling += rank[u];
        }
        /* the sums of contributions over each vertex's in-edges, pushed along the out-edges */
        memset(rank, 0, g->n * sizeof *rank);
        for (uint64_t u = 0; u < g->n; u++)
            for (uint64_t e = g->off[u]; e < g->off[u + 1]; e++)
                rank[g->col[e]] += contrib[u];
        for (uint64_t v = 0; v < g->n; v++)
            rank[v] = pr_rank(rank[v], dangling, g->n);
    }
}

/* Data images and host checks of the strided, bfs and pagerank workloads (graph_wl.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph_wl.h"
#include "../../firmware/kernels/graph.h"    /* kernel arguments and arithmetic */
#include "../../firmware/kernels/workload.h" /* stream_word */

static size_t up8(size_t x)
{
    return (x + 7) & ~(size_t)7;
}

/* Writes CSR offsets (u32) and columns of h into p: offsets at 0, columns at col_off. */
static void put_csr(uint8_t *p, const struct graph *h, size_t col_off)
{
    for (uint64_t v = 0; v <= h->n; v++) {
        uint32_t o = (uint32_t)h->off[v];
        memcpy(p + 4 * v, &o, 4);
    }
    memcpy(p + col_off, h->col, 4 * h->m);
}

int graph_wl_image(const struct graph *g, int pagerank, struct graph_wl *w)
{
    struct graph rev;
    const struct graph *h = g;
    memset(w, 0, sizeof *w);
    if (g->m >= (1ull << 32))
        return -E2BIG;
    if (pagerank && graph_transpose(g, &rev) != 0)
        return -ENOMEM;
    if (pagerank)
        h = &rev;
    w->col_off = up8(4 * (g->n + 1));
    w->deg_off = up8(w->col_off + 4 * g->m);
    w->len = pagerank ? up8(w->deg_off + 4 * g->n) : w->deg_off;
    w->out_len = 16 * g->n; /* bfs: level, parent u32[n] and frontiers u32[2n]; pagerank: rank, contrib u64[n] */
    w->data = calloc(1, w->len);
    if (!w->data) {
        if (pagerank)
            graph_free(&rev);
        return -ENOMEM;
    }
    put_csr(w->data, h, w->col_off);
    if (pagerank) {
        for (uint64_t v = 0; v < g->n; v++) {
            uint32_t d = (uint32_t)(g->off[v + 1] - g->off[v]);
            memcpy(w->data + w->deg_off + 4 * v, &d, 4);
        }
        graph_free(&rev);
    }
    return 0;
}

int graph_wl_bfs_check(const struct graph *g, uint32_t root, const uint8_t *out, uint64_t levels)
{
    uint32_t *lv = malloc(4 * g->n), *pa = malloc(4 * g->n), *work = malloc(4 * g->n);
    int rc = -ENOMEM;
    if (!lv || !pa || !work)
        goto out;
    uint32_t want = graph_bfs_ref(g, root, lv, pa, work);
    uint64_t reached = 0;
    rc = 1;
    for (uint64_t v = 0; v < g->n; v++) {
        uint32_t dl, dp;
        memcpy(&dl, out + 4 * v, 4);
        memcpy(&dp, out + 4 * (g->n + v), 4);
        if (dl != lv[v] || dp != pa[v]) {
            printf("bfs: MISMATCH at vertex %" PRIu64 ": device level %" PRIu32 " parent %" PRIu32
                   ", host level %" PRIu32 " parent %" PRIu32 " (0x%x = not reached)\n",
                   v, dl, dp, lv[v], pa[v], GRAPH_NONE);
            goto out;
        }
        reached += lv[v] != GRAPH_NONE;
    }
    if (levels != want) {
        printf("bfs: MISMATCH in the result: device %" PRIu64 " levels, host %" PRIu32 "\n", levels, want);
        goto out;
    }
    printf("bfs: %" PRIu64 " vertices, %" PRIu64 " edges, root %" PRIu32 ": %" PRIu32 " levels, %" PRIu64
           " vertices reached; levels and parents checked on the host -> MATCH\n", g->n, g->m, root, want, reached);
    rc = 0;
out:
    free(lv);
    free(pa);
    free(work);
    return rc;
}

int graph_wl_pr_check(const struct graph *g, uint32_t iters, const uint8_t *out)
{
    uint64_t *rank = malloc(8 * g->n), *contrib = malloc(8 * g->n), sum = 0, top = 0;
    int rc = -ENOMEM;
    if (!rank || !contrib)
        goto out;
    graph_pagerank_ref(g, iters, rank, contrib);
    rc = 1;
    for (uint64_t v = 0; v < g->n; v++) {
        uint64_t d;
        memcpy(&d, out + 8 * v, 8);
        if (d != rank[v]) {
            printf("pagerank: MISMATCH at vertex %" PRIu64 ": device 0x%016" PRIx64 ", host 0x%016" PRIx64 "\n", v, d,
                   rank[v]);
            goto out;
        }
        sum += rank[v];
        top = rank[v] > rank[top] ? v : top;
    }
    printf("pagerank: %" PRIu64 " vertices, %" PRIu64 " edges, %" PRIu32 " iterations (Q32.32, damping 0.85): "
           "ranks checked on the host -> MATCH (rank sum %.6f; top vertex %" PRIu64 ", rank %.6f)\n",
           g->n, g->m, iters, (double)sum / 4294967296.0, top, (double)rank[top] / 4294967296.0);
    rc = 0;
out:
    free(rank);
    free(contrib);
    return rc;
}

int strided_wl_check(const uint8_t *src, uint64_t elem, uint64_t stride, uint64_t count, uint64_t add,
                     const uint8_t *out)
{
    for (uint64_t i = 0; i < count; i++)
        for (uint64_t w = 0; w < elem / 8; w++) {
            uint64_t x, got;
            memcpy(&x, src + i * stride + 8 * w, 8);
            memcpy(&got, out + i * elem + 8 * w, 8);
            if (got != stream_word(x, add)) {
                printf("strided: MISMATCH in element %" PRIu64 ", word %" PRIu64 ": device 0x%016" PRIx64
                       ", host 0x%016" PRIx64 "\n", i, w, got, stream_word(x, add));
                return 1;
            }
        }
    printf("strided: %" PRIu64 " elements of %" PRIu64 " bytes at a stride of %" PRIu64
           " bytes checked on the host -> MATCH\n", count, elem, stride);
    return 0;
}

/*
 * uvmsoc CLI: data images and host checks of the strided, bfs and pagerank
 * workloads (issue 14, item 1; arguments firmware/kernels/graph.h), used
 * by `run --kernel` (kernel_run.c) for their recipes.
 */
#ifndef UVMSOC_GRAPH_WL_H
#define UVMSOC_GRAPH_WL_H

#include <stddef.h>
#include <stdint.h>

#include "graph.h"

/**
 * A graph kernel's device data: the read-only input image (offsets u32,
 * columns u32 at col_off, pagerank's out-degrees at deg_off; offsets in
 * bytes from the start, each 8-byte aligned) and the size of its work and
 * output region (bfs: level u32[n], parent u32[n], frontiers u32[2n];
 * pagerank: rank u64[n], contrib u64[n]).
 */
struct graph_wl {
    uint8_t *data;          /**< input image (malloc'ed) */
    size_t len;             /**< its bytes */
    size_t col_off, deg_off;
    size_t out_len;         /**< bytes of the work and output region */
};

/**
 * graph_wl_image - builds @w for kernel @pagerank (0: bfs, 1: pagerank) of
 * @g: bfs reads @g's out-edges; pagerank the reverse graph and the
 * out-degrees. Returns 0, -E2BIG (m >= 2^32: the kernels take u32 offsets)
 * or -ENOMEM.
 */
int graph_wl_image(const struct graph *g, int pagerank, struct graph_wl *w);

/**
 * graph_wl_bfs_check - compares the bfs output @out (level u32[n] then
 * parent u32[n], as the device left them) and its result @levels with
 * graph_bfs_ref from @root; prints one line ("bfs: ... -> MATCH" or the
 * first difference). Returns 0 on a match, 1 on a mismatch, -ENOMEM.
 */
int graph_wl_bfs_check(const struct graph *g, uint32_t root, const uint8_t *out, uint64_t levels);

/**
 * graph_wl_pr_check - compares the pagerank ranks @out (u64[n]) with
 * graph_pagerank_ref over @iters iterations; prints one line. Returns 0 on
 * a match, 1 on a mismatch, -ENOMEM.
 */
int graph_wl_pr_check(const struct graph *g, uint32_t iters, const uint8_t *out);

/**
 * strided_wl_check - compares strided's packed output @out (count x elem
 * bytes) with the function of graph.h over the source @src (count x
 * stride bytes) and addend @add; prints one line. Returns 0 on a match, 1
 * on a mismatch.
 */
int strided_wl_check(const uint8_t *src, uint64_t elem, uint64_t stride, uint64_t count, uint64_t add,
                     const uint8_t *out);

#endif /* UVMSOC_GRAPH_WL_H */

/*
 * Graphs in CSR form (issue 14, item 1): the host side of the BFS and
 * PageRank workloads. Builds a CSR graph from the Debian package
 * dependency graph (`apt-cache dumpavail` text), from an edge-list file or
 * from a Graph500-style Kronecker generator; reads and writes the CSR file
 * (format below, docs/architecture.md "Kernels and launch"); computes the
 * host references the kernels are checked against (graph_ref.c, the same
 * arithmetic as firmware/kernels/graph.h).
 *
 * CSR file (little-endian), written to a temporary file and renamed, so a
 * failed write leaves nothing behind:
 *   offset 0   u8[4]  magic "UCSR"
 *          4   u16    version (GRAPH_FILE_VERSION = 1)
 *          6   u16    flags: bit 0 = offsets are u64 (else u32); others 0
 *          8   u64    n: vertices (1 .. 2^32 - 1; ids are u32)
 *         16   u64    m: directed edges
 *         24   u64    reserved, 0
 *         32   offsets[n + 1] (u32 or u64): row v's edges are
 *              cols[offsets[v] .. offsets[v + 1]); offsets[0] = 0,
 *              non-decreasing, offsets[n] = m
 *              cols[m] (u32): destination vertex ids, each < n
 * The file size is exactly 32 + (n + 1) * (4 or 8) + 4 * m bytes. The
 * converters write u32 offsets when m < 2^32. Rows are sorted ascending,
 * without duplicate edges or self-loops (graph_build drops and counts them).
 */
#ifndef UVMSOC_GRAPH_H
#define UVMSOC_GRAPH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#define GRAPH_MAGIC "UCSR"
#define GRAPH_FILE_VERSION 1
#define GRAPH_FLAG_OFF64 1u                 /**< offsets stored as u64 */
#define GRAPH_HDR_BYTES 32
#define GRAPH_MAX_VERTICES 0xffffffffull   /**< ids are u32; UINT32_MAX itself is "none" in the kernels' outputs */
#define GRAPH_ERR_LEN 256                   /**< bytes of an error message buffer */

/** graph_fail - format a message (printf-style) into @err (GRAPH_ERR_LEN bytes; may be NULL) and return @rc. */
int graph_fail(char *err, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/**
 * graph_read_line - read the next line of @f into *@line (grown by getline,
 * *@cap its capacity; the caller frees it), strip its line ending ("\n",
 * "\r\n") and count it in *@ln (1-based line number of the line read).
 * Returns its length in bytes (0 for an empty line), -1 at the end of the
 * file, or -EIO with a message in @err (GRAPH_ERR_LEN bytes) on a read error.
 */
ssize_t graph_read_line(FILE *f, char **line, size_t *cap, unsigned long *ln, char *err);

/** A graph in CSR form: n vertices, m directed edges. */
struct graph {
    uint64_t n;        /**< vertices */
    uint64_t m;        /**< edges */
    uint64_t *off;     /**< n + 1 offsets into col */
    uint32_t *col;     /**< m destination ids, each row ascending */
};

/** What graph_build dropped. */
struct graph_build_stats {
    uint64_t input_edges;   /**< edges given */
    uint64_t self_loops;    /**< src == dst, dropped */
    uint64_t duplicates;    /**< repeated (src, dst), dropped */
};

/** Statistics of the dumpavail conversion. */
struct graph_dumpavail_stats {
    uint64_t stanzas;       /**< package stanzas read (a package may have several: versions, architectures) */
    uint64_t packages;      /**< distinct package names = vertices */
    uint64_t deps;          /**< dependency entries (Depends + Pre-Depends, one per comma-separated item) */
    uint64_t alternatives;  /**< alternatives after the first of an `a | b` entry, not used */
    uint64_t unknown;       /**< entries naming no package of the input (virtual packages etc.), dropped */
    struct graph_build_stats build;
};

/** Kronecker generator parameters (Graph500 spec 2.0, section 3.2). */
struct graph_kron_params {
    unsigned scale;         /**< n = 2^scale vertices, 1..30 */
    unsigned edge_factor;   /**< edges generated = edge_factor * n (Graph500: 16) */
    uint64_t seed;          /**< random seed */
};

#define GRAPH_KRON_SCALE_MAX 30
#define GRAPH_KRON_EDGE_FACTOR 16
/* Initiator probabilities of Graph500's generator (spec 2.0 section 3.2): A, B, C; D = 1 - A - B - C. */
#define GRAPH_KRON_A 0.57
#define GRAPH_KRON_B 0.19
#define GRAPH_KRON_C 0.19

/** Frees the arrays of @g and zeroes it (NULL or zeroed: nothing). */
void graph_free(struct graph *g);

/**
 * graph_build - CSR of @count directed edges (src[i] -> dst[i], ids < @n)
 * over @n vertices (1..GRAPH_MAX_VERTICES): rows sorted ascending,
 * self-loops and duplicate edges dropped (counted in *@st, may be NULL).
 * Returns 0, -EINVAL (n out of range, an id >= n; message in @err) or
 * -ENOMEM.
 */
int graph_build(uint64_t n, const uint32_t *src, const uint32_t *dst, uint64_t count, struct graph *g,
                struct graph_build_stats *st, char err[GRAPH_ERR_LEN]);

/**
 * graph_transpose - @t = the reverse graph of @g (edge u -> v becomes
 * v -> u; rows ascending). Returns 0 or -ENOMEM.
 */
int graph_transpose(const struct graph *g, struct graph *t);

/**
 * graph_symmetrize - @u = @g with every edge also stored reversed (the
 * undirected graph), built by graph_build (duplicates, e.g. an edge whose
 * reverse was already there, dropped and counted in *@st, may be NULL).
 * Returns 0 or -ENOMEM.
 */
int graph_symmetrize(const struct graph *g, struct graph *u, struct graph_build_stats *st);

/**
 * graph_from_dumpavail - the package dependency graph of the stanzas in
 * @f (the text `apt-cache dumpavail` prints; RFC822-style stanzas,
 * continuation lines, field names case-insensitive). One vertex per
 * distinct Package name, in order of first appearance; an edge p -> q for
 * each Depends and Pre-Depends entry of any stanza of p whose FIRST
 * alternative names package q (version constraints "(...)" and ":arch"
 * qualifiers stripped; entries naming no package of the input dropped and
 * counted in st->unknown). Returns 0, -EINVAL (no package, no edge, a
 * stanza without Package; message in @err), -EIO (read error) or -ENOMEM.
 */
int graph_from_dumpavail(FILE *f, struct graph *g, struct graph_dumpavail_stats *st, char err[GRAPH_ERR_LEN]);

/**
 * graph_from_edges - the graph of an edge-list text: one edge "SRC DST"
 * (decimal vertex ids < 2^32 - 1, separated by blanks) per line, blank
 * lines and lines starting with '#' (after blanks) ignored, n = largest
 * id + 1. Returns 0, -EINVAL (a line that is not two ids, an id too large,
 * no edge; message with the line number in @err), -EIO or -ENOMEM.
 */
int graph_from_edges(FILE *f, struct graph *g, struct graph_build_stats *st, char err[GRAPH_ERR_LEN]);

/**
 * graph_kronecker - a Graph500-style Kronecker graph: edge_factor * 2^scale
 * edges, each drawn bit by bit with the initiator A, B, C, D (GRAPH_KRON_*;
 * splitmix64 stream from @p->seed, so the same parameters give the same
 * graph on every host), vertex labels permuted by a seeded Fisher-Yates
 * shuffle; undirected as Graph500's: every edge stored in both directions,
 * then graph_build (self-loops, duplicates dropped). Returns 0, -EINVAL
 * (scale 0 or > GRAPH_KRON_SCALE_MAX, edge factor 0 or the edges beyond
 * 2^32; message in @err) or -ENOMEM.
 */
int graph_kronecker(const struct graph_kron_params *p, struct graph *g, struct graph_build_stats *st,
                    char err[GRAPH_ERR_LEN]);

/**
 * graph_write - writes @g to @path in the CSR format above: into a
 * temporary file next to it, then renamed over @path (a failure removes the
 * temporary file and leaves @path as it was). Returns 0, or a negative
 * errno of the write (message in @err).
 */
int graph_write(const struct graph *g, const char *path, char err[GRAPH_ERR_LEN]);

/**
 * graph_read - reads and validates the CSR file @path into @g: magic,
 * version, flags, reserved word, exact size (a truncated or padded file is
 * refused), 1..GRAPH_MAX_VERTICES vertices, offsets from 0 non-decreasing
 * to m, every column < n. Returns 0, -ENOENT/-EACCES/-EISDIR/-EIO (cannot
 * read), -EINVAL (not a valid CSR file; message says which rule), -ENOMEM.
 */
int graph_read(const char *path, struct graph *g, char err[GRAPH_ERR_LEN]);

/**
 * graph_parse - validates the CSR image @buf (@len bytes, the file
 * format above) into @g, as graph_read. Returns 0, -EINVAL or -ENOMEM.
 */
int graph_parse(const uint8_t *buf, size_t len, struct graph *g, char err[GRAPH_ERR_LEN]);

/** The vertex of largest out-degree (lowest id among ties): the default BFS root. */
uint32_t graph_max_degree_vertex(const struct graph *g);

/**
 * graph_bfs_ref - host reference of the bfs kernel (firmware/kernels/graph.h):
 * level[v] = hops from @root (GRAPH_NONE when unreachable), parent[v] = the
 * smallest-id u with level[u] = level[v] - 1 and an edge u -> v
 * (parent[root] = root; GRAPH_NONE when unreachable). Arrays of n u32.
 * Returns the number of levels (largest level + 1), or 0 when root >= n.
 * @work: n u32 of scratch (the frontiers).
 */
uint32_t graph_bfs_ref(const struct graph *g, uint32_t root, uint32_t *level, uint32_t *parent, uint32_t *work);

/**
 * graph_pagerank_ref - host reference of the pagerank kernel: @iters
 * iterations of the fixed-point arithmetic of firmware/kernels/graph.h on
 * @g (out-edges); @rank: n u64 (Q32.32 probabilities) out; @contrib: n u64
 * scratch.
 */
void graph_pagerank_ref(const struct graph *g, uint32_t iters, uint64_t *rank, uint64_t *contrib);

#endif /* UVMSOC_GRAPH_H */

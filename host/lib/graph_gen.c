/*
 * Graph sources besides dumpavail (graph.h): edge-list files and the
 * Graph500-style Kronecker generator (Graph500 specification 2.0,
 * section 3: initiator A 0.57, B 0.19, C 0.19, D 0.05, edge factor 16,
 * vertex labels permuted).
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"

/* Parses a decimal vertex id at *s (advancing it); 0 or -1 (not a number, or >= GRAPH_MAX_VERTICES). */
static int parse_id(const char **s, uint32_t *out)
{
    const char *p = *s;
    uint64_t v = 0;
    if (!isdigit((unsigned char)*p))
        return -1;
    for (; isdigit((unsigned char)*p); p++) {
        v = v * 10 + (uint64_t)(*p - '0');
        if (v >= GRAPH_MAX_VERTICES)
            return -1;
    }
    *s = p;
    *out = (uint32_t)v;
    return 0;
}

int graph_from_edges(FILE *f, struct graph *g, struct graph_build_stats *st, char err[GRAPH_ERR_LEN])
{
    uint32_t *src = NULL, *dst = NULL, maxid = 0;
    uint64_t n = 0, cap = 0;
    char *line = NULL;
    size_t lcap = 0;
    unsigned long ln = 0;
    int rc = 0;
    memset(g, 0, sizeof *g);
    for (;;) {
        ssize_t r = graph_read_line(f, &line, &lcap, &ln, err);
        if (r < 0) {
            rc = r == -1 ? 0 : (int)r;
            break;
        }
        const char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#' || *p == '\n' || *p == '\r' || *p == '\0')
            continue;
        uint32_t a, b;
        if (parse_id(&p, &a) != 0 || !(*p == ' ' || *p == '\t'))
            goto bad;
        while (*p == ' ' || *p == '\t')
            p++;
        if (parse_id(&p, &b) != 0)
            goto bad;
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        if (*p != '\0' && *p != '#')
            goto bad;
        if (n == cap) {
            uint64_t c = cap ? 2 * cap : 4096;
            uint32_t *s2 = realloc(src, c * sizeof *s2);
            if (s2)
                src = s2;
            uint32_t *d2 = s2 ? realloc(dst, c * sizeof *d2) : NULL;
            if (!d2) {
                rc = -ENOMEM;
                break;
            }
            dst = d2;
            cap = c;
        }
        src[n] = a;
        dst[n++] = b;
        maxid = a > maxid ? a : maxid;
        maxid = b > maxid ? b : maxid;
        continue;
    bad:
        rc = graph_fail(err, -EINVAL, "line %lu: not an edge \"SRC DST\" of two decimal vertex ids below %llu", ln,
                  (unsigned long long)GRAPH_MAX_VERTICES);
        break;
    }
    free(line);
    if (!rc && n == 0)
        rc = graph_fail(err, -EINVAL, "no edge in the input (empty graph)");
    if (!rc)
        rc = graph_build((uint64_t)maxid + 1, src, dst, n, g, st, err);
    free(src);
    free(dst);
    return rc;
}

/* splitmix64 (Steele, Lea, Flood: "Fast splittable pseudorandom number generators", OOPSLA 2014). */
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Uniform double in [0, 1) from the top 53 bits (exact in IEEE double: the same on every host). */
static double uniform(uint64_t *s)
{
    return (double)(next(s) >> 11) * (1.0 / 9007199254740992.0);
}

int graph_kronecker(const struct graph_kron_params *p, struct graph *g, struct graph_build_stats *st,
                    char err[GRAPH_ERR_LEN])
{
    memset(g, 0, sizeof *g);
    if (p->scale == 0 || p->scale > GRAPH_KRON_SCALE_MAX)
        return graph_fail(err, -EINVAL, "scale %u: use 1 to %d (2^scale vertices)", p->scale, GRAPH_KRON_SCALE_MAX);
    uint64_t n = 1ull << p->scale, gen = (uint64_t)p->edge_factor * n;
    if (p->edge_factor == 0 || gen > (1ull << 31))
        return graph_fail(err, -EINVAL, "edge factor %u at scale %u: 1 or more, and at most 2^31 edges", p->edge_factor,
                    p->scale);
    uint32_t *src = malloc(2 * gen * sizeof *src), *dst = malloc(2 * gen * sizeof *dst);
    uint32_t *perm = malloc(n * sizeof *perm);
    if (!src || !dst || !perm) {
        free(src);
        free(dst);
        free(perm);
        return -ENOMEM;
    }
    uint64_t s = p->seed;
    /* Graph500 reference generator's quadrant choice: i bit with P(1) = C + D; j bit given i. */
    const double ab = GRAPH_KRON_A + GRAPH_KRON_B, c_norm = GRAPH_KRON_C / (1.0 - ab),
                 a_norm = GRAPH_KRON_A / ab;
    for (uint64_t e = 0; e < gen; e++) {
        uint64_t i = 0, j = 0;
        for (unsigned b = 0; b < p->scale; b++) {
            int ib = uniform(&s) > ab;
            int jb = uniform(&s) > (ib ? c_norm : a_norm);
            i |= (uint64_t)ib << b;
            j |= (uint64_t)jb << b;
        }
        src[e] = (uint32_t)i;
        dst[e] = (uint32_t)j;
    }
    /* vertex labels permuted (Fisher-Yates; the multiply-shift range map has no modulo bias worth a branch) */
    for (uint64_t v = 0; v < n; v++)
        perm[v] = (uint32_t)v;
    for (uint64_t v = n - 1; v > 0; v--) {
        uint64_t r = (uint64_t)(((unsigned __int128)next(&s) * (v + 1)) >> 64);
        uint32_t t = perm[v];
        perm[v] = perm[r];
        perm[r] = t;
    }
    for (uint64_t e = 0; e < gen; e++) { /* undirected: both directions */
        uint32_t a = perm[src[e]], b = perm[dst[e]];
        src[e] = a;
        dst[e] = b;
        src[gen + e] = b;
        dst[gen + e] = a;
    }
    free(perm);
    int rc = graph_build(n, src, dst, 2 * gen, g, st, err);
    free(src);
    free(dst);
    return rc;
}

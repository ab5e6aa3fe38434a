/* CSR graphs: build, transpose, file read and write (graph.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "graph.h"

int graph_fail(char *err, int rc, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, GRAPH_ERR_LEN, fmt, ap);
        va_end(ap);
    }
    return rc;
}

ssize_t graph_read_line(FILE *f, char **line, size_t *cap, unsigned long *ln, char *err)
{
    ssize_t r = getline(line, cap, f);
    if (r < 0)
        return ferror(f) ? graph_fail(err, -EIO, "read error after line %lu", *ln) : -1;
    ++*ln;
    while (r > 0 && ((*line)[r - 1] == '\n' || (*line)[r - 1] == '\r'))
        (*line)[--r] = '\0';
    return r;
}

void graph_free(struct graph *g)
{
    if (!g)
        return;
    free(g->off);
    free(g->col);
    memset(g, 0, sizeof *g);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

int graph_build(uint64_t n, const uint32_t *src, const uint32_t *dst, uint64_t count, struct graph *g,
                struct graph_build_stats *st, char err[GRAPH_ERR_LEN])
{
    struct graph_build_stats s = {.input_edges = count};
    memset(g, 0, sizeof *g);
    if (n == 0 || n > GRAPH_MAX_VERTICES)
        return graph_fail(err, -EINVAL, "%llu vertices: a graph has 1 to %llu", (unsigned long long)n,
                    (unsigned long long)GRAPH_MAX_VERTICES);
    for (uint64_t i = 0; i < count; i++)
        if (src[i] >= n || dst[i] >= n)
            return graph_fail(err, -EINVAL, "edge %llu (%u -> %u): vertex id not below %llu", (unsigned long long)i,
                        src[i], dst[i], (unsigned long long)n);
    uint64_t *off = calloc(n + 1, sizeof *off);
    uint32_t *col = malloc((count ? count : 1) * sizeof *col);
    if (!off || !col) {
        free(off);
        free(col);
        return -ENOMEM;
    }
    /* counting sort by source, then each row sorted and made unique in place */
    for (uint64_t i = 0; i < count; i++)
        off[src[i] + 1]++;
    for (uint64_t v = 0; v < n; v++)
        off[v + 1] += off[v];
    uint64_t *fill = malloc(n * sizeof *fill);
    if (!fill) {
        free(off);
        free(col);
        return -ENOMEM;
    }
    memcpy(fill, off, n * sizeof *fill);
    for (uint64_t i = 0; i < count; i++)
        col[fill[src[i]]++] = dst[i];
    free(fill);
    uint64_t w = 0;
    for (uint64_t v = 0; v < n; v++) {
        uint64_t b = off[v], e = off[v + 1];
        qsort(col + b, e - b, sizeof *col, cmp_u32);
        off[v] = w;
        for (uint64_t i = b; i < e; i++) {
            if (col[i] == v)
                s.self_loops++;
            else if (w > off[v] && col[w - 1] == col[i])
                s.duplicates++;
            else
                col[w++] = col[i];
        }
    }
    off[n] = w;
    uint32_t *shrunk = realloc(col, (w ? w : 1) * sizeof *col);
    g->n = n;
    g->m = w;
    g->off = off;
    g->col = shrunk ? shrunk : col;
    if (st)
        *st = s;
    return 0;
}

int graph_transpose(const struct graph *g, struct graph *t)
{
    memset(t, 0, sizeof *t);
    uint64_t *off = calloc(g->n + 1, sizeof *off), *fill = malloc((g->n ? g->n : 1) * sizeof *fill);
    uint32_t *col = malloc((g->m ? g->m : 1) * sizeof *col);
    if (!off || !col || !fill) {
        free(off);
        free(col);
        free(fill);
        return -ENOMEM;
    }
    for (uint64_t e = 0; e < g->m; e++)
        off[g->col[e] + 1]++;
    for (uint64_t v = 0; v < g->n; v++)
        off[v + 1] += off[v];
    memcpy(fill, off, g->n * sizeof *fill);
    /* sources visited in ascending order: each reversed row comes out sorted */
    for (uint64_t u = 0; u < g->n; u++)
        for (uint64_t e = g->off[u]; e < g->off[u + 1]; e++)
            col[fill[g->col[e]]++] = (uint32_t)u;
    free(fill);
    t->n = g->n;
    t->m = g->m;
    t->off = off;
    t->col = col;
    return 0;
}

int graph_symmetrize(const struct graph *g, struct graph *u, struct graph_build_stats *st)
{
    memset(u, 0, sizeof *u);
    size_t cnt = g->m ? 2 * g->m : 1;
    uint32_t *src = malloc(cnt * sizeof *src), *dst = malloc(cnt * sizeof *dst);
    if (!src || !dst) {
        free(src);
        free(dst);
        return -ENOMEM;
    }
    uint64_t k = 0;
    for (uint64_t v = 0; v < g->n; v++)
        for (uint64_t e = g->off[v]; e < g->off[v + 1]; e++) {
            src[k] = dst[k + g->m] = (uint32_t)v;
            dst[k] = src[k + g->m] = g->col[e];
            k++;
        }
    int rc = graph_build(g->n, src, dst, 2 * g->m, u, st, NULL);
    free(src);
    free(dst);
    return rc;
}

uint32_t graph_max_degree_vertex(const struct graph *g)
{
    uint64_t best = 0, deg = 0;
    for (uint64_t v = 0; v < g->n; v++)
        if (g->off[v + 1] - g->off[v] > deg) {
            deg = g->off[v + 1] - g->off[v];
            best = v;
        }
    return (uint32_t)best;
}

/* ---- file format ---- */

static void put16(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get(const uint8_t *p, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* Writes all n bytes to fd; 0 or -errno. */
static int write_all(int fd, const void *buf, size_t n)
{
    const uint8_t *p = buf;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -errno;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int graph_write(const struct graph *g, const char *path, char err[GRAPH_ERR_LEN])
{
    uint8_t hdr[GRAPH_HDR_BYTES] = {0};
    int wide = g->m >= (1ull << 32);
    size_t len = strlen(path);
    char *tmp = malloc(len + 16);
    int rc = 0;
    if (!tmp)
        return -ENOMEM;
    snprintf(tmp, len + 16, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        rc = graph_fail(err, -errno, "%s: cannot create a temporary file next to it: %s", path, strerror(errno));
        free(tmp);
        return rc;
    }
    memcpy(hdr, GRAPH_MAGIC, 4);
    put16(hdr + 4, GRAPH_FILE_VERSION);
    put16(hdr + 6, wide ? GRAPH_FLAG_OFF64 : 0);
    put64(hdr + 8, g->n);
    put64(hdr + 16, g->m);
    rc = write_all(fd, hdr, sizeof hdr);
    /* offsets and columns in blocks, little-endian whatever the host */
    uint8_t buf[65536];
    size_t used = 0;
    for (uint64_t v = 0; !rc && v <= g->n; v++) {
        if (used + 8 > sizeof buf) {
            rc = write_all(fd, buf, used);
            used = 0;
        }
        for (unsigned i = 0; i < (wide ? 8u : 4u); i++)
            buf[used++] = (uint8_t)(g->off[v] >> (8 * i));
    }
    for (uint64_t e = 0; !rc && e < g->m; e++) {
        if (used + 4 > sizeof buf) {
            rc = write_all(fd, buf, used);
            used = 0;
        }
        for (unsigned i = 0; i < 4; i++)
            buf[used++] = (uint8_t)(g->col[e] >> (8 * i));
    }
    if (!rc)
        rc = write_all(fd, buf, used);
    if (!rc && fchmod(fd, 0644) != 0) /* mkstemp made it 0600: a data file like any other */
        rc = -errno;
    if (!rc && fsync(fd) != 0)
        rc = -errno;
    if (close(fd) != 0 && !rc)
        rc = -errno;
    if (!rc && rename(tmp, path) != 0)
        rc = -errno;
    if (rc) {
        unlink(tmp);
        graph_fail(err, rc, "%s: write failed: %s (nothing written)", path, strerror(-rc));
    }
    free(tmp);
    return rc;
}

int graph_parse(const uint8_t *buf, size_t len, struct graph *g, char err[GRAPH_ERR_LEN])
{
    memset(g, 0, sizeof *g);
    if (len < GRAPH_HDR_BYTES)
        return graph_fail(err, -EINVAL, "%zu bytes: shorter than the %d-byte header (truncated, or not a CSR file)", len,
                    GRAPH_HDR_BYTES);
    if (memcmp(buf, GRAPH_MAGIC, 4) != 0)
        return graph_fail(err, -EINVAL, "not a CSR graph file (magic is not \"%s\")", GRAPH_MAGIC);
    uint64_t ver = get(buf + 4, 2), flags = get(buf + 6, 2), n = get(buf + 8, 8), m = get(buf + 16, 8);
    if (ver != GRAPH_FILE_VERSION)
        return graph_fail(err, -EINVAL, "CSR format version %llu, this program reads version %d", (unsigned long long)ver,
                    GRAPH_FILE_VERSION);
    if (flags & ~(uint64_t)GRAPH_FLAG_OFF64)
        return graph_fail(err, -EINVAL, "unknown flags 0x%llx in the header", (unsigned long long)flags);
    if (get(buf + 24, 8) != 0)
        return graph_fail(err, -EINVAL, "reserved header word is not 0");
    if (n == 0)
        return graph_fail(err, -EINVAL, "empty graph (0 vertices)");
    if (n > GRAPH_MAX_VERTICES)
        return graph_fail(err, -EINVAL, "%llu vertices: at most %llu (u32 ids)", (unsigned long long)n,
                    (unsigned long long)GRAPH_MAX_VERTICES);
    unsigned w = flags & GRAPH_FLAG_OFF64 ? 8 : 4;
    uint64_t body = len - GRAPH_HDR_BYTES;
    /* expected size without overflow: n < 2^32, so (n + 1) * 8 fits; m checked against the rest */
    uint64_t offb = (n + 1) * w;
    if (body < offb || (body - offb) / 4 < m || (body - offb) % 4 != 0 || (body - offb) / 4 != m)
        return graph_fail(err, -EINVAL, "%zu bytes, but the header's n %llu and m %llu need %s%llu (%s)", len,
                    (unsigned long long)n, (unsigned long long)m, m > UINT64_MAX / 8 ? "more than " : "",
                    m > UINT64_MAX / 8 ? (unsigned long long)UINT64_MAX
                                        : (unsigned long long)(GRAPH_HDR_BYTES + offb + 4 * m),
                    body < offb || (body - offb) / 4 < m ? "truncated" : "trailing bytes");
    uint64_t *off = malloc((n + 1) * sizeof *off);
    uint32_t *col = malloc((m ? m : 1) * sizeof *col);
    if (!off || !col) {
        free(off);
        free(col);
        return -ENOMEM;
    }
    const uint8_t *p = buf + GRAPH_HDR_BYTES;
    for (uint64_t v = 0; v <= n; v++)
        off[v] = get(p + v * w, w);
    int rc = 0;
    if (off[0] != 0)
        rc = graph_fail(err, -EINVAL, "offsets[0] is %llu, not 0", (unsigned long long)off[0]);
    for (uint64_t v = 0; !rc && v < n; v++)
        if (off[v + 1] < off[v] || off[v + 1] > m)
            rc = graph_fail(err, -EINVAL, "offsets[%llu] = %llu: offsets must not decrease and stay <= m = %llu",
                      (unsigned long long)(v + 1), (unsigned long long)off[v + 1], (unsigned long long)m);
    if (!rc && off[n] != m)
        rc = graph_fail(err, -EINVAL, "offsets[n] = %llu, not m = %llu", (unsigned long long)off[n], (unsigned long long)m);
    p += offb;
    for (uint64_t v = 0; !rc && v < n; v++)
        for (uint64_t e = off[v]; !rc && e < off[v + 1]; e++) {
            col[e] = (uint32_t)get(p + 4 * e, 4);
            if (col[e] >= n)
                rc = graph_fail(err, -EINVAL, "column %llu (an edge of vertex %llu) is vertex id %u, not below n = %llu",
                          (unsigned long long)e, (unsigned long long)v, col[e], (unsigned long long)n);
        }
    if (rc) {
        free(off);
        free(col);
        return rc;
    }
    g->n = n;
    g->m = m;
    g->off = off;
    g->col = col;
    return 0;
}

int graph_read(const char *path, struct graph *g, char err[GRAPH_ERR_LEN])
{
    struct stat st;
    memset(g, 0, sizeof *g);
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return graph_fail(err, -errno, "%s: cannot open: %s", path, strerror(errno));
    if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
        int e = S_ISDIR(st.st_mode) ? EISDIR : errno;
        close(fd);
        return graph_fail(err, -e, "%s: %s", path, strerror(e));
    }
    size_t len = (size_t)st.st_size, got = 0;
    uint8_t *buf = malloc(len ? len : 1);
    if (!buf) {
        close(fd);
        return -ENOMEM;
    }
    while (got < len) {
        ssize_t r = read(fd, buf + got, len - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    if (got != len) {
        free(buf);
        return graph_fail(err, -EIO, "%s: read error", path);
    }
    char why[GRAPH_ERR_LEN] = "";
    int rc = graph_parse(buf, len, g, why);
    free(buf);
    if (rc == -EINVAL)
        graph_fail(err, rc, "%s: %s", path, why);
    return rc;
}

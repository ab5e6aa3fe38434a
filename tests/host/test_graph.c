/*
 * Unit tests of the CSR graph library (host/lib/graph.h): the dumpavail and
 * edge-list converters on hand-checked inputs, the Kronecker generator's
 * determinism and shape, the CSR file round trip and every malformed-file
 * rule, writes that fail leaving nothing behind, and the host references
 * of the bfs and pagerank kernels on hand-computed graphs.
 */
#include <errno.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "graph.h"
#include "../../firmware/kernels/graph.h"

static FILE *text(const char *s)
{
    FILE *f = fmemopen((void *)s, strlen(s), "r");
    assert_non_null(f);
    return f;
}

static void expect_csr(const struct graph *g, uint64_t n, const uint64_t *off, const uint32_t *col)
{
    assert_int_equal(g->n, n);
    for (uint64_t v = 0; v <= n; v++)
        assert_int_equal(g->off[v], off[v]);
    for (uint64_t e = 0; e < off[n]; e++)
        assert_int_equal(g->col[e], col[e]);
    assert_int_equal(g->m, off[n]);
}

/* Packages a b c d e in order; a: b (versioned), c:any | d (first alternative), d (Pre-Depends, continued on a
 * second line), virtual-x (unknown); a second stanza of a repeats b; b: c; e: a; c and d: none. */
static void test_dumpavail_small(void **state)
{
    (void)state;
    static const char in[] = "Package: a\n"
                             "Version: 1\n"
                             "Depends: b (>= 1.0), c:any | d, virtual-x\n"
                             "Pre-Depends:\n d\n"
                             "Description: first\n continuation: not a field\n"
                             "\n"
                             "Package: b\n"
                             "depends: c\n"
                             "\n"
                             "Package: c\n"
                             "\n"
                             "Package: a\n"
                             "Version: 2\n"
                             "Depends: b\n"
                             "\n"
                             "Package: d\n"
                             "\n\n"
                             "Package: e\n"
                             "Depends: a [amd64]\n";
    struct graph g;
    struct graph_dumpavail_stats st;
    char err[GRAPH_ERR_LEN] = "";
    FILE *f = text(in);
    assert_int_equal(graph_from_dumpavail(f, &g, &st, err), 0);
    fclose(f);
    static const uint64_t off[] = {0, 3, 4, 4, 4, 5};
    static const uint32_t col[] = {1, 2, 3, 2, 0};
    expect_csr(&g, 5, off, col);
    assert_int_equal(st.stanzas, 6);
    assert_int_equal(st.packages, 5);
    assert_int_equal(st.deps, 7);          /* b c virtual-x d | c | b | a */
    assert_int_equal(st.alternatives, 1);  /* d of "c:any | d" */
    assert_int_equal(st.unknown, 1);       /* virtual-x */
    assert_int_equal(st.build.duplicates, 1);
    assert_int_equal(st.build.self_loops, 0);
    graph_free(&g);
}

static void expect_dumpavail_error(const char *in, const char *needle)
{
    struct graph g;
    struct graph_dumpavail_stats st;
    char err[GRAPH_ERR_LEN] = "";
    FILE *f = text(in);
    assert_int_equal(graph_from_dumpavail(f, &g, &st, err), -EINVAL);
    fclose(f);
    if (!strstr(err, needle))
        fail_msg("error '%s' does not contain '%s'", err, needle);
    assert_null(g.off);
}

static void test_dumpavail_bad(void **state)
{
    (void)state;
    expect_dumpavail_error("Version: 1\nDepends: b\n\nPackage: b\n", "has no Package field");
    expect_dumpavail_error("Package: a\nthis line has no colon\n", "line 2: not a \"Field: value\" line");
    expect_dumpavail_error(" leading continuation\n", "line 1: continuation line outside a stanza");
    expect_dumpavail_error("", "no package stanza");
    expect_dumpavail_error("Package: a\nDepends: virtual\n", "no dependency between them");
}

static void test_edges_small(void **state)
{
    (void)state;
    static const char in[] = "# a comment\n"
                             "0 1\n"
                             "  1\t2   # trailing comment\n"
                             "\n"
                             "2 0\n"
                             "2 2\n"
                             "0 1\n"
                             "4 0\r\n";
    struct graph g;
    struct graph_build_stats st;
    char err[GRAPH_ERR_LEN];
    FILE *f = text(in);
    assert_int_equal(graph_from_edges(f, &g, &st, err), 0);
    fclose(f);
    static const uint64_t off[] = {0, 1, 2, 3, 3, 4};
    static const uint32_t col[] = {1, 2, 0, 0};
    expect_csr(&g, 5, off, col);
    assert_int_equal(st.input_edges, 6);
    assert_int_equal(st.self_loops, 1);
    assert_int_equal(st.duplicates, 1);
    graph_free(&g);
}

/* Undirected: 0 -> 1, 1 -> 0, 1 -> 2 become 0 - 1, 1 - 2 stored both ways; the two reverses already there counted. */
static void test_symmetrize(void **state)
{
    (void)state;
    static const uint32_t src[] = {0, 1, 1}, dst[] = {1, 0, 2};
    struct graph g, u;
    struct graph_build_stats st;
    char err[GRAPH_ERR_LEN];
    assert_int_equal(graph_build(3, src, dst, 3, &g, NULL, err), 0);
    assert_int_equal(graph_symmetrize(&g, &u, &st), 0);
    static const uint64_t off[] = {0, 1, 3, 4};
    static const uint32_t col[] = {1, 0, 2, 1};
    expect_csr(&u, 3, off, col);
    assert_int_equal(st.duplicates, 2);
    graph_free(&g);
    graph_free(&u);
}

static void expect_edges_error(const char *in, const char *needle)
{
    struct graph g;
    char err[GRAPH_ERR_LEN] = "";
    FILE *f = text(in);
    assert_int_equal(graph_from_edges(f, &g, NULL, err), -EINVAL);
    fclose(f);
    if (!strstr(err, needle))
        fail_msg("error '%s' does not contain '%s'", err, needle);
}

static void test_edges_bad(void **state)
{
    (void)state;
    expect_edges_error("0 1\nx 2\n", "line 2: not an edge");
    expect_edges_error("0 1 2\n", "line 1: not an edge");
    expect_edges_error("0\n", "line 1: not an edge");
    expect_edges_error("-1 2\n", "line 1: not an edge");
    expect_edges_error("0 4294967295\n", "line 1: not an edge");   /* ids are below 2^32 - 1 */
    expect_edges_error("0 99999999999999999999\n", "line 1: not an edge");
    expect_edges_error("# only comments\n\n", "no edge");
}

static void test_kronecker(void **state)
{
    (void)state;
    struct graph_kron_params p = {.scale = 10, .edge_factor = 16, .seed = 7};
    struct graph a, b, c;
    struct graph_build_stats st;
    char err[GRAPH_ERR_LEN];
    assert_int_equal(graph_kronecker(&p, &a, &st, err), 0);
    assert_int_equal(graph_kronecker(&p, &b, NULL, err), 0);
    assert_int_equal(a.n, 1024);
    assert_int_equal(st.input_edges, 2 * 16 * 1024);
    assert_int_equal(a.m + st.self_loops + st.duplicates, st.input_edges);
    /* deterministic: the same parameters, the same graph */
    assert_int_equal(a.m, b.m);
    assert_memory_equal(a.off, b.off, (a.n + 1) * sizeof *a.off);
    assert_memory_equal(a.col, b.col, a.m * sizeof *a.col);
    /* undirected, sorted, no self-loops; skewed degrees (R-MAT: the largest far above the mean) */
    struct graph t;
    assert_int_equal(graph_transpose(&a, &t), 0);
    assert_memory_equal(a.off, t.off, (a.n + 1) * sizeof *a.off);
    assert_memory_equal(a.col, t.col, a.m * sizeof *a.col);
    graph_free(&t);
    uint32_t top = graph_max_degree_vertex(&a);
    assert_true(a.off[top + 1] - a.off[top] > 8 * a.m / a.n);
    for (uint64_t v = 0; v < a.n; v++)
        for (uint64_t e = a.off[v]; e < a.off[v + 1]; e++) {
            assert_true(a.col[e] != v);
            assert_true(e == a.off[v] || a.col[e - 1] < a.col[e]);
        }
    /* another seed, another graph */
    p.seed = 8;
    assert_int_equal(graph_kronecker(&p, &c, NULL, err), 0);
    assert_true(c.m != a.m || memcmp(c.col, a.col, a.m * sizeof *a.col) != 0);
    p.scale = 0;
    assert_int_equal(graph_kronecker(&p, &t, NULL, err), -EINVAL);
    p.scale = 31;
    assert_int_equal(graph_kronecker(&p, &t, NULL, err), -EINVAL);
    graph_free(&a);
    graph_free(&b);
    graph_free(&c);
}

static char dir[] = "/tmp/uvs-graph-test-XXXXXX";

static char *path(const char *name)
{
    static char p[256];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return p;
}

/* The files in the test directory, space-separated, sorted by readdir order irrelevant: count only. */
static int files_in_dir(void)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += e->d_name[0] != '.';
    if (d)
        closedir(d);
    return n;
}

/* The 3-vertex graph 0 -> 1, 0 -> 2, 2 -> 1 as a CSR file image. */
static const uint8_t small_csr[] = {
    'U', 'C', 'S', 'R', 1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, /* offsets 0 2 2 3 */
    1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0,             /* columns 1 2 1 */
};

static void test_file_roundtrip(void **state)
{
    (void)state;
    struct graph g, h;
    char err[GRAPH_ERR_LEN];
    assert_int_equal(graph_parse(small_csr, sizeof small_csr, &g, err), 0);
    static const uint64_t off[] = {0, 2, 2, 3};
    static const uint32_t col[] = {1, 2, 1};
    expect_csr(&g, 3, off, col);
    assert_int_equal(graph_write(&g, path("g.csr"), err), 0);
    assert_int_equal(files_in_dir(), 1); /* no temporary file left */
    FILE *f = fopen(path("g.csr"), "rb");
    uint8_t buf[128];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    assert_int_equal(n, sizeof small_csr);
    assert_memory_equal(buf, small_csr, n); /* byte for byte the documented format */
    assert_int_equal(graph_read(path("g.csr"), &h, err), 0);
    expect_csr(&h, 3, off, col);
    graph_free(&h);
    /* a write that fails (the target is a directory) leaves the directory as it was and no temporary file */
    assert_int_equal(mkdir(path("isdir"), 0755), 0);
    assert_true(graph_write(&g, path("isdir"), err) < 0);
    assert_non_null(strstr(err, "nothing written"));
    assert_int_equal(files_in_dir(), 2);
    assert_int_equal(rmdir(path("isdir")), 0);
    /* a directory that does not exist */
    assert_true(graph_write(&g, path("no/such/g.csr"), err) < 0);
    unlink(path("g.csr"));
    graph_free(&g);
}

static void expect_parse_error(const uint8_t *buf, size_t len, const char *needle)
{
    struct graph g;
    char err[GRAPH_ERR_LEN] = "";
    assert_int_equal(graph_parse(buf, len, &g, err), -EINVAL);
    if (!strstr(err, needle))
        fail_msg("error '%s' does not contain '%s'", err, needle);
    assert_null(g.off);
}

static void test_file_bad(void **state)
{
    (void)state;
    uint8_t b[sizeof small_csr + 4];
#define FRESH() memcpy(b, small_csr, sizeof small_csr)
    FRESH();
    b[0] = 'X';
    expect_parse_error(b, sizeof small_csr, "magic");
    FRESH();
    b[4] = 2;
    expect_parse_error(b, sizeof small_csr, "version 2");
    FRESH();
    b[6] = 2;
    expect_parse_error(b, sizeof small_csr, "unknown flags");
    FRESH();
    b[24] = 1;
    expect_parse_error(b, sizeof small_csr, "reserved");
    FRESH();
    b[8] = 0; /* n = 0 */
    expect_parse_error(b, sizeof small_csr, "empty graph");
    for (size_t len = 0; len < sizeof small_csr; len++) { /* every truncation */
        FRESH();
        expect_parse_error(b, len, len < GRAPH_HDR_BYTES ? "shorter than" : "truncated");
    }
    FRESH();
    b[sizeof small_csr] = 0;
    expect_parse_error(b, sizeof small_csr + 1, "trailing bytes");
    FRESH();
    b[48 + 4] = 3; /* column 1 = vertex 3, n = 3 */
    expect_parse_error(b, sizeof small_csr, "column 1 (an edge of vertex 0) is vertex id 3, not below n = 3");
    FRESH();
    b[36] = 3; /* offsets 0 3 2 3 */
    expect_parse_error(b, sizeof small_csr, "must not decrease");
    FRESH();
    b[32] = 1; /* offsets[0] = 1 */
    expect_parse_error(b, sizeof small_csr, "offsets[0] is 1");
    /* a u64-offset file of the same graph reads the same */
    uint8_t w[32 + 4 * 8 + 12] = {0};
    memcpy(w, small_csr, 32);
    w[6] = 1;
    static const uint8_t offs[] = {0, 2, 2, 3};
    for (int i = 0; i < 4; i++)
        w[32 + 8 * i] = offs[i];
    memcpy(w + 64, small_csr + 48, 12);
    struct graph g;
    char err[GRAPH_ERR_LEN];
    assert_int_equal(graph_parse(w, sizeof w, &g, err), 0);
    assert_int_equal(g.m, 3);
    assert_int_equal(g.off[3], 3);
    graph_free(&g);
    /* files: missing, a directory */
    assert_int_equal(graph_read(path("missing.csr"), &g, err), -ENOENT);
    assert_non_null(strstr(err, "cannot open"));
    assert_int_equal(graph_read(dir, &g, err), -EISDIR);
}

/* bfs reference: 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3, 3 -> 0, 4 -> 0 from root 0: levels 0 1 1 2 none; parent of 3 is
 * the smaller of 1 and 2 even though the list order reaches it from 2 first. */
static void test_bfs_ref(void **state)
{
    (void)state;
    static const uint32_t src[] = {0, 0, 2, 1, 3, 4}, dst[] = {2, 1, 3, 3, 0, 0};
    struct graph g;
    char err[GRAPH_ERR_LEN];
    uint32_t level[5], parent[5], work[5];
    assert_int_equal(graph_build(5, src, dst, 6, &g, NULL, err), 0);
    assert_int_equal(graph_bfs_ref(&g, 0, level, parent, work), 3);
    static const uint32_t lv[] = {0, 1, 1, 2, GRAPH_NONE}, pa[] = {0, 0, 0, 1, GRAPH_NONE};
    assert_memory_equal(level, lv, sizeof lv);
    assert_memory_equal(parent, pa, sizeof pa);
    assert_int_equal(graph_bfs_ref(&g, 4, level, parent, work), 4); /* 4 -> 0 -> {1,2} -> 3 */
    assert_int_equal(level[3], 3);
    assert_int_equal(graph_bfs_ref(&g, 5, level, parent, work), 0); /* root out of range */
    graph_free(&g);
}

/* pagerank reference: a 2-cycle keeps its mass split evenly, rounded down per step as hand-computed:
 * 2^31 -> 15 * 2^32 / 200 + 2^31 * 85 / 100 = 322122547 + 1825361100 = 2147483647
 *      -> 322122547 + 2147483647 * 85 / 100 = 322122547 + 1825361099 = 2147483646.
 * A dangling vertex's mass is spread: 0 -> 1 (1 dangling), one iteration from 2^31 each:
 * rank 0 = (15 * 2^32 + 2^31 * 85) / 200 = 1234803097, rank 1 = that + 2^31 * 85 / 100 = 3060164197. */
static void test_pagerank_ref(void **state)
{
    (void)state;
    static const uint32_t src[] = {0, 1}, dst[] = {1, 0};
    struct graph g;
    char err[GRAPH_ERR_LEN];
    uint64_t rank[2], contrib[2];
    assert_int_equal(graph_build(2, src, dst, 2, &g, NULL, err), 0);
    graph_pagerank_ref(&g, 1, rank, contrib);
    assert_int_equal(rank[0], 2147483647ull);
    assert_int_equal(rank[1], 2147483647ull);
    graph_pagerank_ref(&g, 2, rank, contrib);
    assert_int_equal(rank[0], 2147483646ull);
    graph_free(&g);
    assert_int_equal(graph_build(2, src, dst, 1, &g, NULL, err), 0);
    graph_pagerank_ref(&g, 1, rank, contrib);
    assert_int_equal(rank[0], 1234803097ull);
    assert_int_equal(rank[1], 3060164197ull);
    assert_true(rank[0] + rank[1] <= PR_ONE);
    graph_free(&g);
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    return rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dumpavail_small), cmocka_unit_test(test_dumpavail_bad),
        cmocka_unit_test(test_edges_small),     cmocka_unit_test(test_edges_bad),
        cmocka_unit_test(test_kronecker),       cmocka_unit_test(test_file_roundtrip),
        cmocka_unit_test(test_file_bad),        cmocka_unit_test(test_bfs_ref),
        cmocka_unit_test(test_pagerank_ref),    cmocka_unit_test(test_symmetrize),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

/*
 * uvmsoc CLI: `graph convert` (CSR files for the graph kernels, issue 14)
 * and the graph the run command's bfs and pagerank use (--graph FILE, or
 * the package dependency graph of this machine, converted on the fly from
 * `apt-cache dumpavail` and cached). Format and converters: host/lib/graph.h.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "graph.h"
#include "graph_cli.h"

/* Where apt keeps its package cache: a newer one makes the cached graph stale. */
#define APT_PKGCACHE "/var/cache/apt/pkgcache.bin"
#define DUMPAVAIL_CMD "apt-cache dumpavail"

/* Runs apt-cache dumpavail and converts its output; prints why on failure. */
static int convert_dumpavail(struct graph *g, struct graph_dumpavail_stats *st, const char *who)
{
    char err[GRAPH_ERR_LEN] = "";
    FILE *p = popen(DUMPAVAIL_CMD " 2>/dev/null", "r");
    if (!p) {
        fprintf(stderr, "%s: cannot run '%s': %s\n", who, DUMPAVAIL_CMD, strerror(errno));
        return CLI_FAIL;
    }
    int rc = graph_from_dumpavail(p, g, st, err);
    int status = pclose(p);
    if (status != 0 && !(rc == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
        graph_free(g);
        fprintf(stderr, "%s: '%s' failed (%s %d); is this a Debian system with apt?\n", who, DUMPAVAIL_CMD,
                WIFEXITED(status) ? "exit status" : "status", WIFEXITED(status) ? WEXITSTATUS(status) : status);
        return CLI_FAIL;
    }
    if (rc) {
        fprintf(stderr, "%s: '%s' output: %s\n", who, DUMPAVAIL_CMD, rc == -ENOMEM ? strerror(ENOMEM) : err);
        return CLI_FAIL;
    }
    return CLI_OK;
}

static void print_build(const struct graph *g, const struct graph_build_stats *b)
{
    printf("graph: %llu vertices, %llu edges (of %llu given: %llu self-loops and %llu duplicates dropped)\n",
           (unsigned long long)g->n, (unsigned long long)g->m, (unsigned long long)b->input_edges,
           (unsigned long long)b->self_loops, (unsigned long long)b->duplicates);
}

static void print_dumpavail(const struct graph *g, const struct graph_dumpavail_stats *st)
{
    printf("dumpavail: %llu stanzas, %llu packages, %llu dependencies (Depends, Pre-Depends; first alternative "
           "of each), %llu further alternatives not used, %llu to unknown packages dropped\n",
           (unsigned long long)st->stanzas, (unsigned long long)st->packages, (unsigned long long)st->deps,
           (unsigned long long)st->alternatives, (unsigned long long)st->unknown);
    print_build(g, &st->build);
}

/* The default graph's cache file: $UVMSOC_GRAPH_CACHE, else BUILD/graphs/dumpavail.csr next to this
 * program's build tree (EXE/../graphs), else $HOME/.cache/uvmsoc/dumpavail.csr. */
static int cache_path(char *out, size_t len)
{
    const char *e = getenv("UVMSOC_GRAPH_CACHE");
    if (e && *e) {
        snprintf(out, len, "%s", e);
        return 0;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash) {
        *slash = '\0';
        char probe[PATH_MAX + 32];
        snprintf(probe, sizeof probe, "%s/../firmware/kernels", exe); /* a build tree */
        if (access(probe, R_OK) == 0) {
            snprintf(probe, sizeof probe, "%s/../graphs", exe);
            if (mkdir(probe, 0755) != 0 && errno != EEXIST)
                return -1;
            if ((size_t)snprintf(out, len, "%s/dumpavail.csr", probe) >= len)
                return -1;
            return 0;
        }
    }
    const char *home = getenv("HOME");
    if (!home || !*home)
        return -1;
    char dir[PATH_MAX];
    snprintf(dir, sizeof dir, "%s/.cache", home);
    (void)mkdir(dir, 0755);
    snprintf(dir, sizeof dir, "%s/.cache/uvmsoc", home);
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return -1;
    return (size_t)snprintf(out, len, "%s/dumpavail.csr", dir) >= len ? -1 : 0;
}

int cli_graph_load(const char *file, struct graph *g, const char *who)
{
    char err[GRAPH_ERR_LEN] = "", path[PATH_MAX];
    int rc;
    if (file) {
        if ((rc = graph_read(file, g, err)) != 0) {
            fprintf(stderr, "%s: --graph %s\n", who, rc == -ENOMEM ? strerror(ENOMEM) : err);
            return CLI_FAIL;
        }
        return CLI_OK;
    }
    if (cache_path(path, sizeof path) != 0) {
        fprintf(stderr, "%s: no place to cache the package graph (set UVMSOC_GRAPH_CACHE)\n", who);
        return CLI_FAIL;
    }
    struct stat cs, as;
    int fresh = stat(path, &cs) == 0 && (stat(APT_PKGCACHE, &as) != 0 || cs.st_mtime >= as.st_mtime);
    if (fresh && graph_read(path, g, err) == 0) {
        printf("graph:     %s (cached package dependency graph; %llu vertices, %llu edges)\n", path,
               (unsigned long long)g->n, (unsigned long long)g->m);
        return CLI_OK;
    }
    struct graph_dumpavail_stats st;
    if (convert_dumpavail(g, &st, who) != CLI_OK)
        return CLI_FAIL;
    print_dumpavail(g, &st);
    if ((rc = graph_write(g, path, err)) != 0)
        fprintf(stderr, "%s: note: not cached: %s\n", who, err);
    else
        printf("graph:     package dependency graph cached in %s\n", path);
    return CLI_OK;
}

const char cli_graph_help[] =
    "usage: uvmsoc graph convert (--dumpavail | --dumpavail-file F | --edges FILE | --kronecker SCALE)\n"
    "                           [--undirected] -o OUT.csr\n"
    "\n"
    "Write a graph in the CSR file format of the graph kernels (bfs, pagerank;\n"
    "format: host/lib/graph.h): written to a temporary file and renamed, so a\n"
    "failure leaves OUT as it was. Rows are sorted; self-loops and duplicate\n"
    "edges are dropped and counted.\n"
    "\n"
    "  --dumpavail        the Debian package dependency graph of this machine\n"
    "                     ('apt-cache dumpavail'): one vertex per package name\n"
    "                     (order of first appearance), an edge p -> q for each\n"
    "                     Depends / Pre-Depends entry of p whose FIRST alternative\n"
    "                     is q; versions and :arch stripped; entries naming no\n"
    "                     package of the list (virtual packages) dropped and counted\n"
    "  --dumpavail-file F the same from a file of dumpavail text ('-' = stdin)\n"
    "  --edges FILE       an edge list: 'SRC DST' (decimal ids) per line, '#'\n"
    "                     comments; n = largest id + 1\n"
    "  --kronecker SCALE  Graph500-style Kronecker graph: 2^SCALE vertices,\n"
    "                     --edge-factor x 2^SCALE edges stored both ways\n"
    "                     (A 0.57, B 0.19, C 0.19), labels permuted\n"
    "  --edge-factor N    edges per vertex of the Kronecker graph (default 16)\n"
    "  --seed N           seed of the Kronecker graph (default 1)\n"
    "  --undirected       store every edge of the result both ways too (BFS over\n"
    "                     the package graph then reaches its whole component)\n"
    "  -o, --output FILE  the CSR file to write\n";

/* Opens FILE for reading ("-" = stdin); prints why on failure. */
static FILE *open_in(const char *path)
{
    if (strcmp(path, "-") == 0)
        return stdin;
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "uvmsoc graph: %s: is a directory\n", path);
        return NULL;
    }
    FILE *f = fopen(path, "r");
    if (!f)
        fprintf(stderr, "uvmsoc graph: %s: cannot open: %s\n", path, strerror(errno));
    return f;
}

int cli_graph(const struct cli_global *gl, int argc, char **argv)
{
    static const struct option opts[] = {
        {"dumpavail", no_argument, NULL, 'd'},     {"dumpavail-file", required_argument, NULL, 'D'},
        {"edges", required_argument, NULL, 'e'},   {"kronecker", required_argument, NULL, 'k'},
        {"edge-factor", required_argument, NULL, 'f'}, {"seed", required_argument, NULL, 's'},
        {"output", required_argument, NULL, 'o'},  {"undirected", no_argument, NULL, 'u'},
        {NULL, 0, NULL, 0},
    };
    const char *out = NULL, *file = NULL;
    int src = 0, nsrc = 0, c, undirected = 0;
    uint64_t scale = 0, ef = GRAPH_KRON_EDGE_FACTOR, seed = 1;
    (void)gl;
    if (argc < 2 || strcmp(argv[1], "convert") != 0) {
        fprintf(stderr, "uvmsoc graph: %s; see 'uvmsoc graph --help'\n",
                argc < 2 ? "no subcommand given (convert)" : "unknown subcommand (use convert)");
        return CLI_USAGE;
    }
    argc--;
    argv++;
    optind = 0;
    while ((c = getopt_long(argc, argv, "o:", opts, NULL)) != -1) {
        switch (c) {
        case 'd': src = 'd'; nsrc++; break;
        case 'D': src = 'D'; file = optarg; nsrc++; break;
        case 'e': src = 'e'; file = optarg; nsrc++; break;
        case 'k': src = 'k'; nsrc++; if (cli_parse_u64("--kronecker", optarg, &scale)) return CLI_USAGE; break;
        case 'f': if (cli_parse_u64("--edge-factor", optarg, &ef)) return CLI_USAGE; break;
        case 's': if (cli_parse_u64("--seed", optarg, &seed)) return CLI_USAGE; break;
        case 'o': out = optarg; break;
        case 'u': undirected = 1; break;
        default:
            fprintf(stderr, "uvmsoc graph: option '%s' is unknown or needs an argument; see 'uvmsoc graph --help'\n",
                    argv[optind - 1]);
            return CLI_USAGE;
        }
    }
    if (optind != argc) {
        fprintf(stderr, "uvmsoc graph: unexpected argument '%s'\n", argv[optind]);
        return CLI_USAGE;
    }
    if (nsrc != 1) {
        fprintf(stderr, "uvmsoc graph convert: give exactly one of --dumpavail, --dumpavail-file, --edges, "
                "--kronecker\n");
        return CLI_USAGE;
    }
    if (!out) {
        fprintf(stderr, "uvmsoc graph convert: no output file (-o OUT.csr)\n");
        return CLI_USAGE;
    }
    if (src == 'k' && (scale == 0 || scale > GRAPH_KRON_SCALE_MAX || ef == 0 || ef > 1024)) {
        fprintf(stderr, "uvmsoc graph convert: --kronecker %llu --edge-factor %llu: scale 1 to %d, edge factor 1 to "
                "1024\n", (unsigned long long)scale, (unsigned long long)ef, GRAPH_KRON_SCALE_MAX);
        return CLI_USAGE;
    }
    struct graph g;
    char err[GRAPH_ERR_LEN] = "";
    int rc = 0;
    if (src == 'd') {
        struct graph_dumpavail_stats st;
        if (convert_dumpavail(&g, &st, "uvmsoc graph convert") != CLI_OK)
            return CLI_FAIL;
        print_dumpavail(&g, &st);
    } else if (src == 'D' || src == 'e') {
        FILE *f = open_in(file);
        if (!f)
            return CLI_FAIL;
        struct graph_dumpavail_stats st;
        rc = src == 'D' ? graph_from_dumpavail(f, &g, &st, err) : graph_from_edges(f, &g, &st.build, err);
        if (f != stdin)
            fclose(f);
        if (rc) {
            fprintf(stderr, "uvmsoc graph convert: %s: %s\n", file, rc == -ENOMEM ? strerror(ENOMEM) : err);
            return CLI_FAIL;
        }
        if (src == 'D')
            print_dumpavail(&g, &st);
        else
            print_build(&g, &st.build);
    } else {
        struct graph_kron_params p = {.scale = (unsigned)scale, .edge_factor = (unsigned)ef, .seed = seed};
        struct graph_build_stats st;
        if ((rc = graph_kronecker(&p, &g, &st, err)) != 0) {
            fprintf(stderr, "uvmsoc graph convert: --kronecker: %s\n", rc == -ENOMEM ? strerror(ENOMEM) : err);
            return rc == -EINVAL ? CLI_USAGE : CLI_FAIL;
        }
        printf("kronecker: scale %llu, edge factor %llu, seed %llu\n", (unsigned long long)scale,
               (unsigned long long)ef, (unsigned long long)seed);
        print_build(&g, &st);
    }
    if (undirected) {
        struct graph u;
        struct graph_build_stats st;
        if ((rc = graph_symmetrize(&g, &u, &st)) != 0) {
            graph_free(&g);
            fprintf(stderr, "uvmsoc graph convert: --undirected: %s\n", strerror(-rc));
            return CLI_FAIL;
        }
        printf("undirected: %llu edges (each stored both ways; %llu reverse edges already present)\n",
               (unsigned long long)u.m, (unsigned long long)st.duplicates);
        graph_free(&g);
        g = u;
    }
    rc = graph_write(&g, out, err);
    if (rc)
        fprintf(stderr, "uvmsoc graph convert: %s\n", err);
    else
        printf("wrote %s (%llu vertices, %llu edges, %s offsets)\n", out, (unsigned long long)g.n,
               (unsigned long long)g.m, g.m >= (1ull << 32) ? "u64" : "u32");
    graph_free(&g);
    return rc ? CLI_FAIL : CLI_OK;
}

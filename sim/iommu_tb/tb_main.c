/*
 * uvmsoc IOMMU testbench: command line.
 *
 * uvs-iommu-tb [options]
 *   --test NAME|all     run a directed test (--list shows them)
 *   --random            differential test: random page tables and requests
 *   --requests N        requests of the differential test (default 100000)
 *   --bench             benchmark figures (IOTLB hit latency, walk latency, throughput)
 *   --seed S            random seed (default 1; printed)
 *   --hbm-latency L     memory-port latency in cycles (default 20)
 *   --dn-latency L      downstream-port latency in cycles (default 2)
 *   --jitter            random extra latency per access (0..L cycles)
 *   --prqw              random test: every context with tc.UVS_PRQ also has
 *                       tc.UVS_PRQW (stores to read-only leaves park; the
 *                       firmware's service gives the leaf W)
 *   --mem-mib M         IOMMU memory size in MiB (default 4)
 *   --max-cycles N      watchdog (default 400000000)
 *   --verbose           print every translation decision
 * Exit status 0 when every check passed, 1 on a failed check, 2 on bad usage.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <uvmsoc/memmap.h>

#include "tb_tests.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: uvs-iommu-tb [--test NAME|all] [--random [--requests N]] [--bench] [--seed S]\n"
               "                    [--hbm-latency L] [--dn-latency L] [--jitter] [--prqw] [--mem-mib M]\n"
               "                    [--max-cycles N] [--verbose] [--list] [--help]\n");
}

/* Parse an unsigned number; returns 0 or -EINVAL. */
static int num(const char *s, uint64_t *v)
{
    char *end;
    if (!s || !*s || *s == '-')
        return -EINVAL;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end)
        return -EINVAL;
    *v = x;
    return 0;
}

static int run_directed(const struct tb_cfg *cfg, const struct tb_directed *t)
{
    struct tb *tb = calloc(1, sizeof *tb);
    if (!tb || tb_init(tb, cfg) < 0) {
        fprintf(stderr, "uvs-iommu-tb: cannot set up the testbench\n");
        free(tb);
        return -1;
    }
    int rc = t->fn(tb);
    if (rc == 0 && !tb->failed)
        rc = tb_check_memory(tb);
    if (rc == 0 && !tb->failed)
        rc = tb_wait_idle(tb, 100000) == 0 ? 0 : -1;
    bool ok = rc == 0 && !tb->failed;
    printf("%s %-22s %s (%" PRIu64 " cycles, %" PRIu64 " requests)\n", ok ? "PASS" : "FAIL", t->name, t->what,
           tb->cycle, tb->st.requests);
    tb_fini(tb);
    free(tb);
    return ok ? 0 : -1;
}

static const struct tb_directed *find_test(const char *name)
{
    for (const struct tb_directed *t = tb_directed_tests; t->name; t++)
        if (!strcmp(t->name, name))
            return t;
    for (const struct tb_directed *t = tb_directed_tests2; t->name; t++)
        if (!strcmp(t->name, name))
            return t;
    return NULL;
}

int tb_main(int argc, char **argv)
{
    struct tb_cfg cfg = {
        .hbm_latency = 20, .dn_latency = 2, .seed = 1, .mem_base = UVS_HBM_BASE,
        .mem_size = 4ULL << 20, .max_cycles = 400000000ULL,
    };
    const char *test = NULL;
    bool random = false, bench = false;
    uint64_t requests = 100000, v;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *arg = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--list")) {
            for (const struct tb_directed *t = tb_directed_tests; t->name; t++)
                printf("%-22s %s\n", t->name, t->what);
            for (const struct tb_directed *t = tb_directed_tests2; t->name; t++)
                printf("%-22s %s\n", t->name, t->what);
            return 0;
        } else if (!strcmp(a, "--test") && arg) {
            test = arg;
            i++;
        } else if (!strcmp(a, "--random")) {
            random = true;
        } else if (!strcmp(a, "--bench")) {
            bench = true;
        } else if (!strcmp(a, "--jitter")) {
            cfg.jitter = true;
        } else if (!strcmp(a, "--prqw")) {
            cfg.prqw = true;
        } else if (!strcmp(a, "--verbose")) {
            cfg.verbose = true;
        } else if ((!strcmp(a, "--requests") || !strcmp(a, "--seed") || !strcmp(a, "--hbm-latency") ||
                    !strcmp(a, "--dn-latency") || !strcmp(a, "--mem-mib") || !strcmp(a, "--max-cycles")) &&
                   arg) {
            if (num(arg, &v) < 0) {
                fprintf(stderr, "uvs-iommu-tb: %s needs a non-negative number, got '%s'\n", a, arg);
                return 2;
            }
            i++;
            if (!strcmp(a, "--requests"))
                requests = v;
            else if (!strcmp(a, "--seed"))
                cfg.seed = v;
            else if (!strcmp(a, "--max-cycles"))
                cfg.max_cycles = v;
            else if (!strcmp(a, "--mem-mib")) {
                if (v < 1 || v > 1024) {
                    fprintf(stderr, "uvs-iommu-tb: --mem-mib must be 1..1024\n");
                    return 2;
                }
                cfg.mem_size = v << 20;
            } else {
                if (v < 1 || v > 10000) {
                    fprintf(stderr, "uvs-iommu-tb: %s must be 1..10000 cycles\n", a);
                    return 2;
                }
                if (!strcmp(a, "--hbm-latency"))
                    cfg.hbm_latency = (unsigned)v;
                else
                    cfg.dn_latency = (unsigned)v;
            }
        } else {
            fprintf(stderr, "uvs-iommu-tb: unknown or incomplete option '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (!test && !random && !bench) {
        usage(stderr);
        return 2;
    }
    int fails = 0;
    if (test) {
        if (!strcmp(test, "all")) {
            for (const struct tb_directed *t = tb_directed_tests; t->name; t++)
                fails += run_directed(&cfg, t) < 0;
            for (const struct tb_directed *t = tb_directed_tests2; t->name; t++)
                fails += run_directed(&cfg, t) < 0;
        } else {
            const struct tb_directed *t = find_test(test);
            if (!t) {
                fprintf(stderr, "uvs-iommu-tb: no test named '%s' (see --list)\n", test);
                return 2;
            }
            fails += run_directed(&cfg, t) < 0;
        }
    }
    if (random || bench) {
        struct tb *tb = calloc(1, sizeof *tb);
        if (!tb || tb_init(tb, &cfg) < 0) {
            fprintf(stderr, "uvs-iommu-tb: cannot set up the testbench\n");
            free(tb);
            return 1;
        }
        clock_t t0 = clock();
        int rc = random ? tb_random_test(tb, requests) : tb_bench(tb);
        double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
        if (random) {
            printf("%s differential seed %" PRIu64 ": %" PRIu64 " requests (%" PRIu64 " ok, %" PRIu64
                   " faults, %" PRIu64 " parked, %" PRIu64 " retries, %" PRIu64 " hits, %" PRIu64
                   " walks, %" PRIu64 " commands) in %" PRIu64 " cycles, %.1f s; %d ports x %d ids, at most %" PRIu64
                   " parked at once, %" PRIu64 " joined a waiting group\n",
                   rc == 0 && !tb->failed ? "PASS" : "FAIL", cfg.seed, tb->st.requests, tb->st.ok, tb->st.faults,
                   tb->st.parks, tb->st.retries, tb->st.hits, tb->st.walks, tb->st.commands, tb->cycle, secs,
                   TB_PORTS, TB_IDS, tb->st.parked_max, tb->model.stats.coalesced);
        }
        fails += rc != 0 || tb->failed;
        tb_fini(tb);
        free(tb);
    }
    return fails ? 1 : 0;
}

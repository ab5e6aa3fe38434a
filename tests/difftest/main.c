/*
 * main.c - difftest-gen: the random-program generator of the differential
 * test against QEMU (tests/difftest/README.md).
 *
 *   difftest-gen --seed S --count N [--rvc] [--omit KEY]... [-o FILE] [--coverage FILE]
 *       writes one body (assembler, for tests/difftest/link.ld) of at
 *       least N instructions drawn from seed S; --coverage writes
 *       "KEY COUNT" for every coverage key of the selected extensions;
 *       --omit never emits KEY (negative test of the coverage check).
 *   difftest-gen --check-coverage [--rvc] FILE...
 *       sums coverage files; exit 1 naming every key never emitted.
 *   difftest-gen --list-keys [--rvc]
 *
 * Exit status: 0 ok, 1 coverage incomplete or generation failed, 2 usage.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"

#define MAX_COUNT 200000u /* instructions of one body (its room: ~2 MiB) */

static void usage(FILE *f)
{
    fprintf(f, "usage: difftest-gen --seed S --count N [--rvc] [--omit KEY]... [-o FILE] [--coverage FILE]\n"
               "       difftest-gen --check-coverage [--rvc] FILE...\n"
               "       difftest-gen --list-keys [--rvc]\n");
}

/* true if key k belongs to the selected extensions. */
static bool selected(size_t k, bool rvc)
{
    return gen_cov_keys[k].ext != 'c' || rvc;
}

/* Parses a decimal unsigned 64-bit number; -EINVAL if it is not one. */
static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (errno || end == s || *end || *s == '-')
        return -EINVAL;
    *v = x;
    return 0;
}

static int check_coverage(bool rvc, char **files, int nfiles)
{
    unsigned long *sum = calloc(gen_cov_nkeys, sizeof(*sum));
    if (!sum)
        return 1;
    for (int i = 0; i < nfiles; i++) {
        FILE *f = fopen(files[i], "r");
        if (!f) {
            fprintf(stderr, "difftest-gen: %s: %s\n", files[i], strerror(errno));
            free(sum);
            return 1;
        }
        char key[64];
        unsigned long n;
        int rc;
        while ((rc = fscanf(f, "%63s %lu", key, &n)) == 2) {
            int k = gen_cov_find(key);
            if (k < 0) {
                fprintf(stderr, "difftest-gen: %s: unknown coverage key '%s'\n", files[i], key);
                fclose(f);
                free(sum);
                return 1;
            }
            sum[k] += n;
        }
        bool bad = rc != EOF;
        fclose(f);
        if (bad) {
            fprintf(stderr, "difftest-gen: %s: malformed coverage line\n", files[i]);
            free(sum);
            return 1;
        }
    }
    size_t missing = 0, nsel = 0, min_k = 0;
    unsigned long min = ~0ul, total = 0;
    for (size_t k = 0; k < gen_cov_nkeys; k++) {
        if (!selected(k, rvc))
            continue;
        nsel++;
        total += sum[k];
        if (sum[k] == 0) {
            printf("coverage: never emitted: %s\n", gen_cov_keys[k].name);
            missing++;
        } else if (sum[k] < min) {
            min = sum[k];
            min_k = k;
        }
    }
    if (missing)
        printf("coverage: %zu of %zu keys never emitted (%d programs)\n", missing, nsel, nfiles);
    else
        printf("coverage: all %zu keys emitted over %d programs (rarest: %s, %lu times)\n", nsel,
               nfiles, gen_cov_keys[min_k].name, min);
    free(sum);
    return missing ? 1 : 0;
}

/* The whole command: argv parsed into a generation, a coverage check or a
 * key list; omit and counts have one entry per coverage key (zeroed). */
static int run(int argc, char **argv, bool *omit, unsigned long *counts)
{
    uint64_t seed = 0, count = 0;
    bool have_seed = false, have_count = false, rvc = false, check = false, list = false;
    const char *out_path = NULL, *cov_path = NULL;
    int i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool more = i + 1 < argc;
        if (!strcmp(a, "--seed") && more) {
            if (parse_u64(argv[++i], &seed))
                goto bad_number;
            have_seed = true;
        } else if (!strcmp(a, "--count") && more) {
            if (parse_u64(argv[++i], &count) || count == 0 || count > MAX_COUNT)
                goto bad_number;
            have_count = true;
        } else if (!strcmp(a, "--rvc")) {
            rvc = true;
        } else if (!strcmp(a, "--omit") && more) {
            int k = gen_cov_find(argv[++i]);
            if (k < 0) {
                fprintf(stderr, "difftest-gen: unknown coverage key '%s' (see --list-keys)\n", argv[i]);
                return 2;
            }
            omit[k] = true;
        } else if (!strcmp(a, "-o") && more) {
            out_path = argv[++i];
        } else if (!strcmp(a, "--coverage") && more) {
            cov_path = argv[++i];
        } else if (!strcmp(a, "--check-coverage")) {
            check = true;
        } else if (!strcmp(a, "--list-keys")) {
            list = true;
        } else if (!strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (check && a[0] != '-') {
            break;
        } else {
            fprintf(stderr, "difftest-gen: unknown or incomplete option '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (list) {
        for (size_t k = 0; k < gen_cov_nkeys; k++)
            if (selected(k, rvc))
                printf("%s\n", gen_cov_keys[k].name);
        return 0;
    }
    if (check) {
        if (i >= argc) {
            fprintf(stderr, "difftest-gen: --check-coverage needs coverage files\n");
            return 2;
        }
        return check_coverage(rvc, argv + i, argc - i);
    }
    if (!have_seed || !have_count) {
        fprintf(stderr, "difftest-gen: --seed and --count are required\n");
        usage(stderr);
        return 2;
    }

    struct gen g = {.rng = {seed}, .rvc = rvc, .want = (uint32_t)count, .omit = omit, .count = counts};
    unsigned stuck = 0;
    int rc = 0;
    while (g.emitted < g.want && !g.error && !rc) {
        uint32_t n = (rvc && rng_chance(&g.rng, 30)) ? gen_rvc_item(&g) : gen_random_item(&g, false);
        if (n == 0 && ++stuck > 100000)
            rc = -EDOM; /* every choice is omitted */
    }
    FILE *out = NULL;
    if (!rc) {
        out = out_path ? fopen(out_path, "w") : stdout;
        if (!out)
            rc = -errno;
    }
    if (!rc)
        rc = gen_write(&g, out, seed);
    if (out && out != stdout && fclose(out) && !rc)
        rc = -EIO;
    free(g.insns);
    free(g.items);
    if (rc) {
        fprintf(stderr, "difftest-gen: seed %" PRIu64 ": %s%s%s\n", seed,
                rc == -EDOM ? "every choice is omitted" : strerror(-rc),
                out_path && rc != -EDOM ? " writing " : "", out_path && rc != -EDOM ? out_path : "");
        return 1;
    }
    if (cov_path) {
        FILE *f = fopen(cov_path, "w");
        if (!f) {
            fprintf(stderr, "difftest-gen: %s: %s\n", cov_path, strerror(errno));
            return 1;
        }
        for (size_t k = 0; k < gen_cov_nkeys; k++)
            if (selected(k, rvc))
                fprintf(f, "%s %lu\n", gen_cov_keys[k].name, counts[k]);
        if (fclose(f)) {
            fprintf(stderr, "difftest-gen: %s: write failed\n", cov_path);
            return 1;
        }
    }
    return 0;

bad_number:
    fprintf(stderr, "difftest-gen: bad number '%s' for %s (--count: 1..%u)\n", argv[i], argv[i - 1], MAX_COUNT);
    return 2;
}

int main(int argc, char **argv)
{
    bool *omit = calloc(gen_cov_nkeys, sizeof(*omit));
    unsigned long *counts = calloc(gen_cov_nkeys, sizeof(*counts));
    int rc = 1;
    if (omit && counts)
        rc = run(argc, argv, omit, counts);
    else
        fprintf(stderr, "difftest-gen: out of memory\n");
    free(omit);
    free(counts);
    return rc;
}

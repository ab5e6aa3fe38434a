/*
 * `uvmsoc trace replay FILE [--frames N]` and the access-trace report of
 * `uvmsoc run --trace FILE`: the device's own hit rate from the trace
 * (accesses served from HBM without waiting for a page request, over all
 * accesses) beside LRU, CLOCK and Belady's MIN replayed at the same number
 * of frames (include/lib/uvs_trace.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "uvs_trace.h"

static double pct(uint64_t a, uint64_t b)
{
    return b ? 100.0 * (double)a / (double)b : 0.0;
}

int cli_trace_report(const char *path, uint64_t frames, const char *indent)
{
    struct uvs_trace_data d;
    char err[512];
    int e = uvs_trace_load(path, &d, err, sizeof err);
    if (e) {
        fprintf(stderr, "uvmsoc: access trace %s\n", err[0] ? err : strerror(-e));
        return CLI_FAIL;
    }
    if (!frames)
        frames = d.hdr.hbm_frames;
    if (!frames) {
        fprintf(stderr, "uvmsoc: access trace %s: the header gives no HBM size; use --frames N\n", path);
        uvs_trace_free(&d);
        return CLI_USAGE;
    }
    struct uvs_replay_result res[3];
    for (int p = 0; p < 3; p++)
        if ((e = uvs_replay(d.keys, d.n, frames, (enum uvs_replay_policy)p, &res[p])) != 0) {
            fprintf(stderr, "uvmsoc: access trace %s: replay: %s\n", path, strerror(-e));
            uvs_trace_free(&d);
            return CLI_FAIL;
        }
    printf("%saccess trace %s: %zu accesses (%zu of harts, %llu of tile engines), %llu distinct pages, cycles "
           "%llu..%llu; replayed at %llu frames (HBM in the header: %llu)\n", indent, path, d.n,
           d.n - (size_t)d.tile, (unsigned long long)d.tile, (unsigned long long)res[0].distinct,
           (unsigned long long)d.first_cycle, (unsigned long long)d.last_cycle, (unsigned long long)frames,
           (unsigned long long)d.hdr.hbm_frames);
    printf("%s  HBM hit rate (accesses) %8.2f%%  device: %llu of %llu served from HBM without a fault "
           "(%llu waited for a page request, %llu over the link)\n", indent, pct(d.dev_hits, d.n),
           (unsigned long long)d.dev_hits, (unsigned long long)d.n, (unsigned long long)d.dev_faulted,
           (unsigned long long)d.dev_host);
    static const char *label[3] = {"LRU hit rate", "CLOCK hit rate", "Belady MIN hit rate"};
    for (int p = 0; p < 3; p++)
        printf("%s  %-23s %8.2f%%  %llu misses (%llu beyond the %llu compulsory)\n", indent, label[p],
               pct(res[p].hits, res[p].accesses), (unsigned long long)res[p].misses,
               (unsigned long long)(res[p].misses - res[p].distinct), (unsigned long long)res[p].distinct);
    printf("%s  distance from MIN       %8.2f  percentage points (device %.2f%%, MIN %.2f%%; demand paging: "
           "prefetch can put the device above MIN)\n", indent, pct(res[2].hits, res[2].accesses) - pct(d.dev_hits, d.n),
           pct(d.dev_hits, d.n), pct(res[2].hits, res[2].accesses));
    uvs_trace_free(&d);
    return CLI_OK;
}

const char cli_trace_help[] =
    "usage: uvmsoc [GLOBAL OPTIONS] trace replay FILE [--frames N]\n"
    "Reads a page-access trace (uvmsoc-sim --trace, uvmsoc run --trace; format in\n"
    "include/lib/uvs_trace.h) and replays it under LRU, CLOCK and Belady's MIN with N\n"
    "4 KiB frames, from an empty memory, one page loaded per miss. Prints each\n"
    "policy's hit rate (accesses whose page was resident over all accesses) and\n"
    "misses beyond the compulsory ones (distinct pages), and the device's own\n"
    "hit rate recorded in the trace (served from HBM without waiting for a page\n"
    "request).\n"
    "\n"
    "  --frames N   frames to replay with (K, M suffixes; default: the HBM size\n"
    "               in the trace's header)\n"
    "Exit status 1 for a file that is not a readable trace (missing, wrong magic\n"
    "or version, truncated or corrupt: the message names the byte offset), 2 for a\n"
    "bad command line (no file, --frames 0).\n";

int cli_cmd_trace(const struct cli_global *g, int argc, char **argv)
{
    (void)g;
    uint64_t frames = 0;
    bool have_frames = false;
    const char *path = NULL;
    if (argc < 2 || strcmp(argv[1], "replay") != 0) {
        fprintf(stderr, "uvmsoc trace: %s; see 'uvmsoc trace --help'\n",
                argc < 2 ? "no subcommand given (replay)" : "unknown subcommand (use replay)");
        return CLI_USAGE;
    }
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        if (strcmp(a, "--frames") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "uvmsoc trace replay: --frames needs a number\n");
                return CLI_USAGE;
            }
            v = argv[++i];
        } else if (strncmp(a, "--frames=", 9) == 0) {
            v = a + 9;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "uvmsoc trace replay: unknown option '%s'; see 'uvmsoc trace --help'\n", a);
            return CLI_USAGE;
        } else if (path) {
            fprintf(stderr, "uvmsoc trace replay: unexpected argument '%s' (one trace file)\n", a);
            return CLI_USAGE;
        } else {
            path = a;
            continue;
        }
        if (cli_parse_u64("--frames", v, &frames))
            return CLI_USAGE;
        have_frames = true;
    }
    if (!path) {
        fprintf(stderr, "uvmsoc trace replay: no trace file given\n");
        return CLI_USAGE;
    }
    if (have_frames && frames == 0) {
        fprintf(stderr, "uvmsoc trace replay: --frames 0: replay needs at least one frame\n");
        return CLI_USAGE;
    }
    return cli_trace_report(path, frames, "");
}

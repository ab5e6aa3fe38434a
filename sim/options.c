/* uvmsoc-sim command-line parsing. */
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <uvmsoc/sim.h>

enum { OPT_DTB = 256, OPT_MAX_CYCLES, OPT_TRACE_FST, OPT_LOG_RETIRED, OPT_STATS, OPT_HELP };

static const struct option long_opts[] = {
    {"dtb", required_argument, NULL, OPT_DTB},
    {"max-cycles", required_argument, NULL, OPT_MAX_CYCLES},
    {"trace-fst", required_argument, NULL, OPT_TRACE_FST},
    {"log-retired", required_argument, NULL, OPT_LOG_RETIRED},
    {"stats", no_argument, NULL, OPT_STATS},
    {"help", no_argument, NULL, OPT_HELP},
    {NULL, 0, NULL, 0},
};

void uvs_opts_usage(FILE *f)
{
    fprintf(f,
        "usage: uvmsoc-sim [options] PROGRAM.elf\n"
        "Runs a RISC-V ELF program on the uvmsoc SoC model; UART output goes to stdout.\n"
        "\n"
        "options:\n"
        "  --dtb FILE          device tree blob for the harts (default: the\n"
        "                      configuration's DTB built into the simulator)\n"
        "  --max-cycles N      watchdog: stop after N clock cycles (default %llu)\n"
        "  --trace-fst FILE    write an FST waveform of the whole SoC to FILE\n"
        "  --log-retired FILE  write one line per retired instruction to FILE:\n"
        "                      CYCLE HART PC INSN RD WDATA (see sim/retire_log.h)\n"
        "  --stats             print cycles, retired instructions, wall time and\n"
        "                      simulated MHz on stderr at the end\n"
        "  --help              print this text and exit\n"
        "\n"
        "The program ends by storing to its `tohost` symbol: 1 = pass, odd v = fail\n"
        "with status v >> 1.\n"
        "exit status:\n"
        "  0         program passed\n"
        "  1..%llu    program failed with that status (larger ones clipped)\n"
        "  %llu       bad command-line options\n"
        "  %llu       ELF file missing, truncated, not ELF or malformed\n"
        "  %llu       ELF is not 64-bit little-endian RISC-V\n"
        "  %llu       DTB missing, malformed, too large or not matching the model\n"
        "  %llu       watchdog: --max-cycles reached before the program ended\n"
        "  %llu       simulator internal error (I/O, memory, bad tohost value)\n",
        (unsigned long long)UVS_DEFAULT_MAX_CYCLES, UVS_EXIT_STATUS_MAX, UVS_EXIT_USAGE,
        UVS_EXIT_BAD_ELF, UVS_EXIT_WRONG_ARCH, UVS_EXIT_BAD_DTB, UVS_EXIT_TIMEOUT,
        UVS_EXIT_INTERNAL);
}

/* Parse a decimal cycle count >= 1. */
static int parse_cycles(const char *s, uint64_t *out)
{
    char *end;
    unsigned long long v;
    if (*s < '0' || *s > '9')
        return -EINVAL;
    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0' || v == 0)
        return -EINVAL;
    *out = v;
    return 0;
}

int uvs_opts_parse(struct uvs_opts *o, int argc, char **argv, char *err, size_t errlen)
{
    int c;

    memset(o, 0, sizeof *o);
    o->max_cycles = UVS_DEFAULT_MAX_CYCLES;
    optind = 0; /* GNU: full re-initialisation */
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":", long_opts, NULL)) != -1) {
        switch (c) {
        case OPT_DTB: o->dtb = optarg; break;
        case OPT_TRACE_FST: o->trace_fst = optarg; break;
        case OPT_LOG_RETIRED: o->log_retired = optarg; break;
        case OPT_STATS: o->stats = true; break;
        case OPT_HELP: o->help = true; break;
        case OPT_MAX_CYCLES:
            if (parse_cycles(optarg, &o->max_cycles) != 0) {
                snprintf(err, errlen, "--max-cycles needs a whole number >= 1, not '%s'", optarg);
                return -EINVAL;
            }
            break;
        case ':':
            snprintf(err, errlen, "option '%s' needs an argument (try --help)", argv[optind - 1]);
            return -EINVAL;
        default:
            snprintf(err, errlen, "unknown option '%s' (try --help)", argv[optind - 1]);
            return -EINVAL;
        }
    }
    if (o->help)
        return 0;
    if (optind >= argc) {
        snprintf(err, errlen, "missing PROGRAM.elf (try --help)");
        return -EINVAL;
    }
    if (optind + 1 < argc) {
        snprintf(err, errlen, "more than one program given: '%s' (try --help)", argv[optind + 1]);
        return -EINVAL;
    }
    o->elf = argv[optind];
    return 0;
}

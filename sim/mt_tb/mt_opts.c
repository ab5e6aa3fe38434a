/* mt_opts: command line of the uvs_mt_core testbench (mt_tb_int.h). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "mt_tb.h"
#include "mt_tb_int.h"

static const char usage[] =
    "usage: mt-tb [options] PROGRAM.elf\n"
    "  --cores N          cores used (default 1, at most the model's)\n"
    "  --threads N        hardware threads used per core (default: all of the model's)\n"
    "  --grid B           blocks in the grid (default: one per core used)\n"
    "  --block T          threads per block (default: --threads)\n"
    "  --copies STRIDE    every slot runs its own copy of the program, slot s at + s*STRIDE\n"
    "  --ram-kib N        RAM size (default 4096)\n"
    "  --seed S           PRNG seed of the memory timing (default 1)\n"
    "  --max-delay D      extra response delay 0..D cycles, random per request (default 0)\n"
    "  --stall-pct P      percent of cycles a port refuses requests (default 0, at most 90)\n"
    "  --park-cycles N    latency of the park window 0xC0000000 (default 5000)\n"
    "  --max-cycles N     stop after N cycles, exit 3 (default 20000000)\n"
    "  --log-retired FILE every retired instruction: CORE THREAD PC INSN xRD WDATA [trap]\n"
    "  --stats            cycles, retired instructions, IPC, simulated MHz on stderr\n"
    "  --verbose          one line per thread (exit status, instret)\n"
    "exit: 0 all exited 0, 1 a thread exited non-zero, 2 a thread trapped,\n"
    "      3 timeout, 4 contract violation, 120 bad option, 121 bad program\n";

/* Parses a decimal or 0x number in [min, max]; -EINVAL otherwise. */
static int num(const char *s, uint64_t min, uint64_t max, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || end == s || *end || s[0] == '-' || x < min || x > max)
        return -EINVAL;
    *v = x;
    return 0;
}

int mt_opts_parse(struct mt_opts *o, int argc, char **argv, unsigned cores, unsigned threads)
{
    static const struct option lo[] = {
        {"cores", 1, 0, 'c'}, {"threads", 1, 0, 't'}, {"grid", 1, 0, 'g'},
        {"block", 1, 0, 'b'}, {"copies", 1, 0, 'C'}, {"ram-kib", 1, 0, 'r'},
        {"seed", 1, 0, 's'}, {"max-delay", 1, 0, 'd'}, {"stall-pct", 1, 0, 'p'},
        {"park-cycles", 1, 0, 'P'}, {"max-cycles", 1, 0, 'm'}, {"log-retired", 1, 0, 'l'},
        {"stats", 0, 0, 'S'}, {"verbose", 0, 0, 'v'}, {"help", 0, 0, 'h'}, {0, 0, 0, 0}};
    uint64_t v;
    memset(o, 0, sizeof *o);
    o->cores = 1;
    o->threads = threads;
    o->ram_kib = 4096;
    o->max_cycles = 20000000;
    o->tm.seed = 1;
    o->tm.park_cycles = 5000;
    opterr = 0;
    optind = 1;
    for (;;) {
        int oi = 0, c = getopt_long(argc, argv, "", lo, &oi);
        if (c == -1)
            break;
        const char *name = c == '?' || c == ':' ? argv[optind - 1] : lo[oi].name;
        int rc = 0;
        switch (c) {
        case 'c': rc = num(optarg, 1, cores, &v); o->cores = (unsigned)v; break;
        case 't': rc = num(optarg, 1, threads, &v); o->threads = (unsigned)v; break;
        case 'g': rc = num(optarg, 1, 65536, &v); o->grid = (unsigned)v; break;
        case 'b': rc = num(optarg, 1, 65536, &v); o->block = (unsigned)v; break;
        case 'C': rc = num(optarg, 4096, 1u << 24, &v); o->copies = v; rc |= (v % 8) ? -EINVAL : 0; break;
        case 'r': rc = num(optarg, 64, 1u << 20, &v); o->ram_kib = v; break;
        case 's': rc = num(optarg, 1, UINT64_MAX, &v); o->tm.seed = v; break;
        case 'd': rc = num(optarg, 0, 100000, &v); o->tm.max_delay = (unsigned)v; break;
        case 'p': rc = num(optarg, 0, 90, &v); o->tm.stall_pct = (unsigned)v; break;
        case 'P': rc = num(optarg, 0, 10000000, &v); o->tm.park_cycles = (unsigned)v; break;
        case 'm': rc = num(optarg, 1, UINT64_MAX, &v); o->max_cycles = v; break;
        case 'l': o->log_retired = optarg; break;
        case 'S': o->stats = true; break;
        case 'v': o->verbose = true; break;
        case 'h': fputs(usage, stdout); return MT_TB_OK;
        default:
            fprintf(stderr, "mt-tb: unknown option or missing value '%s' (see --help)\n", name);
            return MT_TB_BAD_ARGS;
        }
        if (rc) {
            fprintf(stderr, "mt-tb: bad value '%s' for --%s (see --help)\n", optarg, name);
            return MT_TB_BAD_ARGS;
        }
    }
    if (optind != argc - 1) {
        fprintf(stderr, "mt-tb: %s (see --help)\n",
                optind >= argc ? "missing PROGRAM.elf" : "more than one PROGRAM.elf");
        return MT_TB_BAD_ARGS;
    }
    o->program = argv[optind];
    if (o->grid == 0)
        o->grid = o->cores;
    if (o->block == 0)
        o->block = o->threads;
    if ((uint64_t)o->grid * o->block > 1000000) {
        fprintf(stderr, "mt-tb: grid x block = %llu threads is more than 1000000\n",
                (unsigned long long)o->grid * o->block);
        return MT_TB_BAD_ARGS;
    }
    return MT_TB_RUN;
}

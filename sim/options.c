/* uvmsoc-sim command-line parsing. */
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <uvmsoc/sim.h>

enum {
    OPT_DTB = 256, OPT_MAX_CYCLES, OPT_TRACE_FST, OPT_LOG_RETIRED, OPT_STATS, OPT_HELP,
    OPT_HOST_SOCKET, OPT_HOST_ONCE, OPT_FREE_RUNNING, OPT_HBM, OPT_HOST_MEM, OPT_LINK_LATENCY,
    OPT_LINK_BW, OPT_HBM_LATENCY, OPT_HBM_BW, OPT_COST_MMIO, OPT_COST_IRQ, OPT_SBI, OPT_CLOCK_MHZ,
    OPT_HOST_SHM,
    OPT_TRACE, OPT_INJECT,
};

static const struct option long_opts[] = {
    {"dtb", required_argument, NULL, OPT_DTB},
    {"sbi", required_argument, NULL, OPT_SBI},
    {"max-cycles", required_argument, NULL, OPT_MAX_CYCLES},
    {"trace-fst", required_argument, NULL, OPT_TRACE_FST},
    {"trace", required_argument, NULL, OPT_TRACE},
    {"log-retired", required_argument, NULL, OPT_LOG_RETIRED},
    {"stats", no_argument, NULL, OPT_STATS},
    {"help", no_argument, NULL, OPT_HELP},
    {"host-socket", required_argument, NULL, OPT_HOST_SOCKET},
    {"host-shm", required_argument, NULL, OPT_HOST_SHM},
    {"host-once", no_argument, NULL, OPT_HOST_ONCE},
    {"free-running", no_argument, NULL, OPT_FREE_RUNNING},
    {"hbm", required_argument, NULL, OPT_HBM},
    {"host-mem", required_argument, NULL, OPT_HOST_MEM},
    {"link-latency", required_argument, NULL, OPT_LINK_LATENCY},
    {"link-bw", required_argument, NULL, OPT_LINK_BW},
    {"hbm-latency", required_argument, NULL, OPT_HBM_LATENCY},
    {"hbm-bw", required_argument, NULL, OPT_HBM_BW},
    {"host-cost-mmio", required_argument, NULL, OPT_COST_MMIO},
    {"host-cost-irq", required_argument, NULL, OPT_COST_IRQ},
    {"clock-mhz", required_argument, NULL, OPT_CLOCK_MHZ},
    {"inject", required_argument, NULL, OPT_INJECT},
    {NULL, 0, NULL, 0},
};

void uvs_opts_usage(FILE *f)
{
    fprintf(f,
        "usage: uvmsoc-sim [options] PROGRAM.elf\n"
        "       uvmsoc-sim --host-socket PATH [options] [PROGRAM.elf]\n"
        "Runs a RISC-V ELF program on the uvmsoc SoC model; UART output goes to stdout.\n"
        "With --host-socket, serves a host driver (libuvmsoc, `uvmsoc`) instead: BAR0,\n"
        "MSIs and lockstep time over a Unix socket, host memory in a shared file\n"
        "(include/uvmsoc/cosim.h); the harts stay in reset until the host clears\n"
        "HOSTIF_MGMT_CTRL.HOLD; PROGRAM.elf, if given, is preloaded.\n"
        "\n"
        "options:\n"
        "  --dtb FILE          device tree blob for the harts (default: the\n"
        "                      configuration's DTB built into the simulator)\n"
        "  --sbi FILE          M-mode firmware ELF (Debian's OpenSBI fw_jump.elf) loaded\n"
        "                      below 0x80200000: hart 0 boots it, and it starts PROGRAM\n"
        "                      at 0x80200000 in S mode; the other harts enter PROGRAM\n"
        "                      directly (docs/architecture.md \"Boot flow\")\n"
        "  --max-cycles N      watchdog: stop after N clock cycles (default %llu)\n"
        "  --trace-fst FILE    write an FST waveform of the whole SoC to FILE\n"
        "  --trace FILE        write the page-access trace (every translated access of\n"
        "                      the compute harts and tile engines; include/lib/uvs_trace.h)\n"
        "                      to FILE; `uvmsoc trace FILE` replays it\n"
        "  --log-retired FILE  write one line per retired instruction to FILE:\n"
        "                      CYCLE HART PC INSN RD WDATA (see sim/retire_log.h)\n"
        "  --stats             print cycles (and microseconds at the clock), retired\n"
        "                      instructions, wall time, simulated MHz and the memory\n"
        "                      channels' bytes and utilisation on stderr at the end\n"
        "  --help              print this text and exit\n"
        "\n"
        "host link (co-simulation; sizes take K, M, G suffixes):\n"
        "  --host-socket PATH  listen on the Unix socket PATH for a host driver\n"
        "  --host-shm FILE     serve a host driver through the shared file FILE instead\n"
        "                      (created; message rings, then host memory:\n"
        "                      include/uvmsoc/shmring.h), e.g. the memory of a QEMU\n"
        "                      ivshmem-plain device; removed at exit\n"
        "  --host-once         exit (status 0) when the first host client detaches\n"
        "                      (default: wait for the next one; SIGINT/SIGTERM end)\n"
        "  --free-running      simulated time also runs between host requests\n"
        "                      (default: lockstep, time advances only while the\n"
        "                      host waits, so runs are deterministic)\n"
        "  --hbm SIZE          populated HBM: 0, or 64K..64G (default 1G with\n"
        "                      --host-socket, else 0)\n"
        "  --host-mem SIZE     shared host-memory file, 64K..16G (default 256M)\n"
        "  --clock-mhz N       device clock in MHz, 1..%u (default %u, the configuration's\n"
        "                      CFG_CLOCK_MHZ): the link, HBM and host-cost figures below\n"
        "                      are derived from it (sim/link.h); the options below\n"
        "                      override single figures in cycles\n"
        "  --link-latency N    one-way link latency in cycles (default %u ns)\n"
        "  --link-bw B         link bandwidth in bytes/cycle per direction, e.g. 25 or\n"
        "                      12.5 (default %u MB/s: PCIe Gen4 x16)\n"
        "  --hbm-latency N     HBM latency in cycles, 1..65535 (default %u ns)\n"
        "  --hbm-bw B          HBM bandwidth in bytes/cycle (default %u ports of %u bytes\n"
        "                      a cycle, at most %u MB/s)\n"
        "  --host-cost-mmio N  host cycles charged per MMIO access (default %u ns)\n"
        "  --host-cost-irq N   host cycles from an MSI to the waiting driver (default %u ns)\n"
        "\n"
        "fault injection (deterministic; repeatable; docs/reliability.md):\n"
        "  --inject RULE[,RULE...]  RULE = KIND, KIND@N (the Nth event of that kind) or\n"
        "                      KIND@cycle=C (the first at or after cycle C), then\n"
        "                      optionally xT (T consecutive events). KIND (events):\n"
        "                      dma-error (firmware DMA descriptors: DMA_ST_LINK),\n"
        "                      hbm-poison (compute-hart HBM reads: the word is\n"
        "                      poisoned, bus error), msi-drop (MSIs: lost),\n"
        "                      fw-hang (management-hart fetches: it spins until\n"
        "                      rebooted), sim-crash (cycles, with a host: abort())\n"
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
        (unsigned long long)UVS_DEFAULT_MAX_CYCLES, UVS_CLOCK_MHZ_MAX, UVS_CLOCK_MHZ, UVS_LINK_NS, UVS_LINK_MBPS,
        UVS_HBM_NS, UVS_HBM_PORTS, UVS_HBM_PORT_BYTES, UVS_HBM_STACK_MBPS, UVS_COST_MMIO_NS, UVS_COST_IRQ_NS,
        UVS_EXIT_STATUS_MAX, UVS_EXIT_USAGE,
        UVS_EXIT_BAD_ELF, UVS_EXIT_WRONG_ARCH, UVS_EXIT_BAD_DTB, UVS_EXIT_TIMEOUT,
        UVS_EXIT_INTERNAL);
}

/* Parse a size with an optional K/M/G suffix (binary). */
static int parse_size(const char *s, uint64_t *out)
{
    char *end;
    unsigned long long v;
    unsigned shift = 0;
    if (*s < '0' || *s > '9')
        return -EINVAL;
    errno = 0;
    v = strtoull(s, &end, 0);
    if (errno != 0)
        return -EINVAL;
    if (*end == 'K' || *end == 'k') shift = 10, end++;
    else if (*end == 'M' || *end == 'm') shift = 20, end++;
    else if (*end == 'G' || *end == 'g') shift = 30, end++;
    if (*end != '\0' || (shift && v > (~0ull >> shift)))
        return -EINVAL;
    *out = (uint64_t)v << shift;
    return 0;
}

/* Parse a decimal count 0..max. */
static int parse_u32(const char *s, uint32_t max, uint32_t *out)
{
    char *end;
    unsigned long long v;
    if (*s < '0' || *s > '9')
        return -EINVAL;
    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno != 0 || *end != '\0' || v > max)
        return -EINVAL;
    *out = (uint32_t)v;
    return 0;
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

    bool max_set = false, hbm_set = false;
    uint32_t u, clock_mhz = UVS_CLOCK_MHZ;
    /* --link-*, --hbm-*, --host-cost-* override single figures after --clock-mhz derived the rest */
    struct uvs_link_model ov;
    bool set_lat = false, set_bw = false, set_hlat = false, set_hbw = false, set_mmio = false, set_irq = false;

    memset(o, 0, sizeof *o);
    o->max_cycles = UVS_DEFAULT_MAX_CYCLES;
    o->host_mem = UVS_DEFAULT_HOST_MEM;
    uvs_link_defaults(&ov);
    optind = 0; /* GNU: full re-initialisation */
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":", long_opts, NULL)) != -1) {
        switch (c) {
        case OPT_DTB: o->dtb = optarg; break;
        case OPT_SBI: o->sbi = optarg; break;
        case OPT_TRACE_FST: o->trace_fst = optarg; break;
        case OPT_TRACE: o->trace = optarg; break;
        case OPT_LOG_RETIRED: o->log_retired = optarg; break;
        case OPT_STATS: o->stats = true; break;
        case OPT_HELP: o->help = true; break;
        case OPT_MAX_CYCLES:
            if (parse_cycles(optarg, &o->max_cycles) != 0) {
                snprintf(err, errlen, "--max-cycles needs a whole number >= 1, not '%s'", optarg);
                return -EINVAL;
            }
            max_set = true;
            break;
        case OPT_HOST_SOCKET: o->host_socket = optarg; break;
        case OPT_HOST_SHM: o->host_shm = optarg; break;
        case OPT_HOST_ONCE: o->host_once = true; break;
        case OPT_FREE_RUNNING: o->free_running = true; break;
        case OPT_HBM:
            if (parse_size(optarg, &o->hbm_size) != 0 ||
                (o->hbm_size && (o->hbm_size < (UINT64_C(64) << 10) || o->hbm_size > (UINT64_C(64) << 30) ||
                                 o->hbm_size % 4096))) {
                snprintf(err, errlen, "--hbm needs 0 or a size of 64K..64G, a multiple of 4K, not '%s'", optarg);
                return -EINVAL;
            }
            hbm_set = true;
            break;
        case OPT_HOST_MEM:
            if (parse_size(optarg, &o->host_mem) != 0 || o->host_mem < (UINT64_C(64) << 10) ||
                o->host_mem > UVS_MAX_HOST_MEM || o->host_mem % 4096) {
                snprintf(err, errlen, "--host-mem needs a size of 64K..16G, a multiple of 4K, not '%s'", optarg);
                return -EINVAL;
            }
            break;
        case OPT_LINK_LATENCY:
            set_lat = true;
            if (parse_u32(optarg, 1000000, &ov.latency) != 0) {
                snprintf(err, errlen, "--link-latency needs a cycle count 0..1000000, not '%s'", optarg);
                return -EINVAL;
            }
            break;
        case OPT_LINK_BW:
        case OPT_HBM_BW:
            *(c == OPT_LINK_BW ? &set_bw : &set_hbw) = true;
            if (uvs_link_parse_bw(optarg, c == OPT_LINK_BW ? &ov.bw_fx : &ov.hbm_bw_fx) != 0) {
                snprintf(err, errlen, "%s needs bytes per cycle above 0 and up to 65535, not '%s'",
                         c == OPT_LINK_BW ? "--link-bw" : "--hbm-bw", optarg);
                return -EINVAL;
            }
            break;
        case OPT_HBM_LATENCY:
            if (parse_u32(optarg, 65535, &u) != 0 || u == 0) {
                snprintf(err, errlen, "--hbm-latency needs a cycle count 1..65535, not '%s'", optarg);
                return -EINVAL;
            }
            ov.hbm_latency = u;
            set_hlat = true;
            break;
        case OPT_COST_MMIO:
        case OPT_COST_IRQ:
            *(c == OPT_COST_MMIO ? &set_mmio : &set_irq) = true;
            if (parse_u32(optarg, 100000000, c == OPT_COST_MMIO ? &ov.cost_mmio : &ov.cost_irq) != 0) {
                snprintf(err, errlen, "%s needs a cycle count 0..100000000, not '%s'",
                         c == OPT_COST_MMIO ? "--host-cost-mmio" : "--host-cost-irq", optarg);
                return -EINVAL;
            }
            break;
        case OPT_INJECT:
            if (uvs_inject_parse(&o->inject, optarg, err, errlen) != 0)
                return -EINVAL;
            break;
        case OPT_CLOCK_MHZ:
            if (parse_u32(optarg, UVS_CLOCK_MHZ_MAX, &clock_mhz) != 0 || clock_mhz == 0) {
                snprintf(err, errlen, "--clock-mhz needs a clock in MHz 1..%u, not '%s'", UVS_CLOCK_MHZ_MAX, optarg);
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
    (void)uvs_link_at_clock(&o->model, clock_mhz); /* 1..UVS_CLOCK_MHZ_MAX: checked above */
    if (set_lat) o->model.latency = ov.latency;
    if (set_bw) o->model.bw_fx = ov.bw_fx;
    if (set_hlat) o->model.hbm_latency = ov.hbm_latency;
    if (set_hbw) o->model.hbm_bw_fx = ov.hbm_bw_fx;
    if (set_mmio) o->model.cost_mmio = ov.cost_mmio;
    if (set_irq) o->model.cost_irq = ov.cost_irq;
    if (o->host_socket && o->host_shm) {
        snprintf(err, errlen, "--host-socket and --host-shm exclude each other (try --help)");
        return -EINVAL;
    }
    if (o->host_socket || o->host_shm) {
        if (!hbm_set)
            o->hbm_size = UVS_DEFAULT_HBM_HOST;
        if (!max_set)
            o->max_cycles = UINT64_MAX;
        if (optind + 1 < argc) {
            snprintf(err, errlen, "more than one program given: '%s' (try --help)", argv[optind + 1]);
            return -EINVAL;
        }
        o->elf = optind < argc ? argv[optind] : NULL;
        return 0;
    }
    if (o->host_once || o->free_running) {
        snprintf(err, errlen, "%s needs --host-socket or --host-shm (try --help)", o->host_once ? "--host-once" : "--free-running");
        return -EINVAL;
    }
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

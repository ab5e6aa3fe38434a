/*
 * uvmsoc: command-line front end of the uvmsoc host driver. Parses the
 * global options, picks the subcommand and runs it (commands.c).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: uvmsoc [GLOBAL OPTIONS] COMMAND [COMMAND OPTIONS]\n"
            "\n"
            "Host driver CLI of the uvmsoc accelerator (libuvmsoc).\n"
            "\n"
            "Global options:\n"
            "  --backend NAME    how to reach the device: cosim (default; the simulator\n"
            "                    uvmsoc-sim over a Unix socket), mock (in-process fake\n"
            "                    device, for tests), uio or vfio (hardware; see --device)\n"
            "  --device DEV      the device: cosim (default), cosim:SOCKET, mock,\n"
            "                    uio[:/dev/uioN][,dtb=FILE][,udmabuf=/dev/udmabufN] (FPGA SoC),\n"
            "                    vfio:DDDD:BB:DD.F (PCIe card bound to vfio-pci),\n"
            "                    ivshmem:DEV (the simulator through shared memory, uvmsoc-sim\n"
            "                    --host-shm: DEV a PCI address or sysfs directory of a QEMU\n"
            "                    ivshmem-plain device in a Linux guest, or the shared file)\n"
            "  --socket PATH     cosim: the simulator's host socket (default: $UVMSOC_SOCKET,\n"
            "                    else ./" UVS_DEFAULT_SOCKET ")\n"
            "  --sim SIMULATOR   start a private simulator for this command (uvmsoc-sim with\n"
            "                    --host-socket in a temporary directory, --host-once) and\n"
            "                    use it; it ends when the command detaches\n"
            "  --sim-args ARGS   more simulator options for --sim, space-separated\n"
            "                    (e.g. \"--hbm 4G --link-bw 12.5\")\n"
            "  --timeout CYCLES  device cycles to wait for DMA, commands and firmware\n"
            "                    (default %llu; suffixes K, M, G)\n"
            "  --reply-timeout SECONDS  cosim: give up when the simulator has not answered\n"
            "                    for this long (default 600; 0 = never). Waits are cut into\n"
            "                    slices, so only a simulator that stopped advancing hits it\n"
            "  --watchdog CYCLES firmware watchdog: a command queue the firmware has not\n"
            "                    advanced for CYCLES device cycles while the host waits means\n"
            "                    a hung firmware (default 100M; 0 = off; docs/reliability.md)\n"
            "  --help            this text; 'uvmsoc COMMAND --help' describes a command\n"
            "  --version         print the library's ABI version\n"
            "\n"
            "Commands:\n",
            (unsigned long long)UVS_DEFAULT_TIMEOUT_CYCLES);
    for (const struct cli_cmd *c = cli_cmds; c->name; c++)
        fprintf(f, "  %-10s %s\n", c->name, c->summary);
    fprintf(f, "\nEnvironment: UVMSOC_SOCKET (simulator socket), UVMSOC_SIM, UVMSOC_FIRMWARE,\n"
               "UVS_SYSROOT (uio/vfio: directory standing for / when looking in /sys, /dev, /proc),\n"
               "UVMSOC_KERNEL_DIR (what 'run --kernel' uses when no option names it; default:\n"
               "next to this program, e.g. build/c4/uvmsoc-sim for build/host/uvmsoc).\n");
    fprintf(f, "\nExit status: 0 success, 1 device or driver error, 2 bad command line.\n");
}

int cli_parse_u64(const char *what, const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-')
        goto bad;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s)
        goto bad;
    unsigned shift = 0;
    if (*end == 'K' || *end == 'k') shift = 10, end++;
    else if (*end == 'M' || *end == 'm') shift = 20, end++;
    else if (*end == 'G' || *end == 'g') shift = 30, end++;
    if (*end || (shift && v > (~0ull >> shift)))
        goto bad;
    *out = (uint64_t)v << shift;
    return 0;
bad:
    fprintf(stderr, "uvmsoc: %s: bad number '%s'\n", what, s ? s : "");
    return CLI_USAGE;
}

int cli_error(const char *what, int err)
{
    const char *d = uvs_last_error();
    fprintf(stderr, "uvmsoc: %s: %s\n", what, *d ? d : uvs_strerror(err));
    return CLI_FAIL;
}

int cli_is_cosim(const struct cli_global *g)
{
    if (g->open.device)
        return strncmp(g->open.device, "cosim", 5) == 0 && (!g->open.device[5] || g->open.device[5] == ':');
    return !g->open.backend || strcmp(g->open.backend, "cosim") == 0;
}

struct uvs_dev *cli_open(const struct cli_global *g)
{
    struct uvs_dev *dev;
    int err = uvs_open(&g->open, &dev);
    if (err) {
        cli_error("cannot open the device", err);
        return NULL;
    }
    return dev;
}

int main(int argc, char **argv)
{
    static const struct option opts[] = {
        {"backend", required_argument, NULL, 'b'}, {"socket", required_argument, NULL, 's'},
        {"timeout", required_argument, NULL, 't'}, {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},       {"sim", required_argument, NULL, 'S'},
        {"device", required_argument, NULL, 'D'},
        {"sim-args", required_argument, NULL, 'A'}, {"reply-timeout", required_argument, NULL, 'R'},
        {"watchdog", required_argument, NULL, 'W'},
        {NULL, 0, NULL, 0},
    };
    struct cli_global g;
    const char *sim = NULL, *sim_args = NULL;
    int backend_set = 0;
    memset(&g, 0, sizeof g);
    g.open.backend = "cosim";
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "+", opts, NULL)) != -1) {
        switch (c) {
        case 'b':
            if (strcmp(optarg, "cosim") && strcmp(optarg, "mock") && strcmp(optarg, "uio") && strcmp(optarg, "vfio")) {
                fprintf(stderr, "uvmsoc: --backend: unknown backend '%s' (cosim, mock, uio, vfio; --device says "
                        "more)\n", optarg);
                return CLI_USAGE;
            }
            g.open.backend = optarg;
            backend_set = 1;
            break;
        case 'D':
            if (uvs_device_check(optarg)) {
                fprintf(stderr, "uvmsoc: --device: %s\n", uvs_last_error());
                return CLI_USAGE;
            }
            g.open.device = optarg;
            break;
        case 's': g.open.socket_path = optarg; break;
        case 'S': sim = optarg; break;
        case 'A': sim_args = optarg; break;
        case 't':
            if (cli_parse_u64("--timeout", optarg, &g.open.timeout_cycles))
                return CLI_USAGE;
            if (!g.open.timeout_cycles) {
                fprintf(stderr, "uvmsoc: --timeout: must be at least 1 cycle\n");
                return CLI_USAGE;
            }
            break;
        case 'R': {
            uint64_t sec;
            if (cli_parse_u64("--reply-timeout", optarg, &sec))
                return CLI_USAGE;
            if (sec > UINT32_MAX / 1000 - 1) {
                fprintf(stderr, "uvmsoc: --reply-timeout: at most %u seconds (0 = no limit)\n", UINT32_MAX / 1000 - 1);
                return CLI_USAGE;
            }
            g.open.wall_timeout_ms = sec ? (unsigned)sec * 1000u : UVS_WALL_TIMEOUT_NONE;
            break;
        }
        case 'W': {
            uint64_t w;
            if (cli_parse_u64("--watchdog", optarg, &w))
                return CLI_USAGE;
            g.open.watchdog_cycles = w ? w : UVS_WATCHDOG_OFF;
            break;
        }
        case 'h': usage(stdout); return CLI_OK;
        case 'V':
            printf("uvmsoc host ABI %u.%u\n", (unsigned)(UVS_HOSTIF_VERSION_VALUE >> 16),
                   (unsigned)(UVS_HOSTIF_VERSION_VALUE & 0xffff));
            return CLI_OK;
        default:
            if (optopt)
                fprintf(stderr, "uvmsoc: option '%s' needs an argument or is unknown; see 'uvmsoc --help'\n", argv[optind - 1]);
            else
                fprintf(stderr, "uvmsoc: unknown option '%s'; see 'uvmsoc --help'\n", argv[optind - 1]);
            return CLI_USAGE;
        }
    }
    if (optind >= argc) {
        fprintf(stderr, "uvmsoc: no command given; see 'uvmsoc --help'\n");
        return CLI_USAGE;
    }
    const char *name = argv[optind];
    for (const struct cli_cmd *cmd = cli_cmds; cmd->name; cmd++) {
        if (strcmp(cmd->name, name) != 0)
            continue;
        for (int i = optind + 1; i < argc; i++) {
            if (strcmp(argv[i], "--") == 0)
                break;
            if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
                fputs(cmd->help, stdout);
                return CLI_OK;
            }
        }
        optind++;
        if (sim && (g.open.socket_path || (g.open.device && cli_is_cosim(&g) && g.open.device[5] == ':'))) {
            fprintf(stderr, "uvmsoc: --sim and --socket exclude each other (so do --sim and --device cosim:SOCKET)\n");
            return CLI_USAGE;
        }
        if (g.open.device) {
            /* --device names the backend; a --backend given too must agree (uvs_open checks) */
            if (backend_set && strncmp(g.open.device, g.open.backend, strlen(g.open.backend)) != 0) {
                fprintf(stderr, "uvmsoc: --backend %s and --device %s disagree\n", g.open.backend, g.open.device);
                return CLI_USAGE;
            }
            if (!backend_set)
                g.open.backend = NULL;
        }
        if (sim && !cli_is_cosim(&g)) {
            fprintf(stderr, "uvmsoc: --sim needs the cosim backend\n");
            return CLI_USAGE;
        }
        g.sim = sim;
        g.sim_args = sim_args;
        if (sim && !cmd->spawns && cli_spawn_sim(sim, sim_args, NULL, &g.open.socket_path) != CLI_OK)
            return CLI_FAIL;
        int rc = cmd->run(&g, argc - optind + 1, argv + optind - 1);
        cli_reap_sim();
        return rc;
    }
    fprintf(stderr, "uvmsoc: unknown command '%s'; see 'uvmsoc --help'\n", name);
    return CLI_USAGE;
}

/*
 * uvmsoc CLI subcommands: info, load-fw, run, dma-test.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uvmsoc/dma.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/memmap.h>

#include "cli.h"
#include "graph_cli.h"

/* Parse subcommand options; returns the getopt character, -1 at the end, or
 * prints the error and returns '?' for an unknown option or missing argument. */
static int next_opt(int argc, char **argv, const struct option *opts, const char *cmd)
{
    int c = getopt_long(argc, argv, "", opts, NULL);
    if (c == '?')
        fprintf(stderr, "uvmsoc %s: option '%s' is unknown or needs an argument; see 'uvmsoc %s --help'\n", cmd,
                argv[optind - 1], cmd);
    return c;
}

static int extra_args(int argc, int want, const char *cmd)
{
    if (argc - optind != want) {
        fprintf(stderr, "uvmsoc %s: expected %d argument%s, got %d; see 'uvmsoc %s --help'\n", cmd, want,
                want == 1 ? "" : "s", argc - optind, cmd);
        return CLI_USAGE;
    }
    return 0;
}

/* ---------------- info ---------------- */
static const char info_help[] =
    "usage: uvmsoc [GLOBAL OPTIONS] info\n"
    "\n"
    "Open the device and print its identification and configuration from BAR0\n"
    "(include/uvmsoc/hostif.def): id, ABI version, capabilities, SRAM and HBM\n"
    "sizes, MSI vectors, harts, clock, host link model, management hart state.\n";

static void print_caps(uint64_t caps)
{
    static const struct { uint64_t bit; const char *name; } names[] = {
        {UVS_HOSTIF_CAP_DMA, "dma"}, {UVS_HOSTIF_CAP_CMDQ, "cmdq"}, {UVS_HOSTIF_CAP_EVQ, "evq"},
        {UVS_HOSTIF_CAP_MSI, "msi"}, {UVS_HOSTIF_CAP_HBM, "hbm"}, {UVS_HOSTIF_CAP_IOMMU, "iommu"},
        {UVS_HOSTIF_CAP_LOCKSTEP, "lockstep"},
    };
    printf("capabilities:  0x%llx", (unsigned long long)caps);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (caps & names[i].bit)
            printf(" %s", names[i].name);
    printf("\n");
}

static int cmd_info(const struct cli_global *g, int argc, char **argv)
{
    static const struct option opts[] = {{NULL, 0, NULL, 0}};
    optind = 0;
    if (next_opt(argc, argv, opts, "info") != -1 || extra_args(argc, 0, "info"))
        return CLI_USAGE;
    struct uvs_dev *dev = cli_open(g);
    if (!dev)
        return CLI_FAIL;
    struct uvs_info in;
    int err = uvs_info(dev, &in);
    if (err) {
        uvs_close(dev);
        return cli_error("info", err);
    }
    printf("backend:       %s\n", in.backend);
    printf("device id:     0x%08x\n", in.id);
    printf("ABI version:   %u.%u\n", in.version >> 16, in.version & 0xffff);
    print_caps(in.caps);
    printf("SRAM:          %llu KiB at 0x%llx\n", (unsigned long long)(in.sram_size >> 10), (unsigned long long)UVS_SRAM_BASE);
    printf("HBM:           %llu KiB at 0x%llx\n", (unsigned long long)(in.hbm_size >> 10), (unsigned long long)UVS_HBM_BASE);
    printf("MSI vectors:   %u\n", in.msi_vectors);
    printf("harts:         %u\n", in.harts);
    printf("clock:         %u kHz\n", in.clock_khz);
    printf("link:          latency %u cycles, %.2f bytes/cycle, max payload %u bytes\n", in.link_latency,
           in.link_bw / 65536.0, in.link_mps);
    printf("mgmt hart:     %s%s (firmware status %u)\n",
           in.mgmt_status & UVS_HOSTIF_MGMT_STATUS_HALTED ? "halted"
           : in.mgmt_status & UVS_HOSTIF_MGMT_STATUS_RUNNING ? "running" : "held in reset",
           in.mgmt_status & UVS_HOSTIF_MGMT_STATUS_FW_READY ? ", firmware ready" : "", in.fw_status);
    uvs_close(dev);
    return CLI_OK;
}

/* ---------------- load-fw ---------------- */
static const char load_help[] =
    "usage: uvmsoc [GLOBAL OPTIONS] load-fw [--dtb FILE] [--sbi ELF] [--start] FIRMWARE.elf\n"
    "\n"
    "Hold the management hart in reset, check FIRMWARE.elf (64-bit little-endian\n"
    "RISC-V executable, every segment inside the device's SRAM or HBM), copy its\n"
    "segments into device memory by DMA and set the boot entry point.\n"
    "\n"
    "  --dtb FILE   flattened device tree passed to the firmware in a1; it is put at\n"
    "               SRAM top - 64 KiB (default: the device's built-in DTB)\n"
    "  --sbi ELF    also load this M-mode firmware (e.g. Debian's OpenSBI\n"
    "               " UVS_SBI_DEFAULT_PATH "):\n"
    "               hart 0 boots it and it enters FIRMWARE.elf in S mode\n"
    "  --start      release the management hart after loading\n";

static int cmd_load_fw(const struct cli_global *g, int argc, char **argv)
{
    static const struct option opts[] = {{"dtb", required_argument, NULL, 'd'}, {"start", no_argument, NULL, 's'},
                                         {"sbi", required_argument, NULL, 'b'}, {NULL, 0, NULL, 0}};
    const char *dtb = NULL, *sbi = NULL;
    int start = 0, c;
    optind = 0;
    while ((c = next_opt(argc, argv, opts, "load-fw")) != -1) {
        if (c == 'd') dtb = optarg;
        else if (c == 'b') sbi = optarg;
        else if (c == 's') start = 1;
        else return CLI_USAGE;
    }
    if (extra_args(argc, 1, "load-fw"))
        return CLI_USAGE;
    struct uvs_dev *dev = cli_open(g);
    if (!dev)
        return CLI_FAIL;
    struct uvs_fw_loaded l;
    int err = uvs_fw_load(dev, argv[optind], dtb, &l);
    if (err) {
        uvs_close(dev);
        return cli_error("load-fw", err);
    }
    printf("loaded %s: %u segment%s, %llu bytes, entry 0x%llx, DTB %s", argv[optind], l.nsegs, l.nsegs == 1 ? "" : "s",
           (unsigned long long)l.bytes, (unsigned long long)l.entry, l.dtb_addr ? "at " : "built-in");
    if (l.dtb_addr)
        printf("0x%llx", (unsigned long long)l.dtb_addr);
    printf("\n");
    if (sbi) {
        if ((err = uvs_fw_load_sbi(dev, sbi, &l))) {
            uvs_close(dev);
            return cli_error("load-fw --sbi", err);
        }
        printf("loaded %s: M-mode firmware, %llu bytes, entry 0x%llx\n", sbi, (unsigned long long)l.bytes,
               (unsigned long long)l.entry);
    }
    if (start && (err = uvs_fw_start(dev))) {
        uvs_close(dev);
        return cli_error("start", err);
    }
    if (start)
        printf("management hart released\n");
    uvs_close(dev);
    return CLI_OK;
}

/* ---------------- run ---------------- */
static const char run_help[] =
    "usage: uvmsoc [GLOBAL OPTIONS] run --kernel NAME [--input FILE] [KERNEL OPTIONS]\n"
    "       uvmsoc [GLOBAL OPTIONS] run [--firmware ELF [--dtb FILE]] [--cycles N]\n"
    "\n"
    "With --kernel: run a compute kernel end to end. Without --socket (and\n"
    "$UVMSOC_SOCKET) it starts its own simulator (--sim, default build/c4/uvmsoc-sim\n"
    "next to this program); loads the firmware by DMA and boots it (unless the\n"
    "device's firmware is already running and --firmware is not given), loads\n"
    "the kernel ELF into the kernel region, copies the input into HBM by DMA,\n"
    "writes the argument block, sends HOSTQ_OP_LAUNCH, waits for its event,\n"
    "checks the result on the host and prints device statistics.\n"
    "\n"
    "  --kernel NAME      kernel: KERNEL_DIR/NAME.elf, or a path to a kernel ELF\n"
    "                     (crc32c, memcpy, fill, axpy, pattern, storm, stream,\n"
    "                     gather, strided, bfs, pagerank are checked on the host;\n"
    "                     any other kernel runs with --args)\n"
    "  --variant V        load (default: the harts' own loads and stores,\n"
    "                     NAME.elf) or tile (the tile engines move the data\n"
    "                     through the scratchpads, NAME_tile.elf; crc32c: a mode\n"
    "                     of crc32c.elf)\n"
    "  --tile             the same as --variant tile\n"
    "  --input FILE       data copied into HBM (crc32c, memcpy; axpy: the int64 x\n"
    "                     vector); default: --size bytes of generated data.\n"
    "                     crc32c --input runs on managed memory (see --managed)\n"
    "                     unless --no-managed\n"
    "  --size BYTES       generated data or fill length (default 64K; K, M, G)\n"
    "  --value N          fill: byte value (default 0xa5); axpy: scalar a (default 3);\n"
    "                     stream: addend b of x * 0x9e3779b97f4a7c15 + b (default 0x5eed)\n"
    "                     stream: each 8-byte word x of --size bytes becomes\n"
    "                     that function of itself (read and written in place)\n"
    "  gather (embedding lookup; output row b = sum of the rows batch b names):\n"
    "  --table-rows N     rows of the generated table (or --size: table bytes)\n"
    "  --row-size BYTES   bytes per row, a multiple of 64 from 64 to 512 (default 128)\n"
    "  --batch N          row indices per batch (default 32)\n"
    "  --batches N        batches (default 16; at most 4M indices in all)\n"
    "  --alpha A          Zipf exponent of the row indices, 0 (uniform) to 10\n"
    "                     (default 0.99); popular rows scattered over the table\n"
    "  --seed N           seed of the row indices (default 1)\n"
    "  strided (element i at SRC + i x STRIDE, each u64 word x stored packed as\n"
    "  x * 0x9e3779b97f4a7c15 + --value; 2-D strided tile copies in its tile variant):\n"
    "  --elem-size BYTES  element bytes, a multiple of 8 from 8 to 4096 (default 64)\n"
    "  --stride BYTES     bytes between elements, a multiple of 8 >= --elem-size\n"
    "                     (default 256)\n"
    "  --count N          elements (default 1024)\n"
    "  bfs (levels and parents from a root), pagerank (Q32.32 fixed point; tile\n"
    "  variant: indexed gathers of the contributions):\n"
    "  --graph FILE       CSR graph file ('uvmsoc graph convert'); default: this\n"
    "                     machine's package dependency graph from 'apt-cache\n"
    "                     dumpavail', converted once and cached (build/graphs/)\n"
    "  --root V           bfs root vertex (default: the largest out-degree)\n"
    "  --iterations N     pagerank iterations, 1 to 1000 (default 10)\n"
    "  --args LIST        comma-separated 64-bit arguments for other kernels\n"
    "                     (e.g. fault: mode,argument,thread)\n"
    "  --harts N          threads to launch, one per compute hart, 1..the device's\n"
    "                     compute harts (default: all)\n"
    "  --grid B[xT]       launch a grid of B blocks of T threads (default T 1; at\n"
    "                     most 65536 threads; as many run at once as the device\n"
    "                     has hardware threads, the others start as threads\n"
    "                     exit; excludes --harts). histogram, reduce, order\n"
    "                     are checked on the host\n"
    "  --kernel-timeout N launch timeout in device cycles (default 100M, or 64 per\n"
    "                     byte of data when that is more)\n"
    "  --hbm SIZE         HBM of the simulator run starts (simulator --hbm, 4K\n"
    "                     multiple, at most 64G; managed: at least 4M, default a\n"
    "                     quarter of the data in whole pages, at least 4M)\n"
    "  --oversub R        managed: HBM = managed bytes / R in whole pages (at least\n"
    "                     4M), R in 0.25..16; managed bytes = the data plus the\n"
    "                     second region (memcpy/axpy buffer, gather's index list\n"
    "                     and output, strided's and bfs/pagerank's output: the\n"
    "                     graph's working set is its CSR image + 16 bytes a\n"
    "                     vertex); excludes --hbm\n"
    "  --managed          unified memory (also stream, gather: the table and the\n"
    "                     index list): crc32c reads its input from a managed\n"
    "                     allocation (same VA on host and device) whose pages it\n"
    "                     faults into HBM, evicting when HBM is full; pattern\n"
    "                     (position-dependent words, seed --value) and storm (each\n"
    "                     thread reads and writes its own pages) write theirs and\n"
    "                     the host checks every byte after the dirty pages are\n"
    "                     written back; kernels with --args run with the managed\n"
    "                     context attached; prints fault, migration and eviction\n"
    "                     statistics\n"
    "  --fault-ring N     managed: entries of the host fault ring, a power of two\n"
    "                     2..32768 (default 512); a small ring fills, and the\n"
    "                     device holds the records it cannot write until the host\n"
    "                     drains it (docs/reliability.md)\n"
    "  --no-managed       crc32c --input the old way: the file copied into HBM\n"
    "  --pre-touch        managed stream, crc32c, memcpy, gather: launch the kernel twice\n"
    "                     and measure the second launch (the data already in HBM\n"
    "                     when it fits; stream's check applies its function twice)\n"
    "  --no-sync          managed: check the output without the explicit write-back\n"
    "                     (uvm_session_sync); the host's first touch of each page\n"
    "                     still in HBM migrates it back (host coherence)\n"
    "  --policy P         managed migration policy (docs/policies.md): adaptive\n"
    "                     (default), uvm-baseline (NVIDIA UVM's documented rules)\n"
    "                     or ondemand (4 KiB per fault, no prefetch, CLOCK);\n"
    "                     baseline and 4k are aliases of the last two\n"
    "  --advise A         advice for the managed allocation: none (default),\n"
    "                     remote (the device maps the host pages over the link\n"
    "                     instead of migrating them) or read-mostly (whole 2 MiB\n"
    "                     blocks per fault, copied read-only into HBM while the\n"
    "                     host keeps its copy readable; a write from either\n"
    "                     side collapses the page)\n"
    "  --host-cost-batch N  lockstep cycles charged per fault batch the host\n"
    "                     serves (default 51 ns at the device clock, measured by\n"
    "                     make bench-hostcost; 30 us with --host-cost uvm)\n"
    "  --host-cost-page N lockstep cycles charged per page planned for migration\n"
    "                     in units below 2 MiB (default 49 ns at the device\n"
    "                     clock, measured)\n"
    "  --host-cost-block N lockstep cycles charged per 2 MiB unit planned for\n"
    "                     migration (default 3.7 us at the device clock, measured)\n"
    "  --host-cost P      default host charges: measured (this driver's fault\n"
    "                     service, make bench-hostcost) or uvm (a driver as slow as\n"
    "                     published NVIDIA UVM batch times); uvm_fault.h\n"
    "  --trace FILE       the simulator writes its page-access trace to FILE; at the\n"
    "                     end the HBM hit rate over accesses is printed beside LRU,\n"
    "                     CLOCK and Belady's MIN at the same frames (uvmsoc trace)\n"
    "  --clock-mhz N      device clock of the simulator run starts (simulator\n"
    "                     --clock-mhz; default its configuration's CFG_CLOCK_MHZ):\n"
    "                     link, HBM and host costs in cycles follow from it\n"
    "  --firmware ELF     firmware to load (default: build/firmware/uvmsoc-fw.elf\n"
    "                     next to this program, or $UVMSOC_FIRMWARE)\n"
    "  --sbi ELF|none     M-mode firmware hart 0 boots first, which then enters\n"
    "                     the firmware in S mode (default: $UVMSOC_SBI, or Debian's\n"
    "                     OpenSBI " UVS_SBI_DEFAULT_PATH ");\n"
    "                     none: the firmware runs in M mode\n"
    "  --kernel-dir DIR   where kernels are (default: build/firmware/kernels next to\n"
    "                     this program, or $UVMSOC_KERNEL_DIR)\n"
    "  --console FILE     the started simulator's console (device UART) goes to\n"
    "                     FILE ('-' = here); default: kept aside, its last lines\n"
    "                     are shown when something fails\n"
    "Exit status 1 when the kernel aborts, exits with an error, times out or its\n"
    "result does not match the host's (crc32c: MISMATCH).\n"
    "\n"
    "Without --kernel: boot the device and check that its firmware serves the host: load the\n"
    "firmware if given (as load-fw), release the management hart, wait for the\n"
    "firmware to report ready, send a NOP through the host command queue and wait\n"
    "for its completion event, then let the device run N more cycles and print\n"
    "the cycle counts.\n"
    "\n"
    "  --firmware ELF  firmware to load first (default: what is already loaded)\n"
    "  --dtb FILE      DTB to load with it (default: the device's built-in DTB)\n"
    "  --cycles N      device cycles to run at the end (default 1M; K, M, G)\n"
    "\n"
    "Fails (exit 1) when the management hart halts, the firmware is not ready or\n"
    "does not answer within the global --timeout.\n";

static int cmd_run(const struct cli_global *gl, int argc, char **argv)
{
    static const struct option opts[] = {{"firmware", required_argument, NULL, 'f'}, {"dtb", required_argument, NULL, 'd'},
                                         {"cycles", required_argument, NULL, 'c'}, {NULL, 0, NULL, 0}};
    const char *fw = NULL, *dtb = NULL;
    uint64_t cycles = 1000000;
    int c;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--kernel") == 0 || strncmp(argv[i], "--kernel=", 9) == 0)
            return cli_run_kernel(gl, argc, argv);
    optind = 0;
    while ((c = next_opt(argc, argv, opts, "run")) != -1) {
        if (c == 'f') fw = optarg;
        else if (c == 'd') dtb = optarg;
        else if (c == 'c') { if (cli_parse_u64("--cycles", optarg, &cycles)) return CLI_USAGE; }
        else return CLI_USAGE;
    }
    if (extra_args(argc, 0, "run"))
        return CLI_USAGE;
    if (dtb && !fw) {
        fprintf(stderr, "uvmsoc run: --dtb needs --firmware\n");
        return CLI_USAGE;
    }
    struct cli_global local = *gl;
    const struct cli_global *g = &local;
    if (gl->sim && cli_spawn_sim(gl->sim, gl->sim_args, NULL, &local.open.socket_path) != CLI_OK)
        return CLI_FAIL;
    struct uvs_dev *dev = cli_open(g);
    if (!dev)
        return CLI_FAIL;
    int err = 0;
    const char *step = "run";
    uint64_t timeout = g->open.timeout_cycles ? g->open.timeout_cycles : UVS_DEFAULT_TIMEOUT_CYCLES;
    struct uvs_fw_loaded l;
    struct uvs_hostq_evt ev;
    struct uvs_hostq_cmd cmd = {.opcode = UVS_HOSTQ_OP_NOP, .flags = UVS_HOSTQ_CMD_F_EVENT, .cookie = 0x7275,
                                .arg = {0x5a5a1234}};
    if (fw && (err = uvs_fw_load(dev, fw, dtb, &l))) { step = "load firmware"; goto out; }
    if (fw)
        printf("loaded %s: entry 0x%llx\n", fw, (unsigned long long)l.entry);
    if ((err = uvs_fw_start(dev))) { step = "release the management hart"; goto out; }
    if ((err = uvs_fw_wait_ready(dev, timeout))) { step = "boot"; goto out; }
    printf("firmware ready at cycle %llu\n", (unsigned long long)uvs_cycles(dev));
    uint64_t t0 = uvs_cycles(dev);
    if ((err = uvs_cmd_submit(dev, &cmd)) || (err = uvs_evt_wait(dev, &ev, timeout))) { step = "NOP command"; goto out; }
    if (ev.cookie != cmd.cookie || ev.status != 0 || ev.value != cmd.arg[0]) {
        fprintf(stderr, "uvmsoc: NOP command: wrong completion (cookie 0x%llx, status %d, value 0x%llx)\n",
                (unsigned long long)ev.cookie, ev.status, (unsigned long long)ev.value);
        uvs_close(dev);
        return CLI_FAIL;
    }
    printf("command queue: NOP round trip in %llu cycles\n", (unsigned long long)(uvs_cycles(dev) - t0));
    if (cycles && (err = uvs_charge(dev, cycles))) { step = "run"; goto out; }
    printf("ran %llu cycles; device cycle %llu\n", (unsigned long long)cycles, (unsigned long long)uvs_cycles(dev));
out:
    if (err)
        cli_error(step, err);
    uvs_close(dev);
    return err ? CLI_FAIL : CLI_OK;
}

/* ---------------- dma-test ---------------- */
static const char dma_help[] =
    "usage: uvmsoc [GLOBAL OPTIONS] dma-test [--size BYTES] [--addr DEVADDR] [--rounds N]\n"
    "\n"
    "Exercise the host DMA channel: fill a host buffer with a pattern, copy it to\n"
    "device memory (host->device), copy it back into a second buffer\n"
    "(device->host), compare, and print the bytes, device cycles and bytes per\n"
    "cycle of each direction.\n"
    "\n"
    "  --size BYTES    bytes per copy (default 64K; K, M, G)\n"
    "  --addr DEVADDR  device address (default: HBM base, or the middle of SRAM\n"
    "                  when the device has no HBM)\n"
    "  --rounds N      repetitions with different patterns (default 1)\n";

static int cmd_dma_test(const struct cli_global *g, int argc, char **argv)
{
    static const struct option opts[] = {{"size", required_argument, NULL, 's'}, {"addr", required_argument, NULL, 'a'},
                                         {"rounds", required_argument, NULL, 'r'}, {NULL, 0, NULL, 0}};
    uint64_t size = 64 << 10, addr = 0, rounds = 1;
    int have_addr = 0, c;
    optind = 0;
    while ((c = next_opt(argc, argv, opts, "dma-test")) != -1) {
        if (c == 's') { if (cli_parse_u64("--size", optarg, &size)) return CLI_USAGE; }
        else if (c == 'a') { if (cli_parse_u64("--addr", optarg, &addr)) return CLI_USAGE; have_addr = 1; }
        else if (c == 'r') { if (cli_parse_u64("--rounds", optarg, &rounds)) return CLI_USAGE; }
        else return CLI_USAGE;
    }
    if (extra_args(argc, 0, "dma-test"))
        return CLI_USAGE;
    if (size == 0 || size > (1ull << 30) || rounds == 0 || rounds > 1000) {
        fprintf(stderr, "uvmsoc dma-test: --size must be 1..1G bytes and --rounds 1..1000\n");
        return CLI_USAGE;
    }
    struct uvs_dev *dev = cli_open(g);
    if (!dev)
        return CLI_FAIL;
    struct uvs_info in;
    struct uvs_dma_buf src = {0}, dst = {0};
    struct uvs_dma_result r;
    int err, rc = CLI_FAIL;
    if ((err = uvs_info(dev, &in))) { cli_error("dma-test", err); goto out; }
    if (!have_addr)
        addr = in.hbm_size ? UVS_HBM_BASE : UVS_SRAM_BASE + in.sram_size / 2;
    if ((err = uvs_dma_alloc(dev, size, &src)) || (err = uvs_dma_alloc(dev, size, &dst))) {
        cli_error("dma-test", err);
        goto out;
    }
    for (uint64_t round = 0; round < rounds; round++) {
        uint8_t *s = src.host, *d = dst.host;
        for (uint64_t i = 0; i < size; i++)
            s[i] = (uint8_t)(i * 131 + round * 17 + (i >> 8));
        memset(d, 0, size);
        if ((err = uvs_dma_copy(dev, UVS_DMA_OP_H2D, addr, src.bus, size, &r))) { cli_error("host->device DMA", err); goto out; }
        printf("host->device: %llu bytes to 0x%llx in %llu cycles (%.2f bytes/cycle)\n", (unsigned long long)r.bytes,
               (unsigned long long)addr, (unsigned long long)r.cycles, r.cycles ? (double)r.bytes / r.cycles : 0.0);
        if ((err = uvs_dma_copy(dev, UVS_DMA_OP_D2H, dst.bus, addr, size, &r))) { cli_error("device->host DMA", err); goto out; }
        printf("device->host: %llu bytes from 0x%llx in %llu cycles (%.2f bytes/cycle)\n", (unsigned long long)r.bytes,
               (unsigned long long)addr, (unsigned long long)r.cycles, r.cycles ? (double)r.bytes / r.cycles : 0.0);
        for (uint64_t i = 0; i < size; i++)
            if (s[i] != d[i]) {
                fprintf(stderr, "uvmsoc dma-test: data mismatch at byte %llu: wrote 0x%02x, read 0x%02x\n",
                        (unsigned long long)i, s[i], d[i]);
                goto out;
            }
    }
    printf("dma-test: %llu round%s OK\n", (unsigned long long)rounds, rounds == 1 ? "" : "s");
    rc = CLI_OK;
out:
    uvs_dma_free(dev, &src);
    uvs_dma_free(dev, &dst);
    uvs_close(dev);
    return rc;
}

const struct cli_cmd cli_cmds[] = {
    {"info", "print the device's identification and configuration", info_help, cmd_info, 0},
    {"load-fw", "load firmware (and a DTB) into device memory", load_help, cmd_load_fw, 0},
    {"run", "run a kernel end to end (--kernel), or boot and check the command path", run_help, cmd_run, 1},
    {"dma-test", "copy data host->device->host by DMA and compare", dma_help, cmd_dma_test, 0},
    {"trace", "replay a page-access trace under LRU, CLOCK and Belady's MIN", cli_trace_help, cli_cmd_trace, 1},
    {"contexts", "check that two device contexts on one device cannot reach each other", cli_contexts_help,
     cli_contexts, 1},
    {"serve", "own the device and serve client processes, each in its own device context", cli_serve_help,
     cli_serve, 1},
    {"client", "a client process of uvmsoc serve: run and check kernels in its own context", cli_client_help,
     cli_client, 1},
    {"graph", "convert a graph to the CSR file of the graph kernels (bfs, pagerank)", cli_graph_help, cli_graph, 1},
    {NULL, NULL, NULL, NULL, 0},
};

/*
 * uvmsoc CLI: `run --kernel NAME`, a compute kernel end to end
 * (docs/architecture.md "Kernels and launch"; include/uvmsoc/kernel.def):
 * firmware loaded by DMA and booted, kernel image loaded into the kernel
 * region (UVS_KERNEL_BASE), input copied into HBM, argument block written
 * at UVS_KERNEL_DATA_BASE, HOSTQ_OP_LAUNCH sent, its completion event
 * decoded, the result checked on the host, device statistics printed.
 *
 * Device memory used: input at UVS_HBM_BASE, a second buffer (memcpy
 * destination, axpy y) at the next 4 KiB boundary after it, the argument
 * block at UVS_KERNEL_DATA_BASE and the crc32c output word right after it.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <dirent.h>

#include <uvmsoc/dma.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/kernel.h>
#include <uvmsoc/kernel_abi.h>
#include <uvmsoc/memmap.h>

#include "cli.h"
#include "crc32c.h"
#include "fault_tally.h"
#include "uvm_latency.h"
#include "uvm_policy.h"
#include "uvm_session.h"
#include "../../firmware/kernels/grid.h" /* output records of the grid kernels */
#include <lib/uvs_pattern.h> /* data of the writing kernels pattern and storm */
#include <lib/uvs_xorshift.h>
#include "../../firmware/kernels/workload.h" /* stream and gather: arguments and arithmetic */
#include "zipf.h"
#include "graph_cli.h"
#include "graph_wl.h" /* strided, bfs, pagerank: data images and host checks */
#include "../../firmware/kernels/graph.h"

#define CHUNK_MAX (64u << 20)         /* largest DMA bounce buffer */
#define EVENT_MARGIN 20000000ull      /* cycles the event may take beyond the kernel timeout */
#define LAUNCH_COOKIE 0x6b72756e00000000ull

/* One run: options, data, statistics. */
struct krun {
    const struct cli_global *g;
    struct uvs_dev *dev;
    struct uvs_info info;
    const struct recipe *rc;
    const char *name;               /* --kernel as given */
    char kpath[PATH_MAX];           /* kernel ELF */
    char fwpath[PATH_MAX];          /* firmware ELF */
    const char *sbi_opt;            /* --sbi ELF|none, NULL = $UVMSOC_SBI or the default */
    const char *fw_opt, *kdir_opt, *input, *console;
    int have_size, have_value, have_args;
    uint64_t size, value, harts, ktimeout, hbm;
    uint64_t args[UVS_KARGS_MAX];
    unsigned nargs;
    uint8_t *data;                  /* input bytes (file or generated) */
    size_t len;
    struct uvs_fw_image kimg;       /* parsed kernel */
    uint64_t buf2;                  /* second buffer's device address */
    /* statistics: device cycles and DMA payload bytes per step */
    uint64_t c_start, c_boot, c_kload, c_in, c_args, c_kernel, c_out;
    uint64_t b_boot, b_kload, b_in, b_out, b_args;
    int booted;
    uint32_t fq_log2; /* --fault-ring: log2 of the fault ring's entries (0: 512) */
    int wd_retried; /* the kernel was run again after a watchdog reset (watchdog_recover) */
    struct timespec t0;
    /* --grid BLOCKS[xTHREADS]: launch shape; nthreads = threads launched */
    int have_grid;
    uint64_t grid_blocks, grid_threads, nthreads;
    /* --managed: the input lives in managed memory at a unified VA */
    int managed;
    struct uvm_session *uvm;
    void *mptr;
    int no_managed;                 /* --no-managed: crc32c --input copied into HBM (the old way) */
    int have_hbm, have_harts;       /* --hbm / --harts given */
    double oversub;                 /* --oversub R: HBM = managed bytes / R (0: not given) */
    int policy_4k;                  /* the policy brings one page per fault (ondemand): storm uses 4 KiB blocks */
    struct uvm_policy policy;       /* --policy NAME (uvm_policy.h), default adaptive */
    uint32_t advice;                /* --advise: UVM_ADV_* of the managed allocation (0 = none) */
    int no_sync;                    /* --no-sync: the host reads managed output without uvm_session_sync */
    uint64_t host_cost_batch, host_cost_page, host_cost_block; /* --host-cost-batch / -page / -block (lockstep cycles) */
    int have_cost_batch, have_cost_page, have_cost_block; /* given; else the ns defaults at the device clock */
    int host_cost_uvm;                         /* --host-cost uvm: published UVM batch times (uvm_fault.h) */
    const char *trace;                         /* --trace FILE: the simulator's access trace, replayed at the end */
    uint64_t frames_total;                     /* the page cache's frames (the replay's HBM size) */
    uint64_t clock_mhz;                        /* --clock-mhz for a simulator run starts (0 = its default) */
    struct uvs_perf perf0, perf1;              /* memory-system counters around the launch (hostif.def) */
    uint64_t c_perf;                           /* cycles between the two counter reads */
    int have_perf;                             /* both reads succeeded */
    const char *variant;            /* --variant load|tile: which ELF of the kernel (NAME.elf, NAME_tile.elf) */
    /* gather (workload.h): --row-size, --table-rows, --batch, --batches, --alpha, --seed */
    uint64_t row_size, table_rows, batch, batches, seed;
    double alpha;
    int have_gather_opt;            /* one of them given (refused for other kernels) */
    int have_table_rows;
    int pre_touch;                  /* --pre-touch: a first launch brings the managed data into HBM, the second is measured */
    /* Second data region (gather: index list, then the output rows): host
     * bytes, its device address (HBM after the data, or a second managed
     * allocation) and the output's offset in it. */
    uint8_t *aux;
    size_t aux_len, aux_out;
    uint64_t aux_dev;
    void *aux_mptr;
    /* strided (--elem-size, --stride, --count) and the graph kernels bfs, pagerank (--graph, --root,
     * --iterations): firmware/kernels/graph.h; the graph's image and checks in graph_wl.c */
    uint64_t elem, stride, count, root, iters;
    int have_strided_opt, have_graph_opt, have_root;
    const char *graph_file;
    struct graph graph;
    struct graph_wl gwl;
};

/* A kernel the CLI knows how to feed and check. */
struct recipe {
    const char *name;
    int input;   /* uses --input / generated data */
    int buf2;    /* needs a second HBM buffer of the input's size */
    /* fill args[] (nargs) from the placed data */
    void (*args)(struct krun *k);
    /* check the result; prints one line; returns CLI_OK or CLI_FAIL */
    int (*check)(struct krun *k, uint64_t value);
    int managed; /* may run on managed memory (--managed) */
};

/* ---------------- DMA with statistics ---------------- */

/* A byte count in the largest unit that divides it: "4 MiB", "1170 KiB", "100 bytes". */
static const char *size_str(uint64_t bytes, char buf[32])
{
    if (bytes != 0 && bytes % (1ull << 20) == 0)
        snprintf(buf, 32, "%llu MiB", (unsigned long long)(bytes >> 20));
    else if (bytes != 0 && bytes % 1024 == 0)
        snprintf(buf, 32, "%llu KiB", (unsigned long long)(bytes >> 10));
    else
        snprintf(buf, 32, "%llu bytes", (unsigned long long)bytes);
    return buf;
}

/* Copy n bytes between host memory p and device address a (op H2D or D2H)
 * through a bounce buffer of at most CHUNK_MAX; adds cycles and bytes. */
static int xfer(struct krun *k, unsigned op, uint64_t a, void *p, size_t n, uint64_t *cyc, uint64_t *bytes)
{
    struct uvs_dma_buf b;
    int err = uvs_dma_alloc(k->dev, n < CHUNK_MAX ? n : CHUNK_MAX, &b);
    for (size_t off = 0; !err && off < n;) {
        size_t m = n - off < b.size ? n - off : b.size;
        struct uvs_dma_result r;
        if (op == UVS_DMA_OP_H2D)
            memcpy(b.host, (uint8_t *)p + off, m);
        err = op == UVS_DMA_OP_H2D ? uvs_dma_copy(k->dev, op, a + off, b.bus, m, &r)
                                   : uvs_dma_copy(k->dev, op, b.bus, a + off, m, &r);
        if (!err && op == UVS_DMA_OP_D2H)
            memcpy((uint8_t *)p + off, b.host, m);
        *cyc += r.cycles;
        *bytes += r.bytes;
        off += m;
    }
    uvs_dma_free(k->dev, &b);
    return err;
}

/* ---------------- recipes ---------------- */

static uint64_t out_addr(void)
{
    return UVS_KERNEL_DATA_BASE + UVS_KARGS_SIZE;
}

/* The data's device address: its managed allocation, else the start of HBM. */
static uint64_t data_addr(const struct krun *k)
{
    return k->mptr ? (uint64_t)(uintptr_t)k->mptr : UVS_HBM_BASE;
}

/* Kernels whose tile variant is a mode of the same ELF (argument 3), not NAME_tile.elf. */
static int tile_by_mode(const char *name)
{
    return strcmp(name, "crc32c") == 0;
}

static void crc_args(struct krun *k)
{
    k->args[0] = data_addr(k);
    k->args[1] = k->len;
    k->args[2] = out_addr();
    k->nargs = 3;
    if (strcmp(k->variant, "tile") == 0) { /* firmware/kernels/crc32c.c mode 1: tile engines (tile.h) */
        k->args[3] = 1;
        k->nargs = 4;
    }
}

static int crc_check(struct krun *k, uint64_t value)
{
    uint32_t host = cli_crc32c_update(0, k->data, k->len), out = 0;
    uint64_t cyc = 0;
    int err = xfer(k, UVS_DMA_OP_D2H, out_addr(), &out, sizeof out, &cyc, &k->b_out);
    k->c_out += cyc;
    if (err)
        return cli_error("read the kernel's output word", err);
    int ok = value == host && out == host;
    printf("crc32c: device 0x%08" PRIx32 ", host 0x%08" PRIx32 " -> %s\n", (uint32_t)value, host,
           ok ? "MATCH" : "MISMATCH");
    if (!ok && out != (uint32_t)value)
        printf("crc32c: the output word at 0x%llx holds 0x%08" PRIx32 ", the launch result 0x%08" PRIx32 "\n",
               (unsigned long long)out_addr(), out, (uint32_t)value);
    return ok ? CLI_OK : CLI_FAIL;
}

static void memcpy_args(struct krun *k)
{
    k->args[0] = k->buf2;
    k->args[1] = data_addr(k);
    k->args[2] = k->len;
    k->nargs = 3;
}

/* Read back n bytes at a and compare with want (NULL: every byte = fill). */
static int compare_back(struct krun *k, const char *what, uint64_t a, const uint8_t *want, uint8_t fill, size_t n)
{
    uint8_t *got = malloc(n ? n : 1);
    if (!got) {
        fprintf(stderr, "uvmsoc run: out of memory\n");
        return CLI_FAIL;
    }
    int err = n ? xfer(k, UVS_DMA_OP_D2H, a, got, n, &k->c_out, &k->b_out) : 0;
    if (err) {
        free(got);
        return cli_error("read back the kernel's output", err);
    }
    for (size_t i = 0; i < n; i++) {
        uint8_t w = want ? want[i] : fill;
        if (got[i] != w) {
            printf("%s: MISMATCH at byte %zu (device address 0x%llx): expected 0x%02x, got 0x%02x\n", what, i,
                   (unsigned long long)(a + i), w, got[i]);
            free(got);
            return CLI_FAIL;
        }
    }
    free(got);
    printf("%s: %zu bytes checked on the host -> MATCH\n", what, n);
    return CLI_OK;
}

/* Compare the second buffer (memcpy's destination, axpy's y: n bytes) with
 * want: on managed memory its allocation after a write-back, else read back from HBM. */
static int compare_buf2(struct krun *k, const char *what, const uint8_t *want, size_t n)
{
    uint64_t pages = 0;
    if (!k->managed)
        return compare_back(k, what, k->buf2, want, 0, n);
    if (!k->no_sync && uvm_session_sync(k->uvm, k->aux_mptr, &pages) != 0) {
        fprintf(stderr, "uvmsoc run: write-back before the host reads: %s\n", uvm_session_last_error(k->uvm));
        return CLI_FAIL;
    }
    const uint8_t *got = k->aux_mptr;
    for (size_t i = 0; i < n; i++) {
        if (got[i] != want[i]) {
            printf("%s: MISMATCH at byte %zu (VA 0x%llx): expected 0x%02x, got 0x%02x\n", what, i,
                   (unsigned long long)((uintptr_t)got + i), want[i], got[i]);
            return CLI_FAIL;
        }
    }
    printf("%s: %zu bytes of managed memory checked on the host -> MATCH\n", what, n);
    return CLI_OK;
}

static int memcpy_check(struct krun *k, uint64_t value)
{
    (void)value;
    return compare_buf2(k, "memcpy", k->data, k->len);
}

static void fill_args(struct krun *k)
{
    k->args[0] = data_addr(k); /* holds the generated pattern: the kernel must overwrite it */
    k->args[1] = k->len;
    k->args[2] = k->have_value ? k->value : 0xa5;
    k->nargs = 3;
}

static int check_output(struct krun *k, const char *what, const uint8_t *want);

static int fill_check(struct krun *k, uint64_t value)
{
    (void)value;
    uint8_t *want = malloc(k->len ? k->len : 1);
    if (!want)
        return cli_error("fill check", -ENOMEM);
    memset(want, (uint8_t)k->args[2], k->len);
    int rc = check_output(k, "fill", want);
    free(want);
    return rc;
}

static void axpy_args(struct krun *k)
{
    k->args[0] = k->len / 8;
    k->args[1] = k->have_value ? k->value : 3;
    k->args[2] = data_addr(k);
    k->args[3] = k->buf2;
    k->nargs = 4;
}

/* y's initial value, element i (the host writes it before the launch). */
static uint64_t axpy_y0(size_t i)
{
    return 0x9e3779b97f4a7c15ull * (i + 1);
}

static int axpy_check(struct krun *k, uint64_t value)
{
    (void)value;
    size_t n = k->len / 8;
    uint8_t *want = malloc(n * 8 + 1);
    if (!want) {
        fprintf(stderr, "uvmsoc run: out of memory\n");
        return CLI_FAIL;
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t x, y;
        memcpy(&x, k->data + 8 * i, 8);
        y = k->args[1] * x + axpy_y0(i); /* wraps modulo 2^64 like the kernel */
        memcpy(want + 8 * i, &y, 8);
    }
    int rc = compare_buf2(k, "axpy", want, n * 8);
    free(want);
    return rc;
}

/* ---- grid kernels (firmware/kernels/grid.h): output record in SRAM after the crc32c word ---- */

static uint64_t grid_out_addr(void)
{
    return UVS_KERNEL_DATA_BASE + UVS_KARGS_SIZE + 64;
}

/* Read the grid kernel's output record (n bytes) into p. */
static int read_grid_out(struct krun *k, void *p, size_t n)
{
    int err = xfer(k, UVS_DMA_OP_D2H, grid_out_addr(), p, n, &k->c_out, &k->b_out);
    return err ? cli_error("read the kernel's output record", err) : CLI_OK;
}

static void histogram_args(struct krun *k)
{
    k->args[0] = UVS_HBM_BASE;
    k->args[1] = k->len;
    k->args[2] = grid_out_addr();
    k->nargs = 3;
}

static int histogram_check(struct krun *k, uint64_t value)
{
    uint32_t got[GRID_HIST_BINS], want[GRID_HIST_BINS] = {0};
    (void)value;
    for (size_t i = 0; i < k->len; i++)
        want[k->data[i]]++;
    if (read_grid_out(k, got, sizeof got) != CLI_OK)
        return CLI_FAIL;
    for (unsigned b = 0; b < GRID_HIST_BINS; b++) {
        if (got[b] != want[b]) {
            printf("histogram: MISMATCH in bin %u: device %" PRIu32 ", host %" PRIu32 "\n", b, got[b], want[b]);
            return CLI_FAIL;
        }
    }
    printf("histogram: %zu bytes, %u bins, %llu threads checked on the host -> MATCH\n", k->len, GRID_HIST_BINS,
           (unsigned long long)k->nthreads);
    return CLI_OK;
}

static void reduce_args(struct krun *k)
{
    k->args[0] = UVS_HBM_BASE;
    k->args[1] = k->len / 8;
    k->args[2] = grid_out_addr();
    k->nargs = 3;
}

static int reduce_check(struct krun *k, uint64_t value)
{
    struct grid_reduce_out got;
    uint64_t sum = 0, x = 0, max = 0;
    (void)value;
    for (size_t i = 0; i + 8 <= k->len; i += 8) {
        uint64_t v;
        memcpy(&v, k->data + i, 8);
        sum += v;
        x ^= v;
        max = v > max ? v : max;
    }
    if (read_grid_out(k, &got, sizeof got) != CLI_OK)
        return CLI_FAIL;
    int ok = got.sum == sum && got.xor_all == x && got.max == max && got.threads == k->nthreads;
    printf("reduce: sum 0x%016llx xor 0x%016llx max 0x%016llx threads %u; host 0x%016llx 0x%016llx 0x%016llx %llu "
           "-> %s\n", (unsigned long long)got.sum, (unsigned long long)got.xor_all, (unsigned long long)got.max,
           got.threads, (unsigned long long)sum, (unsigned long long)x, (unsigned long long)max,
           (unsigned long long)k->nthreads, ok ? "MATCH" : "MISMATCH");
    return ok ? CLI_OK : CLI_FAIL;
}

static void order_args(struct krun *k)
{
    k->args[0] = UVS_HBM_BASE;
    k->args[1] = k->len;
    k->args[2] = grid_out_addr();
    k->nargs = 3;
}

static int order_check(struct krun *k, uint64_t value)
{
    struct grid_order_out got;
    uint64_t per = k->nthreads ? k->len / 8 / k->nthreads : 0, n = per * k->nthreads;
    (void)value;
    if (read_grid_out(k, &got, sizeof got) != CLI_OK)
        return CLI_FAIL;
    uint64_t *mem = malloc(n * 8 + 8);
    if (!mem)
        return cli_error("order readback", -ENOMEM);
    int err = n ? xfer(k, UVS_DMA_OP_D2H, UVS_HBM_BASE, mem, n * 8, &k->c_out, &k->b_out) : 0;
    if (err) {
        free(mem);
        return cli_error("read back the order region", err);
    }
    for (uint64_t j = 0; j < n; j++) {
        if (mem[j] != grid_order_word((uint32_t)(j / per), j % per)) {
            printf("order: MISMATCH at word %llu of thread %llu\n", (unsigned long long)(j % per),
                   (unsigned long long)(j / per));
            free(mem);
            return CLI_FAIL;
        }
    }
    free(mem);
    int ok = got.counter == k->nthreads * GRID_ORDER_LRSC && got.threads == k->nthreads;
    printf("order: %llu threads x %llu words in order; LR/SC counter %u (want %llu), threads passed %u -> %s\n",
           (unsigned long long)k->nthreads, (unsigned long long)per, got.counter,
           (unsigned long long)(k->nthreads * GRID_ORDER_LRSC), got.threads, ok ? "MATCH" : "MISMATCH");
    return ok ? CLI_OK : CLI_FAIL;
}

/* ---- writing kernels (pattern, storm; include/lib/uvs_pattern.h) ---- */

/* Managed runs: write the device's dirty pages back (uvm_session_sync) so the host copy is current. */
static int managed_sync(struct krun *k)
{
    uint64_t pages = 0;
    if (k->no_sync) {
        printf("sync:      none (--no-sync): pages still in HBM come back on the host's first touch\n");
        return CLI_OK;
    }
    if (uvm_session_sync(k->uvm, k->mptr, &pages) != 0) {
        fprintf(stderr, "uvmsoc run: write-back before the host reads: %s\n", uvm_session_last_error(k->uvm));
        return CLI_FAIL;
    }
    printf("sync:      %llu pages left HBM (dirty ones written back) before the host reads\n",
           (unsigned long long)pages);
    return CLI_OK;
}

/* Compare the kernel's output (k->len bytes of its buffer) with want, byte for
 * byte: managed memory on the host after a sync, else read back from HBM. */
static int check_output(struct krun *k, const char *what, const uint8_t *want)
{
    if (!k->managed)
        return compare_back(k, what, UVS_HBM_BASE, want, 0, k->len);
    if (managed_sync(k) != CLI_OK)
        return CLI_FAIL;
    const uint8_t *got = k->mptr;
    for (size_t i = 0; i < k->len; i++) {
        if (got[i] != want[i]) {
            printf("%s: MISMATCH at byte %zu (VA 0x%llx, page %zu): expected 0x%02x, got 0x%02x\n", what, i,
                   (unsigned long long)((uintptr_t)got + i), i / 4096, want[i], got[i]);
            return CLI_FAIL;
        }
    }
    printf("%s: %zu bytes of managed memory checked on the host -> MATCH\n", what, k->len);
    return CLI_OK;
}

static void pattern_args(struct krun *k)
{
    k->args[0] = data_addr(k); /* holds the generated data: the kernel must overwrite every byte */
    k->args[1] = k->len;
    k->args[2] = k->have_value ? k->value : PATTERN_SEED_DEFAULT;
    k->nargs = 3;
}

static int pattern_check(struct krun *k, uint64_t value)
{
    (void)value;
    uint8_t *want = malloc(k->len ? k->len : 1);
    if (!want)
        return cli_error("pattern check", -ENOMEM);
    for (size_t i = 0; i < k->len; i++)
        want[i] = pattern_byte(k->args[2], i);
    int rc = check_output(k, "pattern", want);
    free(want);
    return rc;
}

static void storm_args(struct krun *k)
{
    k->args[0] = data_addr(k);
    k->args[1] = k->len;
    k->args[2] = k->policy_4k ? 4096 : STORM_BLOCK_DEFAULT; /* --policy 4k: one page per thread block */
    k->args[3] = k->have_value ? k->value : STORM_MAGIC;
    k->nargs = 4;
}

static int storm_check(struct krun *k, uint64_t value)
{
    size_t pages = k->len / 4096;
    uint8_t *want = malloc(k->len ? k->len : 1);
    if (!want)
        return cli_error("storm check", -ENOMEM);
    memcpy(want, k->data, k->len);
    for (size_t p = 0; p < pages; p++) {
        uint64_t w0;
        memcpy(&w0, want + 4096 * p, 8);
        w0 ^= k->args[3];
        memcpy(want + 4096 * p + 8, &w0, 8);
    }
    printf("storm: %llu pages visited by the threads, %zu expected -> %s\n", (unsigned long long)value, pages,
           value == pages ? "MATCH" : "MISMATCH");
    int rc = check_output(k, "storm", want);
    free(want);
    return value == pages ? rc : CLI_FAIL;
}

/* ---- workloads (issue 13; firmware/kernels/workload.h) ---- */

static void stream_args(struct krun *k)
{
    k->args[STREAM_ARG_SRC] = data_addr(k);
    k->args[STREAM_ARG_DST] = data_addr(k); /* in place: every word read, then written */
    k->args[STREAM_ARG_BYTES] = k->len;
    k->args[STREAM_ARG_ADD] = k->have_value ? k->value : STREAM_ADD_DEFAULT;
    k->nargs = STREAM_NARGS;
}

static int stream_check(struct krun *k, uint64_t value)
{
    (void)value;
    uint8_t *want = malloc(k->len ? k->len : 1);
    if (!want)
        return cli_error("stream check", -ENOMEM);
    for (size_t i = 0; i + 8 <= k->len; i += 8) {
        uint64_t x;
        memcpy(&x, k->data + i, 8);
        for (int pass = 0; pass <= k->pre_touch; pass++) /* --pre-touch: the data went through twice */
            x = stream_word(x, k->args[STREAM_ARG_ADD]);
        memcpy(want + i, &x, 8);
    }
    int rc = check_output(k, "stream", want);
    free(want);
    return rc;
}

static void gather_args(struct krun *k)
{
    k->args[GATHER_ARG_TABLE] = data_addr(k);
    k->args[GATHER_ARG_ROW] = k->row_size;
    k->args[GATHER_ARG_ROWS] = k->table_rows;
    k->args[GATHER_ARG_IDX] = k->aux_dev;
    k->args[GATHER_ARG_BATCH] = k->batch;
    k->args[GATHER_ARG_BATCHES] = k->batches;
    k->args[GATHER_ARG_OUT] = k->aux_dev + k->aux_out;
    k->nargs = GATHER_NARGS;
}

/* The host's gather: output row b = word-wise sum of the rows batch b names. */
static void gather_host(const struct krun *k, uint64_t *out)
{
    size_t words = k->row_size / 8;
    const uint32_t *idx = (const uint32_t *)k->aux;
    memset(out, 0, k->batches * k->row_size);
    for (uint64_t b = 0; b < k->batches; b++)
        for (uint64_t j = b * k->batch; j < (b + 1) * k->batch; j++)
            for (size_t w = 0; w < words; w++) {
                uint64_t x;
                memcpy(&x, k->data + (uint64_t)idx[j] * k->row_size + 8 * w, 8);
                out[b * words + w] += x;
            }
}

static int gather_check(struct krun *k, uint64_t value)
{
    size_t n = k->batches * k->row_size, words = k->row_size / 8;
    uint64_t *want = malloc(n), *got = malloc(n);
    int rc = CLI_FAIL;
    (void)value;
    if (!want || !got) {
        free(want);
        free(got);
        return cli_error("gather check", -ENOMEM);
    }
    gather_host(k, want);
    if (k->managed) {
        uint64_t pages = 0;
        if (!k->no_sync && uvm_session_sync(k->uvm, k->aux_mptr, &pages) != 0) {
            fprintf(stderr, "uvmsoc run: write-back of the output before the host reads: %s\n",
                    uvm_session_last_error(k->uvm));
            goto out;
        }
        memcpy(got, (uint8_t *)k->aux_mptr + k->aux_out, n);
    } else {
        int err = xfer(k, UVS_DMA_OP_D2H, k->aux_dev + k->aux_out, got, n, &k->c_out, &k->b_out);
        if (err) {
            cli_error("read back the gather output", err);
            goto out;
        }
    }
    for (size_t i = 0; i < n / 8; i++) {
        if (got[i] != want[i]) {
            printf("gather: MISMATCH in batch %zu, word %zu: device 0x%016llx, host 0x%016llx\n", i / words,
                   i % words, (unsigned long long)got[i], (unsigned long long)want[i]);
            goto out;
        }
    }
    printf("gather: %llu batches x %llu rows of %llu bytes from a %llu-row table (Zipf alpha %.2f, seed %llu) "
           "checked on the host -> MATCH\n", (unsigned long long)k->batches, (unsigned long long)k->batch,
           (unsigned long long)k->row_size, (unsigned long long)k->table_rows, k->alpha, (unsigned long long)k->seed);
    rc = CLI_OK;
out:
    free(want);
    free(got);
    return rc;
}

/* ---- strided and the graph kernels (issue 14; graph_wl.h): output in the second region ---- */

/* n bytes of the second region from offset off into buf: its managed allocation after a write-back, else by DMA. */
static int read_aux(struct krun *k, size_t off, size_t n, uint8_t *buf)
{
    if (k->managed) {
        uint64_t pages = 0;
        if (uvm_session_sync(k->uvm, k->aux_mptr, &pages) != 0) {
            fprintf(stderr, "uvmsoc run: write-back of the output before the host reads: %s\n",
                    uvm_session_last_error(k->uvm));
            return CLI_FAIL;
        }
        memcpy(buf, (uint8_t *)k->aux_mptr + off, n);
        return CLI_OK;
    }
    int err = xfer(k, UVS_DMA_OP_D2H, k->aux_dev + off, buf, n, &k->c_out, &k->b_out);
    return err ? cli_error("read back the kernel's output", err) : CLI_OK;
}

static void strided_args(struct krun *k)
{
    k->args[STRIDED_ARG_SRC] = data_addr(k);
    k->args[STRIDED_ARG_ELEM] = k->elem;
    k->args[STRIDED_ARG_STRIDE] = k->stride;
    k->args[STRIDED_ARG_COUNT] = k->count;
    k->args[STRIDED_ARG_DST] = k->aux_dev;
    k->args[STRIDED_ARG_ADD] = k->have_value ? k->value : STREAM_ADD_DEFAULT;
    k->nargs = STRIDED_NARGS;
}

static int strided_check(struct krun *k, uint64_t value)
{
    uint8_t *got = malloc(k->aux_len);
    int rc = CLI_FAIL;
    (void)value;
    if (!got)
        return cli_error("strided check", -ENOMEM);
    if (read_aux(k, 0, k->aux_len, got) == CLI_OK)
        rc = strided_wl_check(k->data, k->elem, k->stride, k->count, k->args[STRIDED_ARG_ADD], got) ? CLI_FAIL
                                                                                                     : CLI_OK;
    free(got);
    return rc;
}

static void bfs_args(struct krun *k)
{
    uint64_t n = k->graph.n;
    k->args[BFS_ARG_OFF] = data_addr(k);
    k->args[BFS_ARG_COL] = data_addr(k) + k->gwl.col_off;
    k->args[BFS_ARG_N] = n;
    k->args[BFS_ARG_ROOT] = k->root;
    k->args[BFS_ARG_LEVEL] = k->aux_dev;
    k->args[BFS_ARG_PARENT] = k->aux_dev + 4 * n;
    k->args[BFS_ARG_FRONT] = k->aux_dev + 8 * n;
    k->nargs = BFS_NARGS;
}

static int bfs_check(struct krun *k, uint64_t value)
{
    uint8_t *got = malloc(8 * k->graph.n);
    int rc = CLI_FAIL;
    if (!got)
        return cli_error("bfs check", -ENOMEM);
    if (read_aux(k, 0, 8 * k->graph.n, got) == CLI_OK) {
        int r = graph_wl_bfs_check(&k->graph, (uint32_t)k->root, got, value);
        rc = r == 0 ? CLI_OK : r < 0 ? cli_error("bfs check", r) : CLI_FAIL;
    }
    free(got);
    return rc;
}

static void pr_args(struct krun *k)
{
    k->args[PR_ARG_OFF] = data_addr(k);
    k->args[PR_ARG_COL] = data_addr(k) + k->gwl.col_off;
    k->args[PR_ARG_DEG] = data_addr(k) + k->gwl.deg_off;
    k->args[PR_ARG_N] = k->graph.n;
    k->args[PR_ARG_ITERS] = k->iters;
    k->args[PR_ARG_RANK] = k->aux_dev;
    k->args[PR_ARG_CONTRIB] = k->aux_dev + 8 * k->graph.n;
    k->nargs = PR_NARGS;
}

static int pr_check(struct krun *k, uint64_t value)
{
    uint8_t *got = malloc(8 * k->graph.n);
    int rc = CLI_FAIL;
    if (!got)
        return cli_error("pagerank check", -ENOMEM);
    if (value != k->iters)
        printf("pagerank: the kernel's result says %llu iterations, %llu were asked\n", (unsigned long long)value,
               (unsigned long long)k->iters);
    else if (read_aux(k, 0, 8 * k->graph.n, got) == CLI_OK) {
        int r = graph_wl_pr_check(&k->graph, (uint32_t)k->iters, got);
        rc = r == 0 ? CLI_OK : r < 0 ? cli_error("pagerank check", r) : CLI_FAIL;
    }
    free(got);
    return rc;
}

static const struct recipe recipes[] = {
    {"crc32c", 1, 0, crc_args, crc_check, 1},
    {"memcpy", 1, 1, memcpy_args, memcpy_check, 1},
    {"fill", 1, 0, fill_args, fill_check, 1},
    {"axpy", 1, 1, axpy_args, axpy_check, 1},
    {"histogram", 1, 0, histogram_args, histogram_check, 0},
    {"reduce", 1, 0, reduce_args, reduce_check, 0},
    {"order", 1, 0, order_args, order_check, 0},
    {"pattern", 1, 0, pattern_args, pattern_check, 1},
    {"storm", 1, 0, storm_args, storm_check, 1},
    {"stream", 1, 0, stream_args, stream_check, 1},
    {"gather", 0, 0, gather_args, gather_check, 1},
    {"strided", 0, 0, strided_args, strided_check, 1},
    {"bfs", 0, 0, bfs_args, bfs_check, 1},
    {"pagerank", 0, 0, pr_args, pr_check, 1},
};

static int is_recipe(const struct krun *k, const char *name)
{
    return k->rc && strcmp(k->rc->name, name) == 0;
}

/* ---------------- inputs ---------------- */

/* Deterministic pseudo-random bytes (xorshift64). */
static void generate(uint8_t *p, size_t n)
{
    uint64_t s = 0x2545f4914f6cdd1dull;
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(uvs_xorshift64(&s) >> 24);
}

/* Read the whole file (at most max bytes). Prints why on failure. */
static int read_input(struct krun *k, uint64_t max)
{
    FILE *f = fopen(k->input, "rb");
    struct stat st;
    if (!f) {
        fprintf(stderr, "uvmsoc run: --input %s: cannot open: %s\n", k->input, strerror(errno));
        return CLI_FAIL;
    }
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "uvmsoc run: --input %s: is a directory\n", k->input);
        fclose(f);
        return CLI_FAIL;
    }
    size_t cap = 0;
    for (;;) {
        if (k->len == cap) {
            if (cap >= max) {
                fprintf(stderr, "uvmsoc run: --input %s: larger than %llu bytes (the device's HBM)\n", k->input,
                        (unsigned long long)max);
                fclose(f);
                return CLI_FAIL;
            }
            size_t ncap = cap ? 2 * cap : 1 << 20;
            if (ncap > max)
                ncap = (size_t)max;
            uint8_t *nb = realloc(k->data, ncap);
            if (!nb) {
                fprintf(stderr, "uvmsoc run: --input %s: out of memory\n", k->input);
                fclose(f);
                return CLI_FAIL;
            }
            k->data = nb;
            cap = ncap;
        }
        size_t n = fread(k->data + k->len, 1, cap - k->len, f);
        k->len += n;
        if (n == 0)
            break;
    }
    int bad = ferror(f);
    int e = errno;
    fclose(f);
    if (bad) {
        fprintf(stderr, "uvmsoc run: --input %s: read error: %s\n", k->input, strerror(e));
        return CLI_FAIL;
    }
    return CLI_OK;
}

/* Parse "a,b,c" into k->args. */
static int parse_args(struct krun *k, const char *s)
{
    char *copy = strdup(s), *save = NULL;
    int rc = CLI_OK;
    if (!copy)
        return CLI_FAIL;
    k->nargs = 0;
    for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (k->nargs == UVS_KARGS_MAX) {
            fprintf(stderr, "uvmsoc run: --args: more than %d arguments\n", (int)UVS_KARGS_MAX);
            rc = CLI_USAGE;
            break;
        }
        if (cli_parse_u64("--args", t, &k->args[k->nargs])) {
            rc = CLI_USAGE;
            break;
        }
        k->nargs++;
    }
    free(copy);
    k->have_args = 1;
    return rc;
}

/* Parse --grid BLOCKS[xTHREADS] (THREADS default 1): both at least 1, at
 * most UVS_KERNEL_MAX_GRID_THREADS threads in all (the device runs up to
 * its hardware threads at once and starts the others as threads exit). */
static int parse_grid(struct krun *k, const char *s)
{
    char *copy = strdup(s), *x;
    int rc = CLI_USAGE;
    if (!copy)
        return CLI_FAIL;
    x = strchr(copy, 'x');
    if (x)
        *x = '\0';
    k->grid_threads = 1;
    if (cli_parse_u64("--grid", copy, &k->grid_blocks) || (x && cli_parse_u64("--grid", x + 1, &k->grid_threads)))
        goto out;
    if (k->grid_blocks == 0 || k->grid_threads == 0) {
        fprintf(stderr, "uvmsoc run: --grid %s: zero %s; a grid needs at least 1 block of 1 thread\n", s,
                k->grid_blocks == 0 ? "blocks" : "threads per block");
        goto out;
    }
    if (k->grid_blocks > UVS_KERNEL_MAX_GRID_THREADS || k->grid_threads > UVS_KERNEL_MAX_GRID_THREADS ||
        k->grid_blocks * k->grid_threads > UVS_KERNEL_MAX_GRID_THREADS) {
        fprintf(stderr, "uvmsoc run: --grid %s: %llu threads, more than a launch may have (%d)\n", s,
                (unsigned long long)(k->grid_blocks * k->grid_threads), (int)UVS_KERNEL_MAX_GRID_THREADS);
        goto out;
    }
    k->have_grid = 1;
    rc = CLI_OK;
out:
    free(copy);
    return rc;
}

/* The kernel must define the runtime's entry symbol _start (kcrt0.S) at its
 * ELF entry point: an image linked without it would start at a default
 * address. Reads the ELF64 symbol table of the parsed file (gABI ch. 4). */
static int check_entry_symbol(const struct krun *k)
{
    const uint8_t *f = k->kimg.file;
    size_t fs = k->kimg.file_size;
    uint64_t shoff;
    uint16_t shentsize, shnum;
    if (fs < 64)
        goto missing;
    memcpy(&shoff, f + 0x28, 8);
    memcpy(&shentsize, f + 0x3a, 2);
    memcpy(&shnum, f + 0x3c, 2);
    if (shentsize != 64 || shoff > fs || (uint64_t)shnum * 64 > fs - shoff)
        goto missing;
    for (unsigned i = 0; i < shnum; i++) {
        const uint8_t *sh = f + shoff + 64ull * i;
        uint32_t type, link;
        uint64_t off, size;
        memcpy(&type, sh + 4, 4);
        memcpy(&off, sh + 0x18, 8);
        memcpy(&size, sh + 0x20, 8);
        memcpy(&link, sh + 0x28, 4);
        if (type != 2 /* SHT_SYMTAB */ || link >= shnum || off > fs || size > fs - off)
            continue;
        const uint8_t *str = f + shoff + 64ull * link;
        uint64_t stroff, strsize;
        memcpy(&stroff, str + 0x18, 8);
        memcpy(&strsize, str + 0x20, 8);
        if (stroff > fs || strsize > fs - stroff)
            continue;
        for (uint64_t j = 0; j + 24 <= size; j += 24) {
            uint32_t name;
            uint64_t value;
            memcpy(&name, f + off + j, 4);
            memcpy(&value, f + off + j + 8, 8);
            if (name < strsize && strsize - name >= sizeof "_start" &&
                memcmp(f + stroff + name, "_start", sizeof "_start") == 0 && value == k->kimg.entry)
                return CLI_OK;
        }
    }
missing:
    fprintf(stderr, "uvmsoc run: kernel %s: no entry symbol _start at its entry point 0x%llx (not linked with the "
            "kernel runtime kcrt0.S)\n", k->kpath, (unsigned long long)k->kimg.entry);
    return CLI_FAIL;
}

/* Print the kernels in dir (names of *.elf), for a "no such kernel" error. */
static void list_kernels(const char *dir)
{
    DIR *d = opendir(dir);
    char names[1024] = "";
    if (!d)
        return;
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n > 4 && strcmp(e->d_name + n - 4, ".elf") == 0 && strlen(names) + n < sizeof names - 2)
            snprintf(names + strlen(names), sizeof names - strlen(names), " %.*s", (int)(n - 4), e->d_name);
    }
    closedir(d);
    if (names[0])
        fprintf(stderr, "uvmsoc run: kernels in %s:%s\n", dir, names);
}

/* Resolve --kernel to an ELF path and parse it (must lie in the kernel region). */
static int find_kernel(struct krun *k)
{
    char dir[PATH_MAX];
    struct stat st;
    if (strchr(k->name, '/')) {
        snprintf(k->kpath, sizeof k->kpath, "%s", k->name);
    } else {
        if (!*k->name || k->name[0] == '.') {
            fprintf(stderr, "uvmsoc run: --kernel '%s': not a kernel name\n", k->name);
            return CLI_USAGE;
        }
        if (k->kdir_opt)
            snprintf(dir, sizeof dir, "%s", k->kdir_opt);
        else if (cli_locate(CLI_KERNEL_DIR, dir, sizeof dir) != 0)
            return CLI_FAIL;
        if ((size_t)snprintf(k->kpath, sizeof k->kpath, "%s/%s%s.elf", dir, k->name,
                             strcmp(k->variant, "tile") == 0 && !tile_by_mode(k->name) ? "_tile" : "") >=
            sizeof k->kpath) {
            fprintf(stderr, "uvmsoc run: --kernel '%s': name too long\n", k->name);
            return CLI_USAGE;
        }
        if (stat(k->kpath, &st) != 0) {
            fprintf(stderr, "uvmsoc run: no kernel '%s'%s (%s: %s)\n", k->name,
                    strcmp(k->variant, "tile") == 0 ? " in its tile variant" : "", k->kpath, strerror(errno));
            list_kernels(dir);
            return CLI_FAIL;
        }
    }
    const struct uvs_mem_range region = {UVS_KERNEL_BASE, UVS_KERNEL_SIZE};
    int err = uvs_fw_parse(k->kpath, &region, 1, &k->kimg);
    if (err == -ERANGE) {
        fprintf(stderr, "uvmsoc run: kernel %s: %s (the kernel region is 0x%llx..0x%llx)\n", k->kpath, uvs_last_error(),
                (unsigned long long)UVS_KERNEL_BASE, (unsigned long long)(UVS_KERNEL_BASE + UVS_KERNEL_SIZE));
        return CLI_FAIL;
    }
    if (err)
        return cli_error("kernel", err);
    for (size_t i = 0; i < sizeof recipes / sizeof recipes[0]; i++) {
        const char *base = strrchr(k->kpath, '/');
        base = base ? base + 1 : k->kpath;
        size_t n = strlen(recipes[i].name);
        /* NAME.elf (hart loads) or NAME_tile.elf (tile engine): the same recipe and check. */
        if (strncmp(base, recipes[i].name, n) == 0 &&
            (strcmp(base + n, ".elf") == 0 || strcmp(base + n, "_tile.elf") == 0))
            k->rc = &recipes[i];
    }
    return CLI_OK;
}

/* ---------------- device steps ---------------- */

/* Show the end of the spawned simulator's console (device UART), if any. */
static void show_console(void)
{
    const char *path = cli_sim_console();
    FILE *f = path ? fopen(path, "r") : NULL;
    char lines[6][256];
    unsigned n = 0;
    if (!f)
        return;
    while (fgets(lines[n % 6], sizeof lines[0], f))
        n++;
    fclose(f);
    if (!n)
        return;
    fprintf(stderr, "uvmsoc run: device console (last %u lines):\n", n < 6 ? n : 6);
    for (unsigned i = n < 6 ? 0 : n - 6; i < n; i++)
        fprintf(stderr, "  | %s%s", lines[i % 6], strchr(lines[i % 6], '\n') ? "" : "\n");
}

/*
 * Load the M-mode firmware of the boot chain (--sbi ELF, $UVMSOC_SBI, or
 * Debian's OpenSBI fw_jump) unless --sbi none. A missing default names the
 * package to install.
 */
static int load_sbi(struct krun *k)
{
    const char *path = k->sbi_opt ? k->sbi_opt : getenv("UVMSOC_SBI");  /* "" = the default */
    struct uvs_fw_loaded l;
    int err;
    if (path && strcmp(path, "none") == 0) {
        printf("sbi:       none (the firmware runs in M mode)\n");
        return CLI_OK;
    }
    if (!path || !*path)
        path = UVS_SBI_DEFAULT_PATH;
    if (access(path, R_OK) != 0) {
        fprintf(stderr, "uvmsoc run: OpenSBI (the M-mode firmware of the boot chain) not readable at %s: %s; "
                "install Debian's opensbi package (apt-get install opensbi), give --sbi ELF, or "
                "--sbi none to run the firmware in M mode\n", path, strerror(errno));
        return CLI_FAIL;
    }
    if ((err = uvs_fw_load_sbi(k->dev, path, &l)))
        return cli_error("load the M-mode firmware (--sbi)", err);
    printf("sbi:       %s (%llu bytes by DMA, entry 0x%llx)\n", path, (unsigned long long)l.bytes,
           (unsigned long long)l.entry);
    return CLI_OK;
}

/* Load and boot the firmware unless it already runs (and none was named). */
static int boot(struct krun *k, uint64_t timeout)
{
    uint64_t t = uvs_cycles(k->dev);
    int err;
    if (!k->fw_opt && (k->info.mgmt_status & UVS_HOSTIF_MGMT_STATUS_RUNNING)) {
        printf("firmware:  already running on the device (not reloaded)\n");
    } else {
        struct uvs_fw_loaded l;
        if (k->fw_opt)
            snprintf(k->fwpath, sizeof k->fwpath, "%s", k->fw_opt);
        else if (cli_locate(CLI_FIRMWARE, k->fwpath, sizeof k->fwpath) != 0)
            return CLI_FAIL;
        if ((err = uvs_fw_load(k->dev, k->fwpath, NULL, &l)))
            return cli_error("load the firmware", err);
        if ((err = load_sbi(k)) != CLI_OK)
            return err;
        if ((err = uvs_fw_start(k->dev)))
            return cli_error("release the management hart", err);
        k->b_boot = l.bytes;
        k->booted = 1;
        printf("firmware:  %s (%llu bytes by DMA, entry 0x%llx)\n", k->fwpath, (unsigned long long)l.bytes,
               (unsigned long long)l.entry);
    }
    if ((err = uvs_fw_wait_ready(k->dev, timeout)))
        return cli_error("boot", err);
    k->c_boot = uvs_cycles(k->dev) - t;
    return CLI_OK;
}

/*
 * The firmware watchdog (uvs_watchdog_tripped) found the management hart
 * hung: drop the session (its host state only: the device lost its copy),
 * reset the device and let boot() reload the firmware. CLI_OK when the run
 * may start again (once: docs/reliability.md "Fault injection").
 */
static int watchdog_recover(struct krun *k)
{
    if (!k->dev || !uvs_watchdog_tripped(k->dev) || k->wd_retried)
        return CLI_FAIL;
    k->wd_retried = 1;
    printf("%s\n", uvs_last_error()); /* "watchdog: the firmware consumed no command ..." */
    uvm_session_close(k->uvm);
    k->uvm = NULL;
    k->mptr = k->aux_mptr = NULL;
    int err = uvs_reset(k->dev);
    if (err)
        return cli_error("reset the device after the watchdog", err);
    k->info.mgmt_status = 0; /* boot() reloads the firmware */
    printf("watchdog:  device reset; reloading the firmware and running the kernel again (once)\n");
    fflush(stdout);
    return CLI_OK;
}

/* Kernel image into the kernel region (segments, then zero fill). */
static int load_kernel(struct krun *k)
{
    for (unsigned i = 0; i < k->kimg.nsegs; i++) {
        uint64_t a = k->kimg.seg[i].addr, fs = k->kimg.seg[i].filesz, ms = k->kimg.seg[i].memsz;
        int err = fs ? xfer(k, UVS_DMA_OP_H2D, a, (void *)k->kimg.seg[i].data, fs, &k->c_kload, &k->b_kload) : 0;
        if (!err && ms > fs) {
            void *z = calloc(1, ms - fs);
            err = z ? xfer(k, UVS_DMA_OP_H2D, a + fs, z, ms - fs, &k->c_kload, &k->b_kload) : -ENOMEM;
            free(z);
        }
        if (err)
            return cli_error("load the kernel", err);
    }
    return CLI_OK;
}

/* Input into HBM, the second buffer's initial contents, the argument block. */
static int place_data(struct krun *k)
{
    int err = k->len && !k->managed ? xfer(k, UVS_DMA_OP_H2D, UVS_HBM_BASE, k->data, k->len, &k->c_in, &k->b_in) : 0;
    if (err)
        return cli_error("copy the input into HBM", err);
    if (k->rc && k->rc->buf2 && k->len && !k->managed) {
        uint8_t *y = malloc(k->len);
        if (!y)
            return cli_error("prepare the second buffer", -ENOMEM);
        for (size_t i = 0; i + 8 <= k->len; i += 8) {
            uint64_t v = axpy_y0(i / 8);
            memcpy(y + i, &v, 8);
        }
        memset(y + (k->len & ~(size_t)7), 0, k->len & 7);
        err = xfer(k, UVS_DMA_OP_H2D, k->buf2, y, k->len, &k->c_in, &k->b_in);
        free(y);
        if (err)
            return cli_error("prepare the second buffer", err);
    }
    /* The second region (gather's index list and cleared output) after the data in HBM. */
    if (k->aux_len && !k->managed &&
        (err = xfer(k, UVS_DMA_OP_H2D, k->aux_dev, k->aux, k->aux_len, &k->c_in, &k->b_in)))
        return cli_error("copy the index list into HBM", err);
    /* The argument block and the (cleared) output word after it, in one copy. */
    struct {
        struct uvs_kernel_args a;
        uint64_t out;
    } blk;
    _Static_assert(sizeof blk.a == UVS_KARGS_SIZE, "output word right after the argument block");
    memset(&blk, 0, sizeof blk);
    blk.a.magic = UVS_KARGS_MAGIC;
    blk.a.nargs = k->nargs;
    memcpy(blk.a.arg, k->args, sizeof blk.a.arg);
    if ((err = xfer(k, UVS_DMA_OP_H2D, UVS_KERNEL_DATA_BASE, &blk, sizeof blk, &k->c_args, &k->b_args)))
        return cli_error("write the argument block", err);
    return CLI_OK;
}

/* Name of an exception code (RISC-V privileged spec v1.12, table 3.6). */
static const char *cause_name(uint32_t code)
{
    static const char *const n[] = {
        "instruction address misaligned", "instruction access fault", "illegal instruction", "breakpoint",
        "load address misaligned", "load access fault", "store/AMO address misaligned", "store/AMO access fault",
        "environment call from U-mode", "environment call from S-mode", "reserved", "environment call from M-mode",
        "instruction page fault", "load page fault", "reserved", "store/AMO page fault",
    };
    return code < sizeof n / sizeof n[0] ? n[code] : "reserved";
}

/* Explain a failed launch event; returns CLI_FAIL. */
static int launch_failed(const struct krun *k, const struct uvs_hostq_evt *ev)
{
    uint32_t code = (uint32_t)((ev->value & UVS_LAUNCH_VAL_CODE_MASK) >> UVS_LAUNCH_VAL_CODE_SHIFT);
    unsigned thread = (unsigned)((ev->value & UVS_LAUNCH_VAL_THREAD_MASK) >> UVS_LAUNCH_VAL_THREAD_SHIFT);
    unsigned hart = (unsigned)((ev->value & UVS_LAUNCH_VAL_HART_MASK) >> UVS_LAUNCH_VAL_HART_SHIFT);
    const char *n = k->name;
    if (k->have_grid && k->grid_threads) {
        /* Grid launches name the block, the thread in it and the hardware thread. */
        struct uvs_launch_report r = {0};
        char who[128];
        (void)uvs_launch_report(ev, (uint32_t)k->grid_threads, &r); /* zeros for statuses without a thread */
        snprintf(who, sizeof who, "block %u thread %u (global thread %u, hart %u hardware thread %u)", r.block,
                 r.thread_in_block, r.thread, r.hart, r.hwthread);
        switch (-ev->status) {
        case UVS_HOSTQ_ERR_EFAULT:
            fprintf(stderr, "uvmsoc run: kernel %s aborted: %s: %s (mcause %u), virtual address 0x%llx\n", n, who,
                    cause_name(code), code, (unsigned long long)ev->addr);
            return CLI_FAIL;
        case UVS_HOSTQ_ERR_ECANCELED:
            fprintf(stderr, "uvmsoc run: kernel %s failed: %s exited with status %d%s\n", n, who, (int32_t)code,
                    (int32_t)code == UVS_KERNEL_EXIT_BAD_ARGS     ? " (bad arguments)"
                    : (int32_t)code == UVS_KERNEL_EXIT_NO_BARRIER ? " (barrier in a grid larger than the device "
                                                                    "runs at once)"
                                                                  : "");
            return CLI_FAIL;
        case UVS_HOSTQ_ERR_ETIMEDOUT:
            fprintf(stderr, "uvmsoc run: kernel %s timed out: %s still running at pc 0x%llx; stopped\n", n, who,
                    (unsigned long long)ev->addr);
            return CLI_FAIL;
        case UVS_HOSTQ_ERR_E2BIG:
            fprintf(stderr, "uvmsoc run: kernel %s: launch rejected: grid %llux%llu = %llu threads, the device "
                    "takes at most %llu\n", n, (unsigned long long)k->grid_blocks,
                    (unsigned long long)k->grid_threads, (unsigned long long)(k->grid_blocks * k->grid_threads),
                    (unsigned long long)ev->addr);
            return CLI_FAIL;
        }
    }
    switch (-ev->status) {
    case UVS_HOSTQ_ERR_EFAULT:
        fprintf(stderr, "uvmsoc run: kernel %s aborted: thread %u (hart %u): %s (mcause %u), address 0x%llx\n", n,
                thread, hart, cause_name(code), code, (unsigned long long)ev->addr);
        break;
    case UVS_HOSTQ_ERR_ECANCELED:
        fprintf(stderr, "uvmsoc run: kernel %s failed: thread %u (hart %u) exited with status %d%s\n", n, thread, hart,
                (int32_t)code, (int32_t)code == UVS_KERNEL_EXIT_BAD_ARGS ? " (bad arguments)"
                               : (int32_t)code == GATHER_EXIT_BAD_INDEX && strstr(k->kpath, "gather")
                                   ? " (gather: an index not below the table's rows)"
                               : (int32_t)code == GRAPH_EXIT_BAD_VERTEX && (strstr(k->kpath, "bfs") ||
                                                                           strstr(k->kpath, "pagerank"))
                                   ? " (a column index not below the graph's vertex count)"
                                   : "");
        break;
    case UVS_HOSTQ_ERR_ETIMEDOUT:
        fprintf(stderr, "uvmsoc run: kernel %s timed out: thread %u (hart %u) still running at pc 0x%llx; stopped\n", n,
                thread, hart, (unsigned long long)ev->addr);
        break;
    case UVS_HOSTQ_ERR_EINVAL:
        fprintf(stderr, "uvmsoc run: kernel %s: launch rejected: invalid arguments (address 0x%llx)\n", n,
                (unsigned long long)ev->addr);
        break;
    case UVS_HOSTQ_ERR_E2BIG:
        fprintf(stderr, "uvmsoc run: kernel %s: launch rejected: more threads than compute harts (--harts)\n", n);
        break;
    case UVS_HOSTQ_ERR_ENODEV:
        fprintf(stderr, "uvmsoc run: kernel %s: launch rejected: the device has no usable compute hart\n", n);
        break;
    case UVS_HOSTQ_ERR_EOPNOTSUPP:
        fprintf(stderr, "uvmsoc run: the device's firmware does not know HOSTQ_OP_LAUNCH (status %d)\n", ev->status);
        break;
    default:
        fprintf(stderr, "uvmsoc run: kernel %s: launch failed with status %d (%s)\n", n, ev->status,
                uvs_strerror(ev->status));
        break;
    }
    return CLI_FAIL;
}

/* Send LAUNCH and wait for its event; *ev gets it. */
static int launch(struct krun *k, struct uvs_hostq_evt *ev)
{
    static uint64_t seq;
    struct uvs_hostq_cmd cmd;
    /* --grid B[xT], or the old launch: --harts N single-thread blocks (0 = one per hart). */
    struct uvs_launch l = {.entry = k->kimg.entry, .args = UVS_KERNEL_DATA_BASE,
                           .grid_dim = (uint32_t)(k->have_grid ? k->grid_blocks : k->harts),
                           .block_dim = (uint32_t)(k->have_grid ? k->grid_threads : 1),
                           .timeout_cycles = k->ktimeout};
    int err = uvs_launch_cmd(&l, LAUNCH_COOKIE | ++seq, &cmd);
    if (err)
        return cli_error("launch", err);
    k->nthreads = l.grid_dim ? (uint64_t)l.grid_dim * l.block_dim : (k->info.harts ? k->info.harts - 1 : 0);
    /* memory-system counters just before the launch and just after its event: link and HBM use over the kernel */
    k->have_perf = uvs_perf(k->dev, &k->perf0) == 0;
    uint64_t t = uvs_cycles(k->dev);
    uint64_t wait = (k->ktimeout ? k->ktimeout : UVS_KERNEL_TIMEOUT_DEFAULT) + EVENT_MARGIN;
    if (k->managed) {
        /* The kernel's buffer is in use until its completion: a free meanwhile gets -EBUSY. */
        if (k->mptr)
            (void)uvm_session_pin(k->uvm, k->mptr);
        err = uvm_session_launch(k->uvm, &cmd, ev, wait);
        if (k->mptr)
            (void)uvm_session_unpin(k->uvm, k->mptr);
        if (err) {
            fprintf(stderr, "uvmsoc run: launch: %s\n", uvm_session_last_error(k->uvm));
            return CLI_FAIL;
        }
    } else {
        err = uvs_cmd_submit(k->dev, &cmd);
        if (!err)
            err = uvs_evt_wait(k->dev, ev, wait);
        if (err)
            return cli_error("launch", err);
    }
    k->c_kernel = uvs_cycles(k->dev) - t;
    k->have_perf = k->have_perf && uvs_perf(k->dev, &k->perf1) == 0;
    k->c_perf = uvs_cycles(k->dev) - t;
    if (ev->cookie != cmd.cookie || ev->type != UVS_HOSTQ_EVT_CMD_DONE) {
        fprintf(stderr, "uvmsoc run: unexpected event (type %u, cookie 0x%llx) instead of the launch's completion\n",
                ev->type, (unsigned long long)ev->cookie);
        return CLI_FAIL;
    }
    return ev->status ? launch_failed(k, ev) : CLI_OK;
}

/* Device cycles as microseconds at the device clock (HOSTIF_CLOCK_KHZ). */
static double us(const struct krun *k, uint64_t cycles)
{
    return k->info.clock_khz ? (double)cycles * 1e3 / k->info.clock_khz : 0.0;
}

/*
 * Link and HBM use over the whole kernel: the device's memory-system
 * counters (hostif.def HOSTIF_PERF_*) read before the launch and after its
 * event; utilisation = bytes / (bandwidth x cycles between the reads), each
 * link direction against its own bandwidth.
 */
static void print_kernel_memsys(const struct krun *k)
{
    if (!k->have_perf || !k->c_perf)
        return;
    double lbw = k->info.link_bw / 65536.0, hbw = k->perf1.hbm_bw / 65536.0, c = (double)k->c_perf;
    uint64_t h2d = k->perf1.link_h2d_bytes - k->perf0.link_h2d_bytes;
    uint64_t d2h = k->perf1.link_d2h_bytes - k->perf0.link_d2h_bytes;
    uint64_t hbm = k->perf1.hbm_bytes - k->perf0.hbm_bytes;
    printf("  kernel link h2d        %12llu bytes   %6.2f%% of the link over the kernel\n", (unsigned long long)h2d,
           lbw > 0 ? 100.0 * (double)h2d / (lbw * c) : 0.0);
    printf("  kernel link d2h        %12llu bytes   %6.2f%% of the link over the kernel\n", (unsigned long long)d2h,
           lbw > 0 ? 100.0 * (double)d2h / (lbw * c) : 0.0);
    printf("  kernel HBM             %12llu bytes   %6.2f%% of HBM (%.2f bytes/cycle) over the kernel\n",
           (unsigned long long)hbm, hbw > 0 ? 100.0 * (double)hbm / (hbw * c) : 0.0, hbw);
}

/* Statistics table. */
static void print_stats(const struct krun *k)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double wall = (double)(t1.tv_sec - k->t0.tv_sec) + (t1.tv_nsec - k->t0.tv_nsec) / 1e9;
    uint64_t total = uvs_cycles(k->dev) - k->c_start;
    uint64_t bytes = k->b_boot + k->b_kload + k->b_in + k->b_args + k->b_out;
    double bw = k->info.link_bw / 65536.0;
    printf("statistics (device cycles at %.3f MHz; link %.2f bytes/cycle per direction, latency %u cycles):\n",
           k->info.clock_khz / 1e3, bw, k->info.link_latency);
    if (k->booted)
        printf("  firmware load + boot   %12llu cycles  %10llu bytes\n", (unsigned long long)k->c_boot,
               (unsigned long long)k->b_boot);
    else
        printf("  firmware ready check   %12llu cycles\n", (unsigned long long)k->c_boot);
    printf("  kernel image load      %12llu cycles  %10llu bytes\n", (unsigned long long)k->c_kload,
           (unsigned long long)k->b_kload);
    printf("  input DMA into HBM     %12llu cycles  %10llu bytes", (unsigned long long)k->c_in,
           (unsigned long long)k->b_in);
    if (k->c_in && bw > 0)
        printf("  (link %.1f%% busy)", 100.0 * (double)k->b_in / ((double)k->c_in * bw));
    printf("\n");
    printf("  argument block         %12llu cycles  %10llu bytes\n", (unsigned long long)k->c_args,
           (unsigned long long)k->b_args);
    printf("  kernel (launch->event) %12llu cycles  %10.1f us\n", (unsigned long long)k->c_kernel,
           us(k, k->c_kernel));
    print_kernel_memsys(k);
    printf("  result readback        %12llu cycles  %10llu bytes\n", (unsigned long long)k->c_out,
           (unsigned long long)k->b_out);
    printf("  total                  %12llu cycles  %10llu bytes  %10.1f us", (unsigned long long)total,
           (unsigned long long)bytes, us(k, total));
    if (total && bw > 0)
        printf("  (link %.2f%% busy)", 100.0 * (double)bytes / ((double)total * bw));
    printf("\n");
    printf("  simulation speed       %12.2f MHz (wall time %.2f s)\n", wall > 0 ? (double)total / wall / 1e6 : 0.0, wall);
}

/* Managed-memory statistics (--managed). */
static void print_managed_stats(struct krun *k)
{
    struct uvm_session_stats st;
    int err = uvm_session_get_stats(k->uvm, &st);
    if (err) {
        fprintf(stderr, "uvmsoc run: managed statistics: %s\n", uvm_session_last_error(k->uvm));
        return;
    }
    double bw = k->info.link_bw / 65536.0;
    uint64_t link = st.host.bytes_in + st.host.bytes_out;
    uint64_t accesses = st.host.pages_in + st.fw.page_requests;
    char hb[32];
    printf("managed memory (HBM %s, %llu frames):\n", size_str(k->info.hbm_size, hb),
           (unsigned long long)st.fw.frames_total);
    k->frames_total = st.fw.frames_total;
    printf("  kernel cycles          %12llu\n", (unsigned long long)k->c_kernel);
    printf("  faults                 %12llu  (page requests %llu, coalesced %llu)\n",
           (unsigned long long)st.host.faults, (unsigned long long)st.fw.page_requests,
           (unsigned long long)st.fw.coalesced);
    printf("  batches                %12llu\n", (unsigned long long)st.host.batches);
    printf("  migrations             %12llu  units, %llu pages, %llu superpages\n", (unsigned long long)st.host.units,
           (unsigned long long)st.host.pages_in, (unsigned long long)st.host.superpages);
    printf("  evictions              %12llu  pages\n", (unsigned long long)st.fw.evictions);
    printf("  write-backs            %12llu  pages\n", (unsigned long long)st.fw.writebacks);
    /* Host coherence (uvm_coher.h): host touches of pages the device held, served by migrating them back. */
    printf("  host faults            %12llu  (migrated back %llu pages, device copies invalidated %llu)\n",
           (unsigned long long)st.coher.host_faults, (unsigned long long)st.coher.migrate_back,
           (unsigned long long)st.coher.invalidated);
    if (st.host.dup_pages || st.coher.dup_collapsed) /* read-mostly duplicates (uvm_readmostly.h) */
        printf("  read-mostly            %12llu  pages duplicated read-only, %llu collapsed by device writes, %llu by "
               "host writes\n",
               (unsigned long long)st.host.dup_pages, (unsigned long long)st.host.write_grants,
               (unsigned long long)st.coher.dup_collapsed);
    printf("  bytes over the link    %12llu\n", (unsigned long long)link);
    if (st.ring_full) /* records held on the device while the host fault ring was full (--fault-ring) */
        printf("  fault ring full        %12llu  times (records held on the device until the host drained the ring)\n",
               (unsigned long long)st.ring_full);
    if (k->c_kernel && bw > 0)
        printf("  link utilisation       %11.2f%%\n", 100.0 * (double)link / ((double)k->c_kernel * bw));
    /* While migrating: bytes copied into HBM over the cycles the firmware's batch copies were in flight. */
    if (st.fw.copy_cycles && bw > 0)
        printf("  link during migration  %11.2f%%  (%llu bytes in %llu copy cycles)\n",
               100.0 * (double)st.host.bytes_in / ((double)st.fw.copy_cycles * bw),
               (unsigned long long)st.host.bytes_in, (unsigned long long)st.fw.copy_cycles);
    /* Of the data's pages, the share with no fault of its own (prefetched pages count as found): not a
     * hit rate; the HBM hit rate over accesses comes from the access trace (--trace, printed at the end). */
    uint64_t pages = (k->len + 4095) / 4096;
    if (pages)
        printf("  pages never faulted    %11.2f%%  (of the data's %llu pages; HBM hit rate by accesses: %s)\n",
               pages > st.host.faults ? 100.0 * (double)(pages - st.host.faults) / (double)pages : 0.0,
               (unsigned long long)pages, k->trace ? "below" : "--trace FILE");
    (void)accesses;
    /* What the counters guarantee (uvm_fault.h): every record read is a unique
     * fault or a duplicate folded on the host; every unique fault was migrated
     * (a faulted page of a unit), mapped remotely, found already resident, lay
     * outside every allocation, or belonged to a failed unit (and repeats). The device side: every record it forwarded was read. */
    if (st.host.remote_pages)
        printf("  remote mappings        %12llu  pages mapped over the link (no copy)\n",
               (unsigned long long)st.host.remote_pages);
    struct fault_tally tally = {0};
    fault_tally_delta(&tally, &(struct uvm_session_stats){0}, &st);
    printf("  fault accounting       ");
    fault_tally_print_sums(stdout, &tally);
    printf("; failures %llu\n", (unsigned long long)st.host.failures);
    if (st.host.given_up)
        printf("  given up               " UVM_GIVE_UP_FMT "\n", (unsigned long long)st.host.given_up,
               UVM_GIVE_UP_FAILS);
    if (st.fault_records)
        printf("  fault-to-replay        %12llu  cycles mean\n",
               (unsigned long long)(st.fault_wait_cycles / st.fault_records));
    uvm_f2r_print(stdout, &st.fw, k->info.clock_khz);
    if (st.fw.replays)
        printf("  early replays          %12llu  of %llu replays: issued when their unit was mapped, before the "
               "rest of its batch\n", (unsigned long long)st.fw.early_replays, (unsigned long long)st.fw.replays);
    uvm_steps_print(stdout, &st.fw);
    if (is_recipe(k, "gather") && k->aux) {
        /* Of the table pages the lookups touch (a row never straddles a page), those that never faulted. */
        uint64_t tpages = (k->len + 4095) / 4096, touched = 0;
        uint8_t *seen = calloc(tpages ? tpages : 1, 1);
        for (uint64_t j = 0; seen && j < k->batch * k->batches; j++) {
            uint32_t r;
            memcpy(&r, k->aux + 4 * j, 4);
            uint64_t pg = (uint64_t)r * k->row_size / 4096;
            touched += !seen[pg];
            seen[pg] = 1;
        }
        free(seen);
        if (touched)
            printf("  table pages touched    %12llu  of %llu (%.2f faults per touched page, index and output "
                   "pages' faults included)\n", (unsigned long long)touched, (unsigned long long)tpages,
                   (double)st.host.faults / (double)touched);
    }
    if (is_recipe(k, "gather") && k->batches)
        printf("  faults per batch       %12.2f  (%llu faults over %llu batches of %llu rows)\n",
               (double)st.host.faults / (double)k->batches, (unsigned long long)st.host.faults,
               (unsigned long long)k->batches, (unsigned long long)k->batch);
}

/* ---------------- the command ---------------- */

/* Smallest HBM a managed run can use: the firmware keeps the IOMMU queues
 * and page tables at the start of HBM and frames after them; it refuses less
 * (uvm.def UVM_HBM_MIN, firmware/uvm_dev.c state_reset). */
#define MANAGED_HBM_MIN ((uint64_t)UVS_UVM_HBM_MIN)

/* --oversub range: managed bytes / HBM (issue 14 item 5's sweep uses 0.5..3) */
#define OVERSUB_MIN 0.25
#define OVERSUB_MAX 16.0

/* Which ELF --kernel NAME means without --variant: NAME.elf, the hart-load variant. */
#define KRUN_VARIANT_DEFAULT "load"
/* gather's defaults: 128-byte rows, 16 batches of 32 lookups, the Zipf
 * exponent of the benchmark (0.99), seed 1; the table: --size bytes. */
#define GATHER_ROW_DEFAULT 128
#define GATHER_BATCH_DEFAULT 32
#define GATHER_BATCHES_DEFAULT 16
#define GATHER_ALPHA_DEFAULT 0.99
#define GATHER_SEED_DEFAULT 1
#define GATHER_LOOKUPS_MAX (1ull << 22) /* batch x batches: a 16 MiB index list */
/* strided's defaults: 1,024 elements of 64 bytes (one beat) every 256 bytes: a quarter of each 256-byte block read */
#define STRIDED_ELEM_DEFAULT 64
#define STRIDED_STRIDE_DEFAULT 256
#define STRIDED_COUNT_DEFAULT 1024

/* The workload options (stream, gather; --variant): each refused with why,
 * before anything runs. Sets gather's table size (k->size). */
/* strided's and the graph kernels' options, each refused with why before anything runs; sets strided's
 * source size (k->size); the graph kernels' data comes from graph_prepare. */
static int check_graph_workload(struct krun *k)
{
    int strided = is_recipe(k, "strided"), graph = is_recipe(k, "bfs") || is_recipe(k, "pagerank");
    if (k->have_strided_opt && !strided) {
        fprintf(stderr, "uvmsoc run: --elem-size, --stride and --count apply to --kernel strided only\n");
        return CLI_USAGE;
    }
    if (k->have_graph_opt && !graph) {
        fprintf(stderr, "uvmsoc run: --graph, --root and --iterations apply to --kernel bfs and pagerank only\n");
        return CLI_USAGE;
    }
    if (k->have_root && !is_recipe(k, "bfs")) {
        fprintf(stderr, "uvmsoc run: --root applies to --kernel bfs only\n");
        return CLI_USAGE;
    }
    if ((strided || graph) && (k->input || k->have_size)) {
        fprintf(stderr, "uvmsoc run: %s takes %s, not --input or --size\n", k->rc->name,
                strided ? "--elem-size, --stride and --count" : "its graph from --graph FILE (default: this "
                                                                "machine's package dependency graph)");
        return CLI_USAGE;
    }
    if (strided) {
        if (k->elem < 8 || k->elem > STRIDED_ELEM_MAX || k->elem % 8 || k->stride < k->elem || k->stride % 8 ||
            k->stride > (1ull << 32)) {
            fprintf(stderr, "uvmsoc run: --elem-size %llu --stride %llu: an element is a multiple of 8 bytes from 8 "
                    "to %u, the stride a multiple of 8 from the element size to 4G\n", (unsigned long long)k->elem,
                    (unsigned long long)k->stride, STRIDED_ELEM_MAX);
            return CLI_USAGE;
        }
        if (k->count == 0 || k->count > (1ull << 34) / k->stride) {
            fprintf(stderr, "uvmsoc run: --count %llu: from 1 element to 16 GiB of source\n",
                    (unsigned long long)k->count);
            return CLI_USAGE;
        }
        k->size = k->count * k->stride;
    }
    if (graph) {
        if (k->iters == 0 || k->iters > PR_ITERS_MAX) {
            fprintf(stderr, "uvmsoc run: --iterations %llu: from 1 to %d\n", (unsigned long long)k->iters,
                    PR_ITERS_MAX);
            return CLI_USAGE;
        }
        k->size = 0; /* the image is built from the graph (graph_prepare) */
    }
    return CLI_OK;
}

/* The second region of strided (its packed output) and the graph kernels' data image (the graph
 * loaded, converted) and output region; the default root and timeout. */
static int graph_prepare(struct krun *k)
{
    if (is_recipe(k, "strided")) {
        k->aux_out = 0;
        k->aux_len = k->count * k->elem;
        k->aux = calloc(1, k->aux_len);
        return k->aux ? CLI_OK : cli_error("strided output", -ENOMEM);
    }
    if (cli_graph_load(k->graph_file, &k->graph, "uvmsoc run") != CLI_OK)
        return CLI_FAIL;
    if (k->have_root && k->root >= k->graph.n) {
        fprintf(stderr, "uvmsoc run: --root %llu: the graph has vertices 0..%llu\n", (unsigned long long)k->root,
                (unsigned long long)(k->graph.n - 1));
        return CLI_USAGE;
    }
    if (!k->have_root)
        k->root = graph_max_degree_vertex(&k->graph);
    int err = graph_wl_image(&k->graph, is_recipe(k, "pagerank"), &k->gwl);
    if (err == -E2BIG) {
        fprintf(stderr, "uvmsoc run: the graph has %llu edges; the kernels take u32 offsets (fewer than 2^32)\n",
                (unsigned long long)k->graph.m);
        return CLI_FAIL;
    }
    if (err)
        return cli_error("graph image", err);
    free(k->data);
    k->data = k->gwl.data;
    k->gwl.data = NULL;
    k->len = k->gwl.len;
    k->aux_out = 0;
    k->aux_len = k->gwl.out_len;
    k->aux = calloc(1, k->aux_len);
    if (!k->aux)
        return cli_error("graph output region", -ENOMEM);
    /* Without --kernel-timeout: 20,000 cycles per edge and vertex (per iteration), at least the default */
    uint64_t t = 20000 * (k->graph.m + k->graph.n) * (is_recipe(k, "pagerank") ? k->iters : 1);
    if (!k->ktimeout && t > UVS_KERNEL_TIMEOUT_DEFAULT)
        k->ktimeout = t;
    printf("graph:     %llu vertices, %llu edges; %s %llu\n", (unsigned long long)k->graph.n,
           (unsigned long long)k->graph.m, is_recipe(k, "bfs") ? "root" : "iterations",
           (unsigned long long)(is_recipe(k, "bfs") ? k->root : k->iters));
    return CLI_OK;
}

static int check_workload(struct krun *k)
{
    int gather = is_recipe(k, "gather");
    if (k->have_gather_opt && !gather) {
        fprintf(stderr, "uvmsoc run: --alpha, --row-size, --batch, --batches, --seed and --table-rows apply to "
                "--kernel gather only\n");
        return CLI_USAGE;
    }
    if (is_recipe(k, "stream") && (k->input || k->size % 8 != 0)) {
        fprintf(stderr, "uvmsoc run: stream: %s; the kernel moves 8-byte words\n",
                k->input ? "takes --size, not --input" : "--size is not a multiple of 8 bytes");
        return CLI_USAGE;
    }
    if (k->rc && strcmp(k->variant, "tile") == 0 && !k->managed) {
        fprintf(stderr, "uvmsoc run: --variant tile: the tile engines reach memory only through the IOMMU (virtual "
                "addresses): add --managed\n");
        return CLI_USAGE;
    }
    if (k->no_sync && !k->managed) {
        fprintf(stderr, "uvmsoc run: --no-sync: only managed memory is read by the host in place (add --managed)\n");
        return CLI_USAGE;
    }
    if (k->pre_touch &&
        (!k->managed || !(is_recipe(k, "stream") || is_recipe(k, "crc32c") || is_recipe(k, "memcpy") || gather ||
                          is_recipe(k, "strided") || is_recipe(k, "bfs") || is_recipe(k, "pagerank")))) {
        fprintf(stderr, "uvmsoc run: --pre-touch: for stream, crc32c, memcpy, gather, strided, bfs and pagerank on "
                "managed memory (--managed)\n");
        return CLI_USAGE;
    }
    int rc = check_graph_workload(k);
    if (rc != CLI_OK)
        return rc;
    if (!gather)
        return CLI_OK;
    if (k->input) {
        fprintf(stderr, "uvmsoc run: gather generates its table: give --table-rows or --size (table bytes), "
                "not --input\n");
        return CLI_USAGE;
    }
    if (k->row_size < GATHER_ROW_MIN || k->row_size > GATHER_ROW_MAX || k->row_size % GATHER_ROW_MIN != 0) {
        fprintf(stderr, "uvmsoc run: --row-size %llu: a row is a multiple of %d bytes from %d to %d\n",
                (unsigned long long)k->row_size, GATHER_ROW_MIN, GATHER_ROW_MIN, GATHER_ROW_MAX);
        return CLI_USAGE;
    }
    if (k->batch == 0 || k->batches == 0 || k->batch > GATHER_LOOKUPS_MAX || k->batches > GATHER_LOOKUPS_MAX ||
        k->batch * k->batches > GATHER_LOOKUPS_MAX) {
        fprintf(stderr, "uvmsoc run: --batch %llu --batches %llu: each at least 1, at most %llu lookups in all\n",
                (unsigned long long)k->batch, (unsigned long long)k->batches, GATHER_LOOKUPS_MAX);
        return CLI_USAGE;
    }
    if (k->have_table_rows && k->have_size) {
        fprintf(stderr, "uvmsoc run: --table-rows and --size (table bytes) exclude each other\n");
        return CLI_USAGE;
    }
    if (!k->have_table_rows) {
        if (k->size % k->row_size != 0 || k->size == 0) {
            fprintf(stderr, "uvmsoc run: --size %llu: the table must be a whole number of %llu-byte rows\n",
                    (unsigned long long)k->size, (unsigned long long)k->row_size);
            return CLI_USAGE;
        }
        k->table_rows = k->size / k->row_size;
    }
    if (k->table_rows == 0 || k->table_rows > (1ull << 32) || k->table_rows > (1ull << 34) / k->row_size) {
        fprintf(stderr, "uvmsoc run: --table-rows %llu: from 1 to 2^32 rows (u32 indices) and at most 16 GiB of "
                "table\n", (unsigned long long)k->table_rows);
        return CLI_USAGE;
    }
    k->size = k->table_rows * k->row_size;
    return CLI_OK;
}

/* gather's second region: batches x batch Zipf row indices (u32), then
 * batches output rows (zero), the output 64-byte aligned. */
static int gather_indices(struct krun *k)
{
    struct zipf z;
    size_t n = (size_t)(k->batch * k->batches);
    if (zipf_init(&z, k->table_rows, k->alpha, k->seed) != 0) /* ranges checked by check_workload */
        return cli_error("gather indices", -EINVAL);
    k->aux_out = (4 * n + 63) & ~(size_t)63;
    k->aux_len = k->aux_out + k->batches * k->row_size;
    k->aux = calloc(1, k->aux_len);
    if (!k->aux)
        return cli_error("gather index list", -ENOMEM);
    for (size_t i = 0; i < n; i++) {
        uint32_t r = zipf_row(&z);
        memcpy(k->aux + 4 * i, &r, 4);
    }
    return CLI_OK;
}

/* --hbm, --oversub and --harts as given: 0 and sizes beyond the device's HBM window are refused, --oversub
 * only on managed memory and not with --hbm. */
static int check_sizes(const struct krun *k)
{
    if (k->managed && k->no_managed) {
        fprintf(stderr, "uvmsoc run: --managed and --no-managed exclude each other\n");
        return CLI_USAGE;
    }
    if (k->have_harts && k->harts == 0) {
        fprintf(stderr, "uvmsoc run: --harts 0: a kernel needs at least 1 compute hart\n");
        return CLI_USAGE;
    }
    if (k->have_hbm && k->hbm == 0) {
        fprintf(stderr, "uvmsoc run: --hbm 0: the device needs HBM (managed memory: at least %llu KiB)\n",
                (unsigned long long)(MANAGED_HBM_MIN >> 10));
        return CLI_USAGE;
    }
    if (k->have_hbm && k->hbm > UVS_HBM_SIZE) {
        fprintf(stderr, "uvmsoc run: --hbm %llu: beyond the configured maximum of %llu GiB (the HBM window)\n",
                (unsigned long long)k->hbm, (unsigned long long)(UVS_HBM_SIZE >> 30));
        return CLI_USAGE;
    }
    if (k->have_hbm && k->hbm % 4096) {
        fprintf(stderr, "uvmsoc run: --hbm %llu: not a multiple of 4 KiB\n", (unsigned long long)k->hbm);
        return CLI_USAGE;
    }
    if (k->oversub > 0 && k->have_hbm) {
        fprintf(stderr, "uvmsoc run: --oversub and --hbm exclude each other (--oversub sets HBM from the data)\n");
        return CLI_USAGE;
    }
    if (k->oversub > 0 && !k->managed) {
        fprintf(stderr, "uvmsoc run: --oversub applies to managed memory (add --managed)\n");
        return CLI_USAGE;
    }
    return CLI_OK;
}

int cli_run_kernel(const struct cli_global *g, int argc, char **argv)
{
    static const struct option opts[] = {
        {"kernel", required_argument, NULL, 'k'},    {"input", required_argument, NULL, 'i'},
        {"size", required_argument, NULL, 's'},      {"value", required_argument, NULL, 'v'},
        {"args", required_argument, NULL, 'a'},      {"harts", required_argument, NULL, 'n'},
        {"kernel-timeout", required_argument, NULL, 't'}, {"hbm", required_argument, NULL, 'H'},
        {"firmware", required_argument, NULL, 'f'},  {"kernel-dir", required_argument, NULL, 'K'},
        {"console", required_argument, NULL, 'c'},   {"managed", no_argument, NULL, 'M'},
        {"grid", required_argument, NULL, 'g'},
        {"no-managed", no_argument, NULL, 'N'},      {"policy", required_argument, NULL, 'P'},
        {"advise", required_argument, NULL, 'A'},
        {"host-cost-batch", required_argument, NULL, 0x100}, {"host-cost-page", required_argument, NULL, 0x101},
        {"host-cost-block", required_argument, NULL, 0x104},
        {"sbi", required_argument, NULL, 0x102},     {"clock-mhz", required_argument, NULL, 0x103},
        {"variant", required_argument, NULL, 0x110}, {"alpha", required_argument, NULL, 0x111},
        {"row-size", required_argument, NULL, 0x112}, {"batch", required_argument, NULL, 0x113},
        {"batches", required_argument, NULL, 0x114}, {"seed", required_argument, NULL, 0x115},
        {"table-rows", required_argument, NULL, 0x116}, {"tile", no_argument, NULL, 0x117},
        {"pre-touch", no_argument, NULL, 0x118},     {"no-sync", no_argument, NULL, 0x119},
        {"trace", required_argument, NULL, 0x130}, {"host-cost", required_argument, NULL, 0x131},
        {"elem-size", required_argument, NULL, 0x120}, {"stride", required_argument, NULL, 0x121},
        {"count", required_argument, NULL, 0x122},   {"graph", required_argument, NULL, 0x123},
        {"root", required_argument, NULL, 0x124},    {"iterations", required_argument, NULL, 0x125},
        {"oversub", required_argument, NULL, 0x126}, {"fault-ring", required_argument, NULL, 0x140},
        {NULL, 0, NULL, 0},
    };
    struct krun k;
    struct cli_global local = *g;
    int c, rc = CLI_FAIL, err;
    memset(&k, 0, sizeof k);
    (void)uvm_policy_by_name(UVM_POLICY_DEFAULT_NAME, &k.policy);
    k.g = &local;
    k.size = 64 << 10;
    k.variant = KRUN_VARIANT_DEFAULT;
    k.row_size = GATHER_ROW_DEFAULT;
    k.batch = GATHER_BATCH_DEFAULT;
    k.batches = GATHER_BATCHES_DEFAULT;
    k.alpha = GATHER_ALPHA_DEFAULT;
    k.seed = GATHER_SEED_DEFAULT;
    k.elem = STRIDED_ELEM_DEFAULT;
    k.stride = STRIDED_STRIDE_DEFAULT;
    k.count = STRIDED_COUNT_DEFAULT;
    k.iters = PR_ITERS_DEFAULT;
    optind = 0;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case 'k': k.name = optarg; break;
        case 'i': k.input = optarg; break;
        case 'f': k.fw_opt = optarg; break;
        case 0x102: k.sbi_opt = optarg; break;
        case 'K': k.kdir_opt = optarg; break;
        case 'c': k.console = optarg; break;
        case 'M': k.managed = 1; break;
        case 'N': k.no_managed = 1; break;
        case 'P':
            if (uvm_policy_by_name(optarg, &k.policy) != 0) {
                fprintf(stderr, "uvmsoc run: --policy %s: unknown policy (valid: %s)\n", optarg, uvm_policy_names());
                return CLI_USAGE;
            }
            k.policy_4k = k.policy.grow_pages == 1;
            break;
        case 0x119: k.no_sync = 1; break;
        case 'A':
            if (strcmp(optarg, "remote") == 0)
                k.advice = UVM_ADV_PREFERRED_HOST | UVM_ADV_ACCESSED_BY;
            else if (strcmp(optarg, "read-mostly") == 0)
                k.advice = UVM_ADV_READ_MOSTLY;
            else if (strcmp(optarg, "none") == 0)
                k.advice = 0;
            else {
                fprintf(stderr, "uvmsoc run: --advise %s: use none, remote (map over the link) or read-mostly\n",
                        optarg);
                return CLI_USAGE;
            }
            break;
        case 'a': if (parse_args(&k, optarg)) return CLI_USAGE; break;
        case 'g': if (parse_grid(&k, optarg)) return CLI_USAGE; break;
        case 's': if (cli_parse_u64("--size", optarg, &k.size)) return CLI_USAGE; k.have_size = 1; break;
        case 'v': if (cli_parse_u64("--value", optarg, &k.value)) return CLI_USAGE; k.have_value = 1; break;
        case 'n': if (cli_parse_u64("--harts", optarg, &k.harts)) return CLI_USAGE; k.have_harts = 1; break;
        case 't': if (cli_parse_u64("--kernel-timeout", optarg, &k.ktimeout)) return CLI_USAGE; break;
        case 'H': if (cli_parse_u64("--hbm", optarg, &k.hbm)) return CLI_USAGE; k.have_hbm = 1; break;
        case 0x140: {
            uint64_t e;
            if (cli_parse_u64("--fault-ring", optarg, &e))
                return CLI_USAGE;
            if (e < (1ull << UVS_UVM_FQ_LOG2SZ_MIN) || e > (1ull << UVS_UVM_FQ_LOG2SZ_MAX) || (e & (e - 1))) {
                fprintf(stderr, "uvmsoc run: --fault-ring %s: a power of two, %llu..%llu entries\n", optarg,
                        1ull << UVS_UVM_FQ_LOG2SZ_MIN, 1ull << UVS_UVM_FQ_LOG2SZ_MAX);
                return CLI_USAGE;
            }
            for (k.fq_log2 = 0; (1ull << k.fq_log2) < e; k.fq_log2++)
                ;
            break;
        }
        case 0x126: {
            char *end;
            errno = 0;
            k.oversub = strtod(optarg, &end);
            if (errno || end == optarg || *end || !(k.oversub >= OVERSUB_MIN && k.oversub <= OVERSUB_MAX)) {
                fprintf(stderr, "uvmsoc run: --oversub %s: use a ratio of managed bytes to HBM in %.2f..%.0f\n",
                        optarg, OVERSUB_MIN, OVERSUB_MAX);
                return CLI_USAGE;
            }
            break;
        }
        case 0x100:
            if (cli_parse_u64("--host-cost-batch", optarg, &k.host_cost_batch)) return CLI_USAGE;
            k.have_cost_batch = 1;
            break;
        case 0x101:
            if (cli_parse_u64("--host-cost-page", optarg, &k.host_cost_page)) return CLI_USAGE;
            k.have_cost_page = 1;
            break;
        case 0x104:
            if (cli_parse_u64("--host-cost-block", optarg, &k.host_cost_block)) return CLI_USAGE;
            k.have_cost_block = 1;
            break;
        case 0x103:
            if (cli_parse_u64("--clock-mhz", optarg, &k.clock_mhz)) return CLI_USAGE;
            if (k.clock_mhz == 0 || k.clock_mhz > 10000) {
                fprintf(stderr, "uvmsoc run: --clock-mhz %s: use a whole number of MHz, 1..10000\n", optarg);
                return CLI_USAGE;
            }
            break;
        case 0x110:
            if (strcmp(optarg, "load") != 0 && strcmp(optarg, "tile") != 0) {
                fprintf(stderr, "uvmsoc run: --variant %s: use load (hart loads and stores) or tile (tile engine)\n",
                        optarg);
                return CLI_USAGE;
            }
            k.variant = optarg;
            break;
        case 0x117: k.variant = "tile"; break; /* --tile = --variant tile */
        case 0x130:
            if (!*optarg || strchr(optarg, ' ')) { /* the simulator's arguments are split at spaces */
                fprintf(stderr, "uvmsoc run: --trace '%s': give a file name without spaces\n", optarg);
                return CLI_USAGE;
            }
            k.trace = optarg;
            break;
        case 0x131:
            if (strcmp(optarg, "measured") != 0 && strcmp(optarg, "uvm") != 0) {
                fprintf(stderr, "uvmsoc run: --host-cost %s: use measured (this driver's fault service, measured "
                        "by make bench-hostcost) or uvm (published NVIDIA UVM batch times)\n", optarg);
                return CLI_USAGE;
            }
            k.host_cost_uvm = strcmp(optarg, "uvm") == 0;
            break;
        case 0x118: k.pre_touch = 1; break;
        case 0x111: {
            char *end;
            errno = 0;
            k.alpha = strtod(optarg, &end);
            if (errno || end == optarg || *end || !(k.alpha >= 0.0 && k.alpha <= ZIPF_ALPHA_MAX)) {
                fprintf(stderr, "uvmsoc run: --alpha %s: the Zipf exponent must be a number from 0 (uniform) to %g\n",
                        optarg, ZIPF_ALPHA_MAX);
                return CLI_USAGE;
            }
            k.have_gather_opt = 1;
            break;
        }
        case 0x112: if (cli_parse_u64("--row-size", optarg, &k.row_size)) return CLI_USAGE; k.have_gather_opt = 1; break;
        case 0x113: if (cli_parse_u64("--batch", optarg, &k.batch)) return CLI_USAGE; k.have_gather_opt = 1; break;
        case 0x114: if (cli_parse_u64("--batches", optarg, &k.batches)) return CLI_USAGE; k.have_gather_opt = 1; break;
        case 0x115: if (cli_parse_u64("--seed", optarg, &k.seed)) return CLI_USAGE; k.have_gather_opt = 1; break;
        case 0x116:
            if (cli_parse_u64("--table-rows", optarg, &k.table_rows))
                return CLI_USAGE;
            k.have_gather_opt = k.have_table_rows = 1;
            break;
        case 0x120: if (cli_parse_u64("--elem-size", optarg, &k.elem)) return CLI_USAGE; k.have_strided_opt = 1; break;
        case 0x121: if (cli_parse_u64("--stride", optarg, &k.stride)) return CLI_USAGE; k.have_strided_opt = 1; break;
        case 0x122: if (cli_parse_u64("--count", optarg, &k.count)) return CLI_USAGE; k.have_strided_opt = 1; break;
        case 0x123: k.graph_file = optarg; k.have_graph_opt = 1; break;
        case 0x124:
            if (cli_parse_u64("--root", optarg, &k.root)) return CLI_USAGE;
            k.have_graph_opt = k.have_root = 1;
            break;
        case 0x125: if (cli_parse_u64("--iterations", optarg, &k.iters)) return CLI_USAGE; k.have_graph_opt = 1; break;
        default:
            fprintf(stderr, "uvmsoc run: option '%s' is unknown or needs an argument; see 'uvmsoc run --help'\n",
                    argv[optind - 1]);
            return CLI_USAGE;
        }
    }
    if (optind != argc) {
        fprintf(stderr, "uvmsoc run: unexpected argument '%s'; see 'uvmsoc run --help'\n", argv[optind]);
        return CLI_USAGE;
    }
    if (k.harts > UINT32_MAX || k.size > (1ull << 34)) {
        fprintf(stderr, "uvmsoc run: --harts or --size out of range\n");
        return CLI_USAGE;
    }
    if ((rc = check_sizes(&k)) != CLI_OK)
        return rc;
    if (k.have_grid && k.harts) {
        fprintf(stderr, "uvmsoc run: --grid and --harts exclude each other (--harts N is --grid N)\n");
        return CLI_USAGE;
    }
    if ((rc = find_kernel(&k)) != CLI_OK || (rc = check_entry_symbol(&k)) != CLI_OK)
        goto out;
    rc = CLI_FAIL;
    if (k.rc && k.have_args) {
        fprintf(stderr, "uvmsoc run: --args: kernel %s gets its arguments from --input/--size/--value\n", k.rc->name);
        rc = CLI_USAGE;
        goto out;
    }
    if (!k.rc && (k.input || k.have_size || k.have_value)) {
        fprintf(stderr, "uvmsoc run: kernel %s takes --args, not --input/--size/--value\n", k.name);
        rc = CLI_USAGE;
        goto out;
    }
    if (k.rc && k.input && k.have_size) {
        fprintf(stderr, "uvmsoc run: --input and --size exclude each other\n");
        rc = CLI_USAGE;
        goto out;
    }
    /* crc32c over a file runs on managed memory unless --no-managed (the main job, issue 5). */
    if (k.rc && strcmp(k.rc->name, "crc32c") == 0 && k.input && !k.no_managed)
        k.managed = 1;
    /* --managed: crc32c reads its input from managed memory, pattern and storm
     * write theirs; a kernel taking --args runs with the unified-memory
     * context attached (its addresses are served by the fault service, and
     * outside every allocation they fault). */
    if (k.managed && k.rc && !k.rc->managed) {
        fprintf(stderr, "uvmsoc run: --managed supports crc32c, memcpy, fill, axpy, pattern, storm, stream, gather and "
                "kernels taking --args\n");
        rc = CLI_USAGE;
        goto out;
    }
    if ((rc = check_workload(&k)) != CLI_OK)
        goto out;
    /* Input before starting anything: a bad file costs no simulation. */
    if (k.rc && k.input && (rc = read_input(&k, 1ull << 34)) != CLI_OK)
        goto out;
    rc = CLI_FAIL;
    if (k.rc && !k.input) {
        k.len = (size_t)k.size;
        k.data = malloc(k.len ? k.len : 1);
        if (!k.data) {
            fprintf(stderr, "uvmsoc run: out of memory for %zu bytes of data\n", k.len);
            goto out;
        }
        generate(k.data, k.len);
    }
    if (is_recipe(&k, "gather") && (rc = gather_indices(&k)) != CLI_OK)
        goto out;
    if ((is_recipe(&k, "strided") || is_recipe(&k, "bfs") || is_recipe(&k, "pagerank")) &&
        (rc = graph_prepare(&k)) != CLI_OK)
        goto out;
    rc = CLI_FAIL;

    /* Without --kernel-timeout, large data gets time in proportion (64 cycles a
     * byte: crc32c takes about 7 with 4 harts, faults and evictions included). */
    if (k.rc && !k.ktimeout && (uint64_t)k.len * 64 > UVS_KERNEL_TIMEOUT_DEFAULT)
        k.ktimeout = (uint64_t)k.len * 64;
    /* The device: ours (spawned), or the one at --socket / $UVMSOC_SOCKET. */
    int spawn = cli_wants_own_sim(&local);
    /* Managed: HBM a quarter of the data (4x oversubscribed), in whole pages,
     * at least what the page cache needs (MANAGED_HBM_MIN, 128 KiB). */
    if (k.managed && !k.have_hbm && spawn) {
        k.hbm = ((uint64_t)k.len / 4 + 4095) & ~4095ull;
        /* --oversub R: HBM = every managed byte (the data, memcpy's and axpy's second buffer, gather's
         * index list and output, strided's and the graphs' output region) / R, in whole pages */
        if (k.oversub > 0) {
            uint64_t ws = (uint64_t)k.len + (k.rc && k.rc->buf2 ? (uint64_t)k.len : (uint64_t)k.aux_len);
            k.hbm = ((uint64_t)((double)ws / k.oversub) + 4095) & ~4095ull;
            if (k.hbm < MANAGED_HBM_MIN)
                fprintf(stderr, "uvmsoc run: note: --oversub %g: %llu managed bytes / %g is below the managed minimum; "
                        "HBM raised to %llu KiB (%.2fx oversubscribed)\n", k.oversub, (unsigned long long)ws,
                        k.oversub, (unsigned long long)(MANAGED_HBM_MIN >> 10), (double)ws / (double)MANAGED_HBM_MIN);
        }
        if (k.hbm < MANAGED_HBM_MIN)
            k.hbm = MANAGED_HBM_MIN;
    }
    if (k.managed && k.have_hbm && k.hbm < MANAGED_HBM_MIN) {
        fprintf(stderr, "uvmsoc run: --hbm %llu: managed memory needs at least %llu KiB of HBM (IOMMU queues, page "
                "tables and frames)\n", (unsigned long long)k.hbm, (unsigned long long)(MANAGED_HBM_MIN >> 10));
        rc = CLI_USAGE;
        goto out;
    }
    if (k.hbm && !spawn)
        fprintf(stderr, "uvmsoc run: note: --hbm applies to a simulator run starts; using the running one as it is\n");
    if (k.trace && !spawn) {
        fprintf(stderr, "uvmsoc run: --trace needs a simulator this run starts (not --socket / $UVMSOC_SOCKET)\n");
        rc = CLI_USAGE;
        goto out;
    }
    if (spawn) {
        char simpath[PATH_MAX], args[1024];
        const char *sim = local.sim;
        if (!sim) {
            if (cli_locate(CLI_SIM, simpath, sizeof simpath) != 0)
                goto out;
            sim = simpath;
        }
        char hbm_arg[40] = "", clk_arg[40] = "", trace_arg[PATH_MAX + 16] = "";
        if (k.hbm)
            snprintf(hbm_arg, sizeof hbm_arg, "--hbm %llu ", (unsigned long long)k.hbm);
        if (k.clock_mhz)
            snprintf(clk_arg, sizeof clk_arg, "--clock-mhz %llu ", (unsigned long long)k.clock_mhz);
        if (k.trace)
            snprintf(trace_arg, sizeof trace_arg, "--trace %s ", k.trace);
        if (snprintf(args, sizeof args, "%s%s%s%s", hbm_arg, clk_arg, trace_arg, local.sim_args ? local.sim_args : "")
            >= (int)sizeof args) {
            fprintf(stderr, "uvmsoc run: the simulator's arguments are too long\n");
            rc = CLI_USAGE;
            goto out;
        }
        const char *console = !k.console ? "" : strcmp(k.console, "-") == 0 ? NULL : k.console;
        if (cli_spawn_sim(sim, args, console, &local.open.socket_path) != CLI_OK)
            goto out;
    }
    clock_gettime(CLOCK_MONOTONIC, &k.t0);
    if (!(k.dev = cli_open(&local)))
        goto out;
    k.c_start = uvs_cycles(k.dev);
    if ((err = uvs_info(k.dev, &k.info))) {
        cli_error("info", err);
        goto out;
    }
    if (k.rc) {
        uint64_t room = (k.len + 4095) & ~4095ull;
        uint64_t need = (k.rc->buf2 ? 2 * room : room) + ((k.aux_len + 4095) & ~4095ull);
        k.buf2 = UVS_HBM_BASE + room;
        k.aux_dev = k.buf2;
        if (!k.managed && need > k.info.hbm_size) {
            fprintf(stderr, "uvmsoc run: %zu bytes of data need %llu bytes of HBM, the device has %llu (--hbm)\n",
                    k.len, (unsigned long long)need, (unsigned long long)k.info.hbm_size);
            goto out;
        }
        k.rc->args(&k);
    }
    if (k.have_harts && k.harts > (k.info.harts ? k.info.harts - 1 : 0)) {
        fprintf(stderr, "uvmsoc run: --harts %llu: the device has %u compute harts (use 1..%u)\n",
                (unsigned long long)k.harts, k.info.harts ? k.info.harts - 1 : 0, k.info.harts ? k.info.harts - 1 : 0);
        rc = CLI_USAGE;
        goto out;
    }
    char hb[32];
    printf("device:    %u harts (%u compute), %s HBM, link %.2f bytes/cycle\n", k.info.harts,
           k.info.harts ? k.info.harts - 1 : 0, size_str(k.info.hbm_size, hb), k.info.link_bw / 65536.0);
    uint64_t timeout = local.open.timeout_cycles ? local.open.timeout_cycles : UVS_DEFAULT_TIMEOUT_CYCLES;
again:
    if ((rc = boot(&k, timeout)) != CLI_OK || (rc = load_kernel(&k)) != CLI_OK)
        goto fail;
    if (k.managed) {
        struct uvm_policy pol = k.policy;
        pol.hbm_bytes = k.info.hbm_size;
        if (k.info.clock_khz)
            (void)uvm_policy_set_clock(&pol, k.info.clock_khz);
        /* host costs: given in cycles, else their ns figures (uvm_fault.h) at the device clock */
        pol.host_cost_batch = k.have_cost_batch ? k.host_cost_batch
                              : uvm_host_cost_cycles(k.host_cost_uvm ? UVM_HOST_COST_UVM_BATCH_NS : UVM_HOST_COST_BATCH_NS,
                                                     k.info.clock_khz);
        pol.host_cost_page = k.have_cost_page ? k.host_cost_page
                             : uvm_host_cost_cycles(k.host_cost_uvm ? UVM_HOST_COST_UVM_PAGE_NS : UVM_HOST_COST_PAGE_NS,
                                                    k.info.clock_khz);
        pol.host_cost_block = k.have_cost_block ? k.host_cost_block
                              : uvm_host_cost_cycles(UVM_HOST_COST_BLOCK_NS, k.info.clock_khz);
        if ((err = uvm_session_open(k.dev, &pol, k.fq_log2 ? k.fq_log2 : 9, &k.uvm)) != 0) {
            fprintf(stderr, "uvmsoc run: managed memory: %s\n", uvm_session_last_error(k.uvm));
            goto fail;
        }
        if (k.rc && (err = uvm_session_alloc(k.uvm, k.len ? k.len : 1, &k.mptr)) != 0) {
            fprintf(stderr, "uvmsoc run: managed allocation of %zu bytes: %s\n", k.len, uvm_session_last_error(k.uvm));
            goto fail;
        }
        /* memcpy's destination, axpy's y: a second managed allocation, y's initial values as in HBM. */
        if (k.rc && k.rc->buf2 && k.len) {
            k.aux_len = k.len;
            if (!k.aux && !(k.aux = malloc(k.aux_len))) {
                cli_error("prepare the second buffer", -ENOMEM);
                goto fail;
            }
            memset(k.aux, 0, k.aux_len);
            for (size_t i = 0; i + 8 <= k.len; i += 8) {
                uint64_t v = axpy_y0(i / 8);
                memcpy(k.aux + i, &v, 8);
            }
        }
        if (k.rc && k.aux_len && (err = uvm_session_alloc(k.uvm, k.aux_len, &k.aux_mptr)) != 0) {
            fprintf(stderr, "uvmsoc run: managed allocation of %zu bytes (index list and output): %s\n", k.aux_len,
                    uvm_session_last_error(k.uvm));
            goto fail;
        }
        if (k.rc) {
            memcpy(k.mptr, k.data, k.len);
            if (k.aux_len) {
                memcpy(k.aux_mptr, k.aux, k.aux_len);
                k.aux_dev = k.buf2 = (uint64_t)(uintptr_t)k.aux_mptr;
            }
            k.rc->args(&k); /* the managed VAs instead of HBM addresses */
        }
        if (k.rc && k.advice && (err = uvm_session_advise(k.uvm, k.mptr, k.advice)) != 0) {
            fprintf(stderr, "uvmsoc run: --advise: %s\n", uvm_session_last_error(k.uvm));
            goto fail;
        }
        if (k.rc)
            printf("managed:   %zu bytes at VA 0x%llx (HBM %s%s, %.1fx oversubscribed)\n", k.len,
                   (unsigned long long)k.args[0], size_str(k.info.hbm_size, hb), k.have_hbm || !spawn ? "" : ", default",
                   (double)k.len / (double)k.info.hbm_size);
    }
    if ((rc = place_data(&k)) != CLI_OK)
        goto fail;
    printf("kernel:    %s (entry 0x%llx, %s variant), %u argument%s", k.kpath, (unsigned long long)k.kimg.entry,
           k.variant, k.nargs, k.nargs == 1 ? "" : "s");
    if (k.rc)
        printf(", %zu bytes of %s%s", k.len, k.input ? "input from " : k.graph.n ? "graph (CSR image)" : "generated data",
               k.input ? k.input : "");
    printf("\n");
    fflush(stdout);
    struct uvs_hostq_evt ev;
    if (k.pre_touch) {
        if ((rc = launch(&k, &ev)) != CLI_OK && watchdog_recover(&k) == CLI_OK)
            goto again;
        if (rc != CLI_OK)
            goto fail;
        printf("pre-touch: %llu cycles (a first launch of the kernel brought its data into HBM; the managed "
               "statistics below count both launches)\n", (unsigned long long)k.c_kernel);
    }
    if ((rc = launch(&k, &ev)) != CLI_OK && watchdog_recover(&k) == CLI_OK)
        goto again;
    if (rc != CLI_OK)
        goto fail;
    printf("result:    0x%llx\n", (unsigned long long)ev.value);
    if (uvs_msi_polls(k.dev))
        printf("interrupts: %llu events found by polling after an MSI wait ran out (MSIs lost or late)\n",
               (unsigned long long)uvs_msi_polls(k.dev));
    rc = k.rc ? k.rc->check(&k, ev.value) : CLI_OK;
    print_stats(&k);
    if (k.managed)
        print_managed_stats(&k);
    goto out;
fail:
    rc = CLI_FAIL;
    fflush(stdout);
    show_console();
out:
    uvm_session_close(k.uvm);
    if (k.dev)
        uvs_close(k.dev);
    if (k.trace && rc == CLI_OK) {
        cli_reap_sim(); /* the simulator finishes the trace file when it exits */
        rc = cli_trace_report(k.trace, k.frames_total, "");
    }
    uvs_fw_image_free(&k.kimg);
    free(k.data);
    free(k.aux);
    graph_free(&k.graph);
    return rc;
}

/*
 * mt_tb: setup, memory and retire DPI, and the report of the uvs_mt_core
 * testbench (mt_tb.h). Options in mt_opts.c, launcher in mt_launch.c,
 * memory model in mt_mem.c.
 */
#include "mt_tb.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mt_elf.h"
#include "mt_tb_int.h"
#include "svdpi.h"

struct mt_tb mt_tb;

void mt_tb_status(int st)
{
    if (st > mt_tb.status)
        mt_tb.status = st;
}

double mt_tb_wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double mt_tb_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* mt_elf_load callback: copy into (or zero) RAM; -EFAULT outside it. */
static int put_ram(void *ctx, uint64_t addr, const uint8_t *src, uint64_t n)
{
    uint8_t *p = mt_mem_ptr(ctx, addr, n);
    if (!p || addr < MT_MEM_RAM_BASE)
        return -EFAULT;
    if (src)
        memcpy(p, src, n);
    else
        memset(p, 0, n);
    return 0;
}

/* Reads the whole file; NULL with errno on failure. */
static uint8_t *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && n <= (64L << 20) &&
        fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) != NULL &&
        fread(buf, 1, (size_t)n, f) == (size_t)n) {
        *len = (size_t)n;
    } else {
        free(buf);
        buf = NULL;
        errno = errno ? errno : EFBIG;
    }
    fclose(f);
    return buf;
}

/* Loads the program (once, or once per slot with --copies) and checks that
 * images and stacks do not overlap. */
static int load_program(void)
{
    struct mt_opts *o = &mt_tb.o;
    struct mt_elf_info info;
    const char *why;
    size_t len;
    uint8_t *buf = read_file(o->program, &len);
    if (!buf) {
        fprintf(stderr, "mt-tb: cannot read '%s': %s\n", o->program, strerror(errno));
        return MT_TB_BAD_IMAGE;
    }
    int rc = mt_elf_parse(buf, len, &info, &why);
    if (rc) {
        fprintf(stderr, "mt-tb: '%s': %s\n", o->program, why);
        free(buf);
        return MT_TB_BAD_IMAGE;
    }
    mt_tb.entry = info.entry;
    unsigned copies = o->copies ? o->cores * o->threads : 1;
    uint64_t span = info.hi - info.lo;
    uint64_t stack_lo = mt_launch_stack(mt_tb.model_cores - 1, mt_tb.model_threads);
    if (o->copies && span > o->copies) {
        fprintf(stderr, "mt-tb: '%s' spans 0x%llx bytes, more than the --copies stride\n",
                o->program, (unsigned long long)span);
        free(buf);
        return MT_TB_BAD_IMAGE;
    }
    for (unsigned k = 0; k < copies && rc == 0; k++) {
        uint64_t shift = (uint64_t)k * o->copies;
        if (info.hi + shift > stack_lo)
            rc = -EFAULT;
        else
            rc = mt_elf_load(buf, shift, put_ram, &mt_tb.mem);
    }
    free(buf);
    if (rc) {
        fprintf(stderr, "mt-tb: '%s' does not fit in RAM below the thread stacks (0x%llx)\n",
                o->program, (unsigned long long)stack_lo);
        return MT_TB_BAD_IMAGE;
    }
    return MT_TB_RUN;
}

int mt_tb_setup(int argc, char **argv, unsigned cores, unsigned threads, int ref)
{
    memset(&mt_tb, 0, sizeof mt_tb);
    if (cores > MT_TB_MAX_CORES || threads > MT_TB_MAX_THREADS) {
        fprintf(stderr, "mt-tb: model of %u cores x %u threads is too large\n", cores, threads);
        return MT_TB_BAD_ARGS;
    }
    mt_tb.model_cores = cores;
    mt_tb.model_threads = threads;
    mt_tb.ref = ref;
    int rc = mt_opts_parse(&mt_tb.o, argc, argv, cores, threads);
    if (rc != MT_TB_RUN)
        return rc;
    struct mt_opts *o = &mt_tb.o;
    uint64_t slots = (uint64_t)o->cores * (ref ? 1 : o->threads);
    if ((ref || o->copies) && (uint64_t)o->grid * o->block > slots) {
        fprintf(stderr, "mt-tb: %llu threads need one slot each here (%s) but only %llu exist\n",
                (unsigned long long)o->grid * o->block, ref ? "reference cores" : "--copies",
                (unsigned long long)slots);
        return MT_TB_BAD_ARGS;
    }
    rc = mt_mem_init(&mt_tb.mem, o->ram_kib * 1024, &o->tm);
    if (rc) {
        fprintf(stderr, "mt-tb: memory model: %s\n", strerror(-rc));
        return MT_TB_BAD_ARGS;
    }
    rc = load_program();
    if (rc != MT_TB_RUN) {
        mt_mem_fini(&mt_tb.mem);
        return rc;
    }
    if (o->log_retired && !(mt_tb.log = fopen(o->log_retired, "w"))) {
        fprintf(stderr, "mt-tb: cannot write '%s': %s\n", o->log_retired, strerror(errno));
        mt_mem_fini(&mt_tb.mem);
        return MT_TB_BAD_ARGS;
    }
    mt_launch_init();
    return MT_TB_RUN;
}

int mt_tb_log_on(void)
{
    return mt_tb.log != NULL;
}

uint64_t mt_tb_max_cycles(void)
{
    return mt_tb.o.max_cycles;
}

int mt_tb_done(void)
{
    return mt_tb.done;
}

void mt_tb_tick(void)
{
    mt_tb.now++;
}

/* One port of one core at a clock edge (mt_tb_top.sv): enqueue the request
 * granted this cycle, return the response for the next cycle and whether
 * the port grants in the next cycle. A second outstanding request of one
 * id breaks the tagged-bus contract and stops the run (exit 4). */
int mt_dpi_port(int port, int req, int id, long long addr, int we, int be, long long wdata,
                int amo, int *rvalid, int *rid, long long *rdata, int *rerr)
{
    unsigned rid_u = 0;
    uint64_t data = 0;
    bool err = false;
    if (req) {
        int rc = mt_mem_request(&mt_tb.mem, (unsigned)port, (unsigned)id, (uint64_t)addr, we != 0,
                                (uint8_t)be, (uint64_t)wdata, (uint8_t)amo, mt_tb.now);
        if (rc) {
            printf("mt-tb: cycle %llu port %d id %d: %s\n", (unsigned long long)mt_tb.now, port, id,
                   rc == -EBUSY ? "second request outstanding for one id (tagged bus contract)"
                                : "request refused by the memory model");
            mt_tb_status(MT_TB_INTERNAL);
            mt_tb.done = true;
        }
    }
    *rvalid = mt_mem_respond(&mt_tb.mem, (unsigned)port, mt_tb.now, &rid_u, &data, &err);
    *rid = (int)rid_u;
    *rdata = (long long)data;
    *rerr = err;
    return mt_mem_accept(&mt_tb.mem, (unsigned)port);
}

/* One retired (or trapped) instruction, with --log-retired. */
void mt_dpi_retire(int core, int tid, long long pc, int insn, int rd, long long wdata, int trap)
{
    if (!mt_tb.log)
        return;
    fprintf(mt_tb.log, "%d %d %016llx %08x ", core, tid, (unsigned long long)pc, (uint32_t)insn);
    if (rd)
        fprintf(mt_tb.log, "x%d %016llx", rd, (unsigned long long)wdata);
    else
        fputs("- -", mt_tb.log);
    fputs(trap ? " trap\n" : "\n", mt_tb.log);
}

int mt_tb_finish(uint64_t cycles, uint64_t retired, double wall, double cpu)
{
    if (!mt_tb.done && cycles >= mt_tb.o.max_cycles) {
        printf("mt-tb: timeout after %llu cycles: %u of %u threads ended\n",
               (unsigned long long)cycles, mt_tb.ended, mt_tb.total);
        mt_tb_status(MT_TB_TIMEOUT);
    }
    printf("mt-tb: %u threads: %u exited 0, %u exited non-zero, %u aborted\n", mt_tb.total,
           mt_tb.ok, mt_tb.failed, mt_tb.aborted);
    if (mt_tb.o.stats)
        fprintf(stderr,
                "mt-tb: cycles %llu retired %llu IPC %.3f wall %.3f s sim-MHz %.3f cpu %.3f s cpu-MHz %.3f\n",
                (unsigned long long)cycles, (unsigned long long)retired,
                cycles ? (double)retired / (double)cycles : 0.0, wall,
                wall > 0 ? (double)cycles / wall / 1e6 : 0.0, cpu,
                cpu > 0 ? (double)cycles / cpu / 1e6 : 0.0);
    if (mt_tb.log)
        fclose(mt_tb.log);
    mt_mem_fini(&mt_tb.mem);
    return mt_tb.status;
}

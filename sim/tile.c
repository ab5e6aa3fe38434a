/*
 * uvmsoc-sim tile engines, simulator side (see tile.h; ABI
 * include/uvmsoc/tile.def): the slave models of the engines' AXI masters,
 * and the access trace and profile of their beats (uvs_dpi_tile_beat, from
 * the simulation top's trace side channel).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/tile.h>

#include "sim.h"
#include "tile.h"
#include "trace_rec.h"
#include "uvs_trace.h"

/*
 * Simulation-cost profile (environment UVS_TILE_PROFILE set; a measurement
 * aid for docs/benchmarks.md): busy spans of the engines -- from a beat
 * issued after at least SPAN_GAP cycles without any engine's beat to the
 * last beat before such a gap -- with the simulator's CPU time over each.
 * Spans of at least SPAN_MIN cycles are printed at exit: CPU microseconds
 * per simulated cycle while engines stream. clock_gettime only at span
 * ends, so the profile does not slow what it measures.
 */
#define SPAN_GAP 2000u
#define SPAN_MIN 20000u
static struct {
    int on; /* -1 unknown, 0 off, 1 on */
    uint64_t first, last, beats;
    double cpu0, cpu_last;
} prof = {.on = -1};

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void prof_span_end(void)
{
    uint64_t cyc = prof.last - prof.first;
    if (prof.beats && cyc >= SPAN_MIN)
        fprintf(stderr, "uvmsoc-sim: tile profile: span of %llu cycles from cycle %llu, %llu beats, %.3f s CPU, %.2f us/cycle\n",
                (unsigned long long)cyc, (unsigned long long)prof.first, (unsigned long long)prof.beats,
                prof.cpu_last - prof.cpu0, (prof.cpu_last - prof.cpu0) * 1e6 / (double)cyc);
}

static void prof_exit(void)
{
    prof_span_end();
}

/* One beat issued at cycle @now (any engine). */
static void prof_beat(uint64_t now)
{
    if (prof.on < 0) {
        prof.on = getenv("UVS_TILE_PROFILE") != NULL;
        if (prof.on)
            atexit(prof_exit);
    }
    if (!prof.on)
        return;
    if (prof.beats == 0 || now - prof.last > SPAN_GAP) {
        if (prof.beats)
            prof_span_end();
        prof.first = now;
        prof.beats = 0;
        prof.cpu0 = cpu_seconds();
    }
    if (now - prof.last > 64 || prof.beats % 4096 == 0)
        prof.cpu_last = cpu_seconds(); /* (re)sampled after pauses and every 4096 beats */
    prof.last = now;
    prof.beats++;
}

/* Location of a memory-side beat at @pa: SRAM, HBM or (anything else) the host window. */
static enum uvs_loc mem_loc(void *ctx, uint64_t pa)
{
    (void)ctx;
    if (uvs_mem_dev_ptr(&uvs_sim.mem, pa, 1, NULL))
        return uvs_mem_is_hbm(&uvs_sim.mem, pa) ? UVS_LOC_HBM : UVS_LOC_SRAM;
    return UVS_LOC_HOST;
}

/* The memory side: @len bytes at @a in SRAM, HBM or the host window, or NULL. */
static uint8_t *mem_span(void *ctx, bool host, uint64_t a, unsigned len)
{
    uint8_t *p = uvs_mem_dev_ptr(&uvs_sim.mem, a, len, NULL);

    (void)ctx;
    (void)host;
    return p ? p : uvs_mem_host_ptr(&uvs_sim.mem, a, len);
}

/* The scratchpad side of hart (uintptr_t)@ctx: its own scratchpad only. */
static uint8_t *spad_span(void *ctx, bool host, uint64_t a, unsigned len)
{
    unsigned hart = (unsigned)(uintptr_t)ctx;
    uint64_t base = UVS_SPAD_BASE + (uint64_t)hart * UVS_TILE_SPAD_STRIDE;

    (void)host;
    if (a < base || a - base >= UVS_TILE_SPAD_STRIDE)
        return NULL;
    return uvs_mem_spad(&uvs_sim.mem, hart, a - base, len);
}

static bool never_hbm(void *ctx, uint64_t a)
{
    (void)ctx;
    (void)a;
    return false;
}

/*
 * Completion cycle of a memory-side beat of @bytes issued at cycle @now to
 * @loc: reserved on the shared channels of sim/memsys.h (HBM, or the host
 * link for the host window), so engines, harts, the DMA engine and the
 * walker contend for the same bandwidth. Reads complete when the data is
 * back; writes when HBM took them, or when they were sent for posted host
 * writes.
 */
static uint64_t mem_due(void *ctx, enum uvs_loc loc, uint64_t now, uint64_t bytes, bool write)
{
    (void)ctx;
    return uvs_memsys_access(&uvs_sim.memsys, loc, now, bytes, write ? UVS_MEMSYS_WRITE : UVS_MEMSYS_READ);
}

void uvs_tile_slave_init(struct uvs_dma_slave *s, unsigned hart, bool spad, unsigned beat)
{
    static char names[UVS_MAX_HARTS][2][24];
    char *name = names[hart % UVS_MAX_HARTS][spad];

    snprintf(name, sizeof names[0][0], "tile %u %s", hart, spad ? "spad_axi" : "mem_axi");
    *s = (struct uvs_dma_slave){.name = name, .beat = beat, .ctx = (void *)(uintptr_t)hart};
    if (spad) {
        /* the scratchpad: single-cycle (tile.def), answered the next cycle */
        s->lat = 1;
        s->span = spad_span;
        s->is_hbm = never_hbm;
    } else {
        s->ms = &uvs_sim.memsys;
        s->model = &uvs_sim.model;
        s->span = mem_span;
        s->is_hbm = never_hbm;
        s->loc = mem_loc;
        s->due = mem_due;
    }
}

/*
 * Beat of hart @hart's engine issued this cycle (the simulation top's trace
 * side channel, uvs_soc_core tile_trc_*): @va before translation, @pa after,
 * @we COPY_OUT; @xlat 0 a device address (not translated), 1 translated, 2
 * translated by an answer that waited for a page request: translated beats
 * go to the access trace (sim/trace_rec.h); every beat to the profile.
 */
void uvs_dpi_tile_beat(int hart, long long va, long long pa, char we, char xlat)
{
    if (xlat)
        uvs_trace_rec_access((unsigned)hart | UVS_TRACE_REQ_TILE, (uint64_t)va, (uint64_t)pa, we != 0, xlat == 2,
                             uvs_sim.cycle);
    prof_beat(uvs_sim.cycle);
}

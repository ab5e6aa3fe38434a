/*
 * uvmsoc-sim tile engines, C side (issue 13; docs/architecture.md "Tile
 * engines"; ABI include/uvmsoc/tile.def). The RTL engine (rtl/soc/uvs_tile.sv)
 * sequences descriptors, translates and counts beats; these DPI functions
 * read and check descriptors in the scratchpad, read gather indices, and
 * move the 64-byte beats between memory (SRAM, HBM, host window) and the
 * scratchpad with their completion cycle from the memory model.
 * Beats of an engine retire in issue order (the RTL keeps the same ring).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/tile.h>

#include "link.h"
#include "sim.h"
#include "trace_rec.h"
#include "uvs_trace.h"

/* One issued beat: where it goes and, for a write, the scratchpad bytes read at issue. */
struct tile_beat {
    uint64_t pa;
    uint32_t spad;
    uint8_t len;
    bool we;
    uint8_t data[UVS_TILE_BEAT];
};

/* The beats in flight of one engine, oldest at head. */
struct tile_ring {
    struct tile_beat beat[UVS_TILE_OUTSTANDING];
    unsigned head, n;
};

static struct tile_ring rings[UVS_MAX_HARTS];

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

/* Host pointer to [pa, pa + len) in SRAM, HBM or the host window, or NULL. */
static uint8_t *mem_range(uint64_t pa, uint64_t len, enum uvs_loc *loc)
{
    struct uvs_mem *m = &uvs_sim.mem;
    uint8_t *p = uvs_mem_dev_ptr(m, pa, len, NULL);

    if (p) {
        *loc = uvs_mem_is_hbm(m, pa) ? UVS_LOC_HBM : UVS_LOC_SRAM;
        return p;
    }
    *loc = UVS_LOC_HOST;
    if (m->host && pa - UVS_HOSTWIN_BASE < UVS_HOSTWIN_SIZE) {
        uint64_t bus = pa - UVS_HOSTWIN_BASE;
        if (bus >= m->host_bus && bus - m->host_bus <= m->host_size &&
            len <= m->host_size - (bus - m->host_bus))
            return m->host + (bus - m->host_bus);
    }
    return NULL;
}

/**
 * uvs_tile_beat_done_cycle - completion cycle of a beat of @len bytes issued
 * at cycle @now to @loc: reserved on the shared channels of sim/memsys.h
 * (HBM, or the host link for the host window), so engines, harts, the DMA
 * engine and the walker contend for the same bandwidth. Reads (COPY_IN)
 * complete when the data is back; writes (COPY_OUT) when HBM took them, or
 * when they were sent for posted host writes.
 */
static uint64_t uvs_tile_beat_done_cycle(uint64_t now, enum uvs_loc loc, unsigned len, bool we)
{
    return uvs_memsys_access(&uvs_sim.memsys, loc, now, len, we ? UVS_MEMSYS_WRITE : UVS_MEMSYS_READ);
}

/* Populated scratchpad bytes per compute hart (engine register SPAD_SIZE). */
long long uvs_dpi_tile_spad_size(void)
{
    return (long long)uvs_sim.mem.spad_size;
}

static uint64_t rd64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}

static uint32_t rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* True when [off, off + len) lies in a scratchpad of `size` bytes (len > 0). */
static bool in_spad(uint64_t off, uint64_t len, uint64_t size)
{
    return len > 0 && off <= size && len <= size - off;
}

/*
 * Store to SUBMIT of hart @hart's engine with the descriptor at scratchpad
 * offset @off: checks it (tile.def TILE_SUBMIT_INVALID rules), writes the
 * outcome into its TICKET word (@ticket, or -1 when @full, -2 when invalid)
 * and returns its fields for the queue. Returns 0 queued, 1 full, 2
 * invalid, 3 when @off itself is not a descriptor slot of the scratchpad
 * (no TICKET written; the store gets a bus error).
 */
int uvs_dpi_tile_submit(int hart, int off, char full, int ticket, long long *va, int *spad, int *row_bytes,
                        int *rows, char *we, char *shape, long long *stride, int *idx)
{
    struct uvs_mem *m = &uvs_sim.mem;
    uint64_t size = m->spad_size;
    uint8_t *d = uvs_mem_spad(m, (unsigned)hart, (uint32_t)off, UVS_TILE_DESC_SIZE);
    int64_t outcome;
    int rc;

    if (!d || off < 0 || off % UVS_TILE_DESC_SIZE != 0)
        return 3;
    *va = (long long)rd64(d + UVS_TILE_DESC_VA);
    *spad = (int)rd32(d + UVS_TILE_DESC_SPAD);
    *row_bytes = (int)rd32(d + UVS_TILE_DESC_ROW_BYTES);
    *rows = (int)rd32(d + UVS_TILE_DESC_ROWS);
    *we = d[UVS_TILE_DESC_OP] == UVS_TILE_OP_COPY_OUT;
    *shape = (char)d[UVS_TILE_DESC_SHAPE];
    *stride = (long long)rd64(d + UVS_TILE_DESC_STRIDE);
    *idx = (int)rd32(d + UVS_TILE_DESC_IDX);

    uint64_t v = rd64(d + UVS_TILE_DESC_VA), st = rd64(d + UVS_TILE_DESC_STRIDE);
    uint32_t sp = rd32(d + UVS_TILE_DESC_SPAD), rb = rd32(d + UVS_TILE_DESC_ROW_BYTES);
    uint32_t nr = rd32(d + UVS_TILE_DESC_ROWS), ix = rd32(d + UVS_TILE_DESC_IDX);
    uint8_t op = d[UVS_TILE_DESC_OP], sh = d[UVS_TILE_DESC_SHAPE];
    bool ok = (op == UVS_TILE_OP_COPY_IN || op == UVS_TILE_OP_COPY_OUT) && sh <= UVS_TILE_SHAPE_INDEXED &&
              rb > 0 && nr > 0 && v % UVS_TILE_ALIGN == 0 && sp % UVS_TILE_ALIGN == 0 &&
              rb % UVS_TILE_ALIGN == 0 && (uint64_t)nr * rb <= size &&
              in_spad(sp, (uint64_t)nr * rb, size);
    if (ok && sh == UVS_TILE_SHAPE_1D)
        ok = nr == 1;
    if (ok && sh == UVS_TILE_SHAPE_2D)
        ok = st % UVS_TILE_ALIGN == 0;
    if (ok && sh == UVS_TILE_SHAPE_INDEXED)
        ok = st > 0 && ix % 4 == 0 && in_spad(ix, 4 * (uint64_t)nr, size);
    if (!ok) {
        outcome = -(int64_t)UVS_TILE_SUBMIT_INVALID;
        rc = 2;
    } else if (full) {
        outcome = -(int64_t)UVS_TILE_SUBMIT_FULL;
        rc = 1;
    } else {
        outcome = (uint32_t)ticket;
        rc = 0;
    }
    memcpy(d + UVS_TILE_DESC_TICKET, &outcome, 8);
    return rc;
}

/* Row index at scratchpad offset @off of hart @hart (checked at submit). */
int uvs_dpi_tile_index(int hart, int off)
{
    uint8_t *p = uvs_mem_spad(&uvs_sim.mem, (unsigned)hart, (uint32_t)off, 4);
    return p ? (int)rd32(p) : 0;
}

/*
 * Issues a beat of hart @hart's engine at cycle @now: @len bytes between
 * physical address @pa and scratchpad offset @spad, @we = scratchpad to
 * memory (the scratchpad is read now). @va is the beat's address before
 * translation; @xlat 0 a device address (not translated), 1 translated, 2
 * translated by an answer that waited for a page request: translated beats
 * go to the access trace (sim/trace_rec.h). Returns the cycle it completes.
 */
long long uvs_dpi_tile_issue(int hart, long long now, long long pa, int spad, int len, char we, long long va,
                             char xlat)
{
    struct tile_ring *r = &rings[hart % UVS_MAX_HARTS];
    struct tile_beat *b;
    enum uvs_loc loc;

    if (r->n == UVS_TILE_OUTSTANDING) /* the RTL never issues more */
        return now + 1;
    b = &r->beat[(r->head + r->n++) % UVS_TILE_OUTSTANDING];
    b->pa = (uint64_t)pa;
    b->spad = (uint32_t)spad;
    b->len = (uint8_t)((unsigned)len > UVS_TILE_BEAT ? UVS_TILE_BEAT : (unsigned)len);
    b->we = we != 0;
    if (xlat)
        uvs_trace_rec_access((unsigned)hart | UVS_TRACE_REQ_TILE, (uint64_t)va, b->pa, b->we, xlat == 2,
                             uvs_sim.cycle);
    if (b->we) {
        const uint8_t *s = uvs_mem_spad(&uvs_sim.mem, (unsigned)hart, b->spad, b->len);
        if (s)
            memcpy(b->data, s, b->len);
    }
    if (!mem_range(b->pa, b->len, &loc))
        loc = UVS_LOC_SRAM; /* a bus error answers at once */
    prof_beat((uint64_t)now);
    return (long long)uvs_tile_beat_done_cycle((uint64_t)now, loc, b->len, b->we);
}

/*
 * Retires hart @hart's oldest beat: a read lands in the scratchpad, a write
 * in memory. Returns 1 when its address is not backed by memory (bus error).
 */
int uvs_dpi_tile_retire(int hart)
{
    struct tile_ring *r = &rings[hart % UVS_MAX_HARTS];
    struct tile_beat *b;
    enum uvs_loc loc;
    uint8_t *p, *s;

    if (r->n == 0)
        return 1;
    b = &r->beat[r->head];
    r->head = (r->head + 1) % UVS_TILE_OUTSTANDING;
    r->n--;
    p = mem_range(b->pa, b->len, &loc);
    s = uvs_mem_spad(&uvs_sim.mem, (unsigned)hart, b->spad, b->len);
    if (!p || !s)
        return 1;
    if (b->we)
        memcpy(p, b->data, b->len);
    else
        memcpy(s, p, b->len);
    return 0;
}

/* Writes STATUS and ERR_VA of the completed descriptor at scratchpad offset @off. */
void uvs_dpi_tile_complete(int hart, int off, long long status, long long err_va)
{
    uint8_t *d = uvs_mem_spad(&uvs_sim.mem, (unsigned)hart, (uint32_t)off, UVS_TILE_DESC_SIZE);

    if (!d)
        return;
    memcpy(d + UVS_TILE_DESC_ERR_VA, &err_va, 8);
    memcpy(d + UVS_TILE_DESC_STATUS, &status, 8);
}

/* Engine reset: its beats in flight are dropped. */
void uvs_dpi_tile_reset(int hart)
{
    struct tile_ring *r = &rings[hart % UVS_MAX_HARTS];
    r->head = 0;
    r->n = 0;
}

/*
 * uvmsoc DMA data-path testbench (rtl/soc/uvs_dma_xfer.sv against the
 * reference model sim/dma_exec.c): random descriptors, every kind of bad one
 * included, run through the RTL behind two AXI4 slave models (host memory on
 * h_axi, SRAM and HBM on d_axi, random latency and back-pressure, AXI rules
 * checked) and through uvs_dma_finish on a second copy of every memory; the
 * status, failing address, interrupt and every byte of every memory must
 * agree. Deviations the RTL is allowed (uvs_dma_xfer.sv header): after a
 * host-side bus error (DMA_ST_LINK) or an unwritable completion (257) the
 * destination may hold part of the copy; the tb then takes the RTL's
 * destination bytes into the reference's memory before comparing.
 *
 *   uvs-dma-tb [--descs N] [--seed S]   random test (default 3,000, seed 1)
 *   uvs-dma-tb --bench                  beats per cycle of long copies
 *   uvs-dma-tb --calibrate              cycles of whole descriptors with the
 *       slaves timed per burst by sim/dma_burst.c on the memory-system model
 *       (link and HBM at their default figures) against the cycles the
 *       reference's per-descriptor timing (uvs_dma_start) gives
 * The engine's beat width is TB_BEAT bytes (tb_hw.h; dma_tb.mk builds one
 * testbench per width).
 * Exit 0 pass, 1 mismatch or AXI rule broken, 2 bad option.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uvmsoc/dma.h>
#include <uvmsoc/dma_desc.h>
#include <uvmsoc/memmap.h>

#include "dma_burst.h"
#include "dma_exec.h"
#include "mem.h"
#include "dma_slave.h"
#include "tb_hw.h"
#include "tb_rng.h"

#define HOST_BASE 0x4000000000ull /* host bus address of host memory */
#define HOST_SIZE (1ull << 20)
#define SRAM_SIZE (256ull << 10)
#define HBM_SIZE (1ull << 20)
#define MAX_CYCLES 4000000ull /* per descriptor */

uint64_t tb_rng_state = 1;

/* The two worlds: the RTL's memories (rtl) and the reference's (ref). */
static struct uvs_mem rtl_mem, ref_mem;
static uint8_t *rtl_host, *ref_host;

/* @len bytes at bus address a of a world seen from a master (host side or
   device side), NULL when any is outside memory. */
static uint8_t *world_span(struct uvs_mem *mem, uint8_t *host_mem, bool host, uint64_t a, unsigned len)
{
    if (host)
        return a - HOST_BASE < HOST_SIZE && len <= HOST_SIZE - (a - HOST_BASE) ? host_mem + (a - HOST_BASE) : NULL;
    return uvs_mem_dev_ptr(mem, a, len, NULL);
}
/* The RTL's h_axi carries host bus address a as UVS_HOSTWIN_BASE + a (a
   below the window's size; dma_tb.mk sets HOST_BASE and HOST_BITS so). */
static uint8_t *rtl_span(void *ctx, bool host, uint64_t a, unsigned len)
{
    (void)ctx;
    if (host && a - UVS_HOSTWIN_BASE >= UVS_HOSTWIN_SIZE)
        return NULL;
    return world_span(&rtl_mem, rtl_host, host, host ? a - UVS_HOSTWIN_BASE : a, len);
}
static uint8_t *rtl_byte(bool host, uint64_t a) { return world_span(&rtl_mem, rtl_host, host, a, 1); }
static uint8_t *ref_byte(bool host, uint64_t a) { return world_span(&ref_mem, ref_host, host, a, 1); }
static bool rtl_is_hbm(void *ctx, uint64_t a)
{
    (void)ctx;
    return uvs_mem_is_hbm(&rtl_mem, a);
}

static struct uvs_dma_slave hs = {.name = "h_axi", .host = true, .beat = TB_BEAT, .span = rtl_span,
                                  .is_hbm = rtl_is_hbm},
                            ds = {.name = "d_axi", .beat = TB_BEAT, .span = rtl_span, .is_hbm = rtl_is_hbm};
static uint64_t now;
static struct uvs_link_model link_model; /* default figures (sim/link.h) */
static struct uvs_memsys memsys;         /* the channels the bursts reserve in --calibrate */

static struct tb_pins pins;

/* A descriptor read watched for (watch_on: its h_axi / d_axi address); watch_seen: an AR to it was offered. */
static bool watch_on, watch_host, watch_seen;
static uint64_t watch_addr;
/* Reads of a host range [ra_lo, ra_hi) watched for (the next descriptor's source: read-ahead); ra_seen: one offered. */
static uint64_t ra_lo, ra_hi;
static bool ra_seen;

static void cycle(void)
{
    uvs_dma_slave_drive(&hs, &pins.h, now);
    uvs_dma_slave_drive(&ds, &pins.d, now);
    tb_hw_eval(&pins);
    if (watch_on && (watch_host ? pins.h.arvalid && pins.h.araddr == UVS_HOSTWIN_BASE + watch_addr
                                : pins.d.arvalid && pins.d.araddr == watch_addr))
        watch_seen = true;
    if (pins.h.arvalid && pins.h.araddr - UVS_HOSTWIN_BASE >= ra_lo && pins.h.araddr - UVS_HOSTWIN_BASE < ra_hi)
        ra_seen = true;
    uvs_dma_slave_take(&hs, &pins.h, now);
    uvs_dma_slave_take(&ds, &pins.d, now);
    tb_hw_tick();
    now++;
}

/* pf_flush_i is raised for one cycle this many cycles after a start (0: never). */
static uint64_t flush_at;

/* Run one descriptor on the RTL, with abort_i raised for one cycle @abort_at
   cycles after the start (0: never); cycles from start to done or, after the
   abort, to idle; 0 on the watchdog. *done: done_o was seen. (After cycle(),
   pins holds the outputs the model gave in that cycle, before its edge.)
   pins.pf_ok / pf_addr offer the next descriptor for prefetch meanwhile. */
static uint64_t rtl_run(bool host_ring, uint64_t desc_addr, uint32_t index, uint64_t cpl_addr, uint64_t abort_at,
                        bool *done_seen)
{
    uint64_t t0 = now;
    pins.start = 1;
    pins.host_ring = host_ring;
    pins.desc_addr = desc_addr;
    pins.index = index;
    pins.cpl_addr = cpl_addr;
    pins.pf_flush = 0;
    cycle();
    pins.start = 0;
    *done_seen = false;
    while (now - t0 < MAX_CYCLES) {
        pins.abort = abort_at && now - t0 == abort_at;
        pins.pf_flush = flush_at && now - t0 == flush_at;
        cycle();
        if (pins.done) {
            *done_seen = true;
            return now - t0;
        }
        if (!pins.busy && abort_at && now - t0 > abort_at)
            return now - t0;
    }
    return 0;
}

/* Scenario kinds, counted so that the random test proves it reached every one. */
enum kind {
    K_OK, K_BAD_OPCODE, K_BAD_FLAGS, K_BAD_RSVD, K_LEN_0, K_LEN_BIG, K_DEV_SRC_OUT, K_DEV_SRC_OVER,
    K_DEV_DST_OUT, K_DEV_DST_OVER, K_HOST_SRC_OVER, K_HOST_SRC_OUT, K_HOST_DST_OVER, K_HOST_DST_OUT,
    K_DESC_FAULT, K_CPL_FAULT, K_COUNT
};
static const char *const kind_name[K_COUNT] = {
    "ok", "bad-opcode", "bad-flags", "bad-rsvd", "len-0", "len-too-big", "dev-src-outside",
    "dev-src-overrun", "dev-dst-outside", "dev-dst-overrun", "host-src-overrun", "host-src-outside",
    "host-dst-overrun", "host-dst-outside", "desc-unreadable", "cpl-unwritable"};

/* A device range of len bytes inside SRAM or HBM. */
static uint64_t dev_range(uint64_t len)
{
    bool hbm = chance(60) || len > SRAM_SIZE;
    uint64_t base = hbm ? UVS_HBM_BASE : UVS_SRAM_BASE, size = hbm ? HBM_SIZE : SRAM_SIZE;
    return base + urange(0, size - len);
}
static uint64_t host_range(uint64_t len) { return HOST_BASE + urange(0, HOST_SIZE - len); }

/* A host range of @len bytes outside host memory: above it, below it, or
   above the host window (2^47 and up: h_axi sends it to the undecoded page). */
static uint64_t host_out(uint64_t len)
{
    if (chance(20))
        return UVS_HOSTWIN_SIZE + urange(0, 1ull << 50);
    return chance(50) ? HOST_BASE + HOST_SIZE + urange(0, 1 << 16) : HOST_BASE - urange(len, 1 << 16);
}

/* A random descriptor of kind k; *host_ring, *desc_addr, *cpl_addr: where its rings are. */
static struct uvs_dma_desc make_desc(enum kind k, bool *host_ring, uint64_t *desc_addr, uint64_t *cpl_addr)
{
    struct uvs_dma_desc d = {.opcode = (uint8_t)urange(UVS_DMA_OP_H2D, UVS_DMA_OP_D2D),
                             .flags = chance(50) ? UVS_DMA_FLAG_IRQ : 0, .cookie = rnd()};
    uint64_t len = chance(10) ? urange(4097, 70000) : chance(30) ? urange(1, 130) : urange(1, 4096);
    if (k == K_DEV_SRC_OVER || k == K_DEV_DST_OVER || k == K_HOST_SRC_OVER || k == K_HOST_DST_OVER)
        len += len < 2; /* an overrun needs a byte on each side of the end */
    if (k == K_HOST_SRC_OVER || k == K_HOST_SRC_OUT)
        d.opcode = UVS_DMA_OP_H2D;
    if (k == K_HOST_DST_OVER || k == K_HOST_DST_OUT)
        d.opcode = UVS_DMA_OP_D2H;
    if (k == K_DEV_SRC_OUT || k == K_DEV_SRC_OVER)
        d.opcode = chance(50) ? UVS_DMA_OP_D2H : UVS_DMA_OP_D2D;
    if (k == K_DEV_DST_OUT || k == K_DEV_DST_OVER)
        d.opcode = chance(50) ? UVS_DMA_OP_H2D : UVS_DMA_OP_D2D;
    d.len = (uint32_t)len;
    d.src = d.opcode == UVS_DMA_OP_H2D ? host_range(len) : dev_range(len);
    d.dst = d.opcode == UVS_DMA_OP_D2H ? host_range(len) : dev_range(len);
    /* device-to-device copies may overlap only with dst below src (a forward copy) */
    if (d.opcode == UVS_DMA_OP_D2D && d.dst > d.src && d.dst < d.src + len) {
        uint64_t t = d.src;
        d.src = d.dst;
        d.dst = t;
    }
    switch (k) {
    case K_BAD_OPCODE: d.opcode = chance(50) ? 0 : (uint8_t)urange(4, 255); break;
    case K_BAD_FLAGS: d.flags |= (uint8_t)(urange(1, 127) << 1); break;
    case K_BAD_RSVD: d.rsvd = (uint16_t)urange(1, 0xffff); break;
    case K_LEN_0: d.len = 0; break;
    case K_LEN_BIG: d.len = (uint32_t)urange(UVS_DMA_MAX_LEN + 1ull, 0xffffffffull); break;
    case K_DEV_SRC_OUT: d.src = chance(50) ? UVS_HBM_BASE + HBM_SIZE + urange(0, 1 << 20) : urange(0, UVS_SRAM_BASE - 1); break;
    case K_DEV_SRC_OVER: d.src = (chance(50) ? UVS_SRAM_BASE + SRAM_SIZE : UVS_HBM_BASE + HBM_SIZE) - urange(1, len > 1 ? len - 1 : 1); break;
    case K_DEV_DST_OUT: d.dst = UVS_SRAM_BASE + SRAM_SIZE + urange(0, 4096); break;
    case K_DEV_DST_OVER: d.dst = (chance(50) ? UVS_SRAM_BASE + SRAM_SIZE : UVS_HBM_BASE + HBM_SIZE) - urange(1, len > 1 ? len - 1 : 1); break;
    case K_HOST_SRC_OVER: d.src = HOST_BASE + HOST_SIZE - urange(1, len > 1 ? len - 1 : 1); break;
    case K_HOST_SRC_OUT: d.src = host_out(len); break;
    case K_HOST_DST_OVER: d.dst = HOST_BASE + HOST_SIZE - urange(1, len > 1 ? len - 1 : 1); break;
    case K_HOST_DST_OUT: d.dst = host_out(len); break;
    default: break;
    }
    /* rings: the last 8 KiB of host memory or of SRAM */
    *host_ring = chance(50);
    uint64_t ring = *host_ring ? HOST_BASE + HOST_SIZE - 8192 : UVS_SRAM_BASE + SRAM_SIZE - 8192;
    *desc_addr = ring + 32 * urange(0, 127);
    *cpl_addr = ring + 4096 + 32 * urange(0, 127);
    if (k == K_DESC_FAULT)
        *desc_addr = (*host_ring ? HOST_BASE + HOST_SIZE : UVS_SRAM_BASE + SRAM_SIZE) + 32 * urange(0, 1000);
    if (k == K_CPL_FAULT)
        *cpl_addr = (*host_ring ? HOST_BASE - 32 * urange(1, 1000) : UVS_HBM_BASE + HBM_SIZE + 32 * urange(0, 1000));
    return d;
}

/* Byte pointer of the reference's world for a ring (host or device memory). */
static uint8_t *ref_ring(const struct uvs_dma_env *e, bool host_ring, uint64_t a, uint64_t n)
{
    return host_ring ? uvs_dma_host_ptr(e, a, n, NULL) : uvs_mem_dev_ptr(&ref_mem, a, n, NULL);
}

/* First differing byte of the two worlds: 0 = none, else prints it and returns 1. */
static int compare_worlds(void)
{
    struct { const char *name; uint64_t base; uint8_t *a, *b; uint64_t n; } w[] = {
        {"host", HOST_BASE, rtl_host, ref_host, HOST_SIZE},
        {"SRAM", UVS_SRAM_BASE, rtl_mem.sram, ref_mem.sram, SRAM_SIZE},
        {"HBM", UVS_HBM_BASE, rtl_mem.hbm, ref_mem.hbm, HBM_SIZE},
    };
    for (unsigned i = 0; i < 3; i++)
        if (memcmp(w[i].a, w[i].b, w[i].n))
            for (uint64_t j = 0; j < w[i].n; j++)
                if (w[i].a[j] != w[i].b[j]) {
                    fprintf(stderr, "FAIL %s byte 0x%" PRIx64 ": RTL 0x%02x, reference 0x%02x\n", w[i].name,
                            w[i].base + j, w[i].a[j], w[i].b[j]);
                    return 1;
                }
    return 0;
}

/* Copy the RTL's bytes of [a, a + n) into the reference's world (host or device side). */
static void take_rtl_range(bool host, uint64_t a, uint64_t n)
{
    for (uint64_t i = 0; i < n && i < (1u << 20) + 4096; i++) { /* no memory is larger (a bad length may be) */
        uint8_t *r = rtl_byte(host, a + i), *m = ref_byte(host, a + i);
        if (r && m)
            *m = *r;
    }
}

/* Whether the byte ranges [a, a + an) and [b, b + bn) share a byte. */
static bool overlaps(uint64_t a, uint64_t an, uint64_t b, uint64_t bn)
{
    return a < b + bn && b < a + an;
}

/* An abandoned descriptor may leave each destination byte old or copied,
   nothing else (no stray strobes), except inside its completion slot
   (@host_ring side, at @cpl_addr: a record already being written
   finishes); 0 or 1 (printed). Overlapping copies are not checked. */
static int check_abandoned(const struct uvs_dma_desc *d, bool host_ring, uint64_t cpl_addr)
{
    bool sh = d->opcode == UVS_DMA_OP_H2D, dh = d->opcode == UVS_DMA_OP_D2H;
    if (d->opcode == UVS_DMA_OP_D2D && overlaps(d->src, d->len, d->dst, d->len))
        return 0;
    for (uint64_t i = 0; i < d->len && i < HOST_SIZE; i++) {
        uint8_t *r = rtl_byte(dh, d->dst + i), *old = ref_byte(dh, d->dst + i), *src = ref_byte(sh, d->src + i);
        if (dh == host_ring && d->dst + i - cpl_addr < sizeof(struct uvs_dma_cpl))
            continue;
        if (r && old && *r != *old && (!src || *r != *src)) {
            fprintf(stderr, "FAIL abandoned descriptor: byte 0x%" PRIx64 " is 0x%02x, neither old 0x%02x nor copied\n",
                    d->dst + i, *r, *old);
            return 1;
        }
    }
    return 0;
}

/* A read-ahead was offered since the slaves were last found quiet: a dropped one's
   beats may still be on their way (the engine takes them whenever they come). */
static bool ra_live;

/* Every burst the engine issued was completed: the slaves hold nothing (after
   up to 20,000 idle cycles while a dropped read-ahead may still be answered). */
static int check_quiet(void)
{
    for (unsigned i = 0; ra_live && i < 20000 && (uvs_dma_slave_busy(&hs) || uvs_dma_slave_busy(&ds)); i++)
        cycle();
    if (uvs_dma_slave_quiet(&hs) || uvs_dma_slave_quiet(&ds))
        return 1;
    ra_live = false;
    return 0;
}

static int setup(void)
{
    if (uvs_mem_init(&rtl_mem, SRAM_SIZE) || uvs_mem_hbm_init(&rtl_mem, HBM_SIZE) ||
        uvs_mem_init(&ref_mem, SRAM_SIZE) || uvs_mem_hbm_init(&ref_mem, HBM_SIZE))
        return -ENOMEM;
    rtl_host = malloc(HOST_SIZE);
    ref_host = malloc(HOST_SIZE);
    if (!rtl_host || !ref_host || tb_hw_init())
        return -ENOMEM;
    for (uint64_t i = 0; i < HOST_SIZE; i++)
        rtl_host[i] = (uint8_t)rnd();
    for (uint64_t i = 0; i < SRAM_SIZE; i++)
        rtl_mem.sram[i] = (uint8_t)rnd();
    for (uint64_t i = 0; i < HBM_SIZE; i++)
        rtl_mem.hbm[i] = (uint8_t)rnd();
    memcpy(ref_host, rtl_host, HOST_SIZE);
    memcpy(ref_mem.sram, rtl_mem.sram, SRAM_SIZE);
    memcpy(ref_mem.hbm, rtl_mem.hbm, HBM_SIZE);
    pins.sram_size = SRAM_SIZE;
    pins.hbm_size = HBM_SIZE;
    pins.rst_n = 0;
    for (int i = 0; i < 4; i++)
        cycle();
    pins.rst_n = 1;
    return 0;
}

/* One descriptor of the random test and where it runs. */
struct plan {
    enum kind k;
    struct uvs_dma_desc d;
    bool host_ring;
    uint64_t desc_addr, cpl_addr;
    uint32_t index;
};

static void plan_make(struct plan *p)
{
    p->k = chance(60) ? K_OK : (enum kind)urange(1, K_COUNT - 1);
    p->d = make_desc(p->k, &p->host_ring, &p->desc_addr, &p->cpl_addr);
    p->index = (uint32_t)urange(0, 4095);
}

/* Write p's descriptor into both worlds (nothing when its address is outside memory); true when written. */
static bool plan_store(const struct uvs_dma_env *env, const struct plan *p)
{
    uint8_t *rp = ref_ring(env, p->host_ring, p->desc_addr, sizeof p->d);
    if (!rp)
        return false;
    memcpy(rp, &p->d, sizeof p->d);
    for (unsigned i = 0; i < sizeof p->d; i++)
        *rtl_byte(p->host_ring, p->desc_addr + i) = ((const uint8_t *)&p->d)[i];
    return true;
}

/* A host source of @len bytes that covers the 32-byte record at @cpl (a
   copy of the completion ring: the previous descriptor's record must be
   read as written, not as it was when the copy was offered for prefetch). */
static uint64_t covering_src(uint64_t cpl, uint64_t len)
{
    uint64_t room = HOST_BASE + HOST_SIZE - cpl; /* bytes from the record to the end of host memory */
    uint64_t off = urange(len > room ? len - room : 0, len - 1);
    return cpl - off;
}

/* Whether @nx's descriptor may be prefetched while @cur runs: same ring
   (master), another slot, and nothing @cur writes covers it (a driver
   hands a descriptor over only once it is written; in the tb a copy could
   overwrite it after the prefetch read it). Nor may its slot lie in the
   source of an H2D @cur that was itself offered for prefetch (@cur_offered):
   @cur was handed over then and its source may have been read ahead during
   the previous run, before the tb stores @nx (a driver writes no handed-over
   descriptor's source; unoffered, @nx is stored once @cur is done). */
static bool may_prefetch(const struct plan *cur, const struct plan *nx, bool cur_offered)
{
    bool dh = cur->d.opcode == UVS_DMA_OP_D2H;
    if (nx->host_ring != cur->host_ring || nx->desc_addr == cur->desc_addr)
        return false;
    if (dh == nx->host_ring && overlaps(nx->desc_addr, 32, cur->d.dst, cur->d.len))
        return false;
    if (cur_offered && cur->d.opcode == UVS_DMA_OP_H2D && nx->host_ring &&
        overlaps(nx->desc_addr, 32, cur->d.src, cur->d.len))
        return false;
    return true;
}

/*
 * Random descriptors, each run on the RTL and the reference and compared.
 * Most runs offer the next descriptor for prefetch (pf_ok_i); some forget
 * it again (pf_flush_i) mid-run; the next run then starts that descriptor,
 * so it is taken from the prefetch (counted: a run whose descriptor is not
 * read again) or read again after a flush, an abort or a prefetch answered
 * with an error (unreadable descriptors); an offered H2D descriptor's source
 * may be read ahead (counted: its reads seen during the previous run). The
 * slaves must be quiet after a run that neither offered a prefetch nor was
 * prefetched itself (a prefetch's read may still be in flight at done_o;
 * the next run takes it); after a read-ahead, check_quiet first lets a
 * dropped one's beats arrive.
 */
static int random_test(unsigned descs)
{
    unsigned count[K_COUNT] = {0}, aborted = 0, pf_hits = 0, pf_offered = 0, read_ahead = 0, cpl_reads = 0;
    struct uvs_dma_env env = {.mem = &ref_mem, .host = ref_host, .host_base = HOST_BASE, .host_size = HOST_SIZE};
    struct plan cur, nx;
    bool cur_stored = false, cur_prefetched = false;
    plan_make(&cur);
    for (unsigned n = 0; n < descs; n++) {
        if (n % 200 == 0) { /* new timing every 200 descriptors */
            hs.lat = (unsigned)urange(1, 120), ds.lat = (unsigned)urange(1, 40);
            hs.p_ready = ds.p_ready = chance(30) ? 100 : (unsigned)urange(30, 100);
            hs.p_rvalid = ds.p_rvalid = chance(30) ? 100 : (unsigned)urange(30, 100);
            /* sometimes AW much slower than W: data runs ahead of its announcements */
            hs.p_awready = ds.p_awready = chance(30) ? (unsigned)urange(2, 10) : hs.p_ready;
        }
        if (!cur_prefetched) /* (a prefetched one was stored before the previous run) */
            cur_stored = plan_store(&env, &cur);
        enum kind k = cur.k;
        struct uvs_dma_desc d = cur.d;
        struct uvs_dma_job job = {.desc_addr = cur.desc_addr, .index = cur.index};
        if (cur_stored) {
            job.fetched = true;
            job.d = d;
        }
        plan_make(&nx);
        if (cur.host_ring && cur.k != K_CPL_FAULT && nx.k == K_OK && nx.d.opcode == UVS_DMA_OP_H2D && chance(10))
            nx.d.src = covering_src(cur.cpl_addr, nx.d.len);
        bool pf = chance(70) && may_prefetch(&cur, &nx, cur_prefetched);
        cpl_reads += pf && cur.host_ring && nx.d.opcode == UVS_DMA_OP_H2D &&
                     overlaps(cur.cpl_addr, 1, nx.d.src, nx.d.len); /* the record's first byte in the source */
        bool nx_stored = pf && plan_store(&env, &nx);
        pins.pf_ok = pf;
        pins.pf_addr = nx.desc_addr;
        pf_offered += pf;
        bool abort = chance(8), done;
        uint64_t abort_at = abort ? urange(1, d.len / 32 + 200) : 0;
        flush_at = pf && chance(10) ? urange(1, d.len / 32 + 300) : 0;
        if (abort && chance(50))
            flush_at = abort_at; /* a channel RESET forgets the prefetch */
        watch_on = cur_prefetched;
        watch_host = cur.host_ring;
        watch_addr = cur.desc_addr;
        watch_seen = false;
        ra_lo = ra_hi = 0;
        if (pf && nx.d.opcode == UVS_DMA_OP_H2D && nx.d.len) { /* its source's beats, should they be read ahead */
            ra_lo = nx.d.src & ~(uint64_t)(TB_BEAT - 1);
            ra_hi = nx.d.src + nx.d.len;
        }
        ra_seen = false;
        uint64_t cyc = rtl_run(cur.host_ring, cur.desc_addr, cur.index, cur.cpl_addr, abort_at, &done);
        pins.pf_ok = 0;
        flush_at = 0;
        pf_hits += cur_prefetched && !watch_seen;
        read_ahead += ra_seen;
        ra_live = ra_live || ra_seen;
        bool host_ring = cur.host_ring;
        uint64_t cpl_addr = cur.cpl_addr;
        /* the next run: nx, offered for prefetch or not */
        cur_prefetched = pf;
        cur = nx;
        cur_stored = nx_stored;
        if (cyc && abort && !done) { /* abandoned: the destination and the completion slot may hold anything of it */
            if (pins.busy) {
                fprintf(stderr, "FAIL descriptor %u: busy after the abort\n", n);
                return 1;
            }
            aborted++;
            /* (its own prefetch may still be in flight if the abort came before the engine took it) */
            if (check_abandoned(&d, host_ring, cpl_addr) || (!pf && !watch_on && check_quiet()))
                return 1;
            take_rtl_range(d.opcode == UVS_DMA_OP_D2H, d.dst, d.len);
            take_rtl_range(host_ring, cpl_addr, sizeof(struct uvs_dma_cpl));
            if ((hs.axi_errors + ds.axi_errors) || compare_worlds()) {
                fprintf(stderr, "FAIL descriptor %u (%s, aborted): op %u len %u\n", n, kind_name[k], d.opcode, d.len);
                return 1;
            }
            continue;
        }
        uint64_t ref_err;
        bool ref_irq;
        int ref_st = uvs_dma_finish(&env, host_ring ? UVS_DMA_CHAN_HOST : UVS_DMA_CHAN_FW, &job, cpl_addr,
                                    &ref_err, &ref_irq);
        count[k]++;
        if (!cyc) {
            fprintf(stderr, "FAIL descriptor %u (%s): no done within %llu cycles\n", n, kind_name[k], MAX_CYCLES);
            return 1;
        }
        bool partial = pins.status == UVS_DMA_ST_LINK || pins.status == UVS_DMA_X_CPL_FAULT;
        if (pins.status != ref_st || pins.err_addr != ref_err || pins.irq != ref_irq) {
            fprintf(stderr,
                    "FAIL descriptor %u (%s): op %u len %u src 0x%" PRIx64 " dst 0x%" PRIx64 " ring %s: RTL status %u "
                    "err 0x%" PRIx64 " irq %u, reference %d 0x%" PRIx64 " %d\n",
                    n, kind_name[k], d.opcode, d.len, d.src, d.dst, host_ring ? "host" : "device", pins.status,
                    pins.err_addr, pins.irq, ref_st, ref_err, ref_irq);
            return 1;
        }
        if (partial) /* the RTL's destination may hold (part of) the copy, the reference's none */
            take_rtl_range(d.opcode == UVS_DMA_OP_D2H, d.dst, d.len);
        if ((hs.axi_errors + ds.axi_errors) || (!pf && !watch_on && check_quiet()) || compare_worlds()) {
            fprintf(stderr, "FAIL descriptor %u (%s): op %u len %u src 0x%" PRIx64 " dst 0x%" PRIx64 " ring %s%s%s\n", n,
                    kind_name[k], d.opcode, d.len, d.src, d.dst, host_ring ? "host" : "device",
                    pf ? ", the next prefetched meanwhile" : "", watch_on ? ", prefetched itself" : "");
            return 1;
        }
    }
    for (unsigned k = 0; k < K_COUNT; k++)
        if (!count[k]) {
            fprintf(stderr, "FAIL: no descriptor of kind %s in %u (raise --descs)\n", kind_name[k], descs);
            return 1;
        }
    if (!aborted) {
        fprintf(stderr, "FAIL: no descriptor abandoned by abort_i in %u (raise --descs)\n", descs);
        return 1;
    }
    if (!pf_hits || !read_ahead || !cpl_reads) {
        fprintf(stderr,
                "FAIL: no descriptor taken from a prefetch (%u), read ahead (%u) or reading the previous one's "
                "completion record (%u) in %u (raise --descs)\n",
                pf_hits, read_ahead, cpl_reads, descs);
        return 1;
    }
    printf("PASS random: %u descriptors, every kind (%u kinds), %u abandoned, %u prefetched (%u not read again, "
           "%u read ahead, %u reading the previous completion record), %" PRIu64 " cycles\n",
           descs, K_COUNT, aborted, pf_offered, pf_hits, read_ahead, cpl_reads, now);
    return 0;
}

/* Beats per cycle of long copies with slaves always ready. */
static int bench(void)
{
    static const struct { const char *what; uint8_t op; unsigned hlat, dlat; } run[] = {
        {"D2D 64 KiB, HBM latency 20", UVS_DMA_OP_D2D, 20, 20},
        {"H2D 64 KiB, link latency 20", UVS_DMA_OP_H2D, 20, 20},
        {"H2D 64 KiB, link latency 100", UVS_DMA_OP_H2D, 100, 20},
        {"D2H 64 KiB, link latency 100", UVS_DMA_OP_D2H, 100, 20},
    };
    hs.p_ready = ds.p_ready = hs.p_awready = ds.p_awready = hs.p_rvalid = ds.p_rvalid = 100;
    for (unsigned i = 0; i < sizeof run / sizeof run[0]; i++) {
        hs.lat = run[i].hlat, ds.lat = run[i].dlat;
        struct uvs_dma_desc d = {.opcode = run[i].op, .len = 65536};
        d.src = d.opcode == UVS_DMA_OP_H2D ? HOST_BASE : UVS_HBM_BASE;
        d.dst = d.opcode == UVS_DMA_OP_D2H ? HOST_BASE + 65536 : UVS_HBM_BASE + 65536;
        memcpy(rtl_mem.sram, &d, sizeof d);
        bool done;
        uint64_t cyc = rtl_run(false, UVS_SRAM_BASE, 0, UVS_SRAM_BASE + 4096, 0, &done);
        if (!cyc || pins.status != UVS_DMA_ST_OK) {
            fprintf(stderr, "FAIL bench %s: status %u\n", run[i].what, pins.status);
            return 1;
        }
        printf("bench %-32s %6" PRIu64 " cycles, %.2f beats/cycle (%u-byte beats)\n", run[i].what, cyc,
               65536.0 / TB_BEAT / (double)cyc, TB_BEAT);
    }
    return 0;
}

/* Whole descriptors on the RTL with bursts timed on the memory-system model,
   against the reference's per-descriptor timing on a fresh model. */
static int calibrate(void)
{
    static const struct { const char *what; uint8_t op; uint32_t len; } run[] = {
        {"H2D 4 KiB", UVS_DMA_OP_H2D, 4096},       {"H2D 64 KiB", UVS_DMA_OP_H2D, 65536},
        {"H2D 512 KiB", UVS_DMA_OP_H2D, 524288},   {"D2H 4 KiB", UVS_DMA_OP_D2H, 4096},
        {"D2H 64 KiB", UVS_DMA_OP_D2H, 65536},     {"D2H 512 KiB", UVS_DMA_OP_D2H, 524288},
        {"D2D HBM 64 KiB", UVS_DMA_OP_D2D, 65536}, {"D2D HBM 256 KiB", UVS_DMA_OP_D2D, 262144},
    };
    hs.p_ready = ds.p_ready = hs.p_awready = ds.p_awready = hs.p_rvalid = ds.p_rvalid = 100;
    uvs_link_defaults(&link_model);
    hs.ms = ds.ms = &memsys;
    hs.model = ds.model = &link_model;
    printf("calibrate: %u-byte beats, device clock %u kHz, link %u cycles one way, HBM %u cycles\n", TB_BEAT,
           link_model.clock_khz, link_model.latency, link_model.hbm_latency);
    for (unsigned i = 0; i < sizeof run / sizeof run[0]; i++) {
        struct uvs_dma_desc d = {.opcode = run[i].op, .len = run[i].len};
        d.src = d.opcode == UVS_DMA_OP_H2D ? HOST_BASE : UVS_HBM_BASE;
        d.dst = d.opcode == UVS_DMA_OP_D2H ? HOST_BASE : UVS_HBM_BASE + HBM_SIZE / 2;
        memcpy(rtl_mem.sram, &d, sizeof d);
        memcpy(ref_mem.sram, &d, sizeof d);
        bool done;
        if (uvs_memsys_init(&memsys, &link_model))
            return 1;
        uint64_t rtl = rtl_run(false, UVS_SRAM_BASE, 0, UVS_SRAM_BASE + 4096, 0, &done);
        uvs_memsys_fini(&memsys);
        if (!rtl || pins.status != UVS_DMA_ST_OK) {
            fprintf(stderr, "FAIL calibrate %s: status %u\n", run[i].what, pins.status);
            return 1;
        }
        struct uvs_memsys ref_ms;
        if (uvs_memsys_init(&ref_ms, &link_model))
            return 1;
        struct uvs_dma_env env = {.mem = &ref_mem, .host = ref_host, .host_base = HOST_BASE,
                                  .host_size = HOST_SIZE, .model = &link_model, .ms = &ref_ms};
        struct uvs_dma_job job;
        uint64_t ref = uvs_dma_start(&env, UVS_DMA_CHAN_FW, UVS_SRAM_BASE, 0, &job);
        uvs_memsys_fini(&ref_ms);
        printf("calibrate %-16s RTL %7" PRIu64 " cycles, reference %7" PRIu64 " cycles, RTL / reference %.2f, "
               "%.1f bytes/cycle\n", run[i].what, rtl, ref, (double)rtl / (double)ref, (double)d.len / (double)rtl);
    }
    return 0;
}

int main(int argc, char **argv)
{
    unsigned long descs = 3000, seed = 1;
    bool do_bench = false, do_cal = false;
    for (int i = 1; i < argc; i++) {
        char *end = NULL;
        if (!strcmp(argv[i], "--bench")) {
            do_bench = true;
        } else if (!strcmp(argv[i], "--calibrate")) {
            do_cal = true;
        } else if ((!strcmp(argv[i], "--descs") || !strcmp(argv[i], "--seed")) && i + 1 < argc) {
            unsigned long v = strtoul(argv[i + 1], &end, 0);
            if (!*argv[i + 1] || *end || argv[i + 1][0] == '-') {
                fprintf(stderr, "uvs-dma-tb: %s needs a non-negative number, got '%s'\n", argv[i], argv[i + 1]);
                return 2;
            }
            *(!strcmp(argv[i], "--descs") ? &descs : &seed) = v;
            i++;
        } else {
            fprintf(stderr, "uvs-dma-tb: unknown or incomplete option '%s'\n"
                            "usage: uvs-dma-tb [--descs N] [--seed S] | --bench | --calibrate\n", argv[i]);
            return 2;
        }
    }
    tb_rng_state = seed * 0x9e3779b97f4a7c15ull + 1;
    hs.rng = tb_rng_state ^ 0x5555555555555555ull; /* the slaves' readiness: their own sequences */
    ds.rng = tb_rng_state ^ 0xaaaaaaaaaaaaaaaaull;
    if (setup()) {
        fprintf(stderr, "uvs-dma-tb: out of memory\n");
        return 1;
    }
    int r = do_cal ? calibrate() : do_bench ? bench() : random_test((unsigned)descs);
    tb_hw_fini();
    return r;
}

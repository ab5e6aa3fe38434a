/*
 * mt_mem: memory model of the uvs_mt_core testbench, behind the tagged
 * on-chip bus (docs/architecture.md "Tagged bus"): several requests
 * outstanding per port, responses in any order across ids, LR/SC and AMOs
 * performed at the memory (RISC-V unprivileged spec 20191213 ch. 8).
 *
 * Regions: a 4 KiB ROM at MT_MEM_ROM_BASE (boot stub of the reference
 * core), RAM at MT_MEM_RAM_BASE, and a "park" alias of the RAM at
 * MT_MEM_PARK_BASE whose accesses take park_cycles (a stand-in for an
 * IOMMU request parked on a replayable fault). Anything else is a bus
 * error. An access is performed when its response is delivered, so
 * responses reordered across ids reorder the accesses too.
 * Reservations: one per requester (port, id), on an 8-byte granule.
 */
#ifndef MT_MEM_H
#define MT_MEM_H

#include <stdbool.h>
#include <stdint.h>

#define MT_MEM_ROM_BASE  0x1000ULL
#define MT_MEM_ROM_SIZE  0x1000ULL
#define MT_MEM_RAM_BASE  0x80000000ULL
#define MT_MEM_PARK_BASE 0xC0000000ULL
#define MT_MEM_MAX_PORTS 8    /* 2 per core: 0 fetch, 1 data */
#define MT_MEM_MAX_IDS   64   /* bus id values (threads per core) */
#define MT_MEM_QMAX      64   /* requests outstanding per port */

/* One request accepted by a port, waiting for its response. */
struct mt_req {
    uint64_t addr, wdata;
    uint64_t ready;   /* first cycle its response may be visible */
    uint8_t we, be, amo, id;
};

/* Timing of the model; all zero = every response one cycle after grant. */
struct mt_mem_timing {
    unsigned max_delay;    /* extra cycles, uniform in 0..max_delay, per request */
    unsigned stall_pct;    /* percent of cycles a port refuses requests (gnt = 0) */
    unsigned park_cycles;  /* latency of an access to the park window */
    uint64_t seed;         /* PRNG seed (xorshift64*), non-zero */
};

struct mt_mem {
    uint8_t rom[MT_MEM_ROM_SIZE];
    uint8_t *ram;
    uint64_t ram_size;
    struct mt_mem_timing tm;
    uint64_t rng;
    struct {
        struct mt_req q[MT_MEM_QMAX];
        unsigned n;
        uint64_t busy;     /* ids with a request outstanding */
    } port[MT_MEM_MAX_PORTS];
    struct {
        bool valid;
        uint64_t granule;
    } resv[MT_MEM_MAX_PORTS * MT_MEM_MAX_IDS];
    unsigned nresv;        /* valid reservations (stores skip the scan at 0) */
};

/* Allocate ram_size bytes of zeroed RAM (multiple of 8, at most 1 GiB).
 * Returns 0, -EINVAL (bad size or timing: seed 0), -ENOMEM. */
int mt_mem_init(struct mt_mem *m, uint64_t ram_size, const struct mt_mem_timing *tm);
void mt_mem_fini(struct mt_mem *m);

/* Host pointer to [addr, addr + len) inside ROM or RAM, or NULL. */
uint8_t *mt_mem_ptr(struct mt_mem *m, uint64_t addr, uint64_t len);

/* A request granted on `port` at cycle `now` (the response may be visible
 * from cycle now + 1). be: byte lanes of the aligned 8-byte word; amo:
 * UVS_AMO_*. Returns 0; -EINVAL bad port or id; -EBUSY the id already has a
 * request outstanding on this port (a tagged-bus contract violation by the
 * requester); -ENOSPC too many outstanding. */
int mt_mem_request(struct mt_mem *m, unsigned port, unsigned id, uint64_t addr, bool we,
                   uint8_t be, uint64_t wdata, uint8_t amo, uint64_t now);

/* The response to make visible in cycle now + 1, if any is due: picks one
 * due request of the port (at random when delays are on, else the oldest),
 * performs it and returns 1 with *id, *rdata (aligned word; fetch ports:
 * the 32-bit instruction at addr in bits 31:0; SC: 0 success, 1 failure)
 * and *err (bus error). Returns 0 when none is due. */
int mt_mem_respond(struct mt_mem *m, unsigned port, uint64_t now, unsigned *id,
                   uint64_t *rdata, bool *err);

/* Whether `port` grants requests in the next cycle (random stalls). */
bool mt_mem_accept(struct mt_mem *m, unsigned port);

/* Requests outstanding on `port`. */
unsigned mt_mem_pending(const struct mt_mem *m, unsigned port);

#endif

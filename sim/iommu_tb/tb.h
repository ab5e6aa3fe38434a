/*
 * uvmsoc IOMMU testbench (sim/iommu_tb/): the RTL uvs_iommu driven cycle by
 * cycle from C and checked, request by request, against the C reference
 * model (sim/model/uvs_iommu_model.h).
 *
 * Two memories with the same contents: the RTL's (behind the IOMMU's memory
 * master port, with a configurable latency: the HBM) and the model's. The
 * testbench's "firmware" writes both. Requester ports issue requests; each
 * translation decision the RTL commits (trace port trc_*: a fast-path hit,
 * a walker result, a command) is replayed on the model in the same order,
 * and the outcome compared: status, physical address (checked again on the
 * downstream port), fault cause, page-request group; the requester's
 * response is checked against it (downstream data, or err = 1). Register
 * reads are compared with the model's registers at the read's cycle, and
 * memory images (page tables with their A/D bits, queue records) are
 * compared whole with tb_check_memory().
 */
#ifndef UVS_IOMMU_TB_H
#define UVS_IOMMU_TB_H

#include <stdbool.h>
#include <stdint.h>

#include "tb_hw.h"
#include "uvs_iommu_model.h"

/** Testbench settings. */
struct tb_cfg {
    unsigned hbm_latency; /**< memory port: cycles from gnt to rvalid (>= 1) */
    unsigned dn_latency;  /**< downstream ports: cycles from gnt to rvalid (>= 1) */
    bool jitter;          /**< add 0..latency random cycles to each access */
    bool prqw;            /**< random test: contexts with UVS_PRQ also get UVS_PRQW (write-permission page requests) */
    uint64_t seed;        /**< random seed (stimulus and jitter) */
    uint64_t mem_base;    /**< physical address of the IOMMU's memory (HBM) */
    uint64_t mem_size;    /**< bytes */
    bool verbose;         /**< print every commit */
    uint64_t max_cycles;  /**< watchdog: a test fails beyond this many cycles */
};

/** What the checker expects of a requester port's current request. */
enum tb_exp {
    TB_EXP_NONE = 0, /**< waiting for the RTL's decision */
    TB_EXP_OK,       /**< translated: downstream request at exp_pa, then its response */
    TB_EXP_FAULT,    /**< answered with err = 1 */
    TB_EXP_PARKED,   /**< parked until PAGE_REPLAY */
    TB_EXP_RETRY,    /**< page-request or fault queue without room: held, the RTL walks again later */
};

/** Request kinds of the requester ports. */
enum tb_kind { TB_LOAD, TB_STORE, TB_FETCH, TB_AMO, TB_LR, TB_SC };

/** One requester: a request id of a port (lane l = id l / TB_PORTS of port l % TB_PORTS, tb_hw.h). */
struct tb_port {
    int state;                 /**< 0 idle, 1 request held, 2 waiting for the response */
    struct uvs_iommu_req req;  /**< the request as the model sees it */
    enum tb_kind kind;
    uint8_t we, be, amo;
    uint64_t wdata;
    enum tb_exp exp;
    uint64_t exp_pa;
    bool dn_seen;              /**< downstream request seen */
    uint64_t dn_rdata;         /**< what the downstream responder answered */
    uint8_t dn_err;
    bool walked;               /**< this request went through the walker */
    /* last completed request */
    bool done;
    uint8_t resp_err;
    uint64_t resp_rdata;
    uint64_t t_gnt, t_dn, t_resp; /**< cycles of the request's grant, downstream request, response */
    /* autonomous traffic (tb_random.c, tb_bench.c) */
    unsigned gap;
};

/** A physical port: the lane whose request it presents, and its downstream responder. */
struct tb_phys {
    int pres;          /**< lane presenting its request (held until gnt), -1 none */
    unsigned rr;       /**< next id to consider first */
    bool dn_busy;
    uint64_t dn_due;
    uint64_t dn_q_rdata;
    uint8_t dn_q_err;
};

/** Counters. */
struct tb_stats {
    uint64_t requests, ok, faults, parks, retries, hits, walks, commands, replays_failed;
    uint64_t reg_reads, mem_accesses, data_errors;
    uint64_t parked_max;  /**< most requests parked at once (RTL trc_parked_o) */
};

/** The testbench. */
struct tb {
    struct tb_cfg cfg;
    struct tb_pins pins;
    uint64_t cycle;
    uint64_t rng;
    /* memories */
    uint8_t *rtl_buf, *mdl_buf;
    struct uvs_iommu_flatmem mdl_fm;
    struct uvs_iommu_mem mdl_mem;
    uint64_t next_page; /**< page allocator (tb_alloc_page) */
    /* memory port responder */
    bool mem_busy;
    uint64_t mem_due, mem_rdata;
    uint8_t mem_err;
    bool resv_valid;
    uint64_t resv_addr;
    /* concurrent-writer hook: after an LR to hook_addr, store hook_val (both memories) */
    bool hook_armed;
    uint64_t hook_addr, hook_val;
    /* reference model */
    struct uvs_iommu_model model;
    struct tb_port port[TB_LANES]; /**< requesters, by lane */
    struct tb_phys phys[TB_PORTS];
    int lanes; /**< lanes given autonomous traffic (default TB_PORTS: id 0 of each port) */
    /* register access in flight */
    struct {
        bool active, granted, done, model_bad;
        uint64_t addr, wdata, model_val, rdata;
        uint8_t we, be, amo, err;
        uint32_t off;
        unsigned bytes;
    } mmio;
    uint32_t cq_tail; /**< firmware's copy of cqt */
    bool last_walk_busy, irq;
    bool traffic;     /**< autonomous requests on (tb_random.c) */
    /**
     * Each decision must be an IOTLB hit exactly when the model's caches hold
     * the translation. Only valid with one request at a time after both
     * caches were emptied and refilled without eviction (tb_random.c probe):
     * otherwise the RTL decides hit or miss at request time and the model at
     * commit time, and replayed requests always walk.
     */
    bool check_hits;
    int failed;
    struct tb_stats st;
};

/** Make a testbench (Verilator model, memories, model reset). Returns 0 or -errno. */
int tb_init(struct tb *tb, const struct tb_cfg *cfg);
/** Free it. */
void tb_fini(struct tb *tb);
/** Report a checker failure (printf format); sets tb->failed. */
void tb_fail(struct tb *tb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/** Random 64-bit number from the testbench's seeded generator. */
uint64_t tb_rand(struct tb *tb);
/** Random number in [0, n). */
uint64_t tb_rand_below(struct tb *tb, uint64_t n);
/** True with probability pct / 100. */
bool tb_chance(struct tb *tb, unsigned pct);

/** Run one clock cycle (requesters, responders, checker). Hook for autonomous traffic: tb_traffic_fn. */
void tb_cycle(struct tb *tb);
/** Called once per cycle before the inputs are driven when tb->traffic is set (may be NULL). */
extern void (*tb_traffic_fn)(struct tb *tb, int port);
/** Run n cycles. Returns 0, or -1 if a check failed. */
int tb_run(struct tb *tb, uint64_t n);

/** Start a request on lane p (which must be idle). Returns 0, -EBUSY, -EINVAL. */
int tb_issue(struct tb *tb, int p, uint32_t did, uint64_t iova, enum tb_kind kind, bool priv_s);
/** Run until lane p has its response or max cycles pass. Returns 0, -ETIMEDOUT, or -1 on a check failure. */
int tb_wait_resp(struct tb *tb, int p, uint64_t max);
/** Run until every lane is idle (max cycles). Returns 0, -ETIMEDOUT or -1. */
int tb_wait_idle(struct tb *tb, uint64_t max);

/* ---- register block (through the MMIO port, compared with the model) ---- */
/** Read a 4- or 8-byte register at offset off. Returns 0, -EIO on a bus error, -1 on a check failure. */
int tb_reg_read(struct tb *tb, uint32_t off, unsigned bytes, uint64_t *val);
/** Write a 4- or 8-byte register (model updated at the same cycle). Returns as tb_reg_read. */
int tb_reg_write(struct tb *tb, uint32_t off, unsigned bytes, uint64_t val);
/** Raw bus access to the register window (bad-input tests). Returns 0 with *err set, or -1. */
int tb_reg_raw(struct tb *tb, uint64_t addr, bool we, uint8_t be, uint64_t wdata, uint8_t amo,
               uint64_t *rdata, uint8_t *err);

/* ---- memory (both images; only while the walker is idle) ---- */
/** Wait until the walker is idle, so memory may change under it. Returns 0 or -1. */
int tb_quiet_walker(struct tb *tb);
/** Store a 64-bit word into both memories. */
void tb_mem_wr64(struct tb *tb, uint64_t pa, uint64_t v);
/** Load a 64-bit word from the RTL's memory. */
uint64_t tb_mem_rd64(struct tb *tb, uint64_t pa);
/** Load a 64-bit word from the model's memory. */
uint64_t tb_mdl_rd64(struct tb *tb, uint64_t pa);
/** A fresh zeroed page (both memories); 0 when memory is exhausted. */
uint64_t tb_alloc_page(struct tb *tb);
/**
 * Fresh zeroed pages for bytes (a power of two), starting at a multiple of
 * bytes (pages skipped for that stay unused); 0 when memory is exhausted or
 * bytes is not a power of two.
 */
uint64_t tb_alloc_aligned(struct tb *tb, uint64_t bytes);
/** Compare both memory images; reports the first difference. Returns 0 or -1. */
int tb_check_memory(struct tb *tb);

#endif

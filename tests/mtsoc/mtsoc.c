/*
 * Thread launch on the multithreaded compute harts of configuration c4mt
 * (issue 6; docs/architecture.md "Multithreaded compute harts"). Hart 0,
 * through the thread-control blocks of include/uvmsoc/mt.def:
 *   1. STARTs 64 threads (4 harts x 16, block = hart - 1, thread = slot) at
 *      mt_kernel with a0 = the shared data, sp = a private stack and the
 *      index CSRs; thread MTSOC_TRAPPER traps at once on an illegal
 *      instruction, thread MTSOC_UVA_THR on a load from the unified range
 *      (no IOMMU path for multithreaded harts yet: a bus error);
 *   2. waits for every thread's event (polling MT_REG_EVENT; the event
 *      interrupt must also show as mip.MEIP, through PLIC source
 *      PLIC_SRC_MTCTL routed to hart 0's M context);
 *   3. checks each thread's record: ECALL (cause 8) with a0 = its element
 *      count, except MTSOC_TRAPPER: illegal instruction (cause 2), epc =
 *      mt_trap_insn, index CSRs = its block/thread; MTSOC_UVA_THR: load
 *      access fault (5), epc = mt_uva_insn, tval = the address; the
 *      histogram and the LR/SC total equal those of every element but theirs;
 *   4. RESUMEs both after the instruction and checks the complete
 *      histogram and total; CLEARs every thread (IDLE, MEIP low);
 *   5. maps a page of the unified range (uva.c), relaunches the 64 threads
 *      in MTSOC_UVA_RUN mode (amoadd.d, lr.d/sc.d and a load through each
 *      hart's IOMMU port) and checks the page and every thread's a0;
 *   6. fault storm: relaunches the 64 threads in MTSOC_STORM mode, each
 *      loading from its own non-valid page (page requests enabled), and
 *      replays nothing until 64 page-request records are in the queue --
 *      64 accesses parked in the IOMMU at once, one per thread, each hart's
 *      16 in flight through its one requester port -- then maps each
 *      record's page and replays its group; checks every thread's loaded
 *      value and the store that follows it. Hart 0 samples the page
 *      requests outstanding (records written - replays executed, pqt and
 *      cqh) from launch until every thread exited and prints the maximum
 *      and mean ("mtsoc: storm: ...").
 * Ends through tohost: 1 = pass, else status = the failed step (enum step).
 * Built with -DSKIP_RESUME (negative control) it fails at ST_HIST; with
 * -DSTORM_FAIL (negative control) the last storm group is answered Failure
 * and its thread takes an access fault (ST_STORM_EXIT).
 * On a configuration without thread-control blocks hart 0 traps (ST_TRAP).
 */
#include "mtsoc.h"

#include <uvmsoc/iommu_rec.h>
#include <uvmsoc/iommu_regs.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/mt.h>
#include <uvmsoc/plic.h>

volatile uint64_t tohost __attribute__((section(".tohost"), aligned(8)));
volatile uint64_t fromhost __attribute__((section(".tohost"), aligned(8)));

/** Failed steps (the run's exit status). */
enum step {
    ST_START = 1,   /* START not accepted */
    ST_TIMEOUT,     /* a thread's event did not come */
    ST_STATE,       /* a thread is not TRAPPED after its event */
    ST_CAUSE,       /* wrong trap cause */
    ST_EPC,         /* trapper's epc is not mt_trap_insn */
    ST_INDEX,       /* trapper's index CSRs */
    ST_PART_HIST,   /* histogram without the trapper's elements */
    ST_PART_TOTAL,  /* total without the trapper's elements */
    ST_RESUME,      /* RESUME not accepted */
    ST_HIST,        /* final histogram */
    ST_TOTAL,       /* final total */
    ST_COUNT,       /* a thread's a0 (element count) */
    ST_MEIP,        /* event interrupt not seen by hart 0 */
    ST_CLEAR,       /* CLEAR not accepted or thread not IDLE */
    ST_MEIP_LOW,    /* interrupt still pending after CLEAR */
    ST_TRAP,        /* unexpected trap on hart 0 (e.g. no thread-control block) */
    ST_UVA_MODE,    /* IOMMU did not take ddtp 1LVL */
    ST_UVA_EXIT,    /* a UVA thread's exit record or a0 (magic ^ g) */
    ST_UVA_COUNT,   /* amoadd.d through the IOMMU */
    ST_UVA_SUM,     /* lr.d/sc.d through the IOMMU */
    ST_STORM_QUEUES, /* command / page-request queue not on */
    ST_STORM_PARK,  /* fewer than 64 page requests outstanding at once (timeout) */
    ST_STORM_REC,   /* a page-request record (address, R/W) */
    ST_STORM_CQ,    /* the replays were not all executed */
    ST_STORM_EXIT,  /* a storm thread's exit record or a0 (loaded value ^ g) */
    ST_STORM_DATA,  /* a storm thread's store after its replayed load */
};

#define TIMEOUT 200000u /* polling iterations */
#define STACK_BYTES 1024

static struct mtsoc_shared sh __attribute__((aligned(64)));
static uint8_t stacks[MTSOC_NTHR][STACK_BYTES] __attribute__((aligned(16)));

#include "../soclib/console.h"

static void putdec(uint64_t v)
{
    char b[21];
    int i = 20;
    b[i] = 0;
    do
        b[--i] = (char)('0' + v % 10);
    while (v /= 10);
    puts_(&b[i]);
}

/* Fails step @st with a console line naming it, the thread and the values compared. */
static __attribute__((noreturn)) void fail(unsigned st, const char *what, uint64_t thr, uint64_t got,
                                           uint64_t want)
{
    puts_("mtsoc: FAIL step ");
    puthex(st);
    puts_(": ");
    puts_(what);
    puts_(" thread ");
    puthex(thr);
    puts_(" got ");
    puthex(got);
    puts_(" want ");
    puthex(want);
    puts_("\n");
    finish(st);
}

static void check(unsigned st, const char *what, uint64_t thr, uint64_t got, uint64_t want)
{
    if (got != want)
        fail(st, what, thr, got, want);
}

__attribute__((interrupt("machine"))) static void hart0_trap(void)
{
    uint64_t cause, epc;
    __asm__ volatile("csrr %0, mcause" : "=r"(cause));
    __asm__ volatile("csrr %0, mepc" : "=r"(epc));
    puts_("mtsoc: hart 0 trap at ");
    puthex(epc);
    puts_("\n");
    fail(ST_TRAP, "unexpected trap, mcause", 0, cause, 0);
}

static uint64_t mip(void)
{
    uint64_t v;
    __asm__ volatile("csrr %0, mip" : "=r"(v));
    return v;
}
#define MIP_MEIP (UVS_U64(1) << 11)

/* Polls until (mip & MEIP) == @want (the PLIC adds a few cycles); fails @st after TIMEOUT. */
static void wait_meip(unsigned st, const char *what, uint64_t want)
{
    for (unsigned n = 0; (mip() & MIP_MEIP) != want; n++)
        if (n == TIMEOUT)
            fail(st, what, 0, mip() & MIP_MEIP, want);
}

/* PLIC register @off (plic.def). */
static volatile uint32_t *plic32(uint64_t off)
{
    return (volatile uint32_t *)(uintptr_t)(UVS_PLIC_BASE + off);
}

/* Routes the thread-control blocks' event interrupt to MEIP: PLIC source
 * PLIC_SRC_MTCTL at priority 1, the only one enabled in the M context. */
static void plic_route_mtctl(void)
{
    *plic32(UVS_PLIC_PRIORITY_OFF + 4 * UVS_PLIC_SRC_MTCTL) = 1;
    *plic32(UVS_PLIC_ENABLE_OFF + UVS_PLIC_ENABLE_STRIDE * UVS_PLIC_CTX_M) = 1u << UVS_PLIC_SRC_MTCTL;
    *plic32(UVS_PLIC_CONTEXT_OFF + UVS_PLIC_CONTEXT_STRIDE * UVS_PLIC_CTX_M + UVS_PLIC_THRESHOLD_OFF) = 0;
}

/* Register @off of compute hart @hart's thread-control block. */
static volatile uint64_t *mt_reg(unsigned hart, uint64_t off)
{
    return (volatile uint64_t *)(uintptr_t)(UVS_MT_CTL_BASE + hart * UVS_MT_CTL_STRIDE + off);
}

/* Applies operation @op to thread @t of @hart; returns 1 when it was legal. */
static uint64_t mt_op(unsigned hart, unsigned t, uint64_t op)
{
    *mt_reg(hart, UVS_MT_REG_TSEL) = t;
    *mt_reg(hart, UVS_MT_REG_OP) = op;
    return *mt_reg(hart, UVS_MT_REG_OP);
}

/* Expected histogram and total over the elements of every thread but the
 * trapped ones (@skip) or all (!@skip). */
static void expect(int skip, uint32_t hist[MTSOC_NBINS], uint64_t *total)
{
    *total = 0;
    for (unsigned b = 0; b < MTSOC_NBINS; b++)
        hist[b] = 0;
    for (unsigned i = 0; i < MTSOC_DATA_N; i++) {
        unsigned g = i % MTSOC_NTHR;
        if (skip && (g == MTSOC_TRAPPER || g == MTSOC_UVA_THR))
            continue;
        hist[sh.data[i] % MTSOC_NBINS]++;
        *total += sh.data[i];
    }
}

static void check_results(unsigned st_hist, unsigned st_total, int skip)
{
    uint32_t hist[MTSOC_NBINS];
    uint64_t total;
    expect(skip, hist, &total);
    for (unsigned b = 0; b < MTSOC_NBINS; b++)
        check(st_hist, "histogram bin (thread = bin)", b, sh.hist[b], hist[b]);
    check(st_total, "LR/SC total", 0, sh.total, total);
}

/* Waits until every thread of every hart has its event bit; checks MEIP on the way. */
static void wait_events(void)
{
    const uint64_t all = (UVS_U64(1) << MTSOC_THREADS) - 1;
    for (unsigned h = 1; h <= MTSOC_HARTS; h++) {
        unsigned n = 0;
        while ((*mt_reg(h, UVS_MT_REG_EVENT) & all) != all)
            if (++n == TIMEOUT)
                fail(ST_TIMEOUT, "event mask of hart", h, *mt_reg(h, UVS_MT_REG_EVENT), all);
    }
    wait_meip(ST_MEIP, "mip.MEIP with events", MIP_MEIP);
}

/* Thread g's record: TRAPPED with @cause. */
static void check_trapped(unsigned g, uint64_t cause)
{
    unsigned h = 1 + g / MTSOC_THREADS, t = g % MTSOC_THREADS;
    *mt_reg(h, UVS_MT_REG_TSEL) = t;
    check(ST_STATE, "state", g, *mt_reg(h, UVS_MT_REG_STATE), UVS_MT_TSTATE_TRAPPED);
    check(ST_CAUSE, "cause", g, *mt_reg(h, UVS_MT_REG_CAUSE), cause);
}

#ifndef SKIP_RESUME
/* RESUMEs thread @g at @pc. */
static void resume(unsigned g, uint64_t pc)
{
    unsigned h = 1 + g / MTSOC_THREADS, t = g % MTSOC_THREADS;
    *mt_reg(h, UVS_MT_REG_PC) = pc;
    check(ST_RESUME, "RESUME accepted", g, mt_op(h, t, UVS_MT_CTL_RESUME), 1);
}
#endif

/* STARTs all 64 threads at mt_kernel; @mode >= 0: that mode (enum
 * mtsoc_mode) for all, else MTSOC_RUN with the two deliberate trappers. */
static void launch(int mode)
{
    plic_route_mtctl();
    for (unsigned h = 1; h <= MTSOC_HARTS; h++) {
        *mt_reg(h, UVS_MT_REG_IRQEN) = 1;
        *mt_reg(h, UVS_MT_REG_PC) = (uintptr_t)mt_kernel;
        *mt_reg(h, UVS_MT_REG_A0) = (uintptr_t)&sh;
        *mt_reg(h, UVS_MT_REG_NTID) = MTSOC_THREADS;
        *mt_reg(h, UVS_MT_REG_NBID) = MTSOC_HARTS;
        *mt_reg(h, UVS_MT_REG_BID) = h - 1;
        for (unsigned t = 0; t < MTSOC_THREADS; t++) {
            unsigned g = (h - 1) * MTSOC_THREADS + t;
            *mt_reg(h, UVS_MT_REG_TID) = t;
            *mt_reg(h, UVS_MT_REG_A1) = mode >= 0 ? (uint64_t)mode :
                                        g == MTSOC_TRAPPER ? MTSOC_ILLEGAL :
                                        g == MTSOC_UVA_THR ? MTSOC_UVA : MTSOC_RUN;
            *mt_reg(h, UVS_MT_REG_SP) = (uintptr_t)&stacks[g + 1][0];
            check(ST_START, "START accepted", g, mt_op(h, t, UVS_MT_CTL_START), 1);
        }
    }
}

/* CLEARs every thread; each must be IDLE afterwards and MEIP low. */
static void clear_all(void)
{
    for (unsigned g = 0; g < MTSOC_NTHR; g++) {
        unsigned h = 1 + g / MTSOC_THREADS, t = g % MTSOC_THREADS;
        check(ST_CLEAR, "CLEAR accepted", g, mt_op(h, t, UVS_MT_CTL_CLEAR), 1);
        check(ST_CLEAR, "state after CLEAR", g, *mt_reg(h, UVS_MT_REG_STATE), UVS_MT_TSTATE_IDLE);
    }
    wait_meip(ST_MEIP_LOW, "mip.MEIP after CLEAR", 0);
}

static volatile uint32_t *ireg32(uint64_t off)
{
    return (volatile uint32_t *)(uintptr_t)(UVS_IOMMU_BASE + off);
}

#define QMASK ((1u << (MTSOC_QLOG2SZM1 + 1)) - 1)

static uint64_t mcycle(void)
{
    uint64_t v;
    __asm__ volatile("csrr %0, mcycle" : "=r"(v));
    return v;
}

/* Page requests outstanding: records written since @pq0 minus replays executed
 * since @cq0; max, and the mean weighted by the cycles each sample stands for. */
static struct { uint64_t max, sum, n, t0, t; uint32_t pq0, cq0; } st;
static uint32_t outstanding(void)
{
    uint32_t recs = (*ireg32(UVS_IOMMU_PQT_OFF) - st.pq0) & QMASK;
    uint32_t done = (*ireg32(UVS_IOMMU_CQH_OFF) - st.cq0) & QMASK;
    uint32_t o = recs - done;
    uint64_t now = mcycle();
    st.max = o > st.max ? o : st.max;
    st.sum += o * (now - st.t);
    st.t = now;
    st.n++;
    return o;
}

/* Step 6: 64 threads park on 64 non-valid pages at once; map and replay them all. */
static void storm(void)
{
    volatile uint64_t *page = mtsoc_storm_page; /* volatile: no memset call (no libc here) */
    for (unsigned g = 0; g < MTSOC_NTHR; g++) {
        page[g] = MTSOC_MAGIC + g;
        page[64 + g] = 0;
    }
    __asm__ volatile("fence" ::: "memory");
    if (mtsoc_storm_queues() < 0)
        fail(ST_STORM_QUEUES, "queues on, cqcsr", 0, *ireg32(UVS_IOMMU_CQCSR_OFF), 0);
    st.pq0 = *ireg32(UVS_IOMMU_PQT_OFF);
    st.cq0 = *ireg32(UVS_IOMMU_CQT_OFF);
    st.t0 = st.t = mcycle();
    launch(MTSOC_STORM);
    /* nothing is replayed until every thread's access is parked */
    for (unsigned i = 0; outstanding() < MTSOC_NTHR; i++)
        if (i == TIMEOUT)
            fail(ST_STORM_PARK, "page requests outstanding", 0, st.max, MTSOC_NTHR);
    for (unsigned r = 0; r < MTSOC_NTHR; r++) {
        uint32_t i = (st.pq0 + r) & QMASK;
        uint64_t hdr = mtsoc_pq[2 * i], pl = mtsoc_pq[2 * i + 1];
        uint64_t va = pl & UVS_IOMMU_PQREC_DW1_ADDR_MASK;
        check(ST_STORM_REC, "record DID", r, (hdr & UVS_IOMMU_PQREC_DW0_DID_MASK) >> UVS_IOMMU_PQREC_DW0_DID_SHIFT,
              UVS_UVA_DID);
        if (va < MTSOC_STORM_VA || va >= MTSOC_STORM_VA + MTSOC_NTHR * 4096ull)
            fail(ST_STORM_REC, "record page address", r, va, MTSOC_STORM_VA);
        check(ST_STORM_REC, "record R/W/L", r,
              pl & (UVS_IOMMU_PQREC_DW1_R_MASK | UVS_IOMMU_PQREC_DW1_W_MASK | UVS_IOMMU_PQREC_DW1_L_MASK),
              UVS_IOMMU_PQREC_DW1_R_MASK | UVS_IOMMU_PQREC_DW1_L_MASK);
        mtsoc_storm_map(va);
        __asm__ volatile("fence rw, rw" ::: "memory");
        uint32_t c = (st.cq0 + r) & QMASK;
        uint64_t prgi = (pl & UVS_IOMMU_PQREC_DW1_PRGI_MASK) >> UVS_IOMMU_PQREC_DW1_PRGI_SHIFT;
        mtsoc_cq[2 * c] = UVS_IOMMU_CMD_OP_UVS_PAGE_REPLAY |
                          ((uint64_t)UVS_UVA_DID << UVS_IOMMU_CMD_PAGE_REPLAY_DW0_DID_SHIFT);
#ifdef STORM_FAIL /* negative control: the last group's response is Failure */
        uint64_t resp = r == MTSOC_NTHR - 1 ? UVS_IOMMU_PRG_RESP_FAILURE : UVS_IOMMU_PRG_RESP_SUCCESS;
#else
        uint64_t resp = UVS_IOMMU_PRG_RESP_SUCCESS;
#endif
        mtsoc_cq[2 * c + 1] = (prgi << UVS_IOMMU_CMD_PAGE_REPLAY_DW1_PRGI_SHIFT) |
                              (resp << UVS_IOMMU_CMD_PAGE_REPLAY_DW1_RESP_SHIFT);
        __asm__ volatile("fence rw, rw" ::: "memory");
        *ireg32(UVS_IOMMU_CQT_OFF) = (c + 1) & QMASK;
        outstanding();
    }
    *ireg32(UVS_IOMMU_PQH_OFF) = (st.pq0 + MTSOC_NTHR) & QMASK;
    for (unsigned i = 0; outstanding() != 0; i++)
        if (i == TIMEOUT)
            fail(ST_STORM_CQ, "replays executed", 0, (*ireg32(UVS_IOMMU_CQH_OFF) - st.cq0) & QMASK, MTSOC_NTHR);
    wait_events();
    for (unsigned g = 0; g < MTSOC_NTHR; g++) {
        unsigned h = 1 + g / MTSOC_THREADS;
        *mt_reg(h, UVS_MT_REG_TSEL) = g % MTSOC_THREADS;
        check(ST_STORM_EXIT, "storm thread cause", g, *mt_reg(h, UVS_MT_REG_CAUSE), 8);
        check(ST_STORM_EXIT, "storm thread a0", g, *mt_reg(h, UVS_MT_REG_X0 + 8 * 10), (MTSOC_MAGIC + g) ^ g);
        check(ST_STORM_DATA, "storm thread store", g, mtsoc_storm_page[64 + g], MTSOC_MAGIC + g + 1);
    }
    puts_("mtsoc: storm: 64 threads, page requests outstanding max ");
    putdec(st.max);
    uint64_t cyc = st.t - st.t0;
    puts_(" mean ");
    putdec(st.sum / cyc);
    puts_(".");
    uint64_t frac = (st.sum % cyc) * 100 / cyc;
    puts_(frac < 10 ? "0" : "");
    putdec(frac);
    puts_(" over ");
    putdec(cyc);
    puts_(" cycles from launch until every replay was executed (");
    putdec(st.n);
    puts_(" samples)\n");
}

/** mtsoc_main - hart 0: the test; ends through tohost. */
void mtsoc_main(void)
{
    uint64_t x = 0x9e3779b97f4a7c15u;
    __asm__ volatile("csrw mtvec, %0" : : "r"(hart0_trap));
    for (unsigned i = 0; i < MTSOC_DATA_N; i++) { /* xorshift input */
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        sh.data[i] = (uint32_t)(x >> 40);
    }
    __asm__ volatile("fence" ::: "memory");

    /* 1. launch */
    launch(-1);

    /* 2-3. every thread halted: exits, and the one trap */
    wait_events();
    for (unsigned g = 0; g < MTSOC_NTHR; g++) {
        unsigned h = 1 + g / MTSOC_THREADS;
        if (g == MTSOC_UVA_THR) {
            check_trapped(g, 5);
            check(ST_EPC, "epc", g, *mt_reg(h, UVS_MT_REG_EPC), (uintptr_t)mt_uva_insn);
            check(ST_EPC, "tval", g, *mt_reg(h, UVS_MT_REG_TVAL), MTSOC_UVA_VA);
            continue;
        }
        if (g != MTSOC_TRAPPER) {
            check_trapped(g, 8);
            check(ST_COUNT, "a0 = elements", g, *mt_reg(h, UVS_MT_REG_X0 + 8 * 10),
                  MTSOC_DATA_N / MTSOC_NTHR);
            continue;
        }
        check_trapped(g, 2);
        check(ST_EPC, "epc", g, *mt_reg(h, UVS_MT_REG_EPC), (uintptr_t)mt_trap_insn);
        check(ST_INDEX, "bid:tid", g, *mt_reg(h, UVS_MT_REG_BIDX),
              ((uint64_t)(h - 1) << 32) | (g % MTSOC_THREADS));
    }
    check_results(ST_PART_HIST, ST_PART_TOTAL, 1);

    /* 4. resume both after their trapping instruction */
#ifndef SKIP_RESUME
    resume(MTSOC_TRAPPER, (uintptr_t)mt_trap_insn + 4);
    resume(MTSOC_UVA_THR, (uintptr_t)mt_uva_insn + 4);
    wait_events();
    check_trapped(MTSOC_TRAPPER, 8);
    check_trapped(MTSOC_UVA_THR, 8);
#endif
    check_results(ST_HIST, ST_TOTAL, 0);

    clear_all();

    /* 5. the unified range through the IOMMU ports */
    mtsoc_uva_page[2] = MTSOC_MAGIC;
    check(ST_UVA_MODE, "ddtp.iommu_mode", 0, mtsoc_uva_setup(), UVS_IOMMU_DDTP_MODE_1LVL);
    launch(MTSOC_UVA_RUN);
    wait_events();
    for (unsigned g = 0; g < MTSOC_NTHR; g++) {
        unsigned h = 1 + g / MTSOC_THREADS;
        *mt_reg(h, UVS_MT_REG_TSEL) = g % MTSOC_THREADS;
        check(ST_UVA_EXIT, "UVA thread cause", g, *mt_reg(h, UVS_MT_REG_CAUSE), 8);
        check(ST_UVA_EXIT, "UVA thread a0", g, *mt_reg(h, UVS_MT_REG_X0 + 8 * 10), MTSOC_MAGIC ^ g);
    }
    check(ST_UVA_COUNT, "amoadd.d count", 0, mtsoc_uva_page[0], MTSOC_NTHR);
    check(ST_UVA_SUM, "lr/sc sum", 0, mtsoc_uva_page[1], MTSOC_NTHR * (MTSOC_NTHR - 1) / 2);
    clear_all();

    /* 6. fault storm */
    storm();
    clear_all();
    puts_("mtsoc: 64 threads, SC retries ");
    puthex(sh.sc_retries);
    puts_("\nmtsoc: PASS\n");
    finish(0);
}

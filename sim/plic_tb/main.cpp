// plic-tb: standalone testbench of uvs_plic (rtl/soc/uvs_plic.sv; RISC-V
// PLIC specification v1.0.0, include/uvmsoc/plic.def). Two parts:
//   1. directed checks of the edge-triggered gateway (EDGE bit 3, the
//      SoC's DMA source): a one-cycle pulse becomes pending, a pulse while
//      the source is claimed is held and becomes pending at completion,
//      several pulses while claimed or while pending count as one;
//   2. a random run against a reference model written from the
//      specification's memory map (byte offsets, not the RTL's decode):
//      random 32/64-bit and partial accesses to every register, reserved
//      offsets, absent sources and contexts, claims and completions, and
//      random source lines; every cycle the model's rdata, err and
//      per-context interrupt must equal the RTL's.
// Usage: plic-tb [--cycles N] [--seed S]; exit 0 = pass, 1 = mismatch
// (one line saying where), 2 = bad argument. Model parameters come from
// the build (PLIC_TB_NSRC, PLIC_TB_NCTX, PLIC_TB_EDGE_LO/HI: the -G values).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "Vuvs_plic.h"
#include "verilated.h"

#include <uvmsoc/memmap.h>
#include <uvmsoc/plic.h>

namespace {

constexpr unsigned NSRC = PLIC_TB_NSRC;
constexpr unsigned NCTX = PLIC_TB_NCTX;
constexpr unsigned NW = (NSRC + 32) / 32;  // pending/enable words (ids 0..NSRC)
constexpr uint32_t PMAX = UVS_PLIC_PRIO_MAX;

bool is_edge(unsigned id)
{
    return id < 64 && (((id < 32 ? (uint64_t)PLIC_TB_EDGE_LO : (uint64_t)PLIC_TB_EDGE_HI << 32) >> id) & 1);
}

// Reference model: state and the answer due next cycle.
struct Model {
    uint32_t prio[NSRC + 1] = {};
    bool en[NCTX][NSRC + 1] = {};
    uint32_t thr[NCTX] = {};
    bool line[NSRC + 1] = {}, epend[NSRC + 1] = {}, eheld[NSRC + 1] = {}, claimed[NSRC + 1] = {};
    bool irq[NCTX] = {};
    uint64_t rdata = 0;
    bool err = false;

    bool pending(unsigned i) const { return is_edge(i) ? epend[i] : (line[i] && !claimed[i]); }
    unsigned best(unsigned c) const
    {
        unsigned id = 0;
        uint32_t bp = thr[c];
        for (unsigned i = 1; i <= NSRC; i++)
            if (pending(i) && en[c][i] && prio[i] > bp) {
                bp = prio[i];
                id = i;
            }
        return id;
    }

    // Kind of the 32-bit register at byte offset off: 0 reserved, 1 priority,
    // 2 pending, 3 enable, 4 threshold, 5 claim; *ctx / *word filled.
    static int kind(uint32_t off, unsigned *ctx, unsigned *word)
    {
        if (off >= UVS_PLIC_PRIORITY_OFF && off < UVS_PLIC_PENDING_OFF) {
            unsigned id = (off - UVS_PLIC_PRIORITY_OFF) / 4;
            *word = id;
            return (id >= 1 && id <= NSRC) ? 1 : 0;
        }
        if (off >= UVS_PLIC_PENDING_OFF && off < UVS_PLIC_PENDING_OFF + 4 * NW) {
            *word = (off - UVS_PLIC_PENDING_OFF) / 4;
            return 2;
        }
        if (off >= UVS_PLIC_ENABLE_OFF && off < UVS_PLIC_CONTEXT_OFF) {
            uint32_t rel = off - UVS_PLIC_ENABLE_OFF;
            *ctx = rel / UVS_PLIC_ENABLE_STRIDE;
            *word = (rel % UVS_PLIC_ENABLE_STRIDE) / 4;
            return (*ctx < NCTX && *word < NW) ? 3 : 0;
        }
        if (off >= UVS_PLIC_CONTEXT_OFF) {
            uint32_t rel = off - UVS_PLIC_CONTEXT_OFF;
            *ctx = rel / UVS_PLIC_CONTEXT_STRIDE;
            if (*ctx >= NCTX) return 0;
            if (rel % UVS_PLIC_CONTEXT_STRIDE == UVS_PLIC_THRESHOLD_OFF) return 4;
            if (rel % UVS_PLIC_CONTEXT_STRIDE == UVS_PLIC_CLAIM_OFF) return 5;
        }
        return 0;
    }

    // One clock edge with these inputs (src bit id = line of source id).
    void step(bool req, uint32_t word_addr, bool we, unsigned be, uint64_t wdata, const bool *src)
    {
        bool claim_now[NSRC + 1] = {}, done_now[NSRC + 1] = {};
        unsigned bests[NCTX];
        for (unsigned c = 0; c < NCTX; c++) bests[c] = best(c);
        bool bad = (be == 0);
        int k[2];
        unsigned ctx[2] = {}, w[2] = {};
        bool on[2];
        for (int h = 0; h < 2; h++) {
            unsigned hb = (be >> (4 * h)) & 0xf;
            on[h] = hb == 0xf;
            k[h] = kind(word_addr * 8 + 4 * h, &ctx[h], &w[h]);
            if ((hb != 0 && !on[h]) || (on[h] && k[h] == 0)) bad = true;
        }
        uint64_t rd = 0;
        if (req && !bad) {
            for (int h = 0; h < 2; h++) {
                if (!on[h]) continue;
                uint32_t v = 0, wd = (uint32_t)(wdata >> (32 * h));
                switch (k[h]) {
                case 1:
                    v = prio[w[h]];
                    if (we) prio[w[h]] = wd & PMAX;
                    break;
                case 2:
                    for (unsigned b = 0; b < 32; b++)
                        if (32 * w[h] + b >= 1 && 32 * w[h] + b <= NSRC && pending(32 * w[h] + b))
                            v |= 1u << b;
                    break;
                case 3:
                    for (unsigned b = 0; b < 32; b++) {
                        unsigned id = 32 * w[h] + b;
                        if (id >= 1 && id <= NSRC) {
                            if (en[ctx[h]][id]) v |= 1u << b;
                            if (we) en[ctx[h]][id] = (wd >> b) & 1;
                        }
                    }
                    break;
                case 4:
                    v = thr[ctx[h]];
                    if (we) thr[ctx[h]] = wd & PMAX;
                    break;
                case 5:
                    v = bests[ctx[h]];
                    if (!we && v) claim_now[v] = true;
                    if (we && wd >= 1 && wd <= NSRC && en[ctx[h]][wd]) done_now[wd] = true;
                    break;
                }
                if (!we) rd |= (uint64_t)v << (32 * h);
            }
        }
        rdata = rd;
        err = req && bad;
        for (unsigned i = 1; i <= NSRC; i++) {
            bool rise = src[i] && !line[i];
            bool was_claimed = claimed[i];
            if (claim_now[i]) claimed[i] = true;
            else if (done_now[i]) claimed[i] = false;
            if (is_edge(i)) {
                if (claim_now[i]) {
                    epend[i] = false;
                    eheld[i] = rise;
                } else if (was_claimed && !done_now[i]) {
                    eheld[i] = eheld[i] || rise;
                } else {
                    epend[i] = epend[i] || eheld[i] || rise;
                    eheld[i] = false;
                }
            }
        }
        for (unsigned c = 0; c < NCTX; c++) irq[c] = bests[c] != 0;
        for (unsigned i = 1; i <= NSRC; i++) line[i] = src[i];
    }
};

Vuvs_plic *top;
Model model;
bool lines[NSRC + 1];
uint64_t cycle;
int failed;

void set_lines()
{
    static_assert(NSRC <= 64, "plic-tb drives at most 64 source lines");
    uint64_t v = 0;
    for (unsigned i = 1; i <= NSRC; i++)
        if (lines[i]) v |= 1ull << (i - 1);  // src_i[NSRC:1]: port bit 0 is source 1
    top->src_i = v;
}

// One cycle: drive the access, clock, compare with the model.
void tick(bool req, uint32_t word_addr, bool we, unsigned be, uint64_t wdata, const char *what)
{
    top->req_i = req;
    top->addr_i = word_addr;
    top->we_i = we;
    top->be_i = be;
    top->wdata_i = wdata;
    set_lines();
    model.step(req, word_addr, we, be, wdata, lines);
    top->eval();  // inputs settle while the clock is low (the PLIC's clock gate samples them then)
    top->clk_i = 1;
    top->eval();
    top->clk_i = 0;
    top->eval();
    cycle++;
    uint32_t irq = 0;
    for (unsigned c = 0; c < NCTX; c++) irq |= (uint32_t)model.irq[c] << c;
    if (top->rdata_o != model.rdata || (bool)top->err_o != model.err || top->irq_o != irq) {
        std::printf("plic-tb: mismatch at cycle %" PRIu64 " (%s): access word 0x%x we %d be 0x%02x "
                    "wdata 0x%" PRIx64 ": rdata 0x%" PRIx64 " (model 0x%" PRIx64 "), err %d (%d), "
                    "irq 0x%x (0x%x)\n", cycle, what, word_addr * 8, we, be, wdata,
                    (uint64_t)top->rdata_o, model.rdata, top->err_o, model.err, top->irq_o, irq);
        failed = 1;
    }
}

void idle(const char *what) { tick(false, 0, false, 0, 0, what); }

// 32-bit access to byte offset off; returns the value read (after the cycle).
uint32_t acc32(uint32_t off, bool we, uint32_t v, const char *what)
{
    unsigned h = (off >> 2) & 1;
    tick(true, off >> 3, we, 0xfu << (4 * h), (uint64_t)v << (32 * h), what);
    return (uint32_t)(top->rdata_o >> (32 * h));
}

uint32_t claim_off(unsigned c) { return UVS_PLIC_CONTEXT_OFF + UVS_PLIC_CONTEXT_STRIDE * c + UVS_PLIC_CLAIM_OFF; }

void expect(uint32_t got, uint32_t want, const char *what)
{
    if (got != want) {
        std::printf("plic-tb: %s: got %u, want %u (cycle %" PRIu64 ")\n", what, got, want, cycle);
        failed = 1;
    }
}

// Part 1: the edge-triggered gateway of source 3.
void edge_directed()
{
    const unsigned e = 3;
    if (!is_edge(e)) {
        std::printf("plic-tb: build error: source 3 is not edge-triggered\n");
        failed = 1;
        return;
    }
    acc32(UVS_PLIC_PRIORITY_OFF + 4 * e, true, 1, "edge: priority");
    acc32(UVS_PLIC_ENABLE_OFF, true, 1u << e, "edge: enable");
    lines[e] = true;  // one-cycle pulse
    idle("edge: pulse");
    lines[e] = false;
    idle("edge: after pulse");
    idle("edge: irq");
    expect(top->irq_o & 1, 1, "edge: irq after a pulse");
    expect(acc32(claim_off(0), false, 0, "edge: claim"), e, "edge: claim after a pulse");
    for (int n = 0; n < 2; n++) {  // two pulses while claimed: held as one
        lines[e] = true;
        idle("edge: pulse while claimed");
        lines[e] = false;
        idle("edge: gap");
    }
    idle("edge: settle");
    expect(top->irq_o & 1, 0, "edge: no irq while claimed");
    expect(acc32(claim_off(0), false, 0, "edge: claim while claimed"), 0, "edge: claim while claimed");
    acc32(claim_off(0), true, e, "edge: complete");
    idle("edge: held edge pending");
    expect(acc32(UVS_PLIC_PENDING_OFF, false, 0, "edge: pending"), 1u << e, "edge: held edge pending after completion");
    expect(acc32(claim_off(0), false, 0, "edge: claim held"), e, "edge: claim of the held edge");
    acc32(claim_off(0), true, e, "edge: complete held");
    idle("edge: nothing");
    expect(acc32(UVS_PLIC_PENDING_OFF, false, 0, "edge: pending after"), 0, "edge: one held edge only");
    for (int n = 0; n < 3; n++) {  // pulses while pending (not claimed) coalesce
        lines[e] = true;
        idle("edge: pulse while pending");
        lines[e] = false;
        idle("edge: gap");
    }
    expect(acc32(claim_off(0), false, 0, "edge: claim coalesced"), e, "edge: claim of coalesced pulses");
    acc32(claim_off(0), true, e, "edge: complete coalesced");
    idle("edge: settle");
    expect(acc32(claim_off(0), false, 0, "edge: claim none"), 0, "edge: pulses while pending count once");
    // a line held high is one edge, not a level
    lines[e] = true;
    idle("edge: rise");
    expect(acc32(claim_off(0), false, 0, "edge: claim held high"), e, "edge: claim of a held-high line");
    acc32(claim_off(0), true, e, "edge: complete held high");
    idle("edge: settle");
    expect(acc32(claim_off(0), false, 0, "edge: claim none high"), 0, "edge: a high line is one edge");
    lines[e] = false;
    acc32(UVS_PLIC_ENABLE_OFF, true, 0, "edge: disable");
    acc32(UVS_PLIC_PRIORITY_OFF + 4 * e, true, 0, "edge: priority 0");
}

uint64_t rng_state;
uint64_t rnd()
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

// A random byte offset: mostly implemented registers and their neighbours.
uint32_t random_offset()
{
    unsigned c = rnd() % (NCTX + 1);  // NCTX = absent context
    switch (rnd() % 8) {
    case 0: return UVS_PLIC_PRIORITY_OFF + 4 * (rnd() % (NSRC + 2));
    case 1: return UVS_PLIC_PENDING_OFF + 4 * (rnd() % (NW + 1));
    case 2: return UVS_PLIC_ENABLE_OFF + UVS_PLIC_ENABLE_STRIDE * c + 4 * (rnd() % (NW + 1));
    case 3: case 4: return claim_off(c);
    case 5: return UVS_PLIC_CONTEXT_OFF + UVS_PLIC_CONTEXT_STRIDE * c + 4 * (rnd() % 4);
    case 6: return (uint32_t)(rnd() % UVS_PLIC_SIZE) & ~3u;
    default: return UVS_PLIC_CONTEXT_OFF + UVS_PLIC_CONTEXT_STRIDE * c + UVS_PLIC_THRESHOLD_OFF;
    }
}

// Part 2: random accesses and lines against the model.
void random_run(uint64_t n)
{
    static const unsigned bes[] = {0x0f, 0xf0, 0xff, 0x0f, 0xf0, 0x01, 0x30, 0x00};
    for (uint64_t i = 0; i < n && !failed; i++) {
        if (rnd() % 4 == 0) {
            unsigned id = 1 + rnd() % NSRC;
            lines[id] = is_edge(id) ? (rnd() % 2) : !lines[id];
        }
        if (rnd() % 3 == 0) {
            idle("random idle");
            continue;
        }
        uint32_t off = random_offset();
        bool we = rnd() % 2;
        uint64_t wd = rnd();
        if (rnd() % 2) {  // small values: priorities, ids, thresholds that matter
            wd = ((rnd() % (NSRC + 2)) << 32) | (rnd() % (NSRC + 2));
            if (rnd() % 4 == 0) wd = ~0ull;
        }
        tick(true, off >> 3, we, bes[rnd() % 8], wd, "random");
    }
}

}  // namespace

int main(int argc, char **argv)
{
    uint64_t cycles = 200000, seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!std::strcmp(argv[i], "--cycles") && i + 1 < argc) {
            cycles = std::strtoull(argv[++i], nullptr, 0);
        } else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 0);
        } else {
            std::fprintf(stderr, "usage: %s [--cycles N] [--seed S]\n", argv[0]);
            return 2;
        }
    }
    rng_state = seed ? seed : 1;
    Verilated::commandArgs(argc, argv);
    top = new Vuvs_plic;
    top->rst_ni = 0;
    top->clk_i = 0;
    top->eval();
    top->clk_i = 1;
    top->eval();
    top->clk_i = 0;
    top->rst_ni = 1;
    top->eval();
    edge_directed();
    if (!failed) random_run(cycles);
    top->final();
    delete top;
    std::printf("plic-tb: %s (NSRC %u, NCTX %u, %" PRIu64 " cycles, seed %" PRIu64 ")\n",
                failed ? "FAIL" : "PASS", NSRC, NCTX, cycle, seed);
    return failed ? 1 : 0;
}

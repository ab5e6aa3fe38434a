/*
 * mem.c - load, store, AMO and LR/SC items of difftest-gen (unprivileged
 * spec 20191213: RV64I 2.6 and 5.3, A ch. 8).
 *
 * Every access is DT_BASE_ADDR (x8) + an offset inside the data region,
 * naturally aligned: misaligned accesses trap differently in QEMU user mode
 * and on the core.
 */
#include <string.h>

#include "difftest.h"
#include "gen.h"

/* A region offset from x8 for an access of w bytes: aligned, in range;
 * often in the 64 bytes around x8, so that stores, loads and AMOs of
 * different widths overlap. */
static int32_t region_off(struct gen *g, int32_t w)
{
    if (rng_chance(&g->rng, 35))
        return w * (int32_t)rng_range(&g->rng, -32 / w, (32 - w) / w);
    if (rng_chance(&g->rng, 15))
        return rng_chance(&g->rng, 50) ? -HALF : HALF - w;
    return w * (int32_t)rng_range(&g->rng, -HALF / w, (HALF - w) / w);
}

/* Base register and displacement for an access of w bytes at region
 * offset f: x8 itself, or a temporary set from x8 (then displacement
 * f - temp's offset). Emits the set-up into the current item. */
static unsigned mem_base(struct gen *g, int32_t f, int32_t *disp)
{
    if (rng_chance(&g->rng, 60)) {
        *disp = f;
        return DT_BASE_REG;
    }
    unsigned t = gen_dst_nz(g);
    int32_t a = 8 * (int32_t)rng_range(&g->rng, -HALF / 8, HALF / 8 - 1);
    gen_insn(g, 4, -1, 0, "addi x%u, x%u, %d", t, DT_BASE_REG, a);
    *disp = f - a;
    return t;
}

uint32_t gen_load_store(struct gen *g, bool store)
{
    static const char *const loads[] = {"lb", "lh", "lw", "ld", "lbu", "lhu", "lwu"};
    static const char *const stores[] = {"sb", "sh", "sw", "sd"};
    const char *op = store ? GEN_PICK(g, stores) : GEN_PICK(g, loads);
    if (!op)
        return 0;
    char c = op[1];
    int32_t w = c == 'b' ? 1 : c == 'h' ? 2 : c == 'w' ? 4 : 8;
    uint32_t before = g->emitted;
    gen_item_begin(g);
    int32_t disp;
    unsigned base = mem_base(g, region_off(g, w), &disp);
    if (store)
        gen_insn(g, 4, -1, 0, "%s x%u, %d(x%u)", op, gen_src(g), disp, base);
    else
        gen_insn(g, 4, -1, 0, "%s x%u, %d(x%u)", op, gen_dst(g), disp, base);
    gen_cov(g, op);
    return g->emitted - before;
}

/* AMO<op>.{W,D} with random ordering bits on a region word. */
uint32_t gen_amo(struct gen *g)
{
    static const char *const ops[] = {
        "amoswap.w", "amoadd.w", "amoxor.w", "amoand.w", "amoor.w", "amomin.w", "amomax.w", "amominu.w", "amomaxu.w",
        "amoswap.d", "amoadd.d", "amoxor.d", "amoand.d", "amoor.d", "amomin.d", "amomax.d", "amominu.d", "amomaxu.d"};
    static const char *const ord[] = {"", ".aq", ".rl", ".aqrl"};
    const char *op = GEN_PICK(g, ops);
    if (!op)
        return 0;
    int32_t w = op[strlen(op) - 1] == 'w' ? 4 : 8;
    unsigned o = rng_below(&g->rng, 4);
    gen_item_begin(g);
    unsigned t = gen_dst_nz(g);
    gen_insn(g, 4, -1, 0, "addi x%u, x%u, %d", t, DT_BASE_REG, region_off(g, w));
    gen_insn(g, 4, -1, 0, "%s%s x%u, x%u, (x%u)", op, ord[o], gen_dst(g), gen_src(g), t);
    gen_cov(g, op);
    if (o)
        gen_cov(g, o == 1 ? "amo/aq" : o == 2 ? "amo/rl" : "amo/aqrl");
    return 2;
}

/* LR/SC: a pair on one address with only register-register ALU work in
 * between (succeeds: no other store can intervene), an SC without any
 * reservation, or an SC to another 64-byte block than the LR's (both
 * must fail; unprivileged spec 8.2). */
uint32_t gen_lrsc(struct gen *g)
{
    static const char *const lrs[] = {"lr.w", "lr.d"};
    static const char *const scs[] = {"sc.w", "sc.d"};
    static const char *const alu[] = {"add", "xor", "sub", "sltu", "and", "addw"};
    unsigned sz = rng_below(&g->rng, 2);
    if (gen_omitted(g, scs[sz]) || gen_omitted(g, lrs[sz]))
        sz ^= 1;
    if (gen_omitted(g, scs[sz]) || gen_omitted(g, lrs[sz]))
        return 0;
    int32_t w = sz ? 8 : 4;
    uint32_t before = g->emitted;
    uint32_t saved = g->excl;
    unsigned kind = rng_below(&g->rng, 10);
    int32_t f = region_off(g, w);
    gen_item_begin(g);
    unsigned t = gen_dst_nz(g);
    g->excl |= BIT(t);
    gen_insn(g, 4, -1, 0, "addi x%u, x%u, %d", t, DT_BASE_REG, f);
    if (kind < 2) {
        gen_insn(g, 4, -1, 0, "%s x%u, x%u, (x%u)", scs[sz], gen_dst(g), gen_src(g), t);
        gen_cov(g, "sc/no-reservation");
    } else {
        gen_insn(g, 4, -1, 0, "%s x%u, (x%u)", lrs[sz], gen_dst(g), t);
        gen_cov(g, lrs[sz]);
        if (kind < 4) {
            int32_t f2;
            do
                f2 = region_off(g, w);
            while ((f2 + HALF) / 64 == (f + HALF) / 64);
            unsigned u = gen_dst_nz(g);
            gen_insn(g, 4, -1, 0, "addi x%u, x%u, %d", u, DT_BASE_REG, f2);
            t = u;
            gen_cov(g, "sc/other-address");
        } else {
            for (unsigned n = rng_below(&g->rng, 3); n > 0; n--)
                gen_insn(g, 4, -1, 0, "%s x%u, x%u, x%u", alu[rng_below(&g->rng, 6)], gen_dst(g),
                         gen_src(g), gen_src(g));
            gen_cov(g, "sc/paired");
        }
        gen_insn(g, 4, -1, 0, "%s x%u, x%u, (x%u)", scs[sz], gen_dst(g), gen_src(g), t);
    }
    gen_cov(g, scs[sz]);
    g->excl = saved;
    return g->emitted - before;
}


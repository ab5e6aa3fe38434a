/*
 * ops.c - register choice, ALU, LUI/AUIPC and M-extension items of
 * difftest-gen, and the choice of the next item (unprivileged spec
 * 20191213: RV32I/RV64I ch. 2 and 5, M ch. 7).
 *
 * Every register but x8 (the region base) and the current loop counter
 * (g->excl) is fair game as a destination.
 */
#include <string.h>

#include "difftest.h"
#include "gen.h"

/* Remembers r as recently written (sources prefer those: back-to-back
 * dependences for pipelined cores). */
static unsigned wrote(struct gen *g, unsigned r)
{
    g->recent[g->nrecent++ % GEN_RECENT] = (uint8_t)r;
    return r;
}

unsigned gen_src(struct gen *g)
{
    if (g->nrecent && rng_chance(&g->rng, 35))
        return g->recent[rng_below(&g->rng, g->nrecent < GEN_RECENT ? g->nrecent : GEN_RECENT)];
    return rng_below(&g->rng, 32);
}

unsigned gen_dst_nz(struct gen *g)
{
    for (;;) {
        unsigned r = 1 + rng_below(&g->rng, 31);
        if (r != DT_BASE_REG && !(g->excl & BIT(r)))
            return wrote(g, r);
    }
}

unsigned gen_dst(struct gen *g)
{
    if (rng_chance(&g->rng, 3)) {
        gen_cov(g, "rd/x0");
        return 0;
    }
    return gen_dst_nz(g);
}

unsigned gen_dst_c(struct gen *g)
{
    for (;;) {
        unsigned r = 9 + rng_below(&g->rng, 7); /* x9..x15: x8 is the base */
        if (!(g->excl & BIT(r)))
            return wrote(g, r);
    }
}

const char *gen_pick(struct gen *g, const char *const *names, size_t n)
{
    size_t k = rng_below(&g->rng, (uint32_t)n);
    for (size_t i = 0; i < n; i++) {
        const char *name = names[(k + i) % n];
        if (!gen_omitted(g, name))
            return name;
    }
    return NULL;
}

int32_t gen_fwd_target(struct gen *g)
{
    uint32_t d = rng_chance(&g->rng, 70) ? 1 + rng_below(&g->rng, 4) : 1 + rng_below(&g->rng, 16);
    return (int32_t)(g->nitems - 1 + d);
}

/* An I-type immediate, often an edge of its range. */
static int32_t imm12(struct gen *g)
{
    static const int32_t special[] = {0, 1, -1, 2, -2, 2047, -2048, 0x7f, 0x80, -0x80, 0x3ff, 0x400};
    if (rng_chance(&g->rng, 50))
        return special[rng_below(&g->rng, sizeof(special) / sizeof(special[0]))];
    return (int32_t)rng_range(&g->rng, -2048, 2047);
}

/* A shift amount below 2^bits, often 0, 1, the word edges or the top. */
static unsigned shamt(struct gen *g, unsigned bits)
{
    static const unsigned special6[] = {0, 1, 31, 32, 33, 62, 63};
    static const unsigned special5[] = {0, 1, 15, 16, 30, 31};
    if (rng_chance(&g->rng, 50))
        return bits == 6 ? special6[rng_below(&g->rng, 7)] : special5[rng_below(&g->rng, 6)];
    return rng_below(&g->rng, 1u << bits);
}

static uint32_t alu_rr(struct gen *g)
{
    static const char *const ops[] = {"add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or",
                                      "and", "addw", "subw", "sllw", "srlw", "sraw"};
    const char *op = GEN_PICK(g, ops);
    if (!op)
        return 0;
    gen_item_begin(g);
    gen_insn(g, 4, -1, 0, "%s x%u, x%u, x%u", op, gen_dst(g), gen_src(g), gen_src(g));
    gen_cov(g, op);
    return 1;
}

static uint32_t alu_ri(struct gen *g)
{
    static const char *const ops[] = {"addi", "slti", "sltiu", "xori", "ori", "andi", "addiw",
                                      "slli", "srli", "srai", "slliw", "srliw", "sraiw"};
    const char *op = GEN_PICK(g, ops);
    if (!op)
        return 0;
    gen_item_begin(g);
    bool shift = op[0] == 's' && (op[1] == 'l' || op[1] == 'r') && op[2] != 't';
    bool word = op[strlen(op) - 1] == 'w';
    long imm = shift ? (long)shamt(g, word ? 5 : 6) : (long)imm12(g);
    gen_insn(g, 4, -1, 0, "%s x%u, x%u, %ld", op, gen_dst(g), gen_src(g), imm);
    gen_cov(g, op);
    return 1;
}

static uint32_t upper(struct gen *g)
{
    static const char *const ops[] = {"lui", "auipc"};
    static const uint32_t special[] = {0, 1, 0x7ffff, 0x80000, 0x80001, 0xfffff, 0xff800};
    const char *op = GEN_PICK(g, ops);
    if (!op)
        return 0;
    uint32_t imm = rng_chance(&g->rng, 50) ? special[rng_below(&g->rng, 7)] : rng_below(&g->rng, 1u << 20);
    gen_item_begin(g);
    gen_insn(g, 4, -1, 0, "%s x%u, %#x", op, gen_dst(g), imm);
    gen_cov(g, op);
    return 1;
}

static uint32_t muldiv(struct gen *g)
{
    static const char *const ops[] = {"mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem",
                                      "remu", "mulw", "divw", "divuw", "remw", "remuw"};
    const char *op = GEN_PICK(g, ops);
    if (!op)
        return 0;
    gen_item_begin(g);
    gen_insn(g, 4, -1, 0, "%s x%u, x%u, x%u", op, gen_dst(g), gen_src(g), gen_src(g));
    gen_cov(g, op);
    return 1;
}

/* Sets a fresh register (not in g->excl, not x0) to an extreme value with
 * explicit instructions; returns it. `which`: 0 INT64_MIN, 1 INT64_MAX,
 * 2 0xffffffff, 3 sign-extended INT32_MIN, 4 0x80000000, 5 -1,
 * 6 a small negative, 7 k << 32 (k = 1..3). */
static unsigned set_value(struct gen *g, unsigned which)
{
    unsigned r = gen_dst_nz(g);
    switch (which) {
    case 0: gen_insn(g, 4, -1, 0, "addi x%u, x0, 1", r); gen_insn(g, 4, -1, 0, "slli x%u, x%u, 63", r, r); break;
    case 1: gen_insn(g, 4, -1, 0, "addi x%u, x0, -1", r); gen_insn(g, 4, -1, 0, "srli x%u, x%u, 1", r, r); break;
    case 2: gen_insn(g, 4, -1, 0, "addi x%u, x0, -1", r); gen_insn(g, 4, -1, 0, "srli x%u, x%u, 32", r, r); break;
    case 3: gen_insn(g, 4, -1, 0, "lui x%u, 0x80000", r); break;
    case 4: gen_insn(g, 4, -1, 0, "addi x%u, x0, 1", r); gen_insn(g, 4, -1, 0, "slli x%u, x%u, 31", r, r); break;
    case 5: gen_insn(g, 4, -1, 0, "addi x%u, x0, -1", r); break;
    case 6: gen_insn(g, 4, -1, 0, "addi x%u, x0, %d", r, (int)rng_range(&g->rng, -2048, -1)); break;
    default:
        gen_insn(g, 4, -1, 0, "addi x%u, x0, %u", r, 1 + rng_below(&g->rng, 3));
        gen_insn(g, 4, -1, 0, "slli x%u, x%u, 32", r, r);
        break;
    }
    return r;
}

/* One item that puts an extreme value in a register (later instructions
 * read it at random). */
static uint32_t setup(struct gen *g)
{
    uint32_t before = g->emitted;
    gen_item_begin(g);
    set_value(g, rng_below(&g->rng, 8));
    return g->emitted - before;
}

/* M corner cases (unprivileged spec 7.2, table 7.1): division by zero,
 * signed overflow, W divisions whose divisor has only upper bits, and
 * MULH* with negative operands. */
static uint32_t m_corner(struct gen *g)
{
    static const char *const divs[] = {"div", "divu", "rem", "remu", "divw", "divuw", "remw", "remuw"};
    static const char *const wdivs[] = {"divw", "divuw", "remw", "remuw"};
    static const char *const ovfs[] = {"div", "rem"};
    static const char *const wovfs[] = {"divw", "remw"};
    static const char *const mulhs[] = {"mulh", "mulhsu", "mulhu"};
    uint32_t before = g->emitted;
    const char *op;
    char key[24];
    uint32_t saved = g->excl;
    switch (rng_below(&g->rng, 5)) {
    case 0: /* division by zero: x0 or a zeroed register */
        if (!(op = GEN_PICK(g, divs)))
            return 0;
        gen_item_begin(g);
        if (rng_chance(&g->rng, 50)) {
            gen_insn(g, 4, -1, 0, "%s x%u, x%u, x0", op, gen_dst(g), gen_src(g));
        } else {
            unsigned z = gen_dst_nz(g);
            gen_insn(g, 4, -1, 0, "addi x%u, x0, 0", z);
            gen_insn(g, 4, -1, 0, "%s x%u, x%u, x%u", op, gen_dst(g), gen_src(g), z);
        }
        snprintf(key, sizeof(key), "%s/zero", op);
        break;
    case 1: { /* W division by k << 32: the low word is zero */
        if (!(op = GEN_PICK(g, wdivs)))
            return 0;
        gen_item_begin(g);
        unsigned z = set_value(g, 7);
        gen_insn(g, 4, -1, 0, "%s x%u, x%u, x%u", op, gen_dst(g), gen_src(g), z);
        snprintf(key, sizeof(key), "w/zero-low32");
        break;
    }
    case 2: { /* -2^63 / -1 */
        if (!(op = GEN_PICK(g, ovfs)))
            return 0;
        gen_item_begin(g);
        unsigned a = set_value(g, 0);
        g->excl |= BIT(a);
        unsigned b = set_value(g, 5);
        gen_insn(g, 4, -1, 0, "%s x%u, x%u, x%u", op, gen_dst(g), a, b);
        snprintf(key, sizeof(key), "%s/overflow", op);
        break;
    }
    case 3: { /* -2^31 / -1 in the low words (upper bits sign or zero) */
        if (!(op = GEN_PICK(g, wovfs)))
            return 0;
        gen_item_begin(g);
        unsigned a = set_value(g, rng_chance(&g->rng, 50) ? 3 : 4);
        g->excl |= BIT(a);
        unsigned b = set_value(g, rng_chance(&g->rng, 50) ? 5 : 2);
        gen_insn(g, 4, -1, 0, "%s x%u, x%u, x%u", op, gen_dst(g), a, b);
        snprintf(key, sizeof(key), "%s/overflow", op);
        break;
    }
    default: { /* MULH* with negative (or top-bit-set) operands */
        static const unsigned negs[] = {0, 3, 5, 6};
        if (!(op = GEN_PICK(g, mulhs)))
            return 0;
        gen_item_begin(g);
        unsigned a = set_value(g, negs[rng_below(&g->rng, 4)]);
        g->excl |= BIT(a);
        unsigned b = set_value(g, rng_below(&g->rng, 8));
        if (rng_chance(&g->rng, 50))
            gen_insn(g, 4, -1, 0, "%s x%u, x%u, x%u", op, gen_dst(g), a, b);
        else
            gen_insn(g, 4, -1, 0, "%s x%u, x%u, x%u", op, gen_dst(g), b, a);
        snprintf(key, sizeof(key), "%s/neg", op);
        break;
    }
    }
    g->excl = saved;
    gen_cov(g, op);
    gen_cov(g, key);
    return g->emitted - before;
}

uint32_t gen_random_item(struct gen *g, bool in_loop)
{
    uint32_t p = rng_below(&g->rng, 100);
    if (p < 22) return alu_rr(g);
    if (p < 40) return alu_ri(g);
    if (p < 42) return gen_probe(g);
    if (p < 45) return upper(g);
    if (p < 54) return muldiv(g);
    if (p < 58) return m_corner(g);
    if (p < 60) return setup(g);
    if (p < 68) return gen_load_store(g, false);
    if (p < 75) return gen_load_store(g, true);
    if (p < 80) return gen_amo(g);
    if (p < 83) return gen_lrsc(g);
    if (p < 90) return gen_branch(g);
    if (p < 92) return gen_jal(g);
    if (p < 94) return gen_jalr(g);
    if (p < 95) {
        uint32_t q = rng_below(&g->rng, 6);
        return q < 2 ? gen_fence(g) : q < 3 ? gen_smc(g) : gen_gap_jump(g);
    }
    return in_loop ? alu_rr(g) : gen_loop(g);
}


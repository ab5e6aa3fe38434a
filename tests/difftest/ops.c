/*
 * ops.c - RV64IMA items of difftest-gen (unprivileged spec 20191213:
 * RV32I/RV64I ch. 2 and 5, M ch. 7, A ch. 8, FENCE.I ch. 3).
 *
 * Memory items address DT_BASE_ADDR (x8) + an offset that keeps the access
 * inside the data region and naturally aligned; every other register is
 * fair game except the current loop counter (g->excl).
 */
#include <string.h>

#include "difftest.h"
#include "gen.h"

#define BIT(r) (1u << (r))
#define BRANCH_RANGE 4000u     /* B-type: +-4 KiB, minus slack */
#define JAL_RANGE    1000000u  /* J-type: +-1 MiB, minus slack */
#define HALF         (DT_REGION_SIZE / 2)

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

static uint32_t load_store(struct gen *g, bool store)
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
static uint32_t amo(struct gen *g)
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
static uint32_t lrsc(struct gen *g)
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

static uint32_t branch(struct gen *g)
{
    static const char *const ops[] = {"beq", "bne", "blt", "bge", "bltu", "bgeu"};
    const char *op = GEN_PICK(g, ops);
    if (!op)
        return 0;
    gen_item_begin(g);
    unsigned a = gen_src(g), b = rng_chance(&g->rng, 10) ? a : gen_src(g);
    gen_insn(g, 4, gen_fwd_target(g), BRANCH_RANGE, "%s x%u, x%u, @", op, a, b);
    gen_cov(g, op);
    return 1;
}

static uint32_t jal(struct gen *g)
{
    if (gen_omitted(g, "jal"))
        return 0;
    gen_item_begin(g);
    gen_insn(g, 4, gen_fwd_target(g), JAL_RANGE, "jal x%u, @", gen_dst(g));
    gen_cov(g, "jal");
    return 1;
}

/* JALR to a later item through a register set by LLA: target =
 * (rs1 + imm) & ~1 (unprivileged spec 2.5), with odd sums now and then. */
static uint32_t jalr(struct gen *g)
{
    static const int32_t special[] = {0, 0, 0, 1, -1, 4, -4, 3, 2047, -2048};
    if (gen_omitted(g, "jalr"))
        return 0;
    int32_t imm = rng_chance(&g->rng, 80) ? special[rng_below(&g->rng, 10)]
                                          : (int32_t)rng_range(&g->rng, -2048, 2047);
    int32_t low = rng_chance(&g->rng, 30) ? 1 : 0; /* (rs1 + imm) odd */
    gen_item_begin(g);
    unsigned t = gen_dst_nz(g);
    unsigned rd = rng_chance(&g->rng, 25) ? t : gen_dst(g);
    gen_insn(g, 8, gen_fwd_target(g), 0, "lla x%u, @%+d", t, low - imm);
    gen_insn(g, 4, -1, 0, "jalr x%u, %d(x%u)", rd, imm, t);
    gen_cov(g, "jalr");
    if (low)
        gen_cov(g, "jalr/odd-target");
    if (rd == t)
        gen_cov(g, "jalr/rd-eq-rs1");
    return 3;
}

/* An always-taken transfer over a gap of zero bytes (illegal if ever
 * executed): BEQ/BGE/BGEU rs, rs over up to 3.8 KiB (B-immediate bits up
 * to 11), or JAL over up to 900 KiB (J-immediate bits up to 19; AUIPC and
 * branches of later items see large offsets too). */
static uint32_t gap_jump(struct gen *g)
{
    static const char *const ops[] = {"beq", "bge", "bgeu", "jal"};
    const char *op = GEN_PICK(g, ops);
    if (!op)
        return 0;
    uint32_t room = GEN_GAP_BUDGET - g->gap_bytes;
    uint32_t n;
    if (op[0] == 'j') {
        n = rng_chance(&g->rng, 20) ? 512 * 1024 + 4 * rng_below(&g->rng, 96 * 1024)
                                    : 4096 + 4 * rng_below(&g->rng, 15 * 1024);
        if (g->loop)
            n = n > 64 * 1024 ? 64 * 1024 : n; /* the loop's JAL back must reach */
    } else {
        n = rng_chance(&g->rng, 50) ? 2048 + 4 * rng_below(&g->rng, 430) : 4 * (1 + rng_below(&g->rng, 511));
    }
    if (n > room)
        return 0;
    int32_t next = (int32_t)g->nitems + 1;
    gen_item_begin(g);
    if (op[0] == 'j') {
        gen_insn(g, 4, next, JAL_RANGE, "jal x%u, @", gen_dst(g));
        if (n >= 512 * 1024)
            gen_cov(g, "jal/over-512k");
    } else {
        unsigned r = gen_src(g);
        gen_insn(g, 4, next, BRANCH_RANGE, "%s x%u, x%u, @", op, r, r);
        if (n >= 2048)
            gen_cov(g, "branch/over-2k");
    }
    gen_gap(g, n);
    gen_cov(g, op);
    return 1;
}

static uint32_t fence(struct gen *g)
{
    static const char *const ops[] = {"fence", "fence.i"};
    static const char *const sets[] = {"", " rw, rw", " iorw, iorw", " r, w", " w, r"};
    const char *op = GEN_PICK(g, ops);
    if (!op)
        return 0;
    gen_item_begin(g);
    if (op[5] == '.')
        gen_insn(g, 4, -1, 0, "fence.i");
    else
        gen_insn(g, 4, -1, 0, "fence%s", sets[rng_below(&g->rng, 5)]);
    gen_cov(g, op);
    return 1;
}

/* Self-modifying code (Zifencei, unprivileged spec ch. 3): stores the
 * encoding of a random register-register ALU instruction over a slot later
 * in the item, executes FENCE.I, then the slot. The slot's assembled
 * instruction (XORI rd, rd, 1) differs, so running stale code shows. */
static uint32_t smc(struct gen *g)
{
    static const struct {
        const char *name;
        uint32_t funct7, funct3, opcode;
    } ops[] = {{"add", 0, 0, 0x33}, {"sub", 0x20, 0, 0x33}, {"sll", 0, 1, 0x33}, {"sltu", 0, 3, 0x33},
               {"xor", 0, 4, 0x33}, {"sra", 0x20, 5, 0x33}, {"or", 0, 6, 0x33}, {"and", 0, 7, 0x33},
               {"addw", 0, 0, 0x3b}, {"subw", 0x20, 0, 0x3b}, {"mul", 1, 0, 0x33}, {"divuw", 1, 5, 0x3b}};
    if (gen_omitted(g, "fence.i"))
        return 0;
    unsigned k = rng_below(&g->rng, sizeof(ops) / sizeof(ops[0]));
    uint32_t saved = g->excl;
    gen_item_begin(g);
    unsigned rd = gen_dst_nz(g), rs1 = gen_src(g), rs2 = gen_src(g);
    uint32_t enc = ops[k].funct7 << 25 | rs2 << 20 | rs1 << 15 | ops[k].funct3 << 12 | rd << 7 | ops[k].opcode;
    unsigned v = gen_dst_nz(g);
    g->excl |= BIT(v);
    unsigned t = gen_dst_nz(g);
    int32_t lo = (int32_t)((enc & 0xfff) ^ 0x800) - 0x800;
    uint32_t hi = ((enc - (uint32_t)lo) >> 12) & 0xfffff;
    gen_insn(g, 4, -1, 0, "lui x%u, %#x", v, hi);
    gen_insn(g, 4, -1, 0, "addi x%u, x%u, %d", v, v, lo);
    gen_insn(g, 8, -1, 0, "lla x%u, 1f", t);
    gen_insn(g, 4, -1, 0, "sw x%u, 0(x%u)", v, t);
    gen_insn(g, 4, -1, 0, "fence.i");
    gen_insn(g, 4, -1, 0, "1: xori x%u, x%u, 1 /* becomes %s x%u, x%u, x%u */", rd, rd, ops[k].name, rd, rs1, rs2);
    g->excl = saved;
    gen_cov(g, "fence.i");
    gen_cov(g, "fence.i/smc");
    gen_cov(g, ops[k].name);
    return 7;
}

uint32_t gen_random_item(struct gen *g, bool in_loop)
{
    uint32_t p = rng_below(&g->rng, 100);
    if (p < 22) return alu_rr(g);
    if (p < 36) return alu_ri(g);
    if (p < 40) return alu_ri(g);
    if (p < 42) return gen_probe(g);
    if (p < 45) return upper(g);
    if (p < 54) return muldiv(g);
    if (p < 58) return m_corner(g);
    if (p < 60) return setup(g);
    if (p < 68) return load_store(g, false);
    if (p < 75) return load_store(g, true);
    if (p < 80) return amo(g);
    if (p < 83) return lrsc(g);
    if (p < 90) return branch(g);
    if (p < 92) return jal(g);
    if (p < 94) return jalr(g);
    if (p < 95) {
        uint32_t q = rng_below(&g->rng, 6);
        return q < 2 ? fence(g) : q < 3 ? smc(g) : gap_jump(g);
    }
    return in_loop ? alu_rr(g) : gen_loop(g);
}

/* A counted loop: `addi c, x0, k` (k = 1..4) at top level, then 1..6 items
 * that never write c (forward transfers stay inside the loop or leave it),
 * then a tail that decrements c and goes back to the head while it is not
 * zero, by a backward branch, JAL, JALR or (RVC) C.BNEZ. */
uint32_t gen_loop(struct gen *g)
{
    uint32_t before = g->emitted;
    unsigned c;
    do
        c = (g->rvc && rng_chance(&g->rng, 50)) ? gen_dst_c(g) : gen_dst_nz(g);
    while (c == 1 || c == 2);
    gen_item_begin(g);
    gen_insn(g, 4, -1, 0, "addi x%u, x0, %u", c, 1 + rng_below(&g->rng, 4));
    gen_cov(g, "addi");
    g->loop = ++g->nloops;
    g->excl |= BIT(c);
    int32_t head = (int32_t)g->nitems;
    for (unsigned n = 1 + rng_below(&g->rng, 6); n > 0;) {
        uint32_t k = (g->rvc && rng_chance(&g->rng, 30)) ? gen_rvc_item(g) : gen_random_item(g, true);
        if (k)
            n--;
    }
    uint32_t body = 0; /* bytes from the head to the tail */
    for (size_t i = g->items[head].first; i < g->ninsns; i++)
        body += g->insns[i].size;
    int32_t tail = gen_item_begin(g);
    unsigned v = rng_below(&g->rng, 6);
    if (v == 5 && !(g->rvc && c >= 8 && c <= 15 && body < 240))
        v = 0;
    if (body >= BRANCH_RANGE - 16) { /* too far for a branch: JAL or JALR back */
        v = 3 + rng_below(&g->rng, 2);
        gen_cov(g, "loop/far-back");
    }
    if (v == 5) {
        gen_insn(g, 2, -1, 0, ".option push; .option arch, +c; c.addi x%u, -1; .option pop", c);
        gen_insn(g, 2, head, 254, ".option push; .option arch, +c; c.bnez x%u, @; .option pop", c);
        gen_cov(g, "c.addi");
        gen_cov(g, "c.bnez");
        gen_cov(g, "loop/c.bnez-back");
    } else {
        gen_insn(g, 4, -1, 0, "addi x%u, x%u, -1", c, c);
        gen_cov(g, "addi");
        switch (v) {
        case 0: gen_insn(g, 4, head, BRANCH_RANGE, "bne x%u, x0, @", c); gen_cov(g, "bne"); break;
        case 1: gen_insn(g, 4, head, BRANCH_RANGE, "blt x0, x%u, @", c); gen_cov(g, "blt"); break;
        case 2: gen_insn(g, 4, head, BRANCH_RANGE, "bltu x0, x%u, @", c); gen_cov(g, "bltu"); break;
        case 3:
            gen_insn(g, 4, tail + 1, BRANCH_RANGE, "bge x0, x%u, @", c);
            gen_insn(g, 4, head, JAL_RANGE, "jal x0, @");
            gen_cov(g, "bge");
            gen_cov(g, "jal");
            gen_cov(g, "loop/jal-back");
            break;
        default: {
            unsigned t = gen_dst_nz(g);
            gen_insn(g, 4, tail + 1, BRANCH_RANGE, "beq x%u, x0, @", c);
            gen_insn(g, 8, head, 0, "lla x%u, @", t);
            gen_insn(g, 4, -1, 0, "jalr x0, 0(x%u)", t);
            gen_cov(g, "beq");
            gen_cov(g, "jalr");
            gen_cov(g, "loop/jalr-back");
            break;
        }
        }
        if (v <= 2)
            gen_cov(g, "loop/branch-back");
    }
    g->excl &= ~BIT(c);
    g->loop = 0;
    return g->emitted - before;
}

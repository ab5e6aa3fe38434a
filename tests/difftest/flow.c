/*
 * flow.c - control-transfer items of difftest-gen: forward branches, JAL,
 * JALR, always-taken jumps over gaps, counted loops, FENCE/FENCE.I and
 * self-modifying code (unprivileged spec 20191213: 2.5, 2.7, ch. 3).
 *
 * Forward transfers target later item labels (resolved by prog.c); the only
 * backward ones close counted loops, so every program terminates.
 */
#include <string.h>

#include "difftest.h"
#include "gen.h"

uint32_t gen_branch(struct gen *g)
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

uint32_t gen_jal(struct gen *g)
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
uint32_t gen_jalr(struct gen *g)
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
uint32_t gen_gap_jump(struct gen *g)
{
    static const char *const ops[] = {"beq", "bge", "bgeu", "jal"};
    const char *op = GEN_PICK(g, ops);
    if (!op)
        return 0;
    /* Gaps share the body's room with the instructions (4 bytes each at most). */
    uint64_t budget = DT_BODY_LIMIT - DT_BODY_ADDR - 65536 - 4ull * g->want;
    if (budget > GEN_GAP_BUDGET)
        budget = GEN_GAP_BUDGET;
    if ((int64_t)budget <= (int64_t)g->gap_bytes)
        return 0;
    uint32_t room = (uint32_t)(budget - g->gap_bytes);
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

uint32_t gen_fence(struct gen *g)
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
uint32_t gen_smc(struct gen *g)
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

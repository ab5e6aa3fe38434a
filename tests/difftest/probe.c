/*
 * probe.c - encoding probes of difftest-gen: raw instruction words
 * (`.word`) in the reserved parts of the RV64IMA opcode space, which both
 * sides must reject with an illegal-instruction trap (logged and skipped by
 * the harnesses, difftest.h), and FENCE/FENCE.I with their reserved fields
 * set, which both must execute (unprivileged spec 20191213, 2.7 and 3.1:
 * "base implementations shall ignore these fields"). Opcode map: chapter
 * 24 (tables 24.1, 24.2). SYSTEM is never probed (U and M mode differ).
 *
 * A probe the DUT wrongly accepts is harmless to the run: memory forms use
 * x8 as base with offset 0, branch forms offset +4, jumps offset 0 from x8.
 */
#include "difftest.h"
#include "gen.h"

/* R-type word. */
static uint32_t r_type(uint32_t f7, uint32_t rs2, uint32_t rs1, uint32_t f3, uint32_t rd, uint32_t op)
{
    return f7 << 25 | (rs2 & 31) << 20 | (rs1 & 31) << 15 | f3 << 12 | (rd & 31) << 7 | op;
}

/* A funct7 that no RV64IMA instruction uses with its opcode. */
static uint32_t bad_funct7(struct gen *g)
{
    uint32_t f7;
    do
        f7 = rng_below(&g->rng, 128);
    while (f7 == 0x00 || f7 == 0x20 || f7 == 0x01);
    return f7;
}

uint32_t gen_probe(struct gen *g)
{
    static const uint32_t bad_opcodes[] = {
        0x07, 0x27, 0x43, 0x47, 0x4b, 0x4f, 0x53, /* F/D: LOAD-FP .. OP-FP */
        0x0b, 0x2b, 0x5b, 0x7b,                   /* custom-0..3 */
        0x57, 0x77, 0x6b,                         /* OP-V, OP-VE (reserved), reserved */
        0x1f, 0x3f, 0x5f, 0x7f,                   /* 48-, 64-, 80+-bit prefixes */
    };
    unsigned rd = gen_dst(g), rs1 = gen_src(g), rs2 = gen_src(g);
    uint32_t w, f3;
    const char *key;
    /* No probes of the 16-bit space: they are legal on a core with C, and
     * the default (rv64ima) run must keep passing when the core gains C. */
    unsigned kind = rng_below(&g->rng, 13);
    switch (kind) {
    case 0: /* OP: funct7 outside {0, 0x20, 1}, or 0x20 with funct3 not SUB/SRA */
        if (rng_chance(&g->rng, 70)) {
            w = r_type(bad_funct7(g), rs2, rs1, rng_below(&g->rng, 8), rd, 0x33);
        } else {
            do
                f3 = rng_below(&g->rng, 8);
            while (f3 == 0 || f3 == 5);
            w = r_type(0x20, rs2, rs1, f3, rd, 0x33);
        }
        key = "illegal/op";
        break;
    case 1: /* OP-32: the funct7/funct3 pairs RV64IM leaves free */
        switch (rng_below(&g->rng, 4)) {
        case 0: w = r_type(bad_funct7(g), rs2, rs1, rng_below(&g->rng, 8), rd, 0x3b); break;
        case 1: do f3 = rng_below(&g->rng, 8); while (f3 == 0 || f3 == 5);
                w = r_type(0x20, rs2, rs1, f3, rd, 0x3b); break;
        case 2: do f3 = rng_below(&g->rng, 8); while (f3 == 0 || f3 == 1 || f3 == 5);
                w = r_type(0x00, rs2, rs1, f3, rd, 0x3b); break;
        default: w = r_type(0x01, rs2, rs1, 1 + rng_below(&g->rng, 3), rd, 0x3b); break;
        }
        key = "illegal/op-32";
        break;
    case 2: /* OP-IMM shifts: SLLI imm[11:6] != 0, SRLI/SRAI imm[11:6] not 0/0x10 */
        if (rng_chance(&g->rng, 50)) {
            w = (1 + rng_below(&g->rng, 63)) << 26 | rng_below(&g->rng, 64) << 20;
            f3 = 1;
        } else {
            uint32_t f6;
            do
                f6 = rng_below(&g->rng, 64);
            while (f6 == 0 || f6 == 0x10);
            w = f6 << 26 | rng_below(&g->rng, 64) << 20;
            f3 = 5;
        }
        w |= (rs1 & 31u) << 15 | f3 << 12 | rd << 7 | 0x13;
        key = "illegal/op-imm-shift";
        break;
    case 3: /* OP-IMM-32: funct3 not ADDIW/SLLIW/SRxIW, or bad funct7, or shamt[5] */
        switch (rng_below(&g->rng, 3)) {
        case 0: { static const uint32_t f3s[] = {2, 3, 4, 6, 7};
                  w = rng_below(&g->rng, 4096) << 20 | rs1 << 15 | f3s[rng_below(&g->rng, 5)] << 12 | rd << 7 | 0x1b;
                  break; }
        case 1: { uint32_t f7;
                  do f7 = rng_below(&g->rng, 128); while (f7 == 0 || f7 == 0x20);
                  w = r_type(f7, rs2, rs1, rng_chance(&g->rng, 50) ? 1 : 5, rd, 0x1b); break; }
        default: w = r_type(0x01, rs2, rs1, 1, rd, 0x1b); break; /* SLLIW, shamt[5] = 1 */
        }
        key = "illegal/op-imm-32";
        break;
    case 4: /* LOAD funct3 7 (LDU is RV128) */
        w = DT_BASE_REG << 15 | 7u << 12 | rd << 7 | 0x03;
        key = "illegal/load";
        break;
    case 5: /* STORE funct3 4..7 */
        w = (rs2 & 31u) << 20 | DT_BASE_REG << 15 | (4 + rng_below(&g->rng, 4)) << 12 | 0x23;
        key = "illegal/store";
        break;
    case 6: /* BRANCH funct3 2, 3 (offset +4) */
        w = (rs2 & 31u) << 20 | rs1 << 15 | (2 + rng_below(&g->rng, 2)) << 12 | 4u << 7 | 0x63;
        key = "illegal/branch";
        break;
    case 7: /* JALR funct3 != 0 */
        w = DT_BASE_REG << 15 | (1 + rng_below(&g->rng, 7)) << 12 | rd << 7 | 0x67;
        key = "illegal/jalr";
        break;
    case 8: { /* AMO: width not W/D, or a funct5 no AMO uses */
        static const uint32_t f5s[] = {0x05, 0x06, 0x07, 0x09, 0x0a, 0x0b, 0x0d, 0x0e, 0x0f,
                                       0x11, 0x15, 0x19, 0x1d, 0x1f};
        if (rng_chance(&g->rng, 50)) {
            static const uint32_t f3s[] = {0, 1, 4, 5, 6, 7};
            w = 0x01u << 27 | (rs2 & 31u) << 20 | DT_BASE_REG << 15 | f3s[rng_below(&g->rng, 6)] << 12 | rd << 7 | 0x2f;
        } else {
            w = f5s[rng_below(&g->rng, 14)] << 27 | rng_below(&g->rng, 4) << 25 | (rs2 & 31u) << 20 |
                DT_BASE_REG << 15 | (2 + rng_below(&g->rng, 2)) << 12 | rd << 7 | 0x2f;
        }
        key = "illegal/amo";
        break;
    }
    case 9: /* LR with rs2 != 0 (reserved) */
        w = 0x02u << 27 | rng_below(&g->rng, 4) << 25 | (1 + rng_below(&g->rng, 31)) << 20 |
            DT_BASE_REG << 15 | (2 + rng_below(&g->rng, 2)) << 12 | rd << 7 | 0x2f;
        key = "illegal/lr-rs2";
        break;
    case 10: /* MISC-MEM funct3 3..7 */
        w = rng_below(&g->rng, 4096) << 20 | rs1 << 15 | (3 + rng_below(&g->rng, 5)) << 12 | rd << 7 | 0x0f;
        key = "illegal/misc-mem";
        break;
    case 11: /* opcodes outside RV64IMA, and longer-instruction prefixes */
        w = (uint32_t)rng_next(&g->rng) & ~0x7fu;
        w |= bad_opcodes[rng_below(&g->rng, sizeof(bad_opcodes) / sizeof(bad_opcodes[0]))];
        key = "illegal/opcode";
        break;
    default: /* FENCE / FENCE.I with every reserved field random: executed */
        if (rng_chance(&g->rng, 50)) {
            w = (uint32_t)rng_next(&g->rng) & 0xfffff000u; /* fm, pred, succ, rs1 */
            w |= rng_below(&g->rng, 32) << 7 | 0x0f;      /* rd, funct3 0 */
            key = "fence/reserved-fields";
        } else {
            w = ((uint32_t)rng_next(&g->rng) & 0xffff8000u) | 1u << 12 | rng_below(&g->rng, 32) << 7 | 0x0f;
            key = "fence.i/reserved-fields";
        }
        break;
    }
    gen_item_begin(g);
    gen_insn(g, 4, -1, 0, ".word %#010x /* %s */", w, key);
    gen_cov(g, key);
    return 1;
}

/*
 * cov.c - the coverage keys of difftest-gen and its random numbers.
 *
 * Keys: every RV64I, M and A mnemonic (unprivileged spec 20191213, ch. 2, 5,
 * 7, 8; FENCE.I: ch. 3) and of RV64C without floating point (ch. 16), minus
 * ECALL, EBREAK and C.EBREAK, whose effect differs between U-mode QEMU and
 * the M-mode core by design; plus named corner-case forms. `make test`
 * fails if any key of the selected extensions was never emitted.
 */
#include <string.h>

#include "gen.h"

const struct cov_key gen_cov_keys[] = {
    /* RV64I */
    {"lui", 'i'}, {"auipc", 'i'}, {"jal", 'i'}, {"jalr", 'i'},
    {"beq", 'i'}, {"bne", 'i'}, {"blt", 'i'}, {"bge", 'i'}, {"bltu", 'i'}, {"bgeu", 'i'},
    {"lb", 'i'}, {"lh", 'i'}, {"lw", 'i'}, {"ld", 'i'}, {"lbu", 'i'}, {"lhu", 'i'}, {"lwu", 'i'},
    {"sb", 'i'}, {"sh", 'i'}, {"sw", 'i'}, {"sd", 'i'},
    {"addi", 'i'}, {"slti", 'i'}, {"sltiu", 'i'}, {"xori", 'i'}, {"ori", 'i'}, {"andi", 'i'},
    {"slli", 'i'}, {"srli", 'i'}, {"srai", 'i'},
    {"add", 'i'}, {"sub", 'i'}, {"sll", 'i'}, {"slt", 'i'}, {"sltu", 'i'}, {"xor", 'i'},
    {"srl", 'i'}, {"sra", 'i'}, {"or", 'i'}, {"and", 'i'},
    {"addiw", 'i'}, {"slliw", 'i'}, {"srliw", 'i'}, {"sraiw", 'i'},
    {"addw", 'i'}, {"subw", 'i'}, {"sllw", 'i'}, {"srlw", 'i'}, {"sraw", 'i'},
    {"fence", 'i'}, {"fence.i", 'i'},
    {"fence.i/smc", 'i'},        /* store over a later instruction, FENCE.I, run it */
    /* RV64I forms */
    {"rd/x0", 'i'},              /* a write to x0 (discarded) */
    {"jalr/odd-target", 'i'},    /* rs1 + imm odd: bit 0 cleared */
    {"jalr/rd-eq-rs1", 'i'},     /* link overwrites the base register */
    {"loop/branch-back", 'i'},   /* counted loop closed by a backward branch */
    {"loop/jal-back", 'i'},      /* ... by a backward JAL */
    {"loop/jalr-back", 'i'},     /* ... by a backward JALR */
    {"loop/far-back", 'i'},      /* ... over more than a branch reaches */
    {"branch/over-2k", 'i'},     /* taken branch over >= 2 KiB (B-imm bit 11) */
    {"jal/over-512k", 'i'},      /* JAL over >= 512 KiB (J-imm bit 19) */
    /* encoding probes (probe.c): reserved words must trap, reserved FENCE fields be ignored */
    {"illegal/op", 'i'}, {"illegal/op-32", 'i'}, {"illegal/op-imm-shift", 'i'},
    {"illegal/op-imm-32", 'i'}, {"illegal/load", 'i'}, {"illegal/store", 'i'},
    {"illegal/branch", 'i'}, {"illegal/jalr", 'i'}, {"illegal/misc-mem", 'i'},
    {"illegal/opcode", 'i'}, {"fence/reserved-fields", 'i'}, {"fence.i/reserved-fields", 'i'},
    /* RV64M */
    {"mul", 'm'}, {"mulh", 'm'}, {"mulhsu", 'm'}, {"mulhu", 'm'},
    {"div", 'm'}, {"divu", 'm'}, {"rem", 'm'}, {"remu", 'm'},
    {"mulw", 'm'}, {"divw", 'm'}, {"divuw", 'm'}, {"remw", 'm'}, {"remuw", 'm'},
    /* RV64M corner cases (unprivileged spec 7.2, table 7.1) */
    {"div/zero", 'm'}, {"divu/zero", 'm'}, {"rem/zero", 'm'}, {"remu/zero", 'm'},
    {"divw/zero", 'm'}, {"divuw/zero", 'm'}, {"remw/zero", 'm'}, {"remuw/zero", 'm'},
    {"w/zero-low32", 'm'},       /* W division, divisor's low word 0, upper word not */
    {"div/overflow", 'm'}, {"rem/overflow", 'm'}, {"divw/overflow", 'm'}, {"remw/overflow", 'm'},
    {"mulh/neg", 'm'}, {"mulhsu/neg", 'm'}, {"mulhu/neg", 'm'},
    /* RV64A */
    {"lr.w", 'a'}, {"sc.w", 'a'}, {"lr.d", 'a'}, {"sc.d", 'a'},
    {"amoswap.w", 'a'}, {"amoadd.w", 'a'}, {"amoxor.w", 'a'}, {"amoand.w", 'a'}, {"amoor.w", 'a'},
    {"amomin.w", 'a'}, {"amomax.w", 'a'}, {"amominu.w", 'a'}, {"amomaxu.w", 'a'},
    {"amoswap.d", 'a'}, {"amoadd.d", 'a'}, {"amoxor.d", 'a'}, {"amoand.d", 'a'}, {"amoor.d", 'a'},
    {"amomin.d", 'a'}, {"amomax.d", 'a'}, {"amominu.d", 'a'}, {"amomaxu.d", 'a'},
    /* RV64A forms */
    {"sc/paired", 'a'},          /* LR then SC, same address: succeeds */
    {"sc/no-reservation", 'a'},  /* SC without LR: fails */
    {"sc/other-address", 'a'},   /* SC outside the LR's reservation set: fails */
    {"illegal/amo", 'a'}, {"illegal/lr-rs2", 'a'},
    {"amo/aq", 'a'}, {"amo/rl", 'a'}, {"amo/aqrl", 'a'},
    /* RV64C (no F/D forms; C.EBREAK excluded) */
    {"c.addi4spn", 'c'}, {"c.lw", 'c'}, {"c.ld", 'c'}, {"c.sw", 'c'}, {"c.sd", 'c'},
    {"c.nop", 'c'}, {"c.addi", 'c'}, {"c.addiw", 'c'}, {"c.li", 'c'}, {"c.addi16sp", 'c'},
    {"c.lui", 'c'}, {"c.srli", 'c'}, {"c.srai", 'c'}, {"c.andi", 'c'}, {"c.sub", 'c'},
    {"c.xor", 'c'}, {"c.or", 'c'}, {"c.and", 'c'}, {"c.subw", 'c'}, {"c.addw", 'c'},
    {"c.j", 'c'}, {"c.beqz", 'c'}, {"c.bnez", 'c'}, {"c.slli", 'c'}, {"c.lwsp", 'c'},
    {"c.ldsp", 'c'}, {"c.jr", 'c'}, {"c.jalr", 'c'}, {"c.mv", 'c'}, {"c.add", 'c'},
    {"c.swsp", 'c'}, {"c.sdsp", 'c'},
    {"loop/c.bnez-back", 'c'},   /* counted loop closed by a backward C.BNEZ */
};
const size_t gen_cov_nkeys = sizeof(gen_cov_keys) / sizeof(gen_cov_keys[0]);

int gen_cov_find(const char *name)
{
    for (size_t i = 0; i < gen_cov_nkeys; i++)
        if (strcmp(gen_cov_keys[i].name, name) == 0)
            return (int)i;
    return -1;
}

uint64_t rng_next(struct rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

uint32_t rng_below(struct rng *r, uint32_t n)
{
    return (uint32_t)(rng_next(r) % n);
}

int64_t rng_range(struct rng *r, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

bool rng_chance(struct rng *r, uint32_t pct)
{
    return rng_below(r, 100) < pct;
}

uint64_t rng_value(struct rng *r)
{
    static const uint64_t special[] = {
        0, 1, 2, UINT64_MAX, UINT64_MAX - 1, 0x8000000000000000u, 0x7fffffffffffffffu,
        0x80000000u, 0x7fffffffu, 0xffffffffu, 0xffffffff80000000u, 0x100000000u,
        0x7ff, 0x800, 0xfffffffffffff800u, 0x8000, 0xffff, 0x80, 0xff,
    };
    switch (rng_below(r, 8)) {
    case 0: case 1:
        return special[rng_below(r, sizeof(special) / sizeof(special[0]))];
    case 2: /* small, either sign */
        return (uint64_t)rng_range(r, -64, 64);
    case 3: /* a sign-extended 32-bit value */
        return (uint64_t)(int64_t)(int32_t)(uint32_t)rng_next(r);
    default:
        return rng_next(r);
    }
}

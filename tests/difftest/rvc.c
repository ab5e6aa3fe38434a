/*
 * rvc.c - RV64C items of difftest-gen (unprivileged spec 20191213, ch. 16,
 * tables 16.5-16.7; no F/D forms, no C.EBREAK).
 *
 * Every compressed instruction is an explicit c.* mnemonic assembled under
 * `.option arch, +c` for that instruction alone, so the assembler never
 * compresses the other instructions of the body behind the generator's
 * back and every size is known. Stack-pointer-based accesses first point
 * sp into the data region (addi sp, x8, -512).
 */
#include <stdarg.h>
#include <string.h>

#include "difftest.h"
#include "gen.h"

#define CB_RANGE 250u  /* CB-type: +-256 B, minus slack */
#define CJ_RANGE 2040u /* CJ-type: +-2 KiB, minus slack */

/* Appends one compressed instruction (printf-style, '@' = target label). */
__attribute__((format(printf, 4, 5)))
static void cinsn(struct gen *g, int32_t target, uint32_t range, const char *fmt, ...)
{
    char buf[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    gen_insn(g, 2, target, range, ".option push; .option arch, +c; %s; .option pop", buf);
}

/* A non-zero 6-bit signed immediate. */
static int nzimm6(struct gen *g)
{
    int v = (int)rng_range(&g->rng, -32, 30);
    return v >= 0 ? v + 1 : v;
}

/* A register of x8..x15 to read (compressed rs1'/rs2'). */
static unsigned src_c(struct gen *g)
{
    return 8 + rng_below(&g->rng, 8);
}

/* A writable non-zero register that is not sp (x2). */
static unsigned dst_nsp(struct gen *g)
{
    unsigned r;
    do
        r = gen_dst_nz(g);
    while (r == 2);
    return r;
}

/* Base register (x8..x15) for a compressed load/store of w bytes at
 * displacement d (0 <= d <= 31 * w): x8 when the access fits above
 * DT_BASE_ADDR, else a temporary set from x8 lower in the region. */
static unsigned base_c(struct gen *g, uint32_t w, uint32_t *d)
{
    *d = w * rng_below(&g->rng, 32);
    if (rng_chance(&g->rng, 50))
        return DT_BASE_REG;
    unsigned t = gen_dst_c(g);
    int a = 8 * (int)rng_range(&g->rng, -DT_REGION_SIZE / 16, -32); /* -512 .. -256 */
    gen_insn(g, 4, -1, 0, "addi x%u, x%u, %d", t, DT_BASE_REG, a);
    return t;
}

uint32_t gen_rvc_item(struct gen *g)
{
    static const char *const ops[] = {
        "c.addi4spn", "c.lw", "c.ld", "c.sw", "c.sd", "c.nop", "c.addi", "c.addiw", "c.li",
        "c.addi16sp", "c.lui", "c.srli", "c.srai", "c.andi", "c.sub", "c.xor", "c.or", "c.and",
        "c.subw", "c.addw", "c.j", "c.beqz", "c.bnez", "c.slli", "c.lwsp", "c.ldsp", "c.jr",
        "c.jalr", "c.mv", "c.add", "c.swsp", "c.sdsp"};
    const char *op = GEN_PICK(g, ops);
    if (!op)
        return 0;
    uint32_t before = g->emitted;
    gen_item_begin(g);
    const char *m = op + 2;
    uint32_t d;
    unsigned b;
    if (!strcmp(m, "addi4spn")) {
        cinsn(g, -1, 0, "c.addi4spn x%u, x2, %u", gen_dst_c(g), 4 * (1 + rng_below(&g->rng, 255)));
    } else if (!strcmp(m, "lw") || !strcmp(m, "ld")) {
        b = base_c(g, m[1] == 'w' ? 4 : 8, &d);
        cinsn(g, -1, 0, "%s x%u, %u(x%u)", op, gen_dst_c(g), d, b);
    } else if (!strcmp(m, "sw") || !strcmp(m, "sd")) {
        b = base_c(g, m[1] == 'w' ? 4 : 8, &d);
        cinsn(g, -1, 0, "%s x%u, %u(x%u)", op, src_c(g), d, b);
    } else if (!strcmp(m, "nop")) {
        cinsn(g, -1, 0, "c.nop");
    } else if (!strcmp(m, "addi")) {
        cinsn(g, -1, 0, "c.addi x%u, %d", gen_dst_nz(g), nzimm6(g));
    } else if (!strcmp(m, "addiw") || !strcmp(m, "li")) {
        cinsn(g, -1, 0, "%s x%u, %d", op, gen_dst_nz(g), (int)rng_range(&g->rng, -32, 31));
    } else if (!strcmp(m, "addi16sp")) {
        cinsn(g, -1, 0, "c.addi16sp x2, %d", 16 * nzimm6(g));
    } else if (!strcmp(m, "lui")) {
        int v = nzimm6(g); /* imm[17:12], sign-extended: 20-bit operand */
        cinsn(g, -1, 0, "c.lui x%u, %#x", dst_nsp(g), (unsigned)v & 0xfffffu);
    } else if (!strcmp(m, "srli") || !strcmp(m, "srai") || !strcmp(m, "slli")) {
        unsigned r = m[1] == 'l' ? gen_dst_nz(g) : gen_dst_c(g);
        cinsn(g, -1, 0, "%s x%u, %u", op, r, 1 + rng_below(&g->rng, 63));
    } else if (!strcmp(m, "andi")) {
        cinsn(g, -1, 0, "c.andi x%u, %d", gen_dst_c(g), (int)rng_range(&g->rng, -32, 31));
    } else if (!strcmp(m, "sub") || !strcmp(m, "xor") || !strcmp(m, "or") || !strcmp(m, "and") ||
               !strcmp(m, "subw") || !strcmp(m, "addw")) {
        cinsn(g, -1, 0, "%s x%u, x%u", op, gen_dst_c(g), src_c(g));
    } else if (!strcmp(m, "j")) {
        cinsn(g, gen_fwd_target(g), CJ_RANGE, "c.j @");
    } else if (!strcmp(m, "beqz") || !strcmp(m, "bnez")) {
        cinsn(g, gen_fwd_target(g), CB_RANGE, "%s x%u, @", op, src_c(g));
    } else if (!strcmp(m, "lwsp") || !strcmp(m, "ldsp") || !strcmp(m, "swsp") || !strcmp(m, "sdsp")) {
        uint32_t w = m[1] == 'w' ? 4 : 8;
        gen_insn(g, 4, -1, 0, "addi x2, x%u, %d", DT_BASE_REG, -DT_REGION_SIZE / 2);
        d = w * rng_below(&g->rng, 64); /* <= 504: inside the region's lower half */
        if (m[0] == 'l')
            cinsn(g, -1, 0, "%s x%u, %u(x2)", op, gen_dst_nz(g), d);
        else
            cinsn(g, -1, 0, "%s x%u, %u(x2)", op, gen_src(g), d);
    } else if (!strcmp(m, "jr") || !strcmp(m, "jalr")) {
        unsigned t = gen_dst_nz(g);
        gen_insn(g, 8, gen_fwd_target(g), 0, "lla x%u, @", t);
        cinsn(g, -1, 0, "%s x%u", op, t);
    } else { /* c.mv, c.add */
        unsigned s;
        do
            s = gen_src(g);
        while (s == 0);
        cinsn(g, -1, 0, "%s x%u, x%u", op, gen_dst_nz(g), s);
    }
    gen_cov(g, op);
    return g->emitted - before;
}

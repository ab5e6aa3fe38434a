/*
 * prog.c - program structure of difftest-gen: items and their labels,
 * coverage counting, resolution of control-transfer targets and the
 * assembler output.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "difftest.h"
#include "gen.h"

/* Grows *buf (of *cap elements of `size` bytes) to hold n + 1; -ENOMEM. */
static int grow(void **buf, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return 0;
    size_t ncap = *cap ? 2 * *cap : 1024;
    void *p = realloc(*buf, ncap * size);
    if (!p)
        return -ENOMEM;
    *buf = p;
    *cap = ncap;
    return 0;
}

int gen_item_begin(struct gen *g)
{
    int rc = grow((void **)&g->items, &g->cap_items, g->nitems, sizeof(*g->items));
    if (rc) {
        g->error = rc;
        return rc;
    }
    struct item *it = &g->items[g->nitems++];
    it->first = (uint32_t)g->ninsns;
    it->count = 0;
    it->loop = g->loop;
    it->offset = 0;
    return (int)g->nitems - 1;
}

void gen_insn(struct gen *g, uint32_t size, int32_t target, uint32_t range, const char *fmt, ...)
{
    if (g->error)
        return;
    int rc = grow((void **)&g->insns, &g->cap_insns, g->ninsns, sizeof(*g->insns));
    if (rc) {
        g->error = rc;
        return;
    }
    struct insn *in = &g->insns[g->ninsns++];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(in->text, sizeof(in->text), fmt, ap);
    va_end(ap);
    in->size = size;
    in->target = target;
    in->range = range;
    g->items[g->nitems - 1].count++;
    g->emitted += size == 8 ? 2 : 1; /* lla is two instructions */
}

void gen_gap(struct gen *g, uint32_t n)
{
    uint32_t emitted = g->emitted;
    gen_insn(g, n, -1, 0, ".skip %u", n);
    g->emitted = emitted; /* not an instruction */
    g->gap_bytes += n;
}

void gen_cov(struct gen *g, const char *name)
{
    int k = gen_cov_find(name);
    if (k < 0) {
        fprintf(stderr, "difftest-gen: internal error: unknown coverage key '%s'\n", name);
        abort();
    }
    g->count[k]++;
}

bool gen_omitted(const struct gen *g, const char *name)
{
    int k = gen_cov_find(name);
    return k >= 0 && g->omit[k];
}

/* Moves forward target j of an instruction in item i out of any loop body
 * that i is not in (entering a loop past its counter's set-up would leave
 * the counter undefined), then back to i + 1 if the displacement from
 * byte `from` exceeds `range`. */
static int32_t resolve(const struct gen *g, uint32_t i, int32_t j, uint64_t from, uint32_t range)
{
    uint32_t n = (uint32_t)g->nitems; /* item n = the end label */
    if (j <= (int32_t)i)
        return j; /* backward: loop tails only, checked when emitted */
    if ((uint32_t)j > n)
        j = (int32_t)n;
    while ((uint32_t)j < n && g->items[j].loop != 0 && g->items[j].loop != g->items[i].loop)
        j++;
    uint64_t to = (uint32_t)j < n ? g->items[j].offset : g->end_offset;
    if (range && to - from > range)
        j = (int32_t)i + 1;
    return j;
}

int gen_write(struct gen *g, FILE *out, uint64_t seed)
{
    if (g->error)
        return g->error;
    uint64_t off = 0;
    for (size_t i = 0; i < g->nitems; i++) {
        g->items[i].offset = (uint32_t)off;
        for (uint32_t k = 0; k < g->items[i].count; k++)
            off += g->insns[g->items[i].first + k].size;
    }
    if (off > DT_BODY_LIMIT - DT_BODY_ADDR - 1024)
        return -E2BIG;
    g->end_offset = (uint32_t)off;

    fprintf(out, "/* difftest body: seed %llu, %u instructions%s (tests/difftest/gen). */\n",
            (unsigned long long)seed, g->emitted, g->rvc ? ", RVC" : "");
    fprintf(out, "#include \"difftest.h\"\n  .option norelax\n");
    fprintf(out, "  .section .dt.body, \"awx\", @progbits\n  .globl difftest_body\ndifftest_body:\n");
    for (unsigned r = 1; r < 32; r++) {
        if (r == DT_BASE_REG)
            fprintf(out, "  li x%u, %#llx\n", r, (unsigned long long)DT_BASE_ADDR);
        else
            fprintf(out, "  li x%u, %#llx\n", r, (unsigned long long)rng_value(&g->rng));
    }
    for (size_t i = 0; i < g->nitems; i++) {
        const struct item *it = &g->items[i];
        fprintf(out, ".L%zu:\n", i);
        uint64_t from = it->offset;
        for (uint32_t k = 0; k < it->count; k++) {
            const struct insn *in = &g->insns[it->first + k];
            const char *at = strchr(in->text, '@');
            if (in->target < 0 || !at) {
                fprintf(out, "  %s\n", in->text);
            } else {
                int32_t j = resolve(g, (uint32_t)i, in->target, from, in->range);
                if (j <= (int32_t)i && in->range) {
                    uint64_t back = from - g->items[j].offset;
                    if (back > in->range)
                        return -ERANGE; /* a loop body outgrew its closing branch */
                }
                fprintf(out, "  %.*s.L%d%s\n", (int)(at - in->text), in->text, j, at + 1);
            }
            from += in->size;
        }
    }
    fprintf(out, ".L%zu:\n  .globl difftest_end\ndifftest_end:\n  DT_EPILOGUE\n", g->nitems);
    fprintf(out, "  .section .dt.region, \"aw\", @progbits\n");
    for (unsigned w = 0; w < DT_REGION_SIZE / 8; w++)
        fprintf(out, "  .dword %#llx\n", (unsigned long long)rng_value(&g->rng));
    return ferror(out) ? -EIO : 0;
}

/*
 * gen.h - internals of difftest-gen, the random-program generator of the
 * differential test (tests/difftest/README.md).
 *
 * A program is a list of items; an item is a short fixed sequence of
 * instructions (one random instruction, or a setup sequence and the
 * instruction it sets up) with a label .L<index> at its start. Control
 * transfers target item labels: forward ones anywhere later in the same
 * scope (top level or the same loop body), backward ones only the head of
 * their own counted loop, so every program terminates.
 */
#ifndef DIFFTEST_GEN_H
#define DIFFTEST_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Coverage keys: one per RV64IMA(C) mnemonic plus named corner-case forms
 * ("div/zero", ...). `ext` is the extension that requires it. */
struct cov_key {
    const char *name;
    char ext; /* 'i', 'm', 'a' or 'c' */
};
extern const struct cov_key gen_cov_keys[];
extern const size_t gen_cov_nkeys;
/* Index of key `name`, or -1 if it is not a coverage key. */
int gen_cov_find(const char *name);

/* splitmix64: deterministic on every host (integer arithmetic only). */
struct rng {
    uint64_t s;
};
uint64_t rng_next(struct rng *r);
/* Uniform in [0, n) (n > 0; bias negligible for the small n used here). */
uint32_t rng_below(struct rng *r, uint32_t n);
/* Uniform in [lo, hi] (signed). */
int64_t rng_range(struct rng *r, int64_t lo, int64_t hi);
/* true with probability pct / 100. */
bool rng_chance(struct rng *r, uint32_t pct);
/* A 64-bit value, often an interesting one (0, +-1, extremes, 2^31...). */
uint64_t rng_value(struct rng *r);

#define GEN_MAX_TEXT 112 /* bytes of one instruction's text */
#define GEN_RECENT 4 /* recently written registers that sources prefer */
#define GEN_GAP_BUDGET (1024u * 1024u) /* gap bytes of one body (its room: ~2 MiB) */

/* One instruction. `text` may hold '@' once: the target item's label. */
struct insn {
    char text[GEN_MAX_TEXT];
    uint32_t size;  /* bytes: 2 (c.*), 4, 8 (lla), or a gap's length */
    int32_t target; /* item index, or -1 */
    uint32_t range; /* largest |displacement| in bytes the target allows, 0 = any */
};

struct item {
    uint32_t first, count; /* instructions */
    uint32_t loop;         /* 0 = top level, else the loop it belongs to */
    uint32_t offset;       /* bytes from the first item */
};

struct gen {
    struct rng rng;
    bool rvc;                 /* emit compressed forms too */
    uint32_t want;            /* instructions to emit */
    uint32_t emitted;         /* instructions emitted */
    struct insn *insns;
    size_t ninsns, cap_insns;
    struct item *items;
    size_t nitems, cap_items;
    uint32_t loop;            /* current loop id (0 = none) */
    uint32_t nloops;
    uint32_t end_offset;      /* bytes of all items (set by gen_write) */
    uint32_t gap_bytes;       /* bytes of gaps so far (bounded by GEN_GAP_BUDGET) */
    uint8_t recent[GEN_RECENT]; /* registers written last (a ring) */
    uint32_t nrecent;
    uint32_t excl;            /* registers the current item may not write (bit n = xn) */
    bool *omit;               /* per coverage key: never emit */
    unsigned long *count;     /* per coverage key: times emitted */
    int error;                /* first error (negative errno), 0 = none */
};

/* Program structure (prog.c). */
int gen_item_begin(struct gen *g);
/* Appends one instruction (printf-style text, '@' = target label) of
 * `size` bytes to the current item; `target` is an item index or -1. */
void gen_insn(struct gen *g, uint32_t size, int32_t target, uint32_t range,
              const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Appends a gap of n zero bytes (never executed: always-taken jumps go
 * over it) to the current item. */
void gen_gap(struct gen *g, uint32_t n);
/* Records one use of coverage key `name` (programming error if unknown). */
void gen_cov(struct gen *g, const char *name);
/* true if coverage key `name` was excluded with --omit. */
bool gen_omitted(const struct gen *g, const char *name);
/* Resolves targets (scope and range) and writes the assembler file. */
int gen_write(struct gen *g, FILE *out, uint64_t seed);

/* Instruction classes (ops.c, rvc.c, flow.c). Each appends one item (or, for a
 * loop, several) and returns the instructions emitted, 0 if it emitted
 * nothing (all its choices omitted). */
uint32_t gen_random_item(struct gen *g, bool in_loop);
uint32_t gen_rvc_item(struct gen *g);
uint32_t gen_loop(struct gen *g);
/* An encoding probe (probe.c): a reserved word both sides must trap on, or
 * a FENCE/FENCE.I with reserved fields set. */
uint32_t gen_probe(struct gen *g);

/* Item emitters of mem.c and flow.c (same contract as above). */
uint32_t gen_load_store(struct gen *g, bool store);
uint32_t gen_amo(struct gen *g);
uint32_t gen_lrsc(struct gen *g);
uint32_t gen_branch(struct gen *g);
uint32_t gen_jal(struct gen *g);
uint32_t gen_jalr(struct gen *g);
uint32_t gen_gap_jump(struct gen *g);
uint32_t gen_fence(struct gen *g);
uint32_t gen_smc(struct gen *g);

#define BIT(r) (1u << (r))
#define BRANCH_RANGE 4000u    /* B-type: +-4 KiB, minus slack */
#define JAL_RANGE    1000000u /* J-type: +-1 MiB, minus slack */
#define HALF         (DT_REGION_SIZE / 2) /* x8's offset in the region */

/* Register choice (ops.c): a readable register (any), a writable one
 * (never x8, never a register in g->excl; x0 now and then), and one of
 * x8..x15 that is writable (compressed forms). */
unsigned gen_src(struct gen *g);
unsigned gen_dst(struct gen *g);
unsigned gen_dst_nz(struct gen *g);
unsigned gen_dst_c(struct gen *g);

/* Helpers shared by ops.c and rvc.c. */
int32_t gen_fwd_target(struct gen *g);
const char *gen_pick(struct gen *g, const char *const *names, size_t n);
#define GEN_PICK(g, arr) gen_pick((g), (arr), sizeof(arr) / sizeof((arr)[0]))

#endif /* DIFFTEST_GEN_H */

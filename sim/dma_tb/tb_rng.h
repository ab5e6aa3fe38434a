/*
 * uvmsoc DMA data-path testbench: the random numbers of every part (one
 * xorshift64 state, seeded by --seed, so a run repeats exactly).
 */
#ifndef UVS_DMA_TB_RNG_H
#define UVS_DMA_TB_RNG_H

#include <stdbool.h>
#include <stdint.h>

#include "uvs_xorshift.h"

/** The generator's state (tb.c), never 0. */
extern uint64_t tb_rng_state;

/** rnd - the next 64-bit random number. */
static inline uint64_t rnd(void) { return uvs_xorshift64(&tb_rng_state); }
/** urange - uniform in [lo, hi]. */
static inline uint64_t urange(uint64_t lo, uint64_t hi) { return lo + rnd() % (hi - lo + 1); }
/** chance - true in @pct percent of calls. */
static inline bool chance(unsigned pct) { return rnd() % 100 < pct; }

#endif

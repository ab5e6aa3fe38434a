/*
 * Zipf-distributed row indices for the gather workload (issue 13): the
 * embedding-lookup access pattern of recommendation models. Rank k of n
 * (1-based) has probability proportional to 1 / k^alpha; ranks are mapped
 * to rows by a seeded affine permutation so the popular rows lie scattered
 * over the table, not packed at its start. Deterministic for (n, alpha,
 * seed) on one host (IEEE doubles, libm's log/exp).
 */
#ifndef UVS_CLI_ZIPF_H
#define UVS_CLI_ZIPF_H

#include <stddef.h>
#include <stdint.h>

/** Sampler state (opaque fields; set by zipf_init). */
struct zipf {
    uint64_t n;          /* ranks */
    double alpha;        /* exponent */
    double h_x1, h_n, s; /* rejection-inversion constants */
    uint64_t rng;        /* splitmix64 state */
    uint64_t mul, add;   /* rank -> row permutation: (rank * mul + add) mod n, gcd(mul, n) = 1 */
};

/** Largest alpha accepted (beyond it nearly every draw is rank 1 and the doubles lose precision). */
#define ZIPF_ALPHA_MAX 10.0

/**
 * zipf_init - sampler over @n rows (1..2^32) with exponent @alpha (0 =
 * uniform .. ZIPF_ALPHA_MAX) and @seed. Returns 0, or -EINVAL for n or
 * alpha out of range (alpha NaN included).
 */
int zipf_init(struct zipf *z, uint64_t n, double alpha, uint64_t seed);

/** zipf_rank - next rank, 1..n (rejection-inversion, Hörmann and Derflinger, ACM TOMACS 6(3), 1996). */
uint64_t zipf_rank(struct zipf *z);

/** zipf_row - next row index, 0..n-1: the next rank through the permutation. */
uint32_t zipf_row(struct zipf *z);

#endif

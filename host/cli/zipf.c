/*
 * Zipf sampler (zipf.h) by rejection-inversion: W. Hörmann and G.
 * Derflinger, "Rejection-inversion to generate variates from monotone
 * discrete distributions", ACM TOMACS 6(3), 1996. The continuous hat
 * h(x) = x^-alpha is integrated, H(x) = (x^(1-alpha) - 1) / (1 - alpha)
 * (log x at alpha = 1), a uniform point of [H(n + 1/2), H(3/2) - 1] is
 * inverted and rounded to an integer k, which is accepted when it lies
 * within the constant s of the inverse or under the step of width 1 at k.
 * O(1) memory and time per draw for any n.
 */
#include <errno.h>
#include <math.h>

#include "zipf.h"

/* log1p(t) / t, continuous at 0. */
static double log1p_over(double t)
{
    return fabs(t) > 1e-8 ? log1p(t) / t : 1.0 - t / 2.0 + t * t / 3.0;
}

/* expm1(t) / t, continuous at 0. */
static double expm1_over(double t)
{
    return fabs(t) > 1e-8 ? expm1(t) / t : 1.0 + t / 2.0 + t * t / 6.0;
}

/* H(x): integral of the hat from 1 to x. */
static double hint(const struct zipf *z, double x)
{
    double lx = log(x);
    return expm1_over((1.0 - z->alpha) * lx) * lx;
}

/* Inverse of H. */
static double hint_inv(const struct zipf *z, double y)
{
    double t = y * (1.0 - z->alpha);
    if (t < -1.0)
        t = -1.0; /* rounding at the domain's edge */
    return exp(log1p_over(t) * y);
}

/* The hat at x: x^-alpha. */
static double hat(const struct zipf *z, double x)
{
    return exp(-z->alpha * log(x));
}

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t x = (*s += 0x9e3779b97f4a7c15ull);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int zipf_init(struct zipf *z, uint64_t n, double alpha, uint64_t seed)
{
    if (n == 0 || n > (1ull << 32) || !(alpha >= 0.0 && alpha <= ZIPF_ALPHA_MAX))
        return -EINVAL;
    z->n = n;
    z->alpha = alpha;
    z->h_x1 = hint(z, 1.5) - 1.0;
    z->h_n = hint(z, (double)n + 0.5);
    z->s = 2.0 - hint_inv(z, hint(z, 2.5) - hat(z, 2.0));
    z->rng = seed;
    /* Permutation: a multiplier near n times the golden ratio's fraction, coprime to n. */
    z->mul = n > 1 ? (uint64_t)((double)n * 0.6180339887498949) % n : 0;
    if (z->mul == 0)
        z->mul = 1;
    while (gcd(z->mul, n) != 1)
        z->mul++;
    z->add = splitmix64(&z->rng) % n;
    return 0;
}

uint64_t zipf_rank(struct zipf *z)
{
    for (;;) {
        double u01 = (double)(splitmix64(&z->rng) >> 11) * 0x1p-53;
        double u = z->h_n + u01 * (z->h_x1 - z->h_n);
        double x = hint_inv(z, u);
        double kd = floor(x + 0.5);
        uint64_t k = kd < 1.0 ? 1 : kd > (double)z->n ? z->n : (uint64_t)kd;
        if ((double)k - x <= z->s || u >= hint(z, (double)k + 0.5) - hat(z, (double)k))
            return k;
    }
}

uint32_t zipf_row(struct zipf *z)
{
    uint64_t r = zipf_rank(z) - 1;
    return (uint32_t)((r * z->mul % z->n + z->add) % z->n); /* r, mul < 2^32: no overflow */
}

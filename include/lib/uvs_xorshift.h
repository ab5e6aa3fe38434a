/*
 * xorshift64 (Marsaglia, "Xorshift RNGs", J. Stat. Softw. 8(14), 2003:
 * shifts 13, 7, 17): the one definition of the project's deterministic test
 * and model random numbers, header only so that any folder can use it.
 */
#ifndef UVS_LIB_XORSHIFT_H
#define UVS_LIB_XORSHIFT_H

#include <stdint.h>

/** uvs_xorshift64 - advance *@state (never 0) and return the new value. */
static inline uint64_t uvs_xorshift64(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

#endif

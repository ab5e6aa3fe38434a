/*
 * Position-dependent data of the writing kernels (firmware/kernels/pattern.c,
 * pattern_tile.c), shared with the host's checks (host/cli/kernel_run.c,
 * client_cmd.c, ctx_cmd.c; tests/managed/coherence.c): header only, so the
 * kernels and the host use the one definition: every 8-byte word
 * depends on its byte offset in the buffer, so a page written back to the
 * wrong place, lost, or migrated twice over newer data is found by a
 * byte-for-byte comparison on the host.
 */
#ifndef UVS_LIB_PATTERN_H
#define UVS_LIB_PATTERN_H

#include <stdint.h>

#define PATTERN_SEED_DEFAULT 0x5eedull	/**< pattern seed when the host gives none */
#define STORM_MAGIC 0x570a3d5ab1e5ull	/**< storm: word 1 of each page = word 0 ^ STORM_MAGIC */
#define STORM_BLOCK_DEFAULT 0x10000ull	/**< storm: bytes of one thread's block (16 pages, one 64 KiB unit) */

/** Word at byte offset off (a multiple of 8) of pattern's output with seed. Injective in off. */
static inline uint64_t pattern_word(uint64_t seed, uint64_t off)
{
	uint64_t x = seed ^ (off >> 3) * 0x9e3779b97f4a7c15ull;

	return x ^ (x >> 29) ^ (off << 32);
}

/**
 * pattern_fill - write the n words of pattern's output with seed for byte
 * offsets off, off + 8, ... (off a multiple of 8) to dst; word for word
 * equal to pattern_word, with its multiply and shift turned into one add
 * each per word (the device core's multiply takes several cycles: the tile
 * kernel writing 16 MiB spent about 19 device cycles per word on it).
 */
static inline void pattern_fill(uint64_t *dst, uint64_t n, uint64_t seed, uint64_t off)
{
	uint64_t m = (off >> 3) * 0x9e3779b97f4a7c15ull, hi = off << 32;

#pragma GCC unroll 4
	for (uint64_t i = 0; i < n; i++) {
		uint64_t x = seed ^ m;

		dst[i] = x ^ (x >> 29) ^ hi;
		m += 0x9e3779b97f4a7c15ull;
		hi += 8ull << 32;
	}
}

/** Byte at offset off of pattern's output with seed (little-endian words). */
static inline uint8_t pattern_byte(uint64_t seed, uint64_t off)
{
	return (uint8_t)(pattern_word(seed, off & ~7ull) >> (8 * (off & 7)));
}

#endif /* UVS_LIB_PATTERN_H */

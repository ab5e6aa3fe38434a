/*
 * libfdt environment for the uvmsoc firmware (picolibc, RV64 little-endian).
 *
 * libfdt's sources include "libfdt_env.h" from their own folder; firmware.mk
 * force-includes this file first (-include), and the shared include guard
 * LIBFDT_ENV_H turns the upstream one into a no-op. Differences from the
 * upstream header: byte swapping written with shifts, and strnlen(), which
 * picolibc declares only for POSIX builds (we compile strict C11), provided
 * here under its own name.
 */
#ifndef LIBFDT_ENV_H
#define LIBFDT_ENV_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "uvmsoc libfdt_env.h assumes a little-endian target"
#endif

/* Big-endian ("flattened device tree" byte order) integer types. */
typedef uint16_t fdt16_t;
typedef uint32_t fdt32_t;
typedef uint64_t fdt64_t;

/*
 * Byte swapping with shifts: GCC turns __builtin_bswap32/64 into libgcc
 * calls on RV64IMA (no Zbb), which libfdt's hot paths would pay per tag.
 */
/** Converts a big-endian 16-bit DT value to host order. */
static inline uint16_t fdt16_to_cpu(fdt16_t x)
{
	return (uint16_t)((x >> 8) | (x << 8));
}
/** Converts a host 16-bit value to DT (big-endian) order. */
static inline fdt16_t cpu_to_fdt16(uint16_t x) { return fdt16_to_cpu(x); }
/** Converts a big-endian 32-bit DT value to host order. */
static inline uint32_t fdt32_to_cpu(fdt32_t x)
{
	return (x >> 24) | ((x >> 8) & 0xff00u) | ((x & 0xff00u) << 8) | (x << 24);
}
/** Converts a host 32-bit value to DT (big-endian) order. */
static inline fdt32_t cpu_to_fdt32(uint32_t x) { return fdt32_to_cpu(x); }
/** Converts a big-endian 64-bit DT value to host order. */
static inline uint64_t fdt64_to_cpu(fdt64_t x)
{
	return ((uint64_t)fdt32_to_cpu((uint32_t)x) << 32) | fdt32_to_cpu((uint32_t)(x >> 32));
}
/** Converts a host 64-bit value to DT (big-endian) order. */
static inline fdt64_t cpu_to_fdt64(uint64_t x) { return fdt64_to_cpu(x); }

/**
 * Length of string `s`, reading at most `max` bytes: the index of the first
 * NUL, or `max` when there is none (POSIX.1-2008 strnlen).
 */
static inline size_t uvs_fdt_strnlen(const char *s, size_t max)
{
	const char *nul = memchr(s, '\0', max);

	return nul ? (size_t)(nul - s) : max;
}
#define strnlen uvs_fdt_strnlen

#endif /* LIBFDT_ENV_H */

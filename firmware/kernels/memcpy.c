/*
 * Kernel memcpy: copies arg[2] bytes from arg[1] to arg[0] (regions must not
 * overlap). Threads copy contiguous slices of 8-byte granules; when source
 * and destination have the same alignment modulo 8 the bulk moves in
 * doublewords, otherwise byte by byte (misaligned accesses trap on uvmsoc).
 */
#include "kernel_rt.h"

int kernel_main(const struct uvs_kernel_args *args)
{
	uint64_t begin, end;
	uint8_t *dst;
	const uint8_t *src;

	if (!uvs_args_have(args, 3))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	uvs_slice(args->arg[2], 8, &begin, &end);
	dst = (uint8_t *)(uintptr_t)args->arg[0] + begin;
	src = (const uint8_t *)(uintptr_t)args->arg[1] + begin;
	uint64_t n = end - begin;

	if ((((uintptr_t)dst ^ (uintptr_t)src) & 7) == 0) {
		while (n > 0 && ((uintptr_t)dst & 7) != 0) {
			*dst++ = *src++;
			n--;
		}
		for (; n >= 8; n -= 8, dst += 8, src += 8)
			*(uint64_t *)dst = *(const uint64_t *)src;
	}
	while (n-- > 0)
		*dst++ = *src++;
	return UVS_KERNEL_EXIT_OK;
}

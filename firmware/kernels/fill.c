/*
 * Kernel fill: sets arg[1] bytes at arg[0] to the byte value arg[2] & 0xff.
 * Threads fill contiguous slices of 8-byte granules, aligned doublewords
 * where possible.
 */
#include "kernel_rt.h"

int kernel_main(const struct uvs_kernel_args *args)
{
	uint64_t begin, end, n;
	uint8_t *dst;
	uint8_t byte;
	uint64_t word;

	if (!uvs_args_have(args, 3))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	byte = (uint8_t)args->arg[2];
	word = 0x0101010101010101ull * byte;
	uvs_slice(args->arg[1], 8, &begin, &end);
	dst = (uint8_t *)(uintptr_t)args->arg[0] + begin;
	n = end - begin;
	while (n > 0 && ((uintptr_t)dst & 7) != 0) {
		*dst++ = byte;
		n--;
	}
	for (; n >= 8; n -= 8, dst += 8)
		*(uint64_t *)dst = word;
	while (n-- > 0)
		*dst++ = byte;
	return UVS_KERNEL_EXIT_OK;
}

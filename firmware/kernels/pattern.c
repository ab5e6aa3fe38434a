/*
 * Kernel pattern (writing kernel of issue 5): fills arg[1] bytes at arg[0]
 * with the position-dependent pattern of include/lib/uvs_pattern.h for seed arg[2]. Threads
 * write contiguous slices of 8-byte words (aligned doublewords where the
 * buffer is aligned), the tail byte by byte. Result: bytes written by thread 0.
 */
#include "kernel_rt.h"
#include <lib/uvs_pattern.h>

int kernel_main(const struct uvs_kernel_args *args)
{
	uint64_t begin, end, off, seed;
	uint8_t *buf;

	if (!uvs_args_have(args, 3))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	buf = (uint8_t *)(uintptr_t)args->arg[0];
	seed = args->arg[2];
	if (((uintptr_t)buf & 7) != 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	uvs_slice(args->arg[1], 8, &begin, &end);
	for (off = begin; off + 8 <= end; off += 8)
		*(volatile uint64_t *)(buf + off) = pattern_word(seed, off);
	for (; off < end; off++)
		buf[off] = pattern_byte(seed, off);
	uvs_set_result(end - begin);
	return UVS_KERNEL_EXIT_OK;
}

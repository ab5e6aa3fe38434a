/*
 * Kernel stream (hart-load variant, issue 13): reads and writes every word
 * of a buffer once: dst[i] = src[i] * STREAM_MUL + addend (workload.h) over
 * u64 words; dst may equal src (in place). Arguments: workload.h
 * STREAM_ARG_*. Threads take contiguous slices of words, each moved by one
 * 8-byte load and one 8-byte store. Result: words done by this thread.
 * Bad arguments (unaligned addresses, bytes not a multiple of 8): exit
 * status UVS_KERNEL_EXIT_BAD_ARGS before any access.
 */
#include "kernel_rt.h"
#include "workload.h"

int kernel_main(const struct uvs_kernel_args *args)
{
	const uint64_t *src;
	uint64_t *dst;
	uint64_t begin, end, add;

	if (!uvs_args_have(args, STREAM_NARGS) ||
	    ((args->arg[STREAM_ARG_SRC] | args->arg[STREAM_ARG_DST] | args->arg[STREAM_ARG_BYTES]) & 7) != 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	src = (const uint64_t *)(uintptr_t)args->arg[STREAM_ARG_SRC];
	dst = (uint64_t *)(uintptr_t)args->arg[STREAM_ARG_DST];
	add = args->arg[STREAM_ARG_ADD];
	uvs_slice(args->arg[STREAM_ARG_BYTES] / 8, 1, &begin, &end);
	for (uint64_t i = begin; i < end; i++)
		dst[i] = stream_word(src[i], add);
	uvs_set_result(end - begin);
	return UVS_KERNEL_EXIT_OK;
}

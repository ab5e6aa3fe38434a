/*
 * Kernel strided (issue 14, item 1), hart-load variant: element i (elem
 * bytes at src + i * stride) is read with 8-byte loads, each word x
 * becomes stream_word(x, add), and the element is stored packed at
 * dst + i * elem (graph.h "strided"). Threads take contiguous element
 * slices. Bad arguments: exit status UVS_KERNEL_EXIT_BAD_ARGS before any
 * access. Result: elements done by this thread.
 */
#include "graph.h"
#include "kernel_rt.h"
#include "workload.h"

int kernel_main(const struct uvs_kernel_args *args)
{
	const uint8_t *src;
	uint64_t *dst, elem, stride, add, words, b, e;

	if (!uvs_args_have(args, STRIDED_NARGS) || !strided_args_valid(args->arg))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	src = (const uint8_t *)(uintptr_t)args->arg[STRIDED_ARG_SRC];
	dst = (uint64_t *)(uintptr_t)args->arg[STRIDED_ARG_DST];
	elem = args->arg[STRIDED_ARG_ELEM];
	stride = args->arg[STRIDED_ARG_STRIDE];
	add = args->arg[STRIDED_ARG_ADD];
	words = elem / 8;
	uvs_slice(args->arg[STRIDED_ARG_COUNT], 1, &b, &e);
	for (uint64_t i = b; i < e; i++) {
		const uint64_t *s = (const uint64_t *)(src + i * stride);

		for (uint64_t w = 0; w < words; w++)
			dst[i * words + w] = stream_word(s[w], add);
	}
	uvs_set_result(e - b);
	return UVS_KERNEL_EXIT_OK;
}

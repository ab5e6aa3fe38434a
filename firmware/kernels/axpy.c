/*
 * Kernel axpy on int64 (BLAS axpy, integer): y[i] = a * x[i] + y[i] for
 * i < n, wrapping modulo 2^64. Arguments: arg[0] n (elements), arg[1] a,
 * arg[2] x address, arg[3] y address (both 8-byte aligned, else exit
 * status UVS_KERNEL_EXIT_BAD_ARGS). Threads take contiguous slices.
 */
#include "kernel_rt.h"

int kernel_main(const struct uvs_kernel_args *args)
{
	uint64_t begin, end, a;
	const uint64_t *x;
	uint64_t *y;

	if (!uvs_args_have(args, 4) || ((args->arg[2] | args->arg[3]) & 7) != 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	a = args->arg[1];
	x = (const uint64_t *)(uintptr_t)args->arg[2];
	y = (uint64_t *)(uintptr_t)args->arg[3];
	uvs_slice(args->arg[0], 1, &begin, &end);
	for (uint64_t i = begin; i < end; i++)
		y[i] = a * x[i] + y[i];	/* unsigned: defined wrap-around */
	return UVS_KERNEL_EXIT_OK;
}

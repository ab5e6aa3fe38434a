/*
 * Kernel reduce: reduction with AMOs across every thread of a grid (issue
 * 6 grid test). Arguments: arg0 input address (u64 elements, 8-byte
 * aligned), arg1 element count, arg2 output struct grid_reduce_out
 * (8-byte aligned). Thread 0 clears the output, a barrier, then each
 * thread folds its slice into a sum, xor and unsigned maximum and merges
 * them with amoadd.d, amoxor.d, amomaxu.d, and counts itself with
 * amoadd.w. Result value: this thread's partial sum.
 */
#include "grid.h"
#include "kernel_rt.h"

int kernel_main(const struct uvs_kernel_args *args)
{
	const uint64_t *in;
	struct grid_reduce_out *out;
	uint64_t b, e, sum = 0, x = 0, max = 0;

	if (!uvs_args_have(args, 3) || (args->arg[0] & 7) != 0 || (args->arg[2] & 7) != 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	in = (const uint64_t *)(uintptr_t)args->arg[0];
	out = (struct grid_reduce_out *)(uintptr_t)args->arg[2];
	if (uvs_global_idx() == 0) {
		__atomic_store_n(&out->sum, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&out->xor_all, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&out->max, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&out->threads, 0, __ATOMIC_RELAXED);
	}
	uvs_barrier();
	uvs_slice(args->arg[1], 1, &b, &e);
	for (uint64_t i = b; i < e; i++) {
		uint64_t v = in[i];

		sum += v;
		x ^= v;
		max = v > max ? v : max;
	}
	__atomic_fetch_add(&out->sum, sum, __ATOMIC_RELAXED);		/* amoadd.d */
	__atomic_fetch_xor(&out->xor_all, x, __ATOMIC_RELAXED);		/* amoxor.d */
	__asm__ volatile("amomaxu.d zero, %1, %0" : "+A"(out->max) : "r"(max) : "memory");
	__atomic_fetch_add(&out->threads, 1, __ATOMIC_RELAXED);		/* amoadd.w */
	uvs_set_result(sum);
	return UVS_KERNEL_EXIT_OK;
}

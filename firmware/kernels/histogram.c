/*
 * Kernel histogram: parallel byte histogram with AMOs (issue 6 grid test).
 * Arguments: arg0 input address, arg1 bytes, arg2 output: GRID_HIST_BINS
 * u32 bins (4-byte aligned). Thread 0 clears the bins, every thread waits
 * at a barrier, then each thread adds 1 to bin[byte] with amoadd.w for the
 * bytes of its slice (uvs_slice over all threads of the grid). Result
 * value: bytes this thread counted.
 */
#include "grid.h"
#include "kernel_rt.h"

int kernel_main(const struct uvs_kernel_args *args)
{
	const uint8_t *in;
	uint32_t *bins;
	uint64_t b, e;

	if (!uvs_args_have(args, 3) || (args->arg[2] & 3) != 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	in = (const uint8_t *)(uintptr_t)args->arg[0];
	bins = (uint32_t *)(uintptr_t)args->arg[2];
	if (uvs_global_idx() == 0)
		for (unsigned i = 0; i < GRID_HIST_BINS; i++)
			__atomic_store_n(&bins[i], 0, __ATOMIC_RELAXED);
	uvs_barrier();
	uvs_slice(args->arg[1], 1, &b, &e);
	for (uint64_t i = b; i < e; i++)
		__atomic_fetch_add(&bins[in[i]], 1, __ATOMIC_RELAXED);	/* amoadd.w */
	uvs_set_result(e - b);
	return UVS_KERNEL_EXIT_OK;
}

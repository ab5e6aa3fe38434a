/*
 * Kernel gather (hart-load variant, issue 13): embedding lookup. For each
 * batch b it sums the table rows named by the batch's u32 indices, word by
 * word (u64, wrapping), and stores the sum as output row b (workload.h).
 * Thread t of N takes batches t, t + N, ...; a row is read with 8-byte
 * loads into an accumulator on the stack. Arguments: workload.h
 * GATHER_ARG_*. Bad arguments: exit status UVS_KERNEL_EXIT_BAD_ARGS before
 * any access; an index not below the table's rows: exit status
 * GATHER_EXIT_BAD_INDEX with its position in the index list as the result
 * value (rows before it in the batch may have been read, nothing written).
 * Result: batches done by this thread.
 */
#include "kernel_rt.h"
#include "workload.h"

int kernel_main(const struct uvs_kernel_args *args)
{
	uint64_t acc[GATHER_ROW_MAX / 8];
	const uint64_t *table;
	const uint32_t *idx;
	uint64_t *out;
	uint64_t row, rows, batch, batches, words, done = 0;

	if (!uvs_args_have(args, GATHER_NARGS))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	row = args->arg[GATHER_ARG_ROW];
	rows = args->arg[GATHER_ARG_ROWS];
	batch = args->arg[GATHER_ARG_BATCH];
	batches = args->arg[GATHER_ARG_BATCHES];
	if (!gather_args_valid(args->arg))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	table = (const uint64_t *)(uintptr_t)args->arg[GATHER_ARG_TABLE];
	idx = (const uint32_t *)(uintptr_t)args->arg[GATHER_ARG_IDX];
	out = (uint64_t *)(uintptr_t)args->arg[GATHER_ARG_OUT];
	words = row / 8;
	for (uint64_t b = uvs_global_idx(); b < batches; b += uvs_nthreads()) {
		for (uint64_t w = 0; w < words; w++)
			acc[w] = 0;
		for (uint64_t j = b * batch; j < (b + 1) * batch; j++) {
			uint64_t r = idx[j];
			const uint64_t *p = table + r * words;

			if (r >= rows) {
				uvs_set_result(j);
				return GATHER_EXIT_BAD_INDEX;
			}
			for (uint64_t w = 0; w < words; w++)
				acc[w] += p[w];
		}
		for (uint64_t w = 0; w < words; w++)
			out[b * words + w] = acc[w];
		done++;
	}
	uvs_set_result(done);
	return UVS_KERNEL_EXIT_OK;
}

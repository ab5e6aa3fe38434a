/*
 * Kernel gather, tile variant (issue 13): the embedding lookup of gather.c
 * (workload.h) with rows fetched by the tile engine's indexed gather. Per
 * batch a thread copies the batch's u32 indices into its scratchpad, then
 * gathers the named rows in pieces into two row buffers (the gather of
 * piece p + 1 runs while the hart adds up piece p), and copies the sum out
 * as the batch's output row. The engine checks every index against the
 * table's rows: an index outside the table aborts the thread with a load
 * access fault at the row's VA (tile.h). Threads take batches t, t + N, ...
 * Arguments as gather.c; result: batches done by this thread.
 *
 * Scratchpad share: [index list: IDX_MAX u32 + 8][2 row buffers][sum row].
 */
#include "kernel_rt.h"
#include "tile.h"
#include "workload.h"

#define IDX_MAX 1024u	/* indices of one batch brought in at once */

/* Adds rows packed in the scratchpad at buf (n rows of words u64) to acc. */
static void add_rows(uint64_t *acc, const uint64_t *buf, uint32_t n, uint32_t words)
{
	for (uint32_t r = 0; r < n; r++)
		for (uint32_t w = 0; w < words; w++)
			acc[w] += buf[r * words + w];
}

int kernel_main(const struct uvs_kernel_args *args)
{
	uint64_t row, rows, batch, batches, done = 0;
	const uint8_t *table, *idx;
	uint8_t *out;
	uint32_t spad, bytes, words, per, idx_off, buf_off[2], sum_off;

	if (!uvs_args_have(args, GATHER_NARGS))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	row = args->arg[GATHER_ARG_ROW];
	rows = args->arg[GATHER_ARG_ROWS];
	batch = args->arg[GATHER_ARG_BATCH];
	batches = args->arg[GATHER_ARG_BATCHES];
	if (!gather_args_valid(args->arg))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	table = (const uint8_t *)(uintptr_t)args->arg[GATHER_ARG_TABLE];
	idx = (const uint8_t *)(uintptr_t)args->arg[GATHER_ARG_IDX];
	out = (uint8_t *)(uintptr_t)args->arg[GATHER_ARG_OUT];
	words = (uint32_t)(row / 8);
	uvs_spad_thread_share(&spad, &bytes);
	idx_off = spad;
	sum_off = spad + 4 * IDX_MAX + 64;
	buf_off[0] = sum_off + (uint32_t)row;
	if (bytes < 4 * IDX_MAX + 64 + 3 * row)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	per = (bytes - (buf_off[0] - spad)) / 2 / (uint32_t)row;	/* rows per piece */
	if (per > IDX_MAX)
		per = IDX_MAX;
	buf_off[1] = buf_off[0] + per * (uint32_t)row;
	uint64_t *sum = uvs_spad_ptr(sum_off);

	for (uint64_t b = uvs_global_idx(); b < batches; b += uvs_nthreads()) {
		for (uint32_t w = 0; w < words; w++)
			sum[w] = 0;
		for (uint64_t j0 = b * batch; j0 < (b + 1) * batch; j0 += IDX_MAX) {
			/* This batch's next IDX_MAX indices, from the 8-byte word holding the first. */
			uint64_t n = (b + 1) * batch - j0 < IDX_MAX ? (b + 1) * batch - j0 : IDX_MAX;
			uintptr_t va = (uintptr_t)(idx + 4 * j0), lo = va & ~(uintptr_t)7;
			uintptr_t hi = (va + 4 * n + 7) & ~(uintptr_t)7;
			uint32_t list = idx_off + (uint32_t)(va - lo);
			int64_t h[2] = {-1, -1}, t;
			uint32_t cnt[2] = {0, 0};

			t = uvs_tile_copy_in(idx_off, (const void *)lo, (uint32_t)(hi - lo));
			if (t < 0)
				return UVS_KERNEL_EXIT_BAD_ARGS;
			uvs_tile_wait(t);
			/* Piece p into buffer p % 2 while piece p - 1 is added up. */
			for (uint64_t p = 0, first = 0; first < n + per; p++, first += per) {
				if (first < n) {
					cnt[p % 2] = (uint32_t)(n - first < per ? n - first : per);
					h[p % 2] = uvs_tile_gather(buf_off[p % 2], table, rows, (uint32_t)row,
								   list + 4 * (uint32_t)first, cnt[p % 2]);
					if (h[p % 2] < 0)
						return UVS_KERNEL_EXIT_BAD_ARGS;
				}
				if (p >= 1 && first - per < n) {
					uvs_tile_wait(h[(p - 1) % 2]);
					add_rows(sum, uvs_spad_ptr(buf_off[(p - 1) % 2]), cnt[(p - 1) % 2], words);
				}
			}
		}
		int64_t t = uvs_tile_copy_out(out + b * row, sum_off, (uint32_t)row);
		if (t < 0)
			return UVS_KERNEL_EXIT_BAD_ARGS;
		uvs_tile_wait(t);	/* the sum row is reused by the next batch */
		done++;
	}
	uvs_set_result(done);
	return UVS_KERNEL_EXIT_OK;
}

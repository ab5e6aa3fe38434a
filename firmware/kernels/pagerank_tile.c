/*
 * Kernel pagerank, tile variant (issue 14, item 1): the iterations of
 * pagerank.c (graph.h) with the in-edge sums, the part that moves
 * m words, done by the hart's tile engine. Per chunk of a thread's
 * vertices the engine copies their offsets into the scratchpad; their
 * in-edges are then taken in pieces: the piece's column indices are copied
 * in (1-D) and become the index list of an indexed gather of the
 * contributions (8-byte rows of the contrib array, table rows = n: the
 * engine checks each index). Two index and two row buffers: the gather of
 * piece p + 1 runs while the hart adds up piece p. Phase 1 (contributions,
 * n words) uses hart loads. A column not below n aborts the thread with a
 * load access fault at the row's VA (tile.h). Arguments, result and other
 * exit statuses as pagerank.c; a scratchpad share too small: exit status
 * UVS_KERNEL_EXIT_BAD_ARGS.
 *
 * Scratchpad share: [offsets: VCHUNK + 1 u32 + 8][2 x index list: per u32
 * + 8][2 x gathered rows: per u64].
 */
#include "graph.h"
#include "graph_kernel.h"
#include "kernel_rt.h"
#include "tile.h"

#define VCHUNK 256u		/* vertices whose offsets are brought in at once */
#define PIECE_MAX 1024u		/* edges per gather */

/* Copies the u32 array a[0..count) into the scratchpad at spad (8-byte aligned
 * window); returns the array's scratchpad offset, *h the copy (< 0: bad argument). */
static uint32_t copy_u32(uint32_t spad, const uint32_t *a, uint64_t count, int64_t *h)
{
	uintptr_t va = (uintptr_t)a, lo = va & ~(uintptr_t)7, hi = (va + 4 * count + 7) & ~(uintptr_t)7;

	*h = uvs_tile_copy_in(spad, (const void *)lo, (uint32_t)(hi - lo));
	return spad + (uint32_t)(va - lo);
}

int kernel_main(const struct uvs_kernel_args *args)
{
	struct pr_view g;
	uint64_t b, e;
	uint32_t spad, bytes, per, off_buf, idx_buf[2], row_buf[2];

	if (!pr_view_get(args, &g))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	const uint32_t *off = g.off, *col = g.col, *deg = g.deg;
	uint64_t *rank = g.rank, *contrib = g.contrib, n = g.n, iters = g.iters;

	uvs_spad_thread_share(&spad, &bytes);
	off_buf = spad;
	idx_buf[0] = off_buf + 4 * VCHUNK + 16;
	if (bytes < (idx_buf[0] - spad) + 2 * (4 * 8 + 8 + 8 * 8))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	per = (bytes - (idx_buf[0] - spad) - 16) / (2 * (4 + 8));	/* edges per piece */
	per = (per > PIECE_MAX ? PIECE_MAX : per) & ~7u;
	idx_buf[1] = idx_buf[0] + 4 * per + 8;
	row_buf[0] = idx_buf[1] + 4 * per + 8;
	row_buf[1] = row_buf[0] + 8 * per;

	uvs_slice(n, 8, &b, &e);
	for (uint64_t v = b; v < e; v++)
		rank[v] = pr_init(n);
	for (uint64_t it = 0; it < iters; it++) {
		uint64_t total = pr_contrib_phase(deg, rank, contrib, b, e, it);

		for (uint64_t v0 = b; v0 < e; v0 += VCHUNK) {
			uint64_t v1 = e - v0 < VCHUNK ? e : v0 + VCHUNK, v = v0, sum = 0;
			int64_t h;
			uint32_t o = copy_u32(off_buf, off + v0, v1 - v0 + 1, &h);

			if (h < 0)
				return UVS_KERNEL_EXIT_BAD_ARGS;
			uvs_tile_wait(h);
			const uint32_t *vo = uvs_spad_ptr(o);	/* vo[i] = off[v0 + i] */
			uint64_t e0 = vo[0], e1 = vo[v1 - v0];
			int64_t g[2] = {-1, -1};
			/* piece p: edges [e0 + p * per, ...) with index list idx_buf[p % 2], rows in row_buf[p % 2] */
			uint64_t pieces = (e1 - e0 + per - 1) / per;

			for (uint64_t p = 0; p <= pieces; p++) {
				if (p < pieces) {
					uint64_t j0 = e0 + p * per, k = e1 - j0 < per ? e1 - j0 : per;
					uint32_t list = copy_u32(idx_buf[p % 2], col + j0, k, &h);

					if (h < 0)
						return UVS_KERNEL_EXIT_BAD_ARGS;
					uvs_tile_wait(h);	/* in order: the gather of p - 1 is done too */
					g[p % 2] = uvs_tile_gather(row_buf[p % 2], contrib, n, 8, list, (uint32_t)k);
					if (g[p % 2] < 0)
						return UVS_KERNEL_EXIT_BAD_ARGS;
				}
				if (p >= 1) {
					uint64_t q = p - 1, j0 = e0 + q * per, k = e1 - j0 < per ? e1 - j0 : per;
					const uint64_t *r = uvs_spad_ptr(row_buf[q % 2]);

					uvs_tile_wait(g[q % 2]);
					for (uint64_t j = j0; j < j0 + k; j++) {
						while (j >= vo[v + 1 - v0]) {	/* vertex v's edges end before j */
							rank[v] = pr_rank(sum, total, n);
							sum = 0;
							v++;
						}
						sum += r[j - j0];
					}
				}
			}
			for (; v < v1; v++) {	/* the chunk's last vertices (and those without in-edges) */
				rank[v] = pr_rank(sum, total, n);
				sum = 0;
			}
		}
		uvs_barrier();
	}
	uvs_set_result(iters);
	return UVS_KERNEL_EXIT_OK;
}

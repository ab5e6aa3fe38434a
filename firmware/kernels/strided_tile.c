/*
 * Kernel strided, tile variant (issue 14, item 1): the function of
 * strided.c with the data moved by the hart's tile engine: per piece of
 * a thread's elements one 2-D strided copy-in (rows = elements, row bytes
 * = elem, stride) packs them in the scratchpad, the hart transforms them
 * in place, and one 1-D copy-out stores them packed. Two buffers: the
 * copy-in of piece p + 1 runs while the hart works on piece p (and the
 * copy-out of piece p - 1 drains). Arguments, exit statuses and result as
 * strided.c; a share of the scratchpad too small for two elements: exit
 * status UVS_KERNEL_EXIT_BAD_ARGS.
 */
#include "graph.h"
#include "kernel_rt.h"
#include "tile.h"
#include "workload.h"

#define PIECE_MAX 16384u	/* bytes per buffer at most (as tile_pipe.h's chunks) */

int kernel_main(const struct uvs_kernel_args *args)
{
	const uint8_t *src;
	uint8_t *dst;
	uint64_t elem, stride, add, b, e;
	uint32_t spad, bytes, per, buf[2];
	int64_t in[2] = {-1, -1}, out[2] = {-1, -1};

	if (!uvs_args_have(args, STRIDED_NARGS) || !strided_args_valid(args->arg))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	src = (const uint8_t *)(uintptr_t)args->arg[STRIDED_ARG_SRC];
	dst = (uint8_t *)(uintptr_t)args->arg[STRIDED_ARG_DST];
	elem = args->arg[STRIDED_ARG_ELEM];
	stride = args->arg[STRIDED_ARG_STRIDE];
	add = args->arg[STRIDED_ARG_ADD];
	uvs_slice(args->arg[STRIDED_ARG_COUNT], 1, &b, &e);
	uvs_spad_thread_share(&spad, &bytes);
	per = (bytes / 2 < PIECE_MAX ? bytes / 2 : PIECE_MAX) / (uint32_t)elem;	/* elements per piece */
	if (per == 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	buf[0] = spad;
	buf[1] = spad + per * (uint32_t)elem;	/* elem is a multiple of 8 (TILE_ALIGN) */
	/* piece p = elements [b + p * per, ...) in buffer p % 2 */
	uint64_t pieces = (e - b + per - 1) / per;
	for (uint64_t p = 0; p <= pieces; p++) {
		if (p < pieces) {	/* copy in piece p once the buffer's copy-out of p - 2 is done */
			uint64_t i0 = b + p * per, k = e - i0 < per ? e - i0 : per;

			uvs_tile_wait(out[p % 2]);
			in[p % 2] = uvs_tile_copy2d_in(buf[p % 2], src + i0 * stride, (uint32_t)k, (uint32_t)elem, stride);
			if (in[p % 2] < 0)
				return UVS_KERNEL_EXIT_BAD_ARGS;
		}
		if (p >= 1) {		/* work on piece p - 1, copy it out */
			uint64_t q = p - 1, i0 = b + q * per, k = e - i0 < per ? e - i0 : per;
			uint64_t *w = uvs_spad_ptr(buf[q % 2]);

			uvs_tile_wait(in[q % 2]);
			for (uint64_t j = 0; j < k * elem / 8; j++)
				w[j] = stream_word(w[j], add);
			out[q % 2] = uvs_tile_copy_out(dst + i0 * elem, buf[q % 2], (uint32_t)(k * elem));
			if (out[q % 2] < 0)
				return UVS_KERNEL_EXIT_BAD_ARGS;
		}
	}
	uvs_tile_wait_all();
	uvs_set_result(e - b);
	return UVS_KERNEL_EXIT_OK;
}

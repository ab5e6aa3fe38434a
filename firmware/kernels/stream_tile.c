/*
 * Kernel stream, tile variant (issue 13): the function of stream.c
 * (workload.h) with the data moved by the hart's tile engine: each thread's
 * slice streams through its scratchpad share (tile_pipe.h: copy-in of the
 * next chunk and copy-out of the previous one overlap the hart's work on
 * the current one). Arguments and exit statuses as stream.c.
 */
#include "kernel_rt.h"
#include "tile.h"
#include "tile_pipe.h"
#include "workload.h"

static void work(void *ctx, uint8_t *const buf[2], uint32_t len, uint64_t off)
{
	uint64_t add = *(const uint64_t *)ctx;
	uint64_t *w = (uint64_t *)buf[0];

	(void)off;
	for (uint32_t i = 0; i < len / 8; i++)
		w[i] = stream_word(w[i], add);
}

int kernel_main(const struct uvs_kernel_args *args)
{
	uint64_t begin, end, add;
	uint32_t spad, bytes;

	if (!uvs_args_have(args, STREAM_NARGS) ||
	    ((args->arg[STREAM_ARG_SRC] | args->arg[STREAM_ARG_DST] | args->arg[STREAM_ARG_BYTES]) & 7) != 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	add = args->arg[STREAM_ARG_ADD];
	uvs_slice(args->arg[STREAM_ARG_BYTES], 64, &begin, &end);
	uvs_spad_thread_share(&spad, &bytes);
	struct tile_pipe p = {
		.in = {(const uint8_t *)(uintptr_t)args->arg[STREAM_ARG_SRC] + begin},
		.nin = 1,
		.out = (uint8_t *)(uintptr_t)args->arg[STREAM_ARG_DST] + begin,
		.bytes = end - begin,
		.work = work,
		.ctx = &add,
	};
	if (tile_pipe_run(&p, spad, bytes) != 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	uvs_set_result((end - begin) / 8);
	return UVS_KERNEL_EXIT_OK;
}

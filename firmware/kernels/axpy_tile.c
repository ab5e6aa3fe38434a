/*
 * Kernel axpy, tile variant (issue 13): y = a * x + y on int64 as axpy.c,
 * with x and y brought into the scratchpad by the tile engine and y copied
 * back out (tile_pipe.h with two inputs; the result overwrites y's buffer).
 * Arguments and exit statuses as axpy.c; threads take slices of 8 elements.
 */
#include "kernel_rt.h"
#include "tile.h"
#include "tile_pipe.h"

static void work(void *ctx, uint8_t *const buf[2], uint32_t len, uint64_t off)
{
	uint64_t a = *(const uint64_t *)ctx;
	const uint64_t *x = (const uint64_t *)buf[0];
	uint64_t *y = (uint64_t *)buf[1];

	(void)off;
	for (uint32_t i = 0; i < len / 8; i++)
		y[i] = a * x[i] + y[i];
}

int kernel_main(const struct uvs_kernel_args *args)
{
	uint64_t begin, end, a;
	uint32_t spad, bytes;

	if (!uvs_args_have(args, 4) || ((args->arg[2] | args->arg[3]) & 7) != 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	a = args->arg[1];
	uvs_slice(args->arg[0], 8, &begin, &end);
	struct tile_pipe p = {
		.in = {(const uint64_t *)(uintptr_t)args->arg[2] + begin, (uint64_t *)(uintptr_t)args->arg[3] + begin},
		.nin = 2,
		.out = (uint64_t *)(uintptr_t)args->arg[3] + begin,
		.bytes = (end - begin) * 8,
		.work = work,
		.ctx = &a,
	};
	uvs_spad_thread_share(&spad, &bytes);
	if (tile_pipe_run(&p, spad, bytes) != 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	return UVS_KERNEL_EXIT_OK;
}

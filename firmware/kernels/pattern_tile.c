/*
 * Kernel pattern, tile variant (issue 13): the words of include/lib/uvs_pattern.h written
 * into the scratchpad by the hart and copied out by the tile engine
 * (tile_pipe.h without inputs: the copy-out of one chunk overlaps the
 * writing of the next). Arguments, tail and result as pattern.c.
 */
#include "kernel_rt.h"
#include <lib/uvs_pattern.h>
#include "tile.h"
#include "tile_pipe.h"

struct pat_ctx {
	uint64_t seed, base;
};

static void work(void *ctx, uint8_t *const buf[2], uint32_t len, uint64_t off)
{
	const struct pat_ctx *c = ctx;

	pattern_fill((uint64_t *)(void *)buf[0], len / 8, c->seed, c->base + off);
}

int kernel_main(const struct uvs_kernel_args *args)
{
	uint64_t begin, end, off;
	uint8_t *buf;
	uint32_t spad, bytes;

	if (!uvs_args_have(args, 3))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	buf = (uint8_t *)(uintptr_t)args->arg[0];
	if (((uintptr_t)buf & 7) != 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	uvs_slice(args->arg[1], 64, &begin, &end);
	struct pat_ctx c = {args->arg[2], begin};
	struct tile_pipe p = {.out = buf + begin, .bytes = (end - begin) & ~7ull, .work = work, .ctx = &c};

	uvs_spad_thread_share(&spad, &bytes);
	if (tile_pipe_run(&p, spad, bytes) != 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	for (off = begin + p.bytes; off < end; off++)
		buf[off] = pattern_byte(c.seed, off);
	uvs_set_result(end - begin);
	return UVS_KERNEL_EXIT_OK;
}

/*
 * Kernel fill, tile variant (issue 13): sets arg[1] bytes at arg[0] to the
 * byte value arg[2] & 0xff. Each thread fills its scratchpad buffers with
 * the byte once and the tile engine copies them out over its slice
 * (tile_pipe.h without inputs); bytes before the first 8-byte boundary of
 * an unaligned buffer and after the slice's last whole word are stored by
 * the hart. Threads fill contiguous 64-byte-granule slices.
 */
#include "kernel_rt.h"
#include "tile.h"
#include "tile_pipe.h"

struct fill_ctx {
	uint64_t word;
	unsigned filled;	/* stage buffers already holding the byte (bit per stage) */
	uint32_t chunk;
};

static void work(void *ctx, uint8_t *const buf[2], uint32_t len, uint64_t off)
{
	struct fill_ctx *c = ctx;
	unsigned s = (unsigned)(off / c->chunk % TILE_PIPE_STAGES);

	(void)len;
	if (c->filled & 1u << s)
		return;
	for (uint32_t i = 0; i < c->chunk / 8; i++)
		((uint64_t *)buf[0])[i] = c->word;
	c->filled |= 1u << s;
}

int kernel_main(const struct uvs_kernel_args *args)
{
	uint64_t begin, end, n, head = 0, tiled = 0;
	uint8_t *dst, byte;
	uint32_t spad, bytes;

	if (!uvs_args_have(args, 3))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	byte = (uint8_t)args->arg[2];
	uvs_slice(args->arg[1], 64, &begin, &end);
	dst = (uint8_t *)(uintptr_t)args->arg[0] + begin;
	n = end - begin;
	while (head < n && ((uintptr_t)(dst + head) & 7) != 0)
		dst[head++] = byte;
	uvs_spad_thread_share(&spad, &bytes);
	struct fill_ctx c = {0x0101010101010101ull * byte, 0, tile_pipe_chunk(bytes, 1)};
	struct tile_pipe p = {.out = dst + head, .bytes = (n - head) & ~7ull, .work = work, .ctx = &c};

	if (tile_pipe_run(&p, spad, bytes) != 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	tiled = p.bytes;
	for (uint64_t i = head + tiled; i < n; i++)
		dst[i] = byte;
	return UVS_KERNEL_EXIT_OK;
}

/*
 * Kernel memcpy, tile variant (issue 13): copies arg[2] bytes from arg[1]
 * to arg[0] (no overlap) through the scratchpad: the tile engine copies
 * each chunk in and out again (tile_pipe.h), the hart only waits. When
 * source or destination is not 8-byte aligned the copy goes byte by byte
 * with hart loads and stores, as do a slice's last bytes that do not fill
 * an 8-byte word. Threads copy contiguous 64-byte-granule slices.
 */
#include "kernel_rt.h"
#include "tile.h"
#include "tile_pipe.h"

int kernel_main(const struct uvs_kernel_args *args)
{
	uint64_t begin, end, n, tiled = 0;
	uint8_t *dst;
	const uint8_t *src;
	uint32_t spad, bytes;

	if (!uvs_args_have(args, 3))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	uvs_slice(args->arg[2], 64, &begin, &end);
	dst = (uint8_t *)(uintptr_t)args->arg[0] + begin;
	src = (const uint8_t *)(uintptr_t)args->arg[1] + begin;
	n = end - begin;
	if ((((uintptr_t)dst | (uintptr_t)src) & 7) == 0) {
		struct tile_pipe p = {.in = {src}, .nin = 1, .out = dst, .bytes = n & ~7ull};

		uvs_spad_thread_share(&spad, &bytes);
		if (tile_pipe_run(&p, spad, bytes) != 0)
			return UVS_KERNEL_EXIT_BAD_ARGS;
		tiled = p.bytes;
	}
	for (uint64_t i = tiled; i < n; i++)
		dst[i] = src[i];
	return UVS_KERNEL_EXIT_OK;
}

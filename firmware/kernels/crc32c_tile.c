/*
 * Kernel crc32c, tile variant (issue 13): the CRC of crc32c.c with each
 * thread's slice brought into its scratchpad by the tile engine
 * (tile_pipe.h, double-buffered) and read there by the hart in one cycle a
 * byte. The slice's last bytes that do not fill an 8-byte word, and a
 * buffer that is not 8-byte aligned, are read with hart loads. Arguments,
 * result and combination as crc32c.c.
 */
#include "crc32c_math.h"
#include "kernel_rt.h"
#include "tile.h"
#include "tile_pipe.h"

struct crc_shared {
	uint64_t barrier;
	uint32_t xor_of_parts;
};

struct crc_ctx {
	const uint32_t *table;
	uint32_t part;
};

static void work(void *ctx, uint8_t *const buf[2], uint32_t len, uint64_t off)
{
	struct crc_ctx *c = ctx;

	(void)off;
	c->part = uvs_crc32c_raw(c->table, c->part, buf[0], len);
}

int kernel_main(const struct uvs_kernel_args *args)
{
	uint32_t table[256];
	uint64_t begin, end, len, tiled = 0;
	const uint8_t *buf;
	struct crc_shared *sh = (struct crc_shared *)(uintptr_t)uvs_self()->shared;
	struct crc_ctx c = {table, 0};
	uint32_t spad, bytes;

	if (!uvs_args_have(args, 3))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	buf = (const uint8_t *)(uintptr_t)args->arg[0];
	len = args->arg[1];
	uvs_slice(len, 64, &begin, &end);
	uvs_crc32c_table(table);
	if (((uintptr_t)buf & 7) == 0) {
		struct tile_pipe p = {.in = {buf + begin}, .nin = 1, .bytes = (end - begin) & ~7ull,
				      .work = work, .ctx = &c};

		uvs_spad_thread_share(&spad, &bytes);
		if (tile_pipe_run(&p, spad, bytes) != 0)
			return UVS_KERNEL_EXIT_BAD_ARGS;
		tiled = p.bytes;
	}
	c.part = uvs_crc32c_raw(table, c.part, buf + begin + tiled, (size_t)(end - begin - tiled));
	c.part = uvs_crc32c_shift(c.part, len - end);
	__atomic_fetch_xor(&sh->xor_of_parts, c.part, __ATOMIC_RELEASE);
	uvs_barrier();
	if (uvs_self()->thread == 0) {
		uint32_t crc = ~(uvs_crc32c_shift(0xffffffffu, len) ^
				 __atomic_load_n(&sh->xor_of_parts, __ATOMIC_ACQUIRE));

		if (args->arg[2] != 0)
			*(volatile uint32_t *)(uintptr_t)args->arg[2] = crc;
		uvs_set_result(crc);
	}
	return UVS_KERNEL_EXIT_OK;
}

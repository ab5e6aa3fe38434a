/*
 * Kernel crc32c: CRC-32C (Castagnoli, see crc32c_math.h) of a buffer.
 * Arguments: arg[0] buffer address, arg[1] length in bytes, arg[2] address
 * of a 32-bit output (0 = none), arg[3] (optional) mode: 0 (default) the
 * hart loads the buffer itself, 1 (CRC32C_MODE_TILE) the bulk of each
 * slice streams through the scratchpad by the tile engine (tile.h,
 * double-buffered), its unaligned head and tail with loads. Each thread computes the raw CRC of its
 * slice, moves it to the end of the buffer (crc32c_math.h, parallel form)
 * and XORs it into the shared scratch with an AMO; after a barrier thread 0
 * adds the initial value, writes the final CRC to arg[2] and returns it as
 * the launch's result value.
 */
#include "crc32c_math.h"
#include "kernel_rt.h"
#include "tile.h"

/* arg[3]: how the buffer is read. */
#define CRC32C_MODE_LOADS 0
#define CRC32C_MODE_TILE  1

/* Largest double-buffer half a thread uses (bytes). */
#define CRC32C_TILE_CHUNK 16384u

/* Shared scratch layout after the barrier's words. */
struct crc_shared {
	uint64_t barrier;
	uint32_t xor_of_parts;
};

/* Raw CRC of [p, p + n) through the tile engine: 8-byte aligned body
 * streamed through this thread's share of the scratchpad. */
static uint32_t crc_tiles(const uint32_t table[256], uint32_t crc, const uint8_t *p, uint64_t n)
{
	uint64_t head = (8 - ((uintptr_t)p & 7)) & 7, body;
	struct uvs_tile_stream s;
	uint32_t off, bytes, chunk, len;
	const void *c;

	if (head > n)
		head = n;
	crc = uvs_crc32c_raw(table, crc, p, (size_t)head);
	p += head;
	n -= head;
	body = n & ~(uint64_t)7;
	uvs_spad_thread_share(&off, &bytes);
	chunk = (bytes / 2) & ~63u;
	if (chunk > CRC32C_TILE_CHUNK)
		chunk = CRC32C_TILE_CHUNK;
	if (body && chunk && uvs_tile_stream_init(&s, p, body, off, chunk) == 0) {
		while ((c = uvs_tile_stream_next(&s, &len)) != 0)
			crc = uvs_crc32c_raw(table, crc, c, len);
		p += body;
		n -= body;
	}
	return uvs_crc32c_raw(table, crc, p, (size_t)n);
}

int kernel_main(const struct uvs_kernel_args *args)
{
	uint32_t table[256];
	uint64_t begin, end, len;
	const uint8_t *buf;
	struct crc_shared *sh = (struct crc_shared *)(uintptr_t)uvs_self()->shared;
	uint32_t part;

	if (!uvs_args_have(args, 3))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	buf = (const uint8_t *)(uintptr_t)args->arg[0];
	len = args->arg[1];
	uvs_slice(len, 1, &begin, &end);
	uvs_crc32c_table(table);
	if (uvs_args_have(args, 4) && args->arg[3] == CRC32C_MODE_TILE)
		part = crc_tiles(table, 0, buf + begin, end - begin);
	else if (uvs_args_have(args, 4) && args->arg[3] != CRC32C_MODE_LOADS)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	else
		part = uvs_crc32c_raw(table, 0, buf + begin, (size_t)(end - begin));
	part = uvs_crc32c_shift(part, len - end);
	__atomic_fetch_xor(&sh->xor_of_parts, part, __ATOMIC_RELEASE);
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

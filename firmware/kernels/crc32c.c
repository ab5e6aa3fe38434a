/*
 * Kernel crc32c: CRC-32C (Castagnoli, see crc32c_math.h) of a buffer.
 * Arguments: arg[0] buffer address, arg[1] length in bytes, arg[2] address
 * of a 32-bit output (0 = none). Each thread computes the raw CRC of its
 * slice, moves it to the end of the buffer (crc32c_math.h, parallel form)
 * and XORs it into the shared scratch with an AMO; after a barrier thread 0
 * adds the initial value, writes the final CRC to arg[2] and returns it as
 * the launch's result value.
 */
#include "crc32c_math.h"
#include "kernel_rt.h"

/* Shared scratch layout after the barrier's words. */
struct crc_shared {
	uint64_t barrier;
	uint32_t xor_of_parts;
};

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

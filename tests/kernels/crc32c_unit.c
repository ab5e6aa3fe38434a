/*
 * Host unit tests of the CRC-32C arithmetic the crc32c kernel uses
 * (firmware/kernels/crc32c_math.c): the RFC 3720 check value, and the
 * parallel form (slices combined with uvs_crc32c_shift) against a bitwise
 * reference for every split of random buffers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "crc32c_math.h"

/* Bitwise CRC-32C, written from the definition (RFC 3720 B.4). */
static uint32_t ref(const uint8_t *p, size_t n)
{
	uint32_t c = 0xffffffffu;

	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (c & 1) ? (c >> 1) ^ 0x82f63b78u : c >> 1;
	}
	return ~c;
}

/* CRC of p[0..n) computed as `parts` slices combined like the kernel does. */
static uint32_t parallel(const uint32_t *t, const uint8_t *p, size_t n, size_t parts)
{
	size_t chunk = (n + parts - 1) / parts;
	uint32_t acc = 0;

	for (size_t i = 0; i < parts; i++) {
		size_t b = i * chunk < n ? i * chunk : n;
		size_t e = b + chunk < n ? b + chunk : n;

		acc ^= uvs_crc32c_shift(uvs_crc32c_raw(t, 0, p + b, e - b), n - e);
	}
	return ~(uvs_crc32c_shift(0xffffffffu, n) ^ acc);
}

static void check_value(void **state)
{
	uint32_t t[256];
	const uint8_t s[] = "123456789";

	(void)state;
	uvs_crc32c_table(t);
	assert_int_equal(~uvs_crc32c_raw(t, 0xffffffffu, s, 9), 0xe3069283u);
	assert_int_equal(parallel(t, s, 9, 4), 0xe3069283u);
	assert_int_equal(parallel(t, s, 0, 4), 0);
}

static void shift_is_appending_zeros(void **state)
{
	uint32_t t[256];
	const uint8_t zeros[300] = { 0 };

	(void)state;
	uvs_crc32c_table(t);
	for (uint64_t n = 0; n < sizeof(zeros); n += 7)
		assert_int_equal(uvs_crc32c_shift(0x12345678u, n),
				 uvs_crc32c_raw(t, 0x12345678u, zeros, (size_t)n));
}

static void parallel_matches_reference(void **state)
{
	uint32_t t[256];
	uint8_t buf[1031];

	(void)state;
	uvs_crc32c_table(t);
	srand(7);
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)rand();
	for (size_t n = 0; n <= sizeof(buf); n += 103)
		for (size_t parts = 1; parts <= 17; parts++)
			assert_int_equal(parallel(t, buf, n, parts), ref(buf, n));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(check_value),
		cmocka_unit_test(shift_is_appending_zeros),
		cmocka_unit_test(parallel_matches_reference),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

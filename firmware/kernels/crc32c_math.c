/* CRC-32C arithmetic (see crc32c_math.h). */
#include "crc32c_math.h"

void uvs_crc32c_table(uint32_t table[256])
{
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;

		for (int k = 0; k < 8; k++)
			c = (c & 1) ? (c >> 1) ^ UVS_CRC32C_POLY_REFLECTED : c >> 1;
		table[i] = c;
	}
}

/*
 * Byte at a time through the table, but memory is read in aligned 8-byte
 * words: in HBM every access pays the HBM latency (about 100 cycles), so one
 * load per 8 bytes instead of per byte is what makes the kernel fast.
 * Little-endian: the word's low byte is the first byte in memory.
 */
uint32_t uvs_crc32c_raw(const uint32_t table[256], uint32_t crc, const uint8_t *buf, size_t len)
{
	while (len != 0 && ((uintptr_t)buf & 7) != 0) {
		crc = table[(crc ^ *buf++) & 0xff] ^ (crc >> 8);
		len--;
	}
	for (; len >= 8; len -= 8, buf += 8) {
		uint64_t w = *(const uint64_t *)(const void *)buf;

		for (int k = 0; k < 8; k++, w >>= 8)
			crc = table[(crc ^ (uint32_t)w) & 0xff] ^ (crc >> 8);
	}
	while (len-- != 0)
		crc = table[(crc ^ *buf++) & 0xff] ^ (crc >> 8);
	return crc;
}

/*
 * a * b mod P in the reflected representation (bit 31 = x^0, bit 0 = x^31):
 * for each term x^k of a, add b * x^k; b * x is a right shift that folds
 * the x^32 term back with P.
 */
static uint32_t gf2_mulmod(uint32_t a, uint32_t b)
{
	uint32_t p = 0;

	for (uint32_t m = 1u << 31; m != 0; m >>= 1) {
		if (a & m)
			p ^= b;
		b = (b & 1) ? (b >> 1) ^ UVS_CRC32C_POLY_REFLECTED : b >> 1;
	}
	return p;
}

uint32_t uvs_crc32c_shift(uint32_t crc, uint64_t nbytes)
{
	uint32_t power = 1u << 23;	/* x^8 */
	uint32_t factor = 1u << 31;	/* x^0 */

	/* factor = x^(8 * nbytes) by square and multiply */
	for (; nbytes != 0; nbytes >>= 1) {
		if (nbytes & 1)
			factor = gf2_mulmod(factor, power);
		power = gf2_mulmod(power, power);
	}
	return gf2_mulmod(crc, factor);
}

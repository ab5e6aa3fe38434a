/*
 * CRC-32C (Castagnoli) arithmetic shared by the crc32c kernel and its host
 * unit test. Reflected CRC, polynomial 0x1EDC6F41 (reflected 0x82F63B78),
 * init and final XOR 0xFFFFFFFF (RFC 3720, appendix B.4; "123456789" ->
 * 0xE3069283). Pure C, no libc.
 *
 * Parallel form: with raw(M) the register after feeding M from 0 without
 * the final XOR, raw(A || B) = shift(raw(A), |B|) ^ raw(B), where shift(c, n)
 * multiplies c by x^(8n) modulo the polynomial; and
 * crc(M) = ~(shift(0xFFFFFFFF, |M|) ^ raw(M)).
 */
#ifndef UVS_CRC32C_MATH_H
#define UVS_CRC32C_MATH_H

#include <stddef.h>
#include <stdint.h>

#define UVS_CRC32C_POLY_REFLECTED 0x82f63b78u	/**< reflected polynomial */

/** Fills table[256] for byte-at-a-time reflected CRC-32C. */
void uvs_crc32c_table(uint32_t table[256]);

/** Feeds `len` bytes at `buf` into the raw register `crc` (no init/final XOR); returns it. */
uint32_t uvs_crc32c_raw(const uint32_t table[256], uint32_t crc, const uint8_t *buf, size_t len);

/** Returns crc * x^(8 * nbytes) mod P: the raw register after `nbytes` more zero bytes. */
uint32_t uvs_crc32c_shift(uint32_t crc, uint64_t nbytes);

#endif /* UVS_CRC32C_MATH_H */

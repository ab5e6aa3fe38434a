/*
 * CRC-32C (Castagnoli) on the host: the reference the `run` command checks
 * the device's crc32c kernel against. Written independently of the
 * kernel's firmware/kernels/crc32c_math.c so that the two can disagree.
 * RFC 3720 appendix B.4: reflected, polynomial 0x1EDC6F41 (reflected
 * 0x82F63B78), initial value and final XOR 0xFFFFFFFF; "123456789" ->
 * 0xE3069283.
 */
#ifndef UVMSOC_CLI_CRC32C_H
#define UVMSOC_CLI_CRC32C_H

#include <stddef.h>
#include <stdint.h>

/**
 * cli_crc32c_update - continue a CRC-32C: @crc is the value returned for
 * the bytes before @buf (0 for none), @len bytes at @buf follow. Returns the
 * CRC-32C of everything so far. Never fails; @buf may be NULL when @len is 0.
 */
uint32_t cli_crc32c_update(uint32_t crc, const void *buf, size_t len);

#endif

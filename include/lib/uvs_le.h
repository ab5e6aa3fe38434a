/*
 * Little-endian doubleword access to byte buffers, for the record codecs that
 * the simulator, the host and the firmware share (RISC-V IOMMU spec v1.0,
 * 3: queue records are little-endian in memory). Freestanding: <stdint.h> only.
 */
#ifndef UVS_LE_H
#define UVS_LE_H

#include <stdint.h>

/** Little-endian 64-bit load from p (8 bytes). */
static inline uint64_t uvs_le64_get(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = (v << 8) | p[i];
    return v;
}

/** Little-endian 64-bit store of v to p (8 bytes). */
static inline void uvs_le64_put(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        p[i] = (uint8_t)v;
        v >>= 8;
    }
}

#endif

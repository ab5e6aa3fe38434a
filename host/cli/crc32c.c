/*
 * Host CRC-32C (see crc32c.h): slicing-by-8, eight 256-entry tables built
 * on first use, so a few hundred MiB take well under a second.
 */
#include "crc32c.h"

#include <string.h>

#define POLY 0x82f63b78u /* reflected 0x1EDC6F41 */

static uint32_t tab[8][256];
static int tab_ready;

/* tab[0]: one byte through the register; tab[k][b]: byte b followed by k zero bytes. */
static void build(void)
{
    for (uint32_t b = 0; b < 256; b++) {
        uint32_t c = b;
        for (int i = 0; i < 8; i++)
            c = (c >> 1) ^ (POLY & (0u - (c & 1)));
        tab[0][b] = c;
    }
    for (uint32_t b = 0; b < 256; b++)
        for (int k = 1; k < 8; k++)
            tab[k][b] = (tab[k - 1][b] >> 8) ^ tab[0][tab[k - 1][b] & 0xff];
    tab_ready = 1;
}

uint32_t cli_crc32c_update(uint32_t crc, const void *buf, size_t len)
{
    const unsigned char *p = buf;
    uint32_t c = ~crc;

    if (!tab_ready)
        build();
    while (len >= 8) {
        uint32_t lo, hi;
        memcpy(&lo, p, 4); /* little-endian host (uvmsoc records assume it too) */
        memcpy(&hi, p + 4, 4);
        lo ^= c;
        c = tab[7][lo & 0xff] ^ tab[6][(lo >> 8) & 0xff] ^ tab[5][(lo >> 16) & 0xff] ^ tab[4][lo >> 24] ^
            tab[3][hi & 0xff] ^ tab[2][(hi >> 8) & 0xff] ^ tab[1][(hi >> 16) & 0xff] ^ tab[0][hi >> 24];
        p += 8;
        len -= 8;
    }
    while (len--)
        c = (c >> 8) ^ tab[0][(c ^ *p++) & 0xff];
    return ~c;
}

/*
 * crc32c-file: the end-to-end tests' reference CRC-32C of a file, computed
 * on the host by a separately compiled program (host/cli/crc32c.c), so a
 * test can compare the CRC the device's crc32c kernel printed with it.
 *
 *   crc32c-file FILE     prints "xxxxxxxx" (lower-case hex), exit 0
 *   crc32c-file --check  checks the RFC 3720 B.4 vector ("123456789" ->
 *                        e3069283) and a 32-byte zeros vector (8a9136aa)
 * Exit 1 with a one-line reason when the file cannot be read or a vector
 * does not match.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "crc32c.h"

static int check(void)
{
    static const unsigned char zeros[32];
    uint32_t a = cli_crc32c_update(0, "123456789", 9);
    uint32_t b = cli_crc32c_update(0, zeros, sizeof zeros);
    /* the same in two pieces: the update form must continue a CRC */
    uint32_t c = cli_crc32c_update(cli_crc32c_update(0, "1234", 4), "56789", 5);
    if (a != 0xe3069283u || b != 0x8a9136aau || c != a) {
        fprintf(stderr, "crc32c-file: check vectors: got %08x %08x %08x, want e3069283 8a9136aa e3069283\n", a, b, c);
        return 1;
    }
    printf("check vectors: ok\n");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: crc32c-file FILE | --check\n");
        return 2;
    }
    if (strcmp(argv[1], "--check") == 0)
        return check();
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        fprintf(stderr, "crc32c-file: %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    unsigned char buf[65536];
    uint32_t crc = 0;
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        crc = cli_crc32c_update(crc, buf, n);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "crc32c-file: %s: read error\n", argv[1]);
        return 1;
    }
    printf("%08x\n", crc);
    return 0;
}

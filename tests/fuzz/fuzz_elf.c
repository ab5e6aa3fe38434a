/*
 * libFuzzer target: the simulator's ELF loader (sim/elf_load.c,
 * uvs_elf_load_buf, libelf). Any bytes must load or be refused with a
 * negative errno and a one-line reason; a program that loads has its entry
 * inside [lo, hi) and at least one segment, and loading it again gives the
 * same result (the loader keeps no state between images).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "elf_load.h"
#include "mem.h"

#define CHECK(c) do { if (!(c)) __builtin_trap(); } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct uvs_mem m;
    static int ready;
    if (!ready) {
        CHECK(uvs_mem_init(&m, 1u << 20) == 0); /* 1 MiB of SRAM: images must fit or be refused */
        ready = 1;
    }
    struct uvs_elf_info info, again;
    char err[160] = "", err2[160] = "";
    int rc = uvs_elf_load_buf(&m, data, size, "fuzz.elf", &info, err, sizeof err);
    CHECK(memchr(err, 0, sizeof err) != NULL);
    if (rc < 0) {
        CHECK(err[0] != 0);
        return 0;
    }
    CHECK(rc == 0);
    CHECK(info.segments >= 1 && info.lo < info.hi);
    CHECK(info.entry >= info.lo && info.entry < info.hi);
    CHECK(uvs_elf_load_buf(&m, data, size, "fuzz.elf", &again, err2, sizeof err2) == 0);
    CHECK(memcmp(&info, &again, sizeof info) == 0);
    return 0;
}

/*
 * Boot ROM image (docs/architecture.md, "Boot flow" step 2): the code every
 * hart runs from UVS_RESET_PC, and the two 64-bit words the loader fills.
 */
#ifndef UVS_SIM_BOOTROM_H
#define UVS_SIM_BOOTROM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * uvs_bootrom_build - write the boot ROM into @rom (@size bytes, zeroed
 * first): `csrr a0, mhartid; auipc t0, 0; ld a1, 0x1c(t0); ld t0, 0x14(t0);
 * jr t0`, i.e. a0 = hart id, a1 = *(ROM + UVS_BOOTROM_DTB_OFF), jump to
 * *(ROM + UVS_BOOTROM_ENTRY_OFF) (auipc runs at ROM offset 4, hence the
 * immediates); then @entry and @dtb_addr at those offsets, little-endian.
 * Encodings from the RISC-V unprivileged spec, chapter 2 and "Zicsr".
 * Returns 0, or -EINVAL when @size is too small for the image.
 */
int uvs_bootrom_build(uint8_t *rom, size_t size, uint64_t entry, uint64_t dtb_addr);

#ifdef __cplusplus
}
#endif
#endif

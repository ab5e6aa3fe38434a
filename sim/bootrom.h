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
 * first):
 *
 *     csrr a0, mhartid
 *     auipc t0, 0
 *     ld   a1, DTB_OFF-4(t0)      a1 = DTB address
 *     ld   t1, MENTRY_OFF-4(t0)   hart 0's M-mode firmware (OpenSBI), or 0
 *     bnez a0, 1f                 other harts: the program's entry
 *     bnez t1, 2f                 hart 0 with an M-mode firmware: go there
 *  1: ld   t1, ENTRY_OFF-4(t0)
 *  2: jr   t1
 *
 * then @entry, @dtb_addr and @mentry at UVS_BOOTROM_ENTRY_OFF, _DTB_OFF and
 * _MENTRY_OFF, little-endian (auipc runs at ROM offset 4, hence the
 * immediates). a0 = hart id and a1 = DTB is the convention OpenSBI and its
 * payloads expect. Encodings from the RISC-V unprivileged spec, chapter 2
 * and "Zicsr". Returns 0, or -EINVAL when @size is too small for the image.
 */
int uvs_bootrom_build(uint8_t *rom, size_t size, uint64_t entry, uint64_t dtb_addr, uint64_t mentry);

#ifdef __cplusplus
}
#endif
#endif

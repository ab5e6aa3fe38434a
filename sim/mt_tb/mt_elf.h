/*
 * mt_elf: minimal ELF64 loader of the uvs_mt_core testbench (ELF-64 Object
 * File Format 1.5; RISC-V psABI: EM_RISCV, little-endian).
 */
#ifndef MT_ELF_H
#define MT_ELF_H

#include <stddef.h>
#include <stdint.h>

/* Where the PT_LOAD segments of a program lie. */
struct mt_elf_info {
    uint64_t entry;  /* e_entry */
    uint64_t lo, hi; /* [lo, hi): lowest and end address over p_vaddr..+p_memsz */
};

/* Checks the image buf[0..len) (ELF64, little-endian, EM_RISCV, ET_EXEC,
 * every header and segment inside the file) and fills *info.
 * Returns 0 or -ENOEXEC with *why set to a short reason. */
int mt_elf_parse(const uint8_t *buf, size_t len, struct mt_elf_info *info, const char **why);

/* Copies the PT_LOAD segments of a parsed image shifted by `shift` bytes
 * through put(ctx, addr, src, n) (src NULL: n zero bytes, the .bss part).
 * Returns 0, or the first non-zero value put returned. */
int mt_elf_load(const uint8_t *buf, uint64_t shift,
                int (*put)(void *ctx, uint64_t addr, const uint8_t *src, uint64_t n), void *ctx);

#endif

/*
 * ELF program loader (ELF-64 Object File Format 1.5; System V gABI chapters
 * 4 "Object files" and 5 "Program loading"; RISC-V ELF psABI for EM_RISCV).
 */
#ifndef UVS_SIM_ELF_LOAD_H
#define UVS_SIM_ELF_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mem.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What the loader found in the program. */
struct uvs_elf_info {
    uint64_t entry;    /**< e_entry */
    uint64_t tohost;   /**< address of symbol `tohost`, 0 when absent */
    uint64_t fromhost; /**< address of symbol `fromhost`, 0 when absent */
    unsigned segments; /**< PT_LOAD segments loaded */
    uint64_t lo, hi;   /**< loaded bytes span [lo, hi) (physical addresses) */
    bool rom_segment;  /**< a segment went into BOOTROM: the program brings its own boot code */
};

/**
 * uvs_elf_load_buf - check the ELF image in @buf (@size bytes) and copy its
 * PT_LOAD segments (by physical address; p_memsz beyond p_filesz zeroed) into
 * @m. Requirements: ELF64, little-endian, EM_RISCV, ET_EXEC; program and
 * section headers and segment contents inside the file; each segment inside
 * BOOTROM or inside populated SRAM below the DTB area (the top
 * UVS_DTB_MAX_SIZE bytes); e_entry inside a loaded segment; `tohost`, when
 * present, an 8-byte aligned SRAM address.
 * @name: file name used in messages.
 * @err, @errlen: one-line reason on failure (names the file and address).
 * Returns 0, -ENOEXEC (not ELF, truncated or malformed), -EOPNOTSUPP (not
 * 64-bit little-endian RISC-V), -ENOMEM.
 */
int uvs_elf_load_buf(struct uvs_mem *m, const void *buf, size_t size, const char *name,
                     struct uvs_elf_info *info, char *err, size_t errlen);

/**
 * uvs_elf_load - read the file @path and load it as uvs_elf_load_buf does.
 * Returns the same values, plus -ENOENT/-EACCES/-EIO/-EISDIR/-EFBIG when the
 * file cannot be opened or read or is larger than the SRAM window.
 */
int uvs_elf_load(struct uvs_mem *m, const char *path, struct uvs_elf_info *info,
                 char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif

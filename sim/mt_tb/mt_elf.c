/* mt_elf: minimal ELF64 loader (mt_elf.h). */
#include "mt_elf.h"

#include <elf.h>
#include <errno.h>
#include <string.h>

/* Program header i, copied out (the buffer need not be aligned). */
static Elf64_Phdr phdr(const uint8_t *buf, const Elf64_Ehdr *eh, unsigned i)
{
    Elf64_Phdr ph;
    memcpy(&ph, buf + eh->e_phoff + (uint64_t)i * eh->e_phentsize, sizeof ph);
    return ph;
}

int mt_elf_parse(const uint8_t *buf, size_t len, struct mt_elf_info *info, const char **why)
{
    Elf64_Ehdr eh;
    *why = "not an ELF64 little-endian RISC-V executable";
    if (len < sizeof eh)
        return -ENOEXEC;
    memcpy(&eh, buf, sizeof eh);
    if (memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
        eh.e_ident[EI_DATA] != ELFDATA2LSB || eh.e_machine != EM_RISCV || eh.e_type != ET_EXEC)
        return -ENOEXEC;
    *why = "program headers outside the file";
    if (eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_phoff > len ||
        (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr) > len - eh.e_phoff)
        return -ENOEXEC;
    info->entry = eh.e_entry;
    info->lo = UINT64_MAX;
    info->hi = 0;
    for (unsigned i = 0; i < eh.e_phnum; i++) {
        Elf64_Phdr ph = phdr(buf, &eh, i);
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        *why = "segment outside the file or larger in file than in memory";
        if (ph.p_offset > len || ph.p_filesz > len - ph.p_offset || ph.p_filesz > ph.p_memsz ||
            ph.p_vaddr + ph.p_memsz < ph.p_vaddr)
            return -ENOEXEC;
        if (ph.p_vaddr < info->lo)
            info->lo = ph.p_vaddr;
        if (ph.p_vaddr + ph.p_memsz > info->hi)
            info->hi = ph.p_vaddr + ph.p_memsz;
    }
    *why = "no loadable segment";
    return info->hi == 0 ? -ENOEXEC : 0;
}

int mt_elf_load(const uint8_t *buf, uint64_t shift,
                int (*put)(void *ctx, uint64_t addr, const uint8_t *src, uint64_t n), void *ctx)
{
    Elf64_Ehdr eh;
    memcpy(&eh, buf, sizeof eh);
    for (unsigned i = 0; i < eh.e_phnum; i++) {
        Elf64_Phdr ph = phdr(buf, &eh, i);
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        int rc = put(ctx, ph.p_vaddr + shift, buf + ph.p_offset, ph.p_filesz);
        if (rc == 0 && ph.p_memsz > ph.p_filesz)
            rc = put(ctx, ph.p_vaddr + shift + ph.p_filesz, NULL, ph.p_memsz - ph.p_filesz);
        if (rc)
            return rc;
    }
    return 0;
}

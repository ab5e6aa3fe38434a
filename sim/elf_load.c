/* ELF program loader with libelf. */
#include "elf_load.h"

#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* True when [off, off + len) lies inside a file of size bytes. */
static bool in_file(uint64_t off, uint64_t len, size_t size)
{
    return off <= size && len <= size - off;
}

/* True when the bus range [a, a + len) may receive a segment. */
static bool loadable(const struct uvs_mem *m, uint64_t a, uint64_t len)
{
    uint64_t sram_top = m->sram_size - UVS_DTB_MAX_SIZE; /* DTB area above */
    if (a + len < a)
        return false;
    if (a >= UVS_BOOTROM_BASE && a + len <= UVS_BOOTROM_BASE + UVS_BOOTROM_SIZE)
        return true;
    return m->sram_size > UVS_DTB_MAX_SIZE && a >= UVS_SRAM_BASE &&
           a + len <= UVS_SRAM_BASE + sram_top;
}

/* Find `tohost` and `fromhost` in the symbol tables. */
static int find_symbols(Elf *elf, size_t size, const char *name, struct uvs_elf_info *info,
                        char *err, size_t errlen)
{
    Elf_Scn *scn = NULL;

    while ((scn = elf_nextscn(elf, scn)) != NULL) {
        GElf_Shdr sh;
        Elf_Data *data;
        if (!gelf_getshdr(scn, &sh)) {
            snprintf(err, errlen, "%s: bad section header: %s", name, elf_errmsg(-1));
            return -ENOEXEC;
        }
        if (sh.sh_type != SHT_SYMTAB)
            continue;
        if (!in_file(sh.sh_offset, sh.sh_size, size) || sh.sh_entsize == 0) {
            snprintf(err, errlen, "%s: symbol table outside the file (truncated?)", name);
            return -ENOEXEC;
        }
        data = elf_getdata(scn, NULL);
        if (!data) {
            snprintf(err, errlen, "%s: cannot read symbol table: %s", name, elf_errmsg(-1));
            return -ENOEXEC;
        }
        for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
            GElf_Sym sym;
            const char *s;
            if (!gelf_getsym(data, (int)i, &sym))
                break;
            s = elf_strptr(elf, sh.sh_link, sym.st_name);
            if (!s)
                continue;
            if (strcmp(s, "tohost") == 0)
                info->tohost = sym.st_value;
            else if (strcmp(s, "fromhost") == 0)
                info->fromhost = sym.st_value;
        }
    }
    return 0;
}

/* Check and copy the PT_LOAD segments; info->segments counts them. */
static int load_segments(struct uvs_mem *m, Elf *elf, const uint8_t *buf, size_t size,
                         const char *name, struct uvs_elf_info *info, char *err, size_t errlen)
{
    size_t n;
    bool entry_ok = false;

    if (elf_getphdrnum(elf, &n) != 0) {
        snprintf(err, errlen, "%s: cannot read program headers: %s", name, elf_errmsg(-1));
        return -ENOEXEC;
    }
    for (size_t i = 0; i < n; i++) {
        GElf_Phdr ph;
        uint8_t *dst;
        if (!gelf_getphdr(elf, (int)i, &ph)) {
            snprintf(err, errlen, "%s: bad program header %zu: %s", name, i, elf_errmsg(-1));
            return -ENOEXEC;
        }
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        if (ph.p_filesz > ph.p_memsz) {
            snprintf(err, errlen, "%s: segment %zu has p_filesz > p_memsz", name, i);
            return -ENOEXEC;
        }
        if (!in_file(ph.p_offset, ph.p_filesz, size)) {
            snprintf(err, errlen, "%s: segment %zu (offset 0x%llx, 0x%llx bytes) extends past "
                     "the end of the file (%zu bytes): truncated?", name, i,
                     (unsigned long long)ph.p_offset, (unsigned long long)ph.p_filesz, size);
            return -ENOEXEC;
        }
        if (!loadable(m, ph.p_paddr, ph.p_memsz)) {
            snprintf(err, errlen, "%s: segment %zu at 0x%llx..0x%llx is outside BOOTROM and "
                     "populated SRAM below the DTB area (0x%llx..0x%llx)", name, i,
                     (unsigned long long)ph.p_paddr,
                     (unsigned long long)(ph.p_paddr + ph.p_memsz - 1),
                     (unsigned long long)UVS_SRAM_BASE,
                     (unsigned long long)(UVS_SRAM_BASE + m->sram_size - UVS_DTB_MAX_SIZE - 1));
            return -ENOEXEC;
        }
        dst = uvs_mem_ptr(m, ph.p_paddr, ph.p_memsz);
        memcpy(dst, buf + ph.p_offset, (size_t)ph.p_filesz);
        memset(dst + ph.p_filesz, 0, (size_t)(ph.p_memsz - ph.p_filesz));
        if (ph.p_paddr < UVS_SRAM_BASE)
            info->rom_segment = true;
        if (info->entry - ph.p_paddr < ph.p_memsz)
            entry_ok = true;
        if (info->segments == 0 || ph.p_paddr < info->lo)
            info->lo = ph.p_paddr;
        if (ph.p_paddr + ph.p_memsz > info->hi)
            info->hi = ph.p_paddr + ph.p_memsz;
        info->segments++;
    }
    if (info->segments == 0) {
        snprintf(err, errlen, "%s: no PT_LOAD segment to load", name);
        return -ENOEXEC;
    }
    if (!entry_ok) {
        snprintf(err, errlen, "%s: entry point 0x%llx is not inside a loaded segment", name,
                 (unsigned long long)info->entry);
        return -ENOEXEC;
    }
    return 0;
}

/* Identification checks on the raw bytes (gABI 4 "ELF Identification"). */
static int check_ident(const uint8_t *buf, size_t size, const char *name, char *err, size_t errlen)
{
    if (size < SELFMAG || memcmp(buf, ELFMAG, SELFMAG) != 0) {
        snprintf(err, errlen, "%s: not an ELF file", name);
        return -ENOEXEC;
    }
    if (size < EI_NIDENT) {
        snprintf(err, errlen, "%s: truncated ELF header (%zu bytes)", name, size);
        return -ENOEXEC;
    }
    if (buf[EI_CLASS] != ELFCLASS64) {
        snprintf(err, errlen, "%s: wrong architecture: not a 64-bit ELF (need ELF64 RISC-V)", name);
        return -EOPNOTSUPP;
    }
    if (buf[EI_DATA] != ELFDATA2LSB) {
        snprintf(err, errlen, "%s: wrong architecture: not little-endian (need ELF64 RISC-V)", name);
        return -EOPNOTSUPP;
    }
    if (size < sizeof(Elf64_Ehdr)) {
        snprintf(err, errlen, "%s: truncated ELF header (%zu bytes)", name, size);
        return -ENOEXEC;
    }
    return 0;
}

/* Header checks; "wrong architecture" comes before "not executable". */
static int check_header(Elf *elf, size_t size, const char *name, GElf_Ehdr *eh,
                        char *err, size_t errlen)
{
    if (elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, eh)) {
        snprintf(err, errlen, "%s: not a valid ELF file: %s", name, elf_errmsg(-1));
        return -ENOEXEC;
    }
    if (eh->e_machine != EM_RISCV) {
        snprintf(err, errlen, "%s: wrong architecture: e_machine %u is not RISC-V (%u)", name,
                 eh->e_machine, EM_RISCV);
        return -EOPNOTSUPP;
    }
    if (eh->e_type != ET_EXEC) {
        snprintf(err, errlen, "%s: not an executable (e_type %u, need ET_EXEC)", name, eh->e_type);
        return -ENOEXEC;
    }
    if (eh->e_phnum != 0 &&
        (eh->e_phentsize != sizeof(Elf64_Phdr) ||
         !in_file(eh->e_phoff, (uint64_t)eh->e_phnum * sizeof(Elf64_Phdr), size))) {
        snprintf(err, errlen, "%s: program headers extend past the end of the file "
                 "(%zu bytes): truncated?", name, size);
        return -ENOEXEC;
    }
    /* e_shnum 0 with e_shoff set: extended numbering, at least one header. */
    if (eh->e_shoff != 0 &&
        (eh->e_shentsize != sizeof(Elf64_Shdr) ||
         !in_file(eh->e_shoff, (uint64_t)(eh->e_shnum ? eh->e_shnum : 1) * sizeof(Elf64_Shdr),
                  size))) {
        snprintf(err, errlen, "%s: section headers extend past the end of the file "
                 "(%zu bytes): truncated?", name, size);
        return -ENOEXEC;
    }
    return 0;
}

int uvs_elf_load_buf(struct uvs_mem *m, const void *buf, size_t size, const char *name,
                     struct uvs_elf_info *info, char *err, size_t errlen)
{
    Elf *elf;
    GElf_Ehdr eh;
    int rc;

    memset(info, 0, sizeof *info);
    if (elf_version(EV_CURRENT) == EV_NONE) {
        snprintf(err, errlen, "libelf initialisation failed: %s", elf_errmsg(-1));
        return -ENOEXEC;
    }
    rc = check_ident(buf, size, name, err, errlen);
    if (rc != 0)
        return rc;
    /* elf_memory works as ELF_C_READ_MMAP: libelf never writes to the image. */
    elf = elf_memory((char *)(uintptr_t)buf, size);
    if (!elf) {
        snprintf(err, errlen, "%s: not a valid ELF file: %s", name, elf_errmsg(-1));
        return -ENOEXEC;
    }
    rc = check_header(elf, size, name, &eh, err, errlen);
    if (rc == 0) {
        info->entry = eh.e_entry;
        rc = load_segments(m, elf, buf, size, name, info, err, errlen);
    }
    if (rc == 0)
        rc = find_symbols(elf, size, name, info, err, errlen);
    if (rc == 0 && info->tohost != 0 &&
        ((info->tohost & 7) != 0 || !uvs_mem_ptr(m, info->tohost, 8) ||
         info->tohost < UVS_SRAM_BASE)) {
        snprintf(err, errlen, "%s: symbol tohost at 0x%llx is not an 8-byte aligned SRAM "
                 "address", name, (unsigned long long)info->tohost);
        rc = -ENOEXEC;
    }
    elf_end(elf);
    return rc;
}

int uvs_elf_load(struct uvs_mem *m, const char *path, struct uvs_elf_info *info,
                 char *err, size_t errlen)
{
    FILE *f;
    struct stat st;
    uint8_t *buf;
    size_t size;
    int rc;

    memset(info, 0, sizeof *info);
    f = fopen(path, "rb");
    if (!f) {
        rc = errno;
        snprintf(err, errlen, "cannot open ELF '%s': %s", path, strerror(rc));
        return -rc;
    }
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "ELF '%s' is not a regular file", path);
        fclose(f);
        return -EISDIR;
    }
    if ((uint64_t)st.st_size > UVS_SRAM_SIZE + UVS_BOOTROM_SIZE + (UVS_U64(1) << 26)) {
        snprintf(err, errlen, "ELF '%s' is too large (%lld bytes)", path, (long long)st.st_size);
        fclose(f);
        return -EFBIG;
    }
    size = (size_t)st.st_size;
    buf = malloc(size ? size : 1);
    if (!buf) {
        snprintf(err, errlen, "out of memory reading ELF '%s'", path);
        fclose(f);
        return -ENOMEM;
    }
    if (fread(buf, 1, size, f) != size) {
        snprintf(err, errlen, "cannot read ELF '%s': I/O error", path);
        fclose(f);
        free(buf);
        return -EIO;
    }
    fclose(f);
    rc = uvs_elf_load_buf(m, buf, size, path, info, err, errlen);
    free(buf);
    return rc;
}

/*
 * libuvmsoc firmware loading: check a RISC-V firmware ELF (System V gABI
 * chapter 4 "Object Files"; RISC-V psABI "ELF Object Files"), copy its
 * PT_LOAD segments and a DTB into device memory by DMA, and set the boot
 * registers (docs/architecture.md "Boot flow", include/uvmsoc/hostif.def).
 */
#include <errno.h>
#include <gelf.h>
#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uvmsoc/dma.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/memmap.h>

#include "internal.h"

#ifndef EM_RISCV
#define EM_RISCV 243
#endif
#define FW_FILE_MAX (256u << 20) /* largest firmware file accepted */

/* Read a whole file (at most max bytes) into a malloc'd buffer. */
static int read_file(const char *path, size_t max, uint8_t **data, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return uvs_err(-errno, "%s: cannot open: %s", path, strerror(errno));
    uint8_t *buf = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len == cap) {
            if (cap >= max) {
                free(buf);
                fclose(f);
                return uvs_err(-E2BIG, "%s: larger than %zu bytes", path, max);
            }
            cap = cap ? cap * 2 : 65536;
            if (cap > max)
                cap = max;
            uint8_t *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return uvs_err(-ENOMEM, "%s: out of memory", path);
            }
            buf = nb;
        }
        size_t n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (n == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return uvs_err(-EIO, "%s: read error", path);
    }
    *data = buf;
    *size = len;
    return 0;
}

static const char *machine_name(unsigned m)
{
    switch (m) {
    case EM_X86_64: return "x86-64";
    case EM_386: return "i386";
    case EM_AARCH64: return "AArch64";
    case EM_ARM: return "ARM";
    case EM_RISCV: return "RISC-V";
    default: return "another machine";
    }
}

void uvs_fw_image_free(struct uvs_fw_image *img)
{
    if (!img)
        return;
    free(img->file);
    memset(img, 0, sizeof *img);
}

static int in_ranges(const struct uvs_mem_range *r, unsigned n, uint64_t a, uint64_t len)
{
    for (unsigned i = 0; i < n; i++)
        if (a >= r[i].base && a - r[i].base <= r[i].size && len <= r[i].size - (a - r[i].base))
            return 1;
    return 0;
}

static int parse(const char *path, const struct uvs_mem_range *ranges, unsigned nranges, struct uvs_fw_image *img)
{
    static const unsigned char magic[4] = {0x7f, 'E', 'L', 'F'};
    const uint8_t *f = img->file;
    size_t size = img->file_size;
    if (size < 4 || memcmp(f, magic, 4) != 0)
        return uvs_err(-ENOEXEC, "%s: not an ELF file", path);
    if (size < EI_NIDENT)
        return uvs_err(-ENOEXEC, "%s: truncated ELF file (%zu bytes)", path, size);
    if (f[EI_CLASS] != ELFCLASS64 || f[EI_DATA] != ELFDATA2LSB) {
        return uvs_err(-ENOTSUP, "%s: %s-bit %s-endian ELF; need 64-bit little-endian RISC-V", path,
                       f[EI_CLASS] == ELFCLASS32 ? "32" : f[EI_CLASS] == ELFCLASS64 ? "64" : "unknown",
                       f[EI_DATA] == ELFDATA2MSB ? "big" : f[EI_DATA] == ELFDATA2LSB ? "little" : "unknown");
    }
    if (size < sizeof(Elf64_Ehdr))
        return uvs_err(-ENOEXEC, "%s: truncated ELF header (%zu of %zu bytes)", path, size, sizeof(Elf64_Ehdr));
    if (elf_version(EV_CURRENT) == EV_NONE)
        return uvs_err(-EIO, "libelf: %s", elf_errmsg(-1));
    Elf *e = elf_memory((char *)img->file, size);
    if (!e)
        return uvs_err(-ENOEXEC, "%s: malformed ELF: %s", path, elf_errmsg(-1));
    int err = 0;
    GElf_Ehdr eh;
    size_t phnum = 0;
    if (!gelf_getehdr(e, &eh)) {
        err = uvs_err(-ENOEXEC, "%s: malformed ELF header: %s", path, elf_errmsg(-1));
        goto out;
    }
    if (eh.e_machine != EM_RISCV) {
        err = uvs_err(-ENOTSUP, "%s: ELF for %s (e_machine %u); need 64-bit little-endian RISC-V", path,
                      machine_name(eh.e_machine), eh.e_machine);
        goto out;
    }
    if (eh.e_type != ET_EXEC) {
        err = uvs_err(-ENOTSUP, "%s: not an executable (e_type %u; need ET_EXEC)", path, eh.e_type);
        goto out;
    }
    phnum = eh.e_phnum;
    if (phnum == PN_XNUM && elf_getphdrnum(e, &phnum) != 0) {
        err = uvs_err(-ENOEXEC, "%s: malformed program header count: %s", path, elf_errmsg(-1));
        goto out;
    }
    if (phnum == 0 || eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_phoff > size ||
        phnum > (size - eh.e_phoff) / sizeof(Elf64_Phdr)) {
        err = uvs_err(-ENOEXEC, "%s: program header table (offset 0x%llx, %zu entries) %s", path,
                      (unsigned long long)eh.e_phoff, phnum, phnum ? "extends past the end of the file: truncated?" : "is empty");
        goto out;
    }
    img->entry = eh.e_entry;
    for (size_t i = 0; i < phnum; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(e, (int)i, &ph)) {
            err = uvs_err(-ENOEXEC, "%s: malformed program header %zu: %s", path, i, elf_errmsg(-1));
            goto out;
        }
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        if (ph.p_offset > size || ph.p_filesz > size - ph.p_offset) {
            err = uvs_err(-ENOEXEC, "%s: segment %zu (offset 0x%llx, 0x%llx bytes) extends past the end of the file (0x%zx bytes): truncated?",
                          path, i, (unsigned long long)ph.p_offset, (unsigned long long)ph.p_filesz, size);
            goto out;
        }
        if (ph.p_filesz > ph.p_memsz) {
            err = uvs_err(-ENOEXEC, "%s: segment %zu has more file bytes (0x%llx) than memory bytes (0x%llx)", path, i,
                          (unsigned long long)ph.p_filesz, (unsigned long long)ph.p_memsz);
            goto out;
        }
        if (ph.p_paddr + ph.p_memsz < ph.p_paddr || !in_ranges(ranges, nranges, ph.p_paddr, ph.p_memsz)) {
            err = uvs_err(-ERANGE, "%s: segment %zu at 0x%llx..0x%llx is outside device memory (SRAM/HBM)", path, i,
                          (unsigned long long)ph.p_paddr, (unsigned long long)(ph.p_paddr + ph.p_memsz));
            goto out;
        }
        if (img->nsegs == UVS_FW_MAX_SEGS) {
            err = uvs_err(-E2BIG, "%s: more than %d loadable segments", path, UVS_FW_MAX_SEGS);
            goto out;
        }
        img->seg[img->nsegs].addr = ph.p_paddr;
        img->seg[img->nsegs].filesz = ph.p_filesz;
        img->seg[img->nsegs].memsz = ph.p_memsz;
        img->seg[img->nsegs].data = img->file + ph.p_offset;
        img->nsegs++;
    }
    if (img->nsegs == 0) {
        err = uvs_err(-ENOEXEC, "%s: no loadable segments", path);
        goto out;
    }
    int entry_ok = 0;
    for (unsigned i = 0; i < img->nsegs; i++)
        if (img->entry >= img->seg[i].addr && img->entry - img->seg[i].addr < img->seg[i].memsz)
            entry_ok = 1;
    if (!entry_ok)
        err = uvs_err(-ERANGE, "%s: entry point 0x%llx is not inside a loaded segment", path, (unsigned long long)img->entry);
out:
    elf_end(e);
    return err;
}

int uvs_fw_parse(const char *path, const struct uvs_mem_range *ranges, unsigned nranges, struct uvs_fw_image *img)
{
    if (!img)
        return uvs_err(-EINVAL, "uvs_fw_parse: NULL image");
    memset(img, 0, sizeof *img);
    if (!path || (!ranges && nranges))
        return uvs_err(-EINVAL, "uvs_fw_parse: NULL argument");
    int err = read_file(path, FW_FILE_MAX, &img->file, &img->file_size);
    if (err)
        return err;
    err = parse(path, ranges, nranges, img);
    if (err)
        uvs_fw_image_free(img);
    return err;
}

/* Zero [addr, addr+len) in device memory by DMA from a zeroed host buffer. */
static int dma_zero(struct uvs_dev *dev, uint64_t addr, uint64_t len)
{
    struct uvs_dma_buf z;
    int err = uvs_dma_alloc(dev, len < (1u << 20) ? len : (1u << 20), &z);
    for (uint64_t off = 0; !err && off < len;) {
        uint64_t n = len - off < z.size ? len - off : z.size;
        err = uvs_dma_copy(dev, UVS_DMA_OP_H2D, addr + off, z.bus, n, NULL);
        off += n;
    }
    uvs_dma_free(dev, &z);
    return err;
}

/* Copy the image's segments into device memory by DMA, zero-filling past
 * each one's file bytes; adds the bytes written to *bytes. DMA errors. */
static int load_segments(struct uvs_dev *dev, const struct uvs_fw_image *img, uint64_t *bytes)
{
    int err = 0;
    for (unsigned i = 0; !err && i < img->nsegs; i++) {
        const struct uvs_fw_seg *s = &img->seg[i];
        if (s->filesz)
            err = uvs_dma_write(dev, s->addr, s->data, s->filesz, NULL);
        if (!err && s->memsz > s->filesz)
            err = dma_zero(dev, s->addr + s->filesz, s->memsz - s->filesz);
        if (!err)
            *bytes += s->memsz;
    }
    return err;
}

int uvs_fw_load(struct uvs_dev *dev, const char *elf_path, const char *dtb_path, struct uvs_fw_loaded *out)
{
    struct uvs_fw_loaded local;
    struct uvs_fw_image img;
    uint8_t *dtb = NULL;
    size_t dtb_len = 0;
    if (!out)
        out = &local;
    memset(out, 0, sizeof *out);
    if (!dev || !elf_path)
        return uvs_err(-EINVAL, "uvs_fw_load: NULL argument");
    struct uvs_mem_range ranges[2] = {{UVS_SRAM_BASE, dev->sram_size}, {UVS_HBM_BASE, dev->hbm_size}};
    int err = uvs_fw_parse(elf_path, ranges, dev->hbm_size ? 2 : 1, &img);
    if (err)
        return err;
    if (dtb_path) {
        if ((err = read_file(dtb_path, UVS_DTB_MAX_SIZE, &dtb, &dtb_len))) {
            if (err == -E2BIG)
                err = uvs_err(-EINVAL, "%s: DTB larger than %llu bytes", dtb_path, (unsigned long long)UVS_DTB_MAX_SIZE);
            goto out;
        }
        if (dtb_len < sizeof(struct fdt_header) || fdt_check_header(dtb) != 0 || fdt_totalsize(dtb) > dtb_len) {
            err = uvs_err(-EINVAL, "%s: not a valid flattened device tree (DTB)", dtb_path);
            goto out;
        }
        if (dev->sram_size < UVS_DTB_MAX_SIZE) {
            err = uvs_err(-ERANGE, "device SRAM (%llu bytes) too small for the DTB area", (unsigned long long)dev->sram_size);
            goto out;
        }
        out->dtb_addr = UVS_SRAM_BASE + dev->sram_size - UVS_DTB_MAX_SIZE;
        for (unsigned i = 0; i < img.nsegs; i++)
            if (img.seg[i].addr < out->dtb_addr + UVS_DTB_MAX_SIZE && out->dtb_addr < img.seg[i].addr + img.seg[i].memsz) {
                err = uvs_err(-ERANGE, "%s: segment at 0x%llx overlaps the DTB area at 0x%llx", elf_path,
                              (unsigned long long)img.seg[i].addr, (unsigned long long)out->dtb_addr);
                goto out;
            }
    }
    if ((err = uvs_wr32(dev, UVS_HOSTIF_MGMT_CTRL_OFF, UVS_HOSTIF_MGMT_CTRL_HOLD)))
        goto out;
    if ((err = load_segments(dev, &img, &out->bytes)))
        goto out;
    if (dtb && (err = uvs_dma_write(dev, out->dtb_addr, dtb, fdt_totalsize(dtb), NULL)))
        goto out;
    out->bytes += dtb ? fdt_totalsize(dtb) : 0;
    if ((err = uvs_wr64(dev, UVS_HOSTIF_BOOT_ENTRY_OFF, img.entry)) ||
        (err = uvs_wr64(dev, UVS_HOSTIF_BOOT_DTB_OFF, out->dtb_addr)) ||
        (err = uvs_wr64(dev, UVS_HOSTIF_BOOT_MENTRY_OFF, 0)))
        goto out;
    out->entry = img.entry;
    out->nsegs = img.nsegs;
out:
    free(dtb);
    uvs_fw_image_free(&img);
    return err;
}

int uvs_fw_load_sbi(struct uvs_dev *dev, const char *sbi_path, struct uvs_fw_loaded *out)
{
    struct uvs_fw_loaded local;
    struct uvs_fw_image img;
    uint64_t entry = 0;
    if (!out)
        out = &local;
    memset(out, 0, sizeof *out);
    if (!dev || !sbi_path)
        return uvs_err(-EINVAL, "uvs_fw_load_sbi: NULL argument");
    struct uvs_mem_range sbi_range = {UVS_SBI_BASE, UVS_PAYLOAD_BASE - UVS_SBI_BASE};
    int err = uvs_fw_parse(sbi_path, &sbi_range, 1, &img);
    if (err == -ERANGE)
        return uvs_err(-ERANGE, "%s: not an M-mode firmware for this device: it must load inside 0x%llx..0x%llx "
                       "(an OpenSBI fw_jump for the generic platform)", sbi_path, (unsigned long long)UVS_SBI_BASE,
                       (unsigned long long)UVS_PAYLOAD_BASE);
    if (err)
        return err;
    if ((err = uvs_rd64(dev, UVS_HOSTIF_BOOT_ENTRY_OFF, &entry)))
        goto out;
    if (entry < UVS_PAYLOAD_BASE) {
        err = uvs_err(-ERANGE, "%s: the loaded firmware's entry 0x%llx is below 0x%llx, where the M-mode "
                      "firmware would hand over: link the firmware at the S-mode payload address", sbi_path,
                      (unsigned long long)entry, (unsigned long long)UVS_PAYLOAD_BASE);
        goto out;
    }
    if ((err = load_segments(dev, &img, &out->bytes)))
        goto out;
    if ((err = uvs_wr64(dev, UVS_HOSTIF_BOOT_MENTRY_OFF, img.entry)))
        goto out;
    out->entry = img.entry;
    out->nsegs = img.nsegs;
out:
    uvs_fw_image_free(&img);
    return err;
}

int uvs_fw_start(struct uvs_dev *dev)
{
    if (!dev)
        return uvs_err(-EINVAL, "uvs_fw_start: no device");
    return uvs_wr32(dev, UVS_HOSTIF_MGMT_CTRL_OFF, 0);
}

int uvs_fw_wait_ready(struct uvs_dev *dev, uint64_t timeout_cycles)
{
    if (!dev || timeout_cycles == 0)
        return uvs_err(-EINVAL, "uvs_fw_wait_ready: %s", dev ? "timeout of 0 cycles" : "no device");
    const uint32_t ints = UVS_HOSTIF_INT_FW | UVS_HOSTIF_INT_MGMT_HALT;
    uint32_t mask, st, code;
    int err;
    if ((err = uvs_rd32(dev, UVS_HOSTIF_INT_MASK_OFF, &mask)) || (err = uvs_wr32(dev, UVS_HOSTIF_INT_MASK_OFF, mask & ~ints)))
        return err;
    uint64_t deadline = uvs_cycles(dev) + timeout_cycles, slice = 0;
    for (;;) {
        if ((err = uvs_wr32(dev, UVS_HOSTIF_INT_ACK_OFF, ints)) || (err = uvs_rd32(dev, UVS_HOSTIF_MGMT_STATUS_OFF, &st)))
            return err;
        if (st & UVS_HOSTIF_MGMT_STATUS_FW_READY)
            return 0;
        if (st & UVS_HOSTIF_MGMT_STATUS_HALTED) {
            if ((err = uvs_rd32(dev, UVS_HOSTIF_FW_EXIT_OFF, &code)))
                return err;
            return uvs_err(-ECHILD, "the management hart halted with exit status %u before the firmware was ready", code);
        }
        uint64_t now = uvs_cycles(dev);
        if (now >= deadline)
            return uvs_err(-ETIMEDOUT, "firmware not ready within %llu cycles", (unsigned long long)timeout_cycles);
        err = uvs_wait_slice(dev, deadline - now, &slice, NULL); /* 1: poll slice over, look again */
        if (err == -ETIMEDOUT)
            return uvs_err(err, "firmware not ready within %llu cycles", (unsigned long long)timeout_cycles);
        if (err < 0)
            return err;
    }
}

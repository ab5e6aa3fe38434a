/*
 * Unit tests of sim/elf_load.c on ELF images crafted here (gABI chapter 4):
 * a good image, every truncation of it, wrong architectures, bad segments,
 * bad entry point and symbols, and the file front end.
 */
#include <elf.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "elf_load.h"

#define SRAM_BYTES (1024 * 1024)
#define CODE_OFF 0x80
#define CODE_LEN 16
#define SYM_OFF 0x90
#define STR_OFF (SYM_OFF + 3 * sizeof(Elf64_Sym))
#define SH_OFF 0xf0
#define IMG_SIZE (SH_OFF + 3 * sizeof(Elf64_Shdr))

static const char strtab[] = "\0tohost\0fromhost";

/* A good RV64 executable: one PT_LOAD at SRAM base (16 bytes of code, 64
 * bytes in memory), symbols tohost (base + 0x20) and fromhost (+ 0x28). */
static void build(uint8_t *img)
{
    Elf64_Ehdr eh = {0};
    Elf64_Phdr ph = {0};
    Elf64_Sym sym[3] = {{0}};
    Elf64_Shdr sh[3] = {{0}};

    memset(img, 0, IMG_SIZE);
    memcpy(eh.e_ident, ELFMAG, SELFMAG);
    eh.e_ident[EI_CLASS] = ELFCLASS64;
    eh.e_ident[EI_DATA] = ELFDATA2LSB;
    eh.e_ident[EI_VERSION] = EV_CURRENT;
    eh.e_type = ET_EXEC;
    eh.e_machine = EM_RISCV;
    eh.e_version = EV_CURRENT;
    eh.e_entry = UVS_SRAM_BASE + 4;
    eh.e_phoff = sizeof eh;
    eh.e_shoff = SH_OFF;
    eh.e_ehsize = sizeof eh;
    eh.e_phentsize = sizeof ph;
    eh.e_phnum = 1;
    eh.e_shentsize = sizeof(Elf64_Shdr);
    eh.e_shnum = 3;
    memcpy(img, &eh, sizeof eh);

    ph.p_type = PT_LOAD;
    ph.p_flags = PF_R | PF_X | PF_W;
    ph.p_offset = CODE_OFF;
    ph.p_vaddr = ph.p_paddr = UVS_SRAM_BASE;
    ph.p_filesz = CODE_LEN;
    ph.p_memsz = 64;
    ph.p_align = 8;
    memcpy(img + sizeof eh, &ph, sizeof ph);
    for (int i = 0; i < CODE_LEN; i++)
        img[CODE_OFF + i] = (uint8_t)(0xa0 + i);

    sym[1].st_name = 1;
    sym[1].st_value = UVS_SRAM_BASE + 0x20;
    sym[1].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT);
    sym[1].st_shndx = SHN_ABS;
    sym[2].st_name = 8;
    sym[2].st_value = UVS_SRAM_BASE + 0x28;
    sym[2].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT);
    sym[2].st_shndx = SHN_ABS;
    memcpy(img + SYM_OFF, sym, sizeof sym);
    memcpy(img + STR_OFF, strtab, sizeof strtab);

    sh[1].sh_type = SHT_SYMTAB;
    sh[1].sh_offset = SYM_OFF;
    sh[1].sh_size = sizeof sym;
    sh[1].sh_link = 2;
    sh[1].sh_info = 1;
    sh[1].sh_entsize = sizeof(Elf64_Sym);
    sh[1].sh_addralign = 8;
    sh[2].sh_type = SHT_STRTAB;
    sh[2].sh_offset = STR_OFF;
    sh[2].sh_size = sizeof strtab;
    sh[2].sh_addralign = 1;
    memcpy(img + SH_OFF, sh, sizeof sh);
}

static Elf64_Ehdr *ehdr(uint8_t *img) { return (Elf64_Ehdr *)(void *)img; }
static Elf64_Phdr *phdr(uint8_t *img) { return (Elf64_Phdr *)(void *)(img + sizeof(Elf64_Ehdr)); }

struct fix {
    struct uvs_mem mem;
    _Alignas(8) uint8_t img[IMG_SIZE];
    struct uvs_elf_info info;
    char err[256];
};

static int setup(void **state)
{
    struct fix *f = calloc(1, sizeof *f);
    if (!f || uvs_mem_init(&f->mem, SRAM_BYTES) != 0)
        return -1;
    build(f->img);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fix *f = *state;
    uvs_mem_fini(&f->mem);
    free(f);
    return 0;
}

static int load(struct fix *f, size_t size)
{
    f->err[0] = '\0';
    return uvs_elf_load_buf(&f->mem, f->img, size, "t.elf", &f->info, f->err, sizeof f->err);
}

static void test_good(void **state)
{
    struct fix *f = *state;
    memset(f->mem.sram, 0xee, 128);
    assert_int_equal(load(f, IMG_SIZE), 0);
    assert_memory_equal(f->mem.sram, f->img + CODE_OFF, CODE_LEN);
    for (int i = CODE_LEN; i < 64; i++)
        assert_int_equal(f->mem.sram[i], 0); /* p_memsz beyond p_filesz zeroed */
    assert_int_equal(f->mem.sram[64], 0xee); /* nothing past p_memsz */
    assert_true(f->info.entry == UVS_SRAM_BASE + 4);
    assert_true(f->info.tohost == UVS_SRAM_BASE + 0x20);
    assert_true(f->info.fromhost == UVS_SRAM_BASE + 0x28);
    assert_int_equal(f->info.segments, 1);
    assert_false(f->info.rom_segment);
}

static void test_every_truncation_fails(void **state)
{
    struct fix *f = *state;
    for (size_t n = 0; n < IMG_SIZE; n++) {
        assert_int_equal(load(f, n), -ENOEXEC);
        assert_true(strstr(f->err, "t.elf") != NULL);
    }
}

static void test_wrong_arch(void **state)
{
    struct fix *f = *state;
    ehdr(f->img)->e_machine = EM_X86_64;
    assert_int_equal(load(f, IMG_SIZE), -EOPNOTSUPP);
    assert_non_null(strstr(f->err, "wrong architecture"));
    build(f->img);
    f->img[EI_CLASS] = ELFCLASS32;
    assert_int_equal(load(f, IMG_SIZE), -EOPNOTSUPP);
    build(f->img);
    f->img[EI_DATA] = ELFDATA2MSB;
    assert_int_equal(load(f, IMG_SIZE), -EOPNOTSUPP);
}

static void test_not_elf(void **state)
{
    struct fix *f = *state;
    memcpy(f->img, "#!/bin/sh\nexit 0\n", 17);
    assert_int_equal(load(f, IMG_SIZE), -ENOEXEC);
    assert_non_null(strstr(f->err, "not an ELF file"));
}

static void test_not_executable(void **state)
{
    struct fix *f = *state;
    ehdr(f->img)->e_type = ET_DYN;
    assert_int_equal(load(f, IMG_SIZE), -ENOEXEC);
    assert_non_null(strstr(f->err, "ET_EXEC"));
}

static void test_bad_segments(void **state)
{
    struct fix *f = *state;
    phdr(f->img)->p_paddr = 0; /* unmapped */
    assert_int_equal(load(f, IMG_SIZE), -ENOEXEC);
    assert_non_null(strstr(f->err, "outside"));
    build(f->img);
    phdr(f->img)->p_paddr = UVS_SRAM_BASE + SRAM_BYTES - UVS_DTB_MAX_SIZE; /* DTB area */
    assert_int_equal(load(f, IMG_SIZE), -ENOEXEC);
    build(f->img);
    phdr(f->img)->p_paddr = UINT64_MAX - 8; /* wraps */
    assert_int_equal(load(f, IMG_SIZE), -ENOEXEC);
    build(f->img);
    phdr(f->img)->p_offset = IMG_SIZE - 8; /* contents past the end */
    assert_int_equal(load(f, IMG_SIZE), -ENOEXEC);
    assert_non_null(strstr(f->err, "past the end"));
    build(f->img);
    phdr(f->img)->p_offset = UINT64_MAX - 4; /* offset + size overflows */
    assert_int_equal(load(f, IMG_SIZE), -ENOEXEC);
    build(f->img);
    phdr(f->img)->p_filesz = 65; /* more than p_memsz */
    assert_int_equal(load(f, IMG_SIZE), -ENOEXEC);
    build(f->img);
    phdr(f->img)->p_type = PT_NOTE; /* nothing to load */
    assert_int_equal(load(f, IMG_SIZE), -ENOEXEC);
    build(f->img);
    ehdr(f->img)->e_phoff = IMG_SIZE; /* program headers past the end */
    assert_int_equal(load(f, IMG_SIZE), -ENOEXEC);
}

static void test_bootrom_segment(void **state)
{
    struct fix *f = *state;
    phdr(f->img)->p_paddr = UVS_BOOTROM_BASE;
    ehdr(f->img)->e_entry = UVS_BOOTROM_BASE;
    assert_int_equal(load(f, IMG_SIZE), 0);
    assert_true(f->info.rom_segment);
    assert_memory_equal(f->mem.rom, f->img + CODE_OFF, CODE_LEN);
}

static void test_bad_entry_and_tohost(void **state)
{
    struct fix *f = *state;
    ehdr(f->img)->e_entry = UVS_SRAM_BASE + 64; /* just past the segment */
    assert_int_equal(load(f, IMG_SIZE), -ENOEXEC);
    assert_non_null(strstr(f->err, "entry point"));
    build(f->img);
    ((Elf64_Sym *)(void *)(f->img + SYM_OFF))[1].st_value = UVS_SRAM_BASE + 0x21;
    assert_int_equal(load(f, IMG_SIZE), -ENOEXEC);
    assert_non_null(strstr(f->err, "tohost"));
    build(f->img);
    ((Elf64_Shdr *)(void *)(f->img + SH_OFF))[1].sh_offset = IMG_SIZE; /* symtab past end */
    assert_int_equal(load(f, IMG_SIZE), -ENOEXEC);
}

static void test_file(void **state)
{
    struct fix *f = *state;
    char path[] = "/tmp/uvs-test-elf-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, f->img, IMG_SIZE), (ssize_t)IMG_SIZE);
    close(fd);
    assert_int_equal(uvs_elf_load(&f->mem, path, &f->info, f->err, sizeof f->err), 0);
    assert_true(f->info.tohost == UVS_SRAM_BASE + 0x20);
    unlink(path);
    assert_int_equal(uvs_elf_load(&f->mem, path, &f->info, f->err, sizeof f->err), -ENOENT);
    assert_non_null(strstr(f->err, path));
    assert_int_equal(uvs_elf_load(&f->mem, "/", &f->info, f->err, sizeof f->err), -EISDIR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_good, setup, teardown),
        cmocka_unit_test_setup_teardown(test_every_truncation_fails, setup, teardown),
        cmocka_unit_test_setup_teardown(test_wrong_arch, setup, teardown),
        cmocka_unit_test_setup_teardown(test_not_elf, setup, teardown),
        cmocka_unit_test_setup_teardown(test_not_executable, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_segments, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bootrom_segment, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bad_entry_and_tohost, setup, teardown),
        cmocka_unit_test_setup_teardown(test_file, setup, teardown),
    };
    return cmocka_run_group_tests_name("sim/elf_load", tests, NULL, NULL);
}

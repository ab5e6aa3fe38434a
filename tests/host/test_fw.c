/*
 * Unit tests of the firmware loader: ELF checks on good and bad files (a
 * RISC-V ELF built by $(RV_CC), /bin/true as the wrong architecture,
 * truncated copies, a text file, an empty file, a missing file, a segment
 * outside device memory), and loading into the mock device with a DTB.
 */
#include <errno.h>
#include <libfdt.h>
#include <unistd.h>

#include <uvmsoc/hostif.h>
#include <uvmsoc/memmap.h>

#include "testutil.h"

#define GOOD TEST_DATA "/fw-good.elf"
#define OUTSIDE TEST_DATA "/fw-outside.elf"
#define PAYLOAD TEST_DATA "/fw-payload.elf"
#define DTB TEST_DATA "/test.dtb"

static const struct uvs_mem_range sram = {UVS_SRAM_BASE, 1u << 20};
static char tmpdir[] = "/tmp/uvs-fw-test-XXXXXX";

static size_t read_all(const char *path, uint8_t **data)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s (build the test data with make host-unit-tests)", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    *data = malloc((size_t)n);
    assert_int_equal(fread(*data, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    return (size_t)n;
}

/* Write n bytes of data to tmpdir/name and return the path (static buffer per call site). */
static const char *write_tmp(const char *name, const void *data, size_t n, char *path, size_t pathlen)
{
    snprintf(path, pathlen, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    fclose(f);
    return path;
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

static void test_parse_good(void **state)
{
    (void)state;
    struct uvs_fw_image img;
    assert_int_equal(uvs_fw_parse(GOOD, &sram, 1, &img), 0);
    assert_int_equal(img.entry, UVS_SRAM_BASE);
    assert_true(img.nsegs >= 1);
    assert_int_equal(img.seg[0].addr, UVS_SRAM_BASE);
    uint64_t filesz = 0, memsz = 0;
    for (unsigned i = 0; i < img.nsegs; i++) {
        filesz += img.seg[i].filesz;
        memsz += img.seg[i].memsz;
    }
    assert_true(memsz >= filesz + 4096); /* the .bss */
    /* First instruction: auipc t0, ... (la t0, counter): opcode 0x17, rd = 5. */
    assert_int_equal(img.seg[0].data[0] & 0x7f, 0x17);
    uvs_fw_image_free(&img);
    uvs_fw_image_free(&img);
}

static void expect_parse_error(const char *path, const struct uvs_mem_range *r, int want, const char *detail)
{
    struct uvs_fw_image img;
    int err = uvs_fw_parse(path, r, 1, &img);
    if (err != want || !strstr(uvs_last_error(), detail))
        fail_msg("%s: got %d '%s', expected %d '%s'", path, err, uvs_last_error(), want, detail);
    assert_null(img.file);
    assert_int_equal(img.nsegs, 0);
}

static void test_parse_bad(void **state)
{
    (void)state;
    char p1[256], p2[256], p3[256], p4[256], p5[256];
    uint8_t *elf;
    size_t n = read_all(GOOD, &elf);
    expect_parse_error("/bin/true", &sram, -ENOTSUP, "ELF for x86-64");
    expect_parse_error(OUTSIDE, &sram, -ERANGE, "outside device memory");
    expect_parse_error(TEST_DATA "/no-such-file.elf", &sram, -ENOENT, "cannot open");
    expect_parse_error(write_tmp("text.elf", "hello, I am text\n", 17, p1, sizeof p1), &sram, -ENOEXEC, "not an ELF file");
    expect_parse_error(write_tmp("empty.elf", "", 0, p2, sizeof p2), &sram, -ENOEXEC, "not an ELF file");
    expect_parse_error(write_tmp("head.elf", elf, 40, p3, sizeof p3), &sram, -ENOEXEC, "truncated ELF header");
    expect_parse_error(write_tmp("hdrs.elf", elf, 100, p4, sizeof p4), &sram, -ENOEXEC, "truncated");
    /* Cut inside the loadable bytes: the segment extends past the end of the file. */
    struct uvs_fw_image img;
    assert_int_equal(uvs_fw_parse(GOOD, &sram, 1, &img), 0);
    size_t cut = (size_t)(img.seg[0].data - img.file) + 4;
    uvs_fw_image_free(&img);
    assert_true(cut < n);
    expect_parse_error(write_tmp("cut.elf", elf, cut, p5, sizeof p5), &sram, -ENOEXEC, "past the end of the file");
    /* Wrong class / byte order / type, patched in a copy. */
    uint8_t *bad = malloc(n);
    memcpy(bad, elf, n);
    bad[4] = 1; /* ELFCLASS32 */
    expect_parse_error(write_tmp("c32.elf", bad, n, p1, sizeof p1), &sram, -ENOTSUP, "32-bit little-endian");
    memcpy(bad, elf, n);
    bad[5] = 2; /* big-endian */
    expect_parse_error(write_tmp("be.elf", bad, n, p1, sizeof p1), &sram, -ENOTSUP, "big-endian");
    memcpy(bad, elf, n);
    bad[16] = 3; /* ET_DYN */
    expect_parse_error(write_tmp("dyn.elf", bad, n, p1, sizeof p1), &sram, -ENOTSUP, "not an executable");
    memcpy(bad, elf, n);
    bad[32] = 0xf0; bad[33] = 0xff; /* e_phoff far past the end */
    expect_parse_error(write_tmp("phoff.elf", bad, n, p1, sizeof p1), &sram, -ENOEXEC, "program header table");
    /* Entry point outside every segment. */
    memcpy(bad, elf, n);
    bad[24 + 2] = 0x10; /* e_entry 0x80000000 -> 0x80100000 */
    expect_parse_error(write_tmp("entry.elf", bad, n, p1, sizeof p1), &sram, -ERANGE, "entry point");
    /* Too small a memory range for the .bss. */
    struct uvs_mem_range tiny = {UVS_SRAM_BASE, 64};
    expect_parse_error(GOOD, &tiny, -ERANGE, "outside device memory");
    free(bad);
    free(elf);
    assert_int_equal(uvs_fw_parse(NULL, &sram, 1, &img), -EINVAL);
    assert_int_equal(uvs_fw_parse(GOOD, &sram, 1, NULL), -EINVAL);
}

static void test_load(void **state)
{
    (void)state;
    struct uvs_dev *dev = open_mock(NULL);
    struct uvs_mock *m = uvs_mock_of(dev);
    struct uvs_fw_loaded l;
    struct uvs_fw_image img;
    uint64_t v;
    /* Garbage in device memory first, so zero fill is visible. */
    memset(uvs_mock_devmem(m, UVS_SRAM_BASE, 1u << 20), 0xee, 1u << 20);
    assert_int_equal(uvs_fw_start(dev), 0);
    assert_int_equal(uvs_fw_load(dev, GOOD, DTB, &l), 0);
    assert_int_equal(uvs_fw_parse(GOOD, &sram, 1, &img), 0);
    assert_int_equal(l.entry, img.entry);
    assert_int_equal(l.nsegs, img.nsegs);
    for (unsigned i = 0; i < img.nsegs; i++) {
        const uint8_t *d = uvs_mock_devmem(m, img.seg[i].addr, img.seg[i].memsz);
        assert_non_null(d);
        assert_memory_equal(d, img.seg[i].data, img.seg[i].filesz);
        for (uint64_t j = img.seg[i].filesz; j < img.seg[i].memsz; j++)
            if (d[j] != 0)
                fail_msg("byte 0x%llx of segment %u not zero-filled", (unsigned long long)j, i);
    }
    uvs_fw_image_free(&img);
    /* DTB at SRAM top - 64 KiB, boot registers set, hart held. */
    uint8_t *dtb;
    size_t dn = read_all(DTB, &dtb);
    assert_int_equal(l.dtb_addr, UVS_SRAM_BASE + (1u << 20) - UVS_DTB_MAX_SIZE);
    assert_memory_equal(uvs_mock_devmem(m, l.dtb_addr, dn), dtb, dn);
    free(dtb);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_BOOT_ENTRY_OFF, 8, &v), 0);
    assert_int_equal(v, UVS_SRAM_BASE);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_BOOT_DTB_OFF, 8, &v), 0);
    assert_int_equal(v, l.dtb_addr);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_MGMT_CTRL_OFF, 4, &v), 0);
    assert_int_equal(v, UVS_HOSTIF_MGMT_CTRL_HOLD);
    /* Without a DTB: 0 = the device's built-in one. */
    assert_int_equal(uvs_fw_load(dev, GOOD, NULL, &l), 0);
    assert_int_equal(l.dtb_addr, 0);
    /* Start and wait for the (mock) firmware. */
    assert_int_equal(uvs_fw_start(dev), 0);
    assert_int_equal(uvs_fw_wait_ready(dev, 1000), 0);
    uvs_close(dev);
}

static void test_load_errors(void **state)
{
    (void)state;
    char p[256];
    struct uvs_dev *dev = open_mock(NULL);
    assert_int_equal(uvs_fw_load(dev, GOOD, write_tmp("bad.dtb", "not a dtb at all", 16, p, sizeof p), NULL), -EINVAL);
    assert_err_contains("not a valid flattened device tree");
    assert_int_equal(uvs_fw_load(dev, "/bin/true", NULL, NULL), -ENOTSUP);
    assert_int_equal(uvs_fw_load(dev, OUTSIDE, NULL, NULL), -ERANGE);
    assert_int_equal(uvs_fw_load(dev, GOOD, TEST_DATA "/missing.dtb", NULL), -ENOENT);
    uint8_t *big = calloc(1, UVS_DTB_MAX_SIZE + 1);
    assert_int_equal(uvs_fw_load(dev, GOOD, write_tmp("big.dtb", big, UVS_DTB_MAX_SIZE + 1, p, sizeof p), NULL), -EINVAL);
    assert_err_contains("larger than");
    free(big);
    assert_int_equal(uvs_fw_load(NULL, GOOD, NULL, NULL), -EINVAL);
    uvs_close(dev);

    /* The hart halts instead of becoming ready; or never becomes ready. */
    struct uvs_mock_config cfg = {.no_fw_ready = 1};
    dev = open_mock(&cfg);
    assert_int_equal(uvs_fw_start(dev), 0);
    assert_int_equal(uvs_fw_wait_ready(dev, 5000), -ETIMEDOUT);
    assert_err_contains("not ready within 5000 cycles");
    assert_int_equal(uvs_mock_raise_at(uvs_mock_of(dev), 0, 0), 0);
    uvs_mock_halt(uvs_mock_of(dev), 100);
    assert_int_equal(uvs_fw_wait_ready(dev, 5000), -ECHILD);
    assert_err_contains("exit status 100");
    uvs_close(dev);
}

/*
 * The boot chain's M-mode firmware: loaded into [SBI_BASE, PAYLOAD_BASE)
 * with BOOT_MENTRY = its entry, after a firmware linked at the payload
 * address; uvs_fw_load() clears BOOT_MENTRY again. A firmware below the
 * payload address, an "M-mode firmware" outside its region and a missing
 * file are errors that load nothing.
 */
static void test_load_sbi(void **state)
{
    (void)state;
    struct uvs_mock_config cfg = {.sram_size = 4u << 20};
    struct uvs_dev *dev = open_mock(&cfg);
    struct uvs_mock *m = uvs_mock_of(dev);
    struct uvs_fw_loaded l;
    struct uvs_fw_image img;
    const struct uvs_mem_range sbi_range = {UVS_SBI_BASE, UVS_PAYLOAD_BASE - UVS_SBI_BASE};
    uint64_t v;

    assert_int_equal(uvs_fw_load(dev, PAYLOAD, NULL, NULL), 0);
    assert_int_equal(uvs_fw_load_sbi(dev, GOOD, &l), 0);
    assert_int_equal(uvs_fw_parse(GOOD, &sbi_range, 1, &img), 0);
    assert_int_equal(l.entry, UVS_SBI_BASE);
    assert_memory_equal(uvs_mock_devmem(m, img.seg[0].addr, img.seg[0].filesz), img.seg[0].data, img.seg[0].filesz);
    uvs_fw_image_free(&img);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_BOOT_MENTRY_OFF, 8, &v), 0);
    assert_int_equal(v, UVS_SBI_BASE);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_BOOT_ENTRY_OFF, 8, &v), 0);
    assert_int_equal(v, UVS_PAYLOAD_BASE);
    /* A new firmware load drops the M-mode firmware. */
    assert_int_equal(uvs_fw_load(dev, PAYLOAD, NULL, NULL), 0);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_BOOT_MENTRY_OFF, 8, &v), 0);
    assert_int_equal(v, 0);
    /* Errors: the "M-mode firmware" is the payload itself (outside its region), a missing file. */
    assert_int_equal(uvs_fw_load_sbi(dev, PAYLOAD, NULL), -ERANGE);
    assert_err_contains("not an M-mode firmware for this device");
    assert_int_equal(uvs_fw_load_sbi(dev, TEST_DATA "/missing-fw_jump.elf", NULL), -ENOENT);
    assert_int_equal(uvs_fw_load_sbi(NULL, GOOD, NULL), -EINVAL);
    /* A firmware linked below the payload address cannot be OpenSBI's payload. */
    assert_int_equal(uvs_fw_load(dev, GOOD, NULL, NULL), 0);
    assert_int_equal(uvs_fw_load_sbi(dev, GOOD, NULL), -ERANGE);
    assert_err_contains("below 0x80200000");
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_BOOT_MENTRY_OFF, 8, &v), 0);
    assert_int_equal(v, 0);
    uvs_close(dev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_good), cmocka_unit_test(test_parse_bad),
        cmocka_unit_test(test_load),       cmocka_unit_test(test_load_errors),
        cmocka_unit_test(test_load_sbi),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

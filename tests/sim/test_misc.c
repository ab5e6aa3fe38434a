/*
 * Unit tests of the small sim modules: boot ROM image (encodings checked
 * against GNU as output for the same instructions), retire-log lines,
 * command-line parsing, stats line.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <uvmsoc/memmap.h>

#include "bootrom.h"
#include "options.h"
#include "retire_log.h"
#include "stats.h"

static uint32_t rd32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint64_t rd64(const uint8_t *p) { return rd32(p) | (uint64_t)rd32(p + 4) << 32; }

static void test_bootrom(void **state)
{
    static uint8_t rom[UVS_BOOTROM_SIZE];
    (void)state;
    memset(rom, 0xff, sizeof rom);
    assert_int_equal(uvs_bootrom_build(rom, sizeof rom, 0x80201234, 0x83ff0000, 0x80000000), 0);
    /* riscv64-unknown-elf-as: csrr a0,mhartid; auipc t0,0; ld a1,36(t0);
     * ld t1,44(t0); bnez a0,+8; bnez t1,+8; ld t1,28(t0); jr t1 */
    static const uint32_t code[] = {0xf1402573, 0x00000297, 0x0242b583, 0x02c2b303,
                                    0x00051463, 0x00031463, 0x01c2b303, 0x00030067};
    for (unsigned i = 0; i < sizeof code / sizeof code[0]; i++)
        assert_int_equal(rd32(rom + 4 * i), code[i]);
    /* auipc at 4 + 28 = entry word, + 36 = DTB word, + 44 = M-mode entry */
    assert_int_equal(4 + 28, UVS_BOOTROM_ENTRY_OFF);
    assert_int_equal(4 + 36, UVS_BOOTROM_DTB_OFF);
    assert_int_equal(4 + 44, UVS_BOOTROM_MENTRY_OFF);
    assert_true(rd64(rom + UVS_BOOTROM_ENTRY_OFF) == 0x80201234);
    assert_true(rd64(rom + UVS_BOOTROM_DTB_OFF) == 0x83ff0000);
    assert_true(rd64(rom + UVS_BOOTROM_MENTRY_OFF) == 0x80000000);
    assert_int_equal(rom[UVS_BOOTROM_SIZE - 1], 0); /* rest zeroed */
    assert_int_equal(uvs_bootrom_build(rom, UVS_BOOTROM_MENTRY_OFF + 7, 0, 0, 0), -EINVAL);
}

static void test_retire_log(void **state)
{
    char line[UVS_RETIRE_LOG_LINE_MAX];
    (void)state;
    int n = uvs_retire_log_format(line, sizeof line, 1234, 0, 0x80000004, 0x00a00093, 1, 10);
    assert_int_equal(n, (int)strlen(line));
    assert_string_equal(line, "1234 0 0000000080000004 00a00093 x1 000000000000000a\n");
    uvs_retire_log_format(line, sizeof line, 7, 3, 0x1000, 0x00028067, 0, 99);
    assert_string_equal(line, "7 3 0000000000001000 00028067 - -\n");
    /* the longest line fits */
    assert_true(uvs_retire_log_format(line, sizeof line, UINT64_MAX, 31, UINT64_MAX, UINT32_MAX,
                                      31, UINT64_MAX) < UVS_RETIRE_LOG_LINE_MAX);
    assert_int_equal(uvs_retire_log_format(line, sizeof line, 0, 0, 0, 0, 32, 0), -EINVAL);
    assert_int_equal(uvs_retire_log_format(line, 10, 0, 0, 0, 0, 1, 0), -EINVAL);
}

static int parse(struct uvs_opts *o, char *err, int argc, ...)
{
    static char *argv[16];
    va_list ap;
    va_start(ap, argc);
    argv[0] = "uvmsoc-sim";
    for (int i = 1; i < argc; i++)
        argv[i] = va_arg(ap, char *);
    argv[argc] = NULL;
    va_end(ap);
    err[0] = '\0';
    return uvs_opts_parse(o, argc, argv, err, 256);
}

static void test_options(void **state)
{
    struct uvs_opts o;
    char err[256];
    (void)state;
    assert_int_equal(parse(&o, err, 2, "p.elf"), 0);
    assert_string_equal(o.elf, "p.elf");
    assert_null(o.dtb);
    assert_true(o.max_cycles == UVS_DEFAULT_MAX_CYCLES);
    assert_false(o.stats);
    assert_int_equal(parse(&o, err, 10, "--dtb", "b.dtb", "--max-cycles", "42", "--trace-fst",
                           "w.fst", "--log-retired=r.log", "--stats", "p.elf"), 0);
    assert_string_equal(o.dtb, "b.dtb");
    assert_true(o.max_cycles == 42);
    assert_string_equal(o.trace_fst, "w.fst");
    assert_string_equal(o.log_retired, "r.log");
    assert_true(o.stats);
    assert_string_equal(o.elf, "p.elf");
    assert_int_equal(parse(&o, err, 2, "--help"), 0);
    assert_true(o.help);
    /* the clock: default UVS_CLOCK_MHZ; --clock-mhz derives every figure; single overrides win in any order */
    assert_int_equal(parse(&o, err, 2, "p.elf"), 0);
    assert_int_equal(o.model.clock_khz, UVS_CLOCK_MHZ * 1000u);
    assert_int_equal(parse(&o, err, 4, "--clock-mhz", "100", "p.elf"), 0);
    assert_int_equal(o.model.clock_khz, 100000);
    assert_int_equal(o.model.latency, 50);      /* 500 ns */
    assert_int_equal(o.model.bw_fx, 250u << 16); /* 25 GB/s */
    assert_int_equal(o.model.hbm_latency, 10);  /* 100 ns */
    assert_int_equal(o.model.cost_irq, 200);    /* 2 us */
    assert_int_equal(parse(&o, err, 6, "--link-latency", "7", "--clock-mhz", "100", "p.elf"), 0);
    assert_int_equal(o.model.latency, 7);
    assert_int_equal(o.model.hbm_latency, 10);
}

static void test_bad_options(void **state)
{
    struct uvs_opts o;
    char err[256];
    (void)state;
    assert_int_equal(parse(&o, err, 3, "--frobnicate", "p.elf"), -EINVAL);
    assert_non_null(strstr(err, "--frobnicate"));
    assert_int_equal(parse(&o, err, 3, "-x", "p.elf"), -EINVAL);
    assert_non_null(strstr(err, "-x"));
    assert_int_equal(parse(&o, err, 2, "--dtb"), -EINVAL);
    assert_non_null(strstr(err, "needs an argument"));
    assert_int_equal(parse(&o, err, 4, "--max-cycles", "0", "p.elf"), -EINVAL);
    assert_int_equal(parse(&o, err, 4, "--max-cycles", "12x", "p.elf"), -EINVAL);
    assert_int_equal(parse(&o, err, 4, "--max-cycles", "-5", "p.elf"), -EINVAL);
    assert_int_equal(parse(&o, err, 4, "--max-cycles", "99999999999999999999999", "p.elf"),
                     -EINVAL);
    assert_int_equal(parse(&o, err, 1), -EINVAL);
    assert_non_null(strstr(err, "missing PROGRAM.elf"));
    assert_int_equal(parse(&o, err, 3, "a.elf", "b.elf"), -EINVAL);
    assert_non_null(strstr(err, "b.elf"));
    /* --clock-mhz: 1..UVS_CLOCK_MHZ_MAX whole MHz */
    assert_int_equal(parse(&o, err, 4, "--clock-mhz", "0", "p.elf"), -EINVAL);
    assert_non_null(strstr(err, "--clock-mhz needs a clock in MHz 1..10000, not '0'"));
    assert_int_equal(parse(&o, err, 4, "--clock-mhz", "10001", "p.elf"), -EINVAL);
    assert_int_equal(parse(&o, err, 4, "--clock-mhz", "2.5", "p.elf"), -EINVAL);
    assert_int_equal(parse(&o, err, 4, "--clock-mhz", "fast", "p.elf"), -EINVAL);
    assert_non_null(strstr(err, "'fast'"));
    /* zero bandwidths are rejected */
    assert_int_equal(parse(&o, err, 4, "--hbm-bw", "0", "p.elf"), -EINVAL);
    assert_non_null(strstr(err, "--hbm-bw needs bytes per cycle above 0"));
}

static void test_usage_lists_options(void **state)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    (void)state;
    assert_non_null(f);
    uvs_opts_usage(f);
    fclose(f);
    const char *want[] = {"--dtb", "--max-cycles", "--trace-fst", "--log-retired", "--stats",
                          "--help", "124", "PROGRAM.elf", "--clock-mhz"};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        assert_non_null(strstr(text, want[i]));
    free(text);
}

static void test_stats(void **state)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    (void)state;
    uvs_stats_print(f, 2500000, 200000, 1000000, 0.5);
    fclose(f);
    assert_non_null(strstr(text, "cycles 2500000 (12500.000 us at 200.000 MHz)"));
    assert_non_null(strstr(text, "retired 1000000"));
    assert_non_null(strstr(text, "IPC 0.400"));
    assert_non_null(strstr(text, "5.00 simulated MHz"));
    free(text);
    double t0 = uvs_wall_seconds();
    assert_true(uvs_wall_seconds() >= t0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bootrom),
        cmocka_unit_test(test_retire_log),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_usage_lists_options),
        cmocka_unit_test(test_stats),
    };
    return cmocka_run_group_tests_name("sim/misc", tests, NULL, NULL);
}

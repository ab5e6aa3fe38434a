/*
 * Unit tests of the simulator's fault injection (sim/inject.h): the --inject
 * grammar (each bad rule refused with its reason), and which events a rule
 * hits: by count, by cycle, repeated, several rules, poison and hang state.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "inject.h"
#include "options.h"

static int parse(struct uvs_inj_plan *p, const char *spec, char *err)
{
    return uvs_inject_parse(p, spec, err, 256);
}

static void test_parse(void **state)
{
    (void)state;
    struct uvs_inj_plan p;
    char err[256];
    memset(&p, 0, sizeof p);
    assert_int_equal(parse(&p, "dma-error", err), 0);
    assert_int_equal(parse(&p, "msi-drop@7x3,fw-hang@cycle=1000", err), 0);
    assert_int_equal(parse(&p, "sim-crash@cycle=0", err), 0);
    assert_int_equal(p.n, 4);
    assert_int_equal(p.rule[0].kind, UVS_INJ_DMA_ERROR);
    assert_int_equal(p.rule[0].at, 1);
    assert_int_equal(p.rule[0].times, 1);
    assert_false(p.rule[0].by_cycle);
    assert_int_equal(p.rule[1].kind, UVS_INJ_MSI_DROP);
    assert_int_equal(p.rule[1].at, 7);
    assert_int_equal(p.rule[1].times, 3);
    assert_int_equal(p.rule[2].kind, UVS_INJ_FW_HANG);
    assert_true(p.rule[2].by_cycle);
    assert_int_equal(p.rule[2].at, 1000);
    assert_int_equal(p.rule[3].kind, UVS_INJ_SIM_CRASH);
    assert_int_equal(p.rule[3].at, 0);
    assert_string_equal(uvs_inject_name(UVS_INJ_HBM_POISON), "hbm-poison");
}

/* Each bad rule: -EINVAL and a reason naming the problem; the plan keeps only good rules. */
static void test_bad_rules(void **state)
{
    (void)state;
    static const struct { const char *spec, *reason; } bad[] = {
        {"", "needs a rule"},
        {"disk-error", "unknown kind 'disk-error'"},
        {"dma-error@0", "bad rule 'dma-error@0'"},
        {"dma-error@", "bad rule"},
        {"dma-error@x2", "bad rule"},
        {"dma-error@3x0", "bad rule 'dma-error@3x0'"},
        {"dma-error@3y", "bad rule"},
        {"msi-drop@cycle=", "bad rule"},
        {"msi-drop@cycle=-5", "bad rule"},
        {"msi-drop@99999999999999999999999", "bad rule"},
        {"msi-drop,,fw-hang", "empty rule"},
        {"msi-drop,", "empty rule"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct uvs_inj_plan p;
        char err[256] = "";
        memset(&p, 0, sizeof p);
        assert_int_equal(parse(&p, bad[i].spec, err), -EINVAL);
        if (!strstr(err, bad[i].reason))
            fail_msg("'%s': got '%s', want '%s'", bad[i].spec, err, bad[i].reason);
    }
    struct uvs_inj_plan p;
    char err[256];
    memset(&p, 0, sizeof p);
    for (unsigned i = 0; i < UVS_INJ_RULES_MAX; i++)
        assert_int_equal(parse(&p, "msi-drop", err), 0);
    assert_int_equal(parse(&p, "msi-drop", err), -EINVAL);
    assert_non_null(strstr(err, "more than 16 rules"));
}

/* The option reaches the plan; a bad one is a usage error. */
static void test_option(void **state)
{
    (void)state;
    struct uvs_opts o;
    char err[256];
    char *ok[] = {"uvmsoc-sim", "--inject", "dma-error@2", "--inject", "hbm-poison", "x.elf", NULL};
    assert_int_equal(uvs_opts_parse(&o, 6, ok, err, sizeof err), 0);
    assert_int_equal(o.inject.n, 2);
    char *bad[] = {"uvmsoc-sim", "--inject", "dma-eror", "x.elf", NULL};
    assert_int_equal(uvs_opts_parse(&o, 4, bad, err, sizeof err), -EINVAL);
    assert_non_null(strstr(err, "unknown kind 'dma-eror'"));
}

static struct uvs_inj_plan plan_of(const char *spec)
{
    struct uvs_inj_plan p;
    char err[256];
    memset(&p, 0, sizeof p);
    assert_int_equal(parse(&p, spec, err), 0);
    return p;
}

static void test_events(void **state)
{
    (void)state;
    struct uvs_inj_plan p = plan_of("dma-error@3x2,msi-drop@cycle=100x2");
    uvs_inject_arm(&p);
    assert_true(uvs_inject_armed(UVS_INJ_DMA_ERROR));
    assert_false(uvs_inject_armed(UVS_INJ_SIM_CRASH));
    assert_false(uvs_inject_event(UVS_INJ_SIM_CRASH, 5)); /* not armed: never hits */
    /* by count: events 3 and 4 */
    bool want[] = {false, false, true, true, false, false};
    for (unsigned i = 0; i < 6; i++)
        assert_int_equal(uvs_inject_event(UVS_INJ_DMA_ERROR, i), want[i]);
    /* by cycle: the first two events at or after cycle 100 */
    assert_false(uvs_inject_event(UVS_INJ_MSI_DROP, 10));
    assert_false(uvs_inject_event(UVS_INJ_MSI_DROP, 99));
    assert_true(uvs_inject_event(UVS_INJ_MSI_DROP, 150));
    assert_true(uvs_inject_event(UVS_INJ_MSI_DROP, 151));
    assert_false(uvs_inject_event(UVS_INJ_MSI_DROP, 152));
    assert_false(uvs_inject_event(UVS_INJ_MSI_DROP, 10000));
    /* re-arming restarts the counts */
    uvs_inject_arm(&p);
    assert_false(uvs_inject_event(UVS_INJ_DMA_ERROR, 0));
    assert_false(uvs_inject_event(UVS_INJ_DMA_ERROR, 0));
    assert_true(uvs_inject_event(UVS_INJ_DMA_ERROR, 0));
    /* nothing armed: nothing hits */
    struct uvs_inj_plan none;
    memset(&none, 0, sizeof none);
    uvs_inject_arm(&none);
    for (unsigned i = 0; i < 10; i++)
        assert_false(uvs_inject_event(UVS_INJ_DMA_ERROR, i));
}

static void test_poison_and_hang(void **state)
{
    (void)state;
    struct uvs_inj_plan p = plan_of("hbm-poison@2,fw-hang@cycle=50");
    uvs_inject_arm(&p);
    assert_false(uvs_inject_poison_check(0x1000000000ull, 1));
    assert_true(uvs_inject_poison_check(0x1000000104ull, 2)); /* second read: word 0x...100 poisoned */
    assert_true(uvs_inject_poison_check(0x1000000100ull, 3)); /* same word: still poisoned */
    assert_false(uvs_inject_poison_check(0x1000000108ull, 4)); /* the next word is not */
    uvs_inject_poison_clear(0x1000000102ull);                 /* a write to the word clears it */
    assert_false(uvs_inject_poison_check(0x1000000100ull, 5));
    assert_false(uvs_inject_hung());
    assert_false(uvs_inject_event(UVS_INJ_FW_HANG, 49));
    assert_false(uvs_inject_hung());
    assert_true(uvs_inject_event(UVS_INJ_FW_HANG, 50));
    assert_true(uvs_inject_hung());
    uvs_inject_boot(); /* the harts booted again: the hang ends, the rule is spent */
    assert_false(uvs_inject_hung());
    assert_false(uvs_inject_event(UVS_INJ_FW_HANG, 60));
    assert_false(uvs_inject_hung());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_bad_rules),
        cmocka_unit_test(test_option),
        cmocka_unit_test(test_events),
        cmocka_unit_test(test_poison_and_hang),
    };
    return cmocka_run_group_tests_name("sim/inject", tests, NULL, NULL);
}

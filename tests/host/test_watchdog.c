/*
 * libuvmsoc firmware watchdog and poll fallback (host/lib/queue.c;
 * docs/reliability.md "Fault injection") on the mock device: a live
 * firmware answers the watchdog's NOP pings while the host waits long; a
 * firmware that stopped (halted management hart: commands no longer
 * consumed) trips it: the wait fails with -ETIME and the reason, later
 * waits fail at once, and uvs_reset() clears it; 0 turns it off.
 */
#include <errno.h>

#include <uvmsoc/hostif.h>
#include <uvmsoc/hostq.h>

#include "testutil.h"

static struct uvs_dev *open_wd(uint64_t wd)
{
    struct uvs_open_opts o = {.backend = "mock", .timeout_cycles = 10000000, .watchdog_cycles = wd};
    struct uvs_dev *dev = NULL;
    if (uvs_open(&o, &dev))
        fail_msg("uvs_open(mock): %s", uvs_last_error());
    return dev;
}

static void nop(struct uvs_dev *dev, int event, uint64_t cookie)
{
    struct uvs_hostq_cmd c = {.opcode = UVS_HOSTQ_OP_NOP, .flags = event ? UVS_HOSTQ_CMD_F_EVENT : 0, .cookie = cookie};
    assert_int_equal(uvs_cmd_submit(dev, &c), 0);
}

/* A live firmware: a long wait with nothing to come only times out; the pings kept it alive. */
static void test_live_firmware(void **state)
{
    (void)state;
    struct uvs_dev *dev = open_wd(400000);
    struct uvs_hostq_evt e;
    assert_int_equal(uvs_fw_start(dev), 0);
    nop(dev, 1, 1);
    assert_int_equal(uvs_evt_wait(dev, &e, 1000000), 0);
    assert_int_equal(uvs_evt_wait(dev, &e, 3000000), -ETIMEDOUT); /* 7.5 watchdog periods */
    assert_err_contains("no event within 3000000 cycles");
    assert_int_equal(uvs_watchdog_tripped(dev), 0);
    uvs_close(dev);
}

/* The firmware stops consuming commands: the watchdog trips within its period (+ 1/8 for the look). */
static void test_hung_firmware(void **state)
{
    (void)state;
    struct uvs_dev *dev = open_wd(400000);
    struct uvs_hostq_evt e;
    assert_int_equal(uvs_fw_start(dev), 0);
    nop(dev, 1, 1);
    assert_int_equal(uvs_evt_wait(dev, &e, 1000000), 0);
    uvs_mock_halt(uvs_mock_of(dev), 0); /* the management hart stops */
    nop(dev, 1, 2);
    uint64_t t0 = uvs_cycles(dev);
    assert_int_equal(uvs_evt_wait(dev, &e, 50000000), -ETIME);
    assert_err_contains("watchdog: the firmware consumed no command for 400000 cycles");
    uint64_t took = uvs_cycles(dev) - t0;
    if (took > 400000 + 400000 / 8 + 1000000 + 10000)
        fail_msg("the watchdog took %llu cycles", (unsigned long long)took);
    assert_int_equal(uvs_watchdog_tripped(dev), 1);
    /* later waits fail at once */
    t0 = uvs_cycles(dev);
    assert_int_equal(uvs_evt_wait(dev, &e, 50000000), -ETIME);
    assert_true(uvs_cycles(dev) - t0 < 1000);
    /* a reset clears it; the restarted firmware serves again */
    assert_int_equal(uvs_reset(dev), 0);
    assert_int_equal(uvs_watchdog_tripped(dev), 0);
    assert_int_equal(uvs_fw_start(dev), 0);
    nop(dev, 1, 3);
    assert_int_equal(uvs_evt_wait(dev, &e, 1000000), 0);
    assert_int_equal(e.cookie, 3);
    uvs_close(dev);
}

/* UVS_WATCHDOG_OFF: a stopped firmware is only a timeout. */
static void test_watchdog_off(void **state)
{
    (void)state;
    struct uvs_dev *dev = open_wd(UVS_WATCHDOG_OFF);
    struct uvs_hostq_evt e;
    assert_int_equal(uvs_fw_start(dev), 0);
    uvs_mock_halt(uvs_mock_of(dev), 0);
    nop(dev, 1, 1);
    assert_int_equal(uvs_evt_wait(dev, &e, 2000000), -ETIMEDOUT);
    assert_int_equal(uvs_watchdog_tripped(dev), 0);
    assert_int_equal(uvs_msi_polls(dev), 0);
    assert_int_equal(uvs_watchdog_tripped(NULL), 0);
    assert_int_equal(uvs_msi_polls(NULL), 0);
    uvs_close(dev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_live_firmware),
        cmocka_unit_test(test_hung_firmware),
        cmocka_unit_test(test_watchdog_off),
    };
    return cmocka_run_group_tests_name("host/watchdog", tests, NULL, NULL);
}

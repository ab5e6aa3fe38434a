/*
 * Unit tests of the launch helpers (uvs_launch_cmd, uvs_launch_report;
 * include/uvmsoc/kernel.def): grid dimensions into HOSTQ_OP_LAUNCH,
 * host-side rejects (entry, argument block, grid above
 * UVS_KERNEL_MAX_GRID_THREADS), and the decoding of a failed launch's event
 * into block, thread in block, hart and hardware thread.
 */
#include <errno.h>

#include <uvmsoc/hostif.h>
#include <uvmsoc/kernel.h>

#include "testutil.h"

static void cmd_carries_grid(void **state)
{
    (void)state;
    struct uvs_launch l = {.entry = UVS_KERNEL_BASE, .args = UVS_KERNEL_DATA_BASE, .grid_dim = 4,
                           .block_dim = 16, .timeout_cycles = 1234};
    struct uvs_hostq_cmd c;
    assert_int_equal(uvs_launch_cmd(&l, 77, &c), 0);
    assert_int_equal(c.opcode, UVS_HOSTQ_OP_LAUNCH);
    assert_true(c.flags & UVS_HOSTQ_CMD_F_EVENT);
    assert_int_equal(c.cookie, 77);
    assert_int_equal(c.arg[0], UVS_KERNEL_BASE);
    assert_int_equal(c.arg[1], UVS_KERNEL_DATA_BASE);
    assert_int_equal(c.arg[2], 4);
    assert_int_equal(c.arg[3], 16);
    assert_int_equal(c.arg[4], 1234);
    assert_int_equal(c.arg[5], 0);
    /* the old launch: one block per hart, one thread each */
    l.grid_dim = 0;
    l.block_dim = 0;
    assert_int_equal(uvs_launch_cmd(&l, 1, &c), 0);
    assert_int_equal(c.arg[2], 0);
    assert_int_equal(c.arg[3], 0);
}

static void cmd_rejects(void **state)
{
    (void)state;
    struct uvs_launch good = {.entry = UVS_KERNEL_BASE + 8, .args = UVS_KERNEL_DATA_BASE, .grid_dim = 1,
                              .block_dim = 1};
    struct uvs_launch l;
    struct uvs_hostq_cmd c;
    l = good; l.entry = UVS_KERNEL_BASE + 2;
    assert_int_equal(uvs_launch_cmd(&l, 0, &c), -EINVAL);
    l = good; l.entry = UVS_KERNEL_BASE + UVS_KERNEL_SIZE;
    assert_int_equal(uvs_launch_cmd(&l, 0, &c), -EINVAL);
    l = good; l.args = UVS_KERNEL_DATA_BASE + 4;
    assert_int_equal(uvs_launch_cmd(&l, 0, &c), -EINVAL);
    l = good; l.grid_dim = 65536; l.block_dim = 2;
    assert_int_equal(uvs_launch_cmd(&l, 0, &c), -E2BIG);
    assert_non_null(strstr(uvs_last_error(), "131072 threads"));
    l = good; l.grid_dim = 0x10000; l.block_dim = 0x10000; /* product overflows 32 bits */
    assert_int_equal(uvs_launch_cmd(&l, 0, &c), -E2BIG);
    l = good; l.grid_dim = 16; l.block_dim = 64; /* 1024 threads: more than resident, allowed */
    assert_int_equal(uvs_launch_cmd(&l, 0, &c), 0);
    l = good; l.grid_dim = UVS_KERNEL_MAX_GRID_THREADS;
    assert_int_equal(uvs_launch_cmd(&l, 0, &c), 0);
    assert_int_equal(uvs_launch_cmd(NULL, 0, &c), -EINVAL);
    assert_int_equal(uvs_launch_cmd(&good, 0, NULL), -EINVAL);
}

static void report_decodes(void **state)
{
    (void)state;
    struct uvs_hostq_evt ev;
    struct uvs_launch_report r;
    memset(&ev, 0, sizeof ev);
    ev.status = -(int32_t)UVS_HOSTQ_ERR_EFAULT;
    ev.value = 5ull | 37ull << UVS_LAUNCH_VAL_THREAD_SHIFT | 3ull << UVS_LAUNCH_VAL_HART_SHIFT |
               5ull << UVS_LAUNCH_VAL_HWTHREAD_SHIFT;
    ev.addr = 0x40000000;
    assert_int_equal(uvs_launch_report(&ev, 16, &r), 0);
    assert_int_equal(r.code, 5);
    assert_int_equal(r.thread, 37);
    assert_int_equal(r.block, 2);
    assert_int_equal(r.thread_in_block, 5);
    assert_int_equal(r.hart, 3);
    assert_int_equal(r.hwthread, 5);
    assert_int_equal(r.addr, 0x40000000);
    /* exit status -1 keeps its sign; block_dim 0 = 1 */
    ev.status = -(int32_t)UVS_HOSTQ_ERR_ECANCELED;
    ev.value = 0xffffffffull | 9ull << UVS_LAUNCH_VAL_THREAD_SHIFT;
    assert_int_equal(uvs_launch_report(&ev, 0, &r), 0);
    assert_int_equal(r.code, -1);
    assert_int_equal(r.block, 9);
    assert_int_equal(r.thread_in_block, 0);
    /* nothing to decode: success, rejects */
    ev.status = 0;
    assert_int_equal(uvs_launch_report(&ev, 1, &r), -EINVAL);
    ev.status = -(int32_t)UVS_HOSTQ_ERR_E2BIG;
    assert_int_equal(uvs_launch_report(&ev, 1, &r), -EINVAL);
    assert_int_equal(uvs_launch_report(NULL, 1, &r), -EINVAL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cmd_carries_grid),
        cmocka_unit_test(cmd_rejects),
        cmocka_unit_test(report_decodes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

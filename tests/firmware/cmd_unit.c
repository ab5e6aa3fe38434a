/*
 * Host unit tests of the firmware's host command execution (firmware/cmd.c):
 * NOP, unknown opcodes, HOSTQ_OP_LAUNCH decoding and the launch event
 * encoding of kernel.def, with a fake launcher instead of compute harts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "cmd.h"

static struct uvs_launch_req seen;	/* last request the fake launcher got */
static int calls;
static struct uvs_launch_result canned;	/* what the fake launcher returns */

static int fake_launch(const struct uvs_launch_req *req, struct uvs_launch_result *res)
{
	seen = *req;
	calls++;
	*res = canned;
	return res->err;
}

static struct uvs_hostq_cmd launch_cmd(void)
{
	struct uvs_hostq_cmd c = { .opcode = UVS_HOSTQ_OP_LAUNCH, .cookie = 0xc00c1e };

	c.arg[0] = UVS_KERNEL_BASE;
	c.arg[1] = UVS_KERNEL_DATA_BASE;
	c.arg[2] = 3;
	c.arg[3] = 1;
	c.arg[4] = 5000;
	return c;
}

static void setup_case(void)
{
	memset(&seen, 0, sizeof(seen));
	memset(&canned, 0, sizeof(canned));
	calls = 0;
}

static void nop_completes_with_arg0(void **state)
{
	struct uvs_hostq_cmd c = { .opcode = UVS_HOSTQ_OP_NOP, .flags = UVS_HOSTQ_CMD_F_EVENT,
				   .cookie = 42, .arg = { 0x1234567890abcdefull } };
	struct uvs_hostq_evt e;

	(void)state;
	setup_case();
	assert_int_equal(uvs_cmd_execute(&c, &e, fake_launch), 1);
	assert_int_equal(e.type, UVS_HOSTQ_EVT_CMD_DONE);
	assert_int_equal(e.status, 0);
	assert_int_equal(e.cookie, 42);
	assert_int_equal(e.value, 0x1234567890abcdefull);
	c.flags = 0;
	assert_int_equal(uvs_cmd_execute(&c, &e, fake_launch), 0);
	assert_int_equal(calls, 0);
}

static void unknown_opcode_is_an_error_event(void **state)
{
	struct uvs_hostq_cmd c = { .opcode = 0x7777, .cookie = 7 };
	struct uvs_hostq_evt e;

	(void)state;
	setup_case();
	assert_int_equal(uvs_cmd_execute(&c, &e, fake_launch), 1);
	assert_int_equal(e.status, -(int)UVS_HOSTQ_ERR_EOPNOTSUPP);
	assert_int_equal(e.cookie, 7);
	assert_int_equal(calls, 0);
}

static void launch_decodes_arguments(void **state)
{
	struct uvs_hostq_cmd c = launch_cmd();
	struct uvs_hostq_evt e;

	(void)state;
	setup_case();
	canned.outcome = UVS_LAUNCH_OK;
	canned.nthreads = 3;
	canned.thr[0].result = 0xe3069283;
	assert_int_equal(uvs_cmd_execute(&c, &e, fake_launch), 1);
	assert_int_equal(calls, 1);
	assert_int_equal(seen.entry, UVS_KERNEL_BASE);
	assert_int_equal(seen.args, UVS_KERNEL_DATA_BASE);
	assert_int_equal(seen.grid_dim, 3);
	assert_int_equal(seen.block_dim, 1);
	assert_int_equal(seen.timeout_cycles, 5000);
	assert_int_equal(e.status, 0);
	assert_int_equal(e.value, 0xe3069283);
	assert_int_equal(e.addr, 0);
	assert_int_equal(e.cookie, 0xc00c1e);
}

static void launch_bad_arguments_rejected_before_running(void **state)
{
	struct uvs_hostq_evt e;
	struct uvs_hostq_cmd c;

	(void)state;
	setup_case();
	c = launch_cmd();
	c.arg[5] = 1ull << UVS_HARTCTL_DID_BITS; /* the device_id register is 24 bits (memmap.def HARTCTL) */
	assert_int_equal(uvs_cmd_execute(&c, &e, fake_launch), 1);
	assert_int_equal(e.status, -(int)UVS_HOSTQ_ERR_EINVAL);
	c = launch_cmd();
	c.arg[2] = 1ull << 32;
	assert_int_equal(uvs_cmd_execute(&c, &e, fake_launch), 1);
	assert_int_equal(e.status, -(int)UVS_HOSTQ_ERR_EINVAL);
	c = launch_cmd();
	c.arg[3] = UINT64_MAX;
	assert_int_equal(uvs_cmd_execute(&c, &e, fake_launch), 1);
	assert_int_equal(e.status, -(int)UVS_HOSTQ_ERR_EINVAL);
	assert_int_equal(calls, 0);
}

static uint64_t val(uint64_t code, uint64_t thread, uint64_t hart)
{
	return code | thread << 32 | hart << 48;
}

static void launch_abort_event_names_cause_address_hart(void **state)
{
	struct uvs_hostq_cmd c = launch_cmd();
	struct uvs_hostq_evt e;

	(void)state;
	setup_case();
	canned.outcome = UVS_LAUNCH_ABORTED;
	canned.err = UVS_HOSTQ_ERR_EFAULT;
	canned.nthreads = 4;
	canned.thread = 2;
	canned.thr[2] = (struct uvs_thread_result){ .state = UVS_THREAD_ABORTED, .hartid = 3,
		.mcause = 5, .mepc = 0x80200100, .mtval = 0x40000000 };
	uvs_cmd_execute(&c, &e, fake_launch);
	assert_int_equal(e.status, -(int)UVS_HOSTQ_ERR_EFAULT);
	assert_int_equal(e.value, val(5, 2, 3));
	assert_int_equal(e.addr, 0x40000000);
}

static void launch_timeout_exit_and_reject_events(void **state)
{
	struct uvs_hostq_cmd c = launch_cmd();
	struct uvs_hostq_evt e;

	(void)state;
	setup_case();
	canned.outcome = UVS_LAUNCH_TIMEOUT;
	canned.err = UVS_HOSTQ_ERR_ETIMEDOUT;
	canned.thread = 1;
	canned.thr[1] = (struct uvs_thread_result){ .state = UVS_THREAD_KILLED, .hartid = 2,
		.mepc = 0x802000a8 };
	uvs_cmd_execute(&c, &e, fake_launch);
	assert_int_equal(e.status, -(int)UVS_HOSTQ_ERR_ETIMEDOUT);
	assert_int_equal(e.value, val(0, 1, 2));
	assert_int_equal(e.addr, 0x802000a8);

	setup_case();
	canned.outcome = UVS_LAUNCH_EXIT_ERROR;
	canned.err = UVS_HOSTQ_ERR_ECANCELED;
	canned.thread = 3;
	canned.thr[3] = (struct uvs_thread_result){ .state = UVS_THREAD_EXITED, .hartid = 4,
		.exit_status = -2 };
	uvs_cmd_execute(&c, &e, fake_launch);
	assert_int_equal(e.status, -(int)UVS_HOSTQ_ERR_ECANCELED);
	assert_int_equal(e.value, val(0xfffffffe, 3, 4));
	assert_int_equal(e.addr, 0);

	setup_case();
	canned.outcome = UVS_LAUNCH_REJECTED;
	canned.err = UVS_HOSTQ_ERR_EINVAL;
	canned.bad_addr = 0x801ffffc;
	uvs_cmd_execute(&c, &e, fake_launch);
	assert_int_equal(e.status, -(int)UVS_HOSTQ_ERR_EINVAL);
	assert_int_equal(e.value, 0);
	assert_int_equal(e.addr, 0x801ffffc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(nop_completes_with_arg0),
		cmocka_unit_test(unknown_opcode_is_an_error_event),
		cmocka_unit_test(launch_decodes_arguments),
		cmocka_unit_test(launch_bad_arguments_rejected_before_running),
		cmocka_unit_test(launch_abort_event_names_cause_address_hart),
		cmocka_unit_test(launch_timeout_exit_and_reject_events),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}

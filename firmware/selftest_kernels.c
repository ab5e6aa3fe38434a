/* Kernel self-tests on the compute harts (see selftest_kernels.h). */
#include "selftest_kernels.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <uvmsoc/hostif.h>
#include <uvmsoc/kernel_abi.h>

#include "fw.h"
#include "kernel_images.h"
#include "launch.h"
#include "uvs_xorshift.h"

/* Data layout inside UVS_KERNEL_DATA. */
#define ARGS_ADDR  (UVS_KERNEL_DATA_BASE)
#define OUT_ADDR   (UVS_KERNEL_DATA_BASE + 0x100)	/* 32-bit crc32c output */
#define SRC_ADDR   (UVS_KERNEL_DATA_BASE + 0x1000)
#define DST_ADDR   (UVS_KERNEL_DATA_BASE + 0x9000)
#define BUF_SIZE   0x8000u
#define GUARD      0xa5
#define UNMAPPED   0x40000000u	/* between UART/CLINT blocks and SRAM: bus error */

static const char *cur;		/* self-test name for messages */
static int failures;
static struct uvs_launch_result res;	/* large: not on the stack */

static uint8_t *const src = (uint8_t *)(uintptr_t)SRC_ADDR;
static uint8_t *const dst = (uint8_t *)(uintptr_t)DST_ADDR;

static void check(int ok, const char *what, const char *detail)
{
	printf("selftest %s: %s: %s%s%s\n", cur, what, ok ? "PASS" : "FAIL",
	       detail[0] ? " " : "", detail);
	if (!ok)
		failures++;
}

/* Deterministic test data (uvs_xorshift64). */
static uint64_t rng_state;
static uint64_t rng(void)
{
	return uvs_xorshift64(&rng_state);
}

static void random_bytes(uint8_t *p, size_t n, uint64_t seed)
{
	rng_state = seed;
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)rng();
}

/* Writes the argument block at ARGS_ADDR. */
static void set_args(uint32_t nargs, const uint64_t *argv)
{
	struct uvs_kernel_args *a = (struct uvs_kernel_args *)(uintptr_t)ARGS_ADDR;

	memset(a, 0, sizeof(*a));
	a->magic = UVS_KARGS_MAGIC;
	a->nargs = nargs;
	for (uint32_t i = 0; i < nargs; i++)
		a->arg[i] = argv[i];
}

/* Loads kernel `name` and launches it with `grid` blocks; returns res.err. */
static int launch(const char *name, uint32_t grid, uint64_t timeout)
{
	struct uvs_launch_req req = {
		.entry = uvs_kimage_load(name),
		.args = ARGS_ADDR,
		.grid_dim = grid,
		.block_dim = 1,
		.timeout_cycles = timeout,
	};

	uvs_launch_run(&req, &res);
	uvs_launch_print(&res, name);
	return res.err;
}

/* Bitwise CRC-32C (RFC 3720 B.4), independent of the kernel's table method. */
static uint32_t crc32c_ref(const uint8_t *p, size_t n)
{
	uint32_t c = 0xffffffffu;

	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0x82f63b78u & (0u - (c & 1)));
	}
	return ~c;
}

/* Checks dst[off, off+len) against want[] and the guard bytes around it. */
static int region_ok(size_t off, size_t len, const uint8_t *want, int byte)
{
	for (size_t i = 0; i < BUF_SIZE; i++) {
		int e = (i < off || i >= off + len) ? GUARD : want ? want[i - off] : byte;

		if (dst[i] != e) {
			printf("selftest %s: byte %zu of the destination is 0x%02x, expected 0x%02x\n",
			       cur, i, dst[i], e);
			return 0;
		}
	}
	return 1;
}

static void test_memcpy(size_t soff, size_t doff, size_t len, const char *what)
{
	uint64_t argv[3] = { DST_ADDR + doff, SRC_ADDR + soff, len };
	char d[64];

	random_bytes(src, BUF_SIZE, 0x1234 + len);
	memset(dst, GUARD, BUF_SIZE);
	set_args(3, argv);
	int err = launch("memcpy", 0, 0);

	snprintf(d, sizeof(d), "(%zu bytes, src+%zu -> dst+%zu)", len, soff, doff);
	check(err == 0 && region_ok(doff, len, src + soff, 0), what, d);
}

static void test_fill(void)
{
	uint64_t argv[3] = { DST_ADDR + 5, 5001, 0x15a };

	memset(dst, GUARD, BUF_SIZE);
	set_args(3, argv);
	int err = launch("fill", 0, 0);

	check(err == 0 && region_ok(5, 5001, NULL, 0x5a), "fill", "(5001 bytes of 0x5a at dst+5)");
}

static void test_crc(const uint8_t *data, size_t len, uint32_t grid, uint32_t want, const char *what)
{
	uint64_t argv[3] = { SRC_ADDR, len, OUT_ADDR };
	volatile uint32_t *out = (volatile uint32_t *)(uintptr_t)OUT_ADDR;
	char d[96];

	if (data != src)
		memcpy(src, data, len);
	*out = 0xdeadbeef;
	set_args(3, argv);
	int err = launch("crc32c", grid, 0);

	snprintf(d, sizeof(d), "(%zu bytes, %" PRIu32 " threads: 0x%08" PRIx32 ", output 0x%08"
		 PRIx32 ", expected 0x%08" PRIx32 ")", len, res.nthreads,
		 (uint32_t)res.thr[0].result, *out, want);
	check(err == 0 && res.thr[0].result == want && *out == want, what, d);
}

static void test_axpy(void)
{
	const uint64_t n = 1001, a = (uint64_t)-3;
	uint64_t *x = (uint64_t *)(uintptr_t)SRC_ADDR;
	uint64_t *y = (uint64_t *)(uintptr_t)DST_ADDR;
	static uint64_t want[1001];
	uint64_t argv[4] = { n, a, SRC_ADDR, DST_ADDR };
	uint64_t bad = n;

	rng_state = 0x5eed;
	for (uint64_t i = 0; i < n; i++) {
		x[i] = rng();
		y[i] = rng();
		want[i] = a * x[i] + y[i];
	}
	y[n] = 0x1122334455667788ull;	/* guard */
	set_args(4, argv);
	int err = launch("axpy", 0, 0);

	for (uint64_t i = 0; i < n && bad == n; i++)
		if (y[i] != want[i])
			bad = i;
	if (bad != n)
		printf("selftest %s: y[%" PRIu64 "] = 0x%" PRIx64 ", expected 0x%" PRIx64 "\n",
		       cur, bad, y[bad], want[bad]);
	check(err == 0 && bad == n && y[n] == 0x1122334455667788ull, "axpy",
	      "(1001 int64, a = -3)");
}

/* fault kernel: mode, mode argument, thread that misbehaves. */
static int fault(uint64_t mode, uint64_t arg, uint64_t thread, uint64_t timeout)
{
	uint64_t argv[3] = { mode, arg, thread };

	set_args(3, argv);
	return launch("fault", 0, timeout);
}

static void expect_abort(const char *what, uint64_t mode, uint64_t arg, uint32_t thread,
			 uint64_t cause, int check_tval, uint64_t tval)
{
	const struct uvs_thread_result *r = &res.thr[thread];
	char d[128];
	int err = fault(mode, arg, thread, 0);

	snprintf(d, sizeof(d), "(error -%d, thread %" PRIu32 " hart %" PRIu32 ", mcause 0x%" PRIx64
		 ", mtval 0x%" PRIx64 ")", err, res.thread, r->hartid, r->mcause, r->mtval);
	check(err == UVS_HOSTQ_ERR_EFAULT && res.outcome == UVS_LAUNCH_ABORTED &&
	      res.thread == thread && r->state == UVS_THREAD_ABORTED && r->mcause == cause &&
	      r->hartid != 0 && (!check_tval || r->mtval == tval), what, d);
}

/* After a failure: the device must still run a launch correctly. */
static void expect_usable(const char *what)
{
	test_memcpy(8, 8, 4099, what);
}

static void run_kernels(void)
{
	static const char check_str[] = "123456789";

	test_memcpy(1, 1, 10007, "memcpy aligned");
	test_memcpy(3, 6, 9001, "memcpy unaligned");
	test_fill();
	test_crc((const uint8_t *)check_str, 9, 0, 0xe3069283u, "crc32c check value");
	random_bytes(src, 12345, 0xc4c);
	uint32_t want = crc32c_ref(src, 12345);
	test_crc(src, 12345, 0, want, "crc32c");
	test_crc(src, 12345, 3, want, "crc32c 3 threads");
	test_crc(src, 0, 0, 0, "crc32c empty");
	test_axpy();
}

static void run_abort(void)
{
	unsigned last = uvs_launch_harts() - 1;

	expect_abort("illegal instruction", 0, 0, 2 % (last + 1), 2, 0, 0);
	expect_usable("usable after illegal instruction");
	expect_abort("load access fault", 1, UNMAPPED, 1 % (last + 1), 5, 1, UNMAPPED);
	expect_usable("usable after load access fault");
	expect_abort("store access fault", 2, UNMAPPED + 8, last, 7, 1, UNMAPPED + 8);
	expect_abort("breakpoint", 3, 0, 0, 3, 0, 0);
	expect_abort("unknown ecall", 6, 77, 0, 8, 1, 77);
	expect_abort("misaligned load", 1, SRC_ADDR + 1, 0, 4, 1, SRC_ADDR + 1);
	int err = fault(5, 7, last, 0);

	check(err == UVS_HOSTQ_ERR_ECANCELED && res.outcome == UVS_LAUNCH_EXIT_ERROR &&
	      res.thread == last && res.thr[last].exit_status == 7, "exit status 7", "");
	expect_usable("usable after aborts");
}

static void run_timeout(void)
{
	unsigned last = uvs_launch_harts() - 1;
	const uint64_t timeout = 300000;
	int err = fault(4, 0, last, timeout);
	char d[96];

	snprintf(d, sizeof(d), "(error -%d, thread %" PRIu32 ", %" PRIu64 " cycles)", err,
		 res.thread, res.cycles);
	check(err == UVS_HOSTQ_ERR_ETIMEDOUT && res.outcome == UVS_LAUNCH_TIMEOUT &&
	      res.thread == last && res.thr[last].state == UVS_THREAD_KILLED &&
	      res.cycles >= timeout && uvs_launch_harts() == last + 1, "never-ending kernel stopped", d);
	err = fault(4, 0, UINT64_MAX, timeout);
	check(err == UVS_HOSTQ_ERR_ETIMEDOUT && res.thread == 0 && uvs_launch_harts() == last + 1,
	      "every thread stopped", "");
	expect_usable("usable after timeout");
}

static void expect_reject(const char *what, const struct uvs_launch_req *req, int want)
{
	char d[64];
	int err = uvs_launch_run(req, &res);

	uvs_launch_print(&res, "fault");
	snprintf(d, sizeof(d), "(error -%d, expected -%d)", err, want);
	check(err == want && res.outcome == UVS_LAUNCH_REJECTED && res.nthreads == 0, what, d);
}

static void run_launch_errors(void)
{
	uint64_t argv[3] = { 5, 0, 0 };
	struct uvs_launch_req req = { .entry = uvs_kimage_load("fault"), .args = ARGS_ADDR };
	struct uvs_launch_req r;

	set_args(3, argv);
	r = req; r.entry = UVS_KERNEL_BASE - 4;
	expect_reject("entry below the kernel region", &r, UVS_HOSTQ_ERR_EINVAL);
	r = req; r.entry = UVS_KERNEL_BASE + 2;
	expect_reject("misaligned entry", &r, UVS_HOSTQ_ERR_EINVAL);
	r = req; r.args = UNMAPPED;
	expect_reject("argument block outside memory", &r, UVS_HOSTQ_ERR_EINVAL);
	r = req; r.args = ARGS_ADDR + 4;
	expect_reject("misaligned argument block", &r, UVS_HOSTQ_ERR_EINVAL);
	r = req; r.grid_dim = UVS_KERNEL_MAX_GRID_THREADS + 1;
	expect_reject("more threads than a launch may have", &r, UVS_HOSTQ_ERR_E2BIG);
	r = req; r.grid_dim = UVS_KERNEL_MAX_GRID_THREADS / 2; r.block_dim = 3;
	expect_reject("grid x block above the limit", &r, UVS_HOSTQ_ERR_E2BIG);
	((struct uvs_kernel_args *)(uintptr_t)ARGS_ADDR)->magic = 0;
	expect_reject("bad argument block magic", &req, UVS_HOSTQ_ERR_EINVAL);
	set_args(3, argv);
	r = req; r.grid_dim = 1;
	check(uvs_launch_run(&r, &res) == 0 && res.nthreads == 1, "valid launch after rejects", "");
}

int uvs_selftest_kernels(const struct uvs_platform *p, const char *name)
{
	static const struct {
		const char *name;
		void (*run)(void);
	} tests[] = {
		{ "kernels", run_kernels },
		{ "kernel-abort", run_abort },
		{ "kernel-timeout", run_timeout },
		{ "kernel-launch-errors", run_launch_errors },
	};

	(void)p;
	for (unsigned i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		if (strcmp(name, tests[i].name) != 0)
			continue;
		cur = name;
		failures = 0;
		if (uvs_launch_harts() == 0) {
			printf("selftest %s: FAIL: no usable compute hart\n", name);
			return UVS_FW_EXIT_SELFTEST;
		}
		tests[i].run();
		printf("selftest %s: %s\n", name, failures ? "FAIL" : "PASS");
		return failures ? UVS_FW_EXIT_SELFTEST : UVS_FW_EXIT_OK;
	}
	return -1;
}

/* Firmware self-tests (see selftest.h). */
#include "selftest.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "csr.h"
#include "fw.h"
#include "priv.h"
#include "sbi.h"
#include "selftest_kernels.h"
#include "trap.h"

/* noinline: the asm defines a global label, which must exist only once. */
static __attribute__((noinline)) int selftest_illegal_instruction(void)
{
	printf("selftest illegal-instruction: executing the word 0x00000000\n");
	/* uvs_selftest_illegal_insn: the address the trap report must show as mepc */
	__asm__ volatile(".globl uvs_selftest_illegal_insn\n"
			 "uvs_selftest_illegal_insn: .4byte 0x00000000" ::: "memory");
	printf("selftest illegal-instruction: FAIL: no trap was taken\n");
	return UVS_FW_EXIT_SELFTEST;
}

/* State shared with the timer interrupt handler. */
static struct {
	const struct uvs_platform *p;
	uint32_t hartid;
	int err;			/* error of the handler's disarm */
	volatile uint32_t count;	/* interrupts taken */
	volatile uint64_t mtime;	/* mtime seen by the handler */
	volatile uint64_t mepc;		/* where the interrupt hit */
} timer_state;

static void timer_irq(struct uvs_trap_frame *f)
{
	timer_state.mtime = uvs_priv_time(timer_state.p);
	timer_state.mepc = f->mepc;
	timer_state.count = timer_state.count + 1;
	/* Disarm: MTIP drops once mtimecmp is above mtime (priv spec 3.2.1);
	 * in S mode the SBI clears STIP when the timer is set again. */
	timer_state.err = uvs_priv_timer_arm(timer_state.p, timer_state.hartid, UINT64_MAX);
}

static int selftest_timer(const struct uvs_platform *p, uint64_t hartid)
{
	const uint64_t want = UVS_SELFTEST_TIMER_TICKS;
	const uint64_t give_up = 100 * want;	/* no interrupt by then: fail */
	const unsigned irq = uvs_priv_irq_timer();
	const char *mode = uvs_fw_smode ? "supervisor" : "machine";
	uint64_t start, now, elapsed;
	bool pending;
	int err;

	timer_state.p = p;
	timer_state.hartid = (uint32_t)hartid;
	timer_state.count = 0;
	timer_state.err = 0;
	if ((err = uvs_priv_timer_arm(p, timer_state.hartid, UINT64_MAX)) != 0) {
		printf("selftest timer: FAIL: cannot disarm the timer (error %d)\n", err);
		return UVS_FW_EXIT_SELFTEST;
	}
	uvs_trap_set_irq_handler(irq, timer_irq);

	start = uvs_priv_time(p);
	err = uvs_priv_timer_arm(p, timer_state.hartid, start + want);
	uvs_priv_irq_enable(irq, true);
	uvs_priv_irq_global(true);
	do {
		now = uvs_priv_time(p);
	} while (err == 0 && timer_state.count == 0 && now - start < give_up);
	uvs_priv_irq_global(false);
	uvs_priv_irq_enable(irq, false);
	uvs_trap_set_irq_handler(irq, NULL);
	pending = uvs_priv_irq_pending(irq);

	if (err != 0 || timer_state.err != 0) {
		printf("selftest timer: FAIL: arming the timer failed (error %d)\n",
		       err != 0 ? err : timer_state.err);
		return UVS_FW_EXIT_SELFTEST;
	}
	if (timer_state.count == 0) {
		printf("selftest timer: FAIL: no %s timer interrupt within %" PRIu64
		       " ticks (mtime 0x%" PRIx64 " -> 0x%" PRIx64 ", pending %d)\n",
		       mode, give_up, start, now, pending);
		return UVS_FW_EXIT_SELFTEST;
	}
	elapsed = timer_state.mtime - start;
	printf("selftest timer: %s timer interrupt after %" PRIu64
	       " ticks (armed for %" PRIu64 ", %" PRIu64 " us at %" PRIu64
	       " Hz), epc 0x%" PRIx64 "\n",
	       mode, elapsed, want, elapsed * 1000000 / p->timebase_hz, p->timebase_hz, timer_state.mepc);
	if (timer_state.count != 1 || elapsed < want || pending) {
		printf("selftest timer: FAIL: %" PRIu32 " interrupts, elapsed %" PRIu64
		       " < %" PRIu64 " or the timer interrupt still pending (%d)\n",
		       timer_state.count, elapsed, want, pending != 0);
		return UVS_FW_EXIT_SELFTEST;
	}
	printf("selftest timer: PASS\n");
	return UVS_FW_EXIT_OK;
}

/*
 * The SBI as the S-mode firmware sees it: Base extension information, the
 * TIME extension present, an unassigned extension reported absent by the
 * probe and answered SBI_ERR_NOT_SUPPORTED (-EOPNOTSUPP) when called (SBI
 * v1.0.0 sec. 3.2). Fails in M mode, where there is no SBI below.
 */
static int selftest_sbi(void)
{
	const long unknown = 0x0a000000;	/* unassigned (SBI v1.0.0 table 2) */
	uint32_t spec, impl, ver;
	int err, time_ext, unknown_probe, unknown_call;

	if (!uvs_fw_smode) {
		printf("selftest sbi: FAIL: the firmware runs in M mode, no SBI below it\n");
		return UVS_FW_EXIT_SELFTEST;
	}
	if ((err = uvs_sbi_info(&spec, &impl, &ver)) != 0) {
		printf("selftest sbi: FAIL: Base extension: error %d\n", err);
		return UVS_FW_EXIT_SELFTEST;
	}
	time_ext = uvs_sbi_probe(UVS_SBI_EXT_TIME);
	unknown_probe = uvs_sbi_probe(unknown);
	unknown_call = uvs_sbi_errno(uvs_sbi_call(unknown, 0, 0, 0, 0).error);
	printf("selftest sbi: spec v%" PRIu32 ".%" PRIu32 ", implementation %" PRIu32 " version 0x%" PRIx32
	       ", TIME probe %d, extension 0x%lx probe %d, call %d\n", spec >> 24, spec & 0xffffff, impl,
	       ver, time_ext, unknown, unknown_probe, unknown_call);
	if (time_ext != 1 || unknown_probe != 0 || unknown_call != -EOPNOTSUPP) {
		printf("selftest sbi: FAIL: want TIME probe 1, unknown probe 0, unknown call %d\n", -EOPNOTSUPP);
		return UVS_FW_EXIT_SELFTEST;
	}
	printf("selftest sbi: PASS\n");
	return UVS_FW_EXIT_OK;
}

int uvs_selftest_run(const struct uvs_platform *p, uint64_t hartid)
{
	int rc = uvs_selftest_kernels(p, p->selftest);

	if (rc >= 0)
		return rc;
	if (strcmp(p->selftest, "illegal-instruction") == 0)
		return selftest_illegal_instruction();
	if (strcmp(p->selftest, "timer") == 0)
		return selftest_timer(p, hartid);
	if (strcmp(p->selftest, "sbi") == 0)
		return selftest_sbi();
	printf("uvmsoc-fw: error: unknown selftest \"%s\" (known: illegal-instruction, timer, sbi, kernels, kernel-abort, kernel-timeout, kernel-launch-errors)\n",
	       p->selftest);
	return UVS_FW_EXIT_SELFTEST;
}

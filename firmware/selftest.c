/* Firmware self-tests (see selftest.h). */
#include "selftest.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "clint.h"
#include "csr.h"
#include "fw.h"
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
	uintptr_t clint;
	uint32_t hartid;
	volatile uint32_t count;	/* interrupts taken */
	volatile uint64_t mtime;	/* mtime seen by the handler */
	volatile uint64_t mepc;		/* where the interrupt hit */
} timer_state;

static void timer_irq(struct uvs_trap_frame *f)
{
	timer_state.mtime = uvs_clint_mtime(timer_state.clint);
	timer_state.mepc = f->mepc;
	timer_state.count = timer_state.count + 1;
	/* Disarm: MTIP drops once mtimecmp is above mtime (priv spec 3.2.1). */
	uvs_clint_set_mtimecmp(timer_state.clint, timer_state.hartid, UINT64_MAX);
}

static int selftest_timer(const struct uvs_platform *p, uint64_t hartid)
{
	const uint64_t want = UVS_SELFTEST_TIMER_TICKS;
	const uint64_t give_up = 100 * want;	/* no interrupt by then: fail */
	uint64_t start, now, elapsed;
	uint64_t pending;

	timer_state.clint = (uintptr_t)p->clint_base;
	timer_state.hartid = (uint32_t)hartid;
	timer_state.count = 0;
	uvs_clint_set_mtimecmp(timer_state.clint, timer_state.hartid, UINT64_MAX);
	uvs_trap_set_irq_handler(IRQ_M_TIMER, timer_irq);

	start = uvs_clint_mtime(timer_state.clint);
	uvs_clint_set_mtimecmp(timer_state.clint, timer_state.hartid, start + want);
	csr_set(mie, CSR_MIE_MTIE);
	csr_set(mstatus, CSR_MSTATUS_MIE);
	do {
		now = uvs_clint_mtime(timer_state.clint);
	} while (timer_state.count == 0 && now - start < give_up);
	csr_clear(mstatus, CSR_MSTATUS_MIE);
	csr_clear(mie, CSR_MIE_MTIE);
	uvs_trap_set_irq_handler(IRQ_M_TIMER, NULL);
	pending = csr_read(mip) & CSR_MIP_MTIP;

	if (timer_state.count == 0) {
		printf("selftest timer: FAIL: no machine timer interrupt within %" PRIu64
		       " ticks (mtime 0x%" PRIx64 " -> 0x%" PRIx64 ", mip.MTIP %d)\n",
		       give_up, start, now, pending != 0);
		return UVS_FW_EXIT_SELFTEST;
	}
	elapsed = timer_state.mtime - start;
	printf("selftest timer: machine timer interrupt after %" PRIu64
	       " ticks (armed for %" PRIu64 ", %" PRIu64 " us at %" PRIu64
	       " Hz), mepc 0x%" PRIx64 "\n", elapsed, want,
	       elapsed * 1000000 / p->timebase_hz, p->timebase_hz, timer_state.mepc);
	if (timer_state.count != 1 || elapsed < want || pending) {
		printf("selftest timer: FAIL: %" PRIu32 " interrupts, elapsed %" PRIu64
		       " < %" PRIu64 " or MTIP still pending (%d)\n",
		       timer_state.count, elapsed, want, pending != 0);
		return UVS_FW_EXIT_SELFTEST;
	}
	printf("selftest timer: PASS\n");
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
	printf("uvmsoc-fw: error: unknown selftest \"%s\" (known: illegal-instruction, timer, kernels, kernel-abort, kernel-timeout, kernel-launch-errors)\n",
	       p->selftest);
	return UVS_FW_EXIT_SELFTEST;
}

/* Compute-hart launch service (see hart.h). */
#include "hart.h"

#include <uvmsoc/kernel.h>
#include <uvmsoc/tile.h>

#include "csr.h"
#include "fw_layout.h"

struct uvs_hart_mbox uvs_hart_mbox[UVS_MAX_HARTS] __attribute__((section(".data.uvs_hart_mbox")));

extern char __stack_top[];

/* Per-hart mcycle at kernel entry (only the owning hart touches its slot). */
static uint64_t entry_cycle[UVS_MAX_HARTS];

/* Clears this hart's msip and waits until mip.MSIP has dropped. */
static void clear_own_msip(const struct uvs_hart_mbox *mb)
{
	if (mb->msip != 0)
		*(volatile uint32_t *)(uintptr_t)mb->msip = 0;
	__asm__ volatile("fence rw, rw" ::: "memory");
	while (csr_read(mip) & CSR_MIP_MSIP)
		;
}

/* Publishes the end of launch `seq`: results first, then done_seq. */
static void publish_done(struct uvs_hart_mbox *mb, uint32_t state)
{
	mb->state = state;
	__atomic_store_n(&mb->done_seq, mb->seq, __ATOMIC_RELEASE);
}

/* Sleeps until hart 0 posts a new launch, then enters it; never returns. */
static _Noreturn void wait_and_run(uint64_t hartid)
{
	struct uvs_hart_mbox *mb = &uvs_hart_mbox[hartid];
	uint64_t mstack = (uintptr_t)__stack_top - (hartid << FW_STACK_SHIFT);

	for (;;) {
		while (!(csr_read(mip) & CSR_MIP_MSIP))
			__asm__ volatile("wfi");
		clear_own_msip(mb);
		uint64_t seq = __atomic_load_n(&mb->seq, __ATOMIC_ACQUIRE);

		if (seq == mb->done_seq)
			continue;	/* a stop request that arrived after the thread ended */
		mb->state = UVS_THREAD_RUNNING;
		entry_cycle[hartid] = csr_read(mcycle);
		uvs_hart_enter_user(mb->entry, mb->args, mb->ctx, mb->sp, mstack);
	}
}

_Noreturn void uvs_hart_main(uint64_t hartid)
{
	csr_write(mtvec, (uintptr_t)uvs_hart_trap_entry);
	csr_write(mscratch, 0);
	csr_write(mcounteren, CSR_MCOUNTEREN_ALL);
	csr_write(mie, CSR_MIE_MSIE);
	__atomic_store_n(&uvs_hart_mbox[hartid].parked, 1, __ATOMIC_RELEASE);
	wait_and_run(hartid);
}

_Noreturn void uvs_hart_trap(struct uvs_trap_frame *f)
{
	uint64_t hartid = csr_read(mhartid);
	struct uvs_hart_mbox *mb = &uvs_hart_mbox[hartid];
	uint64_t code = f->mcause & ~MCAUSE_INTERRUPT;
	uint32_t state;

	mb->cycles = csr_read(mcycle) - entry_cycle[hartid];
	mb->mcause = f->mcause;
	mb->mepc = f->mepc;
	mb->mtval = f->mtval;
	if (f->mcause & MCAUSE_INTERRUPT) {
		/* Only MSIE is enabled: hart 0 asks this thread to stop. */
		clear_own_msip(mb);
		state = UVS_THREAD_KILLED;
	} else if (code == EXC_ECALL_U && f->x[17] == UVS_KERNEL_ECALL_EXIT) {
		mb->exit_status = (int32_t)f->x[10];
		mb->result = f->x[11];
		state = UVS_THREAD_EXITED;
	} else if (code == EXC_ECALL_U && f->x[17] == UVS_KERNEL_ECALL_TILE_ABORT) {
		/* a failed tile copy (tile.def): reported as the access it stands for */
		mb->mcause = f->x[10];
		mb->mtval = f->x[11];
		state = UVS_THREAD_ABORTED;
	} else {
		if (code == EXC_ECALL_U)
			mb->mtval = f->x[17];	/* unknown ECALL: report its number */
		state = UVS_THREAD_ABORTED;
	}
	publish_done(mb, state);
	wait_and_run(hartid);
}

_Noreturn void uvs_hart_fatal(uint64_t mcause, uint64_t mepc, uint64_t mtval)
{
	struct uvs_hart_mbox *mb = &uvs_hart_mbox[csr_read(mhartid)];

	csr_write(mie, 0);
	mb->mcause = mcause;
	mb->mepc = mepc;
	mb->mtval = mtval;
	publish_done(mb, UVS_THREAD_FW_FAULT);
	for (;;)
		__asm__ volatile("wfi");
}

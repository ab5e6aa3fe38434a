/* Trap dispatch and fatal trap report (see trap.h). */
#include "trap.h"

#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>

#include "csr.h"
#include "fw.h"
#include "htif.h"
#include "priv.h"

_Static_assert(offsetof(struct uvs_trap_frame, x[1]) == TF_X(1), "trap frame x1");
_Static_assert(offsetof(struct uvs_trap_frame, mepc) == TF_MEPC, "trap frame mepc");
_Static_assert(offsetof(struct uvs_trap_frame, mcause) == TF_MCAUSE, "trap frame mcause");
_Static_assert(offsetof(struct uvs_trap_frame, mtval) == TF_MTVAL, "trap frame mtval");
_Static_assert(offsetof(struct uvs_trap_frame, mstatus) == TF_MSTATUS, "trap frame mstatus");
_Static_assert(sizeof(struct uvs_trap_frame) == TF_SIZE, "trap frame size");

static uvs_irq_handler_t irq_handlers[UVS_TRAP_MAX_IRQ];
static volatile int in_fatal;

static const char *const exception_names[] = {
	[0] = "instruction address misaligned",
	[1] = "instruction access fault",
	[2] = "illegal instruction",
	[3] = "breakpoint",
	[4] = "load address misaligned",
	[5] = "load access fault",
	[6] = "store/AMO address misaligned",
	[7] = "store/AMO access fault",
	[8] = "environment call from U-mode",
	[9] = "environment call from S-mode",
	[11] = "environment call from M-mode",
	[12] = "instruction page fault",
	[13] = "load page fault",
	[15] = "store/AMO page fault",
};

static const char *const interrupt_names[] = {
	[1] = "supervisor software interrupt",
	[3] = "machine software interrupt",
	[5] = "supervisor timer interrupt",
	[7] = "machine timer interrupt",
	[9] = "supervisor external interrupt",
	[11] = "machine external interrupt",
};

const char *uvs_trap_cause_name(uint64_t mcause)
{
	uint64_t code = mcause & ~MCAUSE_INTERRUPT;
	const char *name = NULL;

	if (mcause & MCAUSE_INTERRUPT) {
		if (code < sizeof(interrupt_names) / sizeof(interrupt_names[0]))
			name = interrupt_names[code];
	} else if (code < sizeof(exception_names) / sizeof(exception_names[0])) {
		name = exception_names[code];
	}
	return name ? name : "reserved";
}

int uvs_trap_set_irq_handler(unsigned code, uvs_irq_handler_t handler)
{
	if (code >= UVS_TRAP_MAX_IRQ)
		return -EINVAL;
	irq_handlers[code] = handler;
	return 0;
}

void uvs_trap_handler(struct uvs_trap_frame *f)
{
	uint64_t code = f->mcause & ~MCAUSE_INTERRUPT;

	if ((f->mcause & MCAUSE_INTERRUPT) && code < UVS_TRAP_MAX_IRQ &&
	    irq_handlers[code]) {
		irq_handlers[code](f);
		return;
	}
	/* A trap while reporting one (e.g. a broken console): exit silently. */
	if (in_fatal)
		uvs_htif_exit(UVS_FW_EXIT_FATAL_TRAP);
	in_fatal = 1;
	/* The frame holds scause/sepc/stval when the firmware runs in S mode. */
	const char x = uvs_fw_smode ? 's' : 'm';
	printf("uvmsoc-fw: fatal trap: %s (%ccause 0x%" PRIx64 ") %cepc 0x%" PRIx64
	       " %ctval 0x%" PRIx64 "\n",
	       uvs_trap_cause_name(f->mcause), x, f->mcause, x, f->mepc, x, f->mtval);
	uvs_htif_exit(UVS_FW_EXIT_FATAL_TRAP);
}

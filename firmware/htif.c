/* HTIF exit (see htif.h). */
#include "htif.h"

#include <unistd.h>

volatile uint64_t tohost __attribute__((section(".tohost"), aligned(8)));
volatile uint64_t fromhost __attribute__((section(".tohost"), aligned(8)));

static uintptr_t fw_exit_reg;

void uvs_htif_set_fw_exit(uintptr_t reg)
{
	fw_exit_reg = reg;
}

_Noreturn void uvs_htif_exit(int status)
{
	/* Negative statuses become large ones; the simulator clips them. */
	uint64_t v = (uint64_t)(uint32_t)status & 0x7fffffffu;

	__asm__ volatile("fence rw, rw" ::: "memory");	/* console writes first */
	tohost = (v << 1) | 1;
	if (fw_exit_reg != 0)
		*(volatile uint32_t *)fw_exit_reg = (uint32_t)v;
	for (;;)
		__asm__ volatile("wfi");
}

/** picolibc's process-exit hook: called by exit() and _Exit(). */
void _exit(int status)
{
	uvs_htif_exit(status);
}

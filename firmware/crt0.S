/*
 * Firmware entry point (_start), reached from the boot ROM with
 * a0 = mhartid and a1 = DTB address (docs/architecture.md, "Boot flow";
 * the OpenSBI convention).
 *
 * Every hart: masks interrupts (mie = 0, mstatus.MIE = 0), points mtvec at
 * the park loop and takes its own stack: hart h's stack is the FW_STACK_SHIFT
 * sized slot h counted down from __stack_top. Any hart id >= UVS_MAX_HARTS
 * (no stack slot) parks in a WFI loop. Every hart sets gp and tp. Harts
 * other than 0 go to uvs_hart_main (hart.c): they wait in WFI for kernel
 * launches and touch nothing but their mailbox until hart 0 wakes them.
 * (picolibc keeps errno in TLS: the .tdata/.tbss image in SRAM is hart 0's
 * TLS block; compute harts never call into libc.) Hart 0 clears .tbss and
 * .bss (the hart mailboxes live in .data for this reason), installs
 * uvs_trap_entry and calls uvs_fw_main(hartid, dtb); its return value goes
 * to exit().
 */
#include <uvmsoc/memmap.h>
#include "csr.h"
#include "fw_layout.h"

	.section .text.entry, "ax", @progbits
	.globl _start
_start:
	csrw	mie, zero
	csrci	mstatus, CSR_MSTATUS_MIE
	la	t0, uvs_park
	csrw	mtvec, t0

	li	t0, UVS_MAX_HARTS
	bgeu	a0, t0, uvs_park
	la	sp, __stack_top
	slli	t0, a0, FW_STACK_SHIFT
	sub	sp, sp, t0

	.option push
	.option norelax
	la	gp, __global_pointer$
	.option pop
	la	tp, __tls_base
	bnez	a0, 9f

	/*
	 * Clear .tbss and .bss: bytes up to an 8-byte boundary, then
	 * doublewords, then the tail bytes (~180 KiB: a byte loop alone
	 * cost ~1M cycles of every boot).
	 */
	la	t0, __bss_start
	la	t1, __bss_end
	andi	t2, t1, -8		/* end of the doubleword part */
1:	andi	t3, t0, 7
	beqz	t3, 2f
	bgeu	t0, t1, 4f
	sb	zero, 0(t0)
	addi	t0, t0, 1
	j	1b
2:	bgeu	t0, t2, 3f
	sd	zero, 0(t0)
	addi	t0, t0, 8
	j	2b
3:	bgeu	t0, t1, 4f
	sb	zero, 0(t0)
	addi	t0, t0, 1
	j	3b
4:
	la	t0, uvs_trap_entry
	csrw	mtvec, t0
	call	uvs_fw_main
	call	exit
	j	uvs_park

9:	call	uvs_hart_main		/* compute harts; does not return */
	j	uvs_park

/* Park: interrupts stay masked; also the trap vector of parked harts. */
	.balign 4
	.globl uvs_park
uvs_park:
	csrw	mie, zero
1:	wfi
	j	1b

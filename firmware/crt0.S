/*
 * Firmware entry points, reached with a0 = hart id and a1 = DTB address
 * (docs/architecture.md, "Boot flow"; the OpenSBI convention):
 *
 * uvs_entry_s, the first byte of the image (UVS_PAYLOAD_BASE, fw_jump's
 * FW_JUMP_ADDR): hart 0 in S mode as the payload of Debian's OpenSBI
 * fw_jump. Masks S-mode interrupts (sie = 0, sstatus.SIE = 0); any other
 * hart coming this way parks.
 *
 * uvs_entry_m, the ELF entry: every hart from the boot ROM in M mode (hart 0
 * too when no M-mode firmware is loaded). Masks interrupts (mie = 0,
 * mstatus.MIE = 0). Harts other than 0 go to uvs_hart_main (hart.c): they
 * wait in WFI for kernel launches and touch nothing but their mailbox until
 * hart 0 wakes them.
 *
 * Both: the trap vector first points at a park loop; each hart takes its own
 * stack (hart h's stack is the FW_STACK_SHIFT sized slot h counted down from
 * __stack_top; a hart id >= UVS_MAX_HARTS has no slot and parks), sets gp
 * and tp. (picolibc keeps errno in TLS: the .tdata/.tbss image in SRAM is
 * hart 0's TLS block; compute harts never call into libc.) Hart 0 clears
 * .tbss and .bss (the hart mailboxes live in .data for this reason),
 * records the mode it runs in (uvs_fw_smode, priv.h), installs the trap
 * entry of that mode and calls uvs_fw_main(hartid, dtb); its return value
 * goes to exit().
 */
#include <uvmsoc/memmap.h>
#include "csr.h"
#include "fw_layout.h"

	.section .text.entry, "ax", @progbits
	.globl uvs_entry_s
uvs_entry_s:
	csrw	sie, zero
	csrci	sstatus, CSR_SSTATUS_SIE
	la	t0, uvs_park_s
	csrw	stvec, t0
	bnez	a0, uvs_park_s
	li	s2, 1			/* S mode */
	j	1f

	.globl uvs_entry_m
uvs_entry_m:
	csrw	mie, zero
	csrci	mstatus, CSR_MSTATUS_MIE
	la	t0, uvs_park
	csrw	mtvec, t0
	li	s2, 0			/* M mode */
1:
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
	la	t0, uvs_fw_smode
	sb	s2, 0(t0)
	bnez	s2, 5f
	la	t0, uvs_trap_entry
	csrw	mtvec, t0
	j	6f
5:	la	t0, uvs_trap_entry_s
	csrw	stvec, t0
6:	call	uvs_fw_main
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

/* The same for a hart that entered in S mode. */
	.balign 4
uvs_park_s:
	csrw	sie, zero
1:	wfi
	j	1b

/*
 * Trap entries of the management firmware (direct mode: RISC-V Privileged
 * spec 20211203, sections 3.1.7 (mtvec) and 4.1.2 (stvec)): uvs_trap_entry
 * for the firmware in M mode (mtvec; mepc/mcause/mtval/mstatus, MRET) and
 * uvs_trap_entry_s for the firmware as OpenSBI's S-mode payload (stvec;
 * sepc/scause/stval/sstatus, SRET). Each saves x1..x31 and the trap CSRs
 * into a struct uvs_trap_frame on the current stack, calls
 * uvs_trap_handler(frame), restores the epc/status CSRs and registers from
 * the (possibly updated) frame and returns.
 */
#include "trap_frame.h"

	.macro	TRAP_ENTRY name, epc, cause, tval, status, ret
	.section .text.\name, "ax", @progbits
	.balign 4
	.globl \name
\name:
	addi	sp, sp, -TF_SIZE
	sd	x1, TF_X(1)(sp)
	.irp	n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	sd	x\n, TF_X(\n)(sp)
	.endr
	addi	t0, sp, TF_SIZE		/* sp of the interrupted context */
	sd	t0, TF_X(2)(sp)
	csrr	t0, \epc
	sd	t0, TF_MEPC(sp)
	csrr	t0, \cause
	sd	t0, TF_MCAUSE(sp)
	csrr	t0, \tval
	sd	t0, TF_MTVAL(sp)
	csrr	t0, \status
	sd	t0, TF_MSTATUS(sp)

	mv	a0, sp
	call	uvs_trap_handler

	ld	t0, TF_MEPC(sp)
	csrw	\epc, t0
	ld	t0, TF_MSTATUS(sp)
	csrw	\status, t0
	ld	x1, TF_X(1)(sp)
	.irp	n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	ld	x\n, TF_X(\n)(sp)
	.endr
	addi	sp, sp, TF_SIZE
	\ret
	.endm

	TRAP_ENTRY uvs_trap_entry, mepc, mcause, mtval, mstatus, mret
	TRAP_ENTRY uvs_trap_entry_s, sepc, scause, stval, sstatus, sret

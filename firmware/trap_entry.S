/*
 * Machine-mode trap entry (mtvec, direct mode: RISC-V Privileged spec
 * 20211203, section 3.1.7). Saves x1..x31 and the trap CSRs into a
 * struct uvs_trap_frame on the current stack, calls
 * uvs_trap_handler(frame), restores mepc/mstatus and registers from the
 * (possibly updated) frame and returns with mret.
 */
#include "trap_frame.h"

	.section .text.uvs_trap_entry, "ax", @progbits
	.balign 4
	.globl uvs_trap_entry
uvs_trap_entry:
	addi	sp, sp, -TF_SIZE
	sd	x1, TF_X(1)(sp)
	.irp	n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	sd	x\n, TF_X(\n)(sp)
	.endr
	addi	t0, sp, TF_SIZE		/* sp of the interrupted context */
	sd	t0, TF_X(2)(sp)
	csrr	t0, mepc
	sd	t0, TF_MEPC(sp)
	csrr	t0, mcause
	sd	t0, TF_MCAUSE(sp)
	csrr	t0, mtval
	sd	t0, TF_MTVAL(sp)
	csrr	t0, mstatus
	sd	t0, TF_MSTATUS(sp)

	mv	a0, sp
	call	uvs_trap_handler

	ld	t0, TF_MEPC(sp)
	csrw	mepc, t0
	ld	t0, TF_MSTATUS(sp)
	csrw	mstatus, t0
	ld	x1, TF_X(1)(sp)
	.irp	n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	ld	x\n, TF_X(\n)(sp)
	.endr
	addi	sp, sp, TF_SIZE
	mret

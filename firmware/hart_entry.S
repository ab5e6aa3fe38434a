/*
 * Compute-hart trap entry and U-mode entry (see hart.h). RISC-V privileged
 * spec 20211203: mscratch (3.1.17) holds the M-mode stack top while a
 * kernel runs and 0 while the hart is in M mode; MRET (3.3.2) with
 * mstatus.MPP = U enters the kernel.
 */
#include "csr.h"
#include "trap_frame.h"

	.section .text.uvs_hart_enter_user, "ax", @progbits
	.balign 4
	.globl uvs_hart_enter_user
/* a0 = entry, a1 = args, a2 = ctx, a3 = user sp, a4 = M-mode stack top */
uvs_hart_enter_user:
	csrw	mscratch, a4
	csrw	mepc, a0
	li	t0, CSR_MSTATUS_MPP | CSR_MSTATUS_MPIE
	csrc	mstatus, t0
	fence.i
	mv	sp, a3
	mv	a0, a1
	mv	a1, a2
	.irp	r, ra,gp,tp,t0,t1,t2,s0,s1,a2,a3,a4,a5,a6,a7,s2,s3,s4,s5,s6,s7,s8,s9,s10,s11,t3,t4,t5,t6
	li	\r, 0
	.endr
	mret

	.section .text.uvs_hart_trap_entry, "ax", @progbits
	.balign 4
	.globl uvs_hart_trap_entry
uvs_hart_trap_entry:
	csrrw	sp, mscratch, sp
	beqz	sp, 2f			/* mscratch was 0: trap taken in M mode */
	addi	sp, sp, -TF_SIZE
	sd	x1, TF_X(1)(sp)
	.irp	n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	sd	x\n, TF_X(\n)(sp)
	.endr
	csrr	t0, mscratch		/* the kernel's sp */
	sd	t0, TF_X(2)(sp)
	csrw	mscratch, zero
	csrr	t0, mepc
	sd	t0, TF_MEPC(sp)
	csrr	t0, mcause
	sd	t0, TF_MCAUSE(sp)
	csrr	t0, mtval
	sd	t0, TF_MTVAL(sp)
	csrr	t0, mstatus
	sd	t0, TF_MSTATUS(sp)
	.option push
	.option norelax
	la	gp, __global_pointer$
	.option pop
	mv	a0, sp
	call	uvs_hart_trap		/* does not return */
1:	wfi
	j	1b

2:	csrrw	sp, mscratch, sp	/* back to the M-mode sp; mscratch = 0 again */
	csrr	a0, mcause
	csrr	a1, mepc
	csrr	a2, mtval
	call	uvs_hart_fatal		/* does not return */
	j	1b

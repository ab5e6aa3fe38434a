/*
 * Kernel runtime entry (_start at UVS_KERNEL_BASE), per the kernel ABI in
 * include/uvmsoc/kernel.def: entered in U mode with a0 = argument block,
 * a1 = this thread's struct uvs_kernel_ctx, sp = top of the thread's stack.
 * Keeps the context in tp (kernels have no TLS), sets gp, calls
 * kernel_main(args) and ends the thread with the exit ECALL: a7 =
 * UVS_KERNEL_ECALL_EXIT, a0 = kernel_main's return value, a1 = ctx->result
 * (RISC-V privileged spec 20211203, section 3.3.1, ECALL).
 */
#include <uvmsoc/kernel.h>

	.section .text.entry, "ax", @progbits
	.globl _start
_start:
	mv	tp, a1
	.option push
	.option norelax
	la	gp, __global_pointer$
	.option pop
	mv	s0, a0
	call	uvs_tile_rt_start	/* tile runtime state (kernel_rt.c: none without tiles) */
	mv	a0, s0
	call	kernel_main
	.globl uvs_kernel_exit
/* uvs_kernel_exit(status): a0 = exit status; ends this thread. */
uvs_kernel_exit:
	ld	a1, UVS_KCTX_RESULT_OFF(tp)
	li	a7, UVS_KERNEL_ECALL_EXIT
	ecall
1:	j	1b

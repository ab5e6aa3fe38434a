/*
 * Entry of the c4mt speed benchmark: hart 0 (a0 = 0 from the boot ROM) calls
 * bench_main; the multithreaded harts run only the threads hart 0 starts.
 */
	.section .text.start, "ax"
	.globl _start
_start:
	bnez	a0, 1f
	la	sp, __stack_top
	call	bench_main
1:	wfi
	j	1b

/*
 * Entry of the c4mt thread-launch test: hart 0 arrives here from the boot
 * ROM (docs/architecture.md, "Boot flow"); the multithreaded compute
 * harts run nothing until hart 0 STARTs their threads (mt_kernel). Any
 * other hart reaching here (a configuration with uvs_core compute harts)
 * parks.
 */
	.section .text.start, "ax"
	.globl _start
_start:
	bnez	a0, 2f
	la	sp, __stack_top
	call	mtsoc_main
2:	wfi
	j	2b

/*
 * Entry of the CPU-bound benchmark: every hart arrives here from the boot ROM
 * with a0 = hart id, a1 = DTB address (docs/architecture.md, "Boot flow").
 * Each hart gets a 16 KiB stack below __stack_top and calls
 * bench_main(hartid).
 */
#include <uvmsoc/memmap.h>
	.section .text.start, "ax"
	.globl _start
_start:
	la	sp, __stack_top
	slli	t0, a0, 14
	sub	sp, sp, t0
	call	bench_main
1:	wfi
	j	1b

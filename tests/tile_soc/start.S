/*
 * Entry of the tile-engine SoC test (tests/tile_soc): every hart arrives here from the boot
 * ROM with a0 = hart id (docs/architecture.md, "Boot flow"). Each hart gets
 * an 8 KiB stack below __stack_top; hart 0 runs the test (tile_soc_main),
 * the others serve requests of hart 0 (compute_main, compute.c: runs its engine).
 */
	.section .text.start, "ax"
	.globl _start
_start:
	la	sp, __stack_top
	slli	t0, a0, 13
	sub	sp, sp, t0
	bnez	a0, 1f
	call	tile_soc_main
	j	2f
1:	call	compute_main
2:	wfi
	j	2b

/*
 * Flat kernel images carried inside the firmware for its kernel self-tests
 * (see kernel_images.h): each is `objcopy -O binary` of
 * $(FW_OUT)/kernels/<name>.elf, found on the assembler's include path.
 * Symbols uvs_kimage_<name> and uvs_kimage_<name>_end bound each image.
 */
	.macro	kimage name
	.section .rodata.uvs_kimage_\name, "a", @progbits
	.balign	8
	.globl	uvs_kimage_\name
	.globl	uvs_kimage_\name\()_end
uvs_kimage_\name:
	.incbin	"\name\().bin"
uvs_kimage_\name\()_end:
	.endm

	kimage	memcpy
	kimage	fill
	kimage	crc32c
	kimage	axpy
	kimage	fault

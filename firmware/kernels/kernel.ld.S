/*
 * Kernel image linker script (preprocessed with -x assembler-with-cpp).
 * One image at UVS_KERNEL_BASE (include/uvmsoc/kernel.def), _start first.
 * .bss is laid out inside .data as initialised zeros, so every byte of the
 * image is in the file: a flat `objcopy -O binary` copy and an ELF loader
 * (PT_LOAD filesz == memsz) both produce the complete image.
 */
#include <uvmsoc/kernel.h>

OUTPUT_ARCH(riscv)
ENTRY(_start)

MEMORY
{
	kimage (rwx) : ORIGIN = UVS_KERNEL_BASE, LENGTH = UVS_KERNEL_SIZE
}

PHDRS
{
	image PT_LOAD FLAGS(7);
}

SECTIONS
{
	.text : {
		KEEP(*(.text.entry))
		*(.text .text.*)
	} >kimage :image
	.rodata : ALIGN(8) {
		*(.rodata .rodata.*)
		*(.srodata .srodata.*)
	} >kimage :image
	.data : ALIGN(8) {
		*(.data .data.*)
		__global_pointer$ = . + 0x800;
		*(.sdata .sdata.*)
		*(.sbss .sbss.*)
		*(.bss .bss.*)
		*(COMMON)
		. = ALIGN(8);
		QUAD(0)		/* keeps .data PROGBITS even when a kernel has only .bss */
	} >kimage :image
	__kernel_end = .;

	/DISCARD/ : {
		*(.note .note.*)
		*(.eh_frame .eh_frame.*)
		*(.comment)
	}
}

ASSERT(_start == UVS_KERNEL_BASE, "kernel: _start must be the first byte of the image")

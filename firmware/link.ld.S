/*
 * uvmsoc firmware linker script (preprocessed by firmware.mk with
 * -x assembler-with-cpp). Everything lives in SRAM from UVS_PAYLOAD_BASE
 * (where OpenSBI's fw_jump enters its next stage; the M-mode firmware owns
 * the SRAM below) up to the kernel region UVS_KERNEL_BASE
 * (include/uvmsoc/kernel.def; kernel images, kernel stacks and kernel data
 * fill SRAM from there up to the DTB as fw_jump relocates it,
 * UVS_SBI_FDT_ADDR). The S-mode entry uvs_entry_s must be the image's first
 * byte; the ELF entry is the M-mode entry uvs_entry_m (crt0.S). tohost/fromhost (htif.c) get their own output
 * section .tohost. Layout: text, read-only data, data, .tohost, TLS image
 * (hart 0's TLS block), .bss, per-hart stacks, heap up to the DTB area.
 */
#include <uvmsoc/kernel.h>
#include <uvmsoc/memmap.h>
#include "fw_layout.h"

OUTPUT_ARCH(riscv)
ENTRY(uvs_entry_m)

MEMORY
{
	sram (rwx) : ORIGIN = UVS_PAYLOAD_BASE, LENGTH = UVS_KERNEL_BASE - UVS_PAYLOAD_BASE
}

PHDRS
{
	text PT_LOAD FLAGS(5);
	data PT_LOAD FLAGS(6);
	tls PT_TLS;
}

SECTIONS
{
	.text : {
		KEEP(*(.text.entry))
		*(.text.unlikely .text.unlikely.*)
		*(.text.startup .text.startup.*)
		*(.text .text.*)
	} >sram :text

	.rodata : ALIGN(8) {
		*(.rodata .rodata.*)
		*(.srodata .srodata.*)
		. = ALIGN(8);
		PROVIDE_HIDDEN(__preinit_array_start = .);
		KEEP(*(.preinit_array))
		PROVIDE_HIDDEN(__preinit_array_end = .);
		PROVIDE_HIDDEN(__init_array_start = .);
		KEEP(*(SORT_BY_INIT_PRIORITY(.init_array.*)))
		KEEP(*(.init_array))
		PROVIDE_HIDDEN(__init_array_end = .);
		PROVIDE_HIDDEN(__fini_array_start = .);
		KEEP(*(SORT_BY_INIT_PRIORITY(.fini_array.*)))
		KEEP(*(.fini_array))
		PROVIDE_HIDDEN(__fini_array_end = .);
	} >sram :text

	.data : ALIGN(8) {
		*(.data .data.*)
		. = ALIGN(8);
		__global_pointer$ = . + 0x800;
		*(.sdata .sdata.*)
	} >sram :data

	.tohost : ALIGN(64) {
		KEEP(*(.tohost))
	} >sram :data

	.tdata : ALIGN(8) {
		__tls_base = .;
		*(.tdata .tdata.*)
	} >sram :data :tls
	.tbss : {
		*(.tbss .tbss.*)
		*(.tcommon)
	} >sram :data :tls
	/* .tbss does not advance the location counter: reserve its space. */
	.tbss_space (NOLOAD) : {
		. = ADDR(.tbss) + SIZEOF(.tbss);
	} >sram :data

	.bss (NOLOAD) : ALIGN(8) {
		*(.sbss .sbss.*)
		*(.bss .bss.*)
		*(COMMON)
		. = ALIGN(8);
	} >sram :data
	__bss_start = ADDR(.tbss);
	__bss_end = ADDR(.bss) + SIZEOF(.bss);

	.stack (NOLOAD) : ALIGN(16) {
		__stack_bottom = .;
		. += UVS_MAX_HARTS << FW_STACK_SHIFT;
		__stack_top = .;
	} >sram :data

	__heap_start = ALIGN(__stack_top, 16);
	__heap_end = ORIGIN(sram) + LENGTH(sram);

	/DISCARD/ : {
		*(.note .note.*)
		*(.eh_frame .eh_frame.*)
	}
}

ASSERT(DEFINED(tohost) && DEFINED(fromhost), "firmware: tohost/fromhost missing")
ASSERT(uvs_entry_s == UVS_PAYLOAD_BASE, "firmware: the S-mode entry must be the first byte (fw_jump's next stage)")
ASSERT(UVS_KERNEL_DATA_BASE + UVS_KERNEL_DATA_SIZE <= UVS_SBI_FDT_ADDR,
       "firmware: kernel region overlaps the DTB relocated by fw_jump")
ASSERT(UVS_SBI_FDT_ADDR + UVS_DTB_MAX_SIZE <= UVS_SRAM_BASE + UVS_SRAM_MIN_SIZE - UVS_DTB_MAX_SIZE,
       "firmware: the relocated DTB overlaps the loaded DTB area")

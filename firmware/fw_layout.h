/*
 * uvmsoc firmware memory layout, shared by the linker script (link.ld.S)
 * and crt0.S. Values in bytes; plain integers so that the assembler, the
 * linker script and C can all use them.
 */
#ifndef UVS_FW_LAYOUT_H
#define UVS_FW_LAYOUT_H

/* log2 of each hart's stack size (8 KiB); stacks for UVS_MAX_HARTS harts. */
#define FW_STACK_SHIFT 13

#endif /* UVS_FW_LAYOUT_H */

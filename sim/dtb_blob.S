/*
 * The configuration's default DTB, embedded in uvmsoc-sim (used when --dtb
 * is not given). UVS_DTB_FILE is the quoted path of the compiled DTB.
 */
    .section .rodata.uvs_default_dtb, "a"
    .balign 8
    .globl uvs_default_dtb
uvs_default_dtb:
    .incbin UVS_DTB_FILE
    .globl uvs_default_dtb_end
uvs_default_dtb_end:
    .section .note.GNU-stack, "", @progbits

/* Tiny bare-metal RISC-V program for the firmware-loader unit tests: a text
 * segment and a zero-filled .bss, so loading must copy and zero-fill. */
    .section .text
    .globl _start
_start:
    la   t0, counter
1:  ld   t1, 0(t0)
    addi t1, t1, 1
    sd   t1, 0(t0)
    j    1b

    .section .data
    .balign 8
magic:
    .dword 0x5556534d4f4b4f4b

    .section .bss
    .balign 8
counter:
    .zero 4096

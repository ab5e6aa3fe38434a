/*
 * Entry of the co-simulation test firmware (fw_echo.c): hart 0 gets a stack
 * at the end of .bss and calls main(); other harts park (boot flow step 4,
 * docs/architecture.md).
 */
    .section .text
    .globl _start
_start:
    bnez    a0, 1f
    la      sp, __stack_top
    call    main
1:  wfi
    j       1b

    .section .bss
    .balign 16
    .space  8192
__stack_top:

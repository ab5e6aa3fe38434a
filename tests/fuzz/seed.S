/* Seed program of the ELF-loader fuzz corpus (tests/fuzz/make_seeds.sh):
   writes 1 to tohost (exit status 0) and spins. */
    .section .text
    .globl _start
_start:
    la   t0, tohost
    li   t1, 1
    sd   t1, 0(t0)
1:  j    1b

    .section .data
    .balign 8
    .globl tohost, fromhost
tohost:   .dword 0
fromhost: .dword 0

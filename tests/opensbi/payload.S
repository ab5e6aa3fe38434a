/*
 * payload.S - the S-mode next stage handed to Debian's OpenSBI 1.1
 * fw_jump.elf (tests/opensbi.tests): linked at 0x80200000, OpenSBI's
 * FW_JUMP_ADDR. It prints one line through the SBI legacy console
 * (EID 0x01; SBI spec v1.0 ch. 5), checks that it runs in S mode (sstatus
 * is readable, mstatus is not: illegal instruction, which OpenSBI
 * redirects to stvec), asks the SBI base extension (EID 0x10) for the
 * spec version (1.0 expected) and reads `time` (allowed by OpenSBI's
 * mcounteren). Success: 1 to tohost; failure: (n << 1) | 1, n = step.
 */
#define SBI_EXT_LEGACY_PUTCHAR 0x01
#define SBI_EXT_BASE           0x10
#define SBI_BASE_GET_SPEC_VERSION 0

  .section .text.payload, "ax"
  .globl _payload
_payload:
  la t0, trap                         /* S-mode trap vector */
  csrw stvec, t0
  la s0, msg
1:
  lbu a0, 0(s0)
  beqz a0, 2f
  li a7, SBI_EXT_LEGACY_PUTCHAR
  ecall
  addi s0, s0, 1
  j 1b
2:
  li s2, 1                            /* step 1: S-mode CSR readable */
  csrr t0, sstatus
  li s2, 2                            /* step 2: M-mode CSR traps to S */
  li s3, 0
  csrr t0, mstatus
  beqz s3, fail
  li s2, 3                            /* step 3: SBI spec version 1.0 */
  li a7, SBI_EXT_BASE
  li a6, SBI_BASE_GET_SPEC_VERSION
  ecall
  bnez a0, fail
  li t1, 0x01000000
  bne a1, t1, fail
  li s2, 4                            /* step 4: time readable from S */
  csrr t2, time
  li t0, 1
  la t1, tohost
  sd t0, 0(t1)
3:
  j 3b
fail:
  slli t0, s2, 1
  ori t0, t0, 1
  la t1, tohost
  sd t0, 0(t1)
  j fail

/* trap: an illegal instruction (cause 2) skips the 4-byte instruction and
 * sets s3; anything else fails with step 9. */
  .balign 4
trap:
  csrr t0, scause
  li t1, 2
  bne t0, t1, 1f
  csrr t0, sepc
  addi t0, t0, 4
  csrw sepc, t0
  li s3, 1
  sret
1:
  li s2, 9
  j fail

  .section .rodata
msg:
  .asciz "uvmsoc: S-mode payload reached\n"

/* HTIF mailbox of the simulator (docs/architecture.md "Boot flow"). */
  .section .tohost, "aw", @progbits
  .balign 64
  .globl tohost
tohost:
  .dword 0
  .globl fromhost
fromhost:
  .dword 0

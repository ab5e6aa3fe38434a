/*
 * harness_bare.S - bare-metal harness of the differential test: M mode on
 * the uvmsoc core (uvmsoc-sim) or on QEMU's virt machine (-bios none).
 *
 * Boot contract (docs/architecture.md "Boot flow"): every hart starts at
 * _start (0x8000_0000) in M mode with a0 = hart id; harts other than 0 park.
 * Hart 0 sets mtvec (privileged spec v1.12, 3.1.7) to dt_trap and runs the
 * generated body, which sets every register itself and ends in
 * difftest_report. The signature goes to UART0 (16550 at 0x1000_0000 on
 * both platforms); the program then ends through HTIF `tohost` (uvmsoc-sim:
 * 1 = pass, (status << 1) | 1 = fail) and, for QEMU virt, which has no
 * HTIF, through its SiFive test finisher at 0x10_0000 (0x5555 = pass,
 * (status << 16) | 0x3333 = fail). uvmsoc-sim stops at the tohost store, so
 * the finisher store never reaches its bus.
 */
#include "difftest.h"

#define UART0_BASE   0x10000000
#define UART_LSR     5          /* line status register (16550) */
#define UART_THRE    0x20       /* LSR: transmit holding register empty */
#define POLL_LIMIT   200000     /* bound of the THRE polling loop */
#define FINISHER     0x100000   /* QEMU virt "sifive,test0" */

  .section .text.init, "ax", @progbits
  .globl _start
_start:
  bnez a0, dt_park
  la t0, dt_trap
  csrw mtvec, t0
  csrw mie, zero
  la t0, dt_save + DT_SCRATCH_OFF
  csrw mscratch, t0
  j difftest_body

dt_park:
  wfi
  j dt_park

  .text
/* difftest_report: the body's end (DT_EPILOGUE saved the registers). */
  .globl difftest_report
difftest_report:
  la sp, dt_stack_top
  call dt_dump
  li a0, DT_EXIT_OK
  j dt_exit

/* dt_trap: an illegal instruction (mcause 2) is logged (pc in
 * dt_save.trap_pc, count in dt_save.ntraps) and skipped (mepc + 4: the
 * generator's probes are 32-bit words; a c.* instruction on a core without
 * C is skipped wrongly, so --rvc runs need a core with C), MRET,
 * with every register preserved (mscratch points at two scratch words).
 * Any other trap: report the trap CSRs and end with status DT_EXIT_TRAP
 * (the registers are not dumped). Privileged spec v1.12, 3.1.14-3.1.16, 3.3.2. */
  .balign 4
dt_trap:
  csrrw t6, mscratch, t6
  sd t5, 0(t6)
  sd t4, 8(t6)
  csrr t5, mcause
  li t4, 2
  bne t5, t4, dt_fatal
  csrr t5, mepc
  ld t4, DT_NTRAPS_OFF - DT_SCRATCH_OFF(t6)
  addi t4, t4, 1
  sd t4, DT_NTRAPS_OFF - DT_SCRATCH_OFF(t6)
  addi t4, t4, -1 - DT_TRAP_MAX
  bgez t4, 1f
  addi t4, t4, DT_TRAP_MAX
  slli t4, t4, 3
  add t4, t4, t6
  sd t5, DT_TRAPPC_OFF - DT_SCRATCH_OFF(t4)
1:
  addi t5, t5, 4
  csrw mepc, t5
  ld t5, 0(t6)
  ld t4, 8(t6)
  csrrw t6, mscratch, t6
  mret
dt_fatal:
  la sp, dt_stack_top
  csrr a0, mcause
  csrr a1, mepc
  csrr a2, mtval
  call dt_report_trap
  li a0, DT_EXIT_TRAP

/* dt_exit: end with status a0 (0 = pass). */
dt_exit:
  fence
  slli t0, a0, 1
  ori t0, t0, 1
  la t1, tohost
  sd t0, 0(t1)
  li t1, FINISHER
  li t0, 0x5555
  beqz a0, 1f
  slli t0, a0, 16
  li t2, 0x3333
  or t0, t0, t2
1:
  sw t0, 0(t1)
2:
  j 2b

/* dt_write(buf, len): each byte to the UART THR once LSR.THRE is set. */
  .globl dt_write
dt_write:
  li a5, UART0_BASE
  add a1, a0, a1
1:
  beq a0, a1, 4f
  li a6, POLL_LIMIT
2:
  lbu a7, UART_LSR(a5)
  andi a7, a7, UART_THRE
  bnez a7, 3f
  addi a6, a6, -1
  bnez a6, 2b
3:
  lbu a7, 0(a0)
  sb a7, 0(a5)
  addi a0, a0, 1
  j 1b
4:
  ret

/* HTIF mailbox watched by uvmsoc-sim. */
  .section .tohost, "aw", @progbits
  .balign 8
  .globl tohost
tohost:
  .dword 0
  .globl fromhost
fromhost:
  .dword 0

  .bss
  .balign 16
  .skip 4096
dt_stack_top:

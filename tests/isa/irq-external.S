/*
 * irq-external: machine external interrupt from the UART (privileged spec
 * 3.1.9 mip.MEIP; 16550 datasheet table 4, "THR empty" interrupt): with
 * IER.ETBEI = 1 and THR empty the UART requests an interrupt, seen as
 * mip.MEIP and taken as mcause 0x800000000000000b when mie.MEIE and
 * mstatus.MIE are set; IIR reads 0x2 (low nibble) while it is pending,
 * which also clears it; a THR write raises it again; IER = 0 clears it.
 * The UART reaches MEIP through the PLIC (source PLIC_SRC_UART, routed to
 * the M context and never claimed here, so MEIP follows the line).
 */
#include "uvs_test.h"

#define UART_THR 0
#define UART_IER 1
#define UART_IIR 2

/* WAIT_MEIP want: poll until (mip & MEIP) == want, bounded. */
.macro WAIT_MEIP want
  li a5, POLL_LIMIT
.Lwe_loop\@:
  csrr a4, mip
  li t0, MIP_MEIP
  and a4, a4, t0
  li t0, \want
  beq a4, t0, .Lwe_done\@
  addi a5, a5, -1
  bnez a5, .Lwe_loop\@
  FAIL
.Lwe_done\@:
.endm

TEST_MAIN
  PLIC_ROUTE_M UVS_PLIC_SRC_UART
  li s0, UVS_UART0_BASE
  /* 1: ETBEI off: no interrupt, IIR = "none pending" (bit 0 = 1) */
  CASE
  sb zero, UART_IER(s0)
  WAIT_MEIP 0
  lbu a0, UART_IIR(s0)
  andi a0, a0, 0x0f
  EXPECT a0, 0x01
  /* 2: ETBEI on with THR empty: MEIP set, no trap while disabled */
  CASE
  ARM_TRAP 1f
  li t0, 0x02
  sb t0, UART_IER(s0)
  WAIT_MEIP MIP_MEIP
1:
  EXPECT_NO_TRAP
  /* 3: mie.MEIE + mstatus.MIE: trap right after the enabling write */
  CASE
  csrsi mstatus, MSTATUS_MIE
  li t0, MIP_MEIP
  ARM_TRAP 1f
  csrs mie, t0
2:
  nop
  FAIL
1:
  EXPECT_TRAP CAUSE_IRQ_MEI, 2b
  EXPECT s11, 0
  csrw mie, zero
  /* 4: reading IIR reports THRE (0x2) and clears the interrupt */
  CASE
  lbu a0, UART_IIR(s0)
  andi a0, a0, 0x0f
  EXPECT a0, 0x02
  WAIT_MEIP 0
  lbu a0, UART_IIR(s0)
  andi a0, a0, 0x0f
  EXPECT a0, 0x01
  /* 5: a THR write raises it again */
  CASE
  li t0, '.'
  sb t0, UART_THR(s0)
  WAIT_MEIP MIP_MEIP
  /* 6: IER = 0 clears it */
  CASE
  sb zero, UART_IER(s0)
  WAIT_MEIP 0
  lbu a0, UART_IIR(s0)
  andi a0, a0, 0x0f
  EXPECT a0, 0x01
  /* 7: everything enabled but no source: no trap */
  CASE
  li t0, MIP_MEIP
  csrs mie, t0
  ARM_TRAP 1f
  csrsi mstatus, MSTATUS_MIE
  nop
  nop
  csrci mstatus, MSTATUS_MIE
1:
  EXPECT_NO_TRAP
  csrw mie, zero
  li t0, '\n'
  sb t0, UART_THR(s0)
  PASS

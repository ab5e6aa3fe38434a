/*
 * uart-regs: UART0 16550 register file (PC16550D datasheet section 8;
 * architecture.md: byte registers, reg-shift 0): SCR and LCR read back,
 * LCR.DLAB switches offsets 0/1 to the divisor latch DLL/DLM (IER kept
 * apart), IER bits 7:4 read 0, LSR THRE and TEMT set when idle, LSR.DR
 * clear without input, IIR = 0x1 (no interrupt) in its low nibble.
 */
#include "uvs_test.h"

#define UART_IER 1
#define UART_IIR 2
#define UART_LCR 3
#define UART_LSR 5
#define UART_SCR 7

TEST_MAIN
  li s0, UVS_UART0_BASE
  /* SCR: scratch byte */
  CASE
  li t0, 0xa5
  sb t0, UART_SCR(s0)
  lbu a0, UART_SCR(s0)
  EXPECT a0, 0xa5
  CASE
  li t0, 0x5a
  sb t0, UART_SCR(s0)
  lbu a0, UART_SCR(s0)
  EXPECT a0, 0x5a
  /* LCR: 8N1 reads back */
  CASE
  li t0, 0x03
  sb t0, UART_LCR(s0)
  lbu a0, UART_LCR(s0)
  EXPECT a0, 0x03
  /* IER: ETBEI writable, bits 7:4 read 0 */
  CASE
  li t0, 0xf0
  sb t0, UART_IER(s0)
  lbu a0, UART_IER(s0)
  EXPECT a0, 0
  /* DLAB = 1: offsets 0 and 1 are DLL and DLM */
  CASE
  li t0, 0x83
  sb t0, UART_LCR(s0)
  li t0, 0x34
  sb t0, 0(s0)
  li t0, 0x12
  sb t0, 1(s0)
  lbu a0, 0(s0)
  EXPECT a0, 0x34
  lbu a0, 1(s0)
  EXPECT a0, 0x12
  lbu a0, UART_LCR(s0)
  EXPECT a0, 0x83
  /* DLAB = 0: offset 1 is IER again (still 0), divisor kept */
  CASE
  li t0, 0x03
  sb t0, UART_LCR(s0)
  lbu a0, UART_IER(s0)
  EXPECT a0, 0
  li t0, 0x83
  sb t0, UART_LCR(s0)
  lbu a0, 0(s0)
  EXPECT a0, 0x34
  lbu a1, 1(s0)
  EXPECT a1, 0x12
  li t0, 0x03
  sb t0, UART_LCR(s0)
  /* LSR: THRE (bit 5) and TEMT (bit 6) set, DR (bit 0) clear */
  CASE
  lbu a0, UART_LSR(s0)
  andi a1, a0, 0x60
  EXPECT a1, 0x60
  andi a1, a0, 0x01
  EXPECT a1, 0
  /* after a transmitted byte the transmitter becomes empty again */
  CASE
  li t0, 'U'
  sb t0, 0(s0)
  li t0, '\n'
  sb t0, 0(s0)
  li a5, POLL_LIMIT
1:
  lbu a0, UART_LSR(s0)
  andi a0, a0, 0x60
  li t0, 0x60
  beq a0, t0, 2f
  addi a5, a5, -1
  bnez a5, 1b
  FAIL
2:
  /* IIR: nothing pending */
  CASE
  lbu a0, UART_IIR(s0)
  andi a0, a0, 0x0f
  EXPECT a0, 0x01
  /* two registers written in one bus word: each keeps its byte */
  CASE
  li t0, 0x03
  sb t0, UART_LCR(s0)
  li t0, 0x77
  sb t0, UART_SCR(s0)
  lbu a0, UART_SCR(s0)
  lbu a1, UART_LCR(s0)
  EXPECT a0, 0x77
  EXPECT a1, 0x03
  PASS

/*
 * difftest.h - memory layout and register conventions shared by the
 * differential-test generator (host C), the generated bodies (assembler)
 * and both harnesses (bare metal and Linux user; RISC-V C and assembler).
 *
 * Both harnesses are linked with tests/difftest/link.ld, so a body sits at
 * the same address on both sides and AUIPC results and JAL/JALR link values
 * agree without normalisation. Keep these numbers equal to link.ld.
 *
 * Register convention of a body: DT_BASE_REG (x8, s0) holds DT_BASE_ADDR,
 * the middle of the data region, and is never written by the body; every
 * load, store, AMO and LR/SC address is DT_BASE_ADDR + an offset inside the
 * region, naturally aligned (misaligned accesses trap differently in QEMU
 * user mode and on the core); the one exception is the self-modifying-code
 * item, which stores an instruction into the body itself (so .dt.body is
 * writable). A body ends by DT_EPILOGUE, which saves
 * x0..x31 to DT_SAVE_ADDR and jumps to the harness's difftest_report.
 */
#ifndef DIFFTEST_H
#define DIFFTEST_H

#define DT_TEXT_ADDR   0x80000000 /* harness code (entry) */
#define DT_BODY_ADDR   0x80010000 /* generated body, section .dt.body */
#define DT_BODY_LIMIT  0x80200000 /* end of the body's room */
#define DT_REGION_ADDR 0x80200000 /* data region, section .dt.region */
#define DT_REGION_SIZE 1024       /* bytes; dumped as 8-byte words */
#define DT_BASE_REG    8          /* x8 holds DT_BASE_ADDR, never written */
#define DT_BASE_ADDR   (DT_REGION_ADDR + DT_REGION_SIZE / 2)
#define DT_SAVE_ADDR   (DT_REGION_ADDR + DT_REGION_SIZE) /* x0..x31, section .dt.save */
#define DT_SAVE_OFF    (DT_SAVE_ADDR - DT_BASE_ADDR)     /* from x8 */

/* Harness exit statuses (bare: tohost status; Linux: exit code). */
#define DT_EXIT_OK   0
#define DT_EXIT_TRAP 3 /* bare only: the body trapped */

#ifdef __ASSEMBLER__
/* DT_EPILOGUE: end of a body: store x0..x31 to DT_SAVE_ADDR (through x8,
 * which the body left unchanged), then jump to difftest_report. */
.macro DT_EPILOGUE
  .irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
  sd x\n, (DT_SAVE_OFF + 8 * \n)(x8)
  .endr
  lla x5, difftest_report
  jalr x0, 0(x5)
.endm
#else
#include <stddef.h>
#include <stdint.h>

/* Saved registers x0..x31 (at DT_SAVE_ADDR) and the data region. */
extern uint64_t dt_saved_regs[32];
extern uint64_t difftest_region[DT_REGION_SIZE / 8];

/* dt_dump: writes the signature (registers x1..x31, then every region word)
 * as text through dt_write. Format, one item a line, hex lower case:
 * "x<NN> <16 digits>" (NN decimal) and "m <8-digit address> <16 digits>", then "end". */
void dt_dump(void);
/* dt_report_trap: bare harness only: one line "trap mcause=.. mepc=..
 * mtval=.." (privileged spec v1.12, 3.1.15-3.1.17) through dt_write. */
void dt_report_trap(uint64_t mcause, uint64_t mepc, uint64_t mtval);
/* dt_write: harness-specific output of len bytes (UART or write(2)). */
void dt_write(const char *buf, size_t len);
#endif

#endif /* DIFFTEST_H */

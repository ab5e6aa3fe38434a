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
#define DT_TRAP_MAX    64 /* illegal-instruction pcs logged (all are counted) */
/* Illegal-instruction log inside struct dt_save (offsets from DT_SAVE_ADDR):
 * two scratch words of the M-mode handler, the count, then the pcs. */
#define DT_SCRATCH_OFF 256
#define DT_NTRAPS_OFF  272
#define DT_TRAPPC_OFF  280

/* Harness exit statuses (bare: tohost status; Linux: exit code). */
#define DT_EXIT_OK   0
#define DT_EXIT_TRAP 3 /* bare only: the body trapped other than by an illegal instruction */

/* Illegal instructions (the generator's probes of reserved encodings) do
 * not end a run: the bare harness's trap handler (mcause 2) and the Linux
 * harness's SIGILL handler log the pc, count the trap and resume at pc + 4
 * with every register intact, so legality is compared like any result. */

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

/* At DT_SAVE_ADDR: registers x0..x31 as the body left them, then the
 * illegal-instruction log (offsets DT_*_OFF above). */
struct dt_save {
    uint64_t regs[32];
    uint64_t scratch[2];
    uint64_t ntraps;
    uint64_t trap_pc[DT_TRAP_MAX];
};
_Static_assert(offsetof(struct dt_save, scratch) == DT_SCRATCH_OFF, "DT_SCRATCH_OFF");
_Static_assert(offsetof(struct dt_save, ntraps) == DT_NTRAPS_OFF, "DT_NTRAPS_OFF");
_Static_assert(offsetof(struct dt_save, trap_pc) == DT_TRAPPC_OFF, "DT_TRAPPC_OFF");
extern struct dt_save dt_save;
extern uint64_t difftest_region[DT_REGION_SIZE / 8];

/* dt_dump: writes the signature (registers x1..x31, every region word, the
 * illegal-instruction log) as text through dt_write. Format, one item a
 * line, hex lower case: "x<NN> <16 digits>" (NN decimal), "m <8-digit
 * address> <16 digits>", "traps <count>", "t <pc, 16 digits>", then "end". */
void dt_dump(void);
/* dt_report_trap: bare harness only: one line "trap mcause=.. mepc=..
 * mtval=.." (privileged spec v1.12, 3.1.15-3.1.17) through dt_write. */
void dt_report_trap(uint64_t mcause, uint64_t mepc, uint64_t mtval);
/* dt_write: harness-specific output of len bytes (UART or write(2)). */
void dt_write(const char *buf, size_t len);
#endif

#endif /* DIFFTEST_H */

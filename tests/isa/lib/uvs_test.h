/*
 * uvs_test.h - assembler framework of the uvmsoc bare-metal ISA tests.
 *
 * Every test is one .S file that includes this header, defines the label
 * `uvs_main` (TEST_MAIN) and ends with PASS. lib/crt.S starts hart 0 there in
 * M mode with a stack, mtvec = uvs_trap_vector (direct mode), interrupts off.
 * Tests of S mode call SETUP_S first (stvec = uvs_strap_vector, the S-mode
 * handler for delegated traps); crt.S itself touches no S-mode CSR, so the
 * framework also runs on harts without S.
 *
 * On failure lib/crt.S prints "uvs: FAIL case=N got=.. want=.. mcause=..
 * mepc=.. mtval=.." on UART0 (got/want: the values of the failing EXPECT;
 * t5/t6 for FAIL) before it stores to tohost.
 *
 * Result protocol (docs/architecture.md "Boot flow", include/uvmsoc/sim.def):
 * the test stores 1 to `tohost` on success and (n << 1) | 1 on failure, n
 * being the number of the failing case (register gp). The simulator exits
 * with n (clipped to 1..119); 119 also stands for "failed outside any case".
 *
 * Register conventions (the test code must not use these for its own data):
 *   gp  (x3)  number of the current case, set by CASE
 *   t6  (x31) scratch of the EXPECT macros and of the trap handler
 *   s6  (x22) resume address of an expected trap (0 = no trap expected)
 *   s7  (x23) entry index, written by vectored-mode stubs of a test
 *   s8..s11   mstatus, mcause, mepc, mtval recorded at the last trap
 *   s2..s5    sstatus, scause, sepc, stval recorded at the last trap taken
 *             in S mode (delegated); also scratch of the failure report
 *
 * Trap handling: ARM_TRAP names the label where execution resumes if the
 * next instructions trap. The handler (lib/crt.S) records the trap CSRs in
 * s8..s11, disarms s6 and returns there in M mode with mstatus.MIE = 0
 * (it sets MPP = M and clears MPIE before MRET). A trap while nothing is
 * armed fails the current case. Privileged spec v1.12, section 3.1 (mstatus,
 * mcause, mepc, mtval) and 3.3.2 (MRET).
 * A trap delegated to S goes to uvs_strap_vector (after SETUP_S): it records
 * the S-mode trap CSRs in s2..s5, disarms s6 and resumes there in S mode
 * (SRET with SPP = S, SPIE = 0); BACK_TO_M returns to M mode by ECALL.
 * Privileged spec 4.1 (sstatus, scause, sepc, stval), 3.1.8 (delegation).
 */
#ifndef UVS_TEST_H
#define UVS_TEST_H

#include <uvmsoc/memmap.h>
#include <uvmsoc/plic.h>

/* mstatus fields (privileged spec 3.1.6); sstatus shares the S ones. */
#define MSTATUS_SIE   0x2
#define MSTATUS_MIE   0x8
#define MSTATUS_SPIE  0x20
#define MSTATUS_MPIE  0x80
#define MSTATUS_SPP   0x100
#define MSTATUS_MPP   0x1800
#define MSTATUS_MPP_M 0x1800
#define MSTATUS_MPP_S 0x0800
#define MSTATUS_MPRV  (1 << 17)
#define MSTATUS_SUM   (1 << 18)
#define MSTATUS_MXR   (1 << 19)
#define MSTATUS_TVM   (1 << 20)
#define MSTATUS_TW    (1 << 21)
#define MSTATUS_TSR   (1 << 22)

/* mip / mie bits (privileged spec 3.1.9). */
#define MIP_SSIP 0x2
#define MIP_STIP 0x20
#define MIP_SEIP 0x200
#define MIP_MSIP 0x8
#define MIP_MTIP 0x80
#define MIP_MEIP 0x800

/* Synchronous exception codes in mcause (privileged spec 3.1.15, table 3.6). */
#define CAUSE_FETCH_MISALIGNED 0
#define CAUSE_FETCH_ACCESS     1
#define CAUSE_ILLEGAL          2
#define CAUSE_BREAKPOINT       3
#define CAUSE_LOAD_MISALIGNED  4
#define CAUSE_LOAD_ACCESS      5
#define CAUSE_STORE_MISALIGNED 6
#define CAUSE_STORE_ACCESS     7
#define CAUSE_ECALL_U          8
#define CAUSE_ECALL_S          9
#define CAUSE_ECALL_M          11
/* Interrupt causes: bit 63 set plus the mip bit number. */
#define CAUSE_IRQ_SSI 0x8000000000000001
#define CAUSE_IRQ_STI 0x8000000000000005
#define CAUSE_IRQ_SEI 0x8000000000000009
#define CAUSE_IRQ_MSI 0x8000000000000003
#define CAUSE_IRQ_MTI 0x8000000000000007
#define CAUSE_IRQ_MEI 0x800000000000000b

/* CSR numbers the assembler may not know under -misa-spec=2.2. */
#define CSR_MCOUNTINHIBIT 0x320
#define CSR_SENVCFG       0x10a
#define CSR_MENVCFG       0x30a

/* An address no region of the memory map covers (architecture.md). */
#define UNMAPPED_ADDR 0x40000000

/* CLINT registers of hart 0 and the UART (16550, byte registers). */
#define CLINT_MSIP0     (UVS_CLINT_BASE + UVS_CLINT_MSIP_OFF)
#define CLINT_MTIMECMP0 (UVS_CLINT_BASE + UVS_CLINT_MTIMECMP_OFF)
#define CLINT_MTIME     (UVS_CLINT_BASE + UVS_CLINT_MTIME_OFF)

/* PLIC registers (include/uvmsoc/plic.def): priority of source id, the
 * enable word of a context, threshold and claim/complete of a context. */
#define PLIC_PRIO(id)      (UVS_PLIC_BASE + UVS_PLIC_PRIORITY_OFF + 4 * (id))
#define PLIC_PENDING0      (UVS_PLIC_BASE + UVS_PLIC_PENDING_OFF)
#define PLIC_ENABLE0(ctx)  (UVS_PLIC_BASE + UVS_PLIC_ENABLE_OFF + UVS_PLIC_ENABLE_STRIDE * (ctx))
#define PLIC_THRESHOLD(ctx) (UVS_PLIC_BASE + UVS_PLIC_CONTEXT_OFF + \
                             UVS_PLIC_CONTEXT_STRIDE * (ctx) + UVS_PLIC_THRESHOLD_OFF)
#define PLIC_CLAIM(ctx)    (UVS_PLIC_BASE + UVS_PLIC_CONTEXT_OFF + \
                            UVS_PLIC_CONTEXT_STRIDE * (ctx) + UVS_PLIC_CLAIM_OFF)

/* PLIC_ROUTE_M src: route PLIC source `src` to mip.MEIP (priority 1, only
 * that source enabled in the M context, threshold 0), so that its line
 * alone drives MEIP while nothing claims it. Uses t0, t1. */
.macro PLIC_ROUTE_M src
  li t0, PLIC_PRIO(\src)
  li t1, 1
  sw t1, 0(t0)
  li t0, PLIC_ENABLE0(UVS_PLIC_CTX_M)
  li t1, 1 << (\src)
  sw t1, 0(t0)
  li t0, PLIC_THRESHOLD(UVS_PLIC_CTX_M)
  sw zero, 0(t0)
.endm

/* Bound of every polling loop, in iterations: a missing event fails the
 * case instead of hanging until the simulator's watchdog. */
#define POLL_LIMIT 200000

/* Start of the test body: hart 0 jumps here from lib/crt.S. */
#define TEST_MAIN .text; .globl uvs_main; uvs_main:

.set uvs_case_no, 0

/* CASE: start the next numbered case (1, 2, ...): gp = its number. */
.macro CASE
  .set uvs_case_no, uvs_case_no + 1
  li gp, uvs_case_no
.endm

/* PASS: report success through tohost; does not return. */
.macro PASS
  j uvs_pass
.endm

/* FAIL: report failure of the current case; does not return. */
.macro FAIL
  j uvs_fail
.endm

/* EXPECT reg, value: fail the case unless reg == value (64-bit constant). */
.macro EXPECT reg, value
  li t6, \value
  beq \reg, t6, .Luvs_ok\@
  mv t5, \reg
  j uvs_fail
.Luvs_ok\@:
.endm

/* EXPECT_NOT reg, value: fail the case if reg == value. */
.macro EXPECT_NOT reg, value
  li t6, \value
  bne \reg, t6, .Luvs_ok\@
  mv t5, \reg
  j uvs_fail
.Luvs_ok\@:
.endm

/* EXPECT_REG reg, other: fail the case unless both registers are equal. */
.macro EXPECT_REG reg, other
  beq \reg, \other, .Luvs_ok\@
  mv t5, \reg
  mv t6, \other
  j uvs_fail
.Luvs_ok\@:
.endm

/* EXPECT_ADDR reg, label: fail the case unless reg holds the label's address. */
.macro EXPECT_ADDR reg, label
  la t6, \label
  beq \reg, t6, .Luvs_ok\@
  mv t5, \reg
  j uvs_fail
.Luvs_ok\@:
.endm

/* OP_RR op, want, x, y: new case, a0 = op(x, y) with distinct registers. */
.macro OP_RR op, want, x, y
  CASE
  li a1, \x
  li a2, \y
  \op a0, a1, a2
  EXPECT a0, \want
.endm

/* OP_RR_RD1 op, want, x, y: new case, rd == rs1 (result overwrites a source). */
.macro OP_RR_RD1 op, want, x, y
  CASE
  li a1, \x
  li a2, \y
  \op a1, a1, a2
  EXPECT a1, \want
.endm

/* OP_RR_RD2 op, want, x, y: new case, rd == rs2. */
.macro OP_RR_RD2 op, want, x, y
  CASE
  li a1, \x
  li a2, \y
  \op a2, a1, a2
  EXPECT a2, \want
.endm

/* OP_RR_SAME op, want, x: new case, rd == rs1 == rs2 == x. */
.macro OP_RR_SAME op, want, x
  CASE
  li a1, \x
  \op a1, a1, a1
  EXPECT a1, \want
.endm

/* OP_RI op, want, x, imm: new case, a0 = op(x, imm). */
.macro OP_RI op, want, x, imm
  CASE
  li a1, \x
  \op a0, a1, \imm
  EXPECT a0, \want
.endm

/* OP_RI_SAME op, want, x, imm: new case, rd == rs1. */
.macro OP_RI_SAME op, want, x, imm
  CASE
  li a1, \x
  \op a1, a1, \imm
  EXPECT a1, \want
.endm

/* ARM_TRAP resume: the next trap resumes at `resume`; clears the record. */
.macro ARM_TRAP resume
  la s6, \resume
  li s8, -1
  li s9, -1
  li s10, -1
  li s11, -1
.endm

/* EXPECT_TRAP cause, epc_label: a trap was taken with this mcause and mepc;
 * disarms the resume address in case no trap happened. */
.macro EXPECT_TRAP cause, epc_label
  li s6, 0
  EXPECT s9, \cause
  EXPECT_ADDR s10, \epc_label
.endm

/* EXPECT_NO_TRAP: nothing trapped since ARM_TRAP; disarms. */
.macro EXPECT_NO_TRAP
  li s6, 0
  EXPECT s9, -1
.endm

/* ENTER_U target: drop to U mode at label `target` (MRET with MPP = U). */
.macro ENTER_U target
  li t6, MSTATUS_MPP
  csrc mstatus, t6
  la t6, \target
  csrw mepc, t6
  mret
.endm

/* SETUP_S: stvec = uvs_strap_vector (direct), the S-mode handler of
 * delegated traps; before a test's first use of S mode. */
.macro SETUP_S
  la t6, uvs_strap_vector
  csrw stvec, t6
.endm

/* ENTER_S target: from M, drop to S mode at label `target` (MRET, MPP = S). */
.macro ENTER_S target
  li t6, MSTATUS_MPP
  csrc mstatus, t6
  li t6, MSTATUS_MPP_S
  csrs mstatus, t6
  la t6, \target
  csrw mepc, t6
  mret
.endm

/* ENTER_U_FROM_S target: from S, drop to U mode at `target` (SRET, SPP = U). */
.macro ENTER_U_FROM_S target
  li t6, MSTATUS_SPP
  csrc sstatus, t6
  la t6, \target
  csrw sepc, t6
  sret
.endm

/* BACK_TO_M: from S or U, return to M mode here through an ECALL that is
 * not delegated (medeleg bit 8/9 clear); leaves mcause 9 or 8 in s9. */
.macro BACK_TO_M
  ARM_TRAP .Lbm\@
  ecall
.Lbm\@:
  li s6, 0
.endm

/* ARM_STRAP resume: as ARM_TRAP, and clears the S-mode record s2..s5. */
.macro ARM_STRAP resume
  ARM_TRAP \resume
  li s2, -1
  li s3, -1
  li s4, -1
  li s5, -1
.endm

/* EXPECT_STRAP cause, epc_label: a trap went to S with this scause and sepc
 * (and not to M: s9 stays -1); disarms. */
.macro EXPECT_STRAP cause, epc_label
  li s6, 0
  EXPECT s3, \cause
  EXPECT_ADDR s4, \epc_label
  EXPECT s9, -1
.endm

#endif /* UVS_TEST_H */

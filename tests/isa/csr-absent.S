/*
 * csr-absent: CSRs this hart does not implement, among them those OpenSBI
 * 1.1 probes at boot, raise illegal instruction (mcause 2, mtval = the
 * instruction) on a read from M mode (privileged spec v1.12 sec. 2.1:
 * accessing a CSR that does not exist is illegal): PMP (pmpcfg0, pmpcfg2,
 * pmpaddr0, pmpaddr63), mseccfg, mtinst, mtval2, the H extension (hstatus,
 * hedeleg, hideleg, hgatp, vsstatus, vsatp), Sstc (stimecmp), AIA (mtopi,
 * stopi, miselect, mireg, siselect), Sscofpmf (scountovf), RV32-only high
 * halves (mstatush, medelegh, menvcfgh, cycleh, mcycleh), F and V state
 * (fcsr, vstart), debug and trigger CSRs (tselect, tdata1, dcsr, dpc),
 * Zkr (seed), Smcntrpmf (mcyclecfg), and the holes next to implemented
 * ranges (0x322, mhpmevent2's place; 0xC20).
 */
#include "uvs_test.h"

/* ABSENT csr: new case; `csrr a0, csr` (number) traps, mtval = its bits. */
.macro ABSENT csr
  CASE
  li a0, 0x5a5a
  ARM_TRAP .Lab_resume\@
.Lab_insn\@:
  csrr a0, \csr
.Lab_resume\@:
  EXPECT_TRAP CAUSE_ILLEGAL, .Lab_insn\@
  EXPECT s11, (0x00002573 | ((\csr) << 20))
  EXPECT a0, 0x5a5a
.endm

TEST_MAIN
  ABSENT 0x3a0                        /* pmpcfg0 */
  ABSENT 0x3a2                        /* pmpcfg2 */
  ABSENT 0x3b0                        /* pmpaddr0 */
  ABSENT 0x3ef                        /* pmpaddr63 */
  ABSENT 0x747                        /* mseccfg */
  ABSENT 0x34a                        /* mtinst */
  ABSENT 0x34b                        /* mtval2 */
  ABSENT 0x600                        /* hstatus */
  ABSENT 0x602                        /* hedeleg */
  ABSENT 0x603                        /* hideleg */
  ABSENT 0x680                        /* hgatp */
  ABSENT 0x200                        /* vsstatus */
  ABSENT 0x280                        /* vsatp */
  ABSENT 0x14d                        /* stimecmp */
  ABSENT 0xfb0                        /* mtopi */
  ABSENT 0xdb0                        /* stopi */
  ABSENT 0x350                        /* miselect */
  ABSENT 0x351                        /* mireg */
  ABSENT 0x150                        /* siselect */
  ABSENT 0xda0                        /* scountovf */
  ABSENT 0x310                        /* mstatush */
  ABSENT 0x312                        /* medelegh */
  ABSENT 0x31a                        /* menvcfgh */
  ABSENT 0xc80                        /* cycleh */
  ABSENT 0xb80                        /* mcycleh */
  ABSENT 0x003                        /* fcsr */
  ABSENT 0x008                        /* vstart */
  ABSENT 0x7a0                        /* tselect */
  ABSENT 0x7a1                        /* tdata1 */
  ABSENT 0x7b0                        /* dcsr */
  ABSENT 0x7b1                        /* dpc */
  ABSENT 0x015                        /* seed */
  ABSENT 0x321                        /* mcyclecfg */
  ABSENT 0x322                        /* no mhpmevent2 */
  ABSENT 0xc20                        /* above hpmcounter31 */
  PASS

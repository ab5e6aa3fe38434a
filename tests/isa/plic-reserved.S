/*
 * plic-reserved: accesses the PLIC does not implement (include/uvmsoc/
 * plic.def, docs/architecture.md "PLIC"): a reserved offset (source 0's
 * priority, a source or context that does not exist, an enable or pending
 * word past the last source, a gap in a context block, the end of the
 * region), a partial register (byte or halfword access) and an AMO are
 * answered with a bus error: load access fault (cause 5) or store/AMO
 * access fault (cause 7), mepc = the instruction, mtval = the address, rd
 * not written, and a faulting store changes nothing. A 64-bit access that
 * covers one implemented and one reserved register faults as a whole.
 */
#include "uvs_test.h"

#define P UVS_PLIC_BASE
#define CTX(c) (UVS_PLIC_CONTEXT_OFF + UVS_PLIC_CONTEXT_STRIDE * (c))
#define EN(c)  (UVS_PLIC_ENABLE_OFF + UVS_PLIC_ENABLE_STRIDE * (c))

/* LOAD_FAULT op, addr: new case; `op a0, 0(addr)` must fault. */
.macro LOAD_FAULT op, addr
  CASE
  li a1, \addr
  li a0, 0x5a5a
  ARM_TRAP .Llf_resume\@
.Llf_insn\@:
  \op a0, 0(a1)
.Llf_resume\@:
  EXPECT_TRAP CAUSE_LOAD_ACCESS, .Llf_insn\@
  EXPECT_REG s11, a1
  EXPECT a0, 0x5a5a
.endm

/* STORE_FAULT op, addr: new case; `op a2, 0(addr)` (a2 = all ones) must fault. */
.macro STORE_FAULT op, addr
  CASE
  li a1, \addr
  li a2, -1
  ARM_TRAP .Lsf_resume\@
.Lsf_insn\@:
  \op a2, 0(a1)
.Lsf_resume\@:
  EXPECT_TRAP CAUSE_STORE_ACCESS, .Lsf_insn\@
  EXPECT_REG s11, a1
.endm

TEST_MAIN
  LOAD_FAULT lw, P + UVS_PLIC_PRIORITY_OFF                          /* source 0 does not exist */
  LOAD_FAULT lw, P + UVS_PLIC_PRIORITY_OFF + 4 * (UVS_PLIC_NSOURCES + 1) /* first absent source */
  STORE_FAULT sw, P + UVS_PLIC_PRIORITY_OFF + 4 * 1023              /* last possible source */
  LOAD_FAULT lw, P + UVS_PLIC_PENDING_OFF + 4                       /* pending word of ids 32..63 */
  LOAD_FAULT lw, P + EN(0) + 4                                      /* enable word of ids 32..63 */
  STORE_FAULT sw, P + EN(UVS_PLIC_NCONTEXTS)                        /* absent context */
  LOAD_FAULT lw, P + CTX(0) + 8                                     /* gap after claim */
  LOAD_FAULT lw, P + CTX(UVS_PLIC_NCONTEXTS)                        /* absent context's threshold */
  STORE_FAULT sw, P + CTX(UVS_PLIC_NCONTEXTS) + UVS_PLIC_CLAIM_OFF  /* absent context's claim */
  LOAD_FAULT lw, P + 0x1ffffc                                       /* gap before the contexts */
  LOAD_FAULT lw, P + UVS_PLIC_SIZE - 4                              /* end of the region */
  LOAD_FAULT lbu, P + UVS_PLIC_PRIORITY_OFF + 4                     /* partial register */
  LOAD_FAULT lh, P + CTX(0) + UVS_PLIC_CLAIM_OFF + 2                /* partial claim: no claim */
  STORE_FAULT sh, P + CTX(0) + UVS_PLIC_THRESHOLD_OFF               /* partial threshold */
  LOAD_FAULT ld, P + UVS_PLIC_PRIORITY_OFF                          /* source 0 + source 1 */
  STORE_FAULT sd, P + UVS_PLIC_PRIORITY_OFF                         /* source 0 + source 1 */
  /* AMOs go only to memory */
  CASE
  li a1, P + UVS_PLIC_PRIORITY_OFF + 4
  li a2, 1
  li a0, 0x5a5a
  ARM_TRAP 1f
2:
  amoadd.w a0, a2, (a1)
1:
  EXPECT_TRAP CAUSE_STORE_ACCESS, 2b
  EXPECT_REG s11, a1
  EXPECT a0, 0x5a5a
  /* nothing above changed a register: priority 1 and threshold 0 still 0 */
  CASE
  li t0, P + UVS_PLIC_PRIORITY_OFF + 4
  lw a0, 0(t0)
  EXPECT a0, 0
  li t0, P + CTX(0) + UVS_PLIC_THRESHOLD_OFF
  lw a0, 0(t0)
  EXPECT a0, 0
  /* a 64-bit access to two implemented registers works (priorities 2 and 3) */
  CASE
  li t0, P + UVS_PLIC_PRIORITY_OFF + 8
  li t1, 0x0000000600000003
  sd t1, 0(t0)
  ld a0, 0(t0)
  EXPECT a0, 0x0000000600000003
  sd zero, 0(t0)
  PASS

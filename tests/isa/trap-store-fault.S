/*
 * trap-store-fault: store/AMO access fault (mcause 7; privileged spec
 * 3.1.15-16; architecture.md "Memory map"). Stores of every width and AMOs
 * to unmapped or reserved addresses: mepc = the instruction, mtval = the
 * address, the AMO's rd not written.
 */
#include "uvs_test.h"

/* STORE_FAULT op, addr: new case; `op a2, 0(addr)` must fault. */
.macro STORE_FAULT op, addr
  CASE
  li a1, \addr
  li a2, 0x1234
  ARM_TRAP .Lsf_resume\@
.Lsf_insn\@:
  \op a2, 0(a1)
.Lsf_resume\@:
  EXPECT_TRAP CAUSE_STORE_ACCESS, .Lsf_insn\@
  EXPECT_REG s11, a1
.endm

/* AMO_FAULT op, addr: new case; `op a0, a2, (addr)` must fault. */
.macro AMO_FAULT op, addr
  CASE
  li a1, \addr
  li a2, 0x1234
  li a0, 0x5a5a
  ARM_TRAP .Laf_resume\@
.Laf_insn\@:
  \op a0, a2, (a1)
.Laf_resume\@:
  EXPECT_TRAP CAUSE_STORE_ACCESS, .Laf_insn\@
  EXPECT_REG s11, a1
  EXPECT a0, 0x5a5a
.endm

TEST_MAIN
  STORE_FAULT sb, UNMAPPED_ADDR + 1
  STORE_FAULT sh, UNMAPPED_ADDR + 2
  STORE_FAULT sw, UNMAPPED_ADDR + 4
  STORE_FAULT sd, UNMAPPED_ADDR
  STORE_FAULT sd, 0
  STORE_FAULT sw, UVS_IOMMU_BASE + 0x1000
  STORE_FAULT sd, UVS_HOSTIF_BASE + 0x40
  STORE_FAULT sd, UVS_SRAM_BASE + UVS_SRAM_MIN_SIZE
  STORE_FAULT sb, UVS_HBM_BASE + 0x1000
  AMO_FAULT amoswap.w, UNMAPPED_ADDR
  AMO_FAULT amoadd.d, UNMAPPED_ADDR + 8
  AMO_FAULT amoor.w, UVS_IOMMU_BASE + 4
  AMO_FAULT amomaxu.d, UVS_SRAM_BASE + UVS_SRAM_MIN_SIZE
  PASS

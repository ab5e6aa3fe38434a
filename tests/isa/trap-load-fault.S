/*
 * trap-load-fault: load access fault (mcause 5; privileged spec 3.1.15-16;
 * architecture.md "Memory map": unmapped addresses, reserved regions and
 * addresses past the populated SRAM answer with a bus error). mepc = the
 * load, mtval = the address, rd not written.
 */
#include "uvs_test.h"

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

TEST_MAIN
  LOAD_FAULT lb, UNMAPPED_ADDR
  LOAD_FAULT lbu, UNMAPPED_ADDR + 3
  LOAD_FAULT lh, UNMAPPED_ADDR + 2
  LOAD_FAULT lhu, UNMAPPED_ADDR + 6
  LOAD_FAULT lw, UNMAPPED_ADDR + 4
  LOAD_FAULT lwu, UNMAPPED_ADDR
  LOAD_FAULT ld, UNMAPPED_ADDR
  LOAD_FAULT ld, 0                                   /* address 0: below the ROM */
  LOAD_FAULT ld, UVS_IOMMU_BASE + 0x1000             /* IOMMU window past its registers */
  LOAD_FAULT lw, UVS_DMA_BASE + 0x10                 /* reserved region */
  LOAD_FAULT ld, UVS_SRAM_BASE + UVS_SRAM_MIN_SIZE            /* past the populated SRAM of the base configuration */
  LOAD_FAULT ld, UVS_HBM_BASE                        /* reserved: HBM window */
  LOAD_FAULT lr.d, UNMAPPED_ADDR + 8                 /* LR is a load */
  /* the last populated dword (inside the DTB area) loads fine */
  CASE
  li a1, UVS_SRAM_BASE + UVS_SRAM_MIN_SIZE - 8
  ARM_TRAP 1f
  ld a0, 0(a1)
1:
  EXPECT_NO_TRAP
  PASS

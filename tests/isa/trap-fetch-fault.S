/*
 * trap-fetch-fault: instruction access fault (mcause 1; privileged spec
 * 3.1.15-3.1.16, architecture.md "Memory map": a fetch from an unmapped
 * address gets a bus error). mepc = mtval = the address fetched; the jump
 * that got there retired and wrote its link register.
 */
#include "uvs_test.h"

/* FETCH_FAULT addr: new case; jalr to addr must fault on the fetch there. */
.macro FETCH_FAULT addr
  CASE
  li a1, \addr
  li ra, 0
  ARM_TRAP .Lff_resume\@
.Lff_jump\@:
  jalr ra, 0(a1)
.Lff_resume\@:
  li s6, 0
  EXPECT s9, CAUSE_FETCH_ACCESS
  EXPECT_REG s10, a1
  EXPECT_REG s11, a1
  EXPECT_ADDR ra, .Lff_resume\@      /* link = jalr + 4 */
.endm

TEST_MAIN
  FETCH_FAULT UNMAPPED_ADDR                     /* hole in the map */
  FETCH_FAULT (UVS_IOMMU_BASE + 0x100)          /* MMIO: fetches get an error response */
  FETCH_FAULT (UVS_SRAM_BASE + UVS_SRAM_MIN_SIZE)        /* just past the populated SRAM of the base configuration */
  FETCH_FAULT 0x0000000000000ffc                /* just below the boot ROM */
  /* A JAL-free way in: MRET to an unmapped address (mepc written). */
  CASE
  li a1, UNMAPPED_ADDR + 0x40
  csrw mepc, a1
  li t0, MSTATUS_MPP_M
  csrs mstatus, t0
  ARM_TRAP 1f
  mret
1:
  li s6, 0
  EXPECT s9, CAUSE_FETCH_ACCESS
  EXPECT_REG s10, a1
  EXPECT_REG s11, a1
  PASS

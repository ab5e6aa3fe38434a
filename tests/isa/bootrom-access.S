/*
 * bootrom-access: the boot ROM as the harts see it (docs/architecture.md,
 * "Boot flow"; memmap.def BOOTROM): its first code word is `csrr a0,
 * mhartid`, its entry word is this program's entry; it is read-only, so a
 * store or an AMO is a store/AMO access fault (mcause 7) and an LR a load
 * access fault (mcause 5), mepc = the instruction, mtval = the address.
 * Run on the simulator's C ROM and on the boards' RTL ROM
 * (boards/common/uvs_axi_bootrom.sv): both must answer alike.
 */
#include "uvs_test.h"

/* ROM_FAULT cause, insn...: new case; the instruction (a1 = the ROM address) must fault. */
.macro ROM_FAULT cause, insn:vararg
  CASE
  li a1, UVS_BOOTROM_BASE + 0x40
  li a2, 0x1234
  li a0, 0x5a5a
  ARM_TRAP .Lrf_resume\@
.Lrf_insn\@:
  \insn
.Lrf_resume\@:
  EXPECT_TRAP \cause, .Lrf_insn\@
  EXPECT_REG s11, a1
  EXPECT a0, 0x5a5a
.endm

TEST_MAIN
  CASE
  li a1, UVS_BOOTROM_BASE
  lwu a0, 0(a1)
  EXPECT a0, 0xf1402573                 /* csrr a0, mhartid */
  CASE
  ld a0, UVS_BOOTROM_ENTRY_OFF(a1)
  EXPECT_ADDR a0, _start
  CASE
  lw a0, UVS_BOOTROM_ENTRY_OFF + 0x100(a1)
  EXPECT a0, 0                          /* past the image: zero */
  ROM_FAULT CAUSE_STORE_ACCESS, sd a2, 0(a1)
  ROM_FAULT CAUSE_STORE_ACCESS, sb a2, 0(a1)
  ROM_FAULT CAUSE_STORE_ACCESS, amoadd.d a0, a2, (a1)
  ROM_FAULT CAUSE_STORE_ACCESS, sc.d a0, a2, (a1)
  ROM_FAULT CAUSE_LOAD_ACCESS, lr.d a0, (a1)
  PASS

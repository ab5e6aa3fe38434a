/*
 * trap-fetch-misaligned: instruction address misaligned (mcause 0) without
 * the C extension (IALIGN = 32; unprivileged spec 2.2, 2.5; privileged spec
 * 3.1.15-3.1.16): a taken JAL, JALR or branch to a target that is not
 * 4-byte aligned traps on the jump itself: mepc = the jump, mtval = the
 * target, the link register is not written. A not-taken branch and a JALR
 * whose target is only odd (bit 0 is cleared) do not trap.
 */
#include "uvs_test.h"

TEST_MAIN
  /* 1: JAL to an address 2 bytes past an aligned label. */
  CASE
  li ra, 0x5a
  ARM_TRAP 1f
2:
  jal ra, target + 2
1:
  EXPECT_TRAP CAUSE_FETCH_MISALIGNED, 2b
  la t0, target + 2
  EXPECT_REG s11, t0
  EXPECT ra, 0x5a
  /* 2: JALR to a target with bit 1 set. */
  CASE
  li t1, 0x5b
  la a1, target
  ARM_TRAP 1f
2:
  jalr t1, 2(a1)
1:
  EXPECT_TRAP CAUSE_FETCH_MISALIGNED, 2b
  addi t0, a1, 2
  EXPECT_REG s11, t0
  EXPECT t1, 0x5b
  /* 3: JALR target + 3: bit 0 cleared, bit 1 still set: traps at +2. */
  CASE
  ARM_TRAP 1f
2:
  jalr x0, 3(a1)
1:
  EXPECT_TRAP CAUSE_FETCH_MISALIGNED, 2b
  addi t0, a1, 2
  EXPECT_REG s11, t0
  /* 4: JALR target + 1: bit 0 cleared, aligned: no trap, lands on target. */
  CASE
  la ra, 1f
  ARM_TRAP 1f
  jalr t1, 1(a1)          /* target returns through ra */
1:
  EXPECT_NO_TRAP
  EXPECT a0, 0x7a         /* set by target */
  /* 5: taken branch to a misaligned target. */
  CASE
  ARM_TRAP 1f
2:
  beq x0, x0, target + 2
1:
  EXPECT_TRAP CAUSE_FETCH_MISALIGNED, 2b
  la t0, target + 2
  EXPECT_REG s11, t0
  /* 6: not-taken branch to a misaligned target: no trap. */
  CASE
  ARM_TRAP 1f
  bne x0, x0, target + 2
1:
  EXPECT_NO_TRAP
  /* 7: BLTU taken backward to a misaligned target. */
  CASE
  li a2, 1
  ARM_TRAP 1f
2:
  bltu x0, a2, target + 6
1:
  EXPECT_TRAP CAUSE_FETCH_MISALIGNED, 2b
  la t0, target + 6
  EXPECT_REG s11, t0
  PASS

/* target: a0 = 0x7a, return through ra. Never entered at +2 or +6. */
  .balign 8
target:
  li a0, 0x7a
  jr ra

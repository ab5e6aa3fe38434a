/*
 * zifencei: FENCE.I (unprivileged spec chapter "Zifencei"): after a store
 * overwrites an instruction and FENCE.I executes, the new instruction runs.
 * Also FENCE (all variants) executes as an ordering no-op here.
 */
#include "uvs_test.h"

TEST_MAIN
  /* 1: patch `li a0, 1` into `li a0, 2` */
  CASE
  call patchme
  EXPECT a0, 1
  la a1, patchme
  la a2, insn_li2
  lw a3, 0(a2)
  sw a3, 0(a1)
  fence.i
  call patchme
  EXPECT a0, 2
  /* 2: patch it back (the code is executed a second time after change) */
  CASE
  la a2, insn_li1
  lw a3, 0(a2)
  sw a3, 0(a1)
  fence.i
  call patchme
  EXPECT a0, 1
  /* 3: patch straight-line code just ahead of the PC */
  CASE
  la a1, 2f
  la a2, insn_li2
  lw a3, 0(a2)
  li a0, 0
  sw a3, 0(a1)
  fence.i
2:
  li a0, 1              /* replaced by li a0, 2 */
  EXPECT a0, 2
  /* 4: FENCE variants */
  CASE
  li a0, 5
  fence
  fence rw, rw
  fence r, r
  fence w, w
  fence iorw, iorw
  fence.tso
  EXPECT a0, 5
  PASS

/* patchme: returns a0 = 1 (or whatever was patched in); writable code. */
  .balign 8
patchme:
  li a0, 1
  ret

/* Instruction words used as patch data (never executed in place). */
  .section .rodata
  .balign 4
insn_li1:
  li a0, 1
insn_li2:
  li a0, 2

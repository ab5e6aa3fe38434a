/*
 * mt-trap: traps of individual threads are reported with the thread's
 * block and index, cause, epc and tval while the other threads finish
 * (privileged spec v1.12 table 3.6 causes, 3.1.16 mtval). Thread g
 * (global index) does:
 *   1 load from an unmapped address 0x40000008       cause 5, tval address
 *   2 store to 0x40000010                           cause 7, tval address
 *   3 misaligned load (buffer + 1)                  cause 4, tval address
 *   4 csrw uvs.tid (read-only custom CSR)           cause 2, tval 0xcc001073
 *   5 ebreak                                        cause 3, tval = pc
 *   6 csrr a0, mstatus (M-mode CSR from U mode)     cause 2, tval 0x30002573
 *   7 jump to a 2-byte aligned target               cause 0
 *   8 jump to the unmapped 0x40000000               cause 1, tval 0x40000000
 *   9 exit status 42
 *  10 amoadd.d to 0x40000050 (AMO access fault)     cause 7, tval address
 *   others exit 0.
 */
#include "mt_test.h"

TEST_MAIN
  li t0, 1
  beq s0, t0, t_load
  li t0, 2
  beq s0, t0, t_store
  li t0, 3
  beq s0, t0, t_misaligned
  li t0, 4
  beq s0, t0, t_csrw
  li t0, 5
  beq s0, t0, t_ebreak
  li t0, 6
  beq s0, t0, t_mcsr
  li t0, 7
  beq s0, t0, t_jmis
  li t0, 8
  beq s0, t0, t_fetch
  li t0, 9
  beq s0, t0, t_status
  li t0, 10
  beq s0, t0, t_amo
  PASS

t_load:
  li t1, UNMAPPED
  slli t2, s0, 3
  add t1, t1, t2
  ld t3, 0(t1)
  EXIT_WITH 50
t_store:
  li t1, UNMAPPED
  slli t2, s0, 3
  add t1, t1, t2
  sd t2, 0(t1)
  EXIT_WITH 51
t_misaligned:
  la t1, buffer
  ld t3, 1(t1)
  EXIT_WITH 52
t_csrw:
  csrw UVS_MT_CSR_TID, zero
  EXIT_WITH 53
t_ebreak:
  ebreak
  EXIT_WITH 54
t_mcsr:
  csrr a0, mstatus
  EXIT_WITH 55
t_jmis:
  la t1, t_status
  addi t1, t1, 2
  jr t1
  EXIT_WITH 56
t_fetch:
  li t1, UNMAPPED
  jr t1
  EXIT_WITH 57
t_status:
  EXIT_WITH 42
t_amo:
  li t1, UNMAPPED
  slli t2, s0, 3
  add t1, t1, t2
  amoadd.d t3, t2, (t1)
  EXIT_WITH 58

  .data
  .balign 8
buffer:
  .dword 0, 0

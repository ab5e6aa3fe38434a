/*
 * mt-csr: the thread-index and counter CSRs of uvs_mt_core
 * (include/uvmsoc/mt.def; unprivileged spec ch. 10 for cycle/instret):
 * uvs.tid/uvs.bid agree with the launcher's global index in a0
 * (a0 = bid * ntid + tid), ntid * nbid = threads in the grid (a1),
 * uvs.hwtid < uvs.nhwt, uvs.hartid >= 1 (compute harts follow hart 0),
 * instret counts exactly the instructions between two reads, cycle
 * advances. Exit status = number of the failing check.
 */
#include "mt_test.h"

TEST_MAIN
  csrr t0, UVS_MT_CSR_TID
  csrr t1, UVS_MT_CSR_BID
  csrr t2, UVS_MT_CSR_NTID
  csrr t3, UVS_MT_CSR_NBID
  /* 1: bid * ntid + tid == a0 */
  mul a2, t1, t2
  add a2, a2, t0
  CHECK_REG a2, s0, 1
  /* 2: ntid * nbid == a1 */
  mul a2, t2, t3
  CHECK_REG a2, s1, 2
  /* 3: tid < ntid, 4: bid < nbid */
  bltu t0, t2, 1f
  EXIT_WITH 3
1:
  bltu t1, t3, 1f
  EXIT_WITH 4
1:
  /* 5: hwtid < nhwt */
  csrr t0, UVS_MT_CSR_HWTID
  csrr t1, UVS_MT_CSR_NHWT
  bltu t0, t1, 1f
  EXIT_WITH 5
1:
  /* 6: hartid >= 1 */
  csrr t0, UVS_MT_CSR_HARTID
  bnez t0, 1f
  EXIT_WITH 6
1:
  /* 7: instret advances by exactly 4 over: csrr; addi; load; mul; csrr */
  la a3, word
  csrr t0, instret
  addi t1, t1, 1
  ld t2, 0(a3)
  mul t3, t1, t1
  csrr t4, instret
  sub t4, t4, t0
  CHECK t4, 4, 7
  /* 8: instret at least the instructions run so far (> 20) */
  li t1, 20
  CHECK_GEU t0, t1, 8
  /* 9: cycle advances over the same kind of sequence */
  csrr t0, cycle
  ld t2, 0(a3)
  csrr t1, cycle
  sub t1, t1, t0
  li t2, 2
  CHECK_GEU t1, t2, 9
  /* 10: read-only CSR read with rs1 = x0 (csrrs) is legal: value again */
  csrrs t0, UVS_MT_CSR_TID, zero
  csrr t1, UVS_MT_CSR_TID
  CHECK_REG t0, t1, 10
  PASS

  .data
  .balign 8
word:
  .dword 7

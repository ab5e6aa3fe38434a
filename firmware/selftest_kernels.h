/*
 * Kernel self-tests on the compute harts (selected like the other
 * self-tests by /chosen/uvmsoc,selftest, see selftest.h). The firmware
 * loads the kernel images it carries (kernel_images.h), prepares data in
 * UVS_KERNEL_DATA (include/uvmsoc/kernel.def), launches on every usable
 * compute hart and checks the results in M mode:
 *  "kernels": memcpy and fill byte for byte (with guard bytes), crc32c
 *      against the RFC 3720 check value and a bitwise M-mode reference,
 *      axpy on int64 against an M-mode loop.
 *  "kernel-abort": illegal instruction, load access fault at an unmapped
 *      address, store access fault, ebreak, unknown ECALL and a nonzero
 *      exit status; each must be reported with thread, hart, cause and
 *      address, and a following memcpy launch must succeed.
 *  "kernel-timeout": a kernel that never ends must be stopped after its
 *      timeout and reported; a following launch must succeed.
 *  "kernel-launch-errors": bad entry, bad argument block, too many threads,
 *      block_dim above 1 must be rejected without running anything.
 * One console line per check ("selftest <name>: <check>: PASS|FAIL ..."),
 * then "selftest <name>: PASS" or "FAIL".
 */
#ifndef UVS_SELFTEST_KERNELS_H
#define UVS_SELFTEST_KERNELS_H

#include "platform.h"

/**
 * Runs kernel self-test `name` (see above). Returns UVS_FW_EXIT_OK on
 * success, UVS_FW_EXIT_SELFTEST on failure or when there is no usable
 * compute hart, or -1 if `name` is not a kernel self-test.
 */
int uvs_selftest_kernels(const struct uvs_platform *p, const char *name);

#endif /* UVS_SELFTEST_KERNELS_H */

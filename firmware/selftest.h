/*
 * Firmware self-tests, selected by the device tree property
 * /chosen/uvmsoc,selftest (a test DTB under tests/firmware/ sets it):
 *  "illegal-instruction": executes an all-zero instruction word (always
 *      illegal: RISC-V unprivileged spec 20191213, section 1.5); the trap
 *      handler must report it and exit with UVS_FW_EXIT_FATAL_TRAP. The
 *      word's address is the ELF symbol uvs_selftest_illegal_insn.
 *  "timer": arms the CLINT mtimecmp of this hart, takes the machine timer
 *      interrupt through the trap handler and reports the elapsed ticks.
 *  "kernels", "kernel-abort", "kernel-timeout", "kernel-launch-errors":
 *      kernel launches on the compute harts (selftest_kernels.h).
 */
#ifndef UVS_SELFTEST_H
#define UVS_SELFTEST_H

#include <stdint.h>

#include "platform.h"

/** Ticks from arming mtimecmp to the expected timer interrupt (100 us at 10 MHz). */
#define UVS_SELFTEST_TIMER_TICKS 1000u

/**
 * Runs the self-test `p->selftest` on hart `hartid`.
 * Returns UVS_FW_EXIT_OK when it passed, UVS_FW_EXIT_SELFTEST when it
 * failed or the name is unknown (a console line says why); the
 * "illegal-instruction" test does not return when the trap path works.
 */
int uvs_selftest_run(const struct uvs_platform *p, uint64_t hartid);

#endif /* UVS_SELFTEST_H */

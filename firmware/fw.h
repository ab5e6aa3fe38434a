/*
 * uvmsoc management-hart firmware: version and exit statuses.
 *
 * The firmware ends through HTIF tohost (docs/architecture.md, "Boot flow"):
 * the simulator exits with the status below. 100 (UVS_FW_EXIT_FATAL_TRAP)
 * comes from include/uvmsoc/sim.def; the others are the firmware's own and
 * stay inside the pass-through range 1..UVS_EXIT_STATUS_MAX (119).
 */
#ifndef UVS_FW_H
#define UVS_FW_H

#include <uvmsoc/sim.h>

/** Firmware version printed in the boot banner "uvmsoc firmware <version>". */
#define UVS_FW_VERSION "0.1.0"

/** Exit status: every step succeeded. */
#define UVS_FW_EXIT_OK 0

/**
 * Exit status: a1 holds no usable flattened device tree (NULL, misaligned,
 * outside the SRAM window, or fdt_check_header() rejects it: bad magic,
 * version or block offsets).
 */
#define UVS_FW_EXIT_BAD_DTB 101

/**
 * Exit status: the device tree is well formed but does not describe a
 * platform the firmware can run on (no /cpus or cpu nodes, no memory node,
 * no ns16550 UART, no CLINT, no timebase-frequency, malformed property).
 */
#define UVS_FW_EXIT_BAD_PLATFORM 102

/**
 * Exit status: the self-test named by /chosen/uvmsoc,selftest is unknown or
 * failed (see selftest.h).
 */
#define UVS_FW_EXIT_SELFTEST 103

#endif /* UVS_FW_H */

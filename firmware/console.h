/*
 * Firmware console: picolibc stdio (stdout, stderr) on a 16550 UART.
 *
 * Until the device tree has been read, the console uses the early UART at
 * the fixed address UVS_UART0_BASE (reg-shift 0, byte access: memmap.def);
 * uvs_console_use() then switches to the UART the device tree describes.
 * Lines end in "\n" only (no CR insertion).
 */
#ifndef UVS_CONSOLE_H
#define UVS_CONSOLE_H

#include "ns16550.h"

/** Selects the early fixed-address UART (before the DTB is parsed). */
void uvs_console_init_early(void);

/** Sends all later console output to `uart` (copied; must be initialised). */
void uvs_console_use(const struct uvs_ns16550 *uart);

#endif /* UVS_CONSOLE_H */

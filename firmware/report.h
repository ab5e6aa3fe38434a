/* Boot report: the table of what the firmware discovered. */
#ifndef UVS_REPORT_H
#define UVS_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "platform.h"

/**
 * Prints the discovered platform `p` on stdout as a two-column table:
 * device tree (address `dtb`, `dtb_size` bytes), model, compatible, harts
 * (count by role, then one line per hart: id, role, ISA, status; the line
 * of `boot_hartid` is marked "(this hart)"), memory regions, UART, CLINT
 * and timebase.
 */
void uvs_report_platform(const struct uvs_platform *p, uint64_t boot_hartid,
			 const void *dtb, size_t dtb_size);

#endif /* UVS_REPORT_H */

/* Run statistics (--stats) and the wall clock they use. */
#ifndef UVS_SIM_STATS_H
#define UVS_SIM_STATS_H

#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** uvs_wall_seconds - monotonic wall-clock time in seconds (CLOCK_MONOTONIC). */
double uvs_wall_seconds(void);

/**
 * uvs_stats_print - print one line to @f:
 * "uvmsoc-sim: stats: cycles C (U us at F MHz), retired R (IPC x), wall W s,
 * M simulated MHz".
 * @cycles: clock cycles simulated; @clock_khz: the device clock (kHz) that
 * turns them into microseconds (0 us for 0); @retired: instructions retired, all harts;
 * @wall_s: wall-clock seconds of the simulation loop (MHz 0 when 0).
 */
void uvs_stats_print(FILE *f, uint64_t cycles, uint32_t clock_khz, uint64_t retired, double wall_s);

#ifdef __cplusplus
}
#endif
#endif

/* Run statistics (--stats). */
#include "stats.h"

#include <time.h>

double uvs_wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void uvs_stats_print(FILE *f, uint64_t cycles, uint32_t clock_khz, uint64_t retired, double wall_s)
{
    double us = clock_khz ? (double)cycles * 1e3 / (double)clock_khz : 0.0;
    double mhz = wall_s > 0 ? (double)cycles / wall_s / 1e6 : 0.0;
    double ipc = cycles ? (double)retired / (double)cycles : 0.0;
    fprintf(f, "uvmsoc-sim: stats: cycles %llu (%.3f us at %.3f MHz), retired %llu (IPC %.3f), wall %.3f s, "
            "%.2f simulated MHz\n", (unsigned long long)cycles, us, clock_khz / 1e3, (unsigned long long)retired,
            ipc, wall_s, mhz);
}

/* Run statistics (--stats). */
#include "stats.h"

#include <time.h>

double uvs_wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void uvs_stats_print(FILE *f, uint64_t cycles, uint64_t retired, double wall_s)
{
    double mhz = wall_s > 0 ? (double)cycles / wall_s / 1e6 : 0.0;
    double ipc = cycles ? (double)retired / (double)cycles : 0.0;
    fprintf(f, "uvmsoc-sim: stats: cycles %llu, retired %llu (IPC %.3f), wall %.3f s, "
            "%.2f simulated MHz\n", (unsigned long long)cycles, (unsigned long long)retired,
            ipc, wall_s, mhz);
}

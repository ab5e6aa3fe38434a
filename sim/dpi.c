/*
 * DPI functions called by the RTL (docs/architecture.md, "Simulator"); the
 * prototypes must match the imports in rtl/soc (the build compiles this file
 * against Verilator's generated V<top>__Dpi.h to check them).
 */
#include <stdint.h>
#include <stdio.h>

#include "retire_log.h"
#include "sim.h"

/* One bus access of port 2*hart + (0 fetch, 1 data); returns 1 for a bus error. */
int uvs_dpi_mem(int port, long long addr, char we, char be, long long wdata, char amo,
                long long *rdata)
{
    uint64_t r;
    int rc = uvs_mem_access(&uvs_sim.mem, (unsigned)port, (uint64_t)addr, we != 0, (uint8_t)be,
                            (uint64_t)wdata, (uint8_t)amo, &r);
    *rdata = (long long)r;
    if (uvs_sim.mem.tohost_written)
        uvs_sim_tohost();
    return rc != 0;
}

/* A byte written to the UART's THR: to stdout. */
void uvs_dpi_uart_tx(char c)
{
    putchar((unsigned char)c);
}

/* One retired instruction: a line of the retire log (sim/retire_log.h). */
void uvs_dpi_retire(int hart, long long cycle, long long pc, int insn, int rd, long long wdata)
{
    char line[UVS_RETIRE_LOG_LINE_MAX];
    if (!uvs_sim.retire_log)
        return;
    if (uvs_retire_log_format(line, sizeof line, (uint64_t)cycle, (unsigned)hart, (uint64_t)pc,
                              (uint32_t)insn, (unsigned)rd, (uint64_t)wdata) > 0)
        fputs(line, uvs_sim.retire_log);
}

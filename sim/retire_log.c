/* Retire log line format (see retire_log.h). */
#include "retire_log.h"

#include <errno.h>
#include <stdio.h>

int uvs_retire_log_format(char *buf, size_t len, uint64_t cycle, unsigned hart, uint64_t pc,
                          uint32_t insn, unsigned rd, uint64_t wdata)
{
    int n;
    if (len < UVS_RETIRE_LOG_LINE_MAX || rd > 31)
        return -EINVAL;
    if (rd != 0)
        n = snprintf(buf, len, "%llu %u %016llx %08x x%u %016llx\n", (unsigned long long)cycle,
                     hart, (unsigned long long)pc, (unsigned)insn, rd, (unsigned long long)wdata);
    else
        n = snprintf(buf, len, "%llu %u %016llx %08x - -\n", (unsigned long long)cycle, hart,
                     (unsigned long long)pc, (unsigned)insn);
    return n;
}

/*
 * uvmsoc-sim access trace recorder (sim/trace_rec.h).
 */
#include "trace_rec.h"

#include <errno.h>
#include <uvmsoc/memmap.h>

#include "sim.h"
#include "uvs_trace.h"

static struct uvs_trace_writer *writer;
static int write_err;

int uvs_trace_rec_open(const char *path, uint64_t hbm_bytes)
{
    struct uvs_trace_hdr h = {.hbm_frames = hbm_bytes / UVS_TRACE_PAGE, .contexts = UVS_UVA_DID + 1};
    write_err = 0;
    return uvs_trace_writer_open(path, &h, &writer);
}

bool uvs_trace_rec_active(void)
{
    return writer != NULL;
}

void uvs_trace_rec_access(unsigned req, uint64_t va, uint64_t pa, bool write, bool fault, uint64_t cycle)
{
    if (!writer)
        return;
    uint8_t fl = (write ? UVS_TRACE_F_WRITE : 0) | (fault ? UVS_TRACE_F_FAULT : 0);
    if (uvs_mem_is_hbm(&uvs_sim.mem, pa))
        fl |= UVS_TRACE_F_HBM;
    else if (pa - UVS_HOSTWIN_BASE < UVS_HOSTWIN_SIZE)
        fl |= UVS_TRACE_F_HOST;
    struct uvs_trace_rec r = {.cycle = cycle, .page = va / UVS_TRACE_PAGE, .ctx = UVS_UVA_DID, .req = (uint8_t)req,
                              .flags = fl};
    int e = uvs_trace_write(writer, &r);
    if (e && !write_err)
        write_err = e;
}

int uvs_trace_rec_close(void)
{
    if (!writer)
        return 0;
    int e = uvs_trace_writer_close(writer);
    writer = NULL;
    return write_err ? write_err : e;
}

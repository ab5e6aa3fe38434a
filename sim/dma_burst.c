/* uvmsoc-sim: timing of the DMA engine's AXI bursts (see dma_burst.h). */
#include "dma_burst.h"

/* Memory-system channel of a location for data moving to the host or not. */
static enum uvs_memsys_chan chan(enum uvs_loc loc, int to_host)
{
    if (loc == UVS_LOC_HOST)
        return to_host ? UVS_MEMSYS_LINK_D2H : UVS_MEMSYS_LINK_H2D;
    return loc == UVS_LOC_HBM ? UVS_MEMSYS_HBM : UVS_MEMSYS_SRAM;
}

/* 16.16 cycles rounded up to a cycle after @now. */
static uint64_t cycle_after(uint64_t fx, uint64_t now)
{
    uint64_t c = (fx >> 16) + ((fx & 0xffff) != 0);
    return c > now ? c : now + 1;
}

uint64_t uvs_dma_burst_read_fx(struct uvs_memsys *ms, const struct uvs_link_model *m, enum uvs_loc loc,
                               uint64_t start_fx, uint64_t bytes, uint64_t *moved_fx)
{
    enum uvs_memsys_chan c = chan(loc, 0);
    if (loc == UVS_LOC_HOST) { /* request out over the link, completion back */
        uint64_t lat = (uint64_t)m->latency << 16;
        *moved_fx = uvs_memsys_xfer_fx(ms, c, start_fx + lat, bytes);
        return *moved_fx + lat;
    }
    *moved_fx = uvs_memsys_xfer_fx(ms, c, start_fx, bytes);
    return *moved_fx + ((uint64_t)ms->ch[c].latency << 16);
}

uint64_t uvs_dma_burst_write_fx(struct uvs_memsys *ms, enum uvs_loc loc, uint64_t start_fx, uint64_t bytes)
{
    enum uvs_memsys_chan c = chan(loc, 1);
    uint64_t w = uvs_memsys_xfer_fx(ms, c, start_fx, bytes);
    return loc == UVS_LOC_HOST ? w : w + ((uint64_t)ms->ch[c].latency << 16);
}

uint64_t uvs_dma_burst_read(struct uvs_memsys *ms, const struct uvs_link_model *m, enum uvs_loc loc, uint64_t now,
                            uint64_t bytes)
{
    uint64_t moved;
    return cycle_after(uvs_dma_burst_read_fx(ms, m, loc, now << 16, bytes, &moved), now);
}

uint64_t uvs_dma_burst_write(struct uvs_memsys *ms, enum uvs_loc loc, uint64_t now, uint64_t bytes)
{
    return cycle_after(uvs_dma_burst_write_fx(ms, loc, now << 16, bytes), now);
}

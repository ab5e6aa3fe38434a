/* uvmsoc-sim link and memory timing model (see link.h for the sources). */
#include "link.h"

#include <errno.h>
#include <stdlib.h>

void uvs_link_defaults(struct uvs_link_model *m)
{
    m->clock_khz = 1000000;
    m->latency = 500;
    m->bw_fx = 25u << 16;
    m->mps = 256;
    m->hbm_latency = 100;
    m->hbm_bw_fx = 256u << 16;
    m->sram_latency = 1;
    m->sram_bw_fx = 32u << 16;
    m->cost_mmio = 50;
    m->cost_irq = 2000;
}

uint64_t uvs_link_xfer(uint64_t bytes, uint32_t bw_fx)
{
    if (bw_fx == 0)
        bw_fx = 1;
    if (bytes > (UINT64_MAX >> 17)) /* far beyond any DMA length: avoid overflow */
        return bytes / (bw_fx >> 16 ? bw_fx >> 16 : 1);
    return ((bytes << 16) + bw_fx - 1) / bw_fx;
}

static uint64_t lat(const struct uvs_link_model *m, enum uvs_loc loc)
{
    switch (loc) {
    case UVS_LOC_HOST: return 2ull * m->latency;
    case UVS_LOC_HBM: return m->hbm_latency;
    case UVS_LOC_SRAM: return m->sram_latency;
    default: return 1;
    }
}

static uint32_t bw(const struct uvs_link_model *m, enum uvs_loc loc)
{
    switch (loc) {
    case UVS_LOC_HOST: return m->bw_fx;
    case UVS_LOC_HBM: return m->hbm_bw_fx;
    case UVS_LOC_SRAM: return m->sram_bw_fx;
    default: return 1u << 16;
    }
}

uint64_t uvs_link_read(const struct uvs_link_model *m, enum uvs_loc loc, uint64_t bytes)
{
    return lat(m, loc) + uvs_link_xfer(bytes, bw(m, loc));
}

uint64_t uvs_link_write(const struct uvs_link_model *m, enum uvs_loc loc, uint64_t bytes)
{
    uint64_t t = uvs_link_xfer(bytes, bw(m, loc));
    return loc == UVS_LOC_HOST ? t : t + lat(m, loc);
}

uint64_t uvs_link_stream(const struct uvs_link_model *m, enum uvs_loc src, enum uvs_loc dst, uint64_t bytes)
{
    if (src == dst && src != UVS_LOC_HOST)
        return uvs_link_xfer(2 * bytes, bw(m, src));
    uint64_t a = uvs_link_xfer(bytes, bw(m, src)), b = uvs_link_xfer(bytes, bw(m, dst));
    return a > b ? a : b;
}

uint64_t uvs_link_copy(const struct uvs_link_model *m, enum uvs_loc src, enum uvs_loc dst, uint64_t bytes)
{
    return lat(m, src) + uvs_link_stream(m, src, dst, bytes) + (dst == UVS_LOC_HOST ? 0 : lat(m, dst));
}

int uvs_link_parse_bw(const char *s, uint32_t *bw_fx)
{
    char *end;
    if (!s || *s < '0' || *s > '9')
        return -EINVAL;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || !(v > 0.0) || v > 65535.0)
        return -EINVAL;
    uint64_t fx = (uint64_t)(v * 65536.0 + 0.5);
    if (fx == 0)
        return -EINVAL;
    *bw_fx = (uint32_t)fx;
    return 0;
}

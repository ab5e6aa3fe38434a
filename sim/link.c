/* uvmsoc-sim link and memory timing model (see link.h for the sources). */
#include "link.h"

#include <errno.h>
#include <stdlib.h>

uint64_t uvs_ns_to_cycles(uint64_t ns, uint32_t clock_khz)
{
    /* cycles = ns x kHz / 1e6, to the nearest */
    return (uint64_t)(((unsigned __int128)ns * clock_khz + 500000) / 1000000);
}

/* MB/s as bytes per cycle (16.16) at @mhz, rounded to the nearest, at least 1/65536. */
static uint32_t mbps_fx(uint64_t mbps, uint32_t mhz)
{
    uint64_t fx = ((mbps << 16) + mhz / 2) / mhz;
    return fx == 0 ? 1 : fx > UINT32_MAX ? UINT32_MAX : (uint32_t)fx;
}

int uvs_link_at_clock(struct uvs_link_model *m, uint32_t clock_mhz)
{
    if (clock_mhz == 0 || clock_mhz > UVS_CLOCK_MHZ_MAX)
        return -EINVAL;
    uint32_t khz = clock_mhz * 1000u;
    uint32_t ports = UVS_HBM_PORTS * UVS_HBM_PORT_BYTES << 16; /* what the AXI ports carry per cycle */
    uint32_t stack = mbps_fx(UVS_HBM_STACK_MBPS, clock_mhz);
    uint64_t hl = uvs_ns_to_cycles(UVS_HBM_NS, khz);
    m->clock_khz = khz;
    m->latency = (uint32_t)uvs_ns_to_cycles(UVS_LINK_NS, khz);
    m->bw_fx = mbps_fx(UVS_LINK_MBPS, clock_mhz);
    m->mps = UVS_LINK_MPS;
    m->hbm_latency = hl < 1 ? 1 : hl > 65535 ? 65535 : (uint32_t)hl;
    m->hbm_bw_fx = stack < ports ? stack : ports;
    m->sram_latency = UVS_SRAM_CYCLES;
    m->sram_bw_fx = UVS_SRAM_BYTES << 16;
    m->dma_bw_fx = UVS_DMA_PORTS * UVS_DMA_PORT_BYTES << 16;
    m->dma_tags = UVS_DMA_TAGS;
    m->cost_mmio = (uint32_t)uvs_ns_to_cycles(UVS_COST_MMIO_NS, khz);
    m->cost_irq = (uint32_t)uvs_ns_to_cycles(UVS_COST_IRQ_NS, khz);
    return 0;
}

void uvs_link_defaults(struct uvs_link_model *m)
{
    (void)uvs_link_at_clock(m, UVS_CLOCK_MHZ);
}

uint64_t uvs_link_xfer(uint64_t bytes, uint32_t bw_fx)
{
    if (bw_fx == 0)
        bw_fx = 1;
    if (bytes > (UINT64_MAX >> 17)) /* far beyond any DMA length: avoid overflow */
        return bytes / (bw_fx >> 16 ? bw_fx >> 16 : 1);
    return ((bytes << 16) + bw_fx - 1) / bw_fx;
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

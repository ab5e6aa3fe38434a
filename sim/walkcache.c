/* uvmsoc-sim line cache of the IOMMU's memory master (see walkcache.h). */
#include "walkcache.h"

#include <stdbool.h>

/* One line: its number (address / UVS_WALKC_LINE) and last use. */
struct walkc_line {
    uint64_t tag;
    uint64_t used; /* access count at the last hit or fill; 0 = empty */
};

static struct {
    struct walkc_line line[UVS_WALKC_LINES];
    uint64_t clock; /* accesses so far (LRU order) */
    struct uvs_walkc_stat st;
} wc;

uint64_t uvs_walkc_access(struct uvs_memsys *ms, uint64_t now, uint64_t addr, enum uvs_memsys_kind kind)
{
    if (kind != UVS_MEMSYS_READ || uvs_memsys_loc(addr) != UVS_LOC_HBM)
        return uvs_memsys_bus_access(ms, now, addr, 8, kind);
    uint64_t tag = addr / UVS_WALKC_LINE;
    unsigned victim = 0;
    wc.clock++;
    for (unsigned i = 0; i < UVS_WALKC_LINES; i++) {
        struct walkc_line *l = &wc.line[i];
        if (l->used && l->tag == tag) {
            l->used = wc.clock;
            wc.st.hits++;
            return now + UVS_WALKC_HIT_CYCLES;
        }
        if (l->used < wc.line[victim].used)
            victim = i;
    }
    wc.st.misses++;
    wc.line[victim] = (struct walkc_line){.tag = tag, .used = wc.clock};
    return uvs_memsys_access(ms, UVS_LOC_HBM, now, UVS_WALKC_LINE, UVS_MEMSYS_READ);
}

struct uvs_walkc_stat uvs_walkc_stat(void)
{
    return wc.st;
}

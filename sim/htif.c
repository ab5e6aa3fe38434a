/* HTIF tohost decoding (include/uvmsoc/sim.def). */
#include "htif.h"

#include <uvmsoc/sim.h>

enum uvs_htif_result uvs_htif_decode(uint64_t v, int *status)
{
    if (v == 0)
        return UVS_HTIF_NONE;
    if (v == 1) {
        *status = (int)UVS_EXIT_PASS;
        return UVS_HTIF_PASS;
    }
    if (v & 1) {
        uint64_t s = v >> 1;
        *status = s > UVS_EXIT_STATUS_MAX ? (int)UVS_EXIT_STATUS_MAX : (int)s;
        return UVS_HTIF_FAIL;
    }
    *status = (int)UVS_EXIT_INTERNAL;
    return UVS_HTIF_BAD;
}

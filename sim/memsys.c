/* uvmsoc-sim shared memory channels with contention (see memsys.h). */
#include "memsys.h"

#include <errno.h>
#include <stdlib.h>
#include <uvmsoc/memmap.h>

/* Window length in 16.16 cycles. */
#define WIN_FX ((uint64_t)UVS_MEMSYS_WIN << 16)

static const char *const names[UVS_MEMSYS_NCHAN] = {"hbm", "link-d2h", "link-h2d", "sram"};

const char *uvs_memsys_name(enum uvs_memsys_chan c)
{
    return (unsigned)c < UVS_MEMSYS_NCHAN ? names[c] : "?";
}

void uvs_memsys_fini(struct uvs_memsys *ms)
{
    for (unsigned c = 0; c < UVS_MEMSYS_NCHAN; c++) {
        free(ms->ch[c].win_tag);
        free(ms->ch[c].win_used);
        ms->ch[c].win_tag = ms->ch[c].win_used = NULL;
    }
}

int uvs_memsys_init(struct uvs_memsys *ms, const struct uvs_link_model *m)
{
    const uint32_t bw[UVS_MEMSYS_NCHAN] = {m->hbm_bw_fx, m->bw_fx, m->bw_fx, m->sram_bw_fx};
    const uint32_t lat[UVS_MEMSYS_NCHAN] = {m->hbm_latency, m->latency, m->latency, m->sram_latency};
    for (unsigned c = 0; c < UVS_MEMSYS_NCHAN; c++)
        ms->ch[c].win_tag = ms->ch[c].win_used = NULL;
    for (unsigned c = 0; c < UVS_MEMSYS_NCHAN; c++)
        if (bw[c] == 0)
            return -EINVAL;
    for (unsigned c = 0; c < UVS_MEMSYS_NCHAN; c++) {
        struct uvs_memsys_ch *ch = &ms->ch[c];
        ch->bw_fx = bw[c];
        ch->latency = lat[c];
        ch->st = (struct uvs_memsys_stat){0};
        ch->win_tag = malloc(UVS_MEMSYS_NWIN * sizeof *ch->win_tag);
        ch->win_used = calloc(UVS_MEMSYS_NWIN, sizeof *ch->win_used);
        if (!ch->win_tag || !ch->win_used) {
            uvs_memsys_fini(ms);
            return -ENOMEM;
        }
        for (unsigned w = 0; w < UVS_MEMSYS_NWIN; w++)
            ch->win_tag[w] = UINT64_MAX;
    }
    return 0;
}

/* Ceiling of a 16.16 time to whole cycles. */
static uint64_t ceil_cycles(uint64_t t_fx)
{
    return (t_fx >> 16) + ((t_fx & 0xffff) != 0);
}

/*
 * Bytes (16.16) already placed in window w. A slot holding an older window
 * (at least UVS_MEMSYS_NWIN windows older) is claimed for w. A slot holding
 * a later window means w was overwritten by a reservation that far ahead:
 * w counts as full (@scratch = @cap), so the channel never moves more than
 * its bandwidth, at worst a request waits longer.
 */
static uint64_t *window(struct uvs_memsys_ch *ch, uint64_t w, uint64_t cap, uint64_t *scratch)
{
    unsigned slot = (unsigned)(w % UVS_MEMSYS_NWIN);
    if (ch->win_tag[slot] == w)
        return &ch->win_used[slot];
    if (ch->win_tag[slot] == UINT64_MAX || ch->win_tag[slot] < w) {
        ch->win_tag[slot] = w;
        ch->win_used[slot] = 0;
        return &ch->win_used[slot];
    }
    *scratch = cap;
    return scratch;
}

uint64_t uvs_memsys_xfer_fx(struct uvs_memsys *ms, enum uvs_memsys_chan c, uint64_t start_fx, uint64_t bytes)
{
    if ((unsigned)c >= UVS_MEMSYS_NCHAN || bytes == 0)
        return start_fx;
    struct uvs_memsys_ch *ch = &ms->ch[c];
    ch->st.bytes += bytes;
    ch->st.requests++;
    if (start_fx > (UINT64_MAX >> 2) || bytes > (UINT64_C(1) << 40)) /* beyond any simulation: no ledger */
        return start_fx + (uvs_link_xfer(bytes, ch->bw_fx) << 16);
    const uint64_t cap = (uint64_t)ch->bw_fx * UVS_MEMSYS_WIN; /* bytes 16.16 per window */
    uint64_t left = bytes << 16;                                /* bytes 16.16 still to place */
    uint64_t t = start_fx;                                      /* cycles 16.16 */
    for (uint64_t w = t / WIN_FX;; w++) {
        uint64_t wend = (w + 1) * WIN_FX;
        uint64_t scratch;
        uint64_t *used = window(ch, w, cap, &scratch);
        uint64_t free_b = *used < cap ? cap - *used : 0;
        uint64_t ws = w * WIN_FX;
        if (t < ws)
            t = ws;
        /* capacity this request can still use: what is free, and no more than the time left moves */
        uint64_t reach = (uint64_t)ch->bw_fx * (wend - t) >> 16;
        uint64_t avail = free_b < reach ? free_b : reach;
        if (left <= avail && left != 0) {
            /* The window's bytes move at full rate from its start in the order placed, so this
             * request finishes when all of them have moved, and not before t + its own time. */
            *used += left;
            uint64_t own = t + (left * 65536 + ch->bw_fx - 1) / ch->bw_fx;
            uint64_t all = ws + (*used * 65536 + ch->bw_fx - 1) / ch->bw_fx;
            return own > all ? own : all;
        }
        *used += avail;
        left -= avail;
        t = wend;
    }
}

uint64_t uvs_memsys_xfer(struct uvs_memsys *ms, enum uvs_memsys_chan c, uint64_t start, uint64_t bytes)
{
    if (start > (UINT64_MAX >> 17))
        start = UINT64_MAX >> 17;
    return ceil_cycles(uvs_memsys_xfer_fx(ms, c, start << 16, bytes));
}

uint64_t uvs_memsys_access(struct uvs_memsys *ms, enum uvs_loc loc, uint64_t now, uint64_t bytes,
                           enum uvs_memsys_kind kind)
{
    uint64_t done;
    switch (loc) {
    case UVS_LOC_HBM:
        done = uvs_memsys_xfer(ms, UVS_MEMSYS_HBM, now, bytes) + ms->ch[UVS_MEMSYS_HBM].latency;
        break;
    case UVS_LOC_SRAM:
        done = uvs_memsys_xfer(ms, UVS_MEMSYS_SRAM, now, bytes) + ms->ch[UVS_MEMSYS_SRAM].latency;
        break;
    case UVS_LOC_HOST: {
        uint64_t lat = ms->ch[UVS_MEMSYS_LINK_H2D].latency;
        if (kind == UVS_MEMSYS_WRITE) {
            done = uvs_memsys_xfer(ms, UVS_MEMSYS_LINK_D2H, now, bytes);
            break;
        }
        uint64_t out = now;
        if (kind == UVS_MEMSYS_ATOMIC)
            out = uvs_memsys_xfer(ms, UVS_MEMSYS_LINK_D2H, now, bytes);
        done = uvs_memsys_xfer(ms, UVS_MEMSYS_LINK_H2D, out + lat, bytes) + lat;
        break;
    }
    default:
        done = now + 1;
        break;
    }
    return done > now ? done : now + 1;
}

enum uvs_loc uvs_memsys_loc(uint64_t addr)
{
    if ((addr & ~(UVS_HBM_SIZE - 1)) == UVS_HBM_BASE)
        return UVS_LOC_HBM;
    if ((addr & ~(UVS_HOSTWIN_SIZE - 1)) == UVS_HOSTWIN_BASE)
        return UVS_LOC_HOST;
    return UVS_LOC_NONE;
}

uint64_t uvs_memsys_bus_access(struct uvs_memsys *ms, uint64_t now, uint64_t addr, uint32_t bytes,
                               enum uvs_memsys_kind kind)
{
    return uvs_memsys_access(ms, uvs_memsys_loc(addr), now, bytes, kind);
}

struct uvs_memsys_stat uvs_memsys_stat(const struct uvs_memsys *ms, enum uvs_memsys_chan c)
{
    struct uvs_memsys_stat z = {0};
    return (unsigned)c < UVS_MEMSYS_NCHAN ? ms->ch[c].st : z;
}

uint64_t uvs_memsys_util_ppm(const struct uvs_memsys *ms, enum uvs_memsys_chan c, uint64_t bytes, uint64_t cycles)
{
    if ((unsigned)c >= UVS_MEMSYS_NCHAN || cycles == 0)
        return 0;
    /* bytes / (bw_fx / 65536 x cycles) x 1e6, in 128-bit to avoid overflow */
    unsigned __int128 num = (unsigned __int128)bytes * 65536u * 1000000u;
    unsigned __int128 den = (unsigned __int128)ms->ch[c].bw_fx * cycles;
    return (uint64_t)(num / den);
}

void uvs_memsys_print(FILE *f, const struct uvs_memsys *ms, uint64_t cycles)
{
    for (unsigned c = 0; c < UVS_MEMSYS_NCHAN; c++) {
        const struct uvs_memsys_ch *ch = &ms->ch[c];
        uint64_t ppm = uvs_memsys_util_ppm(ms, (enum uvs_memsys_chan)c, ch->st.bytes, cycles);
        fprintf(f, "uvmsoc-sim: memsys: %-8s %llu bytes in %llu requests, %.2f B/cycle of %.2f, utilisation %.2f %%\n",
                names[c], (unsigned long long)ch->st.bytes, (unsigned long long)ch->st.requests,
                cycles ? (double)ch->st.bytes / (double)cycles : 0.0, ch->bw_fx / 65536.0, ppm / 10000.0);
    }
}

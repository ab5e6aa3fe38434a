/* Thrashing detection (see uvm_thrash.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

#include "uvm_thrash.h"

struct entry {
    uint64_t page;      /* page VA | 1 (0 = empty slot) */
    uint64_t last;      /* cycle of the last migration event */
    uint32_t did;
    uint16_t events;    /* consecutive thrashing events */
    uint16_t throttles; /* throttles given */
    bool pinned;
};

struct uvm_thrash {
    struct uvm_thrash_cfg cfg;
    struct entry *tab;
    size_t cap, used; /* cap a power of two */
    struct uvm_thrash_stats st;
};

int uvm_thrash_create(const struct uvm_thrash_cfg *cfg, struct uvm_thrash **out)
{
    if (!cfg || !out || cfg->threshold == 0 || cfg->lapse == 0)
        return -EINVAL;
    struct uvm_thrash *t = calloc(1, sizeof *t);
    if (!t)
        return -ENOMEM;
    t->cfg = *cfg;
    *out = t;
    return 0;
}

void uvm_thrash_destroy(struct uvm_thrash *t)
{
    if (!t)
        return;
    free(t->tab);
    free(t);
}

static size_t slot_of(const struct uvm_thrash *t, uint32_t did, uint64_t key)
{
    uint64_t h = (key ^ ((uint64_t)did << 48)) * 0x9e3779b97f4a7c15ull;
    return (size_t)(h >> 20) & (t->cap - 1);
}

/* The entry of (did, key), inserted when missing; NULL without memory. */
static struct entry *find(struct uvm_thrash *t, uint32_t did, uint64_t key)
{
    if (2 * (t->used + 1) > t->cap) {
        size_t ncap = t->cap ? 2 * t->cap : 1024;
        struct entry *n = calloc(ncap, sizeof *n);
        if (!n)
            return NULL;
        struct entry *old = t->tab;
        size_t ocap = t->cap;
        t->tab = n;
        t->cap = ncap;
        for (size_t i = 0; i < ocap; i++) {
            if (!old[i].page)
                continue;
            size_t s = slot_of(t, old[i].did, old[i].page);
            while (t->tab[s].page)
                s = (s + 1) & (t->cap - 1);
            t->tab[s] = old[i];
        }
        free(old);
    }
    size_t s = slot_of(t, did, key);
    while (t->tab[s].page && !(t->tab[s].page == key && t->tab[s].did == did))
        s = (s + 1) & (t->cap - 1);
    if (!t->tab[s].page) {
        t->tab[s] = (struct entry){.page = key, .did = did};
        t->used++;
    }
    return &t->tab[s];
}

int uvm_thrash_event(struct uvm_thrash *t, uint32_t did, uint64_t page, uint64_t now, uint64_t *until)
{
    if (until)
        *until = now;
    if (!t)
        return UVM_THRASH_NONE;
    uint64_t key = (page & ~0xfffull) | 1;
    bool fresh = false;
    struct entry *e = find(t, did, key);
    if (!e)
        return -ENOMEM;
    t->st.events++;
    if (e->last == 0 && e->events == 0 && e->throttles == 0)
        fresh = true;
    if (!fresh && now >= e->last && now - e->last < t->cfg.lapse) {
        if (e->events < UINT16_MAX)
            e->events++;
        t->st.thrashing++;
    } else {
        e->events = 0;
        e->throttles = 0;
    }
    e->last = now ? now : 1;
    if (e->events < t->cfg.threshold)
        return UVM_THRASH_NONE;
    if (e->throttles < t->cfg.pin_threshold) {
        e->throttles++;
        t->st.throttles++;
        if (until)
            *until = now + t->cfg.nap;
        return UVM_THRASH_THROTTLE;
    }
    e->pinned = true;
    t->st.pins++;
    return UVM_THRASH_PIN;
}

void uvm_thrash_get_stats(const struct uvm_thrash *t, struct uvm_thrash_stats *st)
{
    if (!st)
        return;
    *st = t ? t->st : (struct uvm_thrash_stats){0};
}

/*
 * Offline replay of an access trace (uvs_trace.h): LRU, CLOCK and Belady's
 * MIN over a fixed number of 4 KiB frames, demand paging from an empty
 * memory; and loading a trace file into an array of page keys.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uvs_trace.h"

/* ---- open-addressing hash map: 64-bit key -> 32-bit value (linear probing, backward-shift delete) ---- */
struct map {
    uint64_t *key;
    uint32_t *val;
    uint8_t *used;
    size_t mask, n;
};

static size_t hash64(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return (size_t)k;
}

static int map_init(struct map *m, size_t cap)
{
    size_t sz = 16;
    while (sz < 2 * cap)
        sz <<= 1;
    m->key = malloc(sz * sizeof *m->key);
    m->val = malloc(sz * sizeof *m->val);
    m->used = calloc(sz, 1);
    m->mask = sz - 1;
    m->n = 0;
    if (!m->key || !m->val || !m->used) {
        free(m->key);
        free(m->val);
        free(m->used);
        return -ENOMEM;
    }
    return 0;
}

static void map_free(struct map *m)
{
    free(m->key);
    free(m->val);
    free(m->used);
}

/* Slot of k, or of the empty slot where it would go. */
static size_t map_slot(const struct map *m, uint64_t k)
{
    size_t i = hash64(k) & m->mask;
    while (m->used[i] && m->key[i] != k)
        i = (i + 1) & m->mask;
    return i;
}

static uint32_t *map_find(struct map *m, uint64_t k)
{
    size_t i = map_slot(m, k);
    return m->used[i] ? &m->val[i] : NULL;
}

static int map_grow(struct map *m)
{
    struct map g;
    if (map_init(&g, m->mask + 1) != 0)
        return -ENOMEM;
    for (size_t i = 0; i <= m->mask; i++)
        if (m->used[i]) {
            size_t j = map_slot(&g, m->key[i]);
            g.used[j] = 1;
            g.key[j] = m->key[i];
            g.val[j] = m->val[i];
            g.n++;
        }
    map_free(m);
    *m = g;
    return 0;
}

/* Insert or overwrite. */
static int map_put(struct map *m, uint64_t k, uint32_t v)
{
    if (2 * (m->n + 1) > m->mask + 1 && map_grow(m) != 0)
        return -ENOMEM;
    size_t i = map_slot(m, k);
    if (!m->used[i]) {
        m->used[i] = 1;
        m->key[i] = k;
        m->n++;
    }
    m->val[i] = v;
    return 0;
}

static void map_del(struct map *m, uint64_t k)
{
    size_t i = map_slot(m, k);
    if (!m->used[i])
        return;
    m->used[i] = 0;
    m->n--;
    /* backward shift: move later entries of the cluster into the hole when their home allows */
    for (size_t j = (i + 1) & m->mask; m->used[j]; j = (j + 1) & m->mask) {
        size_t home = hash64(m->key[j]) & m->mask;
        bool movable = i <= j ? (home <= i || home > j) : (home <= i && home > j);
        if (movable) {
            m->used[i] = 1;
            m->key[i] = m->key[j];
            m->val[i] = m->val[j];
            m->used[j] = 0;
            i = j;
        }
    }
}

/* ---- LRU: doubly linked list over frame slots, most recent at head ---- */
static int replay_lru(const uint64_t *keys, size_t n, uint32_t frames, struct uvs_replay_result *res)
{
    struct map m;
    uint64_t *fkey = malloc((size_t)frames * sizeof *fkey);
    uint32_t *prev = malloc((size_t)frames * sizeof *prev), *next = malloc((size_t)frames * sizeof *next);
    if (!fkey || !prev || !next || map_init(&m, frames) != 0) {
        free(fkey), free(prev), free(next);
        return -ENOMEM;
    }
    const uint32_t NIL = UINT32_MAX;
    uint32_t head = NIL, tail = NIL, used = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t *v = map_find(&m, keys[i]), f;
        if (v) {
            res->hits++;
            f = *v;
            if (f == head)
                continue;
            next[prev[f]] = next[f]; /* unlink (f is not head) */
            if (next[f] != NIL)
                prev[next[f]] = prev[f];
            else
                tail = prev[f];
        } else if (used < frames) {
            f = used++;
        } else {
            f = tail; /* evict the least recently used */
            map_del(&m, fkey[f]);
            tail = prev[f];
            if (tail != NIL)
                next[tail] = NIL;
            else
                head = NIL;
        }
        if (!v) {
            fkey[f] = keys[i];
            if (map_put(&m, keys[i], f) != 0)
                goto nomem;
        }
        prev[f] = NIL;
        next[f] = head;
        if (head != NIL)
            prev[head] = f;
        head = f;
        if (tail == NIL)
            tail = f;
    }
    map_free(&m), free(fkey), free(prev), free(next);
    return 0;
nomem:
    map_free(&m), free(fkey), free(prev), free(next);
    return -ENOMEM;
}

/* ---- CLOCK: frames in a circle, reference bit set on load and on hit; the hand clears bits until a clear one ---- */
static int replay_clock(const uint64_t *keys, size_t n, uint32_t frames, struct uvs_replay_result *res)
{
    struct map m;
    uint64_t *fkey = malloc((size_t)frames * sizeof *fkey);
    uint8_t *ref = calloc(frames, 1);
    if (!fkey || !ref || map_init(&m, frames) != 0) {
        free(fkey), free(ref);
        return -ENOMEM;
    }
    uint32_t used = 0, hand = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t *v = map_find(&m, keys[i]), f;
        if (v) {
            res->hits++;
            ref[*v] = 1;
            continue;
        }
        if (used < frames) {
            f = used++;
        } else {
            while (ref[hand]) {
                ref[hand] = 0;
                hand = hand + 1 == frames ? 0 : hand + 1;
            }
            f = hand;
            hand = hand + 1 == frames ? 0 : hand + 1;
            map_del(&m, fkey[f]);
        }
        fkey[f] = keys[i];
        ref[f] = 1;
        if (map_put(&m, keys[i], f) != 0) {
            map_free(&m), free(fkey), free(ref);
            return -ENOMEM;
        }
    }
    map_free(&m), free(fkey), free(ref);
    return 0;
}

/* ---- MIN: next-use index per access (backward pass), resident frames in a max-heap on next use ---- */
struct minheap {
    uint32_t *slot; /* heap of frame slots */
    uint32_t *pos;  /* frame slot -> heap position */
    uint32_t *nu;   /* frame slot -> next use (UINT32_MAX = never) */
    uint32_t n;
};

static void heap_swap(struct minheap *h, uint32_t a, uint32_t b)
{
    uint32_t t = h->slot[a];
    h->slot[a] = h->slot[b];
    h->slot[b] = t;
    h->pos[h->slot[a]] = a;
    h->pos[h->slot[b]] = b;
}

static void heap_up(struct minheap *h, uint32_t i)
{
    while (i > 0 && h->nu[h->slot[(i - 1) / 2]] < h->nu[h->slot[i]]) {
        heap_swap(h, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
}

static void heap_down(struct minheap *h, uint32_t i)
{
    for (;;) {
        uint32_t l = 2 * i + 1, r = l + 1, b = i;
        if (l < h->n && h->nu[h->slot[l]] > h->nu[h->slot[b]])
            b = l;
        if (r < h->n && h->nu[h->slot[r]] > h->nu[h->slot[b]])
            b = r;
        if (b == i)
            return;
        heap_swap(h, i, b);
        i = b;
    }
}

static int replay_min(const uint64_t *keys, size_t n, uint32_t frames, struct uvs_replay_result *res)
{
    const uint32_t NEVER = UINT32_MAX;
    uint32_t *nxt = malloc((n ? n : 1) * sizeof *nxt);
    struct map last, m;
    if (!nxt)
        return -ENOMEM;
    if (map_init(&last, 1024) != 0) {
        free(nxt);
        return -ENOMEM;
    }
    for (size_t i = n; i-- > 0;) {
        uint32_t *v = map_find(&last, keys[i]);
        nxt[i] = v ? *v : NEVER;
        if (v)
            *v = (uint32_t)i;
        else if (map_put(&last, keys[i], (uint32_t)i) != 0) {
            map_free(&last), free(nxt);
            return -ENOMEM;
        }
    }
    map_free(&last);
    struct minheap h = {0};
    uint64_t *fkey = malloc((size_t)frames * sizeof *fkey);
    h.slot = malloc((size_t)frames * sizeof *h.slot);
    h.pos = malloc((size_t)frames * sizeof *h.pos);
    h.nu = malloc((size_t)frames * sizeof *h.nu);
    int rc = 0;
    if (!fkey || !h.slot || !h.pos || !h.nu || map_init(&m, frames) != 0) {
        free(fkey), free(h.slot), free(h.pos), free(h.nu), free(nxt);
        return -ENOMEM;
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t *v = map_find(&m, keys[i]), f;
        if (v) {
            res->hits++;
            f = *v;
            h.nu[f] = nxt[i]; /* later than i: its key only grows */
            heap_up(&h, h.pos[f]);
            continue;
        }
        if (h.n < frames) {
            f = h.n;
            h.slot[h.n] = f;
            h.pos[f] = h.n;
            h.n++;
        } else {
            f = h.slot[0]; /* used farthest in the future */
            map_del(&m, fkey[f]);
        }
        fkey[f] = keys[i];
        h.nu[f] = nxt[i];
        if (h.pos[f] == 0)
            heap_down(&h, 0);
        heap_up(&h, h.pos[f]);
        if (map_put(&m, keys[i], f) != 0) {
            rc = -ENOMEM;
            break;
        }
    }
    map_free(&m);
    free(fkey), free(h.slot), free(h.pos), free(h.nu), free(nxt);
    return rc;
}

static int count_distinct(const uint64_t *keys, size_t n, uint64_t *out)
{
    struct map m;
    if (map_init(&m, 1024) != 0)
        return -ENOMEM;
    for (size_t i = 0; i < n; i++)
        if (!map_find(&m, keys[i]) && map_put(&m, keys[i], 0) != 0) {
            map_free(&m);
            return -ENOMEM;
        }
    *out = m.n;
    map_free(&m);
    return 0;
}

int uvs_replay(const uint64_t *keys, size_t n, uint64_t frames, enum uvs_replay_policy pol,
               struct uvs_replay_result *res)
{
    if ((!keys && n) || !res || frames == 0 || (unsigned)pol > UVS_REPLAY_MIN)
        return -EINVAL;
    if (pol == UVS_REPLAY_MIN && (uint64_t)n >= UINT32_MAX)
        return -EINVAL;
    memset(res, 0, sizeof *res);
    res->accesses = n;
    int rc = count_distinct(keys, n, &res->distinct);
    if (rc)
        return rc;
    /* more frames than distinct pages: nothing is ever evicted */
    uint32_t f = frames > res->distinct ? (uint32_t)(res->distinct ? res->distinct : 1)
                                        : (uint32_t)frames;
    switch (pol) {
    case UVS_REPLAY_LRU: rc = replay_lru(keys, n, f, res); break;
    case UVS_REPLAY_CLOCK: rc = replay_clock(keys, n, f, res); break;
    default: rc = replay_min(keys, n, f, res); break;
    }
    res->misses = res->accesses - res->hits;
    return rc;
}

const char *uvs_replay_policy_name(enum uvs_replay_policy pol)
{
    switch (pol) {
    case UVS_REPLAY_LRU: return "LRU";
    case UVS_REPLAY_CLOCK: return "CLOCK";
    case UVS_REPLAY_MIN: return "MIN";
    }
    return NULL;
}

int uvs_trace_load(const char *path, struct uvs_trace_data *d, char *err, size_t errlen)
{
    if (!d)
        return -EINVAL;
    memset(d, 0, sizeof *d);
    struct uvs_trace_reader *rd;
    int rc = uvs_trace_reader_open(path, &d->hdr, &rd, err, errlen);
    if (rc)
        return rc;
    size_t cap = 1 << 16;
    d->keys = malloc(cap * sizeof *d->keys);
    if (!d->keys) {
        uvs_trace_reader_close(rd);
        return -ENOMEM;
    }
    struct uvs_trace_rec r;
    while ((rc = uvs_trace_read(rd, &r)) == 1) {
        if (r.ctx >> 12) {
            snprintf(err, errlen, "%s: record %zu: context %u needs more than 12 bits", path, d->n, r.ctx);
            rc = -EFBIG;
            break;
        }
        if (r.page >> 52) {
            snprintf(err, errlen, "%s: record %zu: page number 0x%llx needs more than 52 bits", path, d->n,
                     (unsigned long long)r.page);
            rc = -EFBIG;
            break;
        }
        if (d->n == cap) {
            uint64_t *k = realloc(d->keys, 2 * cap * sizeof *k);
            if (!k) {
                rc = -ENOMEM;
                snprintf(err, errlen, "%s: out of memory after %zu records", path, d->n);
                break;
            }
            d->keys = k;
            cap *= 2;
        }
        if (d->n == 0)
            d->first_cycle = r.cycle;
        d->last_cycle = r.cycle;
        d->keys[d->n++] = (uint64_t)r.ctx << 52 | r.page;
        d->tile += (r.req & UVS_TRACE_REQ_TILE) != 0;
        if (r.flags & UVS_TRACE_F_FAULT)
            d->dev_faulted++;
        else if (r.flags & UVS_TRACE_F_HBM)
            d->dev_hits++;
        else if (r.flags & UVS_TRACE_F_HOST)
            d->dev_host++;
    }
    if (rc < 0 && rc != -EFBIG && rc != -ENOMEM && err && errlen)
        snprintf(err, errlen, "%s", uvs_trace_reader_error(rd));
    uvs_trace_reader_close(rd);
    if (rc < 0) {
        uvs_trace_free(d);
        return rc;
    }
    return 0;
}

void uvs_trace_free(struct uvs_trace_data *d)
{
    if (!d)
        return;
    free(d->keys);
    d->keys = NULL;
    d->n = 0;
}

/* Test page tables (see tpt.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uvmsoc/iommu_pt.h>

#include "tpt.h"

const struct uvs_pcache_pte_ops tpt_ops = {.slot = tpt_slot};

void tpt_init(struct tpt *t, size_t cap)
{
    memset(t, 0, sizeof *t);
    t->cap = cap;
    t->key = calloc(cap, sizeof *t->key);
    t->pte = calloc(cap, sizeof *t->pte);
    if (!t->key || !t->pte) {
        fprintf(stderr, "tpt: out of memory\n");
        abort();
    }
}

void tpt_fini(struct tpt *t)
{
    for (size_t i = 0; i < t->ntables; i++)
        free(t->tables[i]);
    free(t->tables);
    free(t->key);
    free(t->pte);
    memset(t, 0, sizeof *t);
}

static uint64_t mkkey(uint32_t did, unsigned level, uint64_t va)
{
    uint64_t vpn = level ? va >> 21 : va >> 12;
    return ((uint64_t)did << 40 | (uint64_t)level << 39 | vpn) + 1;
}

static uint64_t *find(struct tpt *t, uint64_t k, bool create)
{
    size_t i = (size_t)((k * 0x9e3779b97f4a7c15ull) >> 20) & (t->cap - 1);
    for (;; i = (i + 1) & (t->cap - 1)) {
        if (t->key[i] == k)
            return &t->pte[i];
        if (t->key[i] == 0)
            break;
    }
    size_t limit = t->limit ? t->limit : t->cap / 2;
    if (!create || t->used >= limit)
        return NULL;
    t->key[i] = k;
    t->pte[i] = 0;
    t->used++;
    return &t->pte[i];
}

/* Level-0 slot of (did, va): its own hash slot, or (contig) an entry of the block's 512-entry array. */
static uint64_t *l0_slot(struct tpt *t, uint32_t did, uint64_t va, bool create)
{
    if (!t->contig)
        return find(t, mkkey(did, 0, va), create);
    uint64_t *e = find(t, ((uint64_t)did << 40 | 1ull << 38 | va >> 21) + 1, create);
    if (!e)
        return NULL;
    if (*e == 0) {
        if (!create)
            return NULL;
        if (t->ntables == t->tables_cap) {
            size_t cap = t->tables_cap ? 2 * t->tables_cap : 16;
            uint64_t **n = realloc(t->tables, cap * sizeof *n);
            if (!n)
                abort();
            t->tables = n;
            t->tables_cap = cap;
        }
        t->tables[t->ntables] = calloc(512, sizeof(uint64_t));
        if (!t->tables[t->ntables])
            abort();
        *e = ++t->ntables;
    }
    return &t->tables[*e - 1][(va >> 12) & 511];
}

static bool is_leaf(uint64_t pte)
{
    return (pte & UVS_IOMMU_PTE_V_MASK) &&
           (pte & (UVS_IOMMU_PTE_R_MASK | UVS_IOMMU_PTE_W_MASK | UVS_IOMMU_PTE_X_MASK));
}

uint64_t *tpt_slot(void *ctx, uint32_t did, uint64_t va, unsigned level, bool create)
{
    struct tpt *t = ctx;
    if (level == 1)
        return find(t, mkkey(did, 1, va), create);
    uint64_t *l1 = find(t, mkkey(did, 1, va), create);
    if (!l1)
        return NULL;
    if (is_leaf(*l1))
        return NULL;
    if (*l1 == 0) {
        if (!create)
            return NULL;
        *l1 = TPT_TABLE_PTR;
    }
    return l0_slot(t, did, va, create);
}

uint64_t tpt_leaf(struct tpt *t, uint32_t did, uint64_t va, unsigned *level)
{
    uint64_t *l1 = find(t, mkkey(did, 1, va), false);
    if (l1 && is_leaf(*l1)) {
        *level = 1;
        return *l1;
    }
    uint64_t *l0 = l1 ? l0_slot(t, did, va, false) : NULL;
    *level = 0;
    return l0 && is_leaf(*l0) ? *l0 : 0;
}

static uint64_t *leaf_slot(struct tpt *t, uint32_t did, uint64_t va, unsigned *level)
{
    uint64_t *l1 = find(t, mkkey(did, 1, va), false);
    if (l1 && is_leaf(*l1)) {
        *level = 1;
        return l1;
    }
    uint64_t *l0 = l1 ? l0_slot(t, did, va, false) : NULL;
    *level = 0;
    return l0 && is_leaf(*l0) ? l0 : NULL;
}

bool tpt_walk(struct tpt *t, uint32_t did, uint64_t va, bool write, uint64_t *pa)
{
    unsigned level;
    uint64_t *s = leaf_slot(t, did, va, &level);
    if (!s)
        return false;
    *s |= UVS_IOMMU_PTE_A_MASK | (write ? UVS_IOMMU_PTE_D_MASK : 0);
    uint64_t base = ((*s & UVS_IOMMU_PTE_PPN_MASK) >> UVS_IOMMU_PTE_PPN_SHIFT) << 12;
    uint64_t off = va & (level ? 0x1fffffull : 0xfffull);
    *pa = base + off;
    return true;
}

bool tpt_set_bits(struct tpt *t, uint32_t did, uint64_t va, uint64_t bits)
{
    unsigned level;
    uint64_t *s = leaf_slot(t, did, va, &level);
    if (!s)
        return false;
    *s |= bits;
    return true;
}

/* Test helper: flat memory and page-table builder for the IOMMU model tests. */
#include "tmem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tmem_init(struct tmem *t)
{
    t->buf = calloc(1, TMEM_SIZE);
    if (!t->buf) {
        fprintf(stderr, "tmem: out of memory\n");
        exit(2);
    }
    t->fm = (struct uvs_iommu_flatmem){.buf = t->buf, .base = TMEM_BASE, .size = TMEM_SIZE, .poison_pa = UINT64_MAX};
    uvs_iommu_flatmem_ops(&t->fm, &t->ops);
    t->next = TMEM_BASE;
}

void tmem_fini(struct tmem *t)
{
    free(t->buf);
    t->buf = NULL;
}

uint64_t tmem_page(struct tmem *t)
{
    if (t->next + 4096 > TMEM_BASE + TMEM_SIZE) {
        fprintf(stderr, "tmem: out of pages\n");
        exit(2);
    }
    uint64_t pa = t->next;
    t->next += 4096;
    memset(t->buf + (pa - TMEM_BASE), 0, 4096);
    return pa;
}

uint64_t tmem_rd(struct tmem *t, uint64_t pa)
{
    return uvs_le64_get(t->buf + (pa - TMEM_BASE));
}

void tmem_wr(struct tmem *t, uint64_t pa, uint64_t v)
{
    uvs_le64_put(t->buf + (pa - TMEM_BASE), v);
}

static uint64_t vpn(uint64_t iova, int level)
{
    return (iova >> (12 + 9 * level)) & 511;
}

uint64_t tmem_pte_addr(struct tmem *t, uint64_t root_pa, int levels, uint64_t iova, int level)
{
    uint64_t a = root_pa;
    for (int i = levels - 1; i > level; i--) {
        uint64_t pte = tmem_rd(t, a + vpn(iova, i) * 8);
        a = (pte >> 10) << 12;
    }
    return a + vpn(iova, level) * 8;
}

uint64_t tmem_map(struct tmem *t, uint64_t root_pa, int levels, uint64_t iova, uint64_t pa, int leaf_level,
                  uint64_t flags)
{
    uint64_t a = root_pa;
    for (int i = levels - 1; i > leaf_level; i--) {
        uint64_t pa_pte = a + vpn(iova, i) * 8;
        uint64_t pte = tmem_rd(t, pa_pte);
        if (!(pte & F_V)) {
            uint64_t next = tmem_page(t);
            pte = ((next >> 12) << 10) | F_V;
            tmem_wr(t, pa_pte, pte);
        }
        a = (pte >> 10) << 12;
    }
    uint64_t leaf = a + vpn(iova, leaf_level) * 8;
    tmem_wr(t, leaf, ((pa >> 12) << 10) | flags | F_V);
    return leaf;
}

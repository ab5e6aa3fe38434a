/*
 * Test page tables for the unified-memory unit tests: a two-level model of
 * the leaf PTE slots (level 0: 4 KiB, level 1: 2 MiB) behind the
 * struct uvs_pcache_pte_ops interface, and a walker that sets A/D the way
 * the IOMMU does (privileged spec 4.3.2 step 7, done here without a race).
 */
#ifndef UVM_TEST_TPT_H
#define UVM_TEST_TPT_H

#include <stdbool.h>
#include <stdint.h>

#include "pcache.h"

/** Fixed-capacity table of PTE slots keyed by (did, level, page number). */
struct tpt {
    size_t cap;        /**< slots, a power of two */
    size_t used;       /**< slots in use */
    size_t limit;      /**< refuse to create slots beyond this many (0: cap / 2) */
    uint64_t *key;     /**< 0 = empty; else did << 40 | level << 39 | vpn + 1 */
    uint64_t *pte;     /**< the PTE of each slot */
    bool contig;       /**< level-0 PTEs of a 2 MiB block in one 512-entry array (as real page tables: pcache cfg.pte_contig) */
    uint64_t **tables; /**< contig: the arrays (slot of key did << 40 | 1 << 38 | va >> 21 holds index + 1) */
    size_t ntables, tables_cap;
};

/** Table PTE value the model stores in a level-1 slot once a level-0 table exists. */
#define TPT_TABLE_PTR 0x1ull

/** tpt_init - a table with room for cap slots (power of two); aborts on out of memory. */
void tpt_init(struct tpt *t, size_t cap);
/** tpt_fini - free the table. */
void tpt_fini(struct tpt *t);
/** tpt_slot - the struct uvs_pcache_pte_ops slot function (ctx = struct tpt *). */
uint64_t *tpt_slot(void *ctx, uint32_t did, uint64_t va, unsigned level, bool create);
/**
 * tpt_walk - translate va for a read or write: returns true and the
 * physical address when a valid leaf maps it (setting A, and D for a write),
 * false when the PTE is not valid (a page request).
 */
bool tpt_walk(struct tpt *t, uint32_t did, uint64_t va, bool write, uint64_t *pa);
/** tpt_set_bits - OR bits into the leaf PTE mapping va (A/D by hand in tests); false when none. */
bool tpt_set_bits(struct tpt *t, uint32_t did, uint64_t va, uint64_t bits);
/** tpt_leaf - the valid leaf PTE mapping va (0 if none); *level receives 0 or 1. */
uint64_t tpt_leaf(struct tpt *t, uint32_t did, uint64_t va, unsigned *level);

/** The pte ops for a struct tpt. */
extern const struct uvs_pcache_pte_ops tpt_ops;

#endif

/*
 * Test helper for the IOMMU model tests: a 1-MiB flat memory at TMEM_BASE
 * with a page allocator and a page-table builder (privileged spec 4.4/4.5
 * PTE format, built independently of the model's walker).
 */
#ifndef UVS_TESTS_IOMMU_TMEM_H
#define UVS_TESTS_IOMMU_TMEM_H

#include <stdint.h>

#include "uvs_iommu_mem.h"

#define TMEM_BASE 0x80000000ULL
#define TMEM_SIZE (1ULL << 20)

/* PTE flag bits (priv spec 4.4, written out here rather than taken from the ABI). */
#define F_V (1ULL << 0)
#define F_R (1ULL << 1)
#define F_W (1ULL << 2)
#define F_X (1ULL << 3)
#define F_U (1ULL << 4)
#define F_G (1ULL << 5)
#define F_A (1ULL << 6)
#define F_D (1ULL << 7)

struct tmem {
    uint8_t *buf;
    struct uvs_iommu_flatmem fm;
    struct uvs_iommu_mem ops;
    uint64_t next;
};

/** Allocate and zero the memory (aborts the test run if malloc fails). */
void tmem_init(struct tmem *t);
/** Free it. */
void tmem_fini(struct tmem *t);
/** A fresh zeroed 4-KiB page; returns its physical address. */
uint64_t tmem_page(struct tmem *t);
/** 64-bit little-endian word at pa. */
uint64_t tmem_rd(struct tmem *t, uint64_t pa);
void tmem_wr(struct tmem *t, uint64_t pa, uint64_t v);
/**
 * Map iova -> pa in the table at root_pa (levels 3 = Sv39, 4 = Sv48) with a
 * leaf at leaf_level (0 = 4 KiB) carrying flags (V is added); intermediate
 * tables are created as needed. Returns the leaf PTE's address.
 */
uint64_t tmem_map(struct tmem *t, uint64_t root_pa, int levels, uint64_t iova, uint64_t pa, int leaf_level,
                  uint64_t flags);
/** Address of the PTE that the walk would read at level `level` (tables must exist above it). */
uint64_t tmem_pte_addr(struct tmem *t, uint64_t root_pa, int levels, uint64_t iova, int level);

#endif

/*
 * uvmsoc IOMMU reference model: in-memory queues (RISC-V IOMMU spec v1.0,
 * chapter 3 intro and 5.6-5.17): a circular buffer of 2^LOG2SZ records at
 * qb.PPN * 4 KiB, a head (consumer) and a tail (producer) index. Empty when
 * head == tail, full when tail == head - 1 (one slot always unused).
 * A producer that finds the queue full sets the overflow bit (qcsr bit 9)
 * and from then on refuses records until software clears it: nothing is
 * dropped without that flag saying so (uvmsoc's callers keep the refused
 * record's requester stalled, see uvs_iommu_model_translate).
 *
 * Base alignment (spec 5.6, 5.9, 5.12): a queue of more than 4 KiB must
 * start at a multiple of its size; the spec leaves the addresses of a
 * misaligned queue UNSPECIFIED. uvmsoc treats them as a memory fault: a
 * queue turned on (or kept on) with such a base has its MF bit set
 * (uvs_iommu_model_reg_write), so it is never read or written.
 */
#ifndef UVS_IOMMU_QUEUE_H
#define UVS_IOMMU_QUEUE_H

#include <stdbool.h>
#include <stdint.h>

#include "uvs_iommu_mem.h"

/** One queue's registers: base (cqb/fqb/pqb), head, tail, csr. */
struct uvs_iommu_queue {
    uint64_t base;     /**< LOG2SZ-1 in bits 4:0, PPN in bits 53:10 */
    uint32_t head;     /**< consumer index */
    uint32_t tail;     /**< producer index */
    uint32_t csr;      /**< cqcsr/fqcsr/pqcsr: EN bit 0, IE bit 1, MF bit 8, OF bit 9 (fq/pq), ON bit 16 */
    unsigned rec_size; /**< bytes per record: 16 (CQ, PQ) or 32 (FQ) */
};

/** qcsr bits common to the three queues (same positions in cqcsr, fqcsr, pqcsr). */
#define UVS_IOMMU_QCSR_EN (1u << 0)
#define UVS_IOMMU_QCSR_IE (1u << 1)
#define UVS_IOMMU_QCSR_MF (1u << 8)
#define UVS_IOMMU_QCSR_OF (1u << 9)
#define UVS_IOMMU_QCSR_ON (1u << 16)

/** Number of entries, 2^(LOG2SZ-1 + 1), of a queue with base register qb. */
uint64_t uvs_iommu_queue_entries(uint64_t qb);
/** Physical address of the queue's first record. */
uint64_t uvs_iommu_queue_base_pa(uint64_t qb);
/**
 * True when the queue's base is naturally aligned to its size, 2^LOG2SZ *
 * rec_size bytes (always true up to 4 KiB, the PPN being page-aligned).
 * rec_size must be a power of two (16 or 32).
 */
bool uvs_iommu_queue_base_aligned(uint64_t qb, unsigned rec_size);
/** True when head == tail. */
bool uvs_iommu_queue_empty(const struct uvs_iommu_queue *q);
/** True when tail == head - 1 modulo the size. */
bool uvs_iommu_queue_full(const struct uvs_iommu_queue *q);

/**
 * Producer side (IOMMU writing a fault or page-request record): write
 * rec_size bytes from rec at the tail and advance it. Returns 0;
 * -ENODEV if the queue is not on; -ENOSPC if MF or OF is set, or if the queue
 * is full (then OF is set first); -EFAULT/-EIO if the write fails (MF set);
 * -EINVAL on NULL.
 */
int uvs_iommu_queue_produce(struct uvs_iommu_queue *q, const struct uvs_iommu_mem *mem, const void *rec);

/**
 * Consumer side: read the record at the head into rec (rec_size bytes)
 * without advancing. Returns 0; -EAGAIN when empty; the callback's error
 * (-EFAULT/-EIO) when the read fails; -EINVAL on NULL.
 */
int uvs_iommu_queue_peek(const struct uvs_iommu_queue *q, const struct uvs_iommu_mem *mem, void *rec);

/** Advance the head by one. Returns 0, -EAGAIN when empty, -EINVAL on NULL. */
int uvs_iommu_queue_pop(struct uvs_iommu_queue *q);

#endif

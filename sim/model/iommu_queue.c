/* uvmsoc IOMMU reference model: in-memory queue semantics (IOMMU spec v1.0 chapter 3). */
#include <errno.h>
#include <stddef.h>

#include <uvmsoc/iommu_regs.h>

#include "uvs_iommu_queue.h"

uint64_t uvs_iommu_queue_entries(uint64_t qb)
{
    return 2ULL << ((qb & UVS_IOMMU_CQB_LOG2SZM1_MASK) >> UVS_IOMMU_CQB_LOG2SZM1_SHIFT);
}

uint64_t uvs_iommu_queue_base_pa(uint64_t qb)
{
    return ((qb & UVS_IOMMU_CQB_PPN_MASK) >> UVS_IOMMU_CQB_PPN_SHIFT) << 12;
}

bool uvs_iommu_queue_base_aligned(uint64_t qb, unsigned rec_size)
{
    uint64_t bytes = uvs_iommu_queue_entries(qb) * rec_size; /* at most 2^32 * 32 */
    return (uvs_iommu_queue_base_pa(qb) & (bytes - 1)) == 0;
}

static uint64_t idx_mask(const struct uvs_iommu_queue *q)
{
    return uvs_iommu_queue_entries(q->base) - 1;
}

bool uvs_iommu_queue_empty(const struct uvs_iommu_queue *q)
{
    return q && q->head == q->tail;
}

bool uvs_iommu_queue_full(const struct uvs_iommu_queue *q)
{
    return q && ((q->tail + 1ULL) & idx_mask(q)) == q->head;
}

int uvs_iommu_queue_produce(struct uvs_iommu_queue *q, const struct uvs_iommu_mem *mem, const void *rec)
{
    if (!q || !mem || !mem->write || !rec || q->rec_size == 0 || q->rec_size > 32)
        return -EINVAL;
    if (!(q->csr & UVS_IOMMU_QCSR_ON))
        return -ENODEV;
    if (q->csr & (UVS_IOMMU_QCSR_MF | UVS_IOMMU_QCSR_OF))
        return -ENOSPC;
    if (uvs_iommu_queue_full(q)) {
        q->csr |= UVS_IOMMU_QCSR_OF;
        return -ENOSPC;
    }
    uint64_t pa = uvs_iommu_queue_base_pa(q->base) + (uint64_t)q->tail * q->rec_size;
    int rc = mem->write(mem->ctx, pa, rec, q->rec_size);
    if (rc < 0) {
        q->csr |= UVS_IOMMU_QCSR_MF;
        return rc;
    }
    q->tail = (uint32_t)((q->tail + 1ULL) & idx_mask(q));
    return 0;
}

int uvs_iommu_queue_peek(const struct uvs_iommu_queue *q, const struct uvs_iommu_mem *mem, void *rec)
{
    if (!q || !mem || !mem->read || !rec || q->rec_size == 0 || q->rec_size > 32)
        return -EINVAL;
    if (uvs_iommu_queue_empty(q))
        return -EAGAIN;
    uint64_t pa = uvs_iommu_queue_base_pa(q->base) + (uint64_t)q->head * q->rec_size;
    return mem->read(mem->ctx, pa, rec, q->rec_size);
}

int uvs_iommu_queue_pop(struct uvs_iommu_queue *q)
{
    if (!q)
        return -EINVAL;
    if (uvs_iommu_queue_empty(q))
        return -EAGAIN;
    q->head = (uint32_t)((q->head + 1ULL) & idx_mask(q));
    return 0;
}

/*
 * uvmsoc IOMMU reference model: the memory-mapped registers and their side
 * effects (RISC-V IOMMU spec v1.0 chapter 5).
 */
#include <errno.h>
#include <stddef.h>

#include "uvs_iommu_model.h"

/* Size in bytes of the register at offset off, 0 if none starts there. */
static unsigned reg_size(uint32_t off)
{
    switch (off) {
    case UVS_IOMMU_CAPABILITIES_OFF: case UVS_IOMMU_DDTP_OFF: case UVS_IOMMU_CQB_OFF:
    case UVS_IOMMU_FQB_OFF: case UVS_IOMMU_PQB_OFF: case UVS_IOMMU_ICVEC_OFF:
        return 8;
    case UVS_IOMMU_FCTL_OFF: case UVS_IOMMU_CQH_OFF: case UVS_IOMMU_CQT_OFF: case UVS_IOMMU_FQH_OFF:
    case UVS_IOMMU_FQT_OFF: case UVS_IOMMU_PQH_OFF: case UVS_IOMMU_PQT_OFF: case UVS_IOMMU_CQCSR_OFF:
    case UVS_IOMMU_FQCSR_OFF: case UVS_IOMMU_PQCSR_OFF: case UVS_IOMMU_IPSR_OFF:
        return 4;
    default:
        return 0;
    }
}

static uint64_t get(const struct uvs_iommu_model *m, uint32_t off)
{
    switch (off) {
    case UVS_IOMMU_CAPABILITIES_OFF: return m->cfg.caps;
    case UVS_IOMMU_FCTL_OFF: return m->cfg.fctl;
    case UVS_IOMMU_DDTP_OFF: return m->cfg.ddtp;
    case UVS_IOMMU_CQB_OFF: return m->cq.base;
    case UVS_IOMMU_CQH_OFF: return m->cq.head;
    case UVS_IOMMU_CQT_OFF: return m->cq.tail;
    case UVS_IOMMU_FQB_OFF: return m->fq.base;
    case UVS_IOMMU_FQH_OFF: return m->fq.head;
    case UVS_IOMMU_FQT_OFF: return m->fq.tail;
    case UVS_IOMMU_PQB_OFF: return m->pq.base;
    case UVS_IOMMU_PQH_OFF: return m->pq.head;
    case UVS_IOMMU_PQT_OFF: return m->pq.tail;
    case UVS_IOMMU_CQCSR_OFF: return m->cq.csr;
    case UVS_IOMMU_FQCSR_OFF: return m->fq.csr;
    case UVS_IOMMU_PQCSR_OFF: return m->pq.csr;
    case UVS_IOMMU_IPSR_OFF: return m->ipsr;
    case UVS_IOMMU_ICVEC_OFF: return m->icvec;
    default: return 0;
    }
}

/* Find the register holding [off, off+bytes): its offset and the shift of the access in it. */
static int locate(uint32_t off, unsigned bytes, uint32_t *reg, unsigned *shift)
{
    if ((bytes != 4 && bytes != 8) || (off & (bytes - 1)) || off >= UVS_IOMMU_REGS_SIZE)
        return -EINVAL;
    unsigned sz = reg_size(off);
    *reg = off;
    *shift = 0;
    if (sz == bytes || (bytes == 4 && sz == 8))
        return 0; /* the register, or the low half of an 8-byte one */
    if (bytes == 4 && off >= 4 && reg_size(off - 4) == 8) {
        *reg = off - 4; /* high half of an 8-byte register */
        *shift = 32;
        return 0;
    }
    if (bytes == 8 && (sz == 4 || reg_size(off + 4) == 4))
        return -EINVAL; /* an 8-byte access spanning 4-byte registers */
    return 0;           /* no register here: reads 0, writes ignored */
}

int uvs_iommu_model_reg_read(const struct uvs_iommu_model *m, uint32_t off, unsigned bytes, uint64_t *val)
{
    uint32_t reg;
    unsigned shift;
    if (!m || !val || locate(off, bytes, &reg, &shift) < 0)
        return -EINVAL;
    uint64_t v = get(m, reg) >> shift;
    *val = bytes == 8 ? v : (uint32_t)v;
    return 0;
}

/* Queue base: writable only while the queue is off; the software-owned index keeps LOG2SZ bits. */
static void write_qb(struct uvs_iommu_queue *q, uint64_t v, uint32_t *sw_index)
{
    if (q->csr & (UVS_IOMMU_QCSR_EN | UVS_IOMMU_QCSR_ON))
        return;
    q->base = v & (UVS_IOMMU_CQB_LOG2SZM1_MASK | UVS_IOMMU_CQB_PPN_MASK);
    *sw_index &= (uint32_t)(uvs_iommu_queue_entries(q->base) - 1);
}

static uint32_t index_mask(const struct uvs_iommu_queue *q)
{
    return (uint32_t)(uvs_iommu_queue_entries(q->base) - 1);
}

/*
 * qcsr write: EN/IE read-write, bits in rw1c cleared by writing 1; EN 0->1
 * zeroes the IOMMU-owned index (*hw_index) and the error bits and sets ON;
 * EN 1->0 clears ON. A queue that is on with a base not naturally aligned
 * to its size (spec 5.6/5.9/5.12: its addresses are UNSPECIFIED) gets MF:
 * set when it is turned on and again after a write that clears it, so the
 * queue's memory is never accessed; software turns it off, writes a good
 * base and turns it on again.
 */
static void write_qcsr(struct uvs_iommu_queue *q, uint32_t v, uint32_t rw1c, uint32_t *hw_index)
{
    uint32_t old = q->csr;
    uint32_t csr = (old & ~(UVS_IOMMU_QCSR_EN | UVS_IOMMU_QCSR_IE)) & ~(v & rw1c);
    csr |= v & (UVS_IOMMU_QCSR_EN | UVS_IOMMU_QCSR_IE);
    if ((v & UVS_IOMMU_QCSR_EN) && !(old & UVS_IOMMU_QCSR_EN)) {
        *hw_index = 0;
        csr &= ~rw1c;
        csr |= UVS_IOMMU_QCSR_ON;
    } else if (!(v & UVS_IOMMU_QCSR_EN)) {
        csr &= ~UVS_IOMMU_QCSR_ON;
    }
    if ((csr & UVS_IOMMU_QCSR_ON) && !uvs_iommu_queue_base_aligned(q->base, q->rec_size))
        csr |= UVS_IOMMU_QCSR_MF;
    q->csr = csr;
}

static void put(struct uvs_iommu_model *m, uint32_t off, uint64_t v)
{
    uint32_t cq_rw1c = UVS_IOMMU_CQCSR_CQMF_MASK | UVS_IOMMU_CQCSR_CMD_TO_MASK | UVS_IOMMU_CQCSR_CMD_ILL_MASK |
                       UVS_IOMMU_CQCSR_FENCE_W_IP_MASK;
    uint32_t q_rw1c = UVS_IOMMU_QCSR_MF | UVS_IOMMU_QCSR_OF;
    switch (off) {
    case UVS_IOMMU_DDTP_OFF: {
        uint64_t mode = (v & UVS_IOMMU_DDTP_IOMMU_MODE_MASK) >> UVS_IOMMU_DDTP_IOMMU_MODE_SHIFT;
        if (mode > UVS_IOMMU_DDTP_MODE_3LVL) /* WARL: an unsupported mode keeps the old one */
            mode = (m->cfg.ddtp & UVS_IOMMU_DDTP_IOMMU_MODE_MASK) >> UVS_IOMMU_DDTP_IOMMU_MODE_SHIFT;
        m->cfg.ddtp = (v & UVS_IOMMU_DDTP_PPN_MASK) | (mode << UVS_IOMMU_DDTP_IOMMU_MODE_SHIFT);
        break;
    }
    case UVS_IOMMU_CQB_OFF: write_qb(&m->cq, v, &m->cq.tail); break;
    case UVS_IOMMU_FQB_OFF: write_qb(&m->fq, v, &m->fq.head); break;
    case UVS_IOMMU_PQB_OFF: write_qb(&m->pq, v, &m->pq.head); break;
    case UVS_IOMMU_CQT_OFF: m->cq.tail = (uint32_t)v & index_mask(&m->cq); break;
    case UVS_IOMMU_FQH_OFF: m->fq.head = (uint32_t)v & index_mask(&m->fq); break;
    case UVS_IOMMU_PQH_OFF: m->pq.head = (uint32_t)v & index_mask(&m->pq); break;
    case UVS_IOMMU_CQCSR_OFF: write_qcsr(&m->cq, (uint32_t)v, cq_rw1c, &m->cq.head); break;
    case UVS_IOMMU_FQCSR_OFF: write_qcsr(&m->fq, (uint32_t)v, q_rw1c, &m->fq.tail); break;
    case UVS_IOMMU_PQCSR_OFF: write_qcsr(&m->pq, (uint32_t)v, q_rw1c, &m->pq.tail); break;
    case UVS_IOMMU_IPSR_OFF:
        m->ipsr &= ~((uint32_t)v & (UVS_IOMMU_IPSR_CIP_MASK | UVS_IOMMU_IPSR_FIP_MASK | UVS_IOMMU_IPSR_PMIP_MASK |
                                    UVS_IOMMU_IPSR_PIP_MASK));
        break;
    case UVS_IOMMU_ICVEC_OFF: m->icvec = v & 0xffff; break;
    default: break; /* capabilities, fctl (fixed WARL), cqh, fqt, pqt, reserved: ignored */
    }
    uvs_iommu_model_update_ipsr(m);
}

int uvs_iommu_model_reg_write(struct uvs_iommu_model *m, uint32_t off, unsigned bytes, uint64_t val)
{
    uint32_t reg;
    unsigned shift;
    if (!m || locate(off, bytes, &reg, &shift) < 0)
        return -EINVAL;
    uint64_t v = val;
    if (bytes == 4 && reg_size(reg) == 8) {
        uint64_t cur = get(m, reg);
        uint64_t half = 0xffffffffULL << shift;
        v = (cur & ~half) | (((uint64_t)(uint32_t)val << shift) & half);
    }
    put(m, reg, v);
    return 0;
}

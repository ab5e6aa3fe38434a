/* uvmsoc IOMMU testbench: firmware-side helpers (see tb_fw.h). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "tb_fw.h"

#define QCSR_EN 1u
#define QCSR_IE 2u

static uint64_t qb(uint64_t pa, unsigned lsz)
{
    return ((pa >> 12) << 10) | lsz;
}

int tb_fw_setup(struct tb *tb, struct tb_fw *fw, unsigned ddtp_mode, unsigned cq_lsz, unsigned fq_lsz,
                unsigned pq_lsz)
{
    memset(fw, 0, sizeof *fw);
    fw->ddtp_mode = ddtp_mode;
    fw->cq_lsz = cq_lsz;
    fw->fq_lsz = fq_lsz;
    fw->pq_lsz = pq_lsz;
    /* queues of up to 4 KiB each get one page; larger ones consecutive pages
     * naturally aligned to their size (spec 5.6/5.9/5.12) */
    uint64_t sizes[3] = {16ULL << (cq_lsz + 1), 32ULL << (fq_lsz + 1), 16ULL << (pq_lsz + 1)};
    uint64_t *bases[3] = {&fw->cq, &fw->fq, &fw->pq};
    for (int q = 0; q < 3; q++)
        *bases[q] = tb_alloc_aligned(tb, sizes[q] < 4096 ? 4096 : sizes[q]);
    fw->ddt = tb_alloc_page(tb);
    if (!fw->ddt)
        return -1;
    if (tb_reg_write(tb, R_DDTP, 8, ((fw->ddt >> 12) << 10) | ddtp_mode) < 0 ||
        tb_reg_write(tb, R_CQB, 8, qb(fw->cq, cq_lsz)) < 0 || tb_reg_write(tb, R_FQB, 8, qb(fw->fq, fq_lsz)) < 0 ||
        tb_reg_write(tb, R_PQB, 8, qb(fw->pq, pq_lsz)) < 0 || tb_reg_write(tb, R_CQCSR, 4, QCSR_EN | QCSR_IE) < 0 ||
        tb_reg_write(tb, R_FQCSR, 4, QCSR_EN | QCSR_IE) < 0 || tb_reg_write(tb, R_PQCSR, 4, QCSR_EN | QCSR_IE) < 0)
        return -1;
    tb->cq_tail = 0;
    return 0;
}

/* Next-level directory table behind the non-leaf entry at pa, created if missing. */
static uint64_t ddt_next(struct tb *tb, uint64_t pa)
{
    uint64_t e = tb_mem_rd64(tb, pa);
    if (e & 1)
        return ((e >> 10) & ((1ULL << 44) - 1)) << 12;
    uint64_t page = tb_alloc_page(tb);
    if (page)
        tb_mem_wr64(tb, pa, ((page >> 12) << 10) | 1);
    return page;
}

int tb_fw_dc(struct tb *tb, struct tb_fw *fw, uint32_t did, uint64_t tc, uint64_t iohgatp, uint64_t ta,
             uint64_t fsc)
{
    uint64_t t = fw->ddt;
    if (fw->ddtp_mode == UVS_IOMMU_DDTP_MODE_3LVL)
        t = ddt_next(tb, t + ((did >> 16) & 0xff) * 8);
    if (t && fw->ddtp_mode >= UVS_IOMMU_DDTP_MODE_2LVL)
        t = ddt_next(tb, t + ((did >> 7) & 0x1ff) * 8);
    if (!t)
        return -1;
    uint64_t a = t + (did & 0x7f) * 32;
    tb_mem_wr64(tb, a, tc);
    tb_mem_wr64(tb, a + 8, iohgatp);
    tb_mem_wr64(tb, a + 16, ta);
    tb_mem_wr64(tb, a + 24, fsc);
    return 0;
}

int tb_fw_dc_simple(struct tb *tb, struct tb_fw *fw, uint32_t did, uint64_t tc, uint32_t pscid, unsigned mode,
                    uint64_t root_pa)
{
    return tb_fw_dc(tb, fw, did, tc | TC_V, 0, (uint64_t)pscid << 12, ((uint64_t)mode << 60) | (root_pa >> 12));
}

uint64_t tb_pte_addr(struct tb *tb, uint64_t root_pa, int levels, uint64_t iova, int level)
{
    uint64_t t = root_pa;
    for (int l = levels - 1; l > level; l--) {
        uint64_t pte = tb_mem_rd64(tb, t + ((iova >> (12 + 9 * l)) & 0x1ff) * 8);
        if (!(pte & PTE_V) || (pte & (PTE_R | PTE_X)))
            return 0;
        t = ((pte >> 10) & ((1ULL << 44) - 1)) << 12;
    }
    return t + ((iova >> (12 + 9 * level)) & 0x1ff) * 8;
}

uint64_t tb_map(struct tb *tb, uint64_t root_pa, int levels, uint64_t iova, uint64_t pa, int leaf_level,
                uint64_t flags)
{
    uint64_t t = root_pa;
    for (int l = levels - 1; l > leaf_level; l--) {
        uint64_t a = t + ((iova >> (12 + 9 * l)) & 0x1ff) * 8;
        uint64_t pte = tb_mem_rd64(tb, a);
        if (!(pte & PTE_V)) {
            uint64_t page = tb_alloc_page(tb);
            if (!page)
                return 0;
            pte = ((page >> 12) << 10) | PTE_V;
            tb_mem_wr64(tb, a, pte);
        } else if (pte & (PTE_R | PTE_X)) {
            return 0; /* a leaf is in the way */
        }
        t = ((pte >> 10) & ((1ULL << 44) - 1)) << 12;
    }
    uint64_t a = t + ((iova >> (12 + 9 * leaf_level)) & 0x1ff) * 8;
    tb_mem_wr64(tb, a, ((pa >> 12) << 10) | flags | PTE_V);
    return a;
}

int tb_fw_cmd_raw(struct tb *tb, struct tb_fw *fw, uint64_t dw0, uint64_t dw1)
{
    uint32_t n = 2u << fw->cq_lsz;
    uint32_t next = (tb->cq_tail + 1) & (n - 1);
    for (int i = 0; i < 10000; i++) { /* wait for room: full when tail == head - 1 */
        uint64_t head;
        if (tb_reg_read(tb, R_CQH, 4, &head) < 0)
            return -1;
        if (next != head)
            break;
        if (tb_run(tb, 20) < 0)
            return -1;
    }
    uint64_t a = fw->cq + (uint64_t)tb->cq_tail * 16;
    tb_mem_wr64(tb, a, dw0);
    tb_mem_wr64(tb, a + 8, dw1);
    tb->cq_tail = next;
    return tb_reg_write(tb, R_CQT, 4, next) < 0 ? -1 : 0;
}

int tb_fw_cmd(struct tb *tb, struct tb_fw *fw, const struct uvs_iommu_cmd *c)
{
    uint8_t raw[UVS_IOMMU_CMD_SIZE];
    if (uvs_iommu_cmd_encode(c, raw) < 0) {
        tb_fail(tb, "testbench built a command the encoder rejects (opcode %u)", c->opcode);
        return -1;
    }
    return tb_fw_cmd_raw(tb, fw, uvs_le64_get(raw), uvs_le64_get(raw + 8));
}

int64_t tb_fw_cmd_sync(struct tb *tb, struct tb_fw *fw, uint64_t max_cycles)
{
    (void)fw;
    uint64_t end = tb->cycle + max_cycles;
    while (tb->cycle < end) {
        uint64_t head, tail, csr;
        if (tb_reg_read(tb, R_CQH, 4, &head) < 0 || tb_reg_read(tb, R_CQT, 4, &tail) < 0 ||
            tb_reg_read(tb, R_CQCSR, 4, &csr) < 0)
            return -1;
        if (head == tail || (csr & (UVS_IOMMU_CQCSR_CQMF_MASK | UVS_IOMMU_CQCSR_CMD_ILL_MASK)))
            return (int64_t)csr;
        if (tb_run(tb, 4) < 0)
            return -1;
    }
    tb_fail(tb, "command queue did not drain in %" PRIu64 " cycles", max_cycles);
    return -1;
}

/* Compare a record in both memories. */
static int same_record(struct tb *tb, uint64_t pa, unsigned len)
{
    for (unsigned o = 0; o < len; o += 8)
        if (tb_mem_rd64(tb, pa + o) != tb_mdl_rd64(tb, pa + o)) {
            tb_fail(tb, "queue record at 0x%" PRIx64 " differs: RTL 0x%016" PRIx64 " model 0x%016" PRIx64, pa + o,
                    tb_mem_rd64(tb, pa + o), tb_mdl_rd64(tb, pa + o));
            return -1;
        }
    return 0;
}

int tb_fw_fq_pop(struct tb *tb, struct tb_fw *fw, struct uvs_iommu_fault_rec *rec)
{
    uint64_t tail;
    if (tb_reg_read(tb, R_FQT, 4, &tail) < 0)
        return -1;
    if (tail == fw->fq_head)
        return 0;
    uint64_t pa = fw->fq + (uint64_t)fw->fq_head * 32;
    uint8_t raw[32];
    for (int i = 0; i < 4; i++)
        uvs_le64_put(raw + 8 * i, tb_mem_rd64(tb, pa + 8 * i));
    if (same_record(tb, pa, 32) < 0)
        return -1;
    if (uvs_iommu_fq_decode(raw, rec) < 0) {
        tb_fail(tb, "fault record at 0x%" PRIx64 " does not decode", pa);
        return -1;
    }
    fw->fq_head = (fw->fq_head + 1) & ((2u << fw->fq_lsz) - 1);
    return tb_reg_write(tb, R_FQH, 4, fw->fq_head) < 0 ? -1 : 1;
}

int tb_fw_pq_pop(struct tb *tb, struct tb_fw *fw, struct uvs_iommu_page_req *rec)
{
    uint64_t tail;
    if (tb_reg_read(tb, R_PQT, 4, &tail) < 0)
        return -1;
    if (tail == fw->pq_head)
        return 0;
    uint64_t pa = fw->pq + (uint64_t)fw->pq_head * 16;
    uint8_t raw[16];
    for (int i = 0; i < 2; i++)
        uvs_le64_put(raw + 8 * i, tb_mem_rd64(tb, pa + 8 * i));
    if (same_record(tb, pa, 16) < 0)
        return -1;
    if (uvs_iommu_pq_decode(raw, rec) < 0) {
        tb_fail(tb, "page-request record at 0x%" PRIx64 " does not decode", pa);
        return -1;
    }
    fw->pq_head = (fw->pq_head + 1) & ((2u << fw->pq_lsz) - 1);
    return tb_reg_write(tb, R_PQH, 4, fw->pq_head) < 0 ? -1 : 1;
}

int tb_fw_replay(struct tb *tb, struct tb_fw *fw, uint32_t did, unsigned prgi, unsigned resp)
{
    struct uvs_iommu_cmd c = {.opcode = UVS_IOMMU_CMD_OP_UVS_PAGE_REPLAY,
                              .func3 = UVS_IOMMU_CMD_F3_UVS_PAGE_REPLAY,
                              .did = did,
                              .prgi = (uint16_t)prgi,
                              .resp = (uint8_t)resp};
    return tb_fw_cmd(tb, fw, &c);
}

int tb_fw_check_regs(struct tb *tb)
{
    static const struct {
        uint32_t off;
        unsigned bytes;
    } regs[] = {{R_CAPS, 8}, {R_FCTL, 4}, {R_DDTP, 8}, {R_CQB, 8},   {R_CQH, 4},   {R_CQT, 4},
                {R_FQB, 8},  {R_FQH, 4},  {R_FQT, 4},  {R_PQB, 8},   {R_PQH, 4},   {R_PQT, 4},
                {R_CQCSR, 4}, {R_FQCSR, 4}, {R_PQCSR, 4}, {R_IPSR, 4}, {R_ICVEC, 8}};
    for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
        if (tb_reg_read(tb, regs[i].off, regs[i].bytes, NULL) < 0)
            return -1;
    return 0;
}

/*
 * uvmsoc IOMMU reference model: first-stage Sv39/Sv48 translation.
 *
 * Follows the RISC-V privileged spec 20211203, 4.3.2 "Virtual Address
 * Translation Process" (steps cited below), with the IOMMU spec v1.0 2.3
 * fault causes and uvmsoc's replayable/non-replayable classification.
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "uvs_iommu_ref.h"

#define PTE(F) UVS_IOMMU_PTE_##F##_MASK
#define PAGE_SHIFT UVS_IOMMU_PAGE_SHIFT

uint32_t uvs_iommu_ttyp_of(enum uvs_iommu_access acc)
{
    switch (acc) {
    case UVS_IOMMU_ACC_EXEC: return UVS_IOMMU_TTYP_UNTRANSLATED_EXEC;
    case UVS_IOMMU_ACC_WRITE: return UVS_IOMMU_TTYP_UNTRANSLATED_WRITE;
    default: return UVS_IOMMU_TTYP_UNTRANSLATED_READ;
    }
}

bool uvs_iommu_cause_ignores_dtf(uint32_t cause)
{
    switch (cause) {
    case UVS_IOMMU_CAUSE_ALL_DISALLOWED:
    case UVS_IOMMU_CAUSE_DDT_LOAD_ACCESS:
    case UVS_IOMMU_CAUSE_DDT_INVALID:
    case UVS_IOMMU_CAUSE_DDT_MISCONFIG:
    case UVS_IOMMU_CAUSE_DDT_CORRUPT:
    case UVS_IOMMU_CAUSE_INTERNAL_ERROR:
    case UVS_IOMMU_CAUSE_MSI_WRITE_ACCESS:
        return true;
    default:
        return false;
    }
}

static uint32_t page_fault_cause(enum uvs_iommu_access acc)
{
    return acc == UVS_IOMMU_ACC_EXEC    ? UVS_IOMMU_CAUSE_INSN_PAGE
           : acc == UVS_IOMMU_ACC_WRITE ? UVS_IOMMU_CAUSE_WRITE_PAGE
                                        : UVS_IOMMU_CAUSE_READ_PAGE;
}

static uint32_t access_fault_cause(enum uvs_iommu_access acc)
{
    return acc == UVS_IOMMU_ACC_EXEC    ? UVS_IOMMU_CAUSE_INSN_ACCESS
           : acc == UVS_IOMMU_ACC_WRITE ? UVS_IOMMU_CAUSE_WRITE_ACCESS
                                        : UVS_IOMMU_CAUSE_READ_ACCESS;
}

/* A memory callback error during the walk: data corruption or access fault. */
static uint32_t walk_error_cause(int rc, enum uvs_iommu_access acc)
{
    return rc == -EIO ? UVS_IOMMU_CAUSE_PT_CORRUPT : access_fault_cause(acc);
}

static int fault(const struct uvs_iommu_dc *dc, struct uvs_iommu_result *res, uint32_t cause)
{
    res->status = UVS_IOMMU_FAULT;
    res->cause = cause;
    res->report = !(dc && dc->dtf) || uvs_iommu_cause_ignores_dtf(cause);
    return 0;
}

static bool valid_req(const struct uvs_iommu_req *req)
{
    return (req->access == UVS_IOMMU_ACC_READ || req->access == UVS_IOMMU_ACC_WRITE ||
            req->access == UVS_IOMMU_ACC_EXEC) &&
           (req->priv == UVS_IOMMU_PRIV_U || req->priv == UVS_IOMMU_PRIV_S) && !(req->did >> 24);
}

/* Step 5: leaf permissions and privilege (no MXR for device requests). */
static bool leaf_perm_ok(const struct uvs_iommu_dc *dc, const struct uvs_iommu_req *req, uint64_t pte)
{
    switch (req->access) {
    case UVS_IOMMU_ACC_READ:
        if (!(pte & PTE(R)))
            return false;
        break;
    case UVS_IOMMU_ACC_WRITE:
        if (!(pte & PTE(W)))
            return false;
        break;
    default:
        if (!(pte & PTE(X)))
            return false;
        break;
    }
    bool upage = (pte & PTE(U)) != 0;
    if (req->priv == UVS_IOMMU_PRIV_U)
        return upage;
    if (!upage)
        return true;
    return dc->sum && req->access != UVS_IOMMU_ACC_EXEC;
}

bool uvs_iommu_leaf_allows(const struct uvs_iommu_dc *dc, const struct uvs_iommu_req *req,
                           uint64_t pte)
{
    if (!dc || !req || !valid_req(req))
        return false;
    if (req->priv == UVS_IOMMU_PRIV_S && !dc->ens)
        return false;
    if (!leaf_perm_ok(dc, req, pte) || !(pte & PTE(A)))
        return false;
    return req->access != UVS_IOMMU_ACC_WRITE || (pte & PTE(D));
}

/* Physical addresses must fit capabilities.PAS (uvmsoc: 56 bits). */
static bool pa_in_range(uint64_t caps_pas_bits, uint64_t pa)
{
    return caps_pas_bits >= 64 || (pa >> caps_pas_bits) == 0;
}

#define UVMSOC_PAS_BITS 56

int uvs_iommu_ref_translate(const struct uvs_iommu_dc *dc, const struct uvs_iommu_mem *mem,
                            const struct uvs_iommu_req *req, struct uvs_iommu_result *res)
{
    if (!dc || !mem || !req || !res || !valid_req(req))
        return -EINVAL;
    memset(res, 0, sizeof *res);
    res->ttyp = uvs_iommu_ttyp_of(req->access);
    res->iotval = req->iova;
    res->pscid = dc->pscid;
    /* IOMMU spec 2.3 step "transaction requests supervisor privilege but ENS is not set". */
    if (req->priv == UVS_IOMMU_PRIV_S && !dc->ens)
        return fault(dc, res, UVS_IOMMU_CAUSE_TTYP_DISALLOWED);
    if (dc->mode == UVS_IOMMU_IOSATP_BARE) {
        if (!pa_in_range(UVMSOC_PAS_BITS, req->iova))
            return fault(dc, res, access_fault_cause(req->access));
        res->status = UVS_IOMMU_OK;
        res->pa = req->iova;
        res->page_size = 1ULL << PAGE_SHIFT;
        return 0;
    }
    int levels;
    unsigned va_bits;
    if (dc->mode == UVS_IOMMU_IOSATP_SV39) {
        levels = UVS_IOMMU_SV39_LEVELS;
        va_bits = UVS_IOMMU_SV39_VA_BITS;
    } else if (dc->mode == UVS_IOMMU_IOSATP_SV48) {
        levels = UVS_IOMMU_SV48_LEVELS;
        va_bits = UVS_IOMMU_SV48_VA_BITS;
    } else {
        return -EINVAL;
    }
    if (!mem->read || (dc->sade && !mem->cas64))
        return -EINVAL;
    /* Sv39/Sv48: bits 63:va_bits must all equal bit va_bits-1, else page fault. */
    uint64_t top = req->iova >> (va_bits - 1);
    if (top != 0 && top != (UINT64_MAX >> (va_bits - 1)))
        return fault(dc, res, page_fault_cause(req->access));

    for (unsigned attempt = 0; attempt <= UVS_IOMMU_CAS_RETRIES; attempt++) {
        /* Step 1: a = satp.ppn * PAGESIZE, i = LEVELS - 1. */
        uint64_t a = dc->root_ppn << PAGE_SHIFT;
        bool global = false;
        bool restart = false;
        for (int i = levels - 1; i >= 0; i--) {
            uint64_t vpn = (req->iova >> (PAGE_SHIFT + 9 * (unsigned)i)) & 0x1ff;
            uint64_t pte_addr = a + vpn * UVS_IOMMU_PTE_SIZE;
            uint64_t pte;
            /* Step 2: load the PTE; a failing access is an access fault. */
            int rc = uvs_iommu_mem_read64(mem, pte_addr, &pte);
            if (rc < 0)
                return fault(dc, res, walk_error_cause(rc, req->access));
            res->pte_reads++;
            /* Step 3: V = 0 is the replayable case; reserved encodings are not. */
            if (!(pte & PTE(V))) {
                if (dc->prq) {
                    res->status = UVS_IOMMU_PAGE_REQUEST;
                    res->cause = page_fault_cause(req->access);
                    return 0;
                }
                return fault(dc, res, page_fault_cause(req->access));
            }
            if ((!(pte & PTE(R)) && (pte & PTE(W))) || (pte & PTE(HIGH)))
                return fault(dc, res, page_fault_cause(req->access));
            /* Step 4: pointer to the next level; its D, A, U are reserved. */
            if (!(pte & (PTE(R) | PTE(X)))) {
                if ((pte & (PTE(D) | PTE(A) | PTE(U))) || i == 0)
                    return fault(dc, res, page_fault_cause(req->access));
                global |= (pte & PTE(G)) != 0;
                a = ((pte & PTE(PPN)) >> UVS_IOMMU_PTE_PPN_SHIFT) << PAGE_SHIFT;
                continue;
            }
            /* Step 6 (checked first here): a superpage's low PPN bits must be zero. */
            uint64_t ppn = (pte & PTE(PPN)) >> UVS_IOMMU_PTE_PPN_SHIFT;
            unsigned low_bits = 9 * (unsigned)i;
            bool misaligned = (ppn & ((1ULL << low_bits) - 1)) != 0;
            /*
             * tc.UVS_PRQW: a write to an aligned leaf with R and not W that
             * would pass with W is a replayable write-permission request.
             */
            if (dc->prq && dc->prqw && req->access == UVS_IOMMU_ACC_WRITE && (pte & PTE(R)) &&
                !(pte & PTE(W)) && !misaligned && leaf_perm_ok(dc, req, pte | PTE(W))) {
                res->status = UVS_IOMMU_PAGE_REQUEST;
                res->cause = page_fault_cause(req->access);
                return 0;
            }
            /* Step 5: permissions. */
            if (!leaf_perm_ok(dc, req, pte) || misaligned)
                return fault(dc, res, page_fault_cause(req->access));
            /* Step 7: A, and D for a store: update atomically or fault (SADE = 0). */
            bool need_d = req->access == UVS_IOMMU_ACC_WRITE && !(pte & PTE(D));
            if (!(pte & PTE(A)) || need_d) {
                if (!dc->sade)
                    return fault(dc, res, page_fault_cause(req->access));
                uint64_t want = pte | PTE(A) | (need_d ? PTE(D) : 0);
                uint64_t old = 0;
                rc = mem->cas64(mem->ctx, pte_addr, pte, want, &old);
                if (rc < 0)
                    return fault(dc, res, walk_error_cause(rc, req->access));
                if (old != pte) {
                    restart = true; /* the PTE changed under us: walk again from step 2 */
                    break;
                }
                res->ad_updates++;
                pte = want;
            }
            /* Step 8: pa.ppn[i-1:0] = va.vpn[i-1:0] for a superpage. */
            uint64_t size = 1ULL << (PAGE_SHIFT + low_bits);
            res->status = UVS_IOMMU_OK;
            res->pa = (ppn << PAGE_SHIFT) | (req->iova & (size - 1));
            res->page_size = size;
            res->pte = pte;
            res->level = (unsigned)i;
            res->global = global || (pte & PTE(G));
            return 0;
        }
        if (!restart)
            break;
    }
    return -EAGAIN;
}

int uvs_iommu_ref_request(const struct uvs_iommu_cfg *cfg, const struct uvs_iommu_mem *mem,
                          const struct uvs_iommu_req *req, struct uvs_iommu_result *res)
{
    if (!cfg || !mem || !req || !res || !valid_req(req))
        return -EINVAL;
    unsigned mode = (unsigned)((cfg->ddtp & UVS_IOMMU_DDTP_IOMMU_MODE_MASK) >> UVS_IOMMU_DDTP_IOMMU_MODE_SHIFT);
    memset(res, 0, sizeof *res);
    res->ttyp = uvs_iommu_ttyp_of(req->access);
    res->iotval = req->iova;
    if (mode == UVS_IOMMU_DDTP_MODE_OFF)
        return fault(NULL, res, UVS_IOMMU_CAUSE_ALL_DISALLOWED);
    if (mode == UVS_IOMMU_DDTP_MODE_BARE) {
        struct uvs_iommu_dc bare = {.mode = UVS_IOMMU_IOSATP_BARE, .ens = true};
        return uvs_iommu_ref_translate(&bare, mem, req, res);
    }
    if (mode > UVS_IOMMU_DDTP_MODE_3LVL)
        return -EINVAL;
    struct uvs_iommu_dc dc;
    uint32_t cause = 0;
    int rc = uvs_iommu_locate_dc(cfg, mem, req->did, &dc, &cause);
    if (rc < 0)
        return rc;
    if (cause)
        return fault(NULL, res, cause);
    return uvs_iommu_ref_translate(&dc, mem, req, res);
}

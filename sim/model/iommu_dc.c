/*
 * uvmsoc IOMMU reference model: device contexts and the device directory
 * (RISC-V IOMMU spec v1.0, 2.1 and 2.3.1).
 */
#include <errno.h>
#include <stddef.h>

#include "uvs_iommu_ref.h"

#define BIT(n) (1ULL << (n))
#define FIELD(v, F) (((v) & UVS_##F##_MASK) >> UVS_##F##_SHIFT)

/* tc bits uvmsoc accepts; every other bit is reserved or unsupported. */
#define TC_ALLOWED (UVS_IOMMU_DC_TC_V_MASK | UVS_IOMMU_DC_TC_DTF_MASK | UVS_IOMMU_DC_TC_SADE_MASK | \
                    UVS_IOMMU_DC_TC_UVS_PRQ_MASK | UVS_IOMMU_DC_TC_UVS_ENS_MASK |                 \
                    UVS_IOMMU_DC_TC_UVS_SUM_MASK | UVS_IOMMU_DC_TC_UVS_PRQW_MASK)

int uvs_iommu_dc_decode(const struct uvs_iommu_dc_raw *raw, const struct uvs_iommu_cfg *cfg,
                        struct uvs_iommu_dc *dc, uint32_t *cause)
{
    if (!raw || !cfg || !dc || !cause)
        return -EINVAL;
    *cause = 0;
    if (!(raw->tc & UVS_IOMMU_DC_TC_V_MASK)) {
        *cause = UVS_IOMMU_CAUSE_DDT_INVALID;
        return 0;
    }
    uint64_t caps = cfg->caps;
    unsigned mode = (unsigned)FIELD(raw->fsc, IOMMU_DC_FSC_MODE);
    bool bad = (raw->tc & ~TC_ALLOWED) != 0;
    /* SADE needs hardware A/D support; UVS_PRQ needs the page-request queue. */
    if ((raw->tc & UVS_IOMMU_DC_TC_SADE_MASK) && !(caps & UVS_IOMMU_CAPS_AMO_HWAD_MASK))
        bad = true;
    if ((raw->tc & UVS_IOMMU_DC_TC_UVS_PRQ_MASK) && !(caps & UVS_IOMMU_CAPS_UVS_PRQ_MASK))
        bad = true;
    /* No second stage: iohgatp must be Bare with no other bit set. */
    if (raw->iohgatp != 0)
        bad = true;
    /* ta: only PSCID (RCID/MCID need capabilities.QOSID). */
    if (raw->ta & ~UVS_IOMMU_DC_TA_PSCID_MASK)
        bad = true;
    /* fsc (iosatp): bits 59:44 reserved; MODE among those supported. */
    if (raw->fsc & ~(UVS_IOMMU_DC_FSC_PPN_MASK | UVS_IOMMU_DC_FSC_MODE_MASK))
        bad = true;
    if (mode == UVS_IOMMU_IOSATP_SV39) {
        if (!(caps & UVS_IOMMU_CAPS_SV39_MASK))
            bad = true;
    } else if (mode == UVS_IOMMU_IOSATP_SV48) {
        if (!(caps & UVS_IOMMU_CAPS_SV48_MASK))
            bad = true;
    } else if (mode != UVS_IOMMU_IOSATP_BARE) {
        bad = true;
    }
    if (bad) {
        *cause = UVS_IOMMU_CAUSE_DDT_MISCONFIG;
        return 0;
    }
    dc->mode = mode;
    dc->root_ppn = FIELD(raw->fsc, IOMMU_DC_FSC_PPN);
    dc->pscid = (uint32_t)FIELD(raw->ta, IOMMU_DC_TA_PSCID);
    dc->dtf = (raw->tc & UVS_IOMMU_DC_TC_DTF_MASK) != 0;
    dc->sade = (raw->tc & UVS_IOMMU_DC_TC_SADE_MASK) != 0;
    dc->prq = (raw->tc & UVS_IOMMU_DC_TC_UVS_PRQ_MASK) != 0;
    dc->ens = (raw->tc & UVS_IOMMU_DC_TC_UVS_ENS_MASK) != 0;
    dc->sum = (raw->tc & UVS_IOMMU_DC_TC_UVS_SUM_MASK) != 0;
    dc->prqw = (raw->tc & UVS_IOMMU_DC_TC_UVS_PRQW_MASK) != 0;
    return 0;
}

int uvs_iommu_dc_encode(const struct uvs_iommu_dc *dc, struct uvs_iommu_dc_raw *raw)
{
    if (!dc || !raw)
        return -EINVAL;
    if (dc->mode != UVS_IOMMU_IOSATP_BARE && dc->mode != UVS_IOMMU_IOSATP_SV39 &&
        dc->mode != UVS_IOMMU_IOSATP_SV48)
        return -EINVAL;
    if (dc->root_ppn >> UVS_IOMMU_DC_FSC_PPN_WIDTH || dc->pscid >> UVS_IOMMU_DC_TA_PSCID_WIDTH)
        return -EINVAL;
    raw->tc = UVS_IOMMU_DC_TC_V_MASK | (dc->dtf ? UVS_IOMMU_DC_TC_DTF_MASK : 0) |
              (dc->sade ? UVS_IOMMU_DC_TC_SADE_MASK : 0) | (dc->prq ? UVS_IOMMU_DC_TC_UVS_PRQ_MASK : 0) |
              (dc->ens ? UVS_IOMMU_DC_TC_UVS_ENS_MASK : 0) | (dc->sum ? UVS_IOMMU_DC_TC_UVS_SUM_MASK : 0) |
              (dc->prqw ? UVS_IOMMU_DC_TC_UVS_PRQW_MASK : 0);
    raw->iohgatp = 0;
    raw->ta = (uint64_t)dc->pscid << UVS_IOMMU_DC_TA_PSCID_SHIFT;
    raw->fsc = ((uint64_t)dc->mode << UVS_IOMMU_DC_FSC_MODE_SHIFT) | dc->root_ppn;
    return 0;
}

/* Map a memory callback error to the directory's cause: 268 or 257. */
static uint32_t ddt_access_cause(int rc)
{
    return rc == -EIO ? UVS_IOMMU_CAUSE_DDT_CORRUPT : UVS_IOMMU_CAUSE_DDT_LOAD_ACCESS;
}

int uvs_iommu_locate_dc(const struct uvs_iommu_cfg *cfg, const struct uvs_iommu_mem *mem,
                        uint32_t did, struct uvs_iommu_dc *dc, uint32_t *cause)
{
    if (!cfg || !mem || !mem->read || !dc || !cause || (did >> 24))
        return -EINVAL;
    unsigned mode = (unsigned)FIELD(cfg->ddtp, IOMMU_DDTP_IOMMU_MODE);
    int levels;
    switch (mode) {
    case UVS_IOMMU_DDTP_MODE_1LVL: levels = 1; break;
    case UVS_IOMMU_DDTP_MODE_2LVL: levels = 2; break;
    case UVS_IOMMU_DDTP_MODE_3LVL: levels = 3; break;
    default: return -EINVAL;
    }
    /* uvmsoc uses the base format (capabilities.MSI_FLAT = 0): DDI 7/9/8 bits. */
    uint64_t ddi[3] = {FIELD(did, IOMMU_DEVID_DDI0), FIELD(did, IOMMU_DEVID_DDI1),
                       FIELD(did, IOMMU_DEVID_DDI2)};
    *cause = 0;
    if ((levels < 3 && ddi[2]) || (levels < 2 && ddi[1])) {
        *cause = UVS_IOMMU_CAUSE_TTYP_DISALLOWED;
        return 0;
    }
    uint64_t a = FIELD(cfg->ddtp, IOMMU_DDTP_PPN) << UVS_IOMMU_PAGE_SHIFT;
    for (int i = levels - 1; i > 0; i--) {
        uint64_t ddte;
        int rc = uvs_iommu_mem_read64(mem, a + ddi[i] * 8, &ddte);
        if (rc < 0) {
            *cause = ddt_access_cause(rc);
            return 0;
        }
        if (!(ddte & UVS_IOMMU_DDTE_V_MASK)) {
            *cause = UVS_IOMMU_CAUSE_DDT_INVALID;
            return 0;
        }
        if (ddte & ~(UVS_IOMMU_DDTE_V_MASK | UVS_IOMMU_DDTE_PPN_MASK)) {
            *cause = UVS_IOMMU_CAUSE_DDT_MISCONFIG;
            return 0;
        }
        a = FIELD(ddte, IOMMU_DDTE_PPN) << UVS_IOMMU_PAGE_SHIFT;
    }
    uint8_t b[UVS_IOMMU_DC_SIZE];
    int rc = mem->read(mem->ctx, a + ddi[0] * UVS_IOMMU_DC_SIZE, b, sizeof b);
    if (rc < 0) {
        *cause = ddt_access_cause(rc);
        return 0;
    }
    struct uvs_iommu_dc_raw raw = {
        .tc = uvs_le64_get(b + UVS_IOMMU_DC_TC_OFF),
        .iohgatp = uvs_le64_get(b + UVS_IOMMU_DC_IOHGATP_OFF),
        .ta = uvs_le64_get(b + UVS_IOMMU_DC_TA_OFF),
        .fsc = uvs_le64_get(b + UVS_IOMMU_DC_FSC_OFF),
    };
    return uvs_iommu_dc_decode(&raw, cfg, dc, cause);
}

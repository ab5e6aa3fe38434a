/*
 * uvmsoc IOMMU queue record encode/decode, shared by the reference model,
 * the firmware and the host tools (RISC-V IOMMU
 * spec v1.0, 3.1 commands, 3.2 fault records, 3.3 page-request records).
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "uvs_iommu_rec.h"
#include "uvs_le.h"

#define GET(v, F) (((v) & UVS_##F##_MASK) >> UVS_##F##_SHIFT)
#define PUT(F, x) (((uint64_t)(x) << UVS_##F##_SHIFT) & UVS_##F##_MASK)
#define FITS(x, F) (((uint64_t)(x) >> UVS_##F##_WIDTH) == 0)

/* ---------------- commands ---------------- */

/* Bits of dw0/dw1 that each implemented command may set. */
#define HDR (UVS_IOMMU_CMD_DW0_OPCODE_MASK | UVS_IOMMU_CMD_DW0_FUNC3_MASK)
#define IOTINVAL_DW0 (HDR | UVS_IOMMU_CMD_IOTINVAL_DW0_AV_MASK | UVS_IOMMU_CMD_IOTINVAL_DW0_PSCID_MASK | \
                      UVS_IOMMU_CMD_IOTINVAL_DW0_PSCV_MASK | UVS_IOMMU_CMD_IOTINVAL_DW0_GV_MASK |       \
                      UVS_IOMMU_CMD_IOTINVAL_DW0_GSCID_MASK)
#define IOFENCE_DW0 (HDR | UVS_IOMMU_CMD_IOFENCE_DW0_AV_MASK | UVS_IOMMU_CMD_IOFENCE_DW0_WSI_MASK | \
                     UVS_IOMMU_CMD_IOFENCE_DW0_PR_MASK | UVS_IOMMU_CMD_IOFENCE_DW0_PW_MASK |       \
                     UVS_IOMMU_CMD_IOFENCE_DW0_DATA_MASK)
#define IODIR_DDT_DW0 (HDR | UVS_IOMMU_CMD_IODIR_DW0_DV_MASK | UVS_IOMMU_CMD_IODIR_DW0_DID_MASK)
#define REPLAY_DW0 (HDR | UVS_IOMMU_CMD_PAGE_REPLAY_DW0_DID_MASK)
#define REPLAY_DW1 (UVS_IOMMU_CMD_PAGE_REPLAY_DW1_PRGI_MASK | UVS_IOMMU_CMD_PAGE_REPLAY_DW1_RESP_MASK)

static bool resp_valid(unsigned resp)
{
    return resp == UVS_IOMMU_PRG_RESP_SUCCESS || resp == UVS_IOMMU_PRG_RESP_INVALID ||
           resp == UVS_IOMMU_PRG_RESP_FAILURE;
}

/* The commands uvmsoc implements; everything else is illegal (-ENOSYS). */
static bool cmd_implemented(unsigned opcode, unsigned func3)
{
    return (opcode == UVS_IOMMU_CMD_OP_IOTINVAL && func3 == UVS_IOMMU_CMD_F3_IOTINVAL_VMA) ||
           (opcode == UVS_IOMMU_CMD_OP_IOFENCE && func3 == UVS_IOMMU_CMD_F3_IOFENCE_C) ||
           (opcode == UVS_IOMMU_CMD_OP_IODIR && func3 == UVS_IOMMU_CMD_F3_IODIR_INVAL_DDT) ||
           (opcode == UVS_IOMMU_CMD_OP_UVS_PAGE_REPLAY && func3 == UVS_IOMMU_CMD_F3_UVS_PAGE_REPLAY);
}

int uvs_iommu_cmd_decode(const uint8_t in[UVS_IOMMU_CMD_SIZE], struct uvs_iommu_cmd *cmd)
{
    if (!in || !cmd)
        return -EINVAL;
    uint64_t dw0 = uvs_le64_get(in), dw1 = uvs_le64_get(in + 8);
    memset(cmd, 0, sizeof *cmd);
    cmd->opcode = (uint8_t)GET(dw0, IOMMU_CMD_DW0_OPCODE);
    cmd->func3 = (uint8_t)GET(dw0, IOMMU_CMD_DW0_FUNC3);
    if (!cmd_implemented(cmd->opcode, cmd->func3))
        return -ENOSYS;
    switch (cmd->opcode) {
    case UVS_IOMMU_CMD_OP_IOTINVAL:
        if ((dw0 & ~IOTINVAL_DW0) || (dw1 & ~UVS_IOMMU_CMD_IOTINVAL_DW1_ADDR_MASK))
            return -EBADMSG;
        cmd->av = GET(dw0, IOMMU_CMD_IOTINVAL_DW0_AV);
        cmd->pscv = GET(dw0, IOMMU_CMD_IOTINVAL_DW0_PSCV);
        cmd->gv = GET(dw0, IOMMU_CMD_IOTINVAL_DW0_GV);
        cmd->pscid = (uint32_t)GET(dw0, IOMMU_CMD_IOTINVAL_DW0_PSCID);
        cmd->gscid = (uint32_t)GET(dw0, IOMMU_CMD_IOTINVAL_DW0_GSCID);
        cmd->addr = GET(dw1, IOMMU_CMD_IOTINVAL_DW1_ADDR) << 12;
        break;
    case UVS_IOMMU_CMD_OP_IOFENCE:
        if ((dw0 & ~IOFENCE_DW0) || (dw1 & ~UVS_IOMMU_CMD_IOFENCE_DW1_ADDR_MASK))
            return -EBADMSG;
        cmd->av = GET(dw0, IOMMU_CMD_IOFENCE_DW0_AV);
        cmd->wsi = GET(dw0, IOMMU_CMD_IOFENCE_DW0_WSI);
        cmd->pr = GET(dw0, IOMMU_CMD_IOFENCE_DW0_PR);
        cmd->pw = GET(dw0, IOMMU_CMD_IOFENCE_DW0_PW);
        cmd->data = (uint32_t)GET(dw0, IOMMU_CMD_IOFENCE_DW0_DATA);
        cmd->addr = GET(dw1, IOMMU_CMD_IOFENCE_DW1_ADDR) << 2;
        break;
    case UVS_IOMMU_CMD_OP_IODIR:
        if ((dw0 & ~IODIR_DDT_DW0) || dw1)
            return -EBADMSG;
        cmd->dv = GET(dw0, IOMMU_CMD_IODIR_DW0_DV);
        cmd->did = (uint32_t)GET(dw0, IOMMU_CMD_IODIR_DW0_DID);
        break;
    default: /* PAGE_REPLAY */
        if ((dw0 & ~REPLAY_DW0) || (dw1 & ~REPLAY_DW1))
            return -EBADMSG;
        cmd->did = (uint32_t)GET(dw0, IOMMU_CMD_PAGE_REPLAY_DW0_DID);
        cmd->prgi = (uint16_t)GET(dw1, IOMMU_CMD_PAGE_REPLAY_DW1_PRGI);
        cmd->resp = (uint8_t)GET(dw1, IOMMU_CMD_PAGE_REPLAY_DW1_RESP);
        if (!resp_valid(cmd->resp))
            return -EBADMSG;
        break;
    }
    return 0;
}

int uvs_iommu_cmd_encode(const struct uvs_iommu_cmd *c, uint8_t out[UVS_IOMMU_CMD_SIZE])
{
    if (!c || !out)
        return -EINVAL;
    if (!cmd_implemented(c->opcode, c->func3))
        return -ENOSYS;
    uint64_t dw0 = PUT(IOMMU_CMD_DW0_OPCODE, c->opcode) | PUT(IOMMU_CMD_DW0_FUNC3, c->func3);
    uint64_t dw1 = 0;
    /* Which unpacked fields each opcode carries; any other must be zero. */
    bool iotinval = c->opcode == UVS_IOMMU_CMD_OP_IOTINVAL;
    bool iofence = c->opcode == UVS_IOMMU_CMD_OP_IOFENCE;
    bool iodir = c->opcode == UVS_IOMMU_CMD_OP_IODIR;
    bool replay = c->opcode == UVS_IOMMU_CMD_OP_UVS_PAGE_REPLAY;
    if ((!iotinval && (c->pscv || c->gv || c->pscid || c->gscid)) || (!iotinval && !iofence && (c->av || c->addr)) ||
        (!iofence && (c->wsi || c->pr || c->pw || c->data)) || (!iodir && c->dv) ||
        (!iodir && !replay && c->did) || (!replay && (c->prgi || c->resp)))
        return -EINVAL;
    if (iotinval) {
        if (!FITS(c->pscid, IOMMU_CMD_IOTINVAL_DW0_PSCID) || !FITS(c->gscid, IOMMU_CMD_IOTINVAL_DW0_GSCID) ||
            (c->addr & 0xfff))
            return -EINVAL;
        dw0 |= PUT(IOMMU_CMD_IOTINVAL_DW0_AV, c->av) | PUT(IOMMU_CMD_IOTINVAL_DW0_PSCV, c->pscv) |
               PUT(IOMMU_CMD_IOTINVAL_DW0_GV, c->gv) | PUT(IOMMU_CMD_IOTINVAL_DW0_PSCID, c->pscid) |
               PUT(IOMMU_CMD_IOTINVAL_DW0_GSCID, c->gscid);
        dw1 = PUT(IOMMU_CMD_IOTINVAL_DW1_ADDR, c->addr >> 12);
    } else if (iofence) {
        if (c->addr & 3)
            return -EINVAL;
        dw0 |= PUT(IOMMU_CMD_IOFENCE_DW0_AV, c->av) | PUT(IOMMU_CMD_IOFENCE_DW0_WSI, c->wsi) |
               PUT(IOMMU_CMD_IOFENCE_DW0_PR, c->pr) | PUT(IOMMU_CMD_IOFENCE_DW0_PW, c->pw) |
               PUT(IOMMU_CMD_IOFENCE_DW0_DATA, c->data);
        dw1 = PUT(IOMMU_CMD_IOFENCE_DW1_ADDR, c->addr >> 2);
    } else if (iodir) {
        if (!FITS(c->did, IOMMU_CMD_IODIR_DW0_DID))
            return -EINVAL;
        dw0 |= PUT(IOMMU_CMD_IODIR_DW0_DV, c->dv) | PUT(IOMMU_CMD_IODIR_DW0_DID, c->did);
    } else {
        if (!FITS(c->did, IOMMU_CMD_PAGE_REPLAY_DW0_DID) || !FITS(c->prgi, IOMMU_CMD_PAGE_REPLAY_DW1_PRGI) ||
            !resp_valid(c->resp))
            return -EINVAL;
        dw0 |= PUT(IOMMU_CMD_PAGE_REPLAY_DW0_DID, c->did);
        dw1 = PUT(IOMMU_CMD_PAGE_REPLAY_DW1_PRGI, c->prgi) | PUT(IOMMU_CMD_PAGE_REPLAY_DW1_RESP, c->resp);
    }
    uvs_le64_put(out, dw0);
    uvs_le64_put(out + 8, dw1);
    return 0;
}

/* ---------------- fault records ---------------- */

bool uvs_iommu_cause_defined(uint32_t cause)
{
    switch (cause) {
    case 1: case 4: case 5: case 6: case 7: case 12: case 13: case 15: case 20: case 21: case 23:
        return true;
    default:
        return (cause >= UVS_IOMMU_CAUSE_ALL_DISALLOWED && cause <= UVS_IOMMU_CAUSE_PT_CORRUPT) ||
               (cause >= UVS_IOMMU_CAUSE_CUSTOM_FIRST && cause < 4096);
    }
}

bool uvs_iommu_ttyp_defined(uint32_t ttyp)
{
    return (ttyp <= UVS_IOMMU_TTYP_MESSAGE && ttyp != 4) || (ttyp >= UVS_IOMMU_TTYP_CUSTOM_FIRST && ttyp < 64);
}

/* Rules shared by encode and decode: -EBADMSG when broken. */
static int fq_check(const struct uvs_iommu_fault_rec *r)
{
    if (!uvs_iommu_cause_defined(r->cause) || !uvs_iommu_ttyp_defined(r->ttyp))
        return -EBADMSG;
    if (!r->pv && (r->pid || r->priv))
        return -EBADMSG;
    if (r->ttyp == UVS_IOMMU_TTYP_NONE && (r->did || r->pv))
        return -EBADMSG;
    return 0;
}

int uvs_iommu_fq_encode(const struct uvs_iommu_fault_rec *r, uint8_t out[UVS_IOMMU_FQREC_SIZE])
{
    if (!r || !out || !FITS(r->cause, IOMMU_FQREC_DW0_CAUSE) || !FITS(r->ttyp, IOMMU_FQREC_DW0_TTYP) ||
        !FITS(r->pid, IOMMU_FQREC_DW0_PID) || !FITS(r->did, IOMMU_FQREC_DW0_DID))
        return -EINVAL;
    int rc = fq_check(r);
    if (rc < 0)
        return rc;
    uint64_t dw0 = PUT(IOMMU_FQREC_DW0_CAUSE, r->cause) | PUT(IOMMU_FQREC_DW0_PID, r->pid) |
                   PUT(IOMMU_FQREC_DW0_PV, r->pv) | PUT(IOMMU_FQREC_DW0_PRIV, r->priv) |
                   PUT(IOMMU_FQREC_DW0_TTYP, r->ttyp) | PUT(IOMMU_FQREC_DW0_DID, r->did);
    uvs_le64_put(out, dw0);
    uvs_le64_put(out + 8, 0);
    uvs_le64_put(out + UVS_IOMMU_FQREC_IOTVAL_OFF, r->iotval);
    uvs_le64_put(out + UVS_IOMMU_FQREC_IOTVAL2_OFF, r->iotval2);
    return 0;
}

int uvs_iommu_fq_decode(const uint8_t in[UVS_IOMMU_FQREC_SIZE], struct uvs_iommu_fault_rec *r)
{
    if (!in || !r)
        return -EINVAL;
    uint64_t dw0 = uvs_le64_get(in), dw1 = uvs_le64_get(in + 8);
    memset(r, 0, sizeof *r);
    if (dw1) /* custom half unused by uvmsoc, other half reserved */
        return -EBADMSG;
    r->cause = (uint32_t)GET(dw0, IOMMU_FQREC_DW0_CAUSE);
    r->pid = (uint32_t)GET(dw0, IOMMU_FQREC_DW0_PID);
    r->pv = GET(dw0, IOMMU_FQREC_DW0_PV);
    r->priv = GET(dw0, IOMMU_FQREC_DW0_PRIV);
    r->ttyp = (uint32_t)GET(dw0, IOMMU_FQREC_DW0_TTYP);
    r->did = (uint32_t)GET(dw0, IOMMU_FQREC_DW0_DID);
    r->iotval = uvs_le64_get(in + UVS_IOMMU_FQREC_IOTVAL_OFF);
    r->iotval2 = uvs_le64_get(in + UVS_IOMMU_FQREC_IOTVAL2_OFF);
    return fq_check(r);
}

/* ---------------- page-request records ---------------- */

#define PQ_DW0_USED (UVS_IOMMU_PQREC_DW0_PID_MASK | UVS_IOMMU_PQREC_DW0_PV_MASK | UVS_IOMMU_PQREC_DW0_PRIV_MASK | \
                     UVS_IOMMU_PQREC_DW0_EXEC_MASK | UVS_IOMMU_PQREC_DW0_DID_MASK)

int uvs_iommu_pq_encode(const struct uvs_iommu_page_req *r, uint8_t out[UVS_IOMMU_PQREC_SIZE])
{
    if (!r || !out || !FITS(r->did, IOMMU_PQREC_DW0_DID) || !FITS(r->pid, IOMMU_PQREC_DW0_PID) ||
        !FITS(r->prgi, IOMMU_PQREC_DW1_PRGI) || (r->addr & 0xfff) ||
        (!r->pv && (r->pid || r->priv || r->exec)))
        return -EINVAL;
    uint64_t dw0 = PUT(IOMMU_PQREC_DW0_PID, r->pid) | PUT(IOMMU_PQREC_DW0_PV, r->pv) |
                   PUT(IOMMU_PQREC_DW0_PRIV, r->priv) | PUT(IOMMU_PQREC_DW0_EXEC, r->exec) |
                   PUT(IOMMU_PQREC_DW0_DID, r->did);
    uint64_t dw1 = PUT(IOMMU_PQREC_DW1_R, r->r) | PUT(IOMMU_PQREC_DW1_W, r->w) | PUT(IOMMU_PQREC_DW1_L, r->l) |
                   PUT(IOMMU_PQREC_DW1_PRGI, r->prgi) | (r->addr & UVS_IOMMU_PQREC_DW1_ADDR_MASK);
    uvs_le64_put(out, dw0);
    uvs_le64_put(out + 8, dw1);
    return 0;
}

int uvs_iommu_pq_decode(const uint8_t in[UVS_IOMMU_PQREC_SIZE], struct uvs_iommu_page_req *r)
{
    if (!in || !r)
        return -EINVAL;
    uint64_t dw0 = uvs_le64_get(in), dw1 = uvs_le64_get(in + 8);
    *r = (struct uvs_iommu_page_req){0}; /* a struct store: the firmware's memset is a byte loop */
    if (dw0 & ~PQ_DW0_USED)
        return -EBADMSG;
    r->did = (uint32_t)GET(dw0, IOMMU_PQREC_DW0_DID);
    r->pv = GET(dw0, IOMMU_PQREC_DW0_PV);
    r->pid = (uint32_t)GET(dw0, IOMMU_PQREC_DW0_PID);
    r->priv = GET(dw0, IOMMU_PQREC_DW0_PRIV);
    r->exec = GET(dw0, IOMMU_PQREC_DW0_EXEC);
    r->r = GET(dw1, IOMMU_PQREC_DW1_R);
    r->w = GET(dw1, IOMMU_PQREC_DW1_W);
    r->l = GET(dw1, IOMMU_PQREC_DW1_L);
    r->prgi = (uint16_t)GET(dw1, IOMMU_PQREC_DW1_PRGI);
    r->addr = dw1 & UVS_IOMMU_PQREC_DW1_ADDR_MASK;
    if (!r->pv && (r->pid || r->priv || r->exec))
        return -EBADMSG;
    return 0;
}

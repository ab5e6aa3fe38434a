/* uvmsoc IOMMU testbench: helpers shared by the directed tests (tb_dlib.h). */
#include <errno.h>
#include <inttypes.h>

#include "tb_dlib.h"

int fx_setup(struct tb *tb, struct fx *f, unsigned ddtp_mode, uint64_t tc)
{
    TRY(tb_fw_setup(tb, &f->fw, ddtp_mode ? ddtp_mode : UVS_IOMMU_DDTP_MODE_1LVL, 5, 3, 3));
    f->root = tb_alloc_page(tb);
    EXPECT(tb, f->root, "out of memory");
    return tb_fw_dc_simple(tb, &f->fw, 1, tc, 1, UVS_IOMMU_IOSATP_SV39, f->root);
}

int fx_req(struct tb *tb, int port, uint32_t did, uint64_t iova, enum tb_kind kind, bool priv_s)
{
    EXPECT(tb, tb_issue(tb, port, did, iova, kind, priv_s) == 0, "port %d busy", port);
    int rc = tb_wait_resp(tb, port, 20000);
    if (rc == -ETIMEDOUT)
        return 2;
    if (rc < 0)
        return -1;
    return tb->port[port].resp_err ? 1 : 0;
}

int fx_fault(struct tb *tb, struct fx *f, uint32_t cause, uint32_t did, uint64_t iova)
{
    struct uvs_iommu_fault_rec r;
    int rc = tb_fw_fq_pop(tb, &f->fw, &r);
    TRY(rc);
    EXPECT(tb, rc == 1, "no fault record (expected cause %u)", cause);
    EXPECT(tb, r.cause == cause && r.did == did && r.iotval == iova,
           "fault record cause %u did %u iotval 0x%" PRIx64 ", expected cause %u did %u iotval 0x%" PRIx64, r.cause,
           r.did, r.iotval, cause, did, iova);
    EXPECT(tb, r.ttyp >= 1 && r.ttyp <= 3 && !r.pv && !r.iotval2, "fault record ttyp %u pv %d", r.ttyp, r.pv);
    return 0;
}

int fx_no_fault(struct tb *tb, struct fx *f)
{
    struct uvs_iommu_fault_rec r;
    int rc = tb_fw_fq_pop(tb, &f->fw, &r);
    TRY(rc);
    EXPECT(tb, rc == 0, "unexpected fault record, cause %u", r.cause);
    return 0;
}

int fx_cmd(struct tb *tb, struct fx *f, const struct uvs_iommu_cmd *c)
{
    TRY(tb_fw_cmd(tb, &f->fw, c));
    int64_t csr = tb_fw_cmd_sync(tb, &f->fw, 10000);
    TRY(csr);
    EXPECT(tb, !(csr & (UVS_IOMMU_CQCSR_CQMF_MASK | UVS_IOMMU_CQCSR_CMD_ILL_MASK)),
           "command opcode %u stopped the queue (cqcsr 0x%" PRIx64 ")", c->opcode, (uint64_t)csr);
    return 0;
}

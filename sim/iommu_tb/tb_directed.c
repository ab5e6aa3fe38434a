/*
 * uvmsoc IOMMU testbench: directed tests of translation and fault causes
 * (RISC-V IOMMU spec v1.0 2.3, 3.2 CAUSE table; privileged spec 4.3.2) and
 * of the register block (spec chapter 5). Every request is also checked
 * against the C model by the testbench core.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include <uvmsoc/bus.h>
#include <uvmsoc/memmap.h>

#include "tb_dlib.h"
#include "tb_tests.h"

#define IOVA 0x40201000ULL /* VPN[2] 1, VPN[1] 1, VPN[0] 1 */
#define RWU (PTE_R | PTE_W | PTE_U | PTE_A | PTE_D)

/* One request expecting a fault with a record. */
static int fault_case(struct tb *tb, struct fx *f, uint32_t did, uint64_t iova, enum tb_kind k, bool s,
                      uint32_t cause)
{
    int rc = fx_req(tb, 0, did, iova, k, s);
    TRY(rc);
    EXPECT(tb, rc == 1, "iova 0x%" PRIx64 " kind %d: expected an error response (cause %u), got %d", iova, k, cause,
           rc);
    return fx_fault(tb, f, cause, did, iova);
}

static int t_regs_reset(struct tb *tb)
{
    uint64_t v;
    TRY(tb_reg_read(tb, R_CAPS, 8, &v));
    EXPECT(tb, v == UVS_IOMMU_CAPS_UVMSOC, "capabilities 0x%" PRIx64, v);
    TRY(tb_reg_read(tb, R_FCTL, 4, &v));
    EXPECT(tb, v == UVS_IOMMU_FCTL_WSI_MASK, "fctl 0x%" PRIx64, v);
    TRY(tb_reg_read(tb, R_DDTP, 8, &v));
    EXPECT(tb, v == UVS_IOMMU_DDTP_MODE_OFF, "ddtp 0x%" PRIx64, v);
    TRY(tb_reg_read(tb, R_CAPS + 4, 4, &v)); /* high half of an 8-byte register */
    EXPECT(tb, v == UVS_IOMMU_CAPS_UVMSOC >> 32, "capabilities[63:32] 0x%" PRIx64, v);
    return tb_fw_check_regs(tb);
}

static int t_regs_bad(struct tb *tb)
{
    uint64_t v, rd;
    uint8_t err;
    /* byte and halfword accesses, AMOs, offsets past the 4-KiB block: bus error */
    TRY(tb_reg_raw(tb, UVS_IOMMU_BASE + R_DDTP, false, 0x01, 0, UVS_AMO_NONE, &rd, &err));
    EXPECT(tb, err, "1-byte read not rejected");
    TRY(tb_reg_raw(tb, UVS_IOMMU_BASE + R_DDTP, true, 0x03, 0xffff, UVS_AMO_NONE, &rd, &err));
    EXPECT(tb, err, "2-byte write not rejected");
    TRY(tb_reg_raw(tb, UVS_IOMMU_BASE + R_DDTP, true, 0xff, 1, UVS_AMO_SWAP, &rd, &err));
    EXPECT(tb, err, "AMO not rejected");
    TRY(tb_reg_raw(tb, UVS_IOMMU_BASE + 0x1000, false, 0xff, 0, UVS_AMO_NONE, &rd, &err));
    EXPECT(tb, err, "offset 0x1000 not rejected");
    /* an 8-byte access over two 4-byte registers: the model rejects it too */
    EXPECT(tb, tb_reg_read(tb, R_CQH, 8, &v) == -EIO, "8-byte read over cqh/cqt not rejected");
    EXPECT(tb, tb_reg_write(tb, R_FQCSR, 8, 1) == -EIO, "8-byte write over fqcsr/pqcsr not rejected");
    /* read-only registers keep their value; ddtp mode is WARL */
    TRY(tb_reg_write(tb, R_CAPS, 8, 0));
    TRY(tb_reg_write(tb, R_FCTL, 4, 0));
    TRY(tb_reg_write(tb, R_DDTP, 8, 0x1234000ULL << 10 | UVS_IOMMU_DDTP_MODE_2LVL));
    TRY(tb_reg_write(tb, R_DDTP, 8, 0x1234000ULL << 10 | 7));
    TRY(tb_reg_read(tb, R_DDTP, 8, &v));
    EXPECT(tb, (v & 0xf) == UVS_IOMMU_DDTP_MODE_2LVL, "ddtp mode 7 accepted: 0x%" PRIx64, v);
    /* queue base is locked while the queue is on; indexes are masked */
    TRY(tb_reg_write(tb, R_CQB, 8, (0x10000ULL << 10) | 2));
    TRY(tb_reg_write(tb, R_CQT, 4, 0xffff));
    TRY(tb_reg_read(tb, R_CQT, 4, &v));
    EXPECT(tb, v == 7, "cqt not masked to 8 entries: 0x%" PRIx64, v);
    TRY(tb_reg_write(tb, R_CQCSR, 4, 1));
    TRY(tb_reg_write(tb, R_CQB, 8, (0x20000ULL << 10) | 4));
    TRY(tb_reg_read(tb, R_CQB, 8, &v));
    EXPECT(tb, v == ((0x10000ULL << 10) | 2), "cqb written while the queue is on: 0x%" PRIx64, v);
    /* unimplemented offsets read 0 */
    TRY(tb_reg_read(tb, 0x100, 8, &v));
    EXPECT(tb, v == 0, "reserved offset reads 0x%" PRIx64, v);
    /* icvec keeps 16 bits; a 4-byte write of ddtp's high half keeps the low half */
    TRY(tb_reg_write(tb, R_ICVEC, 8, 0xabcd1234ULL));
    TRY(tb_reg_write(tb, R_DDTP + 4, 4, 0x5));
    return tb_fw_check_regs(tb);
}

static int t_bare(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, UVS_IOMMU_DDTP_MODE_BARE, 0));
    int rc = fx_req(tb, 0, 9, 0x123456789008ULL, TB_LOAD, false);
    EXPECT(tb, rc == 0 && tb->port[0].exp_pa == 0x123456789008ULL, "Bare: not translated 1:1 (%d)", rc);
    EXPECT(tb, !tb->port[0].walked, "Bare hit went through the walker");
    TRY(fault_case(tb, &f, 9, 1ULL << 56, TB_LOAD, false, UVS_IOMMU_CAUSE_READ_ACCESS));
    TRY(fault_case(tb, &f, 9, 1ULL << 60, TB_STORE, false, UVS_IOMMU_CAUSE_WRITE_ACCESS));
    return 0;
}

static int t_cause256(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_ENS));
    TRY(tb_reg_write(tb, R_DDTP, 8, UVS_IOMMU_DDTP_MODE_OFF));
    TRY(fault_case(tb, &f, 1, IOVA, TB_LOAD, false, UVS_IOMMU_CAUSE_ALL_DISALLOWED));
    TRY(fault_case(tb, &f, 3, IOVA, TB_FETCH, false, UVS_IOMMU_CAUSE_ALL_DISALLOWED));
    return 0;
}

static int t_cause257(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, 0));
    /* device directory outside memory */
    TRY(tb_reg_write(tb, R_DDTP, 8, (0x777000ULL << 10) | UVS_IOMMU_DDTP_MODE_1LVL));
    TRY(fault_case(tb, &f, 1, IOVA, TB_LOAD, false, UVS_IOMMU_CAUSE_DDT_LOAD_ACCESS));
    TRY(tb_reg_write(tb, R_DDTP, 8, (0x777000ULL << 10) | UVS_IOMMU_DDTP_MODE_3LVL));
    TRY(fault_case(tb, &f, 0x10203, IOVA, TB_STORE, false, UVS_IOMMU_CAUSE_DDT_LOAD_ACCESS));
    /* the IOMMU keeps working: the directory back in memory, a translation succeeds */
    TRY(tb_reg_write(tb, R_DDTP, 8, ((f.fw.ddt >> 12) << 10) | UVS_IOMMU_DDTP_MODE_1LVL));
    tb_map(tb, f.root, 3, IOVA, FX_PA, 0, RWU);
    int rc = fx_req(tb, 1, 1, IOVA + 8, TB_LOAD, false);
    EXPECT(tb, rc == 0 && tb->port[1].exp_pa == FX_PA + 8, "translation after the 257 faults failed (%d)", rc);
    return fx_no_fault(tb, &f);
}

static int t_cause258(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, 0));
    TRY(fault_case(tb, &f, 2, IOVA, TB_LOAD, false, UVS_IOMMU_CAUSE_DDT_INVALID)); /* tc.V = 0 */
    TRY(tb_reg_write(tb, R_DDTP, 8, ((f.fw.ddt >> 12) << 10) | UVS_IOMMU_DDTP_MODE_2LVL));
    /* 2LVL: the root entry of device 0x80 (DDI1 = 1) is not valid */
    TRY(fault_case(tb, &f, 0x80, IOVA, TB_LOAD, false, UVS_IOMMU_CAUSE_DDT_INVALID));
    return 0;
}

static int t_cause259(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, 0));
    uint64_t fsc = (8ULL << 60) | (f.root >> 12);
    TRY(tb_fw_dc(tb, &f.fw, 2, TC_V, 1, 0, fsc));                          /* iohgatp not Bare */
    TRY(tb_fw_dc(tb, &f.fw, 3, TC_V, 0, 0, (10ULL << 60) | (f.root >> 12))); /* Sv57 */
    TRY(tb_fw_dc(tb, &f.fw, 4, TC_V | (1ULL << 1), 0, 0, fsc));             /* EN_ATS */
    TRY(tb_fw_dc(tb, &f.fw, 5, TC_V, 0, 1ULL << 40, fsc));                   /* ta reserved bits */
    TRY(tb_fw_dc(tb, &f.fw, 6, TC_V, 0, 0, fsc | (1ULL << 50)));            /* fsc reserved bits */
    for (uint32_t did = 2; did <= 6; did++)
        TRY(fault_case(tb, &f, did, IOVA, TB_LOAD, false, UVS_IOMMU_CAUSE_DDT_MISCONFIG));
    /* 2LVL: a non-leaf directory entry with a reserved bit */
    TRY(tb_reg_write(tb, R_DDTP, 8, ((f.fw.ddt >> 12) << 10) | UVS_IOMMU_DDTP_MODE_2LVL));
    uint64_t leaf = tb_alloc_page(tb);
    tb_mem_wr64(tb, f.fw.ddt + 8, ((leaf >> 12) << 10) | 1 | (1ULL << 5));
    TRY(fault_case(tb, &f, 0x81, IOVA, TB_LOAD, false, UVS_IOMMU_CAUSE_DDT_MISCONFIG));
    return 0;
}

static int t_cause260(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, 0));
    TRY(fault_case(tb, &f, 0x80, IOVA, TB_LOAD, false, UVS_IOMMU_CAUSE_TTYP_DISALLOWED)); /* did too wide */
    tb_map(tb, f.root, 3, IOVA, FX_PA, 0, RWU);
    TRY(fault_case(tb, &f, 1, IOVA, TB_LOAD, true, UVS_IOMMU_CAUSE_TTYP_DISALLOWED)); /* S without ENS */
    int rc = fx_req(tb, 0, 1, IOVA, TB_LOAD, false);
    EXPECT(tb, rc == 0, "user request after the 260 faults failed (%d)", rc);
    return 0;
}

static int t_access_faults(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_ENS));
    /* root page table outside the IOMMU's memory */
    TRY(tb_fw_dc_simple(tb, &f.fw, 2, TC_ENS, 2, UVS_IOMMU_IOSATP_SV39, 0x7770000000ULL));
    TRY(fault_case(tb, &f, 2, IOVA, TB_FETCH, false, UVS_IOMMU_CAUSE_INSN_ACCESS));
    TRY(fault_case(tb, &f, 2, IOVA, TB_LOAD, false, UVS_IOMMU_CAUSE_READ_ACCESS));
    TRY(fault_case(tb, &f, 2, IOVA, TB_AMO, false, UVS_IOMMU_CAUSE_WRITE_ACCESS));
    /* the IOMMU keeps working: device 1's tables are in memory */
    tb_map(tb, f.root, 3, 0x5000, FX_PA, 0, RWU);
    int ok = fx_req(tb, 1, 1, 0x5010, TB_STORE, false);
    EXPECT(tb, ok == 0 && tb->port[1].exp_pa == FX_PA + 0x10, "translation after the 1/5/7 faults failed (%d)", ok);
    /* a non-leaf PTE pointing outside memory */
    tb_mem_wr64(tb, f.root + 8, ((0x7780000000ULL >> 12) << 10) | PTE_V);
    TRY(fault_case(tb, &f, 1, IOVA, TB_SC, false, UVS_IOMMU_CAUSE_WRITE_ACCESS));
    /* Bare device context beyond capabilities.PAS */
    TRY(tb_fw_dc_simple(tb, &f.fw, 3, TC_ENS, 3, UVS_IOMMU_IOSATP_BARE, 0));
    TRY(fault_case(tb, &f, 3, 1ULL << 57, TB_LOAD, false, UVS_IOMMU_CAUSE_READ_ACCESS));
    int rc = fx_req(tb, 0, 3, 0x1000, TB_LOAD, false);
    EXPECT(tb, rc == 0 && tb->port[0].exp_pa == 0x1000, "Bare context not 1:1");
    return 0;
}

static int t_page_faults(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_ENS));
    uint64_t pa = FX_PA;
    /* V = 0 without tc.UVS_PRQ: non-replayable page faults 12/13/15 */
    TRY(fault_case(tb, &f, 1, IOVA, TB_FETCH, false, UVS_IOMMU_CAUSE_INSN_PAGE));
    TRY(fault_case(tb, &f, 1, IOVA, TB_LOAD, false, UVS_IOMMU_CAUSE_READ_PAGE));
    TRY(fault_case(tb, &f, 1, IOVA, TB_STORE, false, UVS_IOMMU_CAUSE_WRITE_PAGE));
    struct {
        uint64_t iova;
        int level;
        uint64_t flags;
        enum tb_kind kind;
        bool s;
        uint32_t cause;
    } c[] = {
        {0x1000, 0, RWU | (1ULL << 54), TB_LOAD, false, 13},         /* reserved bit 54 */
        {0x2000, 0, RWU | (1ULL << 63), TB_STORE, false, 15},        /* N (reserved in uvmsoc) */
        {0x3000, 0, PTE_W | PTE_U | PTE_A | PTE_D, TB_LOAD, false, 13}, /* W without R */
        {0x4000, 0, PTE_R | PTE_U | PTE_A, TB_STORE, false, 15},     /* not writable */
        {0x5000, 0, PTE_R | PTE_U | PTE_A, TB_FETCH, false, 12},     /* not executable */
        {0x6000, 0, PTE_R | PTE_W | PTE_A | PTE_D, TB_LOAD, false, 13}, /* U request, S page */
        {0x7000, 0, RWU, TB_LOAD, true, 13},                         /* S request, U page, no SUM */
        {0x8000, 0, RWU | PTE_X, TB_FETCH, true, 12},                /* S fetch of a U page */
        {0x9000, 0, PTE_R | PTE_U, TB_LOAD, false, 13},              /* A = 0 without SADE */
        {0xa000, 0, PTE_R | PTE_W | PTE_U | PTE_A, TB_STORE, false, 15}, /* D = 0 without SADE */
        {0x400000, 1, RWU, TB_LOAD, false, 13},                      /* misaligned 2-MiB page */
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        uint64_t leaf_pa = c[i].level ? pa + 0x1000 : pa; /* pa + 4 KiB is misaligned for a superpage */
        EXPECT(tb, tb_map(tb, f.root, 3, c[i].iova, leaf_pa, c[i].level, c[i].flags), "map failed");
        TRY(fault_case(tb, &f, 1, c[i].iova, c[i].kind, c[i].s, c[i].cause));
    }
    /* non-leaf PTE with A set, and a pointer at level 0 */
    uint64_t l1 = tb_pte_addr(tb, f.root, 3, 0x1000, 1);
    EXPECT(tb, l1, "no level-1 table");
    uint64_t nl = tb_mem_rd64(tb, l1);
    tb_mem_wr64(tb, l1, nl | PTE_A);
    TRY(fault_case(tb, &f, 1, 0x1000, TB_LOAD, false, 13));
    tb_mem_wr64(tb, l1, nl);
    tb_mem_wr64(tb, tb_pte_addr(tb, f.root, 3, 0xb000, 0), ((pa >> 12) << 10) | PTE_V);
    TRY(fault_case(tb, &f, 1, 0xb000, TB_LOAD, false, 13));
    /* non-canonical Sv39 address */
    TRY(fault_case(tb, &f, 1, 0x0000008000000000ULL, TB_STORE, false, 15));
    /* tc.DTF hides page faults but not directory faults */
    TRY(tb_fw_dc_simple(tb, &f.fw, 4, TC_DTF, 4, UVS_IOMMU_IOSATP_SV39, f.root));
    int rc = fx_req(tb, 0, 4, 0x1000, TB_LOAD, false);
    EXPECT(tb, rc == 1, "DTF: no error response");
    TRY(fx_no_fault(tb, &f));
    TRY(tb_fw_dc(tb, &f.fw, 5, TC_V | TC_DTF, 1, 0, 0));
    TRY(fault_case(tb, &f, 5, 0x1000, TB_LOAD, false, UVS_IOMMU_CAUSE_DDT_MISCONFIG));
    return 0;
}

static int t_superpages(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_ENS | TC_SUM));
    uint64_t root48 = tb_alloc_page(tb);
    TRY(tb_fw_dc_simple(tb, &f.fw, 2, TC_ENS, 2, UVS_IOMMU_IOSATP_SV48, root48));
    EXPECT(tb, tb_map(tb, f.root, 3, 0x00000000, 0x3000000000ULL, 2, RWU | PTE_X), "map 1G");
    EXPECT(tb, tb_map(tb, f.root, 3, 0x40000000, 0x3000200000ULL, 1, RWU), "map 2M");
    EXPECT(tb, tb_map(tb, f.root, 3, 0xffffffffc0001000ULL, 0x3000005000ULL, 0, RWU), "map high 4K");
    EXPECT(tb, tb_map(tb, root48, 4, 0x8000000000ULL, 0x8000000000ULL, 3, RWU), "map 512G");
    struct {
        uint32_t did;
        uint64_t iova, pa;
    } c[] = {
        {1, 0x12345678, 0x3012345678ULL},           {1, 0x3ffffff8, 0x303ffffff8ULL},
        {1, 0x401abcd0, 0x30003abcd0ULL},           {1, 0xffffffffc0001ff8ULL, 0x3000005ff8ULL},
        {2, 0x8123456780ULL, 0x8123456780ULL},      {2, 0xfffffffff8ULL, 0xfffffffff8ULL},
    };
    for (int round = 0; round < 2; round++) /* second round: IOTLB hits */
        for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
            int rc = fx_req(tb, (int)i % TB_PORTS, c[i].did, c[i].iova, TB_LOAD, false);
            EXPECT(tb, rc == 0 || (rc == 1 && tb->port[i % TB_PORTS].dn_seen), "superpage load failed (%d)", rc);
            EXPECT(tb, tb->port[i % TB_PORTS].exp_pa == c[i].pa, "iova 0x%" PRIx64 " -> 0x%" PRIx64 ", want 0x%" PRIx64,
                   c[i].iova, tb->port[i % TB_PORTS].exp_pa, c[i].pa);
            EXPECT(tb, round == 0 || !tb->port[i % TB_PORTS].walked, "second access to 0x%" PRIx64 " missed the IOTLB",
                   c[i].iova);
        }
    return 0;
}

static int t_ad_update(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_SADE));
    uint64_t a1 = tb_map(tb, f.root, 3, 0x1000, FX_PA, 0, PTE_R | PTE_W | PTE_U);
    uint64_t a2 = tb_map(tb, f.root, 3, 0x2000, FX_PA + 0x1000, 0, PTE_R | PTE_W | PTE_U);
    uint64_t a3 = tb_map(tb, f.root, 3, 0x3000, FX_PA + 0x2000, 0, PTE_R | PTE_U);
    uint64_t a4 = tb_map(tb, f.root, 3, 0x4000, FX_PA + 0x3000, 0, PTE_R | PTE_W | PTE_U);
    EXPECT(tb, fx_req(tb, 0, 1, 0x1008, TB_LOAD, false) == 0, "load failed");
    EXPECT(tb, (tb_mem_rd64(tb, a1) & (PTE_A | PTE_D)) == PTE_A, "load: A/D 0x%" PRIx64, tb_mem_rd64(tb, a1));
    EXPECT(tb, fx_req(tb, 1, 1, 0x1010, TB_STORE, false) == 0, "store failed");
    EXPECT(tb, (tb_mem_rd64(tb, a1) & (PTE_A | PTE_D)) == (PTE_A | PTE_D), "store: no D");
    EXPECT(tb, fx_req(tb, 0, 1, 0x2000, TB_AMO, false) == 0, "AMO failed");
    EXPECT(tb, (tb_mem_rd64(tb, a2) & (PTE_A | PTE_D)) == (PTE_A | PTE_D), "AMO: A/D 0x%" PRIx64,
           tb_mem_rd64(tb, a2));
    /* a store to a read-only page faults without touching A/D */
    EXPECT(tb, fx_req(tb, 0, 1, 0x3000, TB_STORE, false) == 1, "store to read-only page succeeded");
    EXPECT(tb, (tb_mem_rd64(tb, a3) & (PTE_A | PTE_D)) == 0, "faulting store set A/D");
    TRY(fx_fault(tb, &f, 15, 1, 0x3000));
    /* LR reads (A only), SC writes (D) */
    EXPECT(tb, fx_req(tb, 2, 1, 0x4000, TB_LR, false) == 0, "LR failed");
    EXPECT(tb, (tb_mem_rd64(tb, a4) & (PTE_A | PTE_D)) == PTE_A, "LR: A/D 0x%" PRIx64, tb_mem_rd64(tb, a4));
    EXPECT(tb, fx_req(tb, 2, 1, 0x4000, TB_SC, false) == 0, "SC failed");
    EXPECT(tb, tb_mem_rd64(tb, a4) & PTE_D, "SC: no D");
    return 0;
}

static int t_ad_race(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_SADE));
    uint64_t a = tb_map(tb, f.root, 3, 0x5000, FX_PA, 0, PTE_R | PTE_W | PTE_U);
    /* another agent turns the page read-only between the walker's check and its update */
    tb->hook_armed = true;
    tb->hook_addr = a;
    tb->hook_val = (((FX_PA + 0x7000) >> 12) << 10) | PTE_V | PTE_R | PTE_U;
    int rc = fx_req(tb, 0, 1, 0x5000, TB_STORE, false);
    EXPECT(tb, !tb->hook_armed, "the walker did not LR the PTE");
    EXPECT(tb, rc == 1, "store went through a PTE that became read-only");
    EXPECT(tb, tb_mem_rd64(tb, a) == tb->hook_val, "A/D set on the changed PTE: 0x%" PRIx64, tb_mem_rd64(tb, a));
    TRY(fx_fault(tb, &f, 15, 1, 0x5000));
    /* the PTE is remapped under an update: the translation uses the new PPN */
    tb->hook_armed = true;
    tb->hook_val = (((FX_PA + 0x9000) >> 12) << 10) | PTE_V | PTE_R | PTE_W | PTE_U;
    tb_mem_wr64(tb, a, ((FX_PA >> 12) << 10) | PTE_V | PTE_R | PTE_W | PTE_U);
    rc = fx_req(tb, 0, 1, 0x5008, TB_LOAD, false);
    EXPECT(tb, rc == 0 && tb->port[0].exp_pa == FX_PA + 0x9008, "remapped PTE: pa 0x%" PRIx64,
           tb->port[0].exp_pa);
    EXPECT(tb, tb_mem_rd64(tb, a) == (tb->hook_val | PTE_A), "A not set on the new PTE: 0x%" PRIx64,
           tb_mem_rd64(tb, a));
    return 0;
}

const struct tb_directed tb_directed_tests[] = {
    {"regs-reset", "register reset values, 4-byte halves of 8-byte registers", t_regs_reset},
    {"regs-bad-access", "rejected register accesses, RO/WARL/locked fields", t_regs_bad},
    {"bare", "ddtp Bare: 1:1, access fault beyond PAS", t_bare},
    {"cause-256", "ddtp Off: all inbound transactions disallowed", t_cause256},
    {"cause-257", "device directory load access fault", t_cause257},
    {"cause-258", "device context / directory entry not valid", t_cause258},
    {"cause-259", "device context / directory entry misconfigured", t_cause259},
    {"cause-260", "device_id too wide, supervisor without ENS", t_cause260},
    {"cause-1-5-7", "PTE load access faults, PAS", t_access_faults},
    {"cause-12-13-15", "page faults: V, reserved, perms, U/S, A/D, canonical, DTF", t_page_faults},
    {"superpages", "4K/2M/1G (Sv39), 512G (Sv48), negative IOVAs, IOTLB hits", t_superpages},
    {"ad-update", "hardware A/D update by LR/SC (SADE)", t_ad_update},
    {"ad-race", "PTE changed during the A/D update: re-walk, no A/D on it", t_ad_race},
    {NULL, NULL, NULL},
};

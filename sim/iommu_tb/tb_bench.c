/*
 * uvmsoc IOMMU testbench: benchmark figures, measured on the RTL with the
 * configured memory (HBM) latency. Latencies are cycles from the grant of
 * the untranslated request to the translated request leaving on the
 * downstream port (what the IOMMU adds to an access). Everything still runs
 * under the checker.
 */
#include <inttypes.h>
#include <stdio.h>

#include "tb_dlib.h"
#include "tb_tests.h"

#define BASE 0x10000000ULL
#define PAGES 64

/* Added latency of one request on port 0 (grant -> downstream request). */
static int64_t measure(struct tb *tb, uint64_t iova, enum tb_kind k, bool *walked)
{
    int rc = fx_req(tb, 0, 1, iova, k, false);
    if (rc != 0 || !tb->port[0].dn_seen) {
        tb_fail(tb, "bench request to 0x%" PRIx64 " failed (%d)", iova, rc);
        return -1;
    }
    *walked = tb->port[0].walked;
    return (int64_t)(tb->port[0].t_dn - tb->port[0].t_gnt);
}

static int inval(struct tb *tb, struct fx *f, bool dir)
{
    struct uvs_iommu_cmd c = {.opcode = UVS_IOMMU_CMD_OP_IOTINVAL, .func3 = UVS_IOMMU_CMD_F3_IOTINVAL_VMA};
    TRY(fx_cmd(tb, f, &c));
    if (dir) {
        c = (struct uvs_iommu_cmd){.opcode = UVS_IOMMU_CMD_OP_IODIR, .func3 = UVS_IOMMU_CMD_F3_IODIR_INVAL_DDT};
        TRY(fx_cmd(tb, f, &c));
    }
    return 0;
}

static unsigned stream_next[TB_PORTS];

/* Hit stream: every port loads its own page back to back. */
static void stream(struct tb *tb, int p)
{
    uint64_t iova = BASE + (uint64_t)p * 4096 + (stream_next[p]++ % 512) * 8;
    tb_issue(tb, p, 1, iova, TB_LOAD, false);
}

int tb_bench(struct tb *tb)
{
    struct fx f;
    TRY(fx_setup(tb, &f, 0, TC_SADE));
    for (int i = 0; i < PAGES; i++)
        EXPECT(tb, tb_map(tb, f.root, 3, BASE + 4096ULL * i, 0x2000000000ULL + 4096ULL * i, 0,
                          PTE_R | PTE_W | PTE_U | (i < PAGES / 2 ? PTE_A | PTE_D : 0)),
               "map failed");
    unsigned L = tb->cfg.hbm_latency;
    bool w;
    int64_t cold, walk3, walk1, walk_ad, hit;
    TRY(cold = measure(tb, BASE, TB_LOAD, &w)); /* device context fetched, 3 PTE reads */
    TRY(hit = measure(tb, BASE + 8, TB_LOAD, &w));
    EXPECT(tb, !w, "second access to a page was not an IOTLB hit");
    TRY(inval(tb, &f, false));
    TRY(walk3 = measure(tb, BASE + 4096, TB_LOAD, &w));
    TRY(walk1 = measure(tb, BASE + 2 * 4096, TB_LOAD, &w));
    TRY(walk_ad = measure(tb, BASE + (PAGES - 1) * 4096ULL, TB_STORE, &w));
    /* hit stream on every port */
    for (int p = 0; p < TB_PORTS; p++)
        EXPECT(tb, fx_req(tb, p, 1, BASE + (uint64_t)p * 4096, TB_LOAD, false) == 0, "warm-up failed");
    TRY(tb_run(tb, 10));
    uint64_t h0 = tb->st.hits, c0 = tb->cycle;
    tb_traffic_fn = stream;
    tb->traffic = true;
    TRY(tb_run(tb, 20000));
    tb->traffic = false;
    double tpc = (double)(tb->st.hits - h0) / (double)(tb->cycle - c0);
    TRY(tb_wait_idle(tb, 1000));

    printf("uvs_iommu benchmark: %d requester ports, IOTLB %d x 4 KiB (%d-way) + %d superpage entries,\n"
           "page-walk cache 8 entries, HBM (memory port) latency %u cycles, downstream latency %u cycles;\n"
           "latencies are cycles from the request's grant to the translated request on the downstream port\n",
           TB_PORTS, UVS_IOMMU_MODEL_IOTLB, UVS_IOMMU_MODEL_IOTLB_WAYS, UVS_IOMMU_MODEL_IOTLB_SP, L,
           tb->cfg.dn_latency);
    printf("  IOTLB hit latency                           %4" PRId64 " cycle(s)   (goal: at most 1 added cycle)\n",
           hit);
    printf("  Sv39 walk, 3 PTE reads (page-walk cache cold)%4" PRId64 " cycles     (goal: <= 3 x %u + 10 = %u) %s\n",
           walk3, L, 3 * L + 10, walk3 <= 3 * L + 10 ? "met" : "MISSED");
    printf("  Sv39 walk, 1 PTE read (page-walk cache hits) %4" PRId64 " cycles\n", walk1);
    printf("  Sv39 walk, 1 PTE read + A/D update (LR, SC) %4" PRId64 " cycles\n", walk_ad);
    printf("  cold: device-context fetch (1LVL) + walk     %4" PRId64 " cycles\n", cold);
    printf("  hit stream, %d ports                        %5.2f translations/cycle (%.2f per port; one\n"
           "    request outstanding per port: a port's period is 1 lookup + %u downstream + 1 cycles)\n",
           TB_PORTS, tpc, tpc / TB_PORTS, tb->cfg.dn_latency);
    return tb->failed ? -1 : 0;
}

/*
 * linkbench: host link benchmark against a running simulator
 * (uvmsoc-sim --host-socket; socket from --socket or $UVMSOC_SOCKET).
 * Measures, in simulated device cycles as the host driver sees them
 * (uvs_dma_copy's cycles include descriptor fetch, completion, MSI, the
 * modelled host interrupt cost and the driver's MMIO accesses):
 *   - DMA throughput host->HBM and HBM->host per transfer size, in bytes per
 *     cycle and as a fraction of the configured link bandwidth (HOSTIF_LINK_BW);
 *   - HBM->HBM copy throughput;
 *   - the MMIO read round trip in cycles;
 * and in wall-clock time the transport's cost: MMIO operations per second.
 * Output: Markdown tables on stdout. Exit 1 on any device error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <uvmsoc/dma.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/uvmsoc.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int fail(const char *what, int err)
{
    fprintf(stderr, "linkbench: %s: %s\n", what, *uvs_last_error() ? uvs_last_error() : uvs_strerror(err));
    return 1;
}

int main(int argc, char **argv)
{
    struct uvs_open_opts o = {.backend = "cosim"};
    if (argc == 3 && strcmp(argv[1], "--socket") == 0)
        o.socket_path = argv[2];
    else if (argc != 1) {
        fprintf(stderr, "usage: linkbench [--socket PATH]\n");
        return 2;
    }
    struct uvs_dev *d;
    struct uvs_info in;
    int err = uvs_open(&o, &d);
    if (err)
        return fail("open", err);
    if ((err = uvs_info(d, &in)))
        return fail("info", err);
    double bw = in.link_bw / 65536.0;
    printf("link: latency %u cycles one way, %.2f bytes/cycle; HBM %llu MiB\n\n", in.link_latency, bw,
           (unsigned long long)(in.hbm_size >> 20));

    static const uint64_t sizes[] = {4096, 65536, 262144, 1u << 20, 2u << 20, 16u << 20};
    struct uvs_dma_buf buf;
    if ((err = uvs_dma_alloc(d, 16u << 20, &buf)))
        return fail("alloc", err);
    memset(buf.host, 0x3c, buf.size);
    printf("| transfer | host->HBM cycles | B/cycle | %% of link | HBM->host cycles | B/cycle | %% of link |\n");
    printf("|---:|---:|---:|---:|---:|---:|---:|\n");
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        struct uvs_dma_result w, r;
        if ((err = uvs_dma_copy(d, UVS_DMA_OP_H2D, UVS_HBM_BASE, buf.bus, sizes[i], &w)) ||
            (err = uvs_dma_copy(d, UVS_DMA_OP_D2H, buf.bus, UVS_HBM_BASE, sizes[i], &r)))
            return fail("DMA", err);
        double bw_w = (double)w.bytes / (double)w.cycles, bw_r = (double)r.bytes / (double)r.cycles;
        printf("| %llu KiB | %llu | %.2f | %.1f | %llu | %.2f | %.1f |\n", (unsigned long long)(sizes[i] >> 10),
               (unsigned long long)w.cycles, bw_w, 100.0 * bw_w / bw, (unsigned long long)r.cycles, bw_r,
               100.0 * bw_r / bw);
    }
    struct uvs_dma_result c;
    if ((err = uvs_dma_copy(d, UVS_DMA_OP_D2D, UVS_HBM_BASE + (64u << 20), UVS_HBM_BASE, 16u << 20, &c)))
        return fail("D2D", err);
    printf("\nHBM->HBM 16 MiB: %llu cycles, %.1f bytes/cycle (HBM read + write)\n", (unsigned long long)c.cycles,
           (double)c.bytes / (double)c.cycles);

    const unsigned n = 20000;
    uint64_t v, c0 = uvs_cycles(d);
    double t0 = now_s();
    for (unsigned i = 0; i < n; i++)
        if ((err = uvs_mmio_read(d, UVS_HOSTIF_SCRATCH_OFF, 8, &v)))
            return fail("MMIO read", err);
    double t_rd = now_s() - t0;
    uint64_t rt = (uvs_cycles(d) - c0) / n;
    c0 = uvs_cycles(d);
    t0 = now_s();
    for (unsigned i = 0; i < n; i++)
        if ((err = uvs_mmio_write(d, UVS_HOSTIF_SCRATCH_OFF, 8, i)))
            return fail("MMIO write", err);
    double t_wr = now_s() - t0;
    uint64_t wt = (uvs_cycles(d) - c0) / n;
    printf("MMIO read round trip: %llu cycles; posted MMIO write: %llu cycles (host cost)\n",
           (unsigned long long)rt, (unsigned long long)wt);
    printf("transport wall-clock cost: %.0f MMIO reads/s, %.0f MMIO writes/s (%u each; each read also simulates "
           "%llu cycles)\n", n / t_rd, n / t_wr, n, (unsigned long long)rt);
    uvs_dma_free(d, &buf);
    uvs_close(d);
    return 0;
}

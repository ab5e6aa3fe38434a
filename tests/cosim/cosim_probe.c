/*
 * cosim_probe: checks of the simulated device through the real transport
 * (uvmsoc-sim --host-socket), for tests/cosim.tests. Each check prints what
 * it saw and exits 0 only when the device behaved as hostif.def, dma.def and
 * cosim.h say; 1 otherwise (with the reason), 2 for a bad command line.
 *
 *   cosim_probe regs          BAR0 access rules, interrupts and MSIs, DMA ring errors
 *   cosim_probe dma-bad-host  DMA to/from addresses outside host or device memory
 *   cosim_probe reset         RESET: registers and HBM back to power-on state
 *   cosim_probe raw KIND      send a malformed message (bad-magic, bad-type,
 *                             server-type, reserved, truncated-eof, truncated-stall)
 *                             and expect GOODBYE(PROTOCOL) or the end of the stream
 * The simulator's socket is $UVMSOC_SOCKET.
 */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <uvmsoc/cosim.h>
#include <uvmsoc/dma.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/uvmsoc.h>

#define CH(o) (UVS_HOSTIF_DMA_OFF + (o))

static int failures;

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            fprintf(stderr, "cosim_probe: FAIL %s:%d: ", __FILE__, __LINE__);                                          \
            fprintf(stderr, __VA_ARGS__);                                                                              \
            fprintf(stderr, " (%s)\n", uvs_last_error());                                                             \
            failures++;                                                                                                \
        }                                                                                                              \
    } while (0)

static uint64_t rd(struct uvs_dev *d, uint64_t off, unsigned size)
{
    uint64_t v = 0xdeadbeef;
    int err = uvs_mmio_read(d, off, size, &v);
    CHECK(err == 0, "read 0x%" PRIx64 "/%u: %d", off, size, err);
    return v;
}

static void wr(struct uvs_dev *d, uint64_t off, unsigned size, uint64_t v)
{
    int err = uvs_mmio_write(d, off, size, v);
    CHECK(err == 0, "write 0x%" PRIx64 "/%u: %d", off, size, err);
}

static struct uvs_dev *open_dev(const char *sock)
{
    struct uvs_open_opts o = {.backend = "cosim", .socket_path = sock, .wall_timeout_ms = 30000};
    struct uvs_dev *d;
    int err = uvs_open(&o, &d);
    if (err) {
        fprintf(stderr, "cosim_probe: cannot open %s: %s\n", sock, uvs_last_error());
        exit(1);
    }
    return d;
}

/* BAR0 rules of hostif.def and dma.def as seen by the host. */
static void check_regs(struct uvs_dev *d)
{
    uint32_t vec = 0;
    CHECK(rd(d, UVS_HOSTIF_ID_OFF, 4) == UVS_HOSTIF_ID_VALUE, "ID");
    CHECK(rd(d, UVS_HOSTIF_ID_OFF, 2) == (UVS_HOSTIF_ID_VALUE & 0xffff), "2-byte read returns those bytes (AXI4-Lite)");
    wr(d, UVS_HOSTIF_SCRATCH_OFF, 8, 0);
    wr(d, UVS_HOSTIF_SCRATCH_OFF, 2, 0xbeef);
    CHECK(rd(d, UVS_HOSTIF_SCRATCH_OFF, 8) == 0, "2-byte write is ignored");
    CHECK(rd(d, 0x7f0, 4) == 0, "unlisted offset reads 0");
    wr(d, UVS_HOSTIF_SCRATCH_OFF, 8, 0x0123456789abcdefull);
    CHECK(rd(d, UVS_HOSTIF_SCRATCH_OFF, 8) == 0x0123456789abcdefull, "scratch 64-bit");
    wr(d, UVS_HOSTIF_SCRATCH_OFF + 4, 4, 0x55aa55aa);
    CHECK(rd(d, UVS_HOSTIF_SCRATCH_OFF, 8) == 0x55aa55aa89abcdefull, "scratch upper half");
    wr(d, UVS_HOSTIF_ID_OFF, 4, 0);
    CHECK(rd(d, UVS_HOSTIF_ID_OFF, 4) == UVS_HOSTIF_ID_VALUE, "ID is read-only");
    wr(d, UVS_HOSTIF_FW_STATUS_OFF, 4, 7);
    CHECK(rd(d, UVS_HOSTIF_FW_STATUS_OFF, 4) == 0, "FW_STATUS is read-only for the host");
    CHECK(rd(d, UVS_HOSTIF_MGMT_CTRL_OFF, 4) == UVS_HOSTIF_MGMT_CTRL_HOLD, "HOLD after reset");
    CHECK(rd(d, UVS_HOSTIF_INT_MASK_OFF, 4) == 0xffffffffu, "INT_MASK resets to all ones");
    CHECK(rd(d, UVS_HOSTIF_LINK_BW_OFF, 4) != 0, "link bandwidth reported");

    /* A DMA channel with a bad ring size halts with ERR_ADDR = ring base,
     * sets INT_DMA_ERROR, and the MSI comes when the cause is unmasked. */
    wr(d, CH(UVS_DMA_CTRL_OFF), 4, UVS_DMA_CTRL_RESET);
    wr(d, CH(UVS_DMA_RING_BASE_OFF), 8, 0x100000000ull);
    wr(d, CH(UVS_DMA_RING_LOG2SZ_OFF), 4, 0);
    wr(d, CH(UVS_DMA_CPL_BASE_OFF), 8, 0x100001000ull);
    wr(d, CH(UVS_DMA_CPL_LOG2SZ_OFF), 4, 2);
    wr(d, CH(UVS_DMA_CTRL_OFF), 4, UVS_DMA_CTRL_ENABLE);
    wr(d, CH(UVS_DMA_RING_TAIL_OFF), 4, 1);
    CHECK(uvs_wait_irq(d, 5000, &vec) == -ETIMEDOUT, "no MSI while the cause is masked");
    CHECK(rd(d, CH(UVS_DMA_STATUS_OFF), 4) & UVS_DMA_STATUS_HALTED, "channel halted on a bad ring");
    CHECK(rd(d, CH(UVS_DMA_ERR_ADDR_OFF), 8) == 0x100000000ull, "ERR_ADDR = ring base");
    CHECK(rd(d, UVS_HOSTIF_INT_STATUS_OFF, 4) & UVS_HOSTIF_INT_DMA_ERROR, "INT_DMA_ERROR pending");
    uint64_t t0 = uvs_cycles(d);
    wr(d, UVS_HOSTIF_INT_MASK_OFF, 4, ~(uint32_t)UVS_HOSTIF_INT_DMA_ERROR);
    vec = 0;
    CHECK(uvs_wait_irq(d, 100000, &vec) == 0 && vec == (1u << 2), "MSI vector 2 after unmasking (got 0x%x)", vec);
    printf("MSI %u cycles after the unmasking write was issued\n", (unsigned)(uvs_cycles(d) - t0));
    wr(d, UVS_HOSTIF_INT_ACK_OFF, 4, UVS_HOSTIF_INT_DMA_ERROR);
    CHECK(!(rd(d, UVS_HOSTIF_INT_STATUS_OFF, 4) & UVS_HOSTIF_INT_DMA_ERROR), "INT_ACK clears the cause");
    CHECK(rd(d, UVS_HOSTIF_INT_ACK_OFF, 4) == 0, "INT_ACK reads 0");
    wr(d, CH(UVS_DMA_CTRL_OFF), 4, UVS_DMA_CTRL_RESET);
    CHECK(rd(d, CH(UVS_DMA_STATUS_OFF), 4) == 0 && rd(d, CH(UVS_DMA_ERR_ADDR_OFF), 8) == 0,
          "CTRL.RESET clears HALTED and ERR_ADDR");
    wr(d, UVS_HOSTIF_INT_MASK_OFF, 4, 0xffffffffu);

    /* The MMIO round trip is 2 x link latency + host cost + the device. */
    uint32_t lat = (uint32_t)rd(d, UVS_HOSTIF_LINK_LATENCY_OFF, 4);
    t0 = uvs_cycles(d);
    (void)rd(d, UVS_HOSTIF_SCRATCH_OFF, 8);
    uint64_t rt = uvs_cycles(d) - t0;
    printf("MMIO read round trip: %llu cycles (link latency %u)\n", (unsigned long long)rt, lat);
    CHECK(rt >= 2ull * lat && rt <= 2ull * lat + 200, "round trip %llu vs latency %u", (unsigned long long)rt, lat);
}

/* DMA descriptors naming host addresses outside host memory fail with
 * DMA_ST_LINK and the address; the channel then works again. */
static void check_dma_bad_host(struct uvs_dev *d)
{
    struct uvs_dma_result r;
    struct uvs_dma_buf b;
    int err = uvs_dma_copy(d, UVS_DMA_OP_H2D, UVS_HBM_BASE, 0x5000, 4096, &r);
    printf("H2D from host 0x5000: %d, status %u, address 0x%llx\n", err, r.status, (unsigned long long)r.err_addr);
    CHECK(err == -EFAULT && r.status == UVS_DMA_ST_LINK && r.err_addr == 0x5000, "H2D bad host address");
    err = uvs_dma_copy(d, UVS_DMA_OP_D2H, 0x7ffff000, UVS_HBM_BASE, 8192, &r);
    printf("D2H to host 0x7ffff000: %d, status %u, address 0x%llx\n", err, r.status, (unsigned long long)r.err_addr);
    CHECK(err == -EFAULT && r.status == UVS_DMA_ST_LINK && r.err_addr == 0x7ffff000, "D2H bad host address");
    err = uvs_dma_copy(d, UVS_DMA_OP_D2D, 0x4000, UVS_HBM_BASE, 64, &r);
    printf("D2D to 0x4000: %d, status %u, address 0x%llx\n", err, r.status, (unsigned long long)r.err_addr);
    CHECK(err == -EFAULT && r.status == UVS_DMA_ST_BAD_DST && r.err_addr == 0x4000, "D2D bad destination");
    CHECK(uvs_dma_alloc(d, 8192, &b) == 0, "alloc");
    memset(b.host, 0x5a, 4096);
    err = uvs_dma_copy(d, UVS_DMA_OP_H2D, UVS_HBM_BASE + 0x100, b.bus, 4096, &r);
    CHECK(err == 0 && r.bytes == 4096, "good H2D after the errors: %d", err);
    err = uvs_dma_copy(d, UVS_DMA_OP_D2D, UVS_SRAM_BASE + 0x1000, UVS_HBM_BASE + 0x100, 4096, &r);
    CHECK(err == 0, "D2D HBM -> SRAM: %d", err);
    err = uvs_dma_copy(d, UVS_DMA_OP_D2H, b.bus + 4096, UVS_SRAM_BASE + 0x1000, 4096, &r);
    CHECK(err == 0 && memcmp(b.host, (uint8_t *)b.host + 4096, 4096) == 0, "data through HBM and SRAM: %d", err);
    uvs_dma_free(d, &b);
}

/* RESET returns registers and memory to their power-on state. */
static void check_reset(struct uvs_dev *d)
{
    struct uvs_dma_buf b;
    CHECK(uvs_dma_alloc(d, 4096, &b) == 0, "alloc");
    memset(b.host, 0xa5, 4096);
    CHECK(uvs_dma_copy(d, UVS_DMA_OP_H2D, UVS_HBM_BASE, b.bus, 4096, NULL) == 0, "H2D");
    wr(d, UVS_HOSTIF_SCRATCH_OFF, 8, 42);
    wr(d, UVS_HOSTIF_MGMT_CTRL_OFF, 4, 0);
    CHECK(rd(d, UVS_HOSTIF_MGMT_STATUS_OFF, 4) & UVS_HOSTIF_MGMT_STATUS_RUNNING, "released hart runs");
    uvs_dma_free(d, &b);
    int err = uvs_reset(d);
    CHECK(err == 0, "uvs_reset: %d", err);
    CHECK(rd(d, UVS_HOSTIF_SCRATCH_OFF, 8) == 0, "SCRATCH back to 0");
    CHECK(rd(d, UVS_HOSTIF_MGMT_CTRL_OFF, 4) == UVS_HOSTIF_MGMT_CTRL_HOLD, "HOLD again");
    CHECK(rd(d, UVS_HOSTIF_MGMT_STATUS_OFF, 4) == 0, "hart not running");
    uint8_t back[4096];
    memset(back, 1, sizeof back);
    CHECK(uvs_dma_read(d, back, UVS_HBM_BASE, sizeof back, NULL) == 0, "read HBM");
    int zero = 1;
    for (size_t i = 0; i < sizeof back; i++)
        zero &= back[i] == 0;
    CHECK(zero, "HBM zeroed by the reset");
}

/* Malformed messages: expect GOODBYE(PROTOCOL) (or the end of the stream). */
static int raw(const char *sock, const char *kind)
{
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(sa.sun_path, sizeof sa.sun_path, "%s", sock);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
        fprintf(stderr, "cosim_probe: no simulator at %s\n", sock);
        return 1;
    }
    union uvs_cosim_msg m;
    uint8_t b[UVS_COSIM_MSG_SIZE];
    size_t n = sizeof b;
    memset(&m, 0, sizeof m);
    m.hello.hdr.type = UVS_COSIM_HELLO;
    m.hello.hdr.seq = 1;
    m.hello.version = UVS_COSIM_VERSION;
    m.hello.client_pid = (uint64_t)getpid();
    if (uvs_cosim_encode(&m, b) != 0)
        return 1;
    if (strcmp(kind, "bad-magic") == 0) {
        b[0] ^= 0xff;
    } else if (strcmp(kind, "bad-type") == 0) {
        b[4] = 0x33;
    } else if (strcmp(kind, "server-type") == 0) {
        b[4] = UVS_COSIM_TIME_SYNC;
    } else if (strcmp(kind, "reserved") == 0) {
        b[12] = 1;
    } else if (strcmp(kind, "truncated-eof") == 0 || strcmp(kind, "truncated-stall") == 0) {
        n = 20;
    } else {
        fprintf(stderr, "cosim_probe: unknown raw kind '%s'\n", kind);
        return 2;
    }
    if (write(fd, b, n) != (ssize_t)n)
        return 1;
    if (strcmp(kind, "truncated-eof") == 0)
        shutdown(fd, SHUT_WR);
    struct pollfd p = {.fd = fd, .events = POLLIN};
    if (poll(&p, 1, 20000) <= 0) {
        fprintf(stderr, "cosim_probe: no answer to a %s message within 20 s\n", kind);
        return 1;
    }
    ssize_t got = read(fd, b, sizeof b);
    close(fd);
    if (got == 0) {
        printf("%s: the simulator closed the connection\n", kind);
        return strcmp(kind, "truncated-eof") == 0 ? 0 : 1;
    }
    char why[160];
    if (got != (ssize_t)sizeof b || uvs_cosim_decode(b, sizeof b, &m, why, sizeof why) != 0 ||
        m.hdr.type != UVS_COSIM_GOODBYE) {
        fprintf(stderr, "cosim_probe: unexpected answer to a %s message\n", kind);
        return 1;
    }
    printf("%s: GOODBYE reason %u\n", kind, (unsigned)m.bye.reason);
    return m.bye.reason == UVS_COSIM_BYE_PROTOCOL ? 0 : 1;
}

int main(int argc, char **argv)
{
    const char *sock = getenv("UVMSOC_SOCKET");
    if (argc < 2 || !sock || !*sock) {
        fprintf(stderr, "usage: UVMSOC_SOCKET=PATH cosim_probe regs|dma-bad-host|reset|raw KIND\n");
        return 2;
    }
    if (strcmp(argv[1], "raw") == 0)
        return argc == 3 ? raw(sock, argv[2]) : 2;
    struct uvs_dev *d = open_dev(sock);
    if (strcmp(argv[1], "regs") == 0)
        check_regs(d);
    else if (strcmp(argv[1], "dma-bad-host") == 0)
        check_dma_bad_host(d);
    else if (strcmp(argv[1], "reset") == 0)
        check_reset(d);
    else {
        fprintf(stderr, "cosim_probe: unknown check '%s'\n", argv[1]);
        uvs_close(d);
        return 2;
    }
    uvs_close(d);
    printf("%s: %s\n", argv[1], failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}

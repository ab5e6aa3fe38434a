/*
 * Unit tests of the shared-memory transport (include/uvmsoc/shmring.h,
 * include/lib/shmring.c) and of the ivshmem backend that uses it
 * (host/lib/backend_ivshmem.c): ring order, full and empty rings, counter
 * wrap-around, corrupt counters, header validation, file sizes, and the
 * backend against a scripted fake simulator in a thread on a regular file
 * (attach, BAR access, IRQs, DMA memory in the shared file, GOODBYE, the
 * simulator ending), plus every device-name error the backend reports.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <uvmsoc/cosim.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/shmring.h>

#include "ivshmem.h"
#include "testutil.h"

/* A zeroed, 64-byte aligned area for ring tests. */
static uint8_t *new_area(void)
{
    void *p = NULL;
    if (posix_memalign(&p, 64, UVS_SHM_AREA) != 0)
        fail_msg("posix_memalign");
    memset(p, 0, UVS_SHM_AREA);
    return p;
}

static void msg_fill(uint8_t *m, unsigned v)
{
    for (unsigned i = 0; i < UVS_COSIM_MSG_SIZE; i++)
        m[i] = (uint8_t)(v + i);
}

static void test_ring_order_full_empty(void **state)
{
    (void)state;
    uint8_t *a = new_area(), m[UVS_COSIM_MSG_SIZE], want[UVS_COSIM_MSG_SIZE];
    struct uvs_shm_link cl, sv;
    uvs_shm_link_init(&cl, a, 0);
    uvs_shm_link_init(&sv, a, 1);
    assert_int_equal(uvs_shm_recv(&sv.rx, m), 0); /* empty */
    for (unsigned i = 0; i < UVS_SHM_SLOTS; i++) {
        msg_fill(m, i);
        assert_int_equal(uvs_shm_send(&cl.tx, m), 1);
    }
    msg_fill(m, 999);
    assert_int_equal(uvs_shm_send(&cl.tx, m), 0); /* full: nothing written */
    assert_int_equal(uvs_shm_pending(&sv.rx), UVS_SHM_SLOTS);
    for (unsigned i = 0; i < UVS_SHM_SLOTS; i++) {
        assert_int_equal(uvs_shm_recv(&sv.rx, m), 1);
        msg_fill(want, i);
        assert_memory_equal(m, want, sizeof m);
    }
    assert_int_equal(uvs_shm_recv(&sv.rx, m), 0);
    /* the other direction is independent */
    msg_fill(m, 7);
    assert_int_equal(uvs_shm_send(&sv.tx, m), 1);
    assert_int_equal(uvs_shm_pending(&cl.tx), 0);
    assert_int_equal(uvs_shm_recv(&cl.rx, want), 1);
    assert_memory_equal(m, want, sizeof m);
    free(a);
}

static void test_ring_wraps_counters(void **state)
{
    (void)state;
    uint8_t *a = new_area(), m[UVS_COSIM_MSG_SIZE], got[UVS_COSIM_MSG_SIZE];
    struct uvs_shm_link cl, sv;
    uvs_shm_link_init(&cl, a, 0);
    uvs_shm_link_init(&sv, a, 1);
    *cl.tx.tail = *cl.tx.head = UINT32_MAX - 3; /* 32-bit counters about to wrap */
    for (unsigned i = 0; i < 10; i++) {
        msg_fill(m, 40 + i);
        assert_int_equal(uvs_shm_send(&cl.tx, m), 1);
        assert_int_equal(uvs_shm_recv(&sv.rx, got), 1);
        assert_memory_equal(m, got, sizeof m);
    }
    assert_int_equal(*cl.tx.tail, 6u);
    assert_int_equal(uvs_shm_pending(&sv.rx), 0);
    free(a);
}

static void test_ring_corrupt_counters(void **state)
{
    (void)state;
    uint8_t *a = new_area(), m[UVS_COSIM_MSG_SIZE] = {0};
    struct uvs_shm_link cl, sv;
    uvs_shm_link_init(&cl, a, 0);
    uvs_shm_link_init(&sv, a, 1);
    *cl.tx.tail = 100; /* 100 messages "in" a 64-slot ring */
    assert_int_equal(uvs_shm_send(&cl.tx, m), -EPROTO);
    assert_int_equal(uvs_shm_recv(&sv.rx, m), -EPROTO);
    assert_int_equal(*cl.tx.tail, 100u); /* nothing changed */
    assert_int_equal(*cl.tx.head, 0u);
    uvs_shm_drain(&sv.rx); /* a client drops stale messages this way */
    assert_int_equal(uvs_shm_pending(&sv.rx), 0);
    free(a);
}

static void test_file_size(void **state)
{
    (void)state;
    assert_int_equal(uvs_shm_file_size(16u << 20), 32u << 20);            /* 16M + 64K -> 32M */
    assert_int_equal(uvs_shm_file_size((16u << 20) - UVS_SHM_AREA), 16u << 20); /* exactly fits */
    assert_int_equal(uvs_shm_file_size(4096), 128u << 10);
    assert_int_equal(uvs_shm_file_size(UINT64_MAX - 100), 0); /* overflows */
    assert_int_equal(uvs_shm_file_size(UINT64_C(1) << 63), 0); /* no power of two holds it */
}

/* A header as uvmsoc-sim --host-shm writes it. */
static void put_header(uint8_t *a, uint64_t hostmem, uint64_t fsize)
{
    uvs_shm_wr32(a, UVS_SHM_OFF_VERSION, UVS_SHM_VERSION);
    uvs_shm_wr64(a, UVS_SHM_OFF_AREA, UVS_SHM_AREA);
    uvs_shm_wr64(a, UVS_SHM_OFF_HOSTMEM_BUS, UINT64_C(0x100000000));
    uvs_shm_wr64(a, UVS_SHM_OFF_HOSTMEM_SIZE, hostmem);
    uvs_shm_wr64(a, UVS_SHM_OFF_FILE_SIZE, fsize);
    uvs_shm_wr32(a, UVS_SHM_OFF_SLOTS, UVS_SHM_SLOTS);
    uvs_shm_wr32(a, UVS_SHM_OFF_STATE, UVS_SHM_STATE_SERVING);
    uvs_shm_wr32(a, UVS_SHM_OFF_MAGIC, UVS_SHM_MAGIC);
}

static void test_check_header(void **state)
{
    (void)state;
    uint8_t *a = new_area();
    char why[200];
    assert_int_equal(uvs_shm_check_header(a, UVS_SHM_AREA, why, sizeof why), -EAGAIN);
    assert_non_null(strstr(why, "magic 0"));
    assert_int_equal(uvs_shm_check_header(a, 4096, why, sizeof why), -EPROTO);
    assert_non_null(strstr(why, "need at least"));
    put_header(a, 1u << 20, 2u << 20);
    assert_int_equal(uvs_shm_check_header(a, 2u << 20, why, sizeof why), 0);
    /* the mapping (QEMU's memory-backend size) smaller than the file */
    assert_int_equal(uvs_shm_check_header(a, 1u << 20, why, sizeof why), -EPROTO);
    assert_non_null(strstr(why, "the mapping only"));
    uvs_shm_wr64(a, UVS_SHM_OFF_HOSTMEM_SIZE, (2u << 20)); /* does not fit after the area */
    assert_int_equal(uvs_shm_check_header(a, 2u << 20, why, sizeof why), -EPROTO);
    assert_non_null(strstr(why, "does not fit"));
    uvs_shm_wr64(a, UVS_SHM_OFF_HOSTMEM_SIZE, 1000); /* not whole pages */
    assert_int_equal(uvs_shm_check_header(a, 2u << 20, why, sizeof why), -EPROTO);
    assert_non_null(strstr(why, "not whole pages"));
    uvs_shm_wr64(a, UVS_SHM_OFF_HOSTMEM_SIZE, 1u << 20);
    uvs_shm_wr32(a, UVS_SHM_OFF_SLOTS, 32);
    assert_int_equal(uvs_shm_check_header(a, 2u << 20, why, sizeof why), -EPROTO);
    assert_non_null(strstr(why, "32 slots"));
    uvs_shm_wr32(a, UVS_SHM_OFF_SLOTS, UVS_SHM_SLOTS);
    uvs_shm_wr32(a, UVS_SHM_OFF_VERSION, 0x00020000);
    assert_int_equal(uvs_shm_check_header(a, 2u << 20, why, sizeof why), -EPROTONOSUPPORT);
    assert_non_null(strstr(why, "version 2.0"));
    uvs_shm_wr32(a, UVS_SHM_OFF_MAGIC, 0xffffffff); /* BAR of a disabled PCI device */
    assert_int_equal(uvs_shm_check_header(a, 2u << 20, why, sizeof why), -EPROTO);
    assert_non_null(strstr(why, "magic 0xffffffff"));
    free(a);
}

/* ---- the backend against a fake simulator thread on a regular file ---- */

#define HOSTMEM (256u << 10)
#define FSIZE (512u << 10)

struct fake {
    char dir[64], path[96];
    uint8_t *map;
    pthread_t th;
    int end_after;      /* > 0: after this many requests, GOODBYE(EXIT) and state CLOSED */
    int irq_on_read;    /* IRQ vector 3 before each MMIO read response */
    int got_goodbye;
    unsigned requests;
    uint64_t scratch;
};

static void fake_send(struct fake *f, struct uvs_shm_link *l, union uvs_cosim_msg *m)
{
    uint8_t b[UVS_COSIM_MSG_SIZE];
    m->hdr.cycle = 100 * f->requests;
    if (uvs_cosim_encode(m, b) != 0)
        abort();
    while (uvs_shm_send(&l->tx, b) == 0)
        sched_yield();
}

static void *fake_main(void *arg)
{
    struct fake *f = arg;
    struct uvs_shm_link l;
    uvs_shm_link_init(&l, f->map, 1);
    for (;;) {
        uint8_t b[UVS_COSIM_MSG_SIZE];
        int r = uvs_shm_recv(&l.rx, b);
        if (r == 0) {
            sched_yield();
            continue;
        }
        union uvs_cosim_msg q, a;
        if (r < 0 || uvs_cosim_decode(b, sizeof b, &q, NULL, 0) != 0)
            return NULL;
        if (q.hdr.type == UVS_COSIM_GOODBYE) {
            f->got_goodbye = 1;
            return NULL;
        }
        f->requests++;
        if (f->end_after && (int)f->requests > f->end_after) {
            memset(&a, 0, sizeof a);
            a.bye.hdr.type = UVS_COSIM_GOODBYE;
            a.bye.reason = UVS_COSIM_BYE_EXIT;
            fake_send(f, &l, &a);
            uvs_shm_wr32(f->map, UVS_SHM_OFF_STATE, UVS_SHM_STATE_CLOSED);
            return NULL;
        }
        a = q;
        a.hdr.type = (uint16_t)(q.hdr.type | UVS_COSIM_RESP);
        switch (q.hdr.type) {
        case UVS_COSIM_HELLO:
            a.hello.msi_vectors = 8;
            a.hello.hostmem_base = UINT64_C(0x100000000);
            a.hello.hostmem_size = HOSTMEM;
            a.hello.bar0_size = UVS_HOSTIF_BAR0_SIZE;
            a.hello.client_pid = 0;
            break;
        case UVS_COSIM_MMIO_READ:
            a.mmio.data = q.mmio.addr == UVS_HOSTIF_ID_OFF        ? UVS_HOSTIF_ID_VALUE
                          : q.mmio.addr == UVS_HOSTIF_VERSION_OFF ? UVS_HOSTIF_VERSION_VALUE
                          : q.mmio.addr == UVS_HOSTIF_SCRATCH_OFF ? f->scratch
                                                                  : 0;
            if (q.mmio.size < 8)
                a.mmio.data &= (UINT64_C(1) << (8 * q.mmio.size)) - 1;
            if (f->irq_on_read) {
                union uvs_cosim_msg i;
                memset(&i, 0, sizeof i);
                i.irq.hdr.type = UVS_COSIM_IRQ;
                i.irq.hdr.seq = q.hdr.seq;
                i.irq.vector = 3;
                fake_send(f, &l, &i);
            }
            break;
        case UVS_COSIM_MMIO_WRITE:
            if (q.mmio.addr == UVS_HOSTIF_SCRATCH_OFF)
                f->scratch = q.mmio.data;
            break;
        case UVS_COSIM_RUN:
            a.run.reason = UVS_COSIM_STOP_BUDGET;
            a.run.elapsed = q.run.cycles;
            break;
        default:
            break;
        }
        fake_send(f, &l, &a);
    }
}

static void fake_start(struct fake *f, int serve)
{
    memset(f, 0, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/uvs-shm-test-XXXXXX");
    if (!mkdtemp(f->dir))
        fail_msg("mkdtemp");
    snprintf(f->path, sizeof f->path, "%s/shm", f->dir);
    int fd = open(f->path, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd < 0 || ftruncate(fd, FSIZE) != 0)
        fail_msg("create %s", f->path);
    f->map = mmap(NULL, FSIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    assert_true(f->map != MAP_FAILED);
    if (serve) {
        put_header(f->map, HOSTMEM, FSIZE);
        assert_int_equal(pthread_create(&f->th, NULL, fake_main, f), 0);
    }
}

static void fake_stop(struct fake *f, int serve)
{
    if (serve)
        pthread_join(f->th, NULL);
    munmap(f->map, FSIZE);
    unlink(f->path);
    rmdir(f->dir);
}

static int open_ivshmem(const char *spec, unsigned wall_ms, struct uvs_dev **dev)
{
    struct uvs_open_opts o = {.backend = "ivshmem", .backend_arg = spec, .timeout_cycles = 1000,
                              .wall_timeout_ms = wall_ms};
    return uvs_open(&o, dev);
}

static void test_backend_attach_mmio_dma(void **state)
{
    (void)state;
    struct fake f;
    fake_start(&f, 1);
    struct uvs_dev *dev = NULL;
    int err = open_ivshmem(f.path, 2000, &dev);
    if (err)
        fail_msg("open: %d %s", err, uvs_last_error());
    assert_string_equal(uvs_backend_name(dev), "ivshmem");
    assert_int_equal(uvs_mmio_write(dev, UVS_HOSTIF_SCRATCH_OFF, 8, 0x1122334455667788ull), 0);
    uint64_t v = 0;
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_SCRATCH_OFF, 8, &v), 0);
    assert_int_equal(v, 0x1122334455667788ull);
    assert_true(uvs_cycles(dev) > 0); /* the fake's hdr.cycle */
    /* DMA memory is the file's part after the rings, at the announced bus address */
    struct uvs_dma_buf buf;
    assert_int_equal(uvs_dma_alloc(dev, 8192, &buf), 0);
    assert_int_equal(buf.bus, UINT64_C(0x100000000));
    memcpy(buf.host, "guest data", 11);
    assert_memory_equal(f.map + UVS_SHM_AREA, "guest data", 11);
    int fd = -1;
    uint64_t off = 0;
    assert_int_equal(uvs_dma_buf_fd(dev, &buf, &fd, &off), 0);
    assert_int_equal(off, UVS_SHM_AREA);
    assert_true(fd >= 0);
    uvs_dma_free(dev, &buf);
    uvs_close(dev);
    fake_stop(&f, 1);
    assert_true(f.got_goodbye);
}

static void test_backend_irq_collected(void **state)
{
    (void)state;
    struct fake f;
    fake_start(&f, 1);
    struct uvs_dev *dev = NULL;
    assert_int_equal(open_ivshmem(f.path, 2000, &dev), 0); /* open's reads already bring IRQs */
    f.irq_on_read = 1;
    uint64_t v;
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_SCRATCH_OFF, 8, &v), 0);
    uint32_t vec = 0;
    assert_int_equal(uvs_wait_irq(dev, 100, &vec), 0);
    assert_int_equal(vec, 1u << 3);
    uvs_close(dev);
    fake_stop(&f, 1);
}

static void test_backend_simulator_ends(void **state)
{
    (void)state;
    struct fake f;
    fake_start(&f, 1);
    struct uvs_dev *dev = NULL;
    assert_int_equal(open_ivshmem(f.path, 2000, &dev), 0);
    /* the fake is idle, waiting for the next request: the next one ends it */
    __atomic_store_n(&f.end_after, (int)__atomic_load_n(&f.requests, __ATOMIC_ACQUIRE), __ATOMIC_RELEASE);
    uint64_t v;
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_SCRATCH_OFF, 8, &v), -ECONNRESET);
    assert_err_contains("ended the session (reason 1");
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_SCRATCH_OFF, 8, &v), -ECONNRESET);
    assert_err_contains("connection to the simulator is down");
    uvs_close(dev);
    fake_stop(&f, 1);
}

static void test_backend_no_server(void **state)
{
    (void)state;
    struct fake f;
    fake_start(&f, 0); /* file of the right size, nobody serving it */
    struct uvs_dev *dev = NULL;
    assert_int_equal(open_ivshmem(f.path, 200, &dev), -ENODEV);
    assert_err_contains("no simulator has set up the shared region (magic 0) after 200 ms");
    /* a simulator that has ended */
    put_header(f.map, HOSTMEM, FSIZE);
    uvs_shm_wr32(f.map, UVS_SHM_OFF_STATE, UVS_SHM_STATE_CLOSED);
    assert_int_equal(open_ivshmem(f.path, 200, &dev), -ECONNREFUSED);
    assert_err_contains("no longer serving");
    /* a server that never answers: the reply timeout */
    uvs_shm_wr32(f.map, UVS_SHM_OFF_STATE, UVS_SHM_STATE_SERVING);
    assert_int_equal(open_ivshmem(f.path, 200, &dev), -ETIMEDOUT);
    assert_err_contains("no reply from the simulator");
    fake_stop(&f, 0);
}

static void test_device_names(void **state)
{
    (void)state;
    char out[256];
    struct uvs_dev *dev = NULL;
    assert_null(uvs_ivshmem_spec("uio:/dev/uio0"));
    assert_string_equal(uvs_ivshmem_spec("ivshmem:00:01.0"), "00:01.0");
    assert_int_equal(uvs_ivshmem_resolve("", out, sizeof out), -EINVAL);
    assert_err_contains("no device given");
    assert_int_equal(open_ivshmem(NULL, 100, &dev), -EINVAL);
    /* a PCI address this machine does not have (bus 0x7f, device 31, function 7) */
    assert_int_equal(uvs_ivshmem_resolve("0000:7f:1f.7", out, sizeof out), -ENODEV);
    assert_err_contains("no PCI device 0000:7f:1f.7");
    assert_int_equal(uvs_ivshmem_resolve("7f:1f.7", out, sizeof out), -ENODEV); /* domain 0 implied */
    assert_err_contains("no PCI device 0000:7f:1f.7");
    assert_int_equal(uvs_ivshmem_resolve("/nonexistent/shm", out, sizeof out), -ENOENT);
    assert_err_contains("/nonexistent/shm: No such file or directory");
    /* fake sysfs device directories */
    char dir[] = "/tmp/uvs-sysfs-XXXXXX", p[128];
    assert_non_null(mkdtemp(dir));
    assert_int_equal(uvs_ivshmem_resolve(dir, out, sizeof out), -ENODEV);
    assert_err_contains("is not a PCI device directory");
    FILE *fv;
    snprintf(p, sizeof p, "%s/vendor", dir);
    fv = fopen(p, "w"), fputs("0x1b36\n", fv), fclose(fv);
    snprintf(p, sizeof p, "%s/device", dir);
    fv = fopen(p, "w"), fputs("0x0008\n", fv), fclose(fv);
    assert_int_equal(uvs_ivshmem_resolve(dir, out, sizeof out), -ENODEV);
    assert_err_contains("is PCI device 1b36:0008, expected an ivshmem device 1af4:1110");
    snprintf(p, sizeof p, "%s/vendor", dir);
    fv = fopen(p, "w"), fputs("0x1af4\n", fv), fclose(fv);
    snprintf(p, sizeof p, "%s/device", dir);
    fv = fopen(p, "w"), fputs("0x1110\n", fv), fclose(fv);
    assert_int_equal(uvs_ivshmem_resolve(dir, out, sizeof out), -ENODEV);
    assert_err_contains("has no BAR2");
    snprintf(p, sizeof p, "%s/resource2", dir);
    fv = fopen(p, "w"), fclose(fv);
    assert_int_equal(uvs_ivshmem_resolve(dir, out, sizeof out), 0);
    assert_string_equal(out, p);
    /* a BAR file smaller than the ring area */
    assert_int_equal(open_ivshmem(dir, 100, &dev), -EINVAL);
    assert_err_contains("need at least 65536");
    unlink(p);
    snprintf(p, sizeof p, "%s/vendor", dir);
    unlink(p);
    snprintf(p, sizeof p, "%s/device", dir);
    unlink(p);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ring_order_full_empty),
        cmocka_unit_test(test_ring_wraps_counters),
        cmocka_unit_test(test_ring_corrupt_counters),
        cmocka_unit_test(test_file_size),
        cmocka_unit_test(test_check_header),
        cmocka_unit_test(test_backend_attach_mmio_dma),
        cmocka_unit_test(test_backend_irq_collected),
        cmocka_unit_test(test_backend_simulator_ends),
        cmocka_unit_test(test_backend_no_server),
        cmocka_unit_test(test_device_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

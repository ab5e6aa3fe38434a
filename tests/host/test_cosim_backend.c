/*
 * Unit tests of the cosim backend (client side of include/uvmsoc/cosim.h)
 * against a scripted fake simulator in a thread: attach with the shared
 * host-memory file, BAR access, interrupts in lockstep, and every failure
 * the client must turn into a clear error: no simulator, peer closing,
 * truncated or malformed messages, wrong sequence, version mismatch,
 * missing file descriptor, simulator ending the session, a simulator that
 * stops answering (wall-clock reply timeout), and long waits cut into RUN
 * slices (UVS_COSIM_RUN_SLICE).
 */
#include <errno.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <uvmsoc/cosim.h>
#include <uvmsoc/hostif.h>

#include "testutil.h"

enum hello_mode { H_OK, H_CLOSE, H_TRUNC, H_GARBAGE, H_VERSION, H_NOFD, H_MUTE };
enum after { A_CLOSE, A_WRONG_SEQ, A_GOODBYE };

struct server {
    char path[108];
    int lfd;
    enum hello_mode hello;
    int serve;          /* requests to serve after HELLO before `after` (-1 = until GOODBYE) */
    enum after after;
    int irq_on_write;   /* send IRQ vector 2 before each MMIO write response */
    pthread_t th;
    void *shm;          /* the server's view of host memory */
    size_t shm_size;
    int got_goodbye;
    uint64_t cycle;
    uint64_t scratch;
    uint64_t irq_at;    /* non-zero: RUN with STOP_ON_IRQ raises vector 1 at this cycle (else after 10 cycles) */
    unsigned runs;      /* RUN requests received */
    uint64_t max_run;   /* largest RUN budget received */
};

static char tmpdir[] = "/tmp/uvs-cosim-test-XXXXXX";

static int read64(int fd, uint8_t *b)
{
    size_t got = 0;
    while (got < UVS_COSIM_MSG_SIZE) {
        ssize_t n = read(fd, b + got, UVS_COSIM_MSG_SIZE - got);
        if (n <= 0)
            return -1;
        got += (size_t)n;
    }
    return 0;
}

static void send_msg(struct server *s, int fd, union uvs_cosim_msg *m, int pass_fd)
{
    uint8_t b[UVS_COSIM_MSG_SIZE];
    m->hdr.cycle = s->cycle;
    if (uvs_cosim_encode(m, b) != 0)
        abort();
    struct iovec iov = {.iov_base = b, .iov_len = sizeof b};
    union { struct cmsghdr h; char c[CMSG_SPACE(sizeof(int))]; } ctl;
    struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1};
    if (pass_fd >= 0) {
        memset(&ctl, 0, sizeof ctl);
        mh.msg_control = ctl.c;
        mh.msg_controllen = sizeof ctl.c;
        struct cmsghdr *h = CMSG_FIRSTHDR(&mh);
        h->cmsg_level = SOL_SOCKET;
        h->cmsg_type = SCM_RIGHTS;
        h->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(h), &pass_fd, sizeof(int));
    }
    if (sendmsg(fd, &mh, MSG_NOSIGNAL) != (ssize_t)sizeof b)
        return;
}

static uint64_t reg(struct server *s, uint64_t off)
{
    switch (off) {
    case UVS_HOSTIF_ID_OFF: return UVS_HOSTIF_ID_VALUE;
    case UVS_HOSTIF_VERSION_OFF: return UVS_HOSTIF_VERSION_VALUE;
    case UVS_HOSTIF_CAP_OFF: return UVS_HOSTIF_CAP_DMA | UVS_HOSTIF_CAP_LOCKSTEP;
    case UVS_HOSTIF_SRAM_SIZE_OFF: return 4u << 20;
    case UVS_HOSTIF_SCRATCH_OFF: return s->scratch;
    default: return 0;
    }
}

static void *server_main(void *arg)
{
    struct server *s = arg;
    int fd = accept(s->lfd, NULL, NULL);
    uint8_t b[UVS_COSIM_MSG_SIZE];
    union uvs_cosim_msg m, r;
    if (fd < 0)
        return NULL;
    if (s->hello == H_CLOSE || read64(fd, b) || uvs_cosim_decode(b, sizeof b, &m, NULL, 0) || m.hdr.type != UVS_COSIM_HELLO)
        goto out;
    memset(&r, 0, sizeof r);
    r.hdr.type = UVS_COSIM_HELLO_RESP;
    r.hdr.seq = m.hdr.seq;
    r.hello.version = UVS_COSIM_VERSION;
    r.hello.msi_vectors = 8;
    r.hello.hostmem_base = 0x200000000ull;
    r.hello.hostmem_size = s->shm_size;
    r.hello.bar0_size = UVS_HOSTIF_BAR0_SIZE;
    if (s->hello == H_TRUNC) {
        if (write(fd, "UVSC\x81\0\0\0\1\0", 10) < 0)
            goto out;
        goto out;
    }
    if (s->hello == H_GARBAGE) {
        memset(b, 0xa5, sizeof b);
        if (write(fd, b, sizeof b) < 0)
            goto out;
        goto out;
    }
    if (s->hello == H_VERSION) {
        r.hdr.status = UVS_COSIM_ST_VERSION;
        r.hello.version = 0x00020000;
        send_msg(s, fd, &r, -1);
        goto out;
    }
    int mfd = memfd_create("uvs-test-hostmem", MFD_CLOEXEC);
    if (mfd < 0 || ftruncate(mfd, (off_t)s->shm_size) != 0)
        abort();
    s->shm = mmap(NULL, s->shm_size, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0);
    send_msg(s, fd, &r, s->hello == H_NOFD ? -1 : mfd);
    close(mfd);
    if (s->hello == H_NOFD)
        goto out;
    if (s->hello == H_MUTE) { /* read requests, never answer, until the client gives up */
        while (!read64(fd, b))
            ;
        goto out;
    }
    for (int served = 0;; served++) {
        if (read64(fd, b) || uvs_cosim_decode(b, sizeof b, &m, NULL, 0))
            break;
        if (m.hdr.type == UVS_COSIM_GOODBYE) {
            s->got_goodbye = 1;
            break;
        }
        if (s->serve >= 0 && served == s->serve) {
            if (s->after == A_CLOSE)
                break;
            if (s->after == A_GOODBYE) {
                memset(&r, 0, sizeof r);
                r.hdr.type = UVS_COSIM_GOODBYE;
                r.bye.reason = UVS_COSIM_BYE_EXIT;
                r.bye.exit_code = 3;
                send_msg(s, fd, &r, -1);
                break;
            }
        }
        r = m;
        r.hdr.type = (uint16_t)(m.hdr.type | UVS_COSIM_RESP);
        if (s->serve >= 0 && served == s->serve && s->after == A_WRONG_SEQ)
            r.hdr.seq = m.hdr.seq + 1;
        switch (m.hdr.type) {
        case UVS_COSIM_MMIO_READ:
            s->cycle += 1001;
            r.mmio.data = reg(s, m.mmio.addr);
            if (m.mmio.size < 8)
                r.mmio.data &= (1ull << (8 * m.mmio.size)) - 1;
            break;
        case UVS_COSIM_MMIO_WRITE:
            s->cycle += 501;
            if (m.mmio.addr == UVS_HOSTIF_SCRATCH_OFF)
                s->scratch = m.mmio.data;
            if (s->irq_on_write) {
                union uvs_cosim_msg irq = {.irq = {.hdr = {.type = UVS_COSIM_IRQ, .seq = m.hdr.seq}, .vector = 2}};
                send_msg(s, fd, &irq, -1);
            }
            break;
        case UVS_COSIM_RUN:
            s->runs++;
            if (m.run.cycles > s->max_run)
                s->max_run = m.run.cycles;
            if (s->irq_at && m.run.flags & UVS_COSIM_RUN_STOP_ON_IRQ) {
                if (s->cycle + m.run.cycles >= s->irq_at) {
                    union uvs_cosim_msg irq = {.irq = {.hdr = {.type = UVS_COSIM_IRQ, .seq = m.hdr.seq}, .vector = 1}};
                    r.run.elapsed = s->irq_at - s->cycle;
                    s->cycle = s->irq_at;
                    s->irq_at = 0;
                    send_msg(s, fd, &irq, -1);
                    r.run.reason = UVS_COSIM_STOP_IRQ;
                } else {
                    s->cycle += m.run.cycles;
                    r.run.reason = UVS_COSIM_STOP_BUDGET;
                    r.run.elapsed = m.run.cycles;
                }
            } else if (m.run.flags & UVS_COSIM_RUN_STOP_ON_IRQ && m.run.cycles >= 10) {
                union uvs_cosim_msg irq = {.irq = {.hdr = {.type = UVS_COSIM_IRQ, .seq = m.hdr.seq}, .vector = 1}};
                s->cycle += 10;
                send_msg(s, fd, &irq, -1);
                r.run.reason = UVS_COSIM_STOP_IRQ;
                r.run.elapsed = 10;
            } else {
                s->cycle += m.run.cycles;
                r.run.reason = UVS_COSIM_STOP_BUDGET;
                r.run.elapsed = m.run.cycles;
            }
            break;
        default: break;
        }
        send_msg(s, fd, &r, -1);
    }
out:
    close(fd);
    return NULL;
}

static void start(struct server *s, const char *name)
{
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(s->path, sizeof s->path, "%s/%s", tmpdir, name);
    strcpy(sa.sun_path, s->path);
    s->lfd = socket(AF_UNIX, SOCK_STREAM, 0);
    assert_true(s->lfd >= 0);
    assert_int_equal(bind(s->lfd, (struct sockaddr *)&sa, sizeof sa), 0);
    assert_int_equal(listen(s->lfd, 1), 0);
    if (!s->shm_size)
        s->shm_size = 1 << 20;
    assert_int_equal(pthread_create(&s->th, NULL, server_main, s), 0);
}

static void stop(struct server *s)
{
    pthread_join(s->th, NULL);
    close(s->lfd);
    unlink(s->path);
    if (s->shm)
        munmap(s->shm, s->shm_size);
}

static int open_at(const char *path, struct uvs_dev **dev)
{
    struct uvs_open_opts o = {.backend = "cosim", .socket_path = path, .wall_timeout_ms = 5000};
    return uvs_open(&o, dev);
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    return rmdir(tmpdir);
}

static void test_no_simulator(void **state)
{
    (void)state;
    struct uvs_dev *dev;
    char path[200];
    snprintf(path, sizeof path, "%s/absent.sock", tmpdir);
    assert_int_equal(open_at(path, &dev), -ENOENT);
    assert_err_contains("no simulator at ");
    assert_err_contains(path);
    /* A socket file nobody listens on. */
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    snprintf(path, sizeof path, "%s/dead.sock", tmpdir);
    strcpy(sa.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    assert_int_equal(bind(fd, (struct sockaddr *)&sa, sizeof sa), 0);
    close(fd);
    assert_int_equal(open_at(path, &dev), -ECONNREFUSED);
    assert_err_contains("no simulator at");
    unlink(path);
    char longp[300];
    memset(longp, 'a', sizeof longp - 1);
    longp[sizeof longp - 1] = '\0';
    assert_int_equal(open_at(longp, &dev), -ENAMETOOLONG);
    assert_err_contains("too long");
}

static void expect_attach_error(enum hello_mode h, int want, const char *detail)
{
    struct server s = {.hello = h, .serve = -1};
    struct uvs_dev *dev = NULL;
    start(&s, "bad.sock");
    int err = open_at(s.path, &dev);
    stop(&s);
    if (err != want || !strstr(uvs_last_error(), detail))
        fail_msg("hello mode %d: got %d '%s', expected %d '%s'", h, err, uvs_last_error(), want, detail);
    assert_null(dev);
}

static void test_attach_errors(void **state)
{
    (void)state;
    expect_attach_error(H_CLOSE, -ECONNRESET, "closed the connection");
    expect_attach_error(H_TRUNC, -EBADMSG, "truncated message from the simulator");
    expect_attach_error(H_GARBAGE, -EPROTO, "bad magic");
    expect_attach_error(H_VERSION, -EPROTONOSUPPORT, "transport version 2.0");
    expect_attach_error(H_NOFD, -EPROTO, "without the host-memory file descriptor");
}

static void test_session(void **state)
{
    (void)state;
    struct server s = {.hello = H_OK, .serve = -1};
    struct uvs_dev *dev = NULL;
    start(&s, "good.sock");
    assert_int_equal(open_at(s.path, &dev), 0);
    assert_string_equal(uvs_backend_name(dev), "cosim");
    struct uvs_info in;
    assert_int_equal(uvs_info(dev, &in), 0);
    assert_int_equal(in.sram_size, 4u << 20);
    assert_true(in.caps & UVS_HOSTIF_CAP_LOCKSTEP);
    /* Lockstep time: the cycle count is the simulator's. */
    assert_int_equal(uvs_cycles(dev), s.cycle);
    uint64_t v;
    assert_int_equal(uvs_mmio_write(dev, UVS_HOSTIF_SCRATCH_OFF, 8, 0x1234567890ull), 0);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_SCRATCH_OFF, 8, &v), 0);
    assert_int_equal(v, 0x1234567890ull);
    /* Host memory is the simulator's shared file. */
    struct uvs_dma_buf b;
    assert_int_equal(uvs_dma_alloc(dev, 10000, &b), 0);
    assert_true(b.bus >= 0x200000000ull && b.bus + b.size <= 0x200000000ull + s.shm_size);
    memcpy(b.host, "shared!", 8);
    assert_memory_equal((uint8_t *)s.shm + (b.bus - 0x200000000ull), "shared!", 8);
    uvs_dma_free(dev, &b);
    /* Waiting for an interrupt runs the simulation until the MSI. */
    uint32_t vec = 0;
    uint64_t t = uvs_cycles(dev);
    assert_int_equal(uvs_wait_irq(dev, 1000, &vec), 0);
    assert_int_equal(vec, 1u << 1);
    assert_int_equal(uvs_cycles(dev), t + 10);
    assert_int_equal(uvs_wait_irq(dev, 5, &vec), -ETIMEDOUT);
    t = uvs_cycles(dev);
    assert_int_equal(uvs_charge(dev, 12345), 0);
    assert_int_equal(uvs_cycles(dev), t + 12345);
    assert_int_equal(uvs_reset(dev), 0);
    uvs_close(dev);
    stop(&s);
    assert_int_equal(s.got_goodbye, 1);
}

static void test_irq_during_mmio(void **state)
{
    (void)state;
    struct server s = {.hello = H_OK, .serve = -1, .irq_on_write = 1};
    struct uvs_dev *dev = NULL;
    start(&s, "irq.sock");
    assert_int_equal(open_at(s.path, &dev), 0);
    assert_int_equal(uvs_mmio_write(dev, UVS_HOSTIF_SCRATCH_OFF, 8, 1), 0);
    uint32_t vec = 0;
    assert_int_equal(uvs_wait_irq(dev, 3, &vec), 0); /* already received: no RUN needed */
    assert_int_equal(vec, 1u << 2);
    uvs_close(dev);
    stop(&s);
}

static void test_peer_failures(void **state)
{
    (void)state;
    uint64_t v;
    struct uvs_dev *dev = NULL;
    /* open reads 5 registers; the 6th request meets a closed socket. */
    struct server s = {.hello = H_OK, .serve = 5, .after = A_CLOSE};
    start(&s, "die.sock");
    assert_int_equal(open_at(s.path, &dev), 0);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_ID_OFF, 4, &v), -ECONNRESET);
    assert_err_contains("closed the connection");
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_ID_OFF, 4, &v), -ECONNRESET);
    assert_err_contains("connection to the simulator is down");
    uvs_close(dev);
    stop(&s);

    struct server w = {.hello = H_OK, .serve = 5, .after = A_WRONG_SEQ};
    start(&w, "seq.sock");
    assert_int_equal(open_at(w.path, &dev), 0);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_ID_OFF, 4, &v), -EPROTO);
    assert_err_contains("while waiting for MMIO_READ_RESP");
    uvs_close(dev);
    stop(&w);

    struct server g = {.hello = H_OK, .serve = 5, .after = A_GOODBYE};
    start(&g, "bye.sock");
    assert_int_equal(open_at(g.path, &dev), 0);
    assert_int_equal(uvs_wait_irq(dev, 100, NULL), -ECONNRESET);
    assert_err_contains("ended the session (reason 1, exit status 3)");
    uvs_close(dev);
    stop(&g);
}

/* A wait longer than a slice is several RUNs; the MSI and the budget end it as before. */
static void test_long_wait_sliced(void **state)
{
    (void)state;
    struct server s = {.hello = H_OK, .serve = -1};
    struct uvs_dev *dev = NULL;
    start(&s, "slice.sock");
    assert_int_equal(open_at(s.path, &dev), 0);
    uint64_t t0 = uvs_cycles(dev);
    s.irq_at = t0 + 2 * UVS_COSIM_RUN_SLICE + UVS_COSIM_RUN_SLICE / 2; /* set before the RUNs: the server reads it then */
    uint32_t vec = 0;
    assert_int_equal(uvs_wait_irq(dev, 10 * UVS_COSIM_RUN_SLICE, &vec), 0);
    assert_int_equal(vec, 1u << 1);
    assert_int_equal(uvs_cycles(dev), t0 + 2 * UVS_COSIM_RUN_SLICE + UVS_COSIM_RUN_SLICE / 2);
    assert_int_equal(s.runs, 3);
    assert_int_equal(s.max_run, UVS_COSIM_RUN_SLICE);
    /* No MSI: exactly the budget runs, in slices, then -ETIMEDOUT. */
    s.irq_at = UINT64_MAX;
    t0 = uvs_cycles(dev);
    assert_int_equal(uvs_wait_irq(dev, 2 * UVS_COSIM_RUN_SLICE + 7, &vec), -ETIMEDOUT);
    assert_int_equal(uvs_cycles(dev), t0 + 2 * UVS_COSIM_RUN_SLICE + 7);
    assert_int_equal(s.runs, 6);
    uvs_close(dev);
    stop(&s);
}

/* A simulator that stops answering: -ETIMEDOUT after the reply timeout, with the socket named. */
static void test_reply_timeout(void **state)
{
    (void)state;
    struct server s = {.hello = H_MUTE, .serve = -1};
    struct uvs_dev *dev = NULL;
    start(&s, "mute.sock");
    struct uvs_open_opts o = {.backend = "cosim", .socket_path = s.path, .wall_timeout_ms = 200};
    assert_int_equal(uvs_open(&o, &dev), -ETIMEDOUT);
    assert_err_contains("no reply from the simulator at");
    assert_err_contains("within 200 ms");
    assert_null(dev);
    stop(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_simulator),   cmocka_unit_test(test_attach_errors),
        cmocka_unit_test(test_session),        cmocka_unit_test(test_irq_during_mmio),
        cmocka_unit_test(test_peer_failures),  cmocka_unit_test(test_long_wait_sliced),
        cmocka_unit_test(test_reply_timeout),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}

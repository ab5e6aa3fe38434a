/*
 * "cosim" backend: the client side of the co-simulation transport
 * (include/uvmsoc/cosim.h) to uvmsoc-sim: a Unix stream socket for BAR0
 * accesses, interrupts and lockstep time, and the shared host-memory file
 * (received with SCM_RIGHTS in HELLO_RESP) for DMA-able host memory.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <uvmsoc/cosim.h>
#include <uvmsoc/hostif.h>

#include "hostmem.h"
#include "internal.h"

struct cosim {
    int fd;                  /* socket */
    char path[sizeof(((struct sockaddr_un *)0)->sun_path)];
    int timeout_ms;          /* wall-clock limit per reply, ms; -1: none */
    uint32_t seq;            /* last request sequence number */
    uint64_t cycle;          /* last simulated cycle count seen */
    uint32_t irqs;           /* MSI vectors received, not yet taken */
    int dead;                /* connection unusable: every call fails with dead_err */
    int dead_err;
    char dead_why[256];
    void *shm;               /* mapped host-memory file */
    size_t shm_size;
    int shm_fd;              /* host-memory file, kept for uvs_dma_buf_fd (managed memory) */
    uint64_t shm_bus;        /* bus address of its byte 0 */
    struct uvs_hostmem hm;
};

/* Mark the connection dead with a reason; later calls repeat it. */
static int die(struct cosim *c, int err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int die(struct cosim *c, int err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->dead_why, sizeof c->dead_why, fmt, ap);
    va_end(ap);
    c->dead = 1;
    c->dead_err = err;
    return uvs_err(err, "%s", c->dead_why);
}

/* Receive one 64-byte message; *fd_out gets an SCM_RIGHTS descriptor if one came (else -1). */
static int recv_msg(struct cosim *c, union uvs_cosim_msg *m, int *fd_out)
{
    uint8_t buf[UVS_COSIM_MSG_SIZE];
    size_t got = 0;
    if (fd_out)
        *fd_out = -1;
    while (got < sizeof buf) {
        struct pollfd p = {.fd = c->fd, .events = POLLIN};
        int r = poll(&p, 1, c->timeout_ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return die(c, -errno, "poll on simulator socket %s: %s", c->path, strerror(errno));
        if (r == 0)
            return die(c, -ETIMEDOUT, "no reply from the simulator at %s within %d ms", c->path, c->timeout_ms);
        union {
            struct cmsghdr h;
            char b[CMSG_SPACE(sizeof(int) * 4)];
        } ctl;
        struct iovec iov = {.iov_base = buf + got, .iov_len = sizeof buf - got};
        struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.b, .msg_controllen = sizeof ctl.b};
        ssize_t n = recvmsg(c->fd, &mh, MSG_CMSG_CLOEXEC);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == ECONNRESET)
            return die(c, -ECONNRESET, "the simulator at %s closed the connection", c->path);
        if (n < 0)
            return die(c, -errno, "receive from simulator at %s: %s", c->path, strerror(errno));
        for (struct cmsghdr *h = CMSG_FIRSTHDR(&mh); h; h = CMSG_NXTHDR(&mh, h)) {
            if (h->cmsg_level != SOL_SOCKET || h->cmsg_type != SCM_RIGHTS)
                continue;
            size_t nfd = (h->cmsg_len - CMSG_LEN(0)) / sizeof(int);
            for (size_t i = 0; i < nfd; i++) {
                int fd;
                memcpy(&fd, CMSG_DATA(h) + i * sizeof(int), sizeof fd);
                if (fd_out && *fd_out < 0)
                    *fd_out = fd;
                else
                    close(fd); /* not expected: never leak it */
            }
        }
        if (n == 0) {
            if (fd_out && *fd_out >= 0) {
                close(*fd_out);
                *fd_out = -1;
            }
            if (got == 0)
                return die(c, -ECONNRESET, "the simulator at %s closed the connection", c->path);
            return die(c, -EBADMSG, "truncated message from the simulator at %s (%zu of %u bytes, then end of stream)",
                       c->path, got, UVS_COSIM_MSG_SIZE);
        }
        got += (size_t)n;
    }
    char why[160];
    int err = uvs_cosim_decode(buf, sizeof buf, m, why, sizeof why);
    if (err) {
        if (fd_out && *fd_out >= 0) {
            close(*fd_out);
            *fd_out = -1;
        }
        return die(c, err, "malformed message from the simulator at %s: %s", c->path, why);
    }
    if (!uvs_cosim_from_server(m->hdr.type) && m->hdr.type != UVS_COSIM_GOODBYE)
        return die(c, -EPROTO, "the simulator at %s sent a client message (%s)", c->path, uvs_cosim_type_name(m->hdr.type));
    c->cycle = m->hdr.cycle;
    return 0;
}

static int send_msg(struct cosim *c, union uvs_cosim_msg *m)
{
    uint8_t buf[UVS_COSIM_MSG_SIZE];
    m->hdr.cycle = c->cycle;
    if (uvs_cosim_encode(m, buf) != 0)
        return uvs_err(-EINVAL, "internal error: refusing to send a malformed %s", uvs_cosim_type_name(m->hdr.type));
    size_t off = 0;
    while (off < sizeof buf) {
        ssize_t n = send(c->fd, buf + off, sizeof buf - off, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            if (errno == EPIPE || errno == ECONNRESET)
                return die(c, -ECONNRESET, "the simulator at %s closed the connection", c->path);
            return die(c, -errno, "send to simulator at %s: %s", c->path, strerror(errno));
        }
        off += (size_t)n;
    }
    return 0;
}

/* Send request m and wait for its response (type | RESP, same seq) into r.
 * IRQ messages on the way are collected; GOODBYE ends the connection. */
static int request(struct cosim *c, union uvs_cosim_msg *m, union uvs_cosim_msg *r, int *fd_out)
{
    if (c->dead)
        return uvs_err(c->dead_err, "connection to the simulator is down: %s", c->dead_why);
    unsigned want = m->hdr.type | UVS_COSIM_RESP;
    m->hdr.seq = ++c->seq;
    int err = send_msg(c, m);
    if (err)
        return err;
    for (;;) {
        if ((err = recv_msg(c, r, fd_out)))
            return err;
        if (r->hdr.type == UVS_COSIM_IRQ) {
            c->irqs |= 1u << r->irq.vector;
            continue;
        }
        if (r->hdr.type == UVS_COSIM_GOODBYE)
            return die(c, -ECONNRESET, "the simulator at %s ended the session (reason %u, exit status %d)", c->path,
                       (unsigned)r->bye.reason, (int)r->bye.exit_code);
        if (r->hdr.type != want || r->hdr.seq != c->seq) {
            if (fd_out && *fd_out >= 0) {
                close(*fd_out);
                *fd_out = -1;
            }
            return die(c, -EPROTO, "protocol error: got %s seq %u while waiting for %s seq %u",
                       uvs_cosim_type_name(r->hdr.type), (unsigned)r->hdr.seq, uvs_cosim_type_name(want), (unsigned)c->seq);
        }
        err = uvs_cosim_status_errno(r->hdr.status);
        if (err)
            return uvs_err(err, "simulator refused %s: status %u (%s)", uvs_cosim_type_name(m->hdr.type),
                           (unsigned)r->hdr.status, uvs_strerror(err));
        return 0;
    }
}

static void cosim_close(void *ctx)
{
    struct cosim *c = ctx;
    if (!c)
        return;
    if (c->fd >= 0 && !c->dead) {
        union uvs_cosim_msg m = {.bye = {.hdr = {.type = UVS_COSIM_GOODBYE}, .reason = UVS_COSIM_BYE_CLIENT}};
        (void)send_msg(c, &m);
    }
    if (c->fd >= 0)
        close(c->fd);
    uvs_hostmem_fini(&c->hm);
    if (c->shm)
        munmap(c->shm, c->shm_size);
    if (c->shm_fd >= 0)
        close(c->shm_fd);
    free(c);
}

static int handshake(struct cosim *c)
{
    union uvs_cosim_msg m = {.hello = {.hdr = {.type = UVS_COSIM_HELLO}, .version = UVS_COSIM_VERSION,
                                       .client_pid = (uint64_t)getpid()}};
    union uvs_cosim_msg r;
    int fd = -1, err = request(c, &m, &r, &fd);
    if (err == -EPROTONOSUPPORT)
        err = die(c, err, "the simulator at %s speaks transport version %u.%u, this library %u.%u", c->path,
                  (unsigned)(r.hello.version >> 16), (unsigned)(r.hello.version & 0xffff), UVS_COSIM_VERSION >> 16,
                  UVS_COSIM_VERSION & 0xffff);
    if (err)
        goto fail;
    if ((r.hello.version >> 16) != (UVS_COSIM_VERSION >> 16)) {
        err = die(c, -EPROTONOSUPPORT, "the simulator at %s speaks transport version %u.%u, this library %u.%u", c->path,
                  (unsigned)(r.hello.version >> 16), (unsigned)(r.hello.version & 0xffff), UVS_COSIM_VERSION >> 16,
                  UVS_COSIM_VERSION & 0xffff);
        goto fail;
    }
    if (r.hello.bar0_size < UVS_HOSTIF_BAR0_SIZE) {
        err = die(c, -EPROTO, "the simulator at %s offers a BAR0 of %llu bytes, need %llu", c->path,
                  (unsigned long long)r.hello.bar0_size, (unsigned long long)UVS_HOSTIF_BAR0_SIZE);
        goto fail;
    }
    if (fd < 0) {
        err = die(c, -EPROTO, "the simulator at %s sent HELLO_RESP without the host-memory file descriptor", c->path);
        goto fail;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || (uint64_t)st.st_size < r.hello.hostmem_size) {
        err = die(c, -EPROTO, "host-memory file from the simulator is smaller than the %llu bytes announced",
                  (unsigned long long)r.hello.hostmem_size);
        goto fail;
    }
    c->shm_size = (size_t)r.hello.hostmem_size;
    c->shm = mmap(NULL, c->shm_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (c->shm == MAP_FAILED) {
        c->shm = NULL;
        err = die(c, -errno, "cannot map the host-memory file: %s", strerror(errno));
        goto fail;
    }
    c->shm_fd = fd;
    c->shm_bus = r.hello.hostmem_base;
    fd = -1;
    if ((err = uvs_hostmem_init(&c->hm, c->shm, r.hello.hostmem_base, c->shm_size)))
        return uvs_err(err, "cannot manage host memory window");
    return 0;
fail:
    if (fd >= 0)
        close(fd);
    return err;
}

static int cosim_open(const struct uvs_open_opts *opts, void **ctx)
{
    const char *path = opts->socket_path;
    if (!path || !*path)
        path = getenv("UVMSOC_SOCKET");
    if (!path || !*path)
        path = UVS_DEFAULT_SOCKET;
    struct cosim *c = calloc(1, sizeof *c);
    if (!c)
        return uvs_err(-ENOMEM, "out of memory");
    c->fd = -1;
    c->shm_fd = -1;
    if (opts->wall_timeout_ms == UVS_WALL_TIMEOUT_NONE)
        c->timeout_ms = -1; /* poll(): wait forever */
    else if (opts->wall_timeout_ms > INT_MAX)
        c->timeout_ms = INT_MAX;
    else
        c->timeout_ms = opts->wall_timeout_ms ? (int)opts->wall_timeout_ms : 600000;
    if (strlen(path) >= sizeof c->path) {
        free(c);
        return uvs_err(-ENAMETOOLONG, "simulator socket path too long (%zu bytes, at most %zu): %s", strlen(path),
                       sizeof c->path - 1, path);
    }
    strcpy(c->path, path);
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    strcpy(sa.sun_path, path);
    c->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (c->fd < 0) {
        int e = errno;
        free(c);
        return uvs_err(-e, "socket: %s", strerror(e));
    }
    if (connect(c->fd, (struct sockaddr *)&sa, sizeof sa) != 0) {
        int e = errno;
        close(c->fd);
        free(c);
        return uvs_err(-e, "no simulator at %s (connect: %s); is uvmsoc-sim running with its host socket there?", path,
                       strerror(e));
    }
    int err = handshake(c);
    if (err) {
        c->dead = 1; /* no GOODBYE after a failed attach */
        cosim_close(c);
        return err;
    }
    *ctx = c;
    return 0;
}

static int cosim_mmio_read(void *ctx, uint64_t off, unsigned size, uint64_t *val)
{
    union uvs_cosim_msg m = {.mmio = {.hdr = {.type = UVS_COSIM_MMIO_READ}, .addr = off, .size = (uint8_t)size}}, r;
    int err = request(ctx, &m, &r, NULL);
    if (err)
        return err;
    if (r.mmio.addr != off || r.mmio.size != size)
        return die(ctx, -EPROTO, "MMIO_READ_RESP for 0x%llx/%u answers 0x%llx/%u", (unsigned long long)off, size,
                   (unsigned long long)r.mmio.addr, (unsigned)r.mmio.size);
    *val = r.mmio.data;
    return 0;
}

static int cosim_mmio_write(void *ctx, uint64_t off, unsigned size, uint64_t val)
{
    union uvs_cosim_msg m = {.mmio = {.hdr = {.type = UVS_COSIM_MMIO_WRITE}, .addr = off, .data = val, .size = (uint8_t)size}}, r;
    return request(ctx, &m, &r, NULL);
}

static int cosim_dma_alloc(void *ctx, size_t size, struct uvs_dma_buf *buf)
{
    struct cosim *c = ctx;
    return uvs_hostmem_alloc(&c->hm, size, buf);
}

static void cosim_dma_free(void *ctx, const struct uvs_dma_buf *buf)
{
    struct cosim *c = ctx;
    uvs_hostmem_free(&c->hm, buf);
}

/* RUN for cycles with flags; returns the TIME_SYNC's reason or a negative errno. */
static int run(struct cosim *c, uint64_t cycles, uint32_t flags)
{
    union uvs_cosim_msg m = {.run = {.hdr = {.type = UVS_COSIM_RUN}, .cycles = cycles, .flags = flags}}, r;
    int err = request(c, &m, &r, NULL);
    if (err)
        return err;
    if (r.run.reason == UVS_COSIM_STOP_HALT)
        return die(c, -ECONNRESET, "the simulation at %s ended at cycle %llu", c->path, (unsigned long long)c->cycle);
    return (int)r.run.reason;
}

/*
 * Wait for an MSI for at most @timeout device cycles. The wait is cut into
 * RUN slices of UVS_COSIM_RUN_SLICE cycles: each slice's TIME_SYNC shows the
 * simulator is making progress, so the wall-clock reply timeout bounds only a
 * simulator that stopped advancing, never a long but healthy wait.
 */
static int cosim_wait_irq(void *ctx, uint64_t timeout, uint32_t *vectors)
{
    struct cosim *c = ctx;
    uint64_t left = timeout;
    while (!c->irqs && left) {
        uint64_t slice = left < UVS_COSIM_RUN_SLICE ? left : UVS_COSIM_RUN_SLICE;
        int r = run(c, slice, UVS_COSIM_RUN_STOP_ON_IRQ);
        if (r < 0)
            return r;
        if (r != UVS_COSIM_STOP_BUDGET)
            break; /* STOP_IRQ: the IRQ message came before the TIME_SYNC */
        left -= slice;
    }
    if (!c->irqs)
        return -ETIMEDOUT;
    *vectors = c->irqs;
    c->irqs = 0;
    return 0;
}

static int cosim_charge(void *ctx, uint64_t cycles)
{
    int r = run(ctx, cycles, UVS_COSIM_RUN_HOST_COST);
    return r < 0 ? r : 0;
}

static int cosim_reset(void *ctx)
{
    struct cosim *c = ctx;
    union uvs_cosim_msg m = {.reset = {.hdr = {.type = UVS_COSIM_RESET}}}, r;
    c->irqs = 0;
    return request(c, &m, &r, NULL);
}

static uint64_t cosim_cycles(void *ctx)
{
    return ((struct cosim *)ctx)->cycle;
}

/* The host-memory file and the offset of bus address @bus in it. */
static int cosim_hostmem_fd(void *ctx, uint64_t bus, uint64_t len, int *fd, uint64_t *off)
{
    struct cosim *c = ctx;
    if (c->shm_fd < 0 || bus < c->shm_bus || len > c->shm_size || bus - c->shm_bus > c->shm_size - len)
        return -EINVAL;
    *fd = c->shm_fd;
    *off = bus - c->shm_bus;
    return 0;
}

const struct uvs_backend_ops uvs_backend_cosim = {
    .hostmem_fd = cosim_hostmem_fd,
    .name = "cosim",
    .open = cosim_open,
    .close = cosim_close,
    .mmio_read = cosim_mmio_read,
    .mmio_write = cosim_mmio_write,
    .dma_alloc = cosim_dma_alloc,
    .dma_free = cosim_dma_free,
    .wait_irq = cosim_wait_irq,
    .charge = cosim_charge,
    .reset = cosim_reset,
    .cycles = cosim_cycles,
};

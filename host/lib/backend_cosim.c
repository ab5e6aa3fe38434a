/*
 * "cosim" backend: the client side of the co-simulation transport
 * (include/uvmsoc/cosim.h) to uvmsoc-sim: a Unix stream socket for BAR0
 * accesses, interrupts and lockstep time, and the shared host-memory file
 * (received with SCM_RIGHTS in HELLO_RESP) for DMA-able host memory. The
 * protocol is lockstep.c's; this file is the socket transport and the attach.
 */
#include <errno.h>
#include <poll.h>
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

#include "internal.h"
#include "lockstep.h"

struct cosim {
    struct uvs_lockstep ls;  /* first: the uvs_ls_* operations take this state */
    int fd;                  /* socket */
    char path[sizeof(((struct sockaddr_un *)0)->sun_path)];
    void *shm;               /* mapped host-memory file */
    size_t shm_size;
    int shm_fd;              /* host-memory file, kept for uvs_dma_buf_fd (managed memory) */
    uint64_t shm_bus;        /* bus address of its byte 0 */
};

#define die(c, ...) uvs_ls_die(&(c)->ls, __VA_ARGS__)

/* Transport: receive one 64-byte message; *fd_out gets an SCM_RIGHTS descriptor if one came (else -1). */
static int sock_recv(struct uvs_lockstep *l, uint8_t *buf, int *fd_out)
{
    struct cosim *c = (struct cosim *)l;
    size_t got = 0;
    if (fd_out)
        *fd_out = -1;
    while (got < UVS_COSIM_MSG_SIZE) {
        struct pollfd p = {.fd = c->fd, .events = POLLIN};
        int r = poll(&p, 1, l->timeout_ms);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return die(c, -errno, "poll on simulator socket %s: %s", c->path, strerror(errno));
        if (r == 0)
            return die(c, -ETIMEDOUT, "no reply from the simulator at %s within %d ms", c->path, l->timeout_ms);
        union {
            struct cmsghdr h;
            char b[CMSG_SPACE(sizeof(int) * 4)];
        } ctl;
        struct iovec iov = {.iov_base = buf + got, .iov_len = UVS_COSIM_MSG_SIZE - got};
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
    return 0;
}

/* Transport: send one 64-byte message. */
static int sock_send(struct uvs_lockstep *l, const uint8_t *buf)
{
    struct cosim *c = (struct cosim *)l;
    size_t off = 0;
    while (off < UVS_COSIM_MSG_SIZE) {
        ssize_t n = send(c->fd, buf + off, UVS_COSIM_MSG_SIZE - off, MSG_NOSIGNAL);
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

static const struct uvs_ls_transport sock_transport = {.send = sock_send, .recv = sock_recv};

static void cosim_close(void *ctx)
{
    struct cosim *c = ctx;
    if (!c)
        return;
    if (c->fd >= 0)
        uvs_ls_goodbye(&c->ls);
    if (c->fd >= 0)
        close(c->fd);
    uvs_hostmem_fini(&c->ls.hm);
    if (c->shm)
        munmap(c->shm, c->shm_size);
    if (c->shm_fd >= 0)
        close(c->shm_fd);
    free(c);
}

/* HELLO; map the host-memory file that comes with HELLO_RESP. */
static int handshake(struct cosim *c)
{
    union uvs_cosim_msg r;
    int fd = -1, err = uvs_ls_hello(&c->ls, &r, &fd);
    if (err)
        return err;
    if (fd < 0)
        return die(c, -EPROTO, "the simulator at %s sent HELLO_RESP without the host-memory file descriptor", c->path);
    struct stat st;
    if (fstat(fd, &st) != 0 || (uint64_t)st.st_size < r.hello.hostmem_size) {
        close(fd);
        return die(c, -EPROTO, "host-memory file from the simulator is smaller than the %llu bytes announced",
                   (unsigned long long)r.hello.hostmem_size);
    }
    c->shm_size = (size_t)r.hello.hostmem_size;
    c->shm = mmap(NULL, c->shm_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (c->shm == MAP_FAILED) {
        c->shm = NULL;
        err = die(c, -errno, "cannot map the host-memory file: %s", strerror(errno));
        close(fd);
        return err;
    }
    c->shm_fd = fd;
    c->shm_bus = r.hello.hostmem_base;
    if ((err = uvs_hostmem_init(&c->ls.hm, c->shm, r.hello.hostmem_base, c->shm_size)))
        return uvs_err(err, "cannot manage host memory window");
    return 0;
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
    if (strlen(path) >= sizeof c->path) {
        free(c);
        return uvs_err(-ENAMETOOLONG, "simulator socket path too long (%zu bytes, at most %zu): %s", strlen(path),
                       sizeof c->path - 1, path);
    }
    strcpy(c->path, path);
    uvs_ls_init(&c->ls, &sock_transport, opts->wall_timeout_ms, "the simulator at %s", path);
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
        c->ls.dead = 1; /* no GOODBYE after a failed attach */
        cosim_close(c);
        return err;
    }
    *ctx = c;
    return 0;
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
    .mmio_read = uvs_ls_mmio_read,
    .mmio_write = uvs_ls_mmio_write,
    .dma_alloc = uvs_ls_dma_alloc,
    .dma_free = uvs_ls_dma_free,
    .wait_irq = uvs_ls_wait_irq,
    .charge = uvs_ls_charge,
    .reset = uvs_ls_reset,
    .cycles = uvs_ls_cycles,
};

/* uvmsoc-sim co-simulation server and host link model (see cosim_server.h). */
#include "cosim_server.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <uvmsoc/cosim.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/shmring.h>
#include <uvmsoc/sim.h>

#include "sim.h"

#define XQ_MAX 64  /* host->device transactions in flight (posted-write credits) */
#define MQ_MAX 64  /* MSIs in flight */
/* --host-shm polling: empty polls back to back, then sleeps of SHM_SLEEP_NS.
 * The spin covers the guest's next request after a response (a guest under
 * QEMU TCG takes tens of microseconds); the sleep keeps an idle server (the
 * guest still booting) from holding a CPU. Chosen, not tuned: the booted-guest
 * job's wall time with them is in docs/embedded-linux.md. */
#define SHM_SPIN 20000
#define SHM_SLEEP_NS 50000L

/* A BAR0 access on its way to the device. */
struct xact {
    uint64_t due;   /* cycle it reaches the device */
    uint64_t off;   /* BAR0 offset */
    uint64_t data;  /* write data (low size bytes) */
    uint8_t size;   /* 1, 2, 4, 8 */
    bool we;
};

/* MSIs on their way to the host. */
struct msi_ev {
    uint64_t due;
    uint32_t vectors;
};

static struct {
    const struct uvs_opts *o;
    const struct uvs_link_model *lm;
    int lfd, cfd;                  /* listening and client sockets (--host-shm: cfd is a dup of memfd
                                      while "attached", so the socket bookkeeping applies unchanged) */
    int memfd;                     /* host-memory file (--host-shm: the shared file) */
    bool shm;                      /* --host-shm transport */
    uint8_t *shm_map;              /* --host-shm: the whole file mapped */
    uint64_t shm_size;
    struct uvs_shm_link link;      /* --host-shm: rx = c2s, tx = s2c */
    uint8_t *host;                 /* its mapping */
    uint64_t host_size;
    bool hello;                    /* the client has attached */
    bool listening;                /* lfd is bound at o->host_socket */
    /* request in progress */
    unsigned req;                  /* its type, 0 = none */
    union uvs_cosim_msg rq;
    uint64_t start, done_at, run_end, wake_at;
    bool queued, waking;
    /* link */
    struct xact xq[XQ_MAX];
    unsigned xh, xn;
    struct xact port;              /* at the SoC's BAR0 port */
    bool port_busy;
    bool cpl_valid;                /* a read completion travels back */
    uint64_t cpl_due, cpl_data;
    struct msi_ev mq[MQ_MAX];
    unsigned mh, mn;
    unsigned reset_cycles;
    uint64_t now;
    uint64_t next_poll;
    bool stop;
    bool closing;                  /* shutting down: a client already gone is expected */
} S = {.lfd = -1, .cfd = -1, .memfd = -1};

struct uvs_host_io uvs_host_io;

static volatile sig_atomic_t got_signal;

static void drop_client(void);

static void on_signal(int sig)
{
    (void)sig;
    got_signal = 1;
}

static void logf_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void logf_(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("uvmsoc-sim: host: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void uvs_cosim_hostmem(uint8_t **base, uint64_t *bus, uint64_t *size)
{
    *base = S.host;
    *bus = UVS_COSIM_HOSTMEM_BASE;
    *size = S.host ? S.host_size : 0;
}

/* Replace a stale socket file at path; refuse a live one or a non-socket. */
static int clear_path(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return 0;
    if (!S_ISSOCK(st.st_mode)) {
        snprintf(err, errlen, "--host-socket %s exists and is not a socket", path);
        return -EEXIST;
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    strcpy(sa.sun_path, path);
    if (fd >= 0 && connect(fd, (struct sockaddr *)&sa, sizeof sa) == 0) {
        close(fd);
        snprintf(err, errlen, "--host-socket %s: another simulator is listening there", path);
        return -EADDRINUSE;
    }
    if (fd >= 0)
        close(fd);
    unlink(path);
    return 0;
}

/* --host-shm: create the shared file (rings, then host memory) and publish its header. */
static int shm_open_file(const struct uvs_opts *o, char *err, size_t errlen)
{
    int rc;
    uint64_t fsize = uvs_shm_file_size(o->host_mem);
    struct stat st;
    if (fsize == 0 || fsize > (uint64_t)SIZE_MAX) {
        snprintf(err, errlen, "--host-shm: no file size fits %llu bytes of host memory", (unsigned long long)o->host_mem);
        return -EINVAL;
    }
    if (lstat(o->host_shm, &st) == 0) {
        if (!S_ISREG(st.st_mode)) {
            snprintf(err, errlen, "--host-shm %s exists and is not a regular file", o->host_shm);
            return -EEXIST;
        }
        unlink(o->host_shm); /* a stale one: QEMU may still map it; a new file leaves that mapping alone */
    }
    S.memfd = open(o->host_shm, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (S.memfd < 0 || ftruncate(S.memfd, (off_t)fsize) != 0) {
        rc = -errno;
        snprintf(err, errlen, "cannot create the %llu-byte --host-shm file %s: %s", (unsigned long long)fsize,
                 o->host_shm, strerror(errno));
        return rc;
    }
    void *p = mmap(NULL, (size_t)fsize, PROT_READ | PROT_WRITE, MAP_SHARED, S.memfd, 0);
    if (p == MAP_FAILED) {
        rc = -errno;
        snprintf(err, errlen, "cannot map the --host-shm file %s: %s", o->host_shm, strerror(errno));
        return rc;
    }
    S.shm = true;
    S.shm_map = p;
    S.shm_size = fsize;
    S.host = S.shm_map + UVS_SHM_AREA;
    S.host_size = o->host_mem;
    S.listening = true; /* the file is removed at close like the socket */
    uvs_shm_link_init(&S.link, S.shm_map, 1);
    uvs_shm_wr32(p, UVS_SHM_OFF_VERSION, UVS_SHM_VERSION);
    uvs_shm_wr64(p, UVS_SHM_OFF_AREA, UVS_SHM_AREA);
    uvs_shm_wr64(p, UVS_SHM_OFF_HOSTMEM_BUS, UVS_COSIM_HOSTMEM_BASE);
    uvs_shm_wr64(p, UVS_SHM_OFF_HOSTMEM_SIZE, o->host_mem);
    uvs_shm_wr64(p, UVS_SHM_OFF_FILE_SIZE, fsize);
    uvs_shm_wr32(p, UVS_SHM_OFF_SLOTS, UVS_SHM_SLOTS);
    uvs_shm_wr32(p, UVS_SHM_OFF_SERVER_PID, (uint32_t)getpid());
    uvs_shm_wr32(p, UVS_SHM_OFF_STATE, UVS_SHM_STATE_SERVING);
    uvs_shm_wr32(p, UVS_SHM_OFF_MAGIC, UVS_SHM_MAGIC); /* last: the client may start */
    return 0;
}

static void install_signals(void)
{
    struct sigaction act;
    memset(&act, 0, sizeof act);
    act.sa_handler = on_signal; /* no SA_RESTART: blocking calls return EINTR */
    sigaction(SIGINT, &act, NULL);
    sigaction(SIGTERM, &act, NULL);
    signal(SIGPIPE, SIG_IGN);
}

int uvs_cosim_open(const struct uvs_opts *o, char *err, size_t errlen)
{
    struct sockaddr_un sa = {.sun_family = AF_UNIX};
    int rc;
    S.o = o;
    S.lm = &o->model;
    if (o->host_shm) {
        if ((rc = shm_open_file(o, err, errlen)) != 0)
            return rc;
        install_signals();
        return 0;
    }
    if (strlen(o->host_socket) >= sizeof sa.sun_path) {
        snprintf(err, errlen, "--host-socket path too long (%zu bytes, at most %zu): %s", strlen(o->host_socket),
                 sizeof sa.sun_path - 1, o->host_socket);
        return -ENAMETOOLONG;
    }
    strcpy(sa.sun_path, o->host_socket);
    S.memfd = memfd_create("uvmsoc-hostmem", MFD_CLOEXEC);
    if (S.memfd < 0 || ftruncate(S.memfd, (off_t)o->host_mem) != 0) {
        rc = -errno;
        snprintf(err, errlen, "cannot create the %llu-byte host-memory file: %s", (unsigned long long)o->host_mem,
                 strerror(errno));
        return rc;
    }
    void *p = mmap(NULL, (size_t)o->host_mem, PROT_READ | PROT_WRITE, MAP_SHARED, S.memfd, 0);
    if (p == MAP_FAILED) {
        rc = -errno;
        snprintf(err, errlen, "cannot map the host-memory file: %s", strerror(errno));
        return rc;
    }
    S.host = p;
    S.host_size = o->host_mem;
    if ((rc = clear_path(o->host_socket, err, errlen)) != 0)
        return rc;
    /* Bind under a temporary name, listen, then rename into place: a client
     * that sees the socket file can connect at once (no bind-to-listen
     * window answering ECONNREFUSED). */
    struct sockaddr_un tmp = {.sun_family = AF_UNIX};
    int n = snprintf(tmp.sun_path, sizeof tmp.sun_path, "%s.%ld", o->host_socket, (long)getpid());
    if (n < 0 || (size_t)n >= sizeof tmp.sun_path)
        tmp = sa; /* no room for a suffix: bind in place */
    unlink(tmp.sun_path);
    S.lfd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (S.lfd < 0 || bind(S.lfd, (struct sockaddr *)&tmp, sizeof tmp) != 0 || listen(S.lfd, 4) != 0 ||
        (strcmp(tmp.sun_path, sa.sun_path) != 0 && rename(tmp.sun_path, sa.sun_path) != 0)) {
        rc = -errno;
        snprintf(err, errlen, "cannot listen on --host-socket %s: %s", o->host_socket, strerror(errno));
        unlink(tmp.sun_path);
        return rc;
    }
    S.listening = true;
    install_signals();
    return 0;
}

/* --host-shm: one step of the idle poll; *spins counts empty polls. */
static void shm_backoff(unsigned *spins)
{
    if (*spins < SHM_SPIN) {
        (*spins)++;
        return;
    }
    struct timespec t = {0, SHM_SLEEP_NS};
    nanosleep(&t, NULL);
}

/* --host-shm: put one encoded message in s2c, waiting while the client has
 * not taken earlier ones (at most UVS_COSIM_PARTIAL_MS). 0, or -1 (dropped). */
static int shm_send(const uint8_t *b)
{
    unsigned spins = 0;
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (;;) {
        int r = uvs_shm_send(&S.link.tx, b);
        if (r > 0)
            return 0;
        if (r < 0) {
            logf_("--host-shm %s: response ring counters are corrupt; detaching the client", S.o->host_shm);
            break;
        }
        clock_gettime(CLOCK_MONOTONIC, &t);
        if (got_signal || (t.tv_sec - t0.tv_sec) * 1000 + (t.tv_nsec - t0.tv_nsec) / 1000000 > UVS_COSIM_PARTIAL_MS) {
            if (!S.closing)
                logf_("--host-shm %s: the client takes no responses (ring full); detaching it", S.o->host_shm);
            break;
        }
        shm_backoff(&spins);
    }
    drop_client();
    return -1;
}

/* ---------------------------------------------------------------- socket */

static void drop_client(void)
{
    if (S.cfd >= 0)
        close(S.cfd);
    S.cfd = -1;
    S.hello = false;
    S.req = 0;
    if (S.o->host_once)
        S.stop = true;
}

/* Send m (seq/status as set, cycle = now); optionally pass fd. 0 or -1 (client dropped). */
static int send_msg(union uvs_cosim_msg *m, int pass_fd)
{
    uint8_t b[UVS_COSIM_MSG_SIZE];
    if (S.cfd < 0)
        return -1;
    m->hdr.cycle = S.now;
    if (uvs_cosim_encode(m, b) != 0) {
        logf_("internal error: refusing to send a malformed %s", uvs_cosim_type_name(m->hdr.type));
        drop_client();
        return -1;
    }
    if (S.shm)
        return shm_send(b);
    union {
        struct cmsghdr h;
        char c[CMSG_SPACE(sizeof(int))];
    } ctl;
    struct iovec iov = {.iov_base = b, .iov_len = sizeof b};
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
    size_t off = 0;
    while (off < sizeof b) {
        ssize_t n = sendmsg(S.cfd, &mh, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            /* At shutdown the client may have sent GOODBYE and closed before
             * we read it: EPIPE/ECONNRESET then is the expected end. */
            if (!(S.closing && (errno == EPIPE || errno == ECONNRESET)))
                logf_("client went away (%s)", strerror(errno));
            drop_client();
            return -1;
        }
        off += (size_t)n;
        iov.iov_base = b + off;
        iov.iov_len = sizeof b - off;
        mh.msg_control = NULL;
        mh.msg_controllen = 0;
    }
    return 0;
}

static void respond(unsigned status)
{
    union uvs_cosim_msg r = S.rq;
    r.hdr.type = (uint16_t)(S.rq.hdr.type | UVS_COSIM_RESP);
    r.hdr.status = (uint16_t)status;
    if (status != UVS_COSIM_ST_OK && (r.hdr.type == UVS_COSIM_TIME_SYNC)) {
        r.run.reason = 0;
        r.run.elapsed = 0;
    }
    send_msg(&r, -1);
}

/* A protocol violation by the client: say why, GOODBYE(PROTOCOL), close. */
static void protocol_error(const char *why)
{
    logf_("protocol error from the client: %s; closing the connection", why);
    union uvs_cosim_msg m;
    memset(&m, 0, sizeof m);
    m.bye.hdr.type = UVS_COSIM_GOODBYE;
    m.bye.reason = UVS_COSIM_BYE_PROTOCOL;
    if (S.cfd >= 0)
        send_msg(&m, -1);
    drop_client();
}

/* Read one message. Returns 1 (got it), 0 (client gone or protocol error), -1 (signal). */
static int read_msg(union uvs_cosim_msg *m)
{
    uint8_t b[UVS_COSIM_MSG_SIZE];
    size_t got = 0;
    unsigned spins = 0;
    while (S.shm) { /* whole messages only: nothing can be truncated */
        int r = uvs_shm_recv(&S.link.rx, b);
        if (r > 0)
            break;
        if (r < 0) {
            protocol_error("request ring counters are corrupt");
            return 0;
        }
        if (got_signal)
            return -1;
        shm_backoff(&spins);
    }
    while (!S.shm && got < sizeof b) {
        if (got > 0) { /* a started message must be completed promptly */
            struct pollfd p = {.fd = S.cfd, .events = POLLIN};
            int r = poll(&p, 1, UVS_COSIM_PARTIAL_MS);
            if (r < 0 && errno == EINTR) {
                if (got_signal)
                    return -1;
                continue;
            }
            if (r == 0) {
                char why[128];
                snprintf(why, sizeof why, "truncated message: %zu of %u bytes, no more within %d ms", got,
                         UVS_COSIM_MSG_SIZE, UVS_COSIM_PARTIAL_MS);
                protocol_error(why);
                return 0;
            }
        }
        ssize_t n = recv(S.cfd, b + got, sizeof b - got, 0);
        if (n < 0 && errno == EINTR) {
            if (got_signal)
                return -1;
            continue;
        }
        if (n < 0 && errno != ECONNRESET) {
            logf_("receive from the client: %s", strerror(errno));
            drop_client();
            return 0;
        }
        if (n <= 0) {
            if (got) {
                char why[128];
                snprintf(why, sizeof why, "truncated message: %zu of %u bytes, then end of stream", got,
                         UVS_COSIM_MSG_SIZE);
                logf_("protocol error from the client: %s", why);
            }
            drop_client();
            return 0;
        }
        got += (size_t)n;
    }
    char why[160];
    if (uvs_cosim_decode(b, sizeof b, m, why, sizeof why) != 0) {
        char msg[200];
        snprintf(msg, sizeof msg, "malformed message: %s", why);
        protocol_error(msg);
        return 0;
    }
    if (uvs_cosim_from_server(m->hdr.type)) {
        char msg[128];
        snprintf(msg, sizeof msg, "%s is a simulator message", uvs_cosim_type_name(m->hdr.type));
        protocol_error(msg);
        return 0;
    }
    return 1;
}

/* Wait for a client. 1 = connected, -1 = signal. */
static int accept_client(void)
{
    for (;;) {
        if (got_signal)
            return -1;
        int fd = S.shm ? fcntl(S.memfd, F_DUPFD_CLOEXEC, 0) : accept4(S.lfd, NULL, NULL, SOCK_CLOEXEC);
        if (fd >= 0) {
            S.cfd = fd;
            S.hello = false;
            S.mh = S.mn = 0; /* MSIs of an earlier session are not this client's */
            return 1;
        }
        if (errno != EINTR && errno != ECONNABORTED) {
            logf_("accept on %s: %s", S.shm ? S.o->host_shm : S.o->host_socket, strerror(errno));
            return -1;
        }
    }
}

/* ---------------------------------------------------------------- requests */

static void hello(void)
{
    union uvs_cosim_msg r;
    memset(&r, 0, sizeof r);
    r.hello.hdr.type = UVS_COSIM_HELLO_RESP;
    r.hello.hdr.seq = S.rq.hdr.seq;
    r.hello.version = UVS_COSIM_VERSION;
    if (S.hello && S.shm) { /* one ring: a HELLO means the last client is gone */
        logf_("new client (pid %llu) on --host-shm; the previous one left without GOODBYE",
              (unsigned long long)S.rq.hello.client_pid);
        S.hello = false;
        S.mh = S.mn = 0;
    }
    if (S.hello) {
        r.hdr.status = UVS_COSIM_ST_STATE;
        send_msg(&r, -1);
        return;
    }
    if ((S.rq.hello.version >> 16) != (UVS_COSIM_VERSION >> 16)) {
        logf_("client speaks transport version %u.%u, this simulator %u.%u", (unsigned)(S.rq.hello.version >> 16),
              (unsigned)(S.rq.hello.version & 0xffff), UVS_COSIM_VERSION >> 16, UVS_COSIM_VERSION & 0xffff);
        r.hdr.status = UVS_COSIM_ST_VERSION;
        send_msg(&r, -1);
        return;
    }
    r.hello.msi_vectors = UVS_COSIM_MSI_VECTORS;
    r.hello.hostmem_base = UVS_COSIM_HOSTMEM_BASE;
    r.hello.hostmem_size = S.host_size;
    r.hello.bar0_size = UVS_HOSTIF_BAR0_SIZE;
    if (send_msg(&r, S.shm ? -1 : S.memfd) == 0)
        S.hello = true;
}

/* Drop everything in flight (RESET): the device is being reset. */
static void flush_link(void)
{
    S.xh = S.xn = 0;
    S.port_busy = false;
    uvs_host_io.req = false;
    S.cpl_valid = false;
    S.mh = S.mn = 0;
}

/* Take one request; start it (S.req set) or answer it at once. */
static void begin(void)
{
    unsigned t = S.rq.hdr.type;
    if (t == UVS_COSIM_GOODBYE) {
        drop_client();
        return;
    }
    if (t == UVS_COSIM_HELLO) {
        hello();
        return;
    }
    if (!S.hello) {
        respond(UVS_COSIM_ST_STATE);
        return;
    }
    S.start = S.now;
    S.queued = false;
    S.waking = false;
    switch (t) {
    case UVS_COSIM_MMIO_READ:
    case UVS_COSIM_MMIO_WRITE:
        if (S.rq.mmio.addr >= UVS_HOSTIF_BAR0_SIZE) {
            respond(UVS_COSIM_ST_BAD_ADDR);
            return;
        }
        S.done_at = S.now + S.lm->cost_mmio;
        S.req = t;
        return;
    case UVS_COSIM_RUN:
        S.run_end = S.now + S.rq.run.cycles < S.now ? UINT64_MAX : S.now + S.rq.run.cycles;
        S.req = t;
        return;
    case UVS_COSIM_RESET:
        flush_link();
        uvs_sim_power_on();
        S.reset_cycles = 2;
        S.done_at = S.now + 2;
        S.req = t;
        return;
    default:
        respond(UVS_COSIM_ST_BAD_TYPE);
        return;
    }
}

/* Put the current MMIO request on the link when there is a credit. */
static void enqueue(void)
{
    if (S.queued || S.xn == XQ_MAX)
        return;
    struct xact *x = &S.xq[(S.xh + S.xn++) % XQ_MAX];
    x->due = S.now + S.lm->cost_mmio + S.lm->latency;
    x->off = S.rq.mmio.addr;
    x->data = S.rq.mmio.data;
    x->size = S.rq.mmio.size;
    x->we = S.req == UVS_COSIM_MMIO_WRITE;
    S.queued = true;
}

/* Deliver the MSIs that have reached the host (only while handling a request). */
static void deliver_msis(void)
{
    while (S.req && S.mn && S.mq[S.mh].due <= S.now) {
        uint32_t v = S.mq[S.mh].vectors;
        S.mh = (S.mh + 1) % MQ_MAX;
        S.mn--;
        for (unsigned b = 0; b < 32 && S.cfd >= 0; b++) {
            if (!(v & (1u << b)))
                continue;
            union uvs_cosim_msg m;
            memset(&m, 0, sizeof m);
            m.irq.hdr.type = UVS_COSIM_IRQ;
            m.irq.hdr.seq = S.rq.hdr.seq;
            m.irq.vector = b;
            send_msg(&m, -1);
        }
        if (S.req == UVS_COSIM_RUN && (S.rq.run.flags & UVS_COSIM_RUN_STOP_ON_IRQ) && !S.waking) {
            S.waking = true;
            S.wake_at = S.now + S.lm->cost_irq < S.run_end ? S.now + S.lm->cost_irq : S.run_end;
        }
        if (S.cfd < 0)
            S.req = 0;
    }
}

static void time_sync(unsigned reason)
{
    union uvs_cosim_msg r = S.rq;
    r.hdr.type = UVS_COSIM_TIME_SYNC;
    r.hdr.status = UVS_COSIM_ST_OK;
    r.run.reason = reason;
    r.run.elapsed = S.now - S.start;
    S.req = 0;
    send_msg(&r, -1);
}

/* Answer the request in progress when its time has come. */
static void try_complete(void)
{
    deliver_msis();
    switch (S.req) {
    case UVS_COSIM_MMIO_WRITE:
        enqueue();
        if (S.queued && S.now >= S.done_at) {
            S.req = 0;
            respond(UVS_COSIM_ST_OK);
        }
        break;
    case UVS_COSIM_MMIO_READ:
        enqueue();
        if (S.cpl_valid && S.cpl_due <= S.now) {
            S.cpl_valid = false;
            S.rq.mmio.data = S.cpl_data;
            S.req = 0;
            respond(UVS_COSIM_ST_OK);
        }
        break;
    case UVS_COSIM_RUN:
        if (S.now >= S.run_end)
            time_sync(UVS_COSIM_STOP_BUDGET);
        else if (S.waking && S.now >= S.wake_at)
            time_sync(UVS_COSIM_STOP_IRQ);
        break;
    case UVS_COSIM_RESET:
        if (S.now >= S.done_at) {
            S.req = 0;
            respond(UVS_COSIM_ST_OK);
        }
        break;
    default:
        break;
    }
}

/* Next request: blocking in lockstep, polled in free-running mode.
 * Returns 1 when one was taken, 0 when none is waiting, -1 on a signal. */
static int next_request(void)
{
    if (S.cfd < 0) {
        if (S.stop)
            return -1;
        if (accept_client() < 0)
            return -1;
    }
    if (S.o->free_running) {
        if (S.now < S.next_poll)
            return 0;
        S.next_poll = S.now + UVS_COSIM_POLL_CYCLES;
        struct pollfd p = {.fd = S.cfd, .events = POLLIN};
        if (S.shm ? uvs_shm_pending(&S.link.rx) == 0 : poll(&p, 1, 0) <= 0)
            return got_signal ? -1 : 0;
    }
    int r = read_msg(&S.rq);
    if (r < 0)
        return -1;
    if (r > 0)
        begin();
    return 1;
}

/* ---------------------------------------------------------------- per cycle */

/* Byte lanes of an access of size at off within its aligned 8-byte word. */
static uint8_t lanes(uint64_t off, unsigned size)
{
    return (uint8_t)(((1u << size) - 1u) << (off & 7));
}

/* What the SoC reported during the cycle that just ended. */
static void take_outputs(struct uvs_host_io *io)
{
    if (S.port_busy && S.port.we && io->gnt) {
        S.port_busy = false;
    } else if (S.port_busy && !S.port.we && io->rvalid) {
        unsigned sh = 8u * (unsigned)(S.port.off & 7);
        uint64_t mask = S.port.size == 8 ? ~0ull : (1ull << (8 * S.port.size)) - 1;
        S.port_busy = false;
        S.cpl_valid = true;
        S.cpl_due = S.now + S.lm->latency;
        S.cpl_data = (io->rdata >> sh) & mask;
    }
    io->gnt = io->rvalid = false;
    if (io->msi) {
        if (S.mn == MQ_MAX) {
            S.mq[(S.mh + S.mn - 1) % MQ_MAX].vectors |= io->msi;
        } else {
            S.mq[(S.mh + S.mn) % MQ_MAX] = (struct msi_ev){.due = S.now + S.lm->latency, .vectors = io->msi};
            S.mn++;
        }
        io->msi = 0;
    }
}

int uvs_cosim_cycle(uint64_t now)
{
    struct uvs_host_io *io = &uvs_host_io;
    S.now = now;
    take_outputs(io);
    for (;;) {
        try_complete();
        if (S.req)
            break;
        if (got_signal || S.stop)
            goto stop;
        int r = next_request();
        if (r < 0)
            goto stop;
        if (r == 0)
            break; /* free-running: nothing waiting */
    }
    io->rst = S.reset_cycles > 0;
    if (S.reset_cycles)
        S.reset_cycles--;
    if (io->rst) {
        io->req = false;
    } else if (!S.port_busy && S.xn && S.xq[S.xh].due <= now) {
        S.port = S.xq[S.xh];
        S.xh = (S.xh + 1) % XQ_MAX;
        S.xn--;
        S.port_busy = true;
        io->req = true;
        io->addr = (uint16_t)S.port.off;
        io->we = S.port.we;
        io->be = lanes(S.port.off, S.port.size);
        io->wdata = S.port.data << (8u * (unsigned)(S.port.off & 7));
    }
    return 0;
stop:
    uvs_sim.done = true;
    uvs_sim.result = UVS_HTIF_PASS;
    uvs_sim.status = 0;
    return 1;
}

void uvs_cosim_close(uint64_t now, bool watchdog)
{
    unsigned reason = watchdog ? UVS_COSIM_BYE_WATCHDOG : UVS_COSIM_BYE_EXIT;
    int exit_code = watchdog ? (int)UVS_EXIT_TIMEOUT : 0;
    S.now = now;
    S.closing = true;
    if (S.cfd >= 0 && S.req == UVS_COSIM_RUN)
        time_sync(UVS_COSIM_STOP_HALT);
    if (S.cfd >= 0) {
        union uvs_cosim_msg m;
        memset(&m, 0, sizeof m);
        m.bye.hdr.type = UVS_COSIM_GOODBYE;
        m.bye.reason = reason;
        m.bye.exit_code = exit_code;
        send_msg(&m, -1);
    }
    if (S.cfd >= 0)
        close(S.cfd);
    S.cfd = -1;
    if (S.lfd >= 0)
        close(S.lfd);
    S.lfd = -1;
    if (S.listening)
        unlink(S.shm ? S.o->host_shm : S.o->host_socket);
    S.listening = false;
    if (S.shm_map) {
        uvs_shm_wr32(S.shm_map, UVS_SHM_OFF_STATE, UVS_SHM_STATE_CLOSED); /* after the GOODBYE above */
        munmap(S.shm_map, (size_t)S.shm_size);
    } else if (S.host) {
        munmap(S.host, (size_t)S.host_size);
    }
    S.shm_map = NULL;
    S.host = NULL;
    if (S.memfd >= 0)
        close(S.memfd);
    S.memfd = -1;
}

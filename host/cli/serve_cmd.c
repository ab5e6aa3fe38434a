/*
 * uvmsoc serve: the device broker daemon (docs/architecture.md, "Contexts
 * and isolation"; protocol include/lib/uvs_broker.h).
 *
 * One process owns the device (the simulator it starts, or the backend of
 * the global options), boots its firmware and listens on a Unix
 * SOCK_SEQPACKET socket. Each client connection gets its own device context:
 * a device_id (slot + 1), a managed-memory session (uvm_session_open_ctx:
 * own Sv48 page table, own PSCID, own fault ring in the daemon) and its
 * allocations. A client's memory is its own memfd, which the daemon maps;
 * the device works on a managed allocation of the client's context, and the
 * daemon copies the memfd in before each of the client's launches and the
 * written-back result out after it (so the client never sees the device's
 * host-memory file, which holds every context's data and the DMA rings).
 *
 * Launches run one at a time (the firmware runs one launch at a time):
 * before one, the device's fault ring is pointed at the client's session
 * (uvm_session_activate); the compute harts run with the client's device_id
 * (HARTCTL_DID), so a kernel can reach only its own context's memory; after
 * it, every page of the client's allocations is evicted (dirty ones written
 * back), so between launches HBM holds no context's pages.
 *
 * A client's end (orderly close, EOF after kill -9, or a bad message, which
 * first gets an ERROR reply) tears its context down: its allocations are
 * dropped without write-back (UVM_OP_UNMAP: frames freed, PTEs cleared,
 * IOTINVAL), its session closed, and its device_id kept attached with an
 * empty page table for the next client of that slot. If it dies during its
 * own launch, the launch runs to its end or timeout, and nothing is copied
 * back or written back. Other clients keep running throughout.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include <uvmsoc/hostif.h>
#include <uvmsoc/kernel.h>
#include <uvmsoc/kernel_abi.h>

#include "cli.h"
#include "fault_tally.h"
#include "uvm_policy.h"
#include "uvm_session.h"
#include "uvs_broker.h"

#define MAX_CLIENTS 8u   /* sessions per process are limited (uvm_hostfault.h UVM_HOSTFAULT_MAX 16) */
#define MAX_ALLOCS 16u   /* allocations per client */
#define LAUNCH_MARGIN 10000000ull /* cycles beyond the kernel timeout before the host gives up */
#define COOKIE 0x73727600000000ull /* "srv" */

struct alloc {
    void *ptr;      /* managed allocation (device VA = daemon address) */
    uint8_t *view;  /* the client's memfd, mapped in the daemon */
    size_t bytes;   /* bytes of both (whole pages) */
};

struct client {
    int sock;       /* -1: slot free */
    unsigned id;    /* connection number, for the log */
    uint32_t did;   /* device context: slot + 1 */
    struct uvm_session *s;
    struct alloc a[MAX_ALLOCS];
    unsigned nalloc;
    uint64_t launches;
    struct fault_tally tally; /* its launches' fault accounting */
};

struct server {
    struct uvs_dev *dev;
    struct uvm_policy pol;
    struct uvs_info info;
    struct client c[MAX_CLIENTS];
    unsigned nclients, max_clients, next_id;
    uint8_t attached[MAX_CLIENTS]; /* device_id slot + 1 attached before: reuse it */
    struct uvm_session *active;    /* the session the device's fault ring points at */
    struct uvs_fw_image img;
    char loaded[UVS_BRK_NAME_MAX]; /* kernel now in the kernel region */
    uint64_t seq;
    struct fault_tally total; /* every finished context's tally */
    unsigned contexts;        /* contexts that ended */
};

static volatile sig_atomic_t stop_flag;
static void on_signal(int sig) { (void)sig; stop_flag = 1; }

static void logf_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void logf_(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("serve: ", stdout);
    vprintf(fmt, ap);
    fputc('\n', stdout);
    va_end(ap);
    fflush(stdout);
}

static int reply(struct client *c, const struct uvs_brk_msg *req, int status, uint64_t v0, uint64_t v1)
{
    struct uvs_brk_msg m;
    memset(&m, 0, sizeof m);
    m.version = UVS_BRK_VERSION;
    m.type = (uint16_t)(req->type | UVS_BRK_REPLY);
    m.seq = req->seq;
    m.status = status;
    m.val[0] = v0;
    m.val[1] = v1;
    return uvs_brk_send(c->sock, &m, -1);
}

/* ERROR with a reason; the caller then drops the client. */
static void reply_error(struct client *c, uint32_t seq, int status, const char *why)
{
    struct uvs_brk_msg m;
    memset(&m, 0, sizeof m);
    m.version = UVS_BRK_VERSION;
    m.type = UVS_BRK_ERROR;
    m.seq = seq;
    m.status = status;
    memcpy(m.name, why, strnlen(why, sizeof m.name - 1)); /* a longer reason is cut */
    (void)uvs_brk_send(c->sock, &m, -1);
}

/* Tear a client's context down: nothing of it is written back; its frames are freed. */
static void drop_client(struct server *sv, struct client *c, const char *why)
{
    size_t bytes = 0;
    unsigned n = c->nalloc;
    struct uvm_session_stats st0, st1;
    int have = c->s && uvm_session_get_stats(c->s, &st0) == 0;
    for (unsigned i = 0; i < c->nalloc; i++) {
        bytes += c->a[i].bytes;
        if (uvm_session_free(c->s, c->a[i].ptr) != 0)
            logf_("client %u: free 0x%llx: %s", c->id, (unsigned long long)(uintptr_t)c->a[i].ptr,
                  uvm_session_last_error(c->s));
        munmap(c->a[i].view, c->a[i].bytes);
    }
    have = have && uvm_session_get_stats(c->s, &st1) == 0;
    if (c->s) {
        char pre[64];
        snprintf(pre, sizeof pre, "serve: client %u (device_id %u): ", c->id, c->did);
        fault_tally_print(stdout, pre, &c->tally);
        fflush(stdout);
        fault_tally_add(&sv->total, &c->tally);
        sv->contexts++;
    }
    if (sv->active == c->s)
        sv->active = NULL;
    uvm_session_close(c->s);
    close(c->sock);
    logf_("client %u (device_id %u): %s; context torn down: %u allocations (%zu bytes) dropped without write-back, "
          "%llu launches", c->id, c->did, why, n, bytes, (unsigned long long)c->launches);
    if (have)
        logf_("client %u (device_id %u): teardown wrote back %llu pages; HBM frames free %llu of %llu", c->id,
              c->did, (unsigned long long)(st1.fw.writebacks - st0.fw.writebacks),
              (unsigned long long)st1.fw.frames_free, (unsigned long long)st1.fw.frames_total);
    memset(c, 0, sizeof *c);
    c->sock = -1;
    sv->nclients--;
}

static int do_hello(struct server *sv, struct client *c, const struct uvs_brk_msg *m)
{
    if (c->s)
        return reply(c, m, -EALREADY, c->did, 0);
    int err = uvm_session_open_ctx(sv->dev, &sv->pol, 9, c->did, sv->attached[c->did - 1] ? UVM_SESSION_F_ATTACHED : 0,
                                   &c->s);
    if (err) {
        logf_("client %u: device context %u: %s", c->id, c->did, uvm_session_last_error(c->s));
        uvm_session_close(c->s);
        c->s = NULL;
        return reply(c, m, err, 0, 0);
    }
    sv->attached[c->did - 1] = 1;
    sv->active = c->s; /* opening a session points the ring at it */
    logf_("client %u: device_id %u", c->id, c->did);
    return reply(c, m, 0, c->did, sv->info.harts ? sv->info.harts - 1 : 0);
}

static int do_alloc(struct server *sv, struct client *c, const struct uvs_brk_msg *m, int fd)
{
    (void)sv;
    uint64_t want = m->val[0];
    size_t bytes = (size_t)((want + 4095) & ~4095ull);
    struct stat st;
    if (!c->s)
        return reply(c, m, -ENOTCONN, 0, 0);
    if (fd < 0 || want == 0 || want > UVS_BRK_ALLOC_MAX)
        return reply(c, m, -EINVAL, 0, 0);
    if (c->nalloc == MAX_ALLOCS)
        return reply(c, m, -ENOSPC, 0, 0);
    if (fstat(fd, &st) != 0 || (uint64_t)st.st_size < bytes)
        return reply(c, m, -EINVAL, 0, 0); /* the memfd must cover whole pages */
    /* A client that could shrink it later would make the daemon's copies fault (SIGBUS): it must be sealed. */
    int seals = fcntl(fd, F_GET_SEALS);
    if (seals < 0 || !(seals & F_SEAL_SHRINK))
        return reply(c, m, -EPERM, 0, 0);
    void *view = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (view == MAP_FAILED)
        return reply(c, m, -errno, 0, 0);
    void *p;
    int err = uvm_session_alloc(c->s, bytes, &p);
    if (err) {
        munmap(view, bytes);
        return reply(c, m, err, 0, 0);
    }
    c->a[c->nalloc++] = (struct alloc){.ptr = p, .view = view, .bytes = bytes};
    return reply(c, m, 0, (uintptr_t)p, bytes);
}

static int do_free(struct server *sv, struct client *c, const struct uvs_brk_msg *m)
{
    (void)sv;
    for (unsigned i = 0; c->s && i < c->nalloc; i++) {
        if ((uintptr_t)c->a[i].ptr != m->val[0])
            continue;
        int err = uvm_session_free(c->s, c->a[i].ptr);
        if (err)
            return reply(c, m, err, 0, 0);
        munmap(c->a[i].view, c->a[i].bytes);
        c->a[i] = c->a[--c->nalloc];
        return reply(c, m, 0, 0, 0);
    }
    return reply(c, m, -EINVAL, 0, 0);
}

/* Is the client's end of the socket closed (it died meanwhile)? */
static int hung_up(const struct client *c)
{
    struct pollfd p = {.fd = c->sock, .events = POLLIN};
    char b;
    if (poll(&p, 1, 0) != 1)
        return 0;
    return (p.revents & (POLLHUP | POLLERR)) ||
           ((p.revents & POLLIN) && recv(c->sock, &b, 1, MSG_PEEK | MSG_DONTWAIT) == 0);
}

/* Log a finished launch of c (status, and its fault accounting since @st0: the launch and the write-back
 * after it) and add it to the client's tally; @st0 NULL: no snapshot, only the status. */
static void tally_launch(struct client *c, const struct uvm_session_stats *st0, const char *name, int status)
{
    struct uvm_session_stats st1;
    struct fault_tally t = {0};
    if (!st0 || uvm_session_get_stats(c->s, &st1) != 0) {
        logf_("client %u (device_id %u): %s: status %d", c->id, c->did, name, status);
        return;
    }
    fault_tally_delta(&t, st0, &st1);
    fault_tally_add(&c->tally, &t);
    logf_("client %u (device_id %u): %s: status %d; faults %llu, pages in %llu, evictions %llu, write-backs %llu",
          c->id, c->did, name, status, (unsigned long long)t.records, (unsigned long long)t.pages_in,
          (unsigned long long)t.evictions, (unsigned long long)t.writebacks);
    if (t.given_up)
        logf_("client %u (device_id %u): %s: " UVM_GIVE_UP_FMT, c->id, c->did, name, (unsigned long long)t.given_up,
              UVM_GIVE_UP_FAILS);
}

static int do_launch(struct server *sv, struct client *c, const struct uvs_brk_msg *m)
{
    struct uvs_hostq_cmd cmd;
    struct uvs_hostq_evt ev;
    struct uvs_kernel_args ka;
    int err;
    if (!c->s)
        return reply(c, m, -ENOTCONN, 0, 0);
    if (m->timeout_cycles > UVS_KERNEL_TIMEOUT_DEFAULT)
        return reply(c, m, -EINVAL, 0, 0); /* one client must not hold the device longer than that */
    if (strcmp(sv->loaded, m->name) != 0) {
        uvs_fw_image_free(&sv->img);
        sv->loaded[0] = 0;
        if (cli_load_kernel(sv->dev, m->name, &sv->img) != CLI_OK)
            return reply(c, m, -ENOENT, 0, 0);
        snprintf(sv->loaded, sizeof sv->loaded, "%s", m->name);
    }
    memset(&ka, 0, sizeof ka);
    ka.magic = UVS_KARGS_MAGIC;
    ka.nargs = m->nargs;
    memcpy(ka.arg, m->arg, sizeof ka.arg);
    struct uvs_launch l = {.entry = sv->img.entry, .args = UVS_KERNEL_DATA_BASE, .grid_dim = m->grid_dim,
                           .block_dim = m->block_dim, .timeout_cycles = m->timeout_cycles, .did = c->did};
    if ((err = uvs_launch_cmd(&l, COOKIE | ++sv->seq, &cmd)))
        return reply(c, m, err, 0, 0);
    if ((err = uvs_dma_write(sv->dev, UVS_KERNEL_DATA_BASE, &ka, sizeof ka, NULL)))
        return reply(c, m, err, 0, 0);
    /* The client's bytes in: a host write to managed memory (pages the device holds migrate back first). */
    for (unsigned i = 0; i < c->nalloc; i++)
        memcpy(c->a[i].ptr, c->a[i].view, c->a[i].bytes);
    if (sv->active != c->s) {
        if ((err = uvm_session_activate(c->s)))
            return reply(c, m, err, 0, 0);
        sv->active = c->s;
    }
    for (unsigned i = 0; i < c->nalloc; i++)
        (void)uvm_session_pin(c->s, c->a[i].ptr);
    struct uvm_session_stats st0;
    int have = uvm_session_get_stats(c->s, &st0) == 0;
    err = uvm_session_launch(c->s, &cmd, &ev,
                             (m->timeout_cycles ? m->timeout_cycles : UVS_KERNEL_TIMEOUT_DEFAULT) + LAUNCH_MARGIN);
    for (unsigned i = 0; i < c->nalloc; i++)
        (void)uvm_session_unpin(c->s, c->a[i].ptr);
    c->launches++;
    if (err) {
        logf_("client %u: launch: %s", c->id, uvm_session_last_error(c->s));
        tally_launch(c, have ? &st0 : NULL, m->name, err);
        return reply(c, m, err, 0, 0);
    }
    if (hung_up(c)) {
        tally_launch(c, have ? &st0 : NULL, m->name, ev.status);
        return -ECONNABORTED; /* died meanwhile: nothing is written back or copied out */
    }
    /* Every page back to host memory (dirty ones written back), then out to the client. */
    for (unsigned i = 0; i < c->nalloc && !err; i++) {
        if (!(err = uvm_session_sync(c->s, c->a[i].ptr, NULL)))
            memcpy(c->a[i].view, c->a[i].ptr, c->a[i].bytes);
    }
    tally_launch(c, have ? &st0 : NULL, m->name, err ? err : ev.status);
    if (err)
        return reply(c, m, err, 0, 0);
    return reply(c, m, ev.status, ev.value, ev.addr);
}

/* One message from client c; a negative return drops the client. */
static int serve_one(struct server *sv, struct client *c)
{
    struct uvs_brk_msg m;
    char why[160];
    int fd = -1;
    int n = uvs_brk_recv(c->sock, &m, &fd, why, sizeof why);
    if (n == 0) {
        drop_client(sv, c, "connection closed");
        return -1;
    }
    if (n < 0) {
        char line[200];
        snprintf(line, sizeof line, "bad message: %s", why);
        logf_("client %u: %s (%s)", c->id, line, strerror(-n));
        reply_error(c, 0, n, line);
        drop_client(sv, c, "bad message");
        return -1;
    }
    int err;
    switch (m.type) {
    case UVS_BRK_HELLO: err = do_hello(sv, c, &m); break;
    case UVS_BRK_ALLOC: err = do_alloc(sv, c, &m, fd); break;
    case UVS_BRK_FREE: err = do_free(sv, c, &m); break;
    case UVS_BRK_LAUNCH: err = do_launch(sv, c, &m); break;
    default: {
        char line[96];
        snprintf(line, sizeof line, "not a request: %s (type %u)", uvs_brk_type_name(m.type), m.type);
        logf_("client %u: %s", c->id, line);
        reply_error(c, m.seq, -EOPNOTSUPP, line);
        err = -EOPNOTSUPP;
    }
    }
    if (fd >= 0)
        close(fd); /* mapped by do_alloc if needed */
    if (err) {
        drop_client(sv, c, err == -ECONNABORTED ? "connection lost during its launch"
                            : err == -EOPNOTSUPP ? "bad message" : "connection lost");
        return -1;
    }
    return 0;
}

static int listen_on(const char *path)
{
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof a.sun_path) {
        fprintf(stderr, "uvmsoc serve: socket path too long (%zu bytes, at most %zu)\n", strlen(path),
                sizeof a.sun_path - 1);
        return -1;
    }
    strcpy(a.sun_path, path);
    int s = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    if (s < 0 || bind(s, (struct sockaddr *)&a, sizeof a) != 0 || listen(s, 16) != 0) {
        fprintf(stderr, "uvmsoc serve: listen on %s: %s\n", path, strerror(errno));
        if (s >= 0)
            close(s);
        return -1;
    }
    return s;
}

static void accept_one(struct server *sv, int ls)
{
    int s = accept4(ls, NULL, NULL, SOCK_CLOEXEC);
    if (s < 0)
        return;
    unsigned id = ++sv->next_id;
    for (unsigned i = 0; i < sv->max_clients; i++) {
        if (sv->c[i].sock >= 0)
            continue;
        /* A client that stops reading its replies must not block the daemon: sends time out, it is dropped. */
        struct timeval tv = {.tv_sec = 5};
        (void)setsockopt(s, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        sv->c[i] = (struct client){.sock = s, .id = id, .did = i + 1};
        sv->nclients++;
        logf_("client %u: connected (slot %u)", id, i);
        return;
    }
    struct client tmp = {.sock = s, .id = id};
    reply_error(&tmp, 0, -EBUSY, "no free device context (all --max-clients in use)");
    logf_("client %u: refused (all %u device contexts in use)", id, sv->max_clients);
    close(s);
}

const char cli_serve_help[] =
    "usage: uvmsoc [GLOBAL OPTIONS] serve --listen PATH [--max-clients N] [--policy P] [--firmware ELF]\n"
    "Owns the device (starts the simulator unless the global --socket or $UVMSOC_SOCKET names one),\n"
    "boots the firmware in M mode and serves client processes (uvmsoc client) on the Unix SOCK_SEQPACKET\n"
    "socket PATH: each gets its own device context (device_id), page tables, fault ring and memory; a client's\n"
    "end (also kill -9) tears its context down without writing anything back. Runs until SIGTERM or SIGINT.\n"
    "--max-clients: 1..8 at once (default 8). --policy: the migration policy of every context (as `run\n"
    "--policy`, docs/policies.md; default " UVM_POLICY_DEFAULT_NAME ").\n"
    "Logs each launch (status, faults, pages in, evictions, write-backs), each context's fault accounting when\n"
    "it ends, and the sum over all contexts when the daemon stops (\"serve: totals: ...\").\n";

int cli_serve(const struct cli_global *gl, int argc, char **argv)
{
    static const struct option opts[] = {
        {"listen", required_argument, NULL, 's'}, {"max-clients", required_argument, NULL, 'm'},
        {"firmware", required_argument, NULL, 'f'}, {"policy", required_argument, NULL, 'p'},
        {NULL, 0, NULL, 0},
    };
    const char *path = NULL, *fw = NULL, *policy = UVM_POLICY_DEFAULT_NAME;
    uint64_t maxc = MAX_CLIENTS;
    int o;
    optind = 0;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        if (o == 's') path = optarg;
        else if (o == 'f') fw = optarg;
        else if (o == 'p') policy = optarg;
        else if (o == 'm') { if (cli_parse_u64("--max-clients", optarg, &maxc)) return CLI_USAGE; }
        else return CLI_USAGE;
    }
    if (optind != argc || !path || maxc < 1 || maxc > MAX_CLIENTS) {
        fprintf(stderr, "uvmsoc serve: need --listen PATH and --max-clients 1..%u\n", MAX_CLIENTS);
        return CLI_USAGE;
    }
    struct uvm_policy pol;
    if (uvm_policy_by_name(policy, &pol) != 0) {
        fprintf(stderr, "uvmsoc serve: unknown --policy '%s' (docs/policies.md)\n", policy);
        return CLI_USAGE;
    }
    struct cli_global local = *gl;
    /* The device: ours (spawned), or the one at --socket / $UVMSOC_SOCKET (as `uvmsoc run`). */
    if (cli_spawn_own_sim(&local) != CLI_OK)
        return CLI_FAIL;
    static struct server sv; /* large: kept off the stack */
    memset(&sv, 0, sizeof sv);
    sv.max_clients = (unsigned)maxc;
    for (unsigned i = 0; i < MAX_CLIENTS; i++)
        sv.c[i].sock = -1;
    int rc = CLI_FAIL, err, ls = -1;
    uint64_t timeout = local.open.timeout_cycles ? local.open.timeout_cycles : UVS_DEFAULT_TIMEOUT_CYCLES;
    if (!(sv.dev = cli_open(&local)))
        return CLI_FAIL;
    if ((err = uvs_info(sv.dev, &sv.info))) {
        cli_error("info", err);
        goto out;
    }
    if (cli_boot_plain(sv.dev, fw, timeout) != CLI_OK)
        goto out;
    sv.pol = pol;
    sv.pol.hbm_bytes = sv.info.hbm_size;
    /* As `uvmsoc run` does by default: thrashing times and host costs (uvm_fault.h) at the device clock. */
    if (sv.info.clock_khz)
        (void)uvm_policy_set_clock(&sv.pol, sv.info.clock_khz);
    sv.pol.host_cost_batch = uvm_host_cost_cycles(UVM_HOST_COST_BATCH_NS, sv.info.clock_khz);
    sv.pol.host_cost_page = uvm_host_cost_cycles(UVM_HOST_COST_PAGE_NS, sv.info.clock_khz);
    sv.pol.host_cost_block = uvm_host_cost_cycles(UVM_HOST_COST_BLOCK_NS, sv.info.clock_khz);
    if ((ls = listen_on(path)) < 0)
        goto out;
    struct sigaction sa = {.sa_handler = on_signal};
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    logf_("listening on %s (%u compute harts, %llu KiB HBM, at most %u clients, policy %s)", path,
          sv.info.harts ? sv.info.harts - 1 : 0, (unsigned long long)(sv.info.hbm_size >> 10), sv.max_clients,
          policy);
    while (!stop_flag) {
        struct pollfd p[MAX_CLIENTS + 1];
        unsigned who[MAX_CLIENTS + 1], n = 0;
        p[n++] = (struct pollfd){.fd = ls, .events = POLLIN};
        for (unsigned i = 0; i < MAX_CLIENTS; i++) {
            if (sv.c[i].sock < 0)
                continue;
            who[n] = i;
            p[n++] = (struct pollfd){.fd = sv.c[i].sock, .events = POLLIN};
        }
        int r = poll(p, n, 500);
        if (r < 0 && errno != EINTR) {
            fprintf(stderr, "uvmsoc serve: poll: %s\n", strerror(errno));
            break;
        }
        for (unsigned k = 1; r > 0 && k < n; k++)
            if (p[k].revents && sv.c[who[k]].sock >= 0)
                (void)serve_one(&sv, &sv.c[who[k]]);
        if (r > 0 && (p[0].revents & POLLIN))
            accept_one(&sv, ls);
    }
    logf_("stopping: %u clients", sv.nclients);
    for (unsigned i = 0; i < MAX_CLIENTS; i++)
        if (sv.c[i].sock >= 0)
            drop_client(&sv, &sv.c[i], "daemon stopping");
    char pre[64];
    snprintf(pre, sizeof pre, "serve: totals: %u contexts, ", sv.contexts);
    fault_tally_print(stdout, pre, &sv.total);
    fflush(stdout);
    rc = CLI_OK;
out:
    if (ls >= 0) {
        close(ls);
        unlink(path);
    }
    uvs_fw_image_free(&sv.img);
    uvs_close(sv.dev);
    return rc;
}

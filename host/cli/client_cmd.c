/*
 * uvmsoc client: a client process of the device broker (uvmsoc serve;
 * protocol include/lib/uvs_broker.h). It gets a device context, a buffer of
 * its own memory (a memfd the daemon maps), and runs the writing kernel
 * pattern (or, --tile, its tile variant pattern_tile) over it --iterations
 * times with seeds of its own, checking every byte after each launch. --target-va aims one launch at another context's
 * memory instead (it must abort in this client's own launch); --hold-file /
 * --release-file pause it between launches (for tests that act on other
 * clients meanwhile); --bad sends one malformed message and expects the
 * daemon's ERROR reply and the end of the connection.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <uvmsoc/hostif.h>
#include <uvmsoc/kernel.h>

#include "cli.h"
#include "uvs_broker.h"
#include <lib/uvs_pattern.h>

struct cl {
    const char *kernel; /* "pattern" or its tile variant "pattern_tile" */
    int sock;
    uint32_t seq, did;
    uint8_t *view;
    uint64_t va, bytes;
};

static int connect_to(const char *path)
{
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof a.sun_path)
        return -ENAMETOOLONG;
    strcpy(a.sun_path, path);
    int s = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    if (s < 0)
        return -errno;
    if (connect(s, (struct sockaddr *)&a, sizeof a) != 0) {
        int e = -errno;
        close(s);
        return e;
    }
    return s;
}

/* Send m (type set by the caller), wait for its reply into *r. 0, or a negative errno / ERROR status. */
static int call(struct cl *c, struct uvs_brk_msg *m, int fd, struct uvs_brk_msg *r)
{
    char why[160];
    m->version = UVS_BRK_VERSION;
    m->seq = ++c->seq;
    int err = uvs_brk_send(c->sock, m, fd);
    if (err) {
        fprintf(stderr, "uvmsoc client: send %s: %s\n", uvs_brk_type_name(m->type), strerror(-err));
        return err;
    }
    int n = uvs_brk_recv(c->sock, r, NULL, why, sizeof why);
    if (n <= 0) {
        fprintf(stderr, "uvmsoc client: %s: %s\n", uvs_brk_type_name(m->type),
                n == 0 ? "the daemon closed the connection" : why);
        return n == 0 ? -ECONNRESET : n;
    }
    if (r->type == UVS_BRK_ERROR) {
        fprintf(stderr, "uvmsoc client: the daemon refused %s: %s (%s)\n", uvs_brk_type_name(m->type), r->name,
                strerror(-r->status));
        return r->status ? r->status : -EPROTO;
    }
    if (r->type != (m->type | UVS_BRK_REPLY) || r->seq != m->seq) {
        fprintf(stderr, "uvmsoc client: %s: unexpected reply %s seq %u\n", uvs_brk_type_name(m->type),
                uvs_brk_type_name(r->type), r->seq);
        return -EPROTO;
    }
    return 0;
}

static int launch(struct cl *c, uint64_t va, uint64_t seed, struct uvs_brk_msg *r)
{
    struct uvs_brk_msg m;
    memset(&m, 0, sizeof m);
    m.type = UVS_BRK_LAUNCH;
    snprintf(m.name, sizeof m.name, "%s", c->kernel);
    m.nargs = 3;
    m.arg[0] = va;
    m.arg[1] = c->bytes;
    m.arg[2] = seed;
    return call(c, &m, -1, r);
}

static int check(const struct cl *c, uint64_t seed, const char *when)
{
    for (uint64_t i = 0; i < c->bytes; i++) {
        if (c->view[i] != pattern_byte(seed, i)) {
            printf("client %u: %s: MISMATCH at byte %llu: expected 0x%02x, got 0x%02x\n", c->did, when,
                   (unsigned long long)i, pattern_byte(seed, i), c->view[i]);
            return CLI_FAIL;
        }
    }
    printf("client %u: %s: %llu bytes checked -> MATCH\n", c->did, when, (unsigned long long)c->bytes);
    fflush(stdout);
    return CLI_OK;
}

static int iteration(struct cl *c, uint64_t seed, unsigned i)
{
    struct uvs_brk_msg r;
    char when[48];
    memset(c->view, 0, c->bytes);
    if (launch(c, c->va, seed, &r))
        return CLI_FAIL;
    snprintf(when, sizeof when, "iteration %u", i);
    if (r.status) {
        printf("client %u: %s: launch failed (status %d, addr 0x%llx)\n", c->did, when, r.status,
               (unsigned long long)r.val[1]);
        return CLI_FAIL;
    }
    return check(c, seed, when);
}

/* Launch over another context's VA: must fail in this launch with an access fault inside [va, va + bytes). */
static int intrude(struct cl *c, uint64_t va)
{
    struct uvs_brk_msg r;
    if (launch(c, va, 0xbad, &r))
        return CLI_FAIL;
    uint32_t cause = (uint32_t)(r.val[0] & 0xffffffffu); /* kernel.def LAUNCH_VAL CODE */
    int ok = r.status == -(int)UVS_HOSTQ_ERR_EFAULT && (cause == 5 || cause == 7) && r.val[1] >= va &&
             r.val[1] < va + c->bytes;
    printf("client %u: launch over VA 0x%llx (not ours): status %d, cause %u, VA 0x%llx -> %s\n", c->did,
           (unsigned long long)va, r.status, cause, (unsigned long long)r.val[1],
           ok ? "FAULT IN ITS OWN CONTEXT" : "NOT ISOLATED");
    return ok ? CLI_OK : CLI_FAIL;
}

/*
 * Well-formed requests the daemon must refuse with a status (the connection
 * stays): "unsealed" = ALLOC with a memfd that could still shrink (-EPERM),
 * "timeout" = LAUNCH with a timeout above the firmware's default (-EINVAL).
 */
static int refused_request(struct cl *c, const char *kind)
{
    struct uvs_brk_msg m, r;
    int want, fd = -1;
    memset(&m, 0, sizeof m);
    m.type = UVS_BRK_HELLO;
    if (call(c, &m, -1, &r) || r.status)
        return CLI_FAIL;
    memset(&m, 0, sizeof m);
    if (strcmp(kind, "unsealed") == 0) {
        fd = memfd_create("uvmsoc-client", MFD_CLOEXEC);
        if (fd < 0 || ftruncate(fd, 4096) != 0) {
            perror("uvmsoc client: memfd");
            return CLI_FAIL;
        }
        m.type = UVS_BRK_ALLOC;
        m.val[0] = 4096;
        want = -EPERM;
    } else {
        m.type = UVS_BRK_LAUNCH;
        snprintf(m.name, sizeof m.name, "pattern");
        m.timeout_cycles = UVS_KERNEL_TIMEOUT_DEFAULT + 1;
        want = -EINVAL;
    }
    int err = call(c, &m, fd, &r);
    if (fd >= 0)
        close(fd);
    if (err)
        return CLI_FAIL;
    int refused = r.status == want;
    printf("client: --bad %s: %s %s: %s\n", kind, uvs_brk_type_name(m.type), refused ? "refused" : "NOT refused",
           strerror(-r.status));
    /* the connection is still served */
    memset(&m, 0, sizeof m);
    m.type = UVS_BRK_FREE;
    m.val[0] = 1;
    err = call(c, &m, -1, &r);
    printf("client: --bad %s: connection %s\n", kind, err ? "closed" : "still served");
    return refused && r.status == -EINVAL && !err ? CLI_OK : CLI_FAIL; /* FREE of a VA never allocated */
}

/* Malformed input: one bad message, then the daemon's ERROR and the end of the connection. */
static int bad_message(struct cl *c, const char *kind)
{
    if (strcmp(kind, "unsealed") == 0 || strcmp(kind, "timeout") == 0)
        return refused_request(c, kind);
    uint8_t b[UVS_BRK_MSG_SIZE + 8];
    struct uvs_brk_msg m;
    size_t len = UVS_BRK_MSG_SIZE;
    memset(&m, 0, sizeof m);
    m.version = UVS_BRK_VERSION;
    m.type = UVS_BRK_HELLO;
    m.seq = 1;
    (void)uvs_brk_encode(&m, b);
    if (strcmp(kind, "short") == 0)
        len = 10;
    else if (strcmp(kind, "long") == 0)
        len = sizeof b;
    else if (strcmp(kind, "magic") == 0)
        b[0] ^= 0xff;
    else if (strcmp(kind, "version") == 0)
        b[4] = 9;
    else if (strcmp(kind, "type") == 0)
        b[6] = 0x42;
    else if (strcmp(kind, "nargs") == 0)
        b[24] = 15;
    else if (strcmp(kind, "name") == 0)
        memset(b + 176, 'x', UVS_BRK_NAME_MAX);
    else if (strcmp(kind, "reply") == 0)
        b[6] = UVS_BRK_HELLO | UVS_BRK_REPLY; /* well formed, but not a request */
    else {
        fprintf(stderr, "uvmsoc client: --bad %s: short, long, magic, version, type, nargs, name, reply, unsealed or "
                "timeout\n", kind);
        return CLI_USAGE;
    }
    if (send(c->sock, b, len, MSG_NOSIGNAL) != (ssize_t)len) {
        perror("uvmsoc client: send");
        return CLI_FAIL;
    }
    char why[160];
    struct uvs_brk_msg r;
    int n = uvs_brk_recv(c->sock, &r, NULL, why, sizeof why);
    if (n != 1 || r.type != UVS_BRK_ERROR) {
        printf("client: --bad %s: no ERROR reply (%d)\n", kind, n);
        return CLI_FAIL;
    }
    printf("client: --bad %s: daemon answered ERROR (%s): %s\n", kind, strerror(-r.status), r.name);
    n = uvs_brk_recv(c->sock, &r, NULL, why, sizeof why);
    printf("client: --bad %s: connection %s\n", kind, n == 0 ? "closed by the daemon" : "still open");
    return n == 0 ? CLI_OK : CLI_FAIL;
}

static int wait_file(const char *path, unsigned seconds)
{
    for (unsigned i = 0; i < seconds * 20; i++) {
        if (access(path, F_OK) == 0)
            return 0;
        nanosleep(&(struct timespec){.tv_nsec = 50000000}, NULL);
    }
    return -ETIMEDOUT;
}

const char cli_client_help[] =
    "usage: uvmsoc client --daemon PATH [--size BYTES] [--iterations N] [--seed S] [--target-va VA]\n"
    "                     [--hold-file F --release-file G] [--bad KIND] [--tile]\n"
    "Connects to a daemon (uvmsoc serve), gets a device context and --size bytes (default 16K) of its own\n"
    "memory, and runs the kernel pattern over it --iterations times (default 2; seed S + iteration + 2^32 x\n"
    "device_id), checking every byte; --tile: its tile variant pattern_tile (the tile engines write the\n"
    "memory from the scratchpads). --target-va VA: one launch over another context's VA, which must abort\n"
    "with an access fault in this client's launch. --hold-file F: after the first iteration, write our VA\n"
    "to F and wait (at most 600 s) until G exists, check our bytes again, then go on. --bad KIND: send one\n"
    "malformed message (short, long, magic, version, type, nargs, name, reply) and expect ERROR and EOF, or a\n"
    "refused request (unsealed: ALLOC with a memfd that can shrink; timeout: LAUNCH above the default).\n";

int cli_client(const struct cli_global *g, int argc, char **argv)
{
    static const struct option opts[] = {
        {"daemon", required_argument, NULL, 's'}, {"size", required_argument, NULL, 'z'},
        {"iterations", required_argument, NULL, 'i'}, {"seed", required_argument, NULL, 'e'},
        {"target-va", required_argument, NULL, 't'}, {"hold-file", required_argument, NULL, 'h'},
        {"release-file", required_argument, NULL, 'r'}, {"bad", required_argument, NULL, 'b'},
        {"tile", no_argument, NULL, 'T'}, {NULL, 0, NULL, 0},
    };
    const char *path = NULL, *hold = NULL, *release = NULL, *bad = NULL;
    uint64_t size = 16384, iters = 2, seed = 1, target = 0;
    int o, have_target = 0, tile = 0;
    (void)g;
    optind = 0;
    while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        int e = 0;
        switch (o) {
        case 's': path = optarg; break;
        case 'z': e = cli_parse_u64("--size", optarg, &size); break;
        case 'i': e = cli_parse_u64("--iterations", optarg, &iters); break;
        case 'e': e = cli_parse_u64("--seed", optarg, &seed); break;
        case 't': e = cli_parse_u64("--target-va", optarg, &target); have_target = 1; break;
        case 'h': hold = optarg; break;
        case 'r': release = optarg; break;
        case 'b': bad = optarg; break;
        case 'T': tile = 1; break;
        default: return CLI_USAGE;
        }
        if (e)
            return CLI_USAGE;
    }
    if (optind != argc || !path || size == 0 || size > UVS_BRK_ALLOC_MAX || (size & 7) || !hold != !release) {
        fprintf(stderr, "uvmsoc client: need --daemon PATH (the socket of uvmsoc serve), a --size of 8..%llu bytes (a multiple of 8), and "
                "--hold-file with --release-file\n", (unsigned long long)UVS_BRK_ALLOC_MAX);
        return CLI_USAGE;
    }
    struct cl c = {.bytes = size, .kernel = tile ? "pattern_tile" : "pattern"};
    int rc = CLI_FAIL, fd = -1;
    c.sock = connect_to(path);
    if (c.sock < 0) {
        fprintf(stderr, "uvmsoc client: connect to %s: %s\n", path, strerror(-c.sock));
        return CLI_FAIL;
    }
    if (bad) {
        rc = bad_message(&c, bad);
        close(c.sock);
        return rc;
    }
    struct uvs_brk_msg m, r;
    memset(&m, 0, sizeof m);
    m.type = UVS_BRK_HELLO;
    if (call(&c, &m, -1, &r) || r.status) {
        fprintf(stderr, "uvmsoc client: no device context (%s)\n", strerror(-r.status));
        goto out;
    }
    c.did = (uint32_t)r.val[0];
    size_t map = (size_t)((size + 4095) & ~4095ull);
    fd = memfd_create("uvmsoc-client", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0 || ftruncate(fd, (off_t)map) != 0 || fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_SEAL) != 0 ||
        (c.view = mmap(NULL, map, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED) {
        perror("uvmsoc client: memfd");
        c.view = NULL;
        goto out;
    }
    memset(&m, 0, sizeof m);
    m.type = UVS_BRK_ALLOC;
    m.val[0] = size;
    if (call(&c, &m, fd, &r) || r.status) {
        fprintf(stderr, "uvmsoc client: alloc: %s\n", strerror(-r.status));
        goto out;
    }
    c.va = r.val[0];
    printf("client %u: device context %u, %llu bytes at device VA 0x%llx\n", c.did, c.did,
           (unsigned long long)size, (unsigned long long)c.va);
    fflush(stdout);
    if (have_target) {
        rc = intrude(&c, target);
        goto out;
    }
    for (uint64_t i = 0; i < iters; i++) {
        uint64_t s = seed + i + ((uint64_t)c.did << 32);
        if (iteration(&c, s, (unsigned)i) != CLI_OK)
            goto out;
        if (i == 0 && hold) {
            char tmp[4096];
            snprintf(tmp, sizeof tmp, "%s.tmp", hold);
            FILE *f = fopen(tmp, "w");
            if (!f || fprintf(f, "0x%llx\n", (unsigned long long)c.va) < 0 || fclose(f) != 0 || rename(tmp, hold)) {
                perror("uvmsoc client: --hold-file");
                goto out;
            }
            if (wait_file(release, 600)) {
                fprintf(stderr, "uvmsoc client: %s did not appear in 600 s\n", release);
                goto out;
            }
            if (check(&c, s, "after the hold") != CLI_OK)
                goto out;
        }
    }
    printf("client %u: %llu iterations -> PASS\n", c.did, (unsigned long long)iters);
    rc = CLI_OK;
out:
    if (c.view)
        munmap(c.view, (size_t)((size + 4095) & ~4095ull));
    if (fd >= 0)
        close(fd);
    close(c.sock);
    return rc;
}

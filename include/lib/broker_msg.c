/*
 * Device broker message codec (uvs_broker.h): explicit little-endian layout
 * of the 320-byte messages, full validation, and sending/receiving them
 * with an optional file descriptor on a SOCK_SEQPACKET socket. libc only.
 *
 * Layout (byte offsets): 0 magic, 4 version, 6 type, 8 seq, 12 status,
 * 16 grid_dim, 20 block_dim, 24 nargs, 28 reserved (0), 32 timeout_cycles,
 * 40 val[3], 64 arg[14], 176 name[128], 304..319 reserved (0).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "uvs_broker.h"

enum {
    OFF_MAGIC = 0, OFF_VERSION = 4, OFF_TYPE = 6, OFF_SEQ = 8, OFF_STATUS = 12, OFF_GRID = 16, OFF_BLOCK = 20,
    OFF_NARGS = 24, OFF_RSVD0 = 28, OFF_TIMEOUT = 32, OFF_VAL = 40, OFF_ARG = 64, OFF_NAME = 176, OFF_RSVD1 = 304,
};
_Static_assert(OFF_ARG + 8 * UVS_BRK_ARGS == OFF_NAME, "arg[] ends where name starts");
_Static_assert(OFF_NAME + UVS_BRK_NAME_MAX == OFF_RSVD1, "name ends where the reserved tail starts");
_Static_assert(OFF_RSVD1 + 16 == UVS_BRK_MSG_SIZE, "fixed message size");
_Static_assert(OFF_VAL + 8 * 3 == OFF_ARG, "val[] ends where arg[] starts");

static void put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v) { put16(p, (uint16_t)v); put16(p + 2, (uint16_t)(v >> 16)); }
static void put64(uint8_t *p, uint64_t v) { put32(p, (uint32_t)v); put32(p + 4, (uint32_t)(v >> 32)); }
static uint16_t get16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }
static uint32_t get32(const uint8_t *p) { return get16(p) | ((uint32_t)get16(p + 2) << 16); }
static uint64_t get64(const uint8_t *p) { return get32(p) | ((uint64_t)get32(p + 4) << 32); }

const char *uvs_brk_type_name(unsigned type)
{
    switch (type & ~UVS_BRK_REPLY) {
    case UVS_BRK_HELLO: return "HELLO";
    case UVS_BRK_ALLOC: return "ALLOC";
    case UVS_BRK_FREE: return "FREE";
    case UVS_BRK_LAUNCH: return "LAUNCH";
    case UVS_BRK_ERROR: return "ERROR";
    default: return "unknown";
    }
}

static int bad(int err, char *why, size_t whylen, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int bad(int err, char *why, size_t whylen, const char *fmt, ...)
{
    if (why && whylen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, whylen, fmt, ap);
        va_end(ap);
    }
    return err;
}

int uvs_brk_encode(const struct uvs_brk_msg *m, uint8_t out[UVS_BRK_MSG_SIZE])
{
    if (!m || !out || m->nargs > UVS_BRK_ARGS || !memchr(m->name, 0, sizeof m->name))
        return -EINVAL;
    memset(out, 0, UVS_BRK_MSG_SIZE);
    put32(out + OFF_MAGIC, UVS_BRK_MAGIC);
    put16(out + OFF_VERSION, m->version);
    put16(out + OFF_TYPE, m->type);
    put32(out + OFF_SEQ, m->seq);
    put32(out + OFF_STATUS, (uint32_t)m->status);
    put32(out + OFF_GRID, m->grid_dim);
    put32(out + OFF_BLOCK, m->block_dim);
    put32(out + OFF_NARGS, m->nargs);
    put64(out + OFF_TIMEOUT, m->timeout_cycles);
    for (unsigned i = 0; i < 3; i++)
        put64(out + OFF_VAL + 8 * i, m->val[i]);
    for (unsigned i = 0; i < UVS_BRK_ARGS; i++)
        put64(out + OFF_ARG + 8 * i, m->arg[i]);
    memcpy(out + OFF_NAME, m->name, UVS_BRK_NAME_MAX);
    return 0;
}

static int known_type(unsigned t)
{
    unsigned base = t & ~UVS_BRK_REPLY;
    if (base == UVS_BRK_ERROR)
        return t == UVS_BRK_ERROR; /* never a "reply to an error" */
    return base >= UVS_BRK_HELLO && base <= UVS_BRK_LAUNCH;
}

int uvs_brk_decode(const uint8_t *in, size_t len, struct uvs_brk_msg *m, char *why, size_t whylen)
{
    if (!in || !m)
        return bad(-EINVAL, why, whylen, "no message");
    if (len != UVS_BRK_MSG_SIZE)
        return bad(-EBADMSG, why, whylen, "%s message: %zu bytes, every message is %u", len < UVS_BRK_MSG_SIZE ?
                   "short" : "long", len, UVS_BRK_MSG_SIZE);
    if (get32(in + OFF_MAGIC) != UVS_BRK_MAGIC)
        return bad(-EPROTO, why, whylen, "bad magic 0x%08x (expected 0x%08x)", get32(in + OFF_MAGIC), UVS_BRK_MAGIC);
    memset(m, 0, sizeof *m);
    m->version = get16(in + OFF_VERSION);
    m->type = get16(in + OFF_TYPE);
    if (m->version != UVS_BRK_VERSION)
        return bad(-EPROTONOSUPPORT, why, whylen, "protocol version %u (this side speaks %u)", m->version,
                   UVS_BRK_VERSION);
    if (!known_type(m->type))
        return bad(-EOPNOTSUPP, why, whylen, "unknown command %u", m->type);
    if (get32(in + OFF_RSVD0) != 0)
        return bad(-EBADMSG, why, whylen, "reserved bytes 28..31 are not zero");
    for (unsigned i = OFF_RSVD1; i < UVS_BRK_MSG_SIZE; i++)
        if (in[i] != 0)
            return bad(-EBADMSG, why, whylen, "reserved byte %u is not zero", i);
    m->seq = get32(in + OFF_SEQ);
    m->status = (int32_t)get32(in + OFF_STATUS);
    m->grid_dim = get32(in + OFF_GRID);
    m->block_dim = get32(in + OFF_BLOCK);
    m->nargs = get32(in + OFF_NARGS);
    if (m->nargs > UVS_BRK_ARGS)
        return bad(-EINVAL, why, whylen, "%u launch arguments (at most %u)", m->nargs, UVS_BRK_ARGS);
    m->timeout_cycles = get64(in + OFF_TIMEOUT);
    for (unsigned i = 0; i < 3; i++)
        m->val[i] = get64(in + OFF_VAL + 8 * i);
    for (unsigned i = 0; i < UVS_BRK_ARGS; i++)
        m->arg[i] = get64(in + OFF_ARG + 8 * i);
    memcpy(m->name, in + OFF_NAME, UVS_BRK_NAME_MAX);
    if (!memchr(m->name, 0, sizeof m->name))
        return bad(-EBADMSG, why, whylen, "name is not NUL-terminated within %u bytes", UVS_BRK_NAME_MAX);
    return 0;
}

int uvs_brk_send(int sock, const struct uvs_brk_msg *m, int fd)
{
    uint8_t buf[UVS_BRK_MSG_SIZE];
    union {
        char buf[CMSG_SPACE(sizeof(int))];
        struct cmsghdr align;
    } ctl;
    int err = uvs_brk_encode(m, buf);
    if (err)
        return err;
    struct iovec iov = {.iov_base = buf, .iov_len = sizeof buf};
    struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1};
    if (fd >= 0) {
        memset(&ctl, 0, sizeof ctl);
        mh.msg_control = ctl.buf;
        mh.msg_controllen = sizeof ctl.buf;
        struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(c), &fd, sizeof fd);
    }
    ssize_t n;
    do
        n = sendmsg(sock, &mh, MSG_NOSIGNAL);
    while (n < 0 && errno == EINTR);
    if (n < 0)
        return -errno;
    return n == (ssize_t)sizeof buf ? 0 : -EIO;
}

int uvs_brk_recv(int sock, struct uvs_brk_msg *m, int *fd, char *why, size_t whylen)
{
    uint8_t buf[UVS_BRK_MSG_SIZE + 1]; /* one more: a long message shows as truncated */
    union {
        char buf[CMSG_SPACE(4 * sizeof(int))];
        struct cmsghdr align;
    } ctl;
    struct iovec iov = {.iov_base = buf, .iov_len = sizeof buf};
    struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.buf, .msg_controllen = sizeof ctl.buf};
    int got_fd = -1;
    if (fd)
        *fd = -1;
    ssize_t n;
    do
        n = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC);
    while (n < 0 && errno == EINTR);
    if (n < 0)
        return bad(-errno, why, whylen, "receive: %s", strerror(errno));
    /* Descriptors first, so that none leaks whatever the message is. */
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
            continue;
        size_t k = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < k; i++) {
            int d;
            memcpy(&d, CMSG_DATA(c) + i * sizeof(int), sizeof d);
            if (got_fd < 0)
                got_fd = d;
            else
                close(d); /* one descriptor per message */
        }
    }
    if (n == 0 && got_fd < 0)
        return 0;
    int err = 0;
    if (mh.msg_flags & MSG_CTRUNC)
        err = bad(-EMSGSIZE, why, whylen, "too many file descriptors with one message");
    else if ((mh.msg_flags & MSG_TRUNC) || n > (ssize_t)UVS_BRK_MSG_SIZE)
        err = bad(-EBADMSG, why, whylen, "long message: more than %u bytes", UVS_BRK_MSG_SIZE);
    else
        err = uvs_brk_decode(buf, (size_t)n, m, why, whylen);
    if (err || !fd) {
        if (got_fd >= 0)
            close(got_fd);
        return err ? err : 1;
    }
    *fd = got_fd;
    return 1;
}

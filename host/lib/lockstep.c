/*
 * The lockstep client of the co-simulation protocol, shared by the cosim and
 * ivshmem backends (see lockstep.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <uvmsoc/hostif.h>

#include "internal.h"
#include "lockstep.h"

void uvs_ls_init(struct uvs_lockstep *l, const struct uvs_ls_transport *tr, uint64_t wall_timeout_ms,
                 const char *peer, ...)
{
    l->tr = tr;
    va_list ap;
    va_start(ap, peer);
    vsnprintf(l->peer, sizeof l->peer, peer, ap);
    va_end(ap);
    if (wall_timeout_ms == UVS_WALL_TIMEOUT_NONE)
        l->timeout_ms = -1;
    else if (wall_timeout_ms > INT_MAX)
        l->timeout_ms = INT_MAX;
    else
        l->timeout_ms = wall_timeout_ms ? (int)wall_timeout_ms : 600000;
}

int uvs_ls_die(struct uvs_lockstep *l, int err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(l->dead_why, sizeof l->dead_why, fmt, ap);
    va_end(ap);
    l->dead = 1;
    l->dead_err = err;
    return uvs_err(err, "%s", l->dead_why);
}

int uvs_ls_send(struct uvs_lockstep *l, union uvs_cosim_msg *m)
{
    uint8_t buf[UVS_COSIM_MSG_SIZE];
    m->hdr.cycle = l->cycle;
    if (uvs_cosim_encode(m, buf) != 0)
        return uvs_err(-EINVAL, "internal error: refusing to send a malformed %s", uvs_cosim_type_name(m->hdr.type));
    return l->tr->send(l, buf);
}

/* Receive and check one message from the simulator; a descriptor that came
 * with a bad message is closed. */
static int recv_msg(struct uvs_lockstep *l, union uvs_cosim_msg *m, int *fd_out)
{
    uint8_t buf[UVS_COSIM_MSG_SIZE];
    int err = l->tr->recv(l, buf, fd_out);
    if (err)
        return err;
    char why[160];
    if ((err = uvs_cosim_decode(buf, sizeof buf, m, why, sizeof why)) == 0 && !uvs_cosim_from_server(m->hdr.type) &&
        m->hdr.type != UVS_COSIM_GOODBYE) {
        err = uvs_ls_die(l, -EPROTO, "%s sent a client message (%s)", l->peer, uvs_cosim_type_name(m->hdr.type));
    } else if (err) {
        err = uvs_ls_die(l, err, "malformed message from %s: %s", l->peer, why);
    }
    if (err) {
        if (fd_out && *fd_out >= 0) {
            close(*fd_out);
            *fd_out = -1;
        }
        return err;
    }
    l->cycle = m->hdr.cycle;
    return 0;
}

int uvs_ls_request(struct uvs_lockstep *l, union uvs_cosim_msg *m, union uvs_cosim_msg *r, int *fd_out)
{
    if (fd_out)
        *fd_out = -1;
    if (l->dead)
        return uvs_err(l->dead_err, "connection to the simulator is down: %s", l->dead_why);
    unsigned want = m->hdr.type | UVS_COSIM_RESP;
    m->hdr.seq = ++l->seq;
    int err = uvs_ls_send(l, m);
    if (err)
        return err;
    for (;;) {
        if ((err = recv_msg(l, r, fd_out)))
            return err;
        if (r->hdr.type == UVS_COSIM_IRQ) {
            l->irqs |= 1u << r->irq.vector;
            continue;
        }
        if (r->hdr.type == UVS_COSIM_GOODBYE)
            return uvs_ls_die(l, -ECONNRESET, "%s ended the session (reason %u, exit status %d)", l->peer,
                              (unsigned)r->bye.reason, (int)r->bye.exit_code);
        if (r->hdr.type != want || r->hdr.seq != l->seq) {
            if (fd_out && *fd_out >= 0) {
                close(*fd_out);
                *fd_out = -1;
            }
            return uvs_ls_die(l, -EPROTO, "protocol error: got %s seq %u while waiting for %s seq %u",
                              uvs_cosim_type_name(r->hdr.type), (unsigned)r->hdr.seq, uvs_cosim_type_name(want),
                              (unsigned)l->seq);
        }
        err = uvs_cosim_status_errno(r->hdr.status);
        if (err)
            return uvs_err(err, "simulator refused %s: status %u (%s)", uvs_cosim_type_name(m->hdr.type),
                           (unsigned)r->hdr.status, uvs_strerror(err));
        return 0;
    }
}

int uvs_ls_hello(struct uvs_lockstep *l, union uvs_cosim_msg *r, int *fd_out)
{
    union uvs_cosim_msg m = {.hello = {.hdr = {.type = UVS_COSIM_HELLO}, .version = UVS_COSIM_VERSION,
                                       .client_pid = (uint64_t)getpid()}};
    int err = uvs_ls_request(l, &m, r, fd_out);
    if (err == -EPROTONOSUPPORT || (!err && (r->hello.version >> 16) != (UVS_COSIM_VERSION >> 16)))
        err = uvs_ls_die(l, -EPROTONOSUPPORT, "%s speaks transport version %u.%u, this library %u.%u", l->peer,
                         (unsigned)(r->hello.version >> 16), (unsigned)(r->hello.version & 0xffff),
                         UVS_COSIM_VERSION >> 16, UVS_COSIM_VERSION & 0xffff);
    else if (!err && r->hello.bar0_size < UVS_HOSTIF_BAR0_SIZE)
        err = uvs_ls_die(l, -EPROTO, "%s offers a BAR0 of %llu bytes, need %llu", l->peer,
                         (unsigned long long)r->hello.bar0_size, (unsigned long long)UVS_HOSTIF_BAR0_SIZE);
    if (err && fd_out && *fd_out >= 0) {
        close(*fd_out);
        *fd_out = -1;
    }
    return err;
}

void uvs_ls_goodbye(struct uvs_lockstep *l)
{
    if (l->dead || !l->tr)
        return;
    union uvs_cosim_msg m = {.bye = {.hdr = {.type = UVS_COSIM_GOODBYE}, .reason = UVS_COSIM_BYE_CLIENT}};
    (void)uvs_ls_send(l, &m);
}

int uvs_ls_mmio_read(void *ctx, uint64_t off, unsigned size, uint64_t *val)
{
    struct uvs_lockstep *l = ctx;
    union uvs_cosim_msg m = {.mmio = {.hdr = {.type = UVS_COSIM_MMIO_READ}, .addr = off, .size = (uint8_t)size}}, r;
    int err = uvs_ls_request(l, &m, &r, NULL);
    if (err)
        return err;
    if (r.mmio.addr != off || r.mmio.size != size)
        return uvs_ls_die(l, -EPROTO, "MMIO_READ_RESP for 0x%llx/%u answers 0x%llx/%u", (unsigned long long)off, size,
                          (unsigned long long)r.mmio.addr, (unsigned)r.mmio.size);
    *val = r.mmio.data;
    return 0;
}

int uvs_ls_mmio_write(void *ctx, uint64_t off, unsigned size, uint64_t val)
{
    union uvs_cosim_msg m = {.mmio = {.hdr = {.type = UVS_COSIM_MMIO_WRITE}, .addr = off, .data = val,
                                      .size = (uint8_t)size}}, r;
    return uvs_ls_request(ctx, &m, &r, NULL);
}

int uvs_ls_dma_alloc(void *ctx, size_t size, struct uvs_dma_buf *buf)
{
    return uvs_hostmem_alloc(&((struct uvs_lockstep *)ctx)->hm, size, buf);
}

void uvs_ls_dma_free(void *ctx, const struct uvs_dma_buf *buf)
{
    uvs_hostmem_free(&((struct uvs_lockstep *)ctx)->hm, buf);
}

/* RUN for cycles with flags; returns the TIME_SYNC's reason or a negative errno. */
static int run(struct uvs_lockstep *l, uint64_t cycles, uint32_t flags)
{
    union uvs_cosim_msg m = {.run = {.hdr = {.type = UVS_COSIM_RUN}, .cycles = cycles, .flags = flags}}, r;
    int err = uvs_ls_request(l, &m, &r, NULL);
    if (err)
        return err;
    if (r.run.reason == UVS_COSIM_STOP_HALT)
        return uvs_ls_die(l, -ECONNRESET, "%s: the simulation ended at cycle %llu", l->peer,
                          (unsigned long long)l->cycle);
    return (int)r.run.reason;
}

int uvs_ls_wait_irq(void *ctx, uint64_t timeout, uint32_t *vectors)
{
    struct uvs_lockstep *l = ctx;
    uint64_t left = timeout;
    while (!l->irqs && left) {
        uint64_t slice = left < UVS_COSIM_RUN_SLICE ? left : UVS_COSIM_RUN_SLICE;
        int r = run(l, slice, UVS_COSIM_RUN_STOP_ON_IRQ);
        if (r < 0)
            return r;
        if (r != UVS_COSIM_STOP_BUDGET)
            break; /* STOP_IRQ: the IRQ message came before the TIME_SYNC */
        left -= slice;
    }
    if (!l->irqs)
        return -ETIMEDOUT;
    *vectors = l->irqs;
    l->irqs = 0;
    return 0;
}

int uvs_ls_charge(void *ctx, uint64_t cycles)
{
    int r = run(ctx, cycles, UVS_COSIM_RUN_HOST_COST);
    return r < 0 ? r : 0;
}

int uvs_ls_reset(void *ctx)
{
    struct uvs_lockstep *l = ctx;
    union uvs_cosim_msg m = {.reset = {.hdr = {.type = UVS_COSIM_RESET}}}, r;
    l->irqs = 0;
    return uvs_ls_request(l, &m, &r, NULL);
}

uint64_t uvs_ls_cycles(void *ctx)
{
    return ((struct uvs_lockstep *)ctx)->cycle;
}

/*
 * Co-simulation message codec: explicit little-endian encoding and full
 * validation of the 64-byte messages of include/uvmsoc/cosim.h.
 * Depends only on libc, so the simulator side can compile it as well.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <uvmsoc/cosim.h>

static void put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v) { put16(p, (uint16_t)v); put16(p + 2, (uint16_t)(v >> 16)); }
static void put64(uint8_t *p, uint64_t v) { put32(p, (uint32_t)v); put32(p + 4, (uint32_t)(v >> 32)); }
static uint16_t get16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }
static uint32_t get32(const uint8_t *p) { return get16(p) | ((uint32_t)get16(p + 2) << 16); }
static uint64_t get64(const uint8_t *p) { return get32(p) | ((uint64_t)get32(p + 4) << 32); }

const char *uvs_cosim_type_name(unsigned type)
{
    switch (type) {
    case UVS_COSIM_HELLO: return "HELLO";
    case UVS_COSIM_MMIO_READ: return "MMIO_READ";
    case UVS_COSIM_MMIO_WRITE: return "MMIO_WRITE";
    case UVS_COSIM_RUN: return "RUN";
    case UVS_COSIM_RESET: return "RESET";
    case UVS_COSIM_IRQ: return "IRQ";
    case UVS_COSIM_GOODBYE: return "GOODBYE";
    case UVS_COSIM_HELLO_RESP: return "HELLO_RESP";
    case UVS_COSIM_MMIO_READ_RESP: return "MMIO_READ_RESP";
    case UVS_COSIM_MMIO_WRITE_RESP: return "MMIO_WRITE_RESP";
    case UVS_COSIM_TIME_SYNC: return "TIME_SYNC";
    case UVS_COSIM_RESET_RESP: return "RESET_RESP";
    default: return "unknown";
    }
}

int uvs_cosim_from_server(unsigned type)
{
    return (type & UVS_COSIM_RESP) || type == UVS_COSIM_IRQ;
}

int uvs_cosim_status_errno(unsigned status)
{
    switch (status) {
    case UVS_COSIM_ST_OK: return 0;
    case UVS_COSIM_ST_BAD_ADDR: return -EFAULT;
    case UVS_COSIM_ST_BAD_SIZE:
    case UVS_COSIM_ST_BAD_ARG: return -EINVAL;
    case UVS_COSIM_ST_BAD_TYPE: return -EOPNOTSUPP;
    case UVS_COSIM_ST_VERSION: return -EPROTONOSUPPORT;
    default: return -EPROTO;
    }
}

/* Record a reason in why[] and return -EPROTO. */
static int bad(char *why, size_t whylen, const char *fmt, ...)
{
    if (why && whylen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, whylen, fmt, ap);
        va_end(ap);
    }
    return -EPROTO;
}

static int all_zero(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return 0;
    return 1;
}

/* Validate a message in host form: magic, type, header, per-type fields and
 * reserved bytes. Returns 0 or -EPROTO with a reason in why[]. */
static int validate(const union uvs_cosim_msg *m, char *why, size_t whylen)
{
    const struct uvs_cosim_hdr *h = &m->hdr;
    unsigned t = h->type;
    const char *name = uvs_cosim_type_name(t);

    if (h->magic != UVS_COSIM_MAGIC)
        return bad(why, whylen, "bad magic 0x%08x (expected 0x%08x)", (unsigned)h->magic, UVS_COSIM_MAGIC);
    if (strcmp(name, "unknown") == 0)
        return bad(why, whylen, "unknown message type 0x%x", t);
    if (h->rsvd)
        return bad(why, whylen, "%s: reserved header field is 0x%x, must be 0", name, (unsigned)h->rsvd);
    if (!(t & UVS_COSIM_RESP) && h->status)
        return bad(why, whylen, "%s: status %u in a non-response message", name, (unsigned)h->status);
    if (h->status > UVS_COSIM_ST_MAX)
        return bad(why, whylen, "%s: unknown status %u", name, (unsigned)h->status);

    switch (t) {
    case UVS_COSIM_HELLO:
    case UVS_COSIM_HELLO_RESP: {
        const struct uvs_cosim_hello *x = &m->hello;
        if (x->version == 0)
            return bad(why, whylen, "%s: version 0", name);
        if (t == UVS_COSIM_HELLO) {
            if (x->msi_vectors || x->hostmem_base || x->hostmem_size || x->bar0_size)
                return bad(why, whylen, "HELLO: server-only fields must be 0");
        } else {
            if (x->client_pid)
                return bad(why, whylen, "HELLO_RESP: client_pid must be 0");
            if (h->status == UVS_COSIM_ST_OK) {
                if (x->msi_vectors < 1 || x->msi_vectors > 32)
                    return bad(why, whylen, "HELLO_RESP: %u MSI vectors (1..32)", (unsigned)x->msi_vectors);
                if (x->hostmem_size == 0 || (x->hostmem_size & 4095))
                    return bad(why, whylen, "HELLO_RESP: host memory size 0x%llx is not a nonzero multiple of 4096",
                               (unsigned long long)x->hostmem_size);
                if ((x->hostmem_base & 4095) || x->hostmem_base + x->hostmem_size < x->hostmem_base)
                    return bad(why, whylen, "HELLO_RESP: host memory base 0x%llx unaligned or wraps",
                               (unsigned long long)x->hostmem_base);
                if (x->bar0_size == 0 || (x->bar0_size & 4095))
                    return bad(why, whylen, "HELLO_RESP: BAR0 size 0x%llx is not a nonzero multiple of 4096",
                               (unsigned long long)x->bar0_size);
            }
        }
        return 0;
    }
    case UVS_COSIM_MMIO_READ:
    case UVS_COSIM_MMIO_WRITE:
    case UVS_COSIM_MMIO_READ_RESP:
    case UVS_COSIM_MMIO_WRITE_RESP: {
        const struct uvs_cosim_mmio *x = &m->mmio;
        unsigned s = x->size;
        if (!all_zero(x->rsvd, sizeof x->rsvd))
            return bad(why, whylen, "%s: reserved bytes must be 0", name);
        if (s != 1 && s != 2 && s != 4 && s != 8)
            return bad(why, whylen, "%s: access size %u (1, 2, 4 or 8)", name, s);
        if (x->addr & (s - 1))
            return bad(why, whylen, "%s: address 0x%llx not aligned to size %u", name,
                       (unsigned long long)x->addr, s);
        if (s < 8 && (x->data >> (8 * s)))
            return bad(why, whylen, "%s: data 0x%llx wider than %u bytes", name,
                       (unsigned long long)x->data, s);
        if (t == UVS_COSIM_MMIO_READ && x->data)
            return bad(why, whylen, "MMIO_READ: data must be 0");
        return 0;
    }
    case UVS_COSIM_RUN:
    case UVS_COSIM_TIME_SYNC: {
        const struct uvs_cosim_run *x = &m->run;
        if (!all_zero(x->rsvd, sizeof x->rsvd))
            return bad(why, whylen, "%s: reserved bytes must be 0", name);
        if (x->flags & ~(uint32_t)(UVS_COSIM_RUN_STOP_ON_IRQ | UVS_COSIM_RUN_HOST_COST))
            return bad(why, whylen, "%s: unknown flags 0x%x", name, (unsigned)x->flags);
        if (t == UVS_COSIM_RUN) {
            if (x->cycles == 0)
                return bad(why, whylen, "RUN: budget of 0 cycles");
            if (x->reason || x->elapsed)
                return bad(why, whylen, "RUN: reason and elapsed must be 0");
        } else if (h->status == UVS_COSIM_ST_OK) {
            if (x->reason < UVS_COSIM_STOP_BUDGET || x->reason > UVS_COSIM_STOP_HALT)
                return bad(why, whylen, "TIME_SYNC: unknown stop reason %u", (unsigned)x->reason);
            if (x->elapsed > x->cycles)
                return bad(why, whylen, "TIME_SYNC: ran %llu of a %llu-cycle budget",
                           (unsigned long long)x->elapsed, (unsigned long long)x->cycles);
        }
        return 0;
    }
    case UVS_COSIM_RESET:
    case UVS_COSIM_RESET_RESP:
        if (m->reset.scope != 0 || !all_zero(m->reset.rsvd, sizeof m->reset.rsvd))
            return bad(why, whylen, "%s: scope must be 0 and reserved bytes 0", name);
        return 0;
    case UVS_COSIM_IRQ:
        if (!all_zero(m->irq.rsvd, sizeof m->irq.rsvd))
            return bad(why, whylen, "IRQ: reserved bytes must be 0");
        if (m->irq.vector >= 32)
            return bad(why, whylen, "IRQ: vector %u out of range (0..31)", (unsigned)m->irq.vector);
        return 0;
    case UVS_COSIM_GOODBYE:
        if (!all_zero(m->bye.rsvd, sizeof m->bye.rsvd))
            return bad(why, whylen, "GOODBYE: reserved bytes must be 0");
        if (m->bye.reason > UVS_COSIM_BYE_MAX)
            return bad(why, whylen, "GOODBYE: unknown reason %u", (unsigned)m->bye.reason);
        return 0;
    default:
        return bad(why, whylen, "unknown message type 0x%x", t);
    }
}

/* Write the fields of m to the 64 wire bytes at p. */
static void to_wire(const union uvs_cosim_msg *m, uint8_t *p)
{
    memset(p, 0, UVS_COSIM_MSG_SIZE);
    put32(p + 0, m->hdr.magic);
    put16(p + 4, m->hdr.type);
    put16(p + 6, m->hdr.status);
    put32(p + 8, m->hdr.seq);
    put32(p + 12, m->hdr.rsvd);
    put64(p + 16, m->hdr.cycle);
    /* Payload: every member is a sequence of little-endian integers and
     * byte arrays at fixed offsets (asserted in cosim.h). */
    switch (m->hdr.type) {
    case UVS_COSIM_HELLO:
    case UVS_COSIM_HELLO_RESP:
        put32(p + 24, m->hello.version);
        put32(p + 28, m->hello.msi_vectors);
        put64(p + 32, m->hello.hostmem_base);
        put64(p + 40, m->hello.hostmem_size);
        put64(p + 48, m->hello.bar0_size);
        put64(p + 56, m->hello.client_pid);
        break;
    case UVS_COSIM_RUN:
    case UVS_COSIM_TIME_SYNC:
        put64(p + 24, m->run.cycles);
        put32(p + 32, m->run.flags);
        put32(p + 36, m->run.reason);
        put64(p + 40, m->run.elapsed);
        memcpy(p + 48, m->run.rsvd, sizeof m->run.rsvd);
        break;
    default: /* MMIO, RESET, IRQ, GOODBYE */
        if (m->hdr.type == UVS_COSIM_GOODBYE) {
            put32(p + 24, m->bye.reason);
            put32(p + 28, (uint32_t)m->bye.exit_code);
            memcpy(p + 32, m->bye.rsvd, sizeof m->bye.rsvd);
        } else if (m->hdr.type == UVS_COSIM_IRQ) {
            put32(p + 24, m->irq.vector);
            memcpy(p + 28, m->irq.rsvd, sizeof m->irq.rsvd);
        } else if (m->hdr.type == UVS_COSIM_RESET || m->hdr.type == UVS_COSIM_RESET_RESP) {
            put32(p + 24, m->reset.scope);
            memcpy(p + 28, m->reset.rsvd, sizeof m->reset.rsvd);
        } else {
            put64(p + 24, m->mmio.addr);
            put64(p + 32, m->mmio.data);
            p[40] = m->mmio.size;
            memcpy(p + 41, m->mmio.rsvd, sizeof m->mmio.rsvd);
        }
        break;
    }
}

static void from_wire(const uint8_t *p, union uvs_cosim_msg *m)
{
    memset(m, 0, sizeof *m);
    m->hdr.magic = get32(p + 0);
    m->hdr.type = get16(p + 4);
    m->hdr.status = get16(p + 6);
    m->hdr.seq = get32(p + 8);
    m->hdr.rsvd = get32(p + 12);
    m->hdr.cycle = get64(p + 16);
    switch (m->hdr.type) {
    case UVS_COSIM_HELLO:
    case UVS_COSIM_HELLO_RESP:
        m->hello.version = get32(p + 24);
        m->hello.msi_vectors = get32(p + 28);
        m->hello.hostmem_base = get64(p + 32);
        m->hello.hostmem_size = get64(p + 40);
        m->hello.bar0_size = get64(p + 48);
        m->hello.client_pid = get64(p + 56);
        break;
    case UVS_COSIM_RUN:
    case UVS_COSIM_TIME_SYNC:
        m->run.cycles = get64(p + 24);
        m->run.flags = get32(p + 32);
        m->run.reason = get32(p + 36);
        m->run.elapsed = get64(p + 40);
        memcpy(m->run.rsvd, p + 48, sizeof m->run.rsvd);
        break;
    case UVS_COSIM_GOODBYE:
        m->bye.reason = get32(p + 24);
        m->bye.exit_code = (int32_t)get32(p + 28);
        memcpy(m->bye.rsvd, p + 32, sizeof m->bye.rsvd);
        break;
    case UVS_COSIM_IRQ:
        m->irq.vector = get32(p + 24);
        memcpy(m->irq.rsvd, p + 28, sizeof m->irq.rsvd);
        break;
    case UVS_COSIM_RESET:
    case UVS_COSIM_RESET_RESP:
        m->reset.scope = get32(p + 24);
        memcpy(m->reset.rsvd, p + 28, sizeof m->reset.rsvd);
        break;
    default:
        m->mmio.addr = get64(p + 24);
        m->mmio.data = get64(p + 32);
        m->mmio.size = p[40];
        memcpy(m->mmio.rsvd, p + 41, sizeof m->mmio.rsvd);
        break;
    }
}

int uvs_cosim_encode(const union uvs_cosim_msg *m, uint8_t out[UVS_COSIM_MSG_SIZE])
{
    union uvs_cosim_msg c;
    if (!m || !out)
        return -EINVAL;
    c = *m;
    c.hdr.magic = UVS_COSIM_MAGIC;
    if (validate(&c, NULL, 0) != 0)
        return -EINVAL;
    to_wire(&c, out);
    return 0;
}

int uvs_cosim_decode(const void *buf, size_t len, union uvs_cosim_msg *m, char *why, size_t whylen)
{
    if (why && whylen)
        why[0] = '\0';
    if (!buf || !m) {
        bad(why, whylen, "no buffer");
        return -EINVAL;
    }
    if (len != UVS_COSIM_MSG_SIZE) {
        bad(why, whylen, "%s message: %zu of %u bytes", len < UVS_COSIM_MSG_SIZE ? "truncated" : "oversized",
            len, UVS_COSIM_MSG_SIZE);
        return -EBADMSG;
    }
    from_wire(buf, m);
    return validate(m, why, whylen);
}

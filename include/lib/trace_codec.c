/*
 * Access-trace codec (format in uvs_trace.h): records encoded with deltas
 * and LEB128 varints, compressed as one zlib stream.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "uvs_trace.h"

#define RAW_BUF (64u << 10) /* encoded records deflated at a time */
#define OUT_BUF (64u << 10) /* compressed bytes per fwrite / fread */
#define REC_MAX 32u         /* longest encoded record: tag, ctx 5, req 1, 2 x 10 */
#define TAG_CTX 0x10u
#define TAG_REQ 0x20u
#define TAG_END 0xFFu

struct uvs_trace_writer {
    FILE *f;
    z_stream z;
    uint8_t raw[RAW_BUF];
    size_t nraw;
    uint8_t out[OUT_BUF];
    uint32_t contexts;
    uint64_t page, cycle, count;
    uint32_t ctx;
    uint8_t req;
    int err;
};

static void put_le(uint8_t *p, uint64_t v, unsigned bytes)
{
    for (unsigned i = 0; i < bytes; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_le(const uint8_t *p, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static size_t put_var(uint8_t *p, uint64_t v)
{
    size_t n = 0;
    while (v >= 0x80) {
        p[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    p[n++] = (uint8_t)v;
    return n;
}

static uint64_t zigzag(uint64_t delta)
{
    return (delta << 1) ^ (uint64_t)-(int64_t)(delta >> 63);
}

static uint64_t unzigzag(uint64_t v)
{
    return (v >> 1) ^ (uint64_t)-(int64_t)(v & 1);
}

/* Deflate the raw buffer (flush: Z_FINISH at the end) and write what comes out. */
static int w_deflate(struct uvs_trace_writer *w, int flush)
{
    w->z.next_in = w->raw;
    w->z.avail_in = (uInt)w->nraw;
    int zr;
    do {
        w->z.next_out = w->out;
        w->z.avail_out = OUT_BUF;
        zr = deflate(&w->z, flush);
        if (zr == Z_STREAM_ERROR)
            return -EIO;
        size_t have = OUT_BUF - w->z.avail_out;
        if (have && fwrite(w->out, 1, have, w->f) != have)
            return errno ? -errno : -EIO;
    } while (w->z.avail_out == 0 || (flush == Z_FINISH && zr != Z_STREAM_END));
    w->nraw = 0;
    return 0;
}

int uvs_trace_writer_open(const char *path, const struct uvs_trace_hdr *h, struct uvs_trace_writer **out)
{
    if (!path || !h || !out || h->contexts == 0)
        return -EINVAL;
    struct uvs_trace_writer *w = calloc(1, sizeof *w);
    if (!w)
        return -ENOMEM;
    if (deflateInit(&w->z, Z_BEST_SPEED) != Z_OK) {
        free(w);
        return -ENOMEM;
    }
    if (!(w->f = fopen(path, "wb"))) {
        int e = -errno;
        deflateEnd(&w->z);
        free(w);
        return e;
    }
    uint8_t hdr[UVS_TRACE_HDR_BYTES] = {0};
    memcpy(hdr, UVS_TRACE_MAGIC, 8);
    put_le(hdr + 8, UVS_TRACE_VERSION, 2);
    put_le(hdr + 10, UVS_TRACE_HDR_BYTES, 2);
    put_le(hdr + 12, UVS_TRACE_PAGE, 4);
    put_le(hdr + 16, h->hbm_frames, 8);
    put_le(hdr + 24, h->contexts, 4);
    put_le(hdr + 28, UVS_TRACE_COMP_ZLIB, 4);
    if (fwrite(hdr, 1, sizeof hdr, w->f) != sizeof hdr) {
        int e = errno ? -errno : -EIO;
        fclose(w->f);
        deflateEnd(&w->z);
        free(w);
        return e;
    }
    w->contexts = h->contexts;
    *out = w;
    return 0;
}

int uvs_trace_write(struct uvs_trace_writer *w, const struct uvs_trace_rec *r)
{
    if (!w || !r || r->ctx >= w->contexts || r->flags > 0xF)
        return -EINVAL;
    if (w->err)
        return -EIO;
    if (w->nraw + REC_MAX > RAW_BUF && (w->err = w_deflate(w, Z_NO_FLUSH)) != 0)
        return -EIO;
    uint8_t *p = w->raw + w->nraw;
    size_t n = 1;
    uint8_t tag = r->flags;
    if (r->ctx != w->ctx) {
        tag |= TAG_CTX;
        n += put_var(p + n, r->ctx);
    }
    if (r->req != w->req) {
        tag |= TAG_REQ;
        p[n++] = r->req;
    }
    p[0] = tag;
    n += put_var(p + n, zigzag(r->page - w->page));
    n += put_var(p + n, zigzag(r->cycle - w->cycle));
    w->nraw += n;
    w->ctx = r->ctx;
    w->req = r->req;
    w->page = r->page;
    w->cycle = r->cycle;
    w->count++;
    return 0;
}

uint64_t uvs_trace_writer_count(const struct uvs_trace_writer *w)
{
    return w ? w->count : 0;
}

int uvs_trace_writer_close(struct uvs_trace_writer *w)
{
    if (!w)
        return 0;
    int e = w->err;
    if (!e && w->nraw + REC_MAX > RAW_BUF)
        e = w_deflate(w, Z_NO_FLUSH);
    if (!e) {
        w->raw[w->nraw++] = TAG_END;
        w->nraw += put_var(w->raw + w->nraw, w->count);
        e = w_deflate(w, Z_FINISH);
    }
    if (fclose(w->f) != 0 && !e)
        e = errno ? -errno : -EIO;
    deflateEnd(&w->z);
    free(w);
    return e;
}

/* ---------------- reader ---------------- */

struct uvs_trace_reader {
    FILE *f;
    const char *path;
    char pathbuf[256];
    z_stream z;
    bool zinit, zend;
    uint8_t in[OUT_BUF];
    uint64_t in_off;         /* file offset of in[0] */
    uint8_t raw[RAW_BUF];
    size_t rpos, rlen;       /* unread raw bytes raw[rpos..rlen) */
    uint64_t raw_off;        /* stream offset of raw[0] */
    uint32_t contexts;
    uint64_t page, cycle, count;
    uint32_t ctx;
    uint8_t req;
    bool done;
    char err[320];
};

static int rd_fail(struct uvs_trace_reader *rd, int e, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(rd->err, sizeof rd->err, "%s: ", rd->pathbuf);
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < sizeof rd->err)
        vsnprintf(rd->err + n, sizeof rd->err - (size_t)n, fmt, ap);
    va_end(ap);
    return e;
}

/* File offset of the next compressed byte inflate would read. */
static uint64_t file_pos(const struct uvs_trace_reader *rd)
{
    return rd->in_off + (uint64_t)(rd->z.next_in - rd->in);
}

/* Refill raw[] (keeping unread bytes). Returns 0, or a negative errno with the message set. */
static int rd_fill(struct uvs_trace_reader *rd)
{
    if (rd->rpos) {
        memmove(rd->raw, rd->raw + rd->rpos, rd->rlen - rd->rpos);
        rd->raw_off += rd->rpos;
        rd->rlen -= rd->rpos;
        rd->rpos = 0;
    }
    while (!rd->zend && rd->rlen < RAW_BUF) {
        if (rd->z.avail_in == 0) {
            rd->in_off += (uint64_t)(rd->z.next_in - rd->in);
            size_t got = fread(rd->in, 1, sizeof rd->in, rd->f);
            if (got == 0) {
                if (ferror(rd->f))
                    return rd_fail(rd, -EIO, "read error at byte %llu", (unsigned long long)rd->in_off);
                return rd_fail(rd, -EPIPE, "truncated: the file ends at byte %llu inside the compressed records "
                               "(%llu records read)", (unsigned long long)rd->in_off,
                               (unsigned long long)rd->count);
            }
            rd->z.next_in = rd->in;
            rd->z.avail_in = (uInt)got;
        }
        rd->z.next_out = rd->raw + rd->rlen;
        rd->z.avail_out = (uInt)(RAW_BUF - rd->rlen);
        int zr = inflate(&rd->z, Z_NO_FLUSH);
        rd->rlen = RAW_BUF - rd->z.avail_out;
        if (zr == Z_STREAM_END) {
            rd->zend = true;
        } else if (zr == Z_DATA_ERROR || zr == Z_NEED_DICT) {
            return rd_fail(rd, -EBADMSG, "corrupt compressed data near byte %llu (%s)",
                           (unsigned long long)file_pos(rd), rd->z.msg ? rd->z.msg : "zlib data error");
        } else if (zr == Z_MEM_ERROR) {
            return rd_fail(rd, -ENOMEM, "out of memory");
        } else if (zr != Z_OK && zr != Z_BUF_ERROR) {
            return rd_fail(rd, -EIO, "zlib error %d", zr);
        }
        if (rd->rlen > 0 && rd->z.avail_in == 0)
            break; /* some data: decode it before reading more of the file */
    }
    return 0;
}

/* One byte of the record stream; -1 at its end (no more bytes). */
static int rd_byte(struct uvs_trace_reader *rd, int *e)
{
    if (rd->rpos == rd->rlen) {
        if ((*e = rd_fill(rd)) != 0)
            return -1;
        if (rd->rpos == rd->rlen)
            return -1;
    }
    return rd->raw[rd->rpos++];
}

/* A LEB128 value (at most 10 bytes). Returns 0 or a negative errno (message set). */
static int rd_var(struct uvs_trace_reader *rd, uint64_t *v, const char *what)
{
    uint64_t x = 0;
    for (unsigned s = 0; s < 70; s += 7) {
        uint64_t at = rd->raw_off + rd->rpos;
        int e = 0, b = rd_byte(rd, &e);
        if (b < 0)
            return e ? e
                     : rd_fail(rd, -EBADMSG, "corrupt: the record stream ends inside record %llu's %s (stream "
                               "byte %llu, before file byte %llu)", (unsigned long long)rd->count, what,
                               (unsigned long long)at, (unsigned long long)file_pos(rd));
        x |= (uint64_t)(b & 0x7F) << s;
        if (!(b & 0x80)) {
            *v = x;
            return 0;
        }
    }
    return rd_fail(rd, -EBADMSG, "corrupt: record %llu's %s is longer than 10 bytes (stream byte %llu)",
                   (unsigned long long)rd->count, what, (unsigned long long)(rd->raw_off + rd->rpos));
}

int uvs_trace_reader_open(const char *path, struct uvs_trace_hdr *h, struct uvs_trace_reader **out, char *err,
                          size_t errlen)
{
    if (err && errlen)
        err[0] = '\0';
    if (!path || !h || !out)
        return -EINVAL;
    struct uvs_trace_reader *rd = calloc(1, sizeof *rd);
    if (!rd)
        return -ENOMEM;
    snprintf(rd->pathbuf, sizeof rd->pathbuf, "%s", path);
    int e = 0;
    uint8_t hdr[UVS_TRACE_HDR_BYTES];
    size_t got = 0;
    if (!(rd->f = fopen(path, "rb"))) {
        e = -errno;
        rd_fail(rd, e, "cannot open: %s", strerror(errno));
        goto fail;
    }
    got = fread(hdr, 1, sizeof hdr, rd->f);
    if (got < 8 || memcmp(hdr, UVS_TRACE_MAGIC, 8) != 0) {
        e = rd_fail(rd, -EBADMSG, "not a uvmsoc access trace: bytes 0-7 are not the magic \"%s\"",
                    UVS_TRACE_MAGIC);
        goto fail;
    }
    if (got < sizeof hdr) {
        e = rd_fail(rd, -EBADMSG, "truncated header: the file ends at byte %zu, the header has %u", got,
                    UVS_TRACE_HDR_BYTES);
        goto fail;
    }
    uint32_t ver = (uint32_t)get_le(hdr + 8, 2), hb = (uint32_t)get_le(hdr + 10, 2);
    uint32_t ps = (uint32_t)get_le(hdr + 12, 4), comp = (uint32_t)get_le(hdr + 28, 4);
    h->version = ver;
    h->page_size = ps;
    h->hbm_frames = get_le(hdr + 16, 8);
    h->contexts = (uint32_t)get_le(hdr + 24, 4);
    if (ver != UVS_TRACE_VERSION) {
        e = rd_fail(rd, -EPROTONOSUPPORT, "version %u at byte 8 is not supported (this reader reads version %u)",
                    ver, UVS_TRACE_VERSION);
        goto fail;
    }
    if (hb != UVS_TRACE_HDR_BYTES || ps != UVS_TRACE_PAGE || h->contexts == 0) {
        e = rd_fail(rd, -EINVAL, "bad header: header bytes %u (byte 10, want %u), page size %u (byte 12, want %u), "
                    "contexts %u (byte 24, want >= 1)", hb, UVS_TRACE_HDR_BYTES, ps, UVS_TRACE_PAGE, h->contexts);
        goto fail;
    }
    if (comp != UVS_TRACE_COMP_ZLIB) {
        e = rd_fail(rd, -EPROTONOSUPPORT, "compression %u at byte 28 is not supported (1 = zlib)", comp);
        goto fail;
    }
    if (inflateInit(&rd->z) != Z_OK) {
        e = rd_fail(rd, -ENOMEM, "out of memory");
        goto fail;
    }
    rd->zinit = true;
    rd->z.next_in = rd->in;
    rd->z.avail_in = 0;
    rd->in_off = UVS_TRACE_HDR_BYTES;
    rd->contexts = h->contexts;
    *out = rd;
    return 0;
fail:
    if (err && errlen)
        snprintf(err, errlen, "%s", rd->err);
    uvs_trace_reader_close(rd);
    return e;
}

int uvs_trace_read(struct uvs_trace_reader *rd, struct uvs_trace_rec *r)
{
    if (!rd || !r)
        return -EINVAL;
    if (rd->done)
        return 0;
    int e = 0;
    uint64_t at = rd->raw_off + rd->rpos;
    int tag = rd_byte(rd, &e);
    if (tag < 0)
        return e ? e
                 : rd_fail(rd, -EBADMSG, "corrupt: the record stream ends after %llu records without its end "
                           "marker (stream byte %llu)", (unsigned long long)rd->count, (unsigned long long)at);
    if (tag == TAG_END) {
        uint64_t n;
        if ((e = rd_var(rd, &n, "end count")) != 0)
            return e;
        if (n != rd->count)
            return rd_fail(rd, -EBADMSG, "corrupt: the end marker counts %llu records, the stream held %llu",
                           (unsigned long long)n, (unsigned long long)rd->count);
        if (rd->rpos != rd->rlen || (rd->zend ? 0 : ((e = rd_fill(rd)) != 0 || rd->rlen != 0)))
            return e ? e : rd_fail(rd, -EBADMSG, "corrupt: records after the end marker");
        /* nothing may follow the zlib stream */
        uint64_t end = file_pos(rd);
        if (rd->z.avail_in != 0 || fgetc(rd->f) != EOF)
            return rd_fail(rd, -EBADMSG, "corrupt: data after the end of the records at byte %llu",
                           (unsigned long long)end);
        rd->done = true;
        return 0;
    }
    if (tag & 0xC0)
        return rd_fail(rd, -EBADMSG, "corrupt: record %llu has tag 0x%02x (bits 7:6 must be 0; stream byte %llu, "
                       "before file byte %llu)", (unsigned long long)rd->count, tag, (unsigned long long)at,
                       (unsigned long long)file_pos(rd));
    uint64_t v;
    if (tag & TAG_CTX) {
        if ((e = rd_var(rd, &v, "context")) != 0)
            return e;
        if (v >= rd->contexts)
            return rd_fail(rd, -EBADMSG, "corrupt: record %llu names context %llu, the header declares %u (stream "
                           "byte %llu)", (unsigned long long)rd->count, (unsigned long long)v, rd->contexts,
                           (unsigned long long)at);
        rd->ctx = (uint32_t)v;
    }
    if (tag & TAG_REQ) {
        int b = rd_byte(rd, &e);
        if (b < 0)
            return e ? e : rd_fail(rd, -EBADMSG, "corrupt: the record stream ends inside record %llu",
                                   (unsigned long long)rd->count);
        rd->req = (uint8_t)b;
    }
    if ((e = rd_var(rd, &v, "page")) != 0)
        return e;
    rd->page += unzigzag(v);
    if ((e = rd_var(rd, &v, "cycle")) != 0)
        return e;
    rd->cycle += unzigzag(v);
    r->cycle = rd->cycle;
    r->page = rd->page;
    r->ctx = rd->ctx;
    r->req = rd->req;
    r->flags = (uint8_t)(tag & 0xF);
    rd->count++;
    return 1;
}

const char *uvs_trace_reader_error(const struct uvs_trace_reader *rd)
{
    return rd ? rd->err : "";
}

void uvs_trace_reader_close(struct uvs_trace_reader *rd)
{
    if (!rd)
        return;
    if (rd->f)
        fclose(rd->f);
    if (rd->zinit)
        inflateEnd(&rd->z);
    free(rd);
}

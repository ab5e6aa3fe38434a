/*
 * Managed memory: VA window allocator, shared-file backing mapped at the
 * device-visible address, free with in-use and double-free checks, advice,
 * lookup (see uvm_managed.h).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "uvm_managed.h"

#define VA_LIMIT 0x800000000000ull /* 2^47: Sv48 user half, x86-64 user space */
#define MAX_FOREIGN_SKIPS 4096     /* spans skipped because somebody else mapped them */

/** One allocation, live or freed (a tombstone kept for double-free detection). */
struct alloc {
    uint64_t va, bytes, span; /* start, mapped bytes, reserved VA (2 MiB multiple) */
    uint64_t bus, off;
    int fd;
    bool live;
    uint32_t advice, pins;
    uint8_t *state, *hprot;
};

struct uvm_managed {
    struct uvm_managed_cfg cfg;
    uint64_t cursor;        /* next-fit position */
    struct alloc *a;        /* sorted by va */
    size_t n, cap, live;
    uint64_t live_bytes;    /* sum of the live allocations' bytes */
    char err[192];
};

static int fail(const struct uvm_managed *cmm, int rc, const char *fmt, ...)
{
    struct uvm_managed *mm = (struct uvm_managed *)cmm;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(mm->err, sizeof mm->err, fmt, ap);
    va_end(ap);
    return rc;
}

int uvm_managed_create(const struct uvm_managed_cfg *cfg, struct uvm_managed **out)
{
    if (!cfg || !out || !cfg->ops || !cfg->ops->alloc || !cfg->ops->free)
        return -EINVAL;
    struct uvm_managed_cfg c = *cfg;
    if (!c.va_base)
        c.va_base = UVM_VA_BASE_DEFAULT;
    if (!c.va_size)
        c.va_size = UVM_VA_SIZE_DEFAULT;
    if (c.va_base % UVM_SPAN_ALIGN || c.va_size % UVM_SPAN_ALIGN || c.va_base + c.va_size < c.va_base ||
        c.va_base + c.va_size > VA_LIMIT)
        return -EINVAL;
    struct uvm_managed *mm = calloc(1, sizeof *mm);
    if (!mm)
        return -ENOMEM;
    mm->cfg = c;
    mm->cursor = c.va_base;
    *out = mm;
    return 0;
}

static void unmap_one(struct uvm_managed *mm, struct alloc *a)
{
    munmap((void *)(uintptr_t)a->va, a->bytes);
    mm->cfg.ops->free(mm->cfg.ctx, a->fd, a->off, a->bus, a->bytes);
    free(a->state);
    free(a->hprot);
    a->state = a->hprot = NULL;
    a->live = false;
    a->pins = 0;
    mm->live--;
    mm->live_bytes -= a->bytes;
}

void uvm_managed_destroy(struct uvm_managed *mm)
{
    if (!mm)
        return;
    for (size_t i = 0; i < mm->n; i++)
        if (mm->a[i].live)
            unmap_one(mm, &mm->a[i]);
    free(mm->a);
    free(mm);
}

/* Index of the last record with va <= x, or -1. */
static long floor_index(const struct uvm_managed *mm, uint64_t x)
{
    long lo = 0, hi = (long)mm->n - 1, best = -1;
    while (lo <= hi) {
        long mid = lo + (hi - lo) / 2;
        if (mm->a[mid].va <= x) {
            best = mid;
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return best;
}

/* First record (live or tombstone) whose span overlaps [va, va + span), or NULL. */
static const struct alloc *overlap(const struct uvm_managed *mm, uint64_t va, uint64_t span)
{
    long i = floor_index(mm, va);
    if (i >= 0 && mm->a[i].va + mm->a[i].span > va)
        return &mm->a[i];
    size_t j = (size_t)(i + 1);
    if (j < mm->n && mm->a[j].va < va + span)
        return &mm->a[j];
    return NULL;
}

/* Forget every tombstone (after the window wrapped). */
static void drop_tombstones(struct uvm_managed *mm)
{
    size_t k = 0;
    for (size_t i = 0; i < mm->n; i++)
        if (mm->a[i].live)
            mm->a[k++] = mm->a[i];
    mm->n = k;
}

/* Next-fit: a span-sized gap at or after the cursor; wraps once. 0 when none. */
static uint64_t find_gap(struct uvm_managed *mm, uint64_t span, uint64_t from)
{
    uint64_t end = mm->cfg.va_base + mm->cfg.va_size;
    for (int pass = 0; pass < 2; pass++) {
        uint64_t v = from;
        while (v + span <= end && v + span > v) {
            const struct alloc *o = overlap(mm, v, span);
            if (!o)
                return v;
            v = o->va + o->span;
        }
        if (pass == 0) {
            drop_tombstones(mm);
            from = mm->cfg.va_base;
        }
    }
    return 0;
}

static int insert(struct uvm_managed *mm, const struct alloc *na)
{
    if (mm->n == mm->cap) {
        size_t cap = mm->cap ? mm->cap * 2 : 16;
        struct alloc *p = realloc(mm->a, cap * sizeof *p);
        if (!p)
            return -ENOMEM;
        mm->a = p;
        mm->cap = cap;
    }
    size_t pos = (size_t)(floor_index(mm, na->va) + 1);
    memmove(&mm->a[pos + 1], &mm->a[pos], (mm->n - pos) * sizeof *mm->a);
    mm->a[pos] = *na;
    mm->n++;
    return 0;
}

/* Remove the tombstones that overlap [va, va + span) (their VA is being reused). */
static void reuse_span(struct uvm_managed *mm, uint64_t va, uint64_t span)
{
    size_t k = 0;
    for (size_t i = 0; i < mm->n; i++) {
        const struct alloc *a = &mm->a[i];
        if (!a->live && a->va < va + span && a->va + a->span > va)
            continue;
        mm->a[k++] = mm->a[i];
    }
    mm->n = k;
}

int uvm_managed_alloc(struct uvm_managed *mm, size_t size, void **ptr)
{
    if (!mm || !ptr)
        return -EINVAL;
    if (size == 0)
        return fail(mm, -EINVAL, "managed alloc: size 0");
    if (size > mm->cfg.va_size - UVM_PAGE_SIZE)
        return fail(mm, -ENOMEM, "managed alloc: %zu bytes exceed the %llu-byte VA window", size,
                    (unsigned long long)mm->cfg.va_size);
    uint64_t bytes = (size + UVM_PAGE_SIZE - 1) & ~(UVM_PAGE_SIZE - 1);
    uint64_t span = (bytes + UVM_SPAN_ALIGN - 1) & ~(UVM_SPAN_ALIGN - 1);
    struct alloc na = {.bytes = bytes, .span = span, .live = true};
    na.state = calloc(bytes / UVM_PAGE_SIZE, 1);
    na.hprot = calloc(bytes / UVM_PAGE_SIZE, 1); /* all UVM_HPROT_RW: mapped read-write below */
    if (!na.state || !na.hprot) {
        free(na.state);
        free(na.hprot);
        return fail(mm, -ENOMEM, "managed alloc: no memory for the page-state map");
    }
    int rc = mm->cfg.ops->alloc(mm->cfg.ctx, bytes, &na.fd, &na.off, &na.bus);
    if (rc) {
        free(na.state);
        free(na.hprot);
        return fail(mm, rc, "managed alloc: no DMA-able host memory for %llu bytes", (unsigned long long)bytes);
    }
    uint64_t from = mm->cursor;
    for (int tries = 0;; tries++) {
        uint64_t v = tries < MAX_FOREIGN_SKIPS ? find_gap(mm, span, from) : 0;
        if (!v) {
            rc = fail(mm, -ENOMEM, "managed alloc: no free %llu-byte span in the VA window",
                      (unsigned long long)span);
            break;
        }
        void *p = mmap((void *)(uintptr_t)v, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED_NOREPLACE, na.fd,
                       (off_t)na.off);
        if (p == MAP_FAILED && errno == EEXIST) {
            from = v + UVM_SPAN_ALIGN; /* somebody else's mapping: skip it */
            continue;
        }
        if (p == MAP_FAILED) {
            rc = fail(mm, -errno, "managed alloc: mmap at 0x%llx: %s", (unsigned long long)v, strerror(errno));
            break;
        }
        if ((uint64_t)(uintptr_t)p != v) {
            munmap(p, bytes);
            rc = fail(mm, -ENOTSUP, "managed alloc: the kernel ignores MAP_FIXED_NOREPLACE (needs Linux 4.17)");
            break;
        }
        na.va = v;
        reuse_span(mm, v, span);
        rc = insert(mm, &na);
        if (rc) {
            munmap(p, bytes);
            fail(mm, rc, "managed alloc: out of memory");
            break;
        }
        mm->live++;
        mm->live_bytes += bytes;
        mm->cursor = v + span;
        *ptr = p;
        return 0;
    }
    mm->cfg.ops->free(mm->cfg.ctx, na.fd, na.off, na.bus, bytes);
    free(na.state);
    free(na.hprot);
    return rc;
}

/* The record containing va (live or not): its index, or -1. */
static long containing(const struct uvm_managed *mm, uint64_t va, bool live_only)
{
    long i = floor_index(mm, va);
    /* A tombstone and a live allocation never overlap, but several tombstones may precede. */
    for (; i >= 0; i--) {
        const struct alloc *a = &mm->a[i];
        if (va >= a->va + (a->live ? a->bytes : a->span))
            return -1;
        if (!live_only || a->live)
            return i;
    }
    return -1;
}

int uvm_managed_free(struct uvm_managed *mm, void *ptr)
{
    if (!mm)
        return -EINVAL;
    uint64_t va = (uint64_t)(uintptr_t)ptr;
    if (!ptr)
        return fail(mm, -EINVAL, "managed free: NULL pointer");
    long i = containing(mm, va, false);
    if (i < 0)
        return fail(mm, -EINVAL, "managed free: 0x%llx is not managed memory", (unsigned long long)va);
    struct alloc *a = &mm->a[i];
    if (!a->live)
        return fail(mm, a->va == va ? -EALREADY : -EINVAL, "managed free: 0x%llx %s", (unsigned long long)va,
                    a->va == va ? "was already freed (double free)" : "is not managed memory");
    if (a->va != va)
        return fail(mm, -EINVAL, "managed free: 0x%llx is inside the allocation at 0x%llx, not its start",
                    (unsigned long long)va, (unsigned long long)a->va);
    if (a->pins)
        return fail(mm, -EBUSY, "managed free: 0x%llx is in use by a running kernel", (unsigned long long)va);
    if (mm->cfg.ops->device_release) {
        int rc = mm->cfg.ops->device_release(mm->cfg.ctx, mm->cfg.did, a->va, a->bytes);
        if (rc)
            return fail(mm, rc, "managed free: the device did not release 0x%llx (%s)", (unsigned long long)va,
                        strerror(-rc));
    }
    unmap_one(mm, a);
    return 0;
}

static struct alloc *live_at(const struct uvm_managed *mm, const void *ptr)
{
    long i = containing(mm, (uint64_t)(uintptr_t)ptr, true);
    return i < 0 ? NULL : &mm->a[i];
}

int uvm_managed_advise(struct uvm_managed *mm, const void *ptr, uint32_t advice)
{
    if (!mm)
        return -EINVAL;
    struct alloc *a = live_at(mm, ptr);
    if (!a)
        return fail(mm, -EINVAL, "managed advise: %p is not managed memory", ptr);
    if (advice & ~UVM_ADV_ALL)
        return fail(mm, -EINVAL, "managed advise: unknown advice bits 0x%x", advice & ~UVM_ADV_ALL);
    if ((advice & UVM_ADV_PREFERRED_HOST) && (advice & UVM_ADV_PREFERRED_DEVICE))
        return fail(mm, -EINVAL, "managed advise: two preferred locations");
    a->advice = advice;
    return 0;
}

int uvm_managed_pin(struct uvm_managed *mm, const void *ptr)
{
    if (!mm)
        return -EINVAL;
    struct alloc *a = live_at(mm, ptr);
    if (!a)
        return fail(mm, -EINVAL, "managed pin: %p is not managed memory", ptr);
    a->pins++;
    return 0;
}

int uvm_managed_unpin(struct uvm_managed *mm, const void *ptr)
{
    if (!mm)
        return -EINVAL;
    struct alloc *a = live_at(mm, ptr);
    if (!a || a->pins == 0)
        return fail(mm, -EINVAL, "managed unpin: %p is not a pinned managed allocation", ptr);
    a->pins--;
    return 0;
}

int uvm_managed_lookup(const struct uvm_managed *mm, uint64_t va, struct uvm_range *out)
{
    if (!mm || !out)
        return -EINVAL;
    long i = containing(mm, va, true);
    if (i < 0)
        return -ENOENT;
    const struct alloc *a = &mm->a[i];
    *out = (struct uvm_range){.va = a->va, .size = a->bytes, .bus = a->bus, .advice = a->advice,
                              .pins = a->pins, .state = a->state, .hprot = a->hprot};
    return 0;
}

int uvm_managed_next(const struct uvm_managed *mm, uint64_t va, struct uvm_range *out)
{
    if (!mm || !out)
        return -EINVAL;
    long i = floor_index(mm, va);
    size_t j = i >= 0 && mm->a[i].va == va ? (size_t)i : (size_t)(i + 1);
    for (; j < mm->n; j++)
        if (mm->a[j].live)
            return uvm_managed_lookup(mm, mm->a[j].va, out);
    return -ENOENT;
}

int uvm_managed_find(void *mm, uint32_t did, uint64_t va, struct uvm_range *out)
{
    const struct uvm_managed *m = mm;
    if (!m)
        return -EINVAL;
    if (did != m->cfg.did)
        return -ENOENT;
    return uvm_managed_lookup(m, va, out);
}

size_t uvm_managed_count(const struct uvm_managed *mm)
{
    return mm ? mm->live : 0;
}

uint64_t uvm_managed_bytes(const struct uvm_managed *mm)
{
    return mm ? mm->live_bytes : 0;
}

const char *uvm_managed_last_error(const struct uvm_managed *mm)
{
    return mm ? mm->err : "";
}

/*
 * Unit tests of managed memory (host/lib/uvm_managed.c): same-address
 * mapping of a shared backing file, VA window, free with double-free and
 * in-use checks, advice, lookup.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cmocka.h>

#include "uvm_managed.h"

#define BUS_BASE 0x100000000ull
#define WIN 0x210000000000ull
#define MB2 0x200000ull

/* Backing provider: a memfd with a bump allocator. */
struct backing {
    int fd;
    uint64_t size, next;
    unsigned allocs, frees, releases;
    int release_rc;
    uint64_t last_release_va, last_release_size;
    uint32_t last_release_did;
};

static int b_alloc(void *ctx, size_t size, int *fd, uint64_t *off, uint64_t *bus)
{
    struct backing *b = ctx;
    if (size % 4096 || b->next + size > b->size)
        return -ENOMEM;
    *fd = b->fd;
    *off = b->next;
    *bus = BUS_BASE + b->next;
    b->next += size;
    b->allocs++;
    return 0;
}

static void b_free(void *ctx, int fd, uint64_t off, uint64_t bus, size_t size)
{
    struct backing *b = ctx;
    assert_int_equal(fd, b->fd);
    assert_int_equal(bus, BUS_BASE + off);
    assert_true(size > 0);
    b->frees++;
}

static int b_release(void *ctx, uint32_t did, uint64_t va, size_t size)
{
    struct backing *b = ctx;
    b->releases++;
    b->last_release_did = did;
    b->last_release_va = va;
    b->last_release_size = size;
    return b->release_rc;
}

static const struct uvm_backing_ops bops = {b_alloc, b_free, b_release};

struct fx {
    struct backing b;
    struct uvm_managed *mm;
};

static struct fx *fx_new(uint64_t win, uint64_t win_size, uint64_t backing)
{
    struct fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->b.fd = memfd_create("uvm-test", 0);
    assert_true(f->b.fd >= 0);
    assert_int_equal(ftruncate(f->b.fd, (off_t)backing), 0);
    f->b.size = backing;
    struct uvm_managed_cfg cfg = {.va_base = win, .va_size = win_size, .did = 5, .ops = &bops, .ctx = &f->b};
    assert_int_equal(uvm_managed_create(&cfg, &f->mm), 0);
    return f;
}

static void fx_free(struct fx *f)
{
    uvm_managed_destroy(f->mm);
    close(f->b.fd);
    free(f);
}

static void test_create_errors(void **state)
{
    (void)state;
    struct backing b = {0};
    struct uvm_managed *mm;
    struct uvm_managed_cfg c = {.va_base = WIN, .va_size = 64 * MB2, .ops = &bops, .ctx = &b};
    assert_int_equal(uvm_managed_create(&c, &mm), 0);
    uvm_managed_destroy(mm);
    c.va_base = WIN + 4096;
    assert_int_equal(uvm_managed_create(&c, &mm), -EINVAL);
    c.va_base = 0x7ffffe000000ull;
    assert_int_equal(uvm_managed_create(&c, &mm), -EINVAL); /* crosses 2^47 */
    c.va_base = WIN;
    c.ops = NULL;
    assert_int_equal(uvm_managed_create(&c, &mm), -EINVAL);
    assert_int_equal(uvm_managed_create(NULL, &mm), -EINVAL);
    uvm_managed_destroy(NULL);
}

static void test_same_address_shared_backing(void **state)
{
    (void)state;
    struct fx *f = fx_new(WIN, 64 * MB2, 64 * MB2);
    void *p;
    assert_int_equal(uvm_managed_alloc(f->mm, 1, &p), 0);
    uint64_t va = (uint64_t)(uintptr_t)p;
    assert_int_equal(va % MB2, 0);
    assert_true(va >= WIN && va < WIN + 64 * MB2);
    /* A host store lands in the backing file: the device's DMA sees it at the bus address. */
    memcpy(p, "uvmsoc", 7);
    struct uvm_range r;
    assert_int_equal(uvm_managed_lookup(f->mm, va + 100, &r), 0);
    assert_int_equal(r.va, va);
    assert_int_equal(r.size, 4096);
    char buf[8] = {0};
    assert_int_equal(pread(f->b.fd, buf, 7, (off_t)(r.bus - BUS_BASE)), 7);
    assert_string_equal(buf, "uvmsoc");
    /* And the other way: a device write-back into the file is seen through the pointer. */
    assert_int_equal(pwrite(f->b.fd, "HBM", 3, (off_t)(r.bus - BUS_BASE) + 10), 3);
    assert_memory_equal((char *)p + 10, "HBM", 3);
    assert_int_equal(r.state[0], UVM_PAGE_HOST);
    assert_int_equal(uvm_managed_lookup(f->mm, va + 4096, &r), -ENOENT);
    assert_int_equal(uvm_managed_find(f->mm, 5, va, &r), 0);
    assert_int_equal(uvm_managed_find(f->mm, 6, va, &r), -ENOENT);
    assert_int_equal(uvm_managed_count(f->mm), 1);
    assert_int_equal(uvm_managed_free(f->mm, p), 0);
    assert_int_equal(f->b.releases, 1);
    assert_int_equal(f->b.last_release_did, 5);
    assert_int_equal(f->b.last_release_va, va);
    assert_int_equal(f->b.last_release_size, 4096);
    assert_int_equal(f->b.frees, 1);
    assert_int_equal(uvm_managed_count(f->mm), 0);
    assert_int_equal(uvm_managed_lookup(f->mm, va, &r), -ENOENT);
    fx_free(f);
}

static void test_sizes_and_layout(void **state)
{
    (void)state;
    /* 1 GiB of window, 600 MiB of sparse backing. */
    struct fx *f = fx_new(WIN + 0x100000000ull, 512 * MB2, 300 * MB2);
    void *a, *b, *c;
    assert_int_equal(uvm_managed_alloc(f->mm, 5 * 1024 * 1024, &a), 0);
    assert_int_equal(uvm_managed_alloc(f->mm, 4096, &b), 0);
    assert_int_equal((uint64_t)(uintptr_t)b, (uint64_t)(uintptr_t)a + 3 * MB2); /* 5 MiB spans 6 MiB */
    /* Many times a small HBM: 256 MiB. */
    assert_int_equal(uvm_managed_alloc(f->mm, 256ull << 20, &c), 0);
    ((volatile char *)c)[(256 << 20) - 1] = 1;
    struct uvm_range r;
    assert_int_equal(uvm_managed_lookup(f->mm, (uint64_t)(uintptr_t)c + (200ull << 20), &r), 0);
    assert_int_equal(r.size, 256ull << 20);
    /* Errors: size 0, larger than the window, backing exhausted. */
    void *d;
    assert_int_equal(uvm_managed_alloc(f->mm, 0, &d), -EINVAL);
    assert_non_null(strstr(uvm_managed_last_error(f->mm), "size 0"));
    assert_int_equal(uvm_managed_alloc(f->mm, 2ull << 30, &d), -ENOMEM);
    assert_int_equal(uvm_managed_alloc(f->mm, 400ull << 20, &d), -ENOMEM);
    assert_non_null(strstr(uvm_managed_last_error(f->mm), "host memory"));
    assert_int_equal(uvm_managed_count(f->mm), 3);
    fx_free(f);
}

static void test_free_errors(void **state)
{
    (void)state;
    struct fx *f = fx_new(WIN + 0x200000000ull, 64 * MB2, 64 * MB2);
    void *p, *q;
    assert_int_equal(uvm_managed_alloc(f->mm, 3 * 4096, &p), 0);
    assert_int_equal(uvm_managed_alloc(f->mm, 4096, &q), 0);
    /* Inside, not the start. */
    assert_int_equal(uvm_managed_free(f->mm, (char *)p + 4096), -EINVAL);
    assert_non_null(strstr(uvm_managed_last_error(f->mm), "not its start"));
    /* Not managed at all. */
    int local;
    assert_int_equal(uvm_managed_free(f->mm, &local), -EINVAL);
    assert_non_null(strstr(uvm_managed_last_error(f->mm), "not managed"));
    assert_int_equal(uvm_managed_free(f->mm, NULL), -EINVAL);
    /* In use by a kernel. */
    assert_int_equal(uvm_managed_pin(f->mm, (char *)p + 100), 0);
    assert_int_equal(uvm_managed_free(f->mm, p), -EBUSY);
    assert_non_null(strstr(uvm_managed_last_error(f->mm), "in use"));
    assert_int_equal(uvm_managed_unpin(f->mm, p), 0);
    assert_int_equal(uvm_managed_unpin(f->mm, p), -EINVAL);
    /* The device refuses to let go: nothing freed. */
    f->b.release_rc = -EIO;
    assert_int_equal(uvm_managed_free(f->mm, p), -EIO);
    assert_int_equal(uvm_managed_count(f->mm), 2);
    f->b.release_rc = 0;
    /* Free, then double free. */
    assert_int_equal(uvm_managed_free(f->mm, p), 0);
    assert_int_equal(uvm_managed_free(f->mm, p), -EALREADY);
    assert_non_null(strstr(uvm_managed_last_error(f->mm), "double free"));
    assert_int_equal(f->b.frees, 1);
    /* The freed span is not handed out again before the window wraps. */
    void *r;
    assert_int_equal(uvm_managed_alloc(f->mm, 4096, &r), 0);
    assert_ptr_not_equal(r, p);
    assert_int_equal(uvm_managed_free(f->mm, p), -EALREADY);
    assert_int_equal(uvm_managed_pin(f->mm, p), -EINVAL);
    fx_free(f);
}

static void test_window_wrap_and_foreign(void **state)
{
    (void)state;
    uint64_t win = WIN + 0x300000000ull;
    /* Somebody else's mapping at the window start is skipped. */
    void *foreign = mmap((void *)(uintptr_t)win, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
                         -1, 0);
    assert_ptr_equal(foreign, (void *)(uintptr_t)win);
    struct fx *f = fx_new(win, 3 * MB2, 16 * MB2);
    void *a, *b, *c;
    assert_int_equal(uvm_managed_alloc(f->mm, 4096, &a), 0);
    assert_int_equal((uint64_t)(uintptr_t)a, win + MB2);
    assert_int_equal(uvm_managed_alloc(f->mm, 4096, &b), 0);
    assert_int_equal((uint64_t)(uintptr_t)b, win + 2 * MB2);
    assert_int_equal(uvm_managed_alloc(f->mm, 4096, &c), -ENOMEM);
    /* After a free, the wrapped search reuses the span. */
    assert_int_equal(uvm_managed_free(f->mm, a), 0);
    assert_int_equal(uvm_managed_alloc(f->mm, 4096, &c), 0);
    assert_ptr_equal(c, a);
    fx_free(f);
    munmap(foreign, 4096);
}

static void test_advise(void **state)
{
    (void)state;
    struct fx *f = fx_new(WIN + 0x400000000ull, 8 * MB2, 8 * MB2);
    void *p;
    assert_int_equal(uvm_managed_alloc(f->mm, 8192, &p), 0);
    assert_int_equal(uvm_managed_advise(f->mm, (char *)p + 5000, UVM_ADV_PREFERRED_HOST | UVM_ADV_ACCESSED_BY), 0);
    struct uvm_range r;
    assert_int_equal(uvm_managed_lookup(f->mm, (uint64_t)(uintptr_t)p, &r), 0);
    assert_int_equal(r.advice, UVM_ADV_PREFERRED_HOST | UVM_ADV_ACCESSED_BY);
    assert_int_equal(uvm_managed_advise(f->mm, p, UVM_ADV_PREFERRED_HOST | UVM_ADV_PREFERRED_DEVICE), -EINVAL);
    assert_int_equal(uvm_managed_advise(f->mm, p, 0x100), -EINVAL);
    assert_int_equal(uvm_managed_advise(f->mm, (char *)p + 8192, UVM_ADV_READ_MOSTLY), -EINVAL);
    assert_int_equal(uvm_managed_advise(f->mm, p, UVM_ADV_READ_MOSTLY), 0);
    assert_int_equal(uvm_managed_lookup(f->mm, (uint64_t)(uintptr_t)p, &r), 0);
    assert_int_equal(r.advice, UVM_ADV_READ_MOSTLY);
    fx_free(f);
}

/* uvm_managed_next walks the live allocations in address order, skipping freed ones; hprot starts read-write. */
static void test_next(void **state)
{
    (void)state;
    struct fx *f = fx_new(WIN + 0x800000000ull, 8 * MB2, 8 * MB2);
    void *p[3];
    struct uvm_range r;
    for (int i = 0; i < 3; i++)
        assert_int_equal(uvm_managed_alloc(f->mm, 3 * 4096, &p[i]), 0);
    assert_int_equal(uvm_managed_free(f->mm, p[1]), 0);
    uint64_t seen[4], n = 0;
    for (uint64_t va = 0; uvm_managed_next(f->mm, va, &r) == 0; va = r.va + r.size) {
        assert_true(n < 4);
        seen[n++] = r.va;
        assert_non_null(r.hprot);
        for (int k = 0; k < 3; k++)
            assert_int_equal(r.hprot[k], 0); /* UVM_HPROT_RW */
    }
    assert_int_equal(n, 2);
    assert_int_equal(seen[0], (uint64_t)(uintptr_t)p[0]);
    assert_int_equal(seen[1], (uint64_t)(uintptr_t)p[2]);
    assert_int_equal(uvm_managed_next(f->mm, (uint64_t)(uintptr_t)p[2], &r), 0); /* start itself included */
    assert_int_equal(r.va, (uint64_t)(uintptr_t)p[2]);
    assert_int_equal(uvm_managed_next(f->mm, (uint64_t)(uintptr_t)p[2] + 1, &r), -ENOENT);
    assert_int_equal(uvm_managed_next(NULL, 0, &r), -EINVAL);
    assert_int_equal(uvm_managed_next(f->mm, 0, NULL), -EINVAL);
    fx_free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_create_errors),
        cmocka_unit_test(test_same_address_shared_backing),
        cmocka_unit_test(test_sizes_and_layout),
        cmocka_unit_test(test_free_errors),
        cmocka_unit_test(test_window_wrap_and_foreign),
        cmocka_unit_test(test_advise),
        cmocka_unit_test(test_next),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

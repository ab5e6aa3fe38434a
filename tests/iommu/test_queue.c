/*
 * Directed tests of the in-memory queue semantics (sim/model/iommu_queue.c):
 * sizes from LOG2SZ-1, empty/full (full when tail == head - 1), wrap-around,
 * overflow flag and refusal until cleared, memory faults (IOMMU spec v1.0
 * chapter 3 and 5.6-5.17).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "tmem.h"
#include "uvs_iommu_queue.h"

static void test_geometry(void **state)
{
    (void)state;
    assert_int_equal(uvs_iommu_queue_entries(0), 2);
    assert_int_equal(uvs_iommu_queue_entries(3), 16);
    assert_int_equal(uvs_iommu_queue_entries(31), 1ULL << 32);
    assert_int_equal(uvs_iommu_queue_base_pa((0x80123ULL << 10) | 5), 0x80123000ULL);
}

/* Natural alignment of the base (spec 5.6/5.9/5.12): only queues above 4 KiB care. */
static void test_base_alignment(void **state)
{
    (void)state;
    uint64_t odd = 0x80123ULL << 10; /* an odd page */
    assert_true(uvs_iommu_queue_base_aligned(odd | 7, 16));   /* 256 x 16 B = 4 KiB */
    assert_true(uvs_iommu_queue_base_aligned(odd | 6, 32));   /* 128 x 32 B = 4 KiB */
    assert_false(uvs_iommu_queue_base_aligned(odd | 8, 16));  /* 8 KiB at an odd page */
    assert_false(uvs_iommu_queue_base_aligned(odd | 7, 32));  /* 8 KiB at an odd page */
    uint64_t p8k = 0x80122ULL << 10;
    assert_true(uvs_iommu_queue_base_aligned(p8k | 8, 16));
    assert_true(uvs_iommu_queue_base_aligned(p8k | 7, 32));
    assert_false(uvs_iommu_queue_base_aligned(p8k | 9, 16));  /* 16 KiB needs 4 pages */
    /* The largest queue, 2^32 x 32 B = 128 GiB: PPN bits 24:0 must be 0. */
    assert_true(uvs_iommu_queue_base_aligned((1ULL << 25) << 10 | 31, 32));
    assert_false(uvs_iommu_queue_base_aligned((1ULL << 24) << 10 | 31, 32));
    assert_true(uvs_iommu_queue_base_aligned((1ULL << 24) << 10 | 31, 16));
}

static void test_fill_overflow_drain(void **state)
{
    (void)state;
    struct tmem t;
    tmem_init(&t);
    uint64_t page = tmem_page(&t);
    /* 4 entries of 32 bytes: holds 3 records. */
    struct uvs_iommu_queue q = {.base = ((page >> 12) << 10) | 1, .csr = UVS_IOMMU_QCSR_EN | UVS_IOMMU_QCSR_ON,
                                .rec_size = 32};
    uint8_t rec[32], got[32];
    assert_true(uvs_iommu_queue_empty(&q));
    assert_int_equal(uvs_iommu_queue_peek(&q, &t.ops, got), -EAGAIN);
    for (int i = 0; i < 3; i++) {
        memset(rec, 0x10 + i, sizeof rec);
        assert_int_equal(uvs_iommu_queue_produce(&q, &t.ops, rec), 0);
    }
    assert_int_equal(q.tail, 3);
    assert_true(uvs_iommu_queue_full(&q));
    /* Full: overflow flag set, record refused, tail unchanged. */
    memset(rec, 0x99, sizeof rec);
    assert_int_equal(uvs_iommu_queue_produce(&q, &t.ops, rec), -ENOSPC);
    assert_true(q.csr & UVS_IOMMU_QCSR_OF);
    assert_int_equal(q.tail, 3);
    /* Records are where the spec puts them: base + index * size. */
    assert_int_equal(t.buf[page - TMEM_BASE + 2 * 32], 0x12);
    /* Consume one: room again, but OF still refuses until cleared. */
    assert_int_equal(uvs_iommu_queue_peek(&q, &t.ops, got), 0);
    assert_int_equal(got[0], 0x10);
    assert_int_equal(uvs_iommu_queue_pop(&q), 0);
    assert_false(uvs_iommu_queue_full(&q));
    assert_int_equal(uvs_iommu_queue_produce(&q, &t.ops, rec), -ENOSPC);
    q.csr &= ~UVS_IOMMU_QCSR_OF;
    assert_int_equal(uvs_iommu_queue_produce(&q, &t.ops, rec), 0);
    assert_int_equal(q.tail, 0); /* wrapped */
    assert_int_equal(t.buf[page - TMEM_BASE + 3 * 32], 0x99);
    /* Drain in order: 0x11, 0x12, 0x99. */
    uint8_t want[3] = {0x11, 0x12, 0x99};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(uvs_iommu_queue_peek(&q, &t.ops, got), 0);
        assert_int_equal(got[31], want[i]);
        assert_int_equal(uvs_iommu_queue_pop(&q), 0);
    }
    assert_true(uvs_iommu_queue_empty(&q));
    assert_int_equal(uvs_iommu_queue_pop(&q), -EAGAIN);
    tmem_fini(&t);
}

static void test_off_and_memory_fault(void **state)
{
    (void)state;
    struct tmem t;
    tmem_init(&t);
    uint8_t rec[16] = {1};
    struct uvs_iommu_queue q = {.base = 0x10ULL << 10 /* PA 0x10000: no memory */, .csr = 0, .rec_size = 16};
    assert_int_equal(uvs_iommu_queue_produce(&q, &t.ops, rec), -ENODEV);
    q.csr = UVS_IOMMU_QCSR_EN | UVS_IOMMU_QCSR_ON;
    assert_int_equal(uvs_iommu_queue_produce(&q, &t.ops, rec), -EFAULT);
    assert_true(q.csr & UVS_IOMMU_QCSR_MF);
    assert_int_equal(q.tail, 0);
    /* MF set: further records refused. */
    q.base = (TMEM_BASE >> 12) << 10;
    assert_int_equal(uvs_iommu_queue_produce(&q, &t.ops, rec), -ENOSPC);
    q.csr &= ~UVS_IOMMU_QCSR_MF;
    assert_int_equal(uvs_iommu_queue_produce(&q, &t.ops, rec), 0);
    assert_int_equal(uvs_iommu_queue_produce(NULL, &t.ops, rec), -EINVAL);
    q.rec_size = 0;
    assert_int_equal(uvs_iommu_queue_produce(&q, &t.ops, rec), -EINVAL);
    tmem_fini(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_geometry),
        cmocka_unit_test(test_base_alignment),
        cmocka_unit_test(test_fill_overflow_drain),
        cmocka_unit_test(test_off_and_memory_fault),
    };
    return cmocka_run_group_tests_name("iommu_queue", tests, NULL, NULL);
}

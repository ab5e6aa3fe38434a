/*
 * Unit tests of the libuvmsoc DMA API and host command/event queues against
 * the mock backend: data movement, argument checks, device-reported bad
 * addresses with the failing address, recovery, queue backpressure and
 * malformed device state.
 */
#include <errno.h>

#include <uvmsoc/dma.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/memmap.h>

#include "testutil.h"

static void fill(uint8_t *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(i * 7 + seed + (i >> 9));
}

static void test_alloc(void **state)
{
    (void)state;
    struct uvs_mock_config cfg = {.hostmem_size = 64 << 10};
    struct uvs_dev *dev = open_mock(&cfg);
    struct uvs_dma_buf a, b, c;
    assert_int_equal(uvs_dma_alloc(dev, 0, &a), -EINVAL);
    assert_int_equal(uvs_dma_alloc(dev, 1, &a), 0);
    assert_int_equal(a.size, 4096);
    assert_int_equal(a.bus % 4096, 0);
    assert_int_equal(uvs_dma_alloc(dev, 60 << 10, &b), 0);
    assert_int_equal(uvs_dma_alloc(dev, 4096, &c), -ENOMEM); /* arena full */
    assert_err_contains("cannot allocate");
    uvs_dma_free(dev, &b);
    assert_int_equal(b.size, 0);
    assert_int_equal(uvs_dma_alloc(dev, 8192, &c), 0);
    assert_int_not_equal(c.bus, a.bus);
    uvs_dma_free(dev, &a);
    uvs_dma_free(dev, &c);
    uvs_dma_free(dev, &c); /* zeroed: ignored */
    uvs_close(dev);
}

static void test_copy_round_trip(void **state)
{
    (void)state;
    struct uvs_dev *dev = open_mock(NULL);
    struct uvs_mock *m = uvs_mock_of(dev);
    struct uvs_dma_buf src, dst;
    struct uvs_dma_result r;
    const size_t n = 300000;
    assert_int_equal(uvs_dma_alloc(dev, n, &src), 0);
    assert_int_equal(uvs_dma_alloc(dev, n, &dst), 0);
    fill(src.host, n, 3);
    assert_int_equal(uvs_dma_copy(dev, UVS_DMA_OP_H2D, UVS_HBM_BASE + 100, src.bus, n, &r), 0);
    assert_int_equal(r.bytes, n);
    assert_int_equal(r.status, UVS_DMA_ST_OK);
    assert_true(r.cycles >= n / 25); /* at most 25 bytes/cycle over the modeled link */
    assert_memory_equal(uvs_mock_devmem(m, UVS_HBM_BASE + 100, n), src.host, n);
    /* Device to device, then back to the host. */
    assert_int_equal(uvs_dma_copy(dev, UVS_DMA_OP_D2D, UVS_SRAM_BASE, UVS_HBM_BASE + 100, n, &r), 0);
    assert_int_equal(uvs_dma_copy(dev, UVS_DMA_OP_D2H, dst.bus, UVS_SRAM_BASE, n, &r), 0);
    assert_memory_equal(dst.host, src.host, n);
    /* Convenience read/write through a bounce buffer. */
    uint8_t buf[5000], back[5000];
    fill(buf, sizeof buf, 9);
    assert_int_equal(uvs_dma_write(dev, UVS_HBM_BASE + 1, buf, sizeof buf, &r), 0);
    assert_int_equal(uvs_dma_read(dev, back, UVS_HBM_BASE + 1, sizeof back, &r), 0);
    assert_memory_equal(buf, back, sizeof buf);
    uvs_dma_free(dev, &src);
    uvs_dma_free(dev, &dst);
    uvs_close(dev);
}

static void test_large_copy_splits(void **state)
{
    (void)state;
    /* 40 MiB: three descriptors of at most DMA_MAX_LEN bytes. */
    struct uvs_mock_config cfg = {.hbm_size = 48 << 20, .hostmem_size = 44 << 20};
    struct uvs_dev *dev = open_mock(&cfg);
    struct uvs_dma_buf src;
    struct uvs_dma_result r;
    const size_t n = 40 << 20;
    assert_int_equal(uvs_dma_alloc(dev, n, &src), 0);
    fill(src.host, n, 1);
    assert_int_equal(uvs_dma_copy(dev, UVS_DMA_OP_H2D, UVS_HBM_BASE, src.bus, n, &r), 0);
    assert_int_equal(r.bytes, n);
    assert_memory_equal(uvs_mock_devmem(uvs_mock_of(dev), UVS_HBM_BASE, n), src.host, n);
    uvs_dma_free(dev, &src);
    uvs_close(dev);
}

static void test_argument_checks(void **state)
{
    (void)state;
    struct uvs_dev *dev = open_mock(NULL);
    struct uvs_dma_result r;
    assert_int_equal(uvs_dma_copy(dev, 0, UVS_HBM_BASE, 0, 16, &r), -EINVAL);
    assert_err_contains("bad opcode 0");
    assert_int_equal(uvs_dma_copy(dev, 4, UVS_HBM_BASE, 0, 16, &r), -EINVAL);
    assert_int_equal(uvs_dma_copy(dev, UVS_DMA_OP_D2D, UVS_HBM_BASE, UVS_SRAM_BASE, 0, &r), -EINVAL);
    assert_err_contains("length 0");
    assert_int_equal(uvs_dma_copy(dev, UVS_DMA_OP_D2D, ~0ull - 4, UVS_SRAM_BASE, 16, &r), -EINVAL);
    assert_err_contains("wraps");
    assert_int_equal(uvs_dma_copy(NULL, UVS_DMA_OP_D2D, UVS_HBM_BASE, UVS_SRAM_BASE, 16, &r), -EINVAL);
    assert_int_equal(uvs_dma_write(dev, UVS_HBM_BASE, NULL, 16, &r), -EINVAL);
    assert_int_equal(uvs_dma_read(dev, NULL, UVS_HBM_BASE, 16, &r), -EINVAL);
    uvs_close(dev);

    struct uvs_mock_config cfg = {.caps = UVS_HOSTIF_CAP_MSI};
    dev = open_mock(&cfg);
    assert_int_equal(uvs_dma_copy(dev, UVS_DMA_OP_D2D, UVS_HBM_BASE, UVS_SRAM_BASE, 16, &r), -ENOTSUP);
    assert_err_contains("no host DMA channel");
    uvs_close(dev);
}

static void test_bad_addresses(void **state)
{
    (void)state;
    struct uvs_dev *dev = open_mock(NULL);
    struct uvs_dma_buf b;
    struct uvs_dma_result r;
    uint64_t v;
    assert_int_equal(uvs_dma_alloc(dev, 8192, &b), 0);
    /* Destination straddles the end of SRAM: the first bad byte is SRAM's end. */
    uint64_t sram_end = UVS_SRAM_BASE + (1u << 20);
    assert_int_equal(uvs_dma_copy(dev, UVS_DMA_OP_H2D, sram_end - 100, b.bus, 200, &r), -EFAULT);
    assert_int_equal(r.status, UVS_DMA_ST_BAD_DST);
    assert_int_equal(r.err_addr, sram_end);
    assert_err_contains("bad destination address at 0x80100000");
    /* Unmapped source. */
    assert_int_equal(uvs_dma_copy(dev, UVS_DMA_OP_D2H, b.bus, 0x5000, 16, &r), -EFAULT);
    assert_int_equal(r.status, UVS_DMA_ST_BAD_SRC);
    assert_int_equal(r.err_addr, 0x5000);
    /* A host address outside host memory: link error with that address. */
    assert_int_equal(uvs_dma_copy(dev, UVS_DMA_OP_H2D, UVS_HBM_BASE, 0x1234000, 16, &r), -EFAULT);
    assert_int_equal(r.status, UVS_DMA_ST_LINK);
    assert_int_equal(r.err_addr, 0x1234000);
    /* The library reset the halted channel; the next copy works. */
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_DMA_OFF + UVS_DMA_STATUS_OFF, 4, &v), 0);
    assert_int_equal(v & UVS_DMA_STATUS_HALTED, 0);
    fill(b.host, 8192, 5);
    assert_int_equal(uvs_dma_copy(dev, UVS_DMA_OP_H2D, UVS_HBM_BASE, b.bus, 8192, &r), 0);
    assert_memory_equal(uvs_mock_devmem(uvs_mock_of(dev), UVS_HBM_BASE, 8192), b.host, 8192);
    uvs_dma_free(dev, &b);
    uvs_close(dev);
}

static void test_transport_failure_mid_copy(void **state)
{
    (void)state;
    struct uvs_dev *dev = open_mock(NULL);
    struct uvs_dma_result r;
    uint8_t buf[64] = {1, 2, 3};
    uvs_mock_fail_mmio(uvs_mock_of(dev), 3, -EIO);
    assert_int_equal(uvs_dma_write(dev, UVS_HBM_BASE, buf, sizeof buf, &r), -EIO);
    assert_int_equal(uvs_dma_write(dev, UVS_HBM_BASE, buf, sizeof buf, &r), 0);
    uvs_close(dev);
}

static void test_commands(void **state)
{
    (void)state;
    struct uvs_dev *dev = open_mock(NULL);
    struct uvs_hostq_evt e;
    struct uvs_hostq_cmd c = {.opcode = UVS_HOSTQ_OP_NOP, .flags = UVS_HOSTQ_CMD_F_EVENT, .cookie = 77, .arg = {0xabc}};
    assert_int_equal(uvs_cmd_submit(dev, NULL), -EINVAL);
    assert_int_equal(uvs_fw_start(dev), 0);
    assert_int_equal(uvs_cmd_submit(dev, &c), 0);
    assert_int_equal(uvs_evt_wait(dev, &e, 100000), 0);
    assert_int_equal(e.type, UVS_HOSTQ_EVT_CMD_DONE);
    assert_int_equal(e.cookie, 77);
    assert_int_equal(e.status, 0);
    assert_int_equal(e.value, 0xabc);
    /* Unknown opcode: an error event, always posted. */
    c.opcode = 0x7ff;
    c.flags = 0;
    c.cookie = 78;
    assert_int_equal(uvs_cmd_submit(dev, &c), 0);
    assert_int_equal(uvs_evt_wait(dev, &e, 100000), 0);
    assert_int_equal(e.cookie, 78);
    assert_int_equal(e.status, -EOPNOTSUPP);
    /* NOP without the event flag: nothing comes back. */
    c.opcode = UVS_HOSTQ_OP_NOP;
    assert_int_equal(uvs_cmd_submit(dev, &c), 0);
    assert_int_equal(uvs_evt_wait(dev, &e, 50000), -ETIMEDOUT);
    assert_err_contains("no event within 50000 cycles");
    assert_int_equal(uvs_evt_wait(dev, &e, 0), -EINVAL);
    /* Many round trips wrap both rings. */
    for (unsigned i = 0; i < 200; i++) {
        c.flags = UVS_HOSTQ_CMD_F_EVENT;
        c.cookie = 1000 + i;
        assert_int_equal(uvs_cmd_submit(dev, &c), 0);
        assert_int_equal(uvs_evt_wait(dev, &e, 100000), 0);
        assert_int_equal(e.cookie, 1000 + i);
    }
    uvs_close(dev);
}

static void test_queue_full_and_bad_tail(void **state)
{
    (void)state;
    struct uvs_mock_config cfg = {.no_fw_ready = 1};
    struct uvs_dev *dev = open_mock(&cfg);
    struct uvs_hostq_cmd c = {.opcode = UVS_HOSTQ_OP_NOP, .flags = UVS_HOSTQ_CMD_F_EVENT};
    struct uvs_hostq_evt e;
    /* The firmware never serves: 63 commands fit, the 64th finds the queue full. */
    for (int i = 0; i < 63; i++)
        assert_int_equal(uvs_cmd_submit(dev, &c), 0);
    assert_int_equal(uvs_cmd_submit(dev, &c), -EAGAIN);
    assert_err_contains("command queue full");
    assert_int_equal(uvs_evt_wait(dev, &e, 1000), -ETIMEDOUT);
    /* A device that publishes a tail outside the queue is caught. */
    uvs_mock_corrupt_evq_tail(uvs_mock_of(dev), 1000);
    assert_int_equal(uvs_evt_wait(dev, &e, 1000), -EPROTO);
    assert_err_contains("out of range");
    uvs_close(dev);

    struct uvs_mock_config nq = {.caps = UVS_HOSTIF_CAP_DMA};
    dev = open_mock(&nq);
    assert_int_equal(uvs_cmd_submit(dev, &c), -ENOTSUP);
    uvs_close(dev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alloc),           cmocka_unit_test(test_copy_round_trip),
        cmocka_unit_test(test_large_copy_splits), cmocka_unit_test(test_argument_checks),
        cmocka_unit_test(test_bad_addresses),   cmocka_unit_test(test_transport_failure_mid_copy),
        cmocka_unit_test(test_commands),        cmocka_unit_test(test_queue_full_and_bad_tail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

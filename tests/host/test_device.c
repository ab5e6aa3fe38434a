/*
 * Unit tests of libuvmsoc device handling against the mock backend: open
 * checks, BAR0 access rules and argument checks, interrupts (mask, W1C
 * acknowledge, MSI on unmask), reset, error propagation.
 */
#include <errno.h>

#include <uvmsoc/hostif.h>

#include "testutil.h"

static void test_open_and_info(void **state)
{
    (void)state;
    struct uvs_dev *dev = open_mock(NULL);
    struct uvs_info in;
    assert_int_equal(uvs_info(dev, &in), 0);
    assert_string_equal(in.backend, "mock");
    assert_int_equal(in.id, UVS_HOSTIF_ID_VALUE);
    assert_int_equal(in.version, UVS_HOSTIF_VERSION_VALUE);
    assert_true(in.caps & UVS_HOSTIF_CAP_DMA);
    assert_int_equal(in.sram_size, 1u << 20);
    assert_int_equal(in.hbm_size, 4u << 20);
    assert_int_equal(in.mgmt_status, 0); /* held in reset */
    assert_int_equal(uvs_info(dev, NULL), -EINVAL);
    uvs_close(dev);
    uvs_close(NULL);
}

static void test_open_errors(void **state)
{
    (void)state;
    struct uvs_dev *dev = (struct uvs_dev *)1;
    struct uvs_open_opts o = {.backend = "pcie-magic"};
    assert_int_equal(uvs_open(&o, &dev), -EINVAL);
    assert_null(dev);
    assert_err_contains("unknown backend 'pcie-magic'");
    o.backend = "vfio"; /* without a device string: no PCI address */
    assert_int_equal(uvs_open(&o, &dev), -EINVAL);
    assert_err_contains("bad PCI address '' (expected vfio:DDDD:BB:DD.F");
    assert_int_equal(uvs_open(&o, NULL), -EINVAL);

    struct uvs_mock_config cfg = {.id = 0x12345678};
    o.backend = "mock";
    o.backend_arg = &cfg;
    assert_int_equal(uvs_open(&o, &dev), -ENODEV);
    assert_err_contains("0x12345678");
    cfg.id = 0;
    cfg.version = 0x00020000;
    assert_int_equal(uvs_open(&o, &dev), -EPROTONOSUPPORT);
    assert_err_contains("version 2.0");
    cfg.version = 0x00010007; /* same major, newer minor: accepted */
    assert_int_equal(uvs_open(&o, &dev), 0);
    uvs_close(dev);
}

static void test_register_rules(void **state)
{
    (void)state;
    struct uvs_dev *dev = open_mock(NULL);
    uint64_t v;
    /* RO: a write to the id is ignored. */
    assert_int_equal(uvs_mmio_write(dev, UVS_HOSTIF_ID_OFF, 4, 0), 0);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_ID_OFF, 4, &v), 0);
    assert_int_equal(v, UVS_HOSTIF_ID_VALUE);
    /* RW 64-bit scratch, also as two 32-bit halves and single bytes. */
    assert_int_equal(uvs_mmio_write(dev, UVS_HOSTIF_SCRATCH_OFF, 8, 0x1122334455667788ull), 0);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_SCRATCH_OFF, 8, &v), 0);
    assert_int_equal(v, 0x1122334455667788ull);
    assert_int_equal(uvs_mmio_write(dev, UVS_HOSTIF_SCRATCH_OFF + 4, 4, 0xa5a5a5a5), 0);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_SCRATCH_OFF, 8, &v), 0);
    assert_int_equal(v, 0xa5a5a5a555667788ull);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_SCRATCH_OFF + 1, 1, &v), 0);
    assert_int_equal(v, 0x77);
    /* Unlisted offsets read 0. */
    assert_int_equal(uvs_mmio_read(dev, 0x800, 4, &v), 0);
    assert_int_equal(v, 0);
    /* Reset values. */
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_INT_MASK_OFF, 4, &v), 0);
    assert_int_equal(v, 0xffffffffu);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_MGMT_CTRL_OFF, 4, &v), 0);
    assert_int_equal(v, UVS_HOSTIF_MGMT_CTRL_HOLD);
    uvs_close(dev);
}

static void test_access_checks(void **state)
{
    (void)state;
    struct uvs_dev *dev = open_mock(NULL);
    uint64_t v;
    assert_int_equal(uvs_mmio_read(dev, 0x10, 3, &v), -EINVAL);
    assert_err_contains("access size 3");
    assert_int_equal(uvs_mmio_read(dev, 0x12, 4, &v), -EINVAL);
    assert_err_contains("not aligned");
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_BAR0_SIZE, 4, &v), -EINVAL);
    assert_err_contains("outside BAR0");
    assert_int_equal(uvs_mmio_write(dev, UVS_HOSTIF_SCRATCH_OFF, 2, 0x10000), -EINVAL);
    assert_err_contains("wider than 2");
    assert_int_equal(uvs_mmio_read(dev, 0, 4, NULL), -EINVAL);
    assert_int_equal(uvs_mmio_read(NULL, 0, 4, &v), -EINVAL);
    assert_int_equal(uvs_wait_irq(dev, 0, NULL), -EINVAL);
    uvs_close(dev);
}

static void test_interrupts(void **state)
{
    (void)state;
    struct uvs_dev *dev = open_mock(NULL);
    struct uvs_mock *m = uvs_mock_of(dev);
    uint64_t v;
    uint32_t vec = 0;
    assert_non_null(m);
    /* Masked cause: status set, no MSI, wait times out. */
    uint64_t now = uvs_cycles(dev);
    assert_int_equal(uvs_mock_raise_at(m, now + 100, UVS_HOSTIF_INT_FW), 0);
    assert_int_equal(uvs_wait_irq(dev, 1000, &vec), -ETIMEDOUT);
    assert_true(uvs_cycles(dev) >= now + 1000);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_INT_STATUS_OFF, 4, &v), 0);
    assert_int_equal(v, UVS_HOSTIF_INT_FW);
    /* Unmasking a pending cause sends its MSI (vector = bit number 4). */
    assert_int_equal(uvs_mmio_write(dev, UVS_HOSTIF_INT_MASK_OFF, 4, ~(uint32_t)UVS_HOSTIF_INT_FW), 0);
    assert_int_equal(uvs_wait_irq(dev, 10, &vec), 0);
    assert_int_equal(vec, 1u << 4);
    /* W1C: writing 0 to ACK changes nothing, writing the bit clears it. */
    assert_int_equal(uvs_mmio_write(dev, UVS_HOSTIF_INT_ACK_OFF, 4, 0), 0);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_INT_STATUS_OFF, 4, &v), 0);
    assert_int_equal(v, UVS_HOSTIF_INT_FW);
    assert_int_equal(uvs_mmio_write(dev, UVS_HOSTIF_INT_ACK_OFF, 4, UVS_HOSTIF_INT_FW), 0);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_INT_STATUS_OFF, 4, &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_INT_ACK_OFF, 4, &v), 0);
    assert_int_equal(v, 0);
    /* A scripted cause in the future: the wait runs the clock up to it. */
    now = uvs_cycles(dev);
    assert_int_equal(uvs_mock_raise_at(m, now + 5000, UVS_HOSTIF_INT_FW), 0);
    assert_int_equal(uvs_wait_irq(dev, 100000, &vec), 0);
    assert_int_equal(vec, 1u << 4);
    assert_int_equal(uvs_cycles(dev), now + 5000);
    /* Charged host cost advances time. */
    now = uvs_cycles(dev);
    assert_int_equal(uvs_charge(dev, 777), 0);
    assert_int_equal(uvs_cycles(dev), now + 777);
    uvs_close(dev);
}

static void test_vector_folding(void **state)
{
    (void)state;
    struct uvs_mock_config cfg = {.msi_vectors = 1};
    struct uvs_dev *dev = open_mock(&cfg);
    uint32_t vec = 0;
    assert_int_equal(uvs_mmio_write(dev, UVS_HOSTIF_INT_MASK_OFF, 4, 0), 0);
    assert_int_equal(uvs_mock_raise_at(uvs_mock_of(dev), 0, UVS_HOSTIF_INT_MGMT_HALT), 0);
    assert_int_equal(uvs_wait_irq(dev, 10, &vec), 0);
    assert_int_equal(vec, 1u); /* bit 5 >= 1 vector: folded onto vector 0 */
    uvs_close(dev);
}

static void test_reset_and_errors(void **state)
{
    (void)state;
    struct uvs_dev *dev = open_mock(NULL);
    uint64_t v;
    assert_int_equal(uvs_mmio_write(dev, UVS_HOSTIF_SCRATCH_OFF, 8, 99), 0);
    assert_int_equal(uvs_fw_start(dev), 0);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_MGMT_STATUS_OFF, 4, &v), 0);
    assert_true(v & UVS_HOSTIF_MGMT_STATUS_RUNNING);
    assert_int_equal(uvs_reset(dev), 0);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_SCRATCH_OFF, 8, &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_MGMT_STATUS_OFF, 4, &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(uvs_mmio_read(dev, UVS_HOSTIF_ID_OFF, 4, &v), 0);
    assert_int_equal(v, UVS_HOSTIF_ID_VALUE);
    /* A transport failure reaches the caller unchanged. */
    uvs_mock_fail_mmio(uvs_mock_of(dev), 1, -EIO);
    struct uvs_info in;
    assert_int_equal(uvs_info(dev, &in), -EIO);
    assert_err_contains("injected");
    assert_int_equal(uvs_info(dev, &in), 0);
    assert_int_equal(uvs_reset(NULL), -EINVAL);
    assert_string_equal(uvs_strerror(-ETIMEDOUT), "timed out waiting for the device");
    assert_string_equal(uvs_strerror(-ENOMEM), "Cannot allocate memory");
    uvs_close(dev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_open_and_info),   cmocka_unit_test(test_open_errors),
        cmocka_unit_test(test_register_rules),  cmocka_unit_test(test_access_checks),
        cmocka_unit_test(test_interrupts),      cmocka_unit_test(test_vector_folding),
        cmocka_unit_test(test_reset_and_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

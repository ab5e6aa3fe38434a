/*
 * Unit tests of the co-simulation message codec (include/lib/cosim_msg.c):
 * round trips of every message type, and rejection of truncated, oversized
 * and malformed messages with a reason, never a crash.
 */
#include <errno.h>

#include <uvmsoc/cosim.h>

#include "testutil.h"

static union uvs_cosim_msg sample(unsigned type)
{
    union uvs_cosim_msg m;
    memset(&m, 0, sizeof m);
    m.hdr.type = (uint16_t)type;
    m.hdr.seq = 42;
    m.hdr.cycle = 0x0102030405060708ull;
    switch (type) {
    case UVS_COSIM_HELLO: m.hello.version = UVS_COSIM_VERSION; m.hello.client_pid = 1234; break;
    case UVS_COSIM_HELLO_RESP:
        m.hello.version = UVS_COSIM_VERSION; m.hello.msi_vectors = 8; m.hello.hostmem_base = 0x100000000ull;
        m.hello.hostmem_size = 1 << 20; m.hello.bar0_size = 0x10000; break;
    case UVS_COSIM_MMIO_READ: m.mmio.addr = 0x208; m.mmio.size = 4; break;
    case UVS_COSIM_MMIO_READ_RESP:
    case UVS_COSIM_MMIO_WRITE:
    case UVS_COSIM_MMIO_WRITE_RESP: m.mmio.addr = 0x28; m.mmio.size = 8; m.mmio.data = 0xfedcba9876543210ull; break;
    case UVS_COSIM_RUN: m.run.cycles = 1000; m.run.flags = UVS_COSIM_RUN_STOP_ON_IRQ; break;
    case UVS_COSIM_TIME_SYNC: m.run.cycles = 1000; m.run.elapsed = 77; m.run.reason = UVS_COSIM_STOP_IRQ; break;
    case UVS_COSIM_IRQ: m.irq.vector = 5; break;
    case UVS_COSIM_GOODBYE: m.bye.reason = UVS_COSIM_BYE_EXIT; m.bye.exit_code = -3; break;
    default: break;
    }
    return m;
}

static const unsigned all_types[] = {
    UVS_COSIM_HELLO, UVS_COSIM_MMIO_READ, UVS_COSIM_MMIO_WRITE, UVS_COSIM_RUN, UVS_COSIM_RESET, UVS_COSIM_IRQ,
    UVS_COSIM_GOODBYE, UVS_COSIM_HELLO_RESP, UVS_COSIM_MMIO_READ_RESP, UVS_COSIM_MMIO_WRITE_RESP,
    UVS_COSIM_TIME_SYNC, UVS_COSIM_RESET_RESP,
};

static void test_round_trip(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof all_types / sizeof all_types[0]; i++) {
        union uvs_cosim_msg m = sample(all_types[i]), d;
        uint8_t wire[UVS_COSIM_MSG_SIZE];
        char why[128];
        assert_int_equal(uvs_cosim_encode(&m, wire), 0);
        /* Little-endian header on the wire, whatever the host order. */
        assert_int_equal(wire[0], 'U');
        assert_int_equal(wire[3], 'C');
        assert_int_equal(wire[4], all_types[i] & 0xff);
        assert_int_equal(wire[8], 42);
        assert_int_equal(wire[16], 0x08);
        assert_int_equal(uvs_cosim_decode(wire, sizeof wire, &d, why, sizeof why), 0);
        m.hdr.magic = UVS_COSIM_MAGIC;
        assert_memory_equal(&m, &d, sizeof m);
        assert_string_not_equal(uvs_cosim_type_name(all_types[i]), "unknown");
    }
    union uvs_cosim_msg w = sample(UVS_COSIM_MMIO_WRITE);
    uint8_t wire[UVS_COSIM_MSG_SIZE];
    assert_int_equal(uvs_cosim_encode(&w, wire), 0);
    assert_int_equal(wire[24], 0x28);  /* addr at 24 */
    assert_int_equal(wire[32], 0x10);  /* data at 32, little-endian */
    assert_int_equal(wire[39], 0xfe);
    assert_int_equal(wire[40], 8);     /* size at 40 */
}

static void test_truncated_and_oversized(void **state)
{
    (void)state;
    union uvs_cosim_msg m = sample(UVS_COSIM_IRQ), d;
    uint8_t wire[UVS_COSIM_MSG_SIZE + 1];
    char why[128];
    assert_int_equal(uvs_cosim_encode(&m, wire), 0);
    size_t lens[] = {0, 1, 23, 24, 63};
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        assert_int_equal(uvs_cosim_decode(wire, lens[i], &d, why, sizeof why), -EBADMSG);
        assert_non_null(strstr(why, "truncated"));
    }
    assert_int_equal(uvs_cosim_decode(wire, 65, &d, why, sizeof why), -EBADMSG);
    assert_non_null(strstr(why, "oversized"));
    assert_int_equal(uvs_cosim_decode(NULL, 64, &d, why, sizeof why), -EINVAL);
    /* A tiny reason buffer is still terminated and never overrun. */
    char tiny[4] = {'x', 'x', 'x', 'x'};
    assert_int_equal(uvs_cosim_decode(wire, 3, &d, tiny, sizeof tiny), -EBADMSG);
    assert_int_equal(tiny[3], '\0');
}

/* Corrupt byte off of a valid message of type t to v; expect -EPROTO with reason. */
static void expect_bad(unsigned t, size_t off, uint8_t v, const char *reason)
{
    union uvs_cosim_msg m = sample(t), d;
    uint8_t wire[UVS_COSIM_MSG_SIZE];
    char why[160];
    assert_int_equal(uvs_cosim_encode(&m, wire), 0);
    wire[off] = v;
    int err = uvs_cosim_decode(wire, sizeof wire, &d, why, sizeof why);
    if (err != -EPROTO || !strstr(why, reason))
        fail_msg("type %s, byte %zu = 0x%x: got %d '%s', expected -EPROTO '%s'", uvs_cosim_type_name(t), off, v, err,
                 why, reason);
}

static void test_malformed(void **state)
{
    (void)state;
    expect_bad(UVS_COSIM_IRQ, 0, 'X', "bad magic");
    expect_bad(UVS_COSIM_IRQ, 4, 0x33, "unknown message type");
    expect_bad(UVS_COSIM_IRQ, 12, 1, "reserved header");
    expect_bad(UVS_COSIM_IRQ, 6, 1, "non-response");        /* status in an IRQ */
    expect_bad(UVS_COSIM_MMIO_READ_RESP, 6, 99, "unknown status");
    expect_bad(UVS_COSIM_MMIO_READ, 40, 3, "access size 3");
    expect_bad(UVS_COSIM_MMIO_READ, 40, 16, "access size 16");
    expect_bad(UVS_COSIM_MMIO_READ, 24, 0x02, "not aligned");
    expect_bad(UVS_COSIM_MMIO_READ, 32, 1, "data must be 0");
    expect_bad(UVS_COSIM_MMIO_WRITE, 40, 4, "wider than 4");
    expect_bad(UVS_COSIM_MMIO_WRITE, 63, 1, "reserved bytes");
    expect_bad(UVS_COSIM_RUN, 32, 0x80, "unknown flags");
    expect_bad(UVS_COSIM_TIME_SYNC, 36, 9, "stop reason");
    expect_bad(UVS_COSIM_TIME_SYNC, 41, 0xff, "budget");      /* elapsed 0xff4d > 1000 cycles */
    expect_bad(UVS_COSIM_IRQ, 24, 32, "vector 32");
    expect_bad(UVS_COSIM_IRQ, 40, 1, "reserved");
    expect_bad(UVS_COSIM_GOODBYE, 24, 9, "unknown reason");
    expect_bad(UVS_COSIM_HELLO, 26, 0, "version 0");          /* version 0x00010000: byte 26 holds the 1 */
    expect_bad(UVS_COSIM_HELLO, 28, 1, "server-only");
    expect_bad(UVS_COSIM_HELLO_RESP, 28, 0, "MSI vectors");
    expect_bad(UVS_COSIM_HELLO_RESP, 40, 1, "multiple of 4096");
    expect_bad(UVS_COSIM_RESET, 24, 1, "scope");

    /* RUN with a budget of 0 cycles (1000 = 0x3e8 in bytes 24..25). */
    union uvs_cosim_msg m = sample(UVS_COSIM_RUN), d;
    uint8_t wire[UVS_COSIM_MSG_SIZE];
    char why[160];
    assert_int_equal(uvs_cosim_encode(&m, wire), 0);
    wire[24] = wire[25] = 0;
    assert_int_equal(uvs_cosim_decode(wire, sizeof wire, &d, why, sizeof why), -EPROTO);
    assert_non_null(strstr(why, "0 cycles"));
}

static void test_encode_refuses_malformed(void **state)
{
    (void)state;
    uint8_t wire[UVS_COSIM_MSG_SIZE];
    union uvs_cosim_msg m = sample(UVS_COSIM_MMIO_READ);
    m.mmio.size = 5;
    assert_int_equal(uvs_cosim_encode(&m, wire), -EINVAL);
    m = sample(UVS_COSIM_RUN);
    m.run.cycles = 0;
    assert_int_equal(uvs_cosim_encode(&m, wire), -EINVAL);
    m = sample(UVS_COSIM_IRQ);
    m.hdr.type = 0x99;
    assert_int_equal(uvs_cosim_encode(&m, wire), -EINVAL);
    assert_int_equal(uvs_cosim_encode(NULL, wire), -EINVAL);
}

/* Random and mutated input: decode never crashes, and whatever it accepts
 * encodes back to the same bytes. */
static void test_random_input(void **state)
{
    (void)state;
    uint64_t x = 0x9e3779b97f4a7c15ull;
    unsigned accepted = 0;
    for (int it = 0; it < 200000; it++) {
        union uvs_cosim_msg m = sample(all_types[it % (sizeof all_types / sizeof all_types[0])]), d;
        uint8_t wire[UVS_COSIM_MSG_SIZE], back[UVS_COSIM_MSG_SIZE];
        char why[128];
        assert_int_equal(uvs_cosim_encode(&m, wire), 0);
        int flips = it % 4;
        for (int f = 0; f < flips; f++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            wire[x % UVS_COSIM_MSG_SIZE] = (uint8_t)(x >> 32);
        }
        int err = uvs_cosim_decode(wire, sizeof wire, &d, why, sizeof why);
        if (err == 0) {
            accepted++;
            assert_int_equal(uvs_cosim_encode(&d, back), 0);
            assert_memory_equal(wire, back, sizeof wire);
        } else {
            assert_int_equal(err, -EPROTO);
            assert_true(why[0] != '\0');
        }
    }
    assert_true(accepted >= 50000); /* unmodified messages (flips = 0) at least */
}

static void test_status_errno(void **state)
{
    (void)state;
    assert_int_equal(uvs_cosim_status_errno(UVS_COSIM_ST_OK), 0);
    assert_int_equal(uvs_cosim_status_errno(UVS_COSIM_ST_BAD_ADDR), -EFAULT);
    assert_int_equal(uvs_cosim_status_errno(UVS_COSIM_ST_VERSION), -EPROTONOSUPPORT);
    assert_int_equal(uvs_cosim_from_server(UVS_COSIM_IRQ), 1);
    assert_int_equal(uvs_cosim_from_server(UVS_COSIM_MMIO_READ), 0);
    assert_string_equal(uvs_cosim_type_name(0x55), "unknown");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_truncated_and_oversized),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_encode_refuses_malformed),
        cmocka_unit_test(test_random_input),
        cmocka_unit_test(test_status_errno),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * Unit tests of the device-broker message codec (include/lib/broker_msg.c,
 * uvs_broker.h): round trips, every malformed-input class with its errno and
 * reason, and sending/receiving over a SOCK_SEQPACKET socketpair with and
 * without a file descriptor.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include "uvs_broker.h"

static struct uvs_brk_msg sample(void)
{
    struct uvs_brk_msg m;
    memset(&m, 0, sizeof m);
    m.version = UVS_BRK_VERSION;
    m.type = UVS_BRK_LAUNCH;
    m.seq = 0x01020304;
    m.status = -14;
    m.grid_dim = 3;
    m.block_dim = 5;
    m.nargs = UVS_BRK_ARGS;
    m.timeout_cycles = 0x1122334455667788ull;
    for (unsigned i = 0; i < 3; i++)
        m.val[i] = 0xa0a0a0a000000000ull + i;
    for (unsigned i = 0; i < UVS_BRK_ARGS; i++)
        m.arg[i] = 0x100ull * i + 7;
    strcpy(m.name, "pattern");
    return m;
}

static void round_trip(void **state)
{
    (void)state;
    struct uvs_brk_msg m = sample(), d;
    uint8_t b[UVS_BRK_MSG_SIZE];
    assert_int_equal(uvs_brk_encode(&m, b), 0);
    assert_int_equal(b[0], 0x55); /* magic, little-endian */
    assert_int_equal(b[3], 0x4b);
    assert_int_equal(uvs_brk_decode(b, sizeof b, &d, NULL, 0), 0);
    assert_memory_equal(&m, &d, sizeof m);
}

/* Decode b (len bytes) and expect err with a reason containing want. */
static void expect_bad(const uint8_t *b, size_t len, int err, const char *want)
{
    struct uvs_brk_msg d;
    char why[160] = "";
    assert_int_equal(uvs_brk_decode(b, len, &d, why, sizeof why), err);
    assert_non_null(strstr(why, want));
}

static void bad_inputs(void **state)
{
    (void)state;
    struct uvs_brk_msg m = sample();
    uint8_t b[UVS_BRK_MSG_SIZE + 1], c[UVS_BRK_MSG_SIZE + 1];
    assert_int_equal(uvs_brk_encode(&m, b), 0);
    expect_bad(b, 10, -EBADMSG, "short message: 10 bytes");
    expect_bad(b, 0, -EBADMSG, "short message: 0 bytes");
    b[UVS_BRK_MSG_SIZE] = 0;
    expect_bad(b, UVS_BRK_MSG_SIZE + 1, -EBADMSG, "long message");
    memcpy(c, b, sizeof c);
    c[0] ^= 1;
    expect_bad(c, UVS_BRK_MSG_SIZE, -EPROTO, "bad magic");
    memcpy(c, b, sizeof c);
    c[4] = 2;
    expect_bad(c, UVS_BRK_MSG_SIZE, -EPROTONOSUPPORT, "protocol version 2");
    memcpy(c, b, sizeof c);
    c[6] = 9;
    expect_bad(c, UVS_BRK_MSG_SIZE, -EOPNOTSUPP, "unknown command 9");
    memcpy(c, b, sizeof c);
    c[6] = UVS_BRK_ERROR | UVS_BRK_REPLY;
    expect_bad(c, UVS_BRK_MSG_SIZE, -EOPNOTSUPP, "unknown command 255");
    memcpy(c, b, sizeof c);
    c[6] = 0;
    expect_bad(c, UVS_BRK_MSG_SIZE, -EOPNOTSUPP, "unknown command 0");
    memcpy(c, b, sizeof c);
    c[24] = UVS_BRK_ARGS + 1;
    expect_bad(c, UVS_BRK_MSG_SIZE, -EINVAL, "15 launch arguments");
    memcpy(c, b, sizeof c);
    c[29] = 1;
    expect_bad(c, UVS_BRK_MSG_SIZE, -EBADMSG, "reserved bytes 28..31");
    memcpy(c, b, sizeof c);
    c[UVS_BRK_MSG_SIZE - 1] = 1;
    expect_bad(c, UVS_BRK_MSG_SIZE, -EBADMSG, "reserved byte 319");
    memcpy(c, b, sizeof c);
    memset(c + 176, 'x', UVS_BRK_NAME_MAX);
    expect_bad(c, UVS_BRK_MSG_SIZE, -EBADMSG, "not NUL-terminated");
    /* the encoder refuses what the decoder would */
    m.nargs = UVS_BRK_ARGS + 1;
    assert_int_equal(uvs_brk_encode(&m, b), -EINVAL);
    m = sample();
    memset(m.name, 'y', sizeof m.name);
    assert_int_equal(uvs_brk_encode(&m, b), -EINVAL);
    assert_int_equal(uvs_brk_encode(NULL, b), -EINVAL);
    assert_int_equal(uvs_brk_decode(NULL, 0, &m, NULL, 0), -EINVAL);
    assert_string_equal(uvs_brk_type_name(UVS_BRK_ALLOC | UVS_BRK_REPLY), "ALLOC");
    assert_string_equal(uvs_brk_type_name(77), "unknown");
}

static void over_socket(void **state)
{
    (void)state;
    int sv[2], p[2], fd = -7;
    struct uvs_brk_msg m = sample(), d;
    char why[160];
    assert_int_equal(socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sv), 0);
    assert_int_equal(pipe(p), 0);
    /* with a descriptor: it arrives, usable */
    assert_int_equal(uvs_brk_send(sv[0], &m, p[1]), 0);
    assert_int_equal(uvs_brk_recv(sv[1], &d, &fd, why, sizeof why), 1);
    assert_memory_equal(&m, &d, sizeof m);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "k", 1), 1);
    char ch = 0;
    assert_int_equal(read(p[0], &ch, 1), 1);
    assert_int_equal(ch, 'k');
    close(fd);
    /* without one: *fd = -1 */
    assert_int_equal(uvs_brk_send(sv[0], &m, -1), 0);
    assert_int_equal(uvs_brk_recv(sv[1], &d, &fd, why, sizeof why), 1);
    assert_int_equal(fd, -1);
    /* a short and a long raw message: clear errors, the stream goes on */
    uint8_t raw[UVS_BRK_MSG_SIZE + 40];
    memset(raw, 0, sizeof raw);
    assert_int_equal(send(sv[0], raw, 7, 0), 7);
    assert_int_equal(uvs_brk_recv(sv[1], &d, &fd, why, sizeof why), -EBADMSG);
    assert_non_null(strstr(why, "short message: 7 bytes"));
    assert_int_equal(send(sv[0], raw, sizeof raw, 0), (ssize_t)sizeof raw);
    assert_int_equal(uvs_brk_recv(sv[1], &d, &fd, why, sizeof why), -EBADMSG);
    assert_non_null(strstr(why, "long message"));
    /* a descriptor the receiver does not take (fd NULL) is closed, not leaked */
    assert_int_equal(uvs_brk_send(sv[0], &m, p[1]), 0);
    assert_int_equal(uvs_brk_recv(sv[1], &d, NULL, why, sizeof why), 1); /* fd NULL: closed by recv */
    /* end of stream */
    close(sv[0]);
    assert_int_equal(uvs_brk_recv(sv[1], &d, &fd, why, sizeof why), 0);
    /* a send to a closed peer: -EPIPE, no SIGPIPE */
    assert_int_equal(uvs_brk_send(sv[1], &m, -1), -EPIPE);
    close(sv[1]);
    close(p[0]);
    close(p[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),
        cmocka_unit_test(bad_inputs),
        cmocka_unit_test(over_socket),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

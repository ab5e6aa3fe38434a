/*
 * libFuzzer target: the device-broker socket-message parser
 * (include/lib/broker_msg.c, uvs_brk_decode). Any byte string of any length
 * must decode or be refused with one of the documented errors and a reason;
 * a message that decodes must encode back to the same 320 bytes (every byte
 * is a field or reserved zero) and decode again to the same message.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "uvs_broker.h"

#define CHECK(c) do { if (!(c)) __builtin_trap(); } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct uvs_brk_msg m, m2;
    char why[160];
    why[0] = 0;
    int rc = uvs_brk_decode(data, size, &m, why, sizeof why);
    CHECK(rc == 0 || rc == -EBADMSG || rc == -EPROTO || rc == -EPROTONOSUPPORT || rc == -EOPNOTSUPP ||
          rc == -EINVAL);
    CHECK(memchr(why, 0, sizeof why) != NULL);
    if (rc != 0) {
        CHECK(why[0] != 0);
        return 0;
    }
    CHECK(size == UVS_BRK_MSG_SIZE);
    CHECK(m.nargs <= UVS_BRK_ARGS && memchr(m.name, 0, sizeof m.name) != NULL);
    uint8_t out[UVS_BRK_MSG_SIZE];
    CHECK(uvs_brk_encode(&m, out) == 0);
    CHECK(memcmp(out, data, UVS_BRK_MSG_SIZE) == 0);
    CHECK(uvs_brk_decode(out, sizeof out, &m2, NULL, 0) == 0);
    CHECK(memcmp(&m, &m2, sizeof m) == 0);
    return 0;
}

/*
 * libFuzzer target: the cosim socket-message parser (include/lib/cosim_msg.c,
 * uvs_cosim_decode). Any byte string of any length must decode or be refused
 * with -EBADMSG / -EPROTO and a reason; a message that decodes must encode
 * back to the same 64 bytes (the wire format has no slack) and decode again
 * to the same message.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <uvmsoc/cosim.h>

#define CHECK(c) do { if (!(c)) __builtin_trap(); } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    union uvs_cosim_msg m, m2;
    char why[96];
    why[0] = 0;
    int rc = uvs_cosim_decode(data, size, &m, why, sizeof why);
    CHECK(rc == 0 || rc == -EBADMSG || rc == -EPROTO);
    CHECK(memchr(why, 0, sizeof why) != NULL);
    if (rc != 0) {
        CHECK(why[0] != 0);
        return 0;
    }
    CHECK(size == UVS_COSIM_MSG_SIZE);
    uint8_t out[UVS_COSIM_MSG_SIZE];
    CHECK(uvs_cosim_encode(&m, out) == 0);
    CHECK(memcmp(out, data, UVS_COSIM_MSG_SIZE) == 0);
    CHECK(uvs_cosim_decode(out, sizeof out, &m2, NULL, 0) == 0);
    CHECK(memcmp(&m, &m2, sizeof m) == 0);
    return 0;
}

/*
 * libFuzzer target: the firmware's host-command parser (firmware/cmd.c,
 * uvs_cmd_execute / uvs_cmd_decode_launch) built for the host. The input is
 * one command-queue entry (hostq.def; short inputs are zero-padded) and the
 * result a fake launcher returns. Every command must produce exactly one
 * event carrying the command's cookie; a launch reaches the launcher only
 * when uvs_cmd_decode_launch accepts it, with the decoded fields.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cmd.h"

#define CHECK(c) do { if (!(c)) __builtin_trap(); } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct uvs_launch_result canned;
static struct uvs_launch_req seen;
static int calls;

static int fake_launch(const struct uvs_launch_req *req, struct uvs_launch_result *res)
{
    seen = *req;
    calls++;
    *res = canned;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct uvs_hostq_cmd cmd;
    memset(&cmd, 0, sizeof cmd);
    memcpy(&cmd, data, size < sizeof cmd ? size : sizeof cmd);
    data += size < sizeof cmd ? size : sizeof cmd;
    size -= size < sizeof cmd ? size : sizeof cmd;
    memset(&canned, 0, sizeof canned);
    if (size >= 1)
        canned.outcome = (enum uvs_launch_outcome)(data[0] % 8);
    if (size >= 2)
        canned.err = data[1] % 8;
    if (size >= 6)
        memcpy(&canned.nthreads, data + 2, 4);
    canned.why = "fuzz";
    calls = 0;
    struct uvs_launch_req dec;
    int dec_rc = uvs_cmd_decode_launch(&cmd, &dec);
    struct uvs_hostq_evt evt;
    memset(&evt, 0xa5, sizeof evt);
    int rc = uvs_cmd_execute(&cmd, &evt, fake_launch);
    (void)rc;
    CHECK(evt.cookie == cmd.cookie);
    CHECK(calls <= 1);
    if (calls) {
        CHECK(dec_rc == 0);
        CHECK(memcmp(&seen, &dec, sizeof dec) == 0);
    }
    return 0;
}

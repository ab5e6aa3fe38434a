/*
 * libFuzzer target: the simulator's device-tree handling (sim/dtb.c). Any
 * bytes go through uvs_dtb_check (1 or 5 harts, from the first input byte);
 * a blob it accepts is given the run-time devices by uvs_dtb_add_devices
 * (host link and HBM on or off), whose result must pass uvs_dtb_check
 * again, and adding the devices a second time must change nothing (nodes
 * that exist are left as they are).
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dtb.h"

#define CHECK(c) do { if (!(c)) __builtin_trap(); } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    uint8_t sel = data[0];
    data++;
    size--;
    unsigned harts = sel & 1 ? 5 : 1;
    /* libfdt wants the blob 8-byte aligned: copy it */
    void *blob = malloc(size ? size : 1);
    CHECK(blob != NULL);
    memcpy(blob, data, size);
    char err[160] = "";
    int rc = uvs_dtb_check(blob, size, harts, "fuzz.dtb", err, sizeof err);
    CHECK(rc == 0 || (rc == -EINVAL && err[0] != 0));
    if (rc == 0) {
        void *out = NULL, *out2 = NULL;
        size_t n = 0, n2 = 0;
        int host = (sel >> 1) & 1;
        uint64_t hbm = sel & 4 ? 64ULL << 20 : 0;
        rc = uvs_dtb_add_devices(blob, host, hbm, &out, &n, err, sizeof err);
        CHECK(rc == 0 || ((rc == -EINVAL || rc == -EFBIG || rc == -ENOMEM) && err[0] != 0));
        if (rc == 0) {
            CHECK(uvs_dtb_check(out, n, harts, "fuzz.dtb+devices", err, sizeof err) == 0);
            CHECK(uvs_dtb_add_devices(out, host, hbm, &out2, &n2, err, sizeof err) == 0);
            CHECK(n2 == n && memcmp(out, out2, n) == 0);
            free(out2);
            free(out);
        }
    }
    free(blob);
    return 0;
}

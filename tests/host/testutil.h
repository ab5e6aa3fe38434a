/*
 * Helpers shared by the libuvmsoc unit tests (cmocka).
 */
#ifndef UVMSOC_TEST_UTIL_H
#define UVMSOC_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <uvmsoc/uvmsoc.h>
#include "mock.h"

/* Open a mock device with cfg (NULL = defaults); fails the test on error. */
static inline struct uvs_dev *open_mock(const struct uvs_mock_config *cfg)
{
    struct uvs_open_opts o = {.backend = "mock", .backend_arg = cfg, .timeout_cycles = 10000000};
    struct uvs_dev *dev = NULL;
    int err = uvs_open(&o, &dev);
    if (err)
        fail_msg("uvs_open(mock): %d %s", err, uvs_last_error());
    return dev;
}

/* Assert that the last error detail contains needle. */
#define assert_err_contains(needle)                                                        \
    do {                                                                                   \
        if (!strstr(uvs_last_error(), (needle)))                                           \
            fail_msg("error detail '%s' does not contain '%s'", uvs_last_error(), (needle)); \
    } while (0)

#endif

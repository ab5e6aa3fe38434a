/* The traced sibling of the simulator: see trace_exec.h. */
#include "trace_exec.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int uvs_trace_sibling(char *path, size_t len)
{
    const size_t suffix = sizeof UVS_TRACE_SIBLING_SUFFIX - 1;
    ssize_t n;

    if (len < suffix + 2)
        return -ENAMETOOLONG;
    n = readlink("/proc/self/exe", path, len - suffix - 1);
    if (n < 0)
        return -errno;
    if ((size_t)n >= len - suffix - 1)
        return -ENAMETOOLONG; /* possibly truncated */
    memcpy(path + n, UVS_TRACE_SIBLING_SUFFIX, suffix + 1);
    return 0;
}

/* The configuration's name: the last directory of @path (build/<config>/x). */
static void config_of(const char *path, char *cfg, size_t len)
{
    const char *end = strrchr(path, '/');
    const char *start = end;

    snprintf(cfg, len, "<config>");
    if (!end || end == path)
        return;
    while (start > path && start[-1] != '/')
        start--;
    if (end - start > 0 && (size_t)(end - start) < len)
        snprintf(cfg, len, "%.*s", (int)(end - start), start);
}

int uvs_trace_reexec(char **argv, char *err, size_t errlen)
{
    char path[4096], cfg[64];
    int rc = uvs_trace_sibling(path, sizeof path);

    if (rc != 0) {
        snprintf(err, errlen, "--trace-fst: cannot locate this executable: %s", strerror(-rc));
        return rc;
    }
    fflush(NULL);
    execv(path, argv);
    rc = -errno;
    config_of(path, cfg, sizeof cfg);
    snprintf(err, errlen,
             "--trace-fst needs the traced simulator %s (%s); this one is built without "
             "tracing: run `make CONFIG=%s sim-trace`",
             path, strerror(-rc), cfg);
    return rc;
}

/*
 * uvmsoc CLI: where the simulator, the firmware and the kernels are when no
 * option names them. Order: the environment variable, then paths next to
 * the running executable (/proc/self/exe): the build tree
 * (BUILD/host/uvmsoc -> BUILD/c4/uvmsoc-sim, BUILD/firmware/...), then an
 * installed tree (PREFIX/bin/uvmsoc -> PREFIX/bin/uvmsoc-sim-c4,
 * PREFIX/share/uvmsoc/...).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* Directory of the running executable, "" when unknown. */
static const char *exe_dir(void)
{
    static char dir[PATH_MAX];
    static int done;
    if (!done) {
        ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
        dir[n > 0 ? n : 0] = '\0';
        char *slash = strrchr(dir, '/');
        if (slash)
            *slash = '\0';
        else
            dir[0] = '\0';
        done = 1;
    }
    return dir;
}

static const char *const sim_rel[] = {"../c4/uvmsoc-sim", "uvmsoc-sim-c4", NULL};
static const char *const fw_rel[] = {"../firmware/uvmsoc-fw.elf", "../share/uvmsoc/uvmsoc-fw.elf", NULL};
static const char *const kdir_rel[] = {"../firmware/kernels", "../share/uvmsoc/kernels", NULL};

int cli_locate(enum cli_thing what, char *out, size_t outlen)
{
    static const char *const env[] = {"UVMSOC_SIM", "UVMSOC_FIRMWARE", "UVMSOC_KERNEL_DIR"};
    static const char *const *const rel[] = {sim_rel, fw_rel, kdir_rel};
    static const char *const name[] = {"simulator", "firmware", "kernel directory"};
    const char *e = getenv(env[what]);
    if (e && *e) {
        if (access(e, what == CLI_SIM ? X_OK : R_OK) != 0) {
            fprintf(stderr, "uvmsoc: %s %s (from $%s): %s\n", name[what], e, env[what], strerror(errno));
            return -1;
        }
        snprintf(out, outlen, "%s", e);
        return 0;
    }
    const char *dir = exe_dir();
    for (const char *const *r = rel[what]; *dir && *r; r++) {
        if ((size_t)snprintf(out, outlen, "%s/%s", dir, *r) >= outlen)
            continue;
        if (access(out, what == CLI_SIM ? X_OK : R_OK) == 0) {
            char real[PATH_MAX];
            if (realpath(out, real) && strlen(real) < outlen)
                strcpy(out, real); /* without the "../" */
            return 0;
        }
    }
    fprintf(stderr, "uvmsoc: cannot find the %s: looked for $%s", name[what], env[what]);
    for (const char *const *r = rel[what]; *dir && *r; r++)
        fprintf(stderr, ", %s/%s", dir, *r);
    fprintf(stderr, " (build it with 'make', or name it with an option)\n");
    return -1;
}

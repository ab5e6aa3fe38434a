/* Device tree blob checks with libfdt. */
#include "dtb.h"

#include <errno.h>
#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uvmsoc/memmap.h>

int uvs_dtb_read_file(const char *path, void **blob, size_t *size, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    size_t cap = UVS_DTB_MAX_SIZE + 1, n;
    uint8_t *buf;

    *blob = NULL;
    *size = 0;
    if (!f) {
        int e = errno;
        snprintf(err, errlen, "cannot open DTB '%s': %s", path, strerror(e));
        return -e;
    }
    buf = malloc(cap);
    if (!buf) {
        fclose(f);
        snprintf(err, errlen, "out of memory reading DTB '%s'", path);
        return -ENOMEM;
    }
    n = fread(buf, 1, cap, f);
    if (ferror(f)) {
        snprintf(err, errlen, "cannot read DTB '%s': I/O error", path);
        fclose(f);
        free(buf);
        return -EIO;
    }
    fclose(f);
    if (n > UVS_DTB_MAX_SIZE) {
        snprintf(err, errlen, "DTB '%s' is larger than %llu bytes", path,
                 (unsigned long long)UVS_DTB_MAX_SIZE);
        free(buf);
        return -EFBIG;
    }
    *blob = buf;
    *size = n;
    return 0;
}

int uvs_dtb_check(const void *blob, size_t size, unsigned harts, const char *name,
                  char *err, size_t errlen)
{
    int rc, cpus, node;
    unsigned count = 0;

    if (size < sizeof(struct fdt_header)) {
        snprintf(err, errlen, "%s: not a DTB (%zu bytes, shorter than an FDT header)", name, size);
        return -EINVAL;
    }
    rc = fdt_check_header(blob);
    if (rc != 0) {
        snprintf(err, errlen, "%s: not a valid DTB: %s", name, fdt_strerror(rc));
        return -EINVAL;
    }
    if (fdt_totalsize(blob) > size) {
        snprintf(err, errlen, "%s: truncated DTB (header says %u bytes, file has %zu)", name,
                 fdt_totalsize(blob), size);
        return -EINVAL;
    }
    if (fdt_totalsize(blob) > UVS_DTB_MAX_SIZE) {
        snprintf(err, errlen, "%s: DTB of %u bytes is larger than %llu", name,
                 fdt_totalsize(blob), (unsigned long long)UVS_DTB_MAX_SIZE);
        return -EINVAL;
    }
    rc = fdt_check_full(blob, size);
    if (rc != 0) {
        snprintf(err, errlen, "%s: malformed DTB: %s", name, fdt_strerror(rc));
        return -EINVAL;
    }
    cpus = fdt_path_offset(blob, "/cpus");
    if (cpus < 0) {
        snprintf(err, errlen, "%s: DTB has no /cpus node", name);
        return -EINVAL;
    }
    fdt_for_each_subnode(node, blob, cpus) {
        const char *n = fdt_get_name(blob, node, NULL);
        if (n && strncmp(n, "cpu@", 4) == 0)
            count++;
    }
    if (count != harts) {
        snprintf(err, errlen, "%s: DTB describes %u harts (/cpus/cpu@*), the model has %u",
                 name, count, harts);
        return -EINVAL;
    }
    return 0;
}

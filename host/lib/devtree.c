/*
 * Devicetree lookup of the device for the uio backend (see devtree.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libfdt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "devtree.h"
#include "hw.h"
#include "internal.h"

#define DT_MAX_BLOB (64u << 20) /* refuse larger trees: no real devicetree comes near */

static int read_file(const char *path, void **data, size_t *len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    size_t cap = 4096, n = 0;
    char *b = malloc(cap);
    for (;;) {
        if (!b) {
            close(fd);
            return -ENOMEM;
        }
        if (n == cap) {
            if (cap >= DT_MAX_BLOB) {
                free(b);
                close(fd);
                return -EFBIG;
            }
            char *nb = realloc(b, cap *= 2);
            if (!nb)
                free(b);
            b = nb;
            continue;
        }
        ssize_t r = read(fd, b + n, cap - n);
        if (r < 0) {
            int e = errno;
            free(b);
            close(fd);
            return -e;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    close(fd);
    *data = b;
    *len = n;
    return 0;
}

/* One directory of /proc/device-tree as a node: properties (files) first, then children. */
static int fs_node(void *fdt, const char *dir, const char *name, int depth)
{
    if (depth > 32)
        return -ELOOP;
    int err = fdt_begin_node(fdt, name);
    if (err)
        return err == -FDT_ERR_NOSPACE ? -ENOSPC : -EINVAL;
    for (int pass = 0; pass < 2; pass++) {
        DIR *d = opendir(dir);
        if (!d)
            return -errno;
        struct dirent *e;
        while ((e = readdir(d))) {
            if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2])))
                continue;
            char p[PATH_MAX];
            struct stat st;
            if (snprintf(p, sizeof p, "%s/%s", dir, e->d_name) >= (int)sizeof p || stat(p, &st) != 0)
                continue;
            if (pass == 0 && S_ISREG(st.st_mode)) {
                void *v;
                size_t len;
                if ((err = read_file(p, &v, &len))) {
                    if (err != -EACCES)
                        break;
                    err = 0; /* a root-only property: not one the lookup needs */
                    continue;
                }
                err = fdt_property(fdt, e->d_name, v, (int)len);
                free(v);
                if (err)
                    err = err == -FDT_ERR_NOSPACE ? -ENOSPC : -EINVAL;
            } else if (pass == 1 && S_ISDIR(st.st_mode)) {
                err = fs_node(fdt, p, e->d_name, depth + 1);
            }
            if (err)
                break;
        }
        closedir(d);
        if (err)
            return err;
    }
    err = fdt_end_node(fdt);
    return err ? (err == -FDT_ERR_NOSPACE ? -ENOSPC : -EINVAL) : 0;
}

static int fs_to_fdt(const char *dir, void **out)
{
    for (size_t cap = 1u << 20; cap <= DT_MAX_BLOB; cap *= 2) {
        void *fdt = malloc(cap);
        if (!fdt)
            return -ENOMEM;
        int err = fdt_create(fdt, (int)cap);
        if (!err)
            err = fdt_finish_reservemap(fdt) ? -EINVAL : 0;
        if (!err)
            err = fs_node(fdt, dir, "", 0);
        if (!err)
            err = fdt_finish(fdt) == -FDT_ERR_NOSPACE ? -ENOSPC : 0;
        if (!err) {
            *out = fdt;
            return 0;
        }
        free(fdt);
        if (err != -ENOSPC)
            return err;
    }
    return -EFBIG;
}

int uvs_dt_load(const char *root, const char *dtb, void **fdt, char *src, size_t srcn)
{
    *fdt = NULL;
    if (dtb && *dtb) {
        snprintf(src, srcn, "%s", dtb);
        void *b;
        size_t len;
        int err = read_file(dtb, &b, &len);
        if (err)
            return uvs_err(err, "devicetree blob %s: %s", dtb, strerror(-err));
        if (len < sizeof(struct fdt_header) || fdt_check_header(b) != 0 || fdt_totalsize(b) > len) {
            free(b);
            return uvs_err(-EINVAL, "%s is not a devicetree blob (bad FDT header)", dtb);
        }
        *fdt = b;
        return 0;
    }
    char dir[PATH_MAX];
    if (uvs_path(dir, root, "/proc/device-tree"))
        return uvs_err(-ENAMETOOLONG, "devicetree path below '%s' too long", root);
    snprintf(src, srcn, "%s", dir);
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return uvs_err(-ENOENT, "no devicetree at %s (not booted with one? name a blob with uio:...,dtb=FILE)", dir);
    int err = fs_to_fdt(dir, fdt);
    if (err)
        return uvs_err(err, "cannot read the devicetree at %s: %s", dir, strerror(-err));
    return 0;
}

static uint64_t cells(const fdt32_t *p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v = v << 32 | fdt32_to_cpu(p[i]);
    return v;
}

/* First reg entry of node, translated through the parents' ranges to a CPU address. */
static int node_reg(const void *fdt, int node, uint64_t *addr, uint64_t *size)
{
    int parent = fdt_parent_offset(fdt, node), len;
    if (parent < 0)
        return -EINVAL;
    int ac = fdt_address_cells(fdt, parent), sc = fdt_size_cells(fdt, parent);
    const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &len);
    if (!reg || ac < 1 || ac > 2 || sc < 0 || sc > 2 || len < (int)sizeof(fdt32_t) * (ac + sc))
        return -EINVAL;
    *addr = cells(reg, ac);
    *size = cells(reg + ac, sc);
    /* Walk up: each bus with non-empty ranges maps child addresses to its parent's. */
    for (int bus = parent; bus > 0;) {
        int up = fdt_parent_offset(fdt, bus);
        if (up < 0)
            return -EINVAL;
        const fdt32_t *r = fdt_getprop(fdt, bus, "ranges", &len);
        if (!r)
            return -EINVAL; /* no ranges: not mapped into the CPU's address space */
        int cac = fdt_address_cells(fdt, bus), pac = fdt_address_cells(fdt, up), csc = fdt_size_cells(fdt, bus);
        int ent = cac + pac + csc, found = len == 0;
        if (cac < 1 || cac > 2 || pac < 1 || pac > 2 || csc < 1 || csc > 2)
            return -EINVAL;
        for (int i = 0; !found && (i + 1) * ent * (int)sizeof(fdt32_t) <= len; i++) {
            const fdt32_t *e = r + i * ent;
            uint64_t c = cells(e, cac), p = cells(e + cac, pac), s = cells(e + cac + pac, csc);
            if (*addr >= c && *addr - c < s) {
                *addr = *addr - c + p;
                found = 1;
            }
        }
        if (!found)
            return -EINVAL;
        bus = up;
    }
    return 0;
}

int uvs_dt_find(const void *fdt, const char *src, const char *compat, struct uvs_dt_dev *d)
{
    memset(d, 0, sizeof *d);
    int node = -1;
    for (;;) {
        node = fdt_node_offset_by_compatible(fdt, node, compat);
        if (node < 0)
            return uvs_err(-ENODEV, "no enabled node compatible with \"%s\" in the devicetree %s (is the overlay "
                           "applied? boards/icicle-kit/uvmsoc-overlay.dtso)", compat, src);
        const char *st = fdt_getprop(fdt, node, "status", NULL);
        if (!st || strcmp(st, "okay") == 0 || strcmp(st, "ok") == 0)
            break;
    }
    if (fdt_get_path(fdt, node, d->path, sizeof d->path) != 0)
        return uvs_err(-EINVAL, "devicetree %s: node path of \"%s\" too long", src, compat);
    if (node_reg(fdt, node, &d->reg, &d->reg_size))
        return uvs_err(-EINVAL, "devicetree %s: node %s has no usable reg (one entry, through its buses' ranges)", src,
                       d->path);
    int len;
    const fdt32_t *mr = fdt_getprop(fdt, node, "memory-region", &len);
    if (mr) {
        int r = len == 4 ? fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(mr[0])) : -1;
        if (r < 0 || node_reg(fdt, r, &d->dma, &d->dma_size))
            return uvs_err(-EINVAL, "devicetree %s: memory-region of %s does not name a region with a reg", src,
                           d->path);
        d->has_dma = 1;
    }
    return 0;
}

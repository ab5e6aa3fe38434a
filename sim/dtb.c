/* Device tree blob checks with libfdt. */
#include "dtb.h"

#include <errno.h>
#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/plic.h>

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

/* Set "reg" of @node to one (base, size) pair in the parent's cell sizes. */
static int set_reg(void *fdt, int parent, int node, uint64_t base, uint64_t size)
{
    fdt32_t cells[4];
    int ac = fdt_address_cells(fdt, parent), sc = fdt_size_cells(fdt, parent), n = 0;

    if (ac < 1 || ac > 2 || sc < 0 || sc > 2)
        return -FDT_ERR_BADNCELLS;
    if ((ac == 1 && base >> 32) || (sc == 1 && size >> 32))
        return -FDT_ERR_BADVALUE; /* does not fit the parent's cells */
    if (ac == 2)
        cells[n++] = cpu_to_fdt32((uint32_t)(base >> 32));
    cells[n++] = cpu_to_fdt32((uint32_t)base);
    if (sc == 2)
        cells[n++] = cpu_to_fdt32((uint32_t)(size >> 32));
    if (sc >= 1)
        cells[n++] = cpu_to_fdt32((uint32_t)size);
    return fdt_setprop(fdt, node, "reg", cells, n * (int)sizeof cells[0]);
}

/* Add @parent/@name with the string property @key = @value and reg, and,
 * when @plic (the PLIC's phandle) is non-zero, interrupt-parent = @plic and
 * interrupts = <@src> (DT spec 2.4.1); an existing node of that name is kept
 * unchanged. 0 or a libfdt error. */
static int add_node(void *fdt, int parent, const char *name, const char *key, const char *value,
                    uint64_t base, uint64_t size, uint32_t plic, uint32_t src)
{
    int node = fdt_subnode_offset(fdt, parent, name), rc;

    if (node >= 0)
        return 0;
    node = fdt_add_subnode(fdt, parent, name);
    if (node < 0)
        return node;
    rc = fdt_setprop_string(fdt, node, key, value);
    if (rc == 0)
        rc = set_reg(fdt, parent, node, base, size);
    if (rc == 0 && plic != 0)
        rc = fdt_setprop_u32(fdt, node, "interrupt-parent", plic);
    if (rc == 0 && plic != 0)
        rc = fdt_setprop_u32(fdt, node, "interrupts", src);
    return rc;
}

/* Phandle of the tree's PLIC ("riscv,plic0"), 0 when it has none. */
static uint32_t plic_phandle(const void *fdt)
{
    int node = fdt_node_offset_by_compatible(fdt, -1, "riscv,plic0");

    return node < 0 ? 0 : fdt_get_phandle(fdt, node);
}

int uvs_dtb_add_devices(const void *in, int host, uint64_t hbm_size, void **out, size_t *out_size,
                        char *err, size_t errlen)
{
    char name[32];
    int rc, soc;
    size_t cap;
    void *fdt;

    *out = NULL;
    *out_size = 0;
    rc = fdt_check_header(in);
    if (rc != 0) {
        snprintf(err, errlen, "cannot add devices to the DTB: %s", fdt_strerror(rc));
        return -EINVAL;
    }
    cap = fdt_totalsize(in) + 2048; /* room for three small nodes */
    fdt = malloc(cap);
    if (!fdt) {
        snprintf(err, errlen, "out of memory adding devices to the DTB");
        return -ENOMEM;
    }
    rc = fdt_open_into(in, fdt, (int)cap);
    soc = 0;
    if (rc == 0 && host) {
        uint32_t plic = plic_phandle(fdt);

        soc = fdt_path_offset(fdt, "/soc");
        if (soc < 0)
            soc = 0; /* no /soc: the root */
        snprintf(name, sizeof name, "dma@%llx", (unsigned long long)UVS_DMA_BASE);
        rc = add_node(fdt, soc, name, "compatible", "uvmsoc,dma", UVS_DMA_BASE, UVS_DMA_SIZE, plic,
                      (uint32_t)UVS_PLIC_SRC_DMA);
        if (rc == 0) {
            snprintf(name, sizeof name, "hostif@%llx", (unsigned long long)UVS_HOSTIF_BASE);
            rc = add_node(fdt, soc, name, "compatible", "uvmsoc,hostif", UVS_HOSTIF_BASE,
                          UVS_HOSTIF_SIZE, plic, (uint32_t)UVS_PLIC_SRC_HOSTIF);
        }
    }
    if (rc == 0 && hbm_size) {
        snprintf(name, sizeof name, "memory@%llx", (unsigned long long)UVS_HBM_BASE);
        rc = add_node(fdt, 0, name, "device_type", "memory", UVS_HBM_BASE, hbm_size, 0, 0);
    }
    if (rc == 0)
        rc = fdt_pack(fdt);
    if (rc != 0) {
        snprintf(err, errlen, "cannot add the %s%s%s nodes to the DTB: %s", host ? "host interface and DMA" : "",
                 host && hbm_size ? " and " : "", hbm_size ? "HBM memory" : "", fdt_strerror(rc));
        free(fdt);
        return -EINVAL;
    }
    if (fdt_totalsize(fdt) > UVS_DTB_MAX_SIZE) {
        snprintf(err, errlen, "DTB with the added device nodes is %u bytes, larger than %llu",
                 fdt_totalsize(fdt), (unsigned long long)UVS_DTB_MAX_SIZE);
        free(fdt);
        return -EFBIG;
    }
    *out = fdt;
    *out_size = fdt_totalsize(fdt);
    return 0;
}

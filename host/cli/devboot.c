/*
 * Boot and kernel loading for the commands that drive a device without
 * `uvmsoc run` (contexts, serve): see cli.h cli_boot_plain(), cli_load_kernel().
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uvmsoc/kernel.h>

#include "cli.h"

int cli_boot_plain(struct uvs_dev *dev, const char *fw, uint64_t timeout)
{
    char path[PATH_MAX];
    struct uvs_fw_loaded l;
    int err;
    if (!fw) {
        if (cli_locate(CLI_FIRMWARE, path, sizeof path) != 0)
            return CLI_FAIL;
        fw = path;
    }
    if ((err = uvs_fw_load(dev, fw, NULL, &l)) || (err = uvs_fw_start(dev)) || (err = uvs_fw_wait_ready(dev, timeout)))
        return cli_error("boot the firmware", err);
    return CLI_OK;
}

int cli_load_kernel(struct uvs_dev *dev, const char *name, struct uvs_fw_image *img)
{
    char dir[PATH_MAX], path[PATH_MAX + UVS_KERNEL_NAME_MAX];
    const struct uvs_mem_range region = {UVS_KERNEL_BASE, UVS_KERNEL_SIZE};
    if (!name || !*name || strchr(name, '/') || strlen(name) >= UVS_KERNEL_NAME_MAX) {
        fprintf(stderr, "uvmsoc: kernel name '%s': a file name in the kernel directory, without '/'\n",
                name ? name : "");
        return CLI_USAGE;
    }
    if (cli_locate(CLI_KERNEL_DIR, dir, sizeof dir) != 0)
        return CLI_FAIL;
    snprintf(path, sizeof path, "%s/%s.elf", dir, name);
    memset(img, 0, sizeof *img);
    int err = uvs_fw_parse(path, &region, 1, img);
    for (unsigned i = 0; !err && i < img->nsegs; i++) {
        uint64_t fs = img->seg[i].filesz, ms = img->seg[i].memsz;
        if (fs)
            err = uvs_dma_write(dev, img->seg[i].addr, img->seg[i].data, fs, NULL);
        if (!err && ms > fs) {
            void *z = calloc(1, ms - fs);
            err = z ? uvs_dma_write(dev, img->seg[i].addr + fs, z, ms - fs, NULL) : -ENOMEM;
            free(z);
        }
    }
    if (err) {
        fprintf(stderr, "uvmsoc: kernel %s: %s\n", path, uvs_last_error());
        uvs_fw_image_free(img);
        return CLI_FAIL;
    }
    return CLI_OK;
}

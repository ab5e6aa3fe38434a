/*
 * vfio backend discovery in sysfs (see vfio.h): the PCI function's driver
 * and IOMMU group, and whether the group can be handed to VFIO.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hw.h"
#include "internal.h"
#include "vfio.h"

/* Base name of the symlink target at path into out ("" when no link). */
static void link_base(const char *path, char *out, size_t n)
{
    char t[PATH_MAX];
    ssize_t r = readlink(path, t, sizeof t - 1);
    out[0] = '\0';
    if (r <= 0)
        return;
    t[r] = '\0';
    const char *b = strrchr(t, '/');
    b = b ? b + 1 : t;
    size_t l = strlen(b);
    if (l >= n)
        return; /* longer than any driver or group name: treated as none */
    memcpy(out, b, l + 1);
}

static void driver_of(const char *root, const char *bdf, char *drv, size_t n)
{
    char p[PATH_MAX];
    drv[0] = '\0';
    if (!uvs_path(p, root, "/sys/bus/pci/devices/%s/driver", bdf))
        link_base(p, drv, n);
}

int uvs_vfio_group_of(const char *root, const char *bdf, int *group)
{
    char p[PATH_MAX], g[64], drv[64];
    if (uvs_path(p, root, "/sys/bus/pci/devices/%s", bdf))
        return -ENAMETOOLONG;
    if (access(p, F_OK) != 0)
        return uvs_err(-ENOENT, "no PCI function %s (%s missing; 'lspci -D' lists the machine's)", bdf, p);
    driver_of(root, bdf, drv, sizeof drv);
    if (strcmp(drv, "vfio-pci") != 0)
        return uvs_err(-ENODEV, "PCI function %s is %s%s, not to vfio-pci; bind it: echo vfio-pci > "
                       "/sys/bus/pci/devices/%s/driver_override; echo %s > /sys/bus/pci/drivers_probe%s", bdf,
                       drv[0] ? "bound to " : "not bound to any driver", drv, bdf, bdf,
                       drv[0] ? " (after unbinding it from its driver)" : "");
    if (uvs_path(p, root, "/sys/bus/pci/devices/%s/iommu_group", bdf))
        return -ENAMETOOLONG;
    link_base(p, g, sizeof g);
    char *end;
    long v = g[0] ? strtol(g, &end, 10) : -1;
    if (!g[0] || *end || v < 0 || v > 0x7fffffff)
        return uvs_err(-ENODEV, "PCI function %s has no IOMMU group (%s): is the IOMMU on (intel_iommu=on, "
                       "amd_iommu, arm-smmu)?", bdf, p);
    *group = (int)v;
    return 0;
}

int uvs_vfio_group_viable(const char *root, int group)
{
    char p[PATH_MAX];
    if (uvs_path(p, root, "/sys/kernel/iommu_groups/%d/devices", group))
        return -ENAMETOOLONG;
    DIR *d = opendir(p);
    if (!d)
        return uvs_err(-ENODEV, "IOMMU group %d: cannot list %s: %s", group, p, strerror(errno));
    struct dirent *e;
    int err = 0;
    while (!err && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char drv[64], dp[PATH_MAX];
        if (uvs_path(dp, root, "/sys/kernel/iommu_groups/%d/devices/%s/driver", group, e->d_name))
            continue;
        link_base(dp, drv, sizeof drv);
        if (drv[0] && strcmp(drv, "vfio-pci") && strcmp(drv, "pcieport") && strcmp(drv, "pci-stub"))
            err = uvs_err(-EBUSY, "IOMMU group %d is not viable: %s in the same group is bound to %s (bind it to "
                          "vfio-pci too, or unbind it)", group, e->d_name, drv);
    }
    closedir(d);
    return err;
}

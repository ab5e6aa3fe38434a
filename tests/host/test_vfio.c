/*
 * Unit tests of the vfio backend's parts that need no hardware: the PCI
 * function's driver and IOMMU group and the group's viability in a fake
 * sysfs tree (uvs_open_opts.sysroot), the open path up to the first ioctl
 * (a regular file is no VFIO container), missing permissions on the group
 * node, the IOVA allocator and the parser of VFIO_IOMMU_GET_INFO's IOVA-range
 * capability.
 */
#include <errno.h>
#include <grp.h>
#include <linux/vfio.h>
#include <sys/wait.h>

#include "testutil.h"
#include "faketree.h"
#include "iova.h"
#include "vfio.h"

#define BDF "0000:03:00.0"
#define DEVDIR "sys/bus/pci/devices/"

/* A fake PCI function at bdf bound to drv ("" = none), in IOMMU group 12. */
static void add_function(const char *root, const char *bdf, const char *drv)
{
    char rel[PATH_MAX], t[PATH_MAX];
    snprintf(rel, sizeof rel, DEVDIR "%s/vendor", bdf);
    ft_text(root, rel, "0x1234\n");
    if (*drv) {
        snprintf(rel, sizeof rel, DEVDIR "%s/driver", bdf);
        snprintf(t, sizeof t, "../../../bus/pci/drivers/%s", drv);
        ft_link(root, rel, t);
    }
    snprintf(rel, sizeof rel, DEVDIR "%s/iommu_group", bdf);
    ft_link(root, rel, "../../../kernel/iommu_groups/12");
    snprintf(rel, sizeof rel, "sys/kernel/iommu_groups/12/devices/%s", bdf);
    snprintf(t, sizeof t, "../../../../bus/pci/devices/%s", bdf);
    ft_link(root, rel, t);
}

static char *make_tree(void)
{
    char *root = ft_new();
    add_function(root, BDF, "vfio-pci");
    ft_write(root, "dev/vfio/12", "", 0);
    ft_write(root, "dev/vfio/vfio", "", 0);
    return root;
}

static void test_group_discovery(void **state)
{
    (void)state;
    char *root = make_tree(), p[PATH_MAX];
    int g = -1;
    assert_int_equal(uvs_vfio_group_of(root, BDF, &g), 0);
    assert_int_equal(g, 12);
    assert_int_equal(uvs_vfio_group_viable(root, 12), 0);
    /* a PCIe port and an unbound function in the group keep it viable */
    add_function(root, "0000:00:01.0", "pcieport");
    add_function(root, "0000:03:00.2", "");
    assert_int_equal(uvs_vfio_group_viable(root, 12), 0);
    /* a function with a host driver makes it not viable: -EBUSY */
    add_function(root, "0000:03:00.1", "snd_hda_intel");
    assert_int_equal(uvs_vfio_group_viable(root, 12), -EBUSY);
    assert_err_contains("IOMMU group 12 is not viable: 0000:03:00.1 in the same group is bound to snd_hda_intel");
    struct uvs_dev *dev = (struct uvs_dev *)1;
    struct uvs_open_opts o = {.device = "vfio:03:00.0", .sysroot = root};
    assert_int_equal(uvs_open(&o, &dev), -EBUSY);
    assert_null(dev);
    /* the function bound to another driver, or to none */
    add_function(root, "0000:04:00.0", "nvme");
    assert_int_equal(uvs_vfio_group_of(root, "0000:04:00.0", &g), -ENODEV);
    assert_err_contains("PCI function 0000:04:00.0 is bound to nvme, not to vfio-pci; bind it: echo vfio-pci > "
                        "/sys/bus/pci/devices/0000:04:00.0/driver_override");
    add_function(root, "0000:05:00.0", "");
    assert_int_equal(uvs_vfio_group_of(root, "0000:05:00.0", &g), -ENODEV);
    assert_err_contains("PCI function 0000:05:00.0 is not bound to any driver, not to vfio-pci");
    /* no IOMMU group */
    unlink(ft_path(p, root, DEVDIR BDF "/iommu_group"));
    assert_int_equal(uvs_vfio_group_of(root, BDF, &g), -ENODEV);
    assert_err_contains("PCI function " BDF " has no IOMMU group");
    /* no such function (a wrong PCI address) */
    assert_int_equal(uvs_vfio_group_of(root, "0000:09:00.0", &g), -ENOENT);
    assert_err_contains("no PCI function 0000:09:00.0");
    o.device = "vfio:0000:09:00.0";
    assert_int_equal(uvs_open(&o, &dev), -ENOENT);
    ft_done(root);
}

/* The open path through sysfs and the group node; the first ioctl finds a regular file, not a container. */
static void test_open_not_vfio(void **state)
{
    (void)state;
    char *root = make_tree(), p[PATH_MAX];
    struct uvs_dev *dev;
    struct uvs_open_opts o = {.device = "vfio:" BDF, .sysroot = root};
    assert_int_equal(uvs_open(&o, &dev), -ENODEV);
    assert_err_contains("/dev/vfio/vfio is not a VFIO container (VFIO_GET_API_VERSION");
    unlink(ft_path(p, root, "dev/vfio/12"));
    assert_int_equal(uvs_open(&o, &dev), -ENOENT);
    assert_err_contains("VFIO group ");
    assert_err_contains("/dev/vfio/12: No such file or directory");
    ft_done(root);
}

/*
 * No permission on /dev/vfio/12: root's node with mode 0600 opened by a child
 * running as nobody (65534) when the test runs as root; mode 0000 otherwise.
 * Expected: -EACCES naming the group node.
 */
static void test_open_permission(void **state)
{
    (void)state;
    char *root = make_tree(), p[PATH_MAX];
    assert_int_equal(chmod(ft_path(p, root, "dev/vfio/12"), geteuid() == 0 ? 0600 : 0000), 0);
    struct uvs_open_opts o = {.device = "vfio:" BDF, .sysroot = root};
    ft_expect_eacces(&o, "/dev/vfio/12: no read/write permission for uid");
    ft_done(root);
}

static void test_iova(void **state)
{
    (void)state;
    struct uvs_iova a;
    uint64_t x, y, z;
    /* x86-64-like: a hole for the MSI window at 0xfee00000 */
    const struct uvs_iova_range r[] = {{0xfef00000, 0xffffffffffffull}, {0, 0xfedfffff}};
    assert_int_equal(uvs_iova_init(&a, r, 2), 0);
    assert_int_equal(a.nranges, 2);
    assert_int_equal(a.ranges[0].start, UVS_IOVA_FLOOR); /* sorted, floor applied */
    assert_int_equal(uvs_iova_alloc(&a, 4096, 4096, &x), 0);
    assert_int_equal(x, UVS_IOVA_FLOOR);
    assert_int_equal(uvs_iova_alloc(&a, 2 << 20, 2 << 20, &y), 0);
    assert_int_equal(y, 0x200000); /* aligned past the first */
    assert_int_equal(uvs_iova_alloc(&a, 4096, 4096, &z), 0);
    assert_int_equal(z, 0x101000); /* first fit: the gap below y */
    /* bigger than what is left below the hole: placed above it */
    assert_int_equal(uvs_iova_alloc(&a, 0x100000000ull, 4096, &x), 0);
    assert_int_equal(x, 0xfef00000);
    /* free and reuse */
    assert_int_equal(uvs_iova_free(&a, y), 0);
    assert_int_equal(uvs_iova_free(&a, y), -ENOENT);
    assert_int_equal(uvs_iova_alloc(&a, 8192, 4096, &y), 0);
    assert_int_equal(y, 0x102000);
    /* bad arguments, no room */
    assert_int_equal(uvs_iova_alloc(&a, 0, 4096, &y), -EINVAL);
    assert_int_equal(uvs_iova_alloc(&a, 4096, 3000, &y), -EINVAL);
    assert_int_equal(uvs_iova_alloc(&a, 1ull << 62, 4096, &y), -ENOSPC);
    uvs_iova_fini(&a);
    /* a small window fills up exactly */
    const struct uvs_iova_range s[] = {{0x100000, 0x103fff}};
    assert_int_equal(uvs_iova_init(&a, s, 1), 0);
    for (int i = 0; i < 4; i++)
        assert_int_equal(uvs_iova_alloc(&a, 4096, 4096, &x), 0);
    assert_int_equal(uvs_iova_alloc(&a, 4096, 4096, &x), -ENOSPC);
    uvs_iova_fini(&a);
    /* the top of the 64-bit space */
    assert_int_equal(uvs_iova_init(&a, NULL, 0), 0);
    assert_int_equal(uvs_iova_alloc(&a, 1ull << 63, 1ull << 63, &x), 0);
    assert_int_equal(x, 1ull << 63);
    assert_int_equal(uvs_iova_alloc(&a, 1ull << 63, 1ull << 63, &x), -ENOSPC);
    uvs_iova_fini(&a);
    /* bad ranges: reversed; all below the floor */
    const struct uvs_iova_range bad[] = {{0x2000, 0x1000}}, low[] = {{0, 0xfffff}};
    assert_int_equal(uvs_iova_init(&a, bad, 1), -EINVAL);
    assert_int_equal(uvs_iova_init(&a, low, 1), -EINVAL);
}

/* A GET_INFO answer: the info, a migration capability, then the IOVA ranges. */
struct info_buf {
    struct vfio_iommu_type1_info info;
    struct vfio_iommu_type1_info_cap_migration mig;
    struct vfio_iommu_type1_info_cap_iova_range iova;
    struct vfio_iova_range ranges[2];
};

static void test_parse_iova_ranges(void **state)
{
    (void)state;
    struct info_buf b;
    memset(&b, 0, sizeof b);
    b.info.argsz = sizeof b;
    b.info.flags = VFIO_IOMMU_INFO_PGSIZES | VFIO_IOMMU_INFO_CAPS;
    b.info.cap_offset = offsetof(struct info_buf, mig);
    b.mig.header.id = VFIO_IOMMU_TYPE1_INFO_CAP_MIGRATION;
    b.mig.header.version = 1;
    b.mig.header.next = offsetof(struct info_buf, iova);
    b.iova.header.id = VFIO_IOMMU_TYPE1_INFO_CAP_IOVA_RANGE;
    b.iova.header.version = 1;
    b.iova.nr_iovas = 2;
    b.ranges[0] = (struct vfio_iova_range){0, 0xfedfffff};
    b.ranges[1] = (struct vfio_iova_range){0xfef00000, 0xffffffffffffull};
    struct uvs_iova_range r[4];
    assert_int_equal(uvs_vfio_parse_iova_ranges(&b, sizeof b, r, 4), 2);
    assert_int_equal(r[0].last, 0xfedfffff);
    assert_int_equal(r[1].start, 0xfef00000);
    assert_int_equal(uvs_vfio_parse_iova_ranges(&b, sizeof b, r, 1), 1); /* truncated to max */
    /* no capability chain (older kernels): everything */
    b.info.flags = VFIO_IOMMU_INFO_PGSIZES;
    assert_int_equal(uvs_vfio_parse_iova_ranges(&b, sizeof b, r, 4), 1);
    assert_int_equal(r[0].start, 0);
    assert_int_equal(r[0].last, ~0ull);
    /* bad answers: a chain that loops, points outside, or a count past the end */
    b.info.flags |= VFIO_IOMMU_INFO_CAPS;
    b.mig.header.next = offsetof(struct info_buf, mig);
    assert_int_equal(uvs_vfio_parse_iova_ranges(&b, sizeof b, r, 4), -EINVAL);
    b.mig.header.next = sizeof b + 64;
    assert_int_equal(uvs_vfio_parse_iova_ranges(&b, sizeof b, r, 4), -EINVAL);
    b.mig.header.next = offsetof(struct info_buf, iova);
    b.iova.nr_iovas = 3;
    assert_int_equal(uvs_vfio_parse_iova_ranges(&b, sizeof b, r, 4), -EINVAL);
    b.iova.nr_iovas = 2;
    b.info.argsz = sizeof b + 8; /* claims more than was passed */
    assert_int_equal(uvs_vfio_parse_iova_ranges(&b, sizeof b, r, 4), -EINVAL);
}

int main(void)
{
    umask(022); /* the fake trees must be readable by the unprivileged child of the permission tests */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_group_discovery), cmocka_unit_test(test_open_not_vfio),
        cmocka_unit_test(test_open_permission), cmocka_unit_test(test_iova),
        cmocka_unit_test(test_parse_iova_ranges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

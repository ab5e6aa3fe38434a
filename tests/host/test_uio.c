/*
 * Unit tests of the uio backend's parts that need no hardware: device
 * strings, cycles -> milliseconds, devicetree discovery against the board
 * DTBs (boards/sim c4: no host-side node; the Icicle Kit DTB with the uvmsoc
 * overlay: the node), /proc/device-tree read as a directory tree, and the
 * backend itself over a fake /sys + /dev tree (uvs_open_opts.sysroot) whose
 * /dev/uio0 and /dev/udmabuf0 are regular files: BAR0 registers, DMA
 * memory, the interrupt count; errors for a wrong or missing node, missing
 * DMA memory, a held device (flock) and missing permissions.
 */
#include <errno.h>
#include <grp.h>
#include <libfdt.h>
#include <sys/file.h>
#include <sys/wait.h>

#include <uvmsoc/hostif.h>

#include "testutil.h"
#include "faketree.h"
#include "devtree.h"
#include "hw.h"
#include "uio.h"

#define C4_DTB TEST_DATA "/board-c4.dtb"
#define ICICLE_DTB TEST_DATA "/icicle-uvmsoc.dtb"

static void test_devspec(void **state)
{
    (void)state;
    struct uvs_devspec s;
    assert_int_equal(uvs_devspec_parse("cosim", &s), 0);
    assert_int_equal(s.kind, UVS_DEV_COSIM);
    assert_string_equal(s.path, "");
    assert_int_equal(uvs_devspec_parse("cosim:/tmp/x.sock", &s), 0);
    assert_string_equal(s.path, "/tmp/x.sock");
    assert_int_equal(uvs_devspec_parse("mock", &s), 0);
    assert_int_equal(s.kind, UVS_DEV_MOCK);
    assert_int_equal(uvs_devspec_parse("uio", &s), 0);
    assert_int_equal(s.kind, UVS_DEV_UIO);
    assert_string_equal(s.node, "");
    assert_int_equal(uvs_devspec_parse("uio:/dev/uio0", &s), 0);
    assert_string_equal(s.node, "uio0");
    assert_int_equal(uvs_devspec_parse("uio:uio12,dtb=/boot/b.dtb,udmabuf=/dev/udmabuf3", &s), 0);
    assert_string_equal(s.node, "uio12");
    assert_string_equal(s.dtb, "/boot/b.dtb");
    assert_string_equal(s.udmabuf, "udmabuf3");
    assert_int_equal(uvs_devspec_parse("uio,udmabuf=udmabuf0", &s), 0);
    assert_string_equal(s.udmabuf, "udmabuf0");
    assert_int_equal(uvs_devspec_parse("vfio:0000:03:00.0", &s), 0);
    assert_int_equal(s.kind, UVS_DEV_VFIO);
    assert_string_equal(s.node, "0000:03:00.0");
    assert_int_equal(uvs_devspec_parse("vfio:0A:1f.7", &s), 0); /* short form, upper case: normalised */
    assert_string_equal(s.node, "0000:0a:1f.7");
}

/* Each bad device string gets -EINVAL and a detail naming the problem. */
static void test_devspec_bad(void **state)
{
    (void)state;
    static const struct { const char *s, *detail; } bad[] = {
        {"", "empty device string"},
        {"pcie", "unknown device 'pcie' (expected cosim"},
        {"uio:/dev/sda", "'/dev/sda' is not a uio node (expected uio:/dev/uioN"},
        {"uio:/dev/uio", "'/dev/uio' is not a uio node"},
        {"uio:/dev/uio0x", "'/dev/uio0x' is not a uio node"},
        {"uio:/dev/uio0,frob=1", "unknown uio option 'frob=1'"},
        {"uio:/dev/uio0,udmabuf=/dev/sdb", "'/dev/sdb' is not a u-dma-buf node"},
        {"uio:/dev/uio0,dtb=", "unknown uio option 'dtb='"},
        {"vfio", "bad PCI address '' (expected vfio:DDDD:BB:DD.F"},
        {"vfio:0000:03:00", "bad PCI address '0000:03:00'"},
        {"vfio:0000:03:20.0", "bad PCI address '0000:03:20.0'"}, /* device > 0x1f */
        {"vfio:0000:03:00.8", "bad PCI address '0000:03:00.8'"}, /* function > 7 */
        {"vfio:000g:03:00.0", "bad PCI address '000g:03:00.0'"},
        {"vfio:0000:03:00.0,x", "bad PCI address '0000:03:00.0,x'"},
        {"mock:1", "mock takes no argument"},
        {"cosim:", "no socket path after 'cosim:'"},
        {"cosim,x", "cosim takes no options"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(uvs_device_check(bad[i].s), -EINVAL);
        assert_err_contains(bad[i].detail);
        struct uvs_dev *dev = (struct uvs_dev *)1;
        struct uvs_open_opts o = {.device = bad[i].s};
        assert_int_equal(uvs_open(&o, &dev), -EINVAL);
        assert_null(dev);
    }
    assert_int_equal(uvs_device_check(NULL), -EINVAL);
    struct uvs_dev *dev;
    struct uvs_open_opts o = {.device = "mock", .backend = "cosim"};
    assert_int_equal(uvs_open(&o, &dev), -EINVAL);
    assert_err_contains("backend 'cosim' and device 'mock' disagree");
    o.backend = "mock"; /* agreeing: opens */
    assert_int_equal(uvs_open(&o, &dev), 0);
    uvs_close(dev);
}

static void test_cycles_to_ms(void **state)
{
    (void)state;
    assert_int_equal(uvs_cycles_to_ms(1, 1000000), 1);          /* at least 1 ms */
    assert_int_equal(uvs_cycles_to_ms(1000000, 1000000), 1);    /* 1 ms at 1 GHz */
    assert_int_equal(uvs_cycles_to_ms(1000001, 1000000), 2);    /* rounded up */
    assert_int_equal(uvs_cycles_to_ms(100000000, 0), 500);      /* 0 kHz: 200 MHz default */
    assert_int_equal(uvs_cycles_to_ms(~0ull, 1), INT_MAX);      /* clamped */
}

static void test_dt_boards(void **state)
{
    (void)state;
    void *fdt;
    char src[PATH_MAX];
    struct uvs_dt_dev d;
    /* the simulator's c4 board: a device-side tree without the host's hostif node */
    assert_int_equal(uvs_dt_load("", C4_DTB, &fdt, src, sizeof src), 0);
    assert_int_equal(uvs_dt_find(fdt, src, UVS_HOSTIF_COMPATIBLE, &d), -ENODEV);
    assert_err_contains("no enabled node compatible with \"uvmsoc,hostif\" in the devicetree " C4_DTB);
    free(fdt);
    /* the Icicle Kit with the overlay */
    assert_int_equal(uvs_dt_load("", ICICLE_DTB, &fdt, src, sizeof src), 0);
    assert_int_equal(uvs_dt_find(fdt, src, UVS_HOSTIF_COMPATIBLE, &d), 0);
    assert_string_equal(d.path, "/hostif@60000000");
    assert_int_equal(d.reg, 0x60000000);
    assert_int_equal(d.reg_size, 0x10000);
    assert_int_equal(d.has_dma, 1);
    assert_int_equal(d.dma, 0xb8000000);
    assert_int_equal(d.dma_size, 0x4000000);
    /* the same tree with the node's status "disabled": not found */
    int sz = (int)fdt_totalsize(fdt) + 256;
    void *big = malloc((size_t)sz);
    assert_int_equal(fdt_open_into(fdt, big, sz), 0);
    free(fdt);
    int n = fdt_path_offset(big, "/hostif@60000000");
    assert_true(n >= 0);
    assert_int_equal(fdt_setprop_string(big, n, "status", "disabled"), 0);
    assert_int_equal(uvs_dt_find(big, "disabled.dtb", UVS_HOSTIF_COMPATIBLE, &d), -ENODEV);
    assert_err_contains("no enabled node compatible with \"uvmsoc,hostif\" in the devicetree disabled.dtb");
    assert_int_equal(fdt_setprop_string(big, n, "status", "okay"), 0);
    assert_int_equal(uvs_dt_find(big, "okay.dtb", UVS_HOSTIF_COMPATIBLE, &d), 0);
    free(big);
    /* bad input: a text file, a missing file */
    assert_int_equal(uvs_dt_load("", "tests/host/test.dts", &fdt, src, sizeof src), -EINVAL);
    assert_err_contains("tests/host/test.dts is not a devicetree blob");
    assert_int_equal(uvs_dt_load("", "/nonexistent/board.dtb", &fdt, src, sizeof src), -ENOENT);
    assert_err_contains("devicetree blob /nonexistent/board.dtb: No such file");
}

/* Write the blob's nodes as directories and properties as files, as /proc/device-tree shows them. */
static void write_fs_tree(const void *fdt, int node, const char *dir)
{
    ft_mkdirs(dir);
    mkdir(dir, 0755);
    int prop;
    fdt_for_each_property_offset(prop, fdt, node) {
        const char *name;
        int len;
        const void *v = fdt_getprop_by_offset(fdt, prop, &name, &len);
        char p[PATH_MAX];
        snprintf(p, sizeof p, "%s/%s", dir, name);
        ft_write("", p, v, (size_t)len);
    }
    int child;
    fdt_for_each_subnode(child, fdt, node) {
        char p[PATH_MAX];
        snprintf(p, sizeof p, "%s/%s", dir, fdt_get_name(fdt, child, NULL));
        write_fs_tree(fdt, child, p);
    }
}

static void test_dt_procfs(void **state)
{
    (void)state;
    char *root = ft_new(), p[PATH_MAX];
    void *fdt, *blob;
    char src[PATH_MAX];
    struct uvs_dt_dev d;
    assert_int_equal(uvs_dt_load(root, NULL, &fdt, src, sizeof src), -ENOENT);
    assert_err_contains("no devicetree at ");
    assert_err_contains("/proc/device-tree");
    assert_int_equal(uvs_dt_load("", ICICLE_DTB, &blob, src, sizeof src), 0);
    write_fs_tree(blob, 0, ft_path(p, root, "proc/device-tree"));
    free(blob);
    assert_int_equal(uvs_dt_load(root, "", &fdt, src, sizeof src), 0);
    assert_int_equal(uvs_dt_find(fdt, src, UVS_HOSTIF_COMPATIBLE, &d), 0);
    assert_string_equal(d.path, "/hostif@60000000");
    assert_int_equal(d.reg, 0x60000000);
    assert_int_equal(d.dma, 0xb8000000);
    free(fdt);
    ft_done(root);
}

#define UDMABUF_SIZE (1u << 20)

static void put32(char *root, long long off, uint32_t v) { ft_pwrite(root, "dev/uio0", off, &v, 4); }
static void put64(char *root, long long off, uint64_t v) { ft_pwrite(root, "dev/uio0", off, &v, 8); }

/* The fake system: uio0 = the hostif node (map0 = BAR0), uio1 = another node, u-dma-buf udmabuf0, the DTB. */
static char *make_tree(void)
{
    char *root = ft_new(), p[PATH_MAX];
    ft_text(root, "sys/class/uio/uio0/name", "hostif\n");
    ft_text(root, "sys/class/uio/uio0/maps/map0/name", "hostif\n");
    ft_text(root, "sys/class/uio/uio0/maps/map0/addr", "0x0000000060000000\n");
    ft_text(root, "sys/class/uio/uio0/maps/map0/size", "0x0000000000010000\n");
    ft_text(root, "sys/class/uio/uio0/maps/map0/offset", "0x0\n");
    ft_link(root, "sys/class/uio/uio0/device/of_node", "../../../firmware/devicetree/base/hostif@60000000");
    ft_text(root, "sys/class/uio/uio1/name", "serial\n");
    ft_text(root, "sys/class/uio/uio1/maps/map0/addr", "0x20000000\n");
    ft_text(root, "sys/class/uio/uio1/maps/map0/size", "0x1000\n");
    ft_link(root, "sys/class/uio/uio1/device/of_node", "../../../firmware/devicetree/base/soc/serial@20000000");
    ft_write(root, "dev/uio1", "", 0);
    put32(root, UVS_HOSTIF_ID_OFF, UVS_HOSTIF_ID_VALUE);
    put32(root, UVS_HOSTIF_VERSION_OFF, UVS_HOSTIF_VERSION_VALUE);
    put64(root, UVS_HOSTIF_SRAM_SIZE_OFF, 1 << 20);
    put64(root, UVS_HOSTIF_HBM_SIZE_OFF, 4 << 20);
    put32(root, UVS_HOSTIF_CLOCK_KHZ_OFF, 1000); /* 1 MHz: 1000 cycles = 1 ms */
    put32(root, UVS_HOSTIF_MSI_VECTORS_OFF, 4);
    put32(root, UVS_HOSTIF_BAR0_SIZE - 4, 0);    /* BAR0 fully backed */
    put32(root, UVS_UIO_IRQ_POS, 0);             /* interrupt count */
    ft_text(root, "sys/class/u-dma-buf/udmabuf0/phys_addr", "0x00000000b8000000\n");
    ft_text(root, "sys/class/u-dma-buf/udmabuf0/size", "1048576\n");
    char z = 0;
    ft_pwrite(root, "dev/udmabuf0", UDMABUF_SIZE - 1, &z, 1);
    char *blob;
    size_t len;
    FILE *f = fopen(ICICLE_DTB, "rb");
    assert_non_null(f);
    blob = malloc(1 << 20);
    len = fread(blob, 1, 1 << 20, f);
    fclose(f);
    ft_write(root, "board.dtb", blob, len);
    free(blob);
    (void)p;
    return root;
}

static int open_uio(const char *root, const char *spec, struct uvs_dev **dev)
{
    char d[PATH_MAX * 2];
    snprintf(d, sizeof d, "%s,dtb=%s/board.dtb", spec, root);
    struct uvs_open_opts o = {.device = d, .sysroot = root};
    return uvs_open(&o, dev);
}

static void test_uio_open(void **state)
{
    (void)state;
    char *root = make_tree();
    struct uvs_dev *dev;
    assert_int_equal(open_uio(root, "uio:/dev/uio0,udmabuf=/dev/udmabuf0", &dev), 0);
    struct uvs_info in;
    assert_int_equal(uvs_info(dev, &in), 0);
    assert_string_equal(in.backend, "uio");
    assert_int_equal(in.id, UVS_HOSTIF_ID_VALUE);
    assert_int_equal(in.sram_size, 1 << 20);
    assert_int_equal(uvs_cycles(dev), 0);
    assert_int_equal(uvs_charge(dev, 1000), 0);
    /* BAR0 writes land in the map */
    assert_int_equal(uvs_mmio_write(dev, UVS_HOSTIF_SCRATCH_OFF, 8, 0x1122334455667788ull), 0);
    uint64_t v;
    ft_pread(root, "dev/uio0", UVS_HOSTIF_SCRATCH_OFF, &v, 8);
    assert_int_equal(v, 0x1122334455667788ull);
    /* DMA memory: the u-dma-buf's pages, bus address = its physical address */
    struct uvs_dma_buf a, b;
    assert_int_equal(uvs_dma_alloc(dev, 8192, &a), 0);
    assert_int_equal(a.bus, 0xb8000000);
    assert_int_equal(uvs_dma_alloc(dev, 100, &b), 0);
    assert_int_equal(b.bus, 0xb8002000);
    memcpy(b.host, "uvmsoc", 7);
    char s[7];
    ft_pread(root, "dev/udmabuf0", 0x2000, s, 7);
    assert_string_equal(s, "uvmsoc");
    int fd;
    uint64_t off;
    assert_int_equal(uvs_dma_buf_fd(dev, &b, &fd, &off), 0);
    assert_int_equal(off, 0x2000);
    struct uvs_dma_buf big;
    assert_int_equal(uvs_dma_alloc(dev, UDMABUF_SIZE, &big), -ENOMEM); /* 3 pages taken */
    uvs_dma_free(dev, &a);
    assert_int_equal(uvs_dma_alloc(dev, 4096, &a), 0);
    assert_int_equal(a.bus, 0xb8000000);
    /* interrupts: a new count wakes the waiter with the pending causes; the line is re-enabled */
    uint32_t vec = 0, en;
    put32(root, UVS_UIO_IRQ_ENABLE_POS, 0);
    put32(root, UVS_HOSTIF_INT_STATUS_OFF, 1u << 2);
    put32(root, UVS_UIO_IRQ_POS, 1);
    assert_int_equal(uvs_wait_irq(dev, 1000, &vec), 0);
    assert_int_equal(vec, 1u << 2);
    ft_pread(root, "dev/uio0", UVS_UIO_IRQ_ENABLE_POS, &en, 4);
    assert_int_equal(en, 1);
    /* the same count: no interrupt, timeout after 5000 cycles = 5 ms at 1 MHz */
    assert_int_equal(uvs_wait_irq(dev, 5000, &vec), -ETIMEDOUT);
    assert_err_contains("no interrupt within 5000 cycles");
    /* a cause beyond the MSI vectors maps to vector 0; a masked one is not reported */
    put32(root, UVS_HOSTIF_INT_STATUS_OFF, (1u << 6) | (1u << 1));
    put32(root, UVS_HOSTIF_INT_MASK_OFF, 1u << 1);
    put32(root, UVS_UIO_IRQ_POS, 2);
    assert_int_equal(uvs_wait_irq(dev, 1000, &vec), 0);
    assert_int_equal(vec, 1u);
    uvs_close(dev);
    /* without the uio node named: found from the devicetree node */
    assert_int_equal(open_uio(root, "uio,udmabuf=/dev/udmabuf0", &dev), 0);
    uvs_close(dev);
    ft_done(root);
}

/* DMA memory from the uio map at the node's memory-region (no u-dma-buf). */
static void test_uio_dma_map(void **state)
{
    (void)state;
    char *root = make_tree();
    ft_text(root, "sys/class/uio/uio0/maps/map1/addr", "0xb8000000\n");
    ft_text(root, "sys/class/uio/uio0/maps/map1/size", "0x4000000\n");
    struct uvs_dev *dev;
    assert_int_equal(open_uio(root, "uio:/dev/uio0", &dev), 0);
    struct uvs_dma_buf a;
    assert_int_equal(uvs_dma_alloc(dev, 4096, &a), 0);
    assert_int_equal(a.bus, 0xb8000000);
    memcpy(a.host, "map1", 5);
    char s[5];
    long pg = sysconf(_SC_PAGESIZE); /* map1 is at mmap offset 1 page */
    ft_pread(root, "dev/uio0", pg, s, 5);
    assert_string_equal(s, "map1");
    int fd;
    uint64_t off;
    assert_int_equal(uvs_dma_buf_fd(dev, &a, &fd, &off), -ENOTSUP); /* a uio map is not a plain file */
    assert_err_contains("is not in the host-memory file");
    uvs_close(dev);
    ft_done(root);
}

static void test_uio_errors(void **state)
{
    (void)state;
    char *root = make_tree();
    struct uvs_dev *dev = (struct uvs_dev *)1;
    /* the u-dma-buf buffer inside the memory-region is found without being named */
    assert_int_equal(open_uio(root, "uio:/dev/uio0", &dev), 0);
    struct uvs_dma_buf b;
    assert_int_equal(uvs_dma_alloc(dev, 4096, &b), 0);
    assert_int_equal(b.bus, 0xb8000000);
    uvs_close(dev);
    /* no DMA memory: no map at the memory-region, no u-dma-buf inside it (this one is elsewhere) */
    ft_text(root, "sys/class/u-dma-buf/udmabuf0/phys_addr", "0x40000000\n");
    assert_int_equal(open_uio(root, "uio:/dev/uio0", &dev), -ENODEV);
    assert_err_contains("no DMA-able host memory: the memory-region of /hostif@60000000 (0xb8000000, 0x4000000 bytes) "
                        "is neither a map of uio0 nor holds a u-dma-buf buffer");
    ft_text(root, "sys/class/u-dma-buf/udmabuf0/phys_addr", "0xb8000000\n");
    /* a u-dma-buf that is not there */
    assert_int_equal(open_uio(root, "uio:/dev/uio0,udmabuf=/dev/udmabuf5", &dev), -ENOENT);
    assert_err_contains("u-dma-buf udmabuf5: cannot read");
    /* another device's uio node */
    assert_int_equal(open_uio(root, "uio:/dev/uio1,udmabuf=/dev/udmabuf0", &dev), -ENODEV);
    assert_err_contains("/dev/uio1 (name 'serial') is not the uvmsoc,hostif node /hostif@60000000 at 0x60000000");
    /* a missing uio node */
    assert_int_equal(open_uio(root, "uio:/dev/uio7,udmabuf=/dev/udmabuf0", &dev), -ENOENT);
    assert_err_contains("no uio device uio7");
    assert_err_contains("uio_pdrv_genirq.of_id=uvmsoc,hostif");
    /* a devicetree without the node (the c4 board) */
    char d[PATH_MAX];
    snprintf(d, sizeof d, "uio:/dev/uio0,dtb=%s", C4_DTB);
    struct uvs_open_opts o = {.device = d, .sysroot = root};
    assert_int_equal(uvs_open(&o, &dev), -ENODEV);
    assert_err_contains("no enabled node compatible with \"uvmsoc,hostif\" in the devicetree " C4_DTB);
    /* no uio device bound to the node at all */
    char p[PATH_MAX];
    unlink(ft_path(p, root, "sys/class/uio/uio0/device/of_node"));
    ft_link(root, "sys/class/uio/uio0/device/of_node", "../../../firmware/devicetree/base/soc/other@0");
    assert_int_equal(open_uio(root, "uio,udmabuf=/dev/udmabuf0", &dev), -ENODEV);
    assert_err_contains("no uio device is the uvmsoc,hostif node /hostif@60000000 at 0x60000000");
    /* the node's uio device exists in sysfs, its /dev node does not */
    unlink(ft_path(p, root, "sys/class/uio/uio0/device/of_node"));
    ft_link(root, "sys/class/uio/uio0/device/of_node", "../../../firmware/devicetree/base/hostif@60000000");
    rename(ft_path(p, root, "dev/uio0"), ft_path(d, root, "dev/uio0.away"));
    assert_int_equal(open_uio(root, "uio:/dev/uio0,udmabuf=/dev/udmabuf0", &dev), -ENOENT);
    assert_err_contains("uio device ");
    assert_err_contains("/dev/uio0: No such file or directory");
    ft_done(root);
}

/* Maps as uio_pdrv_genirq reports a region inside a page: page address + offset. */
static void test_uio_map_offset(void **state)
{
    (void)state;
    char *root = make_tree();
    ft_text(root, "sys/class/uio/uio0/maps/map2/addr", "0x70000000\n");
    ft_text(root, "sys/class/uio/uio0/maps/map2/offset", "0x100\n");
    ft_text(root, "sys/class/uio/uio0/maps/map2/size", "0x2000\n");
    struct uvs_uio_map m;
    assert_int_equal(uvs_uio_map_find(root, "uio0", 0x70000100, 0x1f00, &m), 0);
    assert_int_equal(m.index, 2);
    assert_int_equal(m.offset, 0x100);
    assert_int_equal(uvs_uio_map_find(root, "uio0", 0x70000100, 0x1f01, &m), -ENOENT); /* too small */
    assert_int_equal(uvs_uio_map_find(root, "uio0", 0x70000000, 1, &m), -ENOENT);      /* the page, not the region */
    assert_int_equal(uvs_uio_map_find(root, "uio0", 0x60000000, 0x10000, &m), 0);
    assert_int_equal(m.index, 0);
    assert_string_equal(m.name, "hostif");
    ft_done(root);
}

/* Another process (here: another open file) holds /dev/uio0: -EBUSY. */
static void test_uio_busy(void **state)
{
    (void)state;
    char *root = make_tree(), p[PATH_MAX];
    int fd = open(ft_path(p, root, "dev/uio0"), O_RDWR);
    assert_true(fd >= 0);
    assert_int_equal(flock(fd, LOCK_EX | LOCK_NB), 0);
    struct uvs_dev *dev;
    assert_int_equal(open_uio(root, "uio:/dev/uio0,udmabuf=/dev/udmabuf0", &dev), -EBUSY);
    assert_err_contains("/dev/uio0 is busy: another process holds it");
    close(fd);
    assert_int_equal(open_uio(root, "uio:/dev/uio0,udmabuf=/dev/udmabuf0", &dev), 0);
    uvs_close(dev);
    ft_done(root);
}

/*
 * No permission on /dev/uio0: the node is root's with mode 0600 and the open
 * runs in a child as user nobody (65534) when the test runs as root (CI);
 * as another user the node gets mode 0000 instead. Expected: -EACCES naming
 * the node and the missing read/write permission.
 */
static void test_uio_permission(void **state)
{
    (void)state;
    char *root = make_tree(), p[PATH_MAX];
    ft_path(p, root, "dev/uio0");
    assert_int_equal(chmod(p, geteuid() == 0 ? 0600 : 0000), 0);
    char d[PATH_MAX * 2];
    snprintf(d, sizeof d, "uio:/dev/uio0,udmabuf=/dev/udmabuf0,dtb=%s/board.dtb", root);
    struct uvs_open_opts o = {.device = d, .sysroot = root};
    ft_expect_eacces(&o, "/dev/uio0: no read/write permission for uid");
    ft_done(root);
}

int main(void)
{
    umask(022); /* the fake trees must be readable by the unprivileged child of the permission tests */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_devspec),     cmocka_unit_test(test_devspec_bad), cmocka_unit_test(test_cycles_to_ms),
        cmocka_unit_test(test_dt_boards),   cmocka_unit_test(test_dt_procfs),   cmocka_unit_test(test_uio_open),
        cmocka_unit_test(test_uio_dma_map), cmocka_unit_test(test_uio_errors),  cmocka_unit_test(test_uio_busy),
        cmocka_unit_test(test_uio_permission), cmocka_unit_test(test_uio_map_offset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

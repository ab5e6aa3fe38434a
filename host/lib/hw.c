/*
 * Helpers of the hardware backends (see hw.h).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "hw.h"
#include "internal.h"

#define DEVICE_FORMS "cosim[:SOCKET], mock, uio[:/dev/uioN], vfio:DDDD:BB:DD.F, ivshmem:DEV"

/* "uioN" / "/dev/uioN" (prefix "uio" or "udmabuf"): copy the base name to out. */
static int parse_node(const char *s, size_t len, const char *prefix, char *out, size_t n)
{
    if (len >= 5 && strncmp(s, "/dev/", 5) == 0)
        s += 5, len -= 5;
    size_t pl = strlen(prefix);
    if (len <= pl || len >= n || strncmp(s, prefix, pl) != 0)
        return -1;
    for (size_t i = pl; i < len; i++)
        if (!isdigit((unsigned char)s[i]))
            return -1;
    memcpy(out, s, len);
    out[len] = '\0';
    return 0;
}

/* Hex field of exactly n digits, at most max. */
static int hex_field(const char *s, int n, unsigned max, unsigned *v)
{
    *v = 0;
    for (int i = 0; i < n; i++) {
        if (!isxdigit((unsigned char)s[i]))
            return -1;
        *v = *v * 16 + (unsigned)(isdigit((unsigned char)s[i]) ? s[i] - '0' : tolower((unsigned char)s[i]) - 'a' + 10);
    }
    return *v > max ? -1 : 0;
}

/* [DDDD:]BB:DD.F -> "dddd:bb:dd.f" */
static int parse_bdf(const char *s, char *out, size_t n)
{
    unsigned dom = 0, bus, dev, fn;
    size_t len = strlen(s);
    if (len == 12) {
        if (hex_field(s, 4, 0xffff, &dom) || s[4] != ':')
            return -1;
        s += 5;
    } else if (len != 7) {
        return -1;
    }
    if (hex_field(s, 2, 0xff, &bus) || s[2] != ':' || hex_field(s + 3, 2, 0x1f, &dev) || s[5] != '.' ||
        hex_field(s + 6, 1, 7, &fn))
        return -1;
    snprintf(out, n, "%04x:%02x:%02x.%x", dom, bus, dev, fn);
    return 0;
}

int uvs_devspec_parse(const char *s, struct uvs_devspec *spec)
{
    if (!spec)
        return uvs_err(-EINVAL, "uvs_devspec_parse: no result pointer");
    memset(spec, 0, sizeof *spec);
    if (!s || !*s)
        return uvs_err(-EINVAL, "empty device string (expected " DEVICE_FORMS ")");
    size_t kl = strcspn(s, ":,");
    const char *rest = s + kl;
    if (kl == 5 && strncmp(s, "cosim", 5) == 0) {
        spec->kind = UVS_DEV_COSIM, spec->name = "cosim";
        if (*rest == ',')
            return uvs_err(-EINVAL, "device '%s': cosim takes no options (cosim or cosim:SOCKET)", s);
        if (*rest == ':') {
            if (!rest[1] || strlen(rest + 1) >= sizeof spec->path)
                return uvs_err(-EINVAL, "device '%s': %s socket path after 'cosim:'", s, rest[1] ? "too long a" : "no");
            strcpy(spec->path, rest + 1);
        }
        return 0;
    }
    if (kl == 7 && strncmp(s, "ivshmem", 7) == 0) {
        spec->kind = UVS_DEV_IVSHMEM, spec->name = "ivshmem";
        if (*rest != ':' || !rest[1] || strlen(rest + 1) >= sizeof spec->path)
            return uvs_err(-EINVAL, "device '%s': expected ivshmem:<PCI address|sysfs device directory|shared file>", s);
        strcpy(spec->path, rest + 1);
        return 0;
    }
    if (kl == 4 && strncmp(s, "mock", 4) == 0) {
        spec->kind = UVS_DEV_MOCK, spec->name = "mock";
        if (*rest)
            return uvs_err(-EINVAL, "device '%s': mock takes no argument", s);
        return 0;
    }
    if (kl == 4 && strncmp(s, "vfio", 4) == 0) {
        spec->kind = UVS_DEV_VFIO, spec->name = "vfio";
        if (*rest != ':' || parse_bdf(rest + 1, spec->node, sizeof spec->node))
            return uvs_err(-EINVAL,
                           "device '%s': bad PCI address '%s' (expected vfio:DDDD:BB:DD.F, e.g. vfio:0000:03:00.0, "
                           "as 'lspci -D' prints it)", s, *rest == ':' ? rest + 1 : "");
        return 0;
    }
    if (kl == 3 && strncmp(s, "uio", 3) == 0) {
        spec->kind = UVS_DEV_UIO, spec->name = "uio";
        if (*rest == ':') {
            size_t nl = strcspn(rest + 1, ",");
            if (parse_node(rest + 1, nl, "uio", spec->node, sizeof spec->node))
                return uvs_err(-EINVAL, "device '%s': '%.*s' is not a uio node (expected uio:/dev/uioN, e.g. uio:/dev/uio0)",
                               s, (int)nl, rest + 1);
            rest += 1 + nl;
        }
        while (*rest == ',') {
            const char *opt = rest + 1;
            size_t ol = strcspn(opt, ",");
            rest = opt + ol;
            if (ol > 4 && strncmp(opt, "dtb=", 4) == 0 && ol - 4 < sizeof spec->dtb) {
                memcpy(spec->dtb, opt + 4, ol - 4);
                spec->dtb[ol - 4] = '\0';
            } else if (ol > 8 && strncmp(opt, "udmabuf=", 8) == 0) {
                if (parse_node(opt + 8, ol - 8, "udmabuf", spec->udmabuf, sizeof spec->udmabuf))
                    return uvs_err(-EINVAL, "device '%s': '%.*s' is not a u-dma-buf node (expected udmabuf=/dev/udmabufN)",
                                   s, (int)(ol - 8), opt + 8);
            } else {
                return uvs_err(-EINVAL, "device '%s': unknown uio option '%.*s' (dtb=FILE, udmabuf=/dev/udmabufN)", s,
                               (int)ol, opt);
            }
        }
        if (*rest)
            return uvs_err(-EINVAL, "device '%s': unexpected '%s' (expected uio[:/dev/uioN][,dtb=FILE][,udmabuf=/dev/udmabufN])",
                           s, rest);
        return 0;
    }
    return uvs_err(-EINVAL, "unknown device '%s' (expected " DEVICE_FORMS ")", s);
}

const char *uvs_sysroot(const struct uvs_open_opts *opts)
{
    if (opts && opts->sysroot)
        return opts->sysroot;
    const char *e = getenv("UVS_SYSROOT");
    return e ? e : "";
}

int uvs_path(char *out, const char *root, const char *fmt, ...)
{
    size_t rl = strlen(root);
    if (rl >= PATH_MAX)
        return -ENAMETOOLONG;
    memcpy(out, root, rl);
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out + rl, PATH_MAX - rl, fmt, ap);
    va_end(ap);
    return n < 0 || (size_t)n >= PATH_MAX - rl ? -ENAMETOOLONG : 0;
}

int uvs_read_line(const char *path, char *buf, size_t n)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -errno;
    ssize_t r = read(fd, buf, n - 1);
    int e = errno;
    close(fd);
    if (r < 0)
        return -e;
    buf[r] = '\0';
    buf[strcspn(buf, "\n")] = '\0';
    return 0;
}

int uvs_read_u64(const char *path, uint64_t *v)
{
    char b[64], *end;
    int err = uvs_read_line(path, b, sizeof b);
    if (err)
        return err;
    errno = 0;
    unsigned long long x = strtoull(b, &end, 0);
    if (errno || end == b || *end || b[0] == '-')
        return -EINVAL;
    *v = x;
    return 0;
}

int uvs_open_node(const char *path, int extra_flags, const char *what, int *fd)
{
    if (access(path, F_OK) != 0)
        return uvs_err(-errno, "%s %s: %s", what, path, strerror(errno));
    if (access(path, R_OK | W_OK) != 0) {
        int e = errno;
        return uvs_err(-e, "%s %s: no read/write permission for uid %u (%s); give the user access (udev rule "
                       "setting its group and mode) or run as root", what, path, (unsigned)getuid(), strerror(e));
    }
    *fd = open(path, O_RDWR | O_CLOEXEC | extra_flags);
    if (*fd < 0)
        return uvs_err(-errno, "%s %s: cannot open: %s", what, path, strerror(errno));
    return 0;
}

int uvs_lock_node(int fd, const char *path)
{
    if (flock(fd, LOCK_EX | LOCK_NB) == 0)
        return 0;
    if (errno == EWOULDBLOCK)
        return uvs_err(-EBUSY, "%s is busy: another process holds it (flock); close the other user first", path);
    return uvs_err(-errno, "%s: flock: %s", path, strerror(errno));
}

int uvs_cycles_to_ms(uint64_t cycles, uint32_t clock_khz)
{
    uint64_t khz = clock_khz ? clock_khz : UVS_HW_CLOCK_KHZ_DEFAULT;
    uint64_t ms = cycles / khz + (cycles % khz != 0);
    if (ms == 0)
        ms = 1;
    return ms > INT_MAX ? INT_MAX : (int)ms;
}

int64_t uvs_now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int uvs_hw_mmio_read(volatile uint8_t *bar, uint64_t off, unsigned size, uint64_t *val)
{
    volatile uint8_t *a = bar + off;
    switch (size) {
    case 1: *val = *a; break;
    case 2: *val = *(volatile uint16_t *)a; break;
    case 4: *val = *(volatile uint32_t *)a; break;
    default: *val = *(volatile uint64_t *)a; break;
    }
    return 0;
}

int uvs_hw_mmio_write(volatile uint8_t *bar, uint64_t off, unsigned size, uint64_t val)
{
    volatile uint8_t *a = bar + off;
    switch (size) {
    case 1: *a = (uint8_t)val; break;
    case 2: *(volatile uint16_t *)a = (uint16_t)val; break;
    case 4: *(volatile uint32_t *)a = (uint32_t)val; break;
    default: *(volatile uint64_t *)a = val; break;
    }
    return 0;
}

int uvs_hw_charge(void *ctx, uint64_t cycles)
{
    (void)ctx, (void)cycles;
    return 0;
}

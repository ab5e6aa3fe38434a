/*
 * "ivshmem" backend: the co-simulation messages (include/uvmsoc/cosim.h)
 * through the shared-memory rings of include/uvmsoc/shmring.h, for a driver
 * that shares only memory with the simulator: a Linux guest in QEMU whose
 * `ivshmem-plain` PCI device is backed by the file `uvmsoc-sim --host-shm`
 * serves. The guest maps BAR2 through sysfs
 * (/sys/bus/pci/devices/BDF/resource2_wc, write-combining: Normal
 * non-cacheable memory on arm64, where unaligned accesses and DC ZVA are
 * allowed; resource2 when there is no _wc file). The same file mapped on the
 * build machine (a regular file path) serves tests without QEMU.
 *
 * Host memory for DMA is the file's part after the rings, so the device's
 * DMA reads and writes land in the guest's mapping directly.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <uvmsoc/cosim.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/shmring.h>

#include "internal.h"
#include "ivshmem.h"
#include "lockstep.h"

#define IVSHMEM_VENDOR 0x1af4u /* Red Hat, Inc. (QEMU's ivshmem: docs/specs/ivshmem-spec.rst) */
#define IVSHMEM_DEVICE 0x1110u
/* How long open() waits for the simulator to publish the header (or the
 * wall-clock reply timeout when that is shorter). */
#define IVSHMEM_START_MS 5000
/* Polling: this many empty polls back to back, then sleeps from POLL_MIN_NS
 * doubling to POLL_MAX_NS. The spin covers an MMIO round trip of the
 * simulator (tens of microseconds); the sleeps keep a long RUN from holding a
 * CPU. Chosen, not measured to be optimal: docs/embedded-linux.md has the
 * job's wall time with them. */
#define POLL_SPIN 2000
#define POLL_MIN_NS 20000L
#define POLL_MAX_NS 1000000L

struct ivs {
    struct uvs_lockstep ls;  /* first: the uvs_ls_* operations take this state */
    char path[PATH_MAX];     /* the mapped file */
    uint8_t *map;
    size_t map_size;
    int fd;                  /* the mapped file, kept for hostmem_fd (managed memory) */
    uint64_t hm_bus;         /* bus address of host memory's byte 0 (file offset UVS_SHM_AREA) */
    struct uvs_shm_link link;
};

#define die(c, ...) uvs_ls_die(&(c)->ls, __VA_ARGS__)

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* One step of the poll back-off; *spins counts the empty polls so far. */
static void backoff(unsigned *spins)
{
    if (*spins < POLL_SPIN) {
        (*spins)++;
        return;
    }
    unsigned k = *spins - POLL_SPIN;
    long ns = POLL_MIN_NS;
    for (unsigned i = 0; i < k && ns < POLL_MAX_NS; i++)
        ns *= 2;
    if (ns > POLL_MAX_NS)
        ns = POLL_MAX_NS;
    struct timespec t = {0, ns};
    nanosleep(&t, NULL);
    (*spins)++;
}

static int expired(const struct ivs *c, int64_t t0)
{
    return c->ls.timeout_ms >= 0 && now_ms() - t0 > c->ls.timeout_ms;
}

/* Transport: put one 64-byte message into the request ring (waiting for room). */
static int shm_send(struct uvs_lockstep *l, const uint8_t *buf)
{
    struct ivs *c = (struct ivs *)l;
    int64_t t0 = now_ms();
    unsigned spins = 0;
    for (;;) {
        int r = uvs_shm_send(&c->link.tx, buf);
        if (r < 0)
            return die(c, r, "shared region %s: request ring counters are corrupt", c->path);
        if (r > 0)
            return 0;
        if (uvs_shm_rd32(c->map, UVS_SHM_OFF_STATE) == UVS_SHM_STATE_CLOSED)
            return die(c, -ECONNRESET, "the simulator serving %s has ended", c->path);
        if (expired(c, t0))
            return die(c, -ETIMEDOUT, "the simulator serving %s takes no requests (ring full for %d ms)", c->path,
                       l->timeout_ms);
        backoff(&spins);
    }
}

/* Transport: take one 64-byte message from the response ring (no descriptors travel here). */
static int shm_recv(struct uvs_lockstep *l, uint8_t *buf, int *fd_out)
{
    struct ivs *c = (struct ivs *)l;
    int64_t t0 = now_ms();
    unsigned spins = 0;
    if (fd_out)
        *fd_out = -1;
    for (;;) {
        int r = uvs_shm_recv(&c->link.rx, buf);
        if (r < 0)
            return die(c, r, "shared region %s: response ring counters are corrupt", c->path);
        if (r > 0)
            return 0;
        /* CLOSED is set after the final GOODBYE is in the ring: look once more. */
        if (uvs_shm_rd32(c->map, UVS_SHM_OFF_STATE) == UVS_SHM_STATE_CLOSED && uvs_shm_pending(&c->link.rx) == 0)
            return die(c, -ECONNRESET, "the simulator serving %s has ended", c->path);
        if (expired(c, t0))
            return die(c, -ETIMEDOUT, "no reply from the simulator through %s within %d ms", c->path, l->timeout_ms);
        backoff(&spins);
    }
}

static const struct uvs_ls_transport shm_transport = {.send = shm_send, .recv = shm_recv};

/* "0000:00:01.0" or "00:01.0": a PCI address (domain optional). */
static int is_bdf(const char *s, char *full, size_t fulllen)
{
    unsigned dom = 0, bus, dev, fn;
    int n = 0;
    if (sscanf(s, "%4x:%2x:%2x.%1u%n", &dom, &bus, &dev, &fn, &n) == 4 && (size_t)n == strlen(s) && n == 12)
        ;
    else if (dom = 0, n = 0, sscanf(s, "%2x:%2x.%1u%n", &bus, &dev, &fn, &n) == 3 && (size_t)n == strlen(s) && n == 7)
        ;
    else
        return 0;
    if (dev > 31 || fn > 7)
        return 0;
    snprintf(full, fulllen, "%04x:%02x:%02x.%u", dom, bus, dev, fn);
    return 1;
}

static int read_hex_file(const char *dir, const char *name, unsigned *v)
{
    char p[PATH_MAX + 16];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "r");
    if (!f)
        return -errno;
    int ok = fscanf(f, "%x", v) == 1;
    fclose(f);
    return ok ? 0 : -EINVAL;
}

int uvs_ivshmem_resolve(const char *spec, char *out, size_t outlen)
{
    char dir[PATH_MAX], bdf[16];
    struct stat st;
    if (!spec || !*spec)
        return uvs_err(-EINVAL, "ivshmem: no device given (expected a PCI address such as 0000:00:01.0, a sysfs "
                       "device directory or a shared file)");
    if (strlen(spec) >= sizeof dir - 32)
        return uvs_err(-ENAMETOOLONG, "ivshmem: device path too long (%zu bytes)", strlen(spec));
    if (is_bdf(spec, bdf, sizeof bdf))
        snprintf(dir, sizeof dir, "/sys/bus/pci/devices/%s", bdf);
    else
        snprintf(dir, sizeof dir, "%s", spec);
    if (stat(dir, &st) != 0) {
        int e = errno;
        if (is_bdf(spec, bdf, sizeof bdf))
            return uvs_err(-ENODEV, "ivshmem: no PCI device %s (%s: %s); is QEMU given -device ivshmem-plain?", bdf,
                           dir, strerror(e));
        return uvs_err(-e, "ivshmem: %s: %s", dir, strerror(e));
    }
    if (S_ISREG(st.st_mode)) { /* the shared file itself */
        if ((size_t)snprintf(out, outlen, "%s", dir) >= outlen)
            return uvs_err(-ENAMETOOLONG, "ivshmem: path too long: %s", dir);
        return 0;
    }
    if (!S_ISDIR(st.st_mode))
        return uvs_err(-EINVAL, "ivshmem: %s is neither a PCI device directory nor a regular file", dir);
    unsigned vendor, device;
    int err = read_hex_file(dir, "vendor", &vendor);
    if (!err)
        err = read_hex_file(dir, "device", &device);
    if (err)
        return uvs_err(-ENODEV, "ivshmem: %s is not a PCI device directory (no readable vendor/device files)", dir);
    if (vendor != IVSHMEM_VENDOR || device != IVSHMEM_DEVICE)
        return uvs_err(-ENODEV, "ivshmem: %s is PCI device %04x:%04x, expected an ivshmem device %04x:%04x", dir,
                       vendor, device, IVSHMEM_VENDOR, IVSHMEM_DEVICE);
    /* Without a kernel driver bound, memory decoding may be off: BAR reads
     * then return all ones. The sysfs "enable" attribute turns it on. */
    char en[PATH_MAX + 16];
    unsigned enabled = 1;
    snprintf(en, sizeof en, "%s/enable", dir);
    if (read_hex_file(dir, "enable", &enabled) == 0 && !enabled) {
        FILE *f = fopen(en, "w");
        int ok = f && fputs("1\n", f) >= 0;
        if (f && fclose(f) != 0)
            ok = 0;
        if (!ok)
            return uvs_err(-EACCES, "ivshmem: %s is disabled and cannot be enabled (writing 1 to %s: %s)", dir, en,
                           strerror(errno));
    }
    static const char *const res[] = {"resource2_wc", "resource2"};
    for (unsigned i = 0; i < 2; i++) {
        if ((size_t)snprintf(out, outlen, "%s/%s", dir, res[i]) >= outlen)
            return uvs_err(-ENAMETOOLONG, "ivshmem: path too long: %s", dir);
        if (access(out, F_OK) == 0)
            return 0;
    }
    return uvs_err(-ENODEV, "ivshmem: %s has no BAR2 (no resource2 file): not ivshmem-plain with a memdev?", dir);
}

static void ivs_close(void *ctx)
{
    struct ivs *c = ctx;
    if (!c)
        return;
    if (c->map)
        uvs_ls_goodbye(&c->ls);
    uvs_hostmem_fini(&c->ls.hm);
    if (c->map)
        munmap(c->map, c->map_size);
    if (c->fd >= 0)
        close(c->fd);
    free(c);
}

static int attach(struct ivs *c)
{
    char why[200];
    int64_t t0 = now_ms();
    int err;
    unsigned spins = 0;
    int limit = c->ls.timeout_ms >= 0 && c->ls.timeout_ms < IVSHMEM_START_MS ? c->ls.timeout_ms : IVSHMEM_START_MS;
    while ((err = uvs_shm_check_header(c->map, c->map_size, why, sizeof why)) == -EAGAIN) {
        if (now_ms() - t0 > limit)
            return die(c, -ENODEV, "ivshmem %s: %s after %d ms; is uvmsoc-sim --host-shm serving the file QEMU's "
                       "memory-backend-file maps?", c->path, why, limit);
        backoff(&spins);
    }
    if (err)
        return die(c, err, "ivshmem %s: %s", c->path, why);
    if (uvs_shm_rd32(c->map, UVS_SHM_OFF_STATE) != UVS_SHM_STATE_SERVING)
        return die(c, -ECONNREFUSED, "ivshmem %s: the simulator (pid %u) is no longer serving (state %u)", c->path,
                   (unsigned)uvs_shm_rd32(c->map, UVS_SHM_OFF_SERVER_PID),
                   (unsigned)uvs_shm_rd32(c->map, UVS_SHM_OFF_STATE));
    uvs_shm_link_init(&c->link, c->map, 0);
    uvs_shm_drain(&c->link.rx); /* a previous session's leftovers */
    union uvs_cosim_msg r;
    if ((err = uvs_ls_hello(&c->ls, &r, NULL)))
        return err;
    uint64_t bus = uvs_shm_rd64(c->map, UVS_SHM_OFF_HOSTMEM_BUS), size = uvs_shm_rd64(c->map, UVS_SHM_OFF_HOSTMEM_SIZE);
    if (r.hello.hostmem_base != bus || r.hello.hostmem_size != size)
        return die(c, -EPROTO, "HELLO_RESP names host memory 0x%llx+0x%llx, the shared header 0x%llx+0x%llx",
                   (unsigned long long)r.hello.hostmem_base, (unsigned long long)r.hello.hostmem_size,
                   (unsigned long long)bus, (unsigned long long)size);
    if ((err = uvs_hostmem_init(&c->ls.hm, c->map + UVS_SHM_AREA, bus, (size_t)size)))
        return uvs_err(err, "cannot manage the host memory window");
    c->hm_bus = bus;
    return 0;
}

static int ivs_open(const struct uvs_open_opts *opts, void **ctx)
{
    const char *spec = opts->backend_arg;
    struct ivs *c = calloc(1, sizeof *c);
    if (!c)
        return uvs_err(-ENOMEM, "out of memory");
    c->fd = -1;
    int err = uvs_ivshmem_resolve(spec, c->path, sizeof c->path);
    if (err) {
        free(c);
        return err;
    }
    uvs_ls_init(&c->ls, &shm_transport, opts->wall_timeout_ms, "the simulator through %s", c->path);
    int fd = open(c->path, O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        free(c);
        return uvs_err(-e, "ivshmem: cannot open %s: %s%s", spec, strerror(e),
                       e == EACCES || e == EPERM ? " (mapping a PCI BAR needs root)" : "");
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        err = uvs_err(-errno, "ivshmem: fstat %s: %s", c->path, strerror(errno));
        close(fd);
        free(c);
        return err;
    }
    if (st.st_size < (off_t)UVS_SHM_AREA) {
        err = uvs_err(-EINVAL, "ivshmem: %s is %lld bytes, need at least %u (the header and rings)", c->path,
                      (long long)st.st_size, UVS_SHM_AREA);
        close(fd);
        free(c);
        return err;
    }
    c->map_size = (size_t)st.st_size;
    void *p = mmap(NULL, c->map_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    int e = errno;
    if (p == MAP_FAILED) {
        close(fd);
        free(c);
        return uvs_err(-e, "ivshmem: cannot map %s: %s", c->path, strerror(e));
    }
    c->map = p;
    c->fd = fd;
    if ((err = attach(c))) {
        c->ls.dead = 1;
        ivs_close(c);
        return err;
    }
    *ctx = c;
    return 0;
}

/* The mapped file (sysfs resource2_wc can be mapped at any page offset
 * again) and the offset of bus address @bus in it. */
static int ivs_hostmem_fd(void *ctx, uint64_t bus, uint64_t len, int *fd, uint64_t *off)
{
    struct ivs *c = ctx;
    if (!uvs_hostmem_ptr(&c->ls.hm, bus, len))
        return -EINVAL;
    *fd = c->fd;
    *off = UVS_SHM_AREA + (bus - c->hm_bus);
    return 0;
}

const struct uvs_backend_ops uvs_backend_ivshmem = {
    .name = "ivshmem",
    .open = ivs_open,
    .close = ivs_close,
    .mmio_read = uvs_ls_mmio_read,
    .mmio_write = uvs_ls_mmio_write,
    .dma_alloc = uvs_ls_dma_alloc,
    .dma_free = uvs_ls_dma_free,
    .wait_irq = uvs_ls_wait_irq,
    .charge = uvs_ls_charge,
    .reset = uvs_ls_reset,
    .hostmem_fd = ivs_hostmem_fd,
    .cycles = uvs_ls_cycles,
};

const char *uvs_ivshmem_spec(const char *dev)
{
    size_t n = strlen(UVS_IVSHMEM_PREFIX);
    return dev && strncmp(dev, UVS_IVSHMEM_PREFIX, n) == 0 ? dev + n : NULL;
}

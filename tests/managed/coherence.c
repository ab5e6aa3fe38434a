/*
 * Host coherence of managed memory end to end (issue 18 item 1;
 * tests/coherence.tests): kernels and host code alternate on the same
 * managed buffers with no uvm_session_sync() call, and the data stays right.
 * Opens the device at $UVMSOC_SOCKET (firmware already running), loads the
 * kernels pattern and axpy from KDIR and runs the scenarios given, in order,
 * in one session:
 *
 *   interleave=BYTES
 *       y = pattern(seed) by a kernel; the host overwrites every third page
 *       of y and reads every third page (dirty HBM pages migrate back on the
 *       host's touch); kernel y += x (x written by the host); host checks
 *       every byte of y; the host rewrites x's first page (the device has a
 *       clean copy: invalidated); kernel y += 2x; host checks every byte.
 *       With HBM smaller than 2 x BYTES the kernels evict as they go.
 *   readback
 *       kernel pattern over 16 pages; one host read of page 5 migrates
 *       exactly that page back (migrate-back 1, host faults 1); reading it
 *       again costs nothing more; its bytes are the kernel's.
 *   invalidate
 *       kernel y += x reads x (clean copies in HBM); one host store into x's
 *       page 2 invalidates the device's copy (invalidated 1, migrate-back 0);
 *       the next y += x sees the new value.
 *
 *   readmostly
 *       read-mostly duplication (uvm_readmostly.h): advice on memory outside
 *       every allocation and unknown advice bits are refused (-EINVAL with a
 *       message); x (read-mostly, written by the host) is read by three
 *       y += x kernels with host reads of every byte of x between them: x is
 *       copied into HBM once (read-only duplicates: 32 pages) and the host
 *       reads trap never; a host store into x collapses its page (the HBM
 *       copy dropped) and the next kernel reads the new word; a kernel
 *       writing a duplicated read-mostly buffer (axpy with it as y) makes its
 *       pages writable through write-permission page requests and the host
 *       reads the kernel's values; pattern writing a read-mostly buffer
 *       never duplicated (a write fault migrates read-only, then the write
 *       collapses it) is read right by the host. Every byte checked.
 *       Malformed read-mostly batch units (a grant with flags or of 0
 *       pages, a read-only superpage: -EINVAL; a grant of a page not in
 *       HBM: -ENOENT) each get their error and change nothing.
 *
 *   ptreuse=ROUNDS
 *       page tables of freed memory are reused (firmware free_tables, UVM_OP_UNMAP):
 *       ROUNDS times, a 4 MiB allocation (two whole 2 MiB blocks, each its
 *       own L0 table) gets one store in each block by the kernel fault
 *       (FAULT_STORE: one fault, one page migrated) and is freed; a 4 MiB
 *       spacer allocation kept until the end makes the next round's VA a new
 *       one (checked: every round's VA differs). With HBM of 256 KiB the
 *       device's page-table pool holds 8 pages (3 upper tables + 5): without
 *       the freeing, round 3 would find it empty and its store would never
 *       complete (the launch times out).
 *
 * policy=4k first: the fault service migrates one page per fault (UVM_POLICY_4K)
 * instead of 64 KiB units (UVM_POLICY_BASELINE), for HBM of a few frames.
 *
 * Prints "coherence: SCENARIO -> MATCH" per scenario, the coherence
 * counters and "coherence: PASS" (exit 0), or the first mismatch and
 * "coherence: FAIL" (exit 1); an unknown scenario: exit 2 before any device
 * access.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uvmsoc/dma.h>
#include <uvmsoc/kernel.h>
#include <uvmsoc/kernel_abi.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/uvm_abi.h>
#include <uvmsoc/uvmsoc.h>

#include "uvm_session.h"
#include <lib/uvs_pattern.h>

#define PAGE 4096u
#define SEED 0xc0e5ull
#define WAIT (UVS_KERNEL_TIMEOUT_DEFAULT + 20000000ull) /* cycles: kernel timeout + the event's margin */

static struct uvs_dev *dev;
static struct uvm_session *sess;
static const char *kdir;

static void print_counters(void);

static int h2d(uint64_t dst, const void *src, size_t n)
{
    struct uvs_dma_buf b;
    struct uvs_dma_result r;
    int err = uvs_dma_alloc(dev, n, &b);
    if (err)
        return err;
    memcpy(b.host, src, n);
    err = uvs_dma_copy(dev, UVS_DMA_OP_H2D, dst, b.bus, n, &r);
    uvs_dma_free(dev, &b);
    return err;
}

/* Load kernel NAME from kdir, write its argument block, launch it on every compute hart, serve its faults. */
static int run_kernel(const char *name, const uint64_t *arg, unsigned nargs)
{
    static uint64_t seq;
    char path[4096];
    const struct uvs_mem_range region = {UVS_KERNEL_BASE, UVS_KERNEL_SIZE};
    struct uvs_fw_image img;
    memset(&img, 0, sizeof img);
    snprintf(path, sizeof path, "%s/%s.elf", kdir, name);
    int err = uvs_fw_parse(path, &region, 1, &img);
    for (unsigned i = 0; !err && i < img.nsegs; i++) {
        const struct uvs_fw_seg *sg = &img.seg[i];
        if (sg->filesz)
            err = h2d(sg->addr, sg->data, sg->filesz);
        if (!err && sg->memsz > sg->filesz) {
            void *z = calloc(1, sg->memsz - sg->filesz);
            err = z ? h2d(sg->addr + sg->filesz, z, sg->memsz - sg->filesz) : -ENOMEM;
            free(z);
        }
    }
    if (err) {
        printf("coherence: kernel %s: %s\n", path, uvs_last_error());
        uvs_fw_image_free(&img);
        return err;
    }
    struct uvs_kernel_args ka;
    memset(&ka, 0, sizeof ka);
    ka.magic = UVS_KARGS_MAGIC;
    ka.nargs = nargs;
    memcpy(ka.arg, arg, nargs * sizeof *arg);
    struct uvs_launch l = {.entry = img.entry, .args = UVS_KERNEL_DATA_BASE};
    struct uvs_hostq_cmd cmd;
    struct uvs_hostq_evt ev;
    uvs_fw_image_free(&img);
    if ((err = h2d(UVS_KERNEL_DATA_BASE, &ka, sizeof ka)) || (err = uvs_launch_cmd(&l, 0x636f6800ull + ++seq, &cmd)))
        return err;
    if ((err = uvm_session_launch(sess, &cmd, &ev, WAIT))) {
        printf("coherence: launch %s: %s\n", name, uvm_session_last_error(sess));
        return err;
    }
    if (ev.status) {
        printf("coherence: kernel %s failed on the device (status %d)\n", name, ev.status);
        return -EIO;
    }
    printf("kernel %s done; ", name);
    print_counters();
    return 0;
}

static struct uvm_coher_counters counters(void)
{
    struct uvm_session_stats st;
    memset(&st, 0, sizeof st);
    if (uvm_session_get_stats(sess, &st))
        printf("coherence: stats: %s\n", uvm_session_last_error(sess));
    return st.coher;
}

static void print_counters(void)
{
    struct uvm_coher_counters c = counters();
    printf("host faults %" PRIu64 ", migrate-back %" PRIu64 ", invalidated %" PRIu64 ", unheld %" PRIu64
           ", pages protected %" PRIu64 "\n",
           c.host_faults, c.migrate_back, c.invalidated, c.unheld, c.protected_pages);
}

/* Host-written values: distinct per (buffer, word). */
static uint64_t host_word(uint64_t tag, uint64_t i)
{
    return (tag << 48) ^ (i * 0x2545f4914f6cdd1dull) ^ 0x1234;
}

static int check_words(const char *what, const uint64_t *got, const uint64_t *want, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i]) {
            printf("coherence: %s: MISMATCH at byte %zu (page %zu): 0x%016" PRIx64 ", expected 0x%016" PRIx64 "\n",
                   what, i * 8, i * 8 / PAGE, got[i], want[i]);
            return 0;
        }
    return 1;
}

static int interleave(size_t bytes)
{
    uint64_t *x, *y, *want = malloc(bytes);
    size_t n = bytes / 8, wpp = PAGE / 8, pages = bytes / PAGE;
    if (!want || uvm_session_alloc(sess, bytes, (void **)&x) || uvm_session_alloc(sess, bytes, (void **)&y)) {
        printf("coherence: alloc: %s\n", uvm_session_last_error(sess));
        free(want);
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        x[i] = host_word(1, i);
    uint64_t ap[3] = {(uint64_t)(uintptr_t)y, bytes, SEED};
    if (run_kernel("pattern", ap, 3))
        return 0;
    /* The host writes every third page, reads the next one, leaves the third to the device. */
    for (size_t p = 0; p < pages; p++) {
        for (size_t i = p * wpp; i < (p + 1) * wpp; i++)
            want[i] = pattern_word(SEED, i * 8);
        if (p % 3 == 0) {
            for (size_t i = p * wpp; i < (p + 1) * wpp; i++)
                y[i] = want[i] = host_word(2, i);
        } else if (p % 3 == 1 && !check_words("host read after pattern", y + p * wpp, want + p * wpp, wpp)) {
            return 0;
        }
    }
    uint64_t aa[4] = {n, 1, (uint64_t)(uintptr_t)x, (uint64_t)(uintptr_t)y};
    if (run_kernel("axpy", aa, 4))
        return 0;
    for (size_t i = 0; i < n; i++)
        want[i] += x[i];
    if (!check_words("y += x", y, want, n))
        return 0;
    /* x is in HBM as a clean copy: a host store invalidates it; the next kernel reads the new words. */
    for (size_t i = 0; i < wpp; i++)
        x[i] = host_word(3, i);
    aa[1] = 2;
    if (run_kernel("axpy", aa, 4))
        return 0;
    for (size_t i = 0; i < n; i++)
        want[i] += 2 * x[i];
    int ok = check_words("y += 2x", y, want, n);
    free(want);
    return ok && uvm_session_free(sess, x) == 0 && uvm_session_free(sess, y) == 0;
}

static int readback(void)
{
    uint8_t *y;
    size_t bytes = 16 * PAGE;
    if (uvm_session_alloc(sess, bytes, (void **)&y))
        return 0;
    uint64_t ap[3] = {(uint64_t)(uintptr_t)y, bytes, SEED};
    if (run_kernel("pattern", ap, 3))
        return 0;
    struct uvm_coher_counters c0 = counters();
    volatile uint8_t v = y[5 * PAGE + 17]; /* one host read of a page that is dirty in HBM */
    struct uvm_coher_counters c1 = counters();
    printf("after one read: ");
    print_counters();
    /* The page comes back with its migration unit: the page itself, or the whole 64 KiB big unit
     * (16 pages) the firmware's page cache keeps as one (firmware/pcache.c, UVS_PCACHE_LVL_BIG). */
    uint64_t back = c1.migrate_back - c0.migrate_back;
    if (v != pattern_byte(SEED, 5 * PAGE + 17) || (back != 1 && back != 16) ||
        c1.host_faults - c0.host_faults != 1 || c1.invalidated != c0.invalidated) {
        printf("coherence: readback: expected one migrate-back of the page's unit (1 or 16 pages) and the kernel's byte\n");
        return 0;
    }
    for (size_t off = 5 * PAGE; off < 6 * PAGE; off++)
        if (y[off] != pattern_byte(SEED, off)) {
            printf("coherence: readback: MISMATCH at byte %zu\n", off);
            return 0;
        }
    struct uvm_coher_counters c2 = counters();
    if (c2.host_faults != c1.host_faults || c2.migrate_back != c1.migrate_back) {
        printf("coherence: readback: reading the page again trapped again\n");
        return 0;
    }
    return uvm_session_free(sess, y) == 0;
}

static int invalidate(void)
{
    uint64_t *x, *y;
    size_t bytes = 16 * PAGE, n = bytes / 8, w = 2 * PAGE / 8 + 3;
    if (uvm_session_alloc(sess, bytes, (void **)&x) || uvm_session_alloc(sess, bytes, (void **)&y))
        return 0;
    for (size_t i = 0; i < n; i++)
        x[i] = host_word(4, i);
    uint64_t aa[4] = {n, 1, (uint64_t)(uintptr_t)x, (uint64_t)(uintptr_t)y};
    if (run_kernel("axpy", aa, 4))
        return 0;
    struct uvm_coher_counters c0 = counters();
    uint64_t old = host_word(4, w);
    x[w] = 0xabcdef; /* one host store into a page the device holds clean */
    struct uvm_coher_counters c1 = counters();
    printf("after one store: ");
    print_counters();
    uint64_t inval = c1.invalidated - c0.invalidated; /* the page's unit: 1 page or a 64 KiB big unit */
    if ((inval != 1 && inval != 16) || c1.migrate_back != c0.migrate_back ||
        c1.host_faults - c0.host_faults != 1) {
        printf("coherence: invalidate: expected one invalidation of the page's unit (1 or 16 pages) and no migrate-back\n");
        return 0;
    }
    if (run_kernel("axpy", aa, 4))
        return 0;
    if (y[w] != old + 0xabcdef) {
        printf("coherence: invalidate: MISMATCH: the kernel read 0x%" PRIx64 ", expected the host's new 0xabcdef\n",
               y[w] - old);
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        if (i != w && y[i] != 2 * host_word(4, i)) {
            printf("coherence: invalidate: MISMATCH at word %zu\n", i);
            return 0;
        }
    return uvm_session_free(sess, x) == 0 && uvm_session_free(sess, y) == 0;
}

static struct uvm_fault_counters fault_counters(void)
{
    struct uvm_session_stats st;
    memset(&st, 0, sizeof st);
    if (uvm_session_get_stats(sess, &st))
        printf("coherence: stats: %s\n", uvm_session_last_error(sess));
    return st.host;
}

/* y[i] == want[i] + a * x[i] for every word, read by the host. */
static int check_axpy(const char *what, const uint64_t *y, const uint64_t *base, uint64_t a, const uint64_t *x,
                      size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (y[i] != base[i] + a * x[i]) {
            printf("coherence: %s: MISMATCH at word %zu: 0x%016" PRIx64 ", expected 0x%016" PRIx64 "\n", what, i,
                   y[i], base[i] + a * x[i]);
            return 0;
        }
    return 1;
}

/*
 * Malformed read-mostly units sent to the firmware in one UVM_OP_BATCH (as a
 * buggy host would): each gets its own error status and nothing else
 * happens. fresh: a managed page never on the device.
 */
static int bad_units(uint64_t fresh)
{
    enum { N = 4 };
    uint32_t did = uvm_session_did(sess);
    struct uvs_uvm_bunit u[N] = {
        {.did = did, .pages = 1, .action = UVS_UVM_BA_GRANT_WRITE, .flags = UVS_UVM_BU_F_READONLY, .va = fresh},
        {.did = did, .pages = 512, .action = UVS_UVM_BA_MIGRATE,
         .flags = UVS_UVM_BU_F_READONLY | UVS_UVM_BU_F_SUPER_OK, .va = fresh & ~0x1fffffull, .bus = 0x80000000ull},
        {.did = did, .pages = 0, .action = UVS_UVM_BA_GRANT_WRITE, .va = fresh},
        {.did = did, .pages = 1, .action = UVS_UVM_BA_GRANT_WRITE, .va = fresh}, /* not in HBM */
    };
    static const int32_t want[N] = {-EINVAL, -EINVAL, -EINVAL, -ENOENT};
    static const char *what[N] = {"grant with flags", "read-only superpage", "grant of 0 pages",
                                  "grant of a page not in HBM"};
    struct uvs_dma_buf b;
    int err = uvs_dma_alloc(dev, sizeof u, &b);
    if (err)
        return 0;
    memcpy(b.host, u, sizeof u);
    struct uvs_hostq_cmd c = {.opcode = UVS_UVM_OP_BATCH, .flags = UVS_HOSTQ_CMD_F_EVENT, .cookie = 0xbad0000ull};
    c.arg[0] = b.bus;
    c.arg[1] = N;
    struct uvs_hostq_evt e;
    err = uvs_cmd_submit(dev, &c);
    while (!err && !(err = uvs_evt_wait(dev, &e, WAIT)) && !(e.type == UVS_HOSTQ_EVT_CMD_DONE && e.cookie == c.cookie))
        ;
    int ok = !err;
    memcpy(u, b.host, sizeof u);
    uvs_dma_free(dev, &b);
    if (!ok) {
        printf("coherence: bad units: %s\n", uvs_last_error());
        return 0;
    }
    printf("bad read-mostly units: batch status %d, units done %u\n", e.status, (unsigned)(e.value & 0xffffffffu));
    for (int i = 0; i < N; i++) {
        printf("  %-28s status %d%s\n", what[i], u[i].status, u[i].status == want[i] ? "" : " (WRONG)");
        ok &= u[i].status == want[i] && u[i].copied == 0;
    }
    return ok && e.status == 0 && (e.value & 0xffffffffu) == 0;
}

static int readmostly(void)
{
    enum { PAGES = 32 };
    size_t bytes = PAGES * PAGE, n = bytes / 8;
    uint64_t *x, *y, *z, *w, local = 0;
    uint64_t *zx = malloc(bytes), *xs = malloc(bytes);
    int ok = 0;
    if (!zx || !xs)
        goto out;
    /* Bad input: memory outside every allocation, unknown advice bits. */
    int e1 = uvm_session_advise(sess, &local, UVM_ADV_READ_MOSTLY);
    printf("advise outside every allocation: %d (%s)\n", e1, uvm_session_last_error(sess));
    if (e1 != -EINVAL || !strstr(uvm_session_last_error(sess), "is not managed memory"))
        goto out;
    if (uvm_session_alloc(sess, bytes, (void **)&x) || uvm_session_alloc(sess, bytes, (void **)&y) ||
        uvm_session_alloc(sess, bytes, (void **)&z) || uvm_session_alloc(sess, bytes, (void **)&w)) {
        printf("coherence: alloc: %s\n", uvm_session_last_error(sess));
        goto out;
    }
    if (!bad_units((uint64_t)(uintptr_t)x + 3 * PAGE))
        goto out;
    int e2 = uvm_session_advise(sess, x, 0x100);
    printf("advise 0x100: %d (%s)\n", e2, uvm_session_last_error(sess));
    if (e2 != -EINVAL || !strstr(uvm_session_last_error(sess), "unknown advice bits"))
        goto out;
    if (uvm_session_advise(sess, x, UVM_ADV_READ_MOSTLY) || uvm_session_advise(sess, z, UVM_ADV_READ_MOSTLY) ||
        uvm_session_advise(sess, w, UVM_ADV_READ_MOSTLY)) {
        printf("coherence: advise: %s\n", uvm_session_last_error(sess));
        goto out;
    }
    for (size_t i = 0; i < n; i++) {
        x[i] = xs[i] = host_word(5, i);
        y[i] = 0;
    }
    /* Three kernels read x with host reads of all of x between them: x is copied once, no host fault on it. */
    struct uvm_fault_counters f0 = fault_counters();
    struct uvm_coher_counters c0 = counters();
    uint64_t aa[4] = {n, 1, (uint64_t)(uintptr_t)x, (uint64_t)(uintptr_t)y};
    for (int round = 0; round < 3; round++) {
        if (run_kernel("axpy", aa, 4))
            goto out;
        if (!check_words("host read of a duplicated x", x, xs, n))
            goto out;
    }
    struct uvm_fault_counters f1 = fault_counters();
    struct uvm_coher_counters c1 = counters();
    printf("read-mostly x: %" PRIu64 " pages duplicated, %" PRIu64 " pages migrated in all, host faults %" PRIu64
           ", pages made read-only %" PRIu64 "\n",
           f1.dup_pages - f0.dup_pages, f1.pages_in - f0.pages_in, c1.host_faults - c0.host_faults,
           c1.readonly_pages - c0.readonly_pages);
    /* x's 32 pages once as duplicates, y's 32 once: nothing migrates again in rounds 2 and 3. */
    if (f1.dup_pages - f0.dup_pages != PAGES || f1.pages_in - f0.pages_in != 2 * PAGES ||
        c1.host_faults != c0.host_faults || c1.readonly_pages - c0.readonly_pages != PAGES) {
        printf("coherence: readmostly: expected x duplicated once (%d pages), %d pages migrated, no host fault\n",
               PAGES, 2 * PAGES);
        goto out;
    }
    for (size_t i = 0; i < n; i++)
        zx[i] = 0;
    if (!check_axpy("y after three y += x", y, zx, 3, x, n))
        goto out;
    /* A host store into a duplicate collapses it; the next kernel reads the new word. */
    size_t hw = 7 * PAGE / 8 + 5;
    c1 = counters(); /* after the host's read of y (it migrated y back) */
    x[hw] = xs[hw] = 0x5eed;
    struct uvm_coher_counters c2 = counters();
    printf("after one host store into x: dup collapsed %" PRIu64 ", invalidated %" PRIu64 ", migrate-back %" PRIu64
           "\n", c2.dup_collapsed - c1.dup_collapsed, c2.invalidated - c1.invalidated,
           c2.migrate_back - c1.migrate_back);
    if (c2.dup_collapsed - c1.dup_collapsed != 1 || c2.host_faults - c1.host_faults != 1 ||
        c2.migrate_back != c1.migrate_back) {
        printf("coherence: readmostly: expected one collapse by the host store, nothing written back\n");
        goto out;
    }
    for (size_t i = 0; i < n; i++)
        zx[i] = y[i]; /* y migrates back here (dirty in HBM) */
    if (run_kernel("axpy", aa, 4) || !check_axpy("y += x after the host store", y, zx, 1, xs, n))
        goto out;
    /* A kernel writes a duplicated buffer: z += 2x with z read first by z' += z (z duplicated, y rewritten). */
    for (size_t i = 0; i < n; i++)
        z[i] = zx[i] = host_word(6, i);
    uint64_t az[4] = {n, 1, (uint64_t)(uintptr_t)z, (uint64_t)(uintptr_t)y};
    for (size_t i = 0; i < n; i++)
        xs[i] = y[i];
    if (run_kernel("axpy", az, 4) || !check_axpy("y += z", y, xs, 1, zx, n))
        goto out;
    struct uvm_fault_counters f2 = fault_counters();
    uint64_t aw[4] = {n, 2, (uint64_t)(uintptr_t)x, (uint64_t)(uintptr_t)z};
    if (run_kernel("axpy", aw, 4))
        goto out;
    struct uvm_fault_counters f3 = fault_counters();
    printf("kernel writing the duplicated z: %" PRIu64 " pages made writable, %" PRIu64 " pages migrated\n",
           f3.write_grants - f2.write_grants, f3.pages_in - f2.pages_in);
    if (f3.write_grants - f2.write_grants != PAGES || f3.pages_in != f2.pages_in) {
        printf("coherence: readmostly: expected every page of z made writable in place (%d), none migrated\n",
               PAGES);
        goto out;
    }
    if (!check_axpy("host read of z after z += 2x", z, zx, 2, x, n))
        goto out;
    /* pattern writes w, read-mostly and never on the device: read-only migration, then the write collapses it. */
    uint64_t ap[3] = {(uint64_t)(uintptr_t)w, bytes, SEED};
    if (run_kernel("pattern", ap, 3))
        goto out;
    for (size_t off = 0; off < bytes; off++)
        if (((uint8_t *)w)[off] != pattern_byte(SEED, off)) {
            printf("coherence: readmostly: pattern into read-mostly w: MISMATCH at byte %zu\n", off);
            goto out;
        }
    ok = uvm_session_free(sess, x) == 0 && uvm_session_free(sess, y) == 0 && uvm_session_free(sess, z) == 0 &&
         uvm_session_free(sess, w) == 0;
out:
    free(zx);
    free(xs);
    return ok;
}

/* One scenario word: interleave=BYTES, readback, invalidate or readmostly. 1 ok, 0 failed, -1 unknown. */
static int ptreuse(unsigned rounds)
{
    void *spacer[16], *a;
    uint64_t vas[16];
    unsigned n = 0;
    int ok = 1;
    for (unsigned r = 0; ok && r < rounds; r++) {
        if (uvm_session_alloc(sess, 4u << 20, &a)) {
            printf("coherence: ptreuse: alloc: %s\n", uvm_session_last_error(sess));
            return 0;
        }
        vas[r] = (uintptr_t)a;
        for (unsigned i = 0; i < r; i++)
            if (vas[i] == vas[r]) {
                printf("coherence: ptreuse: round %u reuses the VA 0x%" PRIx64 " of round %u\n", r, vas[r], i);
                ok = 0;
            }
        for (unsigned b = 0; ok && b < 2; b++) {
            const uint64_t arg[3] = {2 /* FAULT_STORE */, vas[r] + (uint64_t)b * (2u << 20) + 8, 0};
            ok = run_kernel("fault", arg, 3) == 0;
        }
        if (uvm_session_free(sess, a)) {
            printf("coherence: ptreuse: free: %s\n", uvm_session_last_error(sess));
            ok = 0;
        }
        if (uvm_session_alloc(sess, 4u << 20, &spacer[n])) {
            printf("coherence: ptreuse: spacer: %s\n", uvm_session_last_error(sess));
            ok = 0;
        } else {
            n++;
        }
        printf("ptreuse: round %u: stores in both 2 MiB blocks of 0x%" PRIx64 " -> %s\n", r, vas[r],
               ok ? "done" : "FAILED");
    }
    while (n)
        (void)uvm_session_free(sess, spacer[--n]);
    return ok;
}

static int scenario(const char *w, int run)
{
    if (strncmp(w, "ptreuse=", 8) == 0) {
        char *end;
        unsigned long rounds = strtoul(w + 8, &end, 0);
        if (*end || rounds == 0 || rounds > 16)
            return -1;
        return run ? ptreuse((unsigned)rounds) : 1;
    }
    if (strncmp(w, "interleave=", 11) == 0) {
        char *end;
        unsigned long long bytes = strtoull(w + 11, &end, 0);
        if (*end || bytes == 0 || bytes % PAGE)
            return -1;
        return run ? interleave((size_t)bytes) : 1;
    }
    if (strcmp(w, "readback") == 0)
        return run ? readback() : 1;
    if (strcmp(w, "invalidate") == 0)
        return run ? invalidate() : 1;
    if (strcmp(w, "readmostly") == 0)
        return run ? readmostly() : 1;
    return -1;
}

int main(int argc, char **argv)
{
    struct uvs_open_opts o;
    struct uvm_policy pol = UVM_POLICY_BASELINE;
    int ok = 0;
    if (argc < 3) {
        fprintf(stderr, "usage: coherence KDIR [policy=4k] SCENARIO... (interleave=BYTES, readback, invalidate, readmostly, "
                        "ptreuse=ROUNDS)\n");
        return 2;
    }
    kdir = argv[1];
    int first = 2;
    if (strcmp(argv[2], "policy=4k") == 0) {
        pol = UVM_POLICY_4K; /* one page per fault: no 64 KiB units thrashing a tiny HBM */
        first = 3;
    }
    setvbuf(stdout, NULL, _IOLBF, 0); /* progress lines reach the log even if the test is killed */
    for (int i = first; i < argc; i++)
        if (scenario(argv[i], 0) < 0) {
            printf("coherence: unknown scenario %s (interleave=BYTES with BYTES a non-zero multiple of 4096, "
                   "readback, invalidate, readmostly, ptreuse=ROUNDS with ROUNDS 1..16)\n", argv[i]);
            return 2;
        }
    memset(&o, 0, sizeof o);
    o.socket_path = getenv("UVMSOC_SOCKET");
    if (uvs_open(&o, &dev)) {
        printf("coherence: cannot open the device: %s\n", uvs_last_error());
        return 1;
    }
    if (uvm_session_open(dev, &pol, 8, &sess)) {
        printf("coherence: session: %s\n", uvm_session_last_error(sess));
        goto out;
    }
    ok = 1;
    for (int i = first; ok && i < argc; i++) {
        ok = scenario(argv[i], 1) == 1;
        printf("coherence: %s -> %s\n", argv[i], ok ? "MATCH" : "FAIL");
    }
    print_counters();
out:
    uvm_session_close(sess);
    uvs_close(dev);
    printf("coherence: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}

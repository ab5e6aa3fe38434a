/*
 * Tests of the access-trace part of libuvscommon (include/lib/uvs_trace.h): the codec's round trip and its
 * answers to bad files (truncated, corrupt, wrong magic / version / header,
 * data after the stream), and the replayer's LRU, CLOCK and MIN hit counts
 * on small traces checked by hand.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "uvs_trace.h"
#include "uvs_xorshift.h"

static char dir[64];

static int setup_dir(void **state)
{
    (void)state;
    const char *t = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/uvstrace.XXXXXX", t && strlen(t) < 40 ? t : "/tmp");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* dir/name, in one of 4 rotating buffers (so a few paths can be held at once). */
static const char *path_of(const char *name)
{
    static char p[4][128];
    static unsigned i;
    char *b = p[i++ % 4];
    snprintf(b, sizeof p[0], "%s/%s", dir, name);
    return b;
}

/* A deterministic pseudo-random sequence (xorshift64). */
static uint64_t rng = 88172645463325252ull;
static uint64_t next_rand(void) { return uvs_xorshift64(&rng); }

/* Write n records made by make_rec (or random ones) into name; returns the path. */
static const char *write_random(const char *name, size_t n, struct uvs_trace_rec *out)
{
    const char *p = path_of(name);
    struct uvs_trace_hdr h = {.hbm_frames = 1234, .contexts = 3};
    struct uvs_trace_writer *w;
    assert_int_equal(uvs_trace_writer_open(p, &h, &w), 0);
    uint64_t cyc = 0, page = 0x7f0000;
    for (size_t i = 0; i < n; i++) {
        uint64_t r = next_rand();
        cyc += r % 50;
        page = (r >> 8) % 4 == 0 ? (r >> 16) & ((1ull << 40) - 1) : page + (int64_t)((r >> 12) % 5) - 2;
        struct uvs_trace_rec rec = {.cycle = cyc, .page = page, .ctx = (uint32_t)((r >> 30) % 16 == 0 ? (r >> 34) % 3 : 0),
                                    .req = (uint8_t)((r >> 40) % 8 == 0 ? (r >> 44) & 0x87 : 1),
                                    .flags = (uint8_t)((r >> 50) & 0xF)};
        if (out)
            out[i] = rec;
        assert_int_equal(uvs_trace_write(w, &rec), 0);
    }
    assert_int_equal(uvs_trace_writer_count(w), n);
    assert_int_equal(uvs_trace_writer_close(w), 0);
    return p;
}

static long file_size(const char *p)
{
    FILE *f = fopen(p, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

/* Read every record of p; returns the last uvs_trace_read / open answer and copies the error message. */
static int read_all(const char *p, size_t *count, char *msg, size_t msglen)
{
    struct uvs_trace_hdr h;
    struct uvs_trace_reader *rd;
    struct uvs_trace_rec r;
    int rc = uvs_trace_reader_open(p, &h, &rd, msg, msglen);
    *count = 0;
    if (rc)
        return rc;
    while ((rc = uvs_trace_read(rd, &r)) == 1)
        (*count)++;
    snprintf(msg, msglen, "%s", uvs_trace_reader_error(rd));
    uvs_trace_reader_close(rd);
    return rc;
}

static void test_round_trip(void **state)
{
    (void)state;
    enum { N = 20000 };
    struct uvs_trace_rec *want = calloc(N, sizeof *want);
    assert_non_null(want);
    const char *p = write_random("rt.trace", N, want);
    struct uvs_trace_hdr h;
    struct uvs_trace_reader *rd;
    char err[256];
    assert_int_equal(uvs_trace_reader_open(p, &h, &rd, err, sizeof err), 0);
    assert_int_equal(h.version, UVS_TRACE_VERSION);
    assert_int_equal(h.page_size, 4096);
    assert_int_equal(h.hbm_frames, 1234);
    assert_int_equal(h.contexts, 3);
    struct uvs_trace_rec r;
    for (size_t i = 0; i < N; i++) {
        assert_int_equal(uvs_trace_read(rd, &r), 1);
        assert_int_equal(r.cycle, want[i].cycle);
        assert_int_equal(r.page, want[i].page);
        assert_int_equal(r.ctx, want[i].ctx);
        assert_int_equal(r.req, want[i].req);
        assert_int_equal(r.flags, want[i].flags);
    }
    assert_int_equal(uvs_trace_read(rd, &r), 0);
    assert_int_equal(uvs_trace_read(rd, &r), 0);
    uvs_trace_reader_close(rd);
    /* compressed: well under the 16+ bytes a record would take raw */
    assert_true(file_size(p) < (long)N * 8);
    free(want);
}

static void test_empty_trace(void **state)
{
    (void)state;
    const char *p = write_random("empty.trace", 0, NULL);
    size_t n;
    char err[256];
    assert_int_equal(read_all(p, &n, err, sizeof err), 0);
    assert_int_equal(n, 0);
    struct uvs_trace_data d;
    assert_int_equal(uvs_trace_load(p, &d, err, sizeof err), 0);
    assert_int_equal(d.n, 0);
    uvs_trace_free(&d);
}

static void test_writer_bad_input(void **state)
{
    (void)state;
    struct uvs_trace_hdr h = {.hbm_frames = 1, .contexts = 0};
    struct uvs_trace_writer *w;
    assert_int_equal(uvs_trace_writer_open(path_of("z.trace"), &h, &w), -EINVAL); /* zero contexts */
    h.contexts = 1;
    assert_int_equal(uvs_trace_writer_open(path_of("nodir/x.trace"), &h, &w), -ENOENT);
    assert_int_equal(uvs_trace_writer_open(path_of("w.trace"), &h, &w), 0);
    struct uvs_trace_rec r = {.ctx = 1};
    assert_int_equal(uvs_trace_write(w, &r), -EINVAL); /* context outside the header's count */
    r.ctx = 0;
    r.flags = 0x10;
    assert_int_equal(uvs_trace_write(w, &r), -EINVAL); /* flags above bit 3 */
    assert_int_equal(uvs_trace_writer_count(w), 0);
    assert_int_equal(uvs_trace_writer_close(w), 0);
}

static void copy_prefix(const char *from, const char *to, long bytes)
{
    FILE *f = fopen(from, "rb"), *g = fopen(to, "wb");
    assert_non_null(f);
    assert_non_null(g);
    for (long i = 0; i < bytes; i++) {
        int c = fgetc(f);
        assert_int_not_equal(c, EOF);
        fputc(c, g);
    }
    fclose(f);
    fclose(g);
}

static void patch(const char *p, long off, uint8_t v)
{
    FILE *f = fopen(p, "r+b");
    assert_non_null(f);
    fseek(f, off, SEEK_SET);
    fputc(v, f);
    fclose(f);
}

static void test_truncated(void **state)
{
    (void)state;
    const char *p = write_random("full.trace", 20000, NULL);
    long size = file_size(p);
    char cut[128], err[256], want[64];
    size_t n;
    snprintf(cut, sizeof cut, "%s", path_of("cut.trace"));
    copy_prefix(p, cut, size / 2);
    assert_int_equal(read_all(cut, &n, err, sizeof err), -EPIPE);
    snprintf(want, sizeof want, "truncated: the file ends at byte %ld", size / 2);
    assert_non_null(strstr(err, want));
    assert_true(n < 20000);
    /* the last byte missing: the stream's check value is incomplete */
    copy_prefix(p, cut, size - 1);
    assert_int_equal(read_all(cut, &n, err, sizeof err), -EPIPE);
    snprintf(want, sizeof want, "at byte %ld", size - 1);
    assert_non_null(strstr(err, want));
    /* only the header */
    copy_prefix(p, cut, UVS_TRACE_HDR_BYTES);
    assert_int_equal(read_all(cut, &n, err, sizeof err), -EPIPE);
    assert_non_null(strstr(err, "ends at byte 32"));
    /* half a header */
    copy_prefix(p, cut, 20);
    assert_int_equal(read_all(cut, &n, err, sizeof err), -EBADMSG);
    assert_non_null(strstr(err, "truncated header: the file ends at byte 20"));
    /* load reports the same */
    struct uvs_trace_data d;
    copy_prefix(p, cut, size / 2);
    assert_int_equal(uvs_trace_load(cut, &d, err, sizeof err), -EPIPE);
    assert_non_null(strstr(err, "truncated"));
    assert_null(d.keys);
}

static void test_corrupt(void **state)
{
    (void)state;
    const char *p = write_random("c.trace", 20000, NULL);
    long size = file_size(p);
    char bad[128], err[256];
    size_t n;
    snprintf(bad, sizeof bad, "%s", path_of("bad.trace"));
    copy_prefix(p, bad, size);
    FILE *f = fopen(bad, "r+b");
    fseek(f, size / 2, SEEK_SET);
    int c = fgetc(f);
    fseek(f, size / 2, SEEK_SET);
    fputc(c ^ 0x5A, f);
    fclose(f);
    assert_int_equal(read_all(bad, &n, err, sizeof err), -EBADMSG);
    assert_non_null(strstr(err, "corrupt"));
    assert_non_null(strstr(err, "byte"));
    /* data after the end of the stream */
    copy_prefix(p, bad, size);
    f = fopen(bad, "ab");
    fputs("junk", f);
    fclose(f);
    assert_int_equal(read_all(bad, &n, err, sizeof err), -EBADMSG);
    char want[64];
    snprintf(want, sizeof want, "data after the end of the records at byte %ld", size);
    assert_non_null(strstr(err, want));
    assert_int_equal(n, 20000);
}

static void test_bad_header(void **state)
{
    (void)state;
    const char *p = write_random("h.trace", 10, NULL);
    char bad[128], err[256];
    size_t n;
    snprintf(bad, sizeof bad, "%s", path_of("hbad.trace"));
    long size = file_size(p);

    copy_prefix(p, bad, size);
    patch(bad, 0, 'X');
    assert_int_equal(read_all(bad, &n, err, sizeof err), -EBADMSG);
    assert_non_null(strstr(err, "not a uvmsoc access trace"));

    copy_prefix(p, bad, size);
    patch(bad, 8, 2);
    assert_int_equal(read_all(bad, &n, err, sizeof err), -EPROTONOSUPPORT);
    assert_non_null(strstr(err, "version 2 at byte 8 is not supported"));

    copy_prefix(p, bad, size);
    patch(bad, 13, 0x20); /* page size 8192 */
    assert_int_equal(read_all(bad, &n, err, sizeof err), -EINVAL);
    assert_non_null(strstr(err, "page size 8192"));

    copy_prefix(p, bad, size);
    patch(bad, 24, 0); /* zero contexts */
    assert_int_equal(read_all(bad, &n, err, sizeof err), -EINVAL);
    assert_non_null(strstr(err, "contexts 0"));

    copy_prefix(p, bad, size);
    patch(bad, 28, 2);
    assert_int_equal(read_all(bad, &n, err, sizeof err), -EPROTONOSUPPORT);
    assert_non_null(strstr(err, "compression 2"));

    FILE *f = fopen(bad, "wb");
    fclose(f);
    assert_int_equal(read_all(bad, &n, err, sizeof err), -EBADMSG); /* empty file */

    assert_int_equal(read_all(path_of("missing.trace"), &n, err, sizeof err), -ENOENT);
    assert_non_null(strstr(err, "cannot open"));
}

/* Keys of a reference string of small page numbers in context 0. */
static uint64_t *keys_of(const uint64_t *pages, size_t n)
{
    uint64_t *k = malloc(n * sizeof *k);
    memcpy(k, pages, n * sizeof *k);
    return k;
}

/*
 * The reference string 1 2 3 4 1 2 5 1 2 3 4 5 with 3 frames (the textbook
 * string of Belady's anomaly), by hand:
 *  LRU: 1 2 3 miss (cold); 4 miss, evicts 1; 1 miss, evicts 2; 2 miss,
 *       evicts 3; 5 miss, evicts 4 -> {1 2 5}; 1 hit; 2 hit; 3 miss, evicts 5
 *       (least recent); 4 miss, evicts 1; 5 miss, evicts 2.  2 hits, 10 misses.
 *  MIN: 1 2 3 miss; 4 miss, evicts 3 (next use farthest: position 10);
 *       1 hit; 2 hit; 5 miss, evicts 4 (next use 11, after 1 and 2);
 *       1 hit; 2 hit; 3 miss, evicts 1 or 2 (never used again); 4 miss,
 *       evicts the other; 5 hit.  5 hits, 7 misses.
 *  CLOCK (hand at frame 0, reference bit set on load and hit): 1 2 3 fill
 *       frames 0-2 (bits 1); 4: the hand clears 0,1,2, evicts 1 (frame 0),
 *       hand 1; 1: frame 1 (2, bit 0) evicted, hand 2; 2: frame 2 (3)
 *       evicted, hand 0 -> {4 1 2}, bits 1; 5: clears all, evicts 4 (frame 0),
 *       hand 1; 1 hit, 2 hit (bits 1); 3: clears 1 and 2, clears 5 (frame 0),
 *       evicts 1 (frame 1), hand 2; 4: frame 2 (2, bit 0) evicted, hand 0;
 *       5 hit (frame 0).  3 hits, 9 misses.
 */
static const uint64_t belady_string[] = {1, 2, 3, 4, 1, 2, 5, 1, 2, 3, 4, 5};

static void test_replay_hand_checked(void **state)
{
    (void)state;
    size_t n = sizeof belady_string / sizeof belady_string[0];
    uint64_t *k = keys_of(belady_string, n);
    struct uvs_replay_result r;
    assert_int_equal(uvs_replay(k, n, 3, UVS_REPLAY_LRU, &r), 0);
    assert_int_equal(r.accesses, 12);
    assert_int_equal(r.hits, 2);
    assert_int_equal(r.misses, 10);
    assert_int_equal(r.distinct, 5);
    assert_int_equal(uvs_replay(k, n, 3, UVS_REPLAY_MIN, &r), 0);
    assert_int_equal(r.hits, 5);
    assert_int_equal(r.misses, 7);
    assert_int_equal(uvs_replay(k, n, 3, UVS_REPLAY_CLOCK, &r), 0);
    assert_int_equal(r.hits, 3);
    assert_int_equal(r.misses, 9);
    /* 4 frames, by hand: LRU 1 2 3 4 miss; 1 2 hit; 5 evicts 3 (LRU); 1 2 hit;
     * 3 evicts 4; 4 evicts 5; 5 evicts 1 -> 4 hits. MIN: 1 2 3 4 miss, 1 2 hit,
     * 5 evicts 3 or 4? 3 is next used at 10, 4 at 11: evicts 4; 1 2 3 hit;
     * 4 evicts 1 or 2 (never again); 5 hit -> 6 hits. */
    assert_int_equal(uvs_replay(k, n, 4, UVS_REPLAY_LRU, &r), 0);
    assert_int_equal(r.hits, 4);
    assert_int_equal(uvs_replay(k, n, 4, UVS_REPLAY_MIN, &r), 0);
    assert_int_equal(r.hits, 6);
    /* frames >= distinct pages: only the 5 cold misses, under every policy */
    for (int p = UVS_REPLAY_LRU; p <= UVS_REPLAY_MIN; p++) {
        assert_int_equal(uvs_replay(k, n, 5, (enum uvs_replay_policy)p, &r), 0);
        assert_int_equal(r.hits, 7);
        assert_int_equal(uvs_replay(k, n, 1000, (enum uvs_replay_policy)p, &r), 0);
        assert_int_equal(r.hits, 7);
    }
    free(k);
}

/*
 * CLOCK's second chance against LRU, 2 frames, string 1 2 1 3 1 4 1:
 *  LRU: 1 2 miss; 1 hit; 3 evicts 2; 1 hit; 4 evicts 3; 1 hit -> 3 hits.
 *  CLOCK: 1 2 fill (bits 1, hand 0); 1 hit; 3: clears 1 and 2, evicts 1
 *  (frame 0), hand 1; 1: frame 1 (2, bit 0) evicted, hand 0; 4: frame 0 (3,
 *  bit 1) cleared, frame 1 (1, bit 1) cleared, frame 0 (3) evicted, hand 1;
 *  1 hit -> 2 hits.  MIN: 1 hit every time after the first: 3 hits.
 */
static void test_replay_clock_second_chance(void **state)
{
    (void)state;
    static const uint64_t s[] = {1, 2, 1, 3, 1, 4, 1};
    uint64_t *k = keys_of(s, 7);
    struct uvs_replay_result r;
    assert_int_equal(uvs_replay(k, 7, 2, UVS_REPLAY_LRU, &r), 0);
    assert_int_equal(r.hits, 3);
    assert_int_equal(uvs_replay(k, 7, 2, UVS_REPLAY_CLOCK, &r), 0);
    assert_int_equal(r.hits, 2);
    assert_int_equal(uvs_replay(k, 7, 2, UVS_REPLAY_MIN, &r), 0);
    assert_int_equal(r.hits, 3);
    free(k);
}

/* The same page in two contexts is two pages: with one frame, alternating accesses all miss. */
static void test_contexts_and_device_counts(void **state)
{
    (void)state;
    const char *p = path_of("ctx.trace");
    struct uvs_trace_hdr h = {.hbm_frames = 1, .contexts = 2};
    struct uvs_trace_writer *w;
    assert_int_equal(uvs_trace_writer_open(p, &h, &w), 0);
    /* device: faulted, HBM hit, host (remote), HBM hit */
    static const uint8_t fl[] = {UVS_TRACE_F_FAULT | UVS_TRACE_F_HBM, UVS_TRACE_F_HBM, UVS_TRACE_F_HOST,
                                 UVS_TRACE_F_HBM | UVS_TRACE_F_WRITE};
    for (unsigned i = 0; i < 4; i++) {
        struct uvs_trace_rec r = {.cycle = 10 * i, .page = 7, .ctx = i % 2, .req = 1, .flags = fl[i]};
        assert_int_equal(uvs_trace_write(w, &r), 0);
    }
    assert_int_equal(uvs_trace_writer_close(w), 0);
    struct uvs_trace_data d;
    char err[256];
    assert_int_equal(uvs_trace_load(p, &d, err, sizeof err), 0);
    assert_int_equal(d.n, 4);
    assert_int_equal(d.dev_hits, 2);
    assert_int_equal(d.dev_faulted, 1);
    assert_int_equal(d.dev_host, 1);
    assert_int_equal(d.tile, 0);
    assert_int_equal(d.first_cycle, 0);
    assert_int_equal(d.last_cycle, 30);
    struct uvs_replay_result r;
    assert_int_equal(uvs_replay(d.keys, d.n, 1, UVS_REPLAY_LRU, &r), 0);
    assert_int_equal(r.hits, 0);
    assert_int_equal(r.distinct, 2);
    assert_int_equal(uvs_replay(d.keys, d.n, 2, UVS_REPLAY_MIN, &r), 0);
    assert_int_equal(r.hits, 2);
    uvs_trace_free(&d);
}

static void test_replay_bad_input(void **state)
{
    (void)state;
    uint64_t k[2] = {1, 2};
    struct uvs_replay_result r;
    assert_int_equal(uvs_replay(k, 2, 0, UVS_REPLAY_LRU, &r), -EINVAL); /* zero frames */
    assert_int_equal(uvs_replay(k, 2, 0, UVS_REPLAY_MIN, &r), -EINVAL);
    assert_int_equal(uvs_replay(NULL, 2, 1, UVS_REPLAY_LRU, &r), -EINVAL);
    assert_int_equal(uvs_replay(k, 2, 1, (enum uvs_replay_policy)7, &r), -EINVAL);
    assert_int_equal(uvs_replay(NULL, 0, 1, UVS_REPLAY_MIN, &r), 0);
    assert_int_equal(r.accesses, 0);
    assert_null(uvs_replay_policy_name((enum uvs_replay_policy)7));
    assert_string_equal(uvs_replay_policy_name(UVS_REPLAY_CLOCK), "CLOCK");
}

/* MIN never has fewer hits than LRU and CLOCK (it is optimal for demand paging), on a random trace. */
static void test_replay_min_bound(void **state)
{
    (void)state;
    enum { N = 50000 };
    uint64_t *k = malloc(N * sizeof *k);
    for (size_t i = 0; i < N; i++) {
        uint64_t r = next_rand();
        k[i] = (r % 4) ? r % 64 : 64 + (r >> 8) % 1000; /* hot set of 64 and a cold tail */
    }
    for (uint64_t f = 1; f <= 256; f *= 4) {
        struct uvs_replay_result lru, clk, min;
        assert_int_equal(uvs_replay(k, N, f, UVS_REPLAY_LRU, &lru), 0);
        assert_int_equal(uvs_replay(k, N, f, UVS_REPLAY_CLOCK, &clk), 0);
        assert_int_equal(uvs_replay(k, N, f, UVS_REPLAY_MIN, &min), 0);
        assert_true(min.hits >= lru.hits);
        assert_true(min.hits >= clk.hits);
        assert_true(min.misses >= min.distinct);
    }
    free(k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_empty_trace),
        cmocka_unit_test(test_writer_bad_input),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_corrupt),
        cmocka_unit_test(test_bad_header),
        cmocka_unit_test(test_replay_hand_checked),
        cmocka_unit_test(test_replay_clock_second_chance),
        cmocka_unit_test(test_contexts_and_device_counts),
        cmocka_unit_test(test_replay_bad_input),
        cmocka_unit_test(test_replay_min_bound),
    };
    return cmocka_run_group_tests(tests, setup_dir, remove_dir);
}

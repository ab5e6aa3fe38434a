/*
 * Page-access trace of a simulator run (docs/architecture.md "Access
 * trace"): the file format's codec (writer and reader) and the offline
 * replayer (LRU, CLOCK, Belady's MIN). Part of libuvscommon (include/lib/lib.mk), linked by
 * the simulator (which writes traces, sim/trace_rec.c) and the host CLI
 * (which reads and replays them); libc and zlib only.
 *
 * File format, version 1 (all integers little-endian):
 *
 *   header, 32 bytes, uncompressed:
 *     0  8  magic "UVSTRACE"
 *     8  2  version (UVS_TRACE_VERSION)
 *    10  2  header bytes (32)
 *    12  4  page size in bytes (4096)
 *    16  8  HBM size in 4 KiB frames (the device's populated HBM / 4096)
 *    24  4  device contexts: records name contexts 0..contexts-1
 *    28  4  compression: 1 = zlib (RFC 1950 stream of the records)
 *   then one zlib stream holding the records and an end marker, and nothing
 *   after it.
 *
 *   record (inside the stream):
 *     tag byte: bits 3:0 flags (UVS_TRACE_F_*), bit 4 a context follows,
 *               bit 5 a requester follows, bits 7:6 zero
 *     [LEB128 context]   when bit 4 (else the previous record's; first: 0)
 *     [requester byte]   when bit 5 (else the previous record's; first: 0)
 *     LEB128 zigzag(page - previous page)      (first: previous = 0)
 *     LEB128 zigzag(cycle - previous cycle)    (first: previous = 0)
 *   end marker: tag 0xFF, LEB128 number of records.
 *
 * An access is one bus access of a hart (8 bytes at most) or one tile-engine
 * beat (64 bytes at most) to a unified-range address, translated by the
 * IOMMU (hart) or by the engine's ATC (beat); the cycle is when it went to
 * memory. It was served from HBM (F_HBM), from host memory over the link
 * (F_HOST: a remote mapping) or elsewhere (neither); F_FAULT marks an
 * access that waited for a page request (its translation was parked until
 * PAGE_REPLAY): a miss, whatever served it afterwards. A device hit is
 * F_HBM without F_FAULT.
 */
#ifndef UVS_TRACE_H
#define UVS_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define UVS_TRACE_MAGIC "UVSTRACE"      /**< 8 bytes, no NUL in the file */
#define UVS_TRACE_VERSION 1u            /**< the version this codec writes and reads */
#define UVS_TRACE_HDR_BYTES 32u         /**< header size in bytes */
#define UVS_TRACE_PAGE 4096u            /**< page size of every version-1 trace */
#define UVS_TRACE_COMP_ZLIB 1u          /**< compression field: zlib */
#define UVS_TRACE_REQ_TILE 0x80u        /**< requester byte: bit 7 = the hart's tile engine, bits 6:0 the hart */

/** Record flags (tag bits 3:0). */
enum {
    UVS_TRACE_F_WRITE = 1u << 0, /**< store, SC, AMO, or an engine's COPY_OUT beat */
    UVS_TRACE_F_FAULT = 1u << 1, /**< waited for a page request (a miss) */
    UVS_TRACE_F_HBM = 1u << 2,   /**< served from HBM */
    UVS_TRACE_F_HOST = 1u << 3,  /**< served from host memory over the link (remote mapping) */
};

/** Header fields (what the file says about the run). */
struct uvs_trace_hdr {
    uint32_t version;    /**< UVS_TRACE_VERSION */
    uint32_t page_size;  /**< bytes, UVS_TRACE_PAGE */
    uint64_t hbm_frames; /**< HBM size in 4 KiB frames */
    uint32_t contexts;   /**< device contexts (>= 1) */
};

/** One access. */
struct uvs_trace_rec {
    uint64_t cycle; /**< device cycle it went to memory */
    uint64_t page;  /**< virtual page number (address / 4096) */
    uint32_t ctx;   /**< device context id (IOMMU device_id) */
    uint8_t req;    /**< requester: hart, | UVS_TRACE_REQ_TILE for its engine */
    uint8_t flags;  /**< UVS_TRACE_F_* */
};

struct uvs_trace_writer;
struct uvs_trace_reader;

/**
 * uvs_trace_writer_open - create (truncate) @path and write the header
 * (@h->version and page_size are ignored: this codec writes version 1, 4 KiB).
 * Errors: -EINVAL (NULL, contexts 0); -ENOMEM; -errno of fopen/fwrite.
 */
int uvs_trace_writer_open(const char *path, const struct uvs_trace_hdr *h, struct uvs_trace_writer **out);

/**
 * uvs_trace_write - append one record. Errors: -EINVAL (NULL, ctx >=
 * contexts, flags above bit 3); -EIO a previous write failed (the writer
 * stays failed; close reports it too).
 */
int uvs_trace_write(struct uvs_trace_writer *w, const struct uvs_trace_rec *r);

/** uvs_trace_writer_count - records written so far. */
uint64_t uvs_trace_writer_count(const struct uvs_trace_writer *w);

/**
 * uvs_trace_writer_close - write the end marker, finish the stream, close
 * the file and free @w (NULL ignored). Returns 0 or the first error (-EIO,
 * -errno of the file).
 */
int uvs_trace_writer_close(struct uvs_trace_writer *w);

/**
 * uvs_trace_reader_open - open @path and check its header. Errors (with a
 * message naming the file and the byte offset in uvs_trace_strerror's
 * buffer @err of @errlen bytes): -ENOENT and other -errno of fopen;
 * -EBADMSG short header or wrong magic; -EPROTONOSUPPORT another version or
 * compression; -EINVAL page size not 4096, header size not 32 or zero
 * contexts; -ENOMEM.
 */
int uvs_trace_reader_open(const char *path, struct uvs_trace_hdr *h, struct uvs_trace_reader **out, char *err,
                          size_t errlen);

/**
 * uvs_trace_read - the next record into @r. Returns 1 (a record), 0 (the
 * end marker was read, its count matched, the stream ended and nothing
 * follows it), or a negative errno with a message in the reader's error
 * (uvs_trace_reader_error): -EBADMSG corrupt (bad tag, context out of
 * range, count mismatch, data after the stream, zlib data error: the message
 * names the file offset); -EPIPE truncated (the file ends inside the
 * stream, at the offset named); -EIO read error.
 */
int uvs_trace_read(struct uvs_trace_reader *rd, struct uvs_trace_rec *r);

/** uvs_trace_reader_error - the last error's message ("" when none). */
const char *uvs_trace_reader_error(const struct uvs_trace_reader *rd);

/** uvs_trace_reader_close - close and free (NULL ignored). */
void uvs_trace_reader_close(struct uvs_trace_reader *rd);

/* ---------------- replay ---------------- */

/** Replacement policies of the replayer. */
enum uvs_replay_policy {
    UVS_REPLAY_LRU = 0,   /**< evict the least recently used page */
    UVS_REPLAY_CLOCK = 1, /**< second chance: a frame's reference bit set on load and on every hit */
    UVS_REPLAY_MIN = 2,   /**< Belady's MIN: evict the page used farthest in the future (never: first) */
};

/** What a replay counts (demand paging: a page is loaded by its first access after it was evicted). */
struct uvs_replay_result {
    uint64_t accesses;  /**< records replayed */
    uint64_t hits;      /**< accesses whose page was resident */
    uint64_t misses;    /**< accesses - hits */
    uint64_t distinct;  /**< distinct (context, page): the compulsory misses */
};

/** A loaded trace: one key per access, (context << 52) | page, and the device's own outcome. */
struct uvs_trace_data {
    struct uvs_trace_hdr hdr;
    uint64_t *keys;        /**< n keys, in trace order */
    size_t n;              /**< accesses */
    uint64_t dev_hits;     /**< F_HBM and not F_FAULT: served from HBM without waiting */
    uint64_t dev_faulted;  /**< F_FAULT */
    uint64_t dev_host;     /**< F_HOST and not F_FAULT: served over the link */
    uint64_t tile;         /**< accesses of tile engines (requester bit 7); the rest are harts' */
    uint64_t first_cycle, last_cycle; /**< of the first and last record (0 when none) */
};

/**
 * uvs_trace_load - read every record of @path into @d (free with
 * uvs_trace_free). Errors as uvs_trace_reader_open / uvs_trace_read, the
 * message in @err; -EFBIG a page number of 2^52 or more (no room for the
 * context in the key); -ENOMEM.
 */
int uvs_trace_load(const char *path, struct uvs_trace_data *d, char *err, size_t errlen);

/** uvs_trace_free - release what uvs_trace_load allocated (d itself is the caller's). */
void uvs_trace_free(struct uvs_trace_data *d);

/**
 * uvs_replay - replay @n accesses (@keys: any 64-bit page identities, e.g.
 * uvs_trace_data.keys) under @pol with @frames page frames, from an empty
 * memory. O(n) expected for LRU and CLOCK; MIN takes O(n log frames) time
 * and 4 bytes per access for its next-use indices (n < 2^32).
 * Errors: -EINVAL (NULL with n > 0, frames 0, unknown policy, n >= 2^32 for
 * MIN); -ENOMEM.
 */
int uvs_replay(const uint64_t *keys, size_t n, uint64_t frames, enum uvs_replay_policy pol,
               struct uvs_replay_result *res);

/** uvs_replay_policy_name - "LRU", "CLOCK", "MIN" (NULL for an unknown value). */
const char *uvs_replay_policy_name(enum uvs_replay_policy pol);

#ifdef __cplusplus
}
#endif

#endif

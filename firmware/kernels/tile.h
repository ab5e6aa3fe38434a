/*
 * uvmsoc kernel tile API (issue 13; docs/architecture.md "Tile engines";
 * ABI include/uvmsoc/tile.def): asynchronous copies between virtual
 * addresses and this hart's scratchpad by its tile engine.
 *
 * Scratchpad addresses are byte OFFSETS into this hart's scratchpad
 * (uvs_spad_ptr(off) gives a pointer for loads and stores; one cycle per
 * access). Tiles may use [0, uvs_spad_size()): the runtime keeps its
 * descriptor slots above that (tile.def TILE_RT_*). On a multithreaded
 * hart all threads share one scratchpad and one engine: split the
 * scratchpad between threads yourself (uvs_spad_thread_share()).
 *
 * Every call that starts a copy returns a handle >= 0 to pass to
 * uvs_tile_wait(), or a negative errno for bad arguments (nothing is
 * queued):
 *   -EINVAL  zero bytes or rows; VA, scratchpad offset, row bytes or 2-D
 *            stride not a multiple of UVS_TILE_ALIGN (8 bytes); index list
 *            offset not 4-byte aligned; table_rows 0;
 *   -ERANGE  the tile or the index list does not lie inside
 *            [0, uvs_spad_size()).
 * A full engine queue is not an error: the call waits until a slot frees.
 * Up to TILE_RT_SLOTS - 1 (7) copies per thread may be outstanding; a
 * further call first waits for this thread's oldest one.
 *
 * VAs are unified-range addresses (translated by the IOMMU with the
 * kernel's context, like the hart's loads) or device addresses in SRAM/HBM
 * (physical, as for the hart).
 *
 * Copies run in the background (up to 32 64-byte beats in flight per
 * engine); the hart must not touch a tile's scratchpad bytes until its
 * copy was waited for (COPY_IN: data not there yet; COPY_OUT: the engine
 * reads the scratchpad when it issues each beat). Copies of one thread
 * complete in order. Translation faults become page requests exactly like
 * a hart's access (the host migrates, the IOMMU replays); a copy that
 * cannot complete (no mapping, permission, host answered Failure, or a
 * gather index >= table_rows) makes uvs_tile_wait() abort the thread with
 * the failing VA and the cause of a hart's access to it (5 load access
 * fault for copy-in/gather, 7 store/AMO access fault for copy-out/scatter):
 * the launcher reports it like a trapping load or store.
 */
#ifndef UVS_KERNEL_TILE_H
#define UVS_KERNEL_TILE_H

#include <stdint.h>

#include <uvmsoc/memmap.h>
#include <uvmsoc/tile.h>

#ifndef EINVAL
#define EINVAL 22
#endif
#ifndef ERANGE
#define ERANGE 34
#endif

/** Address of this hart's scratchpad (memmap.def SPAD_BASE + hart * TILE_SPAD_STRIDE). */
uintptr_t uvs_spad_base(void);

/** Bytes of this hart's scratchpad usable for tiles (populated size minus the runtime's slots). */
uint32_t uvs_spad_size(void);

/** Pointer to scratchpad offset @off (no check). */
static inline void *uvs_spad_ptr(uint32_t off)
{
	return (void *)(uvs_spad_base() + off);
}

/**
 * This hardware thread's equal share of the usable scratchpad on its hart:
 * sets *off and *bytes (a multiple of 64) for thread uvs.hwtid of NHWT.
 */
void uvs_spad_thread_share(uint32_t *off, uint32_t *bytes);

/** Copies @bytes from @va to scratchpad offset @spad (COPY_IN, 1-D). */
int64_t uvs_tile_copy_in(uint32_t spad, const void *va, uint32_t bytes);

/** Copies @bytes from scratchpad offset @spad to @va (COPY_OUT, 1-D). */
int64_t uvs_tile_copy_out(void *va, uint32_t spad, uint32_t bytes);

/**
 * 2-D copy in: @rows rows of @row_bytes, row r from @va + r * @stride
 * (bytes), packed in the scratchpad from @spad (row r at spad + r * row_bytes).
 */
int64_t uvs_tile_copy2d_in(uint32_t spad, const void *va, uint32_t rows, uint32_t row_bytes,
			   uint64_t stride);

/** 2-D copy out: scratchpad rows packed at @spad to @va + r * @stride. */
int64_t uvs_tile_copy2d_out(void *va, uint64_t stride, uint32_t spad, uint32_t rows,
			    uint32_t row_bytes);

/**
 * Gather: for r < @rows, row idx[r] of the table at @table (@table_rows
 * rows of @row_bytes) to scratchpad @spad + r * row_bytes; idx is an array
 * of @rows u32 at scratchpad offset @idx (written by the hart before the
 * call; the engine reads it while it walks the descriptor).
 */
int64_t uvs_tile_gather(uint32_t spad, const void *table, uint64_t table_rows, uint32_t row_bytes,
			uint32_t idx, uint32_t rows);

/** Scatter: scratchpad row r (at @spad + r * row_bytes) to table row idx[r]. */
int64_t uvs_tile_scatter(void *table, uint64_t table_rows, uint32_t row_bytes, uint32_t idx,
			 uint32_t rows, uint32_t spad);

/**
 * Waits until the copy of @handle (from a uvs_tile_* call, >= 0) completed.
 * A failed copy aborts the thread (ECALL tile.def KERNEL_ECALL_TILE_ABORT
 * with its cause and VA); does not return then. Waiting twice is harmless.
 */
void uvs_tile_wait(int64_t handle);

/** Waits for every copy this thread started. */
void uvs_tile_wait_all(void);

/**
 * Double-buffered reader of a contiguous VA range through two scratchpad
 * buffers: while the hart works on one chunk, the engine fills the other.
 */
struct uvs_tile_stream {
	uintptr_t va;       /**< next VA to request */
	uint64_t left;      /**< bytes not yet requested */
	uint32_t buf[2];    /**< scratchpad offsets of the two buffers */
	uint32_t len[2];    /**< bytes requested into each buffer (0 = none) */
	int64_t handle[2];  /**< their copies */
	uint32_t chunk;     /**< buffer size in bytes */
	unsigned cur;       /**< buffer handed out next */
};

/**
 * Starts streaming @bytes from @va (both multiples of 8) through buffers of
 * @chunk bytes (multiple of 64, > 0) at scratchpad offsets @spad and
 * @spad + @chunk. Returns 0, or a negative errno as the copy calls.
 */
int uvs_tile_stream_init(struct uvs_tile_stream *s, const void *va, uint64_t bytes, uint32_t spad,
			 uint32_t chunk);

/**
 * Next chunk: waits for it, starts the copy of the chunk after it into the
 * other buffer, and returns a pointer to the data (valid until the next
 * call) with its length in *len; NULL at the end.
 */
const void *uvs_tile_stream_next(struct uvs_tile_stream *s, uint32_t *len);

#endif /* UVS_KERNEL_TILE_H */

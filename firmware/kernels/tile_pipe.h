/*
 * Pipelined chunk loop of the tile kernels (issue 13) over the tile API
 * (tile.h): a thread's byte range streams through its scratchpad share in
 * chunks, with TILE_PIPE_STAGES sets of buffers, so the engine copies chunk
 * c + 1 in and chunk c - 1 out while the hart works on chunk c.
 */
#ifndef UVS_KERNELS_TILE_PIPE_H
#define UVS_KERNELS_TILE_PIPE_H

#include <stdint.h>

#define TILE_PIPE_STAGES 3		/**< buffer sets: copy-in, work and copy-out overlap */
#define TILE_PIPE_CHUNK_MAX 65536u	/**< bytes per chunk at most (one descriptor each way): 1024 beats, so the hart's ~400 cycles per chunk (submit, wait; measured, --log-retired) stay below the engine's time */

/** Work on one chunk in the scratchpad. */
typedef void (*tile_pipe_fn)(void *ctx, uint8_t *const buf[2], uint32_t len, uint64_t off);

/** One pipelined loop. */
struct tile_pipe {
	const void *in[2];	/**< input VAs (8-byte aligned), nin of them */
	unsigned nin;		/**< 0, 1 or 2 inputs */
	void *out;		/**< output VA (8-byte aligned), NULL = none; written from in[nin-1]'s buffer (or, without inputs, a buffer of its own) after the work */
	uint64_t bytes;		/**< bytes of every input and of the output, a multiple of 8 */
	tile_pipe_fn work;	/**< called per chunk: buf[i] = scratchpad pointer of input i's data (without inputs: buf[0] = the output buffer), len bytes at byte offset off of the range; may be NULL */
	void *ctx;		/**< passed to work */
};

/**
 * Runs the loop in scratchpad bytes [spad, spad + spad_bytes) (offsets as
 * tile.h; spad a multiple of 64), returning when every copy completed.
 * Returns 0, or a negative errno of the tile calls (-EINVAL, -ERANGE) or
 * -ENOSPC when the share holds no chunk of 64 bytes per buffer. A failed
 * copy aborts the thread in uvs_tile_wait() (tile.h).
 */
int tile_pipe_run(const struct tile_pipe *p, uint32_t spad, uint32_t spad_bytes);

/** Chunk bytes tile_pipe_run uses for @nbuf buffers per stage in @spad_bytes (0 = none fits). */
uint32_t tile_pipe_chunk(uint32_t spad_bytes, unsigned nbuf);

#endif /* UVS_KERNELS_TILE_PIPE_H */

/*
 * tile_pipe.h: chunk c uses stage c % TILE_PIPE_STAGES. Step c starts the
 * copy-in of chunk c (after the copy-out that last used its stage), then
 * waits for chunk c - 1's inputs, works on them and starts its copy-out.
 * A thread's copies complete in submission order (tile.h).
 */
#include "tile.h"
#include "tile_pipe.h"

#ifndef ENOSPC
#define ENOSPC 28
#endif

uint32_t tile_pipe_chunk(uint32_t spad_bytes, unsigned nbuf)
{
	uint32_t c = spad_bytes / (TILE_PIPE_STAGES * (nbuf ? nbuf : 1)) & ~63u;

	return c > TILE_PIPE_CHUNK_MAX ? TILE_PIPE_CHUNK_MAX : c;
}

int tile_pipe_run(const struct tile_pipe *p, uint32_t spad, uint32_t spad_bytes)
{
	unsigned nbuf = p->nin ? p->nin : 1;
	uint32_t chunk = tile_pipe_chunk(spad_bytes, nbuf);
	int64_t inh[TILE_PIPE_STAGES][2], outh[TILE_PIPE_STAGES];
	uint64_t n;

	if (p->bytes == 0)
		return 0;
	if (chunk == 0)
		return -ENOSPC;
	n = (p->bytes + chunk - 1) / chunk;
	for (unsigned s = 0; s < TILE_PIPE_STAGES; s++)
		outh[s] = inh[s][0] = inh[s][1] = -1;
	for (uint64_t c = 0; c <= n; c++) {
		if (c < n) {
			unsigned s = c % TILE_PIPE_STAGES;
			uint64_t off = c * chunk;
			uint32_t len = p->bytes - off < chunk ? (uint32_t)(p->bytes - off) : chunk;

			if (outh[s] >= 0) {
				uvs_tile_wait(outh[s]);
				outh[s] = -1;
			}
			for (unsigned i = 0; i < p->nin; i++) {
				inh[s][i] = uvs_tile_copy_in(spad + (s * nbuf + i) * chunk,
							     (const uint8_t *)p->in[i] + off, len);
				if (inh[s][i] < 0)
					return (int)inh[s][i];
			}
		}
		if (c >= 1) {
			uint64_t d = c - 1, off = d * chunk;
			unsigned s = d % TILE_PIPE_STAGES;
			uint32_t len = p->bytes - off < chunk ? (uint32_t)(p->bytes - off) : chunk;
			uint8_t *buf[2] = {uvs_spad_ptr(spad + s * nbuf * chunk),
					   uvs_spad_ptr(spad + (s * nbuf + 1) * chunk)};

			for (unsigned i = 0; i < p->nin; i++)
				uvs_tile_wait(inh[s][i]);
			if (p->work)
				p->work(p->ctx, buf, len, off);
			if (p->out) {
				outh[s] = uvs_tile_copy_out((uint8_t *)p->out + off,
							    spad + (s * nbuf + nbuf - 1) * chunk, len);
				if (outh[s] < 0)
					return (int)outh[s];
			}
		}
	}
	uvs_tile_wait_all();
	return 0;
}

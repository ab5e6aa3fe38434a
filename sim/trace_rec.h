/*
 * uvmsoc-sim access trace (--trace FILE; docs/architecture.md "Access
 * trace"): every translated access of the compute harts (IOMMU downstream
 * requests, uvs_dpi_xlat_access) and of the tile engines (translated beats,
 * uvs_dpi_tile_beat) written with the codec of include/lib/uvs_trace.h.
 */
#ifndef UVS_SIM_TRACE_REC_H
#define UVS_SIM_TRACE_REC_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * uvs_trace_rec_open - start recording into @path (created or truncated);
 * the header's HBM size is @hbm_bytes / 4096 frames, one device context
 * (UVA_DID). Returns 0 or a negative errno (the file cannot be created).
 */
int uvs_trace_rec_open(const char *path, uint64_t hbm_bytes);

/**
 * uvs_trace_rec_access - one translated access at @cycle: requester @req
 * (hart | UVS_TRACE_REQ_TILE), virtual address @va, physical address @pa
 * (classified as HBM, host window or other with the simulator's memory),
 * @write, @fault (it waited for a page request). No-op when not recording;
 * a write error is kept for uvs_trace_rec_close.
 */
void uvs_trace_rec_access(unsigned req, uint64_t va, uint64_t pa, bool write, bool fault, uint64_t cycle);

/** uvs_trace_rec_active - true while recording. */
bool uvs_trace_rec_active(void);

/**
 * uvs_trace_rec_close - finish the file (end marker, stream end). Returns
 * 0, or a negative errno of the first failed write (the file is then
 * incomplete and says so when read). No-op (0) when not recording.
 */
int uvs_trace_rec_close(void);

#ifdef __cplusplus
}
#endif

#endif

/*
 * Unified memory on the device side (issue 5, docs/architecture.md "The
 * IOMMU in the SoC"): IOMMU bring-up in HBM (one-level device directory,
 * command / fault / page-request queues), Sv48 page tables built over an
 * HBM table pool (privileged spec v1.12, 4.5), the HBM page cache
 * (pcache.c) and fault forwarding to the host ring (faultfwd.c), and the
 * host commands UVM_OP_* of include/uvmsoc/uvm.def.
 *
 * The host's fault service sends one UVM_OP_BATCH per fault batch (frames,
 * evictions, DMA copies, PTEs, replays in one command); the per-step
 * commands it replaced (ALLOC_FRAMES, MAP, MAP_REMOTE, CANCEL, REPLAY) are
 * retired and complete with -EOPNOTSUPP; a batch unit of action
 * UVM_BA_MAP_REMOTE maps host pages over the link (memmap.def HOSTWIN).
 *
 * The IOMMU is brought up by the first UVM_OP_CTX_ATTACH, so a host that
 * never uses managed memory sees the device exactly as before. Attaching
 * an attached context again (a new host session) resets every
 * unified-memory state and invalidates the IOMMU's caches.
 */
#ifndef UVS_UVM_DEV_H
#define UVS_UVM_DEV_H

#include <stdbool.h>
#include <stdint.h>

#include <uvmsoc/hostq.h>

/** Posts one event record to the host event queue; 0 or -1 on a DMA failure. */
typedef int (*uvs_uvm_post_fn)(const struct uvs_hostq_evt *evt);

/**
 * uvs_uvm_init - remember the HBM range [hbm_base, hbm_base + hbm_size)
 * managed memory may use (0 size = no managed memory: every UVM_OP_*
 * completes with -ENODEV) and the event poster for eviction notices.
 */
void uvs_uvm_init(uint64_t hbm_base, uint64_t hbm_size, uvs_uvm_post_fn post);

/** uvs_uvm_is_op - whether opcode belongs to the unified-memory range (uvm.def UVM_OP_FIRST..LAST). */
bool uvs_uvm_is_op(uint16_t opcode);

/**
 * uvs_uvm_execute - run one UVM_OP_* command (arguments in uvm.def) and fill
 * the completion event (status 0 or a negative Linux errno value, as
 * hostif.def HOSTQ_ERR_*). Returns 1 when the event must be posted.
 */
int uvs_uvm_execute(const struct uvs_hostq_cmd *cmd, struct uvs_hostq_evt *evt);

/**
 * uvs_uvm_poll - page-request path (IOMMU spec 3.3): when the IOMMU is up,
 * drain its page-request queue into the forwarder, acknowledge ipsr.pip,
 * and flush staged records to the host fault ring (one MSI per batch).
 * Cheap when nothing is pending; called from the service loop and while a
 * launch waits.
 */
void uvs_uvm_poll(void);

/**
 * uvs_uvm_idle - background work while nothing is pending: pre-evicts a few
 * pages (CLOCK; write-back of dirty ones, eviction notices) until the page
 * cache's free-frame reserve (an eighth of the frames) is met, so that the
 * next fault batch copies into free frames instead of evicting on its
 * critical path. Returns true when more work remains (call again before
 * sleeping), false when the reserve is met, nothing is evictable or the
 * IOMMU is not up. Never called inside a command.
 */
bool uvs_uvm_idle(void);

/**
 * uvs_uvm_prefetch_batch - queue DMA reads (without waiting) of the unit
 * and replay arrays the next UVM_OP_BATCH most likely names: the buffers
 * SET_FAULTQ's arg3/arg4 named or the last batch used (the host's fault
 * service reuses its two buffers), twice the last batch's entries (at least
 * 8, at most one chunk). Called just before the DMA read of a command
 * record, so the arrays arrive in the same link round trip; the batch uses
 * them when its command names those buffers and no more entries, else it
 * reads its arrays as before. Returns true when reads were queued; false
 * when no buffer is known, the IOMMU is not up, a DMA error is pending, or a
 * submission failed.
 */
bool uvs_uvm_prefetch_batch(void);

/**
 * uvs_uvm_prefetch_drop - the reads of uvs_uvm_prefetch_batch serve no
 * command (the command record's read failed, or the command is not
 * executed now). With failed, the read-ahead may itself have failed: the
 * buffers are forgotten (learnt again from the next batch) and the DMA
 * channel's pending error is cleared so that it is not charged to a later
 * copy.
 */
void uvs_uvm_prefetch_drop(bool failed);

#endif /* UVS_UVM_DEV_H */

/*
 * Managed memory on an open device (issue 5): ties the managed allocator
 * (uvm_managed.c, backing = the device's host-memory file mapped at the
 * same VA the device uses), the host fault service (uvm_fault.c) and the
 * firmware's unified-memory commands (include/uvmsoc/uvm.def, sent as
 * queued host commands) together, and runs a kernel launch while serving
 * its page faults: the host sleeps until the firmware's fault-batch MSI
 * (HOSTIF_INT_FW) or an event (uvs_evt_wait_wake), plans the batch
 * (uvm_fault.c) and sends it as one UVM_OP_BATCH command. In lockstep
 * co-simulation the host's own work is charged with uvs_charge():
 * policy host_cost_batch per batch plus host_cost_page per page planned
 * for migration in units below 2 MiB and host_cost_block per 2 MiB unit
 * (defaults and their justification in uvm_fault.h).
 *
 * Device context: device_id UVS_UVA_DID (memmap.def), the context of every
 * compute hart's unified accesses.
 *
 * Host coherence (uvm_coher.h, uvm_hostfault.h): after a launch the pages
 * the device may hold are PROT_NONE on the host; the host's first load or
 * store of one migrates it back (dirty: written back; clean: the device copy
 * dropped) inside a SIGSEGV handler, so no sync call is needed. Use a
 * session from one thread; no other thread may touch managed memory during
 * uvm_session_launch().
 */
#ifndef UVMSOC_UVM_SESSION_H
#define UVMSOC_UVM_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include <uvmsoc/hostq.h>
#include <uvmsoc/uvm_abi.h>
#include <uvmsoc/uvmsoc.h>

#include "uvm_coher.h"
#include "uvm_fault.h"

struct uvm_session;

/** Everything a managed launch counted (host and firmware sides). */
struct uvm_session_stats {
    struct uvm_fault_counters host;  /**< host fault service */
    struct uvs_uvm_fw_stats fw;      /**< firmware counters (UVM_OP_STATS) */
    uint64_t fault_wait_cycles;      /**< sum over records of (PAGE_REPLAY - drained) device cycles, from UVM_OP_BATCH */
    uint64_t fault_records;          /**< records that sum covers */
    uint64_t notices;                /**< eviction notices received */
    struct uvm_coher_counters coher; /**< host coherence: host faults, migrate-backs, invalidations (uvm_coher.h) */
    uint64_t ring_full;              /**< device batches that found the fault ring full and held records back (FQCTL overflows) */
};

/**
 * uvm_session_open - attach device context UVS_UVA_DID (UVM_OP_CTX_ATTACH:
 * the firmware brings the IOMMU up), set a fault ring of 2^log2sz records
 * (UVM_OP_SET_FAULTQ) and create the managed allocator and fault service
 * with policy @pol (its host_cost_* fields: lockstep cycles charged); the
 * session registers with the host-access tracker (uvm_hostfault.h).
 * Errors: -EINVAL; -ENOTSUP the backend has no host-memory file; -ENODEV
 * the device has no IOMMU or HBM; -ENOSPC more than UVM_HOSTFAULT_MAX
 * sessions in the process; command and DMA errors.
 */
int uvm_session_open(struct uvs_dev *dev, const struct uvm_policy *pol, uint32_t log2sz,
                     struct uvm_session **out);

/** Device contexts a session may use: the firmware's one-level device directory (device_id 6:0). */
#define UVM_SESSION_MAX_DID 128u

/**
 * uvm_session_open_ctx - uvm_session_open() for device context @did
 * (0..UVM_SESSION_MAX_DID-1; PSCID did + 1, so contexts never share IOTLB
 * entries): the managed memory is mapped in that context only, and launches
 * must carry it (struct uvs_launch did). The fault ring is the device's
 * one ring (UVM_OP_SET_FAULTQ): open one session per device; records of
 * other contexts are answered with a failed replay (their kernels abort).
 * @flags: 0, or UVM_SESSION_F_ATTACHED when an earlier session already
 * attached @did and freed all its memory (UVM_OP_UNMAP): the context, its
 * (now empty) page table and PSCID are reused without UVM_OP_CTX_ATTACH,
 * which would start the firmware's unified-memory state of every context
 * afresh. Several sessions may share a device when one at a time runs
 * kernels: uvm_session_activate() points the device's ring at a session.
 * Errors as uvm_session_open; -EINVAL for @did out of range or unknown flags.
 */
int uvm_session_open_ctx(struct uvs_dev *dev, const struct uvm_policy *pol, uint32_t log2sz, uint32_t did,
                         uint32_t flags, struct uvm_session **out);

/** uvm_session_open_ctx flag: the device context exists already (reuse it, no CTX_ATTACH). */
#define UVM_SESSION_F_ATTACHED 0x1u

/**
 * uvm_session_activate - point the device's one fault ring at this session's
 * (UVM_OP_SET_FAULTQ), e.g. before its launch when another session of the
 * process used the device last. Call with no launch running and no fault
 * record pending. Errors: -EINVAL NULL; command errors.
 */
int uvm_session_activate(struct uvm_session *s);

/** uvm_session_did - the device context of the session's managed memory. */
uint32_t uvm_session_did(const struct uvm_session *s);

/**
 * uvm_session_attach_foreign - create device context @did (UVM_OP_CTX_ATTACH,
 * PSCID did + 1) with an empty page table and no managed memory: a kernel
 * launched in it reaches nothing; its page requests arrive in this session's
 * fault ring and are refused (replay failure), so the launch aborts with the
 * VA and cause (kernel.def -HOSTQ_ERR_EFAULT). For isolation tests and
 * contexts served elsewhere. Errors: -EINVAL @did out of range or the
 * session's own; command errors (-EEXIST context already attached).
 */
int uvm_session_attach_foreign(struct uvm_session *s, uint32_t did);

/** uvm_session_close - free everything (managed memory included); NULL ignored. */
void uvm_session_close(struct uvm_session *s);

/**
 * uvm_session_alloc - @size bytes of zeroed managed memory; *ptr is the
 * address on the host and on the device. Errors as uvm_managed_alloc.
 */
int uvm_session_alloc(struct uvm_session *s, size_t size, void **ptr);

/**
 * uvm_session_free - free a managed allocation (the device drops its copies
 * first, UVM_OP_UNMAP). Errors: -EINVAL not the start of a live allocation
 * -EALREADY already freed (double free); -EBUSY in use by a running kernel
 * (uvm_session_pin); the reason in uvm_session_last_error().
 */
int uvm_session_free(struct uvm_session *s, void *ptr);

/** uvm_session_last_error - one line describing the last failure. */
const char *uvm_session_last_error(const struct uvm_session *s);

/**
 * uvm_session_launch - submit @cmd (a HOSTQ_OP_LAUNCH) and serve page
 * faults (fault ring, one UVM_OP_BATCH per batch, eviction notices) until
 * its completion event arrives in @ev or @timeout_cycles pass; between
 * batches it sleeps until the fault-batch MSI or an event. At the end the
 * host mapping of every page now in HBM is made PROT_NONE (host coherence).
 * Errors: -ETIMEDOUT; transport and command errors; mprotect's errno.
 */
int uvm_session_launch(struct uvm_session *s, const struct uvs_hostq_cmd *cmd, struct uvs_hostq_evt *ev,
                       uint64_t timeout_cycles);

/** uvm_session_get_stats - counters; reads the firmware's with UVM_OP_STATS. */
int uvm_session_get_stats(struct uvm_session *s, struct uvm_session_stats *st);

/**
 * uvm_session_sync - make the host copy of the managed allocation holding
 * @ptr current at once: UVM_OP_EVICT over the whole allocation, so every
 * dirty HBM page is written back by DMA and every device copy is dropped
 * (the next kernel faults pages in again), and the host protection of its
 * pages is lifted. Not needed for correctness (host coherence migrates each
 * page back on the host's first touch); useful before passing the memory to
 * a system call (a protected page gives EFAULT there) or to move it all in
 * one command. *pages (may be NULL) gets the pages evicted. Eviction notices
 * are applied. Errors: -EINVAL not managed memory; command and transport
 * errors; mprotect's errno.
 */
int uvm_session_sync(struct uvm_session *s, const void *ptr, uint64_t *pages);

/**
 * uvm_session_advise - set the advice (uvm_managed.h UVM_ADV_*) of the
 * allocation holding @ptr; it steers later faults: PREFERRED_HOST +
 * ACCESSED_BY maps the pages over the link instead of migrating them,
 * READ_MOSTLY migrates whole 2 MiB blocks as read-only duplicates
 * (uvm_readmostly.h). Errors: -EINVAL not managed
 * memory, unknown bits, or both preferred locations.
 */
int uvm_session_advise(struct uvm_session *s, const void *ptr, uint32_t advice);

/**
 * uvm_session_pin - mark the allocation holding @ptr in use by a kernel
 * (nests): uvm_session_free() then fails with -EBUSY until it is unpinned.
 * Errors: -EINVAL not managed memory.
 */
int uvm_session_pin(struct uvm_session *s, const void *ptr);

/** uvm_session_unpin - undo one uvm_session_pin(). Errors: -EINVAL not managed or not pinned. */
int uvm_session_unpin(struct uvm_session *s, const void *ptr);

#endif

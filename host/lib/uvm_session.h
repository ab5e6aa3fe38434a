/*
 * Managed memory on an open device (issue 5): ties the managed allocator
 * (uvm_managed.c, backing = the device's host-memory file mapped at the
 * same VA the device uses), the host fault service (uvm_fault.c) and the
 * firmware's unified-memory commands (include/uvmsoc/uvm.def, sent as
 * queued host commands) together, and runs a kernel launch while serving
 * its page faults.
 *
 * Device context: device_id UVS_UVA_DID (memmap.def), the context of every
 * compute hart's unified accesses.
 */
#ifndef UVMSOC_UVM_SESSION_H
#define UVMSOC_UVM_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include <uvmsoc/hostq.h>
#include <uvmsoc/uvm_abi.h>
#include <uvmsoc/uvmsoc.h>

#include "uvm_fault.h"

struct uvm_session;

/** Everything a managed launch counted (host and firmware sides). */
struct uvm_session_stats {
    struct uvm_fault_counters host;  /**< host fault service */
    struct uvs_uvm_fw_stats fw;      /**< firmware counters (UVM_OP_STATS) */
    uint64_t fault_wait_cycles;      /**< sum over records of (serviced - recorded) device cycles */
    uint64_t fault_records;          /**< records that sum covers */
    uint64_t notices;                /**< eviction notices received */
};

/**
 * uvm_session_open - attach device context UVS_UVA_DID (UVM_OP_CTX_ATTACH:
 * the firmware brings the IOMMU up), set a fault ring of 2^log2sz records
 * (UVM_OP_SET_FAULTQ) and create the managed allocator and fault service
 * with policy @pol. Errors: -EINVAL; -ENOTSUP the backend has no host-memory
 * file; -ENODEV the device has no IOMMU or HBM; command and DMA errors.
 */
int uvm_session_open(struct uvs_dev *dev, const struct uvm_policy *pol, uint32_t log2sz,
                     struct uvm_session **out);

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
 * -EALREADY already freed (double free); the reason in uvm_session_last_error().
 */
int uvm_session_free(struct uvm_session *s, void *ptr);

/** uvm_session_last_error - one line describing the last failure. */
const char *uvm_session_last_error(const struct uvm_session *s);

/**
 * uvm_session_launch - submit @cmd (a HOSTQ_OP_LAUNCH) and serve page
 * faults (fault ring, migrations, replays, eviction notices) until its
 * completion event arrives in @ev or @timeout_cycles pass.
 * Errors: -ETIMEDOUT; transport and command errors.
 */
int uvm_session_launch(struct uvm_session *s, const struct uvs_hostq_cmd *cmd, struct uvs_hostq_evt *ev,
                       uint64_t timeout_cycles);

/** uvm_session_get_stats - counters; reads the firmware's with UVM_OP_STATS. */
int uvm_session_get_stats(struct uvm_session *s, struct uvm_session_stats *st);

#endif

/*
 * Read-mostly duplication of managed memory (issue 18 item 1; after CUDA's
 * cudaMemAdviseSetReadMostly and HMM's read-only device copies;
 * docs/architecture.md "Host coherence", "Read-mostly duplicates").
 *
 * A range with advice UVM_ADV_READ_MOSTLY is migrated into HBM as read-only
 * copies: the units carry UVM_BU_F_READONLY (device leaf PTEs without W) and
 * their pages become UVM_PAGE_DUP, whose host mapping stays readable
 * (PROT_READ, uvm_coher.h). Host and device reads then proceed with no fault
 * and no migration. The duplicate collapses on the first write:
 *  - a host write traps (PROT_READ): the device copy is dropped (UVM_OP_EVICT
 *    of the page; clean, so nothing is written back: PTE cleared,
 *    IOTINVAL.VMA), the page is HOST and read-write again;
 *  - a device write finds the present read-only PTE: the IOMMU raises a
 *    write-permission page request (iommu_pt.def tc.UVS_PRQW, record with W);
 *    the fault service plans a UVM_BA_GRANT_WRITE unit for the page (W set in
 *    the PTE, IOTINVAL.VMA) before the group's replay; the page is DEVICE
 *    (its host mapping PROT_NONE from the end of the launch on: during a
 *    launch the host thread is inside the library and touches no managed
 *    page) and the D bit the write sets makes it written back like any
 *    other dirty page.
 * Pure decisions only (no device, no system calls), unit-tested in
 * tests/uvm/test_readmostly.c.
 */
#ifndef UVMSOC_UVM_READMOSTLY_H
#define UVMSOC_UVM_READMOSTLY_H

#include <stdbool.h>
#include <stdint.h>

#include "uvm_managed.h"

/**
 * uvm_rm_readonly_unit - whether a migration unit of range @r is to be a
 * read-only duplicate: advice READ_MOSTLY, not mapped remotely (PREFERRED_HOST
 * + ACCESSED_BY) and the device path (@batched: the plan goes to the device
 * as one UVM_OP_BATCH; the per-step MAP command maps read-write only).
 * NULL @r: false.
 */
bool uvm_rm_readonly_unit(const struct uvm_range *r, bool batched);

/**
 * uvm_rm_wants_grant - whether a fault with page state @state (enum
 * uvm_page_state) and access bits @access (uvm.def UVM_ACC_*, OR of the
 * coalesced records) on a page of a range with advice @advice may be a
 * device write to a read-only mapping: a write to a duplicate (DUP), or to
 * a DEVICE page of a read-mostly range (a read-only unit the firmware did
 * partly, uvm_rm_state_after_migrate, may have left read-only PTEs). The
 * plan then gives the page W (UVM_BA_GRANT_WRITE; W again on a writable PTE
 * changes nothing) instead of replaying only, which would repeat the fault.
 */
bool uvm_rm_wants_grant(uint8_t state, uint8_t access, uint32_t advice);

/**
 * uvm_rm_state_after_migrate - the page state of the pages of a migration
 * unit the device completed: UVM_PAGE_DUP for a read-only unit of which no
 * page was in HBM already (@partial false), else UVM_PAGE_DEVICE (a page
 * found in HBM may be mapped writable: the safe state, its host mapping
 * becomes PROT_NONE).
 */
uint8_t uvm_rm_state_after_migrate(bool readonly, bool partial);

#endif

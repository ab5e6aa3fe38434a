/*
 * Host coherence of managed memory (issue 18, item 1): the pure bookkeeping
 * of which host protection each managed page needs and what a host access
 * to a protected page must do first. No system calls here (uvm_hostfault.c
 * installs the SIGSEGV handler and calls mprotect; uvm_session.c sends the
 * device commands), so the state machine is unit-tested on its own
 * (tests/uvm/test_coher.c).
 *
 * Per page there are two facts: the fault service's view of where the page
 * is (enum uvm_page_state: HOST, DEVICE = an HBM copy that may be dirty,
 * REMOTE = mapped over the link) and the protection the host mapping has now
 * (enum uvm_hprot). The rule (docs/architecture.md "Host coherence"):
 *   HOST, REMOTE -> host mapping read-write (the host copy is the only one,
 *                   or the device reads and writes it in place over the link)
 *   DEVICE       -> host mapping PROT_NONE (the current copy may be in HBM)
 *   DUP          -> host mapping PROT_READ (a read-only duplicate in HBM,
 *                   uvm_readmostly.h: a host write traps and drops it)
 * A host access to a PROT_NONE page faults; the fault is served by evicting
 * the page from HBM when the fault service says DEVICE (UVM_OP_EVICT: a
 * dirty copy is written back by DMA, the device PTE is cleared and the frame
 * freed; a clean copy is dropped: invalidation) and then lifting the
 * protection. A page whose state is already HOST (the device evicted it on
 * its own, the notice has been applied) only has its protection lifted.
 */
#ifndef UVMSOC_UVM_COHER_H
#define UVMSOC_UVM_COHER_H

#include <stddef.h>
#include <stdint.h>

/** Protection of a managed page's host mapping. */
enum uvm_hprot {
    UVM_HPROT_RW = 0,   /**< PROT_READ | PROT_WRITE: host accesses proceed */
    UVM_HPROT_NONE = 1, /**< PROT_NONE: the device may hold the current copy */
    UVM_HPROT_RO = 2,   /**< PROT_READ: a read-mostly duplicate (UVM_PAGE_DUP): host reads proceed, a write traps */
};

/** What serving one host fault on a managed page must do. */
struct uvm_coher_step {
    int evict;    /**< 1: evict the page from HBM first (UVM_OP_EVICT of one page) */
    uint8_t prot; /**< protection the page gets afterwards (enum uvm_hprot) */
};

/** Host-coherence counters (uvm_session_get_stats; names in docs/architecture.md). */
struct uvm_coher_counters {
    uint64_t host_faults;  /**< host accesses that trapped on a protected managed page */
    uint64_t migrate_back; /**< pages written back HBM -> host because the host touched them (dirty) */
    uint64_t invalidated;  /**< clean device copies dropped because the host touched them */
    uint64_t unheld;       /**< host faults on pages the device no longer held: protection lifted only */
    uint64_t protect_runs; /**< mprotect calls (runs of pages whose protection changed) */
    uint64_t protected_pages; /**< pages made PROT_NONE (after launches) */
    uint64_t readonly_pages;  /**< pages made PROT_READ (read-mostly duplicates, after launches) */
    uint64_t dup_collapsed;   /**< host writes that collapsed a read-mostly duplicate (its HBM copy dropped) */
};

/**
 * uvm_coher_want - the host protection a page needs for its fault-service
 * state @dev_state (enum uvm_page_state). Unknown states get UVM_HPROT_NONE
 * (the safe side: the next host access asks the device).
 */
uint8_t uvm_coher_want(uint8_t dev_state);

/**
 * uvm_coher_host_fault - plan the service of a host access that trapped on
 * a page with fault-service state @dev_state and current host protection
 * @hprot. Returns 0 and fills *step; -EFAULT when the page is not protected
 * (hprot RW: the fault is not a coherence fault, chain it); -EINVAL NULL step
 * or unknown hprot. A trap on a PROT_READ page (a write to a duplicate) is
 * served like one on a PROT_NONE page: the HBM copy goes, the page becomes
 * read-write.
 */
int uvm_coher_host_fault(uint8_t dev_state, uint8_t hprot, struct uvm_coher_step *step);

/**
 * uvm_coher_account - count one served host fault in @c: @evicted pages the
 * EVICT reported for the page (0: the device did not hold it), @dirty whether
 * its eviction notice said written back. NULL @c ignored.
 */
void uvm_coher_account(struct uvm_coher_counters *c, uint64_t evicted, int dirty);

/**
 * uvm_coher_next_run - the next run of pages in [*pos, npages) whose host
 * protection @hprot differs from what @state asks (uvm_coher_want): on return
 * *pos is the run's first page, *len its length (pages, all wanting the same
 * protection), *prot that protection, and the function returns 1; it returns
 * 0 when no page from *pos on needs a change (*pos = npages). The caller
 * applies the run (mprotect), stores *prot into hprot[*pos .. *pos + *len)
 * and continues from *pos + *len. -EINVAL NULL arguments.
 */
int uvm_coher_next_run(const uint8_t *state, const uint8_t *hprot, size_t npages, size_t *pos, size_t *len,
                       uint8_t *prot);

#endif

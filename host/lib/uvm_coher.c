/* Host coherence of managed memory: page-state bookkeeping (see uvm_coher.h). */
#include "uvm_coher.h"

#include <errno.h>

#include "uvm_managed.h"

uint8_t uvm_coher_want(uint8_t dev_state)
{
    switch (dev_state) {
    case UVM_PAGE_HOST:
    case UVM_PAGE_REMOTE:
        return UVM_HPROT_RW;
    case UVM_PAGE_DUP:
        return UVM_HPROT_RO;
    default:
        return UVM_HPROT_NONE;
    }
}

int uvm_coher_host_fault(uint8_t dev_state, uint8_t hprot, struct uvm_coher_step *step)
{
    if (!step || hprot > UVM_HPROT_RO)
        return -EINVAL;
    if (hprot == UVM_HPROT_RW)
        return -EFAULT;
    /* Only the host migrates pages into HBM, so HOST in its view means the device holds no copy. */
    step->evict = dev_state == UVM_PAGE_DEVICE || dev_state == UVM_PAGE_DUP;
    step->prot = UVM_HPROT_RW;
    return 0;
}

void uvm_coher_account(struct uvm_coher_counters *c, uint64_t evicted, int dirty)
{
    if (!c)
        return;
    c->host_faults++;
    if (evicted == 0)
        c->unheld++;
    else if (dirty)
        c->migrate_back += evicted;
    else
        c->invalidated += evicted;
}

int uvm_coher_next_run(const uint8_t *state, const uint8_t *hprot, size_t npages, size_t *pos, size_t *len,
                       uint8_t *prot)
{
    if (!state || !hprot || !pos || !len || !prot)
        return -EINVAL;
    size_t i = *pos;
    while (i < npages && uvm_coher_want(state[i]) == hprot[i])
        i++;
    *pos = i;
    if (i >= npages) {
        *len = 0;
        return 0;
    }
    uint8_t w = uvm_coher_want(state[i]);
    size_t j = i + 1;
    while (j < npages && uvm_coher_want(state[j]) == w && hprot[j] != w)
        j++;
    *len = j - i;
    *prot = w;
    return 1;
}

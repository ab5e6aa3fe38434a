/* Read-mostly duplication: the fault service's decisions (see uvm_readmostly.h). */
#include "uvm_readmostly.h"

#include <uvmsoc/uvm_abi.h>

bool uvm_rm_readonly_unit(const struct uvm_range *r, bool batched)
{
    if (!r || !batched || !(r->advice & UVM_ADV_READ_MOSTLY))
        return false;
    return !((r->advice & UVM_ADV_PREFERRED_HOST) && (r->advice & UVM_ADV_ACCESSED_BY));
}

bool uvm_rm_wants_grant(uint8_t state, uint8_t access, uint32_t advice)
{
    if (!(access & UVS_UVM_ACC_W))
        return false;
    return state == UVM_PAGE_DUP || (state == UVM_PAGE_DEVICE && (advice & UVM_ADV_READ_MOSTLY));
}

uint8_t uvm_rm_state_after_migrate(bool readonly, bool partial)
{
    return readonly && !partial ? UVM_PAGE_DUP : UVM_PAGE_DEVICE;
}

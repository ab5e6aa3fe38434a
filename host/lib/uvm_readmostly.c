/* Read-mostly duplication: the fault service's decisions (see uvm_readmostly.h). */
#include "uvm_readmostly.h"

#include <uvmsoc/uvm_abi.h>

bool uvm_rm_readonly_unit(const struct uvm_range *r, bool batched)
{
    if (!r || !batched || !(r->advice & UVM_ADV_READ_MOSTLY))
        return false;
    return !((r->advice & UVM_ADV_PREFERRED_HOST) && (r->advice & UVM_ADV_ACCESSED_BY));
}

bool uvm_rm_wants_grant(uint8_t state, uint8_t access)
{
    return state == UVM_PAGE_DUP && (access & UVS_UVM_ACC_W) != 0;
}

uint8_t uvm_rm_state_after_migrate(bool readonly, bool partial)
{
    return readonly && !partial ? UVM_PAGE_DUP : UVM_PAGE_DEVICE;
}

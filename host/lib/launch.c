/* Kernel launch commands and their events (see uvmsoc.h, kernel.def). */
#include <errno.h>
#include <string.h>

#include <uvmsoc/hostif.h>
#include <uvmsoc/kernel.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/uvmsoc.h>

#include "internal.h"

int uvs_launch_cmd(const struct uvs_launch *l, uint64_t cookie, struct uvs_hostq_cmd *cmd)
{
    if (!l || !cmd)
        return -EINVAL;
    if ((l->entry & 3) || l->entry < UVS_KERNEL_BASE || l->entry - UVS_KERNEL_BASE >= UVS_KERNEL_SIZE) {
        return uvs_err(-EINVAL, "launch: entry 0x%llx is not 4-byte aligned inside the kernel region 0x%llx..0x%llx",
                       (unsigned long long)l->entry, (unsigned long long)UVS_KERNEL_BASE,
                       (unsigned long long)(UVS_KERNEL_BASE + UVS_KERNEL_SIZE));
    }
    if (l->args & 7) {
        return uvs_err(-EINVAL, "launch: argument block 0x%llx is not 8-byte aligned", (unsigned long long)l->args);
    }
    if (l->did >> UVS_HARTCTL_DID_BITS) {
        return uvs_err(-EINVAL, "launch: device context %u is wider than the %d-bit device_id", l->did,
                       (int)UVS_HARTCTL_DID_BITS);
    }
    uint64_t n = (uint64_t)(l->grid_dim ? l->grid_dim : 1) * (l->block_dim ? l->block_dim : 1);
    if (n > UVS_KERNEL_MAX_GRID_THREADS) {
        return uvs_err(-E2BIG, "launch: grid %ux%u = %llu threads, more than a launch may have (%d)", l->grid_dim,
                       l->block_dim, (unsigned long long)n, (int)UVS_KERNEL_MAX_GRID_THREADS);
    }
    uvs_err_clear();
    memset(cmd, 0, sizeof *cmd);
    cmd->opcode = UVS_HOSTQ_OP_LAUNCH;
    cmd->flags = UVS_HOSTQ_CMD_F_EVENT;
    cmd->cookie = cookie;
    cmd->arg[0] = l->entry;
    cmd->arg[1] = l->args;
    cmd->arg[2] = l->grid_dim;
    cmd->arg[3] = l->block_dim;
    cmd->arg[4] = l->timeout_cycles;
    cmd->arg[5] = l->did;
    return 0;
}

int uvs_launch_report(const struct uvs_hostq_evt *ev, uint32_t block_dim, struct uvs_launch_report *r)
{
    if (!ev || !r)
        return -EINVAL;
    int st = -ev->status;
    if (st != UVS_HOSTQ_ERR_ECANCELED && st != UVS_HOSTQ_ERR_EFAULT && st != UVS_HOSTQ_ERR_ETIMEDOUT)
        return -EINVAL;
    if (!block_dim)
        block_dim = 1;
    memset(r, 0, sizeof *r);
    r->code = (int32_t)(uint32_t)((ev->value & UVS_LAUNCH_VAL_CODE_MASK) >> UVS_LAUNCH_VAL_CODE_SHIFT);
    r->thread = (uint32_t)((ev->value & UVS_LAUNCH_VAL_THREAD_MASK) >> UVS_LAUNCH_VAL_THREAD_SHIFT);
    r->hart = (uint32_t)((ev->value & UVS_LAUNCH_VAL_HART_MASK) >> UVS_LAUNCH_VAL_HART_SHIFT);
    r->hwthread = (uint32_t)((ev->value & UVS_LAUNCH_VAL_HWTHREAD_MASK) >> UVS_LAUNCH_VAL_HWTHREAD_SHIFT);
    r->block = r->thread / block_dim;
    r->thread_in_block = r->thread % block_dim;
    r->addr = ev->addr;
    return 0;
}

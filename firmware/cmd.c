/* Host command execution (see cmd.h). */
#include "cmd.h"

#include <string.h>

#include <uvmsoc/hostif.h>
#include <uvmsoc/kernel.h>
#include <uvmsoc/memmap.h>

static struct uvs_launch_result launch_res;

int uvs_cmd_decode_launch(const struct uvs_hostq_cmd *cmd, struct uvs_launch_req *req)
{
	memset(req, 0, sizeof(*req));
	if (cmd->rsvd != 0 || cmd->arg[2] > UINT32_MAX || cmd->arg[3] > UINT32_MAX ||
	    cmd->arg[5] >> UVS_HARTCTL_DID_BITS != 0)
		return UVS_HOSTQ_ERR_EINVAL;
	req->entry = cmd->arg[0];
	req->args = cmd->arg[1];
	req->grid_dim = (uint32_t)cmd->arg[2];
	req->block_dim = (uint32_t)cmd->arg[3];
	req->timeout_cycles = cmd->arg[4];
	req->did = (uint32_t)cmd->arg[5];
	return 0;
}

/* LAUNCH_VAL word: code, thread index, hart id, hardware thread (kernel.def). */
static uint64_t launch_val(uint32_t code, uint32_t thread, const struct uvs_thread_result *r)
{
	return ((uint64_t)code << UVS_LAUNCH_VAL_CODE_SHIFT & UVS_LAUNCH_VAL_CODE_MASK) |
	       ((uint64_t)thread << UVS_LAUNCH_VAL_THREAD_SHIFT & UVS_LAUNCH_VAL_THREAD_MASK) |
	       ((uint64_t)r->hartid << UVS_LAUNCH_VAL_HART_SHIFT & UVS_LAUNCH_VAL_HART_MASK) |
	       ((uint64_t)r->hwthread << UVS_LAUNCH_VAL_HWTHREAD_SHIFT & UVS_LAUNCH_VAL_HWTHREAD_MASK);
}

void uvs_cmd_launch_event(const struct uvs_launch_result *res, struct uvs_hostq_evt *evt)
{
	const struct uvs_thread_result *r = uvs_launch_reported(res);

	evt->status = -res->err;
	evt->value = 0;
	evt->addr = 0;
	switch (res->outcome) {
	case UVS_LAUNCH_OK:
		evt->status = 0;
		evt->value = res->thr[0].result;
		break;
	case UVS_LAUNCH_REJECTED:
		evt->addr = res->bad_addr;
		break;
	case UVS_LAUNCH_EXIT_ERROR:
		evt->value = launch_val((uint32_t)r->exit_status, res->thread, r);
		break;
	case UVS_LAUNCH_ABORTED:
		evt->value = launch_val((uint32_t)(r->mcause & 0xffffffffu), res->thread, r);
		evt->addr = r->mtval;
		break;
	case UVS_LAUNCH_TIMEOUT:
		evt->value = launch_val(0, res->thread, r);
		evt->addr = r->mepc;
		break;
	}
}

int uvs_cmd_execute(const struct uvs_hostq_cmd *cmd, struct uvs_hostq_evt *evt,
		    uvs_launch_fn launch)
{
	struct uvs_launch_req req;
	int err;

	memset(evt, 0, sizeof(*evt));
	evt->type = UVS_HOSTQ_EVT_CMD_DONE;
	evt->cookie = cmd->cookie;
	switch (cmd->opcode) {
	case UVS_HOSTQ_OP_NOP:
		evt->value = cmd->arg[0];
		return (cmd->flags & UVS_HOSTQ_CMD_F_EVENT) != 0;
	case UVS_HOSTQ_OP_LAUNCH:
		err = uvs_cmd_decode_launch(cmd, &req);
		if (err) {
			evt->status = -err;
			return 1;
		}
		launch(&req, &launch_res);
		uvs_cmd_launch_event(&launch_res, evt);
		return 1;
	default:
		evt->status = -(int32_t)UVS_HOSTQ_ERR_EOPNOTSUPP;
		return 1;
	}
}

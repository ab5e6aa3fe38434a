/*
 * Host command execution (include/uvmsoc/hostif.def HOSTQ_OP_*, records in
 * <uvmsoc/hostq.h>; HOSTQ_OP_LAUNCH arguments and event in kernel.def).
 * Pure C over the decoded record: no device access, so the host unit test
 * tests/firmware/cmd_unit.c runs it with a fake launcher.
 */
#ifndef UVS_CMD_H
#define UVS_CMD_H

#include <uvmsoc/hostq.h>

#include "launch.h"

/** Runs a launch to its end (uvs_launch_run() on the device). Returns res->err. */
typedef int (*uvs_launch_fn)(const struct uvs_launch_req *req, struct uvs_launch_result *res);

/**
 * Decodes the arguments of a HOSTQ_OP_LAUNCH command into `req`.
 * Returns 0, or UVS_HOSTQ_ERR_EINVAL when arg[2] or arg[3] does not fit
 * 32 bits, the device_id arg[5] does not fit HARTCTL_DID_BITS, or the
 * reserved rsvd field is nonzero.
 */
int uvs_cmd_decode_launch(const struct uvs_hostq_cmd *cmd, struct uvs_launch_req *req);

/** Fills status, value and addr of `evt` from a launch result (kernel.def encoding). */
void uvs_cmd_launch_event(const struct uvs_launch_result *res, struct uvs_hostq_evt *evt);

/**
 * Executes `cmd` and fills the completion event `evt` (type
 * HOSTQ_EVT_CMD_DONE, the command's cookie). NOP: status 0, value =
 * arg[0]. LAUNCH: decoded, run through `launch` (static storage, one
 * launch at a time), event per kernel.def. Other opcodes: status
 * -UVS_HOSTQ_ERR_EOPNOTSUPP. Returns 1 when the event must be posted
 * (HOSTQ_CMD_F_EVENT set, any error, every LAUNCH), else 0.
 */
int uvs_cmd_execute(const struct uvs_hostq_cmd *cmd, struct uvs_hostq_evt *evt,
		    uvs_launch_fn launch);

#endif /* UVS_CMD_H */

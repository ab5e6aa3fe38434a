/*
 * Host command and event record layouts (include/uvmsoc/hostif.def,
 * HOSTQ_*): the records of the host command queue and event queue in host
 * memory. Sizes and offsets are checked at compile time against the generated
 * <uvmsoc/hostif.h>. Little-endian, like every uvmsoc record.
 */
#ifndef UVMSOC_HOSTQ_H
#define UVMSOC_HOSTQ_H

#include <stddef.h>
#include <stdint.h>
#include <uvmsoc/hostif.h>

/** A command from the host to the firmware (64 bytes). */
struct uvs_hostq_cmd {
    uint16_t opcode;  /**< HOSTQ_OP_* */
    uint16_t flags;   /**< HOSTQ_CMD_F_* */
    uint32_t rsvd;    /**< reserved, 0 */
    uint64_t cookie;  /**< returned in the completing event */
    uint64_t arg[UVS_HOSTQ_CMD_ARGS]; /**< arguments, meaning per opcode */
};

/** An event from the device to the host (32 bytes). */
struct uvs_hostq_evt {
    uint16_t type;    /**< HOSTQ_EVT_* */
    uint16_t rsvd;    /**< reserved, 0 */
    int32_t status;   /**< 0 or a negative errno value */
    uint64_t cookie;  /**< the command's cookie */
    uint64_t value;   /**< result value */
    uint64_t addr;    /**< faulting address on error, else 0 */
};

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "uvmsoc record structs assume a little-endian host"
#endif
_Static_assert(sizeof(struct uvs_hostq_cmd) == UVS_HOSTQ_CMD_SIZE, "command size");
_Static_assert(offsetof(struct uvs_hostq_cmd, opcode) == UVS_HOSTQ_CMD_OPCODE_OFF, "opcode");
_Static_assert(offsetof(struct uvs_hostq_cmd, flags) == UVS_HOSTQ_CMD_FLAGS_OFF, "flags");
_Static_assert(offsetof(struct uvs_hostq_cmd, cookie) == UVS_HOSTQ_CMD_COOKIE_OFF, "cookie");
_Static_assert(offsetof(struct uvs_hostq_cmd, arg) == UVS_HOSTQ_CMD_ARG_OFF, "arg");
_Static_assert(sizeof(struct uvs_hostq_evt) == UVS_HOSTQ_EVT_SIZE, "event size");
_Static_assert(offsetof(struct uvs_hostq_evt, type) == UVS_HOSTQ_EVT_TYPE_OFF, "type");
_Static_assert(offsetof(struct uvs_hostq_evt, status) == UVS_HOSTQ_EVT_STATUS_OFF, "status");
_Static_assert(offsetof(struct uvs_hostq_evt, cookie) == UVS_HOSTQ_EVT_COOKIE_OFF, "cookie");
_Static_assert(offsetof(struct uvs_hostq_evt, value) == UVS_HOSTQ_EVT_VALUE_OFF, "value");
_Static_assert(offsetof(struct uvs_hostq_evt, addr) == UVS_HOSTQ_EVT_ADDR_OFF, "addr");

#endif

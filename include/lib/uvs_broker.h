/*
 * Device broker protocol (docs/architecture.md, "Contexts and isolation"):
 * the messages between the daemon that owns a device (`uvmsoc serve`) and
 * its client processes (`uvmsoc client`, or any program linking
 * libuvscommon), over a Unix SOCK_SEQPACKET socket.
 *
 * Every message is exactly UVS_BRK_MSG_SIZE bytes, little-endian, encoded
 * and checked by uvs_brk_encode()/uvs_brk_decode(); a client's memory
 * travels as a file descriptor (SCM_RIGHTS) beside an ALLOC request. The
 * client sends requests, the daemon answers each with the same type and
 * sequence number | UVS_BRK_REPLY; a request it cannot accept gets
 * UVS_BRK_ERROR (status and a one-line reason in text), after which the
 * daemon closes that client's connection (its context is torn down) and no
 * other client notices.
 *
 * Requests (fields not named are 0):
 *   HELLO   version = UVS_BRK_VERSION. Reply: val[0] = the client's device
 *           context (IOMMU device_id), val[1] = compute harts.
 *   ALLOC   val[0] = bytes (1..UVS_BRK_ALLOC_MAX), with a memfd of at least
 *           that size rounded up to pages, sealed against shrinking
 *           (F_SEAL_SHRINK; else -EPERM): the client's view of the memory.
 *           Reply: val[0] = the
 *           device VA of the allocation (managed memory of the client's
 *           context), val[1] = bytes reserved (whole pages).
 *   FREE    val[0] = a VA from ALLOC. Reply: status.
 *   LAUNCH  name = kernel (a file name in the daemon's kernel directory,
 *           no '/'), grid_dim, block_dim, timeout_cycles, nargs and arg[]
 *           (the argument block); timeout_cycles at most the firmware's
 *           default (kernel.def KERNEL_TIMEOUT_DEFAULT), else -EINVAL, so
 *           no client holds the device longer. Before the launch the daemon copies every
 *           allocation of the client from its memfd in; after it, back out.
 *           Reply: status = the launch event's status (0, or -errno as in
 *           kernel.def), val[0] = event value, val[1] = event addr.
 */
#ifndef UVS_BROKER_H
#define UVS_BROKER_H

#include <stddef.h>
#include <stdint.h>

#define UVS_BRK_MAGIC 0x4b524255u /**< "UBRK" as a little-endian word */
#define UVS_BRK_VERSION 1u
#define UVS_BRK_MSG_SIZE 320u      /**< bytes of every message on the socket */
#define UVS_BRK_NAME_MAX 128u      /**< bytes of name, NUL included */
#define UVS_BRK_ARGS 14u           /**< argument words of a launch (kernel.def KARGS_MAX) */
#define UVS_BRK_ALLOC_MAX (256ull << 20) /**< largest ALLOC, bytes */
#define UVS_BRK_REPLY 0x80u        /**< type bit of a reply */

/** Message types. */
enum uvs_brk_type {
    UVS_BRK_HELLO = 1,
    UVS_BRK_ALLOC = 2,
    UVS_BRK_FREE = 3,
    UVS_BRK_LAUNCH = 4,
    UVS_BRK_ERROR = 0x7f,
};

/** A decoded message. */
struct uvs_brk_msg {
    uint16_t version;        /**< UVS_BRK_VERSION */
    uint16_t type;           /**< enum uvs_brk_type, | UVS_BRK_REPLY for answers */
    uint32_t seq;            /**< request number, echoed in the reply */
    int32_t status;          /**< reply: 0 or a negative errno */
    uint32_t grid_dim;       /**< LAUNCH: blocks (0 = one per compute hart) */
    uint32_t block_dim;      /**< LAUNCH: threads per block (0 = 1) */
    uint32_t nargs;          /**< LAUNCH: valid entries of arg (0..UVS_BRK_ARGS) */
    uint64_t timeout_cycles; /**< LAUNCH: device cycles (0 = the firmware default) */
    uint64_t val[3];         /**< request operands / reply values (see the protocol above) */
    uint64_t arg[UVS_BRK_ARGS];   /**< LAUNCH: argument words */
    char name[UVS_BRK_NAME_MAX];  /**< LAUNCH: kernel name; ERROR: reason; NUL-terminated */
};

/**
 * uvs_brk_encode - write @m as UVS_BRK_MSG_SIZE bytes at @out (magic first).
 * Errors: -EINVAL NULL, name not NUL-terminated, nargs above UVS_BRK_ARGS.
 */
int uvs_brk_encode(const struct uvs_brk_msg *m, uint8_t out[UVS_BRK_MSG_SIZE]);

/**
 * uvs_brk_decode - check and decode @len bytes at @in into @m. Errors, with a
 * one-line reason in @why (@whylen bytes; may be NULL): -EBADMSG length not
 * UVS_BRK_MSG_SIZE (a short or long message), name not NUL-terminated,
 * nonzero padding; -EPROTO bad magic; -EPROTONOSUPPORT other version;
 * -EOPNOTSUPP unknown type; -EINVAL nargs above UVS_BRK_ARGS.
 */
int uvs_brk_decode(const uint8_t *in, size_t len, struct uvs_brk_msg *m, char *why, size_t whylen);

/**
 * uvs_brk_send - encode @m and send it on the SOCK_SEQPACKET socket @sock as
 * one message, with file descriptor @fd (SCM_RIGHTS) when @fd >= 0.
 * Errors: encode errors; sendmsg's -errno (-EPIPE: the peer is gone).
 */
int uvs_brk_send(int sock, const struct uvs_brk_msg *m, int fd);

/**
 * uvs_brk_recv - receive one message from @sock and decode it into @m; *@fd
 * (may be NULL: a received descriptor is closed) gets a descriptor that came
 * with it, else -1. Returns 1 for a message, 0 at end of stream (the peer
 * closed), or a negative errno: recvmsg's, -EMSGSIZE (truncated: too long),
 * and uvs_brk_decode's with the reason in @why.
 */
int uvs_brk_recv(int sock, struct uvs_brk_msg *m, int *fd, char *why, size_t whylen);

/** uvs_brk_type_name - "HELLO", "ALLOC", ... for a request or reply type; "unknown" otherwise. */
const char *uvs_brk_type_name(unsigned type);

#endif

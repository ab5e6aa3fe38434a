/*
 * uvmsoc shared-memory transport: the co-simulation messages of
 * include/uvmsoc/cosim.h carried through a shared file instead of a Unix
 * socket, for a host driver that can reach the simulator only through shared
 * memory: a Linux guest in QEMU, where the file is the memory of an
 * `ivshmem-plain` PCI device (BAR2) and the driver maps
 * /sys/bus/pci/devices/BDF/resource2_wc (docs/embedded-linux.md, "Booted
 * guest"; `uvmsoc-sim --host-shm FILE` serves it).
 *
 * File layout (all integers little-endian):
 *
 *   [0, UVS_SHM_AREA)          header and two message rings (below)
 *   [UVS_SHM_AREA, +hostmem)   the host memory the device reaches by DMA:
 *                              byte 0 of it is host bus address hostmem_base
 *   rest up to file_size       unused; file_size is the next power of two
 *                              (a PCI BAR's size must be one)
 *
 * Rings. c2s carries client -> server messages, s2c server -> client. Each is
 * UVS_SHM_SLOTS slots of UVS_COSIM_MSG_SIZE bytes, and two free-running 32-bit
 * counters: tail (messages produced, written only by the producer) and head
 * (messages consumed, written only by the consumer); slot = counter %
 * UVS_SHM_SLOTS; empty when head == tail, full when tail - head ==
 * UVS_SHM_SLOTS. A producer writes the slot, then publishes tail with release
 * order; a consumer reads tail with acquire order, copies the slot, then
 * publishes head with release order. Every counter has its own 64-byte line.
 * There is no doorbell: both sides poll.
 *
 * Messages and sessions are those of cosim.h, except that HELLO_RESP carries
 * no file descriptor (host memory is in this file) and a HELLO always starts a
 * new session (a client that vanished without GOODBYE cannot say so).
 *
 * Start-up. The server creates the file, zeroes the area, fills the header and
 * publishes magic last (release). A client waits for magic, checks version
 * and state, drains stale s2c messages (head = tail), then sends HELLO. At
 * exit the server sends GOODBYE and sets state to UVS_SHM_STATE_CLOSED.
 */
#ifndef UVMSOC_SHMRING_H
#define UVMSOC_SHMRING_H

#include <stddef.h>
#include <stdint.h>

#include <uvmsoc/cosim.h>

#define UVS_SHM_MAGIC   0x52535655u     /**< "UVSR" as a little-endian word */
#define UVS_SHM_VERSION 0x00010000u     /**< layout version 1.0 (major << 16 | minor) */
#define UVS_SHM_SLOTS   64u             /**< slots per ring (a power of two) */
#define UVS_SHM_AREA    0x10000u        /**< bytes before host memory: header and rings (64 KiB) */

/** Server states (header.state). */
enum uvs_shm_state {
    UVS_SHM_STATE_INIT = 0,    /**< being set up (magic not yet published) */
    UVS_SHM_STATE_SERVING = 1, /**< the simulator polls c2s */
    UVS_SHM_STATE_CLOSED = 2,  /**< the simulator has ended (GOODBYE is in s2c) */
};

/** Byte offsets in the file. */
enum {
    UVS_SHM_OFF_MAGIC = 0x00,        /**< u32 UVS_SHM_MAGIC */
    UVS_SHM_OFF_VERSION = 0x04,      /**< u32 UVS_SHM_VERSION */
    UVS_SHM_OFF_AREA = 0x08,         /**< u64 offset of host memory in the file (UVS_SHM_AREA) */
    UVS_SHM_OFF_HOSTMEM_BUS = 0x10,  /**< u64 host bus address of host memory's byte 0 */
    UVS_SHM_OFF_HOSTMEM_SIZE = 0x18, /**< u64 host memory bytes (multiple of 4096) */
    UVS_SHM_OFF_FILE_SIZE = 0x20,    /**< u64 file bytes (power of two) */
    UVS_SHM_OFF_SLOTS = 0x28,        /**< u32 UVS_SHM_SLOTS */
    UVS_SHM_OFF_STATE = 0x2c,        /**< u32 enum uvs_shm_state */
    UVS_SHM_OFF_SERVER_PID = 0x30,   /**< u32 process id of the simulator (diagnostics) */
    UVS_SHM_OFF_C2S_TAIL = 0x040,    /**< u32 written by the client */
    UVS_SHM_OFF_C2S_HEAD = 0x080,    /**< u32 written by the server */
    UVS_SHM_OFF_S2C_TAIL = 0x0c0,    /**< u32 written by the server */
    UVS_SHM_OFF_S2C_HEAD = 0x100,    /**< u32 written by the client */
    UVS_SHM_OFF_C2S_SLOTS = 0x1000,  /**< UVS_SHM_SLOTS * 64 bytes */
    UVS_SHM_OFF_S2C_SLOTS = 0x2000,  /**< UVS_SHM_SLOTS * 64 bytes */
};

_Static_assert(UVS_SHM_OFF_S2C_SLOTS + UVS_SHM_SLOTS * UVS_COSIM_MSG_SIZE <= UVS_SHM_AREA, "rings fit the area");
_Static_assert((UVS_SHM_SLOTS & (UVS_SHM_SLOTS - 1)) == 0, "slots a power of two");

/** One direction of the transport as seen by one side. */
struct uvs_shm_ring {
    uint8_t *slots;            /**< UVS_SHM_SLOTS * UVS_COSIM_MSG_SIZE bytes */
    volatile uint32_t *tail;   /**< producer counter */
    volatile uint32_t *head;   /**< consumer counter */
};

/** Both rings of a mapped area, from one side's point of view. */
struct uvs_shm_link {
    uint8_t *base;             /**< byte 0 of the file */
    struct uvs_shm_ring tx;    /**< the ring this side produces */
    struct uvs_shm_ring rx;    /**< the ring this side consumes */
};

/**
 * uvs_shm_link_init - point @l at the rings of the area at @base (at least
 * UVS_SHM_AREA bytes, 64-byte aligned). @server: 1 = the simulator's view
 * (tx = s2c), 0 = the client's (tx = c2s). Touches no shared byte.
 */
void uvs_shm_link_init(struct uvs_shm_link *l, void *base, int server);

/**
 * uvs_shm_send - put the 64 bytes at @msg into @r if there is room.
 * Returns 1 (sent), 0 (ring full; nothing written) or -EPROTO when the
 * counters are inconsistent (tail - head > UVS_SHM_SLOTS: the peer corrupted
 * them).
 */
int uvs_shm_send(struct uvs_shm_ring *r, const void *msg);

/**
 * uvs_shm_recv - take the oldest message of @r into the 64 bytes at @msg.
 * Returns 1 (taken), 0 (ring empty) or -EPROTO (inconsistent counters).
 */
int uvs_shm_recv(struct uvs_shm_ring *r, void *msg);

/** uvs_shm_pending - messages waiting in @r (tail - head; > UVS_SHM_SLOTS means corrupt). */
uint32_t uvs_shm_pending(const struct uvs_shm_ring *r);

/** uvs_shm_drain - drop every message waiting in @r (consumer side). */
void uvs_shm_drain(struct uvs_shm_ring *r);

/** uvs_shm_rd32/uvs_shm_rd64 - read a header field at byte offset @off (acquire order). */
uint32_t uvs_shm_rd32(const void *base, size_t off);
uint64_t uvs_shm_rd64(const void *base, size_t off);

/** uvs_shm_wr32/uvs_shm_wr64 - write a header field at byte offset @off (release order). */
void uvs_shm_wr32(void *base, size_t off, uint32_t v);
void uvs_shm_wr64(void *base, size_t off, uint64_t v);

/**
 * uvs_shm_file_size - the file size for @hostmem bytes of host memory: the
 * next power of two >= UVS_SHM_AREA + @hostmem, or 0 when that overflows.
 */
uint64_t uvs_shm_file_size(uint64_t hostmem);

/**
 * uvs_shm_check_header - validate the header of a mapped area of @len bytes
 * as a client sees it (magic published): version major, area, slots, host
 * memory inside the file, file size <= @len. Returns 0, -EAGAIN (magic not yet
 * published: the server is not up), -EPROTONOSUPPORT (other major version) or
 * -EPROTO, with a reason in @why.
 */
int uvs_shm_check_header(const void *base, uint64_t len, char *why, size_t whylen);

#endif

/*
 * uvmsoc co-simulation transport: the messages between the host driver
 * (client, libuvmsoc's cosim backend) and the simulator (server, uvmsoc-sim).
 *
 * Transport. A Unix-domain stream socket carries fixed 64-byte messages,
 * little-endian. The client connects and sends HELLO; the server answers
 * HELLO_RESP and attaches, as SCM_RIGHTS ancillary data on that message,
 * exactly one file descriptor: the shared host-memory file (hostmem_size
 * bytes; byte 0 is host bus address hostmem_base). The device's DMA reads and
 * writes host memory there; the client mmaps it for its DMA buffers.
 *
 * Requests and responses. Every client message except GOODBYE is a request
 * answered by exactly one response whose type is the request type |
 * UVS_COSIM_RESP and whose seq is the request's seq. The client numbers its
 * requests 1, 2, 3, ... and has one request outstanding at a time.
 *
 * Lockstep time. Simulated time advances only while the server handles a
 * request: an MMIO access runs the device until the access completes (link
 * latency each way plus the device's own time); RUN runs it for a budget of
 * cycles. Between requests the simulation is paused. Host-side work is
 * charged by RUN with UVS_COSIM_RUN_HOST_COST. Every server message carries
 * the simulated cycle count in hdr.cycle; client messages carry the last
 * count the client saw (informational).
 *
 * Interrupts. When the device sends an MSI while the server handles a request,
 * the server sends an IRQ message (seq = that request's seq) before the
 * request's response. The server never sends while it is not handling a
 * request, except GOODBYE.
 *
 * Goodbye. The client sends GOODBYE before closing. The server sends GOODBYE
 * (reason, exit_code = uvmsoc-sim exit status, include/uvmsoc/sim.def) when
 * the simulation ends, then closes the socket.
 *
 * Validation. uvs_cosim_decode() rejects a message that is short, has a bad
 * magic, an unknown type or status, nonzero reserved bytes, or out-of-range
 * fields; receivers treat such a message as a protocol error (say why, then
 * close), never as data.
 */
#ifndef UVMSOC_COSIM_H
#define UVMSOC_COSIM_H

#include <stddef.h>
#include <stdint.h>

#define UVS_COSIM_MSG_SIZE 64u          /**< bytes per message */
/** Longest RUN the host driver sends while waiting for an MSI (cycles): a few
 *  seconds of simulation, so every wait gives a sign of progress that often. */
#define UVS_COSIM_RUN_SLICE (1ull << 22)
#define UVS_COSIM_MAGIC    0x43535655u  /**< "UVSC" as a little-endian word */
#define UVS_COSIM_VERSION  0x00010000u  /**< transport version 1.0 (major << 16 | minor) */
#define UVS_COSIM_RESP     0x80u        /**< response type = request type | this */

/** Message types. Direction: C = client (host driver), S = server (simulator). */
enum uvs_cosim_type {
    UVS_COSIM_HELLO = 0x01,          /**< C->S attach, with the client's version */
    UVS_COSIM_MMIO_READ = 0x02,      /**< C->S BAR0 read of 1/2/4/8 bytes */
    UVS_COSIM_MMIO_WRITE = 0x03,     /**< C->S BAR0 write of 1/2/4/8 bytes */
    UVS_COSIM_RUN = 0x04,            /**< C->S run N cycles (wait, or charge host cost) */
    UVS_COSIM_RESET = 0x05,          /**< C->S reset the device (power-on state, time continues) */
    UVS_COSIM_IRQ = 0x40,            /**< S->C an MSI was raised */
    UVS_COSIM_GOODBYE = 0x7f,        /**< C->S or S->C the sender closes the connection */
    UVS_COSIM_HELLO_RESP = 0x81,     /**< S->C attach accepted; host-memory fd attached */
    UVS_COSIM_MMIO_READ_RESP = 0x82, /**< S->C read data */
    UVS_COSIM_MMIO_WRITE_RESP = 0x83,/**< S->C write done */
    UVS_COSIM_TIME_SYNC = 0x84,      /**< S->C answer to RUN: cycles run, why it stopped */
    UVS_COSIM_RESET_RESP = 0x85,     /**< S->C reset done */
};

/** Response status (hdr.status of responses; 0 in every other message). */
enum uvs_cosim_status {
    UVS_COSIM_ST_OK = 0,        /**< done */
    UVS_COSIM_ST_BAD_TYPE = 1,  /**< request type not understood */
    UVS_COSIM_ST_BAD_ADDR = 2,  /**< MMIO address outside BAR0 */
    UVS_COSIM_ST_BAD_SIZE = 3,  /**< MMIO size not 1/2/4/8 or address not aligned to it */
    UVS_COSIM_ST_VERSION = 4,   /**< transport major version differs */
    UVS_COSIM_ST_BAD_ARG = 5,   /**< other field out of range (RUN of 0 cycles, ...) */
    UVS_COSIM_ST_STATE = 6,     /**< not valid now (request before HELLO, second HELLO) */
    UVS_COSIM_ST_MAX = 6,
};

/** RUN flags. */
enum {
    UVS_COSIM_RUN_STOP_ON_IRQ = 0x1, /**< stop at the first MSI (wait for an interrupt) */
    UVS_COSIM_RUN_HOST_COST = 0x2,   /**< the cycles are host-side cost (counted as such in statistics) */
};

/** TIME_SYNC reasons: why a RUN stopped. */
enum uvs_cosim_reason {
    UVS_COSIM_STOP_BUDGET = 1, /**< all requested cycles ran */
    UVS_COSIM_STOP_IRQ = 2,    /**< an MSI was raised (STOP_ON_IRQ); IRQ message(s) came first */
    UVS_COSIM_STOP_HALT = 3,   /**< the simulation ended (watchdog or program exit); GOODBYE follows */
};

/** GOODBYE reasons. */
enum uvs_cosim_bye {
    UVS_COSIM_BYE_CLIENT = 0,   /**< client detaches */
    UVS_COSIM_BYE_EXIT = 1,     /**< simulated program ended; exit_code = its status */
    UVS_COSIM_BYE_WATCHDOG = 2, /**< --max-cycles reached */
    UVS_COSIM_BYE_PROTOCOL = 3, /**< the peer sent a malformed message */
    UVS_COSIM_BYE_MAX = 3,
};

/** Common header of every message (24 bytes). */
struct uvs_cosim_hdr {
    uint32_t magic;  /**< UVS_COSIM_MAGIC */
    uint16_t type;   /**< enum uvs_cosim_type */
    uint16_t status; /**< enum uvs_cosim_status in responses, else 0 */
    uint32_t seq;    /**< request sequence number (responses and IRQ echo it) */
    uint32_t rsvd;   /**< 0 */
    uint64_t cycle;  /**< simulated cycle count (see file comment) */
};

/** HELLO and HELLO_RESP. */
struct uvs_cosim_hello {
    struct uvs_cosim_hdr hdr;
    uint32_t version;      /**< UVS_COSIM_VERSION of the sender */
    uint32_t msi_vectors;  /**< HELLO: 0; HELLO_RESP: MSI vectors (1..32) */
    uint64_t hostmem_base; /**< HELLO: 0; HELLO_RESP: host bus address of the host-memory file's byte 0 */
    uint64_t hostmem_size; /**< HELLO: 0; HELLO_RESP: bytes, a nonzero multiple of 4096 */
    uint64_t bar0_size;    /**< HELLO: 0; HELLO_RESP: BAR0 bytes (UVS_HOSTIF_BAR0_SIZE) */
    uint64_t client_pid;   /**< HELLO: the client's process id; HELLO_RESP: 0 */
};

/** MMIO_READ, MMIO_WRITE and their responses. */
struct uvs_cosim_mmio {
    struct uvs_cosim_hdr hdr;
    uint64_t addr;    /**< BAR0 byte offset, aligned to size */
    uint64_t data;    /**< write data / read result, in the low size bytes; upper bytes 0 */
    uint8_t size;     /**< 1, 2, 4 or 8 bytes */
    uint8_t rsvd[23]; /**< 0 */
};

/** RUN and TIME_SYNC. */
struct uvs_cosim_run {
    struct uvs_cosim_hdr hdr;
    uint64_t cycles;  /**< budget in device cycles, >= 1 (TIME_SYNC echoes it) */
    uint32_t flags;   /**< UVS_COSIM_RUN_* (TIME_SYNC echoes them) */
    uint32_t reason;  /**< RUN: 0; TIME_SYNC: enum uvs_cosim_reason */
    uint64_t elapsed; /**< RUN: 0; TIME_SYNC: cycles actually run (<= cycles) */
    uint8_t rsvd[16]; /**< 0 */
};

/** RESET and RESET_RESP. */
struct uvs_cosim_reset {
    struct uvs_cosim_hdr hdr;
    uint32_t scope;   /**< 0 = whole device (only value defined) */
    uint8_t rsvd[36]; /**< 0 */
};

/** IRQ. */
struct uvs_cosim_irq {
    struct uvs_cosim_hdr hdr;
    uint32_t vector;  /**< MSI vector, 0..31 (hostif.def interrupt causes) */
    uint8_t rsvd[36]; /**< 0 */
};

/** GOODBYE. */
struct uvs_cosim_goodbye {
    struct uvs_cosim_hdr hdr;
    uint32_t reason;    /**< enum uvs_cosim_bye */
    int32_t exit_code;  /**< BYE_EXIT/BYE_WATCHDOG: uvmsoc-sim exit status (sim.def); else 0 */
    uint8_t rsvd[32];   /**< 0 */
};

/** Any message; hdr.type says which member is valid. */
union uvs_cosim_msg {
    struct uvs_cosim_hdr hdr;
    struct uvs_cosim_hello hello;
    struct uvs_cosim_mmio mmio;
    struct uvs_cosim_run run;
    struct uvs_cosim_reset reset;
    struct uvs_cosim_irq irq;
    struct uvs_cosim_goodbye bye;
    uint8_t raw[UVS_COSIM_MSG_SIZE];
};

_Static_assert(sizeof(struct uvs_cosim_hdr) == 24, "header size");
_Static_assert(offsetof(struct uvs_cosim_hdr, type) == 4, "hdr.type");
_Static_assert(offsetof(struct uvs_cosim_hdr, status) == 6, "hdr.status");
_Static_assert(offsetof(struct uvs_cosim_hdr, seq) == 8, "hdr.seq");
_Static_assert(offsetof(struct uvs_cosim_hdr, rsvd) == 12, "hdr.rsvd");
_Static_assert(offsetof(struct uvs_cosim_hdr, cycle) == 16, "hdr.cycle");
_Static_assert(sizeof(struct uvs_cosim_hello) == UVS_COSIM_MSG_SIZE, "hello size");
_Static_assert(offsetof(struct uvs_cosim_hello, version) == 24, "hello.version");
_Static_assert(offsetof(struct uvs_cosim_hello, msi_vectors) == 28, "hello.msi_vectors");
_Static_assert(offsetof(struct uvs_cosim_hello, hostmem_base) == 32, "hello.hostmem_base");
_Static_assert(offsetof(struct uvs_cosim_hello, hostmem_size) == 40, "hello.hostmem_size");
_Static_assert(offsetof(struct uvs_cosim_hello, bar0_size) == 48, "hello.bar0_size");
_Static_assert(offsetof(struct uvs_cosim_hello, client_pid) == 56, "hello.client_pid");
_Static_assert(sizeof(struct uvs_cosim_mmio) == UVS_COSIM_MSG_SIZE, "mmio size");
_Static_assert(offsetof(struct uvs_cosim_mmio, addr) == 24, "mmio.addr");
_Static_assert(offsetof(struct uvs_cosim_mmio, data) == 32, "mmio.data");
_Static_assert(offsetof(struct uvs_cosim_mmio, size) == 40, "mmio.size");
_Static_assert(sizeof(struct uvs_cosim_run) == UVS_COSIM_MSG_SIZE, "run size");
_Static_assert(offsetof(struct uvs_cosim_run, cycles) == 24, "run.cycles");
_Static_assert(offsetof(struct uvs_cosim_run, flags) == 32, "run.flags");
_Static_assert(offsetof(struct uvs_cosim_run, reason) == 36, "run.reason");
_Static_assert(offsetof(struct uvs_cosim_run, elapsed) == 40, "run.elapsed");
_Static_assert(sizeof(struct uvs_cosim_reset) == UVS_COSIM_MSG_SIZE, "reset size");
_Static_assert(offsetof(struct uvs_cosim_reset, scope) == 24, "reset.scope");
_Static_assert(sizeof(struct uvs_cosim_irq) == UVS_COSIM_MSG_SIZE, "irq size");
_Static_assert(offsetof(struct uvs_cosim_irq, vector) == 24, "irq.vector");
_Static_assert(sizeof(struct uvs_cosim_goodbye) == UVS_COSIM_MSG_SIZE, "goodbye size");
_Static_assert(offsetof(struct uvs_cosim_goodbye, reason) == 24, "goodbye.reason");
_Static_assert(offsetof(struct uvs_cosim_goodbye, exit_code) == 28, "goodbye.exit_code");
_Static_assert(sizeof(union uvs_cosim_msg) == UVS_COSIM_MSG_SIZE, "message size");

/**
 * uvs_cosim_encode - validate a message and write its 64-byte wire form.
 * @m:   the message (hdr.magic is filled in by the encoder)
 * @out: UVS_COSIM_MSG_SIZE bytes
 * Returns 0, or -EINVAL when the message would not pass uvs_cosim_decode()
 * (so a sender can never emit a malformed message).
 * Implemented in include/lib/cosim_msg.c (libuvscommon, libc only), which the
 * simulator and the host driver both link.
 */
int uvs_cosim_encode(const union uvs_cosim_msg *m, uint8_t out[UVS_COSIM_MSG_SIZE]);

/**
 * uvs_cosim_decode - parse and validate one message from the wire.
 * @buf: received bytes; @len: how many
 * @m:   decoded message on success
 * @why: if not NULL, receives a one-line reason on failure (at most @whylen bytes)
 * Returns 0; -EBADMSG when len != UVS_COSIM_MSG_SIZE (truncated or oversized);
 * -EPROTO for a bad magic, unknown type or status, nonzero reserved bytes, or a
 * field out of range (MMIO size/alignment/data width, RUN of 0 cycles, IRQ
 * vector >= 32, host memory size not a nonzero multiple of 4096, ...).
 */
int uvs_cosim_decode(const void *buf, size_t len, union uvs_cosim_msg *m, char *why, size_t whylen);

/** uvs_cosim_type_name - name of a message type ("MMIO_READ"), or "unknown". */
const char *uvs_cosim_type_name(unsigned type);

/** uvs_cosim_from_server - 1 when @type is sent by the simulator, 0 when by the client. */
int uvs_cosim_from_server(unsigned type);

/**
 * uvs_cosim_status_errno - map a response status to a negative errno value
 * (0 for UVS_COSIM_ST_OK): BAD_ADDR -EFAULT, BAD_SIZE/BAD_ARG -EINVAL,
 * BAD_TYPE -EOPNOTSUPP, VERSION -EPROTONOSUPPORT, STATE -EPROTO.
 */
int uvs_cosim_status_errno(unsigned status);

#endif

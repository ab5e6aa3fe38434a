/*
 * The lockstep client of the co-simulation protocol (include/uvmsoc/cosim.h),
 * shared by the backends that reach uvmsoc-sim: "cosim" (a Unix socket,
 * backend_cosim.c) and "ivshmem" (shared-memory rings, backend_ivshmem.c).
 * They differ only in how a 64-byte message travels (struct
 * uvs_ls_transport); requests and their responses, interrupts collected on
 * the way, simulated time (RUN / TIME_SYNC), BAR0 accesses, reset and
 * host memory are the same and live here.
 *
 * A backend's state begins with a struct uvs_lockstep, so the uvs_ls_*
 * functions that take `void *ctx` serve directly as its uvs_backend_ops.
 */
#ifndef UVMSOC_HOST_LOCKSTEP_H
#define UVMSOC_HOST_LOCKSTEP_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include <uvmsoc/cosim.h>

#include "hostmem.h"

struct uvs_lockstep;

/** How 64-byte encoded messages travel; each returns 0 or a negative errno (having called uvs_ls_die for a broken link). */
struct uvs_ls_transport {
    /** Send one encoded message (UVS_COSIM_MSG_SIZE bytes). */
    int (*send)(struct uvs_lockstep *l, const uint8_t *buf);
    /** Receive one message into buf (UVS_COSIM_MSG_SIZE bytes); *fd_out (may be NULL) gets a descriptor passed with it, else -1. */
    int (*recv)(struct uvs_lockstep *l, uint8_t *buf, int *fd_out);
};

/** State of one session with the simulator (the first member of a backend's state). */
struct uvs_lockstep {
    const struct uvs_ls_transport *tr;
    char peer[PATH_MAX + 32]; /**< "the simulator at PATH" / "the simulator through PATH": subject of error messages */
    int timeout_ms;          /**< wall-clock limit per reply, ms; -1: none */
    uint32_t seq;            /**< last request sequence number */
    uint64_t cycle;          /**< last simulated cycle count seen */
    uint32_t irqs;           /**< MSI vectors received, not yet taken */
    int dead, dead_err;      /**< the session is unusable: every call fails with dead_err */
    char dead_why[256];
    struct uvs_hostmem hm;   /**< DMA-able host memory (the shared host-memory window) */
};

/**
 * uvs_ls_init - set up @l for transport @tr: @peer names the simulator in
 * error messages (printf-style), @wall_timeout_ms is uvs_open_opts'
 * (0: 600 s, UVS_WALL_TIMEOUT_NONE: none).
 */
void uvs_ls_init(struct uvs_lockstep *l, const struct uvs_ls_transport *tr, uint64_t wall_timeout_ms,
                 const char *peer, ...) __attribute__((format(printf, 4, 5)));

/** uvs_ls_die - mark the session dead with a reason (printf-style); returns @err, and later calls repeat it. */
int uvs_ls_die(struct uvs_lockstep *l, int err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/** uvs_ls_send - encode @m (stamped with the cycle count) and send it; 0 or a negative errno. */
int uvs_ls_send(struct uvs_lockstep *l, union uvs_cosim_msg *m);

/**
 * uvs_ls_request - send request @m and wait for its response (type | RESP,
 * same sequence number) into @r. IRQ messages on the way are collected;
 * GOODBYE ends the session (-ECONNRESET); another message is a protocol
 * error (-EPROTO); a refusal gives the status's errno. @fd_out (may be NULL):
 * a descriptor that came with the response, else -1.
 */
int uvs_ls_request(struct uvs_lockstep *l, union uvs_cosim_msg *m, union uvs_cosim_msg *r, int *fd_out);

/**
 * uvs_ls_hello - open the session: HELLO, then check the version's major
 * number and the BAR0 size (-EPROTONOSUPPORT, -EPROTO). @r gets HELLO_RESP;
 * @fd_out as for uvs_ls_request.
 */
int uvs_ls_hello(struct uvs_lockstep *l, union uvs_cosim_msg *r, int *fd_out);

/** uvs_ls_goodbye - send GOODBYE unless the session is dead (closing; errors ignored). */
void uvs_ls_goodbye(struct uvs_lockstep *l);

/* uvs_backend_ops members (backend.h); ctx is a state that begins with struct uvs_lockstep. */
int uvs_ls_mmio_read(void *ctx, uint64_t off, unsigned size, uint64_t *val);
int uvs_ls_mmio_write(void *ctx, uint64_t off, unsigned size, uint64_t val);
int uvs_ls_dma_alloc(void *ctx, size_t size, struct uvs_dma_buf *buf);
void uvs_ls_dma_free(void *ctx, const struct uvs_dma_buf *buf);
/**
 * uvs_ls_wait_irq - wait for an MSI for at most @timeout device cycles, in
 * RUN slices of UVS_COSIM_RUN_SLICE cycles: each slice's TIME_SYNC shows the
 * simulator is making progress, so the wall-clock reply timeout bounds only
 * a simulator that stopped advancing, never a long but healthy wait.
 * -ETIMEDOUT when no MSI came.
 */
int uvs_ls_wait_irq(void *ctx, uint64_t timeout, uint32_t *vectors);
/** uvs_ls_charge - let the device run @cycles of host-side cost (RUN with HOST_COST). */
int uvs_ls_charge(void *ctx, uint64_t cycles);
/** uvs_ls_reset - power-on reset of the device (RESET); pending MSIs are dropped. */
int uvs_ls_reset(void *ctx);
/** uvs_ls_cycles - the device cycle count last seen. */
uint64_t uvs_ls_cycles(void *ctx);

#endif

/*
 * uvmsoc-sim co-simulation server: the simulator side of the transport in
 * include/uvmsoc/cosim.h (`uvmsoc-sim --host-socket PATH`), with the host
 * link model that sits between the host driver and the SoC's BAR0 port.
 *
 * Link model (timing parameters: link.h). A host MMIO access costs the host
 * cost_mmio cycles, then travels latency cycles to the device, waits for the
 * SoC's BAR0 port (uvs_soc host_*), and, for a read, the completion travels
 * latency cycles back. Writes are posted (PCIe): MMIO_WRITE is answered
 * after cost_mmio cycles while the write is still in flight; requests reach
 * the device in order, so a later read never passes an earlier write. An
 * MSI raised at cycle t reaches the host at t + latency.
 *
 * Lockstep (default). The SoC is clocked only while a request is being
 * handled: an MMIO access until its response is due, RUN for its budget (or
 * until an MSI has reached the host and cost_irq more cycles passed, with
 * UVS_COSIM_RUN_STOP_ON_IRQ), RESET for 2 reset cycles. Between requests
 * the server blocks on the socket, so the cycle counts of a run depend only
 * on the requests. With --free-running the SoC also runs between requests
 * (the socket is polled every UVS_COSIM_POLL_CYCLES cycles).
 *
 * Clients. One at a time; after a client detaches (GOODBYE or end of
 * stream) the server waits for the next one with the device as it was
 * (unless --host-once). A malformed or truncated message (a partial message
 * not completed within UVS_COSIM_PARTIAL_MS) is reported on stderr with its
 * reason, answered with GOODBYE(PROTOCOL) and the connection closed; the
 * device keeps its state and the next client can attach.
 */
#ifndef UVS_SIM_COSIM_SERVER_H
#define UVS_SIM_COSIM_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "options.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Host bus address of byte 0 of the shared host-memory file. */
#define UVS_COSIM_HOSTMEM_BASE UINT64_C(0x100000000)
/** MSI vectors of the device (HOSTIF_MSI_VECTORS). */
#define UVS_COSIM_MSI_VECTORS 8
/** Free-running mode: cycles between socket polls. */
#define UVS_COSIM_POLL_CYCLES 1024
/** Wall-clock limit for the rest of a started message, milliseconds. */
#define UVS_COSIM_PARTIAL_MS 5000

/**
 * What passes between the link model and the SoC (the BAR0 AXI4-Lite master
 * rtl/sim/uvs_axil_host_model.sv, the MSI vector in rtl/sim/uvs_soc.sv)
 * through the DPI functions in sim/dpi.c.
 */
struct uvs_host_io {
    bool rst;          /**< hold the SoC in reset (RESET request); the harness drives rst_ni */
    bool req;          /**< a new BAR0 access is offered (taken by uvs_dpi_host_poll) */
    uint16_t addr;     /**< its BAR0 byte offset */
    bool we;           /**< write */
    uint8_t be;        /**< byte enables in the aligned 8-byte word */
    uint64_t wdata;    /**< write data in its byte lanes */
    bool gnt;          /**< the SoC granted the access (uvs_dpi_host_gnt) */
    bool rvalid;       /**< read data arrived (uvs_dpi_host_rdata) */
    uint64_t rdata;    /**< the aligned 8-byte word */
    uint32_t msi;      /**< MSI vectors sent since the last cycle (uvs_dpi_msi) */
};

/** The one link of this process. */
extern struct uvs_host_io uvs_host_io;

/**
 * uvs_cosim_open - create the shared host-memory file (memfd, @o->host_mem
 * bytes at bus address UVS_COSIM_HOSTMEM_BASE) and listen on
 * @o->host_socket (a stale socket file is replaced; a live simulator's is
 * not). Installs SIGINT/SIGTERM handlers that end the session.
 * Returns 0, or -errno with a one-line reason in @err.
 */
int uvs_cosim_open(const struct uvs_opts *o, char *err, size_t errlen);

/** uvs_cosim_hostmem - the host-memory window (NULL/0 before uvs_cosim_open). */
void uvs_cosim_hostmem(uint8_t **base, uint64_t *bus, uint64_t *size);

/**
 * uvs_cosim_cycle - called before every clock cycle: takes what the SoC
 * reported in the previous cycle (uvs_host_io), serves the host (blocking on
 * the socket in lockstep while no request is in progress) and offers the
 * next BAR0 access when its time has come.
 * @now: cycles simulated so far.
 * Returns 0 to simulate the cycle, 1 to end the simulation (signal, or the
 * client left with --host-once).
 */
int uvs_cosim_cycle(uint64_t now);

/**
 * uvs_cosim_close - end of the simulation at cycle @now: a RUN in progress
 * gets TIME_SYNC(STOP_HALT), the client GOODBYE (reason BYE_WATCHDOG with
 * exit code UVS_EXIT_TIMEOUT when @watchdog, else BYE_EXIT with 0); closes
 * and removes the socket, unmaps host memory.
 */
void uvs_cosim_close(uint64_t now, bool watchdog);

#ifdef __cplusplus
}
#endif
#endif

/*
 * Host queue service (include/uvmsoc/hostif.def "host queues"; host side in
 * host/lib/queue.c). The firmware is the consumer of the host command queue
 * CMDQ and the producer of the event queue EVQ, both rings in host memory
 * (RISC-V IOMMU v1.0 queue model, section 3.1). It sees the BAR0 block at
 * the device address of the "uvmsoc,hostif" node and copies records with
 * its own DMA channel (fwdma.h).
 *
 * Device-side register use (contract with the SoC's host interface block):
 * the firmware writes FW_STATUS (the block raises INT_FW), CMDQ_HEAD,
 * CMDQ_CTRL, EVQ_TAIL (the block raises INT_EVQ), INT_STATUS (a device-side
 * write sets the written cause bits) and FW_EXIT (halts the hart: the exit
 * path when the host loaded the firmware), as rtl/soc/uvs_hostif.sv does.
 */
#ifndef UVS_HOST_SERVICE_H
#define UVS_HOST_SERVICE_H

#include "platform.h"

/** Cycles one command or event record copy may take before it counts as failed. */
#define UVS_HOSTQ_DMA_TIMEOUT 1000000u

/**
 * Serves the host: checks the block's ID register, initialises the DMA
 * channel, routes exit() to FW_EXIT as well, writes FW_STATUS = READY
 * (INT_FW), then forever: clears a non-zero DOORBELL, takes
 * command records from CMDQ (in order, while CMDQ is enabled), executes
 * them (cmd.h) and posts their events to EVQ (waiting while EVQ is full or
 * disabled: backpressure, nothing is dropped), raising INT_EVQ. A CMDQ with
 * a bad LOG2SZ/base, a TAIL out of range or a record the DMA cannot read
 * disables CMDQ and raises INT_CMDQ_ERROR; when CMDQ is empty, sleeps in
 * WFI until the PLIC raises hart 0's MEIP: the block's interrupt
 * (DOORBELL != 0 or CMDQ not empty) or the IOMMU's (page requests), each
 * served between its claim and its completion (plic.h; uvs_plic_init()
 * must have run). Returns only on a setup error: UVS_FW_EXIT_BAD_PLATFORM
 * with a console line saying why (no PLIC among them).
 */
int uvs_hostq_serve(const struct uvs_platform *p);

#endif /* UVS_HOST_SERVICE_H */

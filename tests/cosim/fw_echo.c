/*
 * Co-simulation test firmware: the smallest management-hart program that
 * serves the host interface from the device side (rtl/soc/uvs_hostif.sv,
 * host/README.md rules 1-3), so the whole host path can be tested without
 * the real firmware: it reports FW_STATUS_READY (raises INT_FW), then for
 * every host command fetches the 64-byte record from host memory with the
 * firmware DMA channel (DMA_CHAN_FW, rings in SRAM), posts an event record
 * into the host event queue by DMA and advances EVQ_TAIL (raises INT_EVQ)
 * and CMDQ_HEAD. HOSTQ_OP_NOP completes with value = arg[0]; opcode 0xffff
 * halts the hart with exit status arg[0] through HOSTIF_FW_EXIT; others
 * complete with -EOPNOTSUPP (-95).
 */
#include <stddef.h>
#include <stdint.h>

#include <uvmsoc/dma.h>
#include <uvmsoc/dma_desc.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/hostq.h>
#include <uvmsoc/memmap.h>

#define OP_HALT 0xffff

#define HIF32(off) (*(volatile uint32_t *)(uintptr_t)(UVS_HOSTIF_BASE + (off)))
#define HIF64(off) (*(volatile uint64_t *)(uintptr_t)(UVS_HOSTIF_BASE + (off)))
#define CH_BASE (UVS_DMA_BASE + UVS_DMA_CHAN_FW * UVS_DMA_CHAN_STRIDE)
#define CH32(off) (*(volatile uint32_t *)(uintptr_t)(CH_BASE + (off)))
#define CH64(off) (*(volatile uint64_t *)(uintptr_t)(CH_BASE + (off)))

static volatile struct uvs_dma_desc ring[2] __attribute__((aligned(4096)));
static volatile struct uvs_dma_cpl cpl[2] __attribute__((aligned(4096)));
static volatile struct uvs_hostq_cmd cmd;
static volatile struct uvs_hostq_evt evt;
static uint32_t ring_tail, cpl_head;

/* Copy len bytes with the firmware channel and wait; returns the DMA_ST_* status. */
static unsigned dma(unsigned op, uint64_t dst, uint64_t src, uint32_t len)
{
    volatile struct uvs_dma_desc *d = &ring[ring_tail];
    d->opcode = (uint8_t)op;
    d->flags = 0;
    d->rsvd = 0;
    d->len = len;
    d->src = src;
    d->dst = dst;
    d->cookie = ring_tail;
    ring_tail = (ring_tail + 1) % 2;
    CH32(UVS_DMA_RING_TAIL_OFF) = ring_tail;
    while (CH32(UVS_DMA_CPL_TAIL_OFF) == cpl_head)
        if (CH32(UVS_DMA_STATUS_OFF) & UVS_DMA_STATUS_HALTED)
            return 0xff;
    unsigned st = cpl[cpl_head].status;
    cpl_head = (cpl_head + 1) % 2;
    CH32(UVS_DMA_CPL_HEAD_OFF) = cpl_head;
    return st;
}

int main(void)
{
    CH32(UVS_DMA_CTRL_OFF) = UVS_DMA_CTRL_RESET;
    CH64(UVS_DMA_RING_BASE_OFF) = (uintptr_t)ring;
    CH32(UVS_DMA_RING_LOG2SZ_OFF) = 1;
    CH64(UVS_DMA_CPL_BASE_OFF) = (uintptr_t)cpl;
    CH32(UVS_DMA_CPL_LOG2SZ_OFF) = 1;
    CH32(UVS_DMA_CTRL_OFF) = UVS_DMA_CTRL_ENABLE;
    HIF32(UVS_HOSTIF_FW_STATUS_OFF) = UVS_HOSTIF_FW_STATUS_READY;
    for (;;) {
        if (HIF32(UVS_HOSTIF_DOORBELL_OFF))
            HIF32(UVS_HOSTIF_DOORBELL_OFF) = 0;
        if (!(HIF32(UVS_HOSTIF_CMDQ_CTRL_OFF) & UVS_HOSTIF_Q_CTRL_ENABLE))
            continue;
        uint32_t head = HIF32(UVS_HOSTIF_CMDQ_HEAD_OFF), tail = HIF32(UVS_HOSTIF_CMDQ_TAIL_OFF);
        if (head == tail)
            continue;
        uint32_t n = 1u << HIF32(UVS_HOSTIF_CMDQ_LOG2SZ_OFF);
        uint64_t at = HIF64(UVS_HOSTIF_CMDQ_BASE_OFF) + (uint64_t)head * UVS_HOSTQ_CMD_SIZE;
        if (dma(UVS_DMA_OP_H2D, (uintptr_t)&cmd, at, UVS_HOSTQ_CMD_SIZE) != UVS_DMA_ST_OK) {
            HIF32(UVS_HOSTIF_CMDQ_CTRL_OFF) = 0;
            HIF32(UVS_HOSTIF_INT_STATUS_OFF) = UVS_HOSTIF_INT_CMDQ_ERROR;
            continue;
        }
        evt.type = UVS_HOSTQ_EVT_CMD_DONE;
        evt.rsvd = 0;
        evt.cookie = cmd.cookie;
        evt.addr = 0;
        evt.value = cmd.opcode == UVS_HOSTQ_OP_NOP ? cmd.arg[0] : 0;
        evt.status = cmd.opcode == UVS_HOSTQ_OP_NOP || cmd.opcode == OP_HALT ? 0 : -95;
        if (evt.status || (cmd.flags & UVS_HOSTQ_CMD_F_EVENT)) {
            uint32_t m = 1u << HIF32(UVS_HOSTIF_EVQ_LOG2SZ_OFF), et;
            while (((et = HIF32(UVS_HOSTIF_EVQ_TAIL_OFF)) + 1) % m == HIF32(UVS_HOSTIF_EVQ_HEAD_OFF))
                ; /* event queue full: wait for the host */
            uint64_t ea = HIF64(UVS_HOSTIF_EVQ_BASE_OFF) + (uint64_t)et * UVS_HOSTQ_EVT_SIZE;
            if (dma(UVS_DMA_OP_D2H, ea, (uintptr_t)&evt, UVS_HOSTQ_EVT_SIZE) == UVS_DMA_ST_OK)
                HIF32(UVS_HOSTIF_EVQ_TAIL_OFF) = (et + 1) % m;
        }
        HIF32(UVS_HOSTIF_CMDQ_HEAD_OFF) = (head + 1) % n;
        if (cmd.opcode == OP_HALT)
            HIF32(UVS_HOSTIF_FW_EXIT_OFF) = (uint32_t)cmd.arg[0];
    }
}

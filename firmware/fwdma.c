/* Firmware DMA channel (see fwdma.h; dma.def ring model). */
#include "fwdma.h"

#include <errno.h>
#include <string.h>

#include <uvmsoc/dma_desc.h>

#include "csr.h"

#define RING_LOG2 3
#define RING_N (1u << RING_LOG2)

static struct uvs_dma_desc ring[RING_N] __attribute__((aligned(UVS_DMA_RING_ALIGN)));
static struct uvs_dma_cpl cpl[RING_N] __attribute__((aligned(UVS_DMA_RING_ALIGN)));
static uintptr_t chan;		/* channel register block, 0 = not initialised */
static uint32_t tail, cpl_head;

static uint32_t rd32(uint64_t off)
{
	return *(volatile uint32_t *)(chan + off);
}

static void wr32(uint64_t off, uint32_t v)
{
	*(volatile uint32_t *)(chan + off) = v;
}

static void wr64(uint64_t off, uint64_t v)
{
	*(volatile uint64_t *)(chan + off) = v;
}

static int program(void)
{
	wr32(UVS_DMA_CTRL_OFF, UVS_DMA_CTRL_RESET);
	wr64(UVS_DMA_RING_BASE_OFF, (uintptr_t)ring);
	wr32(UVS_DMA_RING_LOG2SZ_OFF, RING_LOG2);
	wr64(UVS_DMA_CPL_BASE_OFF, (uintptr_t)cpl);
	wr32(UVS_DMA_CPL_LOG2SZ_OFF, RING_LOG2);
	tail = 0;
	cpl_head = 0;
	wr32(UVS_DMA_CTRL_OFF, UVS_DMA_CTRL_ENABLE);
	return rd32(UVS_DMA_STATUS_OFF) == 0 ? 0 : -EIO;
}

int uvs_fwdma_init(uint64_t dma_base)
{
	chan = (uintptr_t)(dma_base + UVS_DMA_CHAN_FW * UVS_DMA_CHAN_STRIDE);
	return program();
}

int uvs_fwdma_copy(uint8_t op, uint64_t src, uint64_t dst, uint32_t len,
		   uint64_t timeout_cycles, uint64_t *err_addr)
{
	struct uvs_dma_desc *d;
	uint64_t start;

	if (chan == 0 || len == 0 || len > UVS_DMA_MAX_LEN)
		return -EINVAL;
	d = &ring[tail];
	memset(d, 0, sizeof(*d));
	d->opcode = op;
	d->len = len;
	d->src = src;
	d->dst = dst;
	d->cookie = tail;
	tail = (tail + 1) % RING_N;
	__asm__ volatile("fence rw, rw" ::: "memory");
	wr32(UVS_DMA_RING_TAIL_OFF, tail);

	start = csr_read(mcycle);
	while (rd32(UVS_DMA_CPL_TAIL_OFF) == cpl_head) {
		if (csr_read(mcycle) - start >= timeout_cycles) {
			program();
			return -ETIMEDOUT;
		}
	}
	__asm__ volatile("fence rw, rw" ::: "memory");
	uint16_t status = cpl[cpl_head].status;
	uint64_t bad = cpl[cpl_head].err_addr;

	cpl_head = (cpl_head + 1) % RING_N;
	wr32(UVS_DMA_CPL_HEAD_OFF, cpl_head);
	if (status != UVS_DMA_ST_OK) {
		if (err_addr)
			*err_addr = bad;
		program();
		return -EIO;
	}
	return 0;
}

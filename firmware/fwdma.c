/* Firmware DMA channel (see fwdma.h; dma.def ring model). */
#include "fwdma.h"

#include <errno.h>

#include <uvmsoc/dma_desc.h>

#include "csr.h"

#define RING_LOG2 5
#define RING_N (1u << RING_LOG2)

static struct uvs_dma_desc ring[RING_N] __attribute__((aligned(UVS_DMA_RING_ALIGN)));
static struct uvs_dma_cpl cpl[RING_N] __attribute__((aligned(UVS_DMA_RING_ALIGN)));
static uintptr_t chan;		/* channel register block, 0 = not initialised */
static uint32_t tail, cpl_head;
static uint64_t submitted, completed;	/* descriptor sequence numbers */
uint64_t uvs_fwdma_retries;
static int async_err;			/* an asynchronous descriptor failed */
static uint64_t async_bad;		/* its failing address */
static uint64_t fail_seq;		/* sequence number of the descriptor that failed */
static uint64_t retry_seq = UINT64_MAX;	/* descriptor being retried */
static uint32_t retries;		/* its retries so far */
static struct uvs_dma_desc requeue[RING_N];	/* descriptors resubmitted after a link error */

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

/* Reset and reprogram; every descriptor still queued is dropped (counted complete). */
static int program(void)
{
	wr32(UVS_DMA_CTRL_OFF, UVS_DMA_CTRL_RESET);
	wr64(UVS_DMA_RING_BASE_OFF, (uintptr_t)ring);
	wr32(UVS_DMA_RING_LOG2SZ_OFF, RING_LOG2);
	wr64(UVS_DMA_CPL_BASE_OFF, (uintptr_t)cpl);
	wr32(UVS_DMA_CPL_LOG2SZ_OFF, RING_LOG2);
	tail = 0;
	cpl_head = 0;
	completed = submitted;
	wr32(UVS_DMA_CTRL_OFF, UVS_DMA_CTRL_ENABLE);
	return rd32(UVS_DMA_STATUS_OFF) == 0 ? 0 : -EIO;
}

int uvs_fwdma_init(uint64_t dma_base)
{
	chan = (uintptr_t)(dma_base + UVS_DMA_CHAN_FW * UVS_DMA_CHAN_STRIDE);
	submitted = completed = 0;
	async_err = 0;
	return program();
}

/*
 * A descriptor completed with DMA_ST_LINK (a link error: transient, like a
 * PCIe completion timeout): reprogram the halted channel and resubmit it
 * with every descriptor queued behind it (the engine dropped those), in
 * order, with their sequence numbers. 1 when resubmitted; 0 when this
 * descriptor already had UVS_FWDMA_RETRIES retries (then it fails).
 */
static int retry(const struct uvs_dma_cpl *c)
{
	uint64_t seq = c->cookie;
	uint32_t n = (uint32_t)(submitted - seq);

	if (seq != retry_seq) {
		retry_seq = seq;
		retries = 0;
	}
	if (retries >= UVS_FWDMA_RETRIES || n == 0 || n >= RING_N)
		return 0;
	retries++;
	uvs_fwdma_retries++;
	for (uint32_t i = 0; i < n; i++)
		requeue[i] = ring[(c->index + i) % RING_N];
	program();
	completed = seq;
	for (uint32_t i = 0; i < n; i++)
		ring[i] = requeue[i];
	tail = n % RING_N;
	__asm__ volatile("fence rw, rw" ::: "memory");
	wr32(UVS_DMA_RING_TAIL_OFF, tail);
	return 1;
}

/*
 * Consume the completion records from cpl_head up to t; a failed one resets
 * the channel. Out of line (cold) so that reap()'s common case, nothing new
 * or all OK, saves no registers: it runs in every wait loop and after every
 * submission (about 20 times per fault on the fault path, docs/benchmarks.md
 * "Fault path, session 7").
 */
static __attribute__((noinline, cold)) void reap_failed(uint32_t t)
{
	while (cpl_head != t) {
		const struct uvs_dma_cpl *c = &cpl[cpl_head];

		if (c->status == UVS_DMA_ST_LINK && retry(c))
			return;
		cpl_head = (cpl_head + 1) % RING_N;
		completed++;
		if (c->status != UVS_DMA_ST_OK) {
			if (!async_err) {
				async_err = 1;
				async_bad = c->err_addr;
				fail_seq = c->cookie;
			}
			program();	/* the channel halted: the rest is dropped */
			return;
		}
	}
	wr32(UVS_DMA_CPL_HEAD_OFF, cpl_head);
}

/* Consume the completion records written so far; a failed one resets the channel. */
static void reap(void)
{
	uint32_t t = rd32(UVS_DMA_CPL_TAIL_OFF), h = cpl_head;
	uint64_t done = completed;

	if (t == h)
		return;
	__asm__ volatile("fence rw, rw" ::: "memory");
	/* Common case: every new record OK. The first other one goes to reap_failed (nothing consumed past it). */
	while (h != t) {
		if (cpl[h].status != UVS_DMA_ST_OK) {
			cpl_head = h;
			completed = done;
			reap_failed(t);
			return;
		}
		h = (h + 1) % RING_N;
		done++;
	}
	cpl_head = h;
	completed = done;
	wr32(UVS_DMA_CPL_HEAD_OFF, h);
}

int uvs_fwdma_idle(void)
{
	if (chan != 0)
		reap();
	return submitted == completed;
}

uint64_t uvs_fwdma_done(void)
{
	if (chan != 0)
		reap();
	return completed;
}

/* Wait until descriptor `seq` completed; -ETIMEDOUT (channel reset). */
static int wait_seq(uint64_t seq, uint64_t timeout_cycles)
{
	uint64_t start = csr_read(cycle);

	for (reap(); completed <= seq; reap())
		if (csr_read(cycle) - start >= timeout_cycles) {
			program();
			return -ETIMEDOUT;
		}
	return 0;
}

/* Writes descriptor `submitted` into the ring and moves TAIL (the ring has room). */
static inline void push(uint8_t op, uint64_t src, uint64_t dst, uint32_t len, uint64_t *seq)
{
	struct uvs_dma_desc *d = &ring[tail];

	*d = (struct uvs_dma_desc){ .opcode = op, .len = len, .src = src, .dst = dst, .cookie = submitted };
	tail = (tail + 1) % RING_N;
	if (seq)
		*seq = submitted;
	submitted++;
	__asm__ volatile("fence rw, rw" ::: "memory");
	wr32(UVS_DMA_RING_TAIL_OFF, tail);
}

/*
 * Ring full: wait for the oldest descriptor, then push. Out of line (cold)
 * and reached by a tail call, so that uvs_fwdma_submit's common case saves
 * no registers (it was 75 instructions a call, 26 of them saving and
 * restoring registers for this wait loop).
 */
static __attribute__((noinline, cold)) int submit_when_room(uint8_t op, uint64_t src, uint64_t dst, uint32_t len,
							     uint64_t timeout_cycles, uint64_t *seq)
{
	int err = wait_seq(submitted - (RING_N - 1), timeout_cycles);

	if (err)
		return err;
	push(op, src, dst, len, seq);
	return 0;
}

int uvs_fwdma_submit(uint8_t op, uint64_t src, uint64_t dst, uint32_t len,
		     uint64_t timeout_cycles, uint64_t *seq)
{
	if (chan == 0 || len == 0 || len > UVS_DMA_MAX_LEN)
		return -EINVAL;
	if (submitted - completed >= RING_N - 1)
		return submit_when_room(op, src, dst, len, timeout_cycles, seq);
	push(op, src, dst, len, seq);
	return 0;
}

int uvs_fwdma_error_pending(void)
{
	return async_err;
}

int uvs_fwdma_wait_seq(uint64_t seq, uint64_t timeout_cycles)
{
	return chan == 0 ? -EINVAL : wait_seq(seq, timeout_cycles);
}

int uvs_fwdma_wait_all(uint64_t timeout_cycles, uint64_t *err_addr)
{
	int err = 0;

	if (chan == 0)
		return -EINVAL;
	if (submitted != completed)
		err = wait_seq(submitted - 1, timeout_cycles);
	if (!err && async_err) {
		if (err_addr)
			*err_addr = async_bad;
		err = -EIO;
	}
	async_err = 0;
	return err;
}

int uvs_fwdma_copy(uint8_t op, uint64_t src, uint64_t dst, uint32_t len,
		   uint64_t timeout_cycles, uint64_t *err_addr)
{
	uint64_t seq;
	int err, before = async_err;

	err = uvs_fwdma_submit(op, src, dst, len, timeout_cycles, &seq);
	if (err)
		return err;
	if ((err = wait_seq(seq, timeout_cycles)) != 0)
		return err;
	if (async_err && (!before || fail_seq >= seq)) {
		/* Ours failed, or an earlier descriptor failed and ours was dropped. */
		if (err_addr)
			*err_addr = async_bad;
		if (fail_seq == seq)
			async_err = before;	/* reported here, not to wait_all */
		return -EIO;
	}
	return 0;
}

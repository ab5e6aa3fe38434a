/* Host queue service (see hostq.h). */
#include "host_service.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include <uvmsoc/dma.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/hostq.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/plic.h>

#include "cmd.h"
#include "csr.h"
#include "fw.h"
#include "fwdma.h"
#include "htif.h"
#include "launch.h"
#include "plic.h"
#include "priv.h"
#include "uvm_dev.h"

static uintptr_t bar;
/* Record buffers the DMA engine copies into and out of (device memory). */
static struct uvs_hostq_cmd cmd_buf __attribute__((aligned(64)));
static struct uvs_hostq_evt evt_buf __attribute__((aligned(64)));

static uint32_t rd32(uint64_t off)
{
	return *(volatile uint32_t *)(bar + off);
}

static uint64_t rd64(uint64_t off)
{
	return *(volatile uint64_t *)(bar + off);
}

static void wr32(uint64_t off, uint32_t v)
{
	*(volatile uint32_t *)(bar + off) = v;
}

static void raise_int(uint32_t causes)
{
	__asm__ volatile("fence rw, rw" ::: "memory");
	wr32(UVS_HOSTIF_INT_STATUS_OFF, causes);
}

/* Ring geometry of an enabled queue; 0 when disabled or malformed (*bad set). */
static uint32_t queue_size(uint64_t ctrl_off, uint64_t log2_off, uint64_t base_off,
			   uint64_t *base, int *bad)
{
	uint32_t lg;

	*bad = 0;
	if (!(rd32(ctrl_off) & UVS_HOSTIF_Q_CTRL_ENABLE))
		return 0;
	lg = rd32(log2_off);
	*base = rd64(base_off);
	if (lg < 1 || lg > UVS_HOSTIF_Q_LOG2SZ_MAX || (*base & (UVS_HOSTIF_Q_ALIGN - 1)) != 0) {
		*bad = 1;
		return 0;
	}
	return 1u << lg;
}

static void cmdq_fail(const char *why, uint64_t addr)
{
	printf("uvmsoc-fw: host command queue stopped: %s (0x%" PRIx64 ")\n", why, addr);
	wr32(UVS_HOSTIF_CMDQ_CTRL_OFF, 0);
	raise_int(UVS_HOSTIF_INT_CMDQ_ERROR);
}

/*
 * Posts n event records (device memory, in order) into EVQ: each run of
 * free, contiguous ring slots is written by one DMA, then TAIL moves once
 * past it, so a batch's eviction notices and its completion cost one link
 * round trip instead of one each. Waits for room (backpressure); 0 or -1 on
 * a DMA failure (records before the failing run are posted).
 */
static int post_events(const struct uvs_hostq_evt *evt, uint32_t count)
{
	while (count != 0) {
		uint64_t base = 0, bad_addr = 0;
		int bad;
		uint32_t n = queue_size(UVS_HOSTIF_EVQ_CTRL_OFF, UVS_HOSTIF_EVQ_LOG2SZ_OFF,
					UVS_HOSTIF_EVQ_BASE_OFF, &base, &bad);

		if (n == 0)
			continue;	/* disabled or being reprogrammed: wait */
		uint32_t head = rd32(UVS_HOSTIF_EVQ_HEAD_OFF) % n;
		uint32_t tail = rd32(UVS_HOSTIF_EVQ_TAIL_OFF) % n;
		uint32_t k = (head + n - tail - 1) % n;	/* free slots */

		if (k == 0)
			continue;	/* full: backpressure */
		if (k > n - tail)
			k = n - tail;	/* up to the ring's end */
		if (k > count)
			k = count;
		uint64_t rec = base + (uint64_t)tail * (uint64_t)UVS_HOSTQ_EVT_SIZE;

		if (uvs_fwdma_copy(UVS_DMA_OP_D2H, (uintptr_t)evt, rec, k * (uint32_t)UVS_HOSTQ_EVT_SIZE,
				   UVS_HOSTQ_DMA_TIMEOUT, &bad_addr) != 0) {
			printf("uvmsoc-fw: cannot write event record to host address 0x%" PRIx64
			       " (DMA error at 0x%" PRIx64 ")\n", rec, bad_addr);
			return -1;
		}
		__asm__ volatile("fence rw, rw" ::: "memory");
		wr32(UVS_HOSTIF_EVQ_TAIL_OFF, (tail + k) % n);	/* the block raises INT_EVQ */
		evt += k;
		count -= k;
	}
	return 0;
}

/* Posts *evt (a record in device memory) into EVQ, waiting for room; 0 or -1 on a DMA failure. */
static int post_event(const struct uvs_hostq_evt *evt)
{
	return post_events(evt, 1);
}

/*
 * Eviction notices of a unified-memory command run during a launch wait
 * here and go out with its completion (post_events); elsewhere (the main
 * loop, pre-eviction) they are posted at once.
 */
#define EVT_PENDING_MAX 16u
static struct uvs_hostq_evt evt_pending[EVT_PENDING_MAX] __attribute__((aligned(64)));
static uint32_t npending;
static bool collecting;

static int post_pending(void)
{
	int err = post_events(evt_pending, npending);

	npending = 0;
	return err;
}

/* Queues *evt behind the pending records (posting them first when full); 0 or -1 on a DMA failure. */
static int queue_pending(const struct uvs_hostq_evt *evt)
{
	if (npending == EVT_PENDING_MAX && post_pending() != 0)
		return -1;
	evt_pending[npending++] = *evt;
	return 0;
}

/* uvs_uvm_post_fn of the unified-memory code (eviction notices). */
static int post_notice(const struct uvs_hostq_evt *evt)
{
	return collecting ? queue_pending(evt) : post_event(evt);
}

/*
 * Unified-memory commands queued behind a running LAUNCH (the host's fault
 * service: UVM_OP_BATCH, UNMAP, ...) are executed while the launch
 * waits, in queue order, up to the first command of another kind; `inner`
 * is the next record to look at, and HEAD follows it (a record is consumed
 * once executed), so the host never finds the ring full behind a launch.
 */
static struct {
	int active;
	uint64_t base;
	uint32_t n, inner;
} nested;
static struct uvs_hostq_cmd nested_cmd __attribute__((aligned(64)));
static struct uvs_hostq_evt nested_evt __attribute__((aligned(64)));

static int launch_and_report(const struct uvs_launch_req *req, struct uvs_launch_result *res);

/* The commands queued behind the launch, in order; false when one is left for the main loop or an event failed. */
static bool serve_nested(void)
{
	uint64_t bad_addr = 0;

	while (nested.active && nested.inner != rd32(UVS_HOSTIF_CMDQ_TAIL_OFF) % nested.n) {
		uint64_t rec = nested.base + (uint64_t)nested.inner * (uint64_t)UVS_HOSTQ_CMD_SIZE;
		/* The fault service's next batch arrays come with the record: one link round trip (uvm_dev.h). */
		bool ahead = uvs_uvm_prefetch_batch();
		int rc = uvs_fwdma_copy(UVS_DMA_OP_H2D, rec, (uintptr_t)&nested_cmd, UVS_HOSTQ_CMD_SIZE,
					UVS_HOSTQ_DMA_TIMEOUT, &bad_addr);

		if (rc != 0 && ahead) {
			/* The read-ahead may have failed and dropped the record's read: forget it, read alone. */
			uvs_uvm_prefetch_drop(true);
			rc = uvs_fwdma_copy(UVS_DMA_OP_H2D, rec, (uintptr_t)&nested_cmd, UVS_HOSTQ_CMD_SIZE,
					    UVS_HOSTQ_DMA_TIMEOUT, &bad_addr);
		}
		if (rc != 0 || (!uvs_uvm_is_op(nested_cmd.opcode) && nested_cmd.opcode != UVS_HOSTQ_OP_NOP)) {
			uvs_uvm_prefetch_drop(false);
			return false;	/* left for the main loop, after the launch */
		}
		/* NOP too: the host's watchdog pings with it while a kernel runs */
		collecting = true;
		int post = nested_cmd.opcode == UVS_HOSTQ_OP_NOP
				   ? uvs_cmd_execute(&nested_cmd, &nested_evt, launch_and_report)
				   : uvs_uvm_execute(&nested_cmd, &nested_evt);

		collecting = false;
		/* the completion after the notices */
		if ((post && queue_pending(&nested_evt) != 0) || post_pending() != 0)
			return false;
		nested.inner = (nested.inner + 1) % nested.n;
		wr32(UVS_HOSTIF_CMDQ_HEAD_OFF, nested.inner);
		uvs_uvm_poll();
	}
	return true;
}

/*
 * The launch loop's idle hook: page requests and queued commands are looked
 * at before and after the pre-eviction step, so the gap between two looks
 * is the hart scan of uvs_launch_run (~260 cycles) or this hook's own work,
 * not both (a page request or a doorbell waited ~270 cycles for its look on
 * average with one look per pass of ~540; docs/benchmarks.md "Fault path,
 * session 7").
 */
static void serve_during_launch(void)
{
	uvs_uvm_poll();
	if (!serve_nested())
		return;
	(void)uvs_uvm_idle();	/* the launch loop calls again: pre-eviction goes on while the kernel runs */
	uvs_uvm_poll();
	(void)serve_nested();
}

/* Populated HBM of the platform (memory node at UVS_HBM_BASE), 0 if none. */
static uint64_t hbm_size(const struct uvs_platform *p)
{
	for (uint32_t i = 0; i < p->nmem; i++)
		if (p->mem[i].base == UVS_HBM_BASE)
			return p->mem[i].size;
	return 0;
}

/* uvs_launch_run() for host launches, with a console line when it fails
 * (the host gets the same facts in the event; the line also has the pc). */
static int launch_and_report(const struct uvs_launch_req *req, struct uvs_launch_result *res)
{
	int err = uvs_launch_run(req, res);

	if (res->outcome != UVS_LAUNCH_OK)
		uvs_launch_print(res, "(host launch)");
	return err;
}

/* One pass over the command queue; returns after the queue is empty. */
static void serve_cmdq(void)
{
	uint64_t base = 0, bad_addr = 0;
	int bad;
	uint32_t n = queue_size(UVS_HOSTIF_CMDQ_CTRL_OFF, UVS_HOSTIF_CMDQ_LOG2SZ_OFF,
				UVS_HOSTIF_CMDQ_BASE_OFF, &base, &bad);

	if (bad) {
		cmdq_fail("bad LOG2SZ or base alignment", base);
		return;
	}
	while (n != 0) {
		uint32_t head = rd32(UVS_HOSTIF_CMDQ_HEAD_OFF);
		uint32_t tail = rd32(UVS_HOSTIF_CMDQ_TAIL_OFF);

		if (head == tail)
			return;
		if (tail >= n || head >= n) {
			cmdq_fail("TAIL out of range", tail);
			return;
		}
		uint64_t rec = base + (uint64_t)head * (uint64_t)UVS_HOSTQ_CMD_SIZE;

		if (uvs_fwdma_copy(UVS_DMA_OP_H2D, rec, (uintptr_t)&cmd_buf, UVS_HOSTQ_CMD_SIZE,
				   UVS_HOSTQ_DMA_TIMEOUT, &bad_addr) != 0) {
			cmdq_fail("cannot read command record", rec);
			return;
		}
		/* The record is consumed once copied: HEAD moves now, so the host can
		 * queue fault-service commands behind a running LAUNCH. */
		nested.active = 1;
		nested.base = base;
		nested.n = n;
		nested.inner = (head + 1) % n;
		wr32(UVS_HOSTIF_CMDQ_HEAD_OFF, nested.inner);
		uvs_uvm_prefetch_drop(false);	/* nothing was read ahead for this record */
		int post = uvs_uvm_is_op(cmd_buf.opcode) ? uvs_uvm_execute(&cmd_buf, &evt_buf)
							 : uvs_cmd_execute(&cmd_buf, &evt_buf, launch_and_report);

		nested.active = 0;
		if (post && post_event(&evt_buf) != 0) {
			cmdq_fail("event queue unwritable", base);
			return;
		}
		wr32(UVS_HOSTIF_CMDQ_HEAD_OFF, nested.inner);
	}
}

/* PLIC source PLIC_SRC_HOSTIF: DOORBELL != 0 or commands queued. */
static void hostif_irq(uint32_t id)
{
	(void)id;
	if (rd32(UVS_HOSTIF_DOORBELL_OFF) != 0)
		wr32(UVS_HOSTIF_DOORBELL_OFF, 0);	/* acknowledge: drops its share of the line */
	serve_cmdq();
}

/* PLIC source PLIC_SRC_IOMMU: page requests (ipsr.pip) and queue errors. */
static void iommu_irq(uint32_t id)
{
	(void)id;
	uvs_uvm_poll();
}

int uvs_hostq_serve(const struct uvs_platform *p)
{
	int err;

	bar = (uintptr_t)p->hostif_base;
	if (rd32(UVS_HOSTIF_ID_OFF) != UVS_HOSTIF_ID_VALUE) {
		printf("uvmsoc-fw: error: host interface at 0x%" PRIx64 ": ID 0x%08" PRIx32
		       ", expected 0x%08" PRIx32 "\n", p->hostif_base, rd32(UVS_HOSTIF_ID_OFF),
		       (uint32_t)UVS_HOSTIF_ID_VALUE);
		return UVS_FW_EXIT_BAD_PLATFORM;
	}
	if (uvs_fwdma_init(p->dma_base) != 0) {
		printf("uvmsoc-fw: error: DMA engine at 0x%" PRIx64 ": firmware channel not idle after reset\n",
		       p->dma_base);
		return UVS_FW_EXIT_BAD_PLATFORM;
	}
	uvs_htif_set_fw_exit((uintptr_t)(p->hostif_base + UVS_HOSTIF_FW_EXIT_OFF));
	uvs_uvm_init(UVS_HBM_BASE, hbm_size(p), post_notice);
	uvs_launch_idle_hook = serve_during_launch;
	err = uvs_plic_attach(UVS_PLIC_SRC_HOSTIF, 1, hostif_irq);
	if (err == 0)
		err = uvs_plic_attach(UVS_PLIC_SRC_IOMMU, 2, iommu_irq);
	if (err != 0) {
		printf("uvmsoc-fw: error: %s\n", err == -ENODEV ? "no PLIC: the host interface's "
		       "and the IOMMU's interrupts cannot be served" : "PLIC lacks the host interface "
		       "or IOMMU source");
		return UVS_FW_EXIT_BAD_PLATFORM;
	}
	printf("uvmsoc-fw: serving the host command queue (%u compute harts)\n", uvs_launch_harts());
	/*
	 * Sleep in WFI between commands: the PLIC's context of hart 0 in the
	 * firmware's mode (M, or S as OpenSBI's payload) is raised by the host
	 * interface's line (DOORBELL != 0 or an enabled CMDQ with HEAD != TAIL)
	 * and the IOMMU's (page requests); each is claimed, served and
	 * completed (uvs_plic_serve). Only mie.MEIE (sie.SEIE) is set and the
	 * global enable stays 0, so WFI returns when the external interrupt is
	 * pending (privileged spec 3.3.3) and no trap is taken. The sources are
	 * levels: one that rises between the last claim and the WFI stays
	 * pending, so nothing is missed.
	 */
	uvs_priv_irq_enable(uvs_priv_irq_ext(), true);
	__asm__ volatile("fence rw, rw" ::: "memory");
	wr32(UVS_HOSTIF_FW_STATUS_OFF, UVS_HOSTIF_FW_STATUS_READY);	/* the block raises INT_FW */
	for (;;) {
		(void)uvs_plic_serve();
		uvs_uvm_poll();		/* staged fault batches go out without a new interrupt */
		if (!uvs_uvm_idle())
			__asm__ volatile("wfi" ::: "memory");
	}
}

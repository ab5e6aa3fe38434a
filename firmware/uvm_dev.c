/* Unified memory on the device side (see uvm_dev.h). */
#include "uvm_dev.h"

#include <errno.h>
#include <string.h>

#include <uvmsoc/dma.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/iommu_pt.h>
#include <uvmsoc/iommu_rec.h>
#include <uvmsoc/iommu_regs.h>
#include <uvmsoc/iommu_structs.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/uvm_abi.h>

#include "csr.h"
#include "faultfwd.h"
#include "fwdma.h"
#include "host_service.h"
#include "pcache.h"

/* HBM layout (offsets from the HBM base), 4 KiB pages. */
#define PG 0x1000u
#define OFF_DDT 0x0000u
#define OFF_CQ 0x1000u		/* 256 commands x 16 B */
#define OFF_FQ 0x2000u		/* 128 fault records x 32 B */
#define OFF_PQ 0x3000u		/* 256 page requests x 16 B */
#define OFF_POOL 0x4000u	/* page-table pool */
#define FRAMES_MIN 16u		/* least frames: one 64 KiB migration unit */
#define CQ_LOG2SZM1 7u
#define FQ_LOG2SZM1 6u
#define PQ_LOG2SZM1 7u
#define PQ_ENTRIES (1u << (PQ_LOG2SZM1 + 1))
#define MAX_DID 128u		/* one-level directory: device_id 6:0 */
#define IOMMU_TIMEOUT 2000000u	/* mcycle budget of one IOMMU command */
#define SV48_LEVELS 4u
#define ACT_CAP UVS_PCACHE_ACTIONS_FOR(512u)
#define DMA_TIMEOUT 50000000u	/* mcycle budget of the DMA work of one batch step */
/* UVM_OP_BATCH: array entries read per DMA, copy merging, deferred notices. */
#define BU_CHUNK 64u
#define BR_CHUNK 256u
#define RUN_MAX (1u << 20)	/* merged copies: longer runs wait for more units */
#define NOTICE_CAP 256u
#define INFLIGHT_CAP 1024u
#define PRE_EVICT_ACTS UVS_PCACHE_ACTIONS_FOR(8u)	/* pre-eviction: at most ~6 pages per uvs_uvm_idle */
#define INVAL_PAGES_MAX 8u	/* more page invalidations in one action list: one per address space */

static struct {
	uint64_t hbm_base, hbm_size;
	uvs_uvm_post_fn post;
	bool up;			/* IOMMU directory and queues on */
	uint64_t pool_next, pool_end;	/* page-table pool bump allocator */
	uint64_t pool_free;		/* freed L0 tables, linked through word 0 (V clear), 0 = none */
	uint64_t root[MAX_DID];		/* Sv48 root table of an attached context, 0 = none */
	uint32_t pscid[MAX_DID];
	uint32_t cqt;			/* command-queue tail we produce */
	uint32_t pqh;			/* page-request head we consume */
	uint64_t nremote;		/* pages mapped over the link (UVM_BA_MAP_REMOTE) */
} uv;

static struct uvs_pcache pc;
static struct uvs_ffwd ff;
static struct uvs_pcache_action act[ACT_CAP];
static uint8_t inval_done[MAX_DID / 8];
static uint64_t pq_shadow[PQ_ENTRIES][2] __attribute__((aligned(16)));	/* page-request records copied from HBM (uvs_uvm_poll) */	/* run_actions: address spaces invalidated */
static uint64_t frame_list[UVS_PCACHE_SUPER_PAGES] __attribute__((aligned(64)));
static struct uvs_uvm_fw_stats stats_buf __attribute__((aligned(64)));
static uint64_t steps[UVS_UVM_FW_STEPS];	/* UVM_STEP_* cycles (uvm_abi.h fw_stats.steps) */
static struct uvs_hostq_evt notice_buf __attribute__((aligned(64)));
/*
 * Page-cache metadata in SRAM (the management hart reaches it in a cycle,
 * HBM costs it ~100 per access): the unused heap area of the linker script
 * (__heap_start..__heap_end, ~1.5 MiB below the kernel region; nothing
 * allocates from it), enough for ~48K frames (~190 MiB of HBM). A larger
 * HBM keeps its metadata in HBM after the page-table pool.
 */
extern char __heap_start[], __heap_end[];

/* Sv48 walk cache: L0 tables by (did, 2 MiB block), so a page's PTE costs no walk through HBM. */
#define WC_SLOTS 64u
static struct {
	uint64_t key;	/* (va >> 21) << 7 | did, + 1; 0 = empty */
	uint64_t table;
} wc[WC_SLOTS];
/* A zero page in SRAM: the source of DMA zeroing (bss, never written). */
static uint8_t zero_page[PG] __attribute__((aligned(PG)));

/* State of one UVM_OP_BATCH (see batch()). */
static struct uvs_uvm_bunit bu[BU_CHUNK] __attribute__((aligned(64)));
static struct uvs_uvm_breplay br[BR_CHUNK] __attribute__((aligned(64)));
static struct {
	uint64_t va;
	uint64_t seq;			/* DMA sequence number of its last copy descriptor */
	uint32_t did;
	uint16_t pages, unit;
} infl[INFLIGHT_CAP];			/* units reserved and being copied, not yet mapped */
static struct {
	uint32_t ninfl, infl_pages, infl_limit;
	uint64_t run_src, run_dst;	/* copy being merged, not yet submitted */
	uint32_t run_len;
	uint32_t run_first;		/* first infl entry with a piece in the run being merged */
	bool copying;			/* a copy was submitted since copy_t0 */
	uint64_t copy_t0, copy_cycles;
	bool defer;			/* notices wait in notice[] (batch) */
	bool submitted;			/* UVM_STEP_DMA_SUBMIT stamped for this batch */
	uint32_t nnotice;
} bx;
static struct {
	uint64_t va, addr;
	uint32_t did;
} notice[NOTICE_CAP];
/*
 * Early replays (complete_inflight): a batch whose replay array is in br[]
 * before its copies finish answers a SUCCESS group as soon as the unit
 * holding the group's page is mapped, instead of after the whole batch: a
 * thread waits for its own data, not for the read-ahead queued behind it.
 * Only batches with a 2 MiB unit (EARLY_MIN_PAGES) do it; each such unit
 * mapped scans the entries, so a batch does this only while units x
 * replays <= EARLY_MAX_SCAN; the other entries are answered after the
 * batch as before.
 */
#define EARLY_MIN_PAGES 512u	/* 2 MiB units only: with 64 KiB read-ahead at 4x oversubscription, threads
				 * let go early faulted on the pages still being copied (stream 436,034 ->
				 * 794,300 cycles with 16) */
#define EARLY_MAX_SCAN 1024u
static struct {
	bool on;			/* br[0..n) is valid for this batch */
	uint32_t n;			/* entries */
	uint64_t page[BR_CHUNK];	/* each entry's group page (UINT64_MAX: none, or answered) */
	uint64_t answered[BR_CHUNK / 64]; /* entries answered early: skipped after the batch */
	uint64_t replays;		/* PAGE_REPLAYs issued early since the session began (fw_stats) */
} er;

/*
 * Early replays on for this batch of nunits units (bu[]) when its nrep
 * replay entries are in br[] (have_rep) and some unit is a 2 MiB one.
 */
static void early_setup(bool have_rep, uint64_t nunits, uint64_t nrep)
{
	bool big = false;

	for (uint32_t i = 0; i < nunits && i < BU_CHUNK && !big; i++)
		big = bu[i].action == UVS_UVM_BA_MIGRATE && bu[i].pages >= EARLY_MIN_PAGES;
	er.on = big && have_rep && nrep != 0 && nrep <= BR_CHUNK && nunits * nrep <= EARLY_MAX_SCAN;
	er.n = er.on ? (uint32_t)nrep : 0;
	for (uint32_t w = 0; w < BR_CHUNK / 64; w++)
		er.answered[w] = 0;
	for (uint32_t j = 0; j < er.n; j++) {
		uint64_t p;

		er.page[j] = br[j].resp == UVS_IOMMU_PRG_RESP_SUCCESS && br[j].prgi <= 0x1ff && br[j].rsvd == 0 &&
				     uvs_ffwd_group_page(&ff, br[j].did, br[j].prgi, &p) == 0 ? p : UINT64_MAX;
	}
}

/*
 * Batch arrays read ahead with the command record (uvs_uvm_prefetch_batch):
 * the host's fault service writes every UVM_OP_BATCH's unit and replay
 * arrays into the same two buffers (named by SET_FAULTQ arg3/arg4, then
 * learnt from each batch), so the firmware reads them with the next command
 * record in one link round trip instead of a second one after it.
 */
#define PF_UNITS_MIN 8u		/* entries read ahead at least: 256 B of units, 64 B of replays */
#define PF_REPS_MIN 8u
static struct {
	uint64_t units_bus, reps_bus;	/* the host's array buffers, 0 = unknown */
	uint32_t units, reps;		/* entries to read ahead */
	bool pending;			/* bu[]/br[] hold them for the command just read */
} pf;

static uint64_t now(void)
{
	return csr_read(cycle);
}

/* Stamps step (UVM_STEP_*) with the cycle CSR: one CSR read and a store. */
static void step(unsigned i)
{
	steps[i] = now();
}

static void fence(void)
{
	__asm__ volatile("fence rw, rw" ::: "memory");
}

static volatile uint32_t *reg32(uint64_t off)
{
	return (volatile uint32_t *)(uintptr_t)(UVS_IOMMU_BASE + off);
}

static volatile uint64_t *reg64(uint64_t off)
{
	return (volatile uint64_t *)(uintptr_t)(UVS_IOMMU_BASE + off);
}

static volatile uint64_t *mem64(uint64_t pa)
{
	return (volatile uint64_t *)(uintptr_t)pa;
}

/* Linux errno value (hostif.def HOSTQ_ERR_* convention) of a firmware errno. */
static int32_t linux_errno(int e)
{
	switch (e < 0 ? -e : e) {
	case 0: return 0;
	case ENOENT: return 2;
	case EAGAIN: return 11;
	case ENOMEM: return 12;
	case EFAULT: return 14;
	case EBUSY: return 16;
	case EEXIST: return 17;
	case ENODEV: return 19;
	case ENOSPC: return 28;
	case ETIMEDOUT: return 110;
	case EIO: return 5;
	case EOPNOTSUPP: return 95;
	default: return 22;	/* EINVAL and anything unexpected */
	}
}

/* Waits until the IOMMU consumed every command queued (CQH == CQT). */
static int iommu_sync(void)
{
	uint64_t t0 = now();

	while (*reg32(UVS_IOMMU_CQH_OFF) != uv.cqt)
		if (now() - t0 > IOMMU_TIMEOUT)
			return -ETIMEDOUT;
	return 0;
}

/* Appends one command to the IOMMU command queue (waiting only for room). */
static int iommu_post(uint64_t dw0, uint64_t dw1)
{
	uint32_t n = 1u << (CQ_LOG2SZM1 + 1);
	volatile uint64_t *c = mem64(uv.hbm_base + OFF_CQ + (uint64_t)uv.cqt * UVS_IOMMU_CMD_SIZE);
	uint64_t t0 = now();

	while ((uv.cqt + 1) % n == *reg32(UVS_IOMMU_CQH_OFF))
		if (now() - t0 > IOMMU_TIMEOUT)
			return -ETIMEDOUT;
	c[0] = dw0;
	c[1] = dw1;
	fence();
	uv.cqt = (uv.cqt + 1) % n;
	*reg32(UVS_IOMMU_CQT_OFF) = uv.cqt;
	return 0;
}

/* Appends one command and waits until it is consumed. */
static int iommu_cmd(uint64_t dw0, uint64_t dw1)
{
	int err = iommu_post(dw0, dw1);

	return err ? err : iommu_sync();
}

/*
 * Zeroes [pa, pa + bytes) of HBM (4 KiB multiple) with the DMA engine: the
 * first page from the SRAM zero page, then doubling copies inside HBM
 * (descriptors run in order). Far cheaper than hart stores at HBM latency.
 */
static int dma_zero(uint64_t pa, uint64_t bytes)
{
	uint64_t done = bytes < PG ? bytes : PG, bad;
	int err = uvs_fwdma_submit(UVS_DMA_OP_D2D, (uintptr_t)zero_page, pa, (uint32_t)done, DMA_TIMEOUT, NULL);

	while (!err && done < bytes) {
		uint64_t n = bytes - done < done ? bytes - done : done;

		if (n > UVS_DMA_MAX_LEN)
			n = UVS_DMA_MAX_LEN;
		err = uvs_fwdma_submit(UVS_DMA_OP_D2D, pa, pa + done, (uint32_t)n, DMA_TIMEOUT, NULL);
		done += n;
	}
	if (!err)
		err = uvs_fwdma_wait_all(DMA_TIMEOUT, &bad);
	return err;
}

enum inval_scope {
	INVAL_PAGE,	/* the page at va of did's address space (AV, PSCV) */
	INVAL_SPACE,	/* every page of did's address space (PSCV) */
	INVAL_ALL,	/* every cached translation */
};

/* Posts one IOTINVAL.VMA (IOMMU spec 3.1.1) without waiting; iofence() or iommu_sync() waits. */
static int iotinval(enum inval_scope scope, uint32_t did, uint64_t va)
{
	uint64_t dw0 = UVS_IOMMU_CMD_OP_IOTINVAL |
		       ((uint64_t)UVS_IOMMU_CMD_F3_IOTINVAL_VMA << UVS_IOMMU_CMD_DW0_FUNC3_SHIFT);

	if (scope != INVAL_ALL)
		dw0 |= UVS_IOMMU_CMD_IOTINVAL_DW0_PSCV_MASK |
		       ((uint64_t)uv.pscid[did % MAX_DID] << UVS_IOMMU_CMD_IOTINVAL_DW0_PSCID_SHIFT);
	if (scope != INVAL_PAGE)
		return iommu_post(dw0, 0);
	return iommu_post(dw0 | UVS_IOMMU_CMD_IOTINVAL_DW0_AV_MASK,
			  (va >> 12) << UVS_IOMMU_CMD_IOTINVAL_DW1_ADDR_SHIFT);
}

static int iofence(void)
{
	return iommu_cmd(UVS_IOMMU_CMD_OP_IOFENCE |
			 ((uint64_t)UVS_IOMMU_CMD_F3_IOFENCE_C << UVS_IOMMU_CMD_DW0_FUNC3_SHIFT) |
			 UVS_IOMMU_CMD_IOFENCE_DW0_PR_MASK | UVS_IOMMU_CMD_IOFENCE_DW0_PW_MASK, 0);
}

/*
 * A zeroed page-table page: a freed L0 table (free_tables: all zero but its
 * link word) or the next page of the pool (zeroed by DMA at state_reset);
 * 0 when both are empty.
 */
static uint64_t pool_page(void)
{
	uint64_t pa;

	if (uv.pool_free != 0) {
		volatile uint64_t *w = mem64(uv.pool_free);

		pa = uv.pool_free;
		uv.pool_free = *w;
		*w = 0;
		return pa;
	}
	if (uv.pool_next >= uv.pool_end)
		return 0;
	pa = uv.pool_next;
	uv.pool_next += PG;
	return pa;
}

static uint64_t table_pte(uint64_t pa)
{
	return ((pa >> 12) << UVS_IOMMU_PTE_PPN_SHIFT) | UVS_IOMMU_PTE_V_MASK;
}

/* Walk cache of L0 tables: the key of (did, 2 MiB block of va), never 0 (0 = empty slot), and its slot. */
static uint64_t wc_key(uint32_t did, uint64_t va)
{
	return (((va >> 21) << 7) | did) + 1;
}

static unsigned wc_slot(uint32_t did, uint64_t va)
{
	return (unsigned)((va >> 21) ^ did) % WC_SLOTS;
}

/* pcache PTE slot: Sv48 walk of did's tables down to `level`, building tables when `create`. */
static uint64_t *pte_slot(void *ctx, uint32_t did, uint64_t va, unsigned level, bool create)
{
	const uint64_t leaf = UVS_IOMMU_PTE_R_MASK | UVS_IOMMU_PTE_W_MASK | UVS_IOMMU_PTE_X_MASK;
	uint64_t table;

	uint64_t key = wc_key(did, va);
	unsigned w = wc_slot(did, va);

	(void)ctx;
	if (did >= MAX_DID || uv.root[did] == 0 || level > 1)
		return NULL;
	if (level == 0 && wc[w].key == key)
		return (uint64_t *)(uintptr_t)(wc[w].table + ((va >> 12) & 0x1ff) * 8);
	table = uv.root[did];
	for (unsigned l = SV48_LEVELS - 1; l > level; l--) {
		volatile uint64_t *e = mem64(table + ((va >> (12 + 9 * l)) & 0x1ff) * 8);
		uint64_t v = *e;

		if (v & UVS_IOMMU_PTE_V_MASK) {
			if (v & leaf)
				return NULL;	/* a leaf above the asked level */
			table = ((v & UVS_IOMMU_PTE_PPN_MASK) >> UVS_IOMMU_PTE_PPN_SHIFT) << 12;
			continue;
		}
		if (!create)
			return NULL;
		uint64_t t = pool_page();

		if (t == 0)
			return NULL;
		fence();
		*e = table_pte(t);
		table = t;
	}
	/* Only UNMAP frees tables (free_tables: whole empty L0 tables); a superpage needs an empty level-1 slot. */
	if (level == 0) {
		wc[w].key = key;
		wc[w].table = table;
	}
	return (uint64_t *)(uintptr_t)(table + ((va >> (12 + 9 * level)) & 0x1ff) * 8);
}

static const struct uvs_pcache_pte_ops pte_ops = { .slot = pte_slot };

/* ---- fault forwarder callbacks ---- */
/* Queued only (ff_host_sync waits): the records and the control block of a flush go in one link round trip. */
static int ff_host_write(void *ctx, uint64_t bus, const void *src, uint32_t len)
{
	(void)ctx;
	return uvs_fwdma_submit(UVS_DMA_OP_D2H, (uintptr_t)src, bus, len, UVS_HOSTQ_DMA_TIMEOUT, NULL) ? -EFAULT : 0;
}

static int ff_host_sync(void *ctx)
{
	uint64_t bad;

	(void)ctx;
	return uvs_fwdma_wait_all(UVS_HOSTQ_DMA_TIMEOUT, &bad) ? -EFAULT : 0;
}

static int ff_host_read(void *ctx, uint64_t bus, void *dst, uint32_t len)
{
	uint64_t bad;

	(void)ctx;
	return uvs_fwdma_copy(UVS_DMA_OP_H2D, bus, (uintptr_t)dst, len, UVS_HOSTQ_DMA_TIMEOUT, &bad) ? -EFAULT : 0;
}

static void ff_notify(void *ctx)
{
	(void)ctx;
	fence();
	*(volatile uint32_t *)(uintptr_t)(UVS_HOSTIF_BASE + UVS_HOSTIF_INT_STATUS_OFF) = UVS_HOSTIF_INT_FW;
}

/* Posted: the caller waits with iommu_sync() after its last replay. */
static int ff_replay(void *ctx, uint32_t did, uint16_t prgi, uint8_t resp)
{
	(void)ctx;
	return iommu_post(UVS_IOMMU_CMD_OP_UVS_PAGE_REPLAY |
			 ((uint64_t)did << UVS_IOMMU_CMD_PAGE_REPLAY_DW0_DID_SHIFT),
			 ((uint64_t)prgi << UVS_IOMMU_CMD_PAGE_REPLAY_DW1_PRGI_SHIFT) |
			 ((uint64_t)resp << UVS_IOMMU_CMD_PAGE_REPLAY_DW1_RESP_SHIFT));
}

static uint64_t ff_now(void *ctx)
{
	(void)ctx;
	return now();
}

static const struct uvs_ffwd_ops ff_ops = {
	.host_write = ff_host_write, .host_read = ff_host_read, .notify = ff_notify,
	.replay = ff_replay, .now = ff_now, .host_sync = ff_host_sync,
};

void uvs_uvm_init(uint64_t hbm_base, uint64_t hbm_size, uvs_uvm_post_fn post)
{
	memset(&uv, 0, sizeof(uv));
	uv.hbm_base = hbm_base;
	uv.hbm_size = hbm_size;
	uv.post = post;
}

bool uvs_uvm_is_op(uint16_t opcode)
{
	return opcode >= UVS_UVM_OP_FIRST && opcode <= UVS_UVM_OP_LAST;
}

/*
 * Unified-memory state over HBM: page-table pool, an empty directory, the
 * page cache and the forwarder. Run by the first CTX_ATTACH and again when
 * a context is attached a second time (a new host session takes the device
 * over: every earlier mapping and outstanding group is forgotten).
 */
static int state_reset(void)
{
	uint64_t pool_bytes, meta, meta_bytes, frames, top = uv.hbm_base + uv.hbm_size, span;
	struct uvs_pcache_cfg cfg;
	int err;

	if (uv.hbm_size < UVS_UVM_HBM_MIN)
		return -ENODEV;	/* too small for queues, tables and frames */
	/*
	 * Tables: one page per 1 MiB of HBM (an L0 table maps 2 MiB, so 2x
	 * oversubscribed spans fit) plus the upper levels: 64 pages, or an
	 * eighth of a small HBM (at least 8: one context's four levels and
	 * spare L0 tables). A walk that finds the pool empty fails with -ENOMEM.
	 */
	pool_bytes = uv.hbm_size / PG / 8;
	pool_bytes = (pool_bytes < 8 ? 8 : pool_bytes > 64 ? 64 : pool_bytes) * PG;
	pool_bytes += (uv.hbm_size >> 20) * PG;
	uv.pool_next = uv.hbm_base + OFF_POOL;
	uv.pool_free = 0;
	uv.pool_end = uv.pool_next + pool_bytes;
	/*
	 * Metadata in SRAM when it fits (frames right after the pool), else in
	 * HBM after the pool (frames from the next 4 KiB); whole 2 MiB regions
	 * among the frames can hold superpages. The metadata is sized for every
	 * byte after the pool (an upper bound). Pool and metadata are zeroed by
	 * DMA: an all-zero page cache is empty, so set-up does not grow with the
	 * frame count (256 MiB of HBM: ~2 MiB of metadata in HBM).
	 */
	span = top - uv.pool_end;
	meta_bytes = uvs_pcache_meta_bytes(span);
	meta = ((uintptr_t)__heap_start + PG - 1) & ~(uint64_t)(PG - 1);
	memset(wc, 0, sizeof(wc));
	memset(&er, 0, sizeof(er));	/* early replays: none pending, counter 0 */
	pf.units_bus = pf.reps_bus = 0;	/* a new session names its own buffers */
	pf.pending = false;
	if (meta_bytes != 0 && meta + meta_bytes <= (uintptr_t)__heap_end) {
		frames = uv.pool_end;
		if ((err = dma_zero(meta, (meta_bytes + PG - 1) & ~(uint64_t)(PG - 1))) != 0)
			return err;
	} else {
		meta = uv.pool_end;
		frames = (meta + meta_bytes + PG - 1) & ~(uint64_t)(PG - 1);
	}
	if (meta_bytes == 0 || frames + FRAMES_MIN * PG > top)
		return -ENOMEM;
	memset(uv.root, 0, sizeof(uv.root));
	uv.nremote = 0;
	if ((err = dma_zero(uv.hbm_base + OFF_DDT, PG)) != 0)
		return err;
	if ((err = dma_zero(uv.hbm_base + OFF_POOL, frames - (uv.hbm_base + OFF_POOL))) != 0)
		return err;
	memset(&cfg, 0, sizeof(cfg));
	cfg.frame_base = frames;
	cfg.frame_bytes = top - frames;
	cfg.reserve = (uint32_t)((top - frames) / PG / 8);	/* kept free by uvs_uvm_idle (pre-eviction) */
	cfg.inval_on_a_clear = true;
	cfg.pte = &pte_ops;
	cfg.meta = (void *)(uintptr_t)meta;
	cfg.meta_bytes = (size_t)meta_bytes;
	cfg.meta_zeroed = true;
	cfg.pte_contig = true;	/* pte_slot gives a slot of a 512-entry L0 table: a 64 KiB unit's 16 PTEs follow it */
	err = uvs_pcache_init(&pc, &cfg);
	/* At most half of the frames reserved by one batch at a time (a whole 2 MiB unit when that many). */
	bx.infl_limit = (uint32_t)(cfg.frame_bytes / PG / 2);
	if (bx.infl_limit < UVS_PCACHE_SUPER_PAGES && cfg.frame_bytes / PG >= UVS_PCACHE_SUPER_PAGES)
		bx.infl_limit = UVS_PCACHE_SUPER_PAGES;
	return err ? err : uvs_ffwd_init(&ff, &ff_ops, NULL);
}

/* Queues on (IOMMU spec 5.6-5.17), then one-level directory translation (first CTX_ATTACH). */
static int iommu_on(void)
{
	const uint64_t zero[] = { OFF_CQ, OFF_FQ, OFF_PQ };
	uint64_t caps = *reg64(UVS_IOMMU_CAPABILITIES_OFF), t0;

	if (!(caps & UVS_IOMMU_CAPS_UVS_PRQ_MASK) || !(caps & UVS_IOMMU_CAPS_SV48_MASK))
		return -ENODEV;
	for (unsigned i = 0; i < sizeof(zero) / sizeof(zero[0]); i++)
		if (dma_zero(uv.hbm_base + zero[i], PG) != 0)
			return -EIO;
	*reg64(UVS_IOMMU_CQB_OFF) = (((uv.hbm_base + OFF_CQ) >> 12) << UVS_IOMMU_CQB_PPN_SHIFT) | CQ_LOG2SZM1;
	*reg64(UVS_IOMMU_FQB_OFF) = (((uv.hbm_base + OFF_FQ) >> 12) << UVS_IOMMU_FQB_PPN_SHIFT) | FQ_LOG2SZM1;
	*reg64(UVS_IOMMU_PQB_OFF) = (((uv.hbm_base + OFF_PQ) >> 12) << UVS_IOMMU_PQB_PPN_SHIFT) | PQ_LOG2SZM1;
	*reg32(UVS_IOMMU_CQCSR_OFF) = UVS_IOMMU_CQCSR_CQEN_MASK;
	*reg32(UVS_IOMMU_FQCSR_OFF) = UVS_IOMMU_FQCSR_FQEN_MASK;
	*reg32(UVS_IOMMU_PQCSR_OFF) = UVS_IOMMU_PQCSR_PQEN_MASK | UVS_IOMMU_PQCSR_PIE_MASK;
	t0 = now();
	while (!(*reg32(UVS_IOMMU_CQCSR_OFF) & UVS_IOMMU_CQCSR_CQON_MASK) ||
	       !(*reg32(UVS_IOMMU_FQCSR_OFF) & UVS_IOMMU_FQCSR_FQON_MASK) ||
	       !(*reg32(UVS_IOMMU_PQCSR_OFF) & UVS_IOMMU_PQCSR_PQON_MASK))
		if (now() - t0 > IOMMU_TIMEOUT)
			return -ETIMEDOUT;
	uv.cqt = *reg32(UVS_IOMMU_CQT_OFF);
	uv.pqh = *reg32(UVS_IOMMU_PQH_OFF);
	fence();
	*reg64(UVS_IOMMU_DDTP_OFF) = (((uv.hbm_base + OFF_DDT) >> 12) << UVS_IOMMU_DDTP_PPN_SHIFT) |
				     UVS_IOMMU_DDTP_MODE_1LVL;
	uv.up = true;
	return 0;
}

/* Device context of did: Sv48 over a fresh root, page requests on (tc.UVS_PRQ), A/D by the IOMMU (SADE). */
static int ctx_attach(uint32_t did, uint32_t pscid)
{
	volatile uint64_t *dc;
	uint64_t root;
	int err;

	if (did >= MAX_DID || pscid >= (1u << 20))
		return -EINVAL;
	if (!uv.up) {
		if ((err = state_reset()) != 0 || (err = iommu_on()) != 0)
			return err;
	} else if (uv.root[did] != 0) {
		/* A new session: forget the old one, then drop every cached
		 * directory entry and translation (IOMMU spec 3.1.3, 3.1.1). */
		if ((err = state_reset()) != 0 ||
		    (err = iommu_cmd(UVS_IOMMU_CMD_OP_IODIR |
				     ((uint64_t)UVS_IOMMU_CMD_F3_IODIR_INVAL_DDT << UVS_IOMMU_CMD_DW0_FUNC3_SHIFT),
				     0)) != 0 ||
		    (err = iotinval(INVAL_ALL, 0, 0)) != 0 || (err = iommu_sync()) != 0)
			return err;
	}
	root = pool_page();
	if (root == 0)
		return -ENOMEM;
	dc = mem64(uv.hbm_base + OFF_DDT + (uint64_t)did * UVS_IOMMU_DC_SIZE);
	dc[UVS_IOMMU_DC_TC_OFF / 8] = 0;
	fence();
	dc[UVS_IOMMU_DC_TA_OFF / 8] = (uint64_t)pscid << UVS_IOMMU_DC_TA_PSCID_SHIFT;
	dc[UVS_IOMMU_DC_FSC_OFF / 8] = ((uint64_t)UVS_IOMMU_IOSATP_SV48 << UVS_IOMMU_DC_FSC_MODE_SHIFT) | (root >> 12);
	dc[UVS_IOMMU_DC_IOHGATP_OFF / 8] = 0;
	fence();
	dc[UVS_IOMMU_DC_TC_OFF / 8] = UVS_IOMMU_DC_TC_V_MASK | UVS_IOMMU_DC_TC_SADE_MASK |
				      UVS_IOMMU_DC_TC_UVS_PRQ_MASK | UVS_IOMMU_DC_TC_UVS_PRQW_MASK;
	fence();
	uv.root[did] = root;
	uv.pscid[did] = pscid;
	/* IODIR.INVAL_DDT of this device (IOMMU spec 3.1.3), then IOTINVAL of its address space. */
	err = iommu_cmd(UVS_IOMMU_CMD_OP_IODIR |
			((uint64_t)UVS_IOMMU_CMD_F3_IODIR_INVAL_DDT << UVS_IOMMU_CMD_DW0_FUNC3_SHIFT) |
			UVS_IOMMU_CMD_IODIR_DW0_DV_MASK | ((uint64_t)did << UVS_IOMMU_CMD_IODIR_DW0_DID_SHIFT), 0);
	if (!err)
		err = iotinval(INVAL_ALL, did, 0);
	return err ? err : iommu_sync();
}

/* Posts the deferred eviction notices (batch mode). */
static int flush_notices(void)
{
	int err = 0;

	for (uint32_t i = 0; i < bx.nnotice && !err; i++) {
		/* One struct store, no memset (a byte loop in picolibc: ~250 cycles a notice). */
		notice_buf = (struct uvs_hostq_evt){
			.type = UVS_UVM_EVT_EVICT, .cookie = notice[i].did, .value = notice[i].va, .addr = notice[i].addr,
		};
		if (uv.post != NULL && uv.post(&notice_buf) != 0)
			err = -EFAULT;
	}
	bx.nnotice = 0;
	return err;
}

/*
 * Executes actions act[0..n) (pcache.h protocol): INVALs, one IOFENCE.C,
 * WRITEBACKs (queued on the DMA channel: a later copy into the same frame
 * runs after them), NOTICEs (posted at once, or collected in batch mode and
 * posted before the batch completes; a posted notice follows its write-back
 * because the event record's DMA runs after it).
 */
static int run_actions(uint32_t n)
{
	bool inval = false, wb = false, by_space = false;
	uint32_t ninval = 0;
	uint64_t bad;
	int err = 0;

	for (uint32_t i = 0; i < n; i++)	/* pages: a 64 KiB big unit counts 16, a superpage 1 (one IOTLB entry) */
		if (act[i].kind == UVS_PCACHE_ACT_INVAL)
			ninval += act[i].level ? 1 : (uint32_t)(act[i].bytes / PG);
	/*
	 * Many victims: one IOTINVAL.VMA per address space (PSCV, AV = 0;
	 * IOMMU spec 4.1.1) instead of one per page. The IOMMU reads every
	 * command from HBM, so hundreds of page invalidations cost more than
	 * the migration they make room for; the IOTLB refills by walks.
	 */
	if (ninval > INVAL_PAGES_MAX) {
		by_space = true;
		memset(inval_done, 0, sizeof(inval_done));
	}
	for (uint32_t i = 0; i < n && !err; i++) {
		if (act[i].kind == UVS_PCACHE_ACT_INVAL && by_space) {
			uint32_t did = act[i].did % MAX_DID;

			if (inval_done[did / 8] & (1u << (did % 8)))
				continue;
			inval_done[did / 8] |= (uint8_t)(1u << (did % 8));
			err = iotinval(INVAL_SPACE, did, 0);
			inval = true;
		} else if (act[i].kind == UVS_PCACHE_ACT_INVAL) {
			for (uint64_t off = 0; off < act[i].bytes && !err; off += act[i].level ? act[i].bytes : PG)
				err = iotinval(INVAL_PAGE, act[i].did, act[i].va + off);
			inval = true;
		} else if (act[i].kind == UVS_PCACHE_ACT_INVAL_ALL) {
			err = iotinval(INVAL_ALL, 0, 0);
			inval = true;
		}
	}
	if (!err && inval)
		err = iofence();
	for (uint32_t i = 0; i < n && !err; i++) {
		if (act[i].kind != UVS_PCACHE_ACT_WRITEBACK)
			continue;
		for (uint64_t off = 0; off < act[i].bytes && !err; off += RUN_MAX) {
			uint64_t len = act[i].bytes - off < RUN_MAX ? act[i].bytes - off : RUN_MAX;

			err = uvs_fwdma_submit(UVS_DMA_OP_D2H, act[i].frame + off, act[i].bus + off, (uint32_t)len,
					       DMA_TIMEOUT, NULL);
		}
		wb = true;
	}
	if (!err && wb && !bx.defer && uvs_fwdma_wait_all(DMA_TIMEOUT, &bad) != 0)
		err = -EFAULT;
	for (uint32_t i = 0; i < n && !err; i++) {
		if (act[i].kind != UVS_PCACHE_ACT_NOTICE || uv.post == NULL)
			continue;
		uint64_t flags = act[i].dirty ? UVS_UVM_EVN_F_DIRTY : 0;

		if (bx.nnotice != 0) {
			/* One notice for a run of pages evicted in VA order with the same dirtiness. */
			uint64_t *last = &notice[bx.nnotice - 1].addr;
			uint64_t lb = *last & ~(uint64_t)UVS_UVM_EVN_F_MASK;

			if (notice[bx.nnotice - 1].did == act[i].did && notice[bx.nnotice - 1].va + lb == act[i].va &&
			    (*last & UVS_UVM_EVN_F_MASK) == flags && lb + act[i].bytes < (UINT64_C(1) << 40)) {
				*last += act[i].bytes;
				continue;
			}
		}
		if (bx.nnotice == NOTICE_CAP)
			err = flush_notices();
		notice[bx.nnotice].did = act[i].did;
		notice[bx.nnotice].va = act[i].va;
		notice[bx.nnotice].addr = act[i].bytes | flags;
		bx.nnotice++;
	}
	if (!err && !bx.defer)
		err = flush_notices();
	return err;
}

/* ---- remote mappings (UVM_BA_MAP_REMOTE) ---- */

#define LEAF_RWX (UVS_IOMMU_PTE_R_MASK | UVS_IOMMU_PTE_W_MASK | UVS_IOMMU_PTE_X_MASK)

/* True for a valid leaf PTE whose page lies in the host window (memmap.def HOSTWIN). */
static bool is_remote_pte(uint64_t pte)
{
	uint64_t pa = ((pte & UVS_IOMMU_PTE_PPN_MASK) >> UVS_IOMMU_PTE_PPN_SHIFT) << 12;

	return (pte & UVS_IOMMU_PTE_V_MASK) && (pte & LEAF_RWX) && pa - UVS_HOSTWIN_BASE < UVS_HOSTWIN_SIZE;
}

/*
 * Maps pages [va, va + pages x 4 KiB) of context did to host bus addresses
 * [bus, ...) through the host window: leaf PTEs V R W U with A and D set
 * (privileged spec 4.3.1: nothing to track, the data stays in host memory;
 * the access pays a link round trip). A page already mapped remotely is
 * mapped again. Errors: -EEXIST a page (or its 2 MiB block) is in HBM,
 * -ENOMEM the page-table pool is empty. No invalidation: the pages were not
 * valid before (the IOTLB holds valid translations only).
 */
static int map_remote(uint32_t did, uint64_t va, uint32_t pages, uint64_t bus)
{
	for (uint32_t k = 0; k < pages; k++) {
		uint64_t a = va + (uint64_t)k * PG;
		uint64_t *l1 = pte_slot(NULL, did, a, 1, false);
		volatile uint64_t *slot;
		uint64_t old;

		if (l1 != NULL && (*(volatile uint64_t *)l1 & UVS_IOMMU_PTE_V_MASK) &&
		    (*(volatile uint64_t *)l1 & LEAF_RWX))
			return -EEXIST;	/* a resident 2 MiB superpage */
		slot = pte_slot(NULL, did, a, 0, true);
		if (slot == NULL)
			return -ENOMEM;
		old = *slot;
		if ((old & UVS_IOMMU_PTE_V_MASK) && !is_remote_pte(old))
			return -EEXIST;
		*slot = (((UVS_HOSTWIN_BASE + bus + (uint64_t)k * PG) >> 12) << UVS_IOMMU_PTE_PPN_SHIFT) |
			UVS_IOMMU_PTE_V_MASK | UVS_IOMMU_PTE_R_MASK | UVS_IOMMU_PTE_W_MASK | UVS_IOMMU_PTE_U_MASK |
			UVS_IOMMU_PTE_A_MASK | UVS_IOMMU_PTE_D_MASK;
		uv.nremote += !is_remote_pte(old);
	}
	fence();
	return 0;
}

/*
 * Drops the remote mappings of [va, va + pages x 4 KiB) (memory being freed):
 * PTEs to 0, then one IOTINVAL.VMA of the address space and IOFENCE.C.
 * Skips 2 MiB blocks without a table; nothing to do when no page is mapped
 * remotely. *dropped = pages unmapped.
 */
static int unmap_remote(uint32_t did, uint64_t va, uint64_t pages, uint64_t *dropped)
{
	uint64_t a = va & ~(uint64_t)(PG - 1), end = va + pages * PG, n = 0;

	*dropped = 0;
	while (uv.nremote != 0 && a < end) {
		uint64_t *l1 = pte_slot(NULL, did, a, 1, false);
		volatile uint64_t *slot;

		if (l1 == NULL || !(*(volatile uint64_t *)l1 & UVS_IOMMU_PTE_V_MASK) ||
		    (*(volatile uint64_t *)l1 & LEAF_RWX)) {
			a = (a | (UVS_PCACHE_SUPER - 1)) + 1;	/* no L0 table here */
			continue;
		}
		slot = pte_slot(NULL, did, a, 0, false);
		if (slot != NULL && is_remote_pte(*slot)) {
			*slot = 0;
			n++;
			uv.nremote--;
		}
		a += PG;
	}
	*dropped = n;
	if (n == 0)
		return 0;
	fence();
	int err = iotinval(INVAL_SPACE, did, 0);

	return err ? err : iofence();
}

/*
 * Memory being freed (UNMAP, after its pages are dropped): returns to the
 * page-table pool the L0 tables of the 2 MiB blocks that [va, va + pages x
 * 4 KiB) covers whole and whose 512 PTEs are all 0 (a table with any PTE
 * left stays): the level-1 PTE is cleared, the walk cache forgets the block,
 * one IOTINVAL.VMA of the address space (RISC-V IOMMU spec 3.1.1: it also
 * drops cached non-leaf entries) and IOFENCE.C complete before the table is
 * reused. Without it a long-lived context (the broker's, whose clients come
 * and go) would drain the pool and every later fault would fail. *freed =
 * tables returned.
 */
static int free_tables(uint32_t did, uint64_t va, uint64_t pages, uint64_t *freed)
{
	uint64_t a = (va + UVS_PCACHE_SUPER - 1) & ~(uint64_t)(UVS_PCACHE_SUPER - 1), end = va + pages * PG;
	uint64_t list = 0, n = 0;

	*freed = 0;
	for (; a + UVS_PCACHE_SUPER <= end; a += UVS_PCACHE_SUPER) {
		volatile uint64_t *l1 = pte_slot(NULL, did, a, 1, false);
		uint64_t v = l1 != NULL ? *l1 : 0, t;
		bool empty = true;

		if (!(v & UVS_IOMMU_PTE_V_MASK) || (v & LEAF_RWX))
			continue;	/* no L0 table (or a superpage leaf) */
		t = ((v & UVS_IOMMU_PTE_PPN_MASK) >> UVS_IOMMU_PTE_PPN_SHIFT) << 12;
		for (unsigned i = 0; i < 512 && empty; i++)
			empty = *mem64(t + i * 8) == 0;
		if (!empty)
			continue;
		*l1 = 0;
		if (wc[wc_slot(did, a)].key == wc_key(did, a))
			wc[wc_slot(did, a)].key = 0;
		*mem64(t) = list;	/* V clear: never a valid PTE */
		list = t;
		n++;
	}
	if (n == 0)
		return 0;
	fence();
	int err = iotinval(INVAL_SPACE, did, 0);

	if (!err)
		err = iofence();
	if (err)
		return err;	/* the tables stay out of the pool: still possibly cached */
	while (list != 0) {
		uint64_t next = *mem64(list);

		*mem64(list) = uv.pool_free;
		uv.pool_free = list;
		list = next;
	}
	*freed = n;
	return 0;
}

/* EVICT (drop = false) or UNMAP (drop = true) of a range; *evicted = pages. */
static int evict(uint32_t did, uint64_t va, uint64_t pages, bool drop, uint64_t *evicted)
{
	uint64_t done = 0;
	int err;

	*evicted = 0;
	do {
		uint32_t nact = 0;
		uint64_t ev = 0;

		err = uvs_pcache_evict_range(&pc, did, va, pages, drop, &done, act, ACT_CAP, &nact, &ev);
		*evicted += ev;
		if (nact != 0) {
			int e = run_actions(nact);

			if (e)
				return e;
		}
	} while (err == -EAGAIN);
	return err;
}

/* ---- UVM_OP_BATCH ---- */

/* Submits the merged copy, if any. */
static int flush_run(void)
{
	int err;

	if (bx.run_len == 0)
		return 0;
	if (!bx.copying) {
		bx.copying = true;
		bx.copy_t0 = now();
		if (!bx.submitted) {
			bx.submitted = true;
			steps[UVS_UVM_STEP_DMA_SUBMIT] = bx.copy_t0;
		}
	}
	uint64_t seq = 0;

	err = uvs_fwdma_submit(UVS_DMA_OP_H2D, bx.run_src, bx.run_dst, bx.run_len, DMA_TIMEOUT, &seq);
	for (uint32_t i = bx.run_first; i < bx.ninfl; i++)
		infl[i].seq = seq;
	bx.run_len = 0;
	return err;
}

/* Copies len bytes host bus -> frame: merged with the pending copy when both sides continue it. */
static int add_copy(uint64_t bus, uint64_t frame, uint32_t len)
{
	if (bx.run_len != 0 && bx.run_src + bx.run_len == bus && bx.run_dst + bx.run_len == frame &&
	    bx.run_len + len <= RUN_MAX) {
		bx.run_len += len;
		return 0;
	}
	int err = flush_run();

	bx.run_src = bus;
	bx.run_dst = frame;
	bx.run_len = len;
	bx.run_first = bx.ninfl - 1;	/* the unit being started (start_unit records it first) */
	return err;
}

/* Maps in-flight unit i (A set), or gives its frames back when err or the map fails. 0 when mapped. */
static int map_inflight(uint32_t i, int err)
{
	struct uvs_uvm_bunit *u = &bu[infl[i].unit];
	uint32_t mf = UVS_PCACHE_MAP_ACCESSED | ((u->flags & UVS_UVM_BU_F_READONLY) ? UVS_PCACHE_MAP_READONLY : 0);
	int e = err ? err : uvs_pcache_map(&pc, infl[i].did, infl[i].va, infl[i].pages, mf);

	if (e) {
		uvs_pcache_cancel(&pc, infl[i].did, infl[i].va, infl[i].pages);
		if (u->status == 0)
			u->status = -linux_errno(e);
		return e;
	}
	u->copied = (uint16_t)(u->copied + infl[i].pages);
	return 0;
}

/* Early replays of the groups whose pages lie in the unit just mapped (see er). */
static void replay_mapped(uint32_t did, uint64_t va, uint32_t pages)
{
	uint64_t end = va + (uint64_t)pages * PG;

	for (uint32_t j = 0; j < er.n; j++)
		if (br[j].did == did && er.page[j] >= va && er.page[j] < end) {
			int n = uvs_ffwd_replay(&ff, br[j].did, br[j].prgi, br[j].resp);

			if (n < 0)
				continue;	/* answered after the batch, as the host asked */
			er.page[j] = UINT64_MAX;
			er.answered[j / 64] |= 1ull << (j % 64);
			er.replays += (uint64_t)n;
		}
}

/*
 * Waits for the copies in flight and maps their units (A set) or gives
 * their frames back. With er.on, unit by unit as each one's last copy
 * completes, answering its groups at once (early replays); after a copy
 * error or a timeout the units not yet mapped are given back as before.
 */
static void complete_inflight(void)
{
	uint64_t bad;
	int err = flush_run();
	uint32_t i = 0;

	for (; er.on && !err && i < bx.ninfl; i++) {
		if (uvs_fwdma_wait_seq(infl[i].seq, DMA_TIMEOUT) != 0) {
			err = -ETIMEDOUT;	/* unit i and the rest are given back below */
			break;
		}
		if (uvs_fwdma_error_pending())
			break;	/* uvs_fwdma_wait_all reports it: unit i and the rest are given back */
		if (map_inflight(i, 0) == 0 && infl[i].pages >= EARLY_MIN_PAGES)
			replay_mapped(infl[i].did, infl[i].va, infl[i].pages);
	}
	if (uvs_fwdma_wait_all(DMA_TIMEOUT, &bad) != 0 && !err)
		err = -EIO;
	if (bx.ninfl != 0)
		step(UVS_UVM_STEP_DMA_DONE);
	if (bx.copying) {
		bx.copy_cycles += now() - bx.copy_t0;
		bx.copying = false;
	}
	for (; i < bx.ninfl; i++)
		(void)map_inflight(i, err);
	if (bx.ninfl != 0)
		step(UVS_UVM_STEP_PTE);
	bx.ninfl = 0;
	bx.infl_pages = 0;
}

/* Frames for one unit (or page), its evictions, its copies queued; recorded in flight. */
static int start_unit(uint16_t unit, uint32_t did, uint64_t va, uint32_t pages, uint64_t bus, uint32_t flags)
{
	struct uvs_pcache_alloc_res res;
	int err, e;

	if (bx.ninfl != 0 && (bx.infl_pages + pages > bx.infl_limit || bx.ninfl == INFLIGHT_CAP))
		complete_inflight();
	for (int tries = 0;; tries++) {
		res = (struct uvs_pcache_alloc_res){ 0 };
		err = uvs_pcache_alloc(&pc, did, va, pages, bus, flags, frame_list, act, ACT_CAP, &res);
		e = run_actions(res.nactions);
		if (err == -ENOMEM && bx.ninfl != 0 && tries == 0 && !e) {
			complete_inflight();	/* frames held by copies in flight become evictable */
			continue;
		}
		break;
	}
	if (err)
		return err;
	if (e) {
		uvs_pcache_cancel(&pc, did, va, pages);
		return e;
	}
	if (res.super)
		bu[unit].result |= UVS_UVM_BU_R_SUPER;
	/* Recorded in flight before its copies, so that flush_run gives it their sequence number. */
	infl[bx.ninfl].did = did;
	infl[bx.ninfl].va = va;
	infl[bx.ninfl].pages = (uint16_t)pages;
	infl[bx.ninfl].unit = unit;
	infl[bx.ninfl].seq = 0;
	bx.ninfl++;
	bx.infl_pages += pages;
	for (uint32_t k = 0; k < pages && !err;) {
		uint32_t n = res.super ? pages : 1;	/* a superpage: frame_list[0] only, the frames follow it */

		while (k + n < pages && frame_list[k + n] == frame_list[k] + (uint64_t)n * PG)
			n++;
		err = add_copy(bus + (uint64_t)k * PG, frame_list[k], n * PG);
		k += n;
	}
	/*
	 * The engine idles while this hart allocates the next unit's frames
	 * (hundreds of cycles a page against 33 of link time): a merged copy
	 * waits for more units only while the engine still has work.
	 */
	if (!err && bx.run_len != 0 && uvs_fwdma_idle())
		err = flush_run();
	/* The page-table walk (and any missing tables) while the copy runs: the map after it hits the walk cache. */
	if (!err && !res.super)
		(void)pte_slot(NULL, did, va, 0, true);
	return err;
}

/*
 * UVM_BA_GRANT_WRITE: W into the leaf PTE of every page of [va, va + pages)
 * that is in HBM (a read-mostly duplicate the device now writes; the host
 * makes its own copy inaccessible before it next runs host code, at the end
 * of the launch). The IOMMU may hold the read-only
 * translation: one IOTINVAL.VMA per page (of the address space above
 * INVAL_PAGES_MAX pages). The batch's replays are posted after them to the
 * same command queue, which the IOMMU executes in order (IOMMU spec 3.1),
 * so a replayed write walks the new PTE. -ENOENT when some page is not in
 * HBM (the others still get W; the host's view was behind).
 */
static int grant_write(uint32_t did, uint64_t va, uint32_t pages)
{
	int err = 0, missing = 0;

	for (uint32_t k = 0; k < pages && !err; k++) {
		uint64_t a = va + (uint64_t)k * PG;
		int st = 0;
		uint64_t *s;

		if (uvs_pcache_lookup(&pc, did, a, NULL, &st) != 0 || st != UVS_PCACHE_RESIDENT) {
			missing = 1;
			continue;
		}
		s = pte_slot(NULL, did, a, 0, false);
		if (!s)
			s = pte_slot(NULL, did, a, 1, false);	/* a superpage leaf */
		if (!s || !(__atomic_load_n(s, __ATOMIC_ACQUIRE) & UVS_IOMMU_PTE_V_MASK)) {
			missing = 1;
			continue;
		}
		__atomic_fetch_or(s, UVS_IOMMU_PTE_W_MASK, __ATOMIC_ACQ_REL);
		if (pages <= INVAL_PAGES_MAX)
			err = iotinval(INVAL_PAGE, did, a);
	}
	if (!err && pages > INVAL_PAGES_MAX)
		err = iotinval(INVAL_SPACE, did, 0);
	return err ? err : missing ? -ENOENT : 0;
}

/* One unit of the array: status 0 once started (completion may still fail it). */
static void batch_unit(uint16_t i)
{
	struct uvs_uvm_bunit *u = &bu[i];
	uint32_t pages = u->pages;
	int err;

	u->status = 0;
	u->copied = 0;
	u->result = 0;
	if (u->action == UVS_UVM_BA_MAP_REMOTE) {
		if (pages == 0 || pages > UVS_PCACHE_SUPER_PAGES || u->did >= MAX_DID || uv.root[u->did] == 0 ||
		    u->flags || u->rsvd || (u->bus & (PG - 1)) || (u->va & (PG - 1)))
			err = -EINVAL;
		else
			err = map_remote(u->did, u->va, pages, u->bus);
		if (err)
			u->status = -linux_errno(err);
		return;
	}
	if (u->action == UVS_UVM_BA_GRANT_WRITE) {
		if (pages == 0 || pages > UVS_PCACHE_SUPER_PAGES || u->did >= MAX_DID || uv.root[u->did] == 0 ||
		    u->flags || u->rsvd || (u->va & (PG - 1)))
			err = -EINVAL;
		else
			err = grant_write(u->did, u->va, pages);
		if (err)
			u->status = -linux_errno(err);
		return;
	}
	if (u->action != UVS_UVM_BA_MIGRATE || (pages != 1 && pages != 16 && pages != UVS_PCACHE_SUPER_PAGES) ||
	    u->did >= MAX_DID || uv.root[u->did] == 0 ||
	    (u->flags & ~(uint32_t)(UVS_UVM_BU_F_SUPER_OK | UVS_UVM_BU_F_READONLY)) || u->rsvd ||
	    (u->bus & (PG - 1)) ||
	    ((u->flags & UVS_UVM_BU_F_READONLY) && (u->flags & UVS_UVM_BU_F_SUPER_OK))) {
		u->status = -(int32_t)UVS_HOSTQ_ERR_EINVAL;
		return;
	}
	err = start_unit(i, u->did, u->va, pages, u->bus,
			 (u->flags & UVS_UVM_BU_F_SUPER_OK) ? UVS_PCACHE_F_SUPER_OK : 0);
	if (err == -EEXIST && pages > 1) {
		/* Some page is in HBM already (the host's view was behind): the others one by one. */
		u->result |= UVS_UVM_BU_R_PARTIAL;
		err = 0;
		for (uint32_t k = 0; k < pages && !err; k++) {
			err = start_unit(i, u->did, u->va + (uint64_t)k * PG, 1, u->bus + (uint64_t)k * PG, 0);
			if (err == -EEXIST)
				err = 0;
		}
	} else if (err == -EEXIST) {
		u->result |= UVS_UVM_BU_R_PARTIAL;
		err = 0;
	}
	if (err)
		u->status = -linux_errno(err);
}

/* Entries to read ahead for a batch of n (at least min, twice the last batch, at most cap). */
static uint32_t ahead(uint32_t n, uint32_t min, uint32_t cap)
{
	uint32_t a = min;

	while (a < n && a < cap)
		a *= 2;
	return a < cap ? a : cap;
}

/* Remember the array buffers of a batch (or of SET_FAULTQ's hints) for the next read-ahead. */
static void learn_arrays(uint64_t units_bus, uint32_t nunits, uint64_t reps_bus, uint32_t nrep)
{
	if (units_bus != 0 && (units_bus & 7) == 0) {
		pf.units_bus = units_bus;
		pf.units = ahead(nunits, PF_UNITS_MIN, BU_CHUNK);
	}
	if (reps_bus != 0 && (reps_bus & 7) == 0) {
		pf.reps_bus = reps_bus;
		pf.reps = ahead(nrep, PF_REPS_MIN, BR_CHUNK);
	}
}

bool uvs_uvm_prefetch_batch(void)
{
	pf.pending = false;
	if (!uv.up || (pf.units_bus == 0 && pf.reps_bus == 0) || uvs_fwdma_error_pending())
		return false;
	if (pf.units_bus != 0 &&
	    uvs_fwdma_submit(UVS_DMA_OP_H2D, pf.units_bus, (uintptr_t)bu, pf.units * UVS_UVM_BU_SIZE, DMA_TIMEOUT, NULL))
		return false;
	if (pf.reps_bus != 0 &&
	    uvs_fwdma_submit(UVS_DMA_OP_H2D, pf.reps_bus, (uintptr_t)br, pf.reps * UVS_UVM_BR_SIZE, DMA_TIMEOUT, NULL))
		return false;
	pf.pending = true;
	return true;
}

void uvs_uvm_prefetch_drop(bool failed)
{
	uint64_t bad;

	pf.pending = false;
	if (failed) {
		/* Maybe the read-ahead's DMA failed (a buffer the host no longer has): forget the buffers, clear the error. */
		pf.units_bus = pf.reps_bus = 0;
		(void)uvs_fwdma_wait_all(DMA_TIMEOUT, &bad);
	}
}

/*
 * UVM_OP_BATCH (uvm.def): units chunk by chunk (read by DMA, executed,
 * completed, statuses written back), then the groups, then the notices;
 * the caller posts the completion.
 */
static int batch(const struct uvs_hostq_cmd *c, struct uvs_hostq_evt *evt)
{
	uint64_t nunits = c->arg[1], nrep = c->arg[3], ok = 0, bad, leaders0, wait0, leaders1, wait1;
	/* One chunk of each array (the usual batch): both read in one link round trip, statuses written after the replays. */
	bool single = nunits <= BU_CHUNK && nrep <= BR_CHUNK, have_rep = false, status_queued = false;
	int err = 0;

	if (nunits > UVS_UVM_BATCH_MAX_UNITS || nrep > UVS_UVM_BATCH_MAX_REPLAYS || c->arg[4] != 0 ||
	    (nunits && (c->arg[0] == 0 || (c->arg[0] & 7))) || (nrep && (c->arg[2] == 0 || (c->arg[2] & 7))))
		return -EINVAL;
	step(UVS_UVM_STEP_CMD);
	bool prefetched = pf.pending && single && (nunits == 0 || (c->arg[0] == pf.units_bus && nunits <= pf.units)) &&
			  (nrep == 0 || (c->arg[2] == pf.reps_bus && nrep <= pf.reps));

	pf.pending = false;
	have_rep = prefetched && nrep != 0;
	learn_arrays(c->arg[0], (uint32_t)nunits, c->arg[2], (uint32_t)nrep);
	/* Volatile stores: GCC would make this loop a memset call, a byte loop in picolibc (~300 cycles). */
	for (unsigned i = UVS_UVM_STEP_UNITS; i < UVS_UVM_FW_STEPS; i++)
		((volatile uint64_t *)steps)[i] = 0;
	bx.submitted = false;
	uvs_ffwd_replay_totals(&ff, &leaders0, &wait0);
	bx.defer = true;
	bx.ninfl = bx.infl_pages = 0;
	bx.run_len = 0;
	for (uint64_t base = 0; base < nunits && !err; base += BU_CHUNK) {
		uint32_t m = nunits - base < BU_CHUNK ? (uint32_t)(nunits - base) : BU_CHUNK;
		uint64_t bus = c->arg[0] + base * UVS_UVM_BU_SIZE;

		if (single && prefetched) {
			/* both arrays came with the command record */
		} else if (single && nrep) {
			/* Units and replay groups in one round trip (descriptors run in order). */
			if (uvs_fwdma_submit(UVS_DMA_OP_H2D, bus, (uintptr_t)bu, m * UVS_UVM_BU_SIZE, DMA_TIMEOUT, NULL) ||
			    uvs_fwdma_submit(UVS_DMA_OP_H2D, c->arg[2], (uintptr_t)br, (uint32_t)nrep * UVS_UVM_BR_SIZE,
					     DMA_TIMEOUT, NULL) ||
			    uvs_fwdma_wait_all(DMA_TIMEOUT, &bad)) {
				err = -EFAULT;
				break;
			}
			have_rep = true;
		} else if (uvs_fwdma_copy(UVS_DMA_OP_H2D, bus, (uintptr_t)bu, m * UVS_UVM_BU_SIZE, DMA_TIMEOUT, &bad)) {
			err = -EFAULT;
			break;
		}
		step(UVS_UVM_STEP_UNITS);
		early_setup(single && have_rep, nunits, nrep);
		for (uint32_t i = 0; i < m; i++)
			batch_unit((uint16_t)i);
		complete_inflight();
		for (uint32_t i = 0; i < m; i++)
			ok += bu[i].status == 0;
		if (single)
			break;	/* statuses written after the replays */
		if (uvs_fwdma_copy(UVS_DMA_OP_D2H, (uintptr_t)bu, bus, m * UVS_UVM_BU_SIZE, DMA_TIMEOUT, &bad) != 0)
			err = -EFAULT;
		step(UVS_UVM_STEP_STATUS);
	}
	for (uint64_t base = 0; base < nrep && !err; base += BR_CHUNK) {
		uint32_t m = nrep - base < BR_CHUNK ? (uint32_t)(nrep - base) : BR_CHUNK;

		if (!have_rep) {
			if (uvs_fwdma_copy(UVS_DMA_OP_H2D, c->arg[2] + base * UVS_UVM_BR_SIZE, (uintptr_t)br,
					   m * UVS_UVM_BR_SIZE, DMA_TIMEOUT, &bad) != 0) {
				err = -EFAULT;
				break;
			}
		}
		step(UVS_UVM_STEP_REPLAYS);
		for (uint32_t i = 0; i < m; i++) {
			int r;

			if (br[i].prgi > 0x1ff || br[i].rsvd)
				continue;	/* malformed: left unanswered, the host counts it */
			if (base == 0 && i < er.n && (er.answered[i / 64] >> (i % 64) & 1))
				continue;	/* answered early, when its unit was mapped */
			r = uvs_ffwd_replay(&ff, br[i].did, br[i].prgi, br[i].resp);
			(void)r;	/* -ENOENT: answered already (a stale record) */
		}
		step(UVS_UVM_STEP_REPLAY);
	}
	if (single && nunits && !err) {
		/* Statuses off the replay's path: queued now, waited for below (the IOMMU drains its queue meanwhile). */
		if (uvs_fwdma_submit(UVS_DMA_OP_D2H, (uintptr_t)bu, c->arg[0], (uint32_t)nunits * UVS_UVM_BU_SIZE,
				     DMA_TIMEOUT, NULL) != 0)
			err = -EFAULT;
		status_queued = !err;
	}
	if (iommu_sync() != 0 && !err)
		err = -ETIMEDOUT;
	step(UVS_UVM_STEP_FENCED);
	if (status_queued) {
		if (uvs_fwdma_wait_all(DMA_TIMEOUT, &bad) != 0 && !err)
			err = -EFAULT;
		step(UVS_UVM_STEP_STATUS);
	}
	bx.defer = false;
	er.on = false;
	er.n = 0;
	uvs_uvm_poll();		/* requests that came meanwhile go out with this completion */
	if (flush_notices() != 0 && !err)
		err = -EFAULT;
	step(UVS_UVM_STEP_DONE);
	uvs_ffwd_replay_totals(&ff, &leaders1, &wait1);
	evt->value = ok | (leaders1 - leaders0) << 32;
	evt->addr = wait1 - wait0;
	return err;
}

static int write_stats(uint64_t bus)
{
	struct uvs_pcache_stats ps;
	static struct uvs_ffwd_stats fs;	/* off the stack (histogram) */
	uint64_t bad;

	memset(&stats_buf, 0, sizeof(stats_buf));
	uvs_pcache_get_stats(&pc, &ps);
	uvs_ffwd_get_stats(&ff, &fs);
	stats_buf.page_requests = fs.page_requests;
	stats_buf.coalesced = fs.coalesced;
	stats_buf.forwarded = fs.forwarded;
	stats_buf.batches = fs.batches;
	stats_buf.overflows = fs.overflows;
	stats_buf.replays = fs.replays;
	stats_buf.bad_records = fs.bad_records;
	stats_buf.frames_total = ps.frames_total;
	stats_buf.frames_free = ps.frames_free;
	stats_buf.allocs = ps.allocs;
	stats_buf.superpages = ps.superpages;
	stats_buf.evictions = ps.evictions;
	stats_buf.writebacks = ps.writebacks;
	stats_buf.pre_evictions = ps.pre_evictions;
	stats_buf.a_cleared = ps.a_cleared;
	stats_buf.copy_cycles = bx.copy_cycles;
	memcpy(stats_buf.f2r_hist, fs.f2r_hist, sizeof(stats_buf.f2r_hist));
	memcpy(stats_buf.steps, steps, sizeof(stats_buf.steps));
	stats_buf.early_replays = er.replays;
	if (bus == 0 || (bus & 7) != 0)
		return -EINVAL;
	return uvs_fwdma_copy(UVS_DMA_OP_D2H, (uintptr_t)&stats_buf, bus, sizeof(stats_buf),
			      UVS_HOSTQ_DMA_TIMEOUT, &bad) ? -EFAULT : 0;
}

static int execute(const struct uvs_hostq_cmd *c, struct uvs_hostq_evt *evt)
{
	uint32_t did = (uint32_t)c->arg[0];
	uint64_t n = 0;
	int err;

	if (uv.hbm_size == 0)
		return -ENODEV;
	if (c->opcode == UVS_UVM_OP_CTX_ATTACH)
		return c->arg[0] > UINT32_MAX || c->arg[1] > UINT32_MAX ? -EINVAL
									 : ctx_attach(did, (uint32_t)c->arg[1]);
	if (!uv.up)
		return -ENODEV;	/* no context attached yet */
	if (c->opcode == UVS_UVM_OP_SET_FAULTQ) {
		if (c->arg[1] > UINT32_MAX)
			return -EINVAL;
		learn_arrays(c->arg[3], 0, c->arg[4], 0);	/* hints: 0 or misaligned ones name nothing */
		return uvs_ffwd_set_queue(&ff, c->arg[0], (uint32_t)c->arg[1], c->arg[2]);
	}
	if (c->opcode == UVS_UVM_OP_STATS)
		return write_stats(c->arg[0]);
	if (c->opcode == UVS_UVM_OP_SET_POLICY)
		return c->arg[0] >= UVS_UVM_EVICT_MODES || c->arg[1] > UVS_UVM_RESERVE_MAX_64THS
			       ? -EINVAL
			       : uvs_pcache_set_policy(&pc, (uint32_t)c->arg[0],
						       (uint32_t)(pc.nframes * c->arg[1] / 64));
	if (c->opcode == UVS_UVM_OP_BATCH)
		return batch(c, evt);
	if (c->arg[0] >= MAX_DID)
		return -EINVAL;	/* device_id of a one-level directory */
	switch (c->opcode) {
	case UVS_UVM_OP_UNMAP:
	case UVS_UVM_OP_EVICT:
		err = evict(did, c->arg[1], c->arg[2], c->opcode == UVS_UVM_OP_UNMAP, &n);
		if (!err && c->opcode == UVS_UVM_OP_UNMAP) {
			uint64_t r;

			err = unmap_remote(did, c->arg[1], c->arg[2], &r);
			n += r;
			if (!err)
				err = free_tables(did, c->arg[1], c->arg[2], &r);
		}
		evt->value = n;
		return err;
	default:
		return -EOPNOTSUPP;
	}
}

int uvs_uvm_execute(const struct uvs_hostq_cmd *cmd, struct uvs_hostq_evt *evt)
{
	int err;

	*evt = (struct uvs_hostq_evt){ .type = UVS_HOSTQ_EVT_CMD_DONE, .cookie = cmd->cookie };	/* no memset: a byte loop here */
	err = execute(cmd, evt);
	pf.pending = false;	/* a read-ahead serves only the command read with it */
	if (err == -EOPNOTSUPP)
		evt->status = -(int32_t)UVS_HOSTQ_ERR_EOPNOTSUPP;
	else
		evt->status = -linux_errno(err);
	return evt->status != 0 || (cmd->flags & UVS_HOSTQ_CMD_F_EVENT) != 0;
}

void uvs_uvm_poll(void)
{
	uint32_t tail;

	if (!uv.up)
		return;
	tail = *reg32(UVS_IOMMU_PQT_OFF);
	if (tail != uv.pqh) {
		uint64_t t = now();

		/*
		 * The new records into SRAM with two 64-bit loads each: the decoder
		 * reads bytes, and each byte load from HBM cost the hart a memory
		 * round trip (~500 cycles a record, docs/benchmarks.md issue 13).
		 */
		for (uint32_t i = uv.pqh; i != tail; i = (i + 1) % PQ_ENTRIES) {
			volatile const uint64_t *q = mem64(uv.hbm_base + OFF_PQ + (uint64_t)i * UVS_IOMMU_PQREC_SIZE);

			pq_shadow[i][0] = q[0];
			pq_shadow[i][1] = q[1];
		}
		int n = uvs_ffwd_drain(&ff, pq_shadow, PQ_ENTRIES, &uv.pqh, tail);

		if (n > 0 && !bx.defer) {
			/* Outside a batch only: the steps of an isolated fault are the first forwarding after the last batch. */
			steps[UVS_UVM_STEP_DRAIN] = t;
			steps[UVS_UVM_STEP_SENT] = 0;
		}
		if (n > 0) {
			fence();
			*reg32(UVS_IOMMU_PQH_OFF) = uv.pqh;
		}
	}
	if (*reg32(UVS_IOMMU_IPSR_OFF) & UVS_IOMMU_IPSR_PIP_MASK)
		*reg32(UVS_IOMMU_IPSR_OFF) = UVS_IOMMU_IPSR_PIP_MASK;	/* W1C */
	if (*reg32(UVS_IOMMU_PQCSR_OFF) & UVS_IOMMU_PQCSR_PQOF_MASK)
		*reg32(UVS_IOMMU_PQCSR_OFF) = UVS_IOMMU_PQCSR_PQEN_MASK | UVS_IOMMU_PQCSR_PIE_MASK |
					      UVS_IOMMU_PQCSR_PQOF_MASK;	/* room made: clear overflow */
	if (uvs_ffwd_staged(&ff) != 0 && uvs_ffwd_flush(&ff) > 0 && !bx.defer && steps[UVS_UVM_STEP_SENT] == 0)
		step(UVS_UVM_STEP_SENT);	/* records written, MSI raised */
}

bool uvs_uvm_idle(void)
{
	uint32_t nact = 0;
	int err;

	if (!uv.up || *reg32(UVS_IOMMU_PQT_OFF) != uv.pqh || uvs_ffwd_staged(&ff) != 0)
		return false;	/* faults first */
	err = uvs_pcache_maintain(&pc, act, PRE_EVICT_ACTS, &nact);
	if (nact != 0 && run_actions(nact) != 0)
		return false;
	return err == -EAGAIN;
}

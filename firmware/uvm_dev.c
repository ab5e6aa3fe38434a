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
#define CQ_LOG2SZM1 7u
#define FQ_LOG2SZM1 6u
#define PQ_LOG2SZM1 7u
#define PQ_ENTRIES (1u << (PQ_LOG2SZM1 + 1))
#define MAX_DID 128u		/* one-level directory: device_id 6:0 */
#define IOMMU_TIMEOUT 2000000u	/* mcycle budget of one IOMMU command */
#define SV48_LEVELS 4u
#define ACT_CAP UVS_PCACHE_ACTIONS_FOR(512u)
/* Frames the page cache manages at most: its set-up time grows with the frame count. */
#define MAX_FRAME_BYTES (UINT64_C(16) << 20)

static struct {
	uint64_t hbm_base, hbm_size;
	uvs_uvm_post_fn post;
	bool up;			/* IOMMU directory and queues on */
	uint64_t pool_next, pool_end;	/* page-table pool bump allocator */
	uint64_t root[MAX_DID];		/* Sv48 root table of an attached context, 0 = none */
	uint32_t pscid[MAX_DID];
	uint32_t cqt;			/* command-queue tail we produce */
	uint32_t pqh;			/* page-request head we consume */
} uv;

static struct uvs_pcache pc;
static struct uvs_ffwd ff;
static struct uvs_pcache_action act[ACT_CAP];
static uint64_t frame_list[UVS_PCACHE_SUPER_PAGES] __attribute__((aligned(64)));
static struct uvs_uvm_fw_stats stats_buf __attribute__((aligned(64)));
static struct uvs_hostq_evt notice_buf __attribute__((aligned(64)));

static uint64_t now(void)
{
	return csr_read(mcycle);
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
	default: return 22;	/* EINVAL and anything unexpected */
	}
}

/* Appends one command to the IOMMU command queue and waits until it is consumed. */
static int iommu_cmd(uint64_t dw0, uint64_t dw1)
{
	uint32_t n = 1u << (CQ_LOG2SZM1 + 1);
	volatile uint64_t *c = mem64(uv.hbm_base + OFF_CQ + (uint64_t)uv.cqt * UVS_IOMMU_CMD_SIZE);
	uint64_t t0 = now();

	c[0] = dw0;
	c[1] = dw1;
	fence();
	uv.cqt = (uv.cqt + 1) % n;
	*reg32(UVS_IOMMU_CQT_OFF) = uv.cqt;
	while (*reg32(UVS_IOMMU_CQH_OFF) != uv.cqt)
		if (now() - t0 > IOMMU_TIMEOUT)
			return -ETIMEDOUT;
	return 0;
}

static int iotinval(uint32_t did, uint64_t va, bool all)
{
	uint64_t dw0 = UVS_IOMMU_CMD_OP_IOTINVAL |
		       ((uint64_t)UVS_IOMMU_CMD_F3_IOTINVAL_VMA << UVS_IOMMU_CMD_DW0_FUNC3_SHIFT);

	if (all)
		return iommu_cmd(dw0, 0);
	dw0 |= UVS_IOMMU_CMD_IOTINVAL_DW0_AV_MASK | UVS_IOMMU_CMD_IOTINVAL_DW0_PSCV_MASK |
	       ((uint64_t)uv.pscid[did % MAX_DID] << UVS_IOMMU_CMD_IOTINVAL_DW0_PSCID_SHIFT);
	return iommu_cmd(dw0, (va >> 12) << UVS_IOMMU_CMD_IOTINVAL_DW1_ADDR_SHIFT);
}

static int iofence(void)
{
	return iommu_cmd(UVS_IOMMU_CMD_OP_IOFENCE |
			 ((uint64_t)UVS_IOMMU_CMD_F3_IOFENCE_C << UVS_IOMMU_CMD_DW0_FUNC3_SHIFT) |
			 UVS_IOMMU_CMD_IOFENCE_DW0_PR_MASK | UVS_IOMMU_CMD_IOFENCE_DW0_PW_MASK, 0);
}

/* A zeroed page-table page from the pool, 0 when the pool is empty. */
static uint64_t pool_page(void)
{
	uint64_t pa;

	if (uv.pool_next >= uv.pool_end)
		return 0;
	pa = uv.pool_next;
	uv.pool_next += PG;
	for (unsigned i = 0; i < PG / 8; i++)
		mem64(pa)[i] = 0;
	return pa;
}

static uint64_t table_pte(uint64_t pa)
{
	return ((pa >> 12) << UVS_IOMMU_PTE_PPN_SHIFT) | UVS_IOMMU_PTE_V_MASK;
}

/* pcache PTE slot: Sv48 walk of did's tables down to `level`, building tables when `create`. */
static uint64_t *pte_slot(void *ctx, uint32_t did, uint64_t va, unsigned level, bool create)
{
	const uint64_t leaf = UVS_IOMMU_PTE_R_MASK | UVS_IOMMU_PTE_W_MASK | UVS_IOMMU_PTE_X_MASK;
	uint64_t table;

	(void)ctx;
	if (did >= MAX_DID || uv.root[did] == 0 || level > 1)
		return NULL;
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
	return (uint64_t *)(uintptr_t)(table + ((va >> (12 + 9 * level)) & 0x1ff) * 8);
}

static const struct uvs_pcache_pte_ops pte_ops = { .slot = pte_slot };

/* ---- fault forwarder callbacks ---- */
static int ff_host_write(void *ctx, uint64_t bus, const void *src, uint32_t len)
{
	uint64_t bad;

	(void)ctx;
	return uvs_fwdma_copy(UVS_DMA_OP_D2H, (uintptr_t)src, bus, len, UVS_HOSTQ_DMA_TIMEOUT, &bad) ? -EFAULT : 0;
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

static int ff_replay(void *ctx, uint32_t did, uint16_t prgi, uint8_t resp)
{
	(void)ctx;
	return iommu_cmd(UVS_IOMMU_CMD_OP_UVS_PAGE_REPLAY |
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
	.replay = ff_replay, .now = ff_now,
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
	uint64_t span, pool_bytes, meta, meta_bytes, frames;
	struct uvs_pcache_cfg cfg;
	int err;

	if (uv.hbm_size < 2 * UVS_PCACHE_SUPER)
		return -ENODEV;	/* too small for tables, metadata and one frame region */
	/* Tables: one page per 1 MiB of HBM (an L0 table maps 2 MiB) plus the upper levels. */
	span = uv.hbm_size < MAX_FRAME_BYTES ? uv.hbm_size : MAX_FRAME_BYTES;
	pool_bytes = (span >> 20) * PG + 64 * PG;
	uv.pool_next = uv.hbm_base + OFF_POOL;
	uv.pool_end = uv.pool_next + pool_bytes;
	meta = (uv.pool_end + 63) & ~(uint64_t)63;
	/* Frames start 2 MiB aligned after the metadata; metadata is sized for all of HBM (an upper bound). */
	meta_bytes = uvs_pcache_meta_bytes(span);
	frames = (meta + meta_bytes + UVS_PCACHE_SUPER - 1) & ~(uint64_t)(UVS_PCACHE_SUPER - 1);
	if (meta_bytes == 0 || frames >= uv.hbm_base + uv.hbm_size)
		return -ENOMEM;
	memset(uv.root, 0, sizeof(uv.root));
	for (unsigned j = 0; j < PG / 8; j++)
		mem64(uv.hbm_base + OFF_DDT)[j] = 0;
	memset(&cfg, 0, sizeof(cfg));
	cfg.frame_base = frames;
	cfg.frame_bytes = uv.hbm_base + uv.hbm_size - frames;
	if (cfg.frame_bytes > span)
		cfg.frame_bytes = span;
	cfg.reserve = 0;
	cfg.inval_on_a_clear = true;
	cfg.pte = &pte_ops;
	cfg.meta = (void *)(uintptr_t)meta;
	cfg.meta_bytes = (size_t)meta_bytes;
	err = uvs_pcache_init(&pc, &cfg);
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
		for (unsigned j = 0; j < PG / 8; j++)
			mem64(uv.hbm_base + zero[i])[j] = 0;
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
		    (err = iotinval(0, 0, true)) != 0)
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
				      UVS_IOMMU_DC_TC_UVS_PRQ_MASK;
	fence();
	uv.root[did] = root;
	uv.pscid[did] = pscid;
	/* IODIR.INVAL_DDT of this device (IOMMU spec 3.1.3), then IOTINVAL of its address space. */
	err = iommu_cmd(UVS_IOMMU_CMD_OP_IODIR |
			((uint64_t)UVS_IOMMU_CMD_F3_IODIR_INVAL_DDT << UVS_IOMMU_CMD_DW0_FUNC3_SHIFT) |
			UVS_IOMMU_CMD_IODIR_DW0_DV_MASK | ((uint64_t)did << UVS_IOMMU_CMD_IODIR_DW0_DID_SHIFT), 0);
	return err ? err : iotinval(did, 0, true);
}

/* Executes actions act[0..n) (pcache.h protocol): INVALs, one IOFENCE.C, WRITEBACKs, NOTICEs. */
static int run_actions(uint32_t n)
{
	bool inval = false;
	int err = 0;

	for (uint32_t i = 0; i < n && !err; i++) {
		if (act[i].kind == UVS_PCACHE_ACT_INVAL) {
			err = iotinval(act[i].did, act[i].va, false);
			inval = true;
		} else if (act[i].kind == UVS_PCACHE_ACT_INVAL_ALL) {
			err = iotinval(0, 0, true);
			inval = true;
		}
	}
	if (!err && inval)
		err = iofence();
	for (uint32_t i = 0; i < n && !err; i++) {
		uint64_t bad;

		if (act[i].kind == UVS_PCACHE_ACT_WRITEBACK &&
		    uvs_fwdma_copy(UVS_DMA_OP_D2H, act[i].frame, act[i].bus, (uint32_t)act[i].bytes,
				   UVS_HOSTQ_DMA_TIMEOUT, &bad) != 0)
			err = -EFAULT;
	}
	for (uint32_t i = 0; i < n && !err; i++) {
		if (act[i].kind != UVS_PCACHE_ACT_NOTICE || uv.post == NULL)
			continue;
		memset(&notice_buf, 0, sizeof(notice_buf));
		notice_buf.type = UVS_UVM_EVT_EVICT;
		notice_buf.cookie = act[i].did;
		notice_buf.value = act[i].va;
		notice_buf.addr = act[i].bytes | (act[i].dirty ? UVS_UVM_EVN_F_DIRTY : 0);
		if (uv.post(&notice_buf) != 0)
			err = -EFAULT;
	}
	return err;
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

static int alloc_frames(const struct uvs_hostq_cmd *c, struct uvs_hostq_evt *evt)
{
	struct uvs_pcache_alloc_res res;
	uint32_t pages = (uint32_t)c->arg[2];
	uint32_t flags = (c->arg[5] & UVS_UVM_ALLOC_F_SUPER_OK) ? UVS_PCACHE_F_SUPER_OK : 0;
	uint64_t bad;
	int err, e;

	if (c->arg[2] > UVS_PCACHE_SUPER_PAGES || (c->arg[5] & ~(uint64_t)UVS_UVM_ALLOC_F_SUPER_OK))
		return -EINVAL;
	memset(&res, 0, sizeof(res));
	err = uvs_pcache_alloc(&pc, (uint32_t)c->arg[0], c->arg[1], pages, c->arg[3], flags, frame_list,
			       act, ACT_CAP, &res);
	e = run_actions(res.nactions);
	if (err)
		return err;
	if (e) {
		uvs_pcache_cancel(&pc, (uint32_t)c->arg[0], c->arg[1], pages);
		return e;
	}
	if (c->arg[4] != 0 &&
	    uvs_fwdma_copy(UVS_DMA_OP_D2H, (uintptr_t)frame_list, c->arg[4], pages * 8u,
			   UVS_HOSTQ_DMA_TIMEOUT, &bad) != 0) {
		uvs_pcache_cancel(&pc, (uint32_t)c->arg[0], c->arg[1], pages);
		return -EFAULT;
	}
	evt->value = pages;
	evt->addr = res.super ? 1 : 0;
	return 0;
}

static int write_stats(uint64_t bus)
{
	struct uvs_pcache_stats ps;
	struct uvs_ffwd_stats fs;
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
	if (c->opcode == UVS_UVM_OP_SET_FAULTQ)
		return c->arg[1] > UINT32_MAX ? -EINVAL
					      : uvs_ffwd_set_queue(&ff, c->arg[0], (uint32_t)c->arg[1], c->arg[2]);
	if (c->opcode == UVS_UVM_OP_STATS)
		return write_stats(c->arg[0]);
	if (c->arg[0] >= MAX_DID)
		return -EINVAL;	/* device_id of a one-level directory */
	switch (c->opcode) {
	case UVS_UVM_OP_ALLOC_FRAMES:
		return alloc_frames(c, evt);
	case UVS_UVM_OP_MAP:
		if (c->arg[2] > UVS_PCACHE_SUPER_PAGES)
			return -EINVAL;
		return uvs_pcache_map(&pc, did, c->arg[1], (uint32_t)c->arg[2], UVS_PCACHE_MAP_ACCESSED);
	case UVS_UVM_OP_CANCEL:
		if (c->arg[2] > UVS_PCACHE_SUPER_PAGES)
			return -EINVAL;
		return uvs_pcache_cancel(&pc, did, c->arg[1], (uint32_t)c->arg[2]);
	case UVS_UVM_OP_UNMAP:
	case UVS_UVM_OP_EVICT:
		err = evict(did, c->arg[1], c->arg[2], c->opcode == UVS_UVM_OP_UNMAP, &n);
		evt->value = n;
		return err;
	case UVS_UVM_OP_REPLAY:
		if (c->arg[1] > 0x1ff || c->arg[2] > 0xff)
			return -EINVAL;
		err = uvs_ffwd_replay(&ff, did, (uint16_t)c->arg[1], (uint8_t)c->arg[2]);
		if (err >= 0)
			evt->value = (uint64_t)err;
		return err < 0 ? err : 0;
	default:
		return -EOPNOTSUPP;
	}
}

int uvs_uvm_execute(const struct uvs_hostq_cmd *cmd, struct uvs_hostq_evt *evt)
{
	int err;

	memset(evt, 0, sizeof(*evt));
	evt->type = UVS_HOSTQ_EVT_CMD_DONE;
	evt->cookie = cmd->cookie;
	err = execute(cmd, evt);
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
		int n = uvs_ffwd_drain(&ff, (const void *)(uintptr_t)(uv.hbm_base + OFF_PQ), PQ_ENTRIES,
				       &uv.pqh, tail);

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
	if (uvs_ffwd_staged(&ff) != 0)
		(void)uvs_ffwd_flush(&ff);
}

/* Kernel launch service on the management hart (see launch.h). */
#include "launch.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <libfdt.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/kernel_abi.h>
#include <uvmsoc/memmap.h>
#include <uvmsoc/mt.h>
#include <uvmsoc/tile.h>

#include "csr.h"
#include "platform.h"
#include "trap.h"

/* Cycles a thread gets to answer a stop request before its hart is dropped. */
#define STOP_GRACE_CYCLES 200000u

void (*uvs_launch_idle_hook)(void);

/* One usable compute hart. */
struct lhart {
	uint32_t hartid;
	uint32_t nthr;			/* hardware threads: 1 = mailbox hart (uvs_core) */
	uint64_t ctl;			/* thread-control block (nthr > 1 or mt), else 0 */
};

/* A resident slot of the running launch: a hardware thread and stack slot. */
struct lslot {
	uint8_t hart;			/* index into lc.hart[] */
	uint8_t hwt;			/* hardware thread slot */
};

static struct {
	const struct uvs_platform *plat;
	struct lhart hart[UVS_MAX_HARTS];	/* usable compute harts, in hart id order */
	unsigned nharts;
	uint64_t seq;			/* last mailbox start number (one per thread started) */
	struct lslot slot[UVS_KERNEL_MAX_THREADS];	/* slot r: stack slot r */
} lc;

static uint64_t now(void)
{
	return csr_read(cycle);
}

static void raise_msip(uint32_t hartid)
{
	__asm__ volatile("fence rw, rw" ::: "memory");
	*(volatile uint32_t *)(uintptr_t)uvs_hart_mbox[hartid].msip = 1;
}

/* Reads a (address, size) pair of `cells` 32-bit cells each from `p`. */
static uint64_t fdt_cells(const fdt32_t *p, int cells)
{
	uint64_t v = 0;

	for (int i = 0; i < cells; i++)
		v = v << 32 | fdt32_to_cpu(p[i]);
	return v;
}

/* The thread-control region from the "uvmsoc,mt-ctl" node: *base, *size (0 if none). */
static void find_mtctl(const void *fdt, uint64_t *base, uint64_t *size)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, "uvmsoc,mt-ctl");
	int parent = node >= 0 ? fdt_parent_offset(fdt, node) : -1;
	int ac = parent >= 0 ? fdt_address_cells(fdt, parent) : -1;
	int sc = parent >= 0 ? fdt_size_cells(fdt, parent) : -1;
	int len = 0;
	const fdt32_t *reg = node >= 0 ? fdt_getprop(fdt, node, "reg", &len) : NULL;

	*base = *size = 0;
	if (reg == NULL || ac < 1 || ac > 2 || sc < 1 || sc > 2 || len < 4 * (ac + sc))
		return;
	*base = fdt_cells(reg, ac);
	*size = fdt_cells(reg + ac, sc);
}

/* Hardware threads of the cpu node with reg = hartid ("uvmsoc,hw-threads"; 0 = none). */
static uint32_t hw_threads(const void *fdt, uint32_t hartid)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;

	if (cpus < 0)
		return 0;
	fdt_for_each_subnode(node, fdt, cpus) {
		int len = 0;
		const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &len);
		const fdt32_t *t;

		if (reg == NULL || len < 4 || fdt32_to_cpu(reg[len / 4 - 1]) != hartid)
			continue;
		t = fdt_getprop(fdt, node, "uvmsoc,hw-threads", &len);
		return t != NULL && len == 4 ? fdt32_to_cpu(*t) : 0;
	}
	return 0;
}

/* Register `off` of a thread-control block. */
static volatile uint64_t *mt_reg(uint64_t ctl, uint64_t off)
{
	return (volatile uint64_t *)(uintptr_t)(ctl + off);
}

/* Applies MT_CTL_* `op` to hardware thread `t` of the block; returns 1 if it was legal. */
static int mt_op(uint64_t ctl, uint32_t t, uint64_t op)
{
	*mt_reg(ctl, UVS_MT_REG_TSEL) = t;
	*mt_reg(ctl, UVS_MT_REG_OP) = op;
	return *mt_reg(ctl, UVS_MT_REG_OP) == 1;
}

/* State of hardware thread `t` (MT_TSTATE_*). */
static uint64_t mt_state(uint64_t ctl, uint32_t t)
{
	*mt_reg(ctl, UVS_MT_REG_TSEL) = t;
	return *mt_reg(ctl, UVS_MT_REG_STATE);
}

/* Brings hardware thread `t` back to IDLE (stops it first if it runs).
 * Returns 0, or -1 if it does not stop within STOP_GRACE_CYCLES. */
static int mt_idle(uint64_t ctl, uint32_t t)
{
	uint64_t st = mt_state(ctl, t), t0 = now();

	if (st == UVS_MT_TSTATE_RUNNING) {
		mt_op(ctl, t, UVS_MT_CTL_STOP);
		while ((st = mt_state(ctl, t)) == UVS_MT_TSTATE_RUNNING) {
			if (uvs_launch_idle_hook != NULL)
				uvs_launch_idle_hook();	/* a parked access may need the fault service */
			if (now() - t0 >= STOP_GRACE_CYCLES)
				return -1;
		}
	}
	if (st != UVS_MT_TSTATE_IDLE)
		mt_op(ctl, t, UVS_MT_CTL_CLEAR);
	return 0;
}

unsigned uvs_launch_init(const struct uvs_platform *p, const void *fdt, uint64_t wait_cycles)
{
	uint64_t start = now(), mt_base = 0, mt_size = 0;

	lc.plat = p;
	lc.nharts = 0;
	if (fdt != NULL)
		find_mtctl(fdt, &mt_base, &mt_size);
	for (uint32_t i = 0; i < p->nharts; i++) {
		const struct uvs_hart_desc *h = &p->harts[i];
		uint32_t nthr = fdt != NULL ? hw_threads(fdt, h->hartid) : 0;

		if (h->role != UVS_ROLE_COMPUTE || !h->okay || h->hartid == 0 ||
		    h->hartid >= UVS_MAX_HARTS)
			continue;
		if (nthr > 0) {
			/* Multithreaded hart: no firmware on it, its threads are
			 * driven through its thread-control block. */
			uint64_t off = (uint64_t)h->hartid * UVS_MT_CTL_STRIDE;

			if (mt_base == 0 || nthr > UVS_MT_THREADS_MAX || off + UVS_MT_CTL_STRIDE > mt_size) {
				printf("uvmsoc-fw: hart %" PRIu32 ": %" PRIu32 " hardware threads but no "
				       "thread-control block for it: not used\n", h->hartid, nthr);
				continue;
			}
			lc.hart[lc.nharts++] = (struct lhart){ h->hartid, nthr, mt_base + off };
			for (uint32_t t = 0; t < nthr; t++)
				mt_idle(mt_base + off, t);
			continue;
		}
		uvs_hart_mbox[h->hartid].msip = p->clint_base + UVS_CLINT_MSIP_OFF + 4u * h->hartid;
		while (!__atomic_load_n(&uvs_hart_mbox[h->hartid].parked, __ATOMIC_ACQUIRE) &&
		       now() - start < wait_cycles)
			;
		if (uvs_hart_mbox[h->hartid].parked)
			lc.hart[lc.nharts++] = (struct lhart){ h->hartid, 1, 0 };
	}
	return lc.nharts;
}

unsigned uvs_launch_harts(void)
{
	return lc.nharts;
}

unsigned uvs_launch_capacity(void)
{
	unsigned n = 0;

	for (unsigned i = 0; i < lc.nharts; i++)
		n += lc.hart[i].nthr;
	return n < UVS_KERNEL_MAX_THREADS ? n : UVS_KERNEL_MAX_THREADS;
}

/* True when [addr, addr + len) lies inside one discovered memory region. */
static int in_memory(uint64_t addr, uint64_t len)
{
	for (uint32_t i = 0; i < lc.plat->nmem; i++) {
		const struct uvs_mem_desc *m = &lc.plat->mem[i];

		if (addr >= m->base && addr - m->base <= m->size && len <= m->size - (addr - m->base))
			return 1;
	}
	return 0;
}

static int reject(struct uvs_launch_result *res, int err, uint64_t addr, const char *why)
{
	res->outcome = UVS_LAUNCH_REJECTED;
	res->err = err;
	res->bad_addr = addr;
	res->why = why;
	return err;
}

/* Checks `req`; returns 0 with *grid, *block set, or the reject() value. */
static int check(const struct uvs_launch_req *req, struct uvs_launch_result *res,
		 uint32_t *grid, uint32_t *block)
{
	const struct uvs_kernel_args *a = (const struct uvs_kernel_args *)(uintptr_t)req->args;
	uint64_t n;

	if (lc.plat == NULL || lc.nharts == 0)
		return reject(res, UVS_HOSTQ_ERR_ENODEV, 0, "no usable compute hart");
	if ((req->entry & 3) != 0 || req->entry < UVS_KERNEL_BASE ||
	    req->entry - UVS_KERNEL_BASE >= UVS_KERNEL_SIZE)
		return reject(res, UVS_HOSTQ_ERR_EINVAL, req->entry,
			      "entry point not 4-byte aligned inside the kernel image region");
	if ((req->args & 7) != 0 || !in_memory(req->args, UVS_KARGS_SIZE))
		return reject(res, UVS_HOSTQ_ERR_EINVAL, req->args,
			      "argument block not 8-byte aligned inside device memory");
	if (a->magic != UVS_KARGS_MAGIC || a->nargs > UVS_KARGS_MAX)
		return reject(res, UVS_HOSTQ_ERR_EINVAL, req->args,
			      "argument block has a bad magic or nargs");
	*grid = req->grid_dim ? req->grid_dim : lc.nharts;
	*block = req->block_dim ? req->block_dim : 1;
	n = (uint64_t)*grid * *block;
	if (n > UVS_KERNEL_MAX_GRID_THREADS)
		return reject(res, UVS_HOSTQ_ERR_E2BIG, UVS_KERNEL_MAX_GRID_THREADS,
			      "more threads than a launch may have");
	return 0;
}

/* Makes the m = min(threads, capacity) resident slots, slot g for thread g
 * of the first wave: block b starts on hart b mod H and its threads take
 * that hart's free hardware threads, then the next hart's. */
/*
 * Every usable compute hart's accesses (and its tile engine's translations)
 * carry device_id did from now on (memmap.def HARTCTL_DID; the write also
 * flushes the engine's ATC). Called with every hart idle, before any thread
 * of the launch starts, so no access of the previous context is in flight.
 */
static void set_context(uint32_t did)
{
	for (unsigned i = 0; i < lc.nharts; i++)
		*(volatile uint64_t *)(uintptr_t)(UVS_HARTCTL_BASE + UVS_HARTCTL_DID_OFF +
						  8u * lc.hart[i].hartid) = did;
	__asm__ volatile("fence" ::: "memory");
}

static void place(uint32_t block, uint32_t m)
{
	uint32_t used[UVS_MAX_HARTS] = { 0 };
	unsigned h = 0;

	for (uint32_t g = 0; g < m; g++) {
		if (g % block == 0)
			h = (g / block) % lc.nharts;
		while (used[h] == lc.hart[h].nthr)
			h = (h + 1) % lc.nharts;
		lc.slot[g].hart = (uint8_t)h;
		lc.slot[g].hwt = (uint8_t)used[h]++;
	}
}

/* Drops hart `hartid` from later launches. */
static void drop_hart(uint32_t hartid)
{
	unsigned j = 0;

	for (unsigned i = 0; i < lc.nharts; i++)
		if (lc.hart[i].hartid != hartid)
			lc.hart[j++] = lc.hart[i];
	lc.nharts = j;
}

/* Starts thread g of the launch in resident slot r (its hardware thread
 * and stack slot); mailbox harts get start number *seq. Returns 0, or -1
 * when a hardware thread refuses START. */
static int start_thread(const struct uvs_launch_req *req, uint32_t r, uint32_t g, uint32_t grid,
			uint32_t block, uint32_t resident, uint64_t seq)
{
	uint64_t top = UVS_KERNEL_STACK_BASE + (uint64_t)(r + 1) * UVS_KERNEL_STACK_SIZE;
	struct uvs_kernel_ctx *ctx = (struct uvs_kernel_ctx *)(uintptr_t)(top - UVS_KCTX_SIZE);
	const struct lhart *lh = &lc.hart[lc.slot[r].hart];
	uint32_t h = lh->hartid, hwt = lc.slot[r].hwt;

	memset(ctx, 0, sizeof(*ctx));
	ctx->thread = g;
	ctx->nthreads = grid * block;
	ctx->block = g / block;
	ctx->block_dim = block;
	ctx->thread_in_block = g % block;
	ctx->grid_dim = grid;
	ctx->hartid = h;
	ctx->hwthread = hwt;
	ctx->shared = UVS_KERNEL_SHARED_BASE;
	ctx->args = req->args;
	ctx->resident = resident;
	if (lh->ctl != 0) {
		uint64_t c = lh->ctl;

		__asm__ volatile("fence rw, rw" ::: "memory");
		if (mt_idle(c, hwt) != 0)
			return -1;
		*mt_reg(c, UVS_MT_REG_TSEL) = hwt;
		*mt_reg(c, UVS_MT_REG_PC) = req->entry;
		*mt_reg(c, UVS_MT_REG_A0) = req->args;
		*mt_reg(c, UVS_MT_REG_A1) = (uintptr_t)ctx;
		*mt_reg(c, UVS_MT_REG_SP) = (uintptr_t)ctx;
		*mt_reg(c, UVS_MT_REG_TID) = ctx->thread_in_block;
		*mt_reg(c, UVS_MT_REG_BID) = ctx->block;
		*mt_reg(c, UVS_MT_REG_NTID) = block;
		*mt_reg(c, UVS_MT_REG_NBID) = grid;
		return mt_op(c, hwt, UVS_MT_CTL_START) ? 0 : -1;
	}

	struct uvs_hart_mbox *mb = &uvs_hart_mbox[h];

	mb->entry = req->entry;
	mb->args = req->args;
	mb->ctx = (uintptr_t)ctx;
	mb->sp = (uintptr_t)ctx;	/* 64-byte aligned: the stack grows below the context */
	mb->state = UVS_THREAD_RUNNING;
	__atomic_store_n(&mb->seq, seq, __ATOMIC_RELEASE);
	raise_msip(h);
	return 0;
}

/* Reads the end record of the thread in multithreaded slot s (its event bit is set) into r. */
static void mt_record(uint32_t s, struct uvs_thread_result *r)
{
	uint64_t c = lc.hart[lc.slot[s].hart].ctl;
	uint64_t st;

	*mt_reg(c, UVS_MT_REG_TSEL) = lc.slot[s].hwt;
	st = *mt_reg(c, UVS_MT_REG_STATE);
	r->mcause = *mt_reg(c, UVS_MT_REG_CAUSE);
	r->mepc = *mt_reg(c, UVS_MT_REG_EPC);
	r->mtval = *mt_reg(c, UVS_MT_REG_TVAL);
	if (st == UVS_MT_TSTATE_STOPPED) {
		r->state = UVS_THREAD_KILLED;
	} else if (r->mcause == 8 &&
		   *mt_reg(c, UVS_MT_REG_X0 + 8 * 17) == UVS_KERNEL_ECALL_EXIT) {
		r->state = UVS_THREAD_EXITED;
		r->exit_status = (int32_t)*mt_reg(c, UVS_MT_REG_X0 + 8 * 10);
		r->result = *mt_reg(c, UVS_MT_REG_X0 + 8 * 11);
	} else if (r->mcause == 8 &&
		   *mt_reg(c, UVS_MT_REG_X0 + 8 * 17) == UVS_KERNEL_ECALL_TILE_ABORT) {
		/* a failed tile copy (tile.def): reported as the access it stands for */
		r->mcause = *mt_reg(c, UVS_MT_REG_X0 + 8 * 10);
		r->mtval = *mt_reg(c, UVS_MT_REG_X0 + 8 * 11);
		r->state = UVS_THREAD_ABORTED;
	} else {
		if (r->mcause == 8)
			r->mtval = *mt_reg(c, UVS_MT_REG_X0 + 8 * 17);	/* unknown ECALL: its number */
		r->state = UVS_THREAD_ABORTED;
	}
}

/* How bad a thread's end is for the launch outcome: lower = reported first. */
static unsigned rank(const struct uvs_thread_result *r, int timed_out)
{
	switch (r->state) {
	case UVS_THREAD_ABORTED: return 0;
	case UVS_THREAD_FW_FAULT: return 1;
	case UVS_THREAD_RUNNING: return 2;
	case UVS_THREAD_KILLED: if (timed_out) return 3; break;
	default: break;
	}
	return r->state != UVS_THREAD_IDLE && r->exit_status != 0 ? 4 : 99;
}

/* Keeps r as res->far when thread g (>= UVS_KERNEL_MAX_THREADS) is the worst so far among those. */
static void note_far(struct uvs_launch_result *res, uint32_t g, const struct uvs_thread_result *r)
{
	unsigned k = rank(r, 1), kf = res->has_far ? rank(&res->far, 1) : 100;

	if (k < 99 && (k < kf || (k == kf && g < res->far_thread))) {
		res->far = *r;
		res->far_thread = g;
		res->has_far = 1;
	}
}

/* Stores thread g's end record (also its RUNNING record at its start when
 * g < UVS_KERNEL_MAX_THREADS; later threads only get final ones). */
static void put(struct uvs_launch_result *res, uint32_t g, const struct uvs_thread_result *r)
{
	if (g < UVS_KERNEL_MAX_THREADS)
		res->thr[g] = *r;
	else
		note_far(res, g, r);
}

/* Picks the outcome and the thread it is about (worst end, then lowest
 * thread): abort, firmware fault, lost, stopped by the timeout, nonzero
 * exit; sets res->err. */
static void summarize(struct uvs_launch_result *res, int timed_out)
{
	static const struct {
		enum uvs_launch_outcome outcome;
		int err;
	} out[] = {
		{ UVS_LAUNCH_ABORTED, UVS_HOSTQ_ERR_EFAULT },
		{ UVS_LAUNCH_ABORTED, UVS_HOSTQ_ERR_EFAULT },
		{ UVS_LAUNCH_TIMEOUT, UVS_HOSTQ_ERR_ETIMEDOUT },
		{ UVS_LAUNCH_TIMEOUT, UVS_HOSTQ_ERR_ETIMEDOUT },
		{ UVS_LAUNCH_EXIT_ERROR, UVS_HOSTQ_ERR_ECANCELED },
	};
	uint32_t n = res->nthreads < UVS_KERNEL_MAX_THREADS ? res->nthreads : UVS_KERNEL_MAX_THREADS;
	unsigned best = 99;
	uint32_t who = 0;

	for (uint32_t t = 0; t < n; t++) {
		unsigned k = rank(&res->thr[t], timed_out);

		if (k < best) {
			best = k;
			who = t;
		}
	}
	if (res->has_far && rank(&res->far, timed_out) < best) {
		best = rank(&res->far, timed_out);
		who = res->far_thread;
	}
	res->thread = best < 99 ? who : 0;
	res->outcome = best < 99 ? out[best].outcome : UVS_LAUNCH_OK;
	res->err = best < 99 ? out[best].err : 0;
}

/* Asks the thread in resident slot s to stop (mailbox hart: msip; multithreaded: STOP). */
static void stop_thread(uint32_t s)
{
	const struct lhart *lh = &lc.hart[lc.slot[s].hart];

	if (lh->ctl != 0)
		mt_op(lh->ctl, lc.slot[s].hwt, UVS_MT_CTL_STOP);
	else
		raise_msip(lh->hartid);
}

/*
 * Zeroes @bytes (a multiple of 8) at @p (8-byte aligned) with 8-byte stores.
 * picolibc's size-optimised memset stores one byte per 4-instruction loop:
 * the two 4 KiB areas zeroed per launch cost about 32,000 cycles with it
 * (measured, --log-retired, issue 13), about 1,100 with this. The stores are
 * volatile so the compiler does not turn the loop back into a memset call.
 */
static void zero64(void *p, size_t bytes)
{
	volatile uint64_t *w = p;

	for (size_t i = 0; i < bytes / 8; i++)
		w[i] = 0;
}

#define NO_THREAD UINT32_MAX

int uvs_launch_run(const struct uvs_launch_req *req, struct uvs_launch_result *res)
{
	uint64_t timeout = req->timeout_cycles ? req->timeout_cycles : UVS_KERNEL_TIMEOUT_DEFAULT;
	uint32_t cur[UVS_KERNEL_MAX_THREADS];	/* thread in slot s, or NO_THREAD */
	uint64_t sseq[UVS_KERNEL_MAX_THREADS];	/* mailbox start number of slot s */
	uint64_t tstart[UVS_KERNEL_MAX_THREADS];	/* hart 0 cycle its thread started */
	uint64_t ev[UVS_MAX_HARTS];
	uint32_t grid = 0, block = 0, n, m, next, running = 0;
	uint64_t start, stop_at = 0;
	int stopping = 0, timed_out = 0, failed = 0;

	_Static_assert(sizeof(*res) % 8 == 0 && _Alignof(struct uvs_launch_result) >= 8, "zero64");
	zero64(res, sizeof(*res));
	if (check(req, res, &grid, &block) != 0)
		return res->err;
	n = grid * block;
	m = n < uvs_launch_capacity() ? n : uvs_launch_capacity();
	res->nthreads = n;
	res->grid_dim = grid;
	res->block_dim = block;
	res->resident = m;
	place(block, m);
	set_context(req->did);
	zero64((void *)(uintptr_t)UVS_KERNEL_SHARED_BASE, UVS_KERNEL_SHARED_SIZE);
	__asm__ volatile("fence.i" ::: "memory");
	start = now();
	for (next = 0; next < m; next++) {
		struct uvs_thread_result r = { .state = UVS_THREAD_RUNNING };

		r.hartid = lc.hart[lc.slot[next].hart].hartid;
		r.hwthread = lc.slot[next].hwt;
		sseq[next] = ++lc.seq;
		tstart[next] = now();
		cur[next] = next;
		if (next < UVS_KERNEL_MAX_THREADS)
			put(res, next, &r);
		running++;
		if (start_thread(req, next, next, grid, block, m, sseq[next]) != 0) {
			/* Not started: reported as a firmware fault on that hart. */
			r.state = UVS_THREAD_FW_FAULT;
			put(res, next, &r);
			cur[next] = NO_THREAD;
			running--;
			failed = 1;
		}
	}

	for (;;) {
		for (unsigned i = 0; i < lc.nharts; i++)
			ev[i] = lc.hart[i].ctl != 0 ? *mt_reg(lc.hart[i].ctl, UVS_MT_REG_EVENT) : 0;
		for (uint32_t s = 0; s < m; s++) {
			const struct lhart *lh = &lc.hart[lc.slot[s].hart];
			const struct uvs_hart_mbox *mb = &uvs_hart_mbox[lh->hartid];
			uint32_t g = cur[s];

			/* Still running: nothing built or zeroed (this loop paces the fault path's polling). */
			if (g == NO_THREAD)
				continue;
			if (lh->ctl != 0 ? !(ev[lc.slot[s].hart] >> lc.slot[s].hwt & 1)
					 : __atomic_load_n(&mb->done_seq, __ATOMIC_ACQUIRE) != sseq[s])
				continue;

			struct uvs_thread_result r = { 0 };

			r.hartid = lh->hartid;
			r.hwthread = lc.slot[s].hwt;
			if (lh->ctl != 0) {
				mt_record(s, &r);
				r.cycles = now() - tstart[s];
			} else {
				r.state = mb->state;
				r.exit_status = r.state == UVS_THREAD_EXITED ? mb->exit_status : 0;
				r.result = r.state == UVS_THREAD_EXITED ? mb->result : 0;
				r.mcause = mb->mcause;
				r.mepc = mb->mepc;
				r.mtval = mb->mtval;
				r.cycles = mb->cycles;
			}
			put(res, g, &r);
			cur[s] = NO_THREAD;
			running--;
			failed |= r.state == UVS_THREAD_ABORTED || r.state == UVS_THREAD_FW_FAULT;
			if (r.state == UVS_THREAD_EXITED && !stopping && !failed && next < n) {
				/* The next thread of the grid takes the freed hardware thread. */
				struct uvs_thread_result nr = { .state = UVS_THREAD_RUNNING,
								.hartid = lh->hartid,
								.hwthread = lc.slot[s].hwt };

				sseq[s] = ++lc.seq;
				tstart[s] = now();
				cur[s] = next;
				if (next < UVS_KERNEL_MAX_THREADS)
					put(res, next, &nr);
				running++;
				if (start_thread(req, s, next, grid, block, m, sseq[s]) != 0) {
					nr.state = UVS_THREAD_FW_FAULT;
					put(res, next, &nr);
					cur[s] = NO_THREAD;
					running--;
					failed = 1;
				}
				next++;
			}
		}
		if (running == 0 && (next == n || stopping || failed))
			break;
		if (uvs_launch_idle_hook != NULL)
			uvs_launch_idle_hook();
		uint64_t elapsed = now() - start;

		if (!stopping && (failed || elapsed >= timeout)) {
			timed_out = !failed;
			stopping = 1;
			stop_at = now();
			for (uint32_t s = 0; s < m; s++)
				if (cur[s] != NO_THREAD)
					stop_thread(s);
		}
		if (stopping && now() - stop_at >= STOP_GRACE_CYCLES)
			break;
	}
	res->cycles = now() - start;

	uint32_t lost[UVS_KERNEL_MAX_THREADS];
	unsigned nlost = 0;

	for (uint32_t s = 0; s < m; s++) {
		const struct lhart *lh = &lc.hart[lc.slot[s].hart];

		if (cur[s] != NO_THREAD) {
			/* Did not answer: its hart is lost. */
			struct uvs_thread_result r = { .state = UVS_THREAD_RUNNING, .hartid = lh->hartid,
						       .hwthread = lc.slot[s].hwt,
						       .cycles = now() - tstart[s] };

			put(res, cur[s], &r);
			lost[nlost++] = lh->hartid;
		} else if (lh->ctl != 0) {
			mt_op(lh->ctl, lc.slot[s].hwt, UVS_MT_CTL_CLEAR);	/* IDLE for the next launch */
		}
	}
	for (uint32_t t = 0; t < n && t < UVS_KERNEL_MAX_THREADS; t++)
		if (res->thr[t].state == UVS_THREAD_FW_FAULT)
			lost[nlost++] = res->thr[t].hartid;
	if (res->has_far && res->far.state == UVS_THREAD_FW_FAULT && nlost < UVS_KERNEL_MAX_THREADS)
		lost[nlost++] = res->far.hartid;
	for (unsigned i = 0; i < nlost; i++)
		drop_hart(lost[i]);
	summarize(res, timed_out);
	return res->err;
}

/* " (block B thread T of GRIDxBLOCK, hardware thread S)" for grid launches, else "". */
static const char *grid_where(const struct uvs_launch_result *res, char *buf, size_t len)
{
	const struct uvs_thread_result *r = uvs_launch_reported(res);

	buf[0] = '\0';
	if (res->block_dim > 1 || r->hwthread != 0)
		snprintf(buf, len, "; block %" PRIu32 " thread %" PRIu32 " of grid %" PRIu32 "x%" PRIu32
			 ", hardware thread %" PRIu32, res->thread / res->block_dim,
			 res->thread % res->block_dim, res->grid_dim, res->block_dim, r->hwthread);
	return buf;
}

void uvs_launch_print(const struct uvs_launch_result *res, const char *name)
{
	const struct uvs_thread_result *r = uvs_launch_reported(res);
	char where[96];

	switch (res->outcome) {
	case UVS_LAUNCH_OK:
		printf("kernel %s: %" PRIu32 " threads exited, result 0x%" PRIx64 ", %" PRIu64
		       " cycles\n", name, res->nthreads, res->thr[0].result, res->cycles);
		break;
	case UVS_LAUNCH_REJECTED:
		printf("uvmsoc-fw: kernel %s: launch rejected (error -%d): %s (0x%" PRIx64 ")\n",
		       name, res->err, res->why, res->bad_addr);
		break;
	case UVS_LAUNCH_EXIT_ERROR:
		printf("uvmsoc-fw: kernel %s: thread %" PRIu32 " (hart %" PRIu32
		       ") exited with status %" PRId32 "%s\n", name, res->thread, r->hartid,
		       r->exit_status, grid_where(res, where, sizeof(where)));
		break;
	case UVS_LAUNCH_ABORTED:
		printf("uvmsoc-fw: kernel %s: %sabort on thread %" PRIu32 " (hart %" PRIu32 "): %s (mcause 0x%"
		       PRIx64 ") at pc 0x%" PRIx64 ", address 0x%" PRIx64 "%s\n", name,
		       r->state == UVS_THREAD_FW_FAULT ? "firmware " : "", res->thread, r->hartid,
		       uvs_trap_cause_name(r->mcause), r->mcause, r->mepc, r->mtval,
		       grid_where(res, where, sizeof(where)));
		break;
	case UVS_LAUNCH_TIMEOUT:
		printf("uvmsoc-fw: kernel %s: timeout: thread %" PRIu32 " (hart %" PRIu32
		       ") still running after %" PRIu64 " cycles, %s at pc 0x%" PRIx64 "%s\n", name,
		       res->thread, r->hartid, res->cycles,
		       r->state == UVS_THREAD_KILLED ? "stopped" : "hart lost", r->mepc,
		       grid_where(res, where, sizeof(where)));
		break;
	}
}

/* Kernel launch service on the management hart (see launch.h). */
#include "launch.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <uvmsoc/hostif.h>
#include <uvmsoc/kernel_abi.h>

#include "csr.h"
#include "platform.h"
#include "trap.h"

/* Cycles a thread gets to answer a stop request before its hart is dropped. */
#define STOP_GRACE_CYCLES 200000u

void (*uvs_launch_idle_hook)(void);

static struct {
	const struct uvs_platform *plat;
	uint32_t hart[UVS_MAX_HARTS];	/* usable compute harts, in hart id order */
	unsigned nharts;
	uint64_t seq;			/* last launch number */
} lc;

static uint64_t now(void)
{
	return csr_read(mcycle);
}

static void raise_msip(uint32_t hartid)
{
	__asm__ volatile("fence rw, rw" ::: "memory");
	*(volatile uint32_t *)(uintptr_t)uvs_hart_mbox[hartid].msip = 1;
}

unsigned uvs_launch_init(const struct uvs_platform *p, uint64_t wait_cycles)
{
	uint64_t start = now();

	lc.plat = p;
	lc.nharts = 0;
	for (uint32_t i = 0; i < p->nharts; i++) {
		const struct uvs_hart_desc *h = &p->harts[i];

		if (h->role != UVS_ROLE_COMPUTE || !h->okay || h->hartid == 0 ||
		    h->hartid >= UVS_MAX_HARTS)
			continue;
		uvs_hart_mbox[h->hartid].msip = p->clint_base + UVS_CLINT_MSIP_OFF + 4u * h->hartid;
		while (!__atomic_load_n(&uvs_hart_mbox[h->hartid].parked, __ATOMIC_ACQUIRE) &&
		       now() - start < wait_cycles)
			;
		if (uvs_hart_mbox[h->hartid].parked)
			lc.hart[lc.nharts++] = h->hartid;
	}
	return lc.nharts;
}

unsigned uvs_launch_harts(void)
{
	return lc.nharts;
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

/* Checks `req`; returns 0 with *nthreads set, or the reject() value. */
static int check(const struct uvs_launch_req *req, struct uvs_launch_result *res,
		 uint32_t *nthreads)
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
	if (req->block_dim > 1)
		return reject(res, UVS_HOSTQ_ERR_EINVAL, 0,
			      "block_dim above 1 (compute harts run one thread each)");
	n = req->grid_dim ? req->grid_dim : lc.nharts;
	if (n > lc.nharts || n > UVS_KERNEL_MAX_THREADS)
		return reject(res, UVS_HOSTQ_ERR_E2BIG, 0, "more threads than usable compute harts");
	*nthreads = (uint32_t)n;
	return 0;
}

/* Drops hart `hartid` from later launches. */
static void drop_hart(uint32_t hartid)
{
	unsigned j = 0;

	for (unsigned i = 0; i < lc.nharts; i++)
		if (lc.hart[i] != hartid)
			lc.hart[j++] = lc.hart[i];
	lc.nharts = j;
}

/* Starts thread t of launch seq on hart h. */
static void start_thread(const struct uvs_launch_req *req, uint32_t t, uint32_t n, uint32_t h)
{
	uint64_t top = UVS_KERNEL_STACK_BASE + (uint64_t)(t + 1) * UVS_KERNEL_STACK_SIZE;
	struct uvs_kernel_ctx *ctx = (struct uvs_kernel_ctx *)(uintptr_t)(top - UVS_KCTX_SIZE);
	struct uvs_hart_mbox *mb = &uvs_hart_mbox[h];

	memset(ctx, 0, sizeof(*ctx));
	ctx->thread = t;
	ctx->nthreads = n;
	ctx->block = t;			/* one thread per block for now */
	ctx->block_dim = 1;
	ctx->thread_in_block = 0;
	ctx->grid_dim = n;
	ctx->hartid = h;
	ctx->shared = UVS_KERNEL_SHARED_BASE;
	ctx->args = req->args;
	mb->entry = req->entry;
	mb->args = req->args;
	mb->ctx = (uintptr_t)ctx;
	mb->sp = (uintptr_t)ctx;	/* 64-byte aligned: the stack grows below the context */
	mb->state = UVS_THREAD_RUNNING;
	__atomic_store_n(&mb->seq, lc.seq, __ATOMIC_RELEASE);
	raise_msip(h);
}

static int thread_done(uint32_t h)
{
	return __atomic_load_n(&uvs_hart_mbox[h].done_seq, __ATOMIC_ACQUIRE) == lc.seq;
}

/* Picks the outcome and the thread it is about; sets res->err. */
static void summarize(struct uvs_launch_result *res, int timed_out)
{
	static const struct {
		uint32_t state;
		enum uvs_launch_outcome outcome;
		int err;
	} order[] = {
		{ UVS_THREAD_ABORTED, UVS_LAUNCH_ABORTED, UVS_HOSTQ_ERR_EFAULT },
		{ UVS_THREAD_FW_FAULT, UVS_LAUNCH_ABORTED, UVS_HOSTQ_ERR_EFAULT },
		{ UVS_THREAD_RUNNING, UVS_LAUNCH_TIMEOUT, UVS_HOSTQ_ERR_ETIMEDOUT },
		{ UVS_THREAD_KILLED, UVS_LAUNCH_TIMEOUT, UVS_HOSTQ_ERR_ETIMEDOUT },
	};

	for (unsigned k = 0; k < sizeof(order) / sizeof(order[0]); k++) {
		if (order[k].state == UVS_THREAD_KILLED && !timed_out)
			continue;
		for (uint32_t t = 0; t < res->nthreads; t++) {
			if (res->thr[t].state == order[k].state) {
				res->outcome = order[k].outcome;
				res->err = order[k].err;
				res->thread = t;
				return;
			}
		}
	}
	for (uint32_t t = 0; t < res->nthreads; t++) {
		if (res->thr[t].exit_status != 0) {
			res->outcome = UVS_LAUNCH_EXIT_ERROR;
			res->err = UVS_HOSTQ_ERR_ECANCELED;
			res->thread = t;
			return;
		}
	}
	res->outcome = UVS_LAUNCH_OK;
	res->err = 0;
	res->thread = 0;
}

int uvs_launch_run(const struct uvs_launch_req *req, struct uvs_launch_result *res)
{
	uint64_t timeout = req->timeout_cycles ? req->timeout_cycles : UVS_KERNEL_TIMEOUT_DEFAULT;
	uint32_t used[UVS_KERNEL_MAX_THREADS];
	uint32_t n = 0;
	uint64_t start, stop_at = 0;
	int stopping = 0, timed_out = 0;

	memset(res, 0, sizeof(*res));
	if (check(req, res, &n) != 0)
		return res->err;
	res->nthreads = n;
	memset((void *)(uintptr_t)UVS_KERNEL_SHARED_BASE, 0, UVS_KERNEL_SHARED_SIZE);
	__asm__ volatile("fence.i" ::: "memory");
	lc.seq++;
	for (uint32_t t = 0; t < n; t++)
		used[t] = lc.hart[t];
	start = now();
	for (uint32_t t = 0; t < n; t++)
		start_thread(req, t, n, used[t]);

	for (;;) {
		uint32_t done = 0;
		int failed = 0;

		for (uint32_t t = 0; t < n; t++) {
			if (!thread_done(used[t]))
				continue;
			done++;
			uint32_t st = uvs_hart_mbox[used[t]].state;
			failed |= st == UVS_THREAD_ABORTED || st == UVS_THREAD_FW_FAULT;
		}
		if (done == n)
			break;
		if (uvs_launch_idle_hook != NULL)
			uvs_launch_idle_hook();
		uint64_t elapsed = now() - start;

		if (!stopping && (failed || elapsed >= timeout)) {
			timed_out = !failed;
			stopping = 1;
			stop_at = now();
			for (uint32_t t = 0; t < n; t++)
				if (!thread_done(used[t]))
					raise_msip(used[t]);
		}
		if (stopping && now() - stop_at >= STOP_GRACE_CYCLES)
			break;
	}
	res->cycles = now() - start;

	for (uint32_t t = 0; t < n; t++) {
		struct uvs_hart_mbox *mb = &uvs_hart_mbox[used[t]];
		struct uvs_thread_result *r = &res->thr[t];

		r->hartid = used[t];
		if (!thread_done(used[t])) {
			r->state = UVS_THREAD_RUNNING;	/* did not answer: hart lost */
			drop_hart(used[t]);
			continue;
		}
		r->state = mb->state;
		r->exit_status = r->state == UVS_THREAD_EXITED ? mb->exit_status : 0;
		r->result = r->state == UVS_THREAD_EXITED ? mb->result : 0;
		r->mcause = mb->mcause;
		r->mepc = mb->mepc;
		r->mtval = mb->mtval;
		r->cycles = mb->cycles;
		if (r->state == UVS_THREAD_FW_FAULT)
			drop_hart(used[t]);
	}
	summarize(res, timed_out);
	return res->err;
}

void uvs_launch_print(const struct uvs_launch_result *res, const char *name)
{
	const struct uvs_thread_result *r = &res->thr[res->thread];

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
		       ") exited with status %" PRId32 "\n", name, res->thread, r->hartid,
		       r->exit_status);
		break;
	case UVS_LAUNCH_ABORTED:
		printf("uvmsoc-fw: kernel %s: %sabort on thread %" PRIu32 " (hart %" PRIu32 "): %s (mcause 0x%"
		       PRIx64 ") at pc 0x%" PRIx64 ", address 0x%" PRIx64 "\n", name,
		       r->state == UVS_THREAD_FW_FAULT ? "firmware " : "", res->thread, r->hartid,
		       uvs_trap_cause_name(r->mcause), r->mcause, r->mepc, r->mtval);
		break;
	case UVS_LAUNCH_TIMEOUT:
		printf("uvmsoc-fw: kernel %s: timeout: thread %" PRIu32 " (hart %" PRIu32
		       ") still running after %" PRIu64 " cycles, %s at pc 0x%" PRIx64 "\n", name,
		       res->thread, r->hartid, res->cycles,
		       r->state == UVS_THREAD_KILLED ? "stopped" : "hart lost", r->mepc);
		break;
	}
}

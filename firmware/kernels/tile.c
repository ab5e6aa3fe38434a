/*
 * uvmsoc kernel tile API (tile.h; ABI include/uvmsoc/tile.def).
 * Each hardware thread owns TILE_RT_AREA bytes at the scratchpad's top:
 * slot 0 holds its state (next slot, handle of each slot), slots 1..7 its
 * descriptors. A descriptor slot is reused only after its copy completed
 * (and its status was checked), so every descriptor's STATUS stays
 * readable until then.
 */
#include "tile.h"

#include "kernel_rt.h"

/* Runtime state of one hardware thread (descriptor slot 0 of its area). */
struct tile_rt {
	uint32_t next;                          /* slot used next, 1..SLOTS-1 */
	uint32_t pad;
	int64_t handle[UVS_TILE_RT_SLOTS - 1];  /* slot s (1..SLOTS-1) -> its outstanding handle at [s - 1], -1 none */
};

/* Slot 0 (one descriptor's bytes) holds it: a larger struct would overlap
 * slot 1's descriptor, whose VA word would then overwrite a handle. */
_Static_assert(sizeof(struct tile_rt) <= UVS_TILE_DESC_SIZE, "runtime state must fit slot 0");

static volatile uint64_t *tile_reg(uint64_t off)
{
	return (volatile uint64_t *)(uintptr_t)(UVS_TILE_BASE + uvs_self()->hartid * UVS_TILE_REG_STRIDE +
					       off);
}

uintptr_t uvs_spad_base(void)
{
	return (uintptr_t)(UVS_SPAD_BASE + uvs_self()->hartid * UVS_TILE_SPAD_STRIDE);
}

/* Populated scratchpad bytes (engine register). */
static uint32_t spad_total(void)
{
	return (uint32_t)*tile_reg(UVS_TILE_REG_SPAD_SIZE);
}

static uint32_t nhwt(void)
{
	return (uint32_t)*tile_reg(UVS_TILE_REG_NHWT);
}

uint32_t uvs_spad_size(void)
{
	return spad_total() - nhwt() * UVS_TILE_RT_AREA;
}

void uvs_spad_thread_share(uint32_t *off, uint32_t *bytes)
{
	uint32_t share = (uvs_spad_size() / nhwt()) & ~63u;

	*off = share * uvs_self()->hwthread;
	*bytes = share;
}

/* Scratchpad offset of this thread's slot @slot. */
static uint32_t slot_off(unsigned slot)
{
	return spad_total() - (uvs_self()->hwthread + 1) * UVS_TILE_RT_AREA + slot * UVS_TILE_DESC_SIZE;
}

static struct tile_rt *rt(void)
{
	return uvs_spad_ptr(slot_off(0));
}

/* Called by kcrt0.S before kernel_main (overrides kernel_rt.c's empty one):
 * this thread's slots start empty (the scratchpad keeps old launches' bytes). */
void uvs_tile_rt_start(void)
{
	struct tile_rt *r = rt();

	r->next = 1;
	for (unsigned i = 0; i < UVS_TILE_RT_SLOTS - 1; i++)
		r->handle[i] = -1;
}

/* Ends the thread like a trapping access: cause and VA of the failed copy. */
static _Noreturn void tile_abort(uint64_t cause, uint64_t va)
{
	register uint64_t a0 __asm__("a0") = cause;
	register uint64_t a1 __asm__("a1") = va;
	register uint64_t a7 __asm__("a7") = UVS_KERNEL_ECALL_TILE_ABORT;

	__asm__ volatile("ecall" : : "r"(a0), "r"(a1), "r"(a7) : "memory");
	for (;;)
		;
}

void uvs_tile_wait(int64_t handle)
{
	struct tile_rt *r;
	unsigned slot;
	uint64_t ticket, st;
	volatile uint64_t *d;

	if (handle < 0)
		return;
	slot = (unsigned)(handle % UVS_TILE_RT_SLOTS);
	ticket = (uint64_t)handle / UVS_TILE_RT_SLOTS;
	r = rt();
	if (slot == 0 || r->handle[slot - 1] != handle)
		return; /* already waited for */
	while (*tile_reg(UVS_TILE_REG_DONE) <= ticket)
		;
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	r->handle[slot - 1] = -1;
	d = uvs_spad_ptr(slot_off(slot));
	st = d[UVS_TILE_DESC_STATUS / 8];
	if ((st & UVS_TILE_STATUS_CODE_MASK) != UVS_TILE_ST_OK)
		tile_abort((st & UVS_TILE_STATUS_CAUSE_MASK) >> UVS_TILE_STATUS_CAUSE_SHIFT,
			   d[UVS_TILE_DESC_ERR_VA / 8]);
}

void uvs_tile_wait_all(void)
{
	struct tile_rt *r = rt();

	for (unsigned i = 1; i < UVS_TILE_RT_SLOTS; i++)
		uvs_tile_wait(r->handle[i - 1]);
}

/* Queues one descriptor (fields already checked); returns its handle. */
static int64_t submit(uint64_t va, uint32_t spad, uint32_t row_bytes, uint32_t rows, unsigned op,
		      unsigned shape, uint64_t stride, uint32_t idx)
{
	struct tile_rt *r = rt();
	unsigned slot = r->next;
	uint32_t off = slot_off(slot);
	volatile uint64_t *d = uvs_spad_ptr(off);
	int64_t t;

	uvs_tile_wait(r->handle[slot - 1]);
	r->next = slot + 1 < UVS_TILE_RT_SLOTS ? slot + 1 : 1;
	d[UVS_TILE_DESC_VA / 8] = va;
	d[UVS_TILE_DESC_SPAD / 8] = spad | (uint64_t)row_bytes << 32;
	d[UVS_TILE_DESC_ROWS / 8] = rows | (uint64_t)op << 32 | (uint64_t)shape << 40;
	d[UVS_TILE_DESC_STRIDE / 8] = stride;
	d[UVS_TILE_DESC_IDX / 8] = idx;
	d[UVS_TILE_DESC_STATUS / 8] = 0;
	for (;;) {
		__atomic_thread_fence(__ATOMIC_RELEASE);
		*tile_reg(UVS_TILE_REG_SUBMIT) = off;
		t = (int64_t)d[UVS_TILE_DESC_TICKET / 8];
		if (t != -(int64_t)UVS_TILE_SUBMIT_FULL)
			break;
		/* queue full: wait until some descriptor completes */
		uint64_t done = *tile_reg(UVS_TILE_REG_DONE);
		while (*tile_reg(UVS_TILE_REG_DONE) == done)
			;
	}
	if (t < 0) /* the engine refused it: the API's checks missed a case */
		return -EINVAL;
	r->handle[slot - 1] = t * UVS_TILE_RT_SLOTS + slot;
	return r->handle[slot - 1];
}

/* Checks a tile of @rows x @row_bytes at scratchpad offset @spad. */
static int check_tile(uint32_t spad, uint32_t rows, uint32_t row_bytes)
{
	uint64_t bytes = (uint64_t)rows * row_bytes;

	if (rows == 0 || row_bytes == 0 || spad % UVS_TILE_ALIGN || row_bytes % UVS_TILE_ALIGN)
		return -EINVAL;
	if (spad > uvs_spad_size() || bytes > uvs_spad_size() - spad)
		return -ERANGE;
	return 0;
}

static int64_t copy2d(uint64_t va, uint32_t spad, uint32_t rows, uint32_t row_bytes, uint64_t stride,
		      unsigned op, unsigned shape)
{
	int rc = check_tile(spad, rows, row_bytes);

	if (rc)
		return rc;
	if (va % UVS_TILE_ALIGN || stride % UVS_TILE_ALIGN)
		return -EINVAL;
	return submit(va, spad, row_bytes, rows, op, shape, stride, 0);
}

int64_t uvs_tile_copy_in(uint32_t spad, const void *va, uint32_t bytes)
{
	return copy2d((uintptr_t)va, spad, 1, bytes, 0, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_1D);
}

int64_t uvs_tile_copy_out(void *va, uint32_t spad, uint32_t bytes)
{
	return copy2d((uintptr_t)va, spad, 1, bytes, 0, UVS_TILE_OP_COPY_OUT, UVS_TILE_SHAPE_1D);
}

int64_t uvs_tile_copy2d_in(uint32_t spad, const void *va, uint32_t rows, uint32_t row_bytes,
			   uint64_t stride)
{
	return copy2d((uintptr_t)va, spad, rows, row_bytes, stride, UVS_TILE_OP_COPY_IN, UVS_TILE_SHAPE_2D);
}

int64_t uvs_tile_copy2d_out(void *va, uint64_t stride, uint32_t spad, uint32_t rows,
			    uint32_t row_bytes)
{
	return copy2d((uintptr_t)va, spad, rows, row_bytes, stride, UVS_TILE_OP_COPY_OUT, UVS_TILE_SHAPE_2D);
}

static int64_t indexed(uint64_t table, uint64_t table_rows, uint32_t row_bytes, uint32_t idx, uint32_t rows,
		       uint32_t spad, unsigned op)
{
	int rc = check_tile(spad, rows, row_bytes);

	if (rc)
		return rc;
	if (table % UVS_TILE_ALIGN || table_rows == 0 || idx % 4)
		return -EINVAL;
	if (idx > uvs_spad_size() || 4 * (uint64_t)rows > uvs_spad_size() - idx)
		return -ERANGE;
	return submit(table, spad, row_bytes, rows, op, UVS_TILE_SHAPE_INDEXED, table_rows, idx);
}

int64_t uvs_tile_gather(uint32_t spad, const void *table, uint64_t table_rows, uint32_t row_bytes,
			uint32_t idx, uint32_t rows)
{
	return indexed((uintptr_t)table, table_rows, row_bytes, idx, rows, spad, UVS_TILE_OP_COPY_IN);
}

int64_t uvs_tile_scatter(void *table, uint64_t table_rows, uint32_t row_bytes, uint32_t idx,
			 uint32_t rows, uint32_t spad)
{
	return indexed((uintptr_t)table, table_rows, row_bytes, idx, rows, spad, UVS_TILE_OP_COPY_OUT);
}

/* Requests the next chunk into buffer @b. */
static int64_t stream_fill(struct uvs_tile_stream *s, unsigned b)
{
	uint32_t n = s->left < s->chunk ? (uint32_t)s->left : s->chunk;
	int64_t h;

	s->len[b] = n;
	if (n == 0)
		return 0;
	h = uvs_tile_copy_in(s->buf[b], (const void *)s->va, n);
	if (h < 0)
		return h;
	s->handle[b] = h;
	s->va += n;
	s->left -= n;
	return 0;
}

int uvs_tile_stream_init(struct uvs_tile_stream *s, const void *va, uint64_t bytes, uint32_t spad,
			 uint32_t chunk)
{
	int64_t rc;

	if (chunk == 0 || chunk % 64 || (uintptr_t)va % UVS_TILE_ALIGN || bytes % UVS_TILE_ALIGN)
		return -EINVAL;
	rc = check_tile(spad, 2, chunk);
	if (rc)
		return (int)rc;
	s->va = (uintptr_t)va;
	s->left = bytes;
	s->buf[0] = spad;
	s->buf[1] = spad + chunk;
	s->chunk = chunk;
	s->cur = 0;
	s->handle[0] = s->handle[1] = -1;
	rc = stream_fill(s, 0);
	if (rc == 0)
		rc = stream_fill(s, 1);
	return (int)rc;
}

const void *uvs_tile_stream_next(struct uvs_tile_stream *s, uint32_t *len)
{
	unsigned b = s->cur, prev = b ^ 1;

	if (s->len[b] == 0)
		return 0;
	uvs_tile_wait(s->handle[b]);
	/* the buffer handed out last time is free now: refill it (but the
	 * first call has none: both were requested by init) */
	if (s->handle[prev] == -2)
		stream_fill(s, prev);
	s->handle[b] = -2; /* handed out */
	s->cur = prev;
	*len = s->len[b];
	return uvs_spad_ptr(s->buf[b]);
}

/* Kernel runtime helpers (see kernel_rt.h). */
#include "kernel_rt.h"

/* Barrier words at the start of the launch's shared scratch. */
struct barrier {
	uint32_t count;		/* threads arrived in the current round */
	uint32_t round;		/* rounds completed */
};

void uvs_slice(uint64_t count, uint64_t granule, uint64_t *begin, uint64_t *end)
{
	const struct uvs_kernel_ctx *c = uvs_self();
	uint64_t n = c->nthreads ? c->nthreads : 1;
	uint64_t chunk = (count + n - 1) / n;
	uint64_t b, e;

	chunk = (chunk + granule - 1) & ~(granule - 1);
	b = chunk * c->thread;
	e = b + chunk;
	if (b > count)
		b = count;
	if (e > count)
		e = count;
	*begin = b;
	*end = e;
}

int uvs_barrier_unless(const uint32_t *stop)
{
	const struct uvs_kernel_ctx *c = uvs_self();
	struct barrier *bar = (struct barrier *)(uintptr_t)c->shared;
	uint32_t round;

	if (c->resident < c->nthreads)	/* the others start only as threads exit: never all here */
		uvs_kernel_exit(UVS_KERNEL_EXIT_NO_BARRIER);
	round = __atomic_load_n(&bar->round, __ATOMIC_ACQUIRE);

	if (__atomic_add_fetch(&bar->count, 1, __ATOMIC_ACQ_REL) == c->nthreads) {
		__atomic_store_n(&bar->count, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&bar->round, round + 1, __ATOMIC_RELEASE);
		return 0;
	}
	while (__atomic_load_n(&bar->round, __ATOMIC_ACQUIRE) == round)
		if (stop && __atomic_load_n(stop, __ATOMIC_ACQUIRE))
			return 1;
	return 0;
}

void uvs_barrier(void)
{
	(void)uvs_barrier_unless(0);
}

int uvs_args_have(const struct uvs_kernel_args *args, uint32_t n)
{
	return args->magic == UVS_KARGS_MAGIC && args->nargs >= n && n <= UVS_KARGS_MAX;
}

/* Tile runtime start (firmware/kernels/tile.c overrides it when linked). */
__attribute__((weak)) void uvs_tile_rt_start(void)
{
}

/*
 * Kernel order: per-thread memory ordering and LR/SC across a grid (issue
 * 6 grid test). Arguments: arg0 region address (8-byte aligned), arg1
 * region bytes, arg2 output struct grid_order_out (4-byte aligned).
 * Thread g owns words [g*W, (g+1)*W) of the region, W = bytes / 8 /
 * threads. For each word i it stores a stale value, then
 * grid_order_word(g, i), and loads it back (must see the second store),
 * and loads word i-1 (must still hold its final value); then it reads its
 * whole region back in order. Afterwards it adds 1 to out->counter
 * GRID_ORDER_LRSC times with lr.w/sc.w retry loops and, if every check
 * passed, counts itself in out->threads with amoadd.w.
 * Exit status 2 + (first failing word index, capped) on a mismatch.
 * Result value: failed store-conditionals of this thread.
 */
#include "grid.h"
#include "kernel_rt.h"

#define BAD(i) (2 + (int)((i) < 1000000 ? (i) : 1000000))

int kernel_main(const struct uvs_kernel_args *args)
{
	volatile uint64_t *w;
	struct grid_order_out *out;
	uint64_t per, retries = 0;
	uint32_t g = uvs_global_idx();

	if (!uvs_args_have(args, 3) || (args->arg[0] & 7) != 0 || (args->arg[2] & 3) != 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	out = (struct grid_order_out *)(uintptr_t)args->arg[2];
	per = args->arg[1] / 8 / uvs_nthreads();
	w = (volatile uint64_t *)(uintptr_t)args->arg[0] + (uint64_t)g * per;
	if (g == 0) {
		__atomic_store_n(&out->counter, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&out->threads, 0, __ATOMIC_RELAXED);
	}
	uvs_barrier();
	for (uint64_t i = 0; i < per; i++) {
		w[i] = ~grid_order_word(g, i);	/* stale value, overwritten next */
		w[i] = grid_order_word(g, i);
		if (w[i] != grid_order_word(g, i))
			return BAD(i);
		if (i > 0 && w[i - 1] != grid_order_word(g, i - 1))
			return BAD(i - 1);
	}
	for (uint64_t i = 0; i < per; i++)
		if (w[i] != grid_order_word(g, i))
			return BAD(i);
	for (unsigned k = 0; k < GRID_ORDER_LRSC; k++) {
		uint32_t fail;

		do {
			uint32_t v;

			__asm__ volatile("lr.w %0, (%2)\n\t"
					 "addiw %0, %0, 1\n\t"
					 "sc.w %1, %0, (%2)"
					 : "=&r"(v), "=&r"(fail)
					 : "r"(&out->counter)
					 : "memory");
			retries += fail != 0;
		} while (fail != 0);
	}
	__atomic_fetch_add(&out->threads, 1, __ATOMIC_RELAXED);
	uvs_set_result(retries);
	return UVS_KERNEL_EXIT_OK;
}

/*
 * Kernel storm (fault storm of issue 5): every thread faults continuously on
 * pages no other thread touches. The buffer (arg[0], arg[1] bytes, a
 * multiple of 4 KiB) is cut into blocks of arg[2] bytes (a multiple of
 * 4 KiB; 64 KiB = one migration unit of the default policy); thread t of N
 * takes blocks t, t + N, t + 2N, ... and, in every page of them, makes
 * word 1 = word 0 ^ arg[3] with AMOs (amoadd.d of 0 first, which faults,
 * then amoxor.d), so AMOs on faulting, replayed pages are checked too. So all threads start faulting at
 * once, each on its own pages, and keep faulting as they stride on.
 * Every thread adds its page count to the shared scratch with an AMO and
 * then counts itself done; thread 0 waits until all N are done and returns
 * the total (the host expects every page). No barrier: thread 0 stays
 * resident while it waits, so grids larger than the hardware threads (run
 * in waves) finish too.
 */
#include "kernel_rt.h"

struct storm_shared {
	uint64_t done;
	uint64_t pages;
};

int kernel_main(const struct uvs_kernel_args *args)
{
	struct storm_shared *sh = (struct storm_shared *)(uintptr_t)uvs_self()->shared;
	uint64_t bytes, block, magic, nblocks, pages = 0;
	uint32_t t = uvs_self()->thread, n = uvs_self()->nthreads;
	uint8_t *buf;

	if (!uvs_args_have(args, 4))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	buf = (uint8_t *)(uintptr_t)args->arg[0];
	bytes = args->arg[1];
	block = args->arg[2];
	magic = args->arg[3];
	if (block == 0 || (block & 4095) != 0 || (bytes & 4095) != 0 || ((uintptr_t)buf & 4095) != 0)
		return UVS_KERNEL_EXIT_BAD_ARGS;
	nblocks = (bytes + block - 1) / block;
	for (uint64_t b = t; b < nblocks; b += n) {
		for (uint64_t off = b * block; off < (b + 1) * block && off < bytes; off += 4096) {
			uint64_t *w = (uint64_t *)(buf + off);
			/* The page's first access is an AMO (amoadd.d of 0: a write
			 * access), so it is the AMO that parks and is replayed. */
			uint64_t x1 = __atomic_fetch_add(&w[1], 0, __ATOMIC_RELAXED);
			uint64_t x0 = __atomic_load_n(&w[0], __ATOMIC_RELAXED);

			__atomic_fetch_xor(&w[1], x1 ^ x0 ^ magic, __ATOMIC_RELAXED);
			pages++;
		}
	}
	__atomic_fetch_add(&sh->pages, pages, __ATOMIC_RELAXED);
	__atomic_fetch_add(&sh->done, 1, __ATOMIC_RELEASE);
	if (t == 0) {
		while (__atomic_load_n(&sh->done, __ATOMIC_ACQUIRE) < n)
			;
		uvs_set_result(__atomic_load_n(&sh->pages, __ATOMIC_RELAXED));
	}
	return UVS_KERNEL_EXIT_OK;
}

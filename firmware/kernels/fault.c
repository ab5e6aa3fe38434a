/*
 * Kernel fault: misbehaves on purpose, to test how launches end.
 * Arguments: arg[0] mode (FAULT_* below), arg[1] mode argument, arg[2]
 * index of the thread that misbehaves (UINT64_MAX = every thread); the
 * other threads exit with status 0 at once.
 */
#include "kernel_rt.h"
#include "tile.h"

enum {
	FAULT_ILLEGAL = 0,	/* execute the all-zero word (always illegal) */
	FAULT_LOAD = 1,		/* 8-byte load from address arg[1] */
	FAULT_STORE = 2,	/* 8-byte store to address arg[1] */
	FAULT_EBREAK = 3,	/* breakpoint */
	FAULT_SPIN = 4,		/* never end */
	FAULT_EXIT = 5,		/* exit with status arg[1] */
	FAULT_ECALL = 6,	/* ECALL with the unknown number a7 = arg[1] */
	FAULT_TILE_GATHER = 7,	/* tile gather of row 0 (64 bytes) of a 1-row table at arg[1], then wait */
	FAULT_TILE_INDEX = 8,	/* tile gather of row 1 of a 1-row table at arg[1] (index out of the table) */
	FAULT_TILE_ARGS = 9,	/* bad tile API calls; result = bit i set when check i got the wrong errno */
	FAULT_TILE_OUT = 10,	/* tile copy-out of 64 bytes to arg[1], then wait */
};

/* FAULT_TILE_ARGS: every bad-argument case of tile.h must be refused with its errno and queue nothing. */
static uint64_t tile_bad_args(void)
{
	static const uint64_t word[8] __attribute__((aligned(64)));
	uint32_t size = uvs_spad_size();
	uint64_t bad = 0;
	int64_t rc[8];

	rc[0] = uvs_tile_copy_in(0, word, 0);                   /* zero length */
	rc[1] = uvs_tile_copy_in(4, word, 64);                  /* unaligned scratchpad offset */
	rc[2] = uvs_tile_copy_in(0, (const char *)word + 4, 8); /* unaligned VA */
	rc[3] = uvs_tile_copy_in(size - 8, word, 64);           /* past the usable scratchpad */
	rc[4] = uvs_tile_copy2d_in(0, word, 0, 64, 64);         /* zero rows */
	rc[5] = uvs_tile_copy2d_in(0, word, 2, 12, 64);         /* row bytes not a multiple of 8 */
	rc[6] = uvs_tile_gather(0, word, 0, 64, 256, 1);        /* empty table */
	rc[7] = uvs_tile_gather(0, word, 8, 64, size - 4, 2);   /* index list past the scratchpad */
	static const int64_t want[8] = {-EINVAL, -EINVAL, -EINVAL, -ERANGE, -EINVAL, -EINVAL, -EINVAL, -ERANGE};
	for (unsigned i = 0; i < 8; i++)
		if (rc[i] != want[i])
			bad |= UINT64_C(1) << i;
	return bad;
}

int kernel_main(const struct uvs_kernel_args *args)
{
	uint64_t who;

	if (!uvs_args_have(args, 3))
		return UVS_KERNEL_EXIT_BAD_ARGS;
	who = args->arg[2];
	if (who != UINT64_MAX && who != uvs_self()->thread)
		return UVS_KERNEL_EXIT_OK;
	switch (args->arg[0]) {
	case FAULT_ILLEGAL:
		__asm__ volatile(".4byte 0x00000000" ::: "memory");
		break;
	case FAULT_LOAD:
		uvs_set_result(*(volatile uint64_t *)(uintptr_t)args->arg[1]);
		break;
	case FAULT_STORE:
		*(volatile uint64_t *)(uintptr_t)args->arg[1] = 0;
		break;
	case FAULT_EBREAK:
		__asm__ volatile("ebreak" ::: "memory");
		break;
	case FAULT_SPIN:
		for (;;)
			__asm__ volatile("" ::: "memory");
	case FAULT_EXIT:
		return (int)args->arg[1];
	case FAULT_ECALL: {
		register uint64_t a7 __asm__("a7") = args->arg[1];

		__asm__ volatile("ecall" : : "r"(a7) : "memory");
		break;
	}
	case FAULT_TILE_GATHER:
	case FAULT_TILE_INDEX: {
		volatile uint32_t *idx = uvs_spad_ptr(256);

		*idx = args->arg[0] == FAULT_TILE_INDEX;
		uvs_tile_wait(uvs_tile_gather(0, (const void *)(uintptr_t)args->arg[1], 1, 64, 256, 1));
		uvs_set_result(*(volatile uint64_t *)uvs_spad_ptr(0));
		break;
	}
	case FAULT_TILE_ARGS:
		uvs_set_result(tile_bad_args());
		break;
	case FAULT_TILE_OUT:
		uvs_tile_wait(uvs_tile_copy_out((void *)(uintptr_t)args->arg[1], 0, 64));
		break;
	default:
		return UVS_KERNEL_EXIT_BAD_ARGS;
	}
	return UVS_KERNEL_EXIT_OK;
}

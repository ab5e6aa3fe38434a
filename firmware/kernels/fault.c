/*
 * Kernel fault: misbehaves on purpose, to test how launches end.
 * Arguments: arg[0] mode (FAULT_* below), arg[1] mode argument, arg[2]
 * index of the thread that misbehaves (UINT64_MAX = every thread); the
 * other threads exit with status 0 at once.
 */
#include "kernel_rt.h"

enum {
	FAULT_ILLEGAL = 0,	/* execute the all-zero word (always illegal) */
	FAULT_LOAD = 1,		/* 8-byte load from address arg[1] */
	FAULT_STORE = 2,	/* 8-byte store to address arg[1] */
	FAULT_EBREAK = 3,	/* breakpoint */
	FAULT_SPIN = 4,		/* never end */
	FAULT_EXIT = 5,		/* exit with status arg[1] */
	FAULT_ECALL = 6,	/* ECALL with the unknown number a7 = arg[1] */
};

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
	default:
		return UVS_KERNEL_EXIT_BAD_ARGS;
	}
	return UVS_KERNEL_EXIT_OK;
}

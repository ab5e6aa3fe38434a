/* CLINT timer access (see clint.h). */
#include "clint.h"

#include <uvmsoc/memmap.h>

uint64_t uvs_clint_mtime(uintptr_t base)
{
	return *(volatile uint64_t *)(base + UVS_CLINT_MTIME_OFF);
}

void uvs_clint_set_mtimecmp(uintptr_t base, uint32_t hartid, uint64_t ticks)
{
	/* One 64-bit store: RV64 needs no low/high ordering dance. */
	*(volatile uint64_t *)(base + UVS_CLINT_MTIMECMP_OFF + 8u * hartid) = ticks;
}

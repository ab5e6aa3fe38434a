/*
 * CLINT (riscv,clint0) machine timer and software interrupts: mtime and
 * mtimecmp per the RISC-V Privileged spec 20211203, section 3.2.1; register
 * offsets from include/uvmsoc/memmap.def (UVS_CLINT_*_OFF).
 */
#ifndef UVS_CLINT_H
#define UVS_CLINT_H

#include <stdint.h>

/** Reads mtime of the CLINT at `base` (ticks of timebase-frequency). */
uint64_t uvs_clint_mtime(uintptr_t base);

/**
 * Sets hart `hartid`'s mtimecmp to `ticks`: its machine timer interrupt is
 * pending while mtime >= mtimecmp. UINT64_MAX disarms it.
 */
void uvs_clint_set_mtimecmp(uintptr_t base, uint32_t hartid, uint64_t ticks);

#endif /* UVS_CLINT_H */

/*
 * Kernel images built into the firmware (kimage_blobs.S), used by the
 * kernel self-tests: flat binaries linked at UVS_KERNEL_BASE
 * (firmware/kernels/kernel.ld.S), entry point at their first byte.
 */
#ifndef UVS_KERNEL_IMAGES_H
#define UVS_KERNEL_IMAGES_H

#include <stdint.h>

/**
 * Copies the built-in kernel image `name` ("memcpy", "fill", "crc32c",
 * "axpy", "fault") to UVS_KERNEL_BASE and makes it visible to instruction
 * fetch (fence.i on this hart; compute harts execute fence.i when they
 * enter a kernel). Returns its entry point, or 0 if there is no such image.
 */
uint64_t uvs_kimage_load(const char *name);

#endif /* UVS_KERNEL_IMAGES_H */

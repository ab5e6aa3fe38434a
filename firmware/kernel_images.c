/* Loader of the built-in kernel images (see kernel_images.h). */
#include "kernel_images.h"

#include <string.h>

#include <uvmsoc/kernel.h>

#define KIMAGE(n) extern const uint8_t uvs_kimage_##n[], uvs_kimage_##n##_end[]
KIMAGE(memcpy);
KIMAGE(fill);
KIMAGE(crc32c);
KIMAGE(axpy);
KIMAGE(fault);

static const struct {
	const char *name;
	const uint8_t *start;
	const uint8_t *end;
} images[] = {
	{ "memcpy", uvs_kimage_memcpy, uvs_kimage_memcpy_end },
	{ "fill", uvs_kimage_fill, uvs_kimage_fill_end },
	{ "crc32c", uvs_kimage_crc32c, uvs_kimage_crc32c_end },
	{ "axpy", uvs_kimage_axpy, uvs_kimage_axpy_end },
	{ "fault", uvs_kimage_fault, uvs_kimage_fault_end },
};

uint64_t uvs_kimage_load(const char *name)
{
	for (unsigned i = 0; i < sizeof(images) / sizeof(images[0]); i++) {
		size_t len = (size_t)(images[i].end - images[i].start);

		if (strcmp(images[i].name, name) != 0 || len == 0 || len > UVS_KERNEL_SIZE)
			continue;
		memcpy((void *)(uintptr_t)UVS_KERNEL_BASE, images[i].start, len);
		__asm__ volatile("fence.i" ::: "memory");
		return UVS_KERNEL_BASE;
	}
	return 0;
}

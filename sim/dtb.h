/*
 * Device tree blob checks (Devicetree Specification v0.4, chapter 5 "Flattened
 * Devicetree format"; docs/architecture.md, "Boot flow" step 3).
 */
#ifndef UVS_SIM_DTB_H
#define UVS_SIM_DTB_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * uvs_dtb_read_file - read the DTB file @path into a malloc'ed buffer.
 * @blob, @size: set to the buffer (free() it) and its length in bytes.
 * @err, @errlen: one-line reason on failure (names the file).
 * Returns 0, -ENOENT/-EACCES/-EIO (cannot open or read), -EFBIG (larger than
 * UVS_DTB_MAX_SIZE), -ENOMEM.
 */
int uvs_dtb_read_file(const char *path, void **blob, size_t *size, char *err, size_t errlen);

/**
 * uvs_dtb_check - check that the @size bytes at @blob are a well-formed
 * flattened device tree (libfdt fdt_check_header and fdt_check_full) of at
 * most UVS_DTB_MAX_SIZE bytes whose /cpus node has exactly @harts children
 * named cpu@*.
 * @name: how to call the blob in messages (file name or "default DTB").
 * Returns 0, or -EINVAL with a one-line reason in @err.
 */
int uvs_dtb_check(const void *blob, size_t size, unsigned harts, const char *name,
                  char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif

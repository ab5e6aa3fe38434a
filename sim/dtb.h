/*
 * Device tree blob checks (Devicetree Specification v0.4, chapter 5 "Flattened
 * Devicetree format"; docs/architecture.md, "Boot flow" step 3).
 */
#ifndef UVS_SIM_DTB_H
#define UVS_SIM_DTB_H

#include <stddef.h>
#include <stdint.h>

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

/**
 * uvs_dtb_add_devices - describe the run-time devices of the simulated board
 * in a copy of the DTB @in (Devicetree Specification v0.4: 2.3.6 "reg",
 * 3.4 /memory; include/uvmsoc/memmap.def for the addresses).
 * @host: a host link is attached (--host-socket): adds dma@10020000
 *        (compatible "uvmsoc,dma", reg UVS_DMA_BASE/SIZE) and
 *        hostif@10030000 (compatible "uvmsoc,hostif", reg UVS_HOSTIF_BASE/
 *        SIZE) under /soc (under / when the tree has no /soc); when the
 *        tree has a PLIC ("riscv,plic0") with a phandle, each gets
 *        interrupt-parent = the PLIC and interrupts = <PLIC_SRC_DMA> /
 *        <PLIC_SRC_HOSTIF> (include/uvmsoc/plic.def);
 * @hbm_size: populated HBM bytes; when non-zero adds /memory@1000000000
 *        (device_type "memory", reg UVS_HBM_BASE @hbm_size).
 * reg cells follow the parent's #address-cells / #size-cells. A node that
 * already exists (same name) is left as it is. The result is packed.
 * @out, @out_size: a malloc'ed copy (free() it) and its length in bytes.
 * Returns 0, -EINVAL (the input is not a valid DTB, or libfdt refuses an
 * edit) or -EFBIG (the result exceeds UVS_DTB_MAX_SIZE) or -ENOMEM, with a
 * one-line reason in @err.
 */
int uvs_dtb_add_devices(const void *in, int host, uint64_t hbm_size, void **out, size_t *out_size,
                        char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif

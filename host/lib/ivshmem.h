/*
 * The "ivshmem" backend's device names (backend_ivshmem.c). Kept out of the
 * CLI so that its --device parser only forwards "ivshmem:..." here.
 */
#ifndef UVMSOC_HOST_IVSHMEM_H
#define UVMSOC_HOST_IVSHMEM_H

#include <stddef.h>

/** Prefix of an ivshmem device string: "ivshmem:<PCI address|sysfs device dir|file>". */
#define UVS_IVSHMEM_PREFIX "ivshmem:"

/**
 * uvs_ivshmem_spec - the part after UVS_IVSHMEM_PREFIX of device string
 * @dev, or NULL when @dev does not name an ivshmem device.
 */
const char *uvs_ivshmem_spec(const char *dev);

/**
 * uvs_ivshmem_resolve - the file to map for ivshmem device @spec: a PCI
 * address ("0000:00:01.0" or "00:01.0", as /sys/bus/pci/devices names it) or
 * a sysfs device directory gives the directory's resource2_wc (resource2 when
 * there is no _wc file) after checking it is an ivshmem device (vendor 1af4,
 * device 1110) and enabling it through sysfs "enable" when no driver did
 * (memory decoding off: BAR reads return all ones); a regular file (the shared file itself, on the build
 * machine) is taken as it is. Writes the path to @out (@outlen bytes).
 * Errors: -EINVAL empty spec or neither a directory nor a file; -ENODEV no
 * such PCI device, not an ivshmem device, or no BAR2; -ENAMETOOLONG;
 * -errno of stat(). Sets uvs_last_error().
 */
int uvs_ivshmem_resolve(const char *spec, char *out, size_t outlen);

#endif

/*
 * vfio backend internals that need no device (unit-tested): the PCI
 * function's IOMMU group and driver in sysfs, and the group's viability.
 */
#ifndef UVMSOC_HOST_VFIO_H
#define UVMSOC_HOST_VFIO_H

/**
 * uvs_vfio_group_of - IOMMU group number of PCI function @bdf
 * ("dddd:bb:dd.f"), from @root/sys/bus/pci/devices/@bdf/iommu_group.
 * Errors with a detail: -ENOENT no such PCI function, -ENODEV it has no
 * IOMMU group (IOMMU off), or is not bound to vfio-pci (names the driver it
 * has and the bind commands).
 */
int uvs_vfio_group_of(const char *root, const char *bdf, int *group);

/**
 * uvs_vfio_group_viable - every device of IOMMU group @group is bound to
 * vfio-pci, or to no driver, or is a PCIe port (pcieport); the kernel
 * refuses the group otherwise. -EBUSY with a detail naming the first
 * device in the way and its driver.
 */
int uvs_vfio_group_viable(const char *root, int group);

#endif

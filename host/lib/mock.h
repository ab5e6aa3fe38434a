/*
 * The "mock" backend: an in-process fake uvmsoc device for unit tests.
 *
 * It models BAR0 (hostif.def) as registers in memory with their access
 * rules (RO, RW, W1C), the host DMA channel (dma.def) executing descriptors
 * at the doorbell against a host-memory arena and fake SRAM/HBM arrays, the
 * host queues with a stand-in firmware that answers HOSTQ_OP_NOP (and
 * -EOPNOTSUPP for other opcodes), MSIs per the hostif.def interrupt rules,
 * and a cycle clock: each BAR access costs 2 * link latency + 1 cycles, a DMA
 * descriptor latency + len / bandwidth cycles. There is no CPU: releasing
 * the management hart makes it "run" and, with fw_auto_ready, report READY.
 */
#ifndef UVMSOC_HOST_MOCK_H
#define UVMSOC_HOST_MOCK_H

#include <stddef.h>
#include <stdint.h>

#include <uvmsoc/uvmsoc.h>

/** Mock device parameters (struct uvs_open_opts.backend_arg); 0 fields take defaults. */
struct uvs_mock_config {
    size_t sram_size;      /**< default 1 MiB */
    size_t hbm_size;       /**< default 4 MiB */
    size_t hostmem_size;   /**< DMA-able host arena, default 8 MiB */
    uint64_t caps;         /**< default DMA | CMDQ | EVQ | MSI | HBM */
    unsigned msi_vectors;  /**< default 8 */
    int no_fw_ready;       /**< 1: the firmware never reports READY */
    uint32_t id;           /**< override HOSTIF_ID (0 = the right one) */
    uint32_t version;      /**< override HOSTIF_VERSION (0 = the right one) */
};

struct uvs_mock;

/** uvs_mock_of - the mock state behind @dev, or NULL when @dev is not a mock. */
struct uvs_mock *uvs_mock_of(struct uvs_dev *dev);

/** uvs_mock_raise_at - at device cycle @cycle, set interrupt causes @causes (HOSTIF_INT_*) as the device would. */
int uvs_mock_raise_at(struct uvs_mock *m, uint64_t cycle, uint32_t causes);

/** uvs_mock_devmem - CPU pointer to device memory [addr, addr+len) in fake SRAM/HBM, or NULL. */
uint8_t *uvs_mock_devmem(struct uvs_mock *m, uint64_t addr, size_t len);

/** uvs_mock_halt - make the management hart halt with exit status @status (HALTED, INT_MGMT_HALT). */
void uvs_mock_halt(struct uvs_mock *m, uint32_t status);

/** uvs_mock_fail_mmio - make the BAR access number @n from now (1 = next) fail with @err. */
void uvs_mock_fail_mmio(struct uvs_mock *m, unsigned n, int err);

/** uvs_mock_mmio_count - BAR accesses so far. */
uint64_t uvs_mock_mmio_count(const struct uvs_mock *m);

/** uvs_mock_corrupt_evq_tail - make the device publish an out-of-range EVQ_TAIL (error-path test). */
void uvs_mock_corrupt_evq_tail(struct uvs_mock *m, uint32_t tail);

#endif

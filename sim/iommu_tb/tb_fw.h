/*
 * uvmsoc IOMMU testbench: what the management firmware does with the IOMMU
 * (RISC-V IOMMU spec v1.0 chapters 2, 3, 5): device directory and device
 * contexts, page tables (privileged spec 4.4/4.5 PTEs), queue set-up,
 * commands, fault and page-request records. Every register access goes
 * through the MMIO port (and is compared with the model); every memory
 * store goes into both memory images.
 */
#ifndef UVS_IOMMU_TB_FW_H
#define UVS_IOMMU_TB_FW_H

#include <stdbool.h>
#include <stdint.h>

#include "tb.h"

/* PTE bits, written out from the privileged spec (4.4). */
#define PTE_V (1ULL << 0)
#define PTE_R (1ULL << 1)
#define PTE_W (1ULL << 2)
#define PTE_X (1ULL << 3)
#define PTE_U (1ULL << 4)
#define PTE_G (1ULL << 5)
#define PTE_A (1ULL << 6)
#define PTE_D (1ULL << 7)

/* Device-context tc bits (IOMMU spec 2.1.3 and uvmsoc's custom bits). */
#define TC_V (1ULL << 0)
#define TC_DTF (1ULL << 4)
#define TC_SADE (1ULL << 8)
#define TC_PRQ (1ULL << 24)
#define TC_ENS (1ULL << 25)
#define TC_SUM (1ULL << 26)
#define TC_PRQW (1ULL << 27)

/* Register offsets (IOMMU spec 5.1). */
enum {
    R_CAPS = 0x0, R_FCTL = 0x8, R_DDTP = 0x10, R_CQB = 0x18, R_CQH = 0x20, R_CQT = 0x24, R_FQB = 0x28,
    R_FQH = 0x30, R_FQT = 0x34, R_PQB = 0x38, R_PQH = 0x40, R_PQT = 0x44, R_CQCSR = 0x48, R_FQCSR = 0x4c,
    R_PQCSR = 0x50, R_IPSR = 0x54, R_ICVEC = 0x2f8,
};

/** Firmware-side state. */
struct tb_fw {
    unsigned ddtp_mode;     /**< UVS_IOMMU_DDTP_MODE_* */
    uint64_t ddt;           /**< root device-directory table */
    uint64_t cq, fq, pq;    /**< queue bases */
    unsigned cq_lsz, fq_lsz, pq_lsz; /**< LOG2SZ-1 of each queue */
    uint32_t fq_head, pq_head;
};

/**
 * Allocate the queues (2^(lsz+1) entries each) and the root directory,
 * program ddtp (mode), cqb/fqb/pqb, enable the three queues with their
 * interrupts. Returns 0 or -1.
 */
int tb_fw_setup(struct tb *tb, struct tb_fw *fw, unsigned ddtp_mode, unsigned cq_lsz, unsigned fq_lsz,
                unsigned pq_lsz);
/** Write the device context of did (creating directory levels as needed). Returns 0 or -1. */
int tb_fw_dc(struct tb *tb, struct tb_fw *fw, uint32_t did, uint64_t tc, uint64_t iohgatp, uint64_t ta,
             uint64_t fsc);
/** Device context of a Sv39/Sv48 (mode 8/9) or Bare (0) space rooted at root_pa. */
int tb_fw_dc_simple(struct tb *tb, struct tb_fw *fw, uint32_t did, uint64_t tc, uint32_t pscid, unsigned mode,
                    uint64_t root_pa);

/**
 * Map iova in the table rooted at root_pa (levels 3 = Sv39, 4 = Sv48) with a
 * leaf PTE at leaf_level holding pa's PPN and flags (V added); missing
 * tables are allocated. Returns the leaf PTE's address, 0 on failure.
 */
uint64_t tb_map(struct tb *tb, uint64_t root_pa, int levels, uint64_t iova, uint64_t pa, int leaf_level,
                uint64_t flags);
/** Address of the PTE the walk reads at level for iova (0 if a table above is missing). */
uint64_t tb_pte_addr(struct tb *tb, uint64_t root_pa, int levels, uint64_t iova, int level);

/** Append a command (raw doublewords) to the command queue and ring cqt. Returns 0 or -1. */
int tb_fw_cmd_raw(struct tb *tb, struct tb_fw *fw, uint64_t dw0, uint64_t dw1);
/** Append an encoded command. Returns 0 or -1. */
int tb_fw_cmd(struct tb *tb, struct tb_fw *fw, const struct uvs_iommu_cmd *c);
/**
 * Wait until the command queue is empty (cqh == cqt) or stopped by an error
 * bit. Returns cqcsr, or -1.
 */
int64_t tb_fw_cmd_sync(struct tb *tb, struct tb_fw *fw, uint64_t max_cycles);

/** Pop the next fault record (compared with the model's copy). Returns 1, 0 when empty, -1. */
int tb_fw_fq_pop(struct tb *tb, struct tb_fw *fw, struct uvs_iommu_fault_rec *rec);
/** Pop the next page-request record (compared with the model's copy). Returns 1, 0, -1. */
int tb_fw_pq_pop(struct tb *tb, struct tb_fw *fw, struct uvs_iommu_page_req *rec);
/** PAGE_REPLAY command for (did, prgi) with response resp. Returns 0 or -1. */
int tb_fw_replay(struct tb *tb, struct tb_fw *fw, uint32_t did, unsigned prgi, unsigned resp);

/** Read every register and compare it with the model (tb_reg_read does). Returns 0 or -1. */
int tb_fw_check_regs(struct tb *tb);

#endif

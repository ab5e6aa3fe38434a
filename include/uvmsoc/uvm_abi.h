/*
 * Unified-memory records (include/uvmsoc/uvm.def): the host fault-queue
 * record, the fault-queue control block and the firmware statistics block.
 * Sizes and offsets are checked at compile time against the generated
 * <uvmsoc/uvm.h>. Little-endian, like every uvmsoc record. Used by the
 * firmware (firmware/faultfwd.c, firmware/pcache.c) and the host
 * (host/lib/uvm_fault.c).
 */
#ifndef UVMSOC_UVM_ABI_H
#define UVMSOC_UVM_ABI_H

#include <stddef.h>
#include <stdint.h>
#include <uvmsoc/uvm.h>

/** One coalesced page request, as the host reads it from its fault queue (32 bytes). */
struct uvs_uvm_frec {
    uint32_t did;    /**< device context (device_id) */
    uint32_t pid;    /**< process_id when flags & UVM_FREC_F_PV */
    uint64_t page;   /**< page virtual address, 4 KiB aligned */
    uint16_t prgi;   /**< page-request group index to replay */
    uint8_t access;  /**< UVM_ACC_* */
    uint8_t flags;   /**< UVM_FREC_F_* */
    uint16_t dups;   /**< duplicates coalesced into this record */
    uint16_t rsvd;   /**< reserved, 0 */
    uint64_t cycle;  /**< device cycle of the first request */
};

/** Fault-queue control block in host memory (64 bytes). */
struct uvs_uvm_fqctl {
    uint32_t tail;      /**< device: next record produced */
    uint32_t head;      /**< host: next record consumed */
    uint32_t flags;     /**< device: UVM_FQCTL_F_* */
    uint32_t log2sz;    /**< device: ring LOG2SZ */
    uint64_t records;   /**< device: records written */
    uint64_t batches;   /**< device: batches (MSIs) */
    uint64_t overflows; /**< device: batches that found the ring full */
    uint64_t rsvd[3];   /**< reserved, 0 */
};

/** Firmware unified-memory counters (UVM_OP_STATS), UVM_FWSTATS_SIZE bytes. */
struct uvs_uvm_fw_stats {
    uint64_t page_requests; /**< page-request records drained */
    uint64_t coalesced;     /**< of which folded into another record */
    uint64_t forwarded;     /**< host fault records written */
    uint64_t batches;       /**< batches (MSIs) */
    uint64_t overflows;     /**< batches that found the host ring full */
    uint64_t replays;       /**< PAGE_REPLAY commands issued */
    uint64_t bad_records;   /**< malformed page-request records skipped */
    uint64_t frames_total;  /**< HBM frames managed */
    uint64_t frames_free;   /**< HBM frames free now */
    uint64_t allocs;        /**< pages given frames */
    uint64_t superpages;    /**< 2 MiB units mapped as one superpage */
    uint64_t evictions;     /**< pages evicted (superpage = 512) */
    uint64_t writebacks;    /**< pages written back to host memory */
    uint64_t pre_evictions; /**< pages evicted to keep the free reserve */
    uint64_t a_cleared;     /**< accessed bits cleared by the CLOCK hand */
    uint64_t copy_cycles;   /**< device cycles from the first copy of a UVM_OP_BATCH to its last completion, summed (link utilisation during migration) */
    /** Fault-to-replay latency of every answered host record (page-request group leader): device cycles from
     *  the firmware draining its page request to its PAGE_REPLAY, counted in bucket uvs_uvm_f2r_bucket(cycles). */
    uint32_t f2r_hist[UVS_UVM_F2R_BUCKETS];
    /** Device cycle (cycle CSR) of each step of the last fault forwarding (UVM_STEP_DRAIN, _SENT) and of the
     *  last UVM_OP_BATCH (UVM_STEP_CMD .. _DONE), indexed by UVM_STEP_*; 0 = not reached yet. For one isolated
     *  fault they break its fault-to-replay time down (docs/benchmarks.md, issue 14). */
    uint64_t steps[UVS_UVM_FW_STEPS];
    /** Of replays, PAGE_REPLAYs issued as soon as the unit holding the group's page was mapped, before the rest
     *  of its UVM_OP_BATCH was done (early replays: firmware/uvm_dev.c complete_inflight). */
    uint64_t early_replays;
};

/**
 * uvs_uvm_f2r_bucket - histogram bucket of a fault-to-replay latency of
 * @cycles device cycles: 0..3 exactly, then 4 buckets per power of two
 * (each a quarter of it: at most 25 % wide, bucket 4(e-1)+m holds
 * [(4+m)2^(e-2), (5+m)2^(e-2)) for e = floor(log2 cycles)), the last,
 * UVM_F2R_BUCKETS - 1, everything from its lower bound up.
 */
static inline unsigned uvs_uvm_f2r_bucket(uint64_t cycles)
{
    if (cycles < 4)
        return (unsigned)cycles;
    unsigned e = 2; /* floor(log2 cycles), without libgcc's clz (the firmware links no libgcc) */
    while (e < 63u && (cycles >> (e + 1u)) != 0)
        e++;
    unsigned b = 4u * (e - 1u) + (unsigned)((cycles >> (e - 2u)) & 3u);
    return b < UVS_UVM_F2R_BUCKETS ? b : UVS_UVM_F2R_BUCKETS - 1u;
}

/** uvs_uvm_f2r_bucket_lo - least latency (device cycles) of bucket @b (< UVM_F2R_BUCKETS) of uvs_uvm_f2r_bucket. */
static inline uint64_t uvs_uvm_f2r_bucket_lo(unsigned b)
{
    if (b < 4)
        return b;
    return (uint64_t)(4u + (b & 3u)) << (b / 4u - 1u);
}

/** One unit of a UVM_OP_BATCH array (32 bytes); status, copied, result written by the device. */
struct uvs_uvm_bunit {
    uint32_t did;     /**< device context */
    uint16_t pages;   /**< 1, 16 or 512 */
    uint8_t action;   /**< UVM_BA_* */
    uint8_t flags;    /**< UVM_BU_F_* */
    uint64_t va;      /**< first page, aligned to the unit */
    uint64_t bus;     /**< host bus address of the first page */
    int32_t status;   /**< device: 0 or a negative Linux errno */
    uint16_t copied;  /**< device: pages copied into HBM */
    uint8_t result;   /**< device: UVM_BU_R_* */
    uint8_t rsvd;     /**< reserved, 0 */
};

/** One group to answer in a UVM_OP_BATCH (8 bytes). */
struct uvs_uvm_breplay {
    uint32_t did;  /**< device context */
    uint16_t prgi; /**< page-request group index */
    uint8_t resp;  /**< IOMMU_PRG_RESP_* */
    uint8_t rsvd;  /**< reserved, 0 */
};

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "uvmsoc record structs assume a little-endian machine"
#endif
_Static_assert(sizeof(struct uvs_uvm_frec) == UVS_UVM_FREC_SIZE, "frec size");
_Static_assert(offsetof(struct uvs_uvm_frec, did) == UVS_UVM_FREC_DID_OFF, "frec did");
_Static_assert(offsetof(struct uvs_uvm_frec, pid) == UVS_UVM_FREC_PID_OFF, "frec pid");
_Static_assert(offsetof(struct uvs_uvm_frec, page) == UVS_UVM_FREC_PAGE_OFF, "frec page");
_Static_assert(offsetof(struct uvs_uvm_frec, prgi) == UVS_UVM_FREC_PRGI_OFF, "frec prgi");
_Static_assert(offsetof(struct uvs_uvm_frec, access) == UVS_UVM_FREC_ACCESS_OFF, "frec access");
_Static_assert(offsetof(struct uvs_uvm_frec, flags) == UVS_UVM_FREC_FLAGS_OFF, "frec flags");
_Static_assert(offsetof(struct uvs_uvm_frec, dups) == UVS_UVM_FREC_DUPS_OFF, "frec dups");
_Static_assert(offsetof(struct uvs_uvm_frec, rsvd) == UVS_UVM_FREC_RSVD_OFF, "frec rsvd");
_Static_assert(offsetof(struct uvs_uvm_frec, cycle) == UVS_UVM_FREC_CYCLE_OFF, "frec cycle");
_Static_assert(sizeof(struct uvs_uvm_fqctl) == UVS_UVM_FQCTL_SIZE, "fqctl size");
_Static_assert(offsetof(struct uvs_uvm_fqctl, tail) == UVS_UVM_FQCTL_TAIL_OFF, "fqctl tail");
_Static_assert(offsetof(struct uvs_uvm_fqctl, head) == UVS_UVM_FQCTL_HEAD_OFF, "fqctl head");
_Static_assert(offsetof(struct uvs_uvm_fqctl, flags) == UVS_UVM_FQCTL_FLAGS_OFF, "fqctl flags");
_Static_assert(offsetof(struct uvs_uvm_fqctl, log2sz) == UVS_UVM_FQCTL_LOG2SZ_OFF, "fqctl log2sz");
_Static_assert(offsetof(struct uvs_uvm_fqctl, records) == UVS_UVM_FQCTL_RECORDS_OFF, "fqctl records");
_Static_assert(offsetof(struct uvs_uvm_fqctl, batches) == UVS_UVM_FQCTL_BATCHES_OFF, "fqctl batches");
_Static_assert(offsetof(struct uvs_uvm_fqctl, overflows) == UVS_UVM_FQCTL_OVERFLOWS_OFF, "fqctl overflows");
_Static_assert(sizeof(struct uvs_uvm_fw_stats) == UVS_UVM_FWSTATS_SIZE, "fw stats size");

_Static_assert(sizeof(struct uvs_uvm_bunit) == UVS_UVM_BU_SIZE, "bunit size");
_Static_assert(offsetof(struct uvs_uvm_bunit, did) == UVS_UVM_BU_DID_OFF, "bunit did");
_Static_assert(offsetof(struct uvs_uvm_bunit, pages) == UVS_UVM_BU_PAGES_OFF, "bunit pages");
_Static_assert(offsetof(struct uvs_uvm_bunit, action) == UVS_UVM_BU_ACTION_OFF, "bunit action");
_Static_assert(offsetof(struct uvs_uvm_bunit, flags) == UVS_UVM_BU_FLAGS_OFF, "bunit flags");
_Static_assert(offsetof(struct uvs_uvm_bunit, va) == UVS_UVM_BU_VA_OFF, "bunit va");
_Static_assert(offsetof(struct uvs_uvm_bunit, bus) == UVS_UVM_BU_BUS_OFF, "bunit bus");
_Static_assert(offsetof(struct uvs_uvm_bunit, status) == UVS_UVM_BU_STATUS_OFF, "bunit status");
_Static_assert(offsetof(struct uvs_uvm_bunit, copied) == UVS_UVM_BU_COPIED_OFF, "bunit copied");
_Static_assert(offsetof(struct uvs_uvm_bunit, result) == UVS_UVM_BU_RESULT_OFF, "bunit result");
_Static_assert(offsetof(struct uvs_uvm_bunit, rsvd) == UVS_UVM_BU_RSVD_OFF, "bunit rsvd");
_Static_assert(sizeof(struct uvs_uvm_breplay) == UVS_UVM_BR_SIZE, "breplay size");
_Static_assert(offsetof(struct uvs_uvm_breplay, did) == UVS_UVM_BR_DID_OFF, "breplay did");
_Static_assert(offsetof(struct uvs_uvm_breplay, prgi) == UVS_UVM_BR_PRGI_OFF, "breplay prgi");
_Static_assert(offsetof(struct uvs_uvm_breplay, resp) == UVS_UVM_BR_RESP_OFF, "breplay resp");
_Static_assert(offsetof(struct uvs_uvm_breplay, rsvd) == UVS_UVM_BR_RSVD_OFF, "breplay rsvd");

#endif

/*
 * uvmsoc-sim memory: BOOTROM, populated SRAM and HBM as seen by the harts' bus
 * ports (docs/architecture.md, "Memory map", "On-chip bus"), including the
 * atomics performed at the memory (RISC-V unprivileged spec, chapter 8 "A"
 * extension: LR/SC and AMOs) and the HTIF tohost word.
 */
#ifndef UVS_SIM_MEM_H
#define UVS_SIM_MEM_H

#include <stdbool.h>
#include <stdint.h>
#include <uvmsoc/memmap.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Most bus ports: a fetch port and a data port per hart (2 * hart + 0/1),
 * then the IOMMU's memory master (UVS_MEM_PORT_IOMMU, memmap.def; odd, so
 * it is a data port) and one spare fetch slot.
 */
#define UVS_MEM_MAX_PORTS (2 * UVS_MAX_HARTS + 2)

/**
 * Bus ids (tagged bus, docs/architecture.md "Tagged bus") a port may use:
 * the most hardware threads of a multithreaded hart (mt.def MT_THREADS_MAX).
 * Untagged ports use id 0.
 */
#define UVS_MEM_MAX_IDS 64

/**
 * Reservation slots: one per requester (port, id), slot = id *
 * UVS_MEM_MAX_PORTS + port, so id 0 is the port's own slot.
 */
#define UVS_MEM_MAX_RESV (UVS_MEM_MAX_PORTS * UVS_MEM_MAX_IDS)

/** One LR reservation: the 8-byte granule `addr & ~7` (bus.def). */
struct uvs_resv {
    uint64_t granule;
    bool valid;
    uint16_t live_idx; /**< position in uvs_mem.live while valid */
};

/** The memory seen by all bus ports. */
struct uvs_mem {
    uint8_t rom[UVS_BOOTROM_SIZE];          /**< BOOTROM, read-only to the harts */
    uint8_t *sram;                          /**< populated SRAM at UVS_SRAM_BASE */
    uint64_t sram_size;                     /**< bytes of populated SRAM */
    uint8_t *hbm;                           /**< populated HBM at UVS_HBM_BASE (NULL = none) */
    uint64_t hbm_size;                      /**< bytes of populated HBM (0 = none) */
    uint8_t *host;                          /**< host memory behind HOSTWIN (NULL = none) */
    uint64_t host_bus, host_size;           /**< its host bus address and size (bytes) */
    struct uvs_resv resv[UVS_MEM_MAX_RESV]; /**< reservation per requester (port, id) */
    uint16_t live[UVS_MEM_MAX_RESV];        /**< slots of the valid reservations */
    unsigned nresv;                         /**< valid reservations (entries of live) */
    uint8_t *spad;                          /**< scratchpads of harts 1..spad_harts-1, spad_size bytes each (NULL = none) */
    uint64_t spad_size;                     /**< populated bytes per scratchpad (tile.def) */
    unsigned spad_harts;                    /**< harts counted (management hart 0 has none) */
    uint64_t tohost;                        /**< address of `tohost`, 0 = none */
    bool tohost_written;                    /**< set by any store to the tohost doubleword */
    uint64_t tohost_value;                  /**< the doubleword after that store */
};

/**
 * uvs_mem_init - set up an empty memory (ROM and SRAM zeroed, no
 * reservations, no tohost).
 * @sram_size: populated SRAM in bytes, a multiple of 8, 1..UVS_SRAM_SIZE.
 * Returns 0, -EINVAL for a bad size, -ENOMEM when it cannot be allocated.
 */
int uvs_mem_init(struct uvs_mem *m, uint64_t sram_size);

/** uvs_mem_fini - release what uvs_mem_init and uvs_mem_hbm_init allocated. */
void uvs_mem_fini(struct uvs_mem *m);

/**
 * uvs_mem_set_host - back the host window (memmap.def HOSTWIN) with @size
 * bytes at @p, host bus addresses [@bus, @bus + @size): a memory-port
 * access to HOSTWIN_BASE + bus then reads or writes p[bus - @bus]; outside
 * that range (or with @p NULL) it is a bus error.
 */
void uvs_mem_set_host(struct uvs_mem *m, uint8_t *p, uint64_t bus, uint64_t size);

/** Smallest and largest populated HBM (bytes) uvs_mem_hbm_init accepts. */
#define UVS_MEM_HBM_MIN (UVS_U64(64) << 10)
#define UVS_MEM_HBM_MAX (UVS_U64(64) << 30)

/**
 * uvs_mem_hbm_init - populate @size bytes of HBM at UVS_HBM_BASE, zeroed.
 * The memory is reserved lazily (mmap MAP_NORESERVE): pages cost host RAM
 * only once written, so a 4 GiB HBM is cheap until used.
 * @size: 0 (no HBM: the window answers bus errors) or a multiple of 4096 in
 * UVS_MEM_HBM_MIN..UVS_MEM_HBM_MAX.
 * Returns 0, -EINVAL for a bad size, -ENOMEM when it cannot be mapped.
 */
int uvs_mem_hbm_init(struct uvs_mem *m, uint64_t size);

/**
 * uvs_mem_spad_init - populate the scratchpads (memmap.def SPAD, tile.def)
 * of compute harts 1..@harts-1, @size bytes each, zeroed: a data-port
 * access of hart h to SPAD_BASE + h * TILE_SPAD_STRIDE + off (off < @size)
 * reaches its own; hart 0's data port reaches every one; anything else
 * there is a bus error. @harts <= 1 or @size 0: none.
 * @size: a multiple of 4096, at most TILE_SPAD_STRIDE.
 * Returns 0, -EINVAL for a bad size, -ENOMEM.
 */
int uvs_mem_spad_init(struct uvs_mem *m, unsigned harts, uint64_t size);

/**
 * uvs_mem_spad - host pointer to byte @off of hart @hart's scratchpad when
 * [@off, @off + @len) lies inside it, else NULL.
 */
uint8_t *uvs_mem_spad(struct uvs_mem *m, unsigned hart, uint64_t off, uint64_t len);

/**
 * uvs_mem_clear - power-on contents: BOOTROM, SRAM and HBM zeroed (HBM pages
 * are returned to the host with madvise(MADV_DONTNEED), which zeroes them),
 * scratchpads zeroed, reservations dropped. tohost is kept.
 */
void uvs_mem_clear(struct uvs_mem *m);

/**
 * uvs_mem_ptr - host pointer to the bus byte range [addr, addr + len) when
 * it lies entirely inside BOOTROM, populated SRAM or populated HBM (for the
 * loader). Returns NULL otherwise (also for len 0 or an overflowing range).
 */
uint8_t *uvs_mem_ptr(struct uvs_mem *m, uint64_t addr, uint64_t len);

/**
 * uvs_mem_dev_ptr - like uvs_mem_ptr, but only device memory a DMA engine
 * may use: populated SRAM or HBM (docs: dma.def "Device address").
 * @bad: if not NULL and the result is NULL, receives the first byte of the
 * range that is not device memory (the range's end inside a region, else @addr).
 */
uint8_t *uvs_mem_dev_ptr(struct uvs_mem *m, uint64_t addr, uint64_t len, uint64_t *bad);

/**
 * uvs_mem_host_ptr - host pointer to the bus byte range [addr, addr + len)
 * of the host window (memmap.def HOSTWIN: host bus address addr -
 * HOSTWIN_BASE) when it lies entirely in the host memory uvs_mem_set_host
 * gave; NULL otherwise (also for len 0, or no host memory).
 */
uint8_t *uvs_mem_host_ptr(const struct uvs_mem *m, uint64_t addr, uint64_t len);

/** uvs_mem_is_hbm - 1 when @addr is in populated HBM. */
int uvs_mem_is_hbm(const struct uvs_mem *m, uint64_t addr);

/**
 * uvs_mem_access - one bus access (docs/architecture.md, "On-chip bus").
 * @port:  2 * hart + (0 fetch, 1 data), or UVS_MEM_PORT_IOMMU (a data
 *         port with its own reservation), < UVS_MEM_MAX_PORTS.
 * @addr:  byte address; fetch: 4-byte aligned, data: any byte of the word.
 * @we:    write (plain store); ignored for LR, SC and AMOs.
 * @be:    byte enables within the aligned 8-byte word `addr & ~7`.
 * @wdata: store/AMO operand in its byte lanes.
 * @amo:   UVS_AMO_* (bus.def); AMOs need be 0x0f, 0xf0 (32-bit) or 0xff.
 * @rdata: fetch: the 32-bit instruction in bits 31:0; data: the aligned
 *         word before the access; SC: 0 on success, 1 on failure.
 * LR reserves the granule for @port; SC succeeds only with that reservation
 * and clears it; any store, successful SC or AMO clears the reservations of
 * the other ports on the same granule. Any store to the `tohost`
 * doubleword sets tohost_written (HTIF, as Spike).
 * Returns 0, or -EFAULT (bus error: outside BOOTROM/populated SRAM, a write
 * or atomic to BOOTROM, a misaligned fetch) or -EINVAL (bad port, operation
 * or byte enables); the caller answers both with a bus error.
 */
int uvs_mem_access(struct uvs_mem *m, unsigned port, uint64_t addr, bool we,
                   uint8_t be, uint64_t wdata, unsigned amo, uint64_t *rdata);

/**
 * uvs_mem_access_id - uvs_mem_access for requester (@port, @id) of a tagged
 * port (docs/architecture.md, "Tagged bus"): LR/SC reservations are kept
 * per (port, id); a store, successful SC or AMO clears every other
 * requester's reservation on the granule. Id 0 is the untagged requester,
 * so uvs_mem_access(m, port, ...) == uvs_mem_access_id(m, port, 0, ...).
 * @id: bus id, < UVS_MEM_MAX_IDS. Returns as uvs_mem_access; -EINVAL also
 * for a bad id.
 */
int uvs_mem_access_id(struct uvs_mem *m, unsigned port, unsigned id, uint64_t addr, bool we,
                      uint8_t be, uint64_t wdata, unsigned amo, uint64_t *rdata);

#ifdef __cplusplus
}
#endif
#endif

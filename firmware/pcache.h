/*
 * HBM page cache (DESIGN.md section 3, issue 5): the firmware's view of
 * which host pages live in which HBM frame.
 *
 * - Frames: the 4 KiB frames of one HBM range. Per-frame state lives in
 *   caller-provided metadata memory (uvs_pcache_meta_bytes(); the firmware
 *   puts it in HBM, tests in a heap buffer). All-zero metadata is the empty
 *   cache, so set-up is one zeroing of it (the firmware's DMA engine does
 *   that; cfg.meta_zeroed) and costs nothing per frame. No allocation, no
 *   stdio.
 * - Directory: open-addressing hash (linear probing, backward-shift delete)
 *   keyed by (device context, page VA, level): level 0 = a 4 KiB page,
 *   level 1 = a 2 MiB superpage.
 * - Replacement: CLOCK over the frames. The hand reads the accessed (A) bit
 *   of the frame's leaf PTE (RISC-V privileged spec 20211203, 4.3.1: A and D
 *   are set by the IOMMU's walker); a set A is cleared atomically and the
 *   frame gets a second chance, a clear A makes it the victim.
 * - Dirty tracking: the leaf PTE is swapped to 0 atomically when a page is
 *   evicted; its D bit says whether a write-back is needed.
 * - Reserve: uvs_pcache_maintain() pre-evicts until `reserve` frames are free.
 * - Victim order (uvs_pcache_set_policy, uvm.def UVM_EVICT_*): CLOCK as
 *   above (the default); CLOCK_CLEAN: CLOCK whose hand passes over a dirty
 *   candidate (A clear, D set) for up to an eighth of the frames further: a
 *   clean candidate in that window is the victim (no write-back), else the
 *   first dirty one; LRA_CHUNK: the 2 MiB HBM region (root
 *   chunk) whose first frame was allocated longest ago (stamped when the
 *   region goes from empty to used) is the victim, whole when the action
 *   array has room for 512 pages (UVS_PCACHE_ACTIONS_FOR(512)), else page by
 *   page in frame order (it stays the oldest until it is empty); A bits are
 *   not consulted (NVIDIA UVM evicts by allocation order, not access).
 * - Migration units: 1, 16 or 512 pages (4 KiB, 64 KiB, 2 MiB), VA aligned
 *   to the unit. A 512-page unit becomes one 2 MiB superpage (level-1 leaf,
 *   PPN 2 MiB aligned, one directory entry, evicted as a whole) when the
 *   caller allows it, a 2 MiB-aligned run of frames can be found free or
 *   made free, and the level-1 slot holds no page-table pointer; otherwise it
 *   is 32 units of 64 KiB. A 64 KiB unit (or 64 KiB piece of a 512-page
 *   unit) is one "big unit" when a free run of 16 frames, 64 KiB aligned in
 *   the device address space, exists: one directory entry (level
 *   UVS_PCACHE_LVL_BIG), one copy, its 16 level-0 PTEs written in one loop
 *   (one walk with cfg.pte_contig), one CLOCK entry (young when any page's A
 *   is set), evicted as a whole (one INVAL of 64 KiB, written back whole when
 *   any page's D is set, one NOTICE). Without such a run (fragmented frames)
 *   it is 16 independent 4 KiB pages on any frames. A 4 KiB unit is one page.
 *   Bookkeeping is per unit: the management hart's cost per migrated page
 *   bounds migration (docs/benchmarks.md, issue 13).
 *
 * Concurrency: PTEs are shared with the IOMMU's hardware walker, which sets
 * A/D by compare-and-swap; this module only clears bits with atomic AND and
 * removes PTEs with atomic exchange, so no A/D update is lost.
 *
 * Actions: calls that evict return a list of actions that the caller must
 * carry out before it writes into any frame the call returned and before it
 * calls uvs_pcache_alloc() again. For each victim, in this order:
 * UVS_PCACHE_ACT_INVAL (IOTINVAL.VMA for the page, then IOFENCE.C before the
 * write-back: IOMMU spec 3.1.1/3.1.2), UVS_PCACHE_ACT_WRITEBACK (only when
 * the PTE's D bit was set: DMA the frame to host memory) and
 * UVS_PCACHE_ACT_NOTICE (eviction notice to the host, uvm.def
 * UVM_EVT_EVICT). A caller may batch: every INVAL, one IOFENCE.C, every
 * WRITEBACK, every NOTICE. UVS_PCACHE_ACT_INVAL_ALL (bytes = 0) asks for one
 * IOTINVAL.VMA of the whole address space after A bits were cleared, so that
 * the IOTLB does not hide later accesses (cfg.inval_on_a_clear).
 */
#ifndef UVS_PCACHE_H
#define UVS_PCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define UVS_PCACHE_PAGE 4096u               /**< frame and base-page size, bytes */
#define UVS_PCACHE_SUPER_PAGES 512u         /**< 4 KiB pages in a 2 MiB superpage */
#define UVS_PCACHE_SUPER (UVS_PCACHE_PAGE * UVS_PCACHE_SUPER_PAGES) /**< 2 MiB */
#define UVS_PCACHE_BIG_PAGES 16u            /**< 4 KiB pages in a 64 KiB big unit */
#define UVS_PCACHE_F_SUPER_OK 0x1u          /**< alloc flag: a 512-page unit may be a superpage */
#define UVS_PCACHE_MAP_ACCESSED 0x1u        /**< map flag: install the PTEs with A set (one CLOCK revolution of grace) */
#define UVS_PCACHE_MAP_READONLY 0x2u        /**< map flag: PTEs without W (read-mostly duplicate; a device write raises a write-permission page request, tc.UVS_PRQW) */

/** Action-array entries enough for any one call on a unit of npages. */
#define UVS_PCACHE_ACTIONS_FOR(npages) (3u * (npages) + 2u)

/** PTE access for the cache: where the leaf PTEs are. */
struct uvs_pcache_pte_ops {
    /**
     * Pointer to the leaf PTE slot of (did, va) at level 0 (4 KiB) or 1
     * (2 MiB), building missing page tables when `create`. NULL when the
     * slot does not exist (and !create), when `create` finds no table memory,
     * or when a level-0 slot is asked under a level-1 leaf.
     */
    uint64_t *(*slot)(void *ctx, uint32_t did, uint64_t va, unsigned level, bool create);
};

/** Page-cache configuration. */
struct uvs_pcache_cfg {
    uint64_t frame_base;   /**< device address of the first frame, 4 KiB aligned */
    uint64_t frame_bytes;  /**< bytes of frames, a nonzero multiple of 4 KiB */
    uint32_t reserve;      /**< frames uvs_pcache_maintain() keeps free */
    bool inval_on_a_clear; /**< emit UVS_PCACHE_ACT_INVAL_ALL after clearing A bits */
    const struct uvs_pcache_pte_ops *pte; /**< PTE slots */
    void *pte_ctx;         /**< passed to pte->slot */
    void *meta;            /**< metadata memory, 8-byte aligned */
    size_t meta_bytes;     /**< its size, at least uvs_pcache_meta_bytes(frame_bytes) */
    bool meta_zeroed;      /**< the first uvs_pcache_meta_bytes() bytes of meta are zero already (no set-up pass) */
    bool pte_contig;       /**< level-0 slots of one 2 MiB block are one array: slot(va) + k is slot(va + k * 4 KiB) (one walk per 64 KiB unit) */
};

/** Unit kinds (struct uvs_pcache_frame.super of a head frame; also the directory key's level). */
enum uvs_pcache_level {
    UVS_PCACHE_LVL_PAGE = 0,  /**< one 4 KiB page, one level-0 PTE */
    UVS_PCACHE_LVL_SUPER = 1, /**< 2 MiB superpage, one level-1 leaf PTE */
    UVS_PCACHE_LVL_BIG = 2,   /**< 64 KiB big unit: 16 contiguous frames, 16 level-0 PTEs, one directory entry */
};

/** What the caller must do for a victim (see the file comment). */
enum uvs_pcache_act_kind {
    UVS_PCACHE_ACT_INVAL = 1,     /**< IOTINVAL.VMA of (did, va) for bytes (a big unit: 16 pages); level 1 = superpage */
    UVS_PCACHE_ACT_WRITEBACK = 2, /**< DMA bytes from frame to host bus address */
    UVS_PCACHE_ACT_NOTICE = 3,    /**< eviction notice (did, va, bytes, dirty) to the host */
    UVS_PCACHE_ACT_INVAL_ALL = 4, /**< IOTINVAL.VMA of every address space */
};

/** One action. */
struct uvs_pcache_action {
    uint8_t kind;   /**< enum uvs_pcache_act_kind */
    uint8_t level;  /**< 0: 4 KiB page, 1: 2 MiB superpage */
    uint8_t dirty;  /**< NOTICE: data was written back */
    uint8_t rsvd;
    uint32_t did;   /**< device context */
    uint64_t va;    /**< page (or superpage) virtual address */
    uint64_t frame; /**< device address of the (first) frame */
    uint64_t bus;   /**< WRITEBACK: host bus address */
    uint64_t bytes; /**< 4 KiB, 64 KiB (big unit) or 2 MiB */
};

/** Frame states. */
enum uvs_pcache_state {
    UVS_PCACHE_FREE = 0,     /**< on no page; also frames 1..511 of a superpage (its head's entry covers them, the usedmap marks them used: 511 stores saved per 2 MiB) */
    UVS_PCACHE_RESERVED = 1, /**< given by alloc, waiting for map (not evictable) */
    UVS_PCACHE_RESIDENT = 2, /**< mapped by a leaf PTE */
    UVS_PCACHE_TAIL = 3,     /**< frames 1..15 of a reserved or resident big unit */
};

/** Counters (uvm_abi.h struct uvs_uvm_fw_stats fields they feed). */
struct uvs_pcache_stats {
    uint64_t frames_total, frames_free;
    uint64_t allocs;        /**< pages given frames */
    uint64_t superpages;    /**< units mapped as one superpage */
    uint64_t evictions;     /**< pages evicted (a superpage counts 512) */
    uint64_t writebacks;    /**< pages written back */
    uint64_t pre_evictions; /**< pages evicted by uvs_pcache_maintain */
    uint64_t a_cleared;     /**< A bits cleared by the hand */
};

/** Per-frame metadata (in cfg.meta). */
struct uvs_pcache_frame {
    uint64_t va;    /**< page VA (superpage head: 2 MiB aligned) */
    uint64_t bus;   /**< host bus address of the page's data */
    uint32_t did;   /**< device context */
    uint8_t state;  /**< enum uvs_pcache_state */
    uint8_t super;  /**< head frame's unit kind (enum uvs_pcache_level); 0 on tails */
    uint16_t rsvd;
};

/** The cache. Fields are private to pcache.c. */
struct uvs_pcache {
    struct uvs_pcache_cfg cfg;
    uint32_t nframes, nregions; /**< frames; 2 MiB regions (partial last one included) */
    uint32_t dir_mask;          /**< directory slots - 1 */
    uint32_t hand;              /**< CLOCK hand (frame index) */
    uint32_t cursor;            /**< region the single-frame allocator fills */
    uint32_t low_free;          /**< every frame below this index is in use (a search start, not exact) */
    uint32_t nfree;
    struct uvs_pcache_frame *frame; /**< nframes entries */
    uint32_t *dir;              /**< directory: frame index + 1, 0 = empty */
    uint64_t *usedmap;          /**< one bit per frame, 1 = in use (all zero = empty cache) */
    uint16_t *region_used;      /**< frames in use per region */
    uint32_t *region_stamp;     /**< per region: alloc_seq when it went from empty to used (LRA_CHUNK) */
    uint32_t alloc_seq;         /**< region allocation counter */
    uint32_t run_cursor;        /**< region the big-unit allocator looks in first */
    uint32_t nunits[3];         /**< directory entries per enum uvs_pcache_level (probes of absent kinds skipped) */
    uint32_t *chunk_small;      /**< counting filter: 4 KiB units per hash of (did, 64 KiB chunk); 0 = none there */
    uint8_t evict_mode;         /**< uvm.def UVM_EVICT_* */
    struct uvs_pcache_stats st;
};

/** Result of uvs_pcache_alloc. */
struct uvs_pcache_alloc_res {
    bool super;       /**< one 2 MiB superpage: frames are contiguous from frame[0] */
    uint32_t nactions;/**< actions written */
};

/** uvs_pcache_meta_bytes - metadata bytes needed for frame_bytes of frames (0 if too large). */
size_t uvs_pcache_meta_bytes(uint64_t frame_bytes);

/**
 * uvs_pcache_init - set up an empty cache: every frame free, hand at 0.
 * Errors: -EINVAL (NULL, frame range empty, not 4 KiB aligned or over 2^32
 * frames, no pte->slot, meta NULL/misaligned/too small, reserve >= frames).
 */
int uvs_pcache_init(struct uvs_pcache *pc, const struct uvs_pcache_cfg *cfg);

/**
 * uvs_pcache_alloc - give frames to the unit [va, va + npages * 4 KiB) of
 * context did whose data is at host bus address bus (page i at bus + i*4 KiB),
 * evicting with CLOCK when too few frames are free. The frames are RESERVED:
 * the caller copies the data in (after doing the actions) and then calls
 * uvs_pcache_map(), or uvs_pcache_cancel().
 * @npages: 1, 16 or 512; va aligned to npages * 4 KiB; bus 4 KiB aligned
 * @flags: UVS_PCACHE_F_SUPER_OK
 * @frames: npages entries: device address of each page's frame; for a
 *   superpage (res->super) only frames[0], the 512 frames being contiguous
 *   from it (no 512-entry list to write and read back)
 * @act/@cap: action array, at least UVS_PCACHE_ACTIONS_FOR(npages) entries
 * Errors: -EINVAL bad argument; -ENOSPC cap too small; -EEXIST a page of
 * the unit is already reserved or resident (nothing done); -ENOMEM not
 * enough evictable frames (every other frame reserved; nothing reserved,
 * but actions already returned must still be done).
 */
int uvs_pcache_alloc(struct uvs_pcache *pc, uint32_t did, uint64_t va, uint32_t npages, uint64_t bus,
                     uint32_t flags, uint64_t *frames, struct uvs_pcache_action *act, uint32_t cap,
                     struct uvs_pcache_alloc_res *res);

/**
 * uvs_pcache_map - install the leaf PTEs (V R W U, D = 0, A = 0 or with
 * UVS_PCACHE_MAP_ACCESSED 1, W = 0 with UVS_PCACHE_MAP_READONLY;
 * privileged spec 4.3.1) of a unit reserved by
 * uvs_pcache_alloc and make it RESIDENT. Setting A keeps a page just brought
 * in for a waiting request from being the next victim before that request
 * is replayed. A previously non-valid PTE is never cached by the IOMMU, so no
 * invalidation is needed. Errors: -EINVAL; -ENOENT a page is not reserved for
 * (did, va); -ENOMEM no page-table memory; -EEXIST a superpage's level-1
 * slot holds a table by now (in all cases nothing is mapped and the frames
 * stay reserved: uvs_pcache_cancel).
 */
int uvs_pcache_map(struct uvs_pcache *pc, uint32_t did, uint64_t va, uint32_t npages, uint32_t flags);

/** uvs_pcache_cancel - free the reserved frames of a unit (failed copy). -EINVAL, -ENOENT as uvs_pcache_map. */
int uvs_pcache_cancel(struct uvs_pcache *pc, uint32_t did, uint64_t va, uint32_t npages);

/**
 * uvs_pcache_evict_range - evict the resident pages of [va, va + npages * 4 KiB)
 * of did (a superpage that overlaps the range goes as a whole). With
 * `drop` (memory being freed) nothing is written back and no notice is
 * emitted; otherwise dirty pages get a WRITEBACK and every page a NOTICE.
 * @done: pages handled so far; the caller passes 0 first and the same
 * variable again after -EAGAIN (the action array was full: do the actions,
 * call again). Returns 0 when the range is finished; -EINVAL; -ENOSPC cap
 * below UVS_PCACHE_ACTIONS_FOR(1). @nact: actions written. @evicted: pages
 * evicted by this call (may be NULL).
 */
int uvs_pcache_evict_range(struct uvs_pcache *pc, uint32_t did, uint64_t va, uint64_t npages, bool drop,
                           uint64_t *done, struct uvs_pcache_action *act, uint32_t cap, uint32_t *nact,
                           uint64_t *evicted);

/**
 * uvs_pcache_maintain - pre-evict with CLOCK until cfg.reserve frames are
 * free or the action array is full. Returns 0 (reserve met), -EAGAIN (array
 * full, call again after the actions), -ENOMEM (nothing evictable) or
 * -EINVAL. @nact: actions written.
 */
int uvs_pcache_maintain(struct uvs_pcache *pc, struct uvs_pcache_action *act, uint32_t cap, uint32_t *nact);

/**
 * uvs_pcache_set_policy - victim order and pre-eviction reserve (frames
 * uvs_pcache_maintain keeps free) from now on; pages already cached stay.
 * @mode: uvm.def UVM_EVICT_* (CLOCK, LRA_CHUNK, CLOCK_CLEAN)
 * @reserve: frames, below the frame count
 * Errors: -EINVAL (NULL, unknown mode, reserve too large; nothing changed).
 */
int uvs_pcache_set_policy(struct uvs_pcache *pc, uint32_t mode, uint32_t reserve);

/**
 * uvs_pcache_lookup - frame of the page holding va in context did.
 * @frame: device address of the frame holding va's page (may be NULL);
 * @state: UVS_PCACHE_RESERVED or UVS_PCACHE_RESIDENT (may be NULL).
 * Errors: -EINVAL; -ENOENT not cached.
 */
int uvs_pcache_lookup(const struct uvs_pcache *pc, uint32_t did, uint64_t va, uint64_t *frame, int *state);

/** uvs_pcache_get_stats - copy the counters into *st (frames_free current). */
void uvs_pcache_get_stats(const struct uvs_pcache *pc, struct uvs_pcache_stats *st);

#endif /* UVS_PCACHE_H */

/*
 * libuvmsoc: the uvmsoc host driver library (public API).
 *
 * A device is opened through a backend, named by struct uvs_open_opts.device
 * (or .backend):
 *   "cosim" - the simulator uvmsoc-sim over a Unix socket (include/uvmsoc/cosim.h)
 *   "mock"  - an in-process fake device for unit tests (host/lib/mock.h)
 *   "uio"   - the device in an SoC's FPGA fabric through /dev/uioN (Linux uio)
 *   "vfio"  - a PCIe card bound to vfio-pci
 * (docs/embedded-linux.md describes binding the hardware ones.)
 * Register offsets and record formats: include/uvmsoc/hostif.def and dma.def
 * (generated <uvmsoc/hostif.h>, <uvmsoc/dma.h>), records in <uvmsoc/hostq.h>
 * and <uvmsoc/dma_desc.h>.
 *
 * Errors: every int-returning function returns 0 (or a count) on success and
 * a negative errno value on failure; uvs_strerror() names the value and
 * uvs_last_error() gives the one-line detail of this thread's last failure.
 * Times are in device cycles (the simulated clock for cosim; hardware
 * backends convert with the device clock HOSTIF_CLOCK_KHZ). Addresses:
 * "device address" = physical address in SRAM or HBM (memmap.def), "bus
 * address" = host memory as the device sees it (struct uvs_dma_buf.bus).
 * A struct uvs_dev is not thread-safe: use it from one thread at a time.
 */
#ifndef UVMSOC_UVMSOC_H
#define UVMSOC_UVMSOC_H

#include <stddef.h>
#include <stdint.h>

#include <uvmsoc/hostq.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Socket the cosim backend uses when neither opts nor $UVMSOC_SOCKET name one. */
#define UVS_DEFAULT_SOCKET "uvmsoc-sim.sock"
/** Default wait budget (device cycles) of DMA copies and commands: 0.1 s at 1 GHz. */
#define UVS_DEFAULT_TIMEOUT_CYCLES 100000000ull

struct uvs_dev;

/** How to open a device. Zero-initialise, then set what you need. */
/** uvs_open_opts.wall_timeout_ms value that disables the wall-clock limit. */
#define UVS_WALL_TIMEOUT_NONE 0xffffffffu

struct uvs_open_opts {
    const char *backend;      /**< "cosim" (NULL means cosim), "mock" or "ivshmem" */
    const char *socket_path;  /**< cosim: simulator socket; NULL: $UVMSOC_SOCKET, else UVS_DEFAULT_SOCKET */
    uint64_t timeout_cycles;  /**< wait budget for DMA and commands; 0: UVS_DEFAULT_TIMEOUT_CYCLES */
    unsigned wall_timeout_ms; /**< cosim: longest wall-clock wait for one simulator reply, ms; 0: 600000 (10 min);
                                   UVS_WALL_TIMEOUT_NONE: no limit. Long waits are cut into RUN slices of
                                   UVS_COSIM_RUN_SLICE cycles, so a simulator that makes progress always
                                   answers well within it. */
    const void *backend_arg;  /**< backend-specific (mock: const struct uvs_mock_config *, NULL = defaults;
                                   ivshmem: const char *, a PCI address, sysfs device directory or shared
                                   file: host/lib/ivshmem.h; set from .device "ivshmem:...") */
    /**
     * Device string, NULL = use .backend. One of:
     *   "cosim" or "cosim:SOCKET" (SOCKET used when socket_path is NULL), "mock",
     *   "uio[:/dev/uioN][,dtb=FILE][,udmabuf=/dev/udmabufN]": the devicetree node
     *     compatible with "uvmsoc,hostif" (in FILE, else /proc/device-tree) and its
     *     uio device (found from the node when not given); DMA memory is the
     *     u-dma-buf buffer when given, else the uio map at the node's
     *     memory-region, else the u-dma-buf buffer inside that region,
     *   "vfio:DDDD:BB:DD.F" (or BB:DD.F, domain 0): the PCI function bound to vfio-pci,
     *   "ivshmem:DEV": the simulator through shared memory (uvmsoc-sim --host-shm); DEV a
     *     PCI address or sysfs directory of a QEMU ivshmem-plain device, or the shared file.
     * When .backend is set too it must name the same backend.
     */
    const char *device;
    /**
     * uio/vfio: directory standing for "/" when looking in /sys, /dev and /proc
     * (tests build a fake tree there); NULL: $UVS_SYSROOT, else "" (the real ones).
     */
    const char *sysroot;
    /**
     * Firmware watchdog (docs/reliability.md): while waiting for an event, a
     * command queue the firmware has not advanced for this many device cycles
     * (the host pings an idle queue with a NOP half-way) marks the firmware
     * hung: the wait fails with -ETIME, later waits fail at once, and
     * uvs_watchdog_tripped() says so until uvs_reset(). 0: UVS_DEFAULT_WATCHDOG_CYCLES;
     * UVS_WATCHDOG_OFF: no watchdog.
     */
    uint64_t watchdog_cycles;
};

/**
 * Default firmware watchdog, device cycles: ten times the longest single
 * firmware command we know of (evicting a whole 1 GiB HBM over the 125
 * bytes/cycle link of the c4 configuration: 8.6M cycles of copy).
 */
#define UVS_DEFAULT_WATCHDOG_CYCLES 100000000ull
/** uvs_open_opts.watchdog_cycles: no watchdog. */
#define UVS_WATCHDOG_OFF UINT64_MAX

/**
 * uvs_device_check - check the syntax of a device string (uvs_open_opts.device)
 * without opening anything. Returns 0, or -EINVAL with uvs_last_error()
 * naming the bad part and the expected form.
 */
int uvs_device_check(const char *device);

/**
 * uvs_open - open a device and check it is a uvmsoc device of a compatible ABI.
 * @opts: options (NULL: all defaults); @out: the device on success
 * Reads HOSTIF_ID and HOSTIF_VERSION. Errors: -EINVAL bad argument, bad device
 * string or unknown backend; uio/vfio: -ENOENT missing node or PCI function,
 * -ENODEV no devicetree node / not bound to uio or vfio-pci / no IOMMU group,
 * -EACCES no read/write permission on the device node, -EBUSY another process
 * holds it (uio: flock; vfio: group not viable or device open); cosim: -ENOENT/-ECONNREFUSED no
 * simulator at the socket, -EPROTO/-EBADMSG malformed reply, -ECONNRESET the
 * simulator closed the connection; -ENODEV wrong HOSTIF_ID;
 * -EPROTONOSUPPORT different major ABI or transport version; -ENOMEM.
 */
int uvs_open(const struct uvs_open_opts *opts, struct uvs_dev **out);

/** uvs_close - detach from the device (cosim: GOODBYE) and free @dev; NULL is ignored. */
void uvs_close(struct uvs_dev *dev);

/**
 * uvs_reset - put the device in its reset state: backend hard reset where it
 * has one (cosim: RESET message), then HOSTIF_MGMT_CTRL = HOLD | DEV_RESET.
 * The management hart stays held; DMA and queues are disabled and the
 * library forgets their set-up. Errors: transport errors as for uvs_mmio_*.
 */
int uvs_reset(struct uvs_dev *dev);

/** Device description, read from BAR0 (hostif.def). */
struct uvs_info {
    const char *backend;     /**< backend name */
    uint32_t id;             /**< HOSTIF_ID */
    uint32_t version;        /**< HOSTIF_VERSION: major << 16 | minor */
    uint64_t caps;           /**< HOSTIF_CAP_* */
    uint64_t sram_size;      /**< populated SRAM bytes */
    uint64_t hbm_size;       /**< populated HBM bytes */
    uint32_t msi_vectors;    /**< MSI vectors */
    uint32_t harts;          /**< harts (1 management + compute) */
    uint32_t clock_khz;      /**< device clock, kHz */
    uint32_t link_latency;   /**< one-way link latency, cycles */
    uint32_t link_bw;        /**< link bandwidth, bytes/cycle in 16.16 fixed point */
    uint32_t link_mps;       /**< largest link payload, bytes */
    uint32_t mgmt_status;    /**< HOSTIF_MGMT_STATUS_* */
    uint32_t fw_status;      /**< HOSTIF_FW_STATUS */
};

/**
 * uvs_watchdog_tripped - 1 when the firmware watchdog (uvs_open_opts.
 * watchdog_cycles) found the firmware hung since the last uvs_reset(), else 0.
 */
int uvs_watchdog_tripped(const struct uvs_dev *dev);

/**
 * uvs_msi_polls - events the host found by polling after an MSI wait ran
 * out (the MSI was lost or late: the poll fallback of the event waits).
 */
uint64_t uvs_msi_polls(const struct uvs_dev *dev);

/** uvs_info - read the device description into @info. Errors: -EINVAL, transport errors. */
int uvs_info(struct uvs_dev *dev, struct uvs_info *info);

/** Memory-system counters of the device (hostif.def HOSTIF_PERF_*, HOSTIF_HBM_*). */
struct uvs_perf {
    uint64_t link_h2d_bytes; /**< bytes moved host -> device over the link since power-on */
    uint64_t link_d2h_bytes; /**< bytes moved device -> host over the link since power-on */
    uint64_t hbm_bytes;      /**< bytes moved to and from HBM since power-on */
    uint32_t hbm_bw;         /**< HBM bandwidth the device can use, bytes/cycle in 16.16 fixed point */
    uint32_t hbm_latency;    /**< HBM access latency, cycles */
};

/**
 * uvs_perf - read the device's memory-system counters into @p (five BAR0
 * reads; in lockstep co-simulation each costs MMIO time like any access).
 * Errors: -EINVAL (NULL argument), transport errors.
 */
int uvs_perf(struct uvs_dev *dev, struct uvs_perf *p);

/** uvs_backend_name - the name of @dev's backend ("cosim", "mock", "uio", "vfio"). */
const char *uvs_backend_name(const struct uvs_dev *dev);

/** uvs_cycles - the device cycle count last seen (simulated backends), else 0 (uio, vfio). */
uint64_t uvs_cycles(const struct uvs_dev *dev);

/**
 * uvs_mmio_read - read a BAR0 register.
 * @off: byte offset in BAR0; @size: 1, 2, 4 or 8 bytes, @off aligned to it
 * @val: the value, zero-extended
 * Errors: -EINVAL bad size, misaligned or outside BAR0 (HOSTIF_BAR0_SIZE);
 * backend transport errors.
 */
int uvs_mmio_read(struct uvs_dev *dev, uint64_t off, unsigned size, uint64_t *val);

/** uvs_mmio_write - write a BAR0 register; arguments and errors as uvs_mmio_read (@val must fit in @size bytes). */
int uvs_mmio_write(struct uvs_dev *dev, uint64_t off, unsigned size, uint64_t val);

/**
 * uvs_wait_irq - wait for an interrupt (MSI) for at most @timeout_cycles.
 * @vectors: if not NULL, receives the mask of MSI vectors that arrived
 * Returns 0; -ETIMEDOUT when none came; -EINVAL @timeout_cycles == 0;
 * transport errors. (cosim: runs the simulation until the MSI or the budget.
 * uio/vfio: the budget becomes wall-clock time, @timeout_cycles divided by
 * the device clock HOSTIF_CLOCK_KHZ read at open, rounded up to whole
 * milliseconds; 200 MHz, the design's clock, when the register reads 0.
 * uio has one interrupt line: the mask is the pending causes,
 * HOSTIF_INT_STATUS & ~HOSTIF_INT_MASK, numbered as MSI vectors.)
 */
int uvs_wait_irq(struct uvs_dev *dev, uint64_t timeout_cycles, uint32_t *vectors);

/**
 * uvs_charge - account @cycles of host-side work: in lockstep co-simulation
 * the device runs that long (DESIGN.md section 5); on hardware a no-op.
 * Errors: transport errors.
 */
int uvs_charge(struct uvs_dev *dev, uint64_t cycles);

/** A DMA-able host buffer. */
struct uvs_dma_buf {
    void *host;   /**< CPU address */
    uint64_t bus; /**< bus address the device uses in DMA descriptors */
    size_t size;  /**< bytes (a multiple of 4096) */
};

/**
 * uvs_dma_alloc - allocate zeroed DMA-able host memory of at least @size
 * bytes, 4 KiB aligned. Errors: -EINVAL size 0; -ENOMEM.
 */
int uvs_dma_alloc(struct uvs_dev *dev, size_t size, struct uvs_dma_buf *buf);

/** uvs_dma_free - free a buffer from uvs_dma_alloc(); a zeroed @buf is ignored. */
void uvs_dma_free(struct uvs_dev *dev, struct uvs_dma_buf *buf);

/**
 * uvs_dma_buf_fd - the host-memory file holding @buf and @buf's offset in it,
 * so the same bytes can be mapped at another address (managed memory maps
 * them at the VA the device uses). The descriptor stays owned by @dev.
 * Errors: -EINVAL NULL argument or @buf not in the file; -ENOTSUP the
 * backend's host memory is not a file (mock).
 */
int uvs_dma_buf_fd(struct uvs_dev *dev, const struct uvs_dma_buf *buf, int *fd, uint64_t *off);

/** Outcome of a DMA copy. */
struct uvs_dma_result {
    uint16_t status;   /**< DMA_ST_* of the first failing descriptor, else DMA_ST_OK */
    uint64_t err_addr; /**< its failing address, else 0 */
    uint64_t bytes;    /**< bytes copied */
    uint64_t cycles;   /**< device cycles the copy took (simulated backends) */
};

/**
 * uvs_dma_copy - copy @len bytes with the host DMA channel and wait for it.
 * @op: DMA_OP_H2D (src bus address -> dst device address), DMA_OP_D2H or
 *      DMA_OP_D2D; split into descriptors of at most DMA_MAX_LEN bytes
 * @res: if not NULL, the outcome
 * Errors: -EINVAL bad op, len 0, a range that wraps, NULL dev;
 * -ENOTSUP no DMA capability; -EFAULT the engine reported a bad address
 * (status and address in @res and uvs_last_error()); -EIO other DMA error;
 * -ETIMEDOUT no completion within the open timeout; transport errors.
 */
int uvs_dma_copy(struct uvs_dev *dev, unsigned op, uint64_t dst, uint64_t src, uint64_t len,
                 struct uvs_dma_result *res);

/** uvs_dma_write - copy @len bytes from @data to device address @dev_addr (bounce buffer + DMA_OP_H2D); errors as uvs_dma_copy, -EINVAL NULL @data. */
int uvs_dma_write(struct uvs_dev *dev, uint64_t dev_addr, const void *data, size_t len,
                  struct uvs_dma_result *res);

/** uvs_dma_read - copy @len bytes from device address @dev_addr to @data (DMA_OP_D2H); errors as uvs_dma_copy. */
int uvs_dma_read(struct uvs_dev *dev, void *data, uint64_t dev_addr, size_t len, struct uvs_dma_result *res);

/** A device memory range (for firmware checks). */
struct uvs_mem_range {
    uint64_t base; /**< first byte */
    uint64_t size; /**< bytes */
};

#define UVS_FW_MAX_SEGS 16 /**< most PT_LOAD segments a firmware ELF may have */

/** A parsed firmware ELF. */
struct uvs_fw_image {
    uint64_t entry;         /**< e_entry */
    unsigned nsegs;         /**< PT_LOAD segments with memsz > 0 */
    struct uvs_fw_seg {     /**< one PT_LOAD segment */
        uint64_t addr;      /**< p_paddr: device address */
        uint64_t filesz;    /**< bytes from the file */
        uint64_t memsz;     /**< bytes in memory (rest zero-filled) */
        const uint8_t *data;/**< the file bytes, inside @file */
    } seg[UVS_FW_MAX_SEGS];
    uint8_t *file;          /**< whole file (owned; uvs_fw_image_free) */
    size_t file_size;       /**< its size */
};

/**
 * uvs_fw_parse - read and check a firmware ELF (ELF spec: System V gABI
 * chapter 4; RISC-V psABI "ELF Object Files").
 * @path: ELF file; @ranges/@nranges: device memory it may load into
 * Checks: ELF magic, 64-bit, little-endian, EM_RISCV, ET_EXEC, program header
 * table and every segment's bytes inside the file, filesz <= memsz, each
 * PT_LOAD segment inside one range, the entry point inside a loaded segment.
 * Errors (detail in uvs_last_error()): -ENOENT/-EACCES/-EIO file; -ENOEXEC
 * not an ELF file, truncated or malformed; -ENOTSUP not 64-bit little-endian
 * RISC-V (or not an executable); -ERANGE a segment or the entry outside device
 * memory; -E2BIG more than UVS_FW_MAX_SEGS segments or file > 256 MiB.
 */
int uvs_fw_parse(const char *path, const struct uvs_mem_range *ranges, unsigned nranges,
                 struct uvs_fw_image *img);

/** uvs_fw_image_free - release what uvs_fw_parse() allocated; safe on a zeroed image. */
void uvs_fw_image_free(struct uvs_fw_image *img);

/** Where a firmware load put things. */
struct uvs_fw_loaded {
    uint64_t entry;     /**< boot entry point */
    uint64_t dtb_addr;  /**< DTB device address, 0 = the device's built-in DTB */
    uint64_t bytes;     /**< bytes written (segments incl. zero fill, DTB) */
    unsigned nsegs;     /**< segments loaded */
};

/**
 * uvs_fw_load - hold the management hart in reset, load a firmware ELF into
 * device memory (populated SRAM and HBM) by DMA, and the DTB at
 * SRAM top - DTB_MAX_SIZE (docs/architecture.md "Boot flow"), then set
 * HOSTIF_BOOT_ENTRY and HOSTIF_BOOT_DTB, and HOSTIF_BOOT_MENTRY to 0 (no
 * M-mode firmware; uvs_fw_load_sbi() adds one). Does not release the hart.
 * @elf_path: firmware; @dtb_path: flattened device tree, or NULL for the
 * device's built-in one; @out: if not NULL, what was loaded
 * Errors: those of uvs_fw_parse(); -EINVAL DTB not a valid FDT or larger
 * than DTB_MAX_SIZE; -ERANGE the DTB would overlap a segment; DMA errors.
 */
int uvs_fw_load(struct uvs_dev *dev, const char *elf_path, const char *dtb_path, struct uvs_fw_loaded *out);

/** Default M-mode firmware of the boot chain: Debian's opensbi package, generic platform. */
#define UVS_SBI_DEFAULT_PATH "/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.elf"

/**
 * uvs_fw_load_sbi - after uvs_fw_load(), load an M-mode firmware ELF (an
 * OpenSBI fw_jump built for the generic platform) by DMA into SRAM
 * [UVS_SBI_BASE, UVS_PAYLOAD_BASE) and set HOSTIF_BOOT_MENTRY to its entry:
 * at boot hart 0 runs it in M mode and it enters the firmware at
 * UVS_PAYLOAD_BASE in S mode (the other harts still start at BOOT_ENTRY;
 * docs/architecture.md "Boot flow"). @out: if not NULL, what was loaded.
 * Errors: those of uvs_fw_parse() (-ENOENT when the file is missing: the
 * opensbi package is not installed); -ERANGE a segment outside
 * [UVS_SBI_BASE, UVS_PAYLOAD_BASE) or a firmware (BOOT_ENTRY) below
 * UVS_PAYLOAD_BASE; DMA and transport errors.
 */
int uvs_fw_load_sbi(struct uvs_dev *dev, const char *sbi_path, struct uvs_fw_loaded *out);

/** uvs_fw_start - release the management hart (clear HOSTIF_MGMT_CTRL_HOLD). Errors: transport errors. */
int uvs_fw_start(struct uvs_dev *dev);

/**
 * uvs_fw_wait_ready - wait until the firmware reports FW_STATUS_READY, the
 * hart halts, or @timeout_cycles pass. Returns 0 when ready; -ECHILD the
 * management hart halted (exit status in uvs_last_error()); -ETIMEDOUT.
 */
int uvs_fw_wait_ready(struct uvs_dev *dev, uint64_t timeout_cycles);

/**
 * uvs_cmd_submit - append @cmd to the host command queue and ring the
 * doorbell (sets up both host queues, 64 entries each, at first use).
 * Errors: -EINVAL NULL; -ENOTSUP no CMDQ/EVQ capability; -EAGAIN queue full
 * (the device has not consumed earlier commands); transport errors.
 */
int uvs_cmd_submit(struct uvs_dev *dev, const struct uvs_hostq_cmd *cmd);

/**
 * uvs_evt_wait - take the next event from the host event queue, waiting up to
 * @timeout_cycles for one. Errors: -ETIMEDOUT none came; -EINVAL NULL;
 * -ENOTSUP no queues; -EPROTO the device advanced EVQ_TAIL out of range.
 */
int uvs_evt_wait(struct uvs_dev *dev, struct uvs_hostq_evt *evt, uint64_t timeout_cycles);

/**
 * uvs_evt_wait_wake - uvs_evt_wait that also ends when the device raises
 * one of the interrupt causes @wake (HOSTIF_INT_* bits other than INT_EVQ,
 * e.g. HOSTIF_INT_FW for the unified-memory fault batches), so a driver
 * sleeps until there is work instead of polling. The causes are unmasked
 * (MSI) on first use and acknowledged at every look; @pending (may be
 * NULL) is called with @ctx after the acknowledgement has reached the
 * device and before the wait, and a nonzero return ends the call: it looks
 * at the source of the causes (a fault ring in host memory), so nothing
 * raised before the acknowledgement is missed and anything raised after it
 * sends a new MSI. Events already read are returned without device access.
 * Returns 1 an event is in *evt; 0 @pending reported work; -ETIMEDOUT after
 * @timeout_cycles without either; -EINVAL; -EIO the device stopped the
 * command queue; transport errors.
 */
int uvs_evt_wait_wake(struct uvs_dev *dev, struct uvs_hostq_evt *evt, uint32_t wake, int (*pending)(void *ctx),
                      void *ctx, uint64_t timeout_cycles);

/**
 * A kernel launch over a grid (include/uvmsoc/kernel.def, HOSTQ_OP_LAUNCH):
 * grid_dim blocks of block_dim threads on the device's compute harts
 * (as many at once as it has hardware threads, the others started as
 * threads exit); thread g = block * block_dim + index in block.
 */
struct uvs_launch {
    uint64_t entry;          /**< kernel entry point (ELF e_entry), in [UVS_KERNEL_BASE, + UVS_KERNEL_SIZE) */
    uint64_t args;           /**< device address of the struct uvs_kernel_args block, 8-byte aligned */
    uint32_t grid_dim;       /**< blocks; 0 = one block per usable compute hart */
    uint32_t block_dim;      /**< threads per block; 0 = 1 */
    uint64_t timeout_cycles; /**< device cycles; 0 = UVS_KERNEL_TIMEOUT_DEFAULT */
    uint32_t did;            /**< device context (IOMMU device_id, memmap.def HARTCTL_DID) the threads run in; 0 = UVS_UVA_DID */
};

/**
 * uvs_launch_cmd - fill @cmd with the HOSTQ_OP_LAUNCH command for @l (event
 * requested, @cookie). Checks what the host can know: errors -EINVAL NULL,
 * entry not 4-byte aligned inside the kernel region, args not 8-byte
 * aligned, did wider than UVS_HARTCTL_DID_BITS; -E2BIG grid_dim x
 * block_dim above UVS_KERNEL_MAX_GRID_THREADS.
 */
int uvs_launch_cmd(const struct uvs_launch *l, uint64_t cookie, struct uvs_hostq_cmd *cmd);

/** Which thread a failed launch event is about (kernel.def LAUNCH_VAL). */
struct uvs_launch_report {
    int32_t code;             /**< exit status (-ECANCELED) or mcause (-EFAULT); 0 for a timeout */
    uint32_t thread;          /**< global thread index */
    uint32_t block;           /**< its block (thread / block_dim) */
    uint32_t thread_in_block; /**< its index in the block (thread % block_dim) */
    uint32_t hart;            /**< mhartid of the hart that ran it */
    uint32_t hwthread;        /**< hardware thread slot on that hart (0 on single-thread harts) */
    uint64_t addr;            /**< -EFAULT: faulting virtual address (mtval); -ETIMEDOUT: pc */
};

/**
 * uvs_launch_report - decode the completion event @ev of a launch sent with
 * @block_dim threads per block (0 taken as 1) into @r. Returns 0 when the
 * event reports a thread (status -ECANCELED, -EFAULT or -ETIMEDOUT as
 * UVS_HOSTQ_ERR_*); -EINVAL NULL or any other status (nothing decoded).
 */
int uvs_launch_report(const struct uvs_hostq_evt *ev, uint32_t block_dim, struct uvs_launch_report *r);

/** uvs_strerror - text for a negative errno value returned by libuvmsoc. */
const char *uvs_strerror(int err);

/** uvs_last_error - one-line detail of the calling thread's last libuvmsoc failure ("" if none). */
const char *uvs_last_error(void);

#ifdef __cplusplus
}
#endif

#endif

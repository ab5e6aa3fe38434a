/*
 * uvmsoc-sim session: command line to loaded memory (docs/architecture.md,
 * "Boot flow" and "Simulator"), the state the DPI functions work on, and the
 * final exit status (include/uvmsoc/sim.def).
 */
#ifndef UVS_SIM_SIM_H
#define UVS_SIM_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "link.h"
#include "memsys.h"
#include "elf_load.h"
#include "htif.h"
#include "mem.h"
#include "options.h"

#ifdef __cplusplus
extern "C" {
#endif

/** uvs_sim_setup's answer when the simulation should run. */
#define UVS_SIM_RUN (-1)

/** State shared by the harness loop and the DPI functions. */
struct uvs_sim {
    struct uvs_mem mem;          /**< BOOTROM + SRAM */
    struct uvs_elf_info elf;     /**< the loaded program */
    struct uvs_elf_info sbi;     /**< the M-mode firmware of hart 0 (--sbi), entry 0 = none */
    const char *sbi_path;        /**< --sbi FILE, NULL = none */
    FILE *retire_log;            /**< --log-retired stream, NULL = off */
    bool done;                   /**< the program wrote tohost: stop */
    uint64_t cycle;              /**< clock cycles since reset (main loop) */
    enum uvs_htif_result result; /**< meaning of that tohost value */
    uint64_t tohost_value;       /**< the value written */
    int status;                  /**< exit status it maps to */
    /* co-simulation with a host (--host-socket) */
    bool host_mode;              /**< a host drives the device: tohost halts the hart instead */
    bool free_running;           /**< --free-running (no HOSTIF_CAP_LOCKSTEP) */
    bool halt_pending;           /**< tohost written in host mode, not yet signalled to the SoC */
    int halt_status;             /**< its exit status (HOSTIF_FW_EXIT) */
    const char *elf_path;        /**< preloaded program (NULL = none) */
    void *dtb;                   /**< the DTB given or built in (a copy) */
    size_t dtb_size;             /**< its size */
    uint64_t dtb_addr;           /**< where it is placed: SRAM top - UVS_DTB_MAX_SIZE */
    struct uvs_link_model model; /**< link and memory timing */
    struct uvs_memsys memsys;    /**< shared channels with contention (memsys.h): every requester reserves here */
    uint8_t *host_mem;           /**< shared host memory (host mode), its bus address and size */
    uint64_t host_mem_bus;
    uint64_t host_mem_size;
};

/** The one simulation of this process. */
extern struct uvs_sim uvs_sim;

/**
 * uvs_sim_setup - parse the command line into @o, then set up uvs_sim:
 * SRAM of @sram_bytes, the program's segments, the DTB (--dtb or the
 * @dtb/@dtb_size default, checked for @harts harts; the default gets the
 * DMA and host interface nodes with --host-socket and an HBM memory node
 * with --hbm, see uvs_dtb_add_devices) at SRAM top - UVS_DTB_MAX_SIZE, the boot ROM, the retire log (and checks that the FST
 * file can be created). @traced: this binary has FST tracing compiled in;
 * if not, --trace-fst re-executes the traced sibling uvmsoc-sim-trace with
 * the same @argv (uvs_trace_reexec), or fails with _INTERNAL and a message
 * naming the make target that builds it. Prints --help's text on
 * stdout, or one "uvmsoc-sim: ..." line on stderr for an error.
 * Returns UVS_SIM_RUN, or the exit status to end with (0 after --help,
 * UVS_EXIT_USAGE, _BAD_ELF, _WRONG_ARCH, _BAD_DTB or _INTERNAL).
 */
int uvs_sim_setup(struct uvs_opts *o, int argc, char **argv, unsigned harts,
                  uint64_t sram_bytes, const void *dtb, size_t dtb_size, bool traced);

/**
 * uvs_sim_tohost - act on a store to tohost (called from the memory DPI):
 * ends the simulation, or in host mode halts the management hart (the
 * harness passes halt_pending to the SoC's mgmt_halt_i).
 */
void uvs_sim_tohost(void);

/**
 * uvs_sim_power_on - memory to its power-on contents (host RESET request):
 * ROM, SRAM and HBM zeroed, the preloaded program (if any) loaded again, the
 * DTB placed, the boot ROM built. Errors are printed; memory stays usable.
 */
void uvs_sim_power_on(void);

/**
 * uvs_sim_boot - the host released the harts (HOSTIF_MGMT_CTRL.HOLD 1 -> 0):
 * write @entry, @dtb_addr and @mentry (hart 0's M-mode firmware, 0 = none;
 * bootrom.h) into the boot ROM; @dtb_addr 0 = place the device's DTB
 * (built in or --dtb) at SRAM top - UVS_DTB_MAX_SIZE and use it.
 */
void uvs_sim_boot(uint64_t entry, uint64_t dtb_addr, uint64_t mentry);

/**
 * uvs_sim_finish - end of the run after @cycles clock cycles with @retired
 * instructions in @wall_s seconds: prints the stats line (--stats), the
 * failure or watchdog line, closes the retire log, releases memory.
 * Returns the exit status: the program's (0 pass, 1..UVS_EXIT_STATUS_MAX),
 * UVS_EXIT_TIMEOUT, or UVS_EXIT_INTERNAL (bad tohost value, log I/O error).
 */
int uvs_sim_finish(const struct uvs_opts *o, uint64_t cycles, uint64_t retired, double wall_s);

#ifdef __cplusplus
}
#endif
#endif

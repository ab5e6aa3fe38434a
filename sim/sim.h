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
    FILE *retire_log;            /**< --log-retired stream, NULL = off */
    bool done;                   /**< the program wrote tohost: stop */
    enum uvs_htif_result result; /**< meaning of that tohost value */
    uint64_t tohost_value;       /**< the value written */
    int status;                  /**< exit status it maps to */
};

/** The one simulation of this process. */
extern struct uvs_sim uvs_sim;

/**
 * uvs_sim_setup - parse the command line into @o, then set up uvs_sim:
 * SRAM of @sram_bytes, the program's segments, the DTB (--dtb or the
 * @dtb/@dtb_size default, checked for @harts harts) at SRAM top -
 * UVS_DTB_MAX_SIZE, the boot ROM, the retire log (and checks that the FST
 * file can be created). Prints --help's text on
 * stdout, or one "uvmsoc-sim: ..." line on stderr for an error.
 * Returns UVS_SIM_RUN, or the exit status to end with (0 after --help,
 * UVS_EXIT_USAGE, _BAD_ELF, _WRONG_ARCH, _BAD_DTB or _INTERNAL).
 */
int uvs_sim_setup(struct uvs_opts *o, int argc, char **argv, unsigned harts,
                  uint64_t sram_bytes, const void *dtb, size_t dtb_size);

/** uvs_sim_tohost - act on a store to tohost (called from the memory DPI). */
void uvs_sim_tohost(void);

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

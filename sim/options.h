/* uvmsoc-sim command line (docs/architecture.md, "Simulator"). */
#ifndef UVS_SIM_OPTIONS_H
#define UVS_SIM_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "inject.h"
#include "link.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Default watchdog: --max-cycles. */
#define UVS_DEFAULT_MAX_CYCLES UINT64_C(200000000)

/** Default populated HBM (bytes) with --host-socket; 0 without it. */
#define UVS_DEFAULT_HBM_HOST (UINT64_C(1) << 30)
/** Default size of the shared host-memory file (bytes). */
#define UVS_DEFAULT_HOST_MEM (UINT64_C(256) << 20)
/** Largest --host-mem. */
#define UVS_MAX_HOST_MEM (UINT64_C(16) << 30)

/** Parsed options; strings point into argv. */
struct uvs_opts {
    const char *elf;         /**< PROGRAM.elf (optional with --host-socket: NULL) */
    const char *dtb;         /**< --dtb FILE, NULL = embedded default */
    const char *sbi;         /**< --sbi FILE: hart 0's M-mode firmware (OpenSBI fw_jump), NULL = none */
    const char *trace_fst;   /**< --trace-fst FILE, NULL = no waveform */
    const char *trace;       /**< --trace FILE: page-access trace (sim/trace_rec.h), NULL = none */
    const char *log_retired; /**< --log-retired FILE, NULL = no log */
    uint64_t max_cycles;     /**< --max-cycles N (>= 1); with --host-socket default: no limit */
    bool stats;              /**< --stats */
    bool help;               /**< --help */
    const char *host_socket; /**< --host-socket PATH: serve a host driver (cosim.h), NULL = off */
    const char *host_shm;    /**< --host-shm FILE: serve a host driver through shared memory (shmring.h), NULL = off */
    bool host_once;          /**< --host-once: exit when the first host client detaches */
    bool free_running;       /**< --free-running: time also advances between host requests */
    uint64_t hbm_size;       /**< --hbm SIZE: populated HBM bytes */
    uint64_t host_mem;       /**< --host-mem SIZE: bytes of the shared host-memory file */
    struct uvs_link_model model; /**< --link-*, --hbm-*, --host-cost-*: timing model */
    struct uvs_inj_plan inject;  /**< --inject rules (sim/inject.h), n = 0: none */
};

/**
 * uvs_opts_parse - parse @argc/@argv (getopt_long; resets getopt's state).
 * Returns 0 (check o->help), or -EINVAL with a one-line reason in @err
 * (unknown option, missing or bad argument, missing or extra PROGRAM.elf).
 */
int uvs_opts_parse(struct uvs_opts *o, int argc, char **argv, char *err, size_t errlen);

/** uvs_opts_usage - print the complete usage text (options, exit codes) to @f. */
void uvs_opts_usage(FILE *f);

#ifdef __cplusplus
}
#endif
#endif

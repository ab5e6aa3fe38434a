/* uvmsoc-sim command line (docs/architecture.md, "Simulator"). */
#ifndef UVS_SIM_OPTIONS_H
#define UVS_SIM_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Default watchdog: --max-cycles. */
#define UVS_DEFAULT_MAX_CYCLES UINT64_C(200000000)

/** Parsed options; strings point into argv. */
struct uvs_opts {
    const char *elf;         /**< PROGRAM.elf */
    const char *dtb;         /**< --dtb FILE, NULL = embedded default */
    const char *trace_fst;   /**< --trace-fst FILE, NULL = no waveform */
    const char *log_retired; /**< --log-retired FILE, NULL = no log */
    uint64_t max_cycles;     /**< --max-cycles N (>= 1) */
    bool stats;              /**< --stats */
    bool help;               /**< --help */
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

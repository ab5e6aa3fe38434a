/* The traced sibling of the simulator (docs/architecture.md, "Simulator"):
 * the default uvmsoc-sim is verilated without FST tracing (about 15 %
 * faster, docs/benchmarks.md "Simulation speed, session 5"); --trace-fst
 * runs uvmsoc-sim-trace, built on demand by `make CONFIG=<c> sim-trace`. */
#ifndef UVS_SIM_TRACE_EXEC_H
#define UVS_SIM_TRACE_EXEC_H

#include <stddef.h>

/** Suffix of the traced sibling's file name: uvmsoc-sim -> uvmsoc-sim-trace. */
#define UVS_TRACE_SIBLING_SUFFIX "-trace"

/**
 * uvs_trace_sibling - the path of the traced sibling of the running
 * executable (/proc/self/exe followed by UVS_TRACE_SIBLING_SUFFIX) into
 * @path (@len bytes). Returns 0, -ENAMETOOLONG if it does not fit, or the
 * negative errno of readlink.
 */
int uvs_trace_sibling(char *path, size_t len);

/**
 * uvs_trace_reexec - replace this untraced simulator by its traced sibling
 * with the same @argv (a waveform was asked for). Returns only on failure:
 * a negative errno, with a one-line message for the user in @err (@errlen
 * bytes) that names the missing binary and the make target that builds it
 * (the configuration is the name of the executable's directory,
 * build/<config>/uvmsoc-sim).
 */
int uvs_trace_reexec(char **argv, char *err, size_t errlen);

#endif

/*
 * uvmsoc CLI: shared declarations of the command-line front end (main.c)
 * and its subcommands (commands.c).
 */
#ifndef UVMSOC_CLI_H
#define UVMSOC_CLI_H

#include <stddef.h>
#include <stdint.h>

#include <uvmsoc/uvmsoc.h>

/** Exit statuses of the uvmsoc command. */
enum {
    CLI_OK = 0,    /**< success */
    CLI_FAIL = 1,  /**< the device or driver reported an error */
    CLI_USAGE = 2, /**< bad command line */
};

/** Global options, shared by every subcommand. */
struct cli_global {
    struct uvs_open_opts open; /**< backend, socket, timeout */
    const char *sim;           /**< --sim SIMULATOR, NULL = none */
    const char *sim_args;      /**< --sim-args, NULL = none */
};

/** A subcommand: name, one-line summary, help text, and its entry point. */
struct cli_cmd {
    const char *name;
    const char *summary;
    const char *help;
    int (*run)(const struct cli_global *g, int argc, char **argv);
    int spawns; /**< 1: the command starts g->sim itself (main() does it for the others) */
};

/** The subcommands, terminated by an entry with name NULL. */
extern const struct cli_cmd cli_cmds[];

/**
 * cli_parse_u64 - parse a number with optional K/M/G suffix (powers of 1024);
 * decimal, or hexadecimal with 0x. Returns 0, or CLI_USAGE after printing
 * "uvmsoc: <what>: bad number '<s>'" on stderr.
 */
int cli_parse_u64(const char *what, const char *s, uint64_t *out);

/** cli_error - print "uvmsoc: <what>: <detail>" for a libuvmsoc error and return CLI_FAIL. */
int cli_error(const char *what, int err);

/** cli_is_cosim - 1 when the global options name the cosim backend (--device / --backend; the default). */
int cli_is_cosim(const struct cli_global *g);

/** cli_open - open the device of the global options; prints the error and returns NULL on failure. */
struct uvs_dev *cli_open(const struct cli_global *g);

/**
 * cli_spawn_sim - start the simulator @sim with `--host-socket TMP/sim.sock
 * --host-once` and the space-separated @args (may be NULL), wait until it
 * listens, and point *@socket_path at its socket.
 * @console: where its stdout (the device's UART) goes: NULL = ours, "" = a
 * log file in its temporary directory (see cli_sim_console()), else a file.
 * Returns CLI_OK, or CLI_FAIL after printing why (cannot run it, cannot
 * create the console file, it exited, no socket in 10 s).
 */
int cli_spawn_sim(const char *sim, const char *args, const char *console, const char **socket_path);

/**
 * cli_wants_own_sim - whether a command of @g runs its own simulator: --sim
 * was given, or the device is the co-simulation with no socket named (no
 * --socket, no $UVMSOC_SOCKET, no "cosim:PATH"). Returns 1 or 0.
 */
int cli_wants_own_sim(const struct cli_global *g);

/**
 * cli_spawn_own_sim - when cli_wants_own_sim(@g), start --sim (or the located
 * simulator) with --sim-args, its console in a log file, and point
 * @g->open.socket_path at it; otherwise do nothing.
 * Returns CLI_OK, or CLI_FAIL after printing why.
 */
int cli_spawn_own_sim(struct cli_global *g);

/** cli_sim_console - the console file of the running spawned simulator, or NULL (none, or its stdout is ours). */
const char *cli_sim_console(void);

/** What cli_locate() looks for. */
enum cli_thing {
    CLI_SIM,       /**< the simulator: $UVMSOC_SIM, EXE/../c4/uvmsoc-sim, EXE/uvmsoc-sim-c4 */
    CLI_FIRMWARE,  /**< $UVMSOC_FIRMWARE, EXE/../firmware/uvmsoc-fw.elf, EXE/../share/uvmsoc/uvmsoc-fw.elf */
    CLI_KERNEL_DIR /**< $UVMSOC_KERNEL_DIR, EXE/../firmware/kernels, EXE/../share/uvmsoc/kernels */
};

/**
 * cli_locate - find @what when no option names it: the environment variable
 * (must exist), else the first candidate next to this executable (EXE = its
 * directory) that exists. Writes the path to @out (@outlen bytes).
 * Returns 0, or -1 after printing where it looked.
 */
int cli_locate(enum cli_thing what, char *out, size_t outlen);

/**
 * cli_run_kernel - `uvmsoc run --kernel NAME ...` (kernel_run.c): the
 * end-to-end kernel path. @argc/@argv are run's arguments (argv[0] = "run").
 * Returns CLI_OK, CLI_FAIL or CLI_USAGE.
 */
int cli_run_kernel(const struct cli_global *g, int argc, char **argv);

/**
 * cli_contexts - `uvmsoc contexts [--did-a N] [--did-b N] [--size BYTES]
 * [--firmware ELF]` (ctx_cmd.c): two device contexts on one device, a
 * kernel of one aimed at the other's memory must fault in its own context
 * and leave the other's bytes and kernels intact. Returns CLI_OK, CLI_FAIL
 * or CLI_USAGE.
 */
int cli_contexts(const struct cli_global *g, int argc, char **argv);

/** Help text of `uvmsoc contexts` (ctx_cmd.c). */
extern const char cli_contexts_help[];

/**
 * cli_serve - `uvmsoc serve --listen PATH [--max-clients N] [--firmware ELF]`
 * (serve_cmd.c): the device broker daemon; cli_client - `uvmsoc client
 * --daemon PATH ...` (client_cmd.c): one of its client processes. Both
 * return CLI_OK, CLI_FAIL or CLI_USAGE.
 */
int cli_serve(const struct cli_global *g, int argc, char **argv);
int cli_client(const struct cli_global *g, int argc, char **argv);

/** Help texts of `uvmsoc serve` and `uvmsoc client`. */
extern const char cli_serve_help[], cli_client_help[];

/** Longest kernel name cli_load_kernel() takes, NUL included. */
#define UVS_KERNEL_NAME_MAX 64

/**
 * cli_boot_plain - load the firmware @fw (NULL: cli_locate()) and boot it in
 * M mode (no OpenSBI), waiting up to @timeout device cycles for it to be
 * ready (devboot.c). Returns CLI_OK, or CLI_FAIL after printing why.
 */
int cli_boot_plain(struct uvs_dev *dev, const char *fw, uint64_t timeout);

/**
 * cli_load_kernel - parse kernel @name (NAME.elf in the kernel directory,
 * cli_locate(CLI_KERNEL_DIR); no '/') into @img and copy its segments into
 * the kernel region by DMA (devboot.c). The caller frees @img with
 * uvs_fw_image_free(). Returns CLI_OK, CLI_USAGE (bad name) or CLI_FAIL,
 * after printing why.
 */
int cli_load_kernel(struct uvs_dev *dev, const char *name, struct uvs_fw_image *img);

/**
 * cli_trace_report - load the access trace @path (include/lib/uvs_trace.h) and
 * print, each line prefixed by @indent, the device's hit rate from it and
 * LRU, CLOCK and MIN hit rates replayed at @frames frames (0: the header's
 * HBM size). Returns CLI_OK, CLI_FAIL (unreadable trace: the message names
 * the byte offset) or CLI_USAGE (no frame count).
 */
int cli_trace_report(const char *path, uint64_t frames, const char *indent);

/** cli_cmd_trace - `uvmsoc trace replay FILE [--frames N]` (trace_cmd.c). */
int cli_cmd_trace(const struct cli_global *g, int argc, char **argv);

/** Help text of `uvmsoc trace`. */
extern const char cli_trace_help[];

/** cli_reap_sim - wait for (or stop) the simulator of cli_spawn_sim and remove its directory; no-op without one. */
void cli_reap_sim(void);

#endif

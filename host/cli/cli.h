/*
 * uvmsoc CLI: shared declarations of the command-line front end (main.c)
 * and its subcommands (commands.c).
 */
#ifndef UVMSOC_CLI_H
#define UVMSOC_CLI_H

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
};

/** A subcommand: name, one-line summary, help text, and its entry point. */
struct cli_cmd {
    const char *name;
    const char *summary;
    const char *help;
    int (*run)(const struct cli_global *g, int argc, char **argv);
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

/** cli_open - open the device of the global options; prints the error and returns NULL on failure. */
struct uvs_dev *cli_open(const struct cli_global *g);

/**
 * cli_spawn_sim - start the simulator @sim with `--host-socket TMP/sim.sock
 * --host-once` and the space-separated @args (may be NULL), wait until it
 * listens, and point *@socket_path at its socket. Returns CLI_OK, or
 * CLI_FAIL after printing why (cannot run it, it exited, no socket in 10 s).
 */
int cli_spawn_sim(const char *sim, const char *args, const char **socket_path);

/** cli_reap_sim - wait for (or stop) the simulator of cli_spawn_sim and remove its directory; no-op without one. */
void cli_reap_sim(void);

#endif

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

#endif

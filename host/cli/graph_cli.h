/* uvmsoc CLI: the graph command and the graph of the graph kernels (graph_cmd.c). */
#ifndef UVMSOC_GRAPH_CLI_H
#define UVMSOC_GRAPH_CLI_H

#include "cli.h"
#include "graph.h"

/** Help text of `uvmsoc graph`. */
extern const char cli_graph_help[];

/** `uvmsoc graph convert ...`: CLI_OK, CLI_FAIL or CLI_USAGE. */
int cli_graph(const struct cli_global *g, int argc, char **argv);

/**
 * cli_graph_load - the graph of a graph kernel: the CSR file @file
 * (validated, graph_read), or with @file NULL this machine's package
 * dependency graph: the cached conversion when it is newer than apt's
 * package cache, else converted from `apt-cache dumpavail` now and cached
 * (cache: $UVMSOC_GRAPH_CACHE, BUILD/graphs/dumpavail.csr in a build tree,
 * else ~/.cache/uvmsoc/dumpavail.csr). Prints errors prefixed by @who.
 * Returns CLI_OK or CLI_FAIL.
 */
int cli_graph_load(const char *file, struct graph *g, const char *who);

#endif /* UVMSOC_GRAPH_CLI_H */

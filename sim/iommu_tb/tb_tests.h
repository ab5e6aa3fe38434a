/* uvmsoc IOMMU testbench: the test programs (directed, differential, bench). */
#ifndef UVS_IOMMU_TB_TESTS_H
#define UVS_IOMMU_TB_TESTS_H

#include <stdint.h>

#include "tb.h"

/** A directed test: returns 0 when it passed. */
struct tb_directed {
    const char *name;
    const char *what;
    int (*fn)(struct tb *tb);
};

/** The directed tests (tb_directed.c, tb_directed2.c), ending with a NULL name. */
extern const struct tb_directed tb_directed_tests[];
extern const struct tb_directed tb_directed_tests2[];

/** Differential test: random page tables and requests, n requests. Returns 0 when it passed. */
int tb_random_test(struct tb *tb, uint64_t n);

/** Benchmarks: prints latencies and throughput. Returns 0, or -1 when a check failed. */
int tb_bench(struct tb *tb);

#endif

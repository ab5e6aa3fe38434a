/*
 * tests/soclib/report.h: verdict helpers (fail, check) of the bare-metal SoC
 * test programs tests/iommu_soc and tests/tile_soc over console.h,
 * header-only so each program stays one static link. Before including it, define
 * SOC_TEST_NAME (the program's name, printed in failure lines) and the HTIF
 * doubleword `volatile uint64_t tohost` (docs/architecture.md "Boot flow").
 */
#ifndef UVS_TESTS_SOCLIB_REPORT_H
#define UVS_TESTS_SOCLIB_REPORT_H

#include <stdint.h>

#include "console.h"

/* Fails step @st with a console line naming it and the values compared. */
static __attribute__((noreturn)) void fail(unsigned st, const char *what, uint64_t got, uint64_t want)
{
    puts_(SOC_TEST_NAME ": FAIL step ");
    puthex(st);
    puts_(": ");
    puts_(what);
    puts_(" got ");
    puthex(got);
    puts_(" want ");
    puthex(want);
    puts_("\n");
    finish(st);
}

/* Fails step @st unless @got == @want. */
static void check(unsigned st, const char *what, uint64_t got, uint64_t want)
{
    if (got != want)
        fail(st, what, got, want);
}

#endif /* UVS_TESTS_SOCLIB_REPORT_H */

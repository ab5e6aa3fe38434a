/*
 * tests/soclib/report.h: console and verdict helpers of the bare-metal SoC
 * test programs (tests/iommu_soc, tests/tile_soc), header-only so each
 * program stays one static link. Before including it, define
 * SOC_TEST_NAME (the program's name, printed in failure lines) and the HTIF
 * doubleword `volatile uint64_t tohost` (docs/architecture.md "Boot flow").
 */
#ifndef UVS_TESTS_SOCLIB_REPORT_H
#define UVS_TESTS_SOCLIB_REPORT_H

#include <stdint.h>
#include <uvmsoc/memmap.h>

static volatile uint8_t *const uart = (volatile uint8_t *)(uintptr_t)UVS_UART0_BASE;

/* Writes @s to the UART (16550 THR, no flow control in the model). */
static void puts_(const char *s)
{
    while (*s)
        uart[0] = (uint8_t)*s++;
}

/* Writes @v as 0x and 16 hex digits. */
static void puthex(uint64_t v)
{
    char b[19] = "0x";
    for (int i = 0; i < 16; i++)
        b[2 + i] = "0123456789abcdef"[(v >> (60 - 4 * i)) & 15];
    b[18] = 0;
    puts_(b);
}

/* Ends the run: status 0 = pass, else the failed step. */
static __attribute__((noreturn)) void finish(unsigned status)
{
    tohost = status ? ((uint64_t)status << 1) | 1 : 1;
    for (;;)
        __asm__ volatile("wfi");
}

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

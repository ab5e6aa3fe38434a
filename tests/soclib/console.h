/*
 * tests/soclib/console.h: console output and the end of a run for the
 * bare-metal SoC test programs (tests/iommu_soc, tests/tile_soc through
 * report.h, tests/mtsoc), header-only so each program stays one static link.
 * Before including it, define the HTIF doubleword `volatile uint64_t tohost`
 * (docs/architecture.md "Boot flow").
 */
#ifndef UVS_TESTS_SOCLIB_CONSOLE_H
#define UVS_TESTS_SOCLIB_CONSOLE_H

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

#endif /* UVS_TESTS_SOCLIB_CONSOLE_H */

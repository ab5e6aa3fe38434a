/* stdio console on a 16550 UART (see console.h). */
#include "console.h"

#include <stdio.h>
#include <uvmsoc/memmap.h>

static struct uvs_ns16550 console_uart;

static int console_put(char c, FILE *f)
{
	(void)f;
	if (uvs_ns16550_putc(&console_uart, c) != 0)
		return EOF;
	return (unsigned char)c;
}

static FILE console_file = FDEV_SETUP_STREAM(console_put, NULL, NULL, _FDEV_SETUP_WRITE);

/* picolibc's standard streams; stdin has no input function (reads fail). */
FILE *const stdin = &console_file;
FILE *const stdout = &console_file;
FILE *const stderr = &console_file;

void uvs_console_init_early(void)
{
	(void)uvs_ns16550_init(&console_uart, (uintptr_t)UVS_UART0_BASE, 0, 1);
}

void uvs_console_use(const struct uvs_ns16550 *uart)
{
	console_uart = *uart;
}

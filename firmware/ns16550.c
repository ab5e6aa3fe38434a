/* 16550 UART transmit driver (see ns16550.h). */
#include "ns16550.h"

#include <errno.h>

#define NS16550_THR 0		/* transmitter holding register (write) */
#define NS16550_LSR 5		/* line status register */
#define NS16550_LSR_THRE 0x20	/* THR empty: room for one byte */

static uint32_t reg_read(const struct uvs_ns16550 *u, unsigned reg)
{
	uintptr_t a = u->base + ((uintptr_t)reg << u->reg_shift);

	switch (u->reg_io_width) {
	case 4:  return *(volatile uint32_t *)a;
	case 2:  return *(volatile uint16_t *)a;
	default: return *(volatile uint8_t *)a;
	}
}

static void reg_write(const struct uvs_ns16550 *u, unsigned reg, uint32_t v)
{
	uintptr_t a = u->base + ((uintptr_t)reg << u->reg_shift);

	switch (u->reg_io_width) {
	case 4:  *(volatile uint32_t *)a = v; break;
	case 2:  *(volatile uint16_t *)a = (uint16_t)v; break;
	default: *(volatile uint8_t *)a = (uint8_t)v; break;
	}
}

int uvs_ns16550_init(struct uvs_ns16550 *u, uintptr_t base, uint32_t reg_shift,
		     uint32_t reg_io_width)
{
	if ((reg_io_width != 1 && reg_io_width != 2 && reg_io_width != 4) ||
	    reg_shift > 4)
		return -EINVAL;
	u->base = base;
	u->reg_shift = reg_shift;
	u->reg_io_width = reg_io_width;
	return 0;
}

int uvs_ns16550_putc(const struct uvs_ns16550 *u, char c)
{
	for (uint32_t i = 0; i < UVS_NS16550_TX_POLLS; i++) {
		if (reg_read(u, NS16550_LSR) & NS16550_LSR_THRE) {
			reg_write(u, NS16550_THR, (uint8_t)c);
			return 0;
		}
	}
	return -ETIMEDOUT;
}

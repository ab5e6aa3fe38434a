/*
 * Polled transmit driver for a 16550-compatible UART ("ns16550a"):
 * registers THR (0) and LSR (5), LSR bit 5 THRE, per the National
 * Semiconductor PC16550D datasheet (register table 2 and section 8.6.3).
 * Register n lives at base + (n << reg-shift), accessed reg-io-width bytes
 * wide (devicetree binding serial/8250.yaml).
 */
#ifndef UVS_NS16550_H
#define UVS_NS16550_H

#include <stdint.h>

/** One UART instance. */
struct uvs_ns16550 {
	uintptr_t base;		/**< physical address of register 0 */
	uint32_t reg_shift;	/**< register n at base + (n << reg_shift) */
	uint32_t reg_io_width;	/**< access width in bytes: 1, 2 or 4 */
};

/**
 * Fills `u` for a UART at `base` with the given register spacing and access
 * width. Does not touch the hardware (divisor and line control are left as
 * the platform set them: the simulated UART has no baud-rate generator).
 * Returns 0, or -EINVAL if reg_io_width is not 1, 2 or 4 or reg_shift > 4.
 */
int uvs_ns16550_init(struct uvs_ns16550 *u, uintptr_t base, uint32_t reg_shift,
		     uint32_t reg_io_width);

/**
 * Transmits byte `c`: waits for LSR.THRE, then writes THR. The wait is
 * bounded (UVS_NS16550_TX_POLLS reads); on timeout the byte is dropped and
 * -ETIMEDOUT returned so that a dead UART cannot hang the firmware.
 * Returns 0 when the byte was written.
 */
int uvs_ns16550_putc(const struct uvs_ns16550 *u, char c);

/** LSR polls before uvs_ns16550_putc() gives up on a byte. */
#define UVS_NS16550_TX_POLLS 1000000u

#endif /* UVS_NS16550_H */

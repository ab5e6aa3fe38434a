/*
 * uvmsoc management-hart firmware: boot banner, platform discovery from
 * the device tree, discovery report, optional self-test.
 */
#include <inttypes.h>
#include <stdio.h>

#include <libfdt.h>
#include <uvmsoc/memmap.h>

#include "console.h"
#include "fw.h"
#include "ns16550.h"
#include "platform.h"
#include "report.h"
#include "selftest.h"

/** Entry from crt0.S on hart 0; the return value is the exit status. */
int uvs_fw_main(uint64_t hartid, const void *dtb);

static struct uvs_platform platform;

int uvs_fw_main(uint64_t hartid, const void *dtb)
{
	struct uvs_ns16550 uart;
	int err;

	uvs_console_init_early();
	printf("uvmsoc firmware %s\n", UVS_FW_VERSION);

	if (uvs_platform_check_dtb(dtb, (uintptr_t)UVS_SRAM_BASE, (uintptr_t)UVS_SRAM_SIZE,
				   &platform) != 0) {
		printf("uvmsoc-fw: error: %s\n", platform.error);
		return UVS_FW_EXIT_BAD_DTB;
	}
	err = uvs_platform_discover(dtb, &platform);
	if (err != 0) {
		printf("uvmsoc-fw: error: device tree at 0x%" PRIxPTR
		       " does not describe a usable platform: %s\n",
		       (uintptr_t)dtb, platform.error);
		return UVS_FW_EXIT_BAD_PLATFORM;
	}
	if (uvs_ns16550_init(&uart, (uintptr_t)platform.uart.base, platform.uart.reg_shift,
			     platform.uart.reg_io_width) != 0) {
		printf("uvmsoc-fw: error: UART at 0x%" PRIx64 ": reg-shift %" PRIu32
		       " / reg-io-width %" PRIu32 " not supported\n", platform.uart.base,
		       platform.uart.reg_shift, platform.uart.reg_io_width);
		return UVS_FW_EXIT_BAD_PLATFORM;
	}
	uvs_console_use(&uart);

	uvs_report_platform(&platform, hartid, dtb, fdt_totalsize(dtb));
	if (platform.selftest[0] != '\0')
		return uvs_selftest_run(&platform, hartid);
	printf("uvmsoc-fw: platform discovery complete\n");
	return UVS_FW_EXIT_OK;
}

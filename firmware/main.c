/*
 * uvmsoc management-hart firmware: boot banner, platform discovery from
 * the device tree, discovery report, the PLIC's context of the mode the
 * firmware runs in (M, or S as OpenSBI's payload; all sources off until a
 * service attaches its own), compute harts for kernel launches,
 * then an optional self-test, or the host command queue service when the
 * device tree has a host interface and a DMA engine, else exit 0.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include <libfdt.h>
#include <uvmsoc/hostif.h>
#include <uvmsoc/memmap.h>

#include "console.h"
#include "fw.h"
#include "htif.h"
#include "host_service.h"
#include "launch.h"
#include "ns16550.h"
#include "platform.h"
#include "plic.h"
#include "priv.h"
#include "report.h"
#include "sbi.h"
#include "selftest.h"

/** Entry from crt0.S on hart 0; the return value is the exit status. */
int uvs_fw_main(uint64_t hartid, const void *dtb);

static struct uvs_platform platform;

/* The mode the firmware runs in and, in S mode, the SBI below it. */
static void report_privilege(void)
{
	uint32_t spec, impl, ver;

	if (!uvs_fw_smode) {
		printf("privilege    M mode (no SBI)\n");
		return;
	}
	if (uvs_sbi_info(&spec, &impl, &ver) != 0) {
		printf("privilege    S mode (SBI Base extension not answering)\n");
		return;
	}
	/* SBI v1.0.0 table 3: implementation ID 1 is OpenSBI (version major << 16 | minor). */
	if (impl == 1)
		printf("privilege    S mode, SBI v%" PRIu32 ".%" PRIu32 " (OpenSBI %" PRIu32 ".%" PRIu32 ")\n",
		       spec >> 24, spec & 0xffffff, ver >> 16, ver & 0xffff);
	else
		printf("privilege    S mode, SBI v%" PRIu32 ".%" PRIu32 " (implementation %" PRIu32
		       ", version 0x%" PRIx32 ")\n", spec >> 24, spec & 0xffffff, impl, ver);
}

/* Cycles hart 0 waits for the compute harts to reach their park loop. */
#define LAUNCH_PARK_WAIT_CYCLES 1000000u

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
	/* Firmware loaded by the host: the simulator does not watch tohost, so
	 * every exit (including fatal traps) also writes HOSTIF_FW_EXIT. */
	if (platform.hostif_base != 0)
		uvs_htif_set_fw_exit((uintptr_t)(platform.hostif_base + UVS_HOSTIF_FW_EXIT_OFF));

	uvs_report_platform(&platform, hartid, dtb, fdt_totalsize(dtb));
	if (platform.plic_base != 0) {
		struct uvs_plic_desc plic;
		char why[120];

		err = uvs_plic_probe(dtb, (uint32_t)hartid, uvs_priv_irq_ext(), &plic, why, sizeof(why));
		if (err == 0)
			err = uvs_plic_init((uintptr_t)platform.plic_base, &plic);
		if (err != 0) {
			printf("uvmsoc-fw: error: PLIC at 0x%" PRIx64 ": %s\n", platform.plic_base,
			       err == -EINVAL ? "cannot be initialised" : why);
			return UVS_FW_EXIT_BAD_PLATFORM;
		}
	}
	report_privilege();
	if (uvs_launch_init(&platform, dtb, LAUNCH_PARK_WAIT_CYCLES) > 0)
		printf("kernels      %u compute harts ready\n", uvs_launch_harts());
	if (platform.selftest[0] != '\0')
		return uvs_selftest_run(&platform, hartid);
	if (platform.hostif_base != 0 && platform.dma_base != 0)
		return uvs_hostq_serve(&platform);
	printf("uvmsoc-fw: platform discovery complete\n");
	return UVS_FW_EXIT_OK;
}

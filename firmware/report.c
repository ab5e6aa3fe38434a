/* Boot report table (see report.h). */
#include "report.h"

#include <inttypes.h>
#include <stdio.h>

/* Prints `bytes` as "N GiB/MiB/KiB" when exact, else "N bytes". */
static void print_size(uint64_t bytes)
{
	static const char *const unit[] = { "GiB", "MiB", "KiB" };
	static const unsigned shift[] = { 30, 20, 10 };

	for (unsigned i = 0; i < 3; i++) {
		if (bytes != 0 && (bytes & ((1ULL << shift[i]) - 1)) == 0) {
			printf("%" PRIu64 " %s", bytes >> shift[i], unit[i]);
			return;
		}
	}
	printf("%" PRIu64 " bytes", bytes);
}

void uvs_report_platform(const struct uvs_platform *p, uint64_t boot_hartid,
			 const void *dtb, size_t dtb_size)
{
	unsigned roles[3] = { 0, 0, 0 };

	for (uint32_t i = 0; i < p->nharts; i++)
		roles[p->harts[i].role]++;

	printf("device tree  0x%" PRIxPTR ", %zu bytes\n", (uintptr_t)dtb, dtb_size);
	printf("model        %s\n", p->model[0] ? p->model : "(none)");
	printf("compatible   %s\n", p->compatible[0] ? p->compatible : "(none)");
	printf("harts        %" PRIu32 " (%u management, %u compute", p->nharts,
	       roles[UVS_ROLE_MANAGEMENT], roles[UVS_ROLE_COMPUTE]);
	if (roles[UVS_ROLE_UNKNOWN])
		printf(", %u unknown", roles[UVS_ROLE_UNKNOWN]);
	printf(")\n");
	for (uint32_t i = 0; i < p->nharts; i++) {
		const struct uvs_hart_desc *h = &p->harts[i];

		printf("  hart %-3" PRIu32 "   %-10s  %-24s %s%s\n", h->hartid,
		       uvs_hart_role_name(h->role), h->isa,
		       h->okay ? "okay" : "disabled",
		       h->hartid == boot_hartid ? " (this hart)" : "");
	}
	for (uint32_t i = 0; i < p->nmem; i++) {
		printf("memory       0x%" PRIx64 " size 0x%" PRIx64 " (", p->mem[i].base,
		       p->mem[i].size);
		print_size(p->mem[i].size);
		printf(")\n");
	}
	printf("uart         %s at 0x%" PRIx64 ", clock %" PRIu64 " Hz, reg-shift %" PRIu32
	       ", reg-io-width %" PRIu32 "%s\n", p->uart.compatible, p->uart.base,
	       p->uart.clock_hz, p->uart.reg_shift, p->uart.reg_io_width,
	       p->uart.from_stdout_path ? " (stdout-path)" : "");
	printf("clint        0x%" PRIx64 " size 0x%" PRIx64 "\n", p->clint_base, p->clint_size);
	if (p->plic_base)
		printf("plic         0x%" PRIx64 " size 0x%" PRIx64 "\n", p->plic_base, p->plic_size);
	printf("timebase     %" PRIu64 " Hz\n", p->timebase_hz);
	if (p->hostif_base)
		printf("hostif       0x%" PRIx64 " size 0x%" PRIx64 "\n", p->hostif_base, p->hostif_size);
	if (p->dma_base)
		printf("dma          0x%" PRIx64 " size 0x%" PRIx64 "\n", p->dma_base, p->dma_size);
}

/* Privilege-mode dependent operations of the management firmware (see priv.h). */
#include "priv.h"

#include "clint.h"
#include "csr.h"
#include "sbi.h"

uint8_t uvs_fw_smode;

unsigned uvs_priv_irq_timer(void)
{
	return uvs_fw_smode ? IRQ_S_TIMER : IRQ_M_TIMER;
}

unsigned uvs_priv_irq_ext(void)
{
	return uvs_fw_smode ? IRQ_S_EXT : IRQ_M_EXT;
}

void uvs_priv_irq_enable(unsigned code, bool on)
{
	uint64_t bit = 1ULL << (code & 63);

	if (uvs_fw_smode) {
		if (on)
			csr_set(sie, bit);
		else
			csr_clear(sie, bit);
	} else if (on) {
		csr_set(mie, bit);
	} else {
		csr_clear(mie, bit);
	}
}

void uvs_priv_irq_global(bool on)
{
	if (uvs_fw_smode) {
		if (on)
			csr_set(sstatus, CSR_SSTATUS_SIE);
		else
			csr_clear(sstatus, CSR_SSTATUS_SIE);
	} else if (on) {
		csr_set(mstatus, CSR_MSTATUS_MIE);
	} else {
		csr_clear(mstatus, CSR_MSTATUS_MIE);
	}
}

bool uvs_priv_irq_pending(unsigned code)
{
	uint64_t ip = uvs_fw_smode ? csr_read(sip) : csr_read(mip);

	return (ip >> (code & 63)) & 1;
}

uint64_t uvs_priv_time(const struct uvs_platform *p)
{
	if (uvs_fw_smode)
		return csr_read(time);
	return uvs_clint_mtime((uintptr_t)p->clint_base);
}

int uvs_priv_timer_arm(const struct uvs_platform *p, uint32_t hartid, uint64_t when)
{
	if (uvs_fw_smode)
		return uvs_sbi_set_timer(when);
	uvs_clint_set_mtimecmp((uintptr_t)p->clint_base, hartid, when);
	return 0;
}

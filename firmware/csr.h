/*
 * CSR access and trap cause codes of the M and S modes.
 *
 * CSR numbers, status/ie/ip bits and cause codes follow the RISC-V
 * Privileged Architecture (20211203), sections 3.1.6 (mstatus),
 * 3.1.9 (mip/mie), 3.1.15 (mcause, table 3.6), 4.1.1 (sstatus) and
 * 4.1.3 (sip/sie).
 */
#ifndef UVS_CSR_H
#define UVS_CSR_H

#define CSR_MSTATUS_MIE (1UL << 3)	/**< mstatus.MIE: machine interrupts enabled */
#define CSR_MIE_MSIE    (1UL << 3)	/**< mie.MSIE: machine software interrupt */
#define CSR_MIE_MTIE    (1UL << 7)	/**< mie.MTIE: machine timer interrupt */
#define CSR_MIE_MEIE    (1UL << 11)	/**< mie.MEIE: machine external interrupt */
#define CSR_MIP_MTIP    (1UL << 7)	/**< mip.MTIP: machine timer interrupt pending */
#define CSR_MIP_MSIP    (1UL << 3)	/**< mip.MSIP: machine software interrupt pending */
#define CSR_MSTATUS_MPIE (1UL << 7)	/**< mstatus.MPIE: MIE before the trap */
#define CSR_MSTATUS_MPP  (3UL << 11)	/**< mstatus.MPP: privilege before the trap (0 = U, 3 = M) */
#define CSR_MCOUNTEREN_ALL 7UL		/**< mcounteren CY, TM, IR: U mode may read cycle, time, instret */
#define CSR_SSTATUS_SIE (1UL << 1)	/**< sstatus.SIE: supervisor interrupts enabled */
#define CSR_SIE_STIE    (1UL << 5)	/**< sie.STIE: supervisor timer interrupt */
#define CSR_SIE_SEIE    (1UL << 9)	/**< sie.SEIE: supervisor external interrupt */

/** mcause bit 63: the trap is an interrupt. */
#define MCAUSE_INTERRUPT (1UL << 63)

/* Interrupt codes (mcause with MCAUSE_INTERRUPT set). */
#define IRQ_M_SOFT  3	/**< machine software interrupt */
#define IRQ_M_TIMER 7	/**< machine timer interrupt */
#define IRQ_M_EXT   11	/**< machine external interrupt */
#define IRQ_S_TIMER 5	/**< supervisor timer interrupt */
#define IRQ_S_EXT   9	/**< supervisor external interrupt */

/* Exception codes (mcause with MCAUSE_INTERRUPT clear). */
#define EXC_ILLEGAL_INSTRUCTION 2	/**< illegal instruction */
#define EXC_ECALL_U             8	/**< environment call from U-mode */

#ifndef __ASSEMBLER__
#include <stdint.h>

/** Read CSR `csr` (a name such as mstatus); returns its 64-bit value. */
#define csr_read(csr) ({						\
	uint64_t v_;							\
	__asm__ volatile("csrr %0, " #csr : "=r"(v_) :: "memory");	\
	v_; })

/** Write `val` to CSR `csr`. */
#define csr_write(csr, val) \
	__asm__ volatile("csrw " #csr ", %0" :: "rK"((uint64_t)(val)) : "memory")

/** Set the bits `mask` in CSR `csr` (csrs). */
#define csr_set(csr, mask) \
	__asm__ volatile("csrs " #csr ", %0" :: "rK"((uint64_t)(mask)) : "memory")

/** Clear the bits `mask` in CSR `csr` (csrc). */
#define csr_clear(csr, mask) \
	__asm__ volatile("csrc " #csr ", %0" :: "rK"((uint64_t)(mask)) : "memory")
#endif

#endif /* UVS_CSR_H */

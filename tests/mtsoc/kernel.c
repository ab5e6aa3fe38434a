/*
 * The kernel run by every hardware thread of the c4mt compute harts
 * (mtsoc.h). U mode, no M-mode CSRs: only the user index CSRs of
 * include/uvmsoc/mt.def and the A extension (unprivileged spec ch. 8).
 */
#include "mtsoc.h"

#include <uvmsoc/mt.h>

/* Reads the user CSR number @n (a compile-time constant). */
#define CSRR(n) ({ uint64_t v_; __asm__ volatile("csrr %0, %1" : "=r"(v_) : "i"(n)); v_; })

void mt_kernel(struct mtsoc_shared *sh, uint64_t mode)
{
    uint64_t g = CSRR(UVS_MT_CSR_BID) * CSRR(UVS_MT_CSR_NTID) + CSRR(UVS_MT_CSR_TID);
    uint64_t n = CSRR(UVS_MT_CSR_NBID) * CSRR(UVS_MT_CSR_NTID);
    uint64_t sum = 0, cnt = 0, v, rc;

    if (mode == MTSOC_UVA_RUN) { /* through the IOMMU: count, LR/SC sum of g, read the magic */
        volatile uint64_t *w = (volatile uint64_t *)(uintptr_t)MTSOC_MAP_VA;
        __atomic_fetch_add(&w[0], 1u, __ATOMIC_RELAXED);
        do {
            __asm__ volatile("lr.d %0, (%2)\n\tadd %0, %0, %3\n\tsc.d %1, %0, (%2)"
                             : "=&r"(v), "=&r"(rc) : "r"(&w[1]), "r"(g) : "memory");
        } while (rc);
        cnt = w[2] ^ g;
        register uint64_t r0 __asm__("a0") = cnt;
        __asm__ volatile("ecall" : : "r"(r0) : "memory");
        for (;;)
            ;
    }

    if (mode == MTSOC_STORM) { /* fault storm: the load parks until hart 0 replays its page */
        volatile uint64_t *p = (volatile uint64_t *)(uintptr_t)(MTSOC_STORM_VA + g * 4096);
        v = p[g];
        p[64 + g] = v + 1;
        register uint64_t r0 __asm__("a0") = v ^ g;
        __asm__ volatile("ecall" : : "r"(r0) : "memory");
        for (;;)
            ;
    }

    /* the launcher resumes a deliberately trapped thread at the next instruction */
    if (mode == MTSOC_ILLEGAL) /* all-zero word: illegal instruction (cause 2) */
        __asm__ volatile(".globl mt_trap_insn\nmt_trap_insn:\n\t.word 0" ::: "memory");
    if (mode == MTSOC_UVA) /* unified range: load access fault (cause 5) on c4mt */
        __asm__ volatile(".globl mt_uva_insn\nmt_uva_insn:\n\tld t0, 0(%0)"
                         : : "r"((uintptr_t)MTSOC_UVA_VA) : "t0", "memory");
    for (uint64_t i = g; i < MTSOC_DATA_N; i += n) {
        uint32_t d = sh->data[i];
        __atomic_fetch_add(&sh->hist[d % MTSOC_NBINS], 1u, __ATOMIC_RELAXED);
        sum += d;
        cnt++;
    }
    for (;;) {
        __asm__ volatile("lr.d %0, (%2)\n\tadd %0, %0, %3\n\tsc.d %1, %0, (%2)"
                         : "=&r"(v), "=&r"(rc) : "r"(&sh->total), "r"(sum) : "memory");
        if (rc == 0)
            break;
        __atomic_fetch_add(&sh->sc_retries, 1u, __ATOMIC_RELAXED);
    }
    register uint64_t a0 __asm__("a0") = cnt;
    __asm__ volatile("ecall" : : "r"(a0) : "memory");
    for (;;) /* never resumed after the exit */
        ;
}

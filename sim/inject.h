/*
 * uvmsoc-sim fault injection (--inject; docs/reliability.md "Fault
 * injection"): deterministic faults at the Nth event of a kind, or at the
 * first event of that kind at or after a cycle, for a number of
 * consecutive events. The hooks sit where the event happens (sim/dpi.c,
 * the DMA slave model sim/dma_slave.c); this module only decides whether an
 * event is hit.
 *
 * Kinds and the events they count:
 *   dma-error  descriptors started on the firmware's DMA channel
 *              (DMA_CHAN_FW): a hit fails every host-memory burst of that
 *              descriptor (SLVERR), so it completes with DMA_ST_LINK (a
 *              D2D descriptor has none to fail: reported, no effect)
 *   hbm-poison reads of HBM by a compute hart's data port: a hit poisons
 *              the 8-byte word read (a bus error now and on every later
 *              read until it is written)
 *   msi-drop   MSIs the host interface sends: a hit is lost on the link
 *   fw-hang    instruction fetches of the management hart: from a hit on,
 *              every fetch of hart 0 returns `jal x0, 0` (it spins) until
 *              the harts are booted again (HOSTIF MGMT_CTRL.HOLD 1 -> 0)
 *   sim-crash  cycles of a host-driven simulator (--host-socket/--host-shm):
 *              a hit kills the simulator (abort(), SIGABRT)
 */
#ifndef UVS_SIM_INJECT_H
#define UVS_SIM_INJECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Kinds of injected fault. */
enum uvs_inj_kind {
    UVS_INJ_DMA_ERROR,
    UVS_INJ_HBM_POISON,
    UVS_INJ_MSI_DROP,
    UVS_INJ_FW_HANG,
    UVS_INJ_SIM_CRASH,
    UVS_INJ_KINDS
};

/** Most --inject rules in one run. */
#define UVS_INJ_RULES_MAX 16
/** Most words poisoned at once (further poison hits are dropped and counted). */
#define UVS_INJ_POISON_MAX 64

/** One rule: KIND@N[xTIMES] or KIND@cycle=C[xTIMES]. */
struct uvs_inj_rule {
    enum uvs_inj_kind kind;
    bool by_cycle;  /**< first event at or after cycle `at`; else the at-th event (1-based) */
    uint64_t at;    /**< event number or cycle */
    uint64_t times; /**< consecutive events hit (>= 1) */
};

/** The rules of a run (part of struct uvs_opts). */
struct uvs_inj_plan {
    unsigned n;
    struct uvs_inj_rule rule[UVS_INJ_RULES_MAX];
};

/**
 * uvs_inject_parse - add the comma-separated rules of @spec (one --inject
 * argument) to @plan. Grammar per rule: KIND, KIND@N (the Nth event, N >= 1)
 * or KIND@cycle=C (the first event at or after cycle C), each optionally
 * followed by xT (T >= 1 consecutive events; default 1).
 * Returns 0, or -EINVAL with a one-line reason in @err (unknown kind, bad
 * number, more than UVS_INJ_RULES_MAX rules).
 */
int uvs_inject_parse(struct uvs_inj_plan *plan, const char *spec, char *err, size_t errlen);

/** uvs_inject_arm - make @plan the simulator's rules (counters start at 0). */
void uvs_inject_arm(const struct uvs_inj_plan *plan);

/**
 * uvs_inject_event - one event of @kind at cycle @now: true when a rule
 * hits it (the caller injects the fault). Counts the event.
 */
bool uvs_inject_event(enum uvs_inj_kind kind, uint64_t now);

/** uvs_inject_armed - true when some rule of @kind is armed (cheap guard for hot paths). */
bool uvs_inject_armed(enum uvs_inj_kind kind);

/**
 * uvs_inject_poison_check - a compute hart's read of HBM word @addr at
 * @now: true when that word is poisoned (already, or by a hit now).
 */
bool uvs_inject_poison_check(uint64_t addr, uint64_t now);

/** uvs_inject_poison_clear - a write to @addr: the 8-byte word it lies in is no longer poisoned. */
void uvs_inject_poison_clear(uint64_t addr);

/** uvs_inject_hung - true while the management hart is hung (fw-hang hit, not rebooted since). */
bool uvs_inject_hung(void);

/** uvs_inject_boot - the harts are (re)booted: a hang ends. */
void uvs_inject_boot(void);

/** uvs_inject_name - the option name of @kind ("dma-error", ...). */
const char *uvs_inject_name(enum uvs_inj_kind kind);

#ifdef __cplusplus
}
#endif
#endif /* UVS_SIM_INJECT_H */

/* Named migration policies (see uvm_policy.h, docs/policies.md). */
#include <errno.h>
#include <string.h>

#include <uvmsoc/uvm.h>

#include "uvm_policy.h"

static struct uvm_policy adaptive(void)
{
    struct uvm_policy p = UVM_POLICY_BASELINE;
    p.name = "adaptive";
    p.stream_cross = true;
    p.grow_on_locality = true;
    p.grow_cold = true;
    p.grow_run = true;
    p.grow_write = true;
    p.big_floor = true;
    p.fit_blocks = true;
    p.evict_mode = UVS_UVM_EVICT_CLOCK;
    p.reserve_64ths = 8;
    p.thrash = UVM_THRASH_REMOTE;
    p.thrash_threshold = UVM_THRASH_THRESHOLD_DEFAULT;
    return p;
}

static struct uvm_policy uvm_baseline(void)
{
    struct uvm_policy p = UVM_POLICY_BASELINE;
    p.name = "uvm-baseline";
    p.stream_off = true;
    p.big_floor = true; /* UVM's growth is to the 64 KiB big page whatever the GPU memory */
    p.batch_max = UVM_BASELINE_BATCH_MAX;
    p.evict_mode = UVS_UVM_EVICT_LRA_CHUNK;
    p.reserve_64ths = 0;
    p.thrash = UVM_THRASH_THROTTLE_PIN;
    p.thrash_threshold = UVM_THRASH_THRESHOLD_DEFAULT;
    p.thrash_pin_threshold = UVM_THRASH_PIN_THRESHOLD_DEFAULT;
    return p;
}

static struct uvm_policy ondemand(void)
{
    struct uvm_policy p = UVM_POLICY_4K;
    p.name = "ondemand";
    p.evict_mode = UVS_UVM_EVICT_CLOCK;
    p.reserve_64ths = 0;
    return p;
}

static const struct {
    const char *name;
    struct uvm_policy (*make)(void);
} table[] = {
    {"adaptive", adaptive}, {"uvm-baseline", uvm_baseline}, {"ondemand", ondemand},
    {"baseline", uvm_baseline}, {"4k", ondemand}, /* aliases of old command lines */
};

int uvm_policy_by_name(const char *name, struct uvm_policy *pol)
{
    if (!name || !pol)
        return -EINVAL;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(name, table[i].name) == 0) {
            *pol = table[i].make();
            return uvm_policy_set_clock(pol, 1000000);
        }
    return -ENOENT;
}

const char *uvm_policy_names(void)
{
    return "adaptive, uvm-baseline, ondemand";
}

int uvm_policy_set_clock(struct uvm_policy *pol, uint32_t clock_khz)
{
    if (!pol || clock_khz == 0)
        return -EINVAL;
    pol->thrash_lapse = uvm_host_cost_cycles(UVM_THRASH_LAPSE_NS_DEFAULT, clock_khz);
    pol->thrash_nap = pol->thrash_lapse * UVM_THRASH_NAP_LAPSES_DEFAULT;
    return 0;
}

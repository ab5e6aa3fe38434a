/* uvmsoc-sim fault injection (see inject.h). */
#include "inject.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[UVS_INJ_KINDS] = {
    [UVS_INJ_DMA_ERROR] = "dma-error", [UVS_INJ_HBM_POISON] = "hbm-poison", [UVS_INJ_MSI_DROP] = "msi-drop",
    [UVS_INJ_FW_HANG] = "fw-hang",     [UVS_INJ_SIM_CRASH] = "sim-crash",
};

/* Armed rules with their progress. */
static struct {
    struct uvs_inj_plan plan;
    uint64_t events[UVS_INJ_KINDS];      /* events counted per kind */
    uint64_t hit_left[UVS_INJ_RULES_MAX]; /* events still to hit once a rule started (by cycle) */
    bool started[UVS_INJ_RULES_MAX];
    unsigned armed_mask;
    bool hung;
    uint64_t poison[UVS_INJ_POISON_MAX];
    unsigned npoison;
    uint64_t shown[UVS_INJ_KINDS]; /* hits reported on stderr */
} S;

#define SHOW_MAX 3 /* hits of a kind reported on stderr */

const char *uvs_inject_name(enum uvs_inj_kind kind)
{
    return (unsigned)kind < UVS_INJ_KINDS ? names[kind] : "?";
}

/* Decimal number >= 1 at *s, advancing *s. */
static int number(const char **s, uint64_t *out)
{
    char *end;
    if (**s < '0' || **s > '9')
        return -EINVAL;
    errno = 0;
    unsigned long long v = strtoull(*s, &end, 10);
    if (errno || v == 0)
        return -EINVAL;
    *s = end;
    *out = v;
    return 0;
}

static int parse_rule(struct uvs_inj_rule *r, const char *s, size_t len, char *err, size_t errlen)
{
    char buf[96];
    if (len >= sizeof buf) {
        snprintf(err, errlen, "--inject: rule too long: '%.*s...'", 32, s);
        return -EINVAL;
    }
    memcpy(buf, s, len);
    buf[len] = '\0';
    const char *at = strchr(buf, '@');
    size_t klen = at ? (size_t)(at - buf) : strcspn(buf, "x");
    memset(r, 0, sizeof *r);
    r->kind = UVS_INJ_KINDS;
    for (unsigned k = 0; k < UVS_INJ_KINDS; k++)
        if (strlen(names[k]) == klen && strncmp(buf, names[k], klen) == 0)
            r->kind = (enum uvs_inj_kind)k;
    if (r->kind == UVS_INJ_KINDS) {
        snprintf(err, errlen, "--inject: unknown kind '%.*s' (dma-error, hbm-poison, msi-drop, fw-hang, sim-crash)",
                 (int)klen, buf);
        return -EINVAL;
    }
    r->at = 1;
    r->times = 1;
    const char *p = buf + klen;
    if (*p == '@') {
        p++;
        if (strncmp(p, "cycle=", 6) == 0) {
            r->by_cycle = true;
            p += 6;
            if (*p == '0' && (p[1] == '\0' || p[1] == 'x')) /* cycle=0: from the start */
                r->at = 0, p++;
            else if (number(&p, &r->at))
                goto bad;
        } else if (number(&p, &r->at)) {
            goto bad;
        }
    }
    if (*p == 'x') {
        p++;
        if (number(&p, &r->times))
            goto bad;
    }
    if (*p != '\0')
        goto bad;
    return 0;
bad:
    snprintf(err, errlen, "--inject: bad rule '%s' (KIND, KIND@N or KIND@cycle=C, then optionally xT; N, T >= 1)",
             buf);
    return -EINVAL;
}

int uvs_inject_parse(struct uvs_inj_plan *plan, const char *spec, char *err, size_t errlen)
{
    if (!spec || !*spec) {
        snprintf(err, errlen, "--inject needs a rule (try --help)");
        return -EINVAL;
    }
    for (const char *s = spec;;) {
        size_t len = strcspn(s, ",");
        if (plan->n == UVS_INJ_RULES_MAX) {
            snprintf(err, errlen, "--inject: more than %u rules", UVS_INJ_RULES_MAX);
            return -EINVAL;
        }
        if (len == 0) {
            snprintf(err, errlen, "--inject: empty rule in '%s'", spec);
            return -EINVAL;
        }
        int rc = parse_rule(&plan->rule[plan->n], s, len, err, errlen);
        if (rc)
            return rc;
        plan->n++;
        if (s[len] == '\0')
            return 0;
        s += len + 1;
    }
}

void uvs_inject_arm(const struct uvs_inj_plan *plan)
{
    memset(&S, 0, sizeof S);
    S.plan = *plan;
    for (unsigned i = 0; i < plan->n; i++)
        S.armed_mask |= 1u << plan->rule[i].kind;
}

bool uvs_inject_armed(enum uvs_inj_kind kind)
{
    return (S.armed_mask >> kind) & 1u;
}

bool uvs_inject_event(enum uvs_inj_kind kind, uint64_t now)
{
    if (!uvs_inject_armed(kind))
        return false;
    uint64_t n = ++S.events[kind];
    bool hit = false;
    for (unsigned i = 0; i < S.plan.n; i++) {
        const struct uvs_inj_rule *r = &S.plan.rule[i];
        if (r->kind != kind)
            continue;
        if (!r->by_cycle) {
            hit |= n >= r->at && n - r->at < r->times;
            continue;
        }
        if (!S.started[i] && now >= r->at) {
            S.started[i] = true;
            S.hit_left[i] = r->times;
        }
        if (S.hit_left[i]) {
            S.hit_left[i]--;
            hit = true;
        }
    }
    if (hit && ++S.shown[kind] <= SHOW_MAX)
        fprintf(stderr, "uvmsoc-sim: inject: %s (event %llu, cycle %llu)%s\n", names[kind], (unsigned long long)n,
                (unsigned long long)now, S.shown[kind] == SHOW_MAX ? "; further hits of this kind not shown" : "");
    if (hit && kind == UVS_INJ_FW_HANG)
        S.hung = true;
    return hit;
}

bool uvs_inject_poison_check(uint64_t addr, uint64_t now)
{
    uint64_t w = addr & ~(uint64_t)7;
    for (unsigned i = 0; i < S.npoison; i++)
        if (S.poison[i] == w)
            return true;
    if (!uvs_inject_event(UVS_INJ_HBM_POISON, now))
        return false;
    if (S.npoison < UVS_INJ_POISON_MAX)
        S.poison[S.npoison++] = w;
    fprintf(stderr, "uvmsoc-sim: inject: HBM word 0x%llx poisoned\n", (unsigned long long)w);
    return true;
}

void uvs_inject_poison_clear(uint64_t addr)
{
    uint64_t w = addr & ~(uint64_t)7;
    for (unsigned i = 0; i < S.npoison; i++)
        if (S.poison[i] == w) {
            S.poison[i] = S.poison[--S.npoison];
            return;
        }
}

bool uvs_inject_hung(void)
{
    return S.hung;
}

void uvs_inject_boot(void)
{
    if (S.hung)
        fprintf(stderr, "uvmsoc-sim: inject: fw-hang ends (harts booted again)\n");
    S.hung = false;
}

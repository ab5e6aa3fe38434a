/*
 * The Debian package dependency graph from `apt-cache dumpavail` text
 * (graph.h graph_from_dumpavail). Stanza format: Debian Policy 5.1 (fields
 * "Name: value", continuation lines start with a space or tab, stanzas
 * separated by blank lines, field names case-insensitive); dependency
 * syntax: Debian Policy 7.1 (comma-separated entries, alternatives
 * separated by '|', each "name[:arch] [(op version)]").
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "graph.h"

/* Names: an arena of NUL-terminated strings and an open-addressing index. */
struct names {
    char *arena;
    size_t used, cap;
    uint64_t *at;       /* arena offset of name id */
    uint32_t count, cap_ids;
    uint32_t *slot;     /* id + 1, 0 = empty */
    uint32_t nslots;    /* power of two */
};

static uint64_t hash(const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a 64 */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)s[i]) * 0x100000001b3ull;
    return h;
}

/* Id of name s[0..n) or UINT32_MAX. */
static uint32_t names_find(const struct names *t, const char *s, size_t n)
{
    if (!t->nslots)
        return UINT32_MAX;
    for (uint64_t i = hash(s, n) & (t->nslots - 1);; i = (i + 1) & (t->nslots - 1)) {
        uint32_t id = t->slot[i];
        if (!id)
            return UINT32_MAX;
        const char *c = t->arena + t->at[id - 1];
        if (strncmp(c, s, n) == 0 && c[n] == '\0')
            return id - 1;
    }
}

static int names_rehash(struct names *t, uint32_t nslots)
{
    uint32_t *slot = calloc(nslots, sizeof *slot);
    if (!slot)
        return -ENOMEM;
    for (uint32_t id = 0; id < t->count; id++) {
        const char *c = t->arena + t->at[id];
        uint64_t i = hash(c, strlen(c)) & (nslots - 1);
        while (slot[i])
            i = (i + 1) & (nslots - 1);
        slot[i] = id + 1;
    }
    free(t->slot);
    t->slot = slot;
    t->nslots = nslots;
    return 0;
}

/* Appends s[0..n) + NUL to the arena; its offset in *off. */
static int arena_put(struct names *t, const char *s, size_t n, uint64_t *off)
{
    if (t->used + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 1 << 16;
        while (t->used + n + 1 > cap)
            cap *= 2;
        char *a = realloc(t->arena, cap);
        if (!a)
            return -ENOMEM;
        t->arena = a;
        t->cap = cap;
    }
    memcpy(t->arena + t->used, s, n);
    t->arena[t->used + n] = '\0';
    *off = t->used;
    t->used += n + 1;
    return 0;
}

/* Id of name s[0..n), added when new (*added = 1). */
static int names_add(struct names *t, const char *s, size_t n, uint32_t *id, int *added)
{
    *added = 0;
    if ((*id = names_find(t, s, n)) != UINT32_MAX)
        return 0;
    if (t->count == UINT32_MAX - 1)
        return -E2BIG;
    if (2ull * (t->count + 1) > t->nslots && names_rehash(t, t->nslots ? 2 * t->nslots : 1024))
        return -ENOMEM;
    if (t->count == t->cap_ids) {
        uint32_t cap = t->cap_ids ? 2 * t->cap_ids : 1024;
        uint64_t *at = realloc(t->at, cap * sizeof *at);
        if (!at)
            return -ENOMEM;
        t->at = at;
        t->cap_ids = cap;
    }
    uint64_t off;
    if (arena_put(t, s, n, &off))
        return -ENOMEM;
    t->at[t->count] = off;
    uint64_t i = hash(s, n) & (t->nslots - 1);
    while (t->slot[i])
        i = (i + 1) & (t->nslots - 1);
    t->slot[i] = t->count + 1;
    *id = t->count++;
    *added = 1;
    return 0;
}

static void names_free(struct names *t)
{
    free(t->arena);
    free(t->at);
    free(t->slot);
}

/* A dependency as read: source package id and the arena offset of the target's name. */
struct dep {
    uint32_t src;
    uint64_t name;
};

struct parse {
    struct names pk;        /* package names = vertex ids */
    struct names deptext;   /* only the arena: target names */
    struct dep *deps;
    uint64_t ndeps, cap;
    struct graph_dumpavail_stats st;
};

/* Package name characters (Debian Policy 5.6.1: lower case, digits, + - .); upper case accepted. */
static int name_char(char c)
{
    return isalnum((unsigned char)c) || c == '+' || c == '-' || c == '.' || c == '_';
}

/* Records the dependencies of field value v (one package's Depends or Pre-Depends). */
static int parse_deps(struct parse *p, uint32_t src, const char *v)
{
    for (const char *e = v; *e;) {
        const char *end = strchr(e, ',');
        size_t len = end ? (size_t)(end - e) : strlen(e);
        /* first alternative: up to '|' */
        const char *bar = memchr(e, '|', len);
        size_t first = bar ? (size_t)(bar - e) : len;
        if (bar) {
            for (const char *a = bar; a < e + len; a++)
                p->st.alternatives += *a == '|';
        }
        const char *s = e;
        while (s < e + first && isspace((unsigned char)*s))
            s++;
        const char *t = s;
        while (t < e + first && name_char(*t))
            t++;
        if (t > s) {
            p->st.deps++;
            if (p->ndeps == p->cap) {
                uint64_t cap = p->cap ? 2 * p->cap : 4096;
                struct dep *d = realloc(p->deps, cap * sizeof *d);
                if (!d)
                    return -ENOMEM;
                p->deps = d;
                p->cap = cap;
            }
            struct dep *d = &p->deps[p->ndeps++];
            d->src = src;
            if (arena_put(&p->deptext, s, (size_t)(t - s), &d->name))
                return -ENOMEM;
        }
        e = end ? end + 1 : e + len;
    }
    return 0;
}

/* One finished stanza: its Package name and Depends / Pre-Depends values (may be NULL). */
static int stanza(struct parse *p, const char *pkg, const char *dep, const char *pre, unsigned long line,
                  char *err)
{
    uint32_t id;
    int added, rc;
    if (!pkg)
        return graph_fail(err, -EINVAL, "stanza ending at line %lu has no Package field (not apt-cache dumpavail output?)",
                    line);
    size_t n = 0;
    while (name_char(pkg[n]))
        n++;
    if (n == 0)
        return graph_fail(err, -EINVAL, "line %lu: empty or malformed Package name", line);
    if ((rc = names_add(&p->pk, pkg, n, &id, &added)) != 0)
        return rc == -E2BIG ? graph_fail(err, rc, "more than 2^32 - 2 packages") : rc;
    p->st.stanzas++;
    if (dep && (rc = parse_deps(p, id, dep)) != 0)
        return rc;
    if (pre && (rc = parse_deps(p, id, pre)) != 0)
        return rc;
    return 0;
}

/* Growable string for a field value (continuation lines joined with a space). */
struct str {
    char *s;
    size_t len, cap;
    int set;
};

static int str_add(struct str *v, const char *s, size_t n, int sep)
{
    if (v->len + n + 2 > v->cap) {
        size_t cap = v->cap ? v->cap : 256;
        while (v->len + n + 2 > cap)
            cap *= 2;
        char *b = realloc(v->s, cap);
        if (!b)
            return -ENOMEM;
        v->s = b;
        v->cap = cap;
    }
    if (sep && v->len)
        v->s[v->len++] = ' ';
    memcpy(v->s + v->len, s, n);
    v->len += n;
    v->s[v->len] = '\0';
    v->set = 1;
    return 0;
}

int graph_from_dumpavail(FILE *f, struct graph *g, struct graph_dumpavail_stats *stp, char err[GRAPH_ERR_LEN])
{
    struct parse p;
    struct str pkg = {0}, dep = {0}, pre = {0};
    struct str *cur = NULL; /* field being continued, NULL = one we ignore */
    char *line = NULL;
    size_t lcap = 0;
    unsigned long ln = 0;
    int rc = 0, in_stanza = 0;
    uint32_t *src = NULL, *dst = NULL;
    memset(&p, 0, sizeof p);
    memset(g, 0, sizeof *g);
    for (;;) {
        ssize_t r = graph_read_line(f, &line, &lcap, &ln, err);
        if (r < 0) {
            rc = r == -1 ? 0 : (int)r;
            break;
        }
        int blank = 1;
        for (ssize_t i = 0; i < r; i++)
            blank &= isspace((unsigned char)line[i]) != 0;
        if (blank) {
            if (in_stanza && (rc = stanza(&p, pkg.set ? pkg.s : NULL, dep.set ? dep.s : NULL,
                                          pre.set ? pre.s : NULL, ln - 1, err)) != 0)
                break;
            pkg.len = dep.len = pre.len = 0;
            pkg.set = dep.set = pre.set = 0;
            in_stanza = 0;
            cur = NULL;
            continue;
        }
        if (line[0] == ' ' || line[0] == '\t') { /* continuation */
            if (!in_stanza) {
                rc = graph_fail(err, -EINVAL, "line %lu: continuation line outside a stanza", ln);
                break;
            }
            if (cur && (rc = str_add(cur, line, (size_t)r, 1)) != 0)
                break;
            continue;
        }
        char *colon = strchr(line, ':');
        if (!colon || colon == line) {
            rc = graph_fail(err, -EINVAL, "line %lu: not a \"Field: value\" line (not apt-cache dumpavail output?)", ln);
            break;
        }
        in_stanza = 1;
        size_t fl = (size_t)(colon - line);
        char *val = colon + 1;
        while (*val == ' ' || *val == '\t')
            val++;
        cur = fl == 7 && strncasecmp(line, "Package", 7) == 0       ? &pkg
              : fl == 7 && strncasecmp(line, "Depends", 7) == 0     ? &dep
              : fl == 11 && strncasecmp(line, "Pre-Depends", 11) == 0 ? &pre
                                                                    : NULL;
        if (cur && (rc = str_add(cur, val, strlen(val), 1)) != 0)
            break;
    }
    if (!rc && in_stanza)
        rc = stanza(&p, pkg.set ? pkg.s : NULL, dep.set ? dep.s : NULL, pre.set ? pre.s : NULL, ln, err);
    free(line);
    free(pkg.s);
    free(dep.s);
    free(pre.s);
    if (!rc && p.pk.count == 0)
        rc = graph_fail(err, -EINVAL, "no package stanza in the input (empty graph)");
    /* resolve target names: unknown (virtual, other archive) ones dropped */
    uint64_t m = 0;
    if (!rc && (!(src = malloc((p.ndeps ? p.ndeps : 1) * sizeof *src)) ||
                !(dst = malloc((p.ndeps ? p.ndeps : 1) * sizeof *dst))))
        rc = -ENOMEM;
    for (uint64_t i = 0; !rc && i < p.ndeps; i++) {
        const char *name = p.deptext.arena + p.deps[i].name;
        uint32_t id = names_find(&p.pk, name, strlen(name));
        if (id == UINT32_MAX) {
            p.st.unknown++;
            continue;
        }
        src[m] = p.deps[i].src;
        dst[m++] = id;
    }
    if (!rc && m == 0)
        rc = graph_fail(err, -EINVAL, "%u packages but no dependency between them (empty graph)", p.pk.count);
    if (!rc)
        rc = graph_build(p.pk.count, src, dst, m, g, &p.st.build, err);
    p.st.packages = p.pk.count;
    if (stp)
        *stp = p.st;
    free(src);
    free(dst);
    free(p.deps);
    names_free(&p.pk);
    names_free(&p.deptext);
    return rc;
}

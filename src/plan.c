/* SPDX-License-Identifier: BSD-3-Clause */
/* plan.c: see plan.h. */
#include "plan.h"

#include <stdlib.h>
#include <string.h>

#include "stackname.h"

void band_options_default(struct band_options *o)
{
    memset(o, 0, sizeof *o);
    o->trace_percent = 1.0;
    o->limit = BANDS_LIMIT_DEFAULT;
    o->sort_stddev = false;
    o->sort_name = 0;
    o->colour = false;
    o->aux = NULL;
}

bool bands_sum_sample_traced(const struct band_plan *bp, const struct sample_entry *e, size_t n,
                             int64_t *value, int64_t *traced)
{
    bool clipped = false;
    int64_t hidden = 0; /* *traced's sum, kept apart from value[]: they may not alias */
    /* in locals: for all the compiler knows a store to value[] may change
     * bp's fields, and it would load them again for every entry */
    size_t count = bp->count, nnames = bp->nnames;
    const int32_t *band_of_name = bp->band_of_name;
    memset(value, 0, count * sizeof *value);
    for (size_t i = 0; i < n; i++) {
        if (e[i].name >= nnames)
            continue;
        int32_t b = band_of_name[e[i].name];
        if ((uint32_t)b < count) /* a band drawn (b >= 0) */
            clipped |= bands_add_value(&value[b], e[i].value);
        else if (b == BAND_TRACED)
            bands_add_value(&hidden, e[i].value);
    }
    if (traced)
        *traced = hidden;
    return clipped;
}

struct store_grouping band_grouping(const struct band_plan *bp, int32_t **table)
{
    size_t count = bp->count;
    int32_t *group = xreallocarray(NULL, bp->nnames ? bp->nnames : 1, sizeof *group);
    for (size_t i = 0; i < bp->nnames; i++) {
        int32_t b = bp->band_of_name[i];
        group[i] = (b >= 0 && (size_t)b < count) ? b : b == BAND_TRACED ? (int32_t)count : -1;
    }
    *table = group;
    return (struct store_grouping){ group, bp->nnames, count + 1 };
}

bool bands_sum_sample(const struct band_plan *bp, const struct sample_entry *e, size_t n,
                      int64_t *value)
{
    return bands_sum_sample_traced(bp, e, n, value, NULL);
}

int64_t bands_traced_sum(const struct band_plan *bp, const struct sample_entry *e, size_t n)
{
    int64_t sum = 0;
    if (!bp->trace_dropped)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (e[i].name < bp->nnames && bp->band_of_name[e[i].name] == BAND_TRACED)
            bands_add_value(&sum, e[i].value);
    return sum;
}

size_t plan_limit(size_t n, long limit, size_t *merged)
{
    *merged = 0;
    if (limit < 0) {
        *merged = n;
        return 0;
    }
    if (limit == 0 || n <= (size_t)limit)
        return n;
    *merged = n - (size_t)limit + 1;
    return (size_t)limit;
}

void band_plan_free(struct band_plan *bp)
{
    if (!bp)
        return;
    for (size_t i = 0; i < bp->count; i++) {
        free(bp->band[i].name);
        free(bp->band[i].hp_name);
    }
    free(bp->band);
    free(bp->band_of_name);
    memset(bp, 0, sizeof *bp);
}

/* Ranks: the largest total first, equal totals by name (less "(N)" first,
 * so a renumbering changes no rank), OTHER last. */
static int by_size(const void *x, const void *y)
{
    const struct band *a = *(const struct band *const *)x, *b = *(const struct band *const *)y;
    if (a->is_other != b->is_other)
        return a->is_other ? 1 : -1;
    if (a->total != b->total)
        return a->total > b->total ? -1 : 1;
    int c = stackname_cmp(a->name, b->name);
    return c ? c : (a > b) - (a < b);
}

/* The bands in the order of their ranks. */
static struct band **by_rank(struct band_plan *bp)
{
    struct band **order = xreallocarray(NULL, bp->count ? bp->count : 1, sizeof *order);
    for (size_t i = 0; i < bp->count; i++)
        order[i] = &bp->band[i];
    qsort(order, bp->count, sizeof *order, by_size);
    return order;
}

void plan_rank(struct band_plan *bp)
{
    struct band **order = by_rank(bp);
    for (size_t r = 0; r < bp->count; r++)
        order[r]->rank = r;
    free(order);
}

/* ---- several profiles and --diff: one fill per name -------------------- */

/* A band of one of several plans, in the order the union lists them. */
struct band_ref {
    const char *name;
    size_t pos; /* place in the union's reading order (key, top first) */
    size_t plan, band;
};

static int by_name_then_pos(const void *a, const void *b)
{
    const struct band_ref *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    if (c)
        return c;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

void bands_union(struct band_plan *u, const struct band_plan *plans, size_t n)
{
    memset(u, 0, sizeof *u);
    size_t nrefs = 0;
    for (size_t k = 0; k < n; k++)
        nrefs += plans[k].count;
    /* Reading order: the first plan's bands from the top, then each later
     * plan's bands from the top; a name's first place is its place. */
    struct band_ref *refs = xreallocarray(NULL, nrefs ? nrefs : 1, sizeof *refs);
    size_t r = 0;
    for (size_t k = 0; k < n; k++)
        for (size_t i = plans[k].count; i-- > 0; r++)
            refs[r] = (struct band_ref){ plans[k].band[i].name, r, k, i };
    qsort(refs, nrefs, sizeof *refs, by_name_then_pos);

    /* first[pos]: the group (one name) whose first place is pos, if any. */
    size_t *first = xreallocarray(NULL, nrefs ? nrefs : 1, sizeof *first);
    uint64_t *total = xcalloc(nrefs ? nrefs : 1, sizeof *total);
    bool *other = xcalloc(nrefs ? nrefs : 1, sizeof *other);
    bool *leak = xcalloc(nrefs ? nrefs : 1, sizeof *leak);
    for (size_t pos = 0; pos < nrefs; pos++)
        first[pos] = SIZE_MAX;
    for (size_t g = 0; g < nrefs;) {
        size_t end = g;
        size_t pos = refs[g].pos;
        for (; end < nrefs && strcmp(refs[end].name, refs[g].name) == 0; end++) {
            const struct band *b = &plans[refs[end].plan].band[refs[end].band];
            total[pos] = add_saturating(total[pos], b->total);
            other[pos] = other[pos] || b->is_other;
            leak[pos] = leak[pos] || b->leak;
        }
        first[pos] = g;
        u->count++;
        g = end;
    }
    u->band = xcalloc(u->count ? u->count : 1, sizeof *u->band);
    size_t top = u->count;
    for (size_t pos = 0; pos < nrefs; pos++) {
        if (first[pos] == SIZE_MAX)
            continue;
        const struct band_ref *ref = &refs[first[pos]];
        const struct band *src = &plans[ref->plan].band[ref->band];
        struct band *b = &u->band[--top]; /* bottom first, so the top is filled first */
        b->name = xstrdup(src->name);
        b->is_other = other[pos];
        b->leak = leak[pos];
        b->total = total[pos];
        b->fill = src->fill;
        b->aux_shade = src->aux_shade;
    }
    plan_rank(u);
    free(refs);
    free(first);
    free(total);
    free(other);
    free(leak);
}

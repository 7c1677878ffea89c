/* SPDX-License-Identifier: BSD-3-Clause */
/* census.c: see census.h. */
#include "census.h"

#include <stdio.h>
#include <string.h>

/* The sum of a sample's values, held at INT64_MAX (a negative one counts
 * as 0, as when the bands add it up). */
static int64_t sample_total(const struct sample *s)
{
    int64_t sum = 0;
    for (size_t i = 0; i < s->n; i++) {
        int64_t v = s->entry[i].value > 0 ? s->entry[i].value : 0;
        sum = sum > INT64_MAX - v ? INT64_MAX : sum + v;
    }
    return sum;
}

bool census_holds(const struct sample *s)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->entry[i].value > 0)
            return true;
    return false;
}

bool census_line_add(struct census_line *l, double u, bool holds)
{
    if (!holds) {
        if (l->n == 0)
            return false;
        l->held_n += 1;
        l->held_su += u;
        l->held_suu += u * u;
        return true;
    }
    l->n += l->held_n + 1;
    l->su += l->held_su + u;
    l->suu += l->held_suu + u * u;
    l->held_n = l->held_su = l->held_suu = 0;
    return true;
}

/* "--at=2.5": T as it was given back, as short as it reads the same. */
static void time_text(char *buf, size_t size, double t)
{
    snprintf(buf, size, "%.15g", t);
    dot_decimal(buf);
}

int census_find(struct census_pick *out, const struct profile *p, enum census_kind kind, double t,
                struct hp_error *err)
{
    memset(out, 0, sizeof *out);
    const char *source = p->source ? p->source : "profile";
    const char *unit = p->sample_unit ? p->sample_unit : "";
    if (p->nsamples == 0)
        return hp_fail(err, "%s: --at: the profile holds no census", source);
    if (kind == CENSUS_TIME && !(t >= p->t_first)) {
        char at[64], first[64];
        time_text(at, sizeof at, t);
        time_text(first, sizeof first, p->t_first);
        return hp_fail(err, "%s: --at=%s: the first census is at %s %s", source, at, first, unit);
    }
    struct store_cursor *cur = store_cursor_new(p->store);
    struct sample smp;
    bool found = false, held = false; /* held: the census kept holds anything */
    int rc;
    for (size_t k = 0; (rc = store_cursor_next(cur, &smp, err)) == 1; k++) {
        if (kind == CENSUS_TIME && smp.time > t)
            break; /* the times never go down: every later one is after T too */
        int64_t total = sample_total(&smp);
        bool take = !found;
        if (kind == CENSUS_PEAK)
            take = take || total > out->total;
        else if (kind == CENSUS_END)
            take = take || total > 0 || !held;
        else
            take = true;
        if (take) {
            *out = (struct census_pick){ .index = k, .time = smp.time, .total = total };
            found = true;
            held = held || total > 0;
        }
    }
    store_cursor_free(cur);
    if (rc < 0)
        return -1;
    if (!found)
        return hp_fail(err, "%s: --at: the profile holds no census", source);
    return 0;
}

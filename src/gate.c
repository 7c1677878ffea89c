/* SPDX-License-Identifier: BSD-3-Clause */
/* gate.c: see gate.h.  One replay of each profile's store: every budget's
 * sums, and each band's peak and end, are gathered as the censuses pass,
 * O(entries x band budgets) work and O(names + budgets) memory. */
#include "gate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bands.h"
#include "heapline.h"
#include "pair.h"
#include "stackname.h"

/* ---- the censuses ------------------------------------------------------------- */

/* Called for each census, in order, with its entries. */
typedef void census_fn(void *ctx, double t, const struct sample_entry *e, size_t n);

/* Replay p's store, the RTS's frames left out: an empty first sample, and
 * the empty last sample of a finished run (an empty sample is held back
 * until the next one shows it was not the last).  *ncensus: how many. */
static int replay_censuses(const struct profile *p, census_fn *fn, void *ctx, size_t *ncensus,
                           struct hp_error *err)
{
    struct store_cursor *c = store_cursor_new(p->store);
    struct sample s;
    int rc;
    size_t i = 0, k = 0;
    bool held = false;
    double held_t = 0;
    while ((rc = store_cursor_next(c, &s, err)) > 0) {
        if (s.n == 0) {
            if (i++ == 0)
                continue;
            if (held)
                fn(ctx, held_t, NULL, 0), k++;
            held = true, held_t = s.time;
            continue;
        }
        i++;
        if (held)
            fn(ctx, held_t, NULL, 0), k++;
        held = false;
        fn(ctx, s.time, s.entry, s.n), k++;
    }
    store_cursor_free(c);
    if (rc < 0)
        return -1;
    if (held && !p->finished)
        fn(ctx, held_t, NULL, 0), k++;
    *ncensus = k;
    return 0;
}

/* ---- a measure over a window --------------------------------------------------- */

/* What a budget needs of its subject's values at the censuses in its
 * window: the peak, the first and last, and the least-squares sums
 * (kept as running means and co-moments, which stay exact in doubles
 * where sums of squares of times would not). */
struct measure {
    double from, to;       /* the window, in the profile's time */
    size_t n;
    double peak, peak_t;
    double first, first_t, last, last_t;
    double mean_t, mean_v, co_tv, m2_t;
};

static void measure_add(struct measure *m, double t, double v)
{
    if (t < m->from || t > m->to)
        return;
    if (m->n == 0 || v > m->peak)
        m->peak = v, m->peak_t = t;
    if (m->n == 0)
        m->first = v, m->first_t = t;
    m->last = v, m->last_t = t;
    m->n++;
    double dt = t - m->mean_t;
    m->mean_t += dt / (double)m->n;
    m->mean_v += (v - m->mean_v) / (double)m->n;
    m->co_tv += dt * (v - m->mean_v);
    m->m2_t += dt * (t - m->mean_t);
}

/* A window's edge in the profile's time: a share of [t0, t1], a time, or
 * the run's own end (fallback). */
static double edge_time(const struct budget_edge *e, double t0, double t1, double fallback)
{
    if (!e->given)
        return fallback;
    return e->percent ? t0 + (t1 - t0) * e->value / 100 : e->value;
}

/* ---- one profile's replay ------------------------------------------------------- */

/* A band's peak and end, gathered per band of a plan without a limit
 * (each name its own band). */
struct band_stat {
    double peak, peak_t;
    double value;   /* in the census being read, and after it the last census's */
    size_t stamp;   /* the census value belongs to, + 1 */
};

struct replay {
    const struct profile *p;
    const bool *keep;         /* per name: in the total (--include, --exclude) */
    /* budgets over the samples' entries */
    size_t nbudgets;
    const struct budget *budget;
    struct measure *m;        /* per budget */
    bool **match;             /* per budget: per name, in its subject (NULL: total) */
    /* the total, as the baseline compares it */
    struct measure total;
    /* per band (baseline), by the plan's band_of_name; NULL: not gathered */
    const struct band_plan *plan;
    struct band_stat *band;
    size_t *touched;
    size_t ntouched;
    size_t k;                 /* censuses read */
};

static void replay_census(void *ctx, double t, const struct sample_entry *e, size_t n)
{
    struct replay *r = ctx;
    int64_t total = 0;
    r->k++;
    for (size_t i = 0; i < n; i++)
        if (r->keep[e[i].name])
            bands_add_value(&total, e[i].value);
    measure_add(&r->total, t, (double)total);
    for (size_t j = 0; j < r->nbudgets; j++) {
        if (r->budget[j].subject == BUDGET_TOTAL)
            measure_add(&r->m[j], t, (double)total);
        else if (r->budget[j].subject == BUDGET_BANDS) {
            int64_t sum = 0;
            const bool *match = r->match[j];
            for (size_t i = 0; i < n; i++)
                if (match[e[i].name])
                    bands_add_value(&sum, e[i].value);
            measure_add(&r->m[j], t, (double)sum);
        }
    }
    if (!r->band)
        return;
    r->ntouched = 0;
    for (size_t i = 0; i < n; i++) {
        int32_t b = r->plan->band_of_name[e[i].name];
        if (b < 0)
            continue;
        struct band_stat *bs = &r->band[b];
        if (bs->stamp != r->k) {
            bs->stamp = r->k, bs->value = 0;
            r->touched[r->ntouched++] = (size_t)b;
        }
        bs->value += (double)(e[i].value > 0 ? e[i].value : 0);
    }
    for (size_t i = 0; i < r->ntouched; i++) {
        struct band_stat *bs = &r->band[r->touched[i]];
        if (bs->value > bs->peak)
            bs->peak = bs->value, bs->peak_t = t;
    }
}

/* Which names a budget's expression matches: the raw name, or the name
 * less the RTS's "(N)" (so that "^grow" finds "(319)grow..." in every
 * build). */
static bool *match_names(const struct profile *p, const struct budget *b, const bool *keep)
{
    bool *m = xcalloc(p->names.count ? p->names.count : 1, sizeof *m);
    for (size_t id = 0; id < p->names.count; id++) {
        const char *name = p->names.info[id].text;
        m[id] = keep[id] && (regexec(&b->re, name, 0, NULL, 0) == 0 ||
                             regexec(&b->re, name + stackname_prefix(name), 0, NULL, 0) == 0);
    }
    return m;
}

static void replay_free(struct replay *r)
{
    for (size_t j = 0; r->match && j < r->nbudgets; j++)
        free(r->match[j]);
    free(r->match);
    free(r->m);
    free(r->band);
    free(r->touched);
    free((void *)r->keep);
}

/* Set r up for p: the budgets (NULL, 0: none) and the plan's bands (NULL:
 * none), then replay. */
static int replay_profile(struct replay *r, const struct profile *p, const struct budget *budget,
                          size_t nbudgets, const struct band_plan *plan,
                          const struct name_filter *filter, struct hp_error *err)
{
    memset(r, 0, sizeof *r);
    r->p = p;
    size_t nn = p->names.count ? p->names.count : 1;
    bool *keep = xcalloc(nn, sizeof *keep);
    for (size_t id = 0; id < p->names.count; id++)
        keep[id] = name_filter_keep(filter, p->names.info[id].text);
    r->keep = keep;
    r->total = (struct measure){.from = -INFINITY, .to = INFINITY};
    r->budget = budget;
    r->nbudgets = nbudgets;
    r->m = xcalloc(nbudgets ? nbudgets : 1, sizeof *r->m);
    r->match = xcalloc(nbudgets ? nbudgets : 1, sizeof *r->match);
    for (size_t j = 0; j < nbudgets; j++) {
        r->m[j].from = edge_time(&budget[j].from, p->t_first, p->t_last, -INFINITY);
        r->m[j].to = edge_time(&budget[j].to, p->t_first, p->t_last, INFINITY);
        if (budget[j].subject == BUDGET_BANDS)
            r->match[j] = match_names(p, &budget[j], keep);
    }
    if (plan) {
        r->plan = plan;
        r->band = xcalloc(plan->count ? plan->count : 1, sizeof *r->band);
        r->touched = xcalloc(plan->count ? plan->count : 1, sizeof *r->touched);
    }
    size_t k;
    if (replay_censuses(p, replay_census, r, &k, err) < 0)
        return -1;
    /* a band's end: its value in the last census, 0 when it had none there */
    for (size_t b = 0; r->band && b < plan->count; b++)
        if (r->band[b].stamp != k)
            r->band[b].value = 0;
    return 0;
}

/* ---- checks ---------------------------------------------------------------------- */

const char *gate_partial_reason(const struct profile *p)
{
    if (p->dropped_open_sample)
        return "it ends inside a sample: the run was killed, or the file is cut or still "
               "being written";
    if (!p->finished && p->elapsed_time)
        return "the eventlog ends without its end marker: the program was killed, or is "
               "still running";
    if (!p->finished)
        return "it does not end with the empty sample the RTS writes at exit: the run was "
               "killed, or the file is cut or still being written";
    return NULL;
}

static struct gate_check *add_check(struct gate_verdict *v, enum gate_kind kind, char *name)
{
    v->check = xreallocarray(v->check, v->n + 1, sizeof *v->check);
    struct gate_check *c = &v->check[v->n++];
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->name = name;
    return c;
}

static const char *subject_words(enum budget_subject s)
{
    return s == BUDGET_HEAP_SIZE ? "heap size" : "live bytes";
}

/* heap: and live: from the RTS's own lines: their highest event and their
 * last (heapline.h keeps both exactly). */
static int heap_check(struct gate_check *c, const struct profile *p, const struct budget *b,
                      struct hp_error *err)
{
    enum heap_kind k = b->subject == BUDGET_HEAP_SIZE ? HEAP_SIZE : HEAP_LIVE;
    const struct heap_line *l = p->heap ? &p->heap->line[k] : NULL;
    if (!l || !l->events)
        return hp_fail(err, "%s: '%s': no %s events (%s) to measure; only an eventlog "
                       "has them (+RTS -l)", p->source, b->text, subject_words(b->subject),
                       k == HEAP_SIZE ? "HEAP_SIZE" : "HEAP_LIVE");
    struct heap_point *q;
    size_t n = heapline_points(l, -INFINITY, INFINITY, HEAPLINE_BUCKETS * 4, &q);
    double peak = -1, peak_t = 0;
    for (size_t i = 0; i < n; i++)
        if ((double)q[i].v > peak)
            peak = (double)q[i].v, peak_t = q[i].t;
    c->measured = b->measure == BUDGET_PEAK ? peak : n ? (double)q[n - 1].v : 0;
    c->at = b->measure == BUDGET_PEAK ? peak_t : n ? q[n - 1].t : 0;
    c->from = n ? q[0].t : 0;
    c->to = n ? q[n - 1].t : 0;
    c->ncensus = l->events;
    free(q);
    return 0;
}

/* A budget over the samples, from its measure. */
static int sample_check(struct gate_check *c, const struct profile *p, const struct budget *b,
                        const struct measure *m, struct hp_error *err)
{
    if (m->n == 0)
        return hp_fail(err, "%s: '%s': no census in its window (the censuses are from %g to "
                       "%g)", p->source, b->text, p->t_first, p->t_last);
    if (b->measure == BUDGET_SLOPE && m->n < 2)
        return hp_fail(err, "%s: '%s': a slope needs two censuses in its window, and there "
                       "is one, at %g", p->source, b->text, m->first_t);
    c->ncensus = m->n;
    c->from = m->first_t;
    c->to = m->last_t;
    switch (b->measure) {
    case BUDGET_PEAK:
        c->measured = m->peak, c->at = m->peak_t;
        break;
    case BUDGET_END:
        c->measured = m->last, c->at = m->last_t;
        break;
    case BUDGET_CHANGE:
        c->measured = m->last - m->first, c->at = m->last_t;
        break;
    case BUDGET_SLOPE:
        c->measured = m->m2_t > 0 ? m->co_tv / m->m2_t : 0, c->at = m->last_t;
        break;
    }
    return 0;
}

/* What may the value be, against the baseline's?  Values are whole
 * VALUE_UNITs, so the allowance is too (rounded down: 10% more than 15
 * bytes lets 16 pass, not 16.5); base * percent is exact below 2^53. */
static double allowance(double base, double percent, double least)
{
    return base + fmax(floor(base * percent / 100), least);
}

static void base_check(struct gate_verdict *v, enum gate_kind kind, enum budget_measure m,
                       char *name, double measured, double at, double base, bool new_band)
{
    struct gate_check *c = add_check(v, kind, name);
    c->measure = m;
    c->subject = kind == GATE_BASE_TOTAL ? BUDGET_TOTAL : BUDGET_BANDS;
    c->measured = measured;
    c->at = at;
    c->has_base = true;
    c->base = base;
    c->new_band = new_band;
    c->allowed = new_band ? v->floor : allowance(base, v->tolerance, v->floor);
    c->pass = c->measured <= c->allowed;
}

/* "peak(NAME)": a band's name without the RTS's "(N)". */
static char *band_check_name(enum budget_measure m, const char *band)
{
    const char *bare = band + stackname_prefix(band);
    const char *w = budget_measure_name(m);
    size_t nw = strlen(w), nb = strlen(bare);
    char *s = xmalloc(nw + nb + 3);
    memcpy(s, w, nw);
    s[nw] = '(';
    memcpy(s + nw + 1, bare, nb);
    memcpy(s + nw + 1 + nb, ")", 2);
    return s;
}

static int by_name(const void *a, const void *b)
{
    const struct band *x = *(const struct band *const *)a, *y = *(const struct band *const *)b;
    return strcmp(x->name, y->name);
}

/* Failures first, the largest excess first; then by name. */
static int by_failure(const void *a, const void *b)
{
    const struct gate_check *x = a, *y = b;
    if (x->pass != y->pass)
        return x->pass ? 1 : -1;
    double ex = x->measured - x->allowed, ey = y->measured - y->allowed;
    if (!x->pass && ex != ey)
        return ex > ey ? -1 : 1;
    /* a band's two checks side by side, its peak first */
    const char *bx = strchr(x->name, '('), *by = strchr(y->name, '(');
    int c = strcmp(bx ? bx : x->name, by ? by : y->name);
    return c ? c : (int)x->measure - (int)y->measure;
}

/* The baseline's checks: the totals, then each band of p paired with
 * base's (plan[0] the baseline's, plan[1] p's). */
static void compare_bands(struct gate_verdict *v, const struct band_plan *plan,
                          const struct replay *rb, const struct replay *rp)
{
    size_t nb = plan[0].count;
    const struct band **sorted = xcalloc(nb ? nb : 1, sizeof *sorted);
    for (size_t b = 0; b < nb; b++)
        sorted[b] = &plan[0].band[b];
    qsort(sorted, nb, sizeof *sorted, by_name);
    size_t first = v->n;
    for (size_t b = 0; b < plan[1].count; b++) {
        const struct band *band = &plan[1].band[b];
        const struct band *key = band, **hit = bsearch(&key, sorted, nb, sizeof *sorted, by_name);
        const struct band_stat *now = &rp->band[b];
        const struct band_stat *was = hit ? &rb->band[*hit - plan[0].band] : NULL;
        base_check(v, GATE_BASE_BAND, BUDGET_PEAK, band_check_name(BUDGET_PEAK, band->name),
                   now->peak, now->peak_t, was ? was->peak : 0, !was);
        base_check(v, GATE_BASE_BAND, BUDGET_END, band_check_name(BUDGET_END, band->name),
                   now->value, rp->total.last_t, was ? was->value : 0, !was);
    }
    v->nbands = plan[1].count;
    qsort(v->check + first, v->n - first, sizeof *v->check, by_failure);
    free(sorted);
}

/* Plans of every name the filter keeps (no -t, no -m: each name its own
 * band), paired as --diff pairs them. */
static int paired_plans(struct band_plan plan[2], const struct profile *base,
                        const struct profile *p, const struct gate_options *o,
                        struct hp_error *err)
{
    struct band_options bo;
    band_options_default(&bo);
    bo.trace_percent = 0;
    bo.limit = 0;
    bo.filter = o->filter;
    memset(plan, 0, 2 * sizeof *plan);
    if (bands_plan(&plan[0], base, &bo, err) < 0 || bands_plan(&plan[1], p, &bo, err) < 0)
        return -1;
    struct pair_report report;
    pair_bands(plan, 2, &report);
    pair_report_free(&report);
    return 0;
}

int gate_evaluate(struct gate_verdict *v, const struct profile *p, const struct profile *base,
                  const struct gate_options *o, struct hp_error *err)
{
    memset(v, 0, sizeof *v);
    v->source = xstrdup(p->source);
    const struct profile *whole[2] = {p, base};
    for (size_t k = 0; k < 2; k++) {
        const char *why = whole[k] ? gate_partial_reason(whole[k]) : NULL;
        if (why && !o->allow_partial) {
            hp_fail(err, "%s: not measured: %s (--allow-partial measures it all the same)",
                    whole[k]->source, why);
            gate_verdict_free(v);
            return -1;
        }
        if (why && k == 0)
            v->partial = true;
    }
    struct band_plan plan[2] = {{0}, {0}};
    struct replay rp = {0}, rb = {0};
    if (base && paired_plans(plan, base, p, o, err) < 0)
        goto fail;
    if (replay_profile(&rp, p, o->budget, o->nbudgets, base ? &plan[1] : NULL, o->filter,
                       err) < 0)
        goto fail;
    if (rp.k == 0 || (rp.total.peak <= 0 && rp.total.n)) {
        hp_fail(err, "%s: not measured: %s", p->source,
                rp.k == 0 ? "it holds no census (only the RTS's empty samples)"
                          : "every census is empty (0 bytes)");
        goto fail;
    }
    for (size_t j = 0; j < o->nbudgets; j++) {
        const struct budget *b = &o->budget[j];
        struct gate_check *c = add_check(v, GATE_BUDGET, xstrdup(b->text));
        c->measure = b->measure;
        c->subject = b->subject;
        c->allowed = b->limit;
        if (b->subject == BUDGET_BANDS)
            for (size_t id = 0; id < p->names.count; id++)
                c->nmatched += rp.match[j][id];
        int rc = b->subject == BUDGET_HEAP_SIZE || b->subject == BUDGET_LIVE
                     ? heap_check(c, p, b, err)
                     : sample_check(c, p, b, &rp.m[j], err);
        if (rc < 0)
            goto fail;
        c->pass = c->measured <= c->allowed;
    }
    v->nbudgets = v->n;
    if (base) {
        if (replay_profile(&rb, base, NULL, 0, &plan[0], o->filter, err) < 0)
            goto fail;
        if (rb.k == 0) {
            hp_fail(err, "%s: not a baseline: it holds no census", base->source);
            goto fail;
        }
        v->baseline = true;
        v->base_source = xstrdup(base->source);
        v->tolerance = o->tolerance;
        v->floor = o->has_floor ? o->floor
                                : fmax(floor(rb.total.peak * GATE_FLOOR_SHARE), GATE_FLOOR_MIN);
        base_check(v, GATE_BASE_TOTAL, BUDGET_PEAK, xstrdup("peak"), rp.total.peak,
                   rp.total.peak_t, rb.total.peak, false);
        base_check(v, GATE_BASE_TOTAL, BUDGET_END, xstrdup("end"), rp.total.last,
                   rp.total.last_t, rb.total.last, false);
        compare_bands(v, plan, &rb, &rp);
    }
    for (size_t i = 0; i < v->n; i++)
        v->failed += !v->check[i].pass;
    replay_free(&rp);
    replay_free(&rb);
    band_plan_free(&plan[0]);
    band_plan_free(&plan[1]);
    return 0;
fail:
    replay_free(&rp);
    replay_free(&rb);
    band_plan_free(&plan[0]);
    band_plan_free(&plan[1]);
    gate_verdict_free(v);
    return -1;
}

void gate_verdict_free(struct gate_verdict *v)
{
    for (size_t i = 0; i < v->n; i++) {
        free(v->check[i].name);
        for (size_t k = 0; k < v->check[i].nculprits; k++)
            free(v->check[i].culprit[k].name);
    }
    free(v->check);
    free(v->source);
    free(v->base_source);
    memset(v, 0, sizeof *v);
}

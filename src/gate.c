/* SPDX-License-Identifier: BSD-3-Clause */
/* gate.c: see gate.h.  One replay of each profile's store gathers every
 * budget's figures as the censuses pass, O(entries x band budgets) work
 * and O(names + budgets) memory; the bands against a baseline and the
 * bands named with a failure come from the triage ranking (triage.h),
 * one more replay each. */
#include "gate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bands.h"
#include "heapline.h"
#include "stackname.h"
#include "triage.h"
#include "utf8.h"

/* ---- a measure over a window --------------------------------------------------- */

/* Least-squares sums as running means and co-moments (which stay exact
 * in doubles where sums of squares of times would not), mergeable. */
struct moments {
    double n, mean_t, mean_v, co_tv, m2_t;
};

static void moments_add(struct moments *m, double t, double v)
{
    m->n++;
    double dt = t - m->mean_t;
    m->mean_t += dt / m->n;
    m->mean_v += (v - m->mean_v) / m->n;
    m->co_tv += dt * (v - m->mean_v);
    m->m2_t += dt * (t - m->mean_t);
}

/* a and b's points together (the parallel form of moments_add). */
static void moments_merge(struct moments *a, const struct moments *b)
{
    if (b->n == 0)
        return;
    double n = a->n + b->n, dt = b->mean_t - a->mean_t, dv = b->mean_v - a->mean_v;
    double w = a->n * b->n / n;
    a->co_tv += b->co_tv + dt * dv * w;
    a->m2_t += b->m2_t + dt * dt * w;
    a->mean_t += dt * b->n / n;
    a->mean_v += dv * b->n / n;
    a->n = n;
}

/* What a budget needs of its subject's values at the censuses of its
 * window, which are, as triage.h has them, the window's censuses less
 * the empty ones (no name holds anything) at either edge: GHC writes an
 * empty census as profiling starts and another at exit.  Empty censuses
 * after the last holding something wait in `pending`, counted only when
 * one holding something follows. */
struct measure {
    double from, to; /* the window, in the profile's time */
    size_t n;        /* censuses counted */
    double peak, peak_t;
    double first, first_t, last, last_t;
    struct moments line, pending;
    double pending_first, pending_last; /* the empty censuses' times */
    double area;                        /* value x time, by trapezoids between the censuses */
};

static void measure_add(struct measure *m, double t, double v, bool empty)
{
    if (t < m->from || t > m->to)
        return;
    if (empty) {
        if (m->n == 0)
            return;
        if (m->pending.n == 0)
            m->pending_first = t;
        m->pending_last = t;
        moments_add(&m->pending, t, 0);
        return;
    }
    if (m->pending.n > 0) /* down to 0 at the first empty census, up from the last */
        m->area += m->last * (m->pending_first - m->last_t) / 2 + v * (t - m->pending_last) / 2;
    else if (m->n > 0)
        m->area += (m->last + v) * (t - m->last_t) / 2;
    m->n += (size_t)m->pending.n;
    moments_merge(&m->line, &m->pending);
    memset(&m->pending, 0, sizeof m->pending);
    if (m->n == 0 || v > m->peak)
        m->peak = v, m->peak_t = t;
    if (m->n == 0)
        m->first = v, m->first_t = t;
    m->last = v, m->last_t = t;
    m->n++;
    moments_add(&m->line, t, v);
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

struct replay {
    const bool *keep; /* per name: in the total (--include, --exclude) */
    size_t nbudgets;
    const struct budget *budget;
    struct measure *m;    /* per budget */
    bool **match;         /* per budget: per name, in its subject (NULL: not a band's) */
    struct measure total; /* the whole run's, as the baseline compares it */
    size_t holding;       /* censuses holding anything */
};

static void replay_sample(struct replay *r, double t, const struct sample_entry *e, size_t n)
{
    int64_t total = 0, every = 0;
    for (size_t i = 0; i < n; i++) {
        bands_add_value(&every, e[i].value);
        if (r->keep[e[i].name])
            bands_add_value(&total, e[i].value);
    }
    bool empty = every == 0;
    r->holding += !empty;
    measure_add(&r->total, t, (double)total, empty);
    for (size_t j = 0; j < r->nbudgets; j++) {
        if (r->budget[j].subject == BUDGET_TOTAL)
            measure_add(&r->m[j], t, (double)total, empty);
        else if (r->budget[j].subject == BUDGET_BANDS) {
            int64_t sum = 0;
            const bool *match = r->match[j];
            for (size_t i = 0; i < n; i++)
                if (match[e[i].name])
                    bands_add_value(&sum, e[i].value);
            measure_add(&r->m[j], t, (double)sum, empty);
        }
    }
}

/* Does a budget's expression match the name: whole, or less the RTS's
 * "(N)" (so that "^grow" finds "(319)grow..." in every build)? */
static bool budget_matches(const struct budget *b, const char *name)
{
    return regexec(&b->re, name, 0, NULL, 0) == 0
        || regexec(&b->re, name + stackname_prefix(name), 0, NULL, 0) == 0;
}

static void replay_free(struct replay *r)
{
    for (size_t j = 0; r->match && j < r->nbudgets; j++)
        free(r->match[j]);
    free(r->match);
    free(r->m);
    free((void *)r->keep);
    memset(r, 0, sizeof *r);
}

/* p's censuses gathered for the budgets (NULL, 0: none) and the total. */
static int replay_profile(struct replay *r, const struct profile *p, const struct budget *budget,
                          size_t nbudgets, const struct name_filter *filter, struct hp_error *err)
{
    memset(r, 0, sizeof *r);
    size_t nn = p->names.count ? p->names.count : 1;
    bool *keep = xcalloc(nn, sizeof *keep);
    bool any = false;
    for (size_t id = 0; id < p->names.count; id++) {
        keep[id] = name_filter_keep(filter, p->names.info[id].text);
        any |= keep[id] && p->names.info[id].points > 0;
    }
    r->keep = keep;
    if (!any && name_filter_active(filter))
        return hp_fail(err, "%s: no name matches --include/--exclude: nothing to measure",
                       p->source);
    r->total = (struct measure){ .from = -INFINITY, .to = INFINITY };
    r->budget = budget;
    r->nbudgets = nbudgets;
    r->m = xcalloc(nbudgets ? nbudgets : 1, sizeof *r->m);
    r->match = xcalloc(nbudgets ? nbudgets : 1, sizeof *r->match);
    for (size_t j = 0; j < nbudgets; j++) {
        r->m[j].from = edge_time(&budget[j].from, p->t_first, p->t_last, -INFINITY);
        r->m[j].to = edge_time(&budget[j].to, p->t_first, p->t_last, INFINITY);
        if (budget[j].subject != BUDGET_BANDS)
            continue;
        r->match[j] = xcalloc(nn, sizeof **r->match);
        for (size_t id = 0; id < p->names.count; id++)
            r->match[j][id] = keep[id] && budget_matches(&budget[j], p->names.info[id].text);
    }
    struct store_cursor *c = store_cursor_new(p->store);
    struct sample s;
    int rc;
    while ((rc = store_cursor_next(c, &s, err)) > 0)
        replay_sample(r, s.time, s.entry, s.n);
    store_cursor_free(c);
    if (rc == 0 && r->holding == 0)
        rc = hp_fail(err, "%s: not measured: no census holds anything", p->source);
    return rc;
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
        return hp_fail(err,
                       "%s: '%s': no %s events (%s) to measure; only an eventlog "
                       "has them (+RTS -l)",
                       p->source, b->text, subject_words(b->subject),
                       k == HEAP_SIZE ? "HEAP_SIZE" : "HEAP_LIVE");
    /* one column over the whole line: its first, lowest, highest and last
     * events, the highest and the last exact (heapline.h) */
    struct heap_point *q;
    size_t n = heapline_points(l, 0, INFINITY, 1, &q);
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
        return hp_fail(err,
                       "%s: '%s': no census in its window holds anything (the profile's "
                       "samples are from %g to %g)",
                       p->source, b->text, p->t_first, p->t_last);
    if (b->measure == BUDGET_SLOPE && m->n < 2)
        return hp_fail(err,
                       "%s: '%s': a slope needs two censuses in its window, and there "
                       "is one, at %g",
                       p->source, b->text, m->first_t);
    c->ncensus = m->n;
    c->from = m->first_t;
    c->to = m->last_t;
    c->start = m->first;
    c->mean_t = m->line.mean_t;
    c->mean_v = m->line.mean_v;
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
        c->measured = m->line.m2_t > 0 ? m->line.co_tv / m->line.m2_t : 0, c->at = m->last_t;
        break;
    case BUDGET_MEAN:
        c->measured = m->last_t > m->first_t ? m->area / (m->last_t - m->first_t) : m->last;
        c->at = m->last_t;
        break;
    }
    return 0;
}

/* What may the value be, against the baseline's?  Peaks and ends are
 * whole VALUE_UNITs, so the allowance is too (rounded down: 10% more
 * than 15 bytes lets 16 pass, not 16.5; base * percent is exact below
 * 2^53); a mean, not whole, is allowed under a byte less for it. */
static double allowance(double base, double percent, double least)
{
    return base + fmax(floor(base * percent / 100), least);
}

static struct gate_check *base_check(struct gate_verdict *v, enum gate_kind kind,
                                     enum budget_measure m, char *name, double measured, double at,
                                     double base, bool new_band)
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
    return c;
}

/* "peak(NAME)" of a band as triage shows its name (without the RTS's
 * "(N)"). */
static char *band_check_name(enum budget_measure m, const char *shown)
{
    const char *w = budget_measure_name(m);
    size_t nw = strlen(w), nb = strlen(shown);
    char *s = xmalloc(nw + nb + 3);
    memcpy(s, w, nw);
    s[nw] = '(';
    memcpy(s + nw + 1, shown, nb);
    memcpy(s + nw + 1 + nb, ")", 2);
    return s;
}

/* Failures first, the largest excess first; then by band, its peak
 * before its end. */
static int by_failure(const void *a, const void *b)
{
    const struct gate_check *x = a, *y = b;
    if (x->pass != y->pass)
        return x->pass ? 1 : -1;
    double ex = x->measured - x->allowed, ey = y->measured - y->allowed;
    if (!x->pass && ex != ey)
        return ex > ey ? -1 : 1;
    const char *bx = strchr(x->name, '('), *by = strchr(y->name, '(');
    int c = strcmp(bx ? bx : x->name, by ? by : y->name);
    return c ? c : (int)x->measure - (int)y->measure;
}

/* ---- who grew: the triage ranking (triage.h) ------------------------------------ */

/* A name's mean over t's window (its area over the span; one census:
 * its value there), or over the baseline's. */
static double row_mean(const struct triage_figures *f, double t0, double t1)
{
    return t1 > t0 ? f->area / (t1 - t0) : (double)f->end;
}

/* A name's part in what a check measured: the measure is a sum over
 * the names, so its slope is theirs summed, its mean theirs, and its
 * change (a peak or an end: since the window's first census) theirs too. */
static double contribution(const struct triage *t, const struct triage_row *r,
                           enum budget_measure m)
{
    if (m == BUDGET_SLOPE)
        return r->fig.slope;
    if (m == BUDGET_MEAN)
        return row_mean(&r->fig, t->t_start, t->t_end);
    return (double)r->change;
}

/* The GATE_CULPRITS rows of t (those b matches; b NULL: any) with the
 * largest positive part, in triage's order where parts are equal, into c. */
static void take_culprits(struct gate_check *c, const struct triage *t, const struct budget *b,
                          enum budget_measure m)
{
    size_t best[GATE_CULPRITS], n = 0;
    for (size_t i = 0; i < t->nrows; i++) {
        const struct triage_row *r = &t->row[i];
        double part = contribution(t, r, m);
        if (!(part > 0) || (b && !budget_matches(b, r->raw)))
            continue;
        size_t k = n < GATE_CULPRITS ? n++ : GATE_CULPRITS;
        while (k > 0 && contribution(t, &t->row[best[k - 1]], m) < part) {
            if (k < GATE_CULPRITS)
                best[k] = best[k - 1];
            k--;
        }
        if (k < GATE_CULPRITS)
            best[k] = i;
    }
    for (size_t k = 0; k < n; k++) {
        const struct triage_row *r = &t->row[best[k]];
        c->culprit[c->nculprits++] =
            (struct gate_culprit){ .name = xstrdup(r->name),
                                   .value = (double)(t->two ? r->fig.peak : r->fig.end),
                                   .change = contribution(t, r, m) };
    }
}

/* A failing budget's culprits: triage's figures over its window (a peak:
 * up to the peak), the names with the largest part in it. */
static int budget_culprits(struct gate_check *c, const struct profile *p, const struct budget *b,
                           const struct measure *m, const struct gate_options *o,
                           struct hp_error *err)
{
    struct triage_options to = { .filter = o->filter };
    if (b->subject == BUDGET_TOTAL || b->subject == BUDGET_BANDS) {
        to.has_from = to.has_to = true;
        to.from = m->first_t;
        to.to = b->measure == BUDGET_PEAK ? m->peak_t : m->last_t;
    }
    struct triage t;
    if (triage_rank(&t, p, &to, err) < 0)
        return -1;
    take_culprits(c, &t, b->subject == BUDGET_BANDS ? b : NULL, b->measure);
    triage_free(&t);
    return 0;
}

/* The bands of the two runs as triage pairs them: each band of p, its
 * end and its mean against the baseline's.  Not its peak: a band's peak
 * can be one census's, a transient one run's censuses catch and
 * another's miss (fixed-hT-log.hp's 950 kB of STACK at 0.845 s, in one
 * census, absent from two other runs of the build), where its mean moves
 * by that census's share of the run and its end not at all. */
static void compare_bands(struct gate_verdict *v, const struct triage *t)
{
    size_t first = v->n;
    for (size_t i = 0; i < t->nrows; i++) {
        const struct triage_row *r = &t->row[i];
        if (!r->fig.present)
            continue; /* gone in this run */
        bool is_new = !r->before.present;
        base_check(v, GATE_BASE_BAND, BUDGET_END, band_check_name(BUDGET_END, r->name),
                   (double)r->fig.end, t->t_end, (double)r->before.end, is_new);
        struct gate_check *c =
            base_check(v, GATE_BASE_BAND, BUDGET_MEAN, band_check_name(BUDGET_MEAN, r->name),
                       row_mean(&r->fig, t->t_start, t->t_end), t->t_end,
                       row_mean(&r->before, t->before_t_start, t->before_t_end), is_new);
        c->from = t->t_start, c->to = t->t_end;
        v->nbands++;
    }
    qsort(v->check + first, v->n - first, sizeof *v->check, by_failure);
}

/* The verdict's growers: the first GATE_GROWERS rows that grew. */
static void take_growers(struct gate_verdict *v, const struct triage *t)
{
    for (size_t i = 0; i < t->nrows && v->ngrowers < GATE_GROWERS; i++) {
        const struct triage_row *r = &t->row[i];
        if (r->change <= 0)
            continue;
        v->grower[v->ngrowers++] =
            (struct gate_grower){ .name = xstrdup(r->name),
                                  .start = (double)(t->two ? r->before.peak : r->fig.start),
                                  .end = (double)(t->two ? r->fig.peak : r->fig.end),
                                  .change = (double)r->change,
                                  .score = r->score,
                                  .leak = r->leak };
    }
}

int gate_evaluate(struct gate_verdict *v, const struct profile *p, const struct profile *base,
                  const struct gate_options *o, struct hp_error *err)
{
    memset(v, 0, sizeof *v);
    v->source = xstrdup(p->source);
    const struct profile *whole[2] = { p, base };
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
    struct replay rp = { 0 }, rb = { 0 };
    struct triage two = { 0 }, one = { 0 };
    if (replay_profile(&rp, p, o->budget, o->nbudgets, o->filter, err) < 0
        || (base && replay_profile(&rb, base, NULL, 0, o->filter, err) < 0))
        goto fail;
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
        if (!c->pass && budget_culprits(c, p, b, &rp.m[j], o, err) < 0)
            goto fail;
    }
    v->nbudgets = v->n;
    struct triage_options to[2] = { { .filter = o->filter }, { .filter = o->filter } };
    if (base) {
        v->baseline = true;
        v->base_source = xstrdup(base->source);
        v->tolerance = o->tolerance;
        v->floor =
            o->has_floor ? o->floor : fmax(floor(rb.total.peak * GATE_FLOOR_SHARE), GATE_FLOOR_MIN);
        if (triage_rank_two(&two, base, p, to, err) < 0)
            goto fail;
        /* (by index: each check may move the array) */
        size_t first = v->n;
        base_check(v, GATE_BASE_TOTAL, BUDGET_PEAK, xstrdup("peak"), rp.total.peak, rp.total.peak_t,
                   rb.total.peak, false);
        base_check(v, GATE_BASE_TOTAL, BUDGET_END, xstrdup("end"), rp.total.last, rp.total.last_t,
                   rb.total.last, false);
        for (size_t k = first; k < v->n; k++)
            if (!v->check[k].pass)
                take_culprits(&v->check[k], &two, NULL, BUDGET_PEAK);
        compare_bands(v, &two);
        if (o->growers)
            take_growers(v, &two);
    } else if (o->growers) {
        if (triage_rank(&one, p, &to[0], err) < 0)
            goto fail;
        take_growers(v, &one);
    }
    for (size_t i = 0; i < v->n; i++)
        v->failed += !v->check[i].pass;
    triage_free(&one);
    triage_free(&two);
    replay_free(&rp);
    replay_free(&rb);
    return 0;
fail:
    triage_free(&one);
    triage_free(&two);
    replay_free(&rp);
    replay_free(&rb);
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
    for (size_t k = 0; k < v->ngrowers; k++)
        free(v->grower[k].name);
    free(v->check);
    free(v->source);
    free(v->base_source);
    memset(v, 0, sizeof *v);
}

/* ---- the drawing ------------------------------------------------------------------ */

/* A value over time reduced to at most four points a column (each
 * column's first, lowest, highest and last, in time order), so that a
 * line drawn from it keeps every extreme whatever the censuses' count. */
struct reducer {
    double t0, span;
    size_t col;
    bool open;
    double ft, fv, lt, lv, ht, hv, zt, zv; /* first, low, high, last */
    struct gate_trace *out;
    size_t cap;
};

static void trace_put(struct reducer *r, double t, double v)
{
    struct gate_trace *o = r->out;
    if (o->n && o->t[o->n - 1] == t && o->v[o->n - 1] == v)
        return;
    if (o->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 256;
        o->t = xreallocarray(o->t, r->cap, sizeof *o->t);
        o->v = xreallocarray(o->v, r->cap, sizeof *o->v);
    }
    o->t[o->n] = t, o->v[o->n] = v;
    o->n++;
}

static void reduce_flush(struct reducer *r)
{
    if (!r->open)
        return;
    double t[4] = { r->ft, r->lt, r->ht, r->zt }, v[4] = { r->fv, r->lv, r->hv, r->zv };
    /* the low and the high in their time order */
    if (t[1] > t[2]) {
        double a = t[1], b = v[1];
        t[1] = t[2], v[1] = v[2], t[2] = a, v[2] = b;
    }
    for (int i = 0; i < 4; i++)
        trace_put(r, t[i], v[i]);
    r->open = false;
}

static void reduce_add(struct reducer *r, double t, double v)
{
    double c = r->span > 0 ? floor((t - r->t0) / r->span * GATE_TRACE_COLUMNS) : 0;
    size_t col = c <= 0 ? 0 : c >= GATE_TRACE_COLUMNS ? GATE_TRACE_COLUMNS - 1 : (size_t)c;
    if (r->open && col != r->col)
        reduce_flush(r);
    if (!r->open) {
        r->open = true, r->col = col;
        r->ft = r->lt = r->ht = t, r->fv = r->lv = r->hv = v;
    }
    if (v < r->lv)
        r->lt = t, r->lv = v;
    if (v > r->hv)
        r->ht = t, r->hv = v;
    r->zt = t, r->zv = v;
}

/* Every sample of p (shifted by dt) summed over the names match[] marks
 * (NULL: those keep[] marks) into out. */
static int trace_profile(struct gate_trace *out, const struct profile *p, const bool *match,
                         double dt, struct hp_error *err)
{
    struct reducer r = { .t0 = p->t_first + dt, .span = p->t_last - p->t_first, .out = out };
    struct store_cursor *c = store_cursor_new(p->store);
    struct sample s;
    int rc;
    while ((rc = store_cursor_next(c, &s, err)) > 0) {
        int64_t sum = 0;
        for (size_t i = 0; i < s.n; i++)
            if (match[s.entry[i].name])
                bands_add_value(&sum, s.entry[i].value);
        reduce_add(&r, s.time + dt, (double)sum);
    }
    reduce_flush(&r);
    store_cursor_free(c);
    return rc;
}

static void add_line(struct gate_drawing *d, double t0, double v0, double t1, double v1,
                     char *label, bool pass, bool label_left)
{
    d->line = xreallocarray(d->line, d->nlines + 1, sizeof *d->line);
    d->line[d->nlines++] = (struct gate_line){ t0, v0, t1, v1, label, pass, label_left };
}

static struct gate_trace *add_trace(struct gate_drawing *d, char *label, bool baseline)
{
    d->trace = xreallocarray(d->trace, d->ntraces + 1, sizeof *d->trace);
    struct gate_trace *t = &d->trace[d->ntraces++];
    memset(t, 0, sizeof *t);
    t->label = label;
    t->baseline = baseline;
    return t;
}

/* "TEXT" for a budget within it, "TEXT: over" for one over (the colour
 * says it too, but not in black and white). */
static char *line_label(const char *text, bool pass)
{
    char *d = utf8_display_name(text, strlen(text));
    if (pass)
        return d;
    size_t n = strlen(d);
    char *s = xmalloc(n + 7);
    memcpy(s, d, n);
    memcpy(s + n, ": over", 7);
    free(d);
    return s;
}

/* A check's line: where its subject may not pass. */
static void check_line(struct gate_drawing *d, const struct gate_check *c, char *label,
                       double t_first, double t_last)
{
    double tick = 0.04 * (t_last - t_first); /* an end's stretch */
    switch (c->measure) {
    case BUDGET_PEAK:
    case BUDGET_MEAN:
        add_line(d, c->from, c->allowed, c->to, c->allowed, label, c->pass, true);
        break;
    case BUDGET_END:
        add_line(d, c->at - tick, c->allowed, c->at, c->allowed, label, c->pass, false);
        break;
    case BUDGET_CHANGE:
        add_line(d, c->from, c->start, c->to, c->start + c->allowed, label, c->pass, false);
        break;
    case BUDGET_SLOPE:
        add_line(d, c->from, c->mean_v + c->allowed * (c->from - c->mean_t), c->to,
                 c->mean_v + c->allowed * (c->to - c->mean_t), label, c->pass, false);
        break;
    }
}

int gate_drawing_build(struct gate_drawing *d, const struct gate_verdict *v,
                       const struct profile *p, const struct profile *base,
                       const struct gate_options *o, struct hp_error *err)
{
    memset(d, 0, sizeof *d);
    size_t nn = p->names.count ? p->names.count : 1;
    bool *match = xcalloc(nn, sizeof *match);
    for (size_t j = 0; j < v->nbudgets && j < o->nbudgets; j++) {
        const struct gate_check *c = &v->check[j];
        const struct budget *b = &o->budget[j];
        check_line(d, c, line_label(b->text, c->pass), p->t_first, p->t_last);
        if (b->subject != BUDGET_BANDS)
            continue;
        for (size_t id = 0; id < p->names.count; id++)
            match[id] = name_filter_keep(o->filter, p->names.info[id].text)
                && budget_matches(b, p->names.info[id].text);
        char *label = utf8_display_name(b->pattern, strlen(b->pattern));
        if (trace_profile(add_trace(d, label, false), p, match, 0, err) < 0)
            goto fail;
    }
    free(match);
    match = NULL;
    if (v->baseline && base) {
        for (size_t i = v->nbudgets; i < v->n; i++) {
            const struct gate_check *c = &v->check[i];
            if (c->kind != GATE_BASE_TOTAL)
                continue;
            char text[64];
            if (floor(c->base * v->tolerance / 100) >= v->floor)
                snprintf(text, sizeof text, "%s: baseline + %g%%", c->name, v->tolerance);
            else
                snprintf(text, sizeof text, "%s: baseline + floor", c->name);
            struct gate_check level = *c;
            level.from = p->t_first, level.to = p->t_last;
            check_line(d, &level, line_label(text, c->pass), p->t_first, p->t_last);
        }
        size_t bn = base->names.count ? base->names.count : 1;
        bool *keep = xcalloc(bn, sizeof *keep);
        for (size_t id = 0; id < base->names.count; id++)
            keep[id] = name_filter_keep(o->filter, base->names.info[id].text);
        char *src = utf8_display_name(base->source, strlen(base->source));
        char *label = xmalloc(strlen(src) + 16);
        sprintf(label, "baseline: %s", src);
        free(src);
        int rc =
            trace_profile(add_trace(d, label, true), base, keep, p->t_first - base->t_first, err);
        free(keep);
        if (rc < 0)
            goto fail;
    }
    for (size_t i = 0; i < d->nlines; i++)
        d->top = fmax(d->top, fmax(d->line[i].v0, d->line[i].v1));
    for (size_t k = 0; k < d->ntraces; k++)
        for (size_t i = 0; i < d->trace[k].n; i++)
            d->top = fmax(d->top, d->trace[k].v[i]);
    return 0;
fail:
    free(match);
    gate_drawing_free(d);
    return -1;
}

void gate_drawing_free(struct gate_drawing *d)
{
    for (size_t i = 0; i < d->nlines; i++)
        free(d->line[i].label);
    for (size_t k = 0; k < d->ntraces; k++) {
        free(d->trace[k].t);
        free(d->trace[k].v);
        free(d->trace[k].label);
    }
    free(d->line);
    free(d->trace);
    memset(d, 0, sizeof *d);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* triage.c: see triage.h.
 *
 * One replay gathers, per name, what the figures need without keeping
 * any census: its value at the first census, the last one it held
 * something in, its peak, the sums of the least-squares line, the area,
 * and the censuses in which it shrank.  A census is first summed per name
 * (a name may repeat in one; the values add up) into the list of the
 * names it holds; comparing that list with the previous census's finds
 * the names that shrank or vanished, in O(entries) whatever the number
 * of names.
 *
 * The line's sums are taken about the name's first value (K) and the
 * window's first time, so that a flat 60 MB band with a few bytes of
 * noise keeps its noise: sums of the values themselves would cancel it
 * away.  A census without the name counts as a value of 0.
 */
#include "triage.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pair.h"
#include "stackname.h"
#include "utf8.h"

/* ---- one replay: the figures of every name ------------------------------------ */

struct acc {
    double k;          /* the first value it held: what s1 and s2 are taken about */
    double s1, s2, s3; /* over the censuses holding it: sum (v-K), (v-K)^2 and u v,
                           * u the census's time less the window's first */
    double area;
    double peak_time, first_time;
    int64_t start, last, cur, peak;
    uint64_t count;    /* censuses holding it */
    uint64_t shrinks;  /* pairs of consecutive censuses in which it shrank */
    size_t last_index; /* 1 + the census it last held something in; 0: none yet */
    size_t cur_index;  /* 1 + the census being summed, while it is */
    bool skip;         /* not ranked: --include/--exclude drop it, or it has no point */
};

/* The window's own figures. */
struct window {
    size_t n;          /* censuses committed */
    double t0, t_prev; /* the first's time, the last's */
    double su, suu;    /* sum u, sum u^2 over the committed censuses */
    int64_t heap_start, heap_end, heap_peak, heap_prev;
    double heap_peak_time, heap_area;
    /* empty censuses after the last one holding something: committed only
     * when one holding something follows */
    size_t pending;
    double pending_first, pending_last, pending_su, pending_suu;
};

static int64_t add_held(int64_t a, int64_t b)
{
    return a > INT64_MAX - b ? INT64_MAX : a + b;
}

static bool in_window(const struct triage_options *o, double t)
{
    return !(o->has_from && t < o->from) && !(o->has_to && t > o->to);
}

/* Names dropped from the previous census (prev[0..np)) by this one
 * (census index k, dt after it): each shrank to 0. */
static void close_dropped(struct acc *const *prev, size_t np, size_t k, double dt)
{
    for (size_t i = 0; i < np; i++) {
        struct acc *x = prev[i];
        if (x->cur_index != k + 1) {
            x->shrinks++;
            x->area += (double)x->last * dt / 2;
        }
    }
}

/* The empty censuses held back, committed now that a census holding
 * something follows them: every name of the census before them drops to
 * 0 at the first. */
static void commit_pending(struct window *w, struct acc *const *prev, size_t *np)
{
    if (!w->pending)
        return;
    double dt = w->pending_first - w->t_prev;
    for (size_t i = 0; i < *np; i++) {
        prev[i]->shrinks++;
        prev[i]->area += (double)prev[i]->last * dt / 2;
    }
    *np = 0;
    w->heap_area += (double)w->heap_prev * dt / 2;
    w->heap_prev = 0;
    w->n += w->pending;
    w->su += w->pending_su;
    w->suu += w->pending_suu;
    w->t_prev = w->pending_last;
    w->pending = 0;
    w->pending_su = w->pending_suu = 0;
}

/* One census numbered k (if it holds something) summed per name: the
 * names holding something into cur[0..*nc), each's sum in its acc.
 * Returns the census's total over every name (0: it holds nothing, and
 * no acc was touched). */
static int64_t sum_census(struct acc *a, const struct sample *smp, size_t nn, struct acc **cur,
                          size_t *nc, size_t k)
{
    int64_t total = 0;
    *nc = 0;
    for (size_t i = 0; i < smp->n; i++) {
        const struct sample_entry *e = &smp->entry[i];
        if (e->value <= 0)
            continue;
        total = add_held(total, e->value);
        if (e->name >= nn)
            continue;
        struct acc *x = &a[e->name];
        if (x->skip)
            continue;
        if (x->cur_index != k + 1) {
            x->cur_index = k + 1;
            x->cur = e->value;
            cur[(*nc)++] = x;
        } else
            x->cur = add_held(x->cur, e->value);
    }
    return total;
}

/* A census holding something, summed (cur[0..nc)): compared with the
 * previous census's names (prev[0..*np)), the sums taken. */
static void take_census(struct window *w, double time, struct acc *const *cur, size_t nc,
                        struct acc *const *prev, size_t *np, int64_t total)
{
    if (w->n == 0) {
        w->t0 = w->t_prev = time;
        w->heap_start = total;
    }
    commit_pending(w, prev, np);
    size_t k = w->n;
    double u = time - w->t0, dt = time - w->t_prev, half = dt / 2;
    close_dropped(prev, *np, k, dt);
    for (size_t i = 0; i < nc; i++) {
        struct acc *x = cur[i];
        int64_t v = x->cur;
        double dv = (double)v;
        /* (last_index == k: it held something in the census before; it
         * is 0 in the first) */
        bool before = x->last_index == k;
        x->shrinks += before && v < x->last;
        x->area += (before ? (double)x->last + dv : dv) * half;
        if (x->count++ == 0) {
            x->k = dv;
            x->first_time = time;
            x->start = k == 0 ? v : 0;
        }
        double d = dv - x->k;
        x->s1 += d;
        x->s2 += d * d;
        x->s3 += u * dv;
        if (v > x->peak) {
            x->peak = v;
            x->peak_time = time;
        }
        x->last = v;
        x->last_index = k + 1;
    }
    w->heap_area += ((double)w->heap_prev + (double)total) * half;
    w->heap_prev = w->heap_end = total;
    if (total > w->heap_peak || k == 0) {
        w->heap_peak = total;
        w->heap_peak_time = time;
    }
    w->n++;
    w->su += u;
    w->suu += u * u;
    w->t_prev = time;
}

static int64_t census_total(const struct sample *smp)
{
    int64_t sum = 0;
    for (size_t i = 0; i < smp->n; i++)
        if (smp->entry[i].value > 0)
            sum = add_held(sum, smp->entry[i].value);
    return sum;
}

/* The replay: a[0..names) filled, w the window's figures.  -1 with err
 * set when the replay fails. */
static int gather(struct acc *a, struct window *w, const struct profile *p,
                  const struct triage_options *o, struct hp_error *err)
{
    size_t nn = p->names.count;
    size_t cap = 0;
    struct acc **cur = NULL, **prev = NULL;
    size_t nc = 0, np = 0;
    memset(w, 0, sizeof *w);
    struct store_cursor *c = store_cursor_new(p->store);
    struct sample smp;
    int rc;
    while ((rc = store_cursor_next(c, &smp, err)) == 1) {
        if (!in_window(o, smp.time))
            continue;
        if (smp.n > cap) {
            cap = smp.n;
            cur = xreallocarray(cur, cap, sizeof *cur);
            prev = xreallocarray(prev, cap, sizeof *prev);
        }
        /* (numbered as if the empty censuses held back were committed) */
        int64_t total = sum_census(a, &smp, nn, cur, &nc, w->n + w->pending);
        if (total == 0) {
            if (w->n == 0)
                continue; /* before the first census holding anything */
            double u = smp.time - w->t0;
            if (w->pending++ == 0)
                w->pending_first = smp.time;
            w->pending_last = smp.time;
            w->pending_su += u;
            w->pending_suu += u * u;
            continue;
        }
        take_census(w, smp.time, cur, nc, prev, &np, total);
        struct acc **swap = cur;
        cur = prev;
        prev = swap;
        np = nc;
    }
    store_cursor_free(c);
    free(cur);
    free(prev);
    return rc;
}

/* The figures of one name from its sums. */
static void figures(struct triage_figures *f, const struct acc *x, const struct window *w)
{
    memset(f, 0, sizeof *f);
    if (!x->count)
        return;
    double n = (double)w->n;
    f->present = true;
    f->start = x->start;
    f->end = x->last_index == w->n ? x->last : 0;
    f->peak = x->peak;
    f->peak_time = x->peak_time;
    f->first_time = x->first_time;
    f->area = x->area;
    f->end_share = w->heap_end > 0 ? (double)f->end / (double)w->heap_end : 0;
    f->steady = w->n > 1 ? 1 - (double)x->shrinks / (double)(w->n - 1) : 1;
    f->held = f->peak > 0 ? (double)f->end / (double)f->peak : 0;
    /* The sums over every census, those without the name at 0 (v - K = -K). */
    double absent = n - (double)x->count;
    double sw = x->s1 - absent * x->k;
    double sww = x->s2 + absent * x->k * x->k;
    double suw = x->s3 - x->k * w->su; /* sum u (v - K), every census */
    double sxx = w->suu - w->su * w->su / n;
    double sxy = suw - w->su * sw / n;
    double syy = sww - sw * sw / n;
    if (sxx > 0 && isfinite(sxx) && isfinite(sxy)) {
        f->slope = sxy / sxx;
        if (syy > 0 && isfinite(syy)) {
            double r2 = sxy / sxx * (sxy / syy);
            f->r2 = r2 > 1 ? 1 : r2 < 0 || !isfinite(r2) ? 0 : r2;
        }
    }
    if (!isfinite(f->slope))
        f->slope = 0;
    double growth = (double)f->end - (double)f->start;
    f->score = growth > 0 && f->slope > 0 ? growth * f->r2 * f->held : 0;
}

/* Each name's place: whether the filter keeps it (and it has a point). */
static bool *kept_names(const struct profile *p, const struct name_filter *filter)
{
    size_t nn = p->names.count;
    bool *keep = xcalloc(nn ? nn : 1, sizeof *keep);
    for (size_t id = 0; id < nn; id++)
        keep[id] = p->names.info[id].points > 0 && name_filter_keep(filter, p->names.info[id].text);
    return keep;
}

/* One profile's replay: per name its figures (fig[id], present or not)
 * and the window's.  -1 with err set on a failed replay or a window
 * with no census holding anything. */
static int profile_figures(struct triage_figures **fig, struct window *w, struct acc **accs,
                           const struct profile *p, const struct triage_options *o,
                           struct hp_error *err)
{
    size_t nn = p->names.count;
    struct acc *a = xcalloc(nn ? nn : 1, sizeof *a);
    bool *keep = kept_names(p, o->filter);
    for (size_t id = 0; id < nn; id++)
        a[id].skip = !keep[id];
    free(keep);
    int rc = gather(a, w, p, o, err);
    if (rc < 0) {
        free(a);
        return -1;
    }
    if (w->n == 0) {
        free(a);
        const char *src = p->source ? p->source : "profile";
        if (o->has_from || o->has_to)
            return hp_fail(err, "%s: --top: no census from %g to %g holds anything", src,
                           o->has_from ? o->from : p->t_first, o->has_to ? o->to : p->t_last);
        return hp_fail(err, "%s: --top: no census holds anything", src);
    }
    *fig = xcalloc(nn ? nn : 1, sizeof **fig);
    for (size_t id = 0; id < nn; id++)
        figures(&(*fig)[id], &a[id], w);
    if (accs)
        *accs = a;
    else
        free(a);
    return 0;
}

/* ---- names as shown ------------------------------------------------------- */

char *triage_shown_name(const char *raw)
{
    const char *s = raw + stackname_prefix(raw);
    return utf8_sanitize_lines(s, strlen(s));
}

static int by_shown(const void *a, const void *b)
{
    const struct triage_row *const *x = a, *const *y = b;
    int c = strcmp((*x)->name, (*y)->name);
    return c ? c : stackname_cmp((*x)->raw, (*y)->raw);
}

/* Rows whose names less "(N)" read alike keep their "(N)": two -hr
 * retainer sets "(96)churn" and "(98)churn" are two things. */
static void shown_names(struct triage_row *row, size_t n)
{
    for (size_t i = 0; i < n; i++)
        row[i].name = triage_shown_name(row[i].raw);
    struct triage_row **by = xcalloc(n ? n : 1, sizeof *by);
    for (size_t i = 0; i < n; i++)
        by[i] = &row[i];
    qsort(by, n, sizeof *by, by_shown);
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && strcmp(by[j]->name, by[i]->name) == 0)
            j++;
        for (size_t k = i; j - i > 1 && k < j; k++) {
            free(by[k]->name);
            by[k]->name = utf8_sanitize_lines(by[k]->raw, strlen(by[k]->raw));
        }
        i = j;
    }
    free(by);
}

/* ---- the ranking ------------------------------------------------------------ */

static int by_rank(const void *a, const void *b)
{
    const struct triage_row *x = a, *y = b;
    if (x->score != y->score)
        return x->score > y->score ? -1 : 1;
    if (x->change != y->change)
        return x->change > y->change ? -1 : 1;
    if (x->fig.end != y->fig.end)
        return x->fig.end > y->fig.end ? -1 : 1;
    return stackname_cmp(x->raw, y->raw);
}

static void rank_rows(struct triage *t)
{
    qsort(t->row, t->nrows, sizeof *t->row, by_rank);
    t->nleaks = t->ngrew = 0;
    for (size_t i = 0; i < t->nrows; i++) {
        const struct triage_row *r = &t->row[i];
        t->row[i].leak = r->score > 0 && r->score >= t->floor
            && (t->two
                || (r->score >= TRIAGE_LEAK_WEIGHT * (double)r->change
                    && t->ncensuses >= TRIAGE_LEAK_CENSUSES));
        t->nleaks += t->row[i].leak;
        t->ngrew += t->row[i].change > 0;
    }
    shown_names(t->row, t->nrows);
}

static double percent_of(int64_t change, int64_t base)
{
    return base > 0 ? 100.0 * (double)change / (double)base : NAN;
}

/* ---- what only some breakdowns tell ---------------------------------------- */

static const char *const state_names[TRIAGE_STATES] = { "LAG", "DRAG", "VOID", "USE",
                                                        "INHERENT_USE" };

static int state_of(const char *name)
{
    for (int s = 0; s < TRIAGE_STATES; s++)
        if (strcmp(name, state_names[s]) == 0)
            return s;
    return -1;
}

/* -hb: a profile whose every name is a state of the biography. */
static void biography(struct triage *t, const struct profile *p, const struct triage_figures *fig)
{
    size_t nn = p->names.count, named = 0;
    for (size_t id = 0; id < nn; id++) {
        if (!fig[id].present)
            continue;
        if (state_of(p->names.info[id].text) < 0)
            return;
        named++;
    }
    if (!named)
        return;
    t->biography = true;
    double all = 0;
    for (size_t id = 0; id < nn; id++) {
        int s = fig[id].present ? state_of(p->names.info[id].text) : -1;
        if (s < 0)
            continue;
        t->bio.area[s] += fig[id].area;
        all += fig[id].area;
        if (fig[id].peak > t->bio.peak[s]) {
            t->bio.peak[s] = fig[id].peak;
            t->bio.peak_time[s] = fig[id].peak_time;
        }
    }
    for (int s = 0; s < TRIAGE_STATES; s++)
        t->bio.share[s] = all > 0 ? t->bio.area[s] / all : 0;
}

/* "era N": N, or UINT64_MAX when the name is not one. */
static uint64_t era_number(const char *name)
{
    if (strncmp(name, "era ", 4) != 0 || !name[4] || strlen(name + 4) > 19)
        return UINT64_MAX;
    uint64_t v = 0;
    for (const char *s = name + 4; *s; s++) {
        if (*s < '0' || *s > '9')
            return UINT64_MAX;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    return v;
}

static int by_era(const void *a, const void *b)
{
    const struct triage_era *x = a, *y = b;
    return (x->era > y->era) - (x->era < y->era);
}

/* -he: the eras alive at the end, oldest first. */
static void eras(struct triage *t, const struct profile *p, const struct triage_figures *fig,
                 double t_end)
{
    if (!p->era_bands)
        return;
    size_t nn = p->names.count;
    t->eras = xcalloc(nn ? nn : 1, sizeof *t->eras);
    for (size_t id = 0; id < nn; id++) {
        uint64_t era = era_number(p->names.info[id].text);
        if (!fig[id].present || fig[id].end <= 0 || era == UINT64_MAX)
            continue;
        t->eras[t->neras++] = (struct triage_era){ .era = era,
                                                   .bytes = fig[id].end,
                                                   .born = fig[id].first_time,
                                                   .age = t_end - fig[id].first_time };
    }
    qsort(t->eras, t->neras, sizeof *t->eras, by_era);
}

/* ---- one profile ------------------------------------------------------------ */

static void window_into(struct triage *t, const struct window *w)
{
    t->ncensuses = w->n;
    t->t_start = w->t0;
    t->t_end = w->t_prev;
    t->heap_start = w->heap_start;
    t->heap_end = w->heap_end;
    t->heap_peak = w->heap_peak;
    t->heap_peak_time = w->heap_peak_time;
    t->heap_area = w->heap_area;
}

int triage_rank(struct triage *t, const struct profile *p, const struct triage_options *o,
                struct hp_error *err)
{
    memset(t, 0, sizeof *t);
    struct triage_figures *fig;
    struct window w;
    if (profile_figures(&fig, &w, NULL, p, o, err) < 0)
        return -1;
    window_into(t, &w);
    size_t nn = p->names.count;
    t->row = xcalloc(nn ? nn : 1, sizeof *t->row);
    for (size_t id = 0; id < nn; id++) {
        if (!fig[id].present)
            continue;
        struct triage_row *r = &t->row[t->nrows++];
        r->raw = xmemdup0(p->names.info[id].text, p->names.info[id].len);
        r->id = (int64_t)id;
        r->fig = fig[id];
        r->change = fig[id].end - fig[id].start;
        r->change_pct = percent_of(r->change, fig[id].start);
        r->score = fig[id].score;
    }
    t->floor = TRIAGE_LEAK_SHARE * (double)t->heap_peak;
    rank_rows(t);
    biography(t, p, fig);
    eras(t, p, fig, t->t_end);
    free(fig);
    return 0;
}

/* ---- two profiles ------------------------------------------------------------ */

/* Every name of p the filter keeps as a band of its own (-t0, -m0, no
 * sort): what pair_bands renames. */
static void every_name_plan(struct band_plan *bp, const struct profile *p, const bool *keep)
{
    size_t nn = p->names.count;
    memset(bp, 0, sizeof *bp);
    bp->nnames = nn;
    bp->band_of_name = xreallocarray(NULL, nn ? nn : 1, sizeof *bp->band_of_name);
    bp->band = xcalloc(nn ? nn : 1, sizeof *bp->band);
    for (size_t id = 0; id < nn; id++) {
        bp->band_of_name[id] = -1;
        if (!keep[id])
            continue;
        struct band *b = &bp->band[bp->count];
        b->name = xmemdup0(p->names.info[id].text, p->names.info[id].len);
        b->total = p->names.info[id].total;
        bp->band_of_name[id] = (int32_t)bp->count++;
    }
}

struct named {
    const char *name;
    size_t id;
};

static int by_named(const void *a, const void *b)
{
    const struct named *x = a, *y = b;
    return strcmp(x->name, y->name);
}

/* Each present name of p under its paired name, sorted. */
static struct named *paired_list(const struct profile *p, const struct band_plan *bp,
                                 const struct triage_figures *fig, size_t *n)
{
    size_t nn = p->names.count;
    struct named *l = xcalloc(nn ? nn : 1, sizeof *l);
    *n = 0;
    for (size_t id = 0; id < nn; id++) {
        int32_t b = bp->band_of_name[id];
        if (b >= 0 && fig[id].present)
            l[(*n)++] = (struct named){ bp->band[b].name, id };
    }
    qsort(l, *n, sizeof *l, by_named);
    return l;
}

int triage_rank_two(struct triage *t, const struct profile *before, const struct profile *after,
                    const struct triage_options o[2], struct hp_error *err)
{
    memset(t, 0, sizeof *t);
    const struct profile *p[2] = { before, after };
    struct triage_figures *fig[2] = { NULL, NULL };
    struct window w[2];
    struct band_plan bp[2] = { { 0 }, { 0 } };
    for (int k = 0; k < 2; k++) {
        if (profile_figures(&fig[k], &w[k], NULL, p[k], &o[k], err) < 0) {
            free(fig[0]); /* (the second failing: the first's plan and figures go) */
            band_plan_free(&bp[0]);
            return -1;
        }
        bool *keep = kept_names(p[k], o[k].filter);
        every_name_plan(&bp[k], p[k], keep);
        free(keep);
    }
    struct pair_report report;
    pair_bands(bp, 2, &report);
    pair_report_free(&report);
    size_t n[2];
    struct named *l[2];
    for (int k = 0; k < 2; k++)
        l[k] = paired_list(p[k], &bp[k], fig[k], &n[k]);
    t->two = true;
    window_into(t, &w[1]);
    t->before_ncensuses = w[0].n;
    t->before_t_start = w[0].t0;
    t->before_t_end = w[0].t_prev;
    t->before_heap_peak = w[0].heap_peak;
    t->row = xcalloc(n[0] + n[1] + 1, sizeof *t->row);
    /* The two sorted lists merged: a name in both is one row. */
    for (size_t i = 0, j = 0; i < n[0] || j < n[1];) {
        int c = i == n[0] ? 1 : j == n[1] ? -1 : strcmp(l[0][i].name, l[1][j].name);
        struct triage_row *r = &t->row[t->nrows++];
        r->id = -1;
        if (c <= 0)
            r->before = fig[0][l[0][i].id];
        if (c >= 0) {
            r->fig = fig[1][l[1][j].id];
            r->id = (int64_t)l[1][j].id;
        }
        r->raw = xstrdup(c <= 0 ? l[0][i].name : l[1][j].name);
        i += c <= 0;
        j += c >= 0;
        r->change = r->fig.peak - r->before.peak;
        r->change_pct = percent_of(r->change, r->before.peak);
        r->score = r->change > 0 ? (double)r->change : 0;
    }
    int64_t peak = w[0].heap_peak > w[1].heap_peak ? w[0].heap_peak : w[1].heap_peak;
    t->floor = TRIAGE_LEAK_SHARE * (double)peak;
    rank_rows(t);
    for (int k = 0; k < 2; k++) {
        free(l[k]);
        free(fig[k]);
        band_plan_free(&bp[k]);
    }
    return 0;
}

void triage_free(struct triage *t)
{
    for (size_t i = 0; i < t->nrows; i++) {
        free(t->row[i].name);
        free(t->row[i].raw);
    }
    free(t->row);
    free(t->eras);
    memset(t, 0, sizeof *t);
}

/* ---- OTHER opened at one census -------------------------------------------- */

static int by_member(const void *a, const void *b)
{
    const struct triage_member *x = a, *y = b;
    if (x->value != y->value)
        return x->value > y->value ? -1 : 1;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->id > y->id) - (x->id < y->id);
}

int triage_open_other(struct triage_opened *o, const struct profile *p, const struct band_plan *bp,
                      size_t index, struct hp_error *err)
{
    memset(o, 0, sizeof *o);
    struct store_cursor *c = store_cursor_new(p->store);
    struct sample smp;
    int rc;
    size_t k = 0;
    while ((rc = store_cursor_next(c, &smp, err)) == 1 && k < index)
        k++;
    if (rc != 1) {
        store_cursor_free(c);
        if (rc < 0)
            return -1;
        return hp_fail(err, "%s: there is no census number %zu", p->source ? p->source : "profile",
                       index);
    }
    o->index = index;
    o->time = smp.time;
    o->total = census_total(&smp);
    int32_t other = bp->count && bp->band[0].is_other ? 0 : -1;
    size_t nn = p->names.count;
    /* A name may repeat in a census: its values add up, one member. */
    int64_t *sum = xcalloc(nn ? nn : 1, sizeof *sum);
    uint32_t *ids = xcalloc(smp.n ? smp.n : 1, sizeof *ids);
    size_t nids = 0;
    for (size_t i = 0; i < smp.n; i++) {
        const struct sample_entry *e = &smp.entry[i];
        if (e->name >= nn || e->name >= bp->nnames)
            continue;
        int32_t b = bp->band_of_name[e->name];
        if (b != BAND_TRACED && (other < 0 || b != other))
            continue;
        if (sum[e->name] == 0 && e->value > 0)
            ids[nids++] = e->name;
        bands_add_value(&sum[e->name], e->value);
        bands_add_value(b == BAND_TRACED ? &o->traced : &o->other, e->value);
    }
    o->member = xcalloc(nids ? nids : 1, sizeof *o->member);
    for (size_t i = 0; i < nids; i++) {
        uint32_t id = ids[i];
        bool traced = bp->band_of_name[id] == BAND_TRACED;
        o->member[o->n++] =
            (struct triage_member){ .name = triage_shown_name(p->names.info[id].text),
                                    .id = id,
                                    .value = sum[id],
                                    .traced = traced };
        if (traced)
            o->traced_names++;
        else
            o->other_names++;
    }
    qsort(o->member, o->n, sizeof *o->member, by_member);
    free(sum);
    free(ids);
    store_cursor_free(c);
    return 0;
}

void triage_opened_free(struct triage_opened *o)
{
    for (size_t i = 0; i < o->n; i++)
        free(o->member[i].name);
    free(o->member);
    memset(o, 0, sizeof *o);
}

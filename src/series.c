/* series.c: see series.h.
 *
 * One replay of the store.  Per sample, every entry whose name has a band
 * adds its value to that band (OTHER gathers several names; a name may
 * also repeat within a sample); the band values are then stacked as
 * doubles in band order, exactly as GHC adds them, and the stacked total
 * feeds the y range and the trapezoid area.  --mode=percent and
 * --mode=lines then replace the stacked heights by what they draw
 * (mode_heights); the y range and area stay the stack's.
 *
 * Reduction: with no more samples than columns every sample is a point.
 * Otherwise each sample falls into one of `columns` equal slices of the
 * time span, and per band the current slice keeps its first, last, lowest
 * and highest point; when the slice changes those (at most four, in time
 * order, each sample once) are appended.  Memory is O(bands * columns)
 * however long the profile is.
 */
#include "series.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One kept point: which sample (to order and deduplicate), when, how high. */
struct point {
    size_t k;
    double t, y;
};

/* The points a column keeps for one band. */
struct column_state {
    struct point first, last, min, max;
};

static void push_point(struct polyline *pl, size_t *cap, double t, double y)
{
    if (pl->n == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        pl->t = xreallocarray(pl->t, *cap, sizeof *pl->t);
        pl->y = xreallocarray(pl->y, *cap, sizeof *pl->y);
    }
    pl->t[pl->n] = t;
    pl->y[pl->n] = y;
    pl->n++;
}

/* Append a column's distinct points in sample order. */
static void flush_column(struct polyline *pl, size_t *cap, const struct column_state *c)
{
    struct point p[4] = {c->first, c->min, c->max, c->last};
    /* Insertion sort of four by sample index. */
    for (int i = 1; i < 4; i++) {
        struct point x = p[i];
        int j = i;
        while (j > 0 && p[j - 1].k > x.k) {
            p[j] = p[j - 1];
            j--;
        }
        p[j] = x;
    }
    for (int i = 0; i < 4; i++)
        if (i == 0 || p[i].k != p[i - 1].k)
            push_point(pl, cap, p[i].t, p[i].y);
}

static size_t column_of(double t, double t0, double span, size_t columns)
{
    if (!(span > 0) || !isfinite(span))
        return 0;
    double x = (t - t0) / span * (double)columns;
    if (!(x >= 0))
        return 0;
    if (x >= (double)columns)
        return columns - 1;
    return (size_t)x;
}

/* One polyline, in place: the sleeve algorithm.  From the last point kept
 * (the anchor), a segment to a later point j may replace the points in
 * between if it passes within tol of each of them; each such point allows
 * the segment's slope an interval, and j is a valid end while its slope
 * lies in all of them.  At the first point that is not, the one before it
 * is kept and becomes the anchor.  O(n), and no point dropped is further
 * than tol from the line drawn. */
static void simplify(struct polyline *pl, double tol)
{
    size_t n = pl->n;
    if (n <= 2)
        return;
    double *t = pl->t, *y = pl->y;
    size_t out = 0, a = 0; /* points kept so far: 0..out; a: the anchor's index */
    double ta = t[0], ya = y[0];
    double lo = -INFINITY, hi = INFINITY;
    for (size_t j = 1; j < n; j++) {
        double tj = t[j], yj = y[j];
        double dt = tj - ta, dy = yj - ya;
        bool ok = dt > 0 ? dy >= lo * dt && dy <= hi * dt : fabs(dy) <= tol;
        if (!ok && j - 1 > a) {
            /* The segment ends at j - 1, which was a valid end. */
            a = j - 1;
            ta = t[a], ya = y[a];
            out++;
            t[out] = ta, y[out] = ya;
            lo = -INFINITY, hi = INFINITY;
            dt = tj - ta, dy = yj - ya;
            ok = dt > 0 || fabs(dy) <= tol;
        }
        if (!ok) {
            /* Not even a segment from the point before reaches it (a
             * vertical step): keep it. */
            a = j;
            ta = tj, ya = yj;
            out++;
            t[out] = tj, y[out] = yj;
            lo = -INFINITY, hi = INFINITY;
            continue;
        }
        if (dt > 0) {
            double l = (dy - tol) / dt, h = (dy + tol) / dt;
            if (l > lo)
                lo = l;
            if (h < hi)
                hi = h;
        }
    }
    if (a != n - 1) {
        out++;
        t[out] = t[n - 1], y[out] = y[n - 1];
    }
    pl->n = out + 1;
}

void series_simplify(struct series *s, double y_range)
{
    double tol = y_range * SERIES_TOLERANCE;
    if (!(tol > 0) || !isfinite(tol))
        return;
    for (size_t b = 0; b < s->nbands; b++)
        simplify(&s->top[b], tol);
}

size_t series_columns(size_t nbands)
{
    size_t per_column = 4 * (nbands ? nbands : 1);
    size_t columns = SERIES_POINT_BUDGET / per_column;
    if (columns > SERIES_MAX_COLUMNS)
        columns = SERIES_MAX_COLUMNS;
    if (columns < SERIES_MIN_COLUMNS)
        columns = SERIES_MIN_COLUMNS;
    return columns;
}

void series_free(struct series *s)
{
    if (s->top) {
        for (size_t b = 0; b < s->nbands; b++) {
            free(s->top[b].t);
            free(s->top[b].y);
        }
        free(s->top);
    }
    free(s->band_peak);
    memset(s, 0, sizeof *s);
}

int series_build(struct series *s, struct profile *p, const struct band_plan *bp,
                 size_t columns, struct hp_error *err)
{
    return series_build_mode(s, p, bp, columns, MODE_STACKED, err);
}

/* --mode: the heights drawn for one sample, in place of the stack in
 * top[] (value[] holds each band's own value). */
static void mode_heights(double *top, const int64_t *value, size_t nbands, double total,
                         enum plot_mode mode)
{
    if (mode == MODE_PERCENT) {
        for (size_t b = 0; b < nbands; b++)
            top[b] = total > 0 ? top[b] / total * 100 : 0;
    } else if (mode == MODE_LINES) {
        for (size_t b = 0; b < nbands; b++)
            top[b] = (double)value[b];
    }
}

int series_build_mode(struct series *s, struct profile *p, const struct band_plan *bp,
                      size_t columns, enum plot_mode mode, struct hp_error *err)
{
    memset(s, 0, sizeof *s);
    if (columns < 1)
        columns = 1;
    size_t nbands = bp->count;
    s->nbands = nbands;
    if (nbands)
        s->top = xcalloc(nbands, sizeof *s->top);
    s->band_peak = xcalloc(nbands ? nbands : 1, sizeof *s->band_peak);

    /* Scratch, all O(nbands). */
    size_t *cap = xcalloc(nbands ? nbands : 1, sizeof *cap);
    int64_t *value = xcalloc(nbands ? nbands : 1, sizeof *value);
    double *top = xcalloc(nbands ? nbands : 1, sizeof *top);
    struct column_state *col = xcalloc(nbands ? nbands : 1, sizeof *col);

    size_t stored = store_count(p->store);
    bool exact = (p->nsamples > stored ? p->nsamples : stored) <= columns;
    double t0 = p->t_first, span = p->t_last - p->t_first;

    int rc = store_rewind(p->store, err);
    size_t k = 0;             /* samples replayed */
    size_t cur = 0;           /* the column being gathered (reduced mode) */
    double prev_t = 0, prev_total = 0;
    while (rc == 0) {
        double t;
        const struct sample_entry *e;
        size_t n;
        int r = store_next(p->store, &t, &e, &n, err);
        if (r < 0) {
            rc = -1;
            break;
        }
        if (r == 0)
            break;

        bands_sum_sample(bp, e, n, value);
        double sum = 0;
        for (size_t b = 0; b < nbands; b++) {
            sum = b == 0 ? (double)value[0] : sum + (double)value[b];
            top[b] = sum;
        }
        double total = nbands ? top[nbands - 1] : 0;

        if (total > s->y_max) {
            s->y_max = total;
            s->y_max_time = t;
        }
        for (size_t b = 0; b < nbands; b++)
            if ((double)value[b] > s->band_peak[b])
                s->band_peak[b] = (double)value[b];
        if (k > 0)
            s->area += (t - prev_t) * (total + prev_total) / 2;
        prev_t = t;
        prev_total = total;
        mode_heights(top, value, nbands, total, mode);

        if (exact) {
            for (size_t b = 0; b < nbands; b++)
                push_point(&s->top[b], &cap[b], t, top[b]);
        } else {
            size_t c = column_of(t, t0, span, columns);
            if (k > 0 && c != cur)
                for (size_t b = 0; b < nbands; b++)
                    flush_column(&s->top[b], &cap[b], &col[b]);
            bool fresh = k == 0 || c != cur;
            cur = c;
            for (size_t b = 0; b < nbands; b++) {
                struct point pt = {k, t, top[b]};
                struct column_state *cs = &col[b];
                if (fresh) {
                    cs->first = cs->last = cs->min = cs->max = pt;
                } else {
                    cs->last = pt;
                    if (pt.y < cs->min.y)
                        cs->min = pt;
                    if (pt.y > cs->max.y)
                        cs->max = pt;
                }
            }
        }
        k++;
    }
    if (rc == 0 && !exact && k > 0)
        for (size_t b = 0; b < nbands; b++)
            flush_column(&s->top[b], &cap[b], &col[b]);
    s->nsamples = k;
    s->plot_max = mode == MODE_PERCENT ? 100 : mode == MODE_LINES ? 0 : s->y_max;
    if (mode == MODE_LINES)
        for (size_t b = 0; b < nbands; b++)
            if (s->band_peak[b] > s->plot_max)
                s->plot_max = s->band_peak[b];

    free(cap);
    free(value);
    free(top);
    free(col);
    if (rc < 0) {
        series_free(s);
        return -1;
    }
    return 0;
}

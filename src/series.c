/* series.c: see series.h.
 *
 * One replay of the store.  Per sample, every entry whose name has a band
 * adds its value to that band (OTHER gathers several names; a name may
 * also repeat within a sample); the band values are then stacked as
 * doubles in band order, exactly as GHC adds them, and the stacked total
 * feeds the y range and the trapezoid area.
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

        memset(value, 0, nbands * sizeof *value);
        for (size_t i = 0; i < n; i++) {
            if (e[i].name >= bp->nnames)
                continue;
            int32_t b = bp->band_of_name[e[i].name];
            if (b < 0 || (size_t)b >= nbands)
                continue;
            int64_t v = e[i].value > 0 ? e[i].value : 0;
            value[b] = value[b] > INT64_MAX - v ? INT64_MAX : value[b] + v;
        }
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

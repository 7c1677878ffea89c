/* SPDX-License-Identifier: BSD-3-Clause */
/* diff.c: see diff.h.  This is what --diff draws.
 *
 * Each profile is replayed once.  Between two consecutive samples every
 * band's value is the straight line between its values there; each grid
 * time that falls in that interval takes its point on the line.  Only the
 * bands present in one of the two samples are touched (the others are 0
 * on both sides), so the work is O(entries) per grid time and per sample,
 * never O(names) per sample.
 */
#include "diff.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pair.h"
#include "stackname.h"
#include "series.h"
#include "shades.h"

void diff_free(struct diff *d)
{
    if (d->change)
        for (size_t b = 0; b < d->bands.count; b++)
            free(d->change[b]);
    free(d->change);
    free(d->extreme);
    free(d->extreme_time);
    free(d->t);
    band_plan_free(&d->bands);
    memset(d, 0, sizeof *d);
}

/* One profile's bands at one sample: the values, which are set, and a
 * list of those (to clear them without touching every name). */
struct sample_values {
    double *value;
    bool *set;
    size_t *list;
    size_t n;
};

static void values_init(struct sample_values *v, size_t nunion)
{
    size_t k = nunion ? nunion : 1;
    v->value = xcalloc(k, sizeof *v->value);
    v->set = xcalloc(k, sizeof *v->set);
    v->list = xreallocarray(NULL, k, sizeof *v->list);
    v->n = 0;
}

static void values_free(struct sample_values *v)
{
    free(v->value);
    free(v->set);
    free(v->list);
}

static void values_clear(struct sample_values *v)
{
    for (size_t i = 0; i < v->n; i++) {
        v->value[v->list[i]] = 0;
        v->set[v->list[i]] = false;
    }
    v->n = 0;
}

static void values_add(struct sample_values *v, size_t u, int64_t x)
{
    if (!v->set[u]) {
        v->set[u] = true;
        v->list[v->n++] = u;
    }
    v->value[u] += x > 0 ? (double)x : 0;
}

/* Add sign * (the profile's value of each band at each grid time) to
 * cell[u * columns + c].  to_union: plan band -> union band. */
static int accumulate(double *cell, size_t nunion, const double *grid, size_t columns,
                      const struct profile *p, const struct band_plan *bp, const size_t *to_union,
                      double sign, struct hp_error *err)
{
    struct sample_values a, b;
    values_init(&a, nunion);
    values_init(&b, nunion);
    struct sample_values *prev = &a, *cur = &b;
    struct store_cursor *replay = store_cursor_new(p->store);
    struct sample smp;
    int rc;
    size_t c = 0;
    double prev_rel = 0;
    bool first = true;
    while ((rc = store_cursor_next(replay, &smp, err)) == 1) {
        values_clear(cur);
        for (size_t i = 0; i < smp.n; i++) {
            const struct sample_entry *e = &smp.entry[i];
            if (e->name >= bp->nnames)
                continue;
            int32_t band = bp->band_of_name[e->name];
            if (band >= 0 && (size_t)band < bp->count)
                values_add(cur, to_union[band], e->value);
        }
        double rel = smp.time - p->t_first;
        for (; c < columns && grid[c] <= rel; c++) {
            double frac = first || !(rel > prev_rel) ? 1 : (grid[c] - prev_rel) / (rel - prev_rel);
            for (size_t i = 0; i < prev->n; i++) {
                size_t u = prev->list[i];
                double v = prev->value[u] + (cur->value[u] - prev->value[u]) * frac;
                cell[u * columns + c] += sign * v;
            }
            for (size_t i = 0; i < cur->n; i++) {
                size_t u = cur->list[i];
                if (!prev->set[u])
                    cell[u * columns + c] += sign * cur->value[u] * frac;
            }
        }
        struct sample_values *swap = prev;
        prev = cur;
        cur = swap;
        prev_rel = rel;
        first = false;
    }
    store_cursor_free(replay);
    /* Grid times after the last sample: the profile has ended, 0. */
    values_free(&a);
    values_free(&b);
    return rc;
}

/* A plan's shades as the band stage gives them, by its own ranks. */
static void shade(struct band_plan *bp, bool colour)
{
    struct band_options o;
    band_options_default(&o);
    o.colour = colour;
    plan_rank(bp);
    shades_assign(bp, &o);
}

struct name_index {
    const char *name;
    size_t u;
};

static int by_name(const void *x, const void *y)
{
    return strcmp(((const struct name_index *)x)->name, ((const struct name_index *)y)->name);
}

/* Plan band -> union band, by name. */
static size_t *union_map(const struct band_plan *bp, const struct name_index *sorted, size_t nunion)
{
    size_t *map = xreallocarray(NULL, bp->count ? bp->count : 1, sizeof *map);
    for (size_t b = 0; b < bp->count; b++) {
        struct name_index key = { bp->band[b].name, 0 };
        const struct name_index *hit = bsearch(&key, sorted, nunion, sizeof *sorted, by_name);
        map[b] = hit ? hit->u : 0; /* always found: the union holds every name */
    }
    return map;
}

struct ranked {
    double score;
    const char *name;
    size_t u;
};

/* Largest total change first; equal ones by name (less "(N)", so the
 * order is the same on every machine and after a renumbering). */
static int by_score(const void *x, const void *y)
{
    const struct ranked *a = x, *b = y;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    return stackname_cmp(a->name, b->name);
}

/* A band of the diff before it has its place: its row of changes (owned)
 * and the change of largest magnitude, signed, and where. */
struct item {
    const char *name;
    bool is_other;
    bool leak; /* --top: it grew (band.leak) */
    double *change;
    double extreme, extreme_time;
};

static struct item make_item(const struct diff *d, const char *name, bool is_other, bool leak,
                             double *change)
{
    struct item it = { name, is_other, leak, change, 0, 0 };
    for (size_t c = 0; c < d->ncolumns; c++)
        if (fabs(change[c]) > fabs(it.extreme)) {
            it.extreme = change[c];
            it.extreme_time = d->t[c];
        }
    return it;
}

static void place(struct diff *d, size_t *b, const struct item *it)
{
    struct band *band = &d->bands.band[*b];
    band->name = xstrdup(it->name);
    band->is_other = it->is_other;
    band->leak = it->leak;
    d->change[*b] = it->change;
    d->extreme[*b] = it->extreme;
    d->extreme_time[*b] = it->extreme_time;
    ++*b;
}

/* The band order, bottom first, chosen so that the key (top band first)
 * lists the bands as the drawing stacks them from its top down, on both
 * sides of zero: layout stacks the rises upward in band order and the
 * falls downward in the opposite order.  A band goes with the sign of its
 * largest change (the one its key entry shows): the falls first, the
 * largest change lowest, so it is outermost below zero; then the bands
 * that never change and OTHER (next to whichever side its sign is on);
 * then the rises, the largest change on top, outermost above zero.
 * kept[] is in rank order, largest change first.  --top: what grew,
 * grew[0..ngrew) in rank order too, goes on top of them all, the largest
 * change on top, whichever its sign. */
static void arrange(struct diff *d, const struct item *kept, size_t keep, const struct item *other,
                    const struct item *grew, size_t ngrew)
{
    size_t b = 0;
    for (size_t i = 0; i < keep; i++)
        if (kept[i].extreme < 0)
            place(d, &b, &kept[i]);
    if (other && other->extreme < 0)
        place(d, &b, other);
    for (size_t i = keep; i-- > 0;)
        if (kept[i].extreme == 0)
            place(d, &b, &kept[i]);
    if (other && !(other->extreme < 0))
        place(d, &b, other);
    for (size_t i = keep; i-- > 0;)
        if (kept[i].extreme > 0)
            place(d, &b, &kept[i]);
    for (size_t i = ngrew; i-- > 0;)
        place(d, &b, &grew[i]);
}

/* rank[0..n) with the bands that grew (--top: u's band.leak) moved to
 * its start (first) or its end, each kind keeping its order; returns how
 * many grew. */
static size_t grew_apart(struct ranked *rank, size_t n, const struct band_plan *u, bool first)
{
    struct ranked *tmp = xreallocarray(NULL, n ? n : 1, sizeof *tmp);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += u->band[rank[i].u].leak;
    size_t at[2] = { first ? k : 0, first ? 0 : n - k }; /* the others, what grew */
    for (size_t i = 0; i < n; i++)
        tmp[at[u->band[rank[i].u].leak]++] = rank[i];
    memcpy(rank, tmp, n * sizeof *tmp);
    free(tmp);
    return k;
}

/* -t on the changes: of rank[0..n) (largest first), how many stay, the
 * smallest going while together they make less than trace_percent of all
 * the change (bands.c's rule on totals), except what grew (--top: u's
 * band.leak), which stays at the end of those that do.  Nothing goes
 * when nothing changed.  The dropped ones' largest sum of |change| in a
 * column, and where, into d. */
static size_t trace_changes(struct diff *d, struct ranked *rank, size_t n, const double *cell,
                            double trace_percent, const struct band_plan *u)
{
    double grand = 0;
    for (size_t i = 0; i < n; i++)
        grand += rank[i].score;
    if (!(grand > 0) || !(trace_percent > 0))
        return n;
    size_t keep = n;
    double running = 0;
    while (keep > 0) {
        running += 100.0 * rank[keep - 1].score / grand;
        if (running >= trace_percent)
            break;
        keep--;
    }
    /* (the smallest that stay: the dropped are smaller still) */
    keep += grew_apart(rank + keep, n - keep, u, true);
    d->traced = n - keep;
    d->trace_percent = trace_percent;
    for (size_t c = 0; c < d->ncolumns; c++) {
        double sum = 0;
        for (size_t i = keep; i < n; i++)
            sum += fabs(cell[rank[i].u * d->ncolumns + c]);
        if (sum > d->traced_max)
            d->traced_max = sum, d->traced_time = d->t[c];
    }
    return keep;
}

static void diff_bands(struct diff *d, const struct band_plan *u, const struct band_plan *cu,
                       const double *cell, double trace_percent, long limit, bool colour)
{
    size_t nunion = u->count, columns = d->ncolumns;
    struct ranked *rank = xreallocarray(NULL, nunion ? nunion : 1, sizeof *rank);
    for (size_t i = 0; i < nunion; i++) {
        double score = 0;
        for (size_t c = 0; c < columns; c++)
            score += fabs(cell[i * columns + c]);
        rank[i] = (struct ranked){ score, u->band[i].name, i };
    }
    qsort(rank, nunion, sizeof *rank, by_score);
    nunion = trace_changes(d, rank, nunion, cell, trace_percent, u);

    /* -m counts OTHER among its bands, as for one profile.  What grew
     * (--top) is never merged: it takes its places within the limit
     * first, the other bands share the rest (at least OTHER). */
    size_t ngrew = grew_apart(rank, nunion, u, false), nother = nunion - ngrew;
    long room = limit;
    if (ngrew && limit > 0)
        room = limit - (long)ngrew > 1 ? limit - (long)ngrew : 1; /* (ngrew < 2^31) */
    size_t merged,
        count = limit < 0 ? plan_limit(nunion, limit, &merged)
                          : plan_limit(nother, room, &merged) + ngrew;
    if (limit < 0)
        ngrew = 0, nother = nunion; /* (nothing drawn: GHC's negative -m) */
    bool has_other = merged > 0 && count > 0;
    size_t keep = count - ngrew - (has_other ? 1 : 0);
    struct item *kept = xcalloc(keep ? keep : 1, sizeof *kept);
    struct item *grew = xcalloc(ngrew ? ngrew : 1, sizeof *grew);
    for (size_t i = 0; i < keep + ngrew; i++) {
        size_t r = i < keep ? i : nother + (i - keep);
        double *change = xreallocarray(NULL, columns, sizeof *change);
        memcpy(change, cell + rank[r].u * columns, columns * sizeof *change);
        struct item it = make_item(d, rank[r].name, false, i >= keep, change);
        if (i < keep)
            kept[i] = it;
        else
            grew[i - keep] = it;
    }
    struct item other = { 0 };
    if (has_other) {
        double *change = xcalloc(columns, sizeof *change);
        for (size_t i = keep; i < nother; i++)
            for (size_t c = 0; c < columns; c++)
                change[c] += cell[rank[i].u * columns + c];
        other = make_item(d, "OTHER", true, false, change);
    }

    struct band_plan *bp = &d->bands;
    bp->count = count;
    bp->band = xcalloc(count ? count : 1, sizeof *bp->band);
    d->change = xcalloc(count ? count : 1, sizeof *d->change);
    d->extreme = xcalloc(count ? count : 1, sizeof *d->extreme);
    d->extreme_time = xcalloc(count ? count : 1, sizeof *d->extreme_time);
    arrange(d, kept, keep, has_other ? &other : NULL, grew, ngrew);
    free(kept);
    free(grew);
    free(rank);
    /* Greys in the order drawn, as for one profile; colours those of the
     * two profiles drawn together (cu's, by name), so a name keeps its
     * colour (one only the change brings in keeps its own); hatches and
     * line looks by the size of the change. */
    shade(bp, colour);
    if (cu)
        shades_take(bp, cu, true);
    for (size_t b = 0; b < count; b++)
        bp->band[b].rank = count - 1 - b;

    for (size_t c = 0; c < columns; c++) {
        double up = 0, down = 0;
        for (size_t b = 0; b < count; b++) {
            up += fmax(d->change[b][c], 0);
            down += fmin(d->change[b][c], 0);
        }
        d->y_max = fmax(d->y_max, up);
        d->y_min = fmin(d->y_min, down);
    }
}

/* -c: the colours of the bands the two profiles draw together: the
 * union's bands whose name either profile's -t keeps (sel[k], or every
 * one), in the union's order, with its totals, ranked and shaded as one
 * plan.  to_union[k]: plans[k]'s band -> union band. */
static void drawn_colours(struct band_plan *cu, const struct band_plan *u,
                          const struct band_plan *plans, size_t *const *to_union,
                          const struct band_plan *sel)
{
    bool *keep = xcalloc(u->count ? u->count : 1, sizeof *keep);
    for (size_t k = 0; k < 2; k++)
        for (size_t id = 0; id < plans[k].nnames; id++) {
            int32_t b = plans[k].band_of_name[id];
            if (b >= 0 && (size_t)b < plans[k].count
                && (!sel || (id < sel[k].nnames && sel[k].band_of_name[id] >= 0)))
                keep[to_union[k][b]] = true;
        }
    memset(cu, 0, sizeof *cu);
    cu->band = xcalloc(u->count ? u->count : 1, sizeof *cu->band);
    for (size_t i = 0; i < u->count; i++)
        if (keep[i]) {
            struct band *b = &cu->band[cu->count++];
            b->name = xstrdup(u->band[i].name);
            b->is_other = u->band[i].is_other;
            b->total = u->band[i].total;
        }
    free(keep);
    shade(cu, true);
}

int diff_build(struct diff *d, const struct profile *before, const struct band_plan *bp_before,
               const struct profile *after, const struct band_plan *bp_after,
               const struct band_plan *sel, double trace_percent, long limit, bool colour,
               struct hp_error *err)
{
    memset(d, 0, sizeof *d);
    struct band_plan plans[2] = { *bp_before, *bp_after }; /* shallow: read only */
    struct band_plan u; /* every band's name, once; its fills are not read */
    bands_union(&u, plans, 2);
    size_t nunion = u.count;

    /* the columns for the bands drawn (a negative -m draws none: the
     * budget of every band, as before) */
    size_t merged, kept = limit < 0 ? nunion : plan_limit(nunion, limit, &merged);
    size_t columns = series_columns(kept);
    if (nunion && columns > DIFF_MAX_CELLS / nunion)
        columns = DIFF_MAX_CELLS / nunion;
    if (columns < SERIES_MIN_COLUMNS)
        columns = SERIES_MIN_COLUMNS;
    d->ncolumns = columns;

    double span = fmax(before->t_last - before->t_first, after->t_last - after->t_first);
    d->span = span > 0 && isfinite(span) ? span : 0;
    double grid_span = d->span > 0 ? d->span : 1;
    d->t = xreallocarray(NULL, columns, sizeof *d->t);
    for (size_t c = 0; c < columns; c++)
        d->t[c] = c + 1 == columns ? grid_span : grid_span * (double)c / (double)(columns - 1);

    struct name_index *sorted = xreallocarray(NULL, nunion ? nunion : 1, sizeof *sorted);
    for (size_t i = 0; i < nunion; i++)
        sorted[i] = (struct name_index){ u.band[i].name, i };
    qsort(sorted, nunion, sizeof *sorted, by_name);
    size_t *map_before = union_map(bp_before, sorted, nunion);
    size_t *map_after = union_map(bp_after, sorted, nunion);
    free(sorted);
    struct band_plan cu; /* -c: the colours' plan */
    if (colour) {
        size_t *maps[2] = { map_before, map_after };
        drawn_colours(&cu, &u, plans, maps, sel);
    }

    size_t ncells = nunion * columns;
    double *cell = xcalloc(ncells ? ncells : 1, sizeof *cell);
    int rc = accumulate(cell, nunion, d->t, columns, before, bp_before, map_before, -1, err);
    if (rc == 0)
        rc = accumulate(cell, nunion, d->t, columns, after, bp_after, map_after, +1, err);
    if (rc == 0)
        diff_bands(d, &u, colour ? &cu : NULL, cell, trace_percent, limit, colour);
    free(cell);
    free(map_before);
    free(map_after);
    band_plan_free(&u);
    if (colour)
        band_plan_free(&cu);
    if (rc < 0)
        diff_free(d);
    return rc;
}

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

#include "series.h"

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
                      struct profile *p, const struct band_plan *bp, const size_t *to_union,
                      double sign, struct hp_error *err)
{
    struct sample_values a, b;
    values_init(&a, nunion);
    values_init(&b, nunion);
    struct sample_values *prev = &a, *cur = &b;
    int rc = store_rewind(p->store, err);
    size_t c = 0;
    double prev_rel = 0;
    bool first = true;
    while (rc == 0) {
        double t;
        const struct sample_entry *e;
        size_t n;
        int r = store_next(p->store, &t, &e, &n, err);
        if (r <= 0) {
            rc = r;
            break;
        }
        values_clear(cur);
        for (size_t i = 0; i < n; i++) {
            if (e[i].name >= bp->nnames)
                continue;
            int32_t band = bp->band_of_name[e[i].name];
            if (band >= 0 && (size_t)band < bp->count)
                values_add(cur, to_union[band], e[i].value);
        }
        double rel = t - p->t_first;
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
    /* Grid times after the last sample: the profile has ended, 0. */
    values_free(&a);
    values_free(&b);
    return rc;
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
        struct name_index key = {bp->band[b].name, 0};
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

/* Largest total change first; equal ones by name, so the order is the
 * same on every machine. */
static int by_score(const void *x, const void *y)
{
    const struct ranked *a = x, *b = y;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    return strcmp(a->name, b->name);
}

static void diff_bands(struct diff *d, const struct band_plan *u, const double *cell,
                       long limit, bool colour)
{
    size_t nunion = u->count, columns = d->ncolumns;
    struct ranked *rank = xreallocarray(NULL, nunion ? nunion : 1, sizeof *rank);
    for (size_t i = 0; i < nunion; i++) {
        double score = 0;
        for (size_t c = 0; c < columns; c++)
            score += fabs(cell[i * columns + c]);
        rank[i] = (struct ranked){score, u->band[i].name, i};
    }
    qsort(rank, nunion, sizeof *rank, by_score);

    /* -m counts OTHER among its bands, as for one profile. */
    size_t keep = nunion, count = nunion;
    bool other = false;
    if (limit < 0) {
        keep = count = 0;
    } else if (limit > 0 && nunion > (size_t)limit) {
        keep = (size_t)limit - 1;
        count = (size_t)limit;
        other = true;
    }
    struct band_plan *bp = &d->bands;
    bp->count = count;
    bp->band = xcalloc(count ? count : 1, sizeof *bp->band);
    d->change = xcalloc(count ? count : 1, sizeof *d->change);
    for (size_t b = 0; b < count; b++)
        d->change[b] = xcalloc(columns, sizeof **d->change);
    if (other) {
        bp->band[0].name = xstrdup("OTHER");
        bp->band[0].is_other = true;
        for (size_t i = keep; i < nunion; i++)
            for (size_t c = 0; c < columns; c++)
                d->change[0][c] += cell[rank[i].u * columns + c];
    }
    /* The largest change on top. */
    for (size_t i = 0; i < keep; i++) {
        size_t b = count - 1 - i;
        bp->band[b].name = xstrdup(rank[i].name);
        memcpy(d->change[b], cell + rank[i].u * columns, columns * sizeof **d->change);
    }
    free(rank);
    /* Greys in the order drawn, as for one profile; colours those of the
     * two profiles drawn together (u's, by name), so a name keeps its
     * colour; hatches and line looks by the size of the change. */
    bands_share_shades(bp, 1, colour);
    if (colour)
        bands_take_shades(bp, u, true);
    for (size_t b = 0; b < count; b++)
        bp->band[b].rank = count - 1 - b;

    d->extreme = xcalloc(count ? count : 1, sizeof *d->extreme);
    d->extreme_time = xcalloc(count ? count : 1, sizeof *d->extreme_time);
    for (size_t b = 0; b < count; b++)
        for (size_t c = 0; c < columns; c++)
            if (fabs(d->change[b][c]) > fabs(d->extreme[b])) {
                d->extreme[b] = d->change[b][c];
                d->extreme_time[b] = d->t[c];
            }
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

int diff_build(struct diff *d, struct profile *before, const struct band_plan *bp_before,
               struct profile *after, const struct band_plan *bp_after, long limit,
               bool colour, struct hp_error *err)
{
    memset(d, 0, sizeof *d);
    struct band_plan plans[2] = {*bp_before, *bp_after}; /* shallow: read only */
    struct band_plan u;
    bands_union(&u, plans, 2);
    bands_share_shades(&u, 1, colour);
    size_t nunion = u.count;

    size_t kept = limit > 0 && nunion > (size_t)limit ? (size_t)limit : nunion;
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
        sorted[i] = (struct name_index){u.band[i].name, i};
    qsort(sorted, nunion, sizeof *sorted, by_name);
    size_t *map_before = union_map(bp_before, sorted, nunion);
    size_t *map_after = union_map(bp_after, sorted, nunion);
    free(sorted);

    size_t ncells = nunion * columns;
    double *cell = xcalloc(ncells ? ncells : 1, sizeof *cell);
    int rc = accumulate(cell, nunion, d->t, columns, before, bp_before, map_before, -1, err);
    if (rc == 0)
        rc = accumulate(cell, nunion, d->t, columns, after, bp_after, map_after, +1, err);
    if (rc == 0)
        diff_bands(d, &u, cell, limit, colour);
    free(cell);
    free(map_before);
    free(map_after);
    band_plan_free(&u);
    if (rc < 0)
        diff_free(d);
    return rc;
}

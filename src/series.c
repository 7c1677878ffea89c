/* SPDX-License-Identifier: BSD-3-Clause */
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
 * time span.  A stack (stacked and percent modes) keeps, per slice, the
 * same few whole samples for every band: the first, the last, and the two
 * where the slice's measure of the stack (its total; in percent mode the
 * sum of the boundaries) is lowest and highest.  Every edge then has its
 * points at the same times, and each point is the exact running sum of a
 * real sample, so the edge under a band is the edge over the band below
 * it everywhere, and the reduced picture is the true one seen at the
 * slice's resolution.  Keeping each band's own extremes instead (at
 * different times for different bands) made edges cross and drew
 * triangles that are in no sample.  Lines (--mode=lines) are not stacked,
 * so each keeps its own first, last, lowest and highest point.  Memory is
 * O(bands * columns) however long the profile is.
 */
#include "series.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void push_point(struct polyline *pl, size_t *cap, double t, double y)
{
    if (pl->n == *cap) {
        *cap = *cap ? *cap * 2 : 4; /* small: a million bands of few points each */
        pl->t = xreallocarray(pl->t, *cap, sizeof *pl->t);
        pl->y = xreallocarray(pl->y, *cap, sizeof *pl->y);
    }
    pl->t[pl->n] = t;
    pl->y[pl->n] = y;
    pl->n++;
}

/* A stack's edges (stacked and percent modes) all get a point at every
 * sample kept, so they grow together: their arrays are carved from one
 * block, band b's t and then its y, edge_cap points each.  Two
 * allocations per band made a million bands spend more time in malloc
 * than in adding up.  Move the edges into a block of cap points each. */
static void edges_move(struct series *s, size_t cap)
{
    double *block = xreallocarray(NULL, 2 * (s->nbands ? s->nbands : 1), cap * sizeof *block);
    for (size_t b = 0; b < s->nbands; b++) {
        struct polyline *pl = &s->top[b];
        double *t = block + 2 * b * cap, *y = t + cap;
        if (pl->n) {
            memcpy(t, pl->t, pl->n * sizeof *t);
            memcpy(y, pl->y, pl->n * sizeof *y);
        }
        pl->t = t;
        pl->y = y;
    }
    free(s->edge_block);
    s->edge_block = block;
    s->edge_cap = cap;
}

/* The block, sized for the points a replay can keep: every sample when
 * they are fewer than the columns, else at most four a column. */
static void edges_start(struct series *s, size_t nsamples, size_t columns, bool exact)
{
    size_t cap = exact || columns > nsamples / 4 ? nsamples : 4 * columns;
    edges_move(s, cap ? cap : 1);
}

/* After simplification the edges keep a fraction of their points (a
 * million sparse bands: a few each of sixteen): move them into a block
 * of just those, so that the rest of the run (layout, the page) does not
 * carry the replay's block.  No point is added after this. */
static void edges_compact(struct series *s)
{
    if (!s->edge_block)
        return;
    size_t total = 0;
    for (size_t b = 0; b < s->nbands; b++)
        total += s->top[b].n;
    if (total > s->nbands * s->edge_cap / 2)
        return; /* not worth a copy */
    double *block = xreallocarray(NULL, 2 * (total ? total : 1), sizeof *block), *at = block;
    for (size_t b = 0; b < s->nbands; b++) {
        struct polyline *pl = &s->top[b];
        memcpy(at, pl->t, pl->n * sizeof *at);
        memcpy(at + pl->n, pl->y, pl->n * sizeof *at);
        pl->t = at;
        pl->y = at + pl->n;
        at += 2 * pl->n;
    }
    free(s->edge_block);
    s->edge_block = block;
    s->edge_cap = 0; /* full: a point added would move the edges again */
}

/* Room for one more point on every edge (never needed after
 * edges_start; kept so that no count can overrun). */
static void edges_reserve(struct series *s)
{
    if (s->nbands && s->top[0].n == s->edge_cap)
        edges_move(s, 2 * s->edge_cap);
}

/* One point on every edge of a stack: band b at height y[b]. */
static void push_all(struct series *s, double t, const double *y)
{
    edges_reserve(s);
    for (size_t b = 0; b < s->nbands; b++) {
        struct polyline *pl = &s->top[b];
        pl->t[pl->n] = t;
        pl->y[pl->n] = y[b];
        pl->n++;
    }
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

/* ---- stacks: whole samples shared by every band ---------------------------- */

/* One sample the slice may keep: which (to order and deduplicate), when,
 * its measure, and every band's height. */
struct kept_sample {
    size_t k;
    double t, measure;
    double *top;
};

/* The samples a slice keeps, as it fills. */
struct slice {
    size_t nbands;
    struct kept_sample first, last, low, high;
};

static void slice_init(struct slice *sl, size_t nbands)
{
    sl->nbands = nbands;
    struct kept_sample *all[] = { &sl->first, &sl->last, &sl->low, &sl->high };
    for (int i = 0; i < 4; i++)
        all[i]->top = xcalloc(nbands ? nbands : 1, sizeof(double));
}

static void slice_free(struct slice *sl)
{
    free(sl->first.top);
    free(sl->last.top);
    free(sl->low.top);
    free(sl->high.top);
}

static void kept_set(struct kept_sample *ks, size_t nbands, size_t k, double t, double measure,
                     const double *top)
{
    ks->k = k;
    ks->t = t;
    ks->measure = measure;
    memcpy(ks->top, top, nbands * sizeof *top);
}

/* The one rule for what a column keeps of its samples: its first, its
 * lowest and highest by the stack's measure (the first of equals), and its
 * last.  Which of first, low and high the sample k replaces (the last
 * always); the drawing's slices and the HTML page's use it alike, so the
 * page reads samples the drawing went through. */
enum { KEEP_FIRST = 1, KEEP_LOW = 2, KEEP_HIGH = 4 };
static unsigned slice_keeps(bool fresh, double measure, double low, double high)
{
    if (fresh)
        return KEEP_FIRST | KEEP_LOW | KEEP_HIGH;
    if (measure < low)
        return KEEP_LOW;
    return measure > high ? KEEP_HIGH : 0;
}

static void slice_add(struct slice *sl, bool fresh, size_t k, double t, double measure,
                      const double *top)
{
    size_t nb = sl->nbands;
    unsigned keep = slice_keeps(fresh, measure, sl->low.measure, sl->high.measure);
    if (keep & KEEP_FIRST)
        kept_set(&sl->first, nb, k, t, measure, top);
    if (keep & KEEP_LOW)
        kept_set(&sl->low, nb, k, t, measure, top);
    if (keep & KEEP_HIGH)
        kept_set(&sl->high, nb, k, t, measure, top);
    kept_set(&sl->last, nb, k, t, measure, top);
}

/* A slice keeps four samples (first, low, high, last), some of them the
 * same one: the positions (0 to 3) of the distinct ones in sample order,
 * from their sample indices k[].  Returns how many.  Shared by the dense
 * and the sparse slice, which must emit the same samples. */
static int slice_order(const size_t k[4], int order[4])
{
    int pos[4] = { 0, 1, 2, 3 };
    for (int i = 1; i < 4; i++) /* insertion sort of four by sample index */
        for (int j = i; j > 0 && k[pos[j - 1]] > k[pos[j]]; j--) {
            int x = pos[j];
            pos[j] = pos[j - 1];
            pos[j - 1] = x;
        }
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (i == 0 || k[pos[i]] != k[pos[i - 1]])
            order[n++] = pos[i];
    return n;
}

/* Append the slice's distinct samples in sample order, to every band. */
static void slice_flush(const struct slice *sl, struct series *s)
{
    const struct kept_sample *p[4] = { &sl->first, &sl->low, &sl->high, &sl->last };
    const size_t k[4] = { p[0]->k, p[1]->k, p[2]->k, p[3]->k };
    int order[4];
    for (int i = 0, n = slice_order(k, order); i < n; i++)
        push_all(s, p[order[i]]->t, p[order[i]]->top);
}

/* What the slice keeps the extremes of: the stack's total (its silhouette)
 * or, in percent mode where every total is 100, the sum of the edges,
 * which moves whenever the shares do. */
static double stack_measure(const double *top, size_t nbands, enum plot_mode mode)
{
    if (!nbands)
        return 0;
    if (mode != MODE_PERCENT)
        return top[nbands - 1];
    double m = 0;
    for (size_t b = 0; b < nbands; b++)
        m += top[b];
    return m;
}

/* ---- sparse samples: only the bands a sample touches --------------------------- */

/* A profile of a million bands, each alive in a few samples, costs
 * O(bands) per sample in the loops above: seconds spent adding zeros.
 * There a sample is read as the bands its entries touch, in band order,
 * with their sums; the slice keeps such samples (copies of O(entries)),
 * and only the few it keeps are spread over every band when the slice is
 * flushed.  The sums are added in band order as the dense loop adds them
 * (adding the zeros in between changes no bit), so the series is the
 * same to the bit (test_series).  Percent and lines modes, and a profile
 * whose samples hold most of its bands, replay densely. */
struct sparse_sample {
    size_t k;
    double t, measure;
    int64_t hidden; /* the page's: what -t removed (bands_traced_sum) */
    size_t n, cap;
    uint32_t *band; /* ascending */
    int64_t *value; /* value[i] is band[i]'s sum */
};

/* What reading a sample sparsely needs: an accumulator per band, zero
 * between samples, and the list of bands touched. */
struct sparse_reader {
    int64_t *acc;
    bool *seen;
    uint32_t *touched;
    size_t cap;
    bool clipped; /* a sum was held at INT64_MAX */
};

static void sparse_reader_init(struct sparse_reader *r, size_t nbands)
{
    r->acc = xcalloc(nbands ? nbands : 1, sizeof *r->acc);
    r->seen = xcalloc(nbands ? nbands : 1, sizeof *r->seen);
    r->touched = NULL;
    r->cap = 0;
    r->clipped = false;
}

static void sparse_reader_free(struct sparse_reader *r)
{
    free(r->acc);
    free(r->seen);
    free(r->touched);
}

static void sparse_reserve(struct sparse_sample *ss, size_t n)
{
    if (n > ss->cap) {
        ss->cap = n > 2 * ss->cap ? n : 2 * ss->cap;
        ss->band = xreallocarray(ss->band, ss->cap, sizeof *ss->band);
        ss->value = xreallocarray(ss->value, ss->cap, sizeof *ss->value);
    }
}

static void sparse_free(struct sparse_sample *ss)
{
    free(ss->band);
    free(ss->value);
}

static int ascending(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* One sample's band sums, as bands_sum_sample makes them (saturating; a
 * dropped name counts nowhere), into out; returns the stack's total,
 * added in band order. */
static double sparse_read(struct sparse_reader *r, const struct band_plan *bp,
                          const struct sample *smp, struct sparse_sample *out)
{
    if (smp->n > r->cap) {
        r->cap = smp->n;
        r->touched = xreallocarray(r->touched, r->cap, sizeof *r->touched);
    }
    size_t nt = 0;
    for (size_t i = 0; i < smp->n; i++) {
        const struct sample_entry *e = &smp->entry[i];
        if (e->name >= bp->nnames)
            continue;
        int32_t b = bp->band_of_name[e->name];
        if (b < 0 || (size_t)b >= bp->count)
            continue;
        if (!r->seen[b]) {
            r->seen[b] = true;
            r->touched[nt++] = (uint32_t)b;
        }
        if (bands_add_value(&r->acc[b], e->value))
            r->clipped = true;
    }
    if (nt > 1) /* (touched is NULL before the first sample with entries: qsort wants a pointer) */
        qsort(r->touched, nt, sizeof *r->touched, ascending);
    sparse_reserve(out, nt);
    out->n = nt;
    double total = 0;
    for (size_t i = 0; i < nt; i++) {
        uint32_t b = r->touched[i];
        out->band[i] = b;
        out->value[i] = r->acc[b];
        total += (double)r->acc[b];
        r->acc[b] = 0;
        r->seen[b] = false;
    }
    out->t = smp->time;
    return total;
}

static void sparse_copy(struct sparse_sample *dst, const struct sparse_sample *src)
{
    sparse_reserve(dst, src->n);
    dst->k = src->k;
    dst->t = src->t;
    dst->measure = src->measure;
    dst->hidden = src->hidden;
    dst->n = src->n;
    if (src->n == 0)
        return; /* (the arrays may be NULL then: memcpy wants pointers) */
    memcpy(dst->band, src->band, src->n * sizeof *src->band);
    memcpy(dst->value, src->value, src->n * sizeof *src->value);
}

/* The samples a slice keeps, sparse; as struct slice. */
struct sparse_slice {
    struct sparse_sample first, last, low, high;
};

static void sparse_slice_free(struct sparse_slice *sl)
{
    sparse_free(&sl->first);
    sparse_free(&sl->last);
    sparse_free(&sl->low);
    sparse_free(&sl->high);
}

/* slice_add's rule (slice_keeps), cur's k, t and measure set. */
static void sparse_slice_add(struct sparse_slice *sl, bool fresh, const struct sparse_sample *cur)
{
    unsigned keep = slice_keeps(fresh, cur->measure, sl->low.measure, sl->high.measure);
    if (keep & KEEP_FIRST)
        sparse_copy(&sl->first, cur);
    if (keep & KEEP_LOW)
        sparse_copy(&sl->low, cur);
    if (keep & KEEP_HIGH)
        sparse_copy(&sl->high, cur);
    sparse_copy(&sl->last, cur);
}

/* The slice's distinct samples in sample order (as slice_flush orders
 * them); each is spread into value[] (nbands, zero on entry and on
 * return) and handed to emit. */
typedef void (*sparse_emit_fn)(void *ctx, double t, int64_t hidden, const int64_t *value);

static void sparse_slice_flush(const struct sparse_slice *sl, int64_t *value, sparse_emit_fn emit,
                               void *ctx)
{
    const struct sparse_sample *p[4] = { &sl->first, &sl->low, &sl->high, &sl->last };
    const size_t k[4] = { p[0]->k, p[1]->k, p[2]->k, p[3]->k };
    int order[4];
    for (int i = 0, n = slice_order(k, order); i < n; i++) {
        const struct sparse_sample *q = p[order[i]];
        for (size_t j = 0; j < q->n; j++)
            value[q->band[j]] = q->value[j];
        emit(ctx, q->t, q->hidden, value);
        for (size_t j = 0; j < q->n; j++)
            value[q->band[j]] = 0;
    }
}

/* Sparse when a sample holds, on average, under an eighth of the bands:
 * from the names' data points, before the replay. */
static bool replay_sparse(const struct profile *p, const struct band_plan *bp)
{
    double points = 0;
    for (size_t id = 0; id < bp->nnames && id < p->names.count; id++)
        if (bp->band_of_name[id] >= 0)
            points += (double)p->names.info[id].points;
    return points * 8 < (double)p->nsamples * (double)bp->count;
}

/* ---- lines: each band on its own --------------------------------------------- */

struct point {
    size_t k;
    double t, y;
};

/* The points a slice keeps for one line. */
struct column_state {
    struct point first, last, min, max;
};

static void line_add(struct column_state *cs, bool fresh, size_t k, double t, double y)
{
    struct point pt = { k, t, y };
    if (fresh) {
        cs->first = cs->last = cs->min = cs->max = pt;
        return;
    }
    cs->last = pt;
    if (pt.y < cs->min.y)
        cs->min = pt;
    if (pt.y > cs->max.y)
        cs->max = pt;
}

static void line_flush(struct polyline *pl, size_t *cap, const struct column_state *c)
{
    struct point p[4] = { c->first, c->min, c->max, c->last };
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && p[j - 1].k > p[j].k; j--) {
            struct point x = p[j];
            p[j] = p[j - 1];
            p[j - 1] = x;
        }
    for (int i = 0; i < 4; i++)
        if (i == 0 || p[i].k != p[i - 1].k)
            push_point(pl, cap, p[i].t, p[i].y);
}

/* ---- simplification ------------------------------------------------------------ */

/* One polyline, in place: the sleeve algorithm.  From the last point kept
 * (the anchor), a segment to a later point j may replace the points in
 * between if, at each of them, it passes inside that point's band
 * [lo[i], hi[i]]; each such point allows the segment's slope an interval,
 * and j is a valid end while its slope lies in all of them.  At the first
 * point that is not, the one before it is kept and becomes the anchor.  A
 * point at the anchor's own time is always kept (no slope reaches it).
 * O(n).  keep[] (may be NULL) receives the indices kept, in order. */
static size_t sleeve(double *t, double *y, size_t n, const double *lo, const double *hi,
                     size_t *keep)
{
    if (n <= 2) {
        for (size_t i = 0; keep && i < n; i++)
            keep[i] = i;
        return n;
    }
    size_t out = 0, a = 0;
    if (keep)
        keep[0] = 0;
    double smin = -INFINITY, smax = INFINITY; /* slopes the points between allow */
    for (size_t j = 1; j < n; j++) {
        bool valid = j == a + 1
            || (t[j] > t[a] && (y[j] - y[a]) >= smin * (t[j] - t[a])
                && (y[j] - y[a]) <= smax * (t[j] - t[a]));
        if (!valid) {
            a = j - 1;
            out++;
            t[out] = t[a], y[out] = y[a];
            if (keep)
                keep[out] = a;
            smin = -INFINITY, smax = INFINITY;
        }
        /* j now lies between the anchor and any later end. */
        double dt = t[j] - t[a];
        if (dt > 0) {
            smin = fmax(smin, (lo[j] - y[a]) / dt);
            smax = fmin(smax, (hi[j] - y[a]) / dt);
        } else {
            smin = INFINITY; /* j must be kept */
        }
    }
    if (a != n - 1) {
        out++;
        t[out] = t[n - 1], y[out] = y[n - 1];
        if (keep)
            keep[out] = n - 1;
    }
    return out + 1;
}

/* Where a simplified edge runs at each of the n shared times t[]: its kept
 * points keep[0..m) (indices into t) joined by straight lines. */
static void edge_heights(const double *t, size_t n, const double *ky, const size_t *keep, size_t m,
                         double *drawn)
{
    for (size_t i = 0; i + 1 < m; i++) {
        size_t a = keep[i], c = keep[i + 1];
        drawn[a] = ky[i];
        for (size_t j = a + 1; j < c; j++) /* t[a] < t[j] <= t[c]: see sleeve */
            drawn[j] = ky[i] + (ky[i + 1] - ky[i]) * (t[j] - t[a]) / (t[c] - t[a]);
    }
    if (m)
        drawn[keep[m - 1]] = ky[m - 1];
    (void)n;
}

/* The grid indices [*from, *to] where band b shows: from the sample before
 * its first that is above the edge under it to the sample after its last
 * (true heights; under is NULL for the lowest band).  False when it never
 * shows. */
static bool live_range(const double *y, const double *under, size_t n, size_t *from, size_t *to)
{
    size_t first = n, last = 0;
    for (size_t i = 0; i < n; i++)
        if (y[i] > (under ? under[i] : 0)) {
            if (first == n)
                first = i;
            last = i;
        }
    if (first == n)
        return false;
    *from = first ? first - 1 : 0;
    *to = last + 1 < n ? last + 1 : last;
    return true;
}

/* Whether an edge may be drawn as the edge below (as drawn) over
 * [from, to]: it is nowhere more than tol above it. */
static bool within_tolerance(const double *y, const double *below, size_t from, size_t to,
                             double tol)
{
    for (size_t i = from; i <= to; i++)
        if (!(y[i] <= below[i] + tol))
            return false;
    return true;
}

/* A stack's edges, bottom first.  Every edge starts on the same n times.
 * Each edge may pass within tol of its true heights, but never under the
 * edge below as drawn (a point of a band thinner than tol is lifted onto
 * that edge, which is still within tol of its own height): so the drawn
 * edges never cross, no edge strays further than tol however many thin
 * bands lie under it, and every band keeps the region between its own
 * edge and the one below, as in the data.
 * A band other than the top one keeps only the stretch where it shows:
 * elsewhere its edge is the one below, which the bands below paint, so
 * leaving it out changes nothing drawn, and a profile of many short-lived
 * bands costs points for their lives, not for the whole run.  The top
 * band's edge is the stack's outline and stays whole.
 * A band (not the lowest) whose whole edge lies within tol of the edge
 * below as drawn is that edge, drawn: it has no stretch of its own, the
 * band over it paints its hairline.  Otherwise a million bands of a
 * millionth of the height each were a million slivers, each filled down
 * to the axis (minutes to rasterize, gigabytes in cairo); now the drawn
 * edges are at most about one per tol of height at some point. */
static void simplify_stack(struct series *s, double tol)
{
    size_t n = s->top[0].n;
    if (n == 0)
        return; /* nothing drawn (percent mode: no sample held anything) */
    for (size_t b = 1; b < s->nbands; b++)
        if (s->top[b].n != n)
            return; /* not a shared grid: nothing is dropped */
    double *lo = xreallocarray(NULL, n, sizeof *lo);
    double *hi = xreallocarray(NULL, n, sizeof *hi);
    double *below = xreallocarray(NULL, n, sizeof *below); /* the edge below, drawn */
    double *under = xreallocarray(NULL, n, sizeof *under); /* the edge below, true */
    size_t *keep = xreallocarray(NULL, n, sizeof *keep);
    double *grid_t = xreallocarray(NULL, n, sizeof *grid_t);
    memcpy(grid_t, s->top[0].t, n * sizeof *grid_t);
    for (size_t i = 0; i < n; i++)
        below[i] = -INFINITY;
    for (size_t b = 0; b < s->nbands; b++) {
        struct polyline *pl = &s->top[b];
        size_t from = 0, to = n - 1;
        bool top = b + 1 == s->nbands;
        if (!top
            && (!live_range(pl->y, b ? under : NULL, n, &from, &to)
                || (b && within_tolerance(pl->y, below, from, to, tol)))) {
            memcpy(under, pl->y, n * sizeof *under);
            pl->n = 0;
            continue;
        }
        for (size_t i = from; i <= to; i++) {
            lo[i] = fmax(pl->y[i] - tol, below[i]);
            hi[i] = pl->y[i] + tol;
        }
        memcpy(under, pl->y, n * sizeof *under);
        for (size_t i = from; i <= to; i++)
            pl->y[i] = fmax(pl->y[i], below[i]);
        size_t m = to - from + 1;
        pl->n = sleeve(pl->t + from, pl->y + from, m, lo + from, hi + from, keep);
        edge_heights(grid_t + from, m, pl->y + from, keep, pl->n, below + from);
        memmove(pl->t, pl->t + from, pl->n * sizeof *pl->t);
        memmove(pl->y, pl->y + from, pl->n * sizeof *pl->y);
    }
    free(lo);
    free(hi);
    free(below);
    free(under);
    free(keep);
    free(grid_t);
}

void series_simplify(struct series *s, double y_range)
{
    double tol = y_range * SERIES_TOLERANCE;
    if (!(tol > 0) || !isfinite(tol) || !s->nbands)
        return;
    if (s->mode != MODE_LINES) {
        simplify_stack(s, tol);
        edges_compact(s);
        return;
    }
    for (size_t b = 0; b < s->nbands; b++) {
        struct polyline *pl = &s->top[b];
        double *lo = xreallocarray(NULL, pl->n ? pl->n : 1, sizeof *lo);
        double *hi = xreallocarray(NULL, pl->n ? pl->n : 1, sizeof *hi);
        for (size_t i = 0; i < pl->n; i++)
            lo[i] = pl->y[i] - tol, hi[i] = pl->y[i] + tol;
        pl->n = sleeve(pl->t, pl->y, pl->n, lo, hi, NULL);
        free(lo);
        free(hi);
    }
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
    if (s->top && !s->edge_block) {
        for (size_t b = 0; b < s->nbands; b++) {
            free(s->top[b].t);
            free(s->top[b].y);
        }
    }
    free(s->top);
    free(s->edge_block);
    free(s->band_peak);
    free(s->band_peak_time);
    if (s->samples) {
        free(s->samples->t);
        free(s->samples->value);
        free(s->samples->hidden);
        free(s->samples);
    }
    memset(s, 0, sizeof *s);
}

int series_build(struct series *s, const struct profile *p, const struct band_plan *bp,
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

/* The figures every mode keeps from the stack's total in one sample. */
static void account_total(struct series *s, size_t k, double t, double total, double *prev_t,
                          double *prev_total)
{
    if (total > s->y_max) {
        s->y_max = total;
        s->y_max_time = t;
    }
    if (k > 0)
        s->area += (t - *prev_t) * (total + *prev_total) / 2;
    *prev_t = t;
    *prev_total = total;
}

/* ... and from every name: the stack's total plus what -t removed
 * (hidden).  *prev_all: the sample before's. */
static void account_all(struct series *s, size_t k, double t, double total, int64_t hidden,
                        double prev_t, double *prev_all)
{
    double all = total + (double)hidden;
    if (all > s->all_max) {
        s->all_max = all;
        s->all_max_time = t;
    }
    if (k > 0)
        s->all_area += (t - prev_t) * (all + *prev_all) / 2;
    *prev_all = all;
    if (hidden > 0 && (double)hidden > s->hidden_max) {
        s->hidden_max = (double)hidden;
        s->hidden_time = t;
        s->hidden_total = all;
    }
}

/* ... and from band b's value in it: its peak. */
static void account_band(struct series *s, size_t k, double t, size_t b, int64_t value)
{
    if (k == 0 || (double)value > s->band_peak[b]) {
        s->band_peak[b] = (double)value;
        s->band_peak_time[b] = t;
    }
}

/* The figures every mode keeps from the exact stack of one sample. */
static void account_sample(struct series *s, size_t k, double t, double total, const int64_t *value,
                           double *prev_t, double *prev_total)
{
    account_total(s, k, t, total, prev_t, prev_total);
    for (size_t b = 0; b < s->nbands; b++)
        account_band(s, k, t, b, value[b]);
}

/* sparse_slice_flush's emit for the stack: each band's edge, the running
 * sum as the dense replay adds it. */
static void emit_edges(void *ctx, double t, int64_t hidden, const int64_t *value)
{
    (void)hidden;
    struct series *s = ctx;
    edges_reserve(s);
    double sum = 0;
    for (size_t b = 0; b < s->nbands; b++) {
        struct polyline *pl = &s->top[b];
        sum = b == 0 ? (double)value[0] : sum + (double)value[b];
        pl->t[pl->n] = t;
        pl->y[pl->n] = sum;
        pl->n++;
    }
}

/* --mode=percent: *floor, SERIES_PERCENT_FLOOR of the largest total of
 * the bands drawn, from one replay before the one that draws. */
static int percent_floor(const struct profile *p, const struct band_plan *bp, double *near_zero,
                         struct hp_error *err)
{
    int32_t *group;
    struct store_grouping by_band = band_grouping(bp, &group);
    struct store_cursor *replay = store_cursor_new(p->store); /* as replay_dense's */
    struct sample_sums smp;
    int rc;
    double most = 0;
    while ((rc = store_cursor_next_sums(replay, &by_band, &smp, err)) == 1) {
        double sum = 0;
        for (size_t b = 0; b < bp->count; b++)
            sum = b == 0 ? (double)smp.sum[0] : sum + (double)smp.sum[b];
        most = fmax(most, sum);
    }
    store_cursor_free(replay);
    free(group);
    *near_zero = most * SERIES_PERCENT_FLOOR;
    return rc < 0 ? -1 : 0;
}

/* series_build_mode's stacked, reduced replay, sparse (see "sparse
 * samples" above); s is set up, its edges empty. */
static int build_sparse(struct series *s, const struct profile *p, const struct band_plan *bp,
                        size_t columns, struct hp_error *err)
{
    size_t nbands = bp->count, nb1 = nbands ? nbands : 1;
    int64_t *value = xcalloc(nb1, sizeof *value);
    struct sparse_reader r;
    sparse_reader_init(&r, nbands);
    struct sparse_sample cur = { 0 };
    struct sparse_slice sl = { 0 };
    double t0 = p->t_first, span = p->t_last - p->t_first;
    struct store_cursor *replay = store_cursor_new_ahead(p->store);
    struct sample smp;
    int rc;
    size_t k = 0, col = 0;
    double prev_t = 0, prev_total = 0, prev_all = 0;
    while ((rc = store_cursor_next(replay, &smp, err)) == 1) {
        double t = smp.time;
        double total = sparse_read(&r, bp, &smp, &cur);
        account_all(s, k, t, total, bands_traced_sum(bp, smp.entry, smp.n), prev_t, &prev_all);
        account_total(s, k, t, total, &prev_t, &prev_total);
        if (k == 0) /* every band's peak starts at the first sample */
            for (size_t b = 0; b < nbands; b++)
                account_band(s, 0, t, b, 0);
        for (size_t i = 0; i < cur.n; i++)
            account_band(s, k, t, cur.band[i], cur.value[i]);
        cur.k = k;
        cur.measure = total;
        size_t c = column_of(t, t0, span, columns);
        if (k > 0 && c != col)
            sparse_slice_flush(&sl, value, emit_edges, s);
        sparse_slice_add(&sl, k == 0 || c != col, &cur);
        col = c;
        k++;
    }
    if (rc == 0 && k > 0)
        sparse_slice_flush(&sl, value, emit_edges, s);
    store_cursor_free(replay);
    s->nsamples = k;
    s->plot_max = s->y_max;
    s->clipped = r.clipped;
    sparse_slice_free(&sl);
    sparse_free(&cur);
    sparse_reader_free(&r);
    free(value);
    if (rc < 0) {
        series_free(s);
        return -1;
    }
    return 0;
}

int series_build_mode(struct series *s, const struct profile *p, const struct band_plan *bp,
                      size_t columns, enum plot_mode mode, struct hp_error *err)
{
    return series_build_replay(s, p, bp, columns, mode, SERIES_AUTO, err);
}

/* series_build_replay's first step: s empty, for bp's bands in mode. */
static void series_start(struct series *s, const struct band_plan *bp, enum plot_mode mode)
{
    memset(s, 0, sizeof *s);
    size_t nbands = bp->count, nb1 = nbands ? nbands : 1;
    s->nbands = nbands;
    s->mode = mode;
    s->hidden_names = bp->trace_dropped;
    s->trace_percent = bp->trace_percent;
    if (nbands)
        s->top = xcalloc(nbands, sizeof *s->top);
    s->band_peak = xcalloc(nb1, sizeof *s->band_peak);
    s->band_peak_time = xcalloc(nb1, sizeof *s->band_peak_time);
}

/* One sample's band values (value[]) stacked (top[], bottom first, added
 * as doubles in band order as GHC adds them): returns the stack's total. */
static double stack_sums(const struct series *s, const int64_t *value, double *top)
{
    double sum = 0;
    for (size_t b = 0; b < s->nbands; b++) {
        sum = b == 0 ? (double)value[0] : sum + (double)value[b];
        top[b] = sum;
    }
    return s->nbands ? top[s->nbands - 1] : 0;
}

/* What the dense replay keeps of the samples, as they come: every one
 * when they are no more than the columns (exact), else each column's
 * first, last, lowest and highest (a stack's shared samples, or each
 * line's own points). */
struct keeper {
    bool exact, lines;
    size_t columns;
    double t0, span;
    size_t *cap;              /* lines: each polyline's room */
    struct column_state *col; /* lines, reduced */
    struct slice sl;          /* a stack, reduced */
    size_t kept;              /* samples kept so far */
    size_t cur;               /* the column being gathered */
};

static void keeper_start(struct keeper *kp, const struct series *s, const struct profile *p,
                         size_t columns, bool exact)
{
    size_t nb1 = s->nbands ? s->nbands : 1;
    memset(kp, 0, sizeof *kp);
    kp->exact = exact;
    kp->lines = s->mode == MODE_LINES;
    kp->columns = columns;
    kp->t0 = p->t_first;
    kp->span = p->t_last - p->t_first;
    kp->cap = kp->lines ? xcalloc(nb1, sizeof *kp->cap) : NULL;
    kp->col = kp->lines && !exact ? xcalloc(nb1, sizeof *kp->col) : NULL;
    if (!kp->lines && !exact)
        slice_init(&kp->sl, s->nbands);
}

/* The column gathered so far, onto the edges. */
static void keeper_flush(struct keeper *kp, struct series *s)
{
    if (kp->lines)
        for (size_t b = 0; b < s->nbands; b++)
            line_flush(&s->top[b], &kp->cap[b], &kp->col[b]);
    else
        slice_flush(&kp->sl, s);
}

/* Sample k (time t, heights top[] as drawn) offered to what is kept. */
static void keeper_add(struct keeper *kp, struct series *s, size_t k, double t, const double *top)
{
    size_t nbands = s->nbands;
    if (kp->exact) {
        if (kp->lines)
            for (size_t b = 0; b < nbands; b++)
                push_point(&s->top[b], &kp->cap[b], t, top[b]);
        else
            push_all(s, t, top);
        kp->kept++;
        return;
    }
    size_t c = column_of(t, kp->t0, kp->span, kp->columns);
    if (kp->kept > 0 && c != kp->cur)
        keeper_flush(kp, s);
    bool fresh = kp->kept == 0 || c != kp->cur;
    kp->cur = c;
    if (kp->lines)
        for (size_t b = 0; b < nbands; b++)
            line_add(&kp->col[b], fresh, k, t, top[b]);
    else
        slice_add(&kp->sl, fresh, k, t, stack_measure(top, nbands, s->mode), top);
    kp->kept++;
}

/* The end of the replay: the last column, and the keeper freed. */
static void keeper_end(struct keeper *kp, struct series *s, bool complete)
{
    if (complete && !kp->exact && kp->kept > 0)
        keeper_flush(kp, s);
    free(kp->cap);
    free(kp->col);
    if (!kp->lines && !kp->exact)
        slice_free(&kp->sl);
}

/* The replay of every sample, densely (O(bands) a sample): each stacked,
 * accounted for (y range, peaks, areas), turned into the heights the mode
 * draws and offered to what is kept.  0, or -1 with err set. */
static int replay_dense(struct series *s, const struct profile *p, const struct band_plan *bp,
                        size_t columns, bool exact, double near_zero, struct hp_error *err)
{
    size_t nbands = s->nbands, nb1 = nbands ? nbands : 1;
    double *top = xcalloc(nb1, sizeof *top);
    struct keeper kp;
    keeper_start(&kp, s, p, columns, exact);
    /* Each sample summed by band as it is decoded (plan.h): sum[nbands]
     * is what -t removed. */
    int32_t *group;
    struct store_grouping by_band = band_grouping(bp, &group);
    /* A plain cursor, not store_cursor_new_ahead: summing and stacking a
     * sample costs less than decoding it, so this thread would wait for
     * the decoding one at nearly every batch, and the thousand or so
     * sleeps and wake-ups cost more than the overlap saves (a 148 MB
     * profile: 134-145 ms of CPU time and 92-98 ms wall with the thread,
     * 117-120 ms and 83-84 ms without; bench/README.md). */
    struct store_cursor *replay = store_cursor_new(p->store);
    struct sample_sums smp;
    int rc;
    size_t k = 0; /* samples replayed */
    double prev_t = 0, prev_total = 0, prev_all = 0;
    while ((rc = store_cursor_next_sums(replay, &by_band, &smp, err)) == 1) {
        double t = smp.time;
        const int64_t *value = smp.sum;
        int64_t traced = smp.sum[nbands];
        if (smp.first_held < nbands) /* a band's sum held, not what -t removed */
            s->clipped = true;
        double total = stack_sums(s, value, top);
        account_all(s, k, t, total, traced, prev_t, &prev_all);
        account_sample(s, k, t, total, value, &prev_t, &prev_total);
        k++;
        /* A sample holding nothing, or next to nothing, has no shares
         * worth drawing: percent mode draws nothing for it, rather than a
         * wedge down to 0 or a jump to 100 % of a few bytes. */
        if (s->mode == MODE_PERCENT && !(total > near_zero))
            continue;
        mode_heights(top, value, nbands, total, s->mode);
        keeper_add(&kp, s, k - 1, t, top);
    }
    keeper_end(&kp, s, rc == 0);
    store_cursor_free(replay);
    s->nsamples = k;
    free(group);
    free(top);
    return rc < 0 ? -1 : 0;
}

/* The largest height drawn, by mode. */
static void series_plot_max(struct series *s)
{
    s->plot_max = s->mode == MODE_PERCENT ? 100 : s->mode == MODE_LINES ? 0 : s->y_max;
    if (s->mode == MODE_LINES)
        for (size_t b = 0; b < s->nbands; b++)
            if (s->band_peak[b] > s->plot_max)
                s->plot_max = s->band_peak[b];
}

int series_build_replay(struct series *s, const struct profile *p, const struct band_plan *bp,
                        size_t columns, enum plot_mode mode, enum series_replay how,
                        struct hp_error *err)
{
    series_start(s, bp, mode);
    if (columns < 1)
        columns = 1;
    size_t stored = store_count(p->store);
    size_t nsamples = p->nsamples > stored ? p->nsamples : stored;
    bool exact = nsamples <= columns;
    if (mode != MODE_LINES)
        edges_start(s, nsamples, columns, exact);
    if (mode == MODE_STACKED && !exact && how != SERIES_DENSE
        && (how == SERIES_SPARSE || replay_sparse(p, bp)))
        return build_sparse(s, p, bp, columns, err);
    /* Percent mode: the total below which a sample is next to nothing. */
    double near_zero = 0;
    if ((mode == MODE_PERCENT && percent_floor(p, bp, &near_zero, err) < 0)
        || replay_dense(s, p, bp, columns, exact, near_zero, err) < 0) {
        series_free(s);
        return -1;
    }
    series_plot_max(s);
    return 0;
}

/* ---- the page's samples (-o FILE.html) ----------------------------------------- */

/* One whole sample a page slice may keep. */
struct page_sample {
    size_t k;
    double t, measure;
    int64_t hidden;
    int64_t *value;
};

struct page_slice {
    size_t nbands;
    struct page_sample first, last, low, high;
};

static void page_set(struct page_sample *ps, size_t nbands, size_t k, double t, double measure,
                     int64_t hidden, const int64_t *value)
{
    ps->k = k;
    ps->hidden = hidden;
    ps->t = t;
    ps->measure = measure;
    memcpy(ps->value, value, nbands * sizeof *value);
}

/* slice_add's rule (slice_keeps), so that a slice made of whole slices of
 * the drawing keeps samples the drawing kept. */
static void page_add(struct page_slice *sl, bool fresh, size_t k, double t, double measure,
                     int64_t hidden, const int64_t *value)
{
    size_t nb = sl->nbands;
    unsigned keep = slice_keeps(fresh, measure, sl->low.measure, sl->high.measure);
    if (keep & KEEP_FIRST)
        page_set(&sl->first, nb, k, t, measure, hidden, value);
    if (keep & KEEP_LOW)
        page_set(&sl->low, nb, k, t, measure, hidden, value);
    if (keep & KEEP_HIGH)
        page_set(&sl->high, nb, k, t, measure, hidden, value);
    page_set(&sl->last, nb, k, t, measure, hidden, value);
}

static void page_push(struct series_samples *ss, size_t *cap, double t, int64_t hidden,
                      const int64_t *value)
{
    if (ss->n == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        ss->t = xreallocarray(ss->t, *cap, sizeof *ss->t);
        if (ss->hidden)
            ss->hidden = xreallocarray(ss->hidden, *cap, sizeof *ss->hidden);
        ss->value =
            xreallocarray(ss->value, *cap, (ss->nbands ? ss->nbands : 1) * sizeof *ss->value);
    }
    ss->t[ss->n] = t;
    if (ss->hidden)
        ss->hidden[ss->n] = hidden;
    memcpy(ss->value + ss->n * ss->nbands, value, ss->nbands * sizeof *value);
    ss->n++;
}

/* The slice's distinct samples in sample order. */
static void page_flush(const struct page_slice *sl, struct series_samples *ss, size_t *cap)
{
    const struct page_sample *p[4] = { &sl->first, &sl->low, &sl->high, &sl->last };
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && p[j - 1]->k > p[j]->k; j--) {
            const struct page_sample *x = p[j];
            p[j] = p[j - 1];
            p[j - 1] = x;
        }
    for (int i = 0; i < 4; i++)
        if (i == 0 || p[i]->k != p[i - 1]->k)
            page_push(ss, cap, p[i]->t, p[i]->hidden, p[i]->value);
}

/* series_build_mode's measure of one sample, from the band values: the
 * stack's total, or in percent mode the sum of the percent edges, added
 * in the same order so the same sample wins.  *total: the stack's total. */
static double page_measure(const int64_t *value, size_t nbands, enum plot_mode mode, double *total)
{
    double sum = 0;
    for (size_t b = 0; b < nbands; b++)
        sum = b == 0 ? (double)value[0] : sum + (double)value[b];
    *total = sum;
    if (mode != MODE_PERCENT)
        return sum;
    double top = 0, m = 0;
    for (size_t b = 0; b < nbands; b++) {
        top = b == 0 ? (double)value[0] : top + (double)value[b];
        m += sum > 0 ? top / sum * 100 : 0;
    }
    return m;
}

/* About how many bytes of the page's data one sample takes: from the
 * names' data points, the values not 0 it holds on average (about 8
 * bytes each), the rest 0 (2 bytes: "0,"). */
static double page_bytes(const struct profile *p, const struct band_plan *bp)
{
    double points = 0, n = p->nsamples ? (double)p->nsamples : 1;
    for (size_t id = 0; id < bp->nnames && id < p->names.count; id++)
        if (bp->band_of_name[id] >= 0)
            points += (double)p->names.info[id].points;
    double live = fmin(points / n, (double)bp->count);
    return 8 * live + 2 * ((double)bp->count - live) + 8;
}

/* How many of the drawing's columns make one of the page's slices. */
static size_t page_group(size_t columns, size_t nbands)
{
    size_t per_slice = 4 * (nbands ? nbands : 1);
    size_t g = 1;
    while ((columns + g - 1) / g > 1 && (columns + g - 1) / g * per_slice > SERIES_PAGE_BUDGET)
        g++;
    return g;
}

/* sparse_slice_flush's emit for the page. */
struct page_emit {
    struct series_samples *ss;
    size_t *cap;
};

static void emit_page(void *ctx, double t, int64_t hidden, const int64_t *value)
{
    struct page_emit *e = ctx;
    page_push(e->ss, e->cap, t, hidden, value);
}

/* series_samples_build's stacked, reduced replay, sparse. */
static int samples_sparse(struct series_samples *ss, const struct profile *p,
                          const struct band_plan *bp, size_t columns, size_t group,
                          struct hp_error *err)
{
    size_t nb1 = bp->count ? bp->count : 1;
    int64_t *value = xcalloc(nb1, sizeof *value);
    struct sparse_reader r;
    sparse_reader_init(&r, bp->count);
    struct sparse_sample cur = { 0 };
    struct sparse_slice sl = { 0 };
    size_t cap = 0, k = 0, col = 0;
    struct page_emit em = { ss, &cap };
    double t0 = p->t_first, span = p->t_last - p->t_first;
    struct store_cursor *replay = store_cursor_new(p->store);
    struct sample smp;
    int rc;
    while ((rc = store_cursor_next(replay, &smp, err)) == 1) {
        cur.measure = sparse_read(&r, bp, &smp, &cur);
        cur.hidden = bands_traced_sum(bp, smp.entry, smp.n);
        cur.k = k;
        size_t c = column_of(smp.time, t0, span, columns) / group;
        if (k > 0 && c != col)
            sparse_slice_flush(&sl, value, emit_page, &em);
        sparse_slice_add(&sl, k == 0 || c != col, &cur);
        col = c;
        k++;
    }
    if (rc == 0 && k > 0)
        sparse_slice_flush(&sl, value, emit_page, &em);
    store_cursor_free(replay);
    sparse_slice_free(&sl);
    sparse_free(&cur);
    sparse_reader_free(&r);
    free(value);
    return rc < 0 ? -1 : 0;
}

int series_samples_build(struct series *s, const struct profile *p, const struct band_plan *bp,
                         size_t columns, struct hp_error *err)
{
    return series_samples_build_replay(s, p, bp, columns, SERIES_AUTO, err);
}

/* Replace s->samples by ss. */
static void set_samples(struct series *s, struct series_samples *ss)
{
    if (s->samples) {
        free(s->samples->t);
        free(s->samples->value);
        free(s->samples->hidden);
        free(s->samples);
    }
    s->samples = ss;
}

int series_samples_build_replay(struct series *s, const struct profile *p,
                                const struct band_plan *bp, size_t columns, enum series_replay how,
                                struct hp_error *err)
{
    size_t nb = bp->count, nb1 = nb ? nb : 1;
    struct series_samples *ss = xcalloc(1, sizeof *ss);
    ss->nbands = nb;
    if (bp->trace_dropped) /* (grown with t: page_push) */
        ss->hidden = xreallocarray(NULL, 1, sizeof *ss->hidden);
    if (columns < 1)
        columns = 1;
    size_t stored = store_count(p->store);
    size_t nsamples = p->nsamples > stored ? p->nsamples : stored;
    /* The drawing's own samples, when they fit SERIES_PAGE_REACH: all of
     * them when it draws every sample, else its columns' (group 1). */
    size_t drawn = nsamples <= columns ? nsamples : 4 * columns;
    bool reach = (double)drawn * page_bytes(p, bp) <= SERIES_PAGE_REACH;
    bool every = nsamples * nb1 <= SERIES_PAGE_BUDGET || (reach && nsamples <= columns);
    size_t group = reach ? 1 : page_group(columns, nb);
    double t0 = p->t_first, span = p->t_last - p->t_first;
    if (s->mode == MODE_STACKED && !every && how != SERIES_DENSE
        && (how == SERIES_SPARSE || replay_sparse(p, bp))) {
        int rc = samples_sparse(ss, p, bp, columns, group, err);
        set_samples(s, ss);
        return rc;
    }
    int64_t *value = xcalloc(nb1, sizeof *value);
    struct page_slice sl = {
        nb, { 0, 0, 0, 0, NULL }, { 0, 0, 0, 0, NULL }, { 0, 0, 0, 0, NULL }, { 0, 0, 0, 0, NULL }
    };
    struct page_sample *all[] = { &sl.first, &sl.last, &sl.low, &sl.high };
    for (int i = 0; i < 4; i++)
        all[i]->value = xcalloc(nb1, sizeof *value);
    size_t cap = 0, k = 0, kept = 0, cur = 0;
    struct store_cursor *replay = store_cursor_new(p->store);
    struct sample smp;
    int rc;
    while ((rc = store_cursor_next(replay, &smp, err)) == 1) {
        int64_t hidden;
        bands_sum_sample_traced(bp, smp.entry, smp.n, value, &hidden);
        double total, measure = page_measure(value, nb, s->mode, &total);
        k++;
        if (s->mode == MODE_PERCENT && !(total > s->y_max * SERIES_PERCENT_FLOOR))
            continue; /* drawn as nothing (series_build_mode) */
        if (every) {
            page_push(ss, &cap, smp.time, hidden, value);
            continue;
        }
        size_t c = column_of(smp.time, t0, span, columns) / group;
        if (kept > 0 && c != cur)
            page_flush(&sl, ss, &cap);
        page_add(&sl, kept == 0 || c != cur, k - 1, smp.time, measure, hidden, value);
        cur = c;
        kept++;
    }
    if (rc == 0 && kept > 0)
        page_flush(&sl, ss, &cap);
    store_cursor_free(replay);
    for (int i = 0; i < 4; i++)
        free(all[i]->value);
    free(value);
    set_samples(s, ss);
    return rc < 0 ? -1 : 0;
}

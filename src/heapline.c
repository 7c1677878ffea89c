/* SPDX-License-Identifier: BSD-3-Clause */
/* heapline.c: see heapline.h. */
#include "heapline.h"

#include "store.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The first bucket width: a microsecond, below any GC's spacing. */
#define HEAPLINE_FIRST_WIDTH (1.0 / 1048576.0)

const char *heapline_name(enum heap_kind k)
{
    static const char *const names[HEAP_KINDS] = { "heap size", "live bytes", "blocks size" };
    return (unsigned)k < HEAP_KINDS ? names[k] : "";
}

static void take(struct heap_bucket *b, struct heap_point p)
{
    if (!b->used) {
        b->first = b->low = b->high = b->last = p;
        b->used = true;
        return;
    }
    if (p.t < b->first.t)
        b->first = p;
    if (p.t >= b->last.t)
        b->last = p;
    if (p.v < b->low.v)
        b->low = p;
    if (p.v > b->high.v)
        b->high = p;
}

/* b's neighbours pairwise into one bucket each: the width doubles. */
static void widen(struct heap_line *l)
{
    for (size_t i = 0; i < HEAPLINE_BUCKETS / 2; i++) {
        struct heap_bucket a = l->b[2 * i], c = l->b[2 * i + 1];
        if (a.used && c.used) {
            a.last = c.last;
            if (c.low.v < a.low.v)
                a.low = c.low;
            if (c.high.v > a.high.v)
                a.high = c.high;
        } else if (c.used)
            a = c;
        l->b[i] = a;
    }
    memset(l->b + HEAPLINE_BUCKETS / 2, 0, HEAPLINE_BUCKETS / 2 * sizeof *l->b);
    l->width *= 2;
}

void heaplines_add(struct heap_lines *h, enum heap_kind k, double t, uint64_t v)
{
    if ((unsigned)k >= HEAP_KINDS)
        return;
    struct heap_line *l = &h->line[k];
    if (!(t >= 0) || !isfinite(t))
        t = 0;
    if (!l->b) {
        l->b = xcalloc(HEAPLINE_BUCKETS, sizeof *l->b);
        l->width = HEAPLINE_FIRST_WIDTH;
    }
    while (t >= l->width * HEAPLINE_BUCKETS)
        widen(l);
    size_t i = (size_t)(t / l->width);
    if (i >= HEAPLINE_BUCKETS)
        i = HEAPLINE_BUCKETS - 1;
    take(&l->b[i], (struct heap_point){ t, v });
    l->events++;
}

bool heaplines_any(const struct heap_lines *h)
{
    if (!h)
        return false;
    for (int k = 0; k < HEAP_KINDS; k++)
        if (h->line[k].events)
            return true;
    return false;
}

void heaplines_free(struct heap_lines *h)
{
    if (!h)
        return;
    for (int k = 0; k < HEAP_KINDS; k++) {
        free(h->line[k].b);
        for (size_t r = 0; r < h->line[k].nruns; r++)
            store_free(h->line[k].run[r].s);
    }
    memset(h, 0, sizeof *h);
}

/* ---- every event, exact ---- */

/* The run an event at t joins: the one whose last event is the latest at
 * or before t (so each run stays in time order, and a few interleaved
 * runs in the log stay a few runs), else a new one, else (too many) the
 * one that ends latest. */
static struct heap_run *run_for(struct heap_line *l, double t)
{
    struct heap_run *best = NULL, *latest = NULL;
    for (size_t r = 0; r < l->nruns; r++) {
        struct heap_run *u = &l->run[r];
        if (u->last <= t && (!best || u->last > best->last))
            best = u;
        if (!latest || u->last > latest->last)
            latest = u;
    }
    if (best)
        return best;
    if (l->nruns < HEAPLINE_RUNS) {
        struct heap_run *u = &l->run[l->nruns];
        /* the first run in memory while small, as a profile's samples;
         * the others (a capability each) straight to their file, with a
         * small buffer */
        u->s = l->nruns == 0 ? store_new() : store_new_spooled();
        u->last = t;
        l->nruns++;
        return u;
    }
    return latest;
}

int heaplines_keep(struct heap_lines *h, enum heap_kind k, double t, uint64_t v,
                   struct hp_error *err)
{
    if ((unsigned)k >= HEAP_KINDS)
        return 0;
    if (!(t >= 0) || !isfinite(t))
        t = 0;
    heaplines_add(h, k, t, v);
    struct heap_run *u = run_for(&h->line[k], t);
    struct sample_entry e = { (uint32_t)k, (int64_t)v }; /* the bits: read back as uint64_t */
    if (store_append(u->s, t, &e, 1, err) < 0)
        return -1;
    if (t > u->last)
        u->last = t;
    return 0;
}

void heapline_exact_start(struct heapline_exact *c, const struct heap_line *l)
{
    memset(c, 0, sizeof *c);
    c->l = l;
}

/* Run r's next event into its head: 1, 0 at its end, -1 on error. */
static int next_event(struct heapline_exact *c, size_t r, struct hp_error *err)
{
    if (c->done[r])
        return 0;
    if (!c->cur[r])
        c->cur[r] = store_cursor_new(c->l->run[r].s);
    struct sample smp;
    int rc = store_cursor_next(c->cur[r], &smp, err);
    if (rc <= 0) {
        c->done[r] = rc == 0;
        return rc;
    }
    c->head_t[r] = smp.time;
    c->head_v[r] = smp.n ? (uint64_t)smp.entry[0].value : 0;
    c->ahead[r] = true;
    return 1;
}

int heapline_exact_at(struct heapline_exact *c, double t, uint64_t *v, struct hp_error *err)
{
    for (size_t r = 0; r < c->l->nruns; r++) {
        for (;;) {
            if (!c->ahead[r]) {
                int rc = next_event(c, r, err);
                if (rc < 0)
                    return -1;
                if (rc == 0)
                    break;
            }
            if (c->head_t[r] > t)
                break;
            /* the latest at or before t; within a run, of two at one
             * time the later */
            if (!c->has || c->head_t[r] >= c->best_t) {
                c->has = true;
                c->best_t = c->head_t[r];
                c->value = c->head_v[r];
            }
            c->ahead[r] = false;
        }
    }
    *v = c->value;
    return c->has;
}

void heapline_exact_end(struct heapline_exact *c)
{
    for (size_t r = 0; r < HEAPLINE_RUNS; r++)
        store_cursor_free(c->cur[r]);
    memset(c, 0, sizeof *c);
}

static int by_time(const void *a, const void *b)
{
    const struct heap_point *x = a, *y = b;
    return (x->t > y->t) - (x->t < y->t);
}

/* A bucket's points in time order, each once: how many (1 to 4). */
static size_t bucket_points(const struct heap_bucket *b, struct heap_point out[4])
{
    struct heap_point p[4] = { b->first, b->low, b->high, b->last };
    qsort(p, 4, sizeof p[0], by_time);
    size_t n = 0;
    for (size_t i = 0; i < 4; i++)
        if (!n || p[i].t != out[n - 1].t || p[i].v != out[n - 1].v)
            out[n++] = p[i];
    return n;
}

struct sink {
    struct heap_point *p;
    size_t n, cap;
};

static void put(struct sink *s, struct heap_point p)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->p = xreallocarray(s->p, s->cap, sizeof *s->p);
    }
    s->p[s->n++] = p;
}

static void flush(struct sink *s, struct heap_bucket *col)
{
    if (!col->used)
        return;
    struct heap_point q[4];
    size_t n = bucket_points(col, q);
    for (size_t i = 0; i < n; i++)
        put(s, q[i]);
    col->used = false;
}

size_t heapline_points(const struct heap_line *l, double t0, double t1, size_t ncols,
                       struct heap_point **out)
{
    struct sink s = { 0 };
    *out = NULL;
    if (!l->b)
        return 0;
    if (ncols < 1)
        ncols = 1;
    double span = t1 > t0 ? t1 - t0 : 1;
    bool has_before = false;
    struct heap_point before = { 0, 0 };
    struct heap_bucket col = { 0 };
    size_t at = 0;
    for (size_t i = 0; i < HEAPLINE_BUCKETS; i++) {
        if (!l->b[i].used)
            continue;
        struct heap_point q[4];
        size_t n = bucket_points(&l->b[i], q);
        for (size_t j = 0; j < n; j++) {
            if (q[j].t < t0) {
                before = q[j], has_before = true;
                continue;
            }
            if (q[j].t > t1) { /* the next event: the last value holds to t1 */
                flush(&s, &col);
                if (has_before) {
                    put(&s, before);
                    has_before = false;
                }
                put(&s, q[j]);
                goto done;
            }
            if (has_before) {
                put(&s, before);
                has_before = false;
            }
            double c = floor((q[j].t - t0) / span * (double)ncols);
            size_t k = c < (double)ncols ? (size_t)c : ncols - 1;
            if (col.used && k != at)
                flush(&s, &col);
            at = k;
            take(&col, q[j]);
        }
    }
done:
    if (has_before) /* nothing inside: the value in force all along */
        put(&s, before);
    flush(&s, &col);
    *out = s.p;
    return s.n;
}

uint64_t heapline_max(const struct heap_line *l, double t0, double t1)
{
    struct heap_point *p;
    size_t n = heapline_points(l, t0, t1, 1, &p);
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (p[i].v > m && p[i].t <= t1)
            m = p[i].v;
    free(p);
    return m;
}
